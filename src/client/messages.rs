//! The one protocol of the server: JSON messages over a WebSocket, each an object whose `t`
//! names it (docs/SERVER.md lists them with example sessions). The desktop game, the web page
//! and the bots all speak it, so it says everything a client needs and nothing it must work
//! out itself (the legal moves come with every position).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// The protocol version a client names in its `hello`.
pub const VERSION: u32 = 1;

/// The largest message a client may send, in bytes (a move is ~60).
pub const MAX_MESSAGE: usize = 8192;

/// What a client sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message: the protocol version, and the token of an earlier session to resume
    /// (a guest keeps its name and games this way).
    Hello {
        /// Must be [`VERSION`].
        v: u32,
        /// A session token from an earlier `welcome`.
        #[serde(default)]
        token: Option<String>,
        /// Ask for routes: every `game` message to this connection then also carries `routes`
        /// (one per legal move), `played` (one per move played) and `positions` (the position
        /// after each move played), and every `moved` message `routes` and `route` (of the
        /// move played). What the web page draws; a route is `{"pts": [[x, y], ...]}` in cell
        /// sides, the board's centre at the origin, Black up (plus `"leap": true` for a hop).
        #[serde(default)]
        routes: bool,
    },
    /// Creates an account and signs in as it.
    Register {
        /// 3–20 letters, digits, `_` or `-`.
        name: String,
        /// 8–200 characters.
        password: String,
    },
    /// Signs in.
    Login {
        /// The account's name (any case).
        name: String,
        /// Its password.
        password: String,
    },
    /// Posts an open seek.
    Seek(SeekSpec),
    /// Withdraws one's own seek or challenge.
    CancelSeek {
        /// The seek's id.
        id: String,
    },
    /// Asks for the open seeks and follows the lobby (`seek`, `seek_gone`).
    Lobby,
    /// Accepts a seek or a challenge: the game starts.
    Accept {
        /// The seek's id.
        id: String,
    },
    /// Declines a challenge addressed to oneself.
    Decline {
        /// The challenge's id.
        id: String,
    },
    /// Quick pairing: accepts the oldest matching seek, or posts one.
    Quick {
        /// A live time control, `seconds+increment`.
        tc: String,
        /// Rated or casual.
        #[serde(default)]
        rated: bool,
        /// The variant (default `parachess`).
        #[serde(default)]
        variant: Option<String>,
    },
    /// A seek addressed to one player, who is told at once if online.
    Challenge {
        /// The player's name.
        to: String,
        /// The game's terms.
        #[serde(flatten)]
        spec: SeekSpec,
    },
    /// Challenges the opponent of a finished game to another, colours swapped.
    Rematch {
        /// The finished game.
        game: String,
    },
    /// Starts a casual game against the computer (`started` follows, as for any game).
    PlayComputer {
        /// `easy`, `normal`, `hard`, or a skill level `0`–`20`.
        level: String,
        /// A built-in variant's name (default `parachess`; Shuffle by number:
        /// `Shuffle Parachess 7`).
        #[serde(default)]
        variant: Option<String>,
        /// A live time control (`300+3`); absent: untimed.
        #[serde(default)]
        tc: Option<String>,
        /// `white`, `black` or `random` (the default): the colour the player plays.
        #[serde(default)]
        color: Option<String>,
    },
    /// The player's unfinished games (`games`).
    MyGames,
    /// Follows a game: its state now (`game`), then each event.
    Watch {
        /// The game's id.
        game: String,
    },
    /// Stops following a game.
    Unwatch {
        /// The game's id.
        game: String,
    },
    /// Plays a move.
    Move {
        /// The game's id.
        game: String,
        /// The half-move number this move will have (0 for White's first), so a move sent
        /// twice (after a reconnection) or against an old position is never played twice.
        n: u32,
        /// The move, bare (`a2e5`, `j2k2q`) or in move text.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Offers a draw, or accepts the opponent's offer.
    Draw {
        /// The game's id.
        game: String,
    },
    /// Declines the opponent's draw offer.
    DrawNo {
        /// The game's id.
        game: String,
    },
    /// Asks to take back one's last move, or accepts the opponent's request.
    Takeback {
        /// The game's id.
        game: String,
    },
    /// Declines the opponent's takeback request.
    TakebackNo {
        /// The game's id.
        game: String,
    },
    /// Resigns.
    Resign {
        /// The game's id.
        game: String,
    },
    /// Ends the game without result while a side has not moved yet.
    Abort {
        /// The game's id.
        game: String,
    },
    /// Answered by `pong` with the same number (for round-trip times).
    Ping {
        /// Anything.
        #[serde(default)]
        n: u64,
    },
    /// A kind this server does not know (from a newer client): ignored, never an error, so
    /// clients may send what later versions add.
    #[serde(other)]
    Unknown,
}

/// The terms of a seek or a challenge.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SeekSpec {
    /// A live time control (`300+3`); absent for correspondence.
    #[serde(default)]
    pub tc: Option<String>,
    /// Correspondence: days per move (1, 2, 3, 5, 7 or 14).
    #[serde(default)]
    pub days: Option<u32>,
    /// Rated or casual (the default).
    #[serde(default)]
    pub rated: bool,
    /// `white`, `black` or `random` (the default): the colour the seeker plays.
    #[serde(default)]
    pub color: Option<String>,
    /// The lowest opponent rating accepted.
    #[serde(default)]
    pub min: Option<i32>,
    /// The highest opponent rating accepted.
    #[serde(default)]
    pub max: Option<i32>,
    /// The variant's name (default `parachess`): a built-in one.
    #[serde(default)]
    pub variant: Option<String>,
    /// A variant of one's own: the text of a variant file (TOML, at most 4 KiB), or the
    /// one-line form of a game file's `VariantDef` tag. Games in it are casual.
    #[serde(default)]
    pub variant_def: Option<String>,
}

/// An open seek as the lobby shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeekView {
    /// Its id (for `accept`).
    pub id: String,
    /// Who posted it.
    pub by: String,
    /// Their rating in this variant and speed.
    pub rating: i32,
    /// The time control, or `None` for correspondence.
    pub tc: Option<String>,
    /// Correspondence days per move.
    pub days: Option<u32>,
    /// Rated or casual.
    pub rated: bool,
    /// The seeker's colour: `white`, `black` or `random`.
    pub color: String,
    /// `bullet`, `blitz`, `rapid`, `classical` or `correspondence`.
    pub speed: String,
    /// The variant's name.
    pub variant: String,
    /// A player's own variant: its definition (one-line TOML, as a game file's `VariantDef`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_def: Option<String>,
    /// The player challenged, for a challenge.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
}

/// Both clocks, in milliseconds left, and whose runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClockView {
    /// White's time left.
    pub white: u64,
    /// Black's time left.
    pub black: u64,
    /// `white`, `black`, or `None` while stopped.
    pub running: Option<Cow<'static, str>>,
}

/// A whole game as the server knows it: what `game` messages and `GET /api/game/ID` carry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// A player's own variant: its definition (one-line TOML, as a game file's `VariantDef`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant_def: Option<String>,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// Rated or casual.
    pub rated: bool,
    /// The time control (`300+3`), or `None` for correspondence.
    pub tc: Option<String>,
    /// Correspondence days per move.
    pub days: Option<u32>,
    /// The speed the rating belongs to.
    pub speed: String,
    /// `started`, `over` or `aborted`.
    pub status: String,
    /// The starting position text.
    pub start: String,
    /// The moves played, bare (`a2e5`).
    pub moves: Vec<String>,
    /// The same moves in move text, with check and mate marks.
    pub texts: Vec<String>,
    /// The current position text.
    pub position: String,
    /// `white` or `black`: the side to move.
    pub turn: Cow<'static, str>,
    /// The legal moves now, bare (empty once the game is over).
    pub legal: Vec<String>,
    /// The clocks (live games).
    pub clocks: Option<ClockView>,
    /// Correspondence: when the side to move runs out of time (Unix milliseconds).
    pub deadline: Option<i64>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `None` while playing.
    pub result: Option<String>,
    /// Why it ended (`checkmate`, `resignation`, `time forfeit`, `aborted`...).
    pub reason: Option<String>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Cow<'static, str>>,
    /// The side whose takeback request stands.
    pub takeback_offer: Option<Cow<'static, str>>,
    /// For a connection that asked for routes: the route of each move in `legal`, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<RouteView>>,
    /// For a connection that asked for routes: the route of each move in `moves`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<Vec<RouteView>>,
    /// For a connection that asked for routes: the position text after each move in `moves`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<Vec<String>>,
}

/// The route of a move, for a client that draws pieces gliding without the rules: the points
/// it passes in board units (cell side 1, the board's centre at the origin, Black up): the
/// start cell's centre, then for each step the side midpoint or acute corner it crosses and
/// the next cell's centre.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RouteView {
    /// The points, `[x, y]`, rounded to thousandths.
    pub pts: Vec<[f32; 2]>,
    /// A Sorcerer's leap (drawn as a hop over the middle cell).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leap: bool,
}

/// A game in a list (`games`, the player page).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// `started`, `over` or `aborted`.
    pub status: String,
    /// The result, when over.
    pub result: Option<String>,
    /// The speed.
    pub speed: String,
    /// The variant.
    pub variant: String,
    /// Half-moves played.
    pub plies: u32,
    /// Whether it is the asking player's move (for `games`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub my_turn: Option<bool>,
}

/// A rating as the server sends it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatingView {
    /// The variant.
    pub variant: String,
    /// The speed.
    pub speed: String,
    /// Glicko-2 rating, rounded.
    pub rating: i32,
    /// Its deviation, rounded.
    pub deviation: i32,
    /// Rated games played.
    pub games: i64,
}

/// A move played, as the `moved` message carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Moved {
    /// The game's id.
    pub game: String,
    /// Its half-move number.
    pub n: u32,
    /// Bare.
    #[serde(rename = "move")]
    pub mv: String,
    /// In move text.
    pub text: String,
    /// The position after it.
    pub position: String,
    /// The legal moves after it.
    pub legal: Vec<String>,
    /// The clocks after it.
    pub clocks: Option<ClockView>,
    /// Correspondence deadline of the side now to move.
    pub deadline: Option<i64>,
    /// For a connection that asked for routes: the route of this move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<RouteView>,
    /// For a connection that asked for routes: the route of each move in `legal`, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<RouteView>>,
}

/// What the server sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`, `register` and `login`: who the connection now is.
    Welcome {
        /// The protocol version.
        v: u32,
        /// The player's name.
        name: String,
        /// The session token (keep it to resume).
        token: String,
        /// Whether this is a guest.
        guest: bool,
    },
    /// A request was refused; `code` is stable, `msg` is for people.
    Error {
        /// `bad_json`, `version`, `hello_first`, `rate`, `auth`, `name`, `taken`, `no_game`,
        /// `not_player`, `not_your_turn`, `stale`, `illegal`, `over`, `no_seek`, `seek`,
        /// `offer`, `db`, `busy`, `computer`.
        code: Cow<'static, str>,
        /// What went wrong.
        msg: String,
    },
    /// The open seeks (the answer to `lobby`).
    Seeks {
        /// Oldest first.
        seeks: Vec<SeekView>,
    },
    /// A seek was posted (to `lobby` followers; to its owner as the answer to `seek`).
    Seek(Box<SeekView>),
    /// A seek is gone (accepted, cancelled, its owner left).
    SeekGone {
        /// Its id.
        id: String,
    },
    /// Someone challenges this player.
    Challenge(Box<SeekView>),
    /// A challenge this player made was declined.
    Declined {
        /// The challenge's id.
        id: String,
    },
    /// A game of this player started: a `game` message follows.
    Started {
        /// The game's id.
        game: String,
        /// `white` or `black`: this player's side.
        color: Cow<'static, str>,
    },
    /// A whole game (the answer to `watch`, and after a takeback).
    Game(Box<GameView>),
    /// A move was played (and is durable: this is its acknowledgement).
    Moved(Box<Moved>),
    /// A draw offer or takeback request stands (`kind`: `draw` or `takeback`).
    Offer {
        /// The game's id.
        game: String,
        /// `draw` or `takeback`.
        kind: Cow<'static, str>,
        /// `white` or `black`.
        by: Cow<'static, str>,
    },
    /// An offer was declined or lapsed.
    OfferGone {
        /// The game's id (for a rematch: the finished game's).
        game: String,
        /// `draw`, `takeback` or `rematch`.
        kind: Cow<'static, str>,
        /// `declined`, `expired` (unanswered for the server's offer time, 60 s), or `left`
        /// (a rematch's opponent has no connection any more).
        #[serde(default)]
        reason: Cow<'static, str>,
        /// For a rematch: the challenge's id.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    /// The game ended.
    End {
        /// The game's id.
        game: String,
        /// `1-0`, `0-1`, `1/2-1/2`, or `*` when aborted.
        result: String,
        /// Why.
        reason: String,
    },
    /// The player's unfinished games (the answer to `my_games`, and after `welcome`).
    Games {
        /// Unfinished games.
        games: Vec<GameSummary>,
    },
    /// The answer to `ping`.
    Pong {
        /// The ping's number.
        n: u64,
    },
    /// A kind this client does not know (from a newer server): readers skip it, so an
    /// installed game survives the messages later versions add.
    #[serde(other)]
    Unknown,
}

impl ServerMsg {
    /// The message as JSON text (serialising these plain types cannot fail; an empty object
    /// stands in if it ever did).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }

    /// An error message.
    pub fn error(code: &'static str, msg: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            code: code.into(),
            msg: msg.into(),
        }
    }
}

/// `white` or `black`.
pub fn side_name(side: crate::rules::Side) -> Cow<'static, str> {
    Cow::Borrowed(match side {
        crate::rules::Side::White => "white",
        crate::rules::Side::Black => "black",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> SeekSpec {
        SeekSpec {
            tc: Some("300+3".into()),
            days: None,
            rated: true,
            color: Some("white".into()),
            min: Some(1200),
            max: None,
            variant: Some("parachess".into()),
            variant_def: None,
        }
    }

    fn seek_view() -> SeekView {
        SeekView {
            id: "7".into(),
            by: "ann".into(),
            rating: 1500,
            tc: None,
            days: Some(3),
            rated: false,
            color: "random".into(),
            speed: "correspondence".into(),
            variant: "parachess".into(),
            variant_def: Some("name = \"x\"".into()),
            to: Some("bob".into()),
        }
    }

    fn clocks() -> Option<ClockView> {
        Some(ClockView {
            white: 1000,
            black: 2000,
            running: Some("black".into()),
        })
    }

    /// Every client message, each variant once.
    fn client_msgs() -> Vec<ClientMsg> {
        let game = || "g1".to_string();
        vec![
            ClientMsg::Hello {
                v: VERSION,
                token: Some("tok".into()),
                routes: true,
            },
            ClientMsg::Register {
                name: "ann".into(),
                password: "long enough".into(),
            },
            ClientMsg::Login {
                name: "ann".into(),
                password: "long enough".into(),
            },
            ClientMsg::Seek(spec()),
            ClientMsg::CancelSeek { id: "1".into() },
            ClientMsg::Lobby,
            ClientMsg::Accept { id: "1".into() },
            ClientMsg::Decline { id: "1".into() },
            ClientMsg::Quick {
                tc: "60+0".into(),
                rated: true,
                variant: Some("parachess".into()),
            },
            ClientMsg::Challenge {
                to: "bob".into(),
                spec: spec(),
            },
            ClientMsg::Rematch { game: game() },
            ClientMsg::MyGames,
            ClientMsg::Watch { game: game() },
            ClientMsg::Unwatch { game: game() },
            ClientMsg::Move {
                game: game(),
                n: 3,
                mv: "a2e5".into(),
            },
            ClientMsg::Draw { game: game() },
            ClientMsg::DrawNo { game: game() },
            ClientMsg::Takeback { game: game() },
            ClientMsg::TakebackNo { game: game() },
            ClientMsg::Resign { game: game() },
            ClientMsg::Abort { game: game() },
            ClientMsg::PlayComputer {
                level: "easy".into(),
                variant: Some("Shuffle Parachess 7".into()),
                tc: None,
                color: Some("random".into()),
            },
            ClientMsg::Ping { n: 9 },
            ClientMsg::Unknown,
        ]
    }

    /// Every server message, each variant once.
    fn server_msgs() -> Vec<ServerMsg> {
        let game = || "g1".to_string();
        vec![
            ServerMsg::Welcome {
                v: VERSION,
                name: "ann".into(),
                token: "tok".into(),
                guest: false,
            },
            ServerMsg::error("illegal", "no such move"),
            ServerMsg::Seeks {
                seeks: vec![seek_view()],
            },
            ServerMsg::Seek(Box::new(seek_view())),
            ServerMsg::SeekGone { id: "7".into() },
            ServerMsg::Challenge(Box::new(seek_view())),
            ServerMsg::Declined { id: "7".into() },
            ServerMsg::Started {
                game: game(),
                color: side_name(crate::rules::Side::Black),
            },
            ServerMsg::Game(Box::new(GameView {
                id: game(),
                variant: "parachess".into(),
                variant_def: None,
                white: "ann".into(),
                black: "bob".into(),
                rated: true,
                tc: Some("300+3".into()),
                days: None,
                speed: "blitz".into(),
                status: "started".into(),
                start: "start".into(),
                moves: vec!["a2e5".into()],
                texts: vec!["Pe5".into()],
                position: "pos".into(),
                turn: "black".into(),
                legal: vec!["j2k2q".into()],
                clocks: clocks(),
                deadline: Some(5),
                result: None,
                reason: None,
                draw_offer: Some("white".into()),
                takeback_offer: None,
                routes: Some(vec![RouteView {
                    pts: vec![[0.5, -1.0], [0.0, 0.0], [1.5, 2.25]],
                    leap: true,
                }]),
                played: Some(vec![RouteView::default()]),
                positions: Some(vec!["pos".into()]),
            })),
            ServerMsg::Moved(Box::new(Moved {
                game: game(),
                n: 0,
                mv: "a2e5".into(),
                text: "Pe5".into(),
                position: "pos".into(),
                legal: vec![],
                clocks: clocks(),
                deadline: None,
                route: None,
                routes: Some(vec![]),
            })),
            ServerMsg::Offer {
                game: game(),
                kind: "draw".into(),
                by: "white".into(),
            },
            ServerMsg::OfferGone {
                game: game(),
                kind: "takeback".into(),
                reason: "expired".into(),
                id: None,
            },
            ServerMsg::End {
                game: game(),
                result: "1-0".into(),
                reason: "checkmate".into(),
            },
            ServerMsg::Games {
                games: vec![GameSummary {
                    id: game(),
                    white: "ann".into(),
                    black: "bob".into(),
                    status: "over".into(),
                    result: Some("0-1".into()),
                    speed: "rapid".into(),
                    variant: "parachess".into(),
                    plies: 12,
                    my_turn: Some(true),
                }],
            },
            ServerMsg::Pong { n: 9 },
            ServerMsg::Unknown,
        ]
    }

    #[test]
    fn every_client_message_round_trips() {
        for msg in client_msgs() {
            let text = serde_json::to_string(&msg).expect("serialises");
            let back: ClientMsg = serde_json::from_str(&text).expect(&text);
            assert_eq!(back, msg, "{text}");
        }
    }

    #[test]
    fn every_server_message_round_trips() {
        for msg in server_msgs() {
            let text = msg.to_json();
            let back: ServerMsg = serde_json::from_str(&text).expect(&text);
            assert_eq!(back, msg, "{text}");
        }
    }

    #[test]
    fn the_wire_names_stay() {
        let mv = ClientMsg::Move {
            game: "g".into(),
            n: 1,
            mv: "a2e5".into(),
        };
        assert_eq!(
            serde_json::to_value(&mv).expect("serialises"),
            serde_json::json!({"t": "move", "game": "g", "n": 1, "move": "a2e5"})
        );
        let gone = ServerMsg::SeekGone { id: "3".into() };
        assert_eq!(gone.to_json(), r#"{"t":"seek_gone","id":"3"}"#);
    }

    #[test]
    fn unknown_fields_are_ignored_both_ways() {
        let c: ClientMsg = serde_json::from_str(r#"{"t": "ping", "n": 4, "later": {"x": [1, 2]}}"#)
            .expect("parses");
        assert_eq!(c, ClientMsg::Ping { n: 4 });
        let s: ServerMsg = serde_json::from_str(
            r#"{"t": "offer_gone", "game": "g", "kind": "draw", "by_whom": "white", "routes": []}"#,
        )
        .expect("parses");
        assert_eq!(
            s,
            ServerMsg::OfferGone {
                game: "g".into(),
                kind: "draw".into(),
                reason: "".into(),
                id: None,
            }
        );
    }

    #[test]
    fn unknown_kinds_parse_as_unknown_both_ways() {
        let c: ClientMsg =
            serde_json::from_str(r#"{"t": "teleport", "to": "mars"}"#).expect("parses");
        assert_eq!(c, ClientMsg::Unknown);
        let s: ServerMsg = serde_json::from_str(r#"{"t": "tournament", "id": 5}"#).expect("parses");
        assert_eq!(s, ServerMsg::Unknown);
        // A known kind with a missing field stays an error (not silently unknown).
        assert!(serde_json::from_str::<ClientMsg>(r#"{"t": "move", "game": "g"}"#).is_err());
    }
}
