//! A stage being played: the player's moves and clicks go to the [`StageRun`], accepted moves
//! glide on the board, the opponent answers (scripted replies after a pause, engine replies
//! computed on the async compute pool), and the end of the attempt opens the end card.

use crate::tr;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::{Learn, LearnProgress, players_for};
use crate::game::core::GameSet;
use crate::game::core::board::Animating;
use crate::game::core::board::LinesOverride;
use crate::game::core::screens::{Modal, Screen};
use crate::game::core::selection::RefusedMove;
use crate::game::core::selection::{CellClicked, CellPicking, Selection};
use crate::game::core::state::{Applied, GameCommand, GameControl, MoveRequest, capitalise};
use crate::lessons::{Goal, Progress, Refusal, ReplyKind, RunState, Stage, StageResult, StageRun};
use crate::rules::{Cell, Game, Move, PieceKind};

/// How long a refused move's piece keeps its lines drawn.
pub(crate) const FORCED_LINES_SECONDS: f32 = 5.0;
/// Pause before a scripted reply, so the player sees their own move land first.
const SCRIPTED_PAUSE: f32 = 0.5;
/// Pause before an engine reply found quickly.
const ENGINE_PAUSE: f32 = 0.25;
/// Pause between the last move landing and the end card.
const END_PAUSE: f32 = 0.6;
/// How long a wrong click's cell flashes.
const FLASH_SECONDS: f32 = 0.9;

/// How an attempt ended, for the end card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageEnded {
    /// The stars and moves, or why it failed.
    pub result: Result<StageResult, String>,
    /// Whether the stars beat the best so far.
    pub new_best: bool,
}

/// The opponent's reply on its way.
enum Reply {
    /// None awaited, or not yet asked for.
    Idle,
    /// The engine is searching.
    Computing(Task<Option<Move>>),
    /// Known; played once the board is still and the pause is over.
    Waiting { mv: Move, pause: f32 },
}

/// The stage on the board and everything about the attempt.
pub struct OpenStage {
    pub(super) lesson: usize,
    pub(super) stage: usize,
    pub(super) run: StageRun,
    pub(super) hint_shown: bool,
    reply: Reply,
    /// Seconds (of a still board) until the end card opens.
    end_in: Option<f32>,
    ended: Option<StageEnded>,
    /// A wrong click's cell, flashing for this many more seconds.
    pub(super) flash: Option<(Cell, f32)>,
}

impl OpenStage {
    pub(super) fn new(lesson: usize, stage: usize, found: &Stage) -> OpenStage {
        OpenStage {
            lesson,
            stage,
            run: StageRun::new(found),
            hint_shown: false,
            reply: Reply::Idle,
            end_in: None,
            ended: None,
            flash: None,
        }
    }

    pub(super) fn restart(&mut self) {
        self.run.restart();
        self.reply = Reply::Idle;
        self.end_in = None;
        self.ended = None;
        self.flash = None;
    }

    /// Index of the lesson in the list.
    pub fn lesson(&self) -> usize {
        self.lesson
    }

    /// Index of the stage in its lesson.
    pub fn stage(&self) -> usize {
        self.stage
    }

    /// The attempt.
    pub fn run(&self) -> &StageRun {
        &self.run
    }

    /// Whether the engine is searching for the opponent's reply.
    pub fn computing(&self) -> bool {
        matches!(self.reply, Reply::Computing(_))
    }

    /// Whether the hint is shown.
    pub fn hint_shown(&self) -> bool {
        self.hint_shown
    }

    /// How the attempt ended, once it has.
    pub fn ended_as(&self) -> Option<&StageEnded> {
        self.ended.as_ref()
    }

    /// Whether the attempt is over (completed or failed).
    pub fn ended(&self) -> bool {
        matches!(
            self.run.state(),
            RunState::Complete(_) | RunState::Failed(_)
        )
    }

    /// Whether the stage was completed.
    pub fn completed(&self) -> bool {
        self.run.result().is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            learner_moves,
            learner_clicks,
            refused_attempts,
            replies,
            stage_end,
        )
            .chain()
            .in_set(GameSet::Rules)
            .run_if(in_state(Screen::Learn)),
    )
    .add_systems(
        Update,
        board_input
            .in_set(GameSet::View)
            .run_if(in_state(Screen::Learn)),
    );
}

/// The piece whose lines explain a click stage: the piece asked about, or one standing on a
/// highlighted cell.
pub(crate) fn lines_piece(stage: &Stage) -> Option<Cell> {
    match stage.goal {
        Goal::Reach(cell) => Some(cell),
        Goal::Click(_) => stage
            .highlight
            .into_iter()
            .find(|&c| stage.start.piece_at(c).is_some()),
        _ => None,
    }
}

/// Everything showing a move or an end needs.
#[derive(SystemParam)]
struct Shown<'w> {
    board: GameControl<'w>,
    lines: ResMut<'w, LinesOverride>,
    progress: ResMut<'w, LearnProgress>,
}

impl Shown<'_> {
    /// Plays an accepted move (the player's or the reply) on the board so it glides, then
    /// keeps the board's game equal to the run's position: with an opponent that does not
    /// move, the run hands the turn back without a move.
    fn play(&mut self, open: &OpenStage, mv: Move) -> Option<String> {
        let text = match self.board.apply(GameCommand::Play(mv)) {
            Applied::Played(played) => Some(played.text),
            _ => None,
        };
        let run = &open.run;
        let board = self.board.game().game().position();
        if board != run.position() {
            let same_pieces = board.placement().eq(run.position().placement());
            self.board.apply(GameCommand::Replace {
                game: Box::new(Game::from_position(run.position().clone())),
                players: players_for(run.stage()),
                notes: Vec::new(),
                clocks: None,
            });
            // Same pieces: the glide ends where the run says; otherwise redraw at once.
            if !same_pieces || text.is_none() {
                self.board.redraw();
            }
        }
        text
    }

    /// Records a completed stage or says why it failed; the end card follows.
    fn end(&mut self, learn_id: &str, open: &mut OpenStage, result: Result<StageResult, String>) {
        let new_best = match &result {
            Ok(r) => {
                self.board.status.info(tr!(
                    "learn-status-complete",
                    made = if open.run.stage().wants_clicks() {
                        tr!("learn-n-clicks", n = r.moves)
                    } else {
                        tr!("learn-n-moves", n = r.moves)
                    },
                    fewest = r.fewest
                ));
                self.progress.record(learn_id, open.stage, r.stars)
            }
            Err(why) => {
                self.board.status.warn(sentence(why));
                false
            }
        };
        open.ended = Some(StageEnded { result, new_best });
        open.end_in = Some(END_PAUSE);
    }

    /// What a move did, in the status line.
    fn report(&mut self, learn_id: &str, open: &mut OpenStage, progress: Progress, text: &str) {
        let goal = open.run.stage().goal.clone();
        match progress {
            Progress::Moved { star, stars_left } => {
                let them = !open.run.learner();
                let pos = open.run.position();
                let left = (pos.side_cells(them) & !pos.kind_cells(PieceKind::King)).len();
                self.board.status.info(match (star, goal) {
                    (Some(_), _) => tr!("learn-star-collected", left = stars_left),
                    (None, Goal::Stars(_)) => tr!("learn-closer-to-star"),
                    (None, Goal::CaptureAll) if text.contains('x') => {
                        tr!("learn-captured", left = left)
                    }
                    _ => tr!("learn-your-move-again", move = text),
                });
            }
            Progress::AwaitReply => {
                self.board.status.info(tr!(
                    "learn-answering",
                    side = crate::game::text::side_name(!open.run.learner())
                ));
            }
            Progress::Replied(_) => {
                self.board.status.info(tr!(
                    "learn-answered",
                    side = crate::game::text::side_name(!open.run.learner()),
                    move = text
                ));
            }
            Progress::Found { cell, left } => {
                self.board.status.info(match left {
                    1 => tr!("learn-found-one-more", cell = cell.to_string()),
                    _ => tr!("learn-found-more", cell = cell.to_string(), left = left),
                });
            }
            Progress::Complete(result) => self.end(learn_id, open, Ok(result)),
            Progress::Failed(failure) => self.end(
                learn_id,
                open,
                Err(crate::game::text::failure_text(&failure)),
            ),
        }
    }

    /// A refusal in the status line; the piece's lines show why.
    fn refuse(&mut self, refusal: &Refusal, piece: Option<Cell>) {
        self.board
            .status
            .warn(sentence(&crate::game::text::refusal_text(refusal)));
        if let Some(cell) = piece {
            self.lines.forced = Some((cell, FORCED_LINES_SECONDS));
        }
    }
}

/// A sentence for the status line: capitalised, unless it starts with a cell's name (`e4 is
/// not one of the cells asked for`), which is always written in lower case.
pub(super) fn sentence(text: &str) -> String {
    let starts_with_cell = Cell::parse_prefix(text)
        .is_ok_and(|(_, n)| text[n..].starts_with(' ') || text[n..].is_empty());
    if starts_with_cell {
        text.to_string()
    } else {
        capitalise(text)
    }
}

fn lesson_id(learn: &Learn) -> String {
    learn.lesson_of().map(|l| l.id.clone()).unwrap_or_default()
}

/// Moves from the board (clicks, drags, promotions) go to the stage first.
fn learner_moves(
    mut requests: MessageReader<MoveRequest>,
    mut learn: ResMut<Learn>,
    mut shown: Shown,
) {
    let id = lesson_id(&learn);
    for &MoveRequest(mv) in requests.read() {
        let Some(open) = learn.open.as_mut() else {
            continue;
        };
        match open.run.try_move(mv) {
            Ok(progress) => {
                shown.lines.forced = None;
                let text = shown.play(open, mv).unwrap_or_else(|| mv.to_string());
                shown.report(&id, open, progress, &text);
            }
            Err(refusal) => shown.refuse(&refusal, Some(mv.from)),
        }
    }
}

/// Cells clicked in stages answered by clicking (and any click while the board takes no move).
fn learner_clicks(
    mut clicks: MessageReader<CellClicked>,
    mut learn: ResMut<Learn>,
    mut shown: Shown,
) {
    let id = lesson_id(&learn);
    for &CellClicked(cell) in clicks.read() {
        let Some(open) = learn.open.as_mut() else {
            continue;
        };
        match open.run.click(cell) {
            Ok(progress) => shown.report(&id, open, progress, ""),
            Err(refusal) => {
                let wrong = matches!(refusal, Refusal::Illegal(_) | Refusal::NotAsked(_));
                let piece = wrong.then(|| lines_piece(open.run.stage())).flatten();
                if wrong {
                    open.flash = Some((cell, FLASH_SECONDS));
                }
                shown.refuse(&refusal, piece);
            }
        }
    }
}

/// A move the rules refused before it reached the stage: its piece's lines show why.
fn refused_attempts(
    mut refused: MessageReader<RefusedMove>,
    learn: Res<Learn>,
    mut lines: ResMut<LinesOverride>,
) {
    for r in refused.read() {
        if learn.open.is_some() {
            lines.forced = Some((r.from, FORCED_LINES_SECONDS));
        }
    }
}

/// The opponent's reply: asked for when awaited, searched off the frame thread, played once
/// the board is still.
fn replies(time: Res<Time>, animating: Res<Animating>, mut learn: ResMut<Learn>, mut shown: Shown) {
    let id = lesson_id(&learn);
    let Some(open) = learn.open.as_mut() else {
        return;
    };
    match &mut open.reply {
        Reply::Idle => match open.run.reply_needed() {
            Some(ReplyKind::Scripted(mv)) => {
                open.reply = Reply::Waiting {
                    mv,
                    pause: SCRIPTED_PAUSE,
                }
            }
            Some(ReplyKind::Engine(request)) => {
                let task = AsyncComputeTaskPool::get().spawn(async move { request.compute() });
                open.reply = Reply::Computing(task);
            }
            None => {}
        },
        Reply::Computing(task) => {
            if let Some(found) = block_on(poll_once(task)) {
                open.reply = match found {
                    Some(mv) => Reply::Waiting {
                        mv,
                        pause: ENGINE_PAUSE,
                    },
                    None => {
                        shown.board.status.warn(tr!("learn-no-reply"));
                        Reply::Idle
                    }
                };
            }
        }
        Reply::Waiting { mv, pause } => {
            if animating.0 {
                return;
            }
            *pause -= time.delta_secs();
            if *pause > 0.0 {
                return;
            }
            let mv = *mv;
            open.reply = Reply::Idle;
            match open.run.apply_reply(mv) {
                Ok(progress) => {
                    let text = shown.play(open, mv).unwrap_or_else(|| mv.to_string());
                    shown.report(&id, open, progress, &text);
                }
                Err(e) => shown
                    .board
                    .status
                    .warn(tr!("learn-reply-failed", error = e.to_string())),
            }
        }
    }
}

/// Once the last move has landed (and a short pause), the end card.
fn stage_end(
    time: Res<Time>,
    animating: Res<Animating>,
    mut learn: ResMut<Learn>,
    modal: Res<State<Modal>>,
    mut next: ResMut<NextState<Modal>>,
) {
    let Some(open) = learn.open.as_mut() else {
        return;
    };
    let Some(left) = open.end_in.as_mut() else {
        return;
    };
    if animating.0 {
        return;
    }
    *left -= time.delta_secs();
    if *left <= 0.0 {
        open.end_in = None;
        if *modal.get() == Modal::None {
            next.set(Modal::StageEnd);
        }
    }
}

/// What a press on the board means here: a move only while the player may move a piece,
/// a cell otherwise; the lines aid stays quiet in stages that ask where a piece goes; timers.
fn board_input(
    time: Res<Time>,
    mut learn: ResMut<Learn>,
    mut picking: ResMut<CellPicking>,
    mut lines: ResMut<LinesOverride>,
    mut selection: ResMut<Selection>,
) {
    let dt = time.delta_secs();
    let (cells, hide) = match learn.open.as_ref() {
        None => (true, false),
        Some(open) => {
            let clicks = open.run.stage().wants_clicks();
            (
                clicks || *open.run.state() != RunState::LearnerToMove,
                clicks,
            )
        }
    };
    if picking.0 != cells {
        picking.0 = cells;
        if cells {
            selection.clear();
        }
    }
    if lines.hide_aid != hide {
        lines.hide_aid = hide;
    }
    if let Some((_, left)) = lines.forced.as_mut() {
        *left -= dt;
        if *left <= 0.0 {
            lines.forced = None;
        }
    }
    if let Some(open) = learn.open.as_mut()
        && let Some((_, left)) = open.flash.as_mut()
    {
        *left -= dt;
        if *left <= 0.0 {
            open.flash = None;
        }
    }
}
