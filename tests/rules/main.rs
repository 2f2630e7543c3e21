//! The rules, records, variants, saves, puzzles, lessons and review, without a window.
//! One test binary for the group, so CI links (and stores) one executable instead of one per file.
#![allow(
    clippy::unwrap_used,
    reason = "a test fails loudly on what it did not expect; its helpers outside #[test] too"
)]

#[path = "../common/mod.rs"]
mod common;

mod docs_links;
mod fuzz_regressions;
mod lessons;
mod mime;
mod outcome_agreement;
mod puzzles;
mod record_undo;
mod records;
mod records_broken;
mod review;
mod rules_game;
mod rules_properties;
mod rules_text;
mod store;
mod variants;
