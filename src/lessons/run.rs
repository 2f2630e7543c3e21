//! One attempt at a stage, driven by the learn screen (or a test) one input at a time.

use crate::engine::{Engine, Limits, StopFlag};
use crate::rules::{Cell, CellSet, Move, PieceKind, Position, Side};

use super::exercise::{Distances, Failure, Refusal, State, Step, learner_move, opponent_move};
use super::{DEFAULT_ENGINE_DEPTH, Goal, Opponent, Stage, solve, stars_for};

/// What the screen should show after an accepted move, click or reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The move was played and it is the learner's turn again (the opponent does not move).
    /// `star` is the star it collected, if any.
    Moved {
        /// The star collected by this move.
        star: Option<Cell>,
        /// Stars still to collect.
        stars_left: usize,
    },
    /// The move was played; the opponent answers next: see [`StageRun::reply_needed`].
    AwaitReply,
    /// The opponent's reply was played (animate it); the learner's turn again.
    Replied(Move),
    /// A right cell was clicked.
    Found {
        /// The cell.
        cell: Cell,
        /// Cells still to find.
        left: usize,
    },
    /// The stage is complete.
    Complete(StageResult),
    /// The attempt failed; show why and offer [`StageRun::restart`].
    Failed(Failure),
}

/// A completed stage.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StageResult {
    /// 1 to 3 ([`stars_for`]).
    pub stars: u8,
    /// Moves (or clicks) the learner used.
    pub moves: u32,
    /// The fewest possible.
    pub fewest: u32,
}

/// Where the attempt stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunState {
    /// Waiting for the learner's move or click.
    LearnerToMove,
    /// Waiting for the opponent's reply ([`StageRun::reply_needed`]).
    AwaitingReply,
    /// Done.
    Complete(StageResult),
    /// Failed; [`StageRun::restart`] to try again.
    Failed(Failure),
}

/// How the opponent's next reply is found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyKind {
    /// A move from the stage's script: play it (after a short pause, so the learner sees it).
    Scripted(Move),
    /// The engine must search: run [`ReplyRequest::compute`] off the frame thread, then hand
    /// the move to [`StageRun::apply_reply`].
    Engine(ReplyRequest),
}

/// Everything the engine needs to find the opponent's reply; `Send`, so it can go to a worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyRequest {
    /// The position, opponent to move.
    pub position: Position,
    /// Earlier positions' hashes (repetitions).
    pub history: Vec<u64>,
    /// Search depth in half-moves.
    pub depth: u32,
}

impl ReplyRequest {
    /// The engine's best reply at the request's depth: the same move every time for the same
    /// request (a fresh engine, no clock). `None` only if the opponent has no legal move.
    pub fn compute(&self) -> Option<Move> {
        let mut engine = Engine::with_hash_mb(1);
        engine
            .search_with_history(
                &self.position,
                &self.history,
                &Limits::depth(self.depth),
                &StopFlag::new(),
            )
            .ok()
            .map(|r| r.best)
    }
}

/// One attempt at a stage. Owns a copy of the stage, so a screen can keep it as long as it likes.
///
/// Typical loop: on a move, [`StageRun::try_move`] (or [`StageRun::click`] when
/// [`Stage::wants_clicks`]); show the refusal's sentence, or the progress; on
/// [`Progress::AwaitReply`] get [`StageRun::reply_needed`], compute or take the move, and give it
/// to [`StageRun::apply_reply`]; on [`Progress::Complete`] save the stars; on
/// [`Progress::Failed`] offer [`StageRun::restart`].
#[derive(Clone, Debug)]
pub struct StageRun {
    stage: Stage,
    fewest: u32,
    state: State,
    status: RunState,
    found: CellSet,
    clicks: u32,
    replies: usize,
    last: Option<Move>,
    distances: Distances,
}

impl StageRun {
    /// A fresh attempt. Works out the fewest moves with [`solve`] (milliseconds for the shipped
    /// stages); use [`StageRun::with_fewest`] when it is already known.
    pub fn new(stage: &Stage) -> StageRun {
        // An unsolvable stage cannot be completed; its stars never matter.
        let fewest = solve(stage).map_or(u32::MAX, |s| s.fewest);
        StageRun::with_fewest(stage, fewest)
    }

    /// A fresh attempt, with the fewest moves given (from an earlier [`solve`]).
    pub fn with_fewest(stage: &Stage, fewest: u32) -> StageRun {
        StageRun {
            stage: stage.clone(),
            fewest,
            state: State::start(stage),
            status: RunState::LearnerToMove,
            found: CellSet::EMPTY,
            clicks: 0,
            replies: 0,
            last: None,
            distances: Distances::default(),
        }
    }

    /// Starts the stage again from its position.
    pub fn restart(&mut self) {
        *self = StageRun::with_fewest(&self.stage, self.fewest);
    }

    /// The stage being played.
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The position to show.
    pub fn position(&self) -> &Position {
        &self.state.pos
    }

    /// The last move played (the learner's or the reply), to highlight.
    pub fn last_move(&self) -> Option<Move> {
        self.last
    }

    /// Stars not yet collected (star stages), to draw.
    pub fn stars_left(&self) -> CellSet {
        self.state.stars
    }

    /// Cells found so far (click and reach stages), to mark.
    pub fn found(&self) -> CellSet {
        self.found
    }

    /// Where the attempt stands.
    pub fn state(&self) -> &RunState {
        &self.status
    }

    /// Moves made (or, in click and reach stages, clicks counted, wrong ones included).
    pub fn moves_made(&self) -> u32 {
        if self.stage.wants_clicks() {
            self.clicks
        } else {
            self.state.moves
        }
    }

    /// The fewest moves (or clicks) the stage can be done in.
    pub fn fewest(&self) -> u32 {
        self.fewest
    }

    /// The result, once complete.
    pub fn result(&self) -> Option<StageResult> {
        match self.status {
            RunState::Complete(result) => Some(result),
            _ => None,
        }
    }

    fn ready(&self) -> Result<(), Refusal> {
        match self.status {
            RunState::LearnerToMove => Ok(()),
            RunState::AwaitingReply => Err(Refusal::AwaitingReply(!self.stage.learner())),
            _ => Err(Refusal::Over),
        }
    }

    fn complete(&mut self, moves: u32) -> Progress {
        let result = StageResult {
            stars: stars_for(moves, self.fewest),
            moves,
            fewest: self.fewest,
        };
        self.status = RunState::Complete(result);
        Progress::Complete(result)
    }

    fn apply(&mut self, step: Step, mv: Move) -> Progress {
        self.last = Some(mv);
        match step {
            Step::Continue(state) => {
                let star = (self.state.stars & !state.stars).first();
                let was_reply = self.state.pos.turn() != self.stage.learner();
                self.state = state;
                self.status = RunState::LearnerToMove;
                if was_reply {
                    Progress::Replied(mv)
                } else {
                    Progress::Moved {
                        star,
                        stars_left: self.state.stars.len(),
                    }
                }
            }
            Step::Reply(state) => {
                self.state = state;
                self.status = RunState::AwaitingReply;
                Progress::AwaitReply
            }
            Step::Done(state) => {
                self.state = state;
                self.complete(self.state.moves)
            }
            Step::Failed(state, failure) => {
                self.state = state;
                self.status = RunState::Failed(failure.clone());
                Progress::Failed(failure)
            }
        }
    }

    /// The learner plays `mv` (a promotion must name its piece: ask the player first, when
    /// [`Position::is_promotion`] says so). Refused moves change nothing.
    pub fn try_move(&mut self, mv: Move) -> Result<Progress, Refusal> {
        self.ready()?;
        let step = learner_move(&self.stage, &self.state, mv, &mut self.distances)?;
        Ok(self.apply(step, mv))
    }

    /// The learner clicks `cell` in a click or reach stage. A wrong click is explained (in a reach
    /// stage, in the words the game uses in play) and counted against the stars.
    pub fn click(&mut self, cell: Cell) -> Result<Progress, Refusal> {
        self.ready()?;
        let wanted = match self.stage.goal {
            Goal::Click(cells) => cells,
            Goal::Reach(from) => self.state.pos.legal_targets(from),
            _ => return Err(Refusal::MoveInstead),
        };
        if self.found.contains(cell) {
            return Err(Refusal::AlreadyFound(cell));
        }
        if !wanted.contains(cell) {
            let refusal = match self.stage.goal {
                Goal::Reach(from) => self.why_not(from, cell),
                _ => Refusal::NotAsked(cell),
            };
            // The own cell is a slip of the mouse, not a wrong answer.
            if !matches!(refusal, Refusal::OwnCell(_)) {
                self.clicks += 1;
            }
            return Err(refusal);
        }
        self.clicks += 1;
        self.found.insert(cell);
        let left = (wanted & !self.found).len();
        if left == 0 {
            return Ok(self.complete(self.clicks));
        }
        Ok(Progress::Found { cell, left })
    }

    /// Why the piece on `from` cannot go to `to`, as the game says it in play.
    fn why_not(&self, from: Cell, to: Cell) -> Refusal {
        let pos = &self.state.pos;
        if from == to {
            return Refusal::OwnCell(pos.piece_at(from).map_or(PieceKind::King, |p| p.kind));
        }
        let mut mv = Move::new(from, to);
        if pos.is_promotion(from, to) {
            mv.promotion = Some(PieceKind::Queen);
        }
        match pos.check_move(mv) {
            Err(e) => Refusal::Illegal(e),
            // Not reached: the legal targets were asked for. Say something true anyway.
            Ok(()) => Refusal::NotAsked(to),
        }
    }

    /// How the opponent's reply is to be found, when one is awaited.
    pub fn reply_needed(&self) -> Option<ReplyKind> {
        if self.status != RunState::AwaitingReply {
            return None;
        }
        let pos = &self.state.pos;
        let engine = |depth| {
            ReplyKind::Engine(ReplyRequest {
                position: pos.clone(),
                history: self.state.history.clone(),
                depth,
            })
        };
        match &self.stage.opponent {
            Opponent::Passive => None,
            Opponent::Engine(depth) => Some(engine(*depth)),
            Opponent::Scripted(moves) => Some(
                moves
                    .get(self.replies)
                    .and_then(|text| pos.parse_move(text).ok())
                    .map_or_else(|| engine(DEFAULT_ENGINE_DEPTH), ReplyKind::Scripted),
            ),
        }
    }

    /// Plays the opponent's reply (from [`StageRun::reply_needed`]).
    pub fn apply_reply(&mut self, mv: Move) -> Result<Progress, Refusal> {
        if self.status != RunState::AwaitingReply {
            return Err(Refusal::NoReplyExpected);
        }
        let step = opponent_move(&self.stage, &self.state, mv)?;
        self.replies += 1;
        Ok(self.apply(step, mv))
    }

    /// Finds and plays the reply here and now (tests, tools; a screen should compute engine
    /// replies off the frame thread).
    pub fn reply_now(&mut self) -> Result<Progress, Refusal> {
        let mv = match self.reply_needed() {
            Some(ReplyKind::Scripted(mv)) => mv,
            // No reply only when the opponent cannot move, and then the stage has already ended.
            Some(ReplyKind::Engine(request)) => {
                request.compute().ok_or(Refusal::NoReplyExpected)?
            }
            None => return Err(Refusal::NoReplyExpected),
        };
        self.apply_reply(mv)
    }

    /// The learner's side.
    pub fn learner(&self) -> Side {
        self.stage.learner()
    }
}
