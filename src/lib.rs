//! Parachess: Tony Paletta's chess variant on a hexagon of 72 rhombi.
//!
//! * [`rules`] — the rules as a pure library (geometry, positions, moves, game end, text formats).
//! * [`engine`] — the computer player.
//! * [`net`] — games over the network (host, join, the protocol).
//! * `game` — the Bevy desktop game (feature `gui`).

pub mod commands;
pub mod engine;
#[cfg(feature = "gui")]
pub mod game;
pub mod net;
pub mod rules;
pub mod store;
