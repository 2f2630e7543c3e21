//! The archive's search: finished games by player, result and date, newest first. The query
//! is built from fixed pieces of SQL with every value bound as a parameter (`$1`...), never
//! spliced into the text.

use serde::Deserialize;

use super::super::auth;
use super::super::db::{Db, DbError, GAME_COLUMNS, GameRow};

/// Games shown per page.
pub const PAGE: i64 = 30;

/// What the archive form asks (every field optional; the form's names).
#[derive(Debug, Default, Clone, Deserialize)]
pub struct ArchiveQuery {
    /// A player's name (either colour).
    #[serde(default)]
    pub player: Option<String>,
    /// `1-0`, `0-1` or `1/2-1/2`; `win`/`loss` (for the player named); empty for any.
    #[serde(default)]
    pub result: Option<String>,
    /// From this day on (`YYYY-MM-DD`, UTC).
    #[serde(default)]
    pub from: Option<String>,
    /// Up to and including this day.
    #[serde(default)]
    pub to: Option<String>,
    /// The page, from 0.
    #[serde(default)]
    pub page: Option<i64>,
}

/// A value bound to the query.
#[derive(Debug, Clone, PartialEq)]
pub enum Bind {
    /// Text.
    Text(String),
    /// A number.
    Int(i64),
}

/// Unix milliseconds of the start of a `YYYY-MM-DD` day, UTC.
pub fn day_ms(day: &str) -> Option<i64> {
    let date: jiff::civil::Date = day.trim().parse().ok()?;
    // Days since 1970-01-01 (the proleptic Gregorian calendar, as in H. Hinnant's
    // days_from_civil).
    let (y, m, d) = (
        i64::from(date.year()),
        i64::from(date.month()),
        i64::from(date.day()),
    );
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400_000)
}

fn filled(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// The SQL and its parameters for a query (`LIMIT`/`OFFSET` bound too).
pub fn build(q: &ArchiveQuery) -> (String, Vec<Bind>) {
    let mut sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE status = 'over'");
    let mut binds = Vec::new();
    let param = |v: Bind, binds: &mut Vec<Bind>| {
        binds.push(v);
        format!("${}", binds.len())
    };
    let player = filled(&q.player).map(|p| auth::name_key(&p.chars().take(40).collect::<String>()));
    if let Some(key) = &player {
        let p = param(Bind::Text(key.clone()), &mut binds);
        sql.push_str(&format!(" AND (white = {p} OR black = {p})"));
    }
    match filled(&q.result) {
        Some(r @ ("1-0" | "0-1" | "1/2-1/2")) => {
            let p = param(Bind::Text(r.to_string()), &mut binds);
            sql.push_str(&format!(" AND result = {p}"));
        }
        Some(w @ ("win" | "loss")) if player.is_some() => {
            let key = player.clone().unwrap_or_default();
            let p = param(Bind::Text(key), &mut binds);
            let (white_wins, black_wins) = if w == "win" {
                ("1-0", "0-1")
            } else {
                ("0-1", "1-0")
            };
            sql.push_str(&format!(
                " AND ((white = {p} AND result = '{white_wins}') OR (black = {p} AND result = '{black_wins}'))"
            ));
        }
        _ => {}
    }
    if let Some(ms) = filled(&q.from).and_then(day_ms) {
        let p = param(Bind::Int(ms), &mut binds);
        sql.push_str(&format!(" AND created_ms >= {p}"));
    }
    if let Some(ms) = filled(&q.to).and_then(day_ms) {
        let p = param(Bind::Int(ms + 86_400_000), &mut binds);
        sql.push_str(&format!(" AND created_ms < {p}"));
    }
    let page = q.page.unwrap_or(0).clamp(0, 10_000);
    let limit = param(Bind::Int(PAGE + 1), &mut binds);
    let offset = param(Bind::Int(page * PAGE), &mut binds);
    sql.push_str(&format!(
        " ORDER BY created_ms DESC, id LIMIT {limit} OFFSET {offset}"
    ));
    (sql, binds)
}

/// The games of one page of a search, and whether there is a next page.
pub async fn search(db: &Db, q: &ArchiveQuery) -> Result<(Vec<(GameRow, i64)>, bool), DbError> {
    let (sql, binds) = build(q);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for b in binds {
        query = match b {
            Bind::Text(t) => query.bind(t),
            Bind::Int(i) => query.bind(i),
        };
    }
    let rows = query.fetch_all(&db.pool).await?;
    let mut games = Vec::new();
    for r in rows.iter().take(PAGE as usize) {
        let row = GameRow::from_row(r)?;
        let plies = db.ply_count(&row.id).await.unwrap_or(0);
        games.push((row, plies));
    }
    let more = rows.len() as i64 > PAGE;
    Ok((games, more))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_query_asks_for_finished_games_only() {
        let (sql, binds) = build(&ArchiveQuery::default());
        assert!(sql.contains("WHERE status = 'over' ORDER BY"));
        assert_eq!(binds, vec![Bind::Int(PAGE + 1), Bind::Int(0)]);
    }

    #[test]
    fn values_are_bound_never_spliced() {
        let evil = "x' OR '1'='1";
        let q = ArchiveQuery {
            player: Some(evil.to_string()),
            result: Some("1-0".to_string()),
            from: Some("2026-01-02".to_string()),
            to: Some("2026-01-02".to_string()),
            page: Some(2),
        };
        let (sql, binds) = build(&q);
        assert!(!sql.contains(evil) && !sql.contains("OR '1'"), "{sql}");
        assert!(sql.contains("(white = $1 OR black = $1)"), "{sql}");
        assert!(sql.contains("result = $2"));
        assert!(sql.contains("created_ms >= $3") && sql.contains("created_ms < $4"));
        assert!(sql.ends_with("LIMIT $5 OFFSET $6"));
        let day = day_ms("2026-01-02").unwrap();
        assert_eq!(
            binds,
            vec![
                Bind::Text(evil.to_lowercase()),
                Bind::Text("1-0".into()),
                Bind::Int(day),
                Bind::Int(day + 86_400_000),
                Bind::Int(PAGE + 1),
                Bind::Int(2 * PAGE),
            ]
        );
    }

    #[test]
    fn unknown_results_and_dates_are_ignored() {
        let q = ArchiveQuery {
            result: Some("'; DROP TABLE games; --".into()),
            from: Some("yesterday".into()),
            page: Some(-5),
            ..ArchiveQuery::default()
        };
        let (sql, binds) = build(&q);
        assert!(!sql.contains("DROP"));
        assert_eq!(binds, vec![Bind::Int(PAGE + 1), Bind::Int(0)]);
        // "win" needs a player.
        let (sql, _) = build(&ArchiveQuery {
            result: Some("win".into()),
            ..ArchiveQuery::default()
        });
        assert!(!sql.contains("result ="), "{sql}");
        assert_eq!(day_ms("1970-01-02"), Some(86_400_000));
        assert_eq!(day_ms("2000-03-01"), Some(951_868_800_000));
        assert_eq!(day_ms("2026-12-03"), Some(1_796_256_000_000));
    }
}
