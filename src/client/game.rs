//! A server game as a front end follows it: the server's JSON (`game`, `moved`, `offer`,
//! `offer_gone`, `end`) read into the same [`NetEvent`]s direct network play uses, so one
//! checked copy ([`NetGame`]) serves both and the rules check every step. A message the rules
//! refuse changes nothing and says why.

use std::time::Duration;

use super::ClientError;
use super::messages::{ClockView, GameView, ServerMsg};
use crate::net::{NetEvent, NetGame, NetState, outcome_from_result};
use crate::rules::clock::{ClockReading, TimeControl};
use crate::rules::record::Tags;
use crate::rules::{Game, Position, Side, Variant};

/// The longest variant definition a game message may carry (the server's own bound).
const MAX_DEF: usize = 4096;

/// The longest name, id or label read from a message (longer ones are cut).
const MAX_TEXT: usize = 64;

/// One game on a server, followed.
#[derive(Clone, Debug)]
pub struct ServerGame {
    /// Its id on the server.
    pub id: String,
    /// The checked copy. A spectator's `you` is White (the board's usual way up).
    pub net: NetGame,
    /// The side this player has, or `None` when watching.
    pub seat: Option<Side>,
    /// White's and Black's names.
    pub names: [String; 2],
    /// The variant's name.
    pub variant: String,
    /// Rated or casual.
    pub rated: bool,
    /// Correspondence days per move (`None`: a live game with a clock).
    pub days: Option<u32>,
    /// `bullet`, `blitz`, `rapid`, `classical` or `correspondence`.
    pub speed: String,
    /// Correspondence: when the side to move runs out of time (Unix milliseconds).
    pub deadline: Option<i64>,
    /// Ended without a result (aborted before both sides moved).
    pub aborted: bool,
    /// A tournament's game, which cannot be aborted (a side that never moves loses).
    pub tournament: bool,
}

/// Text from a message field, one printable line of bounded length.
fn text(s: &str) -> String {
    crate::net::wire::clip(s).chars().take(MAX_TEXT).collect()
}

fn bad(what: impl Into<String>) -> ClientError {
    ClientError::Unexpected(what.into())
}

fn side_of(name: Option<&str>) -> Option<Side> {
    match name {
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        _ => None,
    }
}

/// The clocks a message carries (milliseconds left and whose runs).
fn reading(clocks: Option<&ClockView>) -> Option<ClockReading> {
    let c = clocks?;
    Some(ClockReading {
        remaining: [
            Duration::from_millis(c.white),
            Duration::from_millis(c.black),
        ],
        running: side_of(c.running.as_deref()),
    })
}

/// The variant a game message names: its own definition, or a built-in by name.
fn variant_of(v: &GameView) -> Result<&'static Variant, ClientError> {
    if let Some(def) = &v.variant_def {
        if def.len() > MAX_DEF {
            return Err(bad("a variant definition longer than a server sends"));
        }
        return Variant::from_inline_toml(def).map_err(|e| bad(format!("its variant: {e}")));
    }
    let name = v.variant.as_str();
    if name.eq_ignore_ascii_case("parachess") {
        return Ok(Variant::parachess());
    }
    Variant::named(name).map_err(|e| bad(format!("its variant: {e}")))
}

impl ServerGame {
    /// A game from a `game` message, seen by player `me` (a spectator unless it is one of
    /// the two names), at `now` (the front end's clock, for the running side's time).
    pub fn from_message(v: &GameView, me: &str, now: Duration) -> Result<ServerGame, ClientError> {
        let id = text(&v.id);
        if id.is_empty() {
            return Err(bad("a game without an id"));
        }
        let names = [text(&v.white), text(&v.black)];
        let seat = if names[0] == me {
            Some(Side::White)
        } else if names[1] == me {
            Some(Side::Black)
        } else {
            None
        };
        let you = seat.unwrap_or(Side::White);
        let state = Self::state(v, you, &names)?;
        let mut game = ServerGame {
            id,
            net: NetGame::from_state(&state, now),
            seat,
            names,
            variant: text(&v.variant),
            rated: v.rated,
            days: v.days,
            speed: text(&v.speed),
            deadline: v.deadline,
            aborted: false,
            tournament: v.tournament.is_some(),
        };
        game.conclude_from(v)?;
        game.offers_from(v);
        Ok(game)
    }

    /// The game a `game` message describes, every move checked by the rules.
    fn state(v: &GameView, you: Side, names: &[String; 2]) -> Result<NetState, ClientError> {
        let variant = variant_of(v)?;
        let start = Position::parse_in(&v.start, variant)
            .map_err(|e| bad(format!("its start position: {e}")))?;
        let mut game = Game::from_position(start);
        for (i, m) in v.moves.iter().enumerate() {
            game.play_text(m)
                .map_err(|e| bad(format!("its move {} ({m}): {e}", i + 1)))?;
        }
        let control = match v.tc.as_deref() {
            Some(tc) => Some(
                tc.parse::<TimeControl>()
                    .map_err(|e| bad(format!("its clock: {e}")))?,
            ),
            None => None,
        };
        Ok(NetState {
            game,
            you,
            control,
            clock: reading(v.clocks.as_ref()),
            opponent: names[(!you).index()].clone(),
        })
    }

    /// A whole-game message's result, checked against the board.
    fn conclude_from(&mut self, v: &GameView) -> Result<(), ClientError> {
        match v.status.as_str() {
            "aborted" => self.aborted = true,
            "over" => {
                let result = v.result.as_deref().unwrap_or_default();
                let reason = v.reason.as_deref().unwrap_or_default();
                let outcome = outcome_from_result(&self.net.game, result, reason)
                    .map_err(|e| bad(e.to_string()))?;
                self.net
                    .apply(&NetEvent::GameOver(outcome), Duration::ZERO)
                    .map_err(|e| bad(e.to_string()))?;
            }
            _ => {}
        }
        Ok(())
    }

    fn offers_from(&mut self, v: &GameView) {
        self.net.draw_offer = side_of(v.draw_offer.as_deref());
        self.net.takeback = side_of(v.takeback_offer.as_deref());
    }

    /// Whether the game has ended (with a result or aborted).
    pub fn is_over(&self) -> bool {
        self.aborted || self.net.game.is_over()
    }

    /// Whether it is this player's move.
    pub fn my_turn(&self) -> bool {
        self.seat.is_some() && !self.aborted && self.net.my_turn()
    }

    /// The opponent's name (for a spectator, Black's: the side at the top).
    pub fn opponent(&self) -> &str {
        &self.names[(!self.net.you).index()]
    }

    /// Brings the copy up to date with a message about this game, at `now`. Returns the
    /// event it meant (`None` for messages about other games or that change nothing here).
    /// A message the rules refuse changes nothing.
    pub fn apply(
        &mut self,
        msg: &ServerMsg,
        me: &str,
        now: Duration,
    ) -> Result<Option<NetEvent>, ClientError> {
        let about = match msg {
            ServerMsg::Game(v) => &v.id,
            ServerMsg::Moved(m) => &m.game,
            ServerMsg::Offer { game, .. }
            | ServerMsg::OfferGone { game, .. }
            | ServerMsg::End { game, .. }
            | ServerMsg::Berserk { game, .. } => game,
            _ => return Ok(None),
        };
        if *about != self.id {
            return Ok(None);
        }
        // An arena player went berserk: the clocks as the server has them now (the next
        // `moved` carries them as well, the berserk side's without an increment).
        if let ServerMsg::Berserk { clocks, side, .. } = msg {
            if let (Some(c), Some(r), Some(side)) = (
                &mut self.net.clocks,
                reading(Some(clocks)),
                side_of(Some(side.as_ref())),
            ) {
                c.set_reading(r, now);
                c.restore_berserk(side);
            }
            return Ok(None);
        }
        let event = match msg {
            ServerMsg::Game(v) => {
                // Read whole (checked) first, then taken over keeping the notes in common.
                let fresh = ServerGame::from_message(v, me, now)?;
                let event = NetEvent::State(Box::new(Self::state(v, fresh.net.you, &fresh.names)?));
                let mut net = self.net.clone();
                net.apply(&event, now).map_err(|e| bad(e.to_string()))?;
                net.game = fresh.net.game.clone();
                net.clocks = fresh.net.clocks.clone();
                net.draw_offer = fresh.net.draw_offer;
                net.takeback = fresh.net.takeback;
                *self = ServerGame { net, ..fresh };
                return Ok(Some(event));
            }
            ServerMsg::Moved(m) => {
                let pos = self.net.game.position();
                let mv = pos
                    .parse_move(&m.mv)
                    .map_err(|e| bad(format!("the move {:?}: {e}", m.mv)))?;
                let side = pos.turn();
                self.deadline = m.deadline;
                NetEvent::Moved {
                    ply: usize::try_from(m.n).unwrap_or(usize::MAX).saturating_add(1),
                    mv,
                    text: text(&m.text),
                    side,
                    clock: reading(m.clocks.as_ref()),
                }
            }
            ServerMsg::Offer { kind, by, .. } => {
                let by = side_of(Some(by.as_ref())).ok_or_else(|| bad("an offer by nobody"))?;
                match kind.as_ref() {
                    "draw" => NetEvent::DrawOffered { by },
                    "takeback" => NetEvent::TakebackAsked { by },
                    _ => return Err(bad("an offer of an unknown kind")),
                }
            }
            ServerMsg::OfferGone { kind, .. } => {
                // Whoever declined, the offer is gone; the side only matters for words.
                let by = self.net.you;
                match kind.as_ref() {
                    "draw" => NetEvent::DrawDeclined { by },
                    "takeback" => NetEvent::TakebackDeclined { by },
                    _ => return Err(bad("an offer of an unknown kind")),
                }
            }
            ServerMsg::End { result, reason, .. } => {
                if result == "*" {
                    self.aborted = true;
                    if let Some(clocks) = &mut self.net.clocks {
                        clocks.pause(now);
                    }
                    return Ok(None);
                }
                let outcome = outcome_from_result(&self.net.game, result, reason)
                    .map_err(|e| bad(e.to_string()))?;
                NetEvent::GameOver(outcome)
            }
            _ => return Ok(None),
        };
        self.net
            .apply(&event, now)
            .map_err(|e| bad(e.to_string()))?;
        Ok(Some(event))
    }

    /// The tags of this game's record: both names, where it was played, its clock.
    pub fn tags(&self, server: &str) -> Tags {
        Tags {
            event: Some(if self.rated {
                "Rated game online".into()
            } else {
                "Casual game online".into()
            }),
            site: Some(format!("{server}/game/{}", self.id)),
            white: Some(self.names[0].clone()),
            black: Some(self.names[1].clone()),
            ..Tags::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::messages::Moved;

    fn start() -> String {
        Variant::parachess().start().to_string()
    }

    fn clocks(white: u64, black: u64, running: Option<&'static str>) -> Option<ClockView> {
        Some(ClockView {
            white,
            black,
            running: running.map(Into::into),
        })
    }

    fn game_view(moves: &[&str]) -> GameView {
        GameView {
            id: "G1".into(),
            variant: "Parachess".into(),
            variant_def: None,
            white: "ann".into(),
            black: "bob".into(),
            rated: false,
            tc: Some("300+3".into()),
            days: None,
            speed: "blitz".into(),
            status: "started".into(),
            start: start(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            texts: vec![],
            position: String::new(),
            turn: "white".into(),
            legal: vec![],
            clocks: clocks(300_000, 300_000, None),
            deadline: None,
            result: None,
            reason: None,
            draw_offer: None,
            takeback_offer: None,
            berserk: None,
            tournament: None,
            routes: None,
            played: None,
            positions: None,
        }
    }

    fn game_msg(moves: &[&str]) -> ServerMsg {
        ServerMsg::Game(Box::new(game_view(moves)))
    }

    fn moved(game: &str, n: u32, mv: &str) -> ServerMsg {
        ServerMsg::Moved(Box::new(Moved {
            game: game.into(),
            n,
            mv: mv.into(),
            text: mv.into(),
            position: String::new(),
            legal: vec![],
            clocks: clocks(303_000, 300_000, Some("black")),
            deadline: None,
            route: None,
            routes: None,
        }))
    }

    fn end(result: &str, reason: &str) -> ServerMsg {
        ServerMsg::End {
            game: "G1".into(),
            result: result.into(),
            reason: reason.into(),
        }
    }

    fn first_legal(g: &Game) -> String {
        g.position().legal_moves()[0].to_string()
    }

    #[test]
    fn a_game_message_becomes_a_checked_game_seen_from_my_seat() {
        let g = ServerGame::from_message(&game_view(&[]), "bob", Duration::ZERO).unwrap();
        assert_eq!(g.seat, Some(Side::Black));
        assert_eq!(g.opponent(), "ann");
        assert!(!g.my_turn());
        assert!(g.net.clocks.is_some());
        let watcher = ServerGame::from_message(&game_view(&[]), "cy", Duration::ZERO).unwrap();
        assert_eq!(watcher.seat, None);
        assert!(!watcher.my_turn());
    }

    #[test]
    fn a_berserk_sets_the_clocks_and_drops_the_increment() {
        let mut g = ServerGame::from_message(&game_view(&[]), "bob", Duration::ZERO).unwrap();
        let berserk = ServerMsg::Berserk {
            game: "G1".into(),
            side: "white".into(),
            clocks: ClockView {
                white: 150_000,
                black: 300_000,
                running: None,
            },
        };
        assert!(g.apply(&berserk, "bob", Duration::ZERO).unwrap().is_none());
        let c = g.net.clocks.as_ref().unwrap();
        assert_eq!(
            c.remaining(Side::White, Duration::ZERO),
            Duration::from_secs(150)
        );
        assert!(c.is_berserk(Side::White) && !c.is_berserk(Side::Black));
    }

    #[test]
    fn moves_and_the_end_arrive_checked_and_a_refused_one_changes_nothing() {
        let mut g = ServerGame::from_message(&game_view(&[]), "ann", Duration::ZERO).unwrap();
        assert!(g.my_turn());
        let mv = first_legal(&g.net.game);
        let first = moved("G1", 0, &mv);
        let e = g.apply(&first, "ann", Duration::ZERO).unwrap();
        assert!(matches!(e, Some(NetEvent::Moved { ply: 1, .. })), "{e:?}");
        assert_eq!(g.net.game.plies().len(), 1);
        // The same move again, and a move for another game: refused or ignored, unchanged.
        assert!(g.apply(&first, "ann", Duration::ZERO).is_err());
        let other = moved("G2", 1, "a1a1");
        assert!(g.apply(&other, "ann", Duration::ZERO).unwrap().is_none());
        let illegal = moved("G1", 1, "a1a1");
        assert!(g.apply(&illegal, "ann", Duration::ZERO).is_err());
        assert_eq!(g.net.game.plies().len(), 1);
        // A result the board contradicts is refused; a resignation is taken.
        assert!(
            g.apply(&end("1-0", "checkmate"), "ann", Duration::ZERO)
                .is_err()
        );
        assert!(!g.is_over());
        g.apply(&end("1-0", "resignation"), "ann", Duration::ZERO)
            .unwrap();
        assert!(g.is_over());
    }

    #[test]
    fn offers_come_and_go_and_an_abort_ends_without_a_result() {
        let mut g = ServerGame::from_message(&game_view(&[]), "ann", Duration::ZERO).unwrap();
        let offer = ServerMsg::Offer {
            game: "G1".into(),
            kind: "draw".into(),
            by: "black".into(),
        };
        g.apply(&offer, "ann", Duration::ZERO).unwrap();
        assert_eq!(g.net.draw_offer, Some(Side::Black));
        let gone = ServerMsg::OfferGone {
            game: "G1".into(),
            kind: "draw".into(),
            reason: "declined".into(),
            id: None,
        };
        g.apply(&gone, "ann", Duration::ZERO).unwrap();
        assert_eq!(g.net.draw_offer, None);
        g.apply(&end("*", "aborted"), "ann", Duration::ZERO)
            .unwrap();
        assert!(g.is_over() && g.aborted && !g.my_turn());
    }

    #[test]
    fn a_whole_game_again_keeps_the_notes_of_the_moves_in_common() {
        let mut g = ServerGame::from_message(&game_view(&[]), "ann", Duration::ZERO).unwrap();
        let a = first_legal(&g.net.game);
        g.apply(&moved("G1", 0, &a), "ann", Duration::ZERO).unwrap();
        let mut after = Game::from_position(Variant::parachess().start());
        after.play_text(&a).unwrap();
        let b = first_legal(&after);
        let again = game_msg(&[&a, &b]);
        let e = g.apply(&again, "ann", Duration::ZERO).unwrap();
        assert!(matches!(e, Some(NetEvent::State(_))));
        assert_eq!(g.net.game.plies().len(), 2);
        assert_eq!(g.net.notes.len(), 2);
        assert!(
            g.net.notes[0].clock.is_some(),
            "the first move's clock note stays"
        );
    }

    #[test]
    fn broken_game_messages_are_refused_with_a_reason() {
        let mut no_id = game_view(&[]);
        no_id.id = String::new();
        let bad_move = game_view(&["zz9"]);
        let mut bad_variant = game_view(&[]);
        bad_variant.variant = "Nonesuch".into();
        let mut bad_def = game_view(&[]);
        bad_def.variant_def = Some("x".repeat(MAX_DEF + 1));
        let mut bad_tc = game_view(&[]);
        bad_tc.tc = Some("soon".into());
        let mut bad_start = game_view(&[]);
        bad_start.start = "nonsense".into();
        let mut false_result = game_view(&[]);
        false_result.status = "over".into();
        false_result.result = Some("1-0".into());
        false_result.reason = Some("checkmate".into());
        for (what, m) in [
            ("id", no_id),
            ("move", bad_move),
            ("variant", bad_variant),
            ("definition", bad_def),
            ("clock", bad_tc),
            ("start", bad_start),
            ("result", false_result),
        ] {
            let e = ServerGame::from_message(&m, "ann", Duration::ZERO);
            assert!(e.is_err(), "{what}: {e:?}");
        }
    }
}
