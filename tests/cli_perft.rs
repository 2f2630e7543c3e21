//! The `perft` command as a user runs it.

mod common;

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

#[test]
fn perft_divide_lists_every_move_in_move_text() {
    let (code, out, _) = parachess(&["perft", "2", "--divide"]);
    assert_eq!(code, Some(0));
    let moves: Vec<(&str, u64)> = out
        .lines()
        .filter(|l| !l.starts_with("time") && !l.starts_with("nps") && !l.starts_with("nodes"))
        .map(|l| {
            let (m, n) = l.split_once(' ').unwrap();
            (m, n.parse().unwrap())
        })
        .collect();
    assert_eq!(moves.len(), 44);
    assert!(moves.contains(&("Sa2-e5", 44)) || moves.iter().any(|(m, _)| *m == "Sa2-e5"));
    assert_eq!(moves.iter().map(|(_, n)| n).sum::<u64>(), 1936);
    assert_eq!(out.lines().last(), Some("nodes 1936"));
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
