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
    /// Past this no new iteration starts (default: 55 % of `movetime`). Clock-based limits set
    /// it to the time the move should take, and `movetime` to the most it may take.
    pub soft_time: Option<Duration>,
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

    /// The time for one move of a game played on a clock: `remaining` on the mover's clock,
    /// `increment` added after each move (Fischer), and `moves_to_go` moves until the clock is
    /// next refilled (`None`: the whole game on this clock).
    ///
    /// The move gets its share of what is left (plus most of the increment), may run over that
    /// share when an iteration is unfinished, but never past a safe fraction of `remaining`
    /// (half of it, three quarters on the last move before a refill), after keeping back a
    /// little for the time a move takes to travel. Even 50 ms on the clock gives a legal
    /// answer in time.
    pub fn from_clock(
        remaining: Duration,
        increment: Duration,
        moves_to_go: Option<u32>,
    ) -> Limits {
        // Kept back for the trip of the move to whoever keeps the clock (pipes, threads, network).
        let reserve = (remaining / 10).min(Duration::from_millis(50));
        let usable = remaining.saturating_sub(reserve);
        let moves = moves_to_go.unwrap_or(MOVES_LEFT_GUESS).clamp(1, 60);
        let share = (usable / moves).saturating_add(increment.saturating_mul(3) / 4);
        let cap = if moves == 1 {
            usable / 4 * 3
        } else {
            usable / 2
        };
        let hard = (share / 2).saturating_mul(5).min(cap);
        let soft = (share / 5).saturating_mul(3).min(hard);
        Limits {
            movetime: Some(hard),
            soft_time: Some(soft),
            ..Limits::default()
        }
    }
}

/// Moves a game is assumed to last beyond the current one when the clock does not say.
const MOVES_LEFT_GUESS: u32 = 25;

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
    /// A move the analysis was told to consider is not legal in the position.
    #[error("{0} is not a legal move in this position")]
    IllegalSearchMove(Move),
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
    /// The clock for `limits`, starting now. Times too long to add to the clock mean no limit.
    pub fn new(limits: &Limits, stop: &StopFlag) -> Clock {
        let started = Instant::now();
        let soft = limits.soft_time.or(limits.movetime.map(|t| t / 20 * 11));
        let soft = match (soft, limits.movetime) {
            (Some(s), Some(h)) => Some(s.min(h)),
            (s, _) => s,
        };
        Clock {
            stop: stop.clone(),
            started,
            soft: soft.and_then(|t| started.checked_add(t)),
            hard: limits.movetime.and_then(|t| started.checked_add(t)),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(remaining: u64, increment: u64, to_go: Option<u32>) -> (Duration, Duration) {
        let limits = Limits::from_clock(ms(remaining), ms(increment), to_go);
        assert_eq!((limits.depth, limits.nodes), (None, None));
        (limits.soft_time.unwrap(), limits.movetime.unwrap())
    }

    #[test]
    fn clock_time_stays_inside_the_clock() {
        let remaining = [
            0,
            1,
            10,
            50,
            200,
            1_000,
            10_000,
            60_000,
            3_600_000,
            u64::MAX,
        ];
        let increments = [0, 10, 100, 1_000, 30_000, u64::MAX];
        let to_go = [None, Some(0), Some(1), Some(2), Some(40), Some(u32::MAX)];
        for r in remaining {
            for i in increments {
                for g in to_go {
                    let (soft, hard) = clock(r, i, g);
                    assert!(soft <= hard, "{r} {i} {g:?}: {soft:?} > {hard:?}");
                    assert!(hard <= ms(r) * 3 / 4, "{r} {i} {g:?}: {hard:?}");
                    if g != Some(0) && g != Some(1) {
                        assert!(hard <= ms(r) / 2, "{r} {i} {g:?}: {hard:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn tiny_clocks_still_give_some_time() {
        let (soft, hard) = clock(50, 0, None);
        assert!(hard > Duration::ZERO && hard < ms(25), "{hard:?}");
        assert!(soft > Duration::ZERO, "{soft:?}");
    }

    #[test]
    fn more_increment_or_fewer_moves_give_more_time() {
        for r in [100, 5_000, 60_000, 600_000] {
            let mut last = clock(r, 0, None);
            for i in [10, 100, 1_000, 5_000] {
                let now = clock(r, i, None);
                assert!(
                    now.0 >= last.0 && now.1 >= last.1,
                    "{r} {i}: {now:?} < {last:?}"
                );
                last = now;
            }
            let mut last = clock(r, 0, Some(40));
            for g in [30, 10, 3, 1] {
                let now = clock(r, 0, Some(g));
                assert!(now.1 >= last.1, "{r} to go {g}: {now:?} < {last:?}");
                last = now;
            }
        }
        // Not capped: the increment really adds time.
        assert!(clock(60_000, 2_000, None).1 > clock(60_000, 0, None).1);
        assert!(clock(60_000, 0, Some(5)).1 > clock(60_000, 0, Some(30)).1);
        // A minute for the game, no increment: about a second or two a move.
        let (soft, hard) = clock(60_000, 0, None);
        assert!(soft >= ms(500) && hard <= ms(10_000), "{soft:?} {hard:?}");
    }

    #[test]
    fn huge_limits_mean_no_deadline_rather_than_a_panic() {
        let limits = Limits::movetime(Duration::MAX);
        let clock = Clock::new(&limits, &StopFlag::new());
        assert!(!clock.expired(0));
        assert!(clock.may_deepen(0));
    }
}
