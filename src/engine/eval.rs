//! Static evaluation: material (the rule book's values), mobility, pawn advancement and King
//! safety, blended between middle game and endgame by the material left on the board.
//!
//! Scores are centipawns from the point of view of the side to move.

use crate::rules::{CellSet, PieceKind, Position, Side};

use super::tables::tables;

/// Parachess's material values in centipawns, indexed by [`PieceKind::index`] (rule book §5;
/// the King is priceless and counts nothing). The evaluation reads its variant's values
/// ([`crate::rules::Variant::value`]), which are these for Parachess's kinds.
pub const VALUE: [i32; 6] = [100, 350, 300, 300, 600, 0];

/// Bonus for the side to move (it can act first).
const TEMPO: i32 = 10;

/// Pawn advancement bonus by steps still needed to promote (index 0 unused on the board).
const ADVANCE_MG: [i32; 9] = [0, 40, 25, 15, 8, 4, 0, 0, 0];
const ADVANCE_EG: [i32; 9] = [0, 90, 60, 38, 22, 10, 4, 0, 0];
/// Extra for a passed pawn (no enemy pawn can stop or take it on its way).
const PASSED_MG: [i32; 9] = [0, 60, 40, 25, 15, 10, 5, 5, 5];
const PASSED_EG: [i32; 9] = [0, 160, 110, 70, 45, 25, 15, 10, 10];

/// Middle-game and endgame parts of a score.
#[derive(Copy, Clone, Default)]
struct Split {
    mg: i32,
    eg: i32,
}

impl Split {
    #[inline]
    fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }
}

/// Whether `side` has a piece besides King and pawns: what makes null-move pruning safe (with a
/// piece to move, being forced to move rarely hurts) and what can never run out of moves.
#[inline]
pub fn has_pieces(pos: &Position, side: Side) -> bool {
    let minor_or_major =
        pos.occupied() & !pos.kind_cells(PieceKind::Pawn) & !pos.kind_cells(PieceKind::King);
    !(pos.side_cells(side) & minor_or_major).is_empty()
}

/// The position's value for the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let t = tables();
    let v = pos.variant();
    let phase_full = v.phase_full;
    let occupied = pos.occupied();
    let pawns = pos.kind_cells(PieceKind::Pawn);
    let mut pawn_attacks = [CellSet::EMPTY; 2];
    for side in Side::BOTH {
        for c in pawns & pos.side_cells(side) {
            pawn_attacks[side.index()] |= t.pawn_attacks[side.index()][c.index()];
        }
    }
    let mut total = [Split::default(); 2];
    let mut danger = [0i32; 2];
    // Non-pawn material of both sides, counted as the pieces are scored.
    let mut phase = 0;
    for side in Side::BOTH {
        let s = side.index();
        let own = pos.side_cells(side);
        let score = &mut total[s];
        let of = |kind: PieceKind| pos.kind_cells(kind) & own;

        let enemy_pawns = pawns & !own;
        let pawn = VALUE[PieceKind::Pawn.index()];
        for c in pawns & own {
            let i = c.index();
            let to_go = t.to_promote[s][i].min(8) as usize;
            score.add(
                pawn + ADVANCE_MG[to_go] + t.centrality[i],
                pawn + ADVANCE_EG[to_go],
            );
            if (t.passed_span[s][i] & enemy_pawns).is_empty() {
                score.add(PASSED_MG[to_go], PASSED_EG[to_go]);
            }
        }

        if let Some(k) = pos.king(side) {
            let i = k.index();
            let shield = (t.king_zone[i] & pawns & own).len().min(3) as i32;
            score.add(
                12 * shield - 12 * t.home_distance[s][i] as i32,
                5 * t.centrality[i],
            );
        }

        let enemy_zone = pos
            .king(!side)
            .map_or(CellSet::EMPTY, |k| t.king_zone[k.index()]);
        let safe = !own & !pawn_attacks[(!side).index()];
        let mut attackers = 0;
        let mut weight = 0;
        let mut piece = |kind: PieceKind, reach: CellSet, score: &mut Split| {
            let value = v.value(kind);
            phase += value;
            let (per_cell, zero) = v.mobility[kind.index()];
            let mobility = per_cell * ((reach & safe).len() as i32 - zero);
            score.add(value + mobility, value + mobility);
            let hits = reach & enemy_zone;
            if !hits.is_empty() {
                attackers += 1;
                weight += v.attack_weight[kind.index()] + hits.len() as i32;
            }
        };
        for &kind in &v.officers {
            let how = v.movement(kind);
            let jumps = &v.jumps[kind.index()];
            if how.slides() && !(how.steps() || how.leaps()) {
                for c in of(kind) {
                    piece(kind, t.slide(c, how, occupied), score);
                }
            } else if how.slides() {
                for c in of(kind) {
                    piece(kind, t.slide(c, how, occupied) | jumps[c.index()], score);
                }
            } else {
                // Leapers and steppers want the centre, where they reach most.
                for c in of(kind) {
                    let centre = t.centrality[c.index()];
                    score.add(4 * centre, 3 * centre);
                    piece(kind, jumps[c.index()], score);
                }
            }
        }
        if attackers >= 2 {
            danger[(!side).index()] = (weight * weight * 3 / 2).min(600);
        }
    }
    let phase = phase.min(phase_full);
    let mut white = [0; 2];
    for side in Side::BOTH {
        let s = side.index();
        let mg = total[s].mg - danger[s];
        white[s] = (mg * phase + total[s].eg * (phase_full - phase)) / phase_full;
    }
    let score = white[0] - white[1];
    let relative = match pos.turn() {
        Side::White => score,
        Side::Black => -score,
    };
    relative + TEMPO
}

/// Recent evaluations by position hash: the quiescence search evaluates the same positions
/// again and again, and a lookup is far cheaper than an evaluation.
pub(crate) struct EvalCache {
    /// Upper 32 bits: the hash's upper half; lower 32 bits: the score.
    slots: Vec<u64>,
}

impl EvalCache {
    const SLOTS: usize = 1 << 16;

    /// An empty cache (512 KB).
    pub fn new() -> EvalCache {
        EvalCache {
            slots: vec![0; Self::SLOTS],
        }
    }

    /// [`evaluate`], remembered.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let hash = pos.hash();
        let slot = &mut self.slots[hash as usize & (Self::SLOTS - 1)];
        let tag = hash & 0xFFFF_FFFF_0000_0000;
        // A tag of zero marks an empty slot; such positions are simply not cached.
        if tag != 0 && *slot & 0xFFFF_FFFF_0000_0000 == tag {
            return *slot as u32 as i32;
        }
        let score = evaluate(pos);
        *slot = tag | score as u32 as u64;
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> i32 {
        evaluate(&text.parse().unwrap())
    }

    #[test]
    fn cache_gives_the_same_scores() {
        let mut cache = EvalCache::new();
        for text in [
            crate::rules::START_TEXT,
            "6/3k/3Q4/5/5K4/6/10/5/8/4/6 b 0 1",
        ] {
            let pos: Position = text.parse().unwrap();
            assert_eq!(cache.evaluate(&pos), evaluate(&pos));
            assert_eq!(cache.evaluate(&pos), evaluate(&pos));
        }
    }

    #[test]
    fn the_side_to_move_is_the_only_asymmetry() {
        // The start is symmetric: the same score whoever is to move.
        let start = Position::start();
        let flipped = start.with_turn(crate::rules::Side::Black).unwrap();
        assert_eq!(evaluate(&start), evaluate(&flipped));
        // In any position, White's view plus Black's view is the same constant (twice the
        // bonus for having the move): the evaluation is otherwise equal and opposite.
        let sums: Vec<i32> = [
            "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7",
            "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1",
            "6/3k/8/5/10/6/10/5/P7/4/3K2 w 0 1",
            crate::rules::START_TEXT,
        ]
        .into_iter()
        .map(|text| {
            let pos: Position = text.parse().unwrap();
            let other = pos.with_turn(!pos.turn()).unwrap();
            evaluate(&pos) + evaluate(&other)
        })
        .collect();
        assert!(sums.windows(2).all(|w| w[0] == w[1]), "{sums:?}");
        assert!(sums[0] > 0, "having the move is worth something");
    }

    #[test]
    fn mirrored_positions_score_the_same() {
        for text in [
            crate::rules::START_TEXT,
            "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7",
            "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1",
            "6/4/1K6/5/k9/6/10/3Q1/8/4/6 b 0 1",
        ] {
            let pos: Position = text.parse().unwrap();
            let e = evaluate(&pos);
            assert_eq!(e, evaluate(&pos.mirror_top_bottom()), "{text}");
            assert_eq!(e, evaluate(&pos.mirror_left_right()), "{text}");
        }
    }

    #[test]
    fn material_counts() {
        // White is a Queen up.
        assert!(eval("6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1") > 400);
        assert!(eval("6/3k/3Q4/5/5K4/6/10/5/8/4/6 b 0 1") < -400);
    }

    #[test]
    fn advanced_pawns_are_worth_more() {
        let far = eval("6/3k/8/5/10/6/10/5/P7/4/3K2 w 0 1");
        let near = eval("6/3k/P7/5/10/6/10/5/8/4/3K2 w 0 1");
        assert!(near > far + 30, "{near} vs {far}");
    }
}
