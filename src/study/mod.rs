//! Study: game review, puzzles and puzzle ratings, as a pure library over [`rules`] and
//! [`engine`] (no Bevy; files only through [`store`]), so the screens, the command line and
//! tests share one implementation.
//!
//! * [`review`] runs the engine over every position of a game and labels each move by the
//!   winning chance it lost ([`win_chance`]).
//! * [`puzzle`] is the puzzle file format and the embedded set ([`builtin`]); [`check`] proves
//!   puzzles with exact searches ([`solve`]); [`generate`] finds new ones in engine games;
//!   [`run`] plays one with the player ([`PuzzleRun`]); [`rating`] keeps the player's Glicko-2
//!   rating, streak and solved set ([`PuzzleProgress`], [`next_puzzle`]), saved by
//!   [`store::puzzles`].
//!
//! [`rules`]: crate::rules
//! [`engine`]: crate::engine
//! [`store`]: crate::store
//! [`store::puzzles`]: crate::store::puzzles

pub mod check;
pub mod generate;
pub mod puzzle;
pub mod rating;
pub mod review;
pub mod run;
pub mod solve;
mod winchance;

pub use check::{CheckSettings, Failure, check_puzzle};
pub use puzzle::{ParsePuzzleError, Puzzle, PuzzleFile, Theme, builtin};
pub use rating::{PuzzleProgress, RatingChange, next_puzzle};
pub use review::{Label, MoveReview, Review, ReviewError, ReviewSettings, SideSummary, review};
pub use run::{Answer, Explanation, PuzzleRun, PuzzleStep, Wrong};
pub use winchance::{mover_eval, win_chance};
