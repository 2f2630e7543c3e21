//! Playing the computer from the web (issue 37's first slice): the engine [`pool`] that
//! searches off the async runtime, the computer's seat in a live game ([`seat`]), and the
//! hub's side: starting a game against a level, its limits, and its rematch.
//!
//! The computer is a player whose key can never be a person's (`computer:normal`: names are
//! letters, digits, `_` and `-`), so a stored game says by itself which seat is the
//! computer's and at which level, and a game brought back after a restart goes on.

pub mod pool;
pub mod seat;

use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

use crate::engine::{Level, LevelSettings, Limits, MAX_SKILL};
use crate::rules::Side;
use crate::rules::clock::TimeControl;

use super::db::{GameRow, Write, now_ms};
use super::hub::{Hub, Identity};
use super::messages::ServerMsg;
use super::{auth, variant};

pub use pool::Pool;

/// The prefix of the computer's player keys.
const KEY_PREFIX: &str = "computer:";

/// The speed of games without a clock (only ever against the computer, never rated).
pub const UNTIMED: &str = "untimed";

/// How strongly the computer plays: one of the engine's levels, or a skill level (0–20) as
/// [`LevelSettings::from_skill`] defines them, the finer steps around them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ComputerLevel {
    /// Easy, Normal or Hard.
    Named(Level),
    /// A skill level, 0 (weakest) to 20.
    Skill(u8),
}

impl ComputerLevel {
    /// The search settings: skill levels think at most a second, as Normal does.
    pub fn settings(self) -> LevelSettings {
        match self {
            ComputerLevel::Named(l) => l.settings(),
            ComputerLevel::Skill(s) => {
                LevelSettings::from_skill(s).within(&Limits::movetime(Duration::from_secs(1)))
            }
        }
    }

    /// The seat's player key (never a person's).
    pub fn key(self) -> String {
        format!("{KEY_PREFIX}{self}")
    }

    /// The name the game, the archive and the game file show.
    pub fn player_name(self) -> String {
        match self {
            ComputerLevel::Named(Level::Easy) => "Computer (Easy)".to_string(),
            ComputerLevel::Named(Level::Normal) => "Computer (Normal)".to_string(),
            ComputerLevel::Named(Level::Hard) => "Computer (Hard)".to_string(),
            ComputerLevel::Skill(s) => format!("Computer (Skill {s})"),
        }
    }

    /// The level of a player key, when it is the computer's.
    pub fn of_key(key: &str) -> Option<ComputerLevel> {
        key.strip_prefix(KEY_PREFIX)?.parse().ok()
    }
}

impl fmt::Display for ComputerLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComputerLevel::Named(l) => l.fmt(f),
            ComputerLevel::Skill(s) => write!(f, "{s}"),
        }
    }
}

impl FromStr for ComputerLevel {
    type Err = String;

    /// `easy`, `normal`, `hard`, or a skill level `0`–`20`.
    fn from_str(s: &str) -> Result<ComputerLevel, String> {
        if let Ok(level) = s.parse::<Level>() {
            return Ok(ComputerLevel::Named(level));
        }
        match s.trim().parse::<u8>() {
            Ok(n) if n <= MAX_SKILL => Ok(ComputerLevel::Skill(n)),
            _ => Err(format!(
                "unknown level: easy, normal, hard, or a skill level 0 to {MAX_SKILL}"
            )),
        }
    }
}

/// The computer's seat of a stored game: its side and level, if it plays there.
pub fn seat_of(row: &GameRow) -> Option<(Side, ComputerLevel)> {
    if let Some(l) = ComputerLevel::of_key(&row.white.0) {
        return Some((Side::White, l));
    }
    ComputerLevel::of_key(&row.black.0).map(|l| (Side::Black, l))
}

/// The hub's share: the pool (started with the first computer game, so a server nobody
/// plays the computer on runs no engine threads) and the limits' counts.
pub struct Computer {
    threads: usize,
    depth: usize,
    pool: OnceLock<Pool>,
    /// The live computer games, with the address that started each.
    by_addr: Mutex<HashMap<String, IpAddr>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Computer {
    /// `threads` engine threads (0: half the cores, at least one), `depth` jobs waiting at
    /// most before new computer games are refused.
    pub fn new(threads: usize, depth: usize) -> Computer {
        Computer {
            threads: if threads == 0 {
                pool::default_threads()
            } else {
                threads
            },
            depth,
            pool: OnceLock::new(),
            by_addr: Mutex::new(HashMap::new()),
        }
    }

    /// The pool, started on first use.
    pub fn pool(&self) -> Pool {
        self.pool
            .get_or_init(|| Pool::start(self.threads, self.depth))
            .clone()
    }
}

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

fn refuse(msg: impl Into<String>) -> ServerMsg {
    ServerMsg::error("computer", msg)
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
            return Err(refuse("that is not a level or a clock"));
        }
        let level: ComputerLevel = req.level.parse().map_err(refuse)?;
        let variant = variant::check(req.variant.as_deref(), None).map_err(refuse)?;
        if variant::is_custom(&variant) {
            return Err(refuse("the computer plays the built-in variants only"));
        }
        let tc = match req.tc.as_deref().map(str::trim) {
            None | Some("") | Some("untimed") | Some("-") => None,
            Some(t) => Some(
                t.parse::<TimeControl>()
                    .map_err(|e| refuse(e.to_string()))?,
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
            Some(_) => return Err(refuse("a colour is white, black or random")),
        };
        self.computer_limits(me, addr)?;
        self.computer
            .pool()
            .admits()
            .map_err(|why| ServerMsg::error("busy", why))?;
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
            Some(t) => super::rating::speed(t.base.as_secs_f64(), t.increment.as_secs_f64()),
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
            return Err(refuse(format!(
                "you are playing the computer {mine} times already (at most {} at once): \
                 finish a game first",
                self.limits.computer_per_player
            )));
        }
        let live: Vec<String> = self.live_ids();
        let mut by_addr = lock(&self.computer.by_addr);
        by_addr.retain(|id, _| live.contains(id));
        let from_here = by_addr.values().filter(|a| **a == addr).count();
        if from_here >= self.limits.computer_per_addr {
            return Err(refuse(format!(
                "your address plays the computer {from_here} times already (at most {} at \
                 once): finish a game first",
                self.limits.computer_per_addr
            )));
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
            return Err(ServerMsg::error(
                "not_player",
                "you did not play in that game",
            ));
        }
        if row.status == "started" {
            return Err(refuse("that game is not over"));
        }
        let req = Request {
            level: level.to_string(),
            variant: Some(row.variant.clone()),
            tc: row.tc_ms.map(super::game::tc_text),
            color: Some(super::messages::side_name(bot_side).to_string()),
        };
        self.play_computer(me, addr, &req).await.map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_round_trip_through_keys_and_name_the_level() {
        for text in ["easy", "normal", "hard", "0", "7", "20"] {
            let level: ComputerLevel = text.parse().unwrap();
            assert_eq!(ComputerLevel::of_key(&level.key()), Some(level));
            assert!(auth::check_name(&level.key()).is_some(), "a person's name?");
        }
        assert_eq!(
            ComputerLevel::Named(Level::Normal).player_name(),
            "Computer (Normal)"
        );
        assert!("21".parse::<ComputerLevel>().is_err());
        assert!("expert".parse::<ComputerLevel>().is_err());
        assert_eq!(ComputerLevel::of_key("normal"), None);
    }

    #[test]
    fn skill_levels_think_within_a_second() {
        let s = ComputerLevel::Skill(20).settings();
        assert_eq!(s.limits.movetime, Some(Duration::from_secs(1)));
    }
}
