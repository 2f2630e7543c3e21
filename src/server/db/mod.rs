//! The database: SQLite (embedded default) or PostgreSQL, through one sqlx `Any` pool and the
//! same SQL for both (`$1` parameters, `BIGINT`/`TEXT`/`DOUBLE PRECISION` columns, every value
//! bound, never spliced into the text). Every write of a game goes through one writer task
//! ([`Writer`]), which commits whatever has queued up in a single transaction (group commit)
//! and only then answers: a move is acknowledged once durable, and a busy server pays one
//! commit for many moves.

pub mod invites;
pub mod jobs;
mod pool;
mod puzzles;
mod queries;
mod rows;
mod site;
mod writer;

use std::time::{SystemTime, UNIX_EPOCH};

use thiserror::Error;

pub use pool::{Db, SyncMode};
pub use puzzles::{PUZZLES_BEFORE_MOVING_ONE, PuzzleAttempt, PuzzlePlayer};
pub(crate) use rows::GAME_COLUMNS;
pub use rows::{GameRow, HistoryPoint, MoveRow, PlayerRow, RatingRow};
pub use writer::{RatedEnd, Write, WriteDone, Writer};

/// A database failure.
#[derive(Debug, Error)]
pub enum DbError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Sql(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The URL names no supported database.
    #[error("unsupported database URL {0:?} (expected sqlite:PATH or postgres://...)")]
    Url(String),
    /// The writer task is gone (the server is stopping).
    #[error("the database writer has stopped")]
    WriterGone,
    /// Stored data the server cannot read back.
    #[error("corrupt data: {0}")]
    Corrupt(String),
}

/// Milliseconds since the Unix epoch (what the database stores for times).
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}
