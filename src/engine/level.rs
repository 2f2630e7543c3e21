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
                    nodes: None,
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
pub enum Player {
    /// Any legal move, uniformly at random.
    Random,
    /// The engine at a level.
    Engine(Level),
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Engine(level) => level.fmt(f),
        }
    }
}

impl FromStr for Player {
    type Err = ParseLevelError;

    /// `random`, `easy`, `normal` or `hard`.
    fn from_str(s: &str) -> Result<Player, ParseLevelError> {
        if s.trim().eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        s.parse::<Level>()
            .map(Player::Engine)
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
    fn names_round_trip() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(
                level.to_string().parse::<Player>(),
                Ok(Player::Engine(level))
            );
        }
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert_eq!("random".parse::<Player>(), Ok(Player::Random));
        assert!("random".parse::<Level>().is_err());
        let err = "expert".parse::<Player>().unwrap_err().to_string();
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
    fn random_moves_are_legal() {
        let pos = Position::start();
        let mut rng = Rng::new(1);
        for _ in 0..20 {
            let mv = random_move(&pos, &mut rng).unwrap();
            assert!(pos.is_legal(mv));
        }
    }
}
