//! Parachess: Tony Paletta's chess variant on a hexagon of 72 rhombi.
//!
//! * [`rules`] — the rules as a pure library (geometry, positions, moves, game end, text formats).
//! * [`engine`] — the computer player.
//! * [`study`] — game review, puzzles and puzzle ratings.
//! * `game` — the Bevy desktop game (feature `gui`).

pub mod commands;
pub mod engine;
#[cfg(feature = "gui")]
pub mod game;
pub mod rules;
pub mod store;
pub mod study;
