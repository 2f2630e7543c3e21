//! Game review: the labels agree with the evaluations, the annotated game reads back, and the
//! command's last line says what the marks say.

use crate::common;

use std::path::PathBuf;
use std::time::Duration;

use common::parachess;
use parachess::engine::StopFlag;
use parachess::rules::record::{Eval, Mark};
use parachess::store::read_record_file;
use parachess::study::{Label, ReviewSettings, mover_eval, review, win_chance};

/// A real game: the Easy level (White) against Normal, mated on Black's 22nd move.
const GAME: &str = "tests/data/review/easy-v-normal.pgn";

fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("parachess-review-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn labels_agree_with_the_evaluations() {
    let record = read_record_file(GAME.as_ref()).unwrap();
    let settings = ReviewSettings {
        movetime: Duration::from_millis(20),
        threads: 2,
    };
    let mut seen = Vec::new();
    let r = review(
        &record.game,
        &settings,
        &mut |d, t| seen.push((d, t)),
        &StopFlag::new(),
    )
    .unwrap();
    let plies = record.game.plies().len();
    assert_eq!(r.moves.len(), plies);
    assert_eq!(r.evals.len(), plies + 1);
    // Progress counts every searched position once (the mated one is not searched).
    assert_eq!(seen.first(), Some(&(0, plies)));
    assert_eq!(seen.last(), Some(&(plies, plies)));
    assert!(seen.windows(2).all(|w| w[1].0 == w[0].0 + 1));
    assert_eq!(r.evals.last(), Some(&Eval::Mate(0)));
    assert_eq!(r.white_chances().last(), Some(&0.0), "Black mated White");

    let mut counts = [0u32; 5];
    for (i, m) in r.moves.iter().enumerate() {
        assert_eq!(m.ply, i);
        assert_eq!(m.played, record.game.plies()[i].mv);
        assert_eq!(m.before, r.evals[i]);
        assert_eq!(m.after, r.evals[i + 1]);
        // The loss is the mover's winning chance before minus after (a mate ends at 0 or 100).
        let before = win_chance(mover_eval(m.before, m.side));
        let after = match m.after {
            Eval::Mate(0) => 100.0,
            e => win_chance(mover_eval(e, m.side)),
        };
        assert!((m.loss - (before - after).max(0.0)).abs() < 1e-9, "{m:?}");
        let expected = if m.played == m.best {
            Label::Best
        } else {
            Label::from_loss(m.loss)
        };
        assert_eq!(m.label, expected, "{m:?}");
        assert_eq!(m.better.is_some(), m.label != Label::Best, "{m:?}");
        if let Some(better) = m.better {
            assert_ne!(better, m.played);
            assert_eq!(m.best_line.first(), Some(&better));
        }
        counts[m.label as usize] += 1;
    }
    let both = |f: fn(&parachess::study::SideSummary) -> u32| f(&r.white) + f(&r.black);
    assert_eq!(both(|s| s.best), counts[0]);
    assert_eq!(both(|s| s.good), counts[1]);
    assert_eq!(both(|s| s.inaccuracies), counts[2]);
    assert_eq!(both(|s| s.mistakes), counts[3]);
    assert_eq!(both(|s| s.blunders), counts[4]);
    assert_eq!(both(|s| s.moves), plies as u32);
    for s in [&r.white, &r.black] {
        assert!((0.0..=100.0).contains(&s.accuracy));
        assert!(s.worst.len() <= 3);
        for w in s.worst.windows(2) {
            assert!(r.moves[w[0]].loss >= r.moves[w[1]].loss);
        }
    }
    // The Easy level loses to Normal: it must have made at least one bad move.
    assert!(
        r.white.inaccuracies + r.white.mistakes + r.white.blunders > 0,
        "{:?}",
        r.white
    );
}

#[test]
fn the_annotated_game_reads_back_and_the_last_line_counts_the_marks() {
    let (code, out, err) = parachess(&["review", GAME, "--movetime", "20"]);
    assert_eq!(code, Some(0), "{err}");
    let (record_text, last) = out.trim_end().rsplit_once('\n').unwrap();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(
        (
            words.len(),
            words[0],
            words[2],
            words[4],
            words[6],
            words[8]
        ),
        (
            9,
            "reviewed",
            "moves:",
            "inaccuracies",
            "mistakes",
            "blunders"
        ),
        "{last}"
    );
    let number = |i: usize| words[i].trim_end_matches(':').parse::<usize>().unwrap();
    // The record says the same as the summary: one mark per labelled move, one eval per move.
    let path = temp_file("annotated.pgn", record_text);
    let annotated = read_record_file(&path).unwrap();
    let original = read_record_file(GAME.as_ref()).unwrap();
    assert_eq!(number(1), original.game.plies().len());
    let marks = |m: Mark| annotated.notes.iter().filter(|n| n.mark == Some(m)).count();
    assert_eq!(number(3), marks(Mark::Dubious));
    assert_eq!(number(5), marks(Mark::Mistake));
    assert_eq!(number(7), marks(Mark::Blunder));
    assert_eq!(annotated.notes.len(), original.game.plies().len());
    assert!(annotated.notes.iter().all(|n| n.eval.is_some()));
    assert_eq!(annotated.tags, original.tags);
    // `check-game` accepts it and reaches the same final position.
    let (code, checked, err) = parachess(&["check-game", path.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let (_, original_end, _) = parachess(&["check-game", GAME]);
    assert_eq!(checked, original_end);
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_bad_file_or_option_is_refused() {
    let path = temp_file("broken.pgn", "1. c4-d3 c4-d3 *\n");
    let (code, out, err) = parachess(&["review", path.to_str().unwrap(), "--movetime", "10"]);
    assert_eq!(code, Some(1));
    assert!(out.is_empty() && err.contains(":1:"), "{err}");
    let (code, _, err) = parachess(&["review", GAME, "--movetime", "0"]);
    assert_eq!(code, Some(2), "{err}");
    let (code, _, _) = parachess(&["review", "/nonexistent/game.pgn"]);
    assert_eq!(code, Some(1));
    let _ = std::fs::remove_file(path);
}
