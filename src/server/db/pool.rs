//! The pool: opening SQLite or PostgreSQL, the embedded migrations, and SQLite's checkpoints.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::BoxFuture;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Row, SqlSafeStr};

use super::DbError;

/// The schema, oldest first. Never edit one that has shipped: add the next.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "initial", include_str!("../migrations/0001_initial.sql")),
    (2, "owner", include_str!("../migrations/0002_owner.sql")),
    (
        3,
        "lesson_progress",
        include_str!("../migrations/0003_lesson_progress.sql"),
    ),
    (
        4,
        "tournaments",
        include_str!("../migrations/0004_tournaments.sql"),
    ),
    (5, "puzzles", include_str!("../migrations/0005_puzzles.sql")),
    (
        6,
        "analysis",
        include_str!("../migrations/0006_analysis.sql"),
    ),
    (7, "invites", include_str!("../migrations/0007_invites.sql")),
    (
        8,
        "engine_jobs",
        include_str!("../migrations/0008_engine_jobs.sql"),
    ),
    (
        9,
        "swiss_round_times",
        include_str!("../migrations/0009_swiss_round_times.sql"),
    ),
    (
        10,
        "tournament_lease",
        include_str!("../migrations/0010_tournament_lease.sql"),
    ),
    (
        11,
        "tournament_presence",
        include_str!("../migrations/0011_tournament_presence.sql"),
    ),
    (
        12,
        "job_progress",
        include_str!("../migrations/0012_job_progress.sql"),
    ),
    (
        13,
        "site_leases",
        include_str!("../migrations/0013_site_leases.sql"),
    ),
];

/// The embedded migrations, as sqlx's migrator wants them.
#[derive(Debug)]
struct Embedded;

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, sqlx::error::BoxDynError>> {
        Box::pin(async {
            Ok(MIGRATIONS
                .iter()
                .map(|&(version, desc, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(desc),
                        MigrationType::Simple,
                        sql.into_sql_str(),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// The database pool, and which kind it is.
#[derive(Clone, Debug)]
pub struct Db {
    /// The pool.
    pub pool: AnyPool,
    /// Whether it is PostgreSQL (else SQLite).
    pub postgres: bool,
    /// The URL it was opened with.
    pub url: String,
    /// Held (shared) by the writer through each commit; taken alone by the SQLite checkpoint
    /// task when the log has grown too long, so that the log can be emptied.
    pub(super) gate: Arc<tokio::sync::RwLock<()>>,
}

/// When a commit counts as done, so that the move it holds may be acknowledged.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum SyncMode {
    /// On disk: every commit waits for the disk to confirm it (`fsync`; SQLite
    /// `synchronous = FULL`, PostgreSQL's default). Nothing acknowledged is lost to a killed
    /// server, a crashed machine or a power cut. Costs a disk flush per commit (tens of
    /// milliseconds on a slow disk), paid by every move of the batch in its round trip.
    #[default]
    Full,
    /// In the database: a commit is done once the database has it, and reaches the disk
    /// shortly after (SQLite WAL `synchronous = NORMAL`; PostgreSQL
    /// `synchronous_commit = off`). Nothing acknowledged is lost when `parachess-server` is
    /// killed (`kill -9`) or crashes; the last moments of moves may be lost to a power cut or
    /// an operating-system crash (and, with PostgreSQL, a crash of the database server).
    Normal,
}

impl SyncMode {
    /// `full` or `normal`.
    pub fn parse(text: &str) -> Option<SyncMode> {
        match text {
            "full" => Some(SyncMode::Full),
            "normal" => Some(SyncMode::Normal),
            _ => None,
        }
    }
}

/// How often SQLite's write-ahead log is copied into the database file (a checkpoint), off
/// the writer's path: left to SQLite, the commit that fills the log does it, and its moves wait
/// for two disk flushes.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// The log frames (pages, 4 KiB each: 1 GiB, PostgreSQL's default `max_wal_size`) after which
/// the checkpoint task stops the writer for a moment to copy the rest and empty the log. A
/// checkpoint beside a writer that never pauses never catches up, and SQLite starts the log
/// afresh only once it has: under a sustained load of moves the log would grow without end (2 GB
/// in a 30-second load test). With pauses in the writing (any real server) the log empties
/// itself.
const WAL_MAX_FRAMES: i64 = 262_144;

impl Db {
    /// Opens (creating an SQLite file if needed) and migrates the database at `url`, with
    /// commits flushed to disk ([`SyncMode::Full`]).
    pub async fn open(url: &str) -> Result<Db, DbError> {
        Db::open_with(url, SyncMode::Full).await
    }

    /// Opens and migrates the database at `url`, committing as `sync` says.
    pub async fn open_with(url: &str, sync: SyncMode) -> Result<Db, DbError> {
        sqlx::any::install_default_drivers();
        let postgres = url.starts_with("postgres://") || url.starts_with("postgresql://");
        let pool = if postgres {
            AnyPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(30))
                // A connection is checked when it fails, not with a round trip before each use.
                .test_before_acquire(false)
                .after_connect(move |conn, _| {
                    Box::pin(async move {
                        if sync == SyncMode::Normal {
                            sqlx::query("SET synchronous_commit = off")
                                .execute(&mut *conn)
                                .await?;
                        }
                        Ok(())
                    })
                })
                .connect(url)
                .await?
        } else if let Some(path) = url.strip_prefix("sqlite:") {
            let path = path.trim_start_matches("//");
            if path.is_empty() {
                return Err(DbError::Url(url.to_string()));
            }
            let url = if path.contains('?') {
                format!("sqlite://{path}")
            } else {
                format!("sqlite://{path}?mode=rwc")
            };
            let synchronous = match sync {
                SyncMode::Full => "PRAGMA synchronous = FULL",
                SyncMode::Normal => "PRAGMA synchronous = NORMAL",
            };
            let pool = AnyPoolOptions::new()
                .max_connections(8)
                .acquire_timeout(Duration::from_secs(30))
                .test_before_acquire(false)
                // WAL: readers never wait for the writer; FULL: a commit is on disk before the
                // move it holds is acknowledged (kill -9 and power loss alike); NORMAL: it is in
                // the log file, which a killed process does not lose. No automatic checkpoints:
                // a task runs them beside the writer (CHECKPOINT_EVERY).
                .after_connect(move |conn, _| {
                    Box::pin(async move {
                        for pragma in [
                            "PRAGMA busy_timeout = 10000",
                            synchronous,
                            "PRAGMA foreign_keys = ON",
                            "PRAGMA wal_autocheckpoint = 0",
                        ] {
                            sqlx::query(pragma).execute(&mut *conn).await?;
                        }
                        Ok(())
                    })
                })
                .connect(&url)
                .await?;
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await?;
            pool
        } else {
            return Err(DbError::Url(url.chars().take(80).collect()));
        };
        let migrator = Migrator::new(Embedded).await?;
        migrator.run(&pool).await?;
        let gate = Arc::new(tokio::sync::RwLock::new(()));
        if !postgres {
            // PASSIVE: copies what it can without waiting for (or stopping) the writer;
            // TRUNCATE, with the writer held at the gate, copies the rest and empties the log.
            // The task lives as long as the runtime (the server's life).
            let pool = pool.clone();
            let gate = gate.clone();
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(CHECKPOINT_EVERY).await;
                    if pool.is_closed() {
                        return;
                    }
                    let frames = match sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                        .fetch_one(&pool)
                        .await
                    {
                        Ok(row) => row.try_get::<i64, _>(1).unwrap_or(0),
                        Err(e) => {
                            tracing::warn!("checkpoint: {e}");
                            0
                        }
                    };
                    if frames > WAL_MAX_FRAMES {
                        let _alone = gate.write().await;
                        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                            .execute(&pool)
                            .await
                        {
                            tracing::warn!("checkpoint: {e}");
                        }
                    }
                }
            });
        }
        Ok(Db {
            pool,
            postgres,
            url: url.to_string(),
            gate,
        })
    }
}
