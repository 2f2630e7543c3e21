//! The learner's lesson progress: the best stars per stage, in `lessons.ron` in the data
//! directory. Written atomically; a file that cannot be read is set aside (renamed, never
//! deleted) and reported, and the learner starts afresh.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{Store, StoreError, io_error, write_atomic};

/// File name of the progress inside the data directory.
pub const PROGRESS_FILE: &str = "lessons.ron";

/// Largest progress file read (it holds a few bytes per stage).
const MAX_PROGRESS_BYTES: u64 = 1 << 20;

/// Best stars per stage, by lesson id and stage index (0 = not completed).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// Lesson id → best stars of each stage, in stage order.
    best: BTreeMap<String, Vec<u8>>,
}

impl LessonProgress {
    /// Best stars of one stage (0 when never completed).
    pub fn stars(&self, lesson: &str, stage: usize) -> u8 {
        self.best
            .get(lesson)
            .and_then(|s| s.get(stage))
            .copied()
            .unwrap_or(0)
    }

    /// Records a completion; returns whether it beat the best so far.
    pub fn record(&mut self, lesson: &str, stage: usize, stars: u8) -> bool {
        let stars = stars.min(3);
        let stages = self.best.entry(lesson.to_string()).or_default();
        if stages.len() <= stage {
            stages.resize(stage + 1, 0);
        }
        if stars > stages[stage] {
            stages[stage] = stars;
            true
        } else {
            false
        }
    }

    /// Whether each of the lesson's `stages` stages has been completed.
    pub fn lesson_complete(&self, lesson: &str, stages: usize) -> bool {
        (0..stages).all(|i| self.stars(lesson, i) > 0)
    }

    /// Stars earned in a lesson of `stages` stages (out of `3 * stages`).
    pub fn lesson_stars(&self, lesson: &str, stages: usize) -> u32 {
        (0..stages).map(|i| u32::from(self.stars(lesson, i))).sum()
    }
}

/// Progress as loaded: what was read, and a file set aside if the old one was unreadable.
#[derive(Clone, Debug, Default)]
pub struct LoadedProgress {
    /// The progress (empty when there was none or it was unreadable).
    pub progress: LessonProgress,
    /// When the file was corrupt: where it now lies and what was wrong, for the player.
    pub set_aside: Option<(PathBuf, String)>,
}

impl Store {
    /// The progress file.
    pub fn lesson_progress_path(&self) -> PathBuf {
        self.dir().join(PROGRESS_FILE)
    }

    /// Reads the lesson progress. None yet is empty progress. A corrupt file is renamed to
    /// `lessons.corrupt-<time>.ron` beside it and reported in [`LoadedProgress::set_aside`];
    /// only a failure to read or rename it is an error.
    pub fn load_lesson_progress(&self) -> Result<LoadedProgress, StoreError> {
        let path = self.lesson_progress_path();
        let bytes = match fs::metadata(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(LoadedProgress::default()),
            Err(e) => return Err(io_error(&path)(e)),
            Ok(meta) if meta.len() > MAX_PROGRESS_BYTES => None,
            Ok(_) => Some(fs::read(&path).map_err(io_error(&path))?),
        };
        let problem = match bytes {
            None => format!("larger than {MAX_PROGRESS_BYTES} bytes"),
            Some(bytes) => match std::str::from_utf8(&bytes)
                .map_err(|e| e.to_string())
                .and_then(|t| ron::from_str::<LessonProgress>(t).map_err(|e| e.to_string()))
            {
                Ok(progress) => {
                    return Ok(LoadedProgress {
                        progress,
                        set_aside: None,
                    });
                }
                Err(e) => e,
            },
        };
        let aside = self.set_aside(&path, self.dir(), "lessons.corrupt", "ron")?;
        Ok(LoadedProgress {
            progress: LessonProgress::default(),
            set_aside: Some((aside, problem)),
        })
    }

    /// Writes the lesson progress atomically and returns the file.
    pub fn save_lesson_progress(&self, progress: &LessonProgress) -> Result<PathBuf, StoreError> {
        let path = self.lesson_progress_path();
        let text = ron::ser::to_string_pretty(progress, ron::ser::PrettyConfig::default())
            .map_err(|e| io_error(&path)(io::Error::other(e.to_string())))?;
        write_atomic(&path, format!("{text}\n").as_bytes()).map_err(io_error(&path))?;
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_store(name: &str) -> Store {
        let dir =
            std::env::temp_dir().join(format!("parachess-progress-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        Store::at(dir).unwrap()
    }

    #[test]
    fn record_keeps_the_best() {
        let mut p = LessonProgress::default();
        assert_eq!(p.stars("01-board", 2), 0);
        assert!(p.record("01-board", 2, 2));
        assert!(!p.record("01-board", 2, 1));
        assert!(p.record("01-board", 2, 9), "capped at 3 but better");
        assert_eq!(p.stars("01-board", 2), 3);
        assert_eq!(p.stars("01-board", 0), 0);
        assert!(!p.lesson_complete("01-board", 3));
        p.record("01-board", 0, 1);
        p.record("01-board", 1, 1);
        assert!(p.lesson_complete("01-board", 3));
        assert_eq!(p.lesson_stars("01-board", 3), 5);
    }

    #[test]
    fn saves_and_loads() {
        let store = temp_store("round-trip");
        let none = store.load_lesson_progress().unwrap();
        assert_eq!(none.progress, LessonProgress::default());
        assert!(none.set_aside.is_none());
        let mut p = LessonProgress::default();
        p.record("03-rook", 1, 3);
        let path = store.save_lesson_progress(&p).unwrap();
        assert_eq!(path, store.lesson_progress_path());
        let back = store.load_lesson_progress().unwrap();
        assert_eq!(back.progress, p);
        assert!(back.set_aside.is_none());
        let _ = fs::remove_dir_all(store.dir());
    }

    #[test]
    fn corrupt_progress_is_set_aside_not_lost() {
        let store = temp_store("corrupt");
        let path = store.lesson_progress_path();
        fs::write(&path, "(best: {\"01-board\": [3, oops").unwrap();
        let loaded = store.load_lesson_progress().unwrap();
        assert_eq!(loaded.progress, LessonProgress::default());
        let (aside, problem) = loaded.set_aside.expect("reported");
        assert!(!problem.is_empty());
        assert!(!path.exists(), "moved out of the way");
        let name = aside.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with("lessons.corrupt-") && name.ends_with(".ron"),
            "{name}"
        );
        assert_eq!(
            fs::read_to_string(&aside).unwrap(),
            "(best: {\"01-board\": [3, oops"
        );
        // A second corrupt file in the same second gets its own name.
        fs::write(&path, "garbage").unwrap();
        let again = store.load_lesson_progress().unwrap();
        let (aside2, _) = again.set_aside.expect("reported");
        assert_ne!(aside, aside2);
        assert!(aside.exists() && aside2.exists());
        // Saving afresh works after that.
        store
            .save_lesson_progress(&LessonProgress::default())
            .unwrap();
        assert!(store.load_lesson_progress().unwrap().set_aside.is_none());
        let _ = fs::remove_dir_all(store.dir());
    }
}
