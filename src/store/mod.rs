//! Where games live on disk: named saves, the autosave of the game in progress, and exported
//! position texts. Pure std, no Bevy, so the game, the CLI and tests share it.
//!
//! The data directory is `$PARACHESS_DATA_DIR` if set, else `$XDG_DATA_HOME/parachess`, else
//! `~/.local/share/parachess`. Inside: `saves/NAME.pgn` (named saves), `autosave.pgn` (the game
//! in progress), `positions/NAME.txt` (exported position texts) and `lessons.ron` (the best stars
//! of each lesson stage). Every write is atomic
//! ([`write_atomic`]): a crash or a full disk never leaves a half-written file.

mod atomic;
mod progress;
pub mod puzzles;
pub mod seats;

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use thiserror::Error;

use crate::rules::record::{
    GameRecord, MAX_RECORD_BYTES, RecordError, RecordErrorKind, Tags, read_game, write_game,
};
use crate::rules::{Game, Outcome, Position};

pub use atomic::{
    TEMP_PREFIX, TEMP_SUFFIX, move_no_replace, remove_stale_temps, write_atomic, write_atomic_with,
    write_new_atomic,
};
pub use progress::{LessonProgress, LoadedProgress, PROGRESS_FILE};

/// File name of the autosave inside the data directory.
pub const AUTOSAVE_FILE: &str = "autosave.pgn";

/// Age after which a temporary file is taken for the leftover of a killed write and deleted
/// when the store is opened.
pub const STALE_TEMP_AGE: std::time::Duration = std::time::Duration::from_secs(600);

/// Extension of game files.
pub const GAME_EXTENSION: &str = "pgn";

/// Longest save name kept (in characters), so names stay legal on every file system.
pub const MAX_NAME_CHARS: usize = 64;

/// Why a store operation failed; the message names the file concerned.
#[derive(Debug, Error)]
pub enum StoreError {
    /// None of the variables that locate the data directory is set.
    #[error("no data directory: set PARACHESS_DATA_DIR, XDG_DATA_HOME or HOME")]
    NoDataDir,
    /// The file system refused.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: io::Error,
    },
    /// A game file that is not a valid game: `FILE:LINE:COLUMN: message`.
    #[error("{}:{}:{}: {}", path.display(), error.line, error.column, error.kind)]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        error: RecordError,
    },
    /// A save of that name exists and replacing it was not asked for.
    #[error("a save named {name:?} already exists")]
    Exists {
        /// The (sanitised) name.
        name: String,
        /// Its file.
        path: PathBuf,
    },
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The data directory from the environment (not created).
pub fn data_dir() -> Result<PathBuf, StoreError> {
    data_dir_from(|name| std::env::var_os(name))
}

/// [`data_dir`] with the environment given as a lookup, so the rule can be tested without
/// touching the process environment.
pub fn data_dir_from(lookup: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, StoreError> {
    let var = |name| lookup(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("PARACHESS_DATA_DIR") {
        return Ok(PathBuf::from(dir));
    }
    if let Some(xdg) = var("XDG_DATA_HOME").map(PathBuf::from)
        && xdg.is_absolute()
    {
        return Ok(xdg.join("parachess"));
    }
    var("HOME")
        .map(|home| PathBuf::from(home).join(".local/share/parachess"))
        .ok_or(StoreError::NoDataDir)
}

/// The largest variant file read (a variant is a few hundred bytes).
pub const MAX_VARIANT_BYTES: u64 = 64 * 1024;

/// A variant file that could not be used, with why (`FILE:LINE: reason` when shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantProblem {
    /// The file.
    pub path: PathBuf,
    /// Line (from 1; 0 when the file could not be read at all) and reason.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl std::fmt::Display for VariantProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.path.display(), self.line, self.reason)
    }
}

/// Reads one variant file (TOML). A malformed file changes nothing and says line and reason.
pub fn read_variant_file(path: &Path) -> Result<&'static crate::rules::Variant, VariantProblem> {
    let problem = |line, reason: String| VariantProblem {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_VARIANT_BYTES + 1).read_to_string(&mut text))
        .map_err(|e| problem(0, e.to_string()))?;
    if text.len() as u64 > MAX_VARIANT_BYTES {
        return Err(problem(0, format!("larger than {MAX_VARIANT_BYTES} bytes")));
    }
    crate::rules::Variant::from_toml(&text).map_err(|e| problem(e.line, e.error.to_string()))
}

/// Loads every `variants/*.toml` in `dir` (the data directory), in name order: the player's own
/// variants, which [`crate::rules::Variant::named`] then finds. Each file gives a variant or a
/// problem; a missing folder gives nothing.
pub fn load_player_variants(
    dir: &Path,
) -> Vec<Result<&'static crate::rules::Variant, VariantProblem>> {
    let Ok(entries) = std::fs::read_dir(dir.join("variants")) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    paths.iter().map(|p| read_variant_file(p)).collect()
}

/// Reads and checks a game file, reading at most just past [`MAX_RECORD_BYTES`] however big
/// the file is.
pub fn read_record_file(path: &Path) -> Result<GameRecord, StoreError> {
    let file = File::open(path).map_err(io_error(path))?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error(path))?;
    let record = if bytes.len() > MAX_RECORD_BYTES {
        let size = fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        let kind = RecordErrorKind::TooLarge {
            size,
            limit: MAX_RECORD_BYTES as u64,
        };
        Err(RecordError {
            kind,
            line: 1,
            column: 1,
        })
    } else {
        read_game(&bytes)
    };
    record.map_err(|error| StoreError::Record {
        path: path.to_path_buf(),
        error,
    })
}

/// Writes `pos` as one line of position text to `path`, atomically.
pub fn export_position(path: &Path, pos: &Position) -> Result<(), StoreError> {
    write_atomic(path, format!("{pos}\n").as_bytes()).map_err(io_error(path))
}

/// The date and time on the player's clock (their time zone; UTC when none is known).
pub fn now_local() -> jiff::ZonedDateTime {
    jiff::ZonedDateTime::now()
}

/// Today's date on the player's clock as a `Date` tag value, `YYYY.MM.DD`.
pub fn today() -> String {
    date_tag(&now_local())
}

/// `when` as a `Date` tag value, `YYYY.MM.DD`.
pub fn date_tag(when: &jiff::ZonedDateTime) -> String {
    when.strftime("%Y.%m.%d").to_string()
}

/// `when` in file names: `2026-12-01 21-04-05` (no colons, which some file systems refuse).
pub fn file_stamp(when: &jiff::ZonedDateTime) -> String {
    when.strftime("%Y-%m-%d %H-%M-%S").to_string()
}

/// Moves `file` into `dir` as `<stem>-<local date and time>.<ext>` (with ` (2)`, ` (3)`…
/// when that name is taken), never replacing anything, and returns where it went: how an
/// unfinished or unreadable file is kept where the player can find it instead of being
/// overwritten.
pub fn set_aside(file: &Path, dir: &Path, stem: &str, ext: &str) -> Result<PathBuf, StoreError> {
    fs::create_dir_all(dir).map_err(io_error(dir))?;
    let stamp = file_stamp(&now_local());
    for n in 1..1000 {
        let name = match n {
            1 => format!("{stem}-{stamp}.{ext}"),
            n => format!("{stem}-{stamp} ({n}).{ext}"),
        };
        let to = dir.join(name);
        match move_no_replace(file, &to) {
            Ok(()) => return Ok(to),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io_error(file)(e)),
        }
    }
    Err(io_error(file)(io::Error::other(
        "no free name to keep it under",
    )))
}

/// A file name stem the player can recognise from a name they typed: letters, digits, spaces
/// and `- _ . , ( ) ' +` kept, anything else (slashes, colons, control characters) made `_`,
/// no leading dot, at most [`MAX_NAME_CHARS`] characters, never empty or a reserved device name.
pub fn sanitize_name(name: &str) -> String {
    let name = name.trim();
    let name = name
        .strip_suffix(".pgn")
        .or_else(|| name.strip_suffix(".PGN"))
        .unwrap_or(name);
    let kept: String = name
        .chars()
        .map(|c| {
            let ok = c.is_alphanumeric() || " -_.,()'+".contains(c);
            if ok && !c.is_control() { c } else { '_' }
        })
        .take(MAX_NAME_CHARS)
        .collect();
    let kept = kept.trim_matches(|c: char| c == '.' || c.is_whitespace());
    let reserved = ["con", "prn", "aux", "nul"].contains(&kept.to_ascii_lowercase().as_str())
        || (kept.len() == 4
            && kept
                .get(..3)
                .is_some_and(|p| ["com", "lpt"].contains(&p.to_ascii_lowercase().as_str()))
            && kept.as_bytes()[3].is_ascii_digit());
    match kept {
        "" => "game".to_string(),
        _ if reserved => format!("_{kept}"),
        _ => kept.to_string(),
    }
}

/// A save as a list shows it.
#[derive(Debug, Clone)]
pub struct SaveInfo {
    /// The save's name (its file name without `.pgn`).
    pub name: String,
    /// Its file, for [`Store::load_game`].
    pub path: PathBuf,
    /// When it was last written, if the file system says.
    pub modified: Option<SystemTime>,
    /// What it holds, or why it could not be read (shown instead of hiding the file).
    pub summary: Result<SaveSummary, String>,
}

/// The facts about a saved game a list needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveSummary {
    /// Players, date and so on.
    pub tags: Tags,
    /// How it ended, if it did.
    pub outcome: Option<Outcome>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// Half-moves played.
    pub plies: usize,
}

impl SaveSummary {
    fn of(record: &GameRecord) -> SaveSummary {
        let outcome = record.game.outcome();
        SaveSummary {
            tags: record.tags.clone(),
            outcome,
            result: outcome.map_or("*", |o| o.result_text()),
            plies: record.game.plies().len(),
        }
    }

    /// Moves in the usual sense (a White and a Black half-move make one).
    pub fn moves(&self) -> usize {
        self.plies.div_ceil(2)
    }
}

/// The player's game files, rooted at one data directory.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The store in the data directory the environment names ([`data_dir`]), created if needed.
    pub fn open() -> Result<Store, StoreError> {
        Store::at(data_dir()?)
    }

    /// A store rooted at `dir` (tests, portable installs), created if needed.
    pub fn at(dir: impl Into<PathBuf>) -> Result<Store, StoreError> {
        let store = Store { dir: dir.into() };
        let saves = store.saves_dir();
        fs::create_dir_all(&saves).map_err(io_error(&saves))?;
        for dir in [store.dir.clone(), saves, store.positions_dir()] {
            atomic::remove_stale_temps(&dir, STALE_TEMP_AGE);
        }
        Ok(store)
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where named saves go.
    pub fn saves_dir(&self) -> PathBuf {
        self.dir.join("saves")
    }

    /// Where exported positions go.
    pub fn positions_dir(&self) -> PathBuf {
        self.dir.join("positions")
    }

    /// The autosave file.
    pub fn autosave_path(&self) -> PathBuf {
        self.dir.join(AUTOSAVE_FILE)
    }

    /// The file a save called `name` has (after [`sanitize_name`]).
    pub fn save_path(&self, name: &str) -> PathBuf {
        self.saves_dir()
            .join(format!("{}.{GAME_EXTENSION}", sanitize_name(name)))
    }

    /// Saves `game` as `name`. Without `replace`, an existing save of that name is kept and
    /// [`StoreError::Exists`] returned, so the player can be asked. A missing `Date` tag is
    /// filled with today's date.
    pub fn save_game(
        &self,
        name: &str,
        game: &Game,
        tags: &Tags,
        replace: bool,
    ) -> Result<PathBuf, StoreError> {
        let path = self.save_path(name);
        let mut tags = tags.clone();
        tags.date.get_or_insert_with(today);
        let text = write_game(game, &tags);
        let written = if replace {
            write_atomic(&path, text.as_bytes())
        } else {
            write_new_atomic(&path, text.as_bytes())
        };
        match written {
            Ok(()) => Ok(path),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(StoreError::Exists {
                name: sanitize_name(name),
                path,
            }),
            Err(e) => Err(io_error(&path)(e)),
        }
    }

    /// The named saves, newest first. A file that cannot be read as a game is listed with its
    /// problem rather than hidden or deleted.
    pub fn list_saves(&self) -> Result<Vec<SaveInfo>, StoreError> {
        let dir = self.saves_dir();
        let mut saves = Vec::new();
        for entry in fs::read_dir(&dir).map_err(io_error(&dir))? {
            let entry = entry.map_err(io_error(&dir))?;
            let path = entry.path();
            let file_name = entry.file_name().to_string_lossy().into_owned();
            let is_game = path.extension().is_some_and(|e| e == GAME_EXTENSION);
            if !is_game || atomic::is_temp(&file_name) || file_name.starts_with('.') {
                continue;
            }
            let meta = entry.metadata().ok();
            if meta.as_ref().is_some_and(|m| !m.is_file()) {
                continue;
            }
            let name = path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            let summary = match read_record_file(&path) {
                Ok(record) => Ok(SaveSummary::of(&record)),
                Err(e) => Err(e.to_string()),
            };
            saves.push(SaveInfo {
                name,
                path,
                modified: meta.and_then(|m| m.modified().ok()),
                summary,
            });
        }
        saves.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.name.cmp(&b.name)));
        Ok(saves)
    }

    /// Loads a game file (a save, or any file the player picks).
    pub fn load_game(&self, path: &Path) -> Result<GameRecord, StoreError> {
        read_record_file(path)
    }

    /// Writes the game in progress to the autosave, atomically (call after every move).
    pub fn autosave(&self, game: &Game, tags: &Tags) -> Result<PathBuf, StoreError> {
        let path = self.autosave_path();
        write_atomic(&path, write_game(game, tags).as_bytes()).map_err(io_error(&path))?;
        Ok(path)
    }

    /// The autosaved game: `Ok(None)` when there is none; an error (naming the file, line and
    /// column) when it is unreadable or corrupt. Nothing is deleted either way.
    pub fn load_autosave(&self) -> Result<Option<GameRecord>, StoreError> {
        let path = self.autosave_path();
        match fs::symlink_metadata(&path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            _ => read_record_file(&path).map(Some),
        }
    }

    /// [`set_aside`] with this store.
    pub fn set_aside(
        &self,
        file: &Path,
        dir: &Path,
        stem: &str,
        ext: &str,
    ) -> Result<PathBuf, StoreError> {
        set_aside(file, dir, stem, ext)
    }

    /// Keeps the unfinished game in the autosave as `saves/unfinished-<date time>.pgn`, where
    /// the Load dialog lists it, before the autosave is given to another game.
    pub fn keep_autosave_as_unfinished(&self) -> Result<PathBuf, StoreError> {
        self.set_aside(
            &self.autosave_path(),
            &self.saves_dir(),
            "unfinished",
            GAME_EXTENSION,
        )
    }

    /// Moves an unreadable autosave out of the way as `autosave.corrupt-<date time>.pgn` in
    /// the data directory, so the next autosave cannot overwrite what is left of it.
    pub fn set_aside_corrupt_autosave(&self) -> Result<PathBuf, StoreError> {
        self.set_aside(
            &self.autosave_path(),
            &self.dir,
            "autosave.corrupt",
            GAME_EXTENSION,
        )
    }

    /// Removes the autosave (the game in progress was finished or abandoned). No autosave is
    /// not an error.
    pub fn clear_autosave(&self) -> Result<(), StoreError> {
        let path = self.autosave_path();
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(io_error(&path)(e)),
            _ => Ok(()),
        }
    }

    /// Exports `pos` as position text to `positions/NAME.txt` (replacing an earlier export of
    /// that name) and returns the file.
    pub fn export_position(&self, name: &str, pos: &Position) -> Result<PathBuf, StoreError> {
        let dir = self.positions_dir();
        fs::create_dir_all(&dir).map_err(io_error(&dir))?;
        let path = dir.join(format!("{}.txt", sanitize_name(name)));
        export_position(&path, pos)?;
        Ok(path)
    }
}
