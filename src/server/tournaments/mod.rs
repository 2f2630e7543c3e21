//! Tournaments (issue 42): Swiss events paired by the Dutch system and lichess-style arenas.
//!
//! The rules are pure functions, apart from the server so they can be tested on numbers worked
//! out by hand: [`pairing::dutch`] pairs a Swiss round, [`pairing::arena`] pairs an arena's
//! waiting players, [`scoring`] turns results into standings (Swiss tie-breaks, arena streaks
//! and berserk). docs/TOURNAMENTS.md says which rules are implemented.

pub mod api;
pub mod director;
pub mod messages;
pub mod pairing;
pub mod schedule;
pub mod scoring;
pub mod state;
pub mod store;

/// A side of the board, as the pairing sees it (no dependency on the rules' types: a pairing
/// is about people, not positions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Moves first.
    White,
    /// Moves second.
    Black,
}

impl Colour {
    /// The other side.
    pub fn other(self) -> Self {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// How a finished tournament game ended, seen from the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// White won (also: Black never moved, or lost on time).
    WhiteWins,
    /// A draw.
    Draw,
    /// Black won.
    BlackWins,
}

impl Outcome {
    /// The points, in half points, that `side` took from the game (win 2, draw 1, loss 0).
    pub fn half_points(self, side: Colour) -> u32 {
        match (self, side) {
            (Outcome::Draw, _) => 1,
            (Outcome::WhiteWins, Colour::White) | (Outcome::BlackWins, Colour::Black) => 2,
            _ => 0,
        }
    }

    /// The result as a PGN-style string (`1-0`, `1/2-1/2`, `0-1`), as the API shows it.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::Draw => "1/2-1/2",
            Outcome::BlackWins => "0-1",
        }
    }
}
