//! What the instances of one site share beyond their games: leases on the work one of them
//! does for all (the showcase game), and the games being played on any of them (the lobby's
//! list, and whether anybody plays).

use super::rows::GAME_COLUMNS;
use super::{Db, DbError, GameRow};

impl Db {
    /// Takes or renews lease `name` for `me` until `until` (Unix ms): `true` when `me` holds it
    /// now (it was free, ran out before `now`, or was `me`'s already).
    pub async fn take_site_lease(
        &self,
        name: &str,
        me: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, DbError> {
        let done = sqlx::query(
            "INSERT INTO site_leases (name, owner, until_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until_ms = excluded.until_ms \
             WHERE site_leases.owner = excluded.owner OR site_leases.until_ms < $4",
        )
        .bind(name)
        .bind(me)
        .bind(until)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives lease `name` up, if `me` holds it (stopping): another instance takes it at once.
    pub async fn drop_site_lease(&self, name: &str, me: &str) -> Result<(), DbError> {
        sqlx::query("DELETE FROM site_leases WHERE name = $1 AND owner = $2")
            .bind(name)
            .bind(me)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Games started on the other instances and moved since `since` (Unix ms), newest move
    /// first, at most `limit`.
    pub async fn played_elsewhere(
        &self,
        me: &str,
        since: i64,
        limit: i64,
    ) -> Result<Vec<GameRow>, DbError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'started' AND owner <> $1 \
             AND last_ms >= $2 ORDER BY last_ms DESC LIMIT $3"
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(me)
            .bind(since)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(GameRow::from_row)
            .collect::<Result<_, _>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lease is held by one instance at a time, renewed by it, taken over once run out, and
    /// free at once when given up.
    #[tokio::test]
    async fn a_site_lease_has_one_holder() {
        let dir = std::env::temp_dir().join(format!("parachess-site-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = Db::open(&format!("sqlite:{}", dir.join("db.sqlite").display()))
            .await
            .unwrap();
        assert!(
            db.take_site_lease("showcase", "one", 0, 1_000)
                .await
                .unwrap()
        );
        assert!(
            !db.take_site_lease("showcase", "two", 500, 1_500)
                .await
                .unwrap()
        );
        assert!(
            db.take_site_lease("showcase", "one", 900, 1_900)
                .await
                .unwrap()
        );
        assert!(
            !db.take_site_lease("showcase", "two", 1_800, 2_800)
                .await
                .unwrap()
        );
        assert!(
            db.take_site_lease("showcase", "two", 2_000, 3_000)
                .await
                .unwrap()
        );
        assert!(
            !db.take_site_lease("showcase", "one", 2_100, 3_100)
                .await
                .unwrap()
        );
        db.drop_site_lease("showcase", "one").await.unwrap();
        assert!(
            !db.take_site_lease("showcase", "one", 2_200, 3_200)
                .await
                .unwrap()
        );
        db.drop_site_lease("showcase", "two").await.unwrap();
        assert!(
            db.take_site_lease("showcase", "one", 2_300, 3_300)
                .await
                .unwrap()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
