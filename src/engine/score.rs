//! Score conventions: centipawns from the side to move's point of view, with mate scores near
//! [`MATE`] so that a faster win scores higher than a slower one. [`Score`] is the form shown to
//! people and other programs (`+0.35`, `#3`; UCI's `cp 35`, `mate 3`).

use std::cmp::Ordering;
use std::fmt;
use std::ops::Neg;

/// The score of winning right now; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;

/// Above every real score: the initial search window.
pub const INFINITE: i32 = 32_000;

/// Scores beyond this (in absolute value) are wins or losses, not evaluations.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// A draw (repetition, 100 half-moves).
pub const DRAW: i32 = 0;

/// The score of the side to move when it has no legal move at `ply` (it has lost).
#[inline]
pub const fn lost_at(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Whether `score` announces a forced win or loss.
#[inline]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Full moves to the forced end: positive when the side to move wins, negative when it loses.
pub fn moves_to_mate(score: i32) -> Option<i32> {
    if !is_mate(score) {
        return None;
    }
    let plies = MATE - score.abs();
    Some(if score > 0 {
        (plies + 1) / 2
    } else {
        -(plies / 2).max(1)
    })
}

/// A search score as players read it, from the side to move's point of view.
///
/// Ordered from worst to best: being mated soon < being mated later < any centipawn score <
/// mating later < mating soon. Negating it gives the opponent's view (for a White-side eval bar:
/// `if turn == Side::Black { -score }`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Score {
    /// Centipawns (a pawn is 100).
    Cp(i32),
    /// Full moves to a forced end: positive when the side to move mates (or leaves the opponent
    /// without moves), negative when it is mated. Never 0.
    Mate(i32),
}

impl Score {
    /// The score of a search value (centipawns, or near ±[`MATE`] for a forced end).
    pub fn from_value(value: i32) -> Score {
        match moves_to_mate(value) {
            Some(n) => Score::Mate(n),
            None => Score::Cp(value),
        }
    }

    /// Centipawns, with forced ends clamped to ±`cap` (for eval bars and graphs).
    pub fn clamped_cp(self, cap: i32) -> i32 {
        match self {
            Score::Cp(cp) => cp.clamp(-cap, cap),
            Score::Mate(n) if n > 0 => cap,
            Score::Mate(_) => -cap,
        }
    }

    /// A number that sorts like the score (mates beyond every centipawn score).
    fn rank(self) -> i64 {
        match self {
            Score::Cp(cp) => i64::from(cp),
            Score::Mate(n) if n > 0 => i64::MAX / 2 - i64::from(n),
            Score::Mate(n) => i64::MIN / 2 - i64::from(n),
        }
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Neg for Score {
    type Output = Score;

    fn neg(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(cp.saturating_neg()),
            Score::Mate(n) => Score::Mate(n.saturating_neg()),
        }
    }
}

/// Pawns with a sign and two decimals (`+0.35`, `-1.20`, `0.00`), or `#3` / `#-3` for a forced
/// end.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Mate(n) => write!(f, "#{n}"),
            Score::Cp(0) => f.write_str("0.00"),
            Score::Cp(cp) => {
                let sign = if cp > 0 { '+' } else { '-' };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
        }
    }
}

/// A score as the transposition table keeps it: mate distances from the stored node.
#[inline]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`]: mate distances from the root again.
#[inline]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances() {
        assert_eq!(moves_to_mate(MATE - 1), Some(1));
        assert_eq!(moves_to_mate(MATE - 3), Some(2));
        assert_eq!(moves_to_mate(lost_at(2)), Some(-1));
        assert_eq!(moves_to_mate(lost_at(4)), Some(-2));
        assert_eq!(moves_to_mate(150), None);
        assert_eq!(from_tt(to_tt(MATE - 7, 3), 3), MATE - 7);
        assert_eq!(from_tt(to_tt(-MATE + 7, 3), 3), -MATE + 7);
    }

    #[test]
    fn scores_print_and_order_like_players_expect() {
        let cases = [
            (Score::Cp(35), "+0.35"),
            (Score::Cp(-120), "-1.20"),
            (Score::Cp(-5), "-0.05"),
            (Score::Cp(0), "0.00"),
            (Score::Mate(3), "#3"),
            (Score::Mate(-2), "#-2"),
        ];
        for (score, text) in cases {
            assert_eq!(score.to_string(), text);
        }
        assert_eq!(Score::from_value(MATE - 5), Score::Mate(3));
        assert_eq!(Score::from_value(lost_at(2)), Score::Mate(-1));
        assert_eq!(Score::from_value(-40), Score::Cp(-40));
        let ordered = [
            Score::Mate(-1),
            Score::Mate(-4),
            Score::Cp(-900),
            Score::Cp(0),
            Score::Cp(900),
            Score::Mate(5),
            Score::Mate(1),
        ];
        assert!(ordered.windows(2).all(|w| w[0] < w[1]), "{ordered:?}");
        assert_eq!(-Score::Mate(2), Score::Mate(-2));
        assert_eq!(-Score::Cp(30), Score::Cp(-30));
        assert_eq!(Score::Mate(-3).clamped_cp(1000), -1000);
        assert_eq!(Score::Cp(1500).clamped_cp(1000), 1000);
    }
}
