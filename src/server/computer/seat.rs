//! The computer's seat in a live game: the game task asks the pool for a move when it is the
//! computer's turn, and answers the player's offers as the computer would.

use std::time::Duration;

use tokio::sync::oneshot;

use crate::engine::{EngineError, StopFlag};
use crate::rules::clock::Clocks;
use crate::rules::{Game, Side};

use super::ComputerLevel;
pub use super::pool::Answer;
use super::pool::{Job, Pool};

/// Who the computer is in a game, and the pool that thinks for it.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The computer's side.
    pub side: Side,
    /// Its level.
    pub level: ComputerLevel,
    pool: Pool,
    /// Its moves wait for the players' (the showcase game's seats).
    idle: bool,
}

/// A move asked for and not yet answered.
pub struct Thinking {
    /// The half-move it is for.
    pub ply: usize,
    stop: StopFlag,
    rx: oneshot::Receiver<Answer>,
}

impl Drop for Thinking {
    /// The answer is no longer wanted: a queued job is skipped, a running search stops.
    fn drop(&mut self) {
        self.stop.stop();
    }
}

impl Seat {
    /// The seat of `side` at `level`, thinking on `pool`.
    pub fn new(side: Side, level: ComputerLevel, pool: Pool) -> Seat {
        Seat {
            side,
            level,
            pool,
            idle: false,
        }
    }

    /// A seat whose moves are searched only when no player's wait ([`Pool::submit_idle`]).
    pub fn idle(side: Side, level: ComputerLevel, pool: Pool) -> Seat {
        Seat {
            idle: true,
            ..Seat::new(side, level, pool)
        }
    }

    /// Asks the pool for the computer's move when it is its turn in a live game and no move
    /// for this half-move is asked for already; drops an ask the game has moved on from.
    pub fn think(
        &self,
        live: bool,
        game: &Game,
        clocks: Option<&Clocks>,
        now: Duration,
        thinking: &mut Option<Thinking>,
    ) {
        let ply = game.plies().len();
        let due = live && !game.is_over() && game.position().turn() == self.side;
        if thinking.as_ref().is_some_and(|t| !due || t.ply != ply) {
            *thinking = None;
        }
        if !due || thinking.is_some() {
            return;
        }
        let mut settings = self.level.settings();
        if let Some(c) = clocks {
            settings = settings.on_clock(c.remaining(self.side, now), c.control().increment);
        }
        let stop = StopFlag::new();
        let (reply, rx) = oneshot::channel();
        let job = Job {
            game: game.clone(),
            settings,
            stop: stop.clone(),
            reply,
        };
        if self.idle {
            self.pool.submit_idle(job);
        } else {
            self.pool.submit(job);
        }
        *thinking = Some(Thinking { ply, stop, rx });
    }
}

/// The answer of the move asked for (never ready when none is): the half-move it is for and
/// the answer. A pool that dropped the job answers an error.
pub async fn answer(thinking: &mut Option<Thinking>) -> (usize, Answer) {
    let Some(t) = thinking.as_mut() else {
        return std::future::pending().await;
    };
    let ply = t.ply;
    let answer = (&mut t.rx).await.unwrap_or(Answer {
        mv: Err(EngineError::NoLegalMove),
        searched: Duration::ZERO,
    });
    *thinking = None;
    (ply, answer)
}

/// Whether the computer accepts a draw here: only in a dead draw (bare Kings).
pub fn accepts_draw(game: &Game) -> bool {
    game.has_only_king(Side::White) && game.has_only_king(Side::Black)
}
