//! Playing the computer from the web (issue 37's first slice): the engine [`pool`] that
//! searches off the async runtime, the computer's seat in a live game ([`seat`]), analysis
//! jobs ([`analysis`]), and its levels and names. The hub's side (starting a game, its limits, its rematch) is in
//! `hub/play_computer.rs`.
//!
//! The computer is a player whose key can never be a person's (`computer:normal`: names are
//! letters, digits, `_` and `-`), so a stored game says by itself which seat is the
//! computer's and at which level, and a game brought back after a restart goes on.

pub mod analysis;
pub mod jobs;
pub mod pool;
pub mod seat;
pub mod taker;

use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

use crate::engine::{Level, LevelSettings, Limits, MAX_SKILL};
use crate::rules::Side;

use super::db::{Db, GameRow};

pub use pool::Pool;

/// The prefix of the computer's player keys.
const KEY_PREFIX: &str = "computer:";

/// The speed of games without a clock (only ever against the computer, never rated).
pub const UNTIMED: &str = "untimed";

/// How strongly the computer plays: one of the engine's levels, or a skill level (0–20) as
/// [`LevelSettings::from_skill`] defines them, the finer steps around them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ComputerLevel {
    /// Easy, Normal or Hard.
    Named(Level),
    /// A skill level, 0 (weakest) to 20.
    Skill(u8),
}

impl ComputerLevel {
    /// The search settings: skill levels think at most a second, as Normal does.
    pub fn settings(self) -> LevelSettings {
        match self {
            ComputerLevel::Named(l) => l.settings(),
            ComputerLevel::Skill(s) => {
                LevelSettings::from_skill(s).within(&Limits::movetime(Duration::from_secs(1)))
            }
        }
    }

    /// The seat's player key (never a person's).
    pub fn key(self) -> String {
        format!("{KEY_PREFIX}{self}")
    }

    /// The name the game, the archive and the game file show.
    pub fn player_name(self) -> String {
        match self {
            ComputerLevel::Named(Level::Easy) => "Computer (Easy)".to_string(),
            ComputerLevel::Named(Level::Normal) => "Computer (Normal)".to_string(),
            ComputerLevel::Named(Level::Hard) => "Computer (Hard)".to_string(),
            ComputerLevel::Skill(s) => format!("Computer (Skill {s})"),
        }
    }

    /// The level of a player key, when it is the computer's.
    pub fn of_key(key: &str) -> Option<ComputerLevel> {
        key.strip_prefix(KEY_PREFIX)?.parse().ok()
    }
}

impl fmt::Display for ComputerLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComputerLevel::Named(l) => l.fmt(f),
            ComputerLevel::Skill(s) => write!(f, "{s}"),
        }
    }
}

impl FromStr for ComputerLevel {
    type Err = String;

    /// `easy`, `normal`, `hard`, or a skill level `0`–`20`.
    fn from_str(s: &str) -> Result<ComputerLevel, String> {
        if let Ok(level) = s.parse::<Level>() {
            return Ok(ComputerLevel::Named(level));
        }
        match s.trim().parse::<u8>() {
            Ok(n) if n <= MAX_SKILL => Ok(ComputerLevel::Skill(n)),
            _ => Err(format!(
                "unknown level: easy, normal, hard, or a skill level 0 to {MAX_SKILL}"
            )),
        }
    }
}

/// The computer's seat of a stored game: its side and level, if it plays there.
pub fn seat_of(row: &GameRow) -> Option<(Side, ComputerLevel)> {
    if let Some(l) = ComputerLevel::of_key(&row.white.0) {
        return Some((Side::White, l));
    }
    ComputerLevel::of_key(&row.black.0).map(|l| (Side::Black, l))
}

/// The hub's share: the pool (started with the first computer game, so a server nobody
/// plays the computer on runs no engine threads) and the limits' counts.
pub struct Computer {
    threads: usize,
    depth: usize,
    pool: OnceLock<Pool>,
    /// With the jobs' table: the asking end, and this instance's taker (its stop signal and
    /// task), for [`Computer::stop`].
    table: OnceLock<Arc<jobs::Jobs>>,
    taker: Mutex<
        Option<(
            tokio::sync::watch::Sender<bool>,
            tokio::task::JoinHandle<()>,
        )>,
    >,
    /// The live computer games, with the address that started each.
    pub(crate) by_addr: Mutex<HashMap<String, IpAddr>>,
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Computer {
    /// `threads` engine threads (`None`: half the cores, at least one; 0 only with the jobs'
    /// table, [`Computer::use_jobs`]), `depth` jobs waiting at most before new computer games
    /// are refused.
    pub fn new(threads: Option<usize>, depth: usize) -> Computer {
        Computer {
            threads: threads.unwrap_or_else(pool::default_threads),
            depth,
            pool: OnceLock::new(),
            table: OnceLock::new(),
            taker: Mutex::new(None),
            by_addr: Mutex::new(HashMap::new()),
        }
    }

    /// The pool, started on first use.
    pub fn pool(&self) -> Pool {
        self.pool
            .get_or_init(|| Pool::start(self.threads, self.depth))
            .clone()
    }

    /// With PostgreSQL: computer moves and game analyses go to the jobs' table as `me`, and
    /// this instance's engine threads (if any) take jobs from it beside the workers, until
    /// [`Computer::stop`].
    pub async fn use_jobs(&self, db: &Db, me: String) -> Result<(), sqlx::Error> {
        let jobs = jobs::Jobs::start(db.clone(), me.clone()).await?;
        let pool = Pool::with_jobs(self.threads, self.depth, Arc::clone(&jobs));
        if self.pool.set(pool.clone()).is_err() {
            tracing::error!("engine jobs: the pool had started already; jobs stay in memory");
            return Ok(());
        }
        let _ = self.table.set(jobs);
        if self.threads > 0 {
            let db = db.clone();
            let (keep, stop) = tokio::sync::watch::channel(false);
            let log: taker::Log = Arc::new(|line: &str| tracing::debug!("{line}"));
            let task = tokio::spawn(async move {
                if let Err(e) = taker::run(db, pool, me, stop, log).await {
                    tracing::error!("engine jobs: this instance takes none: {e}");
                }
            });
            *lock(&self.taker) = Some((keep, task));
        }
        Ok(())
    }

    /// The instance is stopping (SIGTERM): the jobs its threads hold are given back for
    /// others to take at once, not when their leases run out, and the jobs it asked for are
    /// withdrawn (their games go on where they are brought back; a taker searching one stops).
    /// Bounded: a database that does not answer leaves the leases to run out.
    pub async fn stop(&self) {
        let taker = lock(&self.taker).take();
        if let Some((stop, task)) = taker {
            let _ = stop.send(true);
            if tokio::time::timeout(STOP_WAIT, task).await.is_err() {
                tracing::warn!("engine jobs: not given back in time (their leases run out)");
            }
        }
        if let Some(jobs) = self.table.get()
            && tokio::time::timeout(STOP_WAIT, jobs.withdraw_all())
                .await
                .is_err()
        {
            tracing::warn!("engine jobs: not withdrawn in time (swept at the next start)");
        }
    }
}

/// How long [`Computer::stop`] waits for each of its steps.
const STOP_WAIT: Duration = Duration::from_secs(5);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_round_trip_through_keys_and_name_the_level() {
        for text in ["easy", "normal", "hard", "0", "7", "20"] {
            let level: ComputerLevel = text.parse().unwrap();
            assert_eq!(ComputerLevel::of_key(&level.key()), Some(level));
            let person = super::super::auth::check_name(&level.key()).is_none();
            assert!(!person, "a person could be named {}", level.key());
        }
        assert_eq!(
            ComputerLevel::Named(Level::Normal).player_name(),
            "Computer (Normal)"
        );
        assert!("21".parse::<ComputerLevel>().is_err());
        assert!("expert".parse::<ComputerLevel>().is_err());
        assert_eq!(ComputerLevel::of_key("normal"), None);
    }

    #[test]
    fn skill_levels_think_within_a_second() {
        let s = ComputerLevel::Skill(20).settings();
        assert_eq!(s.limits.movetime, Some(Duration::from_secs(1)));
    }
}
