//! The operator's schedule (`--schedule FILE`): recurring tournaments in a TOML file, times in
//! UTC, read at start-up (a bad entry stops the server with its line). The server keeps the
//! next occurrence of each entry announced, so the lobby shows it with its countdown.
//!
//! ```toml
//! [[tournament]]
//! name = "Saturday Arena"
//! kind = "arena"
//! tc = "300+3"
//! minutes = 60
//! every = "saturday"      # "day", a weekday, or "first sunday" (of the month)
//! at = "18:00"
//!
//! [[tournament]]
//! name = "Knights and Archers Swiss"
//! kind = "swiss"
//! variant = "knights-and-archers"
//! tc = "900+10"
//! rounds = 5
//! every = "first sunday"
//! at = "18:00"
//!
//! [[tournament]]
//! name = "Weekly correspondence Swiss"
//! kind = "swiss"
//! days = 3
//! rounds = 4
//! round_every = "7d"      # a round each week (s, m, h or d); else when the last one ends
//! every = "monday"
//! at = "12:00"
//! ```

use std::sync::Arc;
use std::time::Duration;

use jiff::civil::{Date, Time, Weekday};
use serde::Deserialize;
use thiserror::Error;
use toml::Spanned;

use super::super::db::now_ms;
use super::super::hub::Hub;
use super::director::{self, NewTournament};
use super::store::Kind;
use crate::rules::clock::TimeControl;

/// Why a schedule cannot be used.
#[derive(Debug, Error)]
pub enum ScheduleError {
    /// The file cannot be read.
    #[error("{file}: {source}")]
    Read {
        /// The file.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// A mistake, with its line.
    #[error("{file}:{line}: {msg}")]
    Line {
        /// The file.
        file: String,
        /// The line (1 first).
        line: usize,
        /// What is wrong.
        msg: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    tournament: Vec<Spanned<Entry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    kind: Spanned<String>,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    tc: Option<Spanned<String>>,
    #[serde(default)]
    days: Option<u32>,
    #[serde(default)]
    rounds: Option<u32>,
    #[serde(default)]
    minutes: Option<u64>,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    round_every: Option<Spanned<String>>,
    every: Spanned<String>,
    at: Spanned<String>,
}

/// How often an entry recurs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// Every day.
    Daily,
    /// Every week on this day.
    Weekly(Weekday),
    /// The first of these days of each month.
    MonthlyFirst(Weekday),
}

/// One entry of the schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Scheduled {
    /// The tournament's name.
    pub name: String,
    /// Arena or Swiss.
    pub kind: Kind,
    /// The variant.
    pub variant: String,
    /// The clock.
    pub tc: Option<TimeControl>,
    /// Correspondence days per move.
    pub days: Option<u32>,
    /// A Swiss's rounds.
    pub rounds: Option<u32>,
    /// An arena's length.
    pub length: Option<Duration>,
    /// Rated.
    pub rated: bool,
    /// A Swiss's rounds at set times: the time between two rounds' starts.
    pub round_every: Option<Duration>,
    /// When it recurs.
    pub repeat: Repeat,
    /// At what time of day, UTC.
    pub at: Time,
}

fn weekday(word: &str) -> Option<Weekday> {
    Some(match word {
        "monday" => Weekday::Monday,
        "tuesday" => Weekday::Tuesday,
        "wednesday" => Weekday::Wednesday,
        "thursday" => Weekday::Thursday,
        "friday" => Weekday::Friday,
        "saturday" => Weekday::Saturday,
        "sunday" => Weekday::Sunday,
        _ => return None,
    })
}

/// A span of time written `90s`, `30m`, `2h` or `1d`.
fn span(text: &str) -> Option<Duration> {
    let text = text.trim();
    let unit = match text.chars().last()? {
        's' => 1,
        'm' => 60,
        'h' => 3600,
        'd' => 86_400,
        _ => return None,
    };
    let n: u64 = text.get(..text.len() - 1)?.parse().ok()?;
    n.checked_mul(unit).map(Duration::from_secs)
}

fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(1, |t| t.matches('\n').count() + 1)
}

/// Reads a schedule file.
pub fn read(path: &std::path::Path) -> Result<Vec<Scheduled>, ScheduleError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| ScheduleError::Read {
        file: file.clone(),
        source,
    })?;
    parse(&text, &file)
}

/// Parses a schedule's text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Vec<Scheduled>, ScheduleError> {
    let fail = |offset: usize, msg: String| ScheduleError::Line {
        file: file.to_string(),
        line: line_of(text, offset),
        msg,
    };
    let parsed: File = toml::from_str(text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        fail(at, e.message().to_string())
    })?;
    let mut out = Vec::new();
    for spanned in parsed.tournament {
        let start = spanned.span().start;
        let e = spanned.into_inner();
        let kind = Kind::parse(e.kind.get_ref())
            .ok_or_else(|| fail(e.kind.span().start, "kind is \"arena\" or \"swiss\"".into()))?;
        let every = e.every.get_ref().trim().to_lowercase();
        let repeat = if every == "day" {
            Repeat::Daily
        } else if let Some(day) = every.strip_prefix("first ").and_then(weekday) {
            Repeat::MonthlyFirst(day)
        } else if let Some(day) = weekday(&every) {
            Repeat::Weekly(day)
        } else {
            return Err(fail(
                e.every.span().start,
                format!(
                    "every = {:?}: \"day\", a weekday (\"saturday\") or \"first sunday\"",
                    e.every.get_ref()
                ),
            ));
        };
        let at: Time = e.at.get_ref().trim().parse().map_err(|_| {
            fail(
                e.at.span().start,
                format!("at = {:?}: a time of day, UTC (\"18:00\")", e.at.get_ref()),
            )
        })?;
        let tc = match &e.tc {
            Some(t) => Some(
                t.get_ref()
                    .parse::<TimeControl>()
                    .map_err(|err| fail(t.span().start, err.to_string()))?,
            ),
            None => None,
        };
        match kind {
            Kind::Arena if tc.is_none() || e.minutes.is_none_or(|m| m == 0 || m > 24 * 60) => {
                return Err(fail(
                    start,
                    "an arena needs tc and minutes (1 to 1440)".into(),
                ));
            }
            Kind::Swiss
                if e.rounds
                    .is_none_or(|r| r == 0 || i64::from(r) > director::MAX_ROUNDS)
                    || (tc.is_none() && e.days.is_none()) =>
            {
                return Err(fail(
                    start,
                    format!(
                        "a Swiss needs rounds (1 to {}) and tc or days",
                        director::MAX_ROUNDS
                    ),
                ));
            }
            _ => {}
        }
        if e.name.trim().is_empty() {
            return Err(fail(start, "a name, please".into()));
        }
        let round_every = match &e.round_every {
            Some(text) => {
                let every = span(text.get_ref())
                    .filter(|d| (director::ROUND_EVERY.0..=director::ROUND_EVERY.1).contains(d))
                    .ok_or_else(|| {
                        fail(
                            text.span().start,
                            format!(
                                "round_every = {:?}: 1s to 30d, like \"1d\", \"12h\" or \"30m\"",
                                text.get_ref()
                            ),
                        )
                    })?;
                if kind != Kind::Swiss {
                    return Err(fail(text.span().start, "round_every is for a Swiss".into()));
                }
                Some(every)
            }
            None => None,
        };
        out.push(Scheduled {
            name: e.name,
            kind,
            variant: e.variant.unwrap_or_else(|| "parachess".to_string()),
            tc,
            days: e.days,
            rounds: e.rounds,
            length: e.minutes.map(|m| Duration::from_secs(m * 60)),
            rated: e.rated,
            round_every,
            repeat,
            at,
        });
    }
    Ok(out)
}

/// The first start of `s` strictly after `after_ms` (Unix ms, UTC).
pub fn next_after(s: &Scheduled, after_ms: i64) -> Option<i64> {
    let after = jiff::Timestamp::from_millisecond(after_ms).ok()?;
    let mut day: Date = after.to_zoned_datetime(jiff::tz::TimeZone::UTC).date();
    // A year of days covers every kind of repeat.
    for _ in 0..400 {
        let fits = match s.repeat {
            Repeat::Daily => true,
            Repeat::Weekly(w) => day.weekday() == w,
            Repeat::MonthlyFirst(w) => day.weekday() == w && day.day() <= 7,
        };
        if fits {
            let at = day
                .to_datetime(s.at)
                .to_zoned_datetime(jiff::tz::TimeZone::UTC)
                .ok()?
                .timestamp()
                .as_millisecond();
            if at > after_ms {
                return Some(at);
            }
        }
        day = day.tomorrow().ok()?;
    }
    None
}

/// Keeps the next occurrence of every entry made (checked now and every minute).
pub fn run(hub: &Arc<Hub>, entries: Vec<Scheduled>) {
    if entries.is_empty() {
        return;
    }
    let weak = Arc::downgrade(hub);
    tokio::spawn(async move {
        loop {
            let Some(hub) = weak.upgrade() else { return };
            for s in &entries {
                let Some(starts_ms) = next_after(s, now_ms()) else {
                    continue;
                };
                match hub.db.scheduled_exists(&s.name, starts_ms).await {
                    Ok(true) => {}
                    Ok(false) => {
                        let new = NewTournament {
                            kind: s.kind,
                            name: s.name.clone(),
                            variant: s.variant.clone(),
                            rated: s.rated,
                            tc: s.tc,
                            days: s.days,
                            rounds: s.rounds.map(i64::from),
                            length: s.length,
                            round_every: s.round_every,
                            starts_ms,
                            creator: None,
                        };
                        if let Err(e) = director::create(&hub, new).await {
                            tracing::warn!(name = %s.name, "scheduled tournament not made: {e}");
                        }
                    }
                    Err(e) => tracing::warn!("schedule: {e}"),
                }
            }
            drop(hub);
            tokio::time::sleep(Duration::from_secs(60)).await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
[[tournament]]
name = "Saturday Arena"
kind = "arena"
tc = "300+3"
minutes = 60
every = "saturday"
at = "18:00"

[[tournament]]
name = "Knights and Archers Swiss"
kind = "swiss"
tc = "900+10"
rounds = 5
every = "first sunday"
at = "18:00"
"#;

    fn ms(text: &str) -> i64 {
        text.parse::<jiff::Timestamp>().unwrap().as_millisecond()
    }

    #[test]
    fn the_issue_examples_read_and_recur() {
        let s = parse(GOOD, "s.toml").unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(
            (s[0].kind, s[0].repeat, s[0].length),
            (
                Kind::Arena,
                Repeat::Weekly(Weekday::Saturday),
                Some(Duration::from_secs(3600))
            )
        );
        assert_eq!(
            (s[1].kind, s[1].repeat, s[1].rounds),
            (Kind::Swiss, Repeat::MonthlyFirst(Weekday::Sunday), Some(5))
        );
        // Monday 7 December 2026: the next Saturday is the 12th; the first Sunday of
        // January 2027 is the 3rd.
        let now = ms("2026-12-07T01:00:00Z");
        assert_eq!(next_after(&s[0], now), Some(ms("2026-12-12T18:00:00Z")));
        assert_eq!(next_after(&s[1], now), Some(ms("2027-01-03T18:00:00Z")));
        // At the very start time, the next one is a week on.
        assert_eq!(
            next_after(&s[0], ms("2026-12-12T18:00:00Z")),
            Some(ms("2026-12-19T18:00:00Z"))
        );
        let mut daily = s[0].clone();
        daily.repeat = Repeat::Daily;
        assert_eq!(
            next_after(&daily, ms("2026-12-07T18:30:00Z")),
            Some(ms("2026-12-08T18:00:00Z"))
        );
    }

    #[test]
    fn a_bad_entry_names_its_line() {
        let bad = GOOD.replace("every = \"first sunday\"", "every = \"fortnightly\"");
        let e = parse(&bad, "s.toml").unwrap_err().to_string();
        assert!(e.starts_with("s.toml:15: every = \"fortnightly\""), "{e}");
        let bad = GOOD.replace("at = \"18:00\"\n\n", "at = \"6pm\"\n\n");
        assert!(
            parse(&bad, "s.toml")
                .unwrap_err()
                .to_string()
                .starts_with("s.toml:8: at = \"6pm\"")
        );
        let bad = GOOD.replace("minutes = 60\n", "");
        assert!(
            parse(&bad, "s.toml")
                .unwrap_err()
                .to_string()
                .contains("an arena needs tc and minutes")
        );
        let bad = GOOD.replace("rounds = 5", "roundz = 5");
        let e = parse(&bad, "s.toml").unwrap_err().to_string();
        assert!(e.starts_with("s.toml:") && e.contains("roundz"), "{e}");
        let e = parse("[[tournament]\n", "s.toml").unwrap_err().to_string();
        assert!(e.starts_with("s.toml:1:"), "{e}");
        let bad = GOOD.replace("rounds = 5", "rounds = 5\nround_every = \"1w\"");
        let e = parse(&bad, "s.toml").unwrap_err().to_string();
        assert!(e.starts_with("s.toml:15: round_every = \"1w\""), "{e}");
        let bad = GOOD.replace("minutes = 60", "minutes = 60\nround_every = \"1d\"");
        let e = parse(&bad, "s.toml").unwrap_err().to_string();
        assert!(e.contains("round_every is for a Swiss"), "{e}");
    }

    #[test]
    fn a_swiss_may_have_rounds_at_set_times() {
        let s = parse(
            &GOOD.replace("rounds = 5", "rounds = 5\nround_every = \"1d\""),
            "s.toml",
        )
        .unwrap();
        assert_eq!(s[0].round_every, None);
        assert_eq!(s[1].round_every, Some(Duration::from_secs(86_400)));
        assert_eq!(span("90s"), Some(Duration::from_secs(90)));
        assert_eq!(span("30m"), Some(Duration::from_secs(1800)));
        assert_eq!(span(" 2h "), Some(Duration::from_secs(7200)));
        for bad in [
            "",
            "d",
            "1",
            "1.5h",
            "-1d",
            "1 d",
            "99999999999999999999d",
            "1dd",
        ] {
            assert_eq!(span(bad), None, "{bad:?}");
        }
    }
}
