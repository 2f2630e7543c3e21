//! The `perft` command as a user runs it.

use crate::common;

use common::parachess;

#[test]
fn perft_prints_the_node_count_last() {
    let (code, out, _) = parachess(&["perft", "3"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"nodes 88638"));
    assert!(lines.iter().any(|l| l.starts_with("time ")));
    assert!(lines.iter().any(|l| l.starts_with("nps ")));
}

/// The `move count` lines of a divide run.
fn divide_lines(out: &str) -> Vec<(String, u64)> {
    out.lines()
        .filter(|l| !l.starts_with("time") && !l.starts_with("nps") && !l.starts_with("nodes"))
        .map(|l| {
            let (m, n) = l.split_once(' ').unwrap();
            (m.to_string(), n.parse().unwrap())
        })
        .collect()
}

#[test]
fn perft_divide_lists_every_move_with_its_own_count() {
    let (code, out, _) = parachess(&["perft", "2", "--divide"]);
    assert_eq!(code, Some(0));
    let moves = divide_lines(&out);
    let start = parachess::rules::Position::start();
    assert_eq!(moves.len(), start.legal_moves().len());
    // Each line names a different legal move, and its count is the number of replies to it.
    let mut seen = std::collections::HashSet::new();
    for (text, n) in &moves {
        let mv = start
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(seen.insert(mv), "{text} listed twice");
        assert_eq!(*n, start.after(mv).count_legal_moves() as u64, "{text}");
    }
    let total: u64 = moves.iter().map(|(_, n)| n).sum();
    assert_eq!(total, 1936);
    assert_eq!(out.lines().last(), Some("nodes 1936"));
}

#[test]
fn perft_zero_is_the_root_alone_with_or_without_divide() {
    for args in [&["perft", "0"][..], &["perft", "0", "--divide"][..]] {
        let (code, out, _) = parachess(args);
        assert_eq!(code, Some(0));
        assert!(divide_lines(&out).is_empty(), "{args:?}: {out}");
        assert_eq!(out.lines().last(), Some("nodes 1"), "{args:?}");
    }
}

#[test]
fn perft_counts_each_promotion_choice() {
    let (code, out, _) = parachess(&[
        "perft",
        "1",
        "--divide",
        "--position",
        "k5/1P2/8/5/10/6/10/5/8/4/5K w 0 1",
    ]);
    assert_eq!(code, Some(0));
    for kind in ["Q", "R", "B", "S"] {
        assert!(out.contains(&format!("j2-k3={kind}")), "{out}");
    }
    assert_eq!(out.lines().last(), Some("nodes 17"));
}

#[test]
fn perft_rejects_a_bad_position_clearly() {
    let (code, out, err) = parachess(&["perft", "2", "--position", "rsqksr/1bb1 w 0 1"]);
    assert_ne!(code, Some(0));
    assert!(out.is_empty());
    assert!(err.contains("column 1") && err.contains("11"), "{err}");
}
