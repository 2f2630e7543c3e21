//! Iterative deepening at the root: search depth 1, 2, 3, … each time starting from the best
//! move so far, inside an aspiration window, until a limit is reached. A stopped search still
//! answers with the best move of the last finished iteration (or a better one found since).

use crate::rules::{Move, MoveList};

use super::score::{INFINITE, MATE, is_mate};
use super::search::Searcher;
use super::smp::skips;

/// Deepest iteration the engine attempts.
pub const MAX_DEPTH: u32 = 64;

/// The best line found so far.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub best: Move,
    pub score: i32,
    pub pv: Vec<Move>,
    pub depth: u32,
}

impl Searcher<'_> {
    /// The legal root moves, best-looking first (hash move, captures, …).
    fn ordered_root(&self, moves: &MoveList) -> Vec<(Move, i32)> {
        let hash_move = self.tt.probe(self.pos.hash(), 0).and_then(|h| h.mv);
        let mut scores = vec![0; moves.len()];
        self.heuristics
            .score(&self.pos, moves, hash_move, 0, &mut scores);
        let mut root: Vec<(Move, i32)> = moves.iter().copied().zip(scores).collect();
        root.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        root
    }

    /// Searches every root move to `depth` inside `(alpha, beta)`; returns the best score and
    /// the line of the best move that raised alpha, if any finished.
    fn search_root(
        &mut self,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        root: &mut [(Move, i32)],
    ) -> (i32, Option<Line>) {
        let depth = depth as i32;
        let mut best = -INFINITE;
        let mut found = None;
        for (i, entry) in root.iter_mut().enumerate() {
            let mv = entry.0;
            let undo = self.make(mv);
            let mut score;
            if i == 0 {
                score = -self.negamax(depth - 1, -beta, -alpha, 1, true);
            } else {
                score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, false);
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(depth - 1, -beta, -alpha, 1, true);
                }
            }
            self.unmake(mv, undo);
            if self.stopped {
                break;
            }
            entry.1 = score;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    let mut pv = vec![mv];
                    pv.extend(self.pv_at(1));
                    found = Some(Line {
                        best: mv,
                        score,
                        pv,
                        depth: depth as u32,
                    });
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best, found)
    }

    /// Iterative deepening to at most `max_depth` over the legal `moves` (not empty).
    pub fn iterate(&mut self, max_depth: u32, moves: &MoveList) -> Line {
        let mut lines = self.iterate_lines(max_depth, moves, 1, &mut |_, _| {});
        lines.swap_remove(0)
    }

    /// Iterative deepening over `moves` (not empty) that finds the best `multipv` lines, each
    /// with a different first move: line k is the best of the moves not leading lines 0..k
    /// (root-move exclusion). `on_depth` sees the lines after every finished depth.
    ///
    /// Returns at least one line, best first, with distinct first moves. After a stop, the
    /// first line may come from the unfinished depth (a move that beat the previous best), and
    /// the others from the last depth that finished them.
    pub fn iterate_lines(
        &mut self,
        max_depth: u32,
        moves: &MoveList,
        multipv: usize,
        on_depth: &mut dyn FnMut(&Searcher<'_>, &[Line]),
    ) -> Vec<Line> {
        let mut root = self.ordered_root(moves);
        let multipv = multipv.clamp(1, root.len());
        let mut lines: Vec<Line> = root[..multipv]
            .iter()
            .map(|&(mv, _)| Line {
                best: mv,
                score: 0,
                pv: vec![mv],
                depth: 0,
            })
            .collect();
        let timed = self.clock.soft.is_some();
        let last = max_depth.clamp(1, MAX_DEPTH);
        for depth in 1..=last {
            if depth > 1 && !self.clock.may_deepen(self.nodes) {
                break;
            }
            if self.helper.is_some_and(|i| skips(i, depth)) && depth < last {
                continue;
            }
            for k in 0..lines.len() {
                // A stop in the middle of a line can leave it holding a later line's move
                // (that line not searched again yet): then the line keeps its last depth's
                // answer, so a stopped analysis still shows as many distinct lines as asked.
                let before = (multipv > 1).then(|| (root.clone(), lines[k].clone()));
                self.deepen_line(depth, k, &mut root, &mut lines[k]);
                if self.stopped {
                    let best = lines[k].best;
                    if let Some((old_root, old_line)) = before
                        && lines[k + 1..].iter().any(|l| l.best == best)
                    {
                        root = old_root;
                        lines[k] = old_line;
                    }
                    break;
                }
                lines[k].depth = depth;
                if let Some(progress) = &mut self.progress {
                    progress.lines.clone_from(&lines);
                }
            }
            if self.stopped {
                break;
            }
            if multipv > 1 {
                // A later line can outscore an earlier one: its move was only searched with a
                // null window there, and with pruning below. The full search is better informed.
                lines.sort_by_key(|l| std::cmp::Reverse(l.score));
                for (i, l) in lines.iter().enumerate() {
                    if let Some(j) = root[i..multipv].iter().position(|r| r.0 == l.best) {
                        root.swap(i, i + j);
                    }
                }
            }
            // The lines' moves first, the others by their scores (ties keep the earlier order).
            root[multipv..].sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            if let Some(progress) = &mut self.progress {
                progress.lines.clone_from(&lines);
                progress.postpone();
            }
            on_depth(self, &lines);
            if timed && root.len() == 1 {
                break;
            }
            // Forced ends within the horizon will not change with more depth.
            if lines
                .iter()
                .all(|l| is_mate(l.score) && MATE - l.score.abs() <= depth as i32)
            {
                break;
            }
        }
        // No move leads two lines. A line can still repeat an earlier one's move when an earlier
        // line took its move at a depth it did not finish (stopped, or its search found
        // nothing better): it then shows the best move no line leads, from the root's order,
        // so an analysis always shows as many lines as asked.
        for k in 1..lines.len() {
            if lines[..k].iter().any(|l| l.best == lines[k].best) {
                let unused = root
                    .iter()
                    .find(|(mv, _)| lines.iter().all(|l| l.best != *mv))
                    .copied();
                match unused {
                    Some((mv, score)) => {
                        lines[k] = Line {
                            best: mv,
                            score,
                            pv: vec![mv],
                            depth: lines[k].depth.saturating_sub(1),
                        }
                    }
                    None => lines[k].depth = u32::MAX,
                }
            }
        }
        lines.retain(|l| l.depth != u32::MAX);
        lines
    }

    /// Searches line `k` one `depth` deeper: the best of `root[k..]` (the moves not leading an
    /// earlier line) inside an aspiration window around its last score, moved to `root[k]`.
    fn deepen_line(&mut self, depth: u32, k: usize, root: &mut [(Move, i32)], line: &mut Line) {
        let mut window = 40;
        let (mut alpha, mut beta) = if depth >= 5 && !is_mate(line.score) {
            (line.score - window, line.score + window)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let (score, found) = self.search_root(depth, alpha, beta, &mut root[k..]);
            if let Some(f) = found {
                if let Some(i) = root[k..].iter().position(|r| r.0 == f.best) {
                    // Keep the new best first for the next search (a fail-high included).
                    root[k..=k + i].rotate_right(1);
                }
                *line = Line {
                    depth: line.depth,
                    ..f
                };
            }
            if self.stopped {
                break;
            }
            if score <= alpha {
                alpha = (score - window).max(-INFINITE);
            } else if score >= beta {
                beta = (score + window).min(INFINITE);
            } else {
                break;
            }
            window *= 3;
        }
    }

    /// A score for every root move, each searched with a full window (so they can be compared,
    /// for the weaker levels' choice among near-best moves), one depth after another up to
    /// `depth`: the deepest pass that scored *every* move counts. A pass the time limit cuts
    /// short is dropped, so a move is never chosen from the few that happened to be scored
    /// first (which made a level with a deeper cap play worse under a fast clock). Empty only
    /// when even the first pass was stopped before its first move.
    pub fn score_all(&mut self, depth: u32, moves: &MoveList) -> Vec<(Move, i32)> {
        let mut best: Vec<(Move, i32)> = Vec::new();
        for d in 1..=depth.clamp(1, MAX_DEPTH) {
            let mut pass = Vec::with_capacity(moves.len());
            for &mv in moves.iter() {
                if self.stopped {
                    break;
                }
                let undo = self.make(mv);
                let score = -self.negamax(d as i32 - 1, -INFINITE, INFINITE, 1, true);
                self.unmake(mv, undo);
                if !self.stopped {
                    pass.push((mv, score));
                }
            }
            if pass.len() == moves.len() || best.is_empty() {
                best = pass;
            }
            if self.stopped {
                break;
            }
        }
        best
    }
}
