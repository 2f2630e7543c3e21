//! Evaluations as winning chances: the scale moves are judged on, so that losing a pawn in an
//! equal position weighs more than losing a pawn when a Queen ahead, and a mate in 3 is barely
//! better than a mate in 8 (both win).
//!
//! The curve is lichess's: `50 + 50 · (2 / (1 + e^(−0.00368208 · cp)) − 1)`, with centipawns
//! clamped to ±1000 (97.5 %). A forced mate in `n` counts as `1000 + 100 · (11 − min(n, 10))`
//! centipawns (1100 to 2000: always above any plain evaluation, shorter mates a little higher),
//! and being mated as the negative of that.

use crate::rules::Side;
use crate::rules::record::Eval;

/// Centipawns beyond which an evaluation counts as decided.
const CP_CAP: i32 = 1000;

/// The slope of lichess's winning-chance curve.
const SLOPE: f64 = 0.003_682_08;

/// Centipawns standing for an evaluation on the winning-chance scale.
fn equivalent_cp(eval: Eval) -> i32 {
    match eval {
        Eval::Centipawns(cp) => cp.clamp(-CP_CAP, CP_CAP),
        Eval::Mate(n) => {
            let value = CP_CAP + 100 * (11 - n.unsigned_abs().min(10) as i32);
            // `Mate(0)`: the side to move has no move, so it has lost.
            if n > 0 { value } else { -value }
        }
    }
}

/// The winning chance, 0 to 100, of the side whose point of view `eval` takes (`Mate(0)`: that
/// side is to move with no legal move, which loses).
pub fn win_chance(eval: Eval) -> f64 {
    let cp = f64::from(equivalent_cp(eval));
    50.0 + 50.0 * (2.0 / (1.0 + (-SLOPE * cp).exp()) - 1.0)
}

/// `eval` (White's point of view) from `side`'s point of view.
pub fn mover_eval(eval: Eval, side: Side) -> Eval {
    match (side, eval) {
        (Side::White, e) => e,
        (Side::Black, Eval::Centipawns(cp)) => Eval::Centipawns(cp.saturating_neg()),
        (Side::Black, Eval::Mate(n)) => Eval::Mate(n.saturating_neg()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_follow_the_evaluation() {
        assert!((win_chance(Eval::Centipawns(0)) - 50.0).abs() < 1e-9);
        let mut last = -1.0;
        for cp in (-1200..=1200).step_by(50) {
            let c = win_chance(Eval::Centipawns(cp));
            assert!(c >= last && (0.0..=100.0).contains(&c), "{cp}: {c}");
            last = c;
        }
        // Symmetric: one side's chance is the other's complement.
        for e in [Eval::Centipawns(130), Eval::Mate(3), Eval::Mate(-12)] {
            let flipped = mover_eval(e, Side::Black);
            assert!(
                (win_chance(e) + win_chance(flipped) - 100.0).abs() < 1e-9,
                "{e}"
            );
        }
    }

    #[test]
    fn mates_rank_above_every_plain_evaluation() {
        let best_plain = win_chance(Eval::Centipawns(5000));
        assert!(win_chance(Eval::Mate(30)) > best_plain);
        assert!(win_chance(Eval::Mate(1)) > win_chance(Eval::Mate(5)));
        assert!(win_chance(Eval::Mate(-1)) < win_chance(Eval::Mate(-5)));
        assert!(win_chance(Eval::Mate(-30)) < win_chance(Eval::Centipawns(-5000)));
        assert!(win_chance(Eval::Mate(0)) < win_chance(Eval::Mate(-1)));
        // A pawn matters in a level game, hardly at all a Queen ahead.
        let level = win_chance(Eval::Centipawns(0)) - win_chance(Eval::Centipawns(-100));
        let ahead = win_chance(Eval::Centipawns(700)) - win_chance(Eval::Centipawns(600));
        assert!(level > 8.0 && ahead < 3.0, "{level} {ahead}");
    }
}
