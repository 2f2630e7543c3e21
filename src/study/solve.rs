//! Exact searches that prove puzzles, independent of the engine's evaluation and pruning (so an
//! engine change cannot break the shipped puzzles, and the proofs mean what they say):
//!
//! * [`MateSolver`] decides whether the side to move forces a win — the opponent left without a
//!   legal move, checkmated or not — within `n` of its own moves, by trying every move.
//! * [`MaterialSearch`] is a full-width minimax to a fixed depth on material alone, with a
//!   capture search at the leaves: what a "gain of two pawns" means, exactly, at a puzzle's
//!   length.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::engine::VALUE;
use crate::rules::game::HALFMOVE_LIMIT;
use crate::rules::{MAX_MOVES, Move, MoveList, PieceKind, Position, Side};

/// Longest forced win a puzzle may ask for, in the solver's moves.
pub const MAX_WIN_MOVES: u32 = 4;

/// Scores beyond this are forced ends (in [`MaterialSearch`]).
pub const WIN: i32 = 100_000;

/// A hasher for keys that are already Zobrist hashes.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A position's table key: its hash, told apart by the half-move clock (which decides draws).
fn key(pos: &Position) -> u64 {
    pos.hash() ^ u64::from(pos.halfmove_clock()).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// What is known about a position: won within `win` moves (0: not known), not won within
/// `no_win` moves.
#[derive(Copy, Clone, Default)]
struct Known {
    win: u8,
    no_win: u8,
}

/// Proves forced wins by exhaustive search. Repetitions need no care: a shortest win never
/// repeats a position, so "a win within `n`" is the same with or without the repetition rule.
/// The 100-half-move rule is applied (a puzzle may start late in that count).
#[derive(Default)]
pub struct MateSolver {
    known: KeyMap<Known>,
    /// The defender's reply that last refuted a move, per remaining depth: tried first.
    killers: [Option<Move>; MAX_WIN_MOVES as usize + 2],
    /// Positions visited, for reports.
    pub nodes: u64,
}

impl MateSolver {
    /// A solver with an empty table.
    pub fn new() -> MateSolver {
        MateSolver::default()
    }

    /// Whether the side to move in `pos` forces the opponent out of legal moves within `n` of
    /// its own moves (`n` is capped at 255; the cost grows like the number of moves to the
    /// power `n`, so keep it small).
    pub fn wins_within(&mut self, pos: &mut Position, n: u32) -> bool {
        let n = n.min(u32::from(u8::MAX));
        if n == 0 {
            return false;
        }
        let k = key(pos);
        let known = self.known.get(&k).copied().unwrap_or_default();
        if known.win != 0 && u32::from(known.win) <= n {
            return true;
        }
        if u32::from(known.no_win) >= n {
            return false;
        }
        let won = self.search(pos, n);
        let entry = self.known.entry(k).or_default();
        if won {
            if entry.win == 0 || u32::from(entry.win) > n {
                entry.win = n as u8;
            }
        } else {
            entry.no_win = entry.no_win.max(n as u8);
        }
        won
    }

    fn search(&mut self, pos: &mut Position, n: u32) -> bool {
        self.nodes += 1;
        if pos.halfmove_clock() >= HALFMOVE_LIMIT {
            // Drawn (or lost, with no move): no win either way.
            return false;
        }
        let moves = pos.legal_moves();
        // Immediate wins first: they are cheap to find and end the search. Checks are noted
        // on the way, to be tried first below (they are likelier to win).
        let mut checks = [false; MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            let undo = pos.make_move(mv);
            let ends = !pos.has_legal_move();
            checks[i] = !ends && n > 1 && pos.in_check();
            pos.unmake_move(mv, undo);
            if ends {
                return true;
            }
        }
        if n == 1 {
            return false;
        }
        for checking in [true, false] {
            for (i, &mv) in moves.iter().enumerate() {
                if checks[i] == checking && self.move_wins(pos, mv, n) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `mv` (legal in `pos`) wins within `n` moves, itself included.
    pub fn move_wins(&mut self, pos: &mut Position, mv: Move, n: u32) -> bool {
        if n == 0 {
            return false;
        }
        let undo = pos.make_move(mv);
        let won = self.defender_loses(pos, n - 1);
        pos.unmake_move(mv, undo);
        won
    }

    /// Whether the side to move in `pos` (the defender) is out of legal moves now or after every
    /// reply within `n` more moves of the other side.
    pub fn defender_loses(&mut self, pos: &mut Position, n: u32) -> bool {
        let replies = pos.legal_moves();
        if replies.is_empty() {
            return true;
        }
        if n == 0 || pos.halfmove_clock() >= HALFMOVE_LIMIT {
            return false;
        }
        let slot = (n as usize).min(self.killers.len() - 1);
        let killer = self.killers[slot];
        let ordered = killer
            .filter(|k| replies.contains(k))
            .into_iter()
            .chain(replies.iter().copied().filter(|&r| Some(r) != killer));
        for reply in ordered {
            let undo = pos.make_move(reply);
            let lost = self.wins_within(pos, n);
            pos.unmake_move(reply, undo);
            if !lost {
                self.killers[slot] = Some(reply);
                return false;
            }
        }
        true
    }

    /// A move that wins within `n` (one that ends the game at once if there is one; checks
    /// next), if any.
    pub fn winning_move(&mut self, pos: &mut Position, n: u32) -> Option<Move> {
        let moves = pos.legal_moves();
        let mut checks = Vec::new();
        let mut others = Vec::new();
        for &mv in moves.iter() {
            let undo = pos.make_move(mv);
            let ends = !pos.has_legal_move();
            let check = pos.in_check();
            pos.unmake_move(mv, undo);
            if ends {
                return Some(mv);
            }
            if check {
                checks.push(mv)
            } else {
                others.push(mv)
            }
        }
        checks.extend(others);
        checks.into_iter().find(|&mv| self.move_wins(pos, mv, n))
    }

    /// The fewest moves (1 to `max`) in which the side to move forces a win, if it can.
    pub fn shortest_win(&mut self, pos: &mut Position, max: u32) -> Option<u32> {
        (1..=max).find(|&n| self.wins_within(pos, n))
    }

    /// The fewest moves in which `mv` wins, itself included (1 to `max`).
    pub fn move_shortest_win(&mut self, pos: &mut Position, mv: Move, max: u32) -> Option<u32> {
        (1..=max).find(|&n| self.move_wins(pos, mv, n))
    }

    /// The replies (legal in `pos`, the defender to move) that hold out longest against a win
    /// within `n`, with that length; `None` when a reply escapes.
    pub fn best_defences(&mut self, pos: &mut Position, n: u32) -> Option<(u32, Vec<Move>)> {
        let replies = pos.legal_moves();
        let mut best = (0, Vec::new());
        for &reply in replies.iter() {
            let undo = pos.make_move(reply);
            let d = self.shortest_win(pos, n);
            pos.unmake_move(reply, undo);
            let d = d?;
            if d > best.0 {
                best = (d, vec![reply]);
            } else if d == best.0 {
                best.1.push(reply);
            }
        }
        Some(best)
    }

    /// A reply to the solver's move that escapes a win within `n` more solver moves, if any.
    pub fn escape(&mut self, pos: &mut Position, n: u32) -> Option<Move> {
        let replies = pos.legal_moves();
        if replies.is_empty() {
            return None;
        }
        if n == 0 {
            return replies.first().copied();
        }
        replies.iter().copied().find(|&reply| {
            let undo = pos.make_move(reply);
            let lost = self.wins_within(pos, n);
            pos.unmake_move(reply, undo);
            !lost
        })
    }
}

/// Material of `side` minus the opponent's, in centipawns (the engine's piece values).
pub fn material_balance(pos: &Position, side: Side) -> i32 {
    let mut total = 0;
    for kind in PieceKind::ALL {
        let value = VALUE[kind.index()];
        let cells = pos.kind_cells(kind);
        let mine = (cells & pos.side_cells(side)).len() as i32;
        let theirs = (cells & pos.side_cells(!side)).len() as i32;
        total += value * (mine - theirs);
    }
    total
}

/// Deepest capture sequence followed at a leaf.
const QUIESCENCE_PLIES: usize = 12;

/// Minimax on material: full width to a fixed depth, then captures and promotions until quiet.
/// Scores are the side to move's material balance (a side without a legal move has lost:
/// `-WIN + ply`; a draw by the 100-half-move rule scores `draw` for White, its negation for
/// Black, so callers can make a draw worth "no gain"). Deterministic: no table, no pruning
/// beyond alpha-beta, so the same question always gets the same answer.
pub struct MaterialSearch {
    /// The score a draw has for White.
    pub draw_for_white: i32,
    /// Positions visited, for reports.
    pub nodes: u64,
}

impl MaterialSearch {
    /// A search in which a draw is worth `draw_for_white` to White.
    pub fn new(draw_for_white: i32) -> MaterialSearch {
        MaterialSearch {
            draw_for_white,
            nodes: 0,
        }
    }

    fn draw(&self, side: Side) -> i32 {
        match side {
            Side::White => self.draw_for_white,
            Side::Black => -self.draw_for_white,
        }
    }

    /// The value of `pos` for the side to move, searched `depth` half-moves full width, within
    /// `(alpha, beta)` (a fail-soft bound outside it).
    pub fn value(&mut self, pos: &mut Position, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.negamax(pos, depth, alpha, beta, 0)
    }

    /// The exact value for the side to move of playing `mv` in `pos` with `depth` half-moves
    /// after it.
    pub fn move_value(&mut self, pos: &mut Position, mv: Move, depth: u32) -> i32 {
        let undo = pos.make_move(mv);
        let v = -self.negamax(pos, depth, -WIN - 1, WIN + 1, 1);
        pos.unmake_move(mv, undo);
        v
    }

    /// The best move for the side to move with `depth` half-moves after it, and its value.
    pub fn best_move(&mut self, pos: &mut Position, depth: u32) -> Option<(Move, i32)> {
        let moves = pos.legal_moves();
        let mut best: Option<(Move, i32)> = None;
        for mv in ordered(pos, &moves, false) {
            let alpha = best.map_or(-WIN - 1, |(_, v)| v);
            let undo = pos.make_move(mv);
            let v = -self.negamax(pos, depth, -WIN - 1, -alpha, 1);
            pos.unmake_move(mv, undo);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((mv, v));
            }
        }
        best
    }

    /// Whether `mv` reaches at least `threshold` for the side to move (a null-window test,
    /// cheaper than the exact value).
    pub fn move_reaches(
        &mut self,
        pos: &mut Position,
        mv: Move,
        depth: u32,
        threshold: i32,
    ) -> bool {
        let undo = pos.make_move(mv);
        let v = -self.negamax(pos, depth, -threshold, -threshold + 1, 1);
        pos.unmake_move(mv, undo);
        v >= threshold
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return -WIN + ply as i32;
        }
        if pos.halfmove_clock() >= HALFMOVE_LIMIT {
            return self.draw(pos.turn());
        }
        if depth == 0 {
            return self.quiesce(pos, &moves, alpha, beta, ply, 0);
        }
        let mut best = -WIN - 1;
        for mv in ordered(pos, &moves, false) {
            let undo = pos.make_move(mv);
            let v = -self.negamax(pos, depth - 1, -beta, -alpha, ply + 1);
            pos.unmake_move(mv, undo);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Captures and promotions only (every move when in check), standing pat on the material
    /// balance otherwise. `moves` are the legal moves of `pos` (not empty).
    fn quiesce(
        &mut self,
        pos: &mut Position,
        moves: &MoveList,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        q: usize,
    ) -> i32 {
        let in_check = pos.in_check();
        let stand = material_balance(pos, pos.turn());
        if q >= QUIESCENCE_PLIES {
            return stand;
        }
        let mut best = if in_check { -WIN - 1 } else { stand };
        if best >= beta {
            return best;
        }
        alpha = alpha.max(best);
        for mv in ordered(pos, moves, !in_check) {
            let undo = pos.make_move(mv);
            self.nodes += 1;
            let replies = pos.legal_moves();
            let v = if replies.is_empty() {
                WIN - ply as i32 - 1
            } else if pos.halfmove_clock() >= HALFMOVE_LIMIT {
                -self.draw(pos.turn())
            } else {
                -self.quiesce(pos, &replies, -beta, -alpha, ply + 1, q + 1)
            };
            pos.unmake_move(mv, undo);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// `moves` with captures first (most valuable victim, then least valuable attacker), then
/// promotions, then the rest; with `noisy_only`, only captures and promotions.
fn ordered(pos: &Position, moves: &MoveList, noisy_only: bool) -> Vec<Move> {
    let mut scored: Vec<(i32, Move)> = moves
        .iter()
        .filter_map(|&mv| {
            let victim = pos.piece_at(mv.to).map(|p| VALUE[p.kind.index()]);
            let promotion = mv.promotion.map(|k| VALUE[k.index()]);
            if noisy_only && victim.is_none() && promotion.is_none() {
                return None;
            }
            let attacker = pos.piece_at(mv.from).map_or(0, |p| VALUE[p.kind.index()]);
            let score = match (victim, promotion) {
                (Some(v), p) => 10_000 + 10 * v - attacker / 10 + p.unwrap_or(0),
                (None, Some(p)) => 5_000 + p,
                (None, None) => 0,
            };
            Some((score, mv))
        })
        .collect();
    scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
    scored.into_iter().map(|(_, mv)| mv).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// `Qa4-d4 Rk3-k2 j2xk2=Q#` (the records tests' promotion mate).
    const PROMOTION: &str = "k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 0 1";

    #[test]
    fn finds_the_records_promotion_mate() {
        // After `Qa4-d4 Rk3-k2`, `j2xk2=Q#` mates at once; the solver finds it, and only it.
        let mut p = pos(PROMOTION);
        for text in ["Qa4-d4", "Rk3-k2"] {
            let mv = p.parse_move(text).unwrap();
            p.make_move(mv);
        }
        let before = p.clone();
        let mut solver = MateSolver::new();
        assert_eq!(solver.shortest_win(&mut p, 3), Some(1));
        let mate = p.parse_move("j2xk2=Q#").unwrap();
        assert!(solver.move_wins(&mut p, mate, 1));
        let others: Vec<Move> = p
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| solver.move_wins(&mut p, m, 1))
            .collect();
        assert!(others.contains(&mate), "{others:?}");
        // The searches leave the position as they found it.
        assert_eq!(p, before);
    }

    #[test]
    fn no_win_from_the_start() {
        let mut p = Position::start();
        let mut solver = MateSolver::new();
        assert_eq!(solver.shortest_win(&mut p, 2), None);
        assert_eq!(p, Position::start());
    }

    #[test]
    fn material_search_sees_a_hanging_piece() {
        // Black's Queen on d4 can be taken by White's Queen on a4? Use a plain position: the
        // start, where nothing hangs, is worth 0 at any small depth.
        let mut p = Position::start();
        let mut search = MaterialSearch::new(0);
        assert_eq!(search.value(&mut p, 2, -WIN - 1, WIN + 1), 0);
        assert_eq!(material_balance(&p, Side::White), 0);
    }
}
