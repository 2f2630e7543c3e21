//! Friends' invitations: made, read, taken once (a conditional update, so of two players
//! joining at once over any number of instances exactly one gets the seat), and pruned.

use sqlx::Row;

use super::{Db, DbError};

/// How long a seat being made may stay taken without a game before the invitation opens
/// again (the instance making the game died).
const MAKING_FOR_MS: i64 = 60_000;

/// One invitation as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InviteRow {
    /// The link's code.
    pub code: String,
    /// Its maker's key, name, and whether a guest.
    pub owner_key: String,
    /// The maker's name.
    pub owner_name: String,
    /// Whether the maker is a guest.
    pub owner_guest: bool,
    /// The variant's stored name.
    pub variant: String,
    /// The clock (`300+3`), or `None` for correspondence.
    pub tc: Option<String>,
    /// Correspondence days per move.
    pub days: Option<i64>,
    /// Rated or casual.
    pub rated: bool,
    /// The maker's colour (`white`, `black`), or `None` for random.
    pub color: Option<String>,
    /// When it was made (Unix milliseconds).
    pub created_ms: i64,
    /// `None` while open, `Some("")` while its game is being made, then the game's id.
    pub game: Option<String>,
}

const COLUMNS: &str = "code, owner_key, owner_name, owner_guest, variant, tc, days, rated, \
                       color, created_ms, game";

fn from_row(r: &sqlx::any::AnyRow) -> Result<InviteRow, sqlx::Error> {
    Ok(InviteRow {
        code: r.try_get("code")?,
        owner_key: r.try_get("owner_key")?,
        owner_name: r.try_get("owner_name")?,
        owner_guest: r.try_get::<i64, _>("owner_guest")? != 0,
        variant: r.try_get("variant")?,
        tc: r.try_get("tc")?,
        days: r.try_get("days")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        color: r.try_get("color")?,
        created_ms: r.try_get("created_ms")?,
        game: r.try_get("game")?,
    })
}

impl Db {
    /// Stores a new invitation.
    pub async fn insert_invite(&self, i: &InviteRow) -> Result<(), DbError> {
        let sql = format!(
            "INSERT INTO invites ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
        );
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(&i.code)
            .bind(&i.owner_key)
            .bind(&i.owner_name)
            .bind(i64::from(i.owner_guest))
            .bind(&i.variant)
            .bind(&i.tc)
            .bind(i.days)
            .bind(i64::from(i.rated))
            .bind(&i.color)
            .bind(i.created_ms)
            .bind(&i.game)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The invitation with this code.
    pub async fn invite(&self, code: &str) -> Result<Option<InviteRow>, DbError> {
        let sql = format!("SELECT {COLUMNS} FROM invites WHERE code = $1");
        let row = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(from_row).transpose()?)
    }

    /// How many invitations of `owner` are open and were made after `since`; and how many
    /// invitations are stored in all.
    pub async fn invite_counts(&self, owner: &str, since: i64) -> Result<(i64, i64), DbError> {
        let open: i64 = sqlx::query(
            "SELECT COUNT(*) FROM invites WHERE owner_key = $1 AND game IS NULL \
             AND created_ms > $2",
        )
        .bind(owner)
        .bind(since)
        .fetch_one(&self.pool)
        .await?
        .try_get(0)?;
        let all: i64 = sqlx::query("SELECT COUNT(*) FROM invites")
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        Ok((open, all))
    }

    /// Takes the seat of an open invitation made after `since` (or one whose game has been
    /// "being made" for a minute: its instance died): `true` for the one caller that got it.
    pub async fn take_invite(&self, code: &str, since: i64, now: i64) -> Result<bool, DbError> {
        let res = sqlx::query(
            "UPDATE invites SET game = '', taken_ms = $3 WHERE code = $1 AND created_ms > $2 \
             AND (game IS NULL OR (game = '' AND taken_ms < $4))",
        )
        .bind(code)
        .bind(since)
        .bind(now)
        .bind(now - MAKING_FOR_MS)
        .execute(&self.pool)
        .await?;
        Ok(res.rows_affected() == 1)
    }

    /// Records the game made from a taken invitation, or (`None`) opens its seat again.
    pub async fn set_invite_game(&self, code: &str, game: Option<&str>) -> Result<(), DbError> {
        sqlx::query("UPDATE invites SET game = $2 WHERE code = $1")
            .bind(code)
            .bind(game.map(str::to_owned))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Forgets the invitations made before `before`.
    pub async fn prune_invites(&self, before: i64) -> Result<u64, DbError> {
        let res = sqlx::query("DELETE FROM invites WHERE created_ms < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(res.rows_affected())
    }
}
