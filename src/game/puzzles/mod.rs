//! The Puzzles screen: one puzzle at a time from the built-in set (`crate::study`), chosen
//! near the player's rating, played on the board. The player's moves go to the [`PuzzleRun`]
//! off the frame thread (its answers are exact searches); right moves glide and the defender's
//! reply follows after a pause; a wrong move is not kept, and is explained with the right move
//! shown. The rating, streak and solved puzzles are read and written by
//! [`crate::store::puzzles`] on the IO task pool.

mod view;

use crate::tr;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, IoTaskPool, Task, block_on, poll_once};

use crate::game::core::GameSet;
use crate::game::core::actions::{Action, ActionsExt};
use crate::game::core::board::Animating;
use crate::game::core::keys::{Binding, Context, KeysExt, key};
use crate::game::core::saves::Saves;
use crate::game::core::screens::{Modal, Screen, set_modal};
use crate::game::core::selection::{CellPicking, Selection};
use crate::game::core::state::{
    Applied, BoardReset, ChessGame, GameCommand, GameControl, MoveRequest, PlayStash, SeatKind,
    StatusLine,
};
use crate::rules::{Game, Move};
use crate::store::puzzles::{PuzzleStoreError, load_progress, save_progress};
use crate::study::{Puzzle, PuzzleProgress, PuzzleRun, PuzzleStep, RatingChange, Wrong};

/// Pause before the defender's reply, so the player sees their own move land first.
const REPLY_PAUSE: f32 = 0.45;
/// Pause before each solver move while the solution is being shown.
const SHOW_PAUSE: f32 = 0.7;

/// The Puzzles screen's buttons and keys.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PuzzleAction {
    /// The next puzzle (an unsolved one is given up: it counts as not solved).
    Next,
    /// The same puzzle again from its start.
    Retry,
    /// Play the solution on the board (the puzzle counts as not solved).
    Solution,
}

/// What the run answered about a move, worked out off the frame thread: the run after it, the
/// move and the answer (`None` when the solution had no move to show).
type Answer = Option<(PuzzleRun, Move, Result<PuzzleStep, Wrong>)>;

/// The puzzle on the board and everything about the attempt.
pub struct OpenPuzzle {
    index: usize,
    run: PuzzleRun,
    /// The run answering a move.
    answer: Option<Task<Answer>>,
    /// The defender's reply, played once the board is still and the pause is over.
    reply: Option<(Move, f32)>,
    /// The solution is being played by itself; seconds until its next move.
    showing: Option<f32>,
    /// The last wrong move, explained, until the next move.
    wrong: Option<Wrong>,
    /// How finishing the puzzle changed the record, once it counted.
    counted: Option<RatingChange>,
    /// Whether the attempt failed (a wrong move, the solution shown, given up).
    failed: bool,
}

impl OpenPuzzle {
    /// Index into the puzzle set.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The attempt.
    pub fn run(&self) -> &PuzzleRun {
        &self.run
    }

    /// The last wrong move and why, until another move is tried.
    pub fn wrong(&self) -> Option<&Wrong> {
        self.wrong.as_ref()
    }

    /// What the record made of the attempt, once it counted (solved, or failed).
    pub fn counted(&self) -> Option<RatingChange> {
        self.counted
    }

    /// Whether the attempt failed.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// Whether the puzzle is solved (with or without help).
    pub fn solved(&self) -> bool {
        self.run.is_solved()
    }

    /// Whether the run is answering a move or a reply is on its way.
    pub fn busy(&self) -> bool {
        self.answer.is_some() || self.reply.is_some()
    }

    /// The move to point at: the right one after a wrong move, until the next move.
    pub fn pointed(&self) -> Option<Move> {
        self.wrong.as_ref().and_then(|w| w.solution)
    }

    fn new(index: usize, puzzle: &Puzzle) -> OpenPuzzle {
        OpenPuzzle {
            index,
            run: PuzzleRun::new(puzzle),
            answer: None,
            reply: None,
            showing: None,
            wrong: None,
            counted: None,
            failed: false,
        }
    }
}

/// The player's record and its reads and writes.
#[derive(Default)]
struct Record {
    progress: PuzzleProgress,
    /// The file has been read (or there is none to read).
    loaded: bool,
    /// Where the record is saved; `None` when it is not (no data folder, or a file that could
    /// not be read and must not be overwritten).
    dir: Option<PathBuf>,
    loading: Option<Task<Result<PuzzleProgress, PuzzleStoreError>>>,
    writing: Option<Task<Result<(), PuzzleStoreError>>>,
    /// Changed since the last write began.
    dirty: bool,
}

/// The puzzles, the player's record and the puzzle on the board.
#[derive(Resource, Default)]
pub struct PuzzleScreen {
    puzzles: Vec<Puzzle>,
    /// Why the built-in puzzles could not be read (a bug in a shipped file).
    problem: Option<String>,
    record: Record,
    /// What the player must know about their record (it could not be read or saved).
    notice: Option<String>,
    open: Option<OpenPuzzle>,
    /// The puzzle `--puzzle` asked for, opened first.
    launch: Option<usize>,
}

impl PuzzleScreen {
    /// Every puzzle.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The puzzle on the board.
    pub fn open(&self) -> Option<&OpenPuzzle> {
        self.open.as_ref()
    }

    /// The open puzzle's data.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.open.as_ref().and_then(|o| self.puzzles.get(o.index))
    }

    /// The player's rating, streak and solved puzzles.
    pub fn progress(&self) -> &PuzzleProgress {
        &self.record.progress
    }

    /// A problem with the player's record or the puzzle set, in words.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref().or(self.problem.as_deref())
    }

    /// Whether the record is being read or written, or waits to be (tests wait for this).
    pub fn busy(&self) -> bool {
        let r = &self.record;
        r.loading.is_some() || r.writing.is_some() || (r.dirty && r.dir.is_some())
    }
}

fn plugin(app: &mut App) {
    let (puzzles, problem) = match crate::study::builtin() {
        Ok(p) => (p, None),
        Err(e) => (
            Vec::new(),
            Some(tr!("puzzles-unreadable", error = e.to_string())),
        ),
    };
    let launch = app
        .world()
        .get_resource::<crate::game::core::launch::LaunchOptions>()
        .and_then(|o| o.puzzle);
    app.insert_resource(PuzzleScreen {
        puzzles,
        problem,
        launch,
        ..default()
    })
    .add_systems(Startup, start_loading)
    .add_systems(OnEnter(Screen::Puzzles), enter)
    .add_systems(OnExit(Screen::Puzzles), leave)
    .add_systems(Update, pump_record.in_set(GameSet::Input))
    .add_systems(
        Update,
        (
            open_first,
            player_moves,
            answers,
            replies,
            show_solution,
            board_input,
        )
            .chain()
            .in_set(GameSet::Rules)
            .run_if(in_state(Screen::Puzzles)),
    );
}

/// Reads the record in the background (offscreen runs have no data folder: a fresh record).
fn start_loading(saves: Option<Res<Saves>>, mut screen: ResMut<PuzzleScreen>) {
    let Some(dir) = saves.and_then(|s| s.store().map(|s| s.dir().to_path_buf())) else {
        screen.record.loaded = true;
        return;
    };
    let reader = dir.clone();
    screen.record.dir = Some(dir);
    screen.record.loading = Some(IoTaskPool::get().spawn(async move { load_progress(&reader) }));
}

/// Takes a finished read, finishes writes, and starts the next write when there is news.
fn pump_record(mut screen: ResMut<PuzzleScreen>) {
    let screen = &mut *screen;
    let record = &mut screen.record;
    if let Some(task) = record.loading.as_mut()
        && let Some(result) = block_on(poll_once(task))
    {
        record.loading = None;
        record.loaded = true;
        match result {
            Ok(progress) => record.progress = progress,
            Err(e @ PuzzleStoreError::Corrupt { .. }) => {
                screen.notice = Some(tr!("puzzles-record-unreadable", error = e.to_string()));
            }
            Err(e) => {
                // Never overwrite a record that could not be read: it may hold more.
                record.dir = None;
                screen.notice = Some(tr!("puzzles-record-unsaved", error = e.to_string()));
            }
        }
    }
    if let Some(task) = record.writing.as_mut()
        && let Some(result) = block_on(poll_once(task))
    {
        record.writing = None;
        if let Err(e) = result {
            screen.notice = Some(tr!("puzzles-record-not-saved", error = e.to_string()));
        }
    }
    if record.loaded && record.dirty && record.writing.is_none() {
        record.dirty = false;
        if let Some(dir) = record.dir.clone() {
            let snapshot = record.progress.clone();
            record.writing =
                Some(IoTaskPool::get().spawn(async move { save_progress(&dir, &snapshot) }));
        }
    }
}

/// The puzzle takes the board; the play game waits in the stash.
fn enter(mut stash: ResMut<PlayStash>, game: Res<ChessGame>, mut status: ResMut<StatusLine>) {
    stash.borrow_board(&game);
    status.info("");
}

/// Nothing of a puzzle outlives the screen: an answer being worked out is dropped, the board's
/// input goes back to normal.
fn leave(
    mut screen: ResMut<PuzzleScreen>,
    mut picking: ResMut<CellPicking>,
    mut selection: ResMut<Selection>,
) {
    screen.open = None;
    picking.0 = false;
    selection.clear();
}

/// Once the record is known, the first puzzle: the one asked for at launch, else the next.
fn open_first(screen: Res<PuzzleScreen>, mut commands: Commands) {
    if screen.open.is_none() && screen.record.loaded && !screen.puzzles.is_empty() {
        commands.queue(|world: &mut World| {
            let launch = world
                .get_resource_mut::<PuzzleScreen>()
                .and_then(|mut s| s.launch.take());
            match launch {
                Some(index) => open_puzzle(world, index),
                None => next(world),
            }
        });
    }
}

/// The side to move is the solver, at this board; the defender's moves come from the run.
fn players_for(puzzle: &Puzzle) -> [SeatKind; 2] {
    let mut players = [SeatKind::Elsewhere; 2];
    players[puzzle.solver().index()] = SeatKind::Human;
    players
}

/// Puts puzzle `index` on the board, at its start.
pub(crate) fn open_puzzle(world: &mut World, index: usize) {
    let Some(puzzle) = world
        .get_resource::<PuzzleScreen>()
        .and_then(|s| s.puzzles.get(index))
        .cloned()
    else {
        return;
    };
    let replace = GameCommand::Replace {
        game: Box::new(Game::from_position(puzzle.position.clone())),
        players: players_for(&puzzle),
        notes: Vec::new(),
        clocks: None,
    };
    crate::game::core::state::apply(world, replace);
    world.write_message(BoardReset);
    if let Some(mut selection) = world.get_resource_mut::<Selection>() {
        selection.clear();
    }
    if let Some(mut screen) = world.get_resource_mut::<PuzzleScreen>() {
        screen.open = Some(OpenPuzzle::new(index, &puzzle));
    }
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.info(tr!("learn-status-your-move"));
    }
    set_modal(world, Modal::None);
}

/// Counts the attempt in the record (once): `clean` when solved without a wrong move.
fn count(screen: &mut PuzzleScreen, clean: bool) -> Option<RatingChange> {
    let open = screen.open.as_mut()?;
    if open.counted.is_some() {
        return open.counted;
    }
    let puzzle = screen.puzzles.get(open.index)?;
    let change = screen.record.progress.record(puzzle, clean);
    open.counted = Some(change);
    screen.record.dirty = true;
    Some(change)
}

fn on_puzzles_screen(world: &World) -> bool {
    crate::game::core::screens::on_screen(world, Screen::Puzzles)
}

/// Carries out a Puzzles button or key.
pub(crate) fn act(world: &mut World, action: PuzzleAction) {
    if !on_puzzles_screen(world) {
        return;
    }
    match action {
        PuzzleAction::Next => {
            // An unfinished puzzle left behind counts as not solved.
            let given_up = world.get_resource_mut::<PuzzleScreen>().and_then(|mut s| {
                let open = s.open.as_mut()?;
                if open.run.is_solved() || open.counted.is_some() {
                    return None;
                }
                open.failed = true;
                count(&mut s, false)
            });
            next(world);
            if given_up.is_some()
                && let Some(mut status) = world.get_resource_mut::<StatusLine>()
            {
                status.info(tr!("puzzles-last-not-solved"));
            }
        }
        PuzzleAction::Retry => {
            let index = world
                .get_resource::<PuzzleScreen>()
                .and_then(|s| s.open.as_ref().map(|o| o.index));
            if let Some(index) = index {
                open_puzzle(world, index);
                if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
                    status.info(tr!("puzzles-again"));
                }
            }
        }
        PuzzleAction::Solution => {
            let Some(mut screen) = world.get_resource_mut::<PuzzleScreen>() else {
                return;
            };
            let Some(open) = screen.open.as_mut() else {
                return;
            };
            if open.run.is_solved() || open.showing.is_some() {
                return;
            }
            open.failed = true;
            open.showing = Some(SHOW_PAUSE);
            open.wrong = None;
            count(&mut screen, false);
            if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
                status.info(tr!("puzzles-solution"));
            }
        }
    }
}

/// The next puzzle near the player's rating (not yet solved first).
fn next(world: &mut World) {
    let index = world
        .get_resource::<PuzzleScreen>()
        .and_then(|s| crate::study::next_puzzle(&s.record.progress, &s.puzzles));
    if let Some(index) = index {
        open_puzzle(world, index);
    }
}

/// Asks the run about `mv` off the frame thread (`None`: the solution's own next move).
fn ask(open: &mut OpenPuzzle, mv: Option<Move>) {
    let mut run = open.run.clone();
    open.answer = Some(AsyncComputeTaskPool::get().spawn(async move {
        let mv = mv.or_else(|| run.expected())?;
        let result = run.try_move(mv);
        Some((run, mv, result))
    }));
}

/// Moves from the board (clicks, drags, promotions) go to the run.
fn player_moves(
    mut requests: MessageReader<MoveRequest>,
    mut screen: ResMut<PuzzleScreen>,
    mut status: ResMut<StatusLine>,
) {
    for &MoveRequest(mv) in requests.read() {
        let Some(open) = screen.open.as_mut() else {
            continue;
        };
        if open.busy() || open.run.is_solved() || open.showing.is_some() {
            continue;
        }
        open.wrong = None;
        ask(open, Some(mv));
        status.info(tr!("puzzles-checking"));
    }
}

/// Everything showing an answer needs.
#[derive(bevy::ecs::system::SystemParam)]
struct Shown<'w> {
    board: GameControl<'w>,
}

impl Shown<'_> {
    /// Plays `mv` on the board so it glides (or redraws the board when it cannot be shown).
    fn play(&mut self, mv: Move) {
        if let Applied::Refused(_) = self.board.apply(GameCommand::Play(mv)) {
            self.board.redraw();
        }
    }
}

/// The solved puzzle's line in the status (the panel shows the rating's change in full).
fn solved_text(change: Option<RatingChange>, clean: bool) -> String {
    match change {
        Some(c) if clean && c.rated => tr!(
            "puzzles-solved-rated",
            rating = format!("{:.0}", c.after),
            delta = format!("{:+}", c.delta())
        ),
        _ if clean => tr!("puzzles-solved"),
        _ => tr!("puzzles-solved-with-help"),
    }
}

/// Takes the run's answer: a right move glides and the reply waits its turn; a wrong one is
/// explained, counted, and not kept.
fn answers(mut screen: ResMut<PuzzleScreen>, mut shown: Shown) {
    let screen = &mut *screen;
    let Some(open) = screen.open.as_mut() else {
        return;
    };
    let Some(task) = open.answer.as_mut() else {
        return;
    };
    let Some(answer) = block_on(poll_once(task)) else {
        return;
    };
    open.answer = None;
    let Some((run, mv, result)) = answer else {
        open.showing = None;
        shown.board.status.warn(tr!("puzzles-no-solution-move"));
        return;
    };
    open.run = run;
    match result {
        Ok(PuzzleStep::Continue { reply, .. }) => {
            shown.play(mv);
            open.reply = Some((reply, REPLY_PAUSE));
            shown.board.status.info(tr!("puzzles-right"));
        }
        Ok(PuzzleStep::Solved) => {
            shown.play(mv);
            let shown_by_itself = open.showing.take().is_some();
            let clean = !open.failed && open.run.mistakes() == 0;
            let change = count(screen, clean);
            shown.board.status.info(if shown_by_itself {
                tr!("puzzles-that-is-the-solution")
            } else {
                solved_text(change, clean)
            });
        }
        Err(wrong) => {
            // The board never played it; a dragged piece goes back.
            shown.board.redraw();
            open.failed = true;
            let right = match wrong.solution_text.as_str() {
                "" => String::new(),
                text => format!(" {}", tr!("puzzles-right-move", move = text)),
            };
            shown.board.status.warn(format!(
                "{}{right}",
                crate::game::text::puzzle_explanation(&wrong.explanation)
            ));
            open.wrong = Some(wrong);
            count(screen, false);
        }
    }
}

/// The defender's reply, once the board is still and the pause is over.
fn replies(
    time: Res<Time>,
    animating: Res<Animating>,
    mut screen: ResMut<PuzzleScreen>,
    mut shown: Shown,
) {
    let Some(open) = screen.open.as_mut() else {
        return;
    };
    let Some((mv, pause)) = open.reply.as_mut() else {
        return;
    };
    if animating.0 {
        return;
    }
    *pause -= time.delta_secs();
    if *pause > 0.0 {
        return;
    }
    let mv = *mv;
    open.reply = None;
    let text = shown.board.game().game().position().move_text(mv);
    shown.play(mv);
    if open.showing.is_none() {
        shown.board.status.info(tr!(
            "learn-answered",
            side = crate::game::text::side_name(!open.run.solver()),
            move = text
        ));
    }
}

/// While the solution is shown, the solver's moves play themselves, one by one.
fn show_solution(time: Res<Time>, animating: Res<Animating>, mut screen: ResMut<PuzzleScreen>) {
    let Some(open) = screen.open.as_mut() else {
        return;
    };
    if open.busy() || animating.0 || open.run.is_solved() {
        return;
    }
    let Some(left) = open.showing.as_mut() else {
        return;
    };
    *left -= time.delta_secs();
    if *left <= 0.0 {
        open.showing = Some(SHOW_PAUSE);
        ask(open, None);
    }
}

/// The board takes the player's moves only while it is their turn to try one.
fn board_input(
    screen: Res<PuzzleScreen>,
    mut picking: ResMut<CellPicking>,
    mut selection: ResMut<Selection>,
) {
    let waiting = screen
        .open
        .as_ref()
        .is_none_or(|o| o.busy() || o.run.is_solved() || o.showing.is_some());
    if picking.0 != waiting {
        picking.0 = waiting;
        if waiting {
            selection.clear();
        }
    }
}

impl Action for PuzzleAction {}

/// The Puzzles screen's keys.
fn keys() -> Vec<Binding> {
    use KeyCode as K;
    use PuzzleAction as Pz;
    let puzzles = Context::On(Screen::Puzzles);
    vec![
        key(K::Enter, Pz::Next, puzzles, "next puzzle"),
        key(K::KeyR, Pz::Retry, puzzles, "retry"),
        key(K::KeyS, Pz::Solution, puzzles, "show the solution"),
    ]
}

/// The logic tests drive: the puzzle run, the defender's replies, the player's puzzle record.
pub(super) fn core_plugin(app: &mut App) {
    app.add_plugins(plugin).answer(act).bind_keys(keys());
}

/// What draws: the panel, the right move's arrow, the board turned for the solver.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}
