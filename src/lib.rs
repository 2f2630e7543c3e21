//! Parachess: Tony Paletta's chess variant on a hexagon of 72 rhombi.
//!
//! * [`rules`] — the rules as a pure library (geometry, positions, moves, game end, text formats).
//! * [`engine`] — the computer player.
//! * [`uci`] — the engine behind the UCI protocol, and a client for other UCI engines.
//! * [`lessons`] — Learn Parachess: lessons as data, stage runs, the solver that proves them.
//! * [`net`] — games over the network (host, join, the protocol).
//! * [`study`] — game review, puzzles and puzzle ratings.
//! * [`theme`] — board themes as data, and the colour science that checks them.
//! * [`manual`] — the man pages and shell completions, generated from the command lines.
//! * `game` — the Bevy desktop game (feature `gui`).
//! * `client` — a client of the game server's protocol (feature `client`).

#[cfg(feature = "client")]
pub mod client;
pub mod commands;
pub mod engine;
#[cfg(feature = "gui")]
pub mod game;
pub mod lessons;
pub mod manual;
pub mod net;
pub mod rules;
#[cfg(feature = "server")]
pub mod server;
pub mod store;
pub mod study;
pub mod theme;
pub mod uci;
