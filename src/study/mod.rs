//! Study (work in progress).
pub mod review;
mod winchance;
pub use review::{Label, MoveReview, Review, ReviewError, ReviewSettings, SideSummary, review};
pub use winchance::{mover_eval, win_chance};
