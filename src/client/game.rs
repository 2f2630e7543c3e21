//! A server game as a front end follows it: the server's JSON (`game`, `moved`, `offer`,
//! `offer_gone`, `end`) read into the same [`NetEvent`]s direct network play uses, so one
//! checked copy ([`NetGame`]) serves both and the rules check every step. A message the rules
//! refuse changes nothing and says why.

use std::time::Duration;

use serde_json::Value;

use super::ClientError;
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
}

/// Text from a message field, one printable line of bounded length.
fn text(v: &Value, key: &str) -> String {
    crate::net::wire::clip(v[key].as_str().unwrap_or_default())
        .chars()
        .take(MAX_TEXT)
        .collect()
}

fn bad(what: impl Into<String>) -> ClientError {
    ClientError::Unexpected(what.into())
}

fn side_of(v: &Value) -> Option<Side> {
    match v.as_str() {
        Some("white") => Some(Side::White),
        Some("black") => Some(Side::Black),
        _ => None,
    }
}

/// The clocks a message carries (`clocks`: milliseconds left and whose runs).
fn reading(v: &Value) -> Option<ClockReading> {
    let c = v.get("clocks").filter(|c| c.is_object())?;
    let ms = |k: &str| Duration::from_millis(c[k].as_u64().unwrap_or(0));
    Some(ClockReading {
        remaining: [ms("white"), ms("black")],
        running: side_of(&c["running"]),
    })
}

/// The variant a game message names: its own definition, or a built-in by name.
fn variant_of(v: &Value) -> Result<&'static Variant, ClientError> {
    if let Some(def) = v["variant_def"].as_str() {
        if def.len() > MAX_DEF {
            return Err(bad("a variant definition longer than a server sends"));
        }
        return Variant::from_inline_toml(def).map_err(|e| bad(format!("its variant: {e}")));
    }
    let name = v["variant"].as_str().unwrap_or("Parachess");
    if name.eq_ignore_ascii_case("parachess") {
        return Ok(Variant::parachess());
    }
    Variant::named(name).map_err(|e| bad(format!("its variant: {e}")))
}

impl ServerGame {
    /// A game from a `game` message, seen by player `me` (a spectator unless it is one of
    /// the two names), at `now` (the front end's clock, for the running side's time).
    pub fn from_message(v: &Value, me: &str, now: Duration) -> Result<ServerGame, ClientError> {
        let id = text(v, "id");
        if id.is_empty() {
            return Err(bad("a game without an id"));
        }
        let names = [text(v, "white"), text(v, "black")];
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
            variant: text(v, "variant"),
            rated: v["rated"].as_bool().unwrap_or(false),
            days: v["days"].as_u64().and_then(|d| u32::try_from(d).ok()),
            speed: text(v, "speed"),
            deadline: v["deadline"].as_i64(),
            aborted: false,
        };
        game.conclude_from(v)?;
        game.offers_from(v);
        Ok(game)
    }

    /// The game a `game` message describes, every move checked by the rules.
    fn state(v: &Value, you: Side, names: &[String; 2]) -> Result<NetState, ClientError> {
        let variant = variant_of(v)?;
        let start = Position::parse_in(v["start"].as_str().unwrap_or_default(), variant)
            .map_err(|e| bad(format!("its start position: {e}")))?;
        let mut game = Game::from_position(start);
        let moves = v["moves"].as_array().map(Vec::as_slice).unwrap_or_default();
        for (i, m) in moves.iter().enumerate() {
            let m = m.as_str().unwrap_or_default();
            game.play_text(m)
                .map_err(|e| bad(format!("its move {} ({m}): {e}", i + 1)))?;
        }
        let control = match v["tc"].as_str() {
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
            clock: reading(v),
            opponent: names[(!you).index()].clone(),
        })
    }

    /// A whole-game message's result, checked against the board.
    fn conclude_from(&mut self, v: &Value) -> Result<(), ClientError> {
        match v["status"].as_str() {
            Some("aborted") => self.aborted = true,
            Some("over") => {
                let result = v["result"].as_str().unwrap_or_default();
                let reason = v["reason"].as_str().unwrap_or_default();
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

    fn offers_from(&mut self, v: &Value) {
        self.net.draw_offer = side_of(&v["draw_offer"]);
        self.net.takeback = side_of(&v["takeback_offer"]);
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
        v: &Value,
        me: &str,
        now: Duration,
    ) -> Result<Option<NetEvent>, ClientError> {
        let t = v["t"].as_str().unwrap_or_default();
        let about = if t == "game" { &v["id"] } else { &v["game"] };
        if about.as_str() != Some(self.id.as_str()) {
            return Ok(None);
        }
        let event = match t {
            "game" => {
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
            "moved" => {
                let n = v["n"].as_u64().unwrap_or(u64::MAX);
                let text_in = v["move"].as_str().unwrap_or_default();
                let pos = self.net.game.position();
                let mv = pos
                    .parse_move(text_in)
                    .map_err(|e| bad(format!("the move {text_in:?}: {e}")))?;
                let side = pos.turn();
                self.deadline = v["deadline"].as_i64();
                NetEvent::Moved {
                    ply: usize::try_from(n).unwrap_or(usize::MAX).saturating_add(1),
                    mv,
                    text: text(v, "text"),
                    side,
                    clock: reading(v),
                }
            }
            "offer" => {
                let by = side_of(&v["by"]).ok_or_else(|| bad("an offer by nobody"))?;
                match v["kind"].as_str() {
                    Some("draw") => NetEvent::DrawOffered { by },
                    Some("takeback") => NetEvent::TakebackAsked { by },
                    _ => return Err(bad("an offer of an unknown kind")),
                }
            }
            "offer_gone" => {
                // Whoever declined, the offer is gone; the side only matters for words.
                let by = self.net.you;
                match v["kind"].as_str() {
                    Some("draw") => NetEvent::DrawDeclined { by },
                    Some("takeback") => NetEvent::TakebackDeclined { by },
                    _ => return Err(bad("an offer of an unknown kind")),
                }
            }
            "end" => {
                let result = v["result"].as_str().unwrap_or_default();
                if result == "*" {
                    self.aborted = true;
                    if let Some(clocks) = &mut self.net.clocks {
                        clocks.pause(now);
                    }
                    return Ok(None);
                }
                let reason = v["reason"].as_str().unwrap_or_default();
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
    use serde_json::json;

    fn start() -> String {
        Variant::parachess().start().to_string()
    }

    fn game_msg(moves: &[&str]) -> Value {
        json!({"t": "game", "id": "G1", "variant": "Parachess", "white": "ann", "black": "bob",
               "rated": false, "tc": "300+3", "days": null, "speed": "blitz", "status": "started",
               "start": start(), "moves": moves, "clocks": {"white": 300000, "black": 300000,
               "running": null}, "result": null, "reason": null, "draw_offer": null,
               "takeback_offer": null})
    }

    fn first_legal(g: &Game) -> String {
        g.position().legal_moves()[0].to_string()
    }

    #[test]
    fn a_game_message_becomes_a_checked_game_seen_from_my_seat() {
        let g = ServerGame::from_message(&game_msg(&[]), "bob", Duration::ZERO).unwrap();
        assert_eq!(g.seat, Some(Side::Black));
        assert_eq!(g.opponent(), "ann");
        assert!(!g.my_turn());
        assert!(g.net.clocks.is_some());
        let watcher = ServerGame::from_message(&game_msg(&[]), "cy", Duration::ZERO).unwrap();
        assert_eq!(watcher.seat, None);
        assert!(!watcher.my_turn());
    }

    #[test]
    fn moves_and_the_end_arrive_checked_and_a_refused_one_changes_nothing() {
        let mut g = ServerGame::from_message(&game_msg(&[]), "ann", Duration::ZERO).unwrap();
        assert!(g.my_turn());
        let mv = first_legal(&g.net.game);
        let moved = json!({"t": "moved", "game": "G1", "n": 0, "move": mv, "text": mv,
            "clocks": {"white": 303000, "black": 300000, "running": "black"}});
        let e = g.apply(&moved, "ann", Duration::ZERO).unwrap();
        assert!(matches!(e, Some(NetEvent::Moved { ply: 1, .. })), "{e:?}");
        assert_eq!(g.net.game.plies().len(), 1);
        // The same move again, and a move for another game: refused or ignored, unchanged.
        assert!(g.apply(&moved, "ann", Duration::ZERO).is_err());
        let other = json!({"t": "moved", "game": "G2", "n": 1, "move": "a1a1"});
        assert!(g.apply(&other, "ann", Duration::ZERO).unwrap().is_none());
        let illegal = json!({"t": "moved", "game": "G1", "n": 1, "move": "a1a1"});
        assert!(g.apply(&illegal, "ann", Duration::ZERO).is_err());
        assert_eq!(g.net.game.plies().len(), 1);
        // A result the board contradicts is refused; a resignation is taken.
        let mate = json!({"t": "end", "game": "G1", "result": "1-0", "reason": "checkmate"});
        assert!(g.apply(&mate, "ann", Duration::ZERO).is_err());
        assert!(!g.is_over());
        let resign = json!({"t": "end", "game": "G1", "result": "1-0", "reason": "resignation"});
        g.apply(&resign, "ann", Duration::ZERO).unwrap();
        assert!(g.is_over());
    }

    #[test]
    fn offers_come_and_go_and_an_abort_ends_without_a_result() {
        let mut g = ServerGame::from_message(&game_msg(&[]), "ann", Duration::ZERO).unwrap();
        let offer = json!({"t": "offer", "game": "G1", "kind": "draw", "by": "black"});
        g.apply(&offer, "ann", Duration::ZERO).unwrap();
        assert_eq!(g.net.draw_offer, Some(Side::Black));
        let gone = json!({"t": "offer_gone", "game": "G1", "kind": "draw"});
        g.apply(&gone, "ann", Duration::ZERO).unwrap();
        assert_eq!(g.net.draw_offer, None);
        let abort = json!({"t": "end", "game": "G1", "result": "*", "reason": "aborted"});
        g.apply(&abort, "ann", Duration::ZERO).unwrap();
        assert!(g.is_over() && g.aborted && !g.my_turn());
    }

    #[test]
    fn a_whole_game_again_keeps_the_notes_of_the_moves_in_common() {
        let mut g = ServerGame::from_message(&game_msg(&[]), "ann", Duration::ZERO).unwrap();
        let a = first_legal(&g.net.game);
        let moved = json!({"t": "moved", "game": "G1", "n": 0, "move": a, "text": a,
            "clocks": {"white": 303000, "black": 300000, "running": "black"}});
        g.apply(&moved, "ann", Duration::ZERO).unwrap();
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
        let mut no_id = game_msg(&[]);
        no_id["id"] = json!("");
        let mut bad_move = game_msg(&["zz9"]);
        bad_move["id"] = json!("G1");
        let mut bad_variant = game_msg(&[]);
        bad_variant["variant"] = json!("Nonesuch");
        let mut bad_def = game_msg(&[]);
        bad_def["variant_def"] = json!("x".repeat(MAX_DEF + 1));
        let mut bad_tc = game_msg(&[]);
        bad_tc["tc"] = json!("soon");
        let mut bad_start = game_msg(&[]);
        bad_start["start"] = json!("nonsense");
        let mut false_result = game_msg(&[]);
        false_result["status"] = json!("over");
        false_result["result"] = json!("1-0");
        false_result["reason"] = json!("checkmate");
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
