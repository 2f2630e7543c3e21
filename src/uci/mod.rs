//! The Universal Chess Interface, Parachess variant (`UCI_Variant parachess`): how the engine
//! talks to other programs and how the program talks to other engines. No Bevy.
//!
//! * [`command`]: the commands as typed values, read and written by the same code.
//! * [`run`]: `parachess uci`, the engine behind stdin and stdout (or any reader and writer,
//!   so tests drive it in-process).
//! * [`UciClient`]: starts an engine program and asks it for moves, with time limits (used by
//!   `parachess match` and the game window's `--engine`).
//!
//! Positions are position text (rule book §8) and moves are in coordinate form (`c4d3`,
//! `j2k2q`), as `docs/PROTOCOL.md` describes.

mod client;
pub mod command;
mod server;

pub use client::{UciClient, UciError, UciMove, UciStopper};
pub use command::{Command, CommandError, Go};
pub use server::{MAX_MULTIPV, run, uci_variant_name};

/// The variant name of the `UCI_Variant` option.
pub const VARIANT: &str = "parachess";

/// Longest line either side reads (longer ones are refused or cut): a game of a thousand moves
/// fits many times over.
pub const MAX_LINE_BYTES: usize = 1 << 20;
