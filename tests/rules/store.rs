//! The save store: where files go, atomic writes, listing, the autosave, and resuming after the
//! process was killed mid-game.

use crate::common;

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant, SystemTime};

use common::players;
use parachess::rules::record::Tags;
use parachess::rules::{Game, Position, Side};
use parachess::store::{
    Store, StoreError, data_dir_from, sanitize_name, write_atomic, write_atomic_with,
};

/// A fresh empty directory under the system temp dir (removed on drop).
struct TempDir(PathBuf);

impl TempDir {
    fn new(what: &str) -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("parachess-store-{}-{what}-{n}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A game of `plies` half-moves chosen by a fixed pseudo-random sequence.
fn some_game(plies: usize, seed: u64) -> Game {
    let mut game = Game::new();
    let mut x = seed | 1;
    while game.plies().len() < plies && !game.is_over() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let moves = game.legal_moves();
        game.play(moves[(x % moves.len() as u64) as usize]).unwrap();
    }
    game
}

fn temp_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

#[test]
fn the_data_directory_follows_the_environment() {
    fn env<'a>(pairs: &'a [(&str, &str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| OsString::from(v))
        }
    }
    let all = [
        ("PARACHESS_DATA_DIR", "/data/p"),
        ("XDG_DATA_HOME", "/xdg"),
        ("HOME", "/home/u"),
    ];
    assert_eq!(data_dir_from(env(&all)).unwrap(), Path::new("/data/p"));
    assert_eq!(
        data_dir_from(env(&all[1..])).unwrap(),
        Path::new("/xdg/parachess")
    );
    let relative_xdg = [("XDG_DATA_HOME", "rel"), ("HOME", "/home/u")];
    assert_eq!(
        data_dir_from(env(&relative_xdg)).unwrap(),
        Path::new("/home/u/.local/share/parachess")
    );
    let empty = [("PARACHESS_DATA_DIR", ""), ("HOME", "/h")];
    assert_eq!(
        data_dir_from(env(&empty)).unwrap(),
        Path::new("/h/.local/share/parachess")
    );
    assert!(matches!(
        data_dir_from(env(&[])),
        Err(StoreError::NoDataDir)
    ));
}

#[test]
fn save_names_are_safe_and_recognisable() {
    let cases = [
        ("My game", "My game"),
        ("  spaced out.  ", "spaced out"),
        ("Ann vs Bob (2026-11-30)", "Ann vs Bob (2026-11-30)"),
        ("x.pgn", "x"),
        ("../../etc/passwd", "_.._etc_passwd"),
        ("a:b*c?d\"e<f>g|h\\i", "a_b_c_d_e_f_g_h_i"),
        ("tab\there\nnewline", "tab_here_newline"),
        ("Zo\u{eb} \u{20ac}", "Zo\u{eb} _"),
        ("", "game"),
        ("...", "game"),
        ("CON", "_CON"),
        ("lpt1", "_lpt1"),
        ("a\u{20ac}b1", "a_b1"),
        ("\u{65e5}\u{672c}", "\u{65e5}\u{672c}"),
    ];
    for (name, expect) in cases {
        assert_eq!(sanitize_name(name), expect, "{name:?}");
    }
    assert_eq!(sanitize_name(&"x".repeat(300)).chars().count(), 64);
    let dir = TempDir::new("names");
    let store = Store::at(&dir.0).unwrap();
    assert_eq!(
        store.save_path("../../escape").parent(),
        Some(store.saves_dir().as_path())
    );
}

#[test]
fn saves_are_listed_newest_first_with_what_a_list_shows() {
    let dir = TempDir::new("list");
    let store = Store::at(&dir.0).unwrap();
    let mut resigned = some_game(9, 7);
    resigned.resign(Side::Black).unwrap();
    let saves = [
        ("first", some_game(4, 1), players("Ann", "Bob")),
        ("second", resigned, players("Cy", "Di")),
        ("third", some_game(0, 3), Tags::default()),
    ];
    let now = SystemTime::now();
    for (i, (name, game, tags)) in saves.iter().enumerate() {
        let path = store.save_game(name, game, tags, false).unwrap();
        let file = fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(now - Duration::from_secs(100 - i as u64 * 10))
            .unwrap();
    }
    fs::write(store.saves_dir().join("notes.txt"), "not a game").unwrap();
    fs::write(store.saves_dir().join(".first.pgn.1.2.tmp"), "[Ev").unwrap();
    fs::write(store.saves_dir().join("broken.pgn"), "1. c4-d9 *").unwrap();
    let list = store.list_saves().unwrap();
    let names: Vec<&str> = list.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names[1..], ["third", "second", "first"]);
    assert_eq!(names[0], "broken", "just written, so newest");
    let broken = list[0].summary.as_ref().unwrap_err();
    assert!(broken.contains("broken.pgn:1:7:"), "{broken}");
    let second = list[2].summary.as_ref().unwrap();
    assert_eq!(second.tags.white.as_deref(), Some("Cy"));
    assert_eq!(second.result, "1-0");
    assert_eq!((second.plies, second.moves()), (9, 5));
    assert!(second.tags.date.as_deref().is_some_and(|d| d.len() == 10));
    let loaded = store.load_game(&list[2].path).unwrap();
    assert_eq!(loaded.game.plies().len(), 9);
}

#[test]
fn an_existing_save_is_replaced_only_when_asked() {
    let dir = TempDir::new("replace");
    let store = Store::at(&dir.0).unwrap();
    let one = some_game(2, 5);
    let two = some_game(6, 9);
    let path = store
        .save_game("mine", &one, &Tags::default(), false)
        .unwrap();
    let err = store
        .save_game("mine", &two, &Tags::default(), false)
        .unwrap_err();
    assert!(
        matches!(&err, StoreError::Exists { name, .. } if name == "mine"),
        "{err}"
    );
    assert_eq!(store.load_game(&path).unwrap().game.plies().len(), 2);
    store
        .save_game("mine", &two, &Tags::default(), true)
        .unwrap();
    assert_eq!(store.load_game(&path).unwrap().game.plies().len(), 6);
    assert!(temp_files(&store.saves_dir()).is_empty());
}

#[test]
fn a_failed_write_leaves_the_previous_file_intact() {
    let dir = TempDir::new("failed");
    let target = dir.0.join("save.pgn");
    write_atomic(&target, b"good").unwrap();
    let err = write_atomic_with(&target, true, |file| {
        file.write_all(b"half a sa")?;
        Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
    })
    .unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::StorageFull);
    assert_eq!(fs::read(&target).unwrap(), b"good");
    assert!(
        temp_files(&dir.0).is_empty(),
        "the temporary file is cleaned up"
    );

    // The rename target is a directory: the write fails and nothing is disturbed.
    let blocked = dir.0.join("blocked.pgn");
    fs::create_dir(&blocked).unwrap();
    fs::write(blocked.join("inside"), "x").unwrap();
    assert!(write_atomic(&blocked, b"new").is_err());
    assert_eq!(fs::read(blocked.join("inside")).unwrap(), b"x");
    assert!(temp_files(&dir.0).is_empty());
}

#[test]
fn a_write_the_file_system_refuses_is_an_error_and_keeps_the_old_file() {
    // Fails for everyone, root included: the "folder" the file should go in is a file.
    let dir = TempDir::new("refused");
    let blocker = dir.0.join("not-a-folder");
    fs::write(&blocker, b"a file").unwrap();
    assert!(write_atomic(&blocker.join("save.pgn"), b"new").is_err());
    assert_eq!(fs::read(&blocker).unwrap(), b"a file");
    // The autosave's place is taken by a folder: the store says so and the game elsewhere is
    // untouched.
    let store = Store::at(&dir.0).unwrap();
    let saved = store
        .save_game("kept", &some_game(4, 3), &Tags::default(), false)
        .unwrap();
    fs::create_dir(store.autosave_path()).unwrap();
    let err = store
        .autosave(&some_game(6, 3), &Tags::default())
        .unwrap_err();
    assert!(err.to_string().contains("autosave.pgn"), "{err}");
    assert_eq!(store.load_game(&saved).unwrap().game.plies().len(), 4);
    assert!(temp_files(&dir.0).is_empty());
}

#[test]
fn leftovers_of_a_crash_do_not_disturb_the_autosave() {
    let dir = TempDir::new("leftover");
    let store = Store::at(&dir.0).unwrap();
    assert!(store.load_autosave().unwrap().is_none());
    let game = some_game(12, 11);
    store.autosave(&game, &players("A", "B")).unwrap();
    // What a crash between writing and renaming leaves behind.
    fs::write(
        dir.0.join(".parachess-autosave.pgn.4242.0.tmp"),
        "[Event \"half",
    )
    .unwrap();
    let back = store.load_autosave().unwrap().unwrap();
    assert_eq!(back.game.position(), game.position());
    assert_eq!(back.tags, players("A", "B"));
    store
        .autosave(&some_game(13, 11), &Tags::default())
        .unwrap();
    assert_eq!(
        store.load_autosave().unwrap().unwrap().game.plies().len(),
        13
    );
}

#[test]
fn opening_the_store_sweeps_old_leftovers_but_not_fresh_ones() {
    let dir = TempDir::new("sweep");
    let store = Store::at(&dir.0).unwrap();
    let old = SystemTime::now() - Duration::from_secs(3600);
    let age = |path: &Path| {
        fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(old)
            .unwrap();
    };
    let stale = [
        dir.0.join(".parachess-autosave.pgn.4242.0.tmp"),
        store.saves_dir().join(".parachess-mine.pgn.4242.1.tmp"),
    ];
    for path in &stale {
        fs::write(path, "half").unwrap();
        age(path);
    }
    let fresh = dir.0.join(".parachess-autosave.pgn.4243.0.tmp");
    fs::write(&fresh, "under way").unwrap();
    // Old files that are not ours are left alone, even when they look like temporary files
    // (the data folder may be shared with other programs).
    let foreign = [
        dir.0.join("notes.tmp"),
        dir.0.join(".other-program.4242.tmp"),
        dir.0.join(".autosave.pgn.4242.0.tmp"),
    ];
    for path in &foreign {
        fs::write(path, "theirs").unwrap();
        age(path);
    }

    Store::at(&dir.0).unwrap();
    for path in &stale {
        assert!(!path.exists(), "{} should be swept", path.display());
    }
    assert!(fresh.exists(), "a write under way must not be disturbed");
    for path in &foreign {
        assert!(path.exists(), "{} is not ours", path.display());
    }
}

#[test]
fn a_corrupt_autosave_is_reported_and_nothing_is_deleted() {
    let dir = TempDir::new("corrupt");
    let store = Store::at(&dir.0).unwrap();
    let saved = store
        .save_game("keep me", &some_game(3, 2), &Tags::default(), false)
        .unwrap();
    fs::write(
        store.autosave_path(),
        b"[Event \"x\"]\n\n1. c4-d3 i5-h3 2. \xff",
    )
    .unwrap();
    let err = store.load_autosave().unwrap_err();
    let message = err.to_string();
    assert!(
        message.ends_with("autosave.pgn:3:19: the file is not UTF-8 text (invalid byte 0xff)"),
        "{message}"
    );
    assert!(
        store.autosave_path().exists(),
        "kept for the player to inspect"
    );
    assert!(saved.exists());
    assert_eq!(store.list_saves().unwrap().len(), 1);
    // Set aside, it keeps its bytes under a new name and frees the autosave's place.
    let before = fs::read(store.autosave_path()).unwrap();
    let aside = store.set_aside_corrupt_autosave().unwrap();
    let name = aside.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("autosave.corrupt-") && name.ends_with(".pgn"),
        "{name}"
    );
    assert_eq!(fs::read(&aside).unwrap(), before);
    assert!(store.load_autosave().unwrap().is_none());
    fs::write(store.autosave_path(), b"{again}").unwrap();
    let second = store.set_aside_corrupt_autosave().unwrap();
    assert_ne!(second, aside, "a second one never replaces the first");
    assert!(aside.exists() && second.exists());
    store.clear_autosave().unwrap();
    store.clear_autosave().unwrap();
    assert!(store.load_autosave().unwrap().is_none());
    assert!(saved.exists());
}

#[test]
fn positions_export_as_one_line_of_position_text() {
    let dir = TempDir::new("export");
    let store = Store::at(&dir.0).unwrap();
    let pos = some_game(21, 4).position().clone();
    let path = store.export_position("after 21", &pos).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(text, format!("{pos}\n"));
    assert_eq!(text.parse::<Position>().unwrap(), pos);
}

fn check_game(path: &Path) -> (bool, String, String) {
    let (code, out, err) = common::parachess(&[Path::new("check-game"), path]);
    (code == Some(0), out, err)
}

#[test]
fn an_autosave_reproduces_the_position_in_another_process() {
    let dir = TempDir::new("resume");
    let store = Store::at(&dir.0).unwrap();
    let game = some_game(40, 21);
    let path = store.autosave(&game, &Tags::default()).unwrap();
    let (ok, out, err) = check_game(&path);
    assert!(ok, "{err}");
    assert_eq!(out, format!("{}\n", game.position()));
}

/// The child of [`killing_the_writer_mid_game_leaves_a_resumable_autosave`]: autosaves after
/// every move of endless games until killed (or 30 s pass). Does nothing when run on its own.
#[test]
#[ignore = "run as a child process by another test"]
fn autosave_writer_child() {
    let Some(dir) = std::env::var_os("PARACHESS_TEST_CHILD_STORE") else {
        return;
    };
    let store = Store::at(PathBuf::from(dir)).unwrap();
    let started = Instant::now();
    let mut seed: u64 = 1;
    while started.elapsed() < Duration::from_secs(30) {
        let mut game = Game::new();
        while !game.is_over() && game.plies().len() < 300 {
            let moves = game.legal_moves();
            seed = seed
                .wrapping_mul(6364136223846793005u64)
                .wrapping_add(1442695040888963407);
            game.play(moves[((seed >> 33) % moves.len() as u64) as usize])
                .unwrap();
            store.autosave(&game, &players("child", "process")).unwrap();
        }
    }
}

#[test]
fn killing_the_writer_mid_game_leaves_a_resumable_autosave() {
    let dir = TempDir::new("killed");
    let store = Store::at(&dir.0).unwrap();
    for round in 0..3 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "store::autosave_writer_child",
                "--ignored",
                "--nocapture",
            ])
            .env("PARACHESS_TEST_CHILD_STORE", &dir.0)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Wait until this child has written (not just until some autosave exists: after the
        // first round one always does).
        let before = fs::read(store.autosave_path()).ok();
        let waited = Instant::now();
        while fs::read(store.autosave_path()).ok() == before
            && waited.elapsed() < Duration::from_secs(20)
        {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_ne!(
            fs::read(store.autosave_path()).ok(),
            before,
            "round {round}: the child never wrote"
        );
        std::thread::sleep(Duration::from_millis(150 + 100 * round));
        child.kill().unwrap();
        child.wait().unwrap();
        let record = store
            .load_autosave()
            .unwrap()
            .expect("an autosave was written");
        assert_eq!(record.tags, players("child", "process"));
        let (ok, out, err) = check_game(&store.autosave_path());
        assert!(ok, "{err}");
        assert_eq!(out, format!("{}\n", record.game.position()));
    }
}

#[test]
fn an_unfinished_autosave_is_kept_among_the_saves_before_its_place_is_reused() {
    let dir = TempDir::new("keep");
    let store = Store::at(&dir.0).unwrap();
    let game = some_game(9, 5);
    store.autosave(&game, &players("A", "B")).unwrap();
    let kept = store.keep_autosave_as_unfinished().unwrap();
    assert_eq!(kept.parent(), Some(store.saves_dir().as_path()));
    assert!(
        kept.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("unfinished-")
    );
    assert!(store.load_autosave().unwrap().is_none());
    let listed = store.list_saves().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].path, kept);
    assert_eq!(
        store.load_game(&kept).unwrap().game.position(),
        game.position()
    );
}

#[test]
fn dates_and_stamps_are_on_the_players_clock() {
    use jiff::tz::{Offset, TimeZone};
    // 21:30 UTC on 30 November is already 1 December at 02:30 five hours east.
    let instant: jiff::Timestamp = "2026-11-30T21:30:05Z".parse().unwrap();
    let east = instant.to_zoned_datetime(TimeZone::fixed(Offset::constant(5)));
    assert_eq!(parachess::store::date_tag(&east), "2026.12.01");
    assert_eq!(parachess::store::file_stamp(&east), "2026-12-01 02-30-05");
    let west = instant.to_zoned_datetime(TimeZone::fixed(Offset::constant(-8)));
    assert_eq!(parachess::store::date_tag(&west), "2026.11.30");
    assert_eq!(parachess::store::file_stamp(&west), "2026-11-30 13-30-05");
}
