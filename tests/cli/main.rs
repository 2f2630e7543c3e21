//! The command line, the engine, UCI and direct network play.
//! One test binary for the group, so CI links (and stores) one executable instead of one per file.
#![allow(
    clippy::unwrap_used,
    reason = "a test fails loudly on what it did not expect; its helpers outside #[test] too"
)]

#[path = "../common/mod.rs"]
mod common;

mod cli_args;
mod cli_match;
mod cli_perft;
mod datagen_args;
mod engine;
mod engine_analysis;
mod engine_options;
mod match_movetime;
mod net;
mod net_seat;
mod net_variants;
mod themes;
mod train;
mod uci;
