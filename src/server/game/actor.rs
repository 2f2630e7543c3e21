//! The game task's loop: requests, timers, offers and what followers see.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use super::record::view_of;
use super::{Actor, Cmd, Event, LINGER, Req};
use crate::rules::{Outcome, Side};
use crate::server::computer::seat::{self, Thinking};
use crate::server::db::now_ms;
use crate::server::messages::{ClockView, GameView, ServerMsg, side_name};
use crate::server::refusals;
use crate::server::routes;

impl Actor {
    pub(super) fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    pub(super) fn clock_view(&self) -> Option<ClockView> {
        let now = self.now();
        self.clocks.as_ref().map(|c| {
            let r = c.reading(now);
            ClockView {
                white: r.remaining[0].as_millis() as u64,
                black: r.remaining[1].as_millis() as u64,
                running: if self.row.status == "started" {
                    r.running.map(side_name)
                } else {
                    None
                },
            }
        })
    }

    pub(super) fn clocks_ms(&self) -> Option<(i64, i64)> {
        self.clock_view().map(|c| (c.white as i64, c.black as i64))
    }

    /// Correspondence: when the side to move runs out of time.
    pub(super) fn deadline(&self) -> Option<i64> {
        self.row.days.map(|d| {
            self.row
                .last_ms
                .saturating_add(d.saturating_mul(86_400_000))
        })
    }

    pub(super) fn view(&self) -> GameView {
        view_of(
            &self.row,
            &self.game,
            self.clock_view(),
            self.deadline(),
            self.draw,
            self.takeback,
        )
    }

    /// The whole game as a `game` message, with the routes the web page draws or without.
    pub(super) fn snapshot(&self, with_routes: bool) -> Arc<str> {
        let mut view = self.view();
        if with_routes {
            routes::add_game_routes(&mut view, &self.game);
        }
        ServerMsg::Game(Box::new(view)).to_json().into()
    }

    pub(super) fn announce(&self, msg: &ServerMsg) {
        self.publish(Event::plain(msg.to_json().into()));
    }

    /// To the followers here, and through the bus to those on other instances (without
    /// routes: the instance relaying them adds its own).
    pub(super) fn publish(&self, event: Event) {
        if let Some(bus) = &self.bus {
            bus.event(&self.row.id, &event.plain);
        }
        let _ = self.events.send(event);
    }

    pub(super) fn live(&self) -> bool {
        self.row.status == "started"
    }

    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<Req>) {
        let mut thinking: Option<Thinking> = None;
        // When a player last asked anything of the game (or the computer last moved).
        let mut touched = tokio::time::Instant::now();
        loop {
            self.computer_think(&mut thinking);
            // When the side to move runs out of time, if a clock runs.
            let flag_in = if self.live() {
                match (&self.clocks, self.deadline()) {
                    (Some(c), _) => match (c.time_to_flag(self.now()), self.abort_in()) {
                        (Some(f), Some(a)) => Some(f.min(a)),
                        (f, a) => f.or(a),
                    },
                    (None, Some(deadline)) => {
                        Some(Duration::from_millis((deadline - now_ms()).max(0) as u64))
                    }
                    _ => None,
                }
            } else {
                Some(LINGER)
            };
            let adjourn_in = match thinking {
                Some(_) => None,
                None => self.adjourn_in(touched),
            };
            let wake_in = [flag_in, self.offer_expires_in(), adjourn_in]
                .into_iter()
                .flatten()
                .min();
            let sleep = tokio::time::sleep(wake_in.unwrap_or(Duration::from_secs(86_400)));
            tokio::select! {
                req = rx.recv() => {
                    let Some(req) = req else { return };
                    if req.side.is_some() {
                        touched = tokio::time::Instant::now();
                    }
                    let answer = self.handle(req.side, req.cmd).await;
                    let _ = req.reply.send(answer);
                }
                (ply, answer) = seat::answer(&mut thinking) => {
                    self.computer_moved(ply, answer).await;
                    touched = tokio::time::Instant::now();
                }
                _ = sleep, if wake_in.is_some() => {
                    if !self.live() {
                        return;
                    }
                    if self.expire_offers() {
                        continue;
                    }
                    if self.abort_in().is_some_and(|d| d.is_zero()) {
                        if self.row.tournament.is_some() {
                            self.no_show().await;
                        } else {
                            let _ = self.end("aborted", "*", "aborted", None).await;
                        }
                        continue;
                    }
                    if self.adjourn_in(touched).is_some_and(|d| d.is_zero()) {
                        tracing::info!(game = %self.row.id, "adjourned: untouched for {:?}", self.adjourn_after);
                        return;
                    }
                    self.flag_fall().await;
                }
            }
        }
    }

    /// A live game where a side has not made its first move is aborted after
    /// the server's first-move wait without a move (as lichess does): how long until then.
    pub(super) fn abort_in(&self) -> Option<Duration> {
        if self.clocks.is_none() || self.game.plies().len() >= 2 || self.computer_to_move() {
            return None;
        }
        let since = now_ms().saturating_sub(self.row.last_ms).max(0) as u64;
        Some(self.first_move.saturating_sub(Duration::from_millis(since)))
    }

    /// An untimed game against the computer untouched since `touched` is adjourned after the
    /// server's wait (its task ends; the game is kept): how long until then.
    pub(super) fn adjourn_in(&self, touched: tokio::time::Instant) -> Option<Duration> {
        if !self.live() || !super::adjournable(&self.row) {
            return None;
        }
        Some((touched + self.adjourn_after).saturating_duration_since(tokio::time::Instant::now()))
    }

    /// How long until the first standing offer lapses, in a live game.
    pub(super) fn offer_expires_in(&self) -> Option<Duration> {
        if !self.live() {
            return None;
        }
        let now = self.now();
        [(self.draw, self.draw_at), (self.takeback, self.takeback_at)]
            .into_iter()
            .filter(|(by, _)| by.is_some())
            .map(|(_, at)| (at + self.offer_for).saturating_sub(now))
            .min()
    }

    /// Withdraws the offers unanswered for the offer time, telling everyone; whether any was.
    pub(super) fn expire_offers(&mut self) -> bool {
        let now = self.now();
        let due = |by: Option<Side>, at: Duration| by.is_some() && at + self.offer_for <= now;
        let mut gone = Vec::new();
        if due(self.draw, self.draw_at) {
            self.draw = None;
            gone.push("draw");
        }
        if due(self.takeback, self.takeback_at) {
            self.takeback = None;
            gone.push("takeback");
        }
        let any = !gone.is_empty();
        for kind in gone {
            self.announce(&ServerMsg::OfferGone {
                game: self.row.id.clone(),
                kind: kind.into(),
                reason: "expired".into(),
                id: None,
            });
        }
        any
    }

    /// The side to move's time is up (checked again: a move may have just come in).
    pub(super) async fn flag_fall(&mut self) {
        let side = self.game.position().turn();
        let fallen = match (&self.clocks, self.deadline()) {
            (Some(c), _) => c.flagged(self.now()) == Some(side),
            (None, Some(d)) => now_ms() >= d,
            _ => false,
        };
        if fallen && let Ok(outcome) = self.game.flag(side) {
            self.finish(outcome).await;
        }
    }

    pub(super) async fn handle(
        &mut self,
        side: Option<Side>,
        cmd: Cmd,
    ) -> Result<Option<Arc<str>>, ServerMsg> {
        if let Cmd::Snapshot { routes } = cmd {
            return Ok(Some(self.snapshot(routes)));
        }
        let Some(side) = side else {
            return Err(refusals::refused("not_player", "not-player", &[]));
        };
        if !self.live() {
            return Err(refusals::refused("over", "game-over", &[]));
        }
        match cmd {
            Cmd::Snapshot { routes } => Ok(Some(self.snapshot(routes))),
            Cmd::Move { n, mv } => self.play(side, n, &mv).await.map(|_| None),
            Cmd::Resign => {
                self.game
                    .resign(side)
                    .map_err(|e| refusals::play_error(&e).error("over"))?;
                self.finish(Outcome::Resignation { winner: !side }).await;
                Ok(None)
            }
            Cmd::Abort => {
                if self.row.tournament.is_some() {
                    return Err(refusals::refused("tournament", "abort-tournament", &[]));
                }
                if self.game.plies().len() >= 2 {
                    return Err(refusals::refused("over", "abort-late", &[]));
                }
                self.end("aborted", "*", "aborted", None).await?;
                Ok(None)
            }
            Cmd::Berserk => self.berserk(side).await.map(|_| None),
            Cmd::Draw => {
                if self.draw == Some(!side) {
                    self.game
                        .agree_draw()
                        .map_err(|e| refusals::play_error(&e).error("over"))?;
                    self.finish(Outcome::Agreement).await;
                } else if self.draw.is_none() {
                    self.draw = Some(side);
                    self.draw_at = self.now();
                    self.announce(&ServerMsg::Offer {
                        game: self.row.id.clone(),
                        kind: "draw".into(),
                        by: side_name(side),
                    });
                }
                self.computer_answers().await?;
                Ok(None)
            }
            Cmd::DrawNo => {
                if self.draw == Some(!side) {
                    self.draw = None;
                    self.announce(&ServerMsg::OfferGone {
                        game: self.row.id.clone(),
                        kind: "draw".into(),
                        reason: "declined".into(),
                        id: None,
                    });
                }
                Ok(None)
            }
            Cmd::Takeback => {
                if self.takeback == Some(!side) {
                    self.take_back(!side).await?;
                } else if self.takeback.is_none() {
                    let own_moves = self.plies_by(side);
                    if own_moves == 0 {
                        return Err(refusals::refused("offer", "takeback-none", &[]));
                    }
                    self.takeback = Some(side);
                    self.takeback_at = self.now();
                    self.announce(&ServerMsg::Offer {
                        game: self.row.id.clone(),
                        kind: "takeback".into(),
                        by: side_name(side),
                    });
                }
                self.computer_answers().await?;
                Ok(None)
            }
            Cmd::TakebackNo => {
                if self.takeback == Some(!side) {
                    self.takeback = None;
                    self.announce(&ServerMsg::OfferGone {
                        game: self.row.id.clone(),
                        kind: "takeback".into(),
                        reason: "declined".into(),
                        id: None,
                    });
                }
                Ok(None)
            }
        }
    }
}
