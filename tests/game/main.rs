//! The game in a headless Bevy App, and offscreen rendering (screenshots, frame figures).
//! One test binary for the group, so CI links (and stores) one executable instead of one per file.
#![cfg(feature = "gui")]
#![allow(
    clippy::unwrap_used,
    reason = "a test fails loudly on what it did not expect; its helpers outside #[test] too"
)]

#[path = "../common/mod.rs"]
mod common;

mod frame_bench;
mod game_access;
mod game_aids;
mod game_armies;
mod game_headless;
mod game_learn;
mod game_monkey;
mod game_saves;
mod keyboard;
// Against a real `parachess-server`, which only the `server` feature builds.
#[cfg(feature = "server")]
mod game_server;
mod game_settings;
mod game_studio;
mod game_study;
mod game_versus;
mod game_view;
mod screenshot;
mod themes;
