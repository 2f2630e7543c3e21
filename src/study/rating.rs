//! The player's puzzle record: a Glicko-2 rating (played against each puzzle's rating, as
//! lichess does), the current and best streak, and which puzzles were solved or tried.
//!
//! Each puzzle counts once for the rating: the first time it is finished, solved without a
//! wrong move is a win, anything else a loss; playing it again changes nothing but the streak.
//! A puzzle stands as a Glicko-2 opponent with its rating and a fixed deviation of
//! [`PUZZLE_DEVIATION`] (the estimate is rough, so it is not certain).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::puzzle::Puzzle;

/// The deviation a puzzle's rating is taken to have.
pub const PUZZLE_DEVIATION: f64 = 100.0;

/// A new player's rating and deviation (Glicko-2's defaults).
pub const START_RATING: f64 = 1500.0;
/// …
pub const START_DEVIATION: f64 = 350.0;
/// …
pub const START_VOLATILITY: f64 = 0.06;

/// The player's rating is kept within these bounds (as lichess keeps a floor), so a long run
/// of failures cannot push it anywhere absurd.
pub const MIN_RATING: f64 = 100.0;
/// …
pub const MAX_RATING: f64 = 4000.0;

/// How many of the unsolved puzzles nearest the player's rating [`next_puzzle`] rotates
/// through, so the same few puzzles do not come back in a row.
const NEAREST: usize = 8;

/// The player's puzzle record, as saved in the data folder ([`crate::store::puzzles`]); fields
/// missing from a saved record take their defaults, so older records still load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleProgress {
    /// Glicko-2 rating.
    pub rating: f64,
    /// Glicko-2 rating deviation (uncertainty; shrinks with every rated puzzle).
    pub deviation: f64,
    /// Glicko-2 volatility.
    pub volatility: f64,
    /// Puzzles solved in a row without a wrong move.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// Puzzles finished, counting replays.
    pub played: u32,
    /// Ids ([`Puzzle::id`]) of the puzzles solved without a wrong move.
    pub solved: BTreeSet<String>,
    /// Ids of every puzzle that has been rated (solved or not).
    pub rated: BTreeSet<String>,
}

impl Default for PuzzleProgress {
    fn default() -> PuzzleProgress {
        PuzzleProgress {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
            streak: 0,
            best_streak: 0,
            played: 0,
            solved: BTreeSet::new(),
            rated: BTreeSet::new(),
        }
    }
}

/// What finishing a puzzle changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// Rating before.
    pub before: f64,
    /// Rating after (the same when the puzzle had been rated before).
    pub after: f64,
    /// Whether this attempt counted for the rating.
    pub rated: bool,
}

impl RatingChange {
    /// The change, rounded, for display (`+12`, `-8`, `0`).
    pub fn delta(&self) -> i32 {
        (self.after.round() - self.before.round()) as i32
    }
}

impl PuzzleProgress {
    /// The rating as skillratings sees it.
    pub fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// Whether the numbers are usable (a hand-edited or damaged file may hold anything).
    pub fn is_valid(&self) -> bool {
        let finite =
            self.rating.is_finite() && self.deviation.is_finite() && self.volatility.is_finite();
        finite
            && (MIN_RATING..=MAX_RATING).contains(&self.rating)
            && self.deviation > 0.0
            && self.deviation <= 1000.0
            && self.volatility > 0.0
            && self.volatility < 1.0
            && self.best_streak >= self.streak
    }

    /// Records a finished puzzle: `clean` when solved without a wrong move.
    pub fn record(&mut self, puzzle: &Puzzle, clean: bool) -> RatingChange {
        let id = puzzle.id();
        let before = self.rating;
        self.played = self.played.saturating_add(1);
        if clean {
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
            self.solved.insert(id.clone());
        } else {
            self.streak = 0;
        }
        let rated = self.rated.insert(id);
        if rated {
            let opponent = Glicko2Rating {
                rating: f64::from(puzzle.rating),
                deviation: PUZZLE_DEVIATION,
                volatility: START_VOLATILITY,
            };
            let outcome = if clean { Outcomes::WIN } else { Outcomes::LOSS };
            let (new, _) = glicko2(&self.glicko(), &opponent, &outcome, &Glicko2Config::new());
            if new.rating.is_finite() && new.deviation.is_finite() && new.volatility.is_finite() {
                self.rating = new.rating.clamp(MIN_RATING, MAX_RATING);
                self.deviation = new.deviation;
                self.volatility = new.volatility;
            }
        }
        RatingChange {
            before,
            after: self.rating,
            rated,
        }
    }
}

/// The puzzle to offer next: an unsolved one near the player's rating (rotating through the
/// [`NEAREST`] closest, by how many puzzles have been played), or, once all are solved, any
/// near the rating. `None` only when `puzzles` is empty.
pub fn next_puzzle(progress: &PuzzleProgress, puzzles: &[Puzzle]) -> Option<usize> {
    let distance = |p: &Puzzle| (f64::from(p.rating) - progress.rating).abs();
    let mut pool: Vec<(usize, String)> = puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| (i, p.id()))
        .filter(|(_, id)| !progress.solved.contains(id) && !progress.rated.contains(id))
        .collect();
    if pool.is_empty() {
        pool = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.id()))
            .filter(|(_, id)| !progress.solved.contains(id))
            .collect();
    }
    if pool.is_empty() {
        pool = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.id()))
            .collect();
    }
    let mut indices: Vec<usize> = pool.into_iter().map(|(i, _)| i).collect();
    indices.sort_by(|&a, &b| {
        distance(&puzzles[a])
            .total_cmp(&distance(&puzzles[b]))
            .then(a.cmp(&b))
    });
    indices.truncate(NEAREST);
    if indices.is_empty() {
        return None;
    }
    Some(indices[progress.played as usize % indices.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puzzle number `i` (0–19): a distinct position for each (a White pawn somewhere on row e
    /// or g), which is all the rating needs.
    fn puzzle(rating: u32, i: u32) -> Puzzle {
        let run = |n: u32| if n == 0 { String::new() } else { n.to_string() };
        let row = |k: u32| format!("{}P{}", run(k), run(9 - k));
        let (e, g) = if i < 10 {
            (row(i), "10".to_string())
        } else {
            ("10".to_string(), row(i - 10))
        };
        let text = format!("k1r3/1P2/8/5/{g}/6/{e}/5/8/4/3QK1 w 0 1");
        Puzzle {
            position: text.parse().unwrap_or_else(|e| panic!("{text}: {e}")),
            solution: Vec::new(),
            theme: crate::study::Theme::Mate,
            rating,
            line: i as usize + 1,
        }
    }

    #[test]
    fn wins_raise_the_rating_and_losses_lower_it() {
        let mut progress = PuzzleProgress::default();
        let up = progress.record(&puzzle(1500, 1), true);
        assert!(up.rated && up.after > up.before, "{up:?}");
        assert!(progress.deviation < START_DEVIATION);
        assert_eq!((progress.streak, progress.best_streak), (1, 1));
        let mut other = PuzzleProgress::default();
        let down = other.record(&puzzle(1500, 1), false);
        assert!(down.after < down.before, "{down:?}");
        assert_eq!(other.streak, 0);
        assert!(other.solved.is_empty() && other.rated.len() == 1);
    }

    #[test]
    fn beating_a_harder_puzzle_gains_more() {
        let gain = |rating| {
            let mut p = PuzzleProgress::default();
            p.record(&puzzle(rating, 1), true).delta()
        };
        assert!(gain(2200) > gain(1500));
        assert!(gain(1500) > gain(800));
        let loss = |rating| {
            let mut p = PuzzleProgress::default();
            p.record(&puzzle(rating, 1), false).delta()
        };
        assert!(loss(800) < loss(2200), "failing an easy puzzle costs more");
    }

    #[test]
    fn a_puzzle_counts_for_the_rating_once() {
        let mut progress = PuzzleProgress::default();
        let p = puzzle(1500, 1);
        progress.record(&p, false);
        let again = progress.record(&p, true);
        assert!(!again.rated);
        assert_eq!(again.after, again.before);
        assert_eq!(progress.streak, 1);
        assert_eq!(progress.played, 2);
        assert!(progress.is_valid());
    }

    #[test]
    fn the_next_puzzle_is_unsolved_and_near_the_rating() {
        let puzzles: Vec<Puzzle> = (0..20).map(|i| puzzle(700 + 100 * i, i)).collect();
        let mut progress = PuzzleProgress::default();
        let first = next_puzzle(&progress, &puzzles).unwrap();
        assert!((f64::from(puzzles[first].rating) - 1500.0).abs() <= 400.0);
        // Solving puzzles never offers them again while others are left.
        for _ in 0..19 {
            let i = next_puzzle(&progress, &puzzles).unwrap();
            assert!(!progress.rated.contains(&puzzles[i].id()));
            progress.record(&puzzles[i], true);
        }
        let last = next_puzzle(&progress, &puzzles).unwrap();
        assert!(!progress.rated.contains(&puzzles[last].id()));
        progress.record(&puzzles[last], true);
        // All solved: still an answer.
        assert!(next_puzzle(&progress, &puzzles).is_some());
        assert_eq!(next_puzzle(&progress, &[]), None);
    }
}
