//! `parachess lessons check` as an author runs it: the shipped lessons pass, broken ones fail
//! with `FILE:LINE: message`.

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::parachess;

/// A fresh folder for one test's lesson files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parachess-lessons-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A valid one-stage lesson (the Rook collects one star).
const GOOD: &str = r#"(
    title: "Good",
    intro: "A lesson that works.",
    stages: [
        (
            title: "One star",
            text: "Move the Rook onto the star.",
            position: "6/4/3k4/5/10/6/R9/5/8/4/2K3 w 0 1",
            goal: Stars(["e10"]),
        ),
    ],
)
"#;

/// The summary line's numbers: lessons, stages, solvable.
fn summary(out: &str) -> (usize, usize, usize) {
    let last = out.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 6, "summary line: {last:?}");
    assert_eq!(
        (words[0], words[2], words[4]),
        ("lessons", "stages", "solvable")
    );
    let n = |i: usize| words[i].parse::<usize>().unwrap();
    (n(1), n(3), n(5))
}

#[test]
fn shipped_lessons_are_all_solvable() {
    let (code, out, err) = parachess(&["lessons", "check"]);
    assert_eq!(code, Some(0), "stderr: {err}");
    assert!(err.is_empty(), "{err}");
    let (lessons, stages, solvable) = summary(&out);
    assert!(lessons >= 14, "{out}");
    assert!(stages >= 45, "{out}");
    assert_eq!(solvable, stages);
    assert_eq!(
        out.lines().last(),
        Some(format!("lessons {lessons} stages {stages} solvable {stages}").as_str())
    );
    let per_lesson: Vec<&str> = out.lines().filter(|l| l.contains(": ")).collect();
    assert_eq!(per_lesson.len(), lessons);
    assert!(per_lesson[0].starts_with("01-board: "), "{}", per_lesson[0]);
    assert!(
        per_lesson
            .iter()
            .all(|l| l.contains("all solvable (fewest moves "))
    );
}

#[test]
fn the_shipped_folder_reads_like_the_embedded_lessons() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/lessons");
    let (code, out, err) = parachess(&["lessons", "check", dir]);
    assert_eq!(code, Some(0), "stderr: {err}");
    let (embedded_code, embedded, _) = parachess(&["lessons", "check"]);
    assert_eq!(embedded_code, Some(0));
    assert_eq!(
        out, embedded,
        "every file in the folder is embedded, in order"
    );
}

#[test]
fn broken_lessons_fail_with_file_and_line() {
    let dir = folder("broken");
    fs::write(dir.join("01-good.ron"), GOOD).unwrap();
    // Bad RON: a missing comma between fields on line 9.
    let bad_ron = GOOD.replace(
        "goal: Stars([\"e10\"]),",
        "goal: Stars([\"e10\"])\n            hint: \"x\",",
    );
    fs::write(dir.join("02-bad-ron.ron"), bad_ron).unwrap();
    // Illegal position: Black's King can be taken with White to move (line 8).
    let illegal = GOOD.replace(
        "6/4/3k4/5/10/6/R9/5/8/4/2K3 w 0 1",
        "6/4/8/5/10/6/R3k5/5/8/4/2K3 w 0 1",
    );
    fs::write(dir.join("03-illegal.ron"), illegal).unwrap();
    // Unsolvable: a lone Rook cannot mate a King in the middle of the board (stage on line 6).
    let unsolvable = GOOD.replace("Stars([\"e10\"])", "Mate(1)");
    fs::write(dir.join("04-unsolvable.ron"), unsolvable).unwrap();
    // A star on an occupied cell (line 9).
    let occupied = GOOD.replace("Stars([\"e10\"])", "Stars([\"e1\"])");
    fs::write(dir.join("05-occupied.ron"), occupied).unwrap();
    fs::write(dir.join("notes.txt"), "not a lesson").unwrap();

    let (code, out, err) = parachess(&["lessons".as_ref(), "check".as_ref(), dir.as_os_str()]);
    assert_eq!(code, Some(1), "stdout: {out}\nstderr: {err}");
    assert_eq!(summary(&out), (2, 2, 1), "{out}");
    assert!(
        out.contains("01-good: 1 stages, all solvable (fewest moves 1)"),
        "{out}"
    );
    assert!(
        out.contains("04-unsolvable: 1 stages, 1 not solvable (fewest moves -)"),
        "{out}"
    );
    let file = |name: &str| dir.join(name).display().to_string();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 4, "{err}");
    assert!(
        lines[0].starts_with(&format!("{}:10: ", file("02-bad-ron.ron"))),
        "{err}"
    );
    assert!(
        lines[1].starts_with(&format!("{}:8: position text", file("03-illegal.ron"))),
        "{err}"
    );
    assert!(
        lines[2].starts_with(&format!(
            "{}:6: stage \"One star\": no sequence",
            file("04-unsolvable.ron")
        )),
        "{err}"
    );
    assert!(
        lines[3].starts_with(&format!("{}:9: the star on e1", file("05-occupied.ron"))),
        "{err}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_without_lessons_is_an_error() {
    let dir = folder("empty");
    let (code, out, err) = parachess(&["lessons".as_ref(), "check".as_ref(), dir.as_os_str()]);
    assert_eq!(code, Some(1));
    assert_eq!(summary(&out), (0, 0, 0));
    assert!(err.contains("no lesson files"), "{err}");
    let missing = dir.join("missing");
    let (code, _, err) = parachess(&["lessons".as_ref(), "check".as_ref(), missing.as_os_str()]);
    assert_eq!(code, Some(1));
    assert!(
        err.starts_with(&format!("{}:1: cannot read", missing.display())),
        "{err}"
    );
    let _ = fs::remove_dir_all(&dir);
}
