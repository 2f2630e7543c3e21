//! The writer task: every write of a game, committed in batches (group commit) before it is
//! acknowledged.

use std::time::Instant;

use prometheus_client::metrics::histogram::Histogram;
use tokio::sync::{mpsc, oneshot};

use super::super::metrics::Metrics;
use super::super::rating::{self, Glicko};
use super::puzzles::{self, PuzzleAttempt};
use super::queries::rating_in;
use super::rows::GAME_COLUMNS;
use super::{Db, DbError, GameRow, now_ms};

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
    /// A side of an arena game went berserk: its pairing says so (for the score) and the
    /// game's clocks lost the time.
    Berserk {
        /// Game id.
        game: String,
        /// White went berserk (else Black).
        white: bool,
        /// Both clocks after it.
        clocks_ms: Option<(i64, i64)>,
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
    /// A lesson stage completed: its stars are kept when they beat the player's best.
    LessonStars {
        /// The player's key (a guest's too).
        player: String,
        /// The lesson's id (`03-rook`).
        lesson: String,
        /// The stage, from 0.
        stage: i64,
        /// 1 to 3.
        stars: i64,
    },
    /// A guest's lesson stars brought to the account it registered or signed in as.
    LessonAdopt {
        /// The guest's key.
        from: String,
        /// The account's key.
        to: String,
    },
    /// A player finished a puzzle; answered with the new ratings (player, puzzle) when it
    /// was the player's first finish of it.
    Puzzle(Box<PuzzleAttempt>),
    /// A finished game's computer analysis: asked for, done or failed.
    Analysis {
        /// Game id.
        game: String,
        /// `pending`, `done` or `failed`.
        status: &'static str,
        /// Who asked (player key).
        by: String,
        /// The result (JSON), once done.
        data: Option<String>,
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

/// The writer's answer: for a rated end, the new ratings (White, Black); for a puzzle's
/// first finish, the player's and the puzzle's.
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
    /// Starts the writer task on `db`, recording each transaction's time in `commit_time`.
    pub fn start(db: Db, commit_time: Histogram) -> Writer {
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
                let began = Instant::now();
                let committed = commit(&db, &writes).await;
                Metrics::observe(&commit_time, began.elapsed());
                match committed {
                    Ok(ratings) => {
                        for (job, r) in jobs.drain(..).zip(ratings) {
                            let _ = job.done.send(Ok(r));
                        }
                    }
                    Err(_) if jobs.len() > 1 => {
                        // One bad write must not fail the others: each on its own.
                        for job in jobs.drain(..) {
                            let began = Instant::now();
                            let r = commit(&db, &[&job.write]).await;
                            Metrics::observe(&commit_time, began.elapsed());
                            if let Err(e) = &r {
                                tracing::error!("database: a write failed: {e}");
                            }
                            let _ = job.done.send(match r {
                                Ok(mut v) => Ok(v.pop().flatten()),
                                Err(e) => Err(e.to_string()),
                            });
                        }
                    }
                    Err(e) => {
                        let msg = e.to_string();
                        tracing::error!("database: a write failed: {msg}");
                        for job in jobs.drain(..) {
                            let _ = job.done.send(Err(msg.clone()));
                        }
                    }
                }
            }
        });
        Writer { tx }
    }

    /// Writes queued and not yet taken into a transaction.
    pub fn queued(&self) -> usize {
        self.tx.max_capacity() - self.tx.capacity()
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
                     ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)"
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
                    .bind(&g.tournament)
                    .execute(&mut *tx)
                    .await?;
            }
            // Written above, all together.
            Write::Move { .. } => {}
            Write::LessonStars {
                player,
                lesson,
                stage,
                stars,
            } => {
                sqlx::query(
                    "INSERT INTO lesson_progress (player_key, lesson, stage, stars, at_ms) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (player_key, lesson, stage) DO UPDATE \
                     SET stars = CASE WHEN excluded.stars > lesson_progress.stars \
                     THEN excluded.stars ELSE lesson_progress.stars END, at_ms = excluded.at_ms",
                )
                .bind(player)
                .bind(lesson)
                .bind(*stage)
                .bind(*stars)
                .bind(now_ms())
                .execute(&mut *tx)
                .await?;
            }
            Write::LessonAdopt { from, to } => {
                // The SELECT's WHERE keeps SQLite from reading ON CONFLICT as a join's.
                sqlx::query(
                    "INSERT INTO lesson_progress (player_key, lesson, stage, stars, at_ms) \
                     SELECT $2, lesson, stage, stars, at_ms FROM lesson_progress \
                     WHERE player_key = $1 ON CONFLICT (player_key, lesson, stage) DO UPDATE \
                     SET stars = CASE WHEN excluded.stars > lesson_progress.stars \
                     THEN excluded.stars ELSE lesson_progress.stars END",
                )
                .bind(from)
                .bind(to)
                .execute(&mut *tx)
                .await?;
            }
            Write::Puzzle(a) => rated = puzzles::commit_attempt(&mut tx, a).await?,
            Write::Analysis {
                game,
                status,
                by,
                data,
            } => {
                sqlx::query(
                    "INSERT INTO analyses (game_id, status, requested_by, requested_ms, data) \
                     VALUES ($1, $2, $3, $4, $5) \
                     ON CONFLICT (game_id) DO UPDATE SET status = $2, data = $5",
                )
                .bind(game)
                .bind(*status)
                .bind(by)
                .bind(now_ms())
                .bind(data)
                .execute(&mut *tx)
                .await?;
            }
            Write::Berserk {
                game,
                white,
                clocks_ms,
            } => {
                let sql = if *white {
                    "UPDATE tournament_pairings SET white_berserk = 1 WHERE game_id = $1 AND result IS NULL"
                } else {
                    "UPDATE tournament_pairings SET black_berserk = 1 WHERE game_id = $1 AND result IS NULL"
                };
                sqlx::query(sql).bind(game).execute(&mut *tx).await?;
                sqlx::query("UPDATE games SET white_ms = $2, black_ms = $3 WHERE id = $1")
                    .bind(game)
                    .bind(clocks_ms.map(|c| c.0))
                    .bind(clocks_ms.map(|c| c.1))
                    .execute(&mut *tx)
                    .await?;
            }
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
            tournament: None,
            berserk: None,
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
