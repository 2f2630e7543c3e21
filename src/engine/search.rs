//! The search's working state and its quiescence search (captures and promotions only, so the
//! evaluation is never taken in the middle of an exchange). The main alpha-beta search is in
//! `negamax.rs`.
//!
//! Terminal rules are the rule book's: a side with no legal move has lost, in check or not; a
//! repeated position and the 100-half-move rule are draws.

use std::time::{Duration, Instant};

use crate::rules::{CellSet, Move, MoveList, Position, board};

use super::eval::{EvalCache, VALUE, has_pieces};
use super::limits::Clock;
use super::ordering::{Heuristics, MAX_PLY, is_bad_capture, pick};
use super::root::Line;
use super::score::{DRAW, INFINITE, lost_at};
use super::smp::Shared;
use super::tt::Table;

/// How often (in nodes) the clock and the stop flag are read.
pub(super) const POLL_INTERVAL: u64 = 2048;

/// Move buffers of one ply, kept between nodes so no node clears kilobytes of memory.
pub(crate) struct Frame {
    pub(super) moves: MoveList,
    pub(super) scores: [i32; crate::rules::MAX_MOVES],
}

/// One search's working state.
pub(crate) struct Searcher<'a> {
    pub(super) pos: Position,
    pub(super) tt: &'a Table,
    pub(super) heuristics: &'a mut Heuristics,
    pub(super) evals: &'a mut EvalCache,
    /// Hashes of the game's positions up to the root, then of the search path.
    pub(super) path: Vec<u64>,
    /// Index of the root position in `path`.
    pub(super) root: usize,
    /// Repetitions are not looked for across a null move: index in `path` of the position after
    /// the most recent one on the current line.
    pub(super) barrier: usize,
    pub(super) nodes: u64,
    pub(super) clock: Clock,
    pub(super) stopped: bool,
    pub(super) seldepth: usize,
    /// Triangular principal-variation table.
    pub(super) pv: Vec<[Option<Move>; MAX_PLY]>,
    pub(super) pv_len: [usize; MAX_PLY],
    pub(super) frames: Vec<Option<Box<Frame>>>,
    /// A position's hash and whether its side to move is in check, as the parent found out
    /// after making the move, so the child need not ask again.
    pub(super) known_check: (u64, bool),
    /// Periodic reports of the best lines so far, from inside the search (analysis only).
    pub(super) progress: Option<Progress<'a>>,
    /// Lazy SMP: this search is helper number `helper` (it skips some depths, and counts its
    /// nodes into `shared`), or, when `None` with `shared` set, the main thread of helpers.
    pub(super) helper: Option<usize>,
    /// What the helpers of this search share with its main thread.
    pub(super) shared: Option<&'a Shared>,
}

/// What a periodic report needs: how often, when next, the lines as they stand, and where to
/// send them. Looked at only when the clock is read, so a search without it is unchanged.
pub(crate) struct Progress<'a> {
    every: Duration,
    next: Instant,
    /// The lines as they stand: finished depths, and the lines already deepened in this one.
    pub(super) lines: Vec<Line>,
    report: &'a mut dyn FnMut(&Searcher<'_>, &[Line]),
}

impl<'a> Progress<'a> {
    /// Reports every `every` (the first one `every` from now) to `report`.
    pub fn new(every: Duration, report: &'a mut dyn FnMut(&Searcher<'_>, &[Line])) -> Progress<'a> {
        Progress {
            every,
            next: Instant::now() + every,
            lines: Vec::new(),
            report,
        }
    }

    /// A report was just made some other way (a finished depth): the next is `every` away.
    pub(super) fn postpone(&mut self) {
        self.next = Instant::now() + self.every;
    }
}

impl<'a> Searcher<'a> {
    /// A searcher for `pos`, with `history` the hashes of the game's positions before it
    /// (oldest first, not including `pos`).
    pub fn new(
        pos: Position,
        history: &[u64],
        tt: &'a Table,
        heuristics: &'a mut Heuristics,
        evals: &'a mut EvalCache,
        clock: Clock,
    ) -> Searcher<'a> {
        let mut path = Vec::with_capacity(history.len() + MAX_PLY + 1);
        path.extend_from_slice(history);
        path.push(pos.hash());
        Searcher {
            root: path.len() - 1,
            path,
            pos,
            tt,
            heuristics,
            evals,
            barrier: 0,
            nodes: 0,
            clock,
            stopped: false,
            seldepth: 0,
            pv: vec![[None; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            frames: (0..MAX_PLY).map(|_| None).collect(),
            known_check: (0, false),
            progress: None,
            helper: None,
            shared: None,
        }
    }

    /// Counts a node and, now and then, checks whether the search must end.
    #[inline]
    pub(super) fn visit(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            if self.helper.is_some()
                && let Some(shared) = self.shared
            {
                shared.add_nodes(POLL_INTERVAL);
            }
            if self.clock.expired(self.nodes) {
                self.stopped = true;
            } else if self.progress.is_some() {
                self.progress_tick();
            }
        }
        self.stopped
    }

    /// Nodes searched by this thread and, for the main thread of a search with helpers, by the
    /// helpers so far.
    pub fn total_nodes(&self) -> u64 {
        match (self.helper, self.shared) {
            (None, Some(shared)) => self.nodes + shared.nodes(),
            _ => self.nodes,
        }
    }

    /// Sends the lines as they stand when a periodic report is due.
    #[cold]
    #[inline(never)]
    fn progress_tick(&mut self) {
        let Some(mut progress) = self.progress.take() else {
            return;
        };
        let now = Instant::now();
        if now >= progress.next && !progress.lines.is_empty() {
            progress.next = now + progress.every;
            (progress.report)(self, &progress.lines);
        }
        self.progress = Some(progress);
    }

    /// The principal variation found below `ply` by the last search of that node.
    pub fn pv_at(&self, ply: usize) -> Vec<Move> {
        self.pv[ply][ply..self.pv_len[ply]]
            .iter()
            .map_while(|m| *m)
            .collect()
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = Some(mv);
        let (above, below) = self.pv.split_at_mut(ply + 1);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        above[ply][ply + 1..child_len].copy_from_slice(&below[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// The move buffers for `ply`, emptied.
    #[inline]
    pub(super) fn take_frame(&mut self, ply: usize) -> Box<Frame> {
        let mut frame = self.frames[ply].take().unwrap_or_else(|| {
            Box::new(Frame {
                moves: MoveList::new(),
                scores: [0; crate::rules::MAX_MOVES],
            })
        });
        frame.moves.clear();
        frame
    }

    /// Whether the side to move is in check (remembered from the parent when it knows).
    #[inline]
    pub(super) fn in_check(&self) -> bool {
        let (hash, check) = self.known_check;
        if hash == self.pos.hash() {
            check
        } else {
            self.pos.in_check()
        }
    }

    /// Plays `mv` on the search path.
    #[inline]
    pub fn make(&mut self, mv: Move) -> crate::rules::Undo {
        let undo = self.pos.make_move(mv);
        self.path.push(self.pos.hash());
        undo
    }

    /// Takes `mv` back.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: crate::rules::Undo) {
        self.path.pop();
        self.pos.unmake_move(mv, undo);
    }

    /// Whether the position now is a draw by repetition for the search: it already occurred on
    /// the search path, or twice in the game before.
    pub(super) fn repeated(&self) -> bool {
        let n = self.path.len() - 1;
        let now = self.path[n];
        let window = self.pos.halfmove_clock() as usize;
        let lowest = n.saturating_sub(window).max(self.barrier);
        let mut earlier = 0;
        let mut i = n;
        while i >= lowest + 2 {
            i -= 2;
            if self.path[i] == now {
                if i >= self.root {
                    return true;
                }
                earlier += 1;
                if earlier >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// Quiescence search: only captures and promotions (all moves when in check), so the
    /// evaluation is never taken in the middle of an exchange.
    pub fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if self.visit(ply) {
            return DRAW;
        }
        if ply >= MAX_PLY - 2 {
            return self.evals.evaluate(&self.pos);
        }
        let us = self.pos.turn();
        let in_check = self.in_check();
        let mut frame = self.take_frame(ply);
        let Frame { moves, scores } = &mut *frame;
        let mut best;
        let mut stand_pat = -INFINITE;
        if in_check {
            self.pos.generate_moves(CellSet::ALL, moves);
            if moves.is_empty() {
                self.frames[ply] = Some(frame);
                return lost_at(ply);
            }
            best = -INFINITE;
        } else {
            // A side with only King and pawns may be left without a move, which loses.
            if !has_pieces(&self.pos, us) && !self.pos.has_legal_move() {
                self.frames[ply] = Some(frame);
                return lost_at(ply);
            }
            stand_pat = self.evals.evaluate(&self.pos);
            if stand_pat >= beta {
                self.frames[ply] = Some(frame);
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            let targets = self.pos.side_cells(!us) | board().last_row(us);
            self.pos.generate_moves(targets, moves);
        }
        self.heuristics.score(
            &self.pos,
            moves,
            None,
            MAX_PLY - 1,
            &mut scores[..moves.len()],
        );
        for index in 0..moves.len() {
            let mv = pick(moves, scores, index);
            if !in_check {
                let victim = self.pos.piece_at(mv.to);
                let v = self.pos.variant();
                let best = v.promotions(self.pos.turn()).first().copied();
                match (victim, mv.promotion) {
                    (None, None) => continue,
                    (None, Some(kind)) if Some(kind) != best => continue,
                    (Some(_), Some(kind)) if Some(kind) != best => continue,
                    _ => {}
                }
                if is_bad_capture(scores[index]) {
                    continue;
                }
                // Delta pruning: even winning the piece would not bring us near alpha.
                let gain = victim.map_or(0, |p| v.value(p.kind))
                    + mv.promotion.map_or(0, |k| v.value(k) - VALUE[0]);
                if stand_pat + gain + 200 < alpha {
                    continue;
                }
            }
            let undo = self.pos.make_move(mv);
            let score = -self.quiesce(-beta, -alpha, ply + 1);
            self.pos.unmake_move(mv, undo);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.frames[ply] = Some(frame);
        if self.stopped { DRAW } else { best }
    }
}
