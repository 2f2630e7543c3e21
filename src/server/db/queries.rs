//! The reads (and the few writes outside a game: players and sessions).

use sqlx::Row;

use super::super::rating::Glicko;
use super::rows::GAME_COLUMNS;
use super::{Db, DbError, GameRow, HistoryPoint, MoveRow, PlayerRow, RatingRow, now_ms};

impl Db {
    /// A game's computer analysis: its status and, once done, its result (JSON).
    pub async fn analysis(&self, game: &str) -> Result<Option<(String, Option<String>)>, DbError> {
        let row = sqlx::query("SELECT status, data FROM analyses WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((r.try_get("status")?, r.try_get("data")?)))
            .transpose()
    }

    /// The games whose analysis was asked for and not finished (a stopped server's), oldest
    /// request first.
    pub async fn pending_analyses(&self) -> Result<Vec<(String, String)>, DbError> {
        let rows = sqlx::query(
            "SELECT game_id, requested_by FROM analyses WHERE status = 'pending' \
             ORDER BY requested_ms",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("game_id")?, r.try_get("requested_by")?)))
            .collect()
    }

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

    /// A player's best stars per lesson stage: (lesson id, stage from 0, stars).
    pub async fn lesson_stars(&self, key: &str) -> Result<Vec<(String, i64, i64)>, DbError> {
        let rows = sqlx::query(
            "SELECT lesson, stage, stars FROM lesson_progress WHERE player_key = $1 \
             ORDER BY lesson, stage",
        )
        .bind(key)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .collect()
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

pub(super) async fn rating_in<'e, E>(
    ex: E,
    key: &str,
    variant: &str,
    speed: &str,
) -> Result<Glicko, DbError>
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
