//! One live game: a task that alone owns the game and its clocks (lila's "round"). Sockets send
//! it requests through a channel; it checks each against the rules, has the database writer
//! commit what changed, and only then answers and tells every follower (a broadcast channel).
//! A flag falls when the server's clock says so, whoever is connected.

mod actor;
mod berserk;
mod computer;
mod moves;
mod record;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::{broadcast, mpsc, oneshot};

use super::bus::Bus;
use super::computer::seat::Seat;
use super::db::{GameRow, Writer};
use super::messages::{GameView, ServerMsg};
use super::refusals;
use crate::rules::clock::{Clocks, TimeControl};
use crate::rules::{Game, Side};

pub(crate) use record::tc_text;
pub use record::{RebuildError, pgn, rebuild, stored_view};

/// What a player (or a follower) asks of a game.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub enum Cmd {
    /// Play move `mv` as half-move `n`.
    Move {
        /// Expected half-move number.
        n: u32,
        /// The move text.
        mv: String,
    },
    /// Offer or accept a draw.
    Draw,
    /// Decline a draw.
    DrawNo,
    /// Request or accept a takeback.
    Takeback,
    /// Decline a takeback.
    TakebackNo,
    /// Resign.
    Resign,
    /// Abort.
    Abort,
    /// Go berserk (an arena's game, before one's first move).
    Berserk,
    /// The whole game now, as a `game` message (with routes, for a connection that asked).
    Snapshot {
        /// Add the routes the web page draws.
        #[serde(default)]
        routes: bool,
    },
}

/// An event of a game as its followers get it: the message, and for the `game` and `moved`
/// messages the same with routes added, computed once here for every follower that asked for
/// routes (the web pages) instead of once per follower.
#[derive(Debug, Clone)]
pub struct Event {
    /// The message as every other follower gets it.
    pub plain: Arc<str>,
    /// The message with routes, when it has any.
    pub routed: Option<Arc<str>>,
}

impl Event {
    /// An event without routes.
    pub fn plain(text: Arc<str>) -> Event {
        Event {
            plain: text,
            routed: None,
        }
    }

    /// The text for a follower that did (`routes`) or did not ask for routes.
    pub fn text(&self, routes: bool) -> &Arc<str> {
        match &self.routed {
            Some(r) if routes => r,
            _ => &self.plain,
        }
    }
}

/// A request and where its answer goes: the snapshot text for [`Cmd::Snapshot`], else `None`;
/// or the error message to send back.
pub struct Req {
    /// The side of the asker, or `None` for a follower who is not playing.
    pub side: Option<Side>,
    /// What is asked.
    pub cmd: Cmd,
    /// The answer.
    pub reply: oneshot::Sender<Result<Option<Arc<str>>, ServerMsg>>,
}

/// How to reach a live game.
#[derive(Clone, Debug)]
pub struct GameHandle {
    /// Requests.
    pub tx: mpsc::Sender<Req>,
    /// Events, as JSON text, to every follower.
    pub events: broadcast::Sender<Event>,
    /// White's player key.
    pub white: String,
    /// Black's player key.
    pub black: String,
    /// Raised when the game is over (its task stays a while after, for late requests).
    pub ended: Arc<AtomicBool>,
}

impl GameHandle {
    /// Whether the game is over.
    pub fn has_ended(&self) -> bool {
        self.ended.load(Ordering::Relaxed)
    }

    /// The side `key` plays here, if any.
    pub fn side_of(&self, key: &str) -> Option<Side> {
        if self.white == key {
            Some(Side::White)
        } else if self.black == key {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// Requests waiting in its inbox.
    pub fn queued(&self) -> usize {
        self.tx.max_capacity() - self.tx.capacity()
    }

    /// The whole game now, as the `game` message carries it (without routes).
    pub async fn view(&self) -> Option<GameView> {
        let text = self
            .ask(None, Cmd::Snapshot { routes: false })
            .await
            .ok()??;
        match serde_json::from_str(&text) {
            Ok(ServerMsg::Game(view)) => Some(*view),
            _ => None,
        }
    }

    /// Sends a request and waits for its answer.
    pub async fn ask(&self, side: Option<Side>, cmd: Cmd) -> Result<Option<Arc<str>>, ServerMsg> {
        let (reply, rx) = oneshot::channel();
        let gone = || refusals::refused("no_game", "game-gone", &[]);
        self.tx
            .send(Req { side, cmd, reply })
            .await
            .map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }
}

/// How long a finished game's task stays to answer late requests before the database serves
/// them.
const LINGER: Duration = Duration::from_secs(20);

/// How long a live game waits for each side's first move before it is aborted, unless the
/// server is told otherwise (`--first-move-secs`).
pub const FIRST_MOVE_WITHIN: Duration = Duration::from_secs(60);

/// The reason a tournament game ends with when the side to move never made its first move
/// within the first-move wait (a loss for that side, never an abort).
pub const NO_SHOW: &str = "noshow";

/// How long a draw offer, takeback request or rematch offer stands unanswered before it
/// lapses, unless the server is told otherwise (`--offer-secs`): an offer nobody answers
/// (a player gone, a bot that never looks) must not hang on the page for ever.
pub const OFFER_FOR: Duration = Duration::from_secs(60);

/// How long an untimed game against the computer may go untouched before it is adjourned:
/// its task ends (no clock or deadline will ever end it), the game stays in the database, and
/// its player's next look at it brings it back (`--adjourn-secs`).
pub const ADJOURN_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// What every live game of a server shares.
#[derive(Clone)]
pub struct Shared {
    /// The database writer.
    pub writer: Writer,
    /// The bus to the other instances, if any.
    pub bus: Option<Bus>,
    /// The wait for each side's first move.
    pub first_move: Duration,
    /// How long an offer stands unanswered.
    pub offer_for: Duration,
    /// The computer's seat, in a game against it.
    pub computer: Option<Seat>,
    /// How long an untimed game against the computer may go untouched.
    pub adjourn_after: Duration,
    /// The computer's other seat, in a game of the computer against itself (the showcase).
    pub second_computer: Option<Seat>,
}

/// Whether a game is adjourned when left untouched: untimed, against the computer.
pub fn adjournable(row: &GameRow) -> bool {
    row.tc_ms.is_none() && row.days.is_none() && super::computer::seat_of(row).is_some()
}

/// The live game's task state.
struct Actor {
    row: GameRow,
    /// The handle's [`GameHandle::ended`].
    ended: Arc<AtomicBool>,
    game: Game,
    clocks: Option<Clocks>,
    epoch: Instant,
    draw: Option<Side>,
    takeback: Option<Side>,
    /// When the standing draw offer and takeback request were made (on the `epoch` clock).
    draw_at: Duration,
    takeback_at: Duration,
    events: broadcast::Sender<Event>,
    writer: Writer,
    bus: Option<Bus>,
    first_move: Duration,
    offer_for: Duration,
    computer: Option<Seat>,
    adjourn_after: Duration,
    second_computer: Option<Seat>,
}

/// Starts the task of a game (new, or brought back from the database), returning its handle
/// and its task (which ends some time after the game does).
pub fn spawn(
    row: GameRow,
    game: Game,
    shared: Shared,
    on_exit: impl FnOnce(String) + Send + 'static,
) -> GameHandle {
    let (tx, rx) = mpsc::channel(64);
    let (events, _) = broadcast::channel(256);
    let ended = Arc::new(AtomicBool::new(row.status != "started"));
    let handle = GameHandle {
        tx,
        events: events.clone(),
        white: row.white.0.clone(),
        black: row.black.0.clone(),
        ended: Arc::clone(&ended),
    };
    let epoch = Instant::now();
    let clocks = row.tc_ms.map(|(b, i)| {
        let control = TimeControl {
            base: Duration::from_millis(b.max(0) as u64),
            increment: Duration::from_millis(i.max(0) as u64),
        };
        let remaining = row.clocks_ms.map_or([control.base; 2], |(w, b)| {
            [w, b].map(|ms| Duration::from_millis(ms.max(0) as u64))
        });
        let mut c = Clocks::with_remaining(control, remaining, game.position().turn());
        // The stored clocks already lost a berserk side's time; its increment stays off.
        for side in Side::BOTH {
            if row.berserk.is_some_and(|b| b[side.index()]) {
                c.restore_berserk(side);
            }
        }
        // The clocks run from the first move on (White's first move costs nothing).
        if !game.plies().is_empty() {
            c.resume(Duration::ZERO);
        }
        c
    });
    let actor = Actor {
        row,
        game,
        clocks,
        epoch,
        draw: None,
        takeback: None,
        draw_at: Duration::ZERO,
        takeback_at: Duration::ZERO,
        events,
        writer: shared.writer,
        bus: shared.bus,
        first_move: shared.first_move,
        offer_for: shared.offer_for,
        computer: shared.computer,
        adjourn_after: shared.adjourn_after,
        second_computer: shared.second_computer,
        ended,
    };
    tokio::spawn(async move {
        let id = actor.row.id.clone();
        actor.run(rx).await;
        on_exit(id);
    });
    handle
}
