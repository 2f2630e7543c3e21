//! The engine's options: `Threads` (Lazy SMP), and evaluation weights from a file
//! (`--eval-file` on the command line, the UCI option `EvalFile`). A file with a huge bonus for
//! the side to move (`tempo 500`) makes every depth-1 score about −500 (the replies' positions
//! carry the bonus), so which weights the engine uses shows in the `score cp` it reports.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::uci::Engine as Uci;

use parachess::engine::{DEFAULT_WEIGHTS_TEXT, EvalWeights};

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("parachess-evalfile-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A weights file whose side to move gets 500 centipawns.
fn tempo_file(dir: &std::path::Path) -> PathBuf {
    let w = EvalWeights {
        tempo: 500,
        ..EvalWeights::default()
    };
    let path = dir.join("tempo.txt");
    std::fs::write(&path, w.to_text()).unwrap();
    path
}

/// The last `score cp` of a depth-1 search of the start position.
fn depth_one_score(uci: &mut Uci) -> i32 {
    uci.send("position startpos");
    uci.send("go depth 1");
    let lines = uci.until("bestmove");
    let bestmove = lines.last().cloned().unwrap_or_default();
    assert!(!bestmove.contains("(none)"), "{lines:?}");
    lines
        .iter()
        .filter_map(|l| l.split(" score cp ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .next_back()
        .unwrap_or_else(|| panic!("no score in {lines:?}"))
}

#[test]
fn uci_evalfile_option_loads_weights_and_keeps_them_after_a_bad_file() {
    let dir = scratch("option");
    let tempo = tempo_file(&dir);
    let garbage = dir.join("garbage.txt");
    std::fs::write(&garbage, "hello\n").unwrap();

    let mut uci = Uci::start_with(&[]);
    uci.send("uci");
    let hello = uci.until("uciok");
    assert!(
        hello
            .iter()
            .any(|l| l == "option name EvalFile type string default <embedded>"),
        "{hello:?}"
    );
    let missing = uci.answer("setoption name EvalFile value /nonexistent/weights.txt");
    assert!(
        missing.len() == 1
            && missing[0].starts_with("info string error: EvalFile: /nonexistent/weights.txt:"),
        "{missing:?}"
    );
    let default = depth_one_score(&mut uci);
    assert!(default.abs() < 200, "{default}");

    let tempo_text = tempo.to_string_lossy().into_owned();
    assert!(
        uci.answer(&format!("setoption name EvalFile value {tempo_text}"))
            .is_empty()
    );
    let loaded = depth_one_score(&mut uci);
    assert!(loaded < -300, "the file's weights are used: {loaded}");

    let bad = uci.answer(&format!(
        "setoption name EvalFile value {}",
        garbage.to_string_lossy()
    ));
    assert!(
        bad.len() == 1 && bad[0].contains("not a Parachess weights file"),
        "{bad:?}"
    );
    assert_eq!(
        depth_one_score(&mut uci),
        loaded,
        "a bad file changes nothing"
    );

    assert!(
        uci.answer("setoption name EvalFile value <embedded>")
            .is_empty()
    );
    assert_eq!(depth_one_score(&mut uci), default);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn eval_file_flag_sets_the_weights_and_refuses_bad_files() {
    let dir = scratch("flag");
    let tempo = tempo_file(&dir);
    let mut uci = Uci::start_with(&["--eval-file", &tempo.to_string_lossy()]);
    assert!(depth_one_score(&mut uci) < -300);
    drop(uci);
    // The embedded file itself is a valid weights file.
    let default = dir.join("default.txt");
    std::fs::write(&default, DEFAULT_WEIGHTS_TEXT).unwrap();
    let mut uci = Uci::start_with(&["--eval-file", &default.to_string_lossy()]);
    assert!(depth_one_score(&mut uci).abs() < 200);
    drop(uci);

    let short = dir.join("short.txt");
    let without_tempo: Vec<&str> = DEFAULT_WEIGHTS_TEXT
        .lines()
        .filter(|l| !l.starts_with("tempo "))
        .collect();
    std::fs::write(&short, without_tempo.join("\n")).unwrap();
    for (command, file, expected) in [
        ("bench", PathBuf::from("/nonexistent/w.txt"), "No such file"),
        ("selfplay", short.clone(), "field `tempo` is missing"),
        ("uci", short.clone(), "field `tempo` is missing"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_parachess"))
            .args([command, "--eval-file"])
            .arg(&file)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{command}");
        assert!(
            stderr.contains("--eval-file") && stderr.contains(expected),
            "{command}: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_threads_option_searches_with_helpers_and_answers_legal_moves() {
    let mut uci = Uci::start_with(&[]);
    uci.send("uci");
    let hello = uci.until("uciok");
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name Threads type spin default 1 min 1 max ")),
        "{hello:?}"
    );
    for bad in ["0", "100000", "two"] {
        let answer = uci.answer(&format!("setoption name Threads value {bad}"));
        assert!(
            answer.len() == 1 && answer[0].contains("Threads takes a number from 1"),
            "{answer:?}"
        );
    }
    assert!(uci.answer("setoption name Threads value 2").is_empty());
    let mut game = parachess::rules::Game::new();
    let mut moves = Vec::new();
    for go in [
        "go depth 6",
        "go movetime 200",
        "go depth 5",
        "go movetime 200",
    ] {
        uci.send(&format!("position startpos moves {}", moves.join(" ")));
        uci.send(go);
        let lines = uci.until("bestmove");
        let best = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or_default()
            .to_string();
        let mv = game
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.bare(game.position().variant()) == best)
            .unwrap_or_else(|| panic!("{go}: {best:?} is not legal: {lines:?}"));
        game.play(mv).unwrap();
        moves.push(best);
    }
}
