//! The commands a UCI front end sends to an engine, as typed values: [`Command::parse`] reads a
//! line (for `parachess uci`), and `Display` writes one (for [`UciClient`](super::UciClient)),
//! so both ends share one grammar.
//!
//! Positions and moves are checked while parsing: `position … moves …` is only accepted when
//! every move is legal in turn, so a bad line never reaches the engine.

use std::fmt;
use std::time::Duration;

use thiserror::Error;

use crate::engine::Limits;
use crate::rules::{
    Cell, Game, Move, PieceKind, PlayError, Position, PositionError, Side, Variant,
};

/// One command from the front end to the engine.
// `Position` holds a whole position (per-kind tables for every army's kinds); a command is read
// once per line, and boxing it would change what code on other branches matches on.
#[allow(
    clippy::large_enum_variant,
    reason = "read once per line; boxing would change every match"
)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify yourself and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok` once earlier commands are done.
    IsReady,
    /// `setoption name <name> [value <value>]`; names may hold spaces (`Skill Level`).
    SetOption {
        /// The option's name as written.
        name: String,
        /// Its new value (absent for buttons).
        value: Option<String>,
    },
    /// `ucinewgame`: the next position is from another game.
    UciNewGame,
    /// `position startpos|fen <position text> [moves <move> …]`, with every move legal.
    Position {
        /// Where the game started.
        start: Position,
        /// The moves played since, in order.
        moves: Vec<Move>,
    },
    /// `go …`: search the current position.
    Go(Go),
    /// `stop`: answer with `bestmove` now.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
}

/// The limits of a `go` command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Only these first moves (`searchmoves`); empty means all.
    pub searchmoves: Vec<Move>,
    /// `ponder`: search on the opponent's time (not supported; searched like any other `go`).
    pub ponder: bool,
    /// White's clock (`wtime`, milliseconds on the wire).
    pub wtime: Option<Duration>,
    /// Black's clock.
    pub btime: Option<Duration>,
    /// White's increment per move.
    pub winc: Option<Duration>,
    /// Black's increment per move.
    pub binc: Option<Duration>,
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Search this many half-moves deep.
    pub depth: Option<u32>,
    /// Search about this many nodes.
    pub nodes: Option<u64>,
    /// Search exactly this long.
    pub movetime: Option<Duration>,
    /// Search until `stop`.
    pub infinite: bool,
}

impl Go {
    /// `go wtime … btime … winc … binc …`: a move on a Fischer clock.
    pub fn clock(white: Duration, black: Duration, increment: Duration) -> Go {
        Go {
            wtime: Some(white),
            btime: Some(black),
            winc: Some(increment),
            binc: Some(increment),
            ..Go::default()
        }
    }

    /// Whether the search runs until `stop`: `infinite`, or no limit given at all.
    pub fn is_infinite(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.movetime.is_none()
                && self.clock_of(Side::White).0.is_none()
                && self.clock_of(Side::Black).0.is_none())
    }

    /// The engine's limits when `turn` is to move: the depth, node and time limits given, the
    /// time share of the mover's clock ([`Limits::from_clock`]), whichever ends first. An
    /// infinite search has none.
    pub fn limits(&self, turn: Side) -> Limits {
        if self.is_infinite() {
            return Limits::default();
        }
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            soft_time: None,
        };
        if let (Some(remaining), increment) = self.clock_of(turn) {
            let clock =
                Limits::from_clock(remaining, increment.unwrap_or_default(), self.movestogo);
            limits.movetime = match (limits.movetime, clock.movetime) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            limits.soft_time = clock.soft_time;
        }
        limits
    }

    fn clock_of(&self, side: Side) -> (Option<Duration>, Option<Duration>) {
        match side {
            Side::White => (self.wtime, self.winc),
            Side::Black => (self.btime, self.binc),
        }
    }
}

/// Why a line is not a command the engine can carry out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    /// Nothing but whitespace (ignored without a message).
    #[error("empty line")]
    Empty,
    /// The first word is no UCI command.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// A word the command does not take.
    #[error("'{command}' does not take '{token}'")]
    UnexpectedToken {
        /// The command.
        command: &'static str,
        /// The word.
        token: String,
    },
    /// A keyword without the value it needs.
    #[error("'{0}' needs a value")]
    MissingValue(&'static str),
    /// A value that is not a number in range.
    #[error("'{what}' needs a whole number, not '{text}'")]
    BadNumber {
        /// The keyword.
        what: &'static str,
        /// The value as written.
        text: String,
    },
    /// `position` without `startpos` or `fen <text>`.
    #[error("position needs 'startpos' or 'fen <position text>'")]
    MissingPosition,
    /// The position text does not parse.
    #[error("bad position text: {0}")]
    Position(PositionError),
    /// A move in `position … moves` is not legal (or not a move) where it is played.
    #[error("move {index} '{text}': {source}")]
    Move {
        /// 1-based index in the move list.
        index: usize,
        /// The move as written.
        text: String,
        /// What the rules said.
        source: PlayError,
    },
    /// A `searchmoves` entry is not in coordinate form (`c4d3`, `j2k2q`).
    #[error("'{0}' is not a move in coordinate form such as c4d3 or j2k2q")]
    BadMove(String),
    /// `setoption` without `name`.
    #[error("setoption needs 'name <option>'")]
    MissingOptionName,
    /// `debug` takes `on` or `off`.
    #[error("debug takes 'on' or 'off'")]
    BadDebug,
}

impl Command {
    /// Reads one line from a front end (Parachess).
    pub fn parse(line: &str) -> Result<Command, CommandError> {
        Command::parse_in(line, Variant::parachess())
    }

    /// Reads one line from a front end playing `variant` (positions and moves use its army).
    pub fn parse_in(line: &str, variant: &'static Variant) -> Result<Command, CommandError> {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Err(CommandError::Empty);
        };
        let rest: Vec<&str> = words.collect();
        let plain = |command: &'static str, value: Command| match rest.first() {
            None => Ok(value),
            Some(token) => Err(CommandError::UnexpectedToken {
                command,
                token: token.to_string(),
            }),
        };
        match first {
            "uci" => plain("uci", Command::Uci),
            "isready" => plain("isready", Command::IsReady),
            "ucinewgame" => plain("ucinewgame", Command::UciNewGame),
            "stop" => plain("stop", Command::Stop),
            "ponderhit" => plain("ponderhit", Command::PonderHit),
            "quit" => plain("quit", Command::Quit),
            "debug" => match rest.as_slice() {
                ["on"] => Ok(Command::Debug(true)),
                ["off"] => Ok(Command::Debug(false)),
                _ => Err(CommandError::BadDebug),
            },
            "setoption" => parse_setoption(&rest),
            "position" => parse_position(&rest, variant),
            "go" => parse_go(&rest).map(Command::Go),
            other => Err(CommandError::Unknown(other.chars().take(40).collect())),
        }
    }
}

fn parse_setoption(words: &[&str]) -> Result<Command, CommandError> {
    let Some((&"name", words)) = words.split_first() else {
        return Err(CommandError::MissingOptionName);
    };
    let split = words.iter().position(|&w| w == "value");
    let (name, value) = match split {
        Some(i) => (&words[..i], Some(words[i + 1..].join(" "))),
        None => (words, None),
    };
    if name.is_empty() {
        return Err(CommandError::MissingOptionName);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(words: &[&str], variant: &'static Variant) -> Result<Command, CommandError> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => variant.start(),
        Some((&"startpos", [extra, ..])) => {
            return Err(CommandError::UnexpectedToken {
                command: "position startpos",
                token: extra.to_string(),
            });
        }
        Some((&"fen", text)) if !text.is_empty() => {
            Position::parse_in(&text.join(" "), variant).map_err(CommandError::Position)?
        }
        _ => return Err(CommandError::MissingPosition),
    };
    let mut game = Game::from_position(start.clone());
    let mut played = Vec::with_capacity(moves.len());
    for (i, &text) in moves.iter().enumerate() {
        let fail = |source| CommandError::Move {
            index: i + 1,
            text: text.chars().take(40).collect(),
            source,
        };
        let mv = game
            .position()
            .parse_move(text)
            .map_err(|e| fail(e.into()))?;
        game.play(mv).map_err(fail)?;
        played.push(mv);
    }
    Ok(Command::Position {
        start,
        moves: played,
    })
}

fn parse_go(words: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut words = words.iter().copied().peekable();
    while let Some(word) = words.next() {
        match word {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while let Some(&text) = words.peek() {
                    if GO_KEYWORDS.contains(&text) {
                        break;
                    }
                    words.next();
                    go.searchmoves.push(parse_bare_move(text)?);
                }
            }
            "wtime" => go.wtime = Some(millis("wtime", words.next())?),
            "btime" => go.btime = Some(millis("btime", words.next())?),
            "winc" => go.winc = Some(millis("winc", words.next())?),
            "binc" => go.binc = Some(millis("binc", words.next())?),
            "movetime" => go.movetime = Some(millis("movetime", words.next())?),
            "movestogo" => go.movestogo = Some(number("movestogo", words.next())?),
            "depth" => go.depth = Some(number("depth", words.next())?),
            "nodes" => go.nodes = Some(number("nodes", words.next())?),
            other => {
                return Err(CommandError::UnexpectedToken {
                    command: "go",
                    token: other.chars().take(40).collect(),
                });
            }
        }
    }
    Ok(go)
}

/// The words that start a part of `go` (and so end a `searchmoves` list).
const GO_KEYWORDS: [&str; 11] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "infinite",
];

fn number<T: std::str::FromStr>(what: &'static str, text: Option<&str>) -> Result<T, CommandError> {
    let text = text.ok_or(CommandError::MissingValue(what))?;
    text.parse().map_err(|_| CommandError::BadNumber {
        what,
        text: text.chars().take(40).collect(),
    })
}

/// Milliseconds; a negative time (some front ends send one for a clock already run out) is 0.
fn millis(what: &'static str, text: Option<&str>) -> Result<Duration, CommandError> {
    let ms: i64 = number(what, text)?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

/// A move in coordinate form (`c4d3`, `j2k2q`), not yet checked against a position.
pub fn parse_bare_move(text: &str) -> Result<Move, CommandError> {
    let bad = || CommandError::BadMove(text.chars().take(40).collect());
    let (from, used) = Cell::parse_prefix(text).map_err(|_| bad())?;
    let rest = &text[used..];
    let (to, used) = Cell::parse_prefix(rest).map_err(|_| bad())?;
    let promotion = match &rest[used..] {
        "" => None,
        letter => {
            let mut chars = letter.chars();
            let kind = chars
                .next()
                .and_then(PieceKind::from_letter)
                .filter(|k| k.is_promotion());
            match (kind, chars.next()) {
                (Some(kind), None) => Some(kind),
                _ => return Err(bad()),
            }
        }
    };
    Ok(Move {
        from,
        to,
        promotion,
    })
}

/// The line a front end sends (without the line end).
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => f.write_str("uci"),
            Command::Debug(on) => write!(f, "debug {}", if *on { "on" } else { "off" }),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(v) => write!(f, " value {v}"),
                    None => Ok(()),
                }
            }
            Command::UciNewGame => f.write_str("ucinewgame"),
            Command::Position { start, moves } => {
                if *start == start.variant().start() {
                    f.write_str("position startpos")?;
                } else {
                    write!(f, "position fen {start}")?;
                }
                if !moves.is_empty() {
                    f.write_str(" moves")?;
                    for mv in moves {
                        write!(f, " {}", mv.bare(start.variant()))?;
                    }
                }
                Ok(())
            }
            Command::Go(go) => write!(f, "{go}"),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        if self.ponder {
            f.write_str(" ponder")?;
        }
        let times = [
            ("wtime", self.wtime),
            ("btime", self.btime),
            ("winc", self.winc),
            ("binc", self.binc),
            ("movetime", self.movetime),
        ];
        for (name, time) in times {
            if let Some(t) = time {
                write!(f, " {name} {}", t.as_millis())?;
            }
        }
        if let Some(n) = self.movestogo {
            write!(f, " movestogo {n}")?;
        }
        if let Some(n) = self.depth {
            write!(f, " depth {n}")?;
        }
        if let Some(n) = self.nodes {
            write!(f, " nodes {n}")?;
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        if !self.searchmoves.is_empty() {
            f.write_str(" searchmoves")?;
            for mv in &self.searchmoves {
                write!(f, " {mv}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        parse_bare_move(text).unwrap()
    }

    #[test]
    fn well_formed_commands_parse() {
        let cases: Vec<(&str, Command)> = vec![
            ("uci", Command::Uci),
            ("  isready  ", Command::IsReady),
            ("ucinewgame", Command::UciNewGame),
            ("stop", Command::Stop),
            ("quit\r", Command::Quit),
            ("ponderhit", Command::PonderHit),
            ("debug on", Command::Debug(true)),
            (
                "setoption name Skill Level value 7",
                Command::SetOption {
                    name: "Skill Level".into(),
                    value: Some("7".into()),
                },
            ),
            (
                "setoption name Clear Hash",
                Command::SetOption {
                    name: "Clear Hash".into(),
                    value: None,
                },
            ),
            (
                "position startpos",
                Command::Position {
                    start: Position::start(),
                    moves: vec![],
                },
            ),
            (
                "position startpos moves c4d3 i4h3",
                Command::Position {
                    start: Position::start(),
                    moves: vec![mv("c4d3"), mv("i4h3")],
                },
            ),
            (
                "position fen rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1 moves c4d3",
                Command::Position {
                    start: Position::start(),
                    moves: vec![mv("c4d3")],
                },
            ),
            ("go", Command::Go(Go::default())),
            (
                "go wtime 1000 btime -20 winc 50 binc 0 movestogo 10",
                Command::Go(Go {
                    wtime: Some(Duration::from_millis(1000)),
                    btime: Some(Duration::ZERO),
                    winc: Some(Duration::from_millis(50)),
                    binc: Some(Duration::ZERO),
                    movestogo: Some(10),
                    ..Go::default()
                }),
            ),
            (
                "go depth 5 searchmoves c4d3 j2k2q nodes 100",
                Command::Go(Go {
                    depth: Some(5),
                    nodes: Some(100),
                    searchmoves: vec![mv("c4d3"), mv("j2k2q")],
                    ..Go::default()
                }),
            ),
            (
                "go infinite",
                Command::Go(Go {
                    infinite: true,
                    ..Go::default()
                }),
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(Command::parse(line), Ok(expected), "{line:?}");
        }
    }

    #[test]
    fn malformed_commands_say_what_is_wrong() {
        let cases = [
            ("", "empty"),
            ("   ", "empty"),
            ("hello", "unknown command 'hello'"),
            ("UCI", "unknown command"),
            ("uci now", "'uci' does not take 'now'"),
            ("debug maybe", "on' or 'off"),
            ("setoption", "needs 'name"),
            ("setoption name", "needs 'name"),
            ("setoption Hash value 3", "needs 'name"),
            ("position", "startpos"),
            ("position moves c4d3", "startpos"),
            ("position fen", "startpos"),
            ("position startpos c4d3", "does not take 'c4d3'"),
            ("position fen junk", "bad position text"),
            ("position fen rsqksr/1bb1 w 0 1", "bad position text"),
            ("position startpos moves c4d3 c4d3", "move 2 'c4d3'"),
            ("position startpos moves c4c5", "move 1 'c4c5'"),
            ("position startpos moves zz", "move 1 'zz'"),
            ("go depth", "'depth' needs a value"),
            ("go depth x", "'depth' needs a whole number, not 'x'"),
            ("go depth -3", "whole number"),
            ("go nodes 99999999999999999999999", "whole number"),
            ("go wtime 1.5", "whole number"),
            ("go fast", "'go' does not take 'fast'"),
            ("go searchmoves c4", "coordinate form"),
            ("go searchmoves c4d3x", "coordinate form"),
            ("go searchmoves c4d3k", "coordinate form"),
        ];
        for (line, expected) in cases {
            let err = Command::parse(line).unwrap_err().to_string();
            assert!(err.contains(expected), "{line:?}: {err:?}");
        }
    }

    #[test]
    fn written_commands_read_back_the_same() {
        let mut game = Game::new();
        for _ in 0..5 {
            let moves = game.legal_moves();
            game.play(moves[moves.len() / 2]).unwrap();
        }
        let other: Position = "6/2k1/1p1p4/5/10/6/10/5/1P1P1P2/1K2/6 w 0 40"
            .parse()
            .unwrap();
        let commands = [
            Command::Uci,
            Command::IsReady,
            Command::Debug(false),
            Command::SetOption {
                name: "UCI_Variant".into(),
                value: Some("parachess".into()),
            },
            Command::Position {
                start: Position::start(),
                moves: game.plies().iter().map(|p| p.mv).collect(),
            },
            Command::Position {
                start: other,
                moves: vec![],
            },
            Command::Go(Go::clock(
                Duration::from_millis(1234),
                Duration::from_millis(999),
                Duration::from_millis(50),
            )),
            Command::Go(Go {
                depth: Some(3),
                movetime: Some(Duration::from_millis(70)),
                infinite: true,
                searchmoves: vec![mv("c4d3")],
                ..Go::default()
            }),
            Command::Stop,
            Command::Quit,
        ];
        for command in commands {
            let line = command.to_string();
            assert_eq!(Command::parse(&line), Ok(command), "{line}");
        }
    }

    #[test]
    fn go_limits_follow_the_movers_clock() {
        let go = Go::clock(
            Duration::from_secs(60),
            Duration::from_millis(200),
            Duration::ZERO,
        );
        let white = go.limits(Side::White);
        let black = go.limits(Side::Black);
        assert!(white.movetime > black.movetime, "{white:?} {black:?}");
        assert!(
            black
                .movetime
                .is_some_and(|t| t <= Duration::from_millis(100))
        );
        let fixed = Go {
            movetime: Some(Duration::from_millis(30)),
            wtime: Some(Duration::from_secs(60)),
            depth: Some(4),
            ..Go::default()
        };
        let limits = fixed.limits(Side::White);
        assert_eq!(limits.movetime, Some(Duration::from_millis(30)));
        assert_eq!(limits.depth, Some(4));
        assert!(Go::default().is_infinite());
        assert_eq!(Go::default().limits(Side::White), Limits::default());
        let infinite = Go {
            infinite: true,
            depth: Some(3),
            ..Go::default()
        };
        assert_eq!(infinite.limits(Side::Black), Limits::default());
    }
}
