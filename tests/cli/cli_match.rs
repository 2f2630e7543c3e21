//! `parachess match` refereeing our engine over UCI: the report's format, the games it saves,
//! and engines that misbehave (an illegal move, a crash, no answer in time) losing with the
//! reason printed.

use crate::common;

use common::parachess;

use parachess::rules::record::read_game;

/// `parachess match` of our engine against itself, with `args` after the two engines.
fn self_match(args: &[&str]) -> (Option<i32>, String, String) {
    let engine = common::our_engine();
    let mut all = vec!["match", "--engine1", &engine, "--engine2", &engine];
    all.extend_from_slice(args);
    parachess(&all)
}

/// A tiny UCI engine in `sh` that answers `go` with `on_go` (a shell command).
fn script_engine(on_go: &str) -> String {
    let body = format!(
        "while read -r l; do case \"$l\" in uci) echo \"id name script\"; echo uciok;; \
         isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done"
    );
    format!("sh -c {}", shlex::try_quote(&body).unwrap())
}

/// The game lines and the `(wins, losses, draws, elo)` of the last line, checked for form.
fn report(out: &str, games: u32) -> (Vec<&str>, (u32, u32, u32, f64)) {
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(lines.len(), games as usize, "{out}");
    for (i, line) in lines.iter().enumerate() {
        let g = i + 1;
        let (white, black) = if g % 2 == 1 {
            ("engine1", "engine2")
        } else {
            ("engine2", "engine1")
        };
        let prefix = format!("game {g}: {white} (White) vs {black}: ");
        assert!(line.starts_with(&prefix), "{line}");
        let result = line[prefix.len()..].split(' ').next().unwrap();
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{line}");
    }
    let last = out.lines().last().unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.len(), 6, "{last}");
    assert_eq!(
        (words[0], words[2], words[4]),
        ("score", "elo", "+/-"),
        "{last}"
    );
    let counts: Vec<u32> = words[1].split('-').map(|n| n.parse().unwrap()).collect();
    assert_eq!(counts.len(), 3, "{last}");
    assert_eq!(counts.iter().sum::<u32>(), games, "{last}");
    let elo: f64 = words[3].parse().unwrap_or_else(|e| panic!("{last}: {e}"));
    let margin: f64 = words[5].parse().unwrap_or_else(|e| panic!("{last}: {e}"));
    assert!(margin >= 0.0, "{last}");
    assert!(words[3].starts_with(['+', '-']), "{last}");
    (lines, (counts[0], counts[1], counts[2], elo))
}

#[test]
fn our_engine_plays_itself_over_uci() {
    let dir = std::env::temp_dir().join(format!("parachess-match-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (code, out, err) = self_match(&[
        "--games",
        "2",
        "--tc",
        "1+0.05",
        "--openings",
        "random-plies",
        "4",
        "--max-plies",
        "16",
        "--pgn-out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    let (lines, (w, l, d, elo)) = report(&out, 2);
    for line in &lines {
        // Nobody forfeits: every game ends by the rules or the half-move cap.
        assert!(!line.contains("illegal") && !line.contains("time") && !line.contains("died"));
    }
    if w == l {
        assert_eq!(elo, 0.0);
    }
    assert!(w + l + d == 2);
    for g in 1..=2 {
        let file = std::fs::read(dir.join(format!("game-{g:03}.pgn"))).unwrap();
        let record = read_game(&file).unwrap();
        assert!(
            record.game.plies().len() > 4,
            "game {g}: the opening and at least one move"
        );
        assert!(record.game.is_over(), "game {g}");
        let white = record.tags.white.unwrap();
        assert!(white.starts_with("Parachess "), "{white}");
    }
    // Both games of the pair start from the same random opening.
    let first = |g: u32| {
        let file = std::fs::read(dir.join(format!("game-{g:03}.pgn"))).unwrap();
        let record = read_game(&file).unwrap();
        let plies: Vec<_> = record.game.plies().iter().take(4).map(|p| p.mv).collect();
        plies
    };
    assert_eq!(first(1), first(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--concurrency 2` runs two games at once (four engine processes) and still plays exactly the
/// games asked for, reported and saved in game order with colours alternating.
#[test]
fn concurrent_games_play_the_requested_number() {
    let dir = std::env::temp_dir().join(format!("parachess-match-conc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (code, out, err) = self_match(&[
        "--games",
        "5",
        "--concurrency",
        "2",
        "--tc",
        "2+0.02",
        "--max-plies",
        "12",
        "--pgn-out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    let (lines, (w, l, d, _)) = report(&out, 5);
    assert_eq!(w + l + d, 5);
    for line in &lines {
        assert!(!line.contains("died") && !line.contains("time"), "{line}");
    }
    for g in 1..=5 {
        let file = std::fs::read(dir.join(format!("game-{g:03}.pgn"))).unwrap();
        let record = read_game(&file).unwrap();
        assert_eq!(record.tags.round.as_deref(), Some(g.to_string().as_str()));
    }
    assert!(!dir.join("game-006.pgn").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_engine_gets_its_own_options() {
    // Skill 0 (depth 1, much noise) against full strength: the ladder's widest step.
    let (code, out, err) = self_match(&[
        "--option1",
        "Skill Level=0",
        "--option2",
        "Hash=8",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--tc",
        "2+0.05",
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    let (_, (wins, losses, _, _)) = report(&out, 4);
    assert!(losses > wins, "skill 0 should lose to full strength: {out}");
}

#[test]
fn engines_that_misbehave_lose_with_the_reason() {
    let cases = [
        (
            script_engine("echo bestmove a1a1"),
            "engine2 played an illegal move \"a1a1\"",
        ),
        (
            script_engine("echo bestmove \"(none)\""),
            "engine2: the engine answered without a move",
        ),
        (script_engine("exit 3"), "engine2 died: the engine exited"),
        (script_engine(":"), "engine2 lost on time"),
    ];
    for (engine2, reason) in cases {
        let (code, out, err) = parachess(&[
            "match",
            "--engine1",
            &common::our_engine(),
            "--engine2",
            &engine2,
            "--games",
            "2",
            "--tc",
            "0.3+0",
        ]);
        assert_eq!(code, Some(0), "{engine2}: {out}\n{err}");
        let (lines, (w, l, d, elo)) = report(&out, 2);
        assert_eq!((w, l, d), (2, 0, 0), "{engine2}: {out}");
        assert_eq!(elo, f64::INFINITY);
        for line in lines {
            assert!(line.contains(reason), "{engine2}: {line}");
        }
    }
}

#[test]
fn bad_match_arguments_fail_clearly() {
    let engine = common::our_engine();
    let cases: &[(&[&str], &str)] = &[
        (&["--engine2", &engine], "--engine1"),
        (
            &["--engine1", &engine, "--engine2", &engine, "--tc", "0+1"],
            "BASE+INC",
        ),
        (
            &["--engine1", &engine, "--engine2", &engine, "--tc", "fast"],
            "BASE+INC",
        ),
        (
            &["--engine1", &engine, "--engine2", &engine, "--games", "0"],
            "--games",
        ),
        (
            &[
                "--engine1",
                &engine,
                "--engine2",
                &engine,
                "--openings",
                "book",
                "3",
            ],
            "random-plies K",
        ),
        (
            &[
                "--engine1",
                &engine,
                "--engine2",
                &engine,
                "--openings",
                "random-plies",
                "x",
            ],
            "random-plies K",
        ),
        (
            &["--engine1", &engine, "--engine2", "'unbalanced"],
            "unbalanced quotes",
        ),
        (
            &["--engine1", "/nonexistent/engine", "--engine2", &engine],
            "cannot start engine",
        ),
        (
            &["--engine1", &engine, "--engine2", "true"],
            "engine2: the engine exited",
        ),
        (
            &[
                "--engine1",
                &engine,
                "--engine2",
                &engine,
                "--option1",
                "Skill Level",
            ],
            "NAME=VALUE",
        ),
        (
            &[
                "--engine1",
                &engine,
                "--engine2",
                &engine,
                "--option2",
                "Colour=blue",
            ],
            "no option named \"Colour\"",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["match"];
        all.extend_from_slice(args);
        let (code, out, err) = parachess(&all);
        assert!(code.is_some_and(|c| c != 0), "{args:?} exited {code:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            err.contains(expected),
            "{args:?}: expected {expected:?} in {err:?}"
        );
        assert!(!out.contains("score "), "{args:?}: {out}");
    }
}
