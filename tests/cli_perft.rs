//! The `perft` command as a user runs it.

use std::process::Command;

fn parachess(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parachess"))
        .args(args)
        .output()
        .expect("run parachess");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_the_node_count_last() {
    let (ok, out, _) = parachess(&["perft", "3"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"nodes 88638"));
    assert!(lines.iter().any(|l| l.starts_with("time ")));
    assert!(lines.iter().any(|l| l.starts_with("nps ")));
}

#[test]
fn perft_divide_lists_every_move_in_move_text() {
    let (ok, out, _) = parachess(&["perft", "2", "--divide"]);
    assert!(ok);
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
    let (ok, out, _) = parachess(&[
        "perft",
        "1",
        "--divide",
        "--position",
        "k5/1P2/8/5/10/6/10/5/8/4/5K w 0 1",
    ]);
    assert!(ok);
    for kind in ["Q", "R", "B", "S"] {
        assert!(out.contains(&format!("j2-k3={kind}")), "{out}");
    }
    assert_eq!(out.lines().last(), Some("nodes 17"));
}

#[test]
fn perft_rejects_a_bad_position_clearly() {
    let (ok, out, err) = parachess(&["perft", "2", "--position", "rsqksr/1bb1 w 0 1"]);
    assert!(!ok);
    assert!(out.is_empty());
    assert!(err.contains("column 1") && err.contains("11"), "{err}");
}
