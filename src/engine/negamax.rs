//! Principal-variation alpha-beta search below the root, with a transposition table, null-move
//! pruning (guarded against zugzwang, which matters here: having no move loses), late-move
//! reductions and pruning, and futility pruning near the leaves.

use std::sync::LazyLock;

use crate::rules::{CellSet, Move};

use super::eval::has_pieces;
use super::ordering::{MAX_PLY, pick};
use super::score::{DRAW, INFINITE, MATE_BOUND, is_mate, lost_at};
use super::search::{Frame, Searcher};
use super::tt::Bound;

/// Half-moves without capture or pawn move that make a draw (rule book §6).
const HALFMOVE_LIMIT: u32 = crate::rules::game::HALFMOVE_LIMIT;

/// Late-move reductions by depth and move number.
static REDUCTIONS: LazyLock<[[u8; 64]; 64]> = LazyLock::new(|| {
    let mut table = [[0u8; 64]; 64];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (index, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.5 + (depth as f64).ln() * (index as f64).ln() / 2.2) as u8;
        }
    }
    table
});

/// What the move loop needs to know about its node.
#[derive(Copy, Clone)]
struct Node {
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    pv_node: bool,
    in_check: bool,
    static_eval: i32,
    hash_move: Option<Move>,
}

impl Searcher<'_> {
    /// Alpha-beta search of the position now, `ply` half-moves below the root.
    pub fn negamax(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.visit(ply) {
            return DRAW;
        }
        let in_check = self.in_check();
        if self.repeated() {
            return DRAW;
        }
        if self.pos.halfmove_clock() >= HALFMOVE_LIMIT {
            return if self.pos.has_legal_move() {
                DRAW
            } else {
                lost_at(ply)
            };
        }
        if ply >= MAX_PLY - 2 {
            return self.evals.evaluate(&self.pos);
        }
        // Mate-distance pruning: nothing here can beat a mate already found nearer the root.
        alpha = alpha.max(lost_at(ply));
        beta = beta.min(-lost_at(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply);
        }

        let key = self.pos.hash();
        let hit = self.tt.probe(key, ply);
        let hash_move = hit.and_then(|h| h.mv);
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
        {
            let fits = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= beta,
                Bound::Upper => h.score <= alpha,
            };
            if fits {
                return h.score;
            }
        }

        let us = self.pos.turn();
        let static_eval = if in_check {
            -INFINITE
        } else {
            self.evals.evaluate(&self.pos)
        };
        let has_pieces = has_pieces(&self.pos, us);

        if !pv_node && !in_check && !is_mate(beta) {
            // Reverse futility: far above beta with little depth left, a quiet move will do.
            if depth <= 3 && has_pieces && static_eval - 120 * depth >= beta {
                return static_eval;
            }
            // Null move: give the opponent a free move; if we still stay above beta, cut. Only
            // with pieces on the board, where being forced to move (zugzwang) is rare.
            let after_null = self.barrier > 0 && self.barrier == self.path.len() - 1;
            if depth >= 3 && has_pieces && static_eval >= beta && !after_null {
                let r = 3 + depth / 5;
                let saved = self.barrier;
                self.pos.set_turn(!us);
                self.path.push(self.pos.hash());
                self.barrier = self.path.len() - 1;
                let score = -self.negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                self.pos.set_turn(us);
                self.barrier = saved;
                if self.stopped {
                    return DRAW;
                }
                if score >= beta {
                    return if is_mate(score) { beta } else { score };
                }
            }
        }

        let mut frame = self.take_frame(ply);
        self.pos.generate_moves(CellSet::ALL, &mut frame.moves);
        if frame.moves.is_empty() {
            self.frames[ply] = Some(frame);
            // No legal move loses, in check or not.
            return lost_at(ply);
        }
        let node = Node {
            depth,
            alpha,
            beta,
            ply,
            pv_node,
            in_check,
            static_eval,
            hash_move,
        };
        let (best, best_move) = self.search_moves(&mut frame, node);
        self.frames[ply] = Some(frame);
        if self.stopped {
            return DRAW;
        }
        let original_alpha = alpha;
        if best == -INFINITE {
            // Every move was pruned as hopeless: alpha is an upper bound on this node.
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, depth, best, bound, best_move);
        best
    }

    /// The move loop of [`Searcher::negamax`]: the best score and the move that raised alpha.
    fn search_moves(&mut self, frame: &mut Frame, node: Node) -> (i32, Option<Move>) {
        let Node {
            depth,
            mut alpha,
            beta,
            ply,
            pv_node,
            in_check,
            static_eval,
            hash_move,
        } = node;
        let us = self.pos.turn();
        let Frame { moves, scores } = frame;
        self.heuristics
            .score(&self.pos, moves, hash_move, ply, &mut scores[..moves.len()]);
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried = [moves[0]; 64];
        let mut quiet_count = 0;
        let futile = !in_check && depth <= 2 && static_eval + 100 + 120 * depth <= alpha;
        for index in 0..moves.len() {
            let mv = pick(moves, scores, index);
            let quiet = !self.pos.is_capture(mv) && mv.promotion.is_none();
            let late = quiet && index > 0 && !in_check && best > -MATE_BOUND;
            let undo = self.make(mv);
            let gives_check = self.pos.in_check();
            self.known_check = (self.pos.hash(), gives_check);
            // Late-move pruning and futility: at low depth, quiet moves far down the list or far
            // below alpha rarely matter. Checks are kept: mates hide among them.
            if late
                && !gives_check
                && ((futile) || (!pv_node && depth <= 3 && index >= 4 + 4 * depth as usize))
            {
                self.unmake(mv, undo);
                continue;
            }
            let mut score;
            if index == 0 {
                score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, pv_node);
            } else {
                let mut r = 0;
                if late && depth >= 3 && !gives_check && index >= 3 {
                    r = REDUCTIONS[depth.min(63) as usize][index.min(63)] as i32;
                    if pv_node || self.heuristics.is_killer(ply, mv) {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                score = -self.negamax(depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
                if score > alpha && r > 0 {
                    score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if score > alpha && score < beta && pv_node {
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.unmake(mv, undo);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if quiet {
                            let tried = &quiets_tried[..quiet_count];
                            self.heuristics.cutoff(us, ply, depth, mv, tried);
                        }
                        break;
                    }
                }
            }
            if quiet && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = mv;
                quiet_count += 1;
            }
        }
        (best, best_move)
    }
}
