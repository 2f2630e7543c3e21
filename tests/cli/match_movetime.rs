//! `parachess match --movetime` and `--nodes`: each engine gets `go movetime MS` (its own with
//! `--movetime1` and `--movetime2`) or `go nodes N` instead of a clock, and the report gives
//! each engine's time a move.

use crate::common::parachess;

/// A UCI engine in `sh` that plays `c4d3` (legal at the start) only when its `go` line is
/// exactly `expected`, and otherwise never answers (so it loses on time).
fn checking_engine(expected: &str) -> String {
    let body = format!(
        "while read -r l; do case \"$l\" in uci) echo \"id name checker\"; echo uciok;; \
         isready) echo readyok;; \"{expected}\") echo \"bestmove c4d3\";; quit) exit 0;; esac; done"
    );
    format!("sh -c {}", shlex::try_quote(&body).unwrap())
}

/// The mean time a move the report gives for `engine` ("engine1" or "engine2").
fn mean_ms(out: &str, engine: &str) -> f64 {
    let line = out
        .lines()
        .find(|l| l.starts_with("time a move: engine1 mean"))
        .unwrap_or_else(|| panic!("no time line in {out}"));
    let part = line
        .split(';')
        .find(|p| p.contains(engine))
        .unwrap_or_else(|| panic!("{engine} missing in {line}"));
    let after = part.split("mean ").nth(1).unwrap();
    after.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn each_engine_is_sent_its_own_movetime() {
    // Game 1: the checker (engine1) has White and must be sent `go movetime 50`, nothing else.
    let (code, out, err) = parachess(&[
        "match",
        "--engine1",
        &checking_engine("go movetime 50"),
        "--engine2",
        &crate::common::our_engine(),
        "--movetime1",
        "50",
        "--movetime2",
        "30",
        "--games",
        "1",
        "--openings",
        "random-plies",
        "0",
        "--max-plies",
        "1",
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(
        out.contains("time a move: engine1 50 ms, engine2 30 ms"),
        "{out}"
    );
    assert!(
        out.contains("game 1: engine1 (White) vs engine2: 1/2-1/2 stopped after 1 half-moves"),
        "{out}"
    );
    assert!(
        out.lines().last().unwrap().starts_with("score 0-0-1"),
        "{out}"
    );
}

#[test]
fn an_engine_sent_something_else_loses_on_time_soon() {
    // `--movetime 40` for both: the checker waiting for 50 never answers, and loses after
    // twice the time plus a second, not after a clock's worth.
    let started = std::time::Instant::now();
    let (code, out, err) = parachess(&[
        "match",
        "--engine1",
        &checking_engine("go movetime 50"),
        "--engine2",
        &crate::common::our_engine(),
        "--movetime",
        "40",
        "--tc",
        "60+1",
        "--games",
        "1",
        "--openings",
        "random-plies",
        "0",
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.contains("engine1 lost on time"), "{out}");
    assert!(
        out.lines().last().unwrap().starts_with("score 0-1-0"),
        "{out}"
    );
    // The clock alone would have taken a minute (60+1) to flag it: ending sooner shows the move
    // time's rule did. A logical bound, not a speed one.
    assert!(
        started.elapsed() < std::time::Duration::from_secs(60),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn the_longer_movetime_thinks_longer() {
    let engine = crate::common::our_engine();
    let (code, out, err) = parachess(&[
        "match",
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--movetime1",
        "20",
        "--movetime2",
        "150",
        "--games",
        "2",
        "--max-plies",
        "12",
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    let (fast, slow) = (mean_ms(&out, "engine1"), mean_ms(&out, "engine2"));
    // engine1 never searches past 20 ms; engine2 at least starts no depth after 55 % of 150.
    assert!(fast < slow, "{fast} {slow}\n{out}");
    assert!(slow >= 60.0, "{slow}\n{out}");
}

#[test]
fn nodes_are_sent_instead_of_a_clock() {
    let (code, out, err) = parachess(&[
        "match",
        "--engine1",
        &checking_engine("go nodes 500"),
        "--engine2",
        &crate::common::our_engine(),
        "--nodes",
        "500",
        "--games",
        "1",
        "--openings",
        "random-plies",
        "0",
        "--max-plies",
        "1",
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.contains("500 nodes a move"), "{out}");
    assert!(
        out.lines().last().unwrap().starts_with("score 0-0-1"),
        "{out}"
    );
    let engine = crate::common::our_engine();
    let (code, _, err) = parachess(&[
        "match",
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--nodes",
        "500",
        "--movetime",
        "50",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--nodes") && err.contains("--movetime"),
        "{err}"
    );
}

#[test]
fn bad_movetimes_are_refused() {
    let engine = crate::common::our_engine();
    let too_many = |flag| {
        if flag == "--nodes" {
            "10000000001"
        } else {
            "3600001"
        }
    };
    for flag in ["--movetime", "--movetime1", "--movetime2", "--nodes"] {
        for bad in ["0", "-5", "x", too_many(flag)] {
            let arg = format!("{flag}={bad}");
            let (code, out, err) =
                parachess(&["match", "--engine1", &engine, "--engine2", &engine, &arg]);
            assert_eq!(code, Some(2), "{flag} {bad}: {out}\n{err}");
            assert!(err.contains(flag), "{flag} {bad}: {err}");
            assert!(!out.contains("score "), "{out}");
        }
    }
}
