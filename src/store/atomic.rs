//! Crash-safe file writes: a save is either the old file or the new one, never half of each.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Suffix of the temporary files [`write_atomic`] writes next to their target; readers skip them.
pub const TEMP_SUFFIX: &str = ".tmp";

/// Prefix of those temporary files: the sweep deletes only names that start with it, so a data
/// folder shared with other programs never loses their files.
pub const TEMP_PREFIX: &str = ".parachess-";

/// Replaces `path` with `bytes` atomically: a temporary file in the same directory is written and
/// flushed to disk, renamed over the target, and the directory is flushed. A crash or a full
/// disk leaves the previous file intact (and at worst a stray temporary file, which readers skip
/// and [`remove_stale_temps`] later deletes).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, true, |file| file.write_all(bytes))
}

/// Like [`write_atomic`] but fails with [`io::ErrorKind::AlreadyExists`] instead of replacing an
/// existing file, so a new save never silently overwrites an old one.
pub fn write_new_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, false, |file| file.write_all(bytes))
}

/// The general form: `write` fills the temporary file (an error from it, like a full disk,
/// abandons the write and leaves the target untouched); `replace` says whether an existing
/// target may be replaced.
pub fn write_atomic_with(
    path: &Path,
    replace: bool,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path has no file name"))?;
    let (tmp, mut file) = create_temp(dir, &name.to_string_lossy())?;
    let result = (|| {
        write(&mut file)?;
        file.sync_all()?;
        drop(file);
        if replace {
            fs::rename(&tmp, path)?;
        } else {
            publish_new(&tmp, path)?;
        }
        sync_dir(dir)
    })();
    if result.is_err() {
        // Best effort: a leftover temporary file is harmless, only untidy.
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// A fresh temporary file `.parachess-<name>.<pid>.<n>.tmp` in `dir`.
fn create_temp(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut last = None;
    for _ in 0..16 {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(
            "{TEMP_PREFIX}{name}.{}.{n}{TEMP_SUFFIX}",
            std::process::id()
        ));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary file name was free")))
}

/// Moves `tmp` to `path` unless `path` exists. A hard link fails atomically when the target
/// exists; on file systems without hard links, check then rename.
fn publish_new(tmp: &Path, path: &Path) -> io::Result<()> {
    match fs::hard_link(tmp, path) {
        Ok(()) => fs::remove_file(tmp),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(_) if fs::symlink_metadata(path).is_ok() => Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "the file already exists",
        )),
        Err(_) => fs::rename(tmp, path),
    }
}

/// Flushes a directory's entries, so the rename itself survives a power cut.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// Deletes temporary files in `dir` that a killed process left behind, when they are older than
/// `min_age` (younger ones may belong to a write still under way in another instance). Only
/// names this module creates are touched. Best effort: returns how many were removed and
/// ignores what it cannot read or delete.
pub fn remove_stale_temps(dir: &Path, min_age: std::time::Duration) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let now = std::time::SystemTime::now();
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !is_temp(&name.to_string_lossy()) {
            continue;
        }
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let old_enough = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age >= min_age);
        if meta.is_file() && old_enough && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Whether a directory entry is one of our temporary files (skipped by listings).
pub(super) fn is_temp(name: &str) -> bool {
    name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX)
}

/// Moves `from` to `to` without ever replacing an existing `to` (fails with
/// [`io::ErrorKind::AlreadyExists`] instead), and flushes the directory entries.
pub fn move_no_replace(from: &Path, to: &Path) -> io::Result<()> {
    match fs::hard_link(from, to) {
        Ok(()) => fs::remove_file(from)?,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(e),
        Err(_) if fs::symlink_metadata(to).is_ok() => {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "the file already exists",
            ));
        }
        Err(_) => fs::rename(from, to)?,
    }
    for dir in [from.parent(), to.parent()].into_iter().flatten() {
        if !dir.as_os_str().is_empty() {
            sync_dir(dir)?;
        }
    }
    Ok(())
}
