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
    Engine(Box<ReplyRequest>),
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
            ReplyKind::Engine(Box::new(ReplyRequest {
                position: pos.clone(),
                history: self.state.history.clone(),
                depth,
            }))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::Miss;
    use crate::lessons::{Lesson, builtin, parse_lesson};
    use crate::rules::MoveError;

    fn lessons() -> Vec<Lesson> {
        builtin().unwrap()
    }

    fn stage(id: &str, title: &str) -> Stage {
        let lessons = lessons();
        let lesson = lessons.iter().find(|l| l.id == id).unwrap();
        lesson
            .stages
            .iter()
            .find(|s| s.title == title)
            .unwrap()
            .clone()
    }

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    /// Plays a move given as text, the way a screen turns a drag into a `Move`.
    fn play(run: &mut StageRun, text: &str) -> Result<Progress, Refusal> {
        let (from, n) = Cell::parse_prefix(text).unwrap();
        let (to, m) = Cell::parse_prefix(&text[n..]).unwrap();
        let mv = match &text[n + m..] {
            "q" => Move::promoting(from, to, PieceKind::Queen),
            _ => Move::new(from, to),
        };
        run.try_move(mv)
    }

    #[test]
    fn click_stage_counts_wrong_clicks() {
        let mut run = StageRun::new(&stage("01-board", "The centre"));
        assert!(run.stage().wants_clicks());
        assert_eq!(run.fewest(), 6);
        let wrong = run.click(cell("e4")).unwrap_err();
        assert_eq!(wrong.to_string(), "e4 is not one of the cells asked for");
        assert_eq!(
            run.click(cell("e5")),
            Ok(Progress::Found {
                cell: cell("e5"),
                left: 5
            })
        );
        assert_eq!(
            run.click(cell("e5")).unwrap_err().to_string(),
            "you have found e5 already"
        );
        assert_eq!(run.found(), cell("e5").set());
        for name in ["f3", "f4", "e6", "g5"] {
            assert!(matches!(run.click(cell(name)), Ok(Progress::Found { .. })));
        }
        let done = run.click(cell("g6")).unwrap();
        let result = StageResult {
            stars: 2,
            moves: 7,
            fewest: 6,
        };
        assert_eq!(done, Progress::Complete(result));
        assert_eq!(run.result(), Some(result));
        assert_eq!(run.click(cell("a1")), Err(Refusal::Over));
        run.restart();
        assert_eq!(run.moves_made(), 0);
        assert!(run.found().is_empty());
        assert_eq!(
            play(&mut run, "a4a5"),
            Err(Refusal::ClickInstead),
            "no piece moves in a click stage"
        );
    }

    #[test]
    fn reach_stage_explains_wrong_clicks_as_in_play() {
        let mut run = StageRun::new(&stage("03-rook", "The Rook"));
        assert_eq!(run.fewest(), 13);
        let blocked = run.click(cell("e9")).unwrap_err();
        assert_eq!(
            blocked.to_string(),
            "the way from e5 to e9 is blocked by the piece on e8"
        );
        assert_eq!(
            run.click(cell("e2")).unwrap_err().to_string(),
            "the way from e5 to e2 is blocked by the piece on e3"
        );
        assert_eq!(
            run.click(cell("g6")).unwrap_err(),
            Refusal::Illegal(MoveError::Unreachable {
                kind: PieceKind::Rook,
                from: cell("e5"),
                to: cell("g6")
            })
        );
        assert_eq!(
            run.click(cell("e5")).unwrap_err().to_string(),
            "that is where the Rook stands: click the cells it can move to"
        );
        assert_eq!(run.moves_made(), 3, "the own cell is not counted");
        let targets = run.position().legal_targets(cell("e5"));
        let mut last = None;
        for target in targets {
            last = Some(run.click(target).unwrap());
        }
        assert_eq!(
            last,
            Some(Progress::Complete(StageResult {
                stars: 1,
                moves: 16,
                fewest: 13
            }))
        );
    }

    #[test]
    fn pawn_captures_are_explained() {
        let mut run = StageRun::new(&stage("12-pawn", "Captures"));
        assert_eq!(
            run.click(cell("g5")).unwrap_err().to_string(),
            "a Pawn captures only with a forward edgewise or diagonal step, not arcwise"
        );
        for name in ["f3", "g6"] {
            assert!(matches!(run.click(cell(name)), Ok(Progress::Found { .. })));
        }
        assert!(matches!(run.click(cell("f4")), Ok(Progress::Complete(_))));
    }

    #[test]
    fn star_stage_refuses_moves_that_lead_nowhere() {
        let mut run = StageRun::new(&stage("03-rook", "Collect the stars"));
        assert_eq!(run.fewest(), 3);
        assert_eq!(run.stars_left().len(), 3);
        // a1 is no nearer to any star than e1 is.
        assert_eq!(
            play(&mut run, "e1a1").unwrap_err().to_string(),
            "that move does not bring your Rook closer to a star: land on a star or move toward one"
        );
        assert_eq!(play(&mut run, "a3a2"), Err(Refusal::KingStays));
        assert_eq!(
            play(&mut run, "e1e7"),
            Err(Refusal::ChecksIdleKing(Side::Black)),
            "e7 sees the black King on i4"
        );
        assert_eq!(run.moves_made(), 0, "refused moves are not counted");
        assert_eq!(
            play(&mut run, "e1e10"),
            Ok(Progress::Moved {
                star: Some(cell("e10")),
                stars_left: 2
            })
        );
        assert_eq!(run.position().turn(), Side::White, "the move comes back");
        assert_eq!(run.last_move(), Some(Move::new(cell("e1"), cell("e10"))));
        assert!(matches!(
            play(&mut run, "e10f6"),
            Ok(Progress::Moved { .. })
        ));
        assert_eq!(
            play(&mut run, "f6k6"),
            Ok(Progress::Complete(StageResult {
                stars: 3,
                moves: 3,
                fewest: 3
            }))
        );
        assert_eq!(play(&mut run, "k6k5"), Err(Refusal::Over));
        assert_eq!(run.click(cell("a1")), Err(Refusal::Over));
    }

    #[test]
    fn idle_opponent_king_may_not_be_checked() {
        let text = r#"(
            title: "t", intro: "i",
            stages: [(
                title: "Stars", text: "Collect.",
                position: "6/4/8/5/4k5/6/10/5/8/4/R4K w 0 1",
                goal: Stars(["f1", "e10"]),
            )],
        )"#;
        let lesson = parse_lesson("t", "t.ron", text).unwrap();
        let mut run = StageRun::new(&lesson.stages[0]);
        let refused = play(&mut run, "a1b1").unwrap_err();
        assert_eq!(refused, Refusal::ChecksIdleKing(Side::Black));
        assert_eq!(
            refused.to_string(),
            "that move would put the black King in check, but here Black does not move: leave the King alone"
        );
        assert_eq!(run.moves_made(), 0);
        assert!(matches!(play(&mut run, "a1f1"), Ok(Progress::Moved { .. })));
    }

    #[test]
    fn capture_stage_and_stars_for_a_longer_way() {
        let mut run = StageRun::new(&stage("03-rook", "Capture"));
        assert_eq!(run.fewest(), 3);
        // A detour: d1 first along the rim, then back and on.
        for text in ["a1b1", "b1d1", "d1g3"] {
            assert!(
                matches!(play(&mut run, text), Ok(Progress::Moved { .. })),
                "{text}"
            );
        }
        assert_eq!(
            play(&mut run, "g3g8"),
            Ok(Progress::Complete(StageResult {
                stars: 2,
                moves: 4,
                fewest: 3
            }))
        );
    }

    #[test]
    fn promotion_needs_a_choice() {
        let mut run = StageRun::new(&stage("12-pawn", "Promotion"));
        assert!(matches!(play(&mut run, "h3i4"), Ok(Progress::Moved { .. })));
        assert_eq!(
            play(&mut run, "i4k3"),
            Err(Refusal::Illegal(MoveError::PromotionRequired))
        );
        assert_eq!(
            play(&mut run, "i4k3q"),
            Ok(Progress::Complete(StageResult {
                stars: 3,
                moves: 2,
                fewest: 2
            }))
        );
    }

    #[test]
    fn escape_check_refuses_moves_that_stay_in_check() {
        let mut run = StageRun::new(&stage("13-check-and-mate", "Block"));
        assert_eq!(
            play(&mut run, "e5e6").unwrap_err().to_string(),
            "your King is in check, and that move does not get it out"
        );
        assert!(matches!(play(&mut run, "e5e1"), Ok(Progress::Complete(r)) if r.stars == 3));
    }

    #[test]
    fn check_stage_fails_without_check() {
        let mut run = StageRun::new(&stage("13-check-and-mate", "Give check"));
        let failed = play(&mut run, "a1a2").unwrap();
        assert_eq!(
            failed.clone(),
            Progress::Failed(Failure::Missed(Miss::NoCheck(Side::Black)))
        );
        assert!(matches!(run.state(), RunState::Failed(_)));
        assert_eq!(
            Miss::NoCheck(Side::Black).to_string(),
            "that move does not put the black King in check"
        );
        assert_eq!(play(&mut run, "a2a3"), Err(Refusal::Over));
        run.restart();
        assert!(matches!(play(&mut run, "a1b1"), Ok(Progress::Complete(_))));
    }

    #[test]
    fn mate_in_one_says_what_went_wrong() {
        let mut run = StageRun::new(&stage("13-check-and-mate", "Checkmate with the Queen"));
        let check_only = run
            .position()
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| {
                let after = run.position().after(mv);
                after.in_check() && after.has_legal_move()
            })
            .unwrap();
        assert_eq!(
            run.try_move(check_only).unwrap().clone(),
            Progress::Failed(Failure::Missed(Miss::CheckNotMate(Side::Black)))
        );
        run.restart();
        assert_eq!(run.position(), &run.stage().start);
        assert!(matches!(play(&mut run, "a2i7"), Ok(Progress::Complete(r)) if r.stars == 3));
    }

    #[test]
    fn scripted_reply_then_mate() {
        let mut run = StageRun::new(&stage("13-check-and-mate", "Mate in two with the Queen"));
        assert_eq!(play(&mut run, "a3i4"), Ok(Progress::AwaitReply));
        assert_eq!(run.state(), &RunState::AwaitingReply);
        assert_eq!(
            play(&mut run, "i4i6"),
            Err(Refusal::AwaitingReply(Side::Black))
        );
        let reply = Move::new(cell("k6"), cell("j4"));
        assert_eq!(run.reply_needed(), Some(ReplyKind::Scripted(reply)));
        assert_eq!(
            run.apply_reply(Move::new(cell("k6"), cell("k4"))),
            Err(Refusal::BadReply(MoveError::Unreachable {
                kind: PieceKind::King,
                from: cell("k6"),
                to: cell("k4")
            }))
        );
        assert_eq!(run.apply_reply(reply), Ok(Progress::Replied(reply)));
        assert_eq!(run.reply_needed(), None);
        assert_eq!(run.apply_reply(reply), Err(Refusal::NoReplyExpected));
        assert_eq!(
            play(&mut run, "i4i6"),
            Ok(Progress::Complete(StageResult {
                stars: 3,
                moves: 2,
                fewest: 2
            }))
        );
    }

    #[test]
    fn engine_reply_is_legal_and_the_mate_follows() {
        let mut run = StageRun::new(&stage("13-check-and-mate", "Mate in two with the Rook"));
        assert_eq!(play(&mut run, "h3i6"), Ok(Progress::AwaitReply));
        let Some(ReplyKind::Engine(request)) = run.reply_needed() else {
            panic!("an engine reply is needed");
        };
        assert_eq!(request.depth, 2);
        let reply = request.compute().unwrap();
        assert_eq!(request.compute(), Some(reply), "deterministic");
        assert_eq!(run.apply_reply(reply), Ok(Progress::Replied(reply)));
        let pos = run.position().clone();
        let mate = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| {
                let after = pos.after(mv);
                after.in_check() && !after.has_legal_move()
            })
            .expect("the forced mate");
        assert!(matches!(run.try_move(mate), Ok(Progress::Complete(_))));
    }

    #[test]
    fn mate_limit_used_up() {
        let mut run = StageRun::new(&stage("13-check-and-mate", "Mate in two with the Rook"));
        assert_eq!(play(&mut run, "b4a6"), Ok(Progress::AwaitReply));
        assert!(matches!(run.reply_now(), Ok(Progress::Replied(_))));
        let pos = run.position().clone();
        let quiet = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| pos.after(mv).has_legal_move())
            .unwrap();
        assert_eq!(
            run.try_move(quiet),
            Ok(Progress::Failed(Failure::Missed(Miss::NotMatedIn(
                2,
                Side::Black
            ))))
        );
    }

    #[test]
    fn stalemate_is_the_goal_not_mate() {
        let mut run = StageRun::new(&stage("14-stalemate", "No moves left"));
        assert_eq!(
            play(&mut run, "b1b2"),
            Ok(Progress::Failed(Failure::Missed(Miss::StillMoves(
                Side::Black
            ))))
        );
        run.restart();
        assert!(matches!(play(&mut run, "b1h3"), Ok(Progress::Complete(_))));
    }

    fn one_stage(position: &str, goal: &str) -> Stage {
        let text = format!(
            r#"(title: "t", intro: "i", stages: [(title: "s", text: "x", position: "{position}", goal: {goal})])"#
        );
        parse_lesson("t", "t.ron", &text).unwrap().stages[0].clone()
    }

    #[test]
    fn the_wrong_kind_of_win_fails_with_its_own_sentence() {
        // Qa2-i7 is checkmate here; the stage asks for a stalemate.
        let stage = one_stage("5k/4/8/5/7K2/6/10/5/8/4/1Q4 w 0 1", "Stalemate(1)");
        let mut run = StageRun::with_fewest(&stage, 1);
        let failed = play(&mut run, "a2i7").unwrap();
        assert_eq!(
            failed,
            Progress::Failed(Failure::MateNotStalemate(Side::Black))
        );
        assert!(failed_text(&failed).starts_with("that is checkmate, which wins too"));
        // Qb1-h3 leaves Black without a move, not in check; the stage asks for checkmate.
        let stage = one_stage("5k/4/8/5/7K2/6/10/5/8/Q3/6 w 0 1", "Mate(1)");
        let mut run = StageRun::with_fewest(&stage, 1);
        assert_eq!(
            play(&mut run, "b1h3"),
            Ok(Progress::Failed(Failure::StalemateNotMate(Side::Black)))
        );
    }

    fn failed_text(p: &Progress) -> String {
        match p {
            Progress::Failed(f) => f.to_string(),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn draw_by_the_hundred_half_move_rule() {
        let mut run = StageRun::new(&stage("15-draws", "A hundred half-moves"));
        assert_eq!(
            play(&mut run, "a1b1"),
            Ok(Progress::Failed(Failure::Missed(Miss::NoDraw))),
            "a capture starts the count again"
        );
        run.restart();
        assert!(
            matches!(play(&mut run, "c3d2"), Ok(Progress::Failed(_))),
            "a Pawn move too"
        );
        run.restart();
        assert!(matches!(play(&mut run, "a1c2"), Ok(Progress::Complete(_))));
    }

    #[test]
    fn draw_by_repetition_counts_the_moves_before_the_stage() {
        let mut run = StageRun::new(&stage("15-draws", "Threefold repetition"));
        assert!(matches!(play(&mut run, "a1b1"), Ok(Progress::Failed(_))));
        run.restart();
        assert!(matches!(play(&mut run, "a1a2"), Ok(Progress::Complete(_))));
    }

    #[test]
    fn moves_refused_in_click_stages_and_clicks_in_move_stages() {
        let mut run = StageRun::new(&stage("03-rook", "Capture"));
        assert_eq!(run.click(cell("d1")), Err(Refusal::MoveInstead));
        assert_eq!(run.reply_needed(), None);
        assert_eq!(
            run.apply_reply(Move::new(cell("k4"), cell("k5"))),
            Err(Refusal::NoReplyExpected)
        );
    }
}
