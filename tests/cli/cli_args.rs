//! Bad command lines and bad files given to the headless commands: each must fail with a clear
//! message on stderr and a non-zero exit, and never panic.

use crate::common;
use std::fs;
use std::path::PathBuf;

use common::parachess as run;

/// A file in the system temp dir with `bytes`, named uniquely for this test run.
fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("parachess-cli-{}-{name}", std::process::id()));
    fs::write(&path, bytes).unwrap();
    path
}

/// Each command line must fail with a non-zero status, without a panic or any result, and say
/// the expected words on stderr.
fn assert_all_refused(cases: &[(&[&str], &str)]) {
    for (args, expect) in cases {
        let (code, out, err) = run(args);
        assert!(code.is_some_and(|c| c != 0), "{args:?} exited {code:?}");
        assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
        assert!(
            err.contains(expect),
            "{args:?}: expected {expect:?} in {err:?}"
        );
        assert!(!out.contains("nodes"), "{args:?} printed results: {out}");
    }
}

#[test]
fn bad_arguments_fail_clearly_without_panicking() {
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "abc"], "invalid value 'abc'"),
        (&["perft", "-1"], "unexpected argument '-1'"),
        (&["perft", "99999999999"], "invalid value"),
        (&["perft"], "required"),
        (
            &["perft", "2", "--position", "junk"],
            "position text, column 5: missing the side to move",
        ),
        (
            &["perft", "2", "--position", ""],
            "the position text is empty",
        ),
        (&["perft", "1", "--position", "rsqksr/1bb1 w 0 1"], "11"),
        (
            &["perft", "2", "--depth", "3"],
            "unexpected argument '--depth'",
        ),
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (&["check-game"], "required"),
        (
            &["check-game", "a.pgn", "b.pgn"],
            "unexpected argument 'b.pgn'",
        ),
        (
            &["check-game", "/nonexistent/game.pgn"],
            "/nonexistent/game.pgn: ",
        ),
        (&["check-game", "/"], "/: "),
        (&["--no-such-flag"], "unexpected argument '--no-such-flag'"),
    ];
    assert_all_refused(cases);
}

/// Window options are checked before any window opens, so these need no display.
#[cfg(feature = "gui")]
#[test]
fn bad_window_options_fail_before_a_window_opens() {
    let cases: &[(&[&str], &str)] = &[
        (&["--size", "10x10"], "--size must look like 1280x800"),
        (&["--size", "wide"], "--size must look like 1280x800"),
        (&["--view", "4d"], "--view must be 2d or 3d"),
        (&["--antialias", "maybe"], "invalid value 'maybe'"),
        (
            &["--bench-frames", "0"],
            "--bench-frames must be at least 1",
        ),
        (&["--position", "junk"], "--position: position text"),
        (
            &["--lesson", "0"],
            "--lesson must be a lesson number from 1 to 15, optionally with a stage (3:2), not \"0\"",
        ),
        (
            &["--lesson", "16"],
            "--lesson must be a lesson number from 1 to 15",
        ),
        (
            &["--lesson", "two"],
            "--lesson must be a lesson number from 1 to 15",
        ),
        (
            &["--lesson", "3:x"],
            "--lesson must be a lesson number from 1 to 15",
        ),
        (
            &["--lesson", "3:9"],
            "--lesson 3:9: lesson 3 (Edge-paths and the Rook) has stages 1 to 4",
        ),
        (
            &["--lesson", "2:0"],
            "lesson 2 (Three kinds of step) has stages 1 to 5",
        ),
        (&["--lesson"], "a value is required for '--lesson <N[:S]>'"),
        (
            &["--puzzle", "0"],
            "--puzzle must be a puzzle number from 1 to ",
        ),
        (
            &["--puzzle", "x"],
            "--puzzle must be a puzzle number from 1 to ",
        ),
        (
            &["--puzzle", "100000"],
            "--puzzle must be a puzzle number from 1 to ",
        ),
        (
            &["--editor", "--puzzle", "2"],
            "the argument '--editor' cannot be used with '--puzzle <N>'",
        ),
        (
            &[
                "--lesson",
                "2",
                "--position",
                "3k2/4/8/5/10/6/10/5/8/4/3K2 w 0 1",
            ],
            "the argument '--lesson <N[:S]>' cannot be used with '--position <TEXT>'",
        ),
        (
            &["--analyse", "junk"],
            "--analyse takes a game file or a position text; \"junk\" is neither",
        ),
        (
            &[
                "--analyse",
                "tests/data/review/easy-v-normal.pgn",
                "--ply",
                "45",
            ],
            "--ply 45: the game has 44 half-moves",
        ),
        (
            &["--review"],
            "the following required arguments were not provided",
        ),
    ];
    assert_all_refused(cases);
    let broken = file("broken.pgn", b"1. c4-d3 zz9-q1 *");
    let broken = broken.to_string_lossy().to_string();
    assert_all_refused(&[(&["--analyse", &broken], "--analyse ")]);
}

#[test]
fn check_game_prints_the_final_position() {
    let path = file(
        "good.pgn",
        b"[White \"A\"]\r\n\r\n1. Sa2-e3 i3-g5 2. Se3-i3# 1-0\r\n",
    );
    let (code, out, err) = run(&["check-game", path.to_str().unwrap()]);
    let _ = fs::remove_file(&path);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "rsqksr/1bb1/ppSppppp/5/4p5/6/10/5/PPPPPPPP/1BB1/R1QKSR b 1 2\n"
    );
    assert!(err.is_empty());
}

#[test]
fn check_game_reports_file_line_and_column() {
    let cases: &[(&str, &[u8], &str)] = &[
        (
            "illegal.pgn",
            b"[White \"A\"]\n\n1. c4-d3 i5-h3 2. Sa2-e9 *\n",
            ":3:19: move 2 (White) Sa2-e9: ",
        ),
        (
            "truncated.pgn",
            b"[White \"A\"]\n[Event \"Cas",
            ":2:1: the tag opened here",
        ),
        (
            "binary.pgn",
            b"[White \"\xff\xfe\"]\n*",
            ":1:9: the file is not UTF-8",
        ),
        (
            "wrong-result.pgn",
            b"1. Sa2-e3 i3-g5 2. Se3-i3# 0-1",
            ":1:28: the result 0-1 contradicts",
        ),
        ("empty.pgn", b"", ":1:1: the file is empty"),
        (
            "false-check.pgn",
            b"1. c4-d3 i5-h3+ *\n",
            ":1:15: move 1 (Black) i5-h3+: the move is marked '+', but it does not give check",
        ),
        (
            "false-mate.pgn",
            b"1. c4-d3#\n*\n",
            ":1:9: move 1 (White) c4-d3#: the move is marked '#', but it neither gives check",
        ),
        (
            "clock-gains.pgn",
            b"[TimeControl \"60+0\"]\n\n1. c4-d3 {[%clk 0:00:58]} i5-h3 2. c3-d2 {[%clk 0:01:30]} *\n",
            ":3:42: White's clock reads 0:01:30, but with the time control it can be at most 0:00:58",
        ),
    ];
    for (name, bytes, expect) in cases {
        let path = file(name, bytes);
        let shown = path.display().to_string();
        let (code, out, err) = run(&["check-game", &shown]);
        let _ = fs::remove_file(&path);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert!(out.is_empty(), "{name}: {out}");
        assert!(!err.contains("panicked"), "{name}: {err}");
        assert!(
            err.starts_with(&format!("{shown}{expect}")),
            "{name}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
    }
}

#[test]
fn check_game_refuses_a_huge_file_without_reading_it_all() {
    let path = std::env::temp_dir().join(format!("parachess-cli-{}-huge.pgn", std::process::id()));
    let f = fs::File::create(&path).unwrap();
    f.set_len(64 * 1024 * 1024).unwrap(); // Sparse: costs no disk.
    drop(f);
    let (code, _, err) = run(&["check-game", path.to_str().unwrap()]);
    let _ = fs::remove_file(&path);
    assert_eq!(code, Some(1));
    assert!(
        err.contains(":1:1: the file is 67108864 bytes; game files are limited to 4194304 bytes"),
        "{err}"
    );
}
