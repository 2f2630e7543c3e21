//! Hints: the engine suggests a move for the person to move, searching for about half a
//! second off the frame thread; the move is drawn as an arrow along its route until the game
//! changes. The move played next carries a `[%hint]` note into the move list and the saves.

use crate::tr;
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use crate::engine::{Engine, Limits, SearchResult, StopFlag};
use crate::game::core::GameSet;
use crate::game::core::state::{ChessGame, GameCommand, GameControl, SeatKind, StatusLine};
use crate::rules::Move;

/// How long the engine thinks about a hint.
const HINT_TIME: Duration = Duration::from_millis(500);
/// A small table: a hint is a short search.
const HINT_HASH_MB: usize = 8;

/// A hint search in progress for the game at `revision`.
struct Pending {
    revision: u64,
    stop: StopFlag,
    task: Task<(Engine, Result<SearchResult, String>)>,
}

/// The hint being looked for or shown.
#[derive(Resource, Default)]
pub struct Hint {
    /// Kept between hints (allocating its table each time would be wasted work).
    engine: Option<Engine>,
    pending: Option<Pending>,
    /// The suggested move and the revision of the game it is for.
    shown: Option<(u64, Move)>,
}

impl Hint {
    /// The move suggested for the game at `revision`, if one is shown for it.
    pub fn shown_for(&self, revision: u64) -> Option<Move> {
        self.shown.filter(|&(r, _)| r == revision).map(|(_, mv)| mv)
    }

    /// Whether the engine is looking for a hint.
    pub fn searching(&self) -> bool {
        self.pending.is_some()
    }
}

/// Asks the engine for a hint, when a person is to move.
pub fn ask(world: &mut World) {
    let Some(game) = world.get_resource::<ChessGame>() else {
        return;
    };
    let refusal = if game.browsing() {
        Some(tr!("hint-browsing"))
    } else if game.game().is_over() {
        Some(tr!("hint-game-over"))
    } else if game.player_to_move() != SeatKind::Human {
        Some(tr!("hint-not-your-turn"))
    } else {
        None
    };
    let revision = game.revision();
    let snapshot = game.game().clone();
    let Some(mut hint) = world.get_resource_mut::<Hint>() else {
        return;
    };
    let message = match refusal {
        Some(why) => Err(why),
        None if hint
            .pending
            .as_ref()
            .is_some_and(|p| p.revision == revision) =>
        {
            Ok(tr!("hint-still-looking"))
        }
        None if hint.shown_for(revision).is_some() => Ok(hint_text(&snapshot, hint.shown)),
        None => {
            let mut engine = hint
                .engine
                .take()
                .unwrap_or_else(|| Engine::with_hash_mb(HINT_HASH_MB));
            let stop = StopFlag::new();
            let task_stop = stop.clone();
            let task = AsyncComputeTaskPool::get().spawn(async move {
                let result = engine
                    .search_game(&snapshot, &Limits::movetime(HINT_TIME), &task_stop)
                    .map_err(|e| e.to_string());
                (engine, result)
            });
            if let Some(old) = hint.pending.replace(Pending {
                revision,
                stop,
                task,
            }) {
                old.stop.stop();
            }
            Ok(tr!("hint-looking"))
        }
    };
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        match message {
            Ok(text) => status.info(text),
            Err(text) => status.warn(text),
        }
    }
}

fn hint_text(game: &crate::rules::Game, shown: Option<(u64, Move)>) -> String {
    match shown {
        Some((_, mv)) => tr!("hint-shown", move = game.position().move_text(mv)),
        None => String::new(),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>()
        .add_systems(Update, poll_hint.in_set(GameSet::Input));
}

/// Drops a hint search or a hint for an older game, and takes a finished search's move: it
/// is shown, and noted on the move to come.
fn poll_hint(mut hint: ResMut<Hint>, mut board: GameControl) {
    let revision = board.game().revision();
    if hint.shown.is_some_and(|(r, _)| r != revision) {
        hint.shown = None;
    }
    let stale = hint
        .pending
        .as_ref()
        .is_some_and(|p| p.revision != revision);
    if stale && let Some(p) = hint.pending.take() {
        p.stop.stop();
        // The task owns the engine; a fresh one replaces it (its table is only a cache).
        drop(p.task);
    }
    let Some(pending) = hint.pending.as_mut() else {
        return;
    };
    let Some((engine, result)) = block_on(poll_once(&mut pending.task)) else {
        return;
    };
    hint.pending = None;
    hint.engine = Some(engine);
    match result {
        Ok(found) if board.game().game().legal_moves().contains(&found.best) => {
            hint.shown = Some((revision, found.best));
            board.apply(GameCommand::NoteHint);
            let text = hint_text(board.game().game(), hint.shown);
            board.status.info(text);
        }
        Ok(found) => board
            .status
            .warn(tr!("hint-illegal", move = found.best.to_string())),
        Err(e) => board.status.warn(tr!("hint-none", error = e.to_string())),
    }
}
