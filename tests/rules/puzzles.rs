//! Puzzles: the shipped set proves, a broken file is reported line by line, a puzzle plays as
//! its solution says, wrong moves are explained, and ratings move the right way.

use crate::common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::parachess;
use parachess::study::puzzle::parse_line;
use parachess::study::rating::PUZZLE_DEVIATION;
use parachess::study::solve::MateSolver;
use parachess::study::{
    Puzzle, PuzzleProgress, PuzzleRun, PuzzleStep, Theme, builtin, next_puzzle,
};
use proptest::prelude::*;

fn temp_file(name: &str, text: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("parachess-puzzles-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn shipped() -> Vec<Puzzle> {
    builtin().expect("the shipped puzzle file reads")
}

#[test]
fn the_shipped_set_proves_and_is_big_and_varied() {
    let (code, out, err) = parachess(&["puzzles", "check"]);
    let last = out.lines().last().unwrap_or_default().to_string();
    assert_eq!(code, Some(0), "{out}{err}");
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(
        (words.len(), words[0], words[2]),
        (4, "puzzles", "verified"),
        "{last}"
    );
    assert_eq!(words[1], words[3], "{last}");
    assert_eq!(out.lines().count(), 1, "no failures are listed: {out}");
    let puzzles = shipped();
    assert_eq!(words[1].parse::<usize>().unwrap(), puzzles.len());
    assert!(puzzles.len() >= 300, "{}", puzzles.len());
    let mut themes: BTreeMap<Theme, usize> = BTreeMap::new();
    for p in &puzzles {
        *themes.entry(p.theme).or_default() += 1;
    }
    let wins = themes.get(&Theme::Mate).copied().unwrap_or(0)
        + themes.get(&Theme::Stalemate).copied().unwrap_or(0);
    assert!(wins >= 100, "{themes:?}");
    assert!(
        themes.get(&Theme::Material).copied().unwrap_or(0) >= 50,
        "{themes:?}"
    );
    // Spread over difficulty: every band of 400 points from 800 to 2000 has puzzles.
    for low in [800, 1200, 1600] {
        let n = puzzles
            .iter()
            .filter(|p| (low..low + 400).contains(&p.rating))
            .count();
        assert!(n >= 20, "{n} puzzles rated {low}-{}", low + 400);
    }
    for length in 1..=4 {
        assert!(
            puzzles
                .iter()
                .any(|p| p.theme == Theme::Mate && p.solver_moves() == length),
            "no mate in {length}"
        );
    }
}

#[test]
fn a_broken_file_is_reported_line_by_line() {
    let puzzles = shipped();
    let mut mates_in_two = puzzles
        .iter()
        .filter(|p| p.theme == Theme::Mate && p.solver_moves() == 2);
    let good = mates_in_two.next().expect("a mate in 2");
    let other = mates_in_two.next().expect("another mate in 2");
    // The other puzzle with another first move, which does not even mate in two.
    let mut wrong = other.clone();
    let mut pos = other.position.clone();
    let mut solver = MateSolver::new();
    wrong.solution = vec![
        pos.legal_moves()
            .iter()
            .copied()
            .find(|&m| !solver.move_wins(&mut pos, m, 2))
            .unwrap(),
    ];
    let text = format!(
        "# comment\n{}\n{}\n{}\tnot-a-move\tmate\t1200\n{}\n",
        good.to_line(),
        wrong.to_line(),
        good.position,
        good.to_line()
    );
    let path = temp_file("broken.tsv", &text);
    let file = path.to_str().unwrap();
    let (code, out, err) = parachess(&["puzzles", "check", file]);
    assert_eq!(code, Some(1), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with(&format!("{file}:3: move 1 (")),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains("does not force a win within 1 move"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with(&format!("{file}:4: solution move 1")),
        "{}",
        lines[1]
    );
    assert_eq!(
        lines[2],
        format!("{file}:5: the same position as the puzzle on line 2")
    );
    assert_eq!(lines[3], "puzzles 4 verified 1");
    let _ = std::fs::remove_file(path);
    // A missing file is an error, not an empty set.
    let (code, _, err) = parachess(&["puzzles", "check", "/nonexistent/puzzles.tsv"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("/nonexistent/puzzles.tsv"), "{err}");
}

#[test]
fn every_shipped_puzzle_plays_as_written() {
    for p in shipped() {
        let mut run = PuzzleRun::new(&p);
        for (i, &mv) in p.solution.iter().enumerate().step_by(2) {
            assert_eq!(run.expected(), Some(mv), "line {}", p.line);
            let step = run
                .try_move(mv)
                .unwrap_or_else(|w| panic!("line {}: {w:?}", p.line));
            match (step, p.solution.get(i + 1)) {
                (PuzzleStep::Continue { reply, .. }, Some(&stored)) => assert_eq!(reply, stored),
                (PuzzleStep::Solved, None) => {}
                (step, stored) => panic!("line {}: {step:?} where {stored:?} was due", p.line),
            }
        }
        assert!(run.is_solved(), "line {}", p.line);
        assert_eq!(run.mistakes(), 0);
        if p.theme != Theme::Material {
            assert!(run.game().is_over(), "line {}", p.line);
        }
    }
}

#[test]
fn wrong_first_moves_are_explained_and_not_played() {
    let puzzles = shipped();
    // A few of each theme, the shortest first (explanations search the moves left).
    for theme in Theme::ALL {
        let mut of_theme: Vec<&Puzzle> = puzzles.iter().filter(|p| p.theme == theme).collect();
        of_theme.sort_by_key(|p| p.solution.len());
        for p in of_theme.into_iter().take(3) {
            let mut run = PuzzleRun::new(p);
            let start = run.position().clone();
            let wrong = start
                .legal_moves()
                .iter()
                .copied()
                .find(|&m| m != p.solution[0] && start.after(m).has_legal_move())
                .unwrap();
            let answer = run.try_move(wrong).unwrap_err();
            assert_eq!(answer.played, wrong);
            assert_eq!(answer.solution, Some(p.solution[0]), "line {}", p.line);
            let said = answer.explanation.to_string();
            assert!(said.starts_with("That "), "{said}");
            assert!(said.ends_with('.'), "{said}");
            if let Some(reply) = answer.refutation {
                assert!(start.after(wrong).is_legal(reply));
            }
            assert_eq!(run.position(), &start);
            assert_eq!(run.mistakes(), 1);
            assert!(matches!(
                run.try_move(p.solution[0]),
                Ok(PuzzleStep::Continue { .. } | PuzzleStep::Solved)
            ));
        }
    }
}

#[test]
fn a_different_winning_move_later_in_a_mate_is_accepted() {
    // Find a mate puzzle whose second solver move has a twin that also wins in time.
    let mut tried = 0;
    let mut candidates: Vec<Puzzle> = shipped()
        .into_iter()
        .filter(|p| p.theme != Theme::Material && p.solution.len() >= 3)
        .collect();
    // The shortest first: finding a twin means proving wins for every move.
    candidates.sort_by_key(|p| p.solution.len());
    for p in &candidates {
        let mut run = PuzzleRun::new(p);
        run.try_move(p.solution[0]).unwrap();
        let mut pos = run.position().clone();
        let left = (p.solver_moves() - 1) as u32;
        let mut solver = MateSolver::new();
        let twin = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != p.solution[2] && solver.move_wins(&mut pos, m, left));
        let Some(twin) = twin else { continue };
        tried += 1;
        // Play the twin, then whatever the run expects, to the end.
        let mut next = Some(twin);
        while let Some(mv) = next {
            match run.try_move(mv) {
                Ok(PuzzleStep::Solved) => break,
                Ok(PuzzleStep::Continue { .. }) => next = run.expected(),
                Err(w) => panic!("line {}: {w:?}", p.line),
            }
        }
        assert!(run.is_solved() && run.game().is_over(), "line {}", p.line);
        assert!(
            run.game().plies().len() <= p.solution.len(),
            "line {}",
            p.line
        );
        if tried == 3 {
            break;
        }
    }
    assert!(tried > 0, "no puzzle with a second winning move found");
}

#[test]
fn the_next_puzzle_follows_the_rating() {
    let puzzles = shipped();
    let weak = PuzzleProgress {
        rating: 900.0,
        ..PuzzleProgress::default()
    };
    let strong = PuzzleProgress {
        rating: 2000.0,
        ..PuzzleProgress::default()
    };
    let easy = puzzles[next_puzzle(&weak, &puzzles).unwrap()].rating;
    let hard = puzzles[next_puzzle(&strong, &puzzles).unwrap()].rating;
    assert!(easy < hard, "{easy} {hard}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the results, the rating stays a sensible number; a win never lowers it and a
    /// loss never raises it; a puzzle is rated once.
    #[test]
    fn ratings_stay_sane(results in proptest::collection::vec((400u32..2800, any::<bool>(), 0usize..30), 1..60)) {
        let puzzles = shipped();
        let mut progress = PuzzleProgress::default();
        for (rating, clean, pick) in results {
            let mut p = puzzles[pick % puzzles.len()].clone();
            p.rating = rating;
            let was_rated = progress.rated.contains(&p.id());
            let change = progress.record(&p, clean);
            prop_assert!(progress.is_valid(), "{progress:?}");
            prop_assert_eq!(change.rated, !was_rated);
            if clean {
                prop_assert!(change.after >= change.before);
                prop_assert!(progress.solved.contains(&p.id()));
            } else {
                prop_assert!(change.after <= change.before);
                prop_assert_eq!(progress.streak, 0);
            }
            prop_assert!(progress.best_streak >= progress.streak);
        }
    }

    /// Against a harder puzzle a win gains more and a loss costs less.
    #[test]
    fn harder_puzzles_count_more(rating in 800f64..2200.0, low in 600u32..1500, extra in 100u32..1000) {
        let p = shipped()[0].clone();
        let result = |puzzle_rating: u32, clean: bool| {
            let mut progress = PuzzleProgress { rating, ..PuzzleProgress::default() };
            let mut q = p.clone();
            q.rating = puzzle_rating;
            let c = progress.record(&q, clean);
            c.after - c.before
        };
        prop_assert!(result(low + extra, true) > result(low, true));
        prop_assert!(result(low + extra, false) > result(low, false));
        prop_assert!(PUZZLE_DEVIATION > 0.0);
    }
}

#[test]
fn puzzle_lines_round_trip() {
    for p in shipped().iter().take(50) {
        let again = parse_line(&p.to_line()).unwrap();
        assert_eq!(again.position, p.position);
        assert_eq!(again.solution, p.solution);
        assert_eq!(again.id(), p.id());
    }
}
