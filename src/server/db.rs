//! The database: SQLite (embedded default) or PostgreSQL, through one sqlx `Any` pool and the
//! same SQL for both (`$1` parameters, `BIGINT`/`TEXT`/`DOUBLE PRECISION` columns, every value
//! bound, never spliced into the text). Every write of a game goes through one writer task
//! ([`Writer`]), which commits whatever has queued up in a single transaction (group commit)
//! and only then answers: a move is acknowledged once durable, and a busy server pays one
//! commit for many moves.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use futures_util::future::BoxFuture;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Row, SqlSafeStr};
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

use super::rating::{self, Glicko};

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

/// The schema, oldest first. Never edit one that has shipped: add the next.
const MIGRATIONS: &[(i64, &str, &str)] = &[
    (1, "initial", include_str!("migrations/0001_initial.sql")),
    (2, "owner", include_str!("migrations/0002_owner.sql")),
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

/// Milliseconds since the Unix epoch (what the database stores for times).
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
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
    gate: Arc<tokio::sync::RwLock<()>>,
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
                            eprintln!("checkpoint: {e}");
                            0
                        }
                    };
                    if frames > WAL_MAX_FRAMES {
                        let _alone = gate.write().await;
                        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                            .execute(&pool)
                            .await
                        {
                            eprintln!("checkpoint: {e}");
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

/// A player as stored.
#[derive(Clone, Debug)]
pub struct PlayerRow {
    /// The lower-case name: the key.
    pub key: String,
    /// The name as written.
    pub name: String,
    /// A guest (no password).
    pub guest: bool,
    /// The Argon2id hash (PHC string), for accounts.
    pub password: Option<String>,
    /// When it was created.
    pub created_ms: i64,
}

impl PlayerRow {
    fn from_row(row: &AnyRow) -> Result<PlayerRow, sqlx::Error> {
        Ok(PlayerRow {
            key: row.try_get("key")?,
            name: row.try_get("name")?,
            guest: row.try_get::<i64, _>("guest")? != 0,
            password: row.try_get("password")?,
            created_ms: row.try_get("created_ms")?,
        })
    }
}

/// A game's row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Id.
    pub id: String,
    /// Variant name.
    pub variant: String,
    /// White's key and name.
    pub white: (String, String),
    /// Black's key and name.
    pub black: (String, String),
    /// Rated.
    pub rated: bool,
    /// Live clock: base and increment in ms.
    pub tc_ms: Option<(i64, i64)>,
    /// Correspondence days per move.
    pub days: Option<i64>,
    /// Speed name.
    pub speed: String,
    /// Starting position text.
    pub start: String,
    /// `started`, `over`, `aborted`.
    pub status: String,
    /// Result text.
    pub result: Option<String>,
    /// Why it ended.
    pub reason: Option<String>,
    /// Created.
    pub created_ms: i64,
    /// Ended.
    pub ended_ms: Option<i64>,
    /// Clocks as of the last write, ms (live games).
    pub clocks_ms: Option<(i64, i64)>,
    /// When the last move was made (or the game created).
    pub last_ms: i64,
    /// The instance that plays it.
    pub owner: String,
}

pub(crate) const GAME_COLUMNS: &str = "id, variant, white, black, white_name, black_name, rated, base_ms, \
     inc_ms, days, speed, start_text, status, result, reason, created_ms, ended_ms, white_ms, \
     black_ms, last_ms, owner";

impl GameRow {
    pub(crate) fn from_row(row: &AnyRow) -> Result<GameRow, sqlx::Error> {
        let base: Option<i64> = row.try_get("base_ms")?;
        let inc: Option<i64> = row.try_get("inc_ms")?;
        let w: Option<i64> = row.try_get("white_ms")?;
        let b: Option<i64> = row.try_get("black_ms")?;
        Ok(GameRow {
            id: row.try_get("id")?,
            variant: row.try_get("variant")?,
            white: (row.try_get("white")?, row.try_get("white_name")?),
            black: (row.try_get("black")?, row.try_get("black_name")?),
            rated: row.try_get::<i64, _>("rated")? != 0,
            tc_ms: base.zip(inc),
            days: row.try_get("days")?,
            speed: row.try_get("speed")?,
            start: row.try_get("start_text")?,
            status: row.try_get("status")?,
            result: row.try_get("result")?,
            reason: row.try_get("reason")?,
            created_ms: row.try_get("created_ms")?,
            ended_ms: row.try_get("ended_ms")?,
            clocks_ms: w.zip(b),
            last_ms: row.try_get("last_ms")?,
            owner: row.try_get("owner")?,
        })
    }
}

/// A stored move.
#[derive(Clone, Debug)]
pub struct MoveRow {
    /// Bare move.
    pub mv: String,
    /// The mover's clock after it (live games), ms.
    pub clock_ms: Option<i64>,
    /// When it was played.
    pub at_ms: i64,
}

/// A rating row.
#[derive(Clone, Debug)]
pub struct RatingRow {
    /// Variant.
    pub variant: String,
    /// Speed.
    pub speed: String,
    /// The rating.
    pub glicko: Glicko,
    /// Rated games.
    pub games: i64,
}

/// A point of a rating history.
#[derive(Clone, Debug, serde::Serialize)]
pub struct HistoryPoint {
    /// Variant.
    pub variant: String,
    /// Speed.
    pub speed: String,
    /// The game that changed it.
    pub game: String,
    /// The rating after it.
    pub rating: i32,
    /// When.
    pub at: i64,
}

impl Db {
    /// The player with this key.
    pub async fn player(&self, key: &str) -> Result<Option<PlayerRow>, DbError> {
        let row = sqlx::query(
            "SELECT key, name, guest, password, created_ms FROM players WHERE key = $1",
        )
        .bind(key)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(PlayerRow::from_row).transpose()?)
    }

    /// Creates a player; `false` when the name is taken.
    pub async fn create_player(&self, p: &PlayerRow) -> Result<bool, DbError> {
        let res = sqlx::query(
            "INSERT INTO players (key, name, guest, password, created_ms) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (key) DO NOTHING",
        )
        .bind(&p.key)
        .bind(&p.name)
        .bind(i64::from(p.guest))
        .bind(&p.password)
        .bind(p.created_ms)
        .execute(&self.pool)
        .await?;
        Ok(res.rows_affected() == 1)
    }

    /// Stores a session (the token's hash).
    pub async fn create_session(&self, token_hash: &str, key: &str) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO sessions (token_hash, player_key, created_ms) VALUES ($1, $2, $3)",
        )
        .bind(token_hash)
        .bind(key)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The player of a session.
    pub async fn session(&self, token_hash: &str) -> Result<Option<PlayerRow>, DbError> {
        let row = sqlx::query(
            "SELECT p.key, p.name, p.guest, p.password, p.created_ms FROM sessions s \
             JOIN players p ON p.key = s.player_key WHERE s.token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(PlayerRow::from_row).transpose()?)
    }

    /// A game's row.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, DbError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        let row = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(GameRow::from_row).transpose()?)
    }

    /// A game's moves in order.
    pub async fn moves(&self, id: &str) -> Result<Vec<MoveRow>, DbError> {
        let rows =
            sqlx::query("SELECT mv, clock_ms, at_ms FROM moves WHERE game_id = $1 ORDER BY ply")
                .bind(id)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| {
                Ok(MoveRow {
                    mv: r.try_get("mv")?,
                    clock_ms: r.try_get("clock_ms")?,
                    at_ms: r.try_get("at_ms")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(DbError::from)
    }

    /// The unfinished games an instance plays (to bring back at start-up).
    pub async fn unfinished(&self, owner: &str) -> Result<Vec<GameRow>, DbError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'started' AND owner = $1 ORDER BY created_ms"
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(owner)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(GameRow::from_row)
            .collect::<Result<_, _>>()?)
    }

    /// A player's games, newest first.
    pub async fn player_games(&self, key: &str, limit: i64) -> Result<Vec<GameRow>, DbError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE white = $1 OR black = $1 \
             ORDER BY created_ms DESC LIMIT $2"
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(key)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(GameRow::from_row)
            .collect::<Result<_, _>>()?)
    }

    /// Every game id, oldest first (for `export`).
    pub async fn all_game_ids(&self) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query("SELECT id FROM games ORDER BY created_ms, id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, _>>()?)
    }

    /// Half-moves played in a game.
    pub async fn ply_count(&self, id: &str) -> Result<i64, DbError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM moves WHERE game_id = $1")
            .bind(id)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get("n")?)
    }

    /// A player's ratings.
    pub async fn ratings(&self, key: &str) -> Result<Vec<RatingRow>, DbError> {
        let rows = sqlx::query(
            "SELECT variant, speed, rating, deviation, volatility, games FROM ratings \
             WHERE player_key = $1 ORDER BY variant, speed",
        )
        .bind(key)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RatingRow {
                    variant: r.try_get("variant")?,
                    speed: r.try_get("speed")?,
                    glicko: Glicko {
                        rating: r.try_get("rating")?,
                        deviation: r.try_get("deviation")?,
                        volatility: r.try_get("volatility")?,
                    },
                    games: r.try_get("games")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(DbError::from)
    }

    /// One rating (the starting one when there is none yet).
    pub async fn rating(&self, key: &str, variant: &str, speed: &str) -> Result<Glicko, DbError> {
        rating_in(&self.pool, key, variant, speed).await
    }

    /// A player's rating history, oldest first.
    pub async fn history(&self, key: &str) -> Result<Vec<HistoryPoint>, DbError> {
        let rows = sqlx::query(
            "SELECT variant, speed, game_id, rating, at_ms FROM rating_history \
             WHERE player_key = $1 ORDER BY at_ms LIMIT 1000",
        )
        .bind(key)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(HistoryPoint {
                    variant: r.try_get("variant")?,
                    speed: r.try_get("speed")?,
                    game: r.try_get("game_id")?,
                    rating: r.try_get::<f64, _>("rating")?.round() as i32,
                    at: r.try_get("at_ms")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(DbError::from)
    }
}

async fn rating_in<'e, E>(ex: E, key: &str, variant: &str, speed: &str) -> Result<Glicko, DbError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let row = sqlx::query(
        "SELECT rating, deviation, volatility FROM ratings \
         WHERE player_key = $1 AND variant = $2 AND speed = $3",
    )
    .bind(key)
    .bind(variant)
    .bind(speed)
    .fetch_optional(ex)
    .await?;
    match row {
        Some(r) => Ok(Glicko {
            rating: r.try_get("rating")?,
            deviation: r.try_get("deviation")?,
            volatility: r.try_get("volatility")?,
        }),
        None => Ok(Glicko::default()),
    }
}

/// One write of a game, in the order the game made it.
#[derive(Clone, Debug)]
pub enum Write {
    /// A new game.
    Game(Box<GameRow>),
    /// A move and the clocks after it.
    Move {
        /// Game id.
        game: String,
        /// Its half-move number.
        ply: i64,
        /// Bare move.
        mv: String,
        /// The mover's clock after it.
        clock_ms: Option<i64>,
        /// When.
        at_ms: i64,
        /// Both clocks after it.
        clocks_ms: Option<(i64, i64)>,
    },
    /// Moves from `from_ply` on were taken back.
    Takeback {
        /// Game id.
        game: String,
        /// First half-move removed.
        from_ply: i64,
        /// Both clocks after it.
        clocks_ms: Option<(i64, i64)>,
        /// When.
        at_ms: i64,
    },
    /// The game ended (or was aborted: `status` says).
    End {
        /// Game id.
        game: String,
        /// `over` or `aborted`.
        status: &'static str,
        /// Result text.
        result: String,
        /// Why.
        reason: String,
        /// Clocks at the end.
        clocks_ms: Option<(i64, i64)>,
        /// For a rated game: who played (keys), the variant, the speed, and White's score.
        rated: Option<RatedEnd>,
    },
}

/// What a rated game's end needs to update ratings.
#[derive(Clone, Debug)]
pub struct RatedEnd {
    /// White's key.
    pub white: String,
    /// Black's key.
    pub black: String,
    /// Variant.
    pub variant: String,
    /// Speed.
    pub speed: String,
    /// 1, 0.5 or 0 for White.
    pub white_score: f64,
}

/// The writer's answer: for a rated end, the new ratings (White, Black).
pub type WriteDone = Result<Option<(Glicko, Glicko)>, String>;

struct Job {
    write: Write,
    done: oneshot::Sender<WriteDone>,
}

/// The handle of the writer task.
#[derive(Clone, Debug)]
pub struct Writer {
    tx: mpsc::Sender<Job>,
}

/// How many writes one transaction takes at most.
const BATCH: usize = 512;

impl Writer {
    /// Starts the writer task on `db`.
    pub fn start(db: Db) -> Writer {
        let (tx, mut rx) = mpsc::channel::<Job>(8192);
        tokio::spawn(async move {
            let mut jobs = Vec::with_capacity(BATCH);
            while let Some(job) = rx.recv().await {
                jobs.push(job);
                while jobs.len() < BATCH {
                    match rx.try_recv() {
                        Ok(job) => jobs.push(job),
                        Err(_) => break,
                    }
                }
                let writes: Vec<&Write> = jobs.iter().map(|j| &j.write).collect();
                match commit(&db, &writes).await {
                    Ok(ratings) => {
                        for (job, r) in jobs.drain(..).zip(ratings) {
                            let _ = job.done.send(Ok(r));
                        }
                    }
                    Err(_) if jobs.len() > 1 => {
                        // One bad write must not fail the others: each on its own.
                        for job in jobs.drain(..) {
                            let r = commit(&db, &[&job.write]).await;
                            let _ = job.done.send(match r {
                                Ok(mut v) => Ok(v.pop().flatten()),
                                Err(e) => Err(e.to_string()),
                            });
                        }
                    }
                    Err(e) => {
                        let msg = e.to_string();
                        for job in jobs.drain(..) {
                            let _ = job.done.send(Err(msg.clone()));
                        }
                    }
                }
            }
        });
        Writer { tx }
    }

    /// Queues a write and waits until it is committed.
    pub async fn write(&self, write: Write) -> WriteDone {
        let (done, rx) = oneshot::channel();
        self.tx
            .send(Job { write, done })
            .await
            .map_err(|_| DbError::WriterGone.to_string())?;
        rx.await.map_err(|_| DbError::WriterGone.to_string())?
    }
}

/// Records both clocks as they stood at `at_ms` (after a move or a takeback).
async fn set_clocks(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: &str,
    clocks_ms: Option<(i64, i64)>,
    at_ms: i64,
) -> Result<(), DbError> {
    sqlx::query("UPDATE games SET white_ms = $2, black_ms = $3, last_ms = $4 WHERE id = $1")
        .bind(game)
        .bind(clocks_ms.map(|c| c.0))
        .bind(clocks_ms.map(|c| c.1))
        .bind(at_ms)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Moves written by one statement at most (5 parameters each; SQLite allows 32,766 and
/// PostgreSQL 65,535 in a statement).
const MOVES_PER_STATEMENT: usize = 256;

/// The moves of a batch, a few statements for all of them: each statement is a round trip to
/// SQLite's worker thread (or to PostgreSQL), and two of them per move were most of the
/// server's time under load. A batch holds at most one write per game (a game's task waits for
/// each of its writes), so the moves may go before the batch's other writes.
async fn commit_moves(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    postgres: bool,
    moves: &[&Write],
) -> Result<(), DbError> {
    if postgres {
        return commit_moves_pg(tx, moves).await;
    }
    // SQLite's parameters are nameless `?`s, numbered in order: sqlx asks SQLite for the name
    // of every parameter it binds, which SQLite finds by a linear search of the statement's
    // named (`$N`, `?N`) ones: quadratic in a statement of a thousand parameters (the tightest
    // loop in a profile of the database thread under load). PostgreSQL wants `$N`.
    for chunk in moves.chunks(MOVES_PER_STATEMENT) {
        let rows = |width: usize| {
            (0..chunk.len())
                .map(|i| {
                    let params: Vec<String> = (1..=width)
                        .map(|k| {
                            if postgres {
                                format!("${}", i * width + k)
                            } else {
                                "?".to_string()
                            }
                        })
                        .collect();
                    format!("({})", params.join(", "))
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let insert = format!(
            "INSERT INTO moves (game_id, ply, mv, clock_ms, at_ms) VALUES {}",
            rows(5)
        );
        // VALUES names its columns column1, column2, ... in SQLite and PostgreSQL alike.
        let update = format!(
            "UPDATE games SET white_ms = v.column2, black_ms = v.column3, last_ms = v.column4 \
             FROM (VALUES {}) AS v WHERE games.id = v.column1",
            rows(4)
        );
        let mut insert = sqlx::query(sqlx::AssertSqlSafe(insert)).persistent(false);
        let mut update = sqlx::query(sqlx::AssertSqlSafe(update)).persistent(false);
        for w in chunk {
            if let Write::Move {
                game,
                ply,
                mv,
                clock_ms,
                at_ms,
                clocks_ms,
            } = w
            {
                insert = insert
                    .bind(game.clone())
                    .bind(*ply)
                    .bind(mv.clone())
                    .bind(*clock_ms)
                    .bind(*at_ms);
                update = update
                    .bind(game.clone())
                    .bind(clocks_ms.map(|c| c.0))
                    .bind(clocks_ms.map(|c| c.1))
                    .bind(*at_ms);
            }
        }
        insert.execute(&mut **tx).await?;
        update.execute(&mut **tx).await?;
    }
    Ok(())
}

/// A move as [`commit_moves_pg`] sends it (short keys: a batch is one JSON text).
#[derive(serde::Serialize)]
struct MoveJson<'a> {
    g: &'a str,
    p: i64,
    m: &'a str,
    c: Option<i64>,
    a: i64,
    w: Option<i64>,
    b: Option<i64>,
}

/// PostgreSQL: the batch's moves as one JSON parameter that the server unpacks
/// (`json_to_recordset`), so the statement has fixed text, prepared once per connection,
/// instead of statements of a thousand parameters parsed and planned for every batch.
async fn commit_moves_pg(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    moves: &[&Write],
) -> Result<(), DbError> {
    let rows: Vec<MoveJson<'_>> = moves
        .iter()
        .filter_map(|w| match w {
            Write::Move {
                game,
                ply,
                mv,
                clock_ms,
                at_ms,
                clocks_ms,
            } => Some(MoveJson {
                g: game,
                p: *ply,
                m: mv,
                c: *clock_ms,
                a: *at_ms,
                w: clocks_ms.map(|c| c.0),
                b: clocks_ms.map(|c| c.1),
            }),
            _ => None,
        })
        .collect();
    if rows.is_empty() {
        return Ok(());
    }
    let json = serde_json::to_string(&rows).map_err(|e| DbError::Corrupt(e.to_string()))?;
    // One statement (a round trip fewer per batch): the insert as a data-modifying `WITH`.
    sqlx::query(
        "WITH x AS (SELECT * FROM json_to_recordset($1::json) \
         AS r(g TEXT, p BIGINT, m TEXT, c BIGINT, a BIGINT, w BIGINT, b BIGINT)), \
         i AS (INSERT INTO moves (game_id, ply, mv, clock_ms, at_ms) \
         SELECT x.g, x.p, x.m, x.c, x.a FROM x) \
         UPDATE games SET white_ms = x.w, black_ms = x.b, last_ms = x.a \
         FROM x WHERE games.id = x.g",
    )
    .bind(&json)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Writes a batch in one transaction.
async fn commit(db: &Db, writes: &[&Write]) -> Result<Vec<Option<(Glicko, Glicko)>>, DbError> {
    let _gate = db.gate.read().await;
    let mut tx = db.pool.begin().await?;
    let mut out = Vec::with_capacity(writes.len());
    let moves: Vec<&Write> = writes
        .iter()
        .copied()
        .filter(|w| matches!(w, Write::Move { .. }))
        .collect();
    commit_moves(&mut tx, db.postgres, &moves).await?;
    for w in writes {
        let mut rated = None;
        match w {
            Write::Game(g) => {
                let sql = format!(
                    "INSERT INTO games ({GAME_COLUMNS}) VALUES \
                     ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)"
                );
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .bind(&g.id)
                    .bind(&g.variant)
                    .bind(&g.white.0)
                    .bind(&g.black.0)
                    .bind(&g.white.1)
                    .bind(&g.black.1)
                    .bind(i64::from(g.rated))
                    .bind(g.tc_ms.map(|t| t.0))
                    .bind(g.tc_ms.map(|t| t.1))
                    .bind(g.days)
                    .bind(&g.speed)
                    .bind(&g.start)
                    .bind(&g.status)
                    .bind(&g.result)
                    .bind(&g.reason)
                    .bind(g.created_ms)
                    .bind(g.ended_ms)
                    .bind(g.clocks_ms.map(|c| c.0))
                    .bind(g.clocks_ms.map(|c| c.1))
                    .bind(g.last_ms)
                    .bind(&g.owner)
                    .execute(&mut *tx)
                    .await?;
            }
            // Written above, all together.
            Write::Move { .. } => {}
            Write::Takeback {
                game,
                from_ply,
                clocks_ms,
                at_ms,
            } => {
                sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                    .bind(game)
                    .bind(*from_ply)
                    .execute(&mut *tx)
                    .await?;
                set_clocks(&mut tx, game, *clocks_ms, *at_ms).await?;
            }
            Write::End {
                game,
                status,
                result,
                reason,
                clocks_ms,
                rated: r,
            } => {
                let now = now_ms();
                sqlx::query(
                    "UPDATE games SET status = $2, result = $3, reason = $4, ended_ms = $5, \
                     white_ms = $6, black_ms = $7 WHERE id = $1",
                )
                .bind(game)
                .bind(*status)
                .bind(result)
                .bind(reason)
                .bind(now)
                .bind(clocks_ms.map(|c| c.0))
                .bind(clocks_ms.map(|c| c.1))
                .execute(&mut *tx)
                .await?;
                if let Some(r) = r {
                    let w = rating_in(&mut *tx, &r.white, &r.variant, &r.speed).await?;
                    let b = rating_in(&mut *tx, &r.black, &r.variant, &r.speed).await?;
                    let (w2, b2) = rating::update(w, b, r.white_score);
                    for (key, new) in [(&r.white, w2), (&r.black, b2)] {
                        sqlx::query(
                            "INSERT INTO ratings (player_key, variant, speed, rating, deviation, volatility, games) \
                             VALUES ($1, $2, $3, $4, $5, $6, 1) \
                             ON CONFLICT (player_key, variant, speed) DO UPDATE SET \
                             rating = $4, deviation = $5, volatility = $6, games = ratings.games + 1",
                        )
                        .bind(key)
                        .bind(&r.variant)
                        .bind(&r.speed)
                        .bind(new.rating)
                        .bind(new.deviation)
                        .bind(new.volatility)
                        .execute(&mut *tx)
                        .await?;
                        sqlx::query(
                            "INSERT INTO rating_history (player_key, variant, speed, game_id, rating, at_ms) \
                             VALUES ($1, $2, $3, $4, $5, $6)",
                        )
                        .bind(key)
                        .bind(&r.variant)
                        .bind(&r.speed)
                        .bind(game)
                        .bind(new.rating)
                        .bind(now)
                        .execute(&mut *tx)
                        .await?;
                    }
                    rated = Some((w2, b2));
                }
            }
        }
        out.push(rated);
    }
    tx.commit().await?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_row(id: &str) -> GameRow {
        GameRow {
            id: id.to_string(),
            variant: "Parachess".to_string(),
            white: ("w".to_string(), "W".to_string()),
            black: ("b".to_string(), "B".to_string()),
            rated: false,
            tc_ms: Some((60_000, 0)),
            days: None,
            speed: "bullet".to_string(),
            start: "start".to_string(),
            status: "started".to_string(),
            result: None,
            reason: None,
            created_ms: 1,
            ended_ms: None,
            clocks_ms: Some((60_000, 60_000)),
            last_ms: 1,
            owner: "main".to_string(),
        }
    }

    /// One batch with a move in each of more games than one statement takes (and a
    /// correspondence game without clocks): every move is stored, every game's clocks and time
    /// of last move are its own.
    #[tokio::test]
    async fn a_batch_of_moves_in_many_games() {
        let dir = std::env::temp_dir().join(format!("parachess-db-batch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = Db::open(&format!("sqlite:{}", dir.join("t.sqlite").display()))
            .await
            .unwrap();
        let n = MOVES_PER_STATEMENT + 7;
        let ids: Vec<String> = (0..n).map(|i| format!("g{i}")).collect();
        let games: Vec<Write> = ids
            .iter()
            .map(|id| Write::Game(Box::new(game_row(id))))
            .collect();
        commit(&db, &games.iter().collect::<Vec<_>>())
            .await
            .unwrap();
        let moves: Vec<Write> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| Write::Move {
                game: id.clone(),
                ply: 0,
                mv: format!("m{i}"),
                clock_ms: Some(1000 + i as i64),
                at_ms: 10 + i as i64,
                clocks_ms: (i != 3).then_some((1000 + i as i64, 2000 + i as i64)),
            })
            .collect();
        commit(&db, &moves.iter().collect::<Vec<_>>())
            .await
            .unwrap();
        for (i, id) in ids.iter().enumerate() {
            let stored = db.moves(id).await.unwrap();
            assert_eq!(stored.len(), 1, "{id}");
            assert_eq!(stored[0].mv, format!("m{i}"));
            assert_eq!(stored[0].clock_ms, Some(1000 + i as i64));
            let row = db.game(id).await.unwrap().unwrap();
            assert_eq!(row.last_ms, 10 + i as i64);
            let clocks = (i != 3).then_some((1000 + i as i64, 2000 + i as i64));
            assert_eq!(row.clocks_ms, clocks, "{id}");
        }
        // A batch with a move that breaks a rule fails as a whole (the writer then commits
        // each write on its own).
        let again = [Write::Move {
            game: ids[0].clone(),
            ply: 0,
            mv: "dup".to_string(),
            clock_ms: None,
            at_ms: 99,
            clocks_ms: None,
        }];
        assert!(
            commit(&db, &again.iter().collect::<Vec<_>>())
                .await
                .is_err()
        );
        assert_eq!(db.moves(&ids[0]).await.unwrap()[0].mv, "m0");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
