//! Time controls: how much thinking time each side starts with and gains per move (Fischer
//! increment), as game records and the new-game dialog write them (`300+3`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

use super::piece::Side;

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
    pub const fn minutes_plus_seconds(minutes: u32, increment_seconds: u32) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes as u64 * 60),
            increment: Duration::from_secs(increment_seconds as u64),
        }
    }
}

/// The time controls the new-game dialog offers, as `minutes+seconds` labels (after them the
/// dialog offers a custom one).
pub const PRESETS: [(&str, Option<TimeControl>); 7] = [
    ("untimed", None),
    ("1+0", Some(TimeControl::minutes_plus_seconds(1, 0))),
    ("3+2", Some(TimeControl::minutes_plus_seconds(3, 2))),
    ("5+3", Some(TimeControl::minutes_plus_seconds(5, 3))),
    ("10+5", Some(TimeControl::minutes_plus_seconds(10, 5))),
    ("15+10", Some(TimeControl::minutes_plus_seconds(15, 10))),
    ("30+20", Some(TimeControl::minutes_plus_seconds(30, 20))),
];

/// Below this much time a clock is shown as running low.
pub const LOW_TIME: Duration = Duration::from_secs(10);

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

/// What two clocks read at one moment: enough to show them, or to set another program's clocks
/// (the network sends this).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ClockReading {
    /// Time left, indexed by [`Side::index`].
    pub remaining: [Duration; 2],
    /// Whose clock runs, or `None` while both are stopped.
    pub running: Option<Side>,
}

/// `side`'s time ran out before it moved.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Error)]
#[error("{0}'s time has run out")]
pub struct Flagged(pub Side);

/// Why a side could not go berserk.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Error)]
pub enum BerserkError {
    /// It already did.
    #[error("already berserk")]
    Already,
    /// Half the base time is more than the side has left: berserk would use up its clock.
    #[error("too little time left to go berserk")]
    TooLittleTime,
}

/// A pair of chess clocks with a Fischer increment, which a side may give up by going
/// berserk (a tournament arena's rule: half its base time and no increment, for a bonus point).
///
/// Pure arithmetic: it never reads the system time. Every method that needs the time takes
/// `now`, a [`Duration`] since any fixed moment the caller chooses (Bevy's `Time::elapsed`, or
/// `Instant::elapsed` of an epoch), so tests give exact times and a frame-driven game and a
/// network thread can each use their own time base.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Clocks {
    control: TimeControl,
    /// Time left; for the running side, as of `since`.
    remaining: [Duration; 2],
    /// The side to move: its clock is the one that runs.
    turn: Side,
    /// When the side to move's clock was last started, or `None` while paused.
    since: Option<Duration>,
    /// The sides that went berserk (indexed by [`Side::index`]): they gain no increment.
    berserk: [bool; 2],
}

impl Clocks {
    /// Both clocks at the base time, stopped, with `turn`'s clock to run first.
    pub fn new(control: TimeControl, turn: Side) -> Clocks {
        Clocks::with_remaining(control, [control.base; 2], turn)
    }

    /// Clocks showing `remaining` (indexed by [`Side::index`]), stopped.
    pub fn with_remaining(control: TimeControl, remaining: [Duration; 2], turn: Side) -> Clocks {
        Clocks {
            control,
            remaining,
            turn,
            since: None,
            berserk: [false; 2],
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The increment `side` gains after each of its moves: none once it went berserk.
    pub fn increment(&self, side: Side) -> Duration {
        if self.berserk[side.index()] {
            Duration::ZERO
        } else {
            self.control.increment
        }
    }

    /// Whether `side` went berserk.
    pub fn is_berserk(&self, side: Side) -> bool {
        self.berserk[side.index()]
    }

    /// `side` goes berserk at `now` (lichess's rule): half the base time is taken off its
    /// clock (so a side that has not thought yet keeps half its time) and it gains no
    /// increment from now on. Whether it has moved yet is the caller's question. Refused,
    /// with nothing changed, a second time or when it would leave no time at all.
    pub fn berserk(&mut self, side: Side, now: Duration) -> Result<Duration, BerserkError> {
        if self.berserk[side.index()] {
            return Err(BerserkError::Already);
        }
        let penalty = self.control.base / 2;
        if self.remaining(side, now) <= penalty {
            return Err(BerserkError::TooLittleTime);
        }
        self.charge(now);
        let left = &mut self.remaining[side.index()];
        *left = left.saturating_sub(penalty);
        self.berserk[side.index()] = true;
        Ok(*left)
    }

    /// Marks `side` berserk without taking time off: its clock, read back from a record
    /// (`with_remaining`), already lost it.
    pub fn restore_berserk(&mut self, side: Side) {
        self.berserk[side.index()] = true;
    }

    /// The side whose clock runs (or will run when resumed).
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Whether a clock is running.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Starts the side to move's clock (nothing happens when it already runs).
    pub fn resume(&mut self, now: Duration) {
        if self.since.is_none() {
            self.since = Some(now);
        }
    }

    /// Stops the running clock, keeping the time used so far (for pauses, dialogs, the end of
    /// the game).
    pub fn pause(&mut self, now: Duration) {
        self.charge(now);
        self.since = None;
    }

    /// Time `side` has left at `now`, counting the running clock up to `now` (never below
    /// zero): what the clock shows.
    pub fn remaining(&self, side: Side, now: Duration) -> Duration {
        let left = self.remaining[side.index()];
        match self.since {
            Some(since) if side == self.turn => left.saturating_sub(now.saturating_sub(since)),
            _ => left,
        }
    }

    /// Whether `side`'s time at `now` is below [`LOW_TIME`] (the display warns).
    pub fn is_low(&self, side: Side, now: Duration) -> bool {
        self.remaining(side, now) < LOW_TIME
    }

    /// The side whose time has run out at `now`, if any. Only the side to move's clock runs,
    /// so only it can run out.
    pub fn flagged(&self, now: Duration) -> Option<Side> {
        self.remaining(self.turn, now)
            .is_zero()
            .then_some(self.turn)
    }

    /// How long until the side to move runs out of time, or `None` while the clocks are
    /// stopped (a network thread sleeps until then).
    pub fn time_to_flag(&self, now: Duration) -> Option<Duration> {
        self.since.map(|_| self.remaining(self.turn, now))
    }

    /// The side to move made its move at `now`: its clock stops, gains the increment (Fischer:
    /// after the move) and the other side's clock takes over (running only if the clocks were
    /// running). Returns the mover's time after the increment, the `[%clk]` of the move.
    /// Refused, with nothing changed, when the mover's time had already run out.
    pub fn moved(&mut self, now: Duration) -> Result<Duration, Flagged> {
        if let Some(side) = self.flagged(now) {
            return Err(Flagged(side));
        }
        self.charge(now);
        let mover = self.turn.index();
        self.remaining[mover] = self.remaining[mover].saturating_add(self.increment(self.turn));
        let clk = self.remaining[mover];
        self.turn = !self.turn;
        Ok(clk)
    }

    /// Gives the move to `side` without an increment (after a takeback): the time used so far
    /// stays used.
    pub fn switch_to(&mut self, side: Side, now: Duration) {
        self.charge(now);
        self.turn = side;
    }

    /// What the clocks read at `now`.
    pub fn reading(&self, now: Duration) -> ClockReading {
        ClockReading {
            remaining: Side::BOTH.map(|s| self.remaining(s, now)),
            running: self.since.map(|_| self.turn),
        }
    }

    /// Sets the clocks to what another program's clocks read (the network host's), as of `now`.
    /// A reading with no running clock leaves the turn as it is and stops the clocks.
    pub fn set_reading(&mut self, reading: ClockReading, now: Duration) {
        self.remaining = reading.remaining;
        match reading.running {
            Some(side) => {
                self.turn = side;
                self.since = Some(now);
            }
            None => self.since = None,
        }
    }

    /// Books the running clock's time up to `now`.
    fn charge(&mut self, now: Duration) {
        if let Some(since) = self.since {
            let used = now.saturating_sub(since);
            let left = &mut self.remaining[self.turn.index()];
            *left = left.saturating_sub(used);
            self.since = Some(now.max(since));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::game::Game;
    use crate::rules::game::Outcome;

    fn s(secs: f64) -> Duration {
        Duration::from_secs_f64(secs)
    }

    const W: Side = Side::White;
    const B: Side = Side::Black;

    #[test]
    fn the_running_clock_counts_down_and_the_mover_gains_the_increment() {
        let mut c = Clocks::new("60+2".parse().unwrap(), W);
        assert!(!c.is_running());
        assert_eq!(
            c.remaining(W, s(100.0)),
            s(60.0),
            "stopped clocks do not run"
        );
        c.resume(s(10.0));
        assert_eq!(c.remaining(W, s(13.5)), s(56.5));
        assert_eq!(c.remaining(B, s(13.5)), s(60.0));
        // White moves after 5 s: 55 s left, plus the increment.
        assert_eq!(c.moved(s(15.0)), Ok(s(57.0)));
        assert_eq!(c.turn(), B);
        assert_eq!(c.remaining(W, s(40.0)), s(57.0));
        assert_eq!(c.remaining(B, s(40.0)), s(35.0));
        assert_eq!(c.moved(s(40.0)), Ok(s(37.0)));
        assert_eq!(
            c.reading(s(41.0)),
            ClockReading {
                remaining: [s(56.0), s(37.0)],
                running: Some(W)
            }
        );
    }

    #[test]
    fn pause_keeps_the_time_used_and_resume_goes_on() {
        let mut c = Clocks::new("60+0".parse().unwrap(), W);
        c.resume(s(0.0));
        c.pause(s(20.0));
        assert_eq!(c.remaining(W, s(500.0)), s(40.0));
        c.resume(s(500.0));
        c.resume(s(505.0)); // already running: no restart
        assert_eq!(c.remaining(W, s(510.0)), s(30.0));
        // A move made while paused still switches the clocks, without charging time.
        c.pause(s(510.0));
        assert_eq!(c.moved(s(600.0)), Ok(s(30.0)));
        assert!(!c.is_running());
        assert_eq!(c.turn(), B);
    }

    #[test]
    fn the_flag_falls_exactly_when_the_time_is_used_up() {
        let mut c = Clocks::new("3+1".parse().unwrap(), W);
        c.resume(s(0.0));
        assert_eq!(c.time_to_flag(s(1.0)), Some(s(2.0)));
        assert_eq!(c.flagged(s(2.999)), None);
        assert!(c.is_low(W, s(2.999)));
        assert_eq!(c.flagged(s(3.0)), Some(W));
        assert_eq!(c.remaining(W, s(9.0)), Duration::ZERO, "never below zero");
        let before = c.clone();
        assert_eq!(c.moved(s(3.5)), Err(Flagged(W)), "too late");
        assert_eq!(c, before, "a late move changes nothing");
        // In time, by a millisecond.
        let mut c = Clocks::new("3+1".parse().unwrap(), W);
        c.resume(s(0.0));
        assert_eq!(c.moved(s(2.999)), Ok(Duration::from_millis(1001)));
        assert_eq!(c.flagged(s(5.0)), None);
        assert_eq!(c.flagged(s(6.0)), Some(B));
        assert!(c.is_low(W, s(6.0)));
    }

    #[test]
    fn a_flag_fall_loses_except_against_a_lone_king() {
        let mut c = Clocks::new("1+0".parse().unwrap(), W);
        let mut game = Game::new();
        c.resume(s(0.0));
        let side = c.flagged(s(1.0)).unwrap();
        assert_eq!(
            game.flag(side),
            Ok(Outcome::Time {
                winner: Some(Side::Black)
            })
        );
        let mut game = Game::from_position("3k2/4/8/5/10/6/10/5/8/4/2QK2 w 0 1".parse().unwrap());
        assert_eq!(game.flag(side), Ok(Outcome::Time { winner: None }));
    }

    #[test]
    fn takebacks_keep_the_time_used() {
        let mut c = Clocks::new("60+5".parse().unwrap(), W);
        c.resume(s(0.0));
        c.moved(s(10.0)).unwrap();
        c.switch_to(W, s(12.0));
        assert_eq!(c.remaining(B, s(12.0)), s(58.0));
        assert_eq!(c.remaining(W, s(14.0)), s(53.0));
    }

    #[test]
    fn a_reading_sets_other_clocks() {
        let mut host = Clocks::new("60+0".parse().unwrap(), W);
        host.resume(s(0.0));
        host.moved(s(7.0)).unwrap();
        let mut guest = Clocks::new("60+0".parse().unwrap(), W);
        guest.set_reading(host.reading(s(9.0)), s(1000.0));
        assert_eq!(guest.turn(), B);
        assert_eq!(guest.remaining(B, s(1001.0)), s(57.0));
        assert_eq!(guest.remaining(W, s(1001.0)), s(53.0));
    }

    #[test]
    fn berserk_halves_the_base_time_and_drops_the_increment() {
        let mut c = Clocks::new("300+3".parse().unwrap(), W);
        // White, before the clocks run: half its time.
        assert_eq!(c.berserk(W, s(0.0)), Ok(s(150.0)));
        assert!(c.is_berserk(W) && !c.is_berserk(B));
        assert_eq!(c.increment(W), Duration::ZERO);
        assert_eq!(c.increment(B), s(3.0));
        assert_eq!(c.berserk(W, s(0.0)), Err(BerserkError::Already));
        c.resume(s(0.0));
        // No increment for White; Black keeps its own.
        assert_eq!(c.moved(s(10.0)), Ok(s(140.0)));
        // Black, its clock running for 20 s: half the base off what is left.
        assert_eq!(c.berserk(B, s(30.0)), Ok(s(130.0)));
        assert_eq!(c.remaining(B, s(30.0)), s(130.0));
        assert_eq!(c.remaining(B, s(35.0)), s(125.0), "its clock still runs");
        assert_eq!(c.moved(s(35.0)), Ok(s(125.0)));
        // After a restart, a record's clocks and the berserk side.
        let mut back = Clocks::with_remaining(c.control(), [s(140.0), s(125.0)], W);
        back.restore_berserk(B);
        back.resume(s(0.0));
        back.moved(s(1.0)).unwrap();
        assert_eq!(back.moved(s(2.0)), Ok(s(124.0)));
    }

    #[test]
    fn berserk_is_refused_when_it_would_use_up_the_clock() {
        let mut c = Clocks::new("60+1".parse().unwrap(), W);
        c.resume(s(0.0));
        let before = c.clone();
        assert_eq!(c.berserk(W, s(30.0)), Err(BerserkError::TooLittleTime));
        assert_eq!(c, before, "nothing changed");
        assert_eq!(c.berserk(W, s(29.0)), Ok(s(1.0)));
    }

    proptest::proptest! {
        /// Whatever happens, the clocks lose exactly the running time and gain exactly the
        /// increments.
        #[test]
        fn time_is_conserved(steps in proptest::collection::vec((0u64..5000, 0u8..5), 1..60)) {
            let control: TimeControl = "30+2".parse().unwrap();
            let mut c = Clocks::new(control, W);
            let mut now = Duration::ZERO;
            c.resume(now);
            for (dt, action) in steps {
                let before = c.remaining(W, now) + c.remaining(B, now);
                let running = c.is_running();
                let used = c.remaining(c.turn(), now).min(Duration::from_millis(dt));
                now += Duration::from_millis(dt);
                let after_time = c.remaining(W, now) + c.remaining(B, now);
                let expected = if running { before - used } else { before };
                proptest::prop_assert_eq!(after_time, expected);
                match action {
                    0 => {
                        let flagged = c.flagged(now).is_some();
                        let mover = c.turn();
                        match c.moved(now) {
                            Ok(clk) => {
                                proptest::prop_assert!(!flagged);
                                proptest::prop_assert_eq!(clk, c.remaining(mover, now));
                                let gain = if c.is_berserk(mover) { Duration::ZERO } else { control.increment };
                                proptest::prop_assert_eq!(c.remaining(W, now) + c.remaining(B, now), after_time + gain);
                            }
                            Err(Flagged(side)) => proptest::prop_assert!(flagged && side == mover),
                        }
                    }
                    1 => c.pause(now),
                    2 => c.resume(now),
                    3 => c.switch_to(!c.turn(), now),
                    // Berserk: exactly half the base time off, once.
                    _ => {
                        let side = if dt % 2 == 0 { W } else { B };
                        let was = c.is_berserk(side);
                        let left = c.remaining(side, now);
                        match c.berserk(side, now) {
                            Ok(l) => {
                                proptest::prop_assert!(!was);
                                proptest::prop_assert_eq!(l, left - control.base / 2);
                                proptest::prop_assert_eq!(c.remaining(W, now) + c.remaining(B, now), after_time - control.base / 2);
                            }
                            Err(BerserkError::Already) => proptest::prop_assert!(was),
                            Err(BerserkError::TooLittleTime) => {
                                proptest::prop_assert!(!was && left <= control.base / 2 && !c.is_berserk(side));
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn presets_are_the_dialogs_list() {
        let labels: Vec<String> = PRESETS
            .iter()
            .filter_map(|(_, tc)| {
                tc.map(|tc| format!("{}+{}", tc.base.as_secs() / 60, tc.increment.as_secs()))
            })
            .collect();
        assert_eq!(labels, ["1+0", "3+2", "5+3", "10+5", "15+10", "30+20"]);
        assert!(
            PRESETS
                .iter()
                .skip(1)
                .all(|(label, tc)| tc.is_some() && labels.contains(&label.to_string()))
        );
        assert_eq!(PRESETS[0], ("untimed", None));
    }

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
