//! The hub's side of playing the computer: starting a game against a level (checked against
//! the limits per player and per address, and the engine queue's bound), and its rematch.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use crate::rules::Side;
use crate::rules::clock::TimeControl;

use super::super::computer::{ComputerLevel, UNTIMED, lock, seat_of};
use super::super::db::{GameRow, Write, now_ms};
use super::super::messages::ServerMsg;
use super::super::refusals::{self, Said};
use super::super::{auth, variant};
use super::{Hub, Identity};

/// What a player asks for: `play_computer`'s fields.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The level's text.
    pub level: String,
    /// A built-in variant's name (default Parachess).
    pub variant: Option<String>,
    /// A live time control, or none: untimed.
    pub tc: Option<String>,
    /// `white`, `black` or `random` (the default).
    pub color: Option<String>,
}

/// A refusal of the game, said in both languages.
fn refuse(why: Said) -> ServerMsg {
    why.error("computer")
}

impl Hub {
    /// Starts a casual game of `me` against the computer, from `addr`: its id (the player
    /// is told `started` as for any game).
    pub async fn play_computer(
        self: &Arc<Hub>,
        me: &Identity,
        addr: IpAddr,
        req: &Request,
    ) -> Result<String, ServerMsg> {
        if req.level.len() > 16 || req.tc.as_ref().is_some_and(|t| t.len() > 16) {
            return Err(refuse(Said::new("computer-too-long", &[])));
        }
        let level: ComputerLevel = req
            .level
            .parse()
            .map_err(|e: String| refuse(refusals::level_error(&req.level, e)))?;
        let variant = variant::check(req.variant.as_deref(), None).map_err(refuse)?;
        if variant::is_custom(&variant) {
            return Err(refuse(Said::new("computer-built-in", &[])));
        }
        let tc = match req.tc.as_deref().map(str::trim) {
            None | Some("") | Some("untimed") | Some("-") => None,
            Some(t) => Some(
                t.parse::<TimeControl>()
                    .map_err(|e| refuse(refusals::clock_error(t, &e)))?,
            ),
        };
        let side = match req.color.as_deref() {
            Some("white") => Side::White,
            Some("black") => Side::Black,
            None | Some("random") => {
                if auth::random_id(1).is_some_and(|h| h.as_bytes()[0] % 2 == 0) {
                    Side::White
                } else {
                    Side::Black
                }
            }
            Some(c) => {
                return Err(refuse(refusals::colour_error(
                    c,
                    "a colour is white, black or random",
                )));
            }
        };
        self.computer_limits(me, addr)?;
        self.computer
            .pool()
            .admits()
            .map_err(|why| why.error("busy"))?;
        let bot = Identity {
            key: level.key(),
            name: level.player_name(),
            guest: false,
        };
        let (white, black) = match side {
            Side::White => (me, &bot),
            Side::Black => (&bot, me),
        };
        let id = auth::random_id(8).ok_or_else(|| ServerMsg::error("busy", "no randomness"))?;
        let (variant, rules) = variant::for_game(&variant).map_err(refuse)?;
        let game = variant::new_game(rules);
        let speed = match tc {
            Some(t) => super::super::rating::speed(t.base.as_secs_f64(), t.increment.as_secs_f64()),
            None => UNTIMED,
        };
        let now = now_ms();
        let ms = |d: Duration| d.as_millis() as i64;
        let row = GameRow {
            id: id.clone(),
            variant,
            white: (white.key.clone(), white.name.clone()),
            black: (black.key.clone(), black.name.clone()),
            rated: false,
            tc_ms: tc.map(|t| (ms(t.base), ms(t.increment))),
            days: None,
            speed: speed.to_string(),
            start: game.start_position().to_string(),
            status: "started".to_string(),
            result: None,
            reason: None,
            created_ms: now,
            ended_ms: None,
            clocks_ms: tc.map(|t| (ms(t.base), ms(t.base))),
            last_ms: now,
            owner: self.instance.clone(),
            tournament: None,
            berserk: None,
        };
        self.writer
            .write(Write::Game(Box::new(row.clone())))
            .await
            .map_err(|e| ServerMsg::error("db", e))?;
        lock(&self.computer.by_addr).insert(id.clone(), addr);
        self.start_game(row, game, &[(me, side)]);
        Ok(id)
    }

    /// Refuses a new computer game when the player or the address has as many live ones as
    /// the limits allow.
    fn computer_limits(&self, me: &Identity, addr: IpAddr) -> Result<(), ServerMsg> {
        let mine = self
            .live_handles()
            .iter()
            .filter(|h| {
                (h.white == me.key && ComputerLevel::of_key(&h.black).is_some())
                    || (h.black == me.key && ComputerLevel::of_key(&h.white).is_some())
            })
            .count();
        if mine >= self.limits.computer_per_player {
            return Err(refusals::refused(
                "computer",
                "computer-per-player",
                &[
                    ("n", &mine.to_string()),
                    ("max", &self.limits.computer_per_player.to_string()),
                ],
            ));
        }
        let live: Vec<String> = self.live_ids();
        let mut by_addr = lock(&self.computer.by_addr);
        by_addr.retain(|id, _| live.contains(id));
        let from_here = by_addr.values().filter(|a| **a == addr).count();
        if from_here >= self.limits.computer_per_addr {
            return Err(refusals::refused(
                "computer",
                "computer-per-address",
                &[
                    ("n", &from_here.to_string()),
                    ("max", &self.limits.computer_per_addr.to_string()),
                ],
            ));
        }
        Ok(())
    }

    /// A rematch of a finished game against the computer: the same level, variant and clock,
    /// colours swapped. `None` when the game was not against the computer.
    pub async fn computer_rematch(
        self: &Arc<Hub>,
        me: &Identity,
        addr: IpAddr,
        game_id: &str,
    ) -> Result<Option<String>, ServerMsg> {
        let Some(row) = self
            .db
            .game(game_id)
            .await
            .map_err(|e| ServerMsg::error("db", e.to_string()))?
        else {
            return Ok(None);
        };
        let Some((bot_side, level)) = seat_of(&row) else {
            return Ok(None);
        };
        let mine = match bot_side {
            Side::White => &row.black.0,
            Side::Black => &row.white.0,
        };
        if *mine != me.key {
            return Err(refusals::refused("not_player", "not-player-then", &[]));
        }
        if row.status == "started" {
            return Err(refusals::refused("computer", "computer-not-over", &[]));
        }
        let req = Request {
            level: level.to_string(),
            variant: Some(row.variant.clone()),
            tc: row.tc_ms.map(super::super::game::tc_text),
            color: Some(super::super::messages::side_name(bot_side).to_string()),
        };
        self.play_computer(me, addr, &req).await.map(Some)
    }
}
