//! The computer player in the game: searches run on Bevy's async compute pool so the window
//! keeps animating; undo or a new game cancels them.

use crate::game::core::state::Thinking;
use crate::tr;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::external::ExternalEngine;
use crate::engine::{Engine, SearchResult, StopFlag};
use crate::game::core::GameSet;
use crate::game::core::board::Animating;
use crate::game::core::state::{ChessGame, MoveRequest, SeatKind, StatusLine};
use crate::rules::Move;

/// A search in progress for the game at `revision`.
struct Pending {
    revision: u64,
    stop: StopFlag,
    task: Task<(Engine, Result<SearchResult, String>)>,
}

/// The engine (kept between moves for its hash table) and the search in flight.
#[derive(Resource, Default)]
pub struct ComputerPlayer {
    engine: Option<Engine>,
    pending: Option<Pending>,
    /// The last move the computer found, for tests and the status line.
    pub last: Option<Move>,
}

/// The built-in computer player's systems (an external engine's reports are read after them,
/// so its failure is on the status line for a frame before the built-in engine's move).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ComputerMoves;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerPlayer>()
        .init_resource::<Thinking>()
        .add_systems(
            Update,
            (cancel_stale, start_search, collect_result)
                .chain()
                .in_set(ComputerMoves)
                .in_set(GameSet::Input),
        );
}

/// A search for an older game (after undo, new game or load) is stopped and dropped.
fn cancel_stale(game: Res<ChessGame>, mut computer: ResMut<ComputerPlayer>) {
    let stale = computer
        .pending
        .as_ref()
        .is_some_and(|p| p.revision != game.revision());
    if stale && let Some(p) = computer.pending.take() {
        p.stop.stop();
        // The task owns the engine; a fresh one replaces it (its table is only a cache).
        drop(p.task);
    }
}

fn start_search(
    game: Res<ChessGame>,
    screen: Option<Res<State<crate::game::core::screens::Screen>>>,
    animating: Res<Animating>,
    external: Option<Res<ExternalEngine>>,
    mut computer: ResMut<ComputerPlayer>,
    mut thinking: ResMut<Thinking>,
) {
    let busy = computer.pending.is_some() || external.as_ref().is_some_and(|e| e.busy());
    if thinking.0 != busy {
        thinking.0 = busy;
    }
    // Only where its move would be played: off the play screen (the title, the lesson list)
    // a result would be dropped and the search started again and again.
    let playing = screen.is_none_or(|s| s.get().moves_go_to_game());
    // On a clock the computer thinks while the last move still glides: its time runs.
    let waiting = animating.0 && game.clocks().is_none();
    // While the player looks at an earlier position the computer waits; it goes on at the end.
    if busy || waiting || game.game().is_over() || !playing || game.browsing() {
        return;
    }
    let SeatKind::Computer(level) = game.player_to_move() else {
        return;
    };
    // `--engine`: the other program finds the move, unless it failed at this one.
    if external.is_some_and(|e| e.takes(game.revision())) {
        return;
    }
    let mut settings = level.settings();
    if let Some(clocks) = game.clocks() {
        let side = game.game().position().turn();
        let left = clocks.remaining(side, game.clock_now());
        settings = settings.on_clock(left, clocks.control().increment);
    }
    let mut engine = computer.engine.take().unwrap_or_default();
    let snapshot = game.game().clone();
    let stop = StopFlag::new();
    let task_stop = stop.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let result = engine
            .play_with(&snapshot, &settings, &task_stop)
            .map_err(|e| e.to_string());
        (engine, result)
    });
    computer.pending = Some(Pending {
        revision: game.revision(),
        stop,
        task,
    });
    thinking.0 = true;
}

fn collect_result(
    game: Res<ChessGame>,
    animating: Res<Animating>,
    mut computer: ResMut<ComputerPlayer>,
    mut requests: MessageWriter<MoveRequest>,
    mut status: ResMut<StatusLine>,
) {
    // A move found while the last one still glides waits for it.
    let Some(pending) = computer.pending.as_mut().filter(|_| !animating.0) else {
        return;
    };
    let Some((engine, result)) = block_on(poll_once(&mut pending.task)) else {
        return;
    };
    let revision = pending.revision;
    computer.pending = None;
    computer.engine = Some(engine);
    if revision != game.revision() {
        return;
    }
    match result {
        Ok(found) => {
            computer.last = Some(found.best);
            requests.write(MoveRequest(found.best));
        }
        Err(e) => status.warn(tr!("computer-could-not-move", error = e.to_string())),
    }
}
