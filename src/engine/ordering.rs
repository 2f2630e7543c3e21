//! Move ordering: the hash move first, then winning captures by most valuable victim / least
//! valuable attacker, killer moves, quiet moves by history, and losing captures last. Alpha-beta
//! prunes most when the best move comes first.

use crate::rules::{Move, MoveList, PieceKind, Position, Side};

use super::see::see;

/// Deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 128;

const HASH_MOVE: i32 = 10_000_000;
const GOOD_CAPTURE: i32 = 5_000_000;
const QUEEN_PROMOTION: i32 = 4_900_000;
const KILLER: [i32; 2] = [4_000_000, 3_900_000];
const BAD_CAPTURE: i32 = -1_000_000;
const UNDER_PROMOTION: i32 = -2_000_000;
/// History scores stay within ± this.
const HISTORY_MAX: i32 = 16_384;

/// What the search learns about quiet moves while it runs.
pub(crate) struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Indexed by side, from cell and to cell.
    history: Vec<i32>,
}

#[inline]
fn history_index(side: Side, mv: Move) -> usize {
    (side.index() * 72 + mv.from.index()) * 72 + mv.to.index()
}

impl Heuristics {
    /// Empty heuristics.
    pub fn new() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * 72 * 72],
        }
    }

    /// Forgets killers and softens history between searches, keeping what still applies.
    pub fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        for h in &mut self.history {
            *h /= 4;
        }
    }

    /// Forgets everything (a new game), so results do not depend on earlier games.
    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        self.history.fill(0);
    }

    /// Whether `mv` is a killer move at `ply`.
    #[inline]
    pub fn is_killer(&self, ply: usize, mv: Move) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    /// Records a quiet move that caused a cut-off, and penalises the quiet moves tried before it.
    pub fn cutoff(&mut self, side: Side, ply: usize, depth: i32, mv: Move, tried: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let bonus = (depth * depth).min(400);
        self.adjust(side, mv, bonus);
        for &other in tried {
            if other != mv {
                self.adjust(side, other, -bonus);
            }
        }
    }

    #[inline]
    fn adjust(&mut self, side: Side, mv: Move, bonus: i32) {
        let h = &mut self.history[history_index(side, mv)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// An ordering score for every move of `moves`, in the same order.
    pub fn score(
        &self,
        pos: &Position,
        moves: &MoveList,
        hash_move: Option<Move>,
        ply: usize,
        scores: &mut [i32],
    ) {
        let side = pos.turn();
        for (mv, score) in moves.iter().zip(scores.iter_mut()) {
            *score = self.score_one(pos, *mv, hash_move, ply, side);
        }
    }

    #[inline]
    fn score_one(
        &self,
        pos: &Position,
        mv: Move,
        hash_move: Option<Move>,
        ply: usize,
        side: Side,
    ) -> i32 {
        if Some(mv) == hash_move {
            return HASH_MOVE;
        }
        let v = pos.variant();
        // The most valuable promotion (the Queen in Parachess), looked up only for promotions.
        let best = || v.promotions(side).first().copied();
        let promotion = mv.promotion.map_or(0, |k| v.value(k));
        if let Some(victim) = pos.piece_at(mv.to) {
            let attacker = pos.piece_at(mv.from).map_or(PieceKind::Pawn, |p| p.kind);
            let gain = v.value(victim.kind) + promotion;
            let order = 16 * gain - attacker.index() as i32;
            let good = v.value(victim.kind) >= v.value(attacker)
                || attacker == PieceKind::King
                || see(pos, mv) >= 0;
            return if mv.promotion.is_some_and(|k| Some(k) != best()) {
                UNDER_PROMOTION + order
            } else if good {
                GOOD_CAPTURE + order
            } else {
                BAD_CAPTURE + order
            };
        }
        match mv.promotion {
            Some(k) if Some(k) == best() => QUEEN_PROMOTION,
            Some(_) => UNDER_PROMOTION + promotion,
            None => {
                let k = &self.killers[ply];
                if k[0] == Some(mv) {
                    KILLER[0]
                } else if k[1] == Some(mv) {
                    KILLER[1]
                } else {
                    self.history[history_index(side, mv)]
                }
            }
        }
    }
}

/// Takes the best-scored move from `index` on, swapping it into place: a lazy selection sort for
/// the first few moves (after a cut-off the rest never needs sorting), then one full sort of the
/// rest when the node turns out to need every move.
#[inline]
pub(crate) fn pick(moves: &mut MoveList, scores: &mut [i32], index: usize) -> Move {
    const SELECT: usize = 4;
    let n = moves.len();
    if index < SELECT {
        let mut best = index;
        for i in index + 1..n {
            if scores[i] > scores[best] {
                best = i;
            }
        }
        moves.swap(index, best);
        scores.swap(index, best);
    } else if index == SELECT && n > SELECT + 1 {
        // Insertion sort, best first; stable, so equal scores keep generation order.
        for i in SELECT + 1..n {
            let (mv, score) = (moves[i], scores[i]);
            let mut j = i;
            while j > SELECT && scores[j - 1] < score {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            moves[j] = mv;
            scores[j] = score;
        }
    }
    moves[index]
}

/// Whether a move's ordering score marks a capture that loses material.
#[inline]
pub(crate) fn is_bad_capture(score: i32) -> bool {
    (BAD_CAPTURE - 1_000_000..BAD_CAPTURE + 1_000_000).contains(&score)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::CellSet;

    #[test]
    fn hash_move_then_captures_then_quiets() {
        let pos: Position = "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7"
            .parse()
            .unwrap();
        let mut moves = MoveList::new();
        pos.generate_moves(CellSet::ALL, &mut moves);
        let h = Heuristics::new();
        let mut scores = vec![0; moves.len()];
        let hash_move = moves[moves.len() - 1];
        h.score(&pos, &moves, Some(hash_move), 0, &mut scores);
        assert_eq!(pick(&mut moves, &mut scores, 0), hash_move);
        let next = pick(&mut moves, &mut scores, 1);
        assert!(pos.is_capture(next), "{next}");
    }
}
