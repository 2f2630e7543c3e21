//! Headless command-line tools, each writing its report to a caller-supplied writer so tests can
//! read what a user would see.

pub mod bench;
pub mod check_game;
pub mod lessons;
pub mod netplay;
pub mod perft;
pub mod puzzles;
pub mod referee;
pub mod review;
pub mod selfplay;

use crate::rules::{Position, PositionError};

/// Reads `--position` text, or the start position when none is given.
pub fn position_arg(text: Option<&str>) -> Result<Position, PositionError> {
    match text {
        Some(t) => t.parse(),
        None => Ok(Position::start()),
    }
}
