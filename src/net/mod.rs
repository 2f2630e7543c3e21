//! Games over the network: one player hosts, the other joins with the host's address and join
//! code. Pure Rust on std TCP and threads, no Bevy: the headless `host`/`join` commands and the
//! game window drive the same code.
//!
//! * [`host`] listens and returns a [`NetHandle`] at once; [`join`] connects in the background and
//!   returns one too. All network work runs on background threads (a session thread that owns
//!   the game, the host's door thread for handshakes, and a reader and a writer per
//!   connection): the handle's [`NetHandle::try_recv`] never blocks, so a frame loop can poll
//!   it, and [`NetHandle::recv_timeout`] serves a headless loop.
//! * The host holds the authoritative [`Game`] and [`Clocks`]; the joiner's moves are requests
//!   the host checks with the rules. Both ends check every move: the joiner replays what the
//!   host sends through its own [`Game`] ([`NetGame`] does this bookkeeping for a front end).
//! * The seat is the first joiner's: its `welcome` carries a session token, and only a
//!   reconnection presenting it gets in (the code alone admits nobody once the seat is taken).
//!   If the connection drops, both keep the game; the joiner reconnects with the token and gets
//!   the full state again, while the side to move's clock keeps running on the host.
//! * Everything a peer can send is bounded: line length, messages per second, messages queued,
//!   handshakes (in all and per address, one thread for all), handshake time, wrong codes per
//!   second (for the whole host), silence (heartbeats), a peer that does not read (write
//!   timeout, bounded queue), reconnect attempts, and the threads and descriptors a closed
//!   connection keeps (none after a second). Bad input gets an `error` reply or a closed
//!   connection and never changes the game.
//!
//! The wire format is in `docs/PROTOCOL.md`, "Network play".
//!
//! [`Game`]: crate::rules::Game
//! [`Clocks`]: crate::rules::clock::Clocks

mod code;
mod conn;
mod door;
mod host;
mod join;
mod mirror;
pub mod wire;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::rules::clock::{ClockReading, TimeControl};
use crate::rules::{Game, Move, Outcome, Side};
use wire::Token;

pub use code::{CODE_ALPHABET, CODE_LEN, MAX_CODE_LEN, MIN_CODE_LEN, new_code, normalize_code};
pub use host::{HostConfig, host, local_addresses};
pub use join::{JoinConfig, join};
pub use mirror::{MirrorError, NetGame, outcome_from_result};

/// The port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 47317;

/// The time limits of a connection. The defaults suit play over a home network or the
/// internet; tests shorten them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Timing {
    /// A `ping` goes out this often, so silence means trouble.
    pub heartbeat: Duration,
    /// A peer that has answered no `ping` (or sent nothing) for this long is taken as gone.
    pub peer_timeout: Duration,
    /// A new connection must complete its hello (or welcome and full state) within this, counted
    /// from its arrival (not per read).
    pub handshake: Duration,
    /// A write that cannot finish in this time (the peer does not read) ends the connection.
    pub write_timeout: Duration,
    /// How long the joiner waits for the host to accept a connection.
    pub connect_timeout: Duration,
    /// The joiner's pause between attempts to (re)connect.
    pub reconnect_delay: Duration,
    /// Attempts in a row after which the joiner gives up.
    pub reconnect_attempts: u32,
    /// After a wrong join code the host checks no code, from anyone, for this long: guesses
    /// are bounded per second for the whole host, not per connection.
    pub wrong_code_delay: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            heartbeat: Duration::from_secs(1),
            peer_timeout: Duration::from_secs(8),
            handshake: Duration::from_secs(5),
            write_timeout: Duration::from_secs(5),
            connect_timeout: Duration::from_secs(5),
            reconnect_delay: Duration::from_secs(1),
            reconnect_attempts: 30,
            wrong_code_delay: Duration::from_millis(500),
        }
    }
}

impl Timing {
    /// The same limits kept within sense (1 ms to a day each; a heartbeat of at least 10 ms and
    /// at least one attempt), so that no setting can make a thread spin or a deadline overflow.
    fn sane(self) -> Timing {
        let day = Duration::from_secs(86_400);
        let clamp = |d: Duration, low: Duration| d.clamp(low, day);
        let ms = Duration::from_millis;
        Timing {
            heartbeat: clamp(self.heartbeat, ms(10)),
            peer_timeout: clamp(self.peer_timeout, ms(1)),
            handshake: clamp(self.handshake, ms(1)),
            write_timeout: clamp(self.write_timeout, ms(1)),
            connect_timeout: clamp(self.connect_timeout, ms(1)),
            reconnect_delay: clamp(self.reconnect_delay, ms(1)),
            reconnect_attempts: self.reconnect_attempts.max(1),
            wrong_code_delay: clamp(self.wrong_code_delay, ms(1)),
        }
    }
}

/// What the local player asks for. Each is checked (by the host for both players) and either
/// happens, reported by a [`NetEvent`], or is answered by [`NetEvent::Refused`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum NetCommand {
    /// Play this move.
    Move(Move),
    /// Offer a draw (accepting the opponent's offer if there is one).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline it.
    DeclineDraw,
    /// Resign the game.
    Resign,
    /// Ask to take back my last move (and the opponent's answer to it, if given).
    AskTakeback,
    /// Grant the opponent's takeback request.
    AcceptTakeback,
    /// Refuse it.
    DeclineTakeback,
}

/// The game as the host has it, sent to the joiner on every (re)connection.
#[derive(Clone, Debug)]
pub struct NetState {
    /// The game: start, moves (checked by the rules) and, when ended, the outcome.
    pub game: Game,
    /// The side this end plays.
    pub you: Side,
    /// The time control, `None` untimed.
    pub control: Option<TimeControl>,
    /// The clocks as the host read them.
    pub clock: Option<ClockReading>,
    /// The opponent's name.
    pub opponent: String,
}

/// What happened, in the order it happened.
#[derive(Clone, Debug)]
pub enum NetEvent {
    /// The other player connected (the first time or again).
    Connected {
        /// The name they gave (may be empty).
        name: String,
    },
    /// The whole game from the host (joiner only), on every (re)connection: show this game.
    State(Box<NetState>),
    /// A move was played, by either player, checked by the rules.
    Moved {
        /// Its half-move number (1 for the first move of the game).
        ply: usize,
        /// The move.
        mv: Move,
        /// It in move text.
        text: String,
        /// Who played it.
        side: Side,
        /// The clocks right after it (the mover's includes the increment), when timed.
        clock: Option<ClockReading>,
    },
    /// The clocks were set: they started, or were read again.
    Clock(ClockReading),
    /// The opponent offers a draw.
    DrawOffered {
        /// Who offers.
        by: Side,
    },
    /// The opponent declined my draw offer.
    DrawDeclined {
        /// Who declined.
        by: Side,
    },
    /// The opponent asks to take back a move.
    TakebackAsked {
        /// Who asks.
        by: Side,
    },
    /// The opponent refused my takeback request.
    TakebackDeclined {
        /// Who refused.
        by: Side,
    },
    /// Moves were taken back until `plies` half-moves remain.
    TakenBack {
        /// Half-moves left.
        plies: usize,
        /// The clocks after it.
        clock: Option<ClockReading>,
    },
    /// The game ended.
    GameOver(Outcome),
    /// A request of mine was refused; nothing changed.
    Refused(String),
    /// The connection was lost. The host waits for the joiner; the joiner tries again while
    /// `reconnecting`.
    Disconnected {
        /// Why, in words.
        reason: String,
        /// Whether a reconnection is under way (or awaited).
        reconnecting: bool,
    },
    /// The session ended for good (the host closed, the code was wrong, attempts ran out, the
    /// peer broke the protocol); no more events follow.
    Stopped(String),
}

/// Why a network game could not start.
#[derive(Debug, Error)]
pub enum NetError {
    /// The port is taken or the address is not this machine's.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address asked for.
        addr: SocketAddr,
        /// What the system said.
        source: std::io::Error,
    },
    /// A join code with other characters or another length.
    #[error("{0:?} is not a join code (6 to 16 letters and digits)")]
    BadCode(String),
    /// Not `host:port`.
    #[error("{0:?} is not an address like 192.168.1.20:47317")]
    BadAddress(String),
    /// The system would not start a thread.
    #[error("cannot start a network thread: {0}")]
    Thread(std::io::Error),
    /// The system has no random source for the session token.
    #[error("no random numbers for the session token: {0}")]
    Random(getrandom::Error),
}

/// A running network game: send the local player's requests, receive what happened.
///
/// Dropping it ends the session (the peer is told `bye`) without waiting; [`NetHandle::close`]
/// waits until the last messages are sent.
pub struct NetHandle {
    inputs: Sender<conn::Input>,
    events: Receiver<NetEvent>,
    stop: Arc<AtomicBool>,
    session: Option<JoinHandle<()>>,
    listening: Option<(SocketAddr, String)>,
    /// The joiner's seat token, once the host gave one (or the one it started with).
    seat: Option<Arc<Mutex<Option<Token>>>>,
}

impl NetHandle {
    /// Asks for `command`; the answer comes as an event.
    pub fn send(&self, command: NetCommand) {
        let _ = self.inputs.send(conn::Input::Command(command));
    }

    /// The next event, if one is waiting (never blocks: for a frame loop).
    pub fn try_recv(&self) -> Option<NetEvent> {
        self.events.try_recv().ok()
    }

    /// The next event, waiting at most `timeout`; `Disconnected` once the session has ended
    /// and every event was read.
    pub fn recv_timeout(&self, timeout: Duration) -> Result<NetEvent, RecvTimeoutError> {
        self.events.recv_timeout(timeout)
    }

    /// The host's listening address (with the real port when port 0 was asked for) and join
    /// code; `None` for a joiner.
    pub fn listening(&self) -> Option<(SocketAddr, &str)> {
        self.listening.as_ref().map(|(a, c)| (*a, c.as_str()))
    }

    /// The joiner's seat token: the one the host's `welcome` gave (it is there when
    /// [`NetEvent::State`] arrives), else the one it was started with; `None` for a host.
    /// Keep it (in a file of its own: the seat is whoever holds it) and give it back in
    /// [`JoinConfig::token`] to take the seat again after the program died.
    pub fn seat_token(&self) -> Option<Token> {
        let seat = self.seat.as_ref()?;
        *seat.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ends the session, waiting (a second or two at most) until the peer was told and the last
    /// messages were sent.
    pub fn close(mut self) {
        self.shutdown();
        if let Some(session) = self.session.take() {
            let deadline = Instant::now() + Duration::from_secs(3);
            while !session.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
            }
            if session.is_finished() {
                let _ = session.join();
            }
        }
    }

    fn shutdown(&self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.inputs.send(conn::Input::Shutdown);
    }
}

impl Drop for NetHandle {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The time since a session started: the `now` its [`Clocks`](crate::rules::clock::Clocks) use.
#[derive(Copy, Clone, Debug)]
struct Epoch(Instant);

impl Epoch {
    fn now(self) -> Duration {
        self.0.elapsed()
    }
}
