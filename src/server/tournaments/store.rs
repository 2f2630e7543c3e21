//! Tournaments in the database (migration 0003): the event, who entered, every pairing with
//! its result. Standings are derived from the pairings, never stored, so nothing counts twice.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::super::db::{Db, DbError};
use super::Outcome;

/// Arena or Swiss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// lichess's arena: a duration, pairing on demand.
    Arena,
    /// Rounds paired by the Dutch system.
    Swiss,
}

impl Kind {
    /// As stored and in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Arena => "arena",
            Kind::Swiss => "swiss",
        }
    }

    /// From its stored name.
    pub fn parse(s: &str) -> Option<Kind> {
        match s {
            "arena" => Some(Kind::Arena),
            "swiss" => Some(Kind::Swiss),
            _ => None,
        }
    }
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Announced, open to join, not started.
    Created,
    /// Under way.
    Running,
    /// Over: the result is kept for good.
    Finished,
}

impl Status {
    /// As stored and in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Created => "created",
            Status::Running => "running",
            Status::Finished => "finished",
        }
    }

    /// From its stored name.
    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "created" => Some(Status::Created),
            "running" => Some(Status::Running),
            "finished" => Some(Status::Finished),
            _ => None,
        }
    }
}

/// A tournament's row.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    /// Id (random, as games').
    pub id: String,
    /// Arena or Swiss.
    pub kind: Kind,
    /// Its name as shown.
    pub name: String,
    /// The variant's name.
    pub variant: String,
    /// Rated games (else casual).
    pub rated: bool,
    /// Live clock: base and increment in ms.
    pub tc_ms: Option<(i64, i64)>,
    /// Correspondence: days per move.
    pub days: Option<i64>,
    /// A Swiss's number of rounds.
    pub rounds: Option<i64>,
    /// An arena's length in ms.
    pub length_ms: Option<i64>,
    /// Where it stands.
    pub status: Status,
    /// The account that made it; `None` for the operator's schedule.
    pub creator: Option<String>,
    /// When it starts (ms since the epoch).
    pub starts_ms: i64,
    /// When it ends (an arena: start + length; a Swiss: once over).
    pub ends_ms: Option<i64>,
    /// The last round paired (Swiss); 0 before the first.
    pub round: i64,
    /// The instance that runs it.
    pub owner: String,
    /// When it was made.
    pub created_ms: i64,
    /// A Swiss with rounds at set times: the time between two rounds' starts, in ms.
    pub round_every_ms: Option<i64>,
    /// A Swiss with rounds at set times: when the next round may start (written with the
    /// round before it).
    pub next_round_ms: Option<i64>,
    /// When the owner's lease runs out (Unix ms): after it, another instance may take the
    /// tournament over.
    pub lease_ms: Option<i64>,
}

const COLUMNS: &str = "id, kind, name, variant, rated, base_ms, inc_ms, days, rounds, length_ms, \
     status, creator, starts_ms, ends_ms, round, owner, created_ms, round_every_ms, next_round_ms, \
     lease_ms";

fn corrupt(what: &str, value: &str) -> DbError {
    DbError::Corrupt(format!("tournament {what} {value:?}"))
}

impl TournamentRow {
    fn from_row(row: &AnyRow) -> Result<TournamentRow, DbError> {
        let kind: String = row.try_get("kind")?;
        let status: String = row.try_get("status")?;
        let base: Option<i64> = row.try_get("base_ms")?;
        let inc: Option<i64> = row.try_get("inc_ms")?;
        Ok(TournamentRow {
            id: row.try_get("id")?,
            kind: Kind::parse(&kind).ok_or_else(|| corrupt("kind", &kind))?,
            name: row.try_get("name")?,
            variant: row.try_get("variant")?,
            rated: row.try_get::<i64, _>("rated")? != 0,
            tc_ms: base.zip(inc),
            days: row.try_get("days")?,
            rounds: row.try_get("rounds")?,
            length_ms: row.try_get("length_ms")?,
            status: Status::parse(&status).ok_or_else(|| corrupt("status", &status))?,
            creator: row.try_get("creator")?,
            starts_ms: row.try_get("starts_ms")?,
            ends_ms: row.try_get("ends_ms")?,
            round: row.try_get("round")?,
            owner: row.try_get("owner")?,
            created_ms: row.try_get("created_ms")?,
            round_every_ms: row.try_get("round_every_ms")?,
            next_round_ms: row.try_get("next_round_ms")?,
            lease_ms: row.try_get("lease_ms")?,
        })
    }
}

/// One entrant.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryRow {
    /// The player's key.
    pub key: String,
    /// The name as written.
    pub name: String,
    /// The rating at entry.
    pub rating: f64,
    /// When they joined (a late joiner's missed rounds count zero).
    pub joined_ms: i64,
    /// Withdrawn (paired no more; the games played still count).
    pub withdrawn: bool,
}

/// One pairing: a game, or a Swiss bye (`black` is `None`).
#[derive(Clone, Debug, PartialEq)]
pub struct PairingRow {
    /// Swiss round (1, 2, ...); 0 in an arena.
    pub round: i64,
    /// Board in the round; an arena counts its games up.
    pub board: i64,
    /// White's key (the bye's receiver).
    pub white: String,
    /// Black's key; `None` for a bye.
    pub black: Option<String>,
    /// The game; `None` for a bye.
    pub game_id: Option<String>,
    /// `None` while it is played.
    pub result: Option<Outcome>,
    /// White went berserk.
    pub white_berserk: bool,
    /// Black went berserk.
    pub black_berserk: bool,
    /// Half-moves played, once over.
    pub plies: Option<i64>,
    /// When it was paired.
    pub start_ms: i64,
    /// When it ended.
    pub end_ms: Option<i64>,
}

fn outcome(text: &str) -> Option<Outcome> {
    match text {
        "1-0" => Some(Outcome::WhiteWins),
        "0-1" => Some(Outcome::BlackWins),
        "1/2-1/2" => Some(Outcome::Draw),
        _ => None,
    }
}

impl PairingRow {
    fn from_row(row: &AnyRow) -> Result<PairingRow, DbError> {
        let result: Option<String> = row.try_get("result")?;
        let result = match result {
            Some(text) => Some(outcome(&text).ok_or_else(|| corrupt("result", &text))?),
            None => None,
        };
        Ok(PairingRow {
            round: row.try_get("round")?,
            board: row.try_get("board")?,
            white: row.try_get("white")?,
            black: row.try_get("black")?,
            game_id: row.try_get("game_id")?,
            result,
            white_berserk: row.try_get::<i64, _>("white_berserk")? != 0,
            black_berserk: row.try_get::<i64, _>("black_berserk")? != 0,
            plies: row.try_get("plies")?,
            start_ms: row.try_get("start_ms")?,
            end_ms: row.try_get("end_ms")?,
        })
    }
}

impl Db {
    /// Stores a new tournament.
    pub async fn create_tournament(&self, t: &TournamentRow) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO tournaments (id, kind, name, variant, rated, base_ms, inc_ms, days, rounds, \
             length_ms, status, creator, starts_ms, ends_ms, round, owner, created_ms, \
             round_every_ms, next_round_ms, lease_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
             $18, $19, $20)",
        )
        .bind(&t.id)
        .bind(t.kind.as_str())
        .bind(&t.name)
        .bind(&t.variant)
        .bind(i64::from(t.rated))
        .bind(t.tc_ms.map(|(b, _)| b))
        .bind(t.tc_ms.map(|(_, i)| i))
        .bind(t.days)
        .bind(t.rounds)
        .bind(t.length_ms)
        .bind(t.status.as_str())
        .bind(&t.creator)
        .bind(t.starts_ms)
        .bind(t.ends_ms)
        .bind(t.round)
        .bind(&t.owner)
        .bind(t.created_ms)
        .bind(t.round_every_ms)
        .bind(t.next_round_ms)
        .bind(t.lease_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A tournament's row.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, DbError> {
        let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
        let row = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(TournamentRow::from_row).transpose()
    }

    /// The tournaments not finished: all of them (`owner` `None`, the lobby's list, soonest
    /// first) or one instance's (what it runs, and brings back after a restart).
    pub async fn open_tournaments(
        &self,
        owner: Option<&str>,
    ) -> Result<Vec<TournamentRow>, DbError> {
        let rows = match owner {
            Some(owner) => {
                let sql = format!(
                    "SELECT {COLUMNS} FROM tournaments WHERE status <> 'finished' AND owner = $1 \
                     ORDER BY starts_ms, id LIMIT 200"
                );
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .bind(owner)
                    .fetch_all(&self.pool)
                    .await?
            }
            None => {
                let sql = format!(
                    "SELECT {COLUMNS} FROM tournaments WHERE status <> 'finished' ORDER BY starts_ms, id LIMIT 200"
                );
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        rows.iter().map(TournamentRow::from_row).collect()
    }

    /// The owner renews its lease on a tournament; `false` when it is no longer the owner
    /// (another instance took it over while this one was away).
    pub async fn renew_tournament_lease(
        &self,
        id: &str,
        owner: &str,
        until_ms: i64,
    ) -> Result<bool, DbError> {
        let res = sqlx::query("UPDATE tournaments SET lease_ms = $3 WHERE id = $1 AND owner = $2")
            .bind(id)
            .bind(owner)
            .bind(until_ms)
            .execute(&self.pool)
            .await?;
        Ok(res.rows_affected() == 1)
    }

    /// Takes a tournament over from `from`, whose lease ran out before `now_ms`; `false` if
    /// it did not (renewed meanwhile, or another instance was first).
    pub async fn take_tournament(
        &self,
        id: &str,
        from: &str,
        to: &str,
        now_ms: i64,
        until_ms: i64,
    ) -> Result<bool, DbError> {
        let res = sqlx::query(
            "UPDATE tournaments SET owner = $3, lease_ms = $5 \
             WHERE id = $1 AND owner = $2 AND status <> 'finished' AND COALESCE(lease_ms, 0) < $4",
        )
        .bind(id)
        .bind(from)
        .bind(to)
        .bind(now_ms)
        .bind(until_ms)
        .execute(&self.pool)
        .await?;
        Ok(res.rows_affected() == 1)
    }

    /// How many tournaments `creator` made since `since_ms` (the per-day limit).
    pub async fn tournaments_made_since(
        &self,
        creator: &str,
        since_ms: i64,
    ) -> Result<i64, DbError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM tournaments WHERE creator = $1 AND created_ms >= $2",
        )
        .bind(creator)
        .bind(since_ms)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get("n")?)
    }

    /// Whether the operator's schedule already made a tournament of this name at this time.
    pub async fn scheduled_exists(&self, name: &str, starts_ms: i64) -> Result<bool, DbError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM tournaments WHERE creator IS NULL AND name = $1 AND starts_ms = $2",
        )
        .bind(name)
        .bind(starts_ms)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>("n")? > 0)
    }

    /// Sets the status (and the end time, once known).
    pub async fn set_tournament_status(
        &self,
        id: &str,
        status: Status,
        ends_ms: Option<i64>,
    ) -> Result<(), DbError> {
        sqlx::query(
            "UPDATE tournaments SET status = $2, ends_ms = COALESCE($3, ends_ms) WHERE id = $1",
        )
        .bind(id)
        .bind(status.as_str())
        .bind(ends_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Enters a player (again, after a withdrawal); `false` if already in.
    pub async fn join_tournament(
        &self,
        id: &str,
        key: &str,
        name: &str,
        rating: f64,
        now_ms: i64,
    ) -> Result<bool, DbError> {
        let back = sqlx::query(
            "UPDATE tournament_players SET withdrawn = 0 WHERE tournament_id = $1 AND player_key = $2 AND withdrawn <> 0",
        )
        .bind(id)
        .bind(key)
        .execute(&self.pool)
        .await?;
        if back.rows_affected() == 1 {
            return Ok(true);
        }
        let new = sqlx::query(
            "INSERT INTO tournament_players (tournament_id, player_key, name, rating, joined_ms, withdrawn) \
             VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (tournament_id, player_key) DO NOTHING",
        )
        .bind(id)
        .bind(key)
        .bind(name)
        .bind(rating)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(new.rows_affected() == 1)
    }

    /// Withdraws a player; `false` if not in (or out already).
    pub async fn withdraw_from_tournament(&self, id: &str, key: &str) -> Result<bool, DbError> {
        let res = sqlx::query(
            "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = $1 AND player_key = $2 AND withdrawn = 0",
        )
        .bind(id)
        .bind(key)
        .execute(&self.pool)
        .await?;
        Ok(res.rows_affected() == 1)
    }

    /// Everyone who entered, in order of entry.
    pub async fn tournament_entries(&self, id: &str) -> Result<Vec<EntryRow>, DbError> {
        let rows = sqlx::query(
            "SELECT player_key, name, rating, joined_ms, withdrawn FROM tournament_players \
             WHERE tournament_id = $1 ORDER BY joined_ms, player_key",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(EntryRow {
                    key: r.try_get("player_key")?,
                    name: r.try_get("name")?,
                    rating: r.try_get("rating")?,
                    joined_ms: r.try_get("joined_ms")?,
                    withdrawn: r.try_get::<i64, _>("withdrawn")? != 0,
                })
            })
            .collect()
    }

    /// Marks entrants of a tournament as connected to some instance now (each instance other
    /// than the owner does this for the players connected to it).
    pub async fn mark_seen(&self, id: &str, keys: &[&str], now_ms: i64) -> Result<(), DbError> {
        for key in keys {
            sqlx::query(
                "UPDATE tournament_players SET seen_ms = $3 WHERE tournament_id = $1 AND player_key = $2",
            )
            .bind(id)
            .bind(*key)
            .bind(now_ms)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }

    /// The entrants marked connected to another instance since `since_ms`.
    pub async fn seen_since(&self, id: &str, since_ms: i64) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query(
            "SELECT player_key FROM tournament_players WHERE tournament_id = $1 AND seen_ms >= $2",
        )
        .bind(id)
        .bind(since_ms)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get("player_key").map_err(DbError::from))
            .collect()
    }

    /// Every pairing, by round and board.
    pub async fn tournament_pairings(&self, id: &str) -> Result<Vec<PairingRow>, DbError> {
        let rows = sqlx::query(
            "SELECT round, board, white, black, game_id, result, white_berserk, black_berserk, plies, \
             start_ms, end_ms FROM tournament_pairings WHERE tournament_id = $1 ORDER BY round, board",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(PairingRow::from_row).collect()
    }

    /// Stores new pairings in one transaction. A Swiss round also moves the tournament's
    /// round from `round - 1` to `round`, and nothing is written if it is no longer there
    /// (the round was paired already: returns `false`). An arena's pairings (round 0) need
    /// boards not yet taken, or nothing is written either.
    pub async fn add_pairings(
        &self,
        id: &str,
        round: i64,
        pairings: &[PairingRow],
        next_round_ms: Option<i64>,
    ) -> Result<bool, DbError> {
        let mut tx = self.pool.begin().await?;
        if round > 0 {
            let moved = sqlx::query(
                "UPDATE tournaments SET round = $2, next_round_ms = $4 WHERE id = $1 AND round = $3",
            )
            .bind(id)
            .bind(round)
            .bind(round - 1)
            .bind(next_round_ms)
            .execute(&mut *tx)
            .await?;
            if moved.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(false);
            }
        }
        for p in pairings {
            let res = sqlx::query(
                "INSERT INTO tournament_pairings (tournament_id, round, board, white, black, game_id, result, \
                 white_berserk, black_berserk, plies, start_ms, end_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
                 ON CONFLICT (tournament_id, round, board) DO NOTHING",
            )
            .bind(id)
            .bind(p.round)
            .bind(p.board)
            .bind(&p.white)
            .bind(&p.black)
            .bind(&p.game_id)
            .bind(p.result.map(Outcome::as_str))
            .bind(i64::from(p.white_berserk))
            .bind(i64::from(p.black_berserk))
            .bind(p.plies)
            .bind(p.start_ms)
            .bind(p.end_ms)
            .execute(&mut *tx)
            .await?;
            if res.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(false);
            }
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Marks a side of a tournament game berserk; `false` if it was already or is no such side.
    pub async fn set_berserk(&self, game_id: &str, white: bool) -> Result<bool, DbError> {
        let sql = if white {
            "UPDATE tournament_pairings SET white_berserk = 1 WHERE game_id = $1 AND white_berserk = 0 AND result IS NULL"
        } else {
            "UPDATE tournament_pairings SET black_berserk = 1 WHERE game_id = $1 AND black_berserk = 0 AND result IS NULL"
        };
        let res = sqlx::query(sql).bind(game_id).execute(&self.pool).await?;
        Ok(res.rows_affected() == 1)
    }

    /// An arena game's berserk sides (White, Black); `None` for a game of no arena.
    pub async fn arena_berserk(&self, game_id: &str) -> Result<Option<[bool; 2]>, DbError> {
        let row = sqlx::query(
            "SELECT p.white_berserk, p.black_berserk FROM tournament_pairings p \
             JOIN tournaments t ON t.id = p.tournament_id \
             WHERE p.game_id = $1 AND t.kind = 'arena'",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok([
                r.try_get::<i64, _>("white_berserk")? != 0,
                r.try_get::<i64, _>("black_berserk")? != 0,
            ])
        })
        .transpose()
        .map_err(|e: sqlx::Error| e.into())
    }

    /// Records a tournament game's result once: `false` if it had one already (a restart
    /// that sees the end again scores nothing twice).
    pub async fn set_pairing_result(
        &self,
        game_id: &str,
        result: Outcome,
        plies: i64,
        end_ms: i64,
    ) -> Result<bool, DbError> {
        let res = sqlx::query(
            "UPDATE tournament_pairings SET result = $2, plies = $3, end_ms = $4 WHERE game_id = $1 AND result IS NULL",
        )
        .bind(game_id)
        .bind(result.as_str())
        .bind(plies)
        .bind(end_ms)
        .execute(&self.pool)
        .await?;
        Ok(res.rows_affected() == 1)
    }

    /// The tournaments a player entered, newest first (the player's page).
    pub async fn player_tournaments(
        &self,
        key: &str,
        limit: i64,
    ) -> Result<Vec<TournamentRow>, DbError> {
        let cols: String = COLUMNS
            .split(", ")
            .map(|c| format!("t.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT {cols} FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id \
             WHERE p.player_key = $1 ORDER BY t.starts_ms DESC, t.id LIMIT $2"
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(key)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(TournamentRow::from_row).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swiss(id: &str) -> TournamentRow {
        TournamentRow {
            id: id.to_string(),
            kind: Kind::Swiss,
            name: "Saturday Swiss".to_string(),
            variant: "parachess".to_string(),
            rated: false,
            tc_ms: Some((30_000, 0)),
            days: None,
            rounds: Some(3),
            length_ms: None,
            status: Status::Created,
            creator: Some("ann".to_string()),
            starts_ms: 1_000,
            ends_ms: None,
            round: 0,
            owner: "main".to_string(),
            created_ms: 500,
            round_every_ms: Some(86_400_000),
            next_round_ms: None,
            lease_ms: Some(2_000),
        }
    }

    fn board(
        round: i64,
        board: i64,
        white: &str,
        black: Option<&str>,
        game: Option<&str>,
    ) -> PairingRow {
        PairingRow {
            round,
            board,
            white: white.to_string(),
            black: black.map(str::to_string),
            game_id: game.map(str::to_string),
            result: None,
            white_berserk: false,
            black_berserk: false,
            plies: None,
            start_ms: 2_000,
            end_ms: None,
        }
    }

    /// A tournament's life on SQLite: entries, a round paired once only, a result recorded
    /// once only, the lists.
    #[tokio::test]
    async fn a_round_is_paired_and_scored_once() {
        let dir = std::env::temp_dir().join(format!("parachess-tourney-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = Db::open(&format!("sqlite:{}", dir.join("t.sqlite").display()))
            .await
            .unwrap();
        let t = swiss("t1");
        db.create_tournament(&t).await.unwrap();
        assert_eq!(db.tournament("t1").await.unwrap(), Some(t.clone()));
        assert_eq!(db.tournament("nope").await.unwrap(), None);

        assert!(
            db.join_tournament("t1", "ann", "Ann", 1500.0, 10)
                .await
                .unwrap()
        );
        assert!(
            !db.join_tournament("t1", "ann", "Ann", 1500.0, 11)
                .await
                .unwrap()
        );
        assert!(
            db.join_tournament("t1", "bob", "Bob", 1600.0, 12)
                .await
                .unwrap()
        );
        assert!(
            db.join_tournament("t1", "cy", "Cy", 1400.0, 13)
                .await
                .unwrap()
        );
        assert!(db.withdraw_from_tournament("t1", "cy").await.unwrap());
        assert!(!db.withdraw_from_tournament("t1", "cy").await.unwrap());
        assert!(
            db.join_tournament("t1", "cy", "Cy", 1400.0, 14)
                .await
                .unwrap()
        );
        let entries = db.tournament_entries("t1").await.unwrap();
        assert_eq!(
            entries.iter().map(|e| e.key.as_str()).collect::<Vec<_>>(),
            ["ann", "bob", "cy"]
        );
        assert!(entries.iter().all(|e| !e.withdrawn));
        assert_eq!(entries[2].joined_ms, 13);

        let round1 = [
            board(1, 1, "bob", Some("ann"), Some("g1")),
            board(1, 2, "cy", None, None),
        ];
        assert!(
            db.add_pairings("t1", 1, &round1, Some(86_401_000))
                .await
                .unwrap()
        );
        // The same round again (a restart that paired it already): nothing is written.
        assert!(!db.add_pairings("t1", 1, &round1, Some(5)).await.unwrap());
        let t = db.tournament("t1").await.unwrap().unwrap();
        assert_eq!(t.round, 1);
        assert_eq!(
            (t.round_every_ms, t.next_round_ms),
            (Some(86_400_000), Some(86_401_000)),
            "the next round's time is kept with the round"
        );
        assert_eq!(db.tournament_pairings("t1").await.unwrap(), round1.to_vec());

        assert!(db.set_berserk("g1", false).await.unwrap());
        assert!(!db.set_berserk("g1", false).await.unwrap());
        assert!(
            db.set_pairing_result("g1", Outcome::BlackWins, 31, 9_000)
                .await
                .unwrap()
        );
        assert!(
            !db.set_pairing_result("g1", Outcome::WhiteWins, 40, 9_500)
                .await
                .unwrap()
        );
        let stored = db.tournament_pairings("t1").await.unwrap();
        assert_eq!(stored[0].result, Some(Outcome::BlackWins));
        assert_eq!(
            (stored[0].plies, stored[0].end_ms, stored[0].black_berserk),
            (Some(31), Some(9_000), true)
        );

        assert_eq!(db.open_tournaments(None).await.unwrap().len(), 1);
        assert_eq!(db.open_tournaments(Some("main")).await.unwrap().len(), 1);
        assert!(db.open_tournaments(Some("other")).await.unwrap().is_empty());
        assert_eq!(db.tournaments_made_since("ann", 0).await.unwrap(), 1);
        assert_eq!(db.tournaments_made_since("ann", 501).await.unwrap(), 0);
        db.set_tournament_status("t1", Status::Finished, Some(10_000))
            .await
            .unwrap();
        assert!(db.open_tournaments(None).await.unwrap().is_empty());
        let mine = db.player_tournaments("bob", 10).await.unwrap();
        assert_eq!(
            (mine.len(), mine[0].status, mine[0].ends_ms),
            (1, Status::Finished, Some(10_000))
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The lease: renewed by its owner only; taken over once run out, by one instance only;
    /// the old owner's renewal refused after. Entrants marked seen by another instance.
    #[tokio::test]
    async fn a_lease_is_renewed_by_its_owner_and_taken_over_once() {
        let dir = std::env::temp_dir().join(format!("parachess-lease-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = Db::open(&format!("sqlite:{}", dir.join("t.sqlite").display()))
            .await
            .unwrap();
        db.create_tournament(&swiss("t1")).await.unwrap();
        // Lease until 2 000 (owner "main").
        assert!(!db.renew_tournament_lease("t1", "two", 9_000).await.unwrap());
        assert!(
            !db.take_tournament("t1", "main", "two", 1_500, 9_000)
                .await
                .unwrap(),
            "not run out"
        );
        assert!(
            db.renew_tournament_lease("t1", "main", 3_000)
                .await
                .unwrap()
        );
        assert!(
            db.take_tournament("t1", "main", "two", 3_500, 9_000)
                .await
                .unwrap()
        );
        assert!(
            !db.take_tournament("t1", "main", "three", 3_500, 9_000)
                .await
                .unwrap(),
            "once"
        );
        assert!(
            !db.renew_tournament_lease("t1", "main", 4_000)
                .await
                .unwrap(),
            "not main's now"
        );
        let t = db.tournament("t1").await.unwrap().unwrap();
        assert_eq!((t.owner.as_str(), t.lease_ms), ("two", Some(9_000)));

        assert!(
            db.join_tournament("t1", "ann", "Ann", 1500.0, 1)
                .await
                .unwrap()
        );
        assert!(
            db.join_tournament("t1", "bob", "Bob", 1500.0, 1)
                .await
                .unwrap()
        );
        db.mark_seen("t1", &["ann"], 5_000).await.unwrap();
        assert_eq!(db.seen_since("t1", 4_000).await.unwrap(), ["ann"]);
        assert!(db.seen_since("t1", 5_001).await.unwrap().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
