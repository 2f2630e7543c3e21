//! Playing strength: the levels a player chooses from, and the random mover used to test them.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

use crate::rules::{Move, Position};

use super::limits::Limits;
use super::rng::Rng;

/// How strongly the computer plays.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Level {
    /// A two-half-move search choosing at random among near-best moves: it sees captures but
    /// not two-move combinations, so a human can beat it.
    Easy,
    /// Up to a second per move (depth 9–11 in middle games on one 2020s core).
    #[default]
    Normal,
    /// Up to four seconds per move: as strong as the engine gets.
    Hard,
}

/// What a level means for the search.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LevelSettings {
    /// Limits of each search.
    pub limits: Limits,
    /// Largest random bonus (centipawns) added to a move's score before choosing; 0 plays the
    /// best move.
    pub noise: i32,
    /// Only moves within this many centipawns of the best are considered when `noise` is set.
    pub margin: i32,
}

/// The strongest skill level of [`LevelSettings::from_skill`]: the plain search.
pub const MAX_SKILL: u8 = 20;

impl LevelSettings {
    /// A skill level from 0 (weakest) to [`MAX_SKILL`] (full strength), as UCI's `Skill Level`
    /// option and the game's finer strength choices give it; larger values mean full strength.
    ///
    /// Below 20 the search depth is capped at `1 + skill / 2` half-moves, and a random bonus of
    /// up to `300 × ((20 − skill) / 20)²` centipawns picks among moves within as much of the best
    /// (skill 0: depth 1, 300; 10: depth 6, 75; 19: depth 10, none). [`Level::Easy`] is about
    /// skill 2. The settings carry no time limit: add the caller's with [`LevelSettings::within`].
    pub fn from_skill(skill: u8) -> LevelSettings {
        let skill = skill.min(MAX_SKILL);
        if skill == MAX_SKILL {
            return LevelSettings {
                limits: Limits::default(),
                noise: 0,
                margin: 0,
            };
        }
        let weakness = i32::from(MAX_SKILL - skill);
        let noise = 300 * weakness * weakness / 400;
        LevelSettings {
            limits: Limits::depth(1 + u32::from(skill) / 2),
            noise,
            margin: noise,
        }
    }

    /// These settings searching within `limits` as well: its time and node limits, and the
    /// smaller of the two depth caps.
    pub fn within(self, limits: &Limits) -> LevelSettings {
        let depth = match (self.limits.depth, limits.depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        LevelSettings {
            limits: Limits { depth, ..*limits },
            ..self
        }
    }
}

impl LevelSettings {
    /// These settings on a game clock: `remaining` on the mover's clock and `increment` per
    /// move give the time ([`Limits::from_clock`]), but the level's own time stays the most it
    /// thinks (Easy stays easy); the clock can only shorten it.
    pub fn on_clock(self, remaining: Duration, increment: Duration) -> LevelSettings {
        let clock = Limits::from_clock(remaining, increment, None);
        let min = |a: Option<Duration>, b: Option<Duration>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let limits = Limits {
            movetime: min(clock.movetime, self.limits.movetime),
            soft_time: min(clock.soft_time, self.limits.soft_time),
            ..clock
        };
        self.within(&limits)
    }
}

impl Level {
    /// All levels, weakest first (for menus).
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The lower-case name, as the command line and settings files spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The search settings of this level.
    pub fn settings(self) -> LevelSettings {
        match self {
            Level::Easy => LevelSettings {
                limits: Limits {
                    depth: Some(2),
                    movetime: Some(Duration::from_millis(500)),
                    ..Limits::default()
                },
                noise: 150,
                margin: 150,
            },
            Level::Normal => LevelSettings {
                limits: Limits::movetime(Duration::from_millis(1000)),
                noise: 0,
                margin: 0,
            },
            Level::Hard => LevelSettings {
                limits: Limits::movetime(Duration::from_millis(4000)),
                noise: 0,
                margin: 0,
            },
        }
    }

    /// The search limits of this level.
    pub fn limits(self) -> Limits {
        self.settings().limits
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level or player name that is not known.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown {what} '{name}': expected {expected}")]
pub struct ParseLevelError {
    what: &'static str,
    name: String,
    expected: &'static str,
}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// `easy`, `normal` or `hard`, in any case.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError {
                what: "level",
                name: s.to_string(),
                expected: "easy, normal or hard",
            })
    }
}

/// Who makes the moves for one side in self-play: the engine at a level, or a random mover (the
/// weakest possible opponent, a yardstick for the levels).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Mover {
    /// Any legal move, uniformly at random.
    Random,
    /// The engine at a level.
    Engine(Level),
}

impl fmt::Display for Mover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mover::Random => f.write_str("random"),
            Mover::Engine(level) => level.fmt(f),
        }
    }
}

impl FromStr for Mover {
    type Err = ParseLevelError;

    /// `random`, `easy`, `normal` or `hard`.
    fn from_str(s: &str) -> Result<Mover, ParseLevelError> {
        if s.trim().eq_ignore_ascii_case("random") {
            return Ok(Mover::Random);
        }
        s.parse::<Level>()
            .map(Mover::Engine)
            .map_err(|_| ParseLevelError {
                what: "player",
                name: s.to_string(),
                expected: "random, easy, normal or hard",
            })
    }
}

/// A legal move chosen uniformly at random, or `None` when there is none.
pub fn random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(moves[rng.below(moves.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_shortens_a_levels_time_but_never_lengthens_it() {
        let ms = Duration::from_millis;
        // Plenty of time: the level's own second.
        let normal = Level::Normal
            .settings()
            .on_clock(Duration::from_secs(3600), Duration::ZERO);
        assert_eq!(normal.limits.movetime, Some(ms(1000)));
        // Little time: well under what is left, and under the level's second.
        let short = Level::Normal.settings().on_clock(ms(800), Duration::ZERO);
        let hard = short.limits.movetime.unwrap();
        assert!(hard <= ms(400), "{hard:?}");
        assert!(short.limits.soft_time.unwrap() <= hard);
        // Easy keeps its depth and noise.
        let easy = Level::Easy.settings().on_clock(ms(800), Duration::ZERO);
        assert_eq!(easy.limits.depth, Some(2));
        assert_eq!(easy.noise, Level::Easy.settings().noise);
    }

    #[test]
    fn names_round_trip() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string().parse::<Mover>(), Ok(Mover::Engine(level)));
        }
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert_eq!("random".parse::<Mover>(), Ok(Mover::Random));
        assert!("random".parse::<Level>().is_err());
        let err = "expert".parse::<Mover>().unwrap_err().to_string();
        assert!(err.contains("expert") && err.contains("random"), "{err}");
    }

    #[test]
    fn levels_get_stronger() {
        let easy = Level::Easy.limits();
        assert!(easy.depth.is_some_and(|d| (2..=3).contains(&d)));
        assert!(Level::Easy.settings().noise > 0);
        let normal = Level::Normal.limits().movetime.unwrap_or_default();
        let hard = Level::Hard.limits().movetime.unwrap_or_default();
        assert!(hard > normal);
    }

    #[test]
    fn skill_levels_grow_stronger_up_to_full_strength() {
        let full = LevelSettings::from_skill(MAX_SKILL);
        assert_eq!((full.noise, full.limits), (0, Limits::default()));
        assert_eq!(LevelSettings::from_skill(u8::MAX), full);
        let weakest = LevelSettings::from_skill(0);
        assert_eq!(weakest.limits.depth, Some(1));
        assert!(weakest.noise >= 200 && weakest.margin >= 200);
        for skill in 0..MAX_SKILL {
            let (a, b) = (
                LevelSettings::from_skill(skill),
                LevelSettings::from_skill(skill + 1),
            );
            assert!(b.noise <= a.noise, "skill {skill}");
            let depth = |s: &LevelSettings| s.limits.depth.unwrap_or(u32::MAX);
            assert!(depth(&b) >= depth(&a), "skill {skill}");
            assert!(a.limits.movetime.is_none() && a.limits.nodes.is_none());
        }
        let easy = Level::Easy.settings();
        let near = LevelSettings::from_skill(2);
        assert_eq!(near.limits.depth, easy.limits.depth);
    }

    #[test]
    fn skill_settings_take_the_callers_limits() {
        let clock = Limits {
            depth: Some(4),
            movetime: Some(Duration::from_millis(300)),
            ..Limits::default()
        };
        let weak = LevelSettings::from_skill(4).within(&clock);
        assert_eq!(weak.limits.depth, Some(3));
        assert_eq!(weak.limits.movetime, clock.movetime);
        assert_eq!(weak.noise, LevelSettings::from_skill(4).noise);
        let full = LevelSettings::from_skill(MAX_SKILL).within(&clock);
        assert_eq!(full.limits, clock);
    }

    #[test]
    fn random_moves_are_legal() {
        let pos = Position::start();
        let mut rng = Rng::new(1);
        for _ in 0..20 {
            let mv = random_move(&pos, &mut rng).unwrap();
            assert!(pos.is_legal(mv));
        }
    }
}
