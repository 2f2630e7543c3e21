//! The analysis screen: a copy of a game (its history included, so repetitions count) on the
//! board, either side's pieces movable, and the engine analysing the position shown, without
//! end, on a thread of its own. A new position stops the search and starts the next; leaving
//! the screen stops it. The play game waits in the [`PlayStash`] meanwhile.

use crate::tr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use bevy::clipboard::Clipboard;
use bevy::prelude::*;

use crate::engine::{AnalyseOptions, Engine, Limits, Report, Score, StopFlag};
use crate::game::core::GameSet;
use crate::game::core::screens::{Screen, set_screen};
use crate::game::core::state::{
    BoardReset, ChessGame, GameCommand, GameControl, PlayStash, SeatKind, StatusLine,
};
use crate::rules::record::{Eval, PlyNote};
use crate::rules::{Game, Position, Side};

use super::review::ReviewState;
use crate::study::ReviewSettings;

/// How the analysis and the review search.
#[derive(Resource, Clone, Debug)]
pub struct StudySettings {
    /// Lines the analysis shows (MultiPV).
    pub lines: usize,
    /// The analysis engine's table, in megabytes.
    pub hash_mb: usize,
    /// How often the lines are refreshed during a long depth.
    pub refresh: Duration,
    /// When the analysis of a position ends (no limit: when the position changes).
    pub limits: Limits,
    /// The review's time per position and threads.
    pub review: ReviewSettings,
    /// The analysis engine's search threads (the `Threads` choice).
    pub threads: usize,
}

/// The most threads the Threads choice offers: this machine's processors, at most 8.
pub fn max_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .clamp(1, 8)
}

impl Default for StudySettings {
    fn default() -> StudySettings {
        StudySettings {
            lines: 3,
            hash_mb: 32,
            refresh: Duration::from_millis(200),
            limits: Limits::default(),
            review: ReviewSettings {
                movetime: Duration::from_millis(300),
                threads: 2,
            },
            threads: max_threads().min(2),
        }
    }
}

impl StudySettings {
    /// For a screenshot: searches that end, so the picture settles.
    pub(super) fn offscreen() -> StudySettings {
        StudySettings {
            limits: Limits::movetime(Duration::from_millis(2500)),
            review: ReviewSettings {
                movetime: Duration::from_millis(150),
                threads: 2,
            },
            ..StudySettings::default()
        }
    }
}

/// The systems that follow the board with the engine: what shows the lines runs after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Following;

/// The screen the analysis was opened from: leaving goes back there.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisOrigin(pub Screen);

/// What identifies a position shown: the game's identity and revision.
type Key = (u64, u64);

/// A search of a position: its key and the search's number (a position searched again, with
/// other threads say, gets a new number, so what the last search of it reports is told apart).
type RunKey = (u64, u64, u64);

/// A position to analyse.
struct Job {
    /// The position's key and the search's number: what the thread reports under.
    key: RunKey,
    game: Game,
    stop: StopFlag,
    options: AnalyseOptions,
    limits: Limits,
    every: std::time::Duration,
    threads: usize,
}

/// What the analysis thread sends back.
enum Found {
    /// The lines so far (every finished depth, and about every refresh period between).
    Report(RunKey, Report),
    /// The search ended by itself (it reached its limit, or every line is a forced end), or
    /// could not start.
    Done(RunKey, Result<(), String>),
}

/// The analysis thread: one engine, kept for its table, taking one position at a time.
struct Worker {
    jobs: Option<Sender<Job>>,
    found: Mutex<Receiver<Found>>,
    busy: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    fn start(hash_mb: usize) -> std::io::Result<Worker> {
        let (jobs, inbox) = channel::<Job>();
        let (send, found) = channel();
        let busy = Arc::new(AtomicBool::new(false));
        let flag = busy.clone();
        let thread = std::thread::Builder::new()
            .name("parachess analysis".into())
            .spawn(move || {
                let mut engine = Engine::with_hash_mb(hash_mb);
                while let Ok(mut job) = inbox.recv() {
                    // Positions stepped past while the last one was searched are skipped.
                    while let Ok(newer) = inbox.try_recv() {
                        job = newer;
                    }
                    if job.stop.is_stopped() {
                        continue;
                    }
                    flag.store(true, Ordering::SeqCst);
                    if engine.threads() != job.threads {
                        engine.set_threads(job.threads);
                    }
                    let key = job.key;
                    let result = engine.analyse_game_with_progress(
                        &job.game,
                        &job.limits,
                        &job.options,
                        &job.stop,
                        Some(job.every),
                        &mut |r| {
                            let _ = send.send(Found::Report(key, r.clone()));
                        },
                    );
                    flag.store(false, Ordering::SeqCst);
                    let done = match result {
                        Ok(last) => {
                            let _ = send.send(Found::Report(key, last));
                            Ok(())
                        }
                        Err(e) => Err(e.to_string()),
                    };
                    if send.send(Found::Done(key, done)).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Worker {
            jobs: Some(jobs),
            found: Mutex::new(found),
            busy,
            thread: Some(thread),
        })
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // Closing the channel ends the thread once its (stopped) search returns.
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The position being analysed and what the engine has found about it.
struct Current {
    key: Key,
    /// The number of the search started for it.
    run: u64,
    /// The search's stop flag, while one was started for this position.
    stop: Option<StopFlag>,
    /// The side to move there (scores are turned to White's view with it).
    turn: Side,
}

/// The engine's analysis of the position on the board.
#[derive(Resource, Default)]
pub struct Analyser {
    worker: Option<Worker>,
    current: Option<Current>,
    latest: Option<Report>,
    finished: bool,
    problem: Option<String>,
    /// Searches started so far.
    runs: u64,
}

impl Drop for Analyser {
    fn drop(&mut self) {
        self.halt();
    }
}

impl Analyser {
    /// The latest lines for the position on the board (none yet after a change).
    pub fn latest(&self) -> Option<&Report> {
        self.latest.as_ref()
    }

    /// The latest lines if they are for the position `game` shows now (not yet, in the frame
    /// the position changes, until the analysis has followed it).
    pub fn latest_for(&self, game: &ChessGame) -> Option<&Report> {
        self.current
            .as_ref()
            .filter(|c| c.key == (game.id(), game.revision()))
            .and(self.latest.as_ref())
    }

    /// Whether the engine is searching now (on its thread).
    pub fn searching(&self) -> bool {
        self.worker
            .as_ref()
            .is_some_and(|w| w.busy.load(Ordering::SeqCst))
    }

    /// Whether a search was asked for the position on the board and not stopped.
    pub fn wanted(&self) -> bool {
        self.current
            .as_ref()
            .is_some_and(|c| c.stop.as_ref().is_some_and(|s| !s.is_stopped()))
    }

    /// Whether the search for this position ended by itself (nothing more to find).
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// Why the engine could not analyse, if it could not.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// The best line's score from White's point of view, for the position `game` shows.
    pub fn white_score(&self, game: &ChessGame) -> Option<Score> {
        let turn = self.current.as_ref()?.turn;
        let line = self.latest_for(game)?.lines.first()?;
        Some(white_view(line.score, turn))
    }

    /// Stops the search under way, if any.
    fn halt(&mut self) {
        if let Some(stop) = self.current.as_mut().and_then(|c| c.stop.take()) {
            stop.stop();
        }
    }
}

/// A score for the side to move as White sees it.
pub fn white_view(score: Score, turn: Side) -> Score {
    match turn {
        Side::White => score,
        Side::Black => -score,
    }
}

/// White's share of the evaluation bar (0 to 1) for a score from White's point of view.
pub fn white_share(score: Score) -> f32 {
    let eval = match score {
        Score::Cp(cp) => Eval::Centipawns(cp),
        Score::Mate(n) => Eval::Mate(n),
    };
    (crate::study::win_chance(eval) / 100.0) as f32
}

/// A line of the analysis as players write it: `12. c4-d3 i5-h4 13. ...`, at most `plies`
/// half-moves (it ends early at a move that is not legal, rather than showing it).
pub fn line_text(pos: &Position, pv: &[crate::rules::Move], plies: usize) -> String {
    let mut out = String::new();
    let mut pos = pos.clone();
    for (i, &mv) in pv.iter().take(plies).enumerate() {
        if !pos.is_legal(mv) {
            break;
        }
        let number = pos.fullmove_number();
        if i > 0 {
            out.push(' ');
        }
        match pos.turn() {
            Side::White => out.push_str(&format!("{number}. ")),
            Side::Black if i == 0 => out.push_str(&format!("{number}... ")),
            Side::Black => {}
        }
        out.push_str(&pos.move_text(mv));
        pos.make_move(mv);
    }
    if pv.len() > plies {
        out.push_str(" ...");
    }
    out
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analyser>()
        .add_systems(OnEnter(Screen::Analysis), enter)
        .add_systems(OnExit(Screen::Analysis), leave)
        .add_systems(
            Update,
            (open_launch_analysis, follow_board, collect)
                .chain()
                .in_set(GameSet::View)
                .in_set(Following)
                .before(crate::game::board::pieces::sync_pieces),
        );
}

/// Opens the analysis screen on a copy of `game` (the board editor's position, a loaded game,
/// the play game): either side can move there. Leaving goes back to the screen it came from;
/// the play game waits untouched.
pub fn open_analysis(world: &mut World, game: Game) {
    open(world, game, Vec::new(), None);
}

/// Puts `game` on the analysis screen, shown after `shown` half-moves (the end by default).
fn open(world: &mut World, game: Game, notes: Vec<PlyNote>, shown: Option<usize>) {
    let here = world
        .get_resource::<State<Screen>>()
        .map_or(Screen::Title, |s| *s.get());
    // The play game is kept aside first (nothing happens when another screen keeps it).
    let board = world.get_resource::<ChessGame>().cloned();
    if let (Some(board), Some(mut stash)) = (board, world.get_resource_mut::<PlayStash>()) {
        stash.borrow_board(&board);
    }
    if here != Screen::Analysis {
        world.insert_resource(AnalysisOrigin(here));
    }
    if let Some(mut review) = world.get_resource_mut::<ReviewState>() {
        *review = ReviewState::default();
    }
    let replace = GameCommand::Replace {
        game: Box::new(game),
        players: [SeatKind::Human; 2],
        notes,
        clocks: None,
    };
    crate::game::core::state::apply(world, replace);
    if let Some(ply) = shown {
        crate::game::core::state::apply(world, GameCommand::ShowPly(ply));
    }
    world.write_message(BoardReset);
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.info(tr!("analysis-status"));
    }
    set_screen(world, Screen::Analysis);
}

/// The Load dialog's Analyse: a saved game on the analysis screen, at its end (the play game
/// waits untouched). A file that cannot be read changes nothing; the status line says why.
pub fn analyse_file(world: &mut World, path: std::path::PathBuf) {
    crate::game::core::saves::open_saved(world, path, |world, record| {
        crate::game::core::screens::set_modal(world, crate::game::core::screens::Modal::None);
        open(world, record.game, record.notes, None);
    });
}

/// The play game: on the board, or kept aside while another screen has the board.
fn play_game(world: &World) -> Option<ChessGame> {
    let board = world.get_resource::<ChessGame>()?;
    Some(
        world
            .get_resource::<PlayStash>()
            .map_or(board, |stash| stash.play_game(board))
            .clone(),
    )
}

/// Analyse: the play game (at the position shown), or on the analysis screen nothing new.
pub(crate) fn analyse_play_game(world: &mut World) {
    if on_analysis(world) {
        return;
    }
    let Some(game) = play_game(world) else {
        return;
    };
    let (shown, notes) = (game.shown_ply(), game.notes().to_vec());
    open(world, game.game().clone(), notes, Some(shown));
}

/// Review: the play game on the analysis screen, reviewed; on the analysis screen, the game
/// there.
pub(crate) fn review_game(world: &mut World) {
    if !on_analysis(world) {
        let Some(game) = play_game(world) else {
            return;
        };
        let notes = game.notes().to_vec();
        open(world, game.game().clone(), notes, Some(0));
    }
    super::review::start(world);
}

/// Ctrl+V on the analysis screen: analyse the position text on the clipboard.
pub(crate) fn paste(world: &mut World) {
    let fetched = world
        .get_resource_mut::<Clipboard>()
        .map(|mut c| c.fetch_text().poll_result());
    let text = match fetched {
        None => Err(tr!("pos-no-clipboard")),
        Some(Some(Ok(t))) => Ok(t),
        Some(Some(Err(e))) => Err(tr!("pos-clipboard-error", error = e.to_string())),
        Some(None) => Err(tr!("pos-clipboard-not-ready")),
    };
    match text.and_then(|t| {
        t.trim().parse::<Position>().map_err(|e| {
            tr!(
                "pos-not-a-position",
                error = crate::game::text::position_error_text(&e)
            )
        })
    }) {
        Ok(pos) => {
            open_analysis(world, Game::from_position(pos));
            if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
                status.info(tr!("analysis-pasted"));
            }
        }
        Err(why) => {
            if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
                status.warn(why);
            }
        }
    }
}

fn on_analysis(world: &World) -> bool {
    world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| *s.get() == Screen::Analysis)
}

/// Esc on the analysis screen: back where it was opened from (returns whether it acted).
pub(crate) fn back(world: &mut World) -> bool {
    if !on_analysis(world) {
        return false;
    }
    let origin = world
        .get_resource::<AnalysisOrigin>()
        .map_or(Screen::Title, |o| o.0);
    let origin = if origin == Screen::Analysis {
        Screen::Title
    } else {
        origin
    };
    set_screen(world, origin);
    true
}

/// Entered some other way than [`open_analysis`]: the board is borrowed all the same, and
/// either side may move.
fn enter(mut board: GameControl, mut commands: Commands) {
    board.borrow_board();
    board.apply(GameCommand::SetPlayers([SeatKind::Human; 2]));
    commands.init_resource::<AnalysisOrigin>();
}

impl Default for AnalysisOrigin {
    fn default() -> AnalysisOrigin {
        AnalysisOrigin(Screen::Title)
    }
}

/// The search stops with the screen.
fn leave(mut analyser: ResMut<Analyser>) {
    analyser.halt();
    analyser.current = None;
    analyser.latest = None;
}

/// The Threads choice: the next number of search threads (1 after the most); the search of
/// the position on the board starts again with them.
pub fn step_threads(world: &mut World) {
    let Some(mut settings) = world.get_resource_mut::<StudySettings>() else {
        return;
    };
    settings.threads = if settings.threads >= max_threads() {
        1
    } else {
        settings.threads + 1
    };
    let threads = settings.threads;
    if let Some(mut analyser) = world.get_resource_mut::<Analyser>() {
        analyser.halt();
        analyser.current = None;
    }
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.info(tr!("analysis-threads-status", threads = threads));
    }
}

/// `--analyse`: opens the analysis (or review) of the launch game on the first frame.
fn open_launch_analysis(world: &mut World) {
    let Some(start) = world
        .get_resource_mut::<crate::game::core::launch::LaunchOptions>()
        .and_then(|mut o| o.analyse.take())
    else {
        return;
    };
    let shown = start.ply;
    open(world, start.game, start.notes, shown);
    if start.review {
        super::review::start(world);
    }
}

/// Starts a search for the position on the board whenever it changes (stopping the last), and
/// none while the game there is over or a review has the engine's time.
fn follow_board(
    game: Res<ChessGame>,
    screen: Res<State<Screen>>,
    review: Res<ReviewState>,
    settings: Res<StudySettings>,
    mut analyser: ResMut<Analyser>,
) {
    if *screen.get() != Screen::Analysis {
        if analyser.current.is_some() {
            analyser.halt();
            analyser.current = None;
            analyser.latest = None;
        }
        return;
    }
    let key = (game.id(), game.revision());
    let want = !game.board().is_over() && !review.running();
    let same = analyser.current.as_ref().is_some_and(|c| c.key == key);
    if same && analyser.wanted() == want {
        return;
    }
    if same && !want {
        analyser.halt();
        return;
    }
    analyser.halt();
    if !same {
        analyser.latest = None;
        analyser.finished = false;
        analyser.problem = None;
    }
    let turn = game.board().position().turn();
    analyser.current = Some(Current {
        key,
        run: 0,
        stop: None,
        turn,
    });
    if !want || analyser.finished {
        return;
    }
    if analyser.worker.is_none() {
        match Worker::start(settings.hash_mb) {
            Ok(w) => analyser.worker = Some(w),
            Err(e) => {
                analyser.problem = Some(tr!("analysis-engine-failed", error = e.to_string()));
                return;
            }
        }
    }
    let stop = StopFlag::new();
    analyser.runs += 1;
    let run = analyser.runs;
    let job = Job {
        key: (key.0, key.1, run),
        game: game.board().clone(),
        stop: stop.clone(),
        options: AnalyseOptions {
            multipv: settings.lines,
            searchmoves: Vec::new(),
        },
        limits: settings.limits,
        every: settings.refresh,
        threads: settings.threads,
    };
    let sent = analyser
        .worker
        .as_ref()
        .and_then(|w| w.jobs.as_ref())
        .is_some_and(|jobs| jobs.send(job).is_ok());
    if sent {
        if let Some(c) = analyser.current.as_mut() {
            c.run = run;
            c.stop = Some(stop);
        }
    } else {
        analyser.worker = None;
        analyser.problem = Some(tr!("analysis-engine-stopped"));
    }
}

/// Takes what the engine found for the position on the board (and drops what it found for
/// positions left behind).
fn collect(mut analyser: ResMut<Analyser>) {
    let Some(worker) = &analyser.worker else {
        return;
    };
    let found: Vec<Found> = match worker.found.lock() {
        Ok(rx) => rx.try_iter().collect(),
        Err(_) => Vec::new(),
    };
    let Some(key) = analyser.current.as_ref().map(|c| (c.key.0, c.key.1, c.run)) else {
        return;
    };
    for f in found {
        match f {
            Found::Report(k, report) if k == key => analyser.latest = Some(report),
            Found::Done(k, result) if k == key && analyser.wanted() => {
                analyser.finished = true;
                if let Some(c) = analyser.current.as_mut() {
                    c.stop = None;
                }
                if let Err(e) = result {
                    analyser.problem = Some(e);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_numbered_moves() {
        let pos = Position::start();
        let game = {
            let mut g = Game::new();
            g.play_text("c4-d3").unwrap();
            g
        };
        let after = game.position();
        let reply = after.legal_moves()[0];
        let text = line_text(after, &[reply], 6);
        assert_eq!(text, format!("1... {}", after.move_text(reply)));
        let first = pos.legal_moves()[0];
        let second = {
            let mut p = pos.clone();
            p.make_move(first);
            p.legal_moves()[0]
        };
        let text = line_text(&pos, &[first, second, first], 2);
        assert!(text.starts_with("1. ") && text.ends_with(" ..."), "{text}");
        assert_eq!(text.matches("1.").count(), 1, "{text}");
        // An illegal move ends the line rather than a panic.
        assert_eq!(line_text(&pos, &[reply, first], 6), "");
        assert_eq!(white_view(Score::Cp(-35), Side::Black).to_string(), "+0.35");
    }

    #[test]
    fn the_bar_gives_white_half_when_level_and_all_when_mating() {
        assert!((white_share(Score::Cp(0)) - 0.5).abs() < 1e-6);
        assert!(white_share(Score::Cp(300)) > 0.7);
        assert!(white_share(Score::Mate(2)) > 0.99);
        assert!(white_share(Score::Mate(-2)) < 0.01);
        assert_eq!(white_view(Score::Cp(40), Side::Black), Score::Cp(-40));
    }
}
