//! The player's puzzle record on disk: `puzzles.ron` in the data directory (RON, readable by
//! hand). Written atomically; a file that cannot be read as a record is renamed aside to
//! `puzzles.corrupt-<date time>.ron` (never deleted or overwritten) and reported, so
//! the player starts afresh but can still recover it.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::study::PuzzleProgress;

use super::write_atomic;

/// File name of the puzzle record inside the data directory.
pub const PROGRESS_FILE: &str = "puzzles.ron";

/// Largest record read (a record of every shipped puzzle is a few kilobytes).
pub const MAX_PROGRESS_BYTES: u64 = 4 * 1024 * 1024;

/// Why the puzzle record could not be loaded or saved.
#[derive(Debug, Error)]
pub enum PuzzleStoreError {
    /// The file system refused.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The file was not a valid record; it was moved to `kept` and a fresh record should be
    /// used.
    #[error("{}: not a valid puzzle record ({reason}); it was kept as {}", path.display(), kept.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Where it was moved.
        kept: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The file was not a valid record and could not be moved aside either (so it was left
    /// where it was, untouched).
    #[error("{}: not a valid puzzle record ({reason}), and it could not be moved aside: {source}", path.display())]
    CorruptStuck {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
        /// Why the rename failed.
        source: io::Error,
    },
}

/// The record's file in `dir`.
pub fn progress_path(dir: &Path) -> PathBuf {
    dir.join(PROGRESS_FILE)
}

/// Loads the record from `dir`: a fresh one when there is none. A corrupt file is moved aside
/// and reported ([`PuzzleStoreError::Corrupt`]); the caller then starts from
/// [`PuzzleProgress::default`] and tells the player.
pub fn load_progress(dir: &Path) -> Result<PuzzleProgress, PuzzleStoreError> {
    let path = progress_path(dir);
    let io_error = |source| PuzzleStoreError::Io {
        path: path.clone(),
        source,
    };
    let file = match File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(PuzzleProgress::default()),
        Err(e) => return Err(io_error(e)),
    };
    let mut bytes = Vec::new();
    file.take(MAX_PROGRESS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    let parsed = if bytes.len() as u64 > MAX_PROGRESS_BYTES {
        Err(format!("larger than {MAX_PROGRESS_BYTES} bytes"))
    } else {
        std::str::from_utf8(&bytes)
            .map_err(|_| "not UTF-8 text".to_string())
            .and_then(|text| ron::from_str::<PuzzleProgress>(text).map_err(|e| e.to_string()))
            .and_then(|p| {
                if p.is_valid() {
                    Ok(p)
                } else {
                    Err("the rating numbers are out of range".to_string())
                }
            })
    };
    match parsed {
        Ok(progress) => Ok(progress),
        Err(reason) => Err(set_aside(&path, reason)),
    }
}

/// Moves a corrupt record out of the way (`puzzles.corrupt-<date time>.ron`), never over another
/// file.
fn set_aside(path: &Path, reason: String) -> PuzzleStoreError {
    let dir = path.parent().unwrap_or(Path::new("."));
    match crate::store::set_aside(path, dir, "puzzles.corrupt", "ron") {
        Ok(kept) => PuzzleStoreError::Corrupt {
            path: path.to_path_buf(),
            kept,
            reason,
        },
        Err(e) => PuzzleStoreError::CorruptStuck {
            path: path.to_path_buf(),
            reason,
            source: std::io::Error::other(e.to_string()),
        },
    }
}

/// Saves the record to `dir` (created if needed), atomically.
pub fn save_progress(dir: &Path, progress: &PuzzleProgress) -> Result<(), PuzzleStoreError> {
    let path = progress_path(dir);
    let io_error = |source| PuzzleStoreError::Io {
        path: path.clone(),
        source,
    };
    fs::create_dir_all(dir).map_err(io_error)?;
    let text = ron::ser::to_string_pretty(progress, ron::ser::PrettyConfig::default())
        .map_err(|e| io_error(io::Error::other(e.to_string())))?;
    write_atomic(&path, format!("{text}\n").as_bytes()).map_err(io_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "parachess-puzzle-store-{name}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_record_survives_a_round_trip() {
        let dir = temp_dir("round-trip");
        assert_eq!(load_progress(&dir).unwrap(), PuzzleProgress::default());
        let mut progress = PuzzleProgress {
            rating: 1612.5,
            streak: 3,
            best_streak: 7,
            played: 12,
            ..PuzzleProgress::default()
        };
        progress.solved.insert("00ff00ff00ff00ff".into());
        progress.rated.insert("00ff00ff00ff00ff".into());
        save_progress(&dir, &progress).unwrap();
        assert_eq!(load_progress(&dir).unwrap(), progress);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_record_is_kept_aside_and_reported() {
        let dir = temp_dir("corrupt");
        fs::create_dir_all(&dir).unwrap();
        let path = progress_path(&dir);
        for junk in [
            "(rating: oops",
            "(rating: -5.0, deviation: 350.0, volatility: 0.06, streak: 0)",
        ] {
            fs::write(&path, junk).unwrap();
            match load_progress(&dir) {
                Err(PuzzleStoreError::Corrupt { kept, .. }) => {
                    assert_eq!(fs::read_to_string(&kept).unwrap(), junk);
                    assert!(!path.exists());
                }
                other => panic!("{junk}: {other:?}"),
            }
        }
        // Both corrupt files are still there, under different names.
        let kept = fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.file_name().to_string_lossy().contains("corrupt"))
            })
            .count();
        assert_eq!(kept, 2);
        // A fresh record then saves and loads.
        save_progress(&dir, &PuzzleProgress::default()).unwrap();
        assert!(load_progress(&dir).is_ok());
        let _ = fs::remove_dir_all(&dir);
    }
}
