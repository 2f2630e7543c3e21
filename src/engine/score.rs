//! Score conventions: centipawns from the side to move's point of view, with mate scores near
//! [`MATE`] so that a faster win scores higher than a slower one.

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
}
