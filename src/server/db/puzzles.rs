//! Puzzle ratings: the reads, and the one write (a player's finish of a puzzle), which the
//! writer task commits like a move, so a rating is durable before it is shown.

use sqlx::Row;

use super::super::rating::{self, Glicko};
use super::{Db, DbError};

/// Puzzles a player must have finished (counted) before their first attempts move a
/// puzzle's own rating: throw-away guests cannot push it around.
pub const PUZZLES_BEFORE_MOVING_ONE: i64 = 5;

/// A player's finish of a puzzle, as the writer commits it.
#[derive(Clone, Debug)]
pub struct PuzzleAttempt {
    /// The player's key.
    pub player: String,
    /// The puzzle's stable id (`Puzzle::id`).
    pub puzzle: String,
    /// The puzzle's rating as shipped, for a puzzle no attempt has moved yet.
    pub shipped: Glicko,
    /// Solved without a wrong move (else a loss).
    pub solved: bool,
    /// When.
    pub at_ms: i64,
}

/// A player's puzzle record.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PuzzlePlayer {
    /// The rating.
    pub glicko: Glicko,
    /// Puzzles finished (each counted once).
    pub played: i64,
}

fn glicko_of(row: &sqlx::any::AnyRow) -> Result<Glicko, sqlx::Error> {
    Ok(Glicko {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
    })
}

async fn player_in<'e, E>(ex: E, key: &str) -> Result<PuzzlePlayer, DbError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, played FROM puzzle_players WHERE player_key = $1",
    )
    .bind(key)
    .fetch_optional(ex)
    .await?;
    match row {
        Some(r) => Ok(PuzzlePlayer {
            glicko: glicko_of(&r)?,
            played: r.try_get("played")?,
        }),
        None => Ok(PuzzlePlayer::default()),
    }
}

async fn puzzle_in<'e, E>(ex: E, puzzle: &str) -> Result<Option<Glicko>, DbError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let row =
        sqlx::query("SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1")
            .bind(puzzle)
            .fetch_optional(ex)
            .await?;
    Ok(row.as_ref().map(glicko_of).transpose()?)
}

impl Db {
    /// A player's puzzle rating (the starting one before any puzzle).
    pub async fn puzzle_player(&self, key: &str) -> Result<PuzzlePlayer, DbError> {
        player_in(&self.pool, key).await
    }

    /// A puzzle's rating, once an attempt has moved it.
    pub async fn puzzle_rating(&self, puzzle: &str) -> Result<Option<Glicko>, DbError> {
        puzzle_in(&self.pool, puzzle).await
    }

    /// The puzzles a player has finished: id, and whether solved.
    pub async fn puzzle_attempts(&self, key: &str) -> Result<Vec<(String, bool)>, DbError> {
        let rows = sqlx::query(
            "SELECT puzzle, solved FROM puzzle_attempts WHERE player_key = $1 LIMIT 100000",
        )
        .bind(key)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("puzzle")?, r.try_get::<i64, _>("solved")? != 0)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(DbError::from)
    }

    /// Whether a player has finished a puzzle.
    pub async fn puzzle_done(&self, key: &str, puzzle: &str) -> Result<bool, DbError> {
        let row =
            sqlx::query("SELECT solved FROM puzzle_attempts WHERE player_key = $1 AND puzzle = $2")
                .bind(key)
                .bind(puzzle)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.is_some())
    }
}

/// Records a finish in the writer's transaction: the first finish of a puzzle by a player
/// moves the player's rating (and, once the player has finished
/// [`PUZZLES_BEFORE_MOVING_ONE`], the puzzle's); any later one changes nothing. Returns the
/// new ratings (player, puzzle) when it counted.
pub(super) async fn commit_attempt(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    a: &PuzzleAttempt,
) -> Result<Option<(Glicko, Glicko)>, DbError> {
    let first = sqlx::query(
        "INSERT INTO puzzle_attempts (player_key, puzzle, solved, at_ms) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (player_key, puzzle) DO NOTHING",
    )
    .bind(&a.player)
    .bind(&a.puzzle)
    .bind(i64::from(a.solved))
    .bind(a.at_ms)
    .execute(&mut **tx)
    .await?
    .rows_affected()
        == 1;
    if !first {
        return Ok(None);
    }
    let player = player_in(&mut **tx, &a.player).await?;
    let puzzle = puzzle_in(&mut **tx, &a.puzzle).await?.unwrap_or(a.shipped);
    let (p2, z2) = rating::update(player.glicko, puzzle, if a.solved { 1.0 } else { 0.0 });
    sqlx::query(
        "INSERT INTO puzzle_players (player_key, rating, deviation, volatility, played, solved) \
         VALUES ($1, $2, $3, $4, 1, $5) \
         ON CONFLICT (player_key) DO UPDATE SET rating = $2, deviation = $3, volatility = $4, \
         played = puzzle_players.played + 1, solved = puzzle_players.solved + $5",
    )
    .bind(&a.player)
    .bind(p2.rating)
    .bind(p2.deviation)
    .bind(p2.volatility)
    .bind(i64::from(a.solved))
    .execute(&mut **tx)
    .await?;
    if player.played < PUZZLES_BEFORE_MOVING_ONE {
        return Ok(Some((p2, puzzle)));
    }
    sqlx::query(
        "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, attempts) \
         VALUES ($1, $2, $3, $4, 1) \
         ON CONFLICT (puzzle) DO UPDATE SET rating = $2, deviation = $3, volatility = $4, \
         attempts = puzzle_ratings.attempts + 1",
    )
    .bind(&a.puzzle)
    .bind(z2.rating)
    .bind(z2.deviation)
    .bind(z2.volatility)
    .execute(&mut **tx)
    .await?;
    Ok(Some((p2, z2)))
}
