//! The engine jobs' table (PostgreSQL only: SQLite servers keep their jobs in memory): the
//! asker's insert, read and delete, the takers' claim (`FOR UPDATE SKIP LOCKED`), result and
//! give-back. Every statement is one round trip; no transaction is held across a search.

use sqlx::Row;

use super::{Db, DbError};

/// A job a taker claimed.
#[derive(Debug, Clone)]
pub struct TakenJob {
    /// Its id.
    pub id: String,
    /// `move`, `analysis` or `idle`.
    pub kind: String,
    /// What to search (JSON).
    pub payload: String,
}

/// A new job, as the asker inserts it.
#[derive(Debug, Clone)]
pub struct NewJob<'a> {
    /// Its id.
    pub id: &'a str,
    /// `move`, `analysis` or `idle`.
    pub kind: &'a str,
    /// What to search (JSON).
    pub payload: &'a str,
    /// Lower first.
    pub priority: i64,
    /// How long a taker holds it before another may take it again.
    pub lease_ms: i64,
    /// The asking instance (its rows are swept when it starts again).
    pub asked_by: &'a str,
}

impl Db {
    /// Queues a job.
    pub async fn insert_job(&self, job: &NewJob<'_>, now: i64) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO engine_jobs (id, kind, payload, priority, state, lease_ms, asked_by, \
             created_ms) VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7)",
        )
        .bind(job.id)
        .bind(job.kind)
        .bind(job.payload)
        .bind(job.priority)
        .bind(job.lease_ms)
        .bind(job.asked_by)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Takes the most urgent job nobody holds (queued, or taken under a lease that ran
    /// out) for `me`: lowest priority, then oldest. Rows another taker is claiming at the same
    /// moment are skipped, never waited for, and never taken twice.
    pub async fn claim_job(&self, me: &str, now: i64) -> Result<Option<TakenJob>, DbError> {
        let row = sqlx::query(
            "UPDATE engine_jobs SET state = 'taken', taken_by = $1, taken_ms = $2, \
             lease_until = $2 + lease_ms \
             WHERE id = (SELECT id FROM engine_jobs \
                 WHERE state = 'queued' OR (state = 'taken' AND lease_until < $2) \
                 ORDER BY priority, created_ms LIMIT 1 FOR UPDATE SKIP LOCKED) \
             RETURNING id, kind, payload",
        )
        .bind(me)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(TakenJob {
                id: r.try_get("id")?,
                kind: r.try_get("kind")?,
                payload: r.try_get("payload")?,
            })
        })
        .transpose()
    }

    /// Writes the result of a job `me` holds (`done`, or `failed` with the reason). `false`:
    /// it is not ours any more (cancelled, given back, or taken again after our lease).
    pub async fn finish_job(
        &self,
        id: &str,
        me: &str,
        ok: bool,
        result: &str,
        now: i64,
    ) -> Result<bool, DbError> {
        let done = sqlx::query(
            "UPDATE engine_jobs SET state = $3, result = $4, done_ms = $5, lease_until = NULL \
             WHERE id = $1 AND state = 'taken' AND taken_by = $2",
        )
        .bind(id)
        .bind(me)
        .bind(if ok { "done" } else { "failed" })
        .bind(result)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Writes the lines an analysis `me` holds has found so far. `false`: not ours any more.
    pub async fn job_progress(&self, id: &str, me: &str, lines: &str) -> Result<bool, DbError> {
        let done = sqlx::query(
            "UPDATE engine_jobs SET progress = $3 WHERE id = $1 AND state = 'taken' AND taken_by = $2",
        )
        .bind(id)
        .bind(me)
        .bind(lines)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The lines a job's taker has written so far, if any.
    pub async fn job_progress_of(&self, id: &str) -> Result<Option<String>, DbError> {
        let row = sqlx::query("SELECT progress FROM engine_jobs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => r.try_get("progress")?,
            None => None,
        })
    }

    /// A job's state and result, if the row is there.
    pub async fn job_result(&self, id: &str) -> Result<Option<(String, Option<String>)>, DbError> {
        let row = sqlx::query("SELECT state, result FROM engine_jobs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((r.try_get("state")?, r.try_get("result")?)))
            .transpose()
    }

    /// Removes a job: read, or no longer wanted (a taker that holds it finds it gone).
    pub async fn delete_job(&self, id: &str) -> Result<(), DbError> {
        sqlx::query("DELETE FROM engine_jobs WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Gives back every job `me` holds, for others to take at once (a taker stopping).
    pub async fn give_back_jobs(&self, me: &str) -> Result<u64, DbError> {
        let done = sqlx::query(
            "UPDATE engine_jobs SET state = 'queued', taken_by = NULL, lease_until = NULL \
             WHERE taken_by = $1 AND state = 'taken'",
        )
        .bind(me)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    /// Deletes every job `asker` asked for (it is stopping); their ids, for the takers
    /// searching one to be told.
    pub async fn withdraw_jobs(&self, asker: &str) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query("DELETE FROM engine_jobs WHERE asked_by = $1 RETURNING id")
            .bind(asker)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get("id").map_err(DbError::from))
            .collect()
    }

    /// Deletes the jobs nobody waits for any more: those `asker` left when it stopped (it is
    /// starting again), and any older than `before` (an asker that never came back).
    pub async fn sweep_jobs(&self, asker: &str, before: i64) -> Result<u64, DbError> {
        let done = sqlx::query("DELETE FROM engine_jobs WHERE asked_by = $1 OR created_ms < $2")
            .bind(asker)
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// Jobs waiting for a taker in the whole table (every instance's: queued, or held past
    /// their lease), by kind: (moves, analyses).
    pub async fn jobs_waiting(&self, now: i64) -> Result<(i64, i64), DbError> {
        let rows = sqlx::query(
            "SELECT kind, COUNT(*) AS n FROM engine_jobs \
             WHERE state = 'queued' OR (state = 'taken' AND lease_until < $1) GROUP BY kind",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        let (mut moves, mut analyses) = (0, 0);
        for r in rows {
            let kind: String = r.try_get("kind")?;
            let n: i64 = r.try_get("n")?;
            match kind.as_str() {
                "move" => moves += n,
                "analysis" => analyses += n,
                _ => {}
            }
        }
        Ok((moves, analyses))
    }
}
