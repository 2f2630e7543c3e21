//! What a search is told (limits, a stop flag) and what it answers (a result or an error).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::rules::{Move, Outcome};

use super::score::moves_to_mate;

/// When a search must end. Any combination may be set; the first one reached ends the search,
/// and a stop request ends it at any time. With none set, only the stop flag (or the maximum
/// depth the engine supports) ends it: an analysis that runs until the user says stop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in half-moves.
    pub depth: Option<u32>,
    /// Time for this move; the search will not start an iteration it probably cannot finish,
    /// and it never runs past this.
    pub movetime: Option<Duration>,
    /// Stop after about this many nodes (checked every few thousand).
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search to exactly `depth` half-moves (reproducible: the node count depends on nothing
    /// else).
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for at most `time`.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Search about `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// A shared flag another thread sets to end a search early (the player moved, the game was
/// closed). Cloning shares the flag.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag that is not set.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks every search watching this flag to return as soon as it can.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Clears the flag so it can be used for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether a stop was requested.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The underlying atomic, for callers that already share one.
    pub fn as_arc(&self) -> &Arc<AtomicBool> {
        &self.0
    }
}

impl From<Arc<AtomicBool>> for StopFlag {
    fn from(flag: Arc<AtomicBool>) -> StopFlag {
        StopFlag(flag)
    }
}

/// The engine's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play: always legal in the searched position.
    pub best: Move,
    /// Centipawns for the side to move; near ±[`MATE`](super::MATE) for a forced win or loss.
    pub score: i32,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<Move>,
    /// The last fully searched depth (0 if the search was stopped before depth 1 finished).
    pub depth: u32,
    /// Deepest ply reached, quiescence search included.
    pub seldepth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

impl SearchResult {
    /// Full moves until the forced end: positive when the side to move mates, negative when it
    /// is mated (or left without moves); `None` when no forced end was found.
    pub fn mate_in(&self) -> Option<i32> {
        moves_to_mate(self.score)
    }

    /// Nodes per second, for reports.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }
}

/// Why the engine could not pick a move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The game has already ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The side to move has no legal move (it has lost).
    #[error("the side to move has no legal move")]
    NoLegalMove,
}

/// Deadlines and budgets of one search, checked every few thousand nodes.
pub(crate) struct Clock {
    pub stop: StopFlag,
    pub started: Instant,
    /// Past this, do not start another iteration.
    pub soft: Option<Instant>,
    /// Past this, abandon the search.
    pub hard: Option<Instant>,
    pub node_limit: Option<u64>,
}

impl Clock {
    /// The clock for `limits`, starting now.
    pub fn new(limits: &Limits, stop: &StopFlag) -> Clock {
        let started = Instant::now();
        Clock {
            stop: stop.clone(),
            started,
            soft: limits.movetime.map(|t| started + t.mul_f32(0.55)),
            hard: limits.movetime.map(|t| started + t),
            node_limit: limits.nodes,
        }
    }

    /// Whether the search must end now.
    pub fn expired(&self, nodes: u64) -> bool {
        self.stop.is_stopped()
            || self.node_limit.is_some_and(|n| nodes >= n)
            || self.hard.is_some_and(|t| Instant::now() >= t)
    }

    /// Whether another iteration is worth starting.
    pub fn may_deepen(&self, nodes: u64) -> bool {
        !self.expired(nodes) && self.soft.is_none_or(|t| Instant::now() < t)
    }
}
