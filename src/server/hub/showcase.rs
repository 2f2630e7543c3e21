//! Something to watch: while no player's game is being played, the computer plays itself
//! (two levels, a new pair when a game ends) so the lobby's "being played now" is not empty.
//! With several instances one of them plays it for the site (the one holding the `showcase`
//! lease), and only while no game of a person's has moved anywhere for a few minutes.
//! Its moves are searched only when no player's move waits ([`Pool::submit_idle`]), it is
//! casual, and it is archived like any game (its players' names say it was the computer:
//! keeping it out of the database would need a game task that writes nothing, a second kind of
//! game; the archive's player filter leaves these out).
//!
//! [`Pool::submit_idle`]: super::super::computer::Pool::submit_idle

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::super::auth;
use super::super::computer::ComputerLevel;
use super::super::db::{GameRow, Write, now_ms};
use super::super::{rating, variant};
use super::Hub;
use crate::engine::Level;

/// How often the hub looks whether a showcase game is wanted.
const LOOK_EVERY: Duration = Duration::from_secs(5);
/// The site's lease on the showcase: renewed at every look, it lasts three.
pub const LEASE: &str = "showcase";
const LEASE_MS: i64 = 3 * LOOK_EVERY.as_millis() as i64;
/// A game elsewhere with a move this recent is being played.
const PLAYED_WITHIN_MS: i64 = 5 * 60_000;
/// A showcase game elsewhere that has not moved for this long has stopped (its instance did):
/// a new one may start.
const SHOWCASE_STALE_MS: i64 = 60_000;
/// The showcase's clock: a blitz game (each side charged its searches only).
const CLOCK_MS: (i64, i64) = (180_000, 2_000);

/// The pairs that take turns, White's level first.
const PAIRS: [(ComputerLevel, ComputerLevel); 4] = [
    (ComputerLevel::Skill(4), ComputerLevel::Skill(8)),
    (
        ComputerLevel::Named(Level::Normal),
        ComputerLevel::Named(Level::Easy),
    ),
    (ComputerLevel::Skill(12), ComputerLevel::Skill(16)),
    (ComputerLevel::Named(Level::Easy), ComputerLevel::Skill(6)),
];

static NEXT_PAIR: AtomicUsize = AtomicUsize::new(0);

fn computer_only(white: &str, black: &str) -> bool {
    ComputerLevel::of_key(white).is_some() && ComputerLevel::of_key(black).is_some()
}

impl Hub {
    /// Looks every few seconds, for as long as the hub lives, whether to start a showcase game.
    pub fn start_showcase(self: &Arc<Hub>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(LOOK_EVERY);
            loop {
                tick.tick().await;
                let Some(hub) = weak.upgrade() else { return };
                if let Err(e) = hub.showcase_step().await {
                    tracing::warn!("showcase game not started: {e}");
                }
            }
        });
    }

    /// Starts a showcase game when none is being played and no player's game is either.
    async fn showcase_step(self: &Arc<Hub>) -> Result<(), String> {
        let now = now_ms();
        let site = self.bus.is_some();
        if site
            && !self
                .db
                .take_site_lease(LEASE, &self.instance, now, now + LEASE_MS)
                .await
                .map_err(|e| e.to_string())?
        {
            return Ok(());
        }
        // Someone plays here (a person, or a person against the computer), or the showcase
        // does: nothing to add.
        // (A game just over stays a while for late requests: it does not count.)
        if self.live_handles().iter().any(|h| !h.has_ended()) {
            return Ok(());
        }
        if site {
            let elsewhere = self
                .db
                .played_elsewhere(&self.instance, now - PLAYED_WITHIN_MS, 50)
                .await
                .map_err(|e| e.to_string())?;
            let wanted = elsewhere.iter().all(|g| {
                computer_only(&g.white.0, &g.black.0) && g.last_ms < now - SHOWCASE_STALE_MS
            });
            if !wanted {
                return Ok(());
            }
        }
        let (white, black) = PAIRS[NEXT_PAIR.fetch_add(1, Ordering::Relaxed) % PAIRS.len()];
        let id = auth::random_id(8).ok_or("no randomness")?;
        let (variant, rules) = variant::for_game(&variant::check(None, None)?)?;
        let game = variant::new_game(rules);
        let now = now_ms();
        let row = GameRow {
            id,
            variant,
            white: (white.key(), white.player_name()),
            black: (black.key(), black.player_name()),
            rated: false,
            tc_ms: Some(CLOCK_MS),
            days: None,
            speed: rating::speed(CLOCK_MS.0 as f64 / 1000.0, CLOCK_MS.1 as f64 / 1000.0)
                .to_string(),
            start: game.start_position().to_string(),
            status: "started".to_string(),
            result: None,
            reason: None,
            created_ms: now,
            ended_ms: None,
            clocks_ms: Some((CLOCK_MS.0, CLOCK_MS.0)),
            last_ms: now,
            owner: self.instance.clone(),
            tournament: None,
            berserk: None,
        };
        self.writer
            .write(Write::Game(Box::new(row.clone())))
            .await
            .map_err(|e| e.to_string())?;
        tracing::info!(game = %row.id, "showcase game started");
        self.start_game(row, game, &[]);
        Ok(())
    }
}
