//! Proves stages solvable and finds their fewest moves, through the same exercise rules the
//! learner plays under ([`learner_move`], [`opponent_move`]).
//!
//! * Idle opponent: breadth-first search over positions (with the stars left), so the first
//!   completion found uses the fewest moves.
//! * Opponent who moves: AND-OR search to the stage's move limit, every legal defence
//!   considered (not only the engine's or the script's choice), deepening one move at a time so
//!   the first depth that wins is the fewest.

use std::collections::HashSet;

use thiserror::Error;

use crate::rules::{Move, MoveList};

use super::exercise::{Distances, State, Step, learner_move, opponent_move};
use super::{Goal, Opponent, Stage};

/// Positions a breadth-first search may keep before giving up (memory stays under ~100 MB).
const MAX_STATES: usize = 250_000;

/// Positions an AND-OR search may visit before giving up.
const MAX_NODES: u64 = 20_000_000;

/// A stage's fewest moves and a line that achieves them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Fewest learner moves (or clicks, in click and reach stages).
    pub fewest: u32,
    /// A best line: the learner's moves, with the opponent's replies between them (the script's
    /// where it has one, else the most stubborn defence). Empty for click and reach stages.
    pub line: Vec<Move>,
    /// Positions examined.
    pub nodes: u64,
}

/// Why a stage cannot be proved solvable.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Unsolvable {
    /// No sequence of accepted moves reaches the goal.
    #[error("no sequence of moves reaches the goal")]
    NoSolution,
    /// Within the move limit some defence always holds.
    #[error("no forced win within {0} moves: some defence holds")]
    NotForced(u32),
    /// Search limits reached.
    #[error("the search passed {0} positions without an answer; make the position sparser")]
    TooLarge(u64),
    /// The stage says "in N" but fewer moves force it.
    #[error("the goal says {asked} moves, but {fewest} are enough: say {fewest}")]
    Shorter {
        /// The stage's limit.
        asked: u32,
        /// The fewest moves found.
        fewest: u32,
    },
    /// A scripted reply does not fit the winning line.
    #[error("scripted reply {index} ({text:?}) is not legal in the winning line")]
    Script {
        /// Counting from 1.
        index: usize,
        /// The move text.
        text: String,
    },
}

/// The fewest moves for `stage`, with a line that achieves them.
pub fn solve(stage: &Stage) -> Result<Solution, Unsolvable> {
    match stage.goal {
        Goal::Click(cells) => Ok(Solution {
            fewest: cells.len() as u32,
            line: Vec::new(),
            nodes: 0,
        }),
        Goal::Reach(from) => {
            let targets = stage.start.legal_targets(from).len() as u32;
            if targets == 0 {
                return Err(Unsolvable::NoSolution);
            }
            Ok(Solution {
                fewest: targets,
                line: Vec::new(),
                nodes: 0,
            })
        }
        _ if stage.opponent == Opponent::Passive => breadth_first(stage),
        _ => forced(stage),
    }
}

/// [`solve`], and what `lessons check` requires besides: a stage that says "mate in N" (or
/// stalemate, or draw) needs exactly N moves.
pub fn check_stage(stage: &Stage) -> Result<Solution, Unsolvable> {
    let solution = solve(stage)?;
    if let Goal::Mate(asked) | Goal::Stalemate(asked) | Goal::Draw(asked) = stage.goal
        && solution.fewest < asked
    {
        return Err(Unsolvable::Shorter {
            asked,
            fewest: solution.fewest,
        });
    }
    Ok(solution)
}

fn breadth_first(stage: &Stage) -> Result<Solution, Unsolvable> {
    struct Node {
        state: State,
        parent: usize,
        mv: Option<Move>,
    }
    let start = State::start(stage);
    let mut seen = HashSet::from([start.key()]);
    let mut nodes = vec![Node {
        state: start,
        parent: 0,
        mv: None,
    }];
    let mut frontier = vec![0usize];
    let mut examined = 0u64;
    let limit = stage.goal.limit().unwrap_or(u32::MAX);
    let mut moves = MoveList::new();
    let mut distances = Distances::default();
    for depth in 1..=limit {
        let mut next = Vec::new();
        for &i in &frontier {
            moves.clear();
            nodes[i]
                .state
                .pos
                .generate_moves(crate::rules::CellSet::ALL, &mut moves);
            for &mv in moves.iter() {
                examined += 1;
                match learner_move(stage, &nodes[i].state, mv, &mut distances) {
                    Ok(Step::Done(_)) => {
                        let mut line = vec![mv];
                        let mut at = i;
                        while let Some(m) = nodes[at].mv {
                            line.push(m);
                            at = nodes[at].parent;
                        }
                        line.reverse();
                        return Ok(Solution {
                            fewest: depth,
                            line,
                            nodes: examined,
                        });
                    }
                    Ok(Step::Continue(state)) if seen.insert(state.key()) => {
                        if nodes.len() >= MAX_STATES {
                            return Err(Unsolvable::TooLarge(nodes.len() as u64));
                        }
                        next.push(nodes.len());
                        nodes.push(Node {
                            state,
                            parent: i,
                            mv: Some(mv),
                        });
                    }
                    _ => {}
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    Err(Unsolvable::NoSolution)
}

/// The AND-OR search with a node budget.
struct Prover<'a> {
    stage: &'a Stage,
    nodes: u64,
    distances: Distances,
}

impl Prover<'_> {
    fn count(&mut self) -> Result<(), Unsolvable> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            Err(Unsolvable::TooLarge(self.nodes))
        } else {
            Ok(())
        }
    }

    /// Learner moves in a useful order: checks and captures first (mates and wins come sooner).
    fn ordered(state: &State) -> Vec<Move> {
        let pos = &state.pos;
        let mut moves: Vec<Move> = pos.legal_moves().to_vec();
        moves.sort_by_key(|&mv| {
            let gives_check = pos.after(mv).in_check();
            (!gives_check, !pos.is_capture(mv))
        });
        moves
    }

    /// Whether the learner, to move in `state`, forces the goal within `left` moves.
    fn wins(&mut self, state: &State, left: u32) -> Result<bool, Unsolvable> {
        if left == 0 {
            return Ok(false);
        }
        for mv in Self::ordered(state) {
            self.count()?;
            if self.wins_with(state, mv, left)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether `mv` forces the goal within `left` moves (counting `mv`).
    fn wins_with(&mut self, state: &State, mv: Move, left: u32) -> Result<bool, Unsolvable> {
        match learner_move(self.stage, state, mv, &mut self.distances) {
            Ok(Step::Done(_)) => Ok(true),
            Ok(Step::Reply(after)) if left > 1 => self.holds(&after, left - 1).map(|d| d.is_some()),
            Ok(Step::Continue(after)) if left > 1 => self.wins(&after, left - 1),
            _ => Ok(false),
        }
    }

    /// Whether every reply in `state` (opponent to move) still loses within `left` learner
    /// moves; if so, the most moves any reply holds out (`Some(0)` when every reply ends the
    /// stage at once).
    fn holds(&mut self, state: &State, left: u32) -> Result<Option<u32>, Unsolvable> {
        let mut worst = 0;
        for reply in state.pos.legal_moves().iter().copied() {
            self.count()?;
            match self.after_reply(state, reply, left)? {
                Some(d) => worst = worst.max(d),
                None => return Ok(None),
            }
        }
        Ok(Some(worst))
    }

    /// Learner moves needed after `reply` (at most `left`), or `None` if it holds.
    fn after_reply(
        &mut self,
        state: &State,
        reply: crate::rules::Move,
        left: u32,
    ) -> Result<Option<u32>, Unsolvable> {
        match opponent_move(self.stage, state, reply) {
            Ok(Step::Done(_)) => Ok(Some(0)),
            Ok(Step::Continue(after)) => {
                for d in 1..=left {
                    if self.wins(&after, d)? {
                        return Ok(Some(d));
                    }
                }
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    /// A winning line from `state` within `left` moves: the first winning move, then the
    /// script's reply (or the most stubborn one), and so on.
    fn line(
        &mut self,
        state: &State,
        left: u32,
        replies: usize,
        out: &mut Vec<Move>,
    ) -> Result<(), Unsolvable> {
        let scripted = |s: &State| match &self.stage.opponent {
            Opponent::Scripted(moves) => moves.get(replies).and_then(|t| s.pos.parse_move(t).ok()),
            _ => None,
        };
        let mut fallback = None;
        for mv in Self::ordered(state) {
            if !self.wins_with(state, mv, left)? {
                continue;
            }
            match learner_move(self.stage, state, mv, &mut self.distances) {
                Ok(Step::Reply(after)) => {
                    if let Some(reply) = scripted(&after) {
                        return self.follow(&after, mv, reply, left, replies, out);
                    }
                    fallback.get_or_insert((mv, after));
                }
                Ok(Step::Continue(after)) => {
                    out.push(mv);
                    return self.line(&after, left - 1, replies, out);
                }
                _ => {
                    out.push(mv);
                    return Ok(());
                }
            }
        }
        let Some((mv, after)) = fallback else {
            return Ok(());
        };
        let mut stubborn = None;
        for reply in after.pos.legal_moves().iter().copied() {
            let d = self.after_reply(&after, reply, left - 1)?.unwrap_or(0);
            if stubborn.is_none_or(|(_, best)| d > best) {
                stubborn = Some((reply, d));
            }
        }
        match stubborn {
            Some((reply, _)) => self.follow(&after, mv, reply, left, replies, out),
            None => Ok(()),
        }
    }

    fn follow(
        &mut self,
        after: &State,
        mv: Move,
        reply: Move,
        left: u32,
        replies: usize,
        out: &mut Vec<Move>,
    ) -> Result<(), Unsolvable> {
        out.push(mv);
        out.push(reply);
        match opponent_move(self.stage, after, reply) {
            Ok(Step::Continue(next)) => self.line(&next, left - 1, replies + 1, out),
            _ => Ok(()),
        }
    }
}

fn forced(stage: &Stage) -> Result<Solution, Unsolvable> {
    let limit = stage.goal.limit().unwrap_or(1);
    let start = State::start(stage);
    let mut prover = Prover {
        stage,
        nodes: 0,
        distances: Distances::default(),
    };
    for depth in 1..=limit {
        if prover.wins(&start, depth)? {
            let mut line = Vec::new();
            prover.line(&start, depth, 0, &mut line)?;
            check_script(stage, &line)?;
            return Ok(Solution {
                fewest: depth,
                line,
                nodes: prover.nodes,
            });
        }
    }
    Err(Unsolvable::NotForced(limit))
}

/// Every scripted reply the winning line reaches must be the one it plays.
fn check_script(stage: &Stage, line: &[Move]) -> Result<(), Unsolvable> {
    let Opponent::Scripted(script) = &stage.opponent else {
        return Ok(());
    };
    let mut pos = stage.start.clone();
    for (i, &mv) in line.iter().enumerate() {
        if i % 2 == 1 {
            let index = i / 2;
            if let Some(text) = script.get(index)
                && pos.parse_move(text).ok() != Some(mv)
            {
                return Err(Unsolvable::Script {
                    index: index + 1,
                    text: text.clone(),
                });
            }
        }
        pos.make_move(mv);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::{builtin, parse_lesson};

    fn one_stage(position: &str, goal: &str, opponent: &str) -> Stage {
        let text = format!(
            r#"(title: "t", intro: "i", stages: [(title: "s", text: "x", position: "{position}", goal: {goal}, opponent: {opponent})])"#
        );
        parse_lesson("t", "t.ron", &text).unwrap().stages[0].clone()
    }

    #[test]
    fn fewest_moves_for_stars() {
        // Rook e1: e10 and f6 in two moves.
        let stage = one_stage(
            "6/4/3k4/5/10/6/R9/5/8/4/2K3 w 0 1",
            r#"Stars(["e10", "f6"])"#,
            "Passive",
        );
        let solution = solve(&stage).unwrap();
        assert_eq!(solution.fewest, 2);
        assert_eq!(solution.line.len(), 2);
        assert_eq!(solution.line[1].to.name(), "f6");
    }

    #[test]
    fn unreachable_star_is_unsolvable() {
        // A Pawn cannot walk backwards to a1.
        let stage = one_stage(
            "3k2/4/8/5/10/6/4P5/5/8/4/3K2 w 0 1",
            r#"Stars(["a1"])"#,
            "Passive",
        );
        assert_eq!(solve(&stage), Err(Unsolvable::NoSolution));
    }

    #[test]
    fn forced_mates_consider_every_defence() {
        // Mate in two with the Rook: proved against every reply.
        let stage = one_stage("2k3/4/8/2K2/10/6/10/5/8/3R/6 w 0 1", "Mate(2)", "Engine(2)");
        let solution = check_stage(&stage).unwrap();
        assert_eq!(solution.fewest, 2);
        assert_eq!(solution.line.len(), 3, "move, reply, mate");
        // Not in one.
        let stage = one_stage("2k3/4/8/2K2/10/6/10/5/8/3R/6 w 0 1", "Mate(1)", "Passive");
        assert_eq!(solve(&stage), Err(Unsolvable::NoSolution));
        // A lone Rook far away cannot force mate in two.
        let stage = one_stage("2k3/4/8/5/10/6/10/5/8/3R/K5 w 0 1", "Mate(2)", "Engine(2)");
        assert_eq!(solve(&stage), Err(Unsolvable::NotForced(2)));
    }

    #[test]
    fn a_stage_that_says_two_must_need_two() {
        // Qa2-i7 mates at once.
        let stage = one_stage("5k/4/8/5/7K2/6/10/5/8/4/1Q4 w 0 1", "Mate(2)", "Engine(2)");
        assert_eq!(solve(&stage).map(|s| s.fewest), Ok(1));
        assert_eq!(
            check_stage(&stage),
            Err(Unsolvable::Shorter {
                asked: 2,
                fewest: 1
            })
        );
    }

    #[test]
    fn a_script_must_fit_the_winning_line() {
        let position = "5k/4/8/3K1/10/6/10/5/8/4/2Q3 w 0 1";
        let good = one_stage(position, "Mate(2)", r#"Scripted(["Kk6-j4"])"#);
        assert_eq!(check_stage(&good).map(|s| s.fewest), Ok(2));
        let bad = one_stage(position, "Mate(2)", r#"Scripted(["Kk6-a1"])"#);
        assert!(matches!(
            check_stage(&bad),
            Err(Unsolvable::Script { index: 1, .. })
        ));
    }

    #[test]
    fn every_shipped_stage_is_solvable() {
        for lesson in builtin().unwrap() {
            for stage in &lesson.stages {
                let solution = check_stage(stage)
                    .unwrap_or_else(|e| panic!("{}: {}: {e}", lesson.id, stage.title));
                assert!(solution.fewest >= 1);
            }
        }
    }
}
