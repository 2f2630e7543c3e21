//! Moves, takebacks and the game's end, each committed before it is told.

use super::{Actor, Event, NO_SHOW};
use crate::rules::record::termination_name;
use crate::rules::{Outcome, Side};
use crate::server::db::{RatedEnd, Write, now_ms};
use crate::server::messages::{Moved, ServerMsg};
use crate::server::refusals;
use crate::server::routes;
use crate::server::variant;

impl Actor {
    pub(super) fn plies_by(&self, side: Side) -> usize {
        let first = self.game.start_position().turn();
        let n = self.game.plies().len();
        if side == first { n.div_ceil(2) } else { n / 2 }
    }

    pub(super) async fn play(&mut self, side: Side, n: u32, text: &str) -> Result<(), ServerMsg> {
        let plies = self.game.plies().len();
        if (n as usize) < plies {
            // Sent again after a reconnection: already played, nothing to do.
            let first = self.game.start_position().turn();
            let mover = if n.is_multiple_of(2) { first } else { !first };
            if mover == side && self.game.plies()[n as usize].mv.to_string() == text.trim() {
                return Ok(());
            }
            return Err(refusals::refused(
                "stale",
                "stale-played",
                &[("n", &n.to_string())],
            ));
        }
        if n as usize > plies {
            return Err(refusals::refused(
                "stale",
                "stale-next",
                &[("next", &plies.to_string()), ("n", &n.to_string())],
            ));
        }
        if self.game.position().turn() != side {
            return Err(refusals::refused("not_your_turn", "not-your-move", &[]));
        }
        let mv = self
            .game
            .position()
            .parse_move(text)
            .map_err(|e| refusals::move_text_error(&e).error("illegal"))?;
        // The route of the move from the position it is played in, for the web followers.
        let route = routes::route_view(self.game.position(), mv);
        let now = self.now();
        let before = self.clocks.clone();
        let mut clock_ms = None;
        if let Some(c) = &mut self.clocks {
            match c.moved(now) {
                Ok(left) => clock_ms = Some(left.as_millis() as i64),
                Err(_) => {
                    self.flag_fall().await;
                    return Err(refusals::refused("over", "time-ran-out", &[]));
                }
            }
            c.resume(now);
        }
        let (mv_text, after_text) = match self.game.play(mv) {
            Ok(ply) => (ply.mv.to_string(), ply.text.clone()),
            Err(e) => {
                self.clocks = before;
                return Err(refusals::play_error(&e).error("illegal"));
            }
        };
        let at_ms = now_ms();
        let write = Write::Move {
            game: self.row.id.clone(),
            ply: plies as i64,
            mv: mv_text.clone(),
            clock_ms,
            at_ms,
            clocks_ms: self.clocks_ms(),
        };
        if let Err(e) = self.writer.write(write).await {
            self.game.undo();
            self.clocks = before;
            return Err(ServerMsg::error(
                "db",
                format!("the move could not be saved: {e}"),
            ));
        }
        self.row.last_ms = at_ms;
        self.draw = None;
        self.takeback = None;
        let over = self.game.outcome();
        let moved = Moved {
            game: self.row.id.clone(),
            n: plies as u32,
            mv: mv_text,
            text: after_text,
            position: self.game.position().to_string(),
            legal: if over.is_some() {
                Vec::new()
            } else {
                self.game
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect()
            },
            clocks: self.clock_view(),
            deadline: self.deadline(),
            route: None,
            routes: None,
        };
        let routed = Moved {
            route: Some(route),
            // In the order of `legal`, which lists the legal moves (none once it is over).
            routes: Some(if over.is_some() {
                Vec::new()
            } else {
                routes::legal_routes(self.game.position())
            }),
            ..moved.clone()
        };
        self.publish(Event {
            plain: ServerMsg::Moved(Box::new(moved)).to_json().into(),
            routed: Some(ServerMsg::Moved(Box::new(routed)).to_json().into()),
        });
        if let Some(outcome) = over {
            self.finish(outcome).await;
        }
        Ok(())
    }

    pub(super) async fn take_back(&mut self, requester: Side) -> Result<(), ServerMsg> {
        let count = if self.game.position().turn() == requester {
            2
        } else {
            1
        };
        let plies = self.game.plies().len();
        if plies < count {
            return Err(refusals::refused("offer", "takeback-nothing", &[]));
        }
        let backup = self.game.clone();
        for _ in 0..count {
            self.game.undo();
        }
        let now = self.now();
        let before = self.clocks.clone();
        if let Some(c) = &mut self.clocks {
            c.switch_to(self.game.position().turn(), now);
        }
        let at_ms = now_ms();
        let write = Write::Takeback {
            game: self.row.id.clone(),
            from_ply: (plies - count) as i64,
            clocks_ms: self.clocks_ms(),
            at_ms,
        };
        if let Err(e) = self.writer.write(write).await {
            self.game = backup;
            self.clocks = before;
            return Err(ServerMsg::error("db", e));
        }
        self.row.last_ms = at_ms;
        self.takeback = None;
        self.draw = None;
        let view = self.view();
        let mut routed = view.clone();
        routes::add_game_routes(&mut routed, &self.game);
        self.publish(Event {
            plain: ServerMsg::Game(Box::new(view)).to_json().into(),
            routed: Some(ServerMsg::Game(Box::new(routed)).to_json().into()),
        });
        Ok(())
    }

    /// The game ended by `outcome` (already recorded in `self.game`).
    pub(super) async fn finish(&mut self, outcome: Outcome) {
        let reason = termination_name(outcome);
        let _ = self
            .end("over", outcome.result_text(), reason, Some(outcome))
            .await;
    }

    /// A tournament game whose side to move never made its first move: that side loses (a
    /// tournament game is never aborted); the tournament's director withdraws the player.
    pub(super) async fn no_show(&mut self) {
        let loser = self.game.position().turn();
        let result = if loser == Side::White { "0-1" } else { "1-0" };
        let winner = Outcome::Resignation { winner: !loser };
        let _ = self.end("over", result, NO_SHOW, Some(winner)).await;
    }

    pub(super) async fn end(
        &mut self,
        status: &'static str,
        result: &str,
        reason: &str,
        outcome: Option<Outcome>,
    ) -> Result<(), ServerMsg> {
        if let Some(c) = &mut self.clocks {
            c.pause(self.epoch.elapsed());
        }
        let rated = (self.row.rated && status == "over").then(|| RatedEnd {
            white: self.row.white.0.clone(),
            black: self.row.black.0.clone(),
            variant: variant::pool(&self.row.variant),
            speed: self.row.speed.clone(),
            white_score: match outcome.and_then(|o| o.winner()) {
                Some(Side::White) => 1.0,
                Some(Side::Black) => 0.0,
                None => 0.5,
            },
        });
        let write = Write::End {
            game: self.row.id.clone(),
            status,
            result: result.to_string(),
            reason: reason.to_string(),
            clocks_ms: self.clocks_ms(),
            rated,
        };
        self.writer
            .write(write)
            .await
            .map_err(|e| ServerMsg::error("db", e))?;
        tracing::info!(game = %self.row.id, result, reason, "game {status}");
        self.row.status = status.to_string();
        self.ended.store(true, std::sync::atomic::Ordering::Relaxed);
        self.row.result = Some(result.to_string());
        self.row.reason = Some(reason.to_string());
        self.announce(&ServerMsg::End {
            game: self.row.id.clone(),
            result: result.to_string(),
            reason: reason.to_string(),
        });
        Ok(())
    }
}
