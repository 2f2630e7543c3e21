//! The game server over SQLite and a private PostgreSQL (one for the whole binary).
//! One test binary for the group, so CI links (and stores) one executable instead of one per file.
#![allow(
    clippy::unwrap_used,
    reason = "a test fails loudly on what it did not expect; its helpers outside #[test] too"
)]

#[macro_use]
mod server_support;

mod adjourn;
mod analysis;
mod blind;
mod bots;
mod computer;
mod durability;
mod friend;
mod game;
mod hostile;
mod instances;
mod lessons;
mod link;
mod metrics;
mod packaging;
mod puzzles;
mod routes;
mod showcase;
mod tournaments;
mod variants;
mod web;
mod workers;
