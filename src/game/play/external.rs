//! `--engine "<command>"`: another UCI engine program plays the computer's moves. The program
//! runs behind [`UciClient`] on a worker thread of its own (every call to it blocks), fed
//! searches through a channel and polled each frame, so no frame waits for it.
//!
//! Whatever goes wrong — the program does not start, dies, answers late or answers a move the
//! rules refuse — the game is not changed by it: the status line says what happened and the
//! built-in engine plays that move instead. The next move asks the program again (started
//! afresh if it died), unless it never started at all, three times in a row.

use crate::tr;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::board::Animating;
use crate::game::core::screens::Screen;
use crate::game::core::state::{ChessGame, MoveRequest, SeatKind, StatusLine};
use crate::game::ui::theme;
use crate::game::ui::widgets::text;
use crate::rules::{Game, Move, Side};
use crate::uci::{Go, UciClient, UciError, UciStopper};

/// How long the program has to greet (`uciok`, `readyok`).
const HANDSHAKE: Duration = Duration::from_secs(10);
/// Time beyond the move's own that an answer may take before it counts as late.
const GRACE: Duration = Duration::from_secs(5);
/// Failed starts in a row after which the program is not tried again.
const MAX_FAILED_STARTS: u32 = 3;

/// A search for the worker.
struct Job {
    revision: u64,
    game: Game,
    go: Go,
    timeout: Duration,
}

/// What the worker reports.
enum Report {
    /// The program greeted us.
    Started { name: String, stopper: UciStopper },
    /// It could not be started.
    StartFailed(String),
    /// The answer to the search for `revision`: the move, or what went wrong.
    Answer {
        revision: u64,
        result: Result<Move, String>,
    },
}

/// Where the program stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineState {
    /// Being started.
    Starting,
    /// Greeted us with this name.
    Ready(String),
    /// Failed; the built-in engine plays.
    Failed(String),
}

/// The external engine, when `--engine` names one.
#[derive(Resource)]
pub struct ExternalEngine {
    command: String,
    jobs: Sender<Job>,
    reports: Mutex<Receiver<Report>>,
    state: EngineState,
    stopper: Option<UciStopper>,
    /// The revision whose search is in flight.
    pending: Option<u64>,
    /// A revision the built-in engine plays (the program failed at it).
    fallback: Option<u64>,
    failed_starts: u32,
    /// The program's last move, for tests and the panel.
    pub last: Option<Move>,
}

impl ExternalEngine {
    /// Starts `command` on a worker thread (the greeting happens there).
    fn start(command: &str) -> std::io::Result<ExternalEngine> {
        let (jobs, inbox) = channel::<Job>();
        let (report, reports) = channel();
        let program = command.to_string();
        std::thread::Builder::new()
            .name("external engine".into())
            .spawn(move || work(&program, &inbox, &report))?;
        Ok(ExternalEngine {
            command: command.to_string(),
            jobs,
            reports: Mutex::new(reports),
            state: EngineState::Starting,
            stopper: None,
            pending: None,
            fallback: None,
            failed_starts: 0,
            last: None,
        })
    }

    /// Where the program stands.
    pub fn state(&self) -> &EngineState {
        &self.state
    }

    /// Whether the program (not the built-in engine) is to find the move of the game at
    /// `revision`.
    pub fn takes(&self, revision: u64) -> bool {
        self.fallback != Some(revision) && self.failed_starts < MAX_FAILED_STARTS
    }

    /// Whether a search of the program's is in flight.
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// The name the panel shows.
    fn name(&self) -> String {
        match &self.state {
            EngineState::Ready(name) => name.clone(),
            _ => self.command.clone(),
        }
    }
}

/// The worker: starts the program, then answers searches one by one, starting it again when
/// it has died.
fn work(command: &str, inbox: &Receiver<Job>, report: &Sender<Report>) {
    let start = || match UciClient::spawn(command, HANDSHAKE) {
        Ok(client) => {
            let _ = report.send(Report::Started {
                name: client.name().to_string(),
                stopper: client.stopper(),
            });
            Some(client)
        }
        Err(e) => {
            let _ = report.send(Report::StartFailed(e.to_string()));
            None
        }
    };
    let mut client = start();
    for job in inbox {
        if client.is_none() {
            client = start();
        }
        let result = match &mut client {
            None => Err("it could not be started".to_string()),
            Some(c) => match c.best_move(&job.game, &job.go, job.timeout) {
                Ok(mv) => Ok(mv),
                Err(e) => {
                    // A program that died or hangs is started afresh for the next move.
                    if matches!(e, UciError::Exited { .. } | UciError::Timeout { .. }) {
                        client = None;
                    }
                    Err(e.to_string())
                }
            },
        };
        let _ = report.send(Report::Answer {
            revision: job.revision,
            result,
        });
    }
}

pub(super) fn core_plugin(app: &mut App) {
    let command = app
        .world()
        .get_resource::<crate::game::core::launch::LaunchOptions>()
        .and_then(|o| o.engine.clone());
    let Some(command) = command else {
        return;
    };
    match ExternalEngine::start(&command) {
        Ok(engine) => {
            app.insert_resource(engine);
        }
        Err(e) => {
            if let Some(mut status) = app.world_mut().get_resource_mut::<StatusLine>() {
                status.warn(tr!("engine-cannot-start", error = e.to_string()));
            }
            return;
        }
    }
    app.add_systems(
        Update,
        (read_reports, ask)
            .chain()
            .in_set(GameSet::Input)
            .after(super::ai::ComputerMoves),
    );
}

/// The search the program gets: the level's time (Easy's too: the program knows no levels),
/// and in a timed game both clocks as well, so it manages its own time.
fn go_for(game: &ChessGame, level: crate::engine::Level) -> (Go, Duration) {
    let movetime = level
        .settings()
        .limits
        .movetime
        .unwrap_or(Duration::from_secs(1));
    match game.clocks() {
        Some(c) => {
            let now = game.clock_now();
            let [white, black] = [Side::White, Side::Black].map(|s| c.remaining(s, now));
            let mut go = Go::clock(white, black, c.control().increment);
            go.movetime = Some(movetime);
            let left = c.remaining(game.game().position().turn(), now);
            (go, left.min(movetime) + GRACE)
        }
        None => (
            Go {
                movetime: Some(movetime),
                ..Go::default()
            },
            movetime + GRACE,
        ),
    }
}

/// Sends the program the computer's move to find, when it is its turn.
fn ask(
    game: Res<ChessGame>,
    screen: Option<Res<State<Screen>>>,
    animating: Res<Animating>,
    mut engine: ResMut<ExternalEngine>,
) {
    let playing = screen.is_none_or(|s| s.get().moves_go_to_game());
    let SeatKind::Computer(level) = game.player_to_move() else {
        return;
    };
    let revision = game.revision();
    if engine.pending.is_some()
        || !engine.takes(revision)
        || animating.0
        || game.game().is_over()
        || !playing
    {
        return;
    }
    let (go, timeout) = go_for(&game, level);
    let job = Job {
        revision,
        game: game.game().clone(),
        go,
        timeout,
    };
    if engine.jobs.send(job).is_ok() {
        engine.pending = Some(revision);
    } else {
        engine.fallback = Some(revision);
        engine.state = EngineState::Failed("its worker thread has stopped".into());
    }
}

/// Takes the program's greetings and answers: a move for the current game is requested (the
/// rules check it again when it is played); anything else hands the move to the built-in
/// engine, saying why.
fn read_reports(
    game: Res<ChessGame>,
    mut engine: ResMut<ExternalEngine>,
    mut requests: MessageWriter<MoveRequest>,
    mut status: ResMut<StatusLine>,
) {
    let reports: Vec<Report> = match engine.reports.lock() {
        Ok(rx) => rx.try_iter().collect(),
        Err(_) => Vec::new(),
    };
    for report in reports {
        match report {
            Report::Started { name, stopper } => {
                engine.failed_starts = 0;
                engine.state = EngineState::Ready(name);
                engine.stopper = Some(stopper);
            }
            Report::StartFailed(why) => {
                engine.failed_starts += 1;
                engine.stopper = None;
                status.warn(tr!(
                    "engine-did-not-start",
                    command = engine.command.as_str(),
                    why = why.as_str()
                ));
                engine.state = EngineState::Failed(why);
            }
            Report::Answer { revision, result } => {
                if engine.pending == Some(revision) {
                    engine.pending = None;
                }
                if revision != game.revision() {
                    continue;
                }
                match result {
                    Ok(mv) => {
                        engine.last = Some(mv);
                        requests.write(MoveRequest(mv));
                    }
                    Err(why) => {
                        engine.fallback = Some(revision);
                        status.warn(tr!(
                            "engine-failed-move",
                            name = engine.name().to_string(),
                            why = why.as_str()
                        ));
                    }
                }
            }
        }
    }
    // A search for a game that has changed since (undo, new game) is told to stop.
    if let Some(pending) = engine.pending
        && pending != game.revision()
        && let Some(stopper) = &engine.stopper
    {
        stopper.stop();
    }
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(Update, show_engine.in_set(GameSet::View));
}

/// The external engine's line in the play panel (empty without `--engine`).
#[derive(Component)]
struct EngineText;

/// The line naming the external engine, for the play panel.
pub fn engine_line() -> impl Bundle {
    (EngineText, text("", 13.0, theme::TEXT_DIM))
}

fn show_engine(
    engine: Option<Res<ExternalEngine>>,
    mut texts: Query<(&mut Text, &mut TextColor), With<EngineText>>,
) {
    let (line, ink) = match engine.as_deref() {
        None => (String::new(), theme::TEXT_DIM),
        Some(e) => match &e.state {
            EngineState::Starting => (
                tr!("engine-starting", command = e.command.as_str()),
                theme::TEXT_DIM,
            ),
            EngineState::Ready(name) => {
                (tr!("engine-ready", name = name.as_str()), theme::TEXT_DIM)
            }
            EngineState::Failed(why) => (tr!("engine-failed", why = why.as_str()), theme::WARNING),
        },
    };
    for (mut t, mut colour) in &mut texts {
        if t.0 != line {
            t.0.clone_from(&line);
        }
        if colour.0 != ink {
            colour.0 = ink;
        }
    }
}
