//! The rows as the server reads them, and how a database row becomes one.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::super::rating::Glicko;

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
    pub(super) fn from_row(row: &AnyRow) -> Result<PlayerRow, sqlx::Error> {
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
    /// The tournament it belongs to, if any.
    pub tournament: Option<String>,
    /// An arena's game, where a side may go berserk: which did (White, Black). Not a column
    /// of `games`: the tournament's pairing keeps it, read back with the game
    /// ([`Db::arena_berserk`](super::Db::arena_berserk)); `None` for any other game.
    pub berserk: Option<[bool; 2]>,
}

pub(crate) const GAME_COLUMNS: &str = "id, variant, white, black, white_name, black_name, rated, base_ms, \
     inc_ms, days, speed, start_text, status, result, reason, created_ms, ended_ms, white_ms, \
     black_ms, last_ms, owner, tournament";

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
            tournament: row.try_get("tournament")?,
            berserk: None,
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
