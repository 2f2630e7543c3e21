//! Time controls: how much thinking time each side starts with and gains per move (Fischer
//! increment), as game records and the new-game dialog write them (`300+3`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

/// A Fischer time control: `base` for the whole game, plus `increment` after each own move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct TimeControl {
    /// Time each side starts with.
    pub base: Duration,
    /// Time added to a side's clock after each of its moves.
    pub increment: Duration,
}

/// The longest base time accepted (a day): far beyond any real game, small enough that sums of
/// clocks never overflow.
pub const MAX_BASE: Duration = Duration::from_secs(24 * 3600);
/// The largest increment accepted (an hour).
pub const MAX_INCREMENT: Duration = Duration::from_secs(3600);

impl TimeControl {
    /// `minutes + seconds` as the new-game dialog offers them (`5+3`: five minutes, three
    /// seconds a move).
    pub fn minutes_plus_seconds(minutes: u32, increment_seconds: u32) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(u64::from(minutes) * 60),
            increment: Duration::from_secs(u64::from(increment_seconds)),
        }
    }
}

/// Why a time control text was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{text:?} is not a time control: {why} (expected seconds+increment, like 300+3 or 10+0.1)")]
pub struct ParseTimeControlError {
    text: String,
    why: &'static str,
}

/// Reads a number of seconds with at most three decimals (`3`, `0.1`) exactly, without floats.
fn seconds(text: &str) -> Option<Duration> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 3 {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) || (text.contains('.') && frac.is_empty()) {
        return None;
    }
    let secs: u64 = whole.parse().ok()?;
    let millis: u64 = format!("{frac:0<3}").parse().ok()?;
    Duration::from_secs(secs).checked_add(Duration::from_millis(millis))
}

/// Writes seconds as `3`, `0.1` or `2.25` (no trailing zeros).
fn write_seconds(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    let millis = d.subsec_millis();
    if millis == 0 {
        write!(f, "{}", d.as_secs())
    } else {
        let frac = format!("{millis:03}");
        write!(f, "{}.{}", d.as_secs(), frac.trim_end_matches('0'))
    }
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// `base+increment` in seconds (`300+3`, `10+0.1`); a plain `base` means no increment.
    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let fail = |why| ParseTimeControlError {
            text: text.chars().take(40).collect(),
            why,
        };
        let (base, inc) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let base = seconds(base).ok_or_else(|| fail("the base time is not a number of seconds"))?;
        let increment =
            seconds(inc).ok_or_else(|| fail("the increment is not a number of seconds"))?;
        if base.is_zero() {
            return Err(fail("the base time must be more than zero"));
        }
        if base > MAX_BASE {
            return Err(fail("the base time is more than a day"));
        }
        if increment > MAX_INCREMENT {
            return Err(fail("the increment is more than an hour"));
        }
        Ok(TimeControl { base, increment })
    }
}

impl fmt::Display for TimeControl {
    /// The record form, `300+3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_seconds(f, self.base)?;
        f.write_str("+")?;
        write_seconds(f, self.increment)
    }
}

/// A clock reading as game records write it, `H:MM:SS` (tenths added when not whole:
/// `0:00:04.5`), as lichess's `[%clk]` comments do.
pub fn format_clock(d: Duration) -> String {
    let total = d.as_secs();
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
    let tenths = d.subsec_millis() / 100;
    if tenths == 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{h}:{m:02}:{s:02}.{tenths}")
    }
}

/// Reads `H:MM:SS` or `H:MM:SS.f` (also `MM:SS`), the form [`format_clock`] writes.
pub fn parse_clock(text: &str) -> Option<Duration> {
    let (main, frac) = text.split_once('.').unwrap_or((text, ""));
    let parts: Vec<&str> = main.split(':').collect();
    if !(2..=3).contains(&parts.len()) || frac.len() > 3 {
        return None;
    }
    let num = |s: &str, max: u64| -> Option<u64> {
        (!s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
            .filter(|&n| n <= max)
    };
    let (h, m, s) = match parts[..] {
        [h, m, s] if m.len() == 2 && s.len() == 2 => (num(h, 99)?, num(m, 59)?, num(s, 59)?),
        [m, s] if s.len() == 2 => (0, num(m, 59)?, num(s, 59)?),
        _ => return None,
    };
    let millis = if frac.is_empty() {
        if text.contains('.') {
            return None;
        }
        0
    } else {
        num(frac, 999)? * 10u64.pow(3 - frac.len() as u32)
    };
    Some(Duration::from_millis(
        ((h * 60 + m) * 60 + s) * 1000 + millis,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_write_back() {
        for (text, base, inc) in [
            ("300+3", 300_000, 3000),
            ("60+0", 60_000, 0),
            ("10+0.1", 10_000, 100),
            ("900+10", 900_000, 10_000),
            ("1.5+0.25", 1500, 250),
        ] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.base, Duration::from_millis(base), "{text}");
            assert_eq!(tc.increment, Duration::from_millis(inc), "{text}");
            assert_eq!(tc.to_string(), text);
        }
        assert_eq!("180".parse::<TimeControl>().unwrap().to_string(), "180+0");
        assert_eq!(TimeControl::minutes_plus_seconds(5, 3).to_string(), "300+3");
    }

    #[test]
    fn bad_time_controls_are_refused() {
        for text in [
            "", "+", "0+3", "-", "abc", "300+", "+3", "300+-1", "3e2+1", "300+3+1", "1.+2",
            "0.0001+1", "86401+0", "300+3601", " 3 00+1",
        ] {
            assert!(text.parse::<TimeControl>().is_err(), "{text:?} accepted");
        }
    }

    #[test]
    fn clock_readings_round_trip() {
        for ms in [0, 4_500, 59_000, 298_000, 3_600_000, 36_061_000] {
            let d = Duration::from_millis(ms);
            assert_eq!(parse_clock(&format_clock(d)), Some(d), "{ms}");
        }
        assert_eq!(format_clock(Duration::from_secs(298)), "0:04:58");
        assert_eq!(parse_clock("4:58"), Some(Duration::from_secs(298)));
        for bad in [
            "",
            "1",
            "0:4:58",
            "0:04:60",
            "0:60:00",
            "a:00:00",
            "0:00:01.",
            "0:00:01.1234",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad:?}");
        }
    }
}
