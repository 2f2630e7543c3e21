//! The direct-play wire format: one message per line, UTF-8, `\n`-terminated, at most [`MAX_LINE`] bytes,
//! words separated by single spaces (docs/PROTOCOL.md, "Network play").

use std::fmt;
use std::time::Duration;

use crate::rules::clock::{ClockReading, TimeControl};
use crate::rules::{Position, Side};

/// The protocol version this program speaks; a peer with another is refused at the hello.
/// Version 2 added the session token to `hello` and `welcome`; version 3 the variant
/// (`variant` and `variantdef` lines before a full state's `game` line).
pub const PROTOCOL_VERSION: u32 = 3;

/// The longest line accepted, in bytes, without its `\n`. A longer line is an error and ends the
/// connection (the reader cannot tell where the next message starts).
pub const MAX_LINE: usize = 512;

/// The longest player name sent in a hello or welcome, in characters.
pub const MAX_NAME: usize = 40;

/// Moves written on one `moves` line of a full state, few enough to stay under [`MAX_LINE`].
const MOVES_PER_LINE: usize = 40;

/// The longest variant definition a full state may carry, in bytes (a player's variant file
/// is a few hundred; the server takes at most 4096).
pub const MAX_VARIANT_DEF: usize = 8192;

/// Bytes of a variant definition written on one `variantdef` line.
const DEF_PER_LINE: usize = 400;

/// The longest variant name, in characters.
const MAX_VARIANT_NAME: usize = 100;

/// The longest game a full state may describe, in half-moves (the draw rules end every real
/// game long before).
pub const MAX_STATE_PLIES: usize = 40_000;

/// `bye` texts a joiner acts on (docs/PROTOCOL.md, "Refusals").
pub const BYE_WRONG_CODE: &str = "wrong code";
/// The seat is taken and the hello did not carry its token.
pub const BYE_FULL: &str = "the game is full";
/// A newer connection presenting this seat's token replaced this one.
pub const BYE_REPLACED: &str = "another connection took this seat";
/// The host had no room for this handshake (a crowd of other newcomers).
pub const BYE_BUSY: &str = "the host is busy, try again";
/// No complete hello arrived within the handshake time.
pub const BYE_SLOW: &str = "no hello in time, try again";

/// Whether a joiner told `bye <text>` should connect again: the refusal was about this one
/// connection ([`BYE_REPLACED`], or a text ending in `try again`), not about the player.
pub fn bye_retryable(text: &str) -> bool {
    text == BYE_REPLACED || text.ends_with("try again")
}

/// The secret that makes a seat the joiner's: 128 bits from the operating system's random
/// source, given in the `welcome` and presented on every reconnection, so that knowing the
/// join code is not enough to take an occupied seat. Written as 32 lower-case hex digits.
#[derive(Copy, Clone, Eq)]
pub struct Token([u8; 16]);

impl Token {
    /// A fresh random token; fails only when the system has no random source.
    pub fn random() -> Result<Token, getrandom::Error> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes)?;
        Ok(Token(bytes))
    }
}

impl PartialEq for Token {
    /// Compares every byte whatever the first difference, so the time an answer takes tells
    /// a guesser nothing.
    fn eq(&self, other: &Token) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}

impl fmt::Debug for Token {
    /// Never the secret itself (debug output ends up in logs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(..)")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl std::str::FromStr for Token {
    type Err = String;

    /// Exactly 32 hex digits.
    fn from_str(word: &str) -> Result<Token, String> {
        let bad = || format!("{:?} is not a session token (32 hex digits)", clip(word));
        if word.len() != 32 || !word.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let mut bytes = [0u8; 16];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&word[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
        }
        Ok(Token(bytes))
    }
}

/// A yes/no question between the players: a draw offer or a takeback request.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ask {
    /// `offer` (draw) or `ask` (takeback): the sender asks.
    Ask,
    /// The sender accepts the other's question.
    Accept,
    /// The sender declines it.
    Decline,
}

/// One protocol message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Msg {
    /// Joiner → host, first line: `hello <version> <code> <token|-> [name]`. Of a hello with
    /// another version only the version and code are read.
    Hello {
        /// The joiner's protocol version.
        version: u32,
        /// The join code the host showed.
        code: String,
        /// The seat's token from an earlier `welcome` (`-` on the wire when none).
        token: Option<Token>,
        /// The joiner's name (may be empty).
        name: String,
    },
    /// Host → joiner, the answer to a good hello: `welcome <version> <w|b> <token> [host
    /// name]`, where `w`/`b` is the joiner's side and `token` the seat's. A full state follows.
    Welcome {
        /// The host's protocol version.
        version: u32,
        /// The side the joiner plays.
        you: Side,
        /// The seat's token, for reconnecting.
        token: Token,
        /// The host's name.
        name: String,
    },
    /// Part of a full state before its `game` line, for a variant not built in:
    /// `variantdef <part>`, the parts joined giving the definition as a TOML inline table.
    VariantDef(String),
    /// Part of a full state before its `game` line, for any variant but Parachess:
    /// `variant <name>` (a built-in name, or the name inside the `variantdef` lines).
    Variant(String),
    /// Start of a full state: `game <plies> <time control|-> <start position text>`. The
    /// position is read in the variant the lines before named, so it stays text here.
    Game {
        /// Half-moves the `moves` lines that follow hold.
        plies: usize,
        /// The time control, `None` untimed.
        control: Option<TimeControl>,
        /// The position the game started from, as position text.
        start: String,
    },
    /// Part of a full state: `moves <move> <move> ...` (move text, in order).
    Moves(Vec<String>),
    /// The clocks: `clock <white ms> <black ms> <w|b|->` (`-`: stopped).
    Clock(ClockReading),
    /// End of a full state: `ready`.
    Ready,
    /// Joiner → host: `move <move text>`: the joiner asks to play this move.
    Move(String),
    /// Host → joiner: `played <ply> <move text> [<white ms> <black ms> <w|b|->]`: the move that
    /// became half-move number `ply` (1-based), with the clocks after it when timed.
    Played {
        /// The half-move's number (1 for the first move of the game).
        ply: usize,
        /// The move.
        text: String,
        /// The clocks right after the move, increment included.
        clock: Option<ClockReading>,
    },
    /// `draw offer|accept|decline`.
    Draw(Ask),
    /// `takeback ask|accept|decline`.
    Takeback(Ask),
    /// Joiner → host: `resign`.
    Resign,
    /// Host → joiner: `undone <plies> [clock]`: moves were taken back until `plies` remain.
    Undone {
        /// Half-moves left.
        plies: usize,
        /// The clocks after the takeback.
        clock: Option<ClockReading>,
    },
    /// Host → joiner: `over <result> <termination>`, e.g. `over 1-0 time forfeit`.
    Over {
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
        /// A `[Termination]` value of the records (`checkmate`, `time forfeit`, ...).
        termination: String,
    },
    /// Joiner → host: `sync`: send the full state again.
    Sync,
    /// `ping <n>`: the other side answers `pong <n>`; a side that hears no answer for a while
    /// takes the connection as lost.
    Ping(u64),
    /// `pong <n>`.
    Pong(u64),
    /// `error <text>`: the last request was refused; nothing changed.
    Error(String),
    /// `bye <text>`: the sender closes the connection on purpose.
    Bye(String),
}

fn side_letter(side: Side) -> &'static str {
    match side {
        Side::White => "w",
        Side::Black => "b",
    }
}

fn parse_side(word: &str) -> Result<Side, String> {
    match word {
        "w" => Ok(Side::White),
        "b" => Ok(Side::Black),
        _ => Err(format!("{:?} is not a side (w or b)", clip(word))),
    }
}

/// At most 40 characters of `s`, for error messages about what a peer sent.
pub(crate) fn clip(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &s[..end]),
        None => s.to_string(),
    }
}

/// A name as it may travel: printable characters only, at most [`MAX_NAME`].
pub fn clean_name(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_NAME)
        .collect()
}

/// Free text as it may travel on one line (an error or bye reason).
fn clean_text(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut end = text.len().min(MAX_LINE - 16);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].trim().to_string()
}

fn number<T: std::str::FromStr>(word: Option<&str>, what: &str) -> Result<T, String> {
    let word = word.ok_or_else(|| format!("missing {what}"))?;
    if word.is_empty() || word.len() > 20 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{:?} is not a {what}", clip(word)));
    }
    word.parse()
        .map_err(|_| format!("{:?} is not a {what}", clip(word)))
}

fn write_name(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    let name = clean_name(name);
    if name.is_empty() {
        Ok(())
    } else {
        write!(f, " {name}")
    }
}

fn write_clock(f: &mut fmt::Formatter<'_>, c: &ClockReading) -> fmt::Result {
    let running = c.running.map_or("-", side_letter);
    write!(
        f,
        "{} {} {running}",
        c.remaining[0].as_millis(),
        c.remaining[1].as_millis()
    )
}

/// Reads `<white ms> <black ms> <w|b|->` from `words`.
fn read_clock<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<ClockReading, String> {
    // Milliseconds within a day plus an hour per move of the longest game: far beyond any clock.
    const MAX_MS: u64 = 1 << 40;
    let mut ms = || -> Result<Duration, String> {
        let n: u64 = number(words.next(), "clock time in milliseconds")?;
        if n > MAX_MS {
            return Err("clock time too large".into());
        }
        Ok(Duration::from_millis(n))
    };
    let remaining = [ms()?, ms()?];
    let running = match words.next() {
        Some("-") => None,
        Some(w) => Some(parse_side(w)?),
        None => return Err("missing running side (w, b or -)".into()),
    };
    Ok(ClockReading { remaining, running })
}

fn parse_ask(word: Option<&str>, ask: &str) -> Result<Ask, String> {
    match word {
        Some(w) if w == ask => Ok(Ask::Ask),
        Some("accept") => Ok(Ask::Accept),
        Some("decline") => Ok(Ask::Decline),
        _ => Err(format!("expected {ask}, accept or decline")),
    }
}

impl Msg {
    /// Reads one line (without its `\n`; a trailing `\r` is ignored).
    pub fn parse(line: &str) -> Result<Msg, String> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.len() > MAX_LINE {
            return Err(format!("line longer than {MAX_LINE} bytes"));
        }
        if line.chars().any(|c| c.is_control()) {
            return Err("control character in the line".into());
        }
        let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
        let mut words = rest.split(' ');
        let mut word = || words.next().filter(|w| !w.is_empty());
        let msg = match head {
            "hello" => {
                let version = number(word(), "protocol version")?;
                let code = word().ok_or("missing join code")?.to_string();
                if version != PROTOCOL_VERSION {
                    // Enough for the host to say which version it speaks.
                    return Ok(Msg::Hello {
                        version,
                        code,
                        token: None,
                        name: String::new(),
                    });
                }
                let token = match word().ok_or("missing session token (or -)")? {
                    "-" => None,
                    w => Some(w.parse()?),
                };
                let name = rest.splitn(4, ' ').nth(3).unwrap_or("");
                Msg::Hello {
                    version,
                    code,
                    token,
                    name: clean_name(name),
                }
            }
            "welcome" => {
                let version = number(word(), "protocol version")?;
                let you = parse_side(word().ok_or("missing side")?)?;
                let token = word().ok_or("missing session token")?.parse()?;
                let name = rest.splitn(4, ' ').nth(3).unwrap_or("");
                Msg::Welcome {
                    version,
                    you,
                    token,
                    name: clean_name(name),
                }
            }
            "game" => {
                let plies = number(word(), "number of half-moves")?;
                if plies > MAX_STATE_PLIES {
                    return Err("too many half-moves".into());
                }
                let control = match word().ok_or("missing time control")? {
                    "-" => None,
                    tc => Some(tc.parse::<TimeControl>().map_err(|e| e.to_string())?),
                };
                let start = rest
                    .splitn(3, ' ')
                    .nth(2)
                    .filter(|t| !t.trim().is_empty())
                    .ok_or("missing position")?
                    .to_string();
                Msg::Game {
                    plies,
                    control,
                    start,
                }
            }
            "variantdef" => {
                if rest.is_empty() {
                    return Err("empty variantdef line".into());
                }
                Msg::VariantDef(rest.to_string())
            }
            "variant" => {
                let name = rest.trim();
                if name.is_empty() || name.chars().count() > MAX_VARIANT_NAME {
                    return Err(format!(
                        "a variant name has 1 to {MAX_VARIANT_NAME} characters"
                    ));
                }
                Msg::Variant(name.to_string())
            }
            "moves" => {
                let moves: Vec<String> = rest.split(' ').map(str::to_string).collect();
                if rest.is_empty() || moves.iter().any(|m| m.is_empty()) {
                    return Err("empty move in a moves line".into());
                }
                Msg::Moves(moves)
            }
            "clock" => Msg::Clock(read_clock(&mut rest.split(' '))?),
            "ready" => Msg::Ready,
            "move" => Msg::Move(word().ok_or("missing move")?.to_string()),
            "played" => {
                let ply = number(word(), "half-move number")?;
                let text = word().ok_or("missing move")?.to_string();
                let clock = if rest.split(' ').count() > 2 {
                    Some(read_clock(&mut rest.split(' ').skip(2))?)
                } else {
                    None
                };
                Msg::Played { ply, text, clock }
            }
            "draw" => Msg::Draw(parse_ask(word(), "offer")?),
            "takeback" => Msg::Takeback(parse_ask(word(), "ask")?),
            "resign" => Msg::Resign,
            "undone" => {
                let plies = number(word(), "number of half-moves")?;
                let clock = if rest.split(' ').count() > 1 {
                    Some(read_clock(&mut rest.split(' ').skip(1))?)
                } else {
                    None
                };
                Msg::Undone { plies, clock }
            }
            "over" => {
                let result = word().ok_or("missing result")?.to_string();
                if !["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()) {
                    return Err(format!("{:?} is not a result", clip(&result)));
                }
                let termination = rest.split_once(' ').map_or("", |(_, t)| t).to_string();
                if termination.is_empty() {
                    return Err("missing termination".into());
                }
                Msg::Over {
                    result,
                    termination,
                }
            }
            "sync" => Msg::Sync,
            "ping" => Msg::Ping(number(word(), "ping number")?),
            "pong" => Msg::Pong(number(word(), "ping number")?),
            "error" => Msg::Error(rest.to_string()),
            "bye" => Msg::Bye(rest.to_string()),
            "" => return Err("empty line".into()),
            other => return Err(format!("unknown message {:?}", clip(other))),
        };
        let exact = matches!(
            msg,
            Msg::Ready
                | Msg::Resign
                | Msg::Sync
                | Msg::Move(_)
                | Msg::Draw(_)
                | Msg::Takeback(_)
                | Msg::Ping(_)
                | Msg::Pong(_)
        );
        if exact && msg.to_string() != line {
            return Err(format!("unexpected words after {head:?}"));
        }
        Ok(msg)
    }

    /// The lines of a full state: for a variant other than Parachess its `variantdef` lines
    /// (when not built in) and `variant`, then `game`, `moves` (as many as needed), `clock`
    /// when timed, `over` when the game has ended, and `ready`.
    pub fn state(
        start: &Position,
        moves: &[String],
        control: Option<TimeControl>,
        clock: Option<ClockReading>,
        over: Option<(&str, &str)>,
    ) -> Vec<Msg> {
        let variant = start.variant();
        let mut out = Vec::new();
        if !variant.is_parachess() {
            if !variant.is_builtin() {
                let def = variant.to_inline_toml();
                out.extend(chunks(&def, DEF_PER_LINE).map(|c| Msg::VariantDef(c.to_string())));
            }
            out.push(Msg::Variant(variant.name().to_string()));
        }
        out.push(Msg::Game {
            plies: moves.len(),
            control,
            start: start.to_string(),
        });
        out.extend(moves.chunks(MOVES_PER_LINE).map(|c| Msg::Moves(c.to_vec())));
        if let (Some(c), Some(_)) = (clock, control) {
            out.push(Msg::Clock(c));
        }
        if let Some((result, termination)) = over {
            out.push(Msg::Over {
                result: result.into(),
                termination: termination.into(),
            });
        }
        out.push(Msg::Ready);
        out
    }
}

/// `text` cut into pieces of at most `max` bytes, at character boundaries.
fn chunks(text: &str, max: usize) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut end = rest.len().min(max);
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let (part, tail) = rest.split_at(end);
        rest = tail;
        Some(part)
    })
}

impl fmt::Display for Msg {
    /// The line, without its `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ask = |a: Ask, first: &'static str| match a {
            Ask::Ask => first,
            Ask::Accept => "accept",
            Ask::Decline => "decline",
        };
        match self {
            Msg::Hello {
                version,
                code,
                token,
                name,
            } => {
                write!(f, "hello {version} {code} ")?;
                match token {
                    Some(t) => write!(f, "{t}")?,
                    None => f.write_str("-")?,
                }
                write_name(f, name)?
            }
            Msg::Welcome {
                version,
                you,
                token,
                name,
            } => {
                write!(f, "welcome {version} {} {token}", side_letter(*you))?;
                write_name(f, name)?
            }
            Msg::Game {
                plies,
                control,
                start,
            } => {
                let tc = control.map_or("-".to_string(), |tc| tc.to_string());
                write!(f, "game {plies} {tc} {start}")?
            }
            Msg::VariantDef(part) => write!(f, "variantdef {part}")?,
            Msg::Variant(name) => write!(f, "variant {name}")?,
            Msg::Moves(moves) => write!(f, "moves {}", moves.join(" "))?,
            Msg::Clock(c) => {
                f.write_str("clock ")?;
                write_clock(f, c)?
            }
            Msg::Ready => f.write_str("ready")?,
            Msg::Move(text) => write!(f, "move {text}")?,
            Msg::Played { ply, text, clock } => {
                write!(f, "played {ply} {text}")?;
                if let Some(c) = clock {
                    f.write_str(" ")?;
                    write_clock(f, c)?;
                }
            }
            Msg::Draw(a) => write!(f, "draw {}", ask(*a, "offer"))?,
            Msg::Takeback(a) => write!(f, "takeback {}", ask(*a, "ask"))?,
            Msg::Resign => f.write_str("resign")?,
            Msg::Undone { plies, clock } => {
                write!(f, "undone {plies}")?;
                if let Some(c) = clock {
                    f.write_str(" ")?;
                    write_clock(f, c)?;
                }
            }
            Msg::Over {
                result,
                termination,
            } => write!(f, "over {result} {termination}")?,
            Msg::Sync => f.write_str("sync")?,
            Msg::Ping(n) => write!(f, "ping {n}")?,
            Msg::Pong(n) => write!(f, "pong {n}")?,
            Msg::Error(text) => write!(f, "error {}", clean_text(text))?,
            Msg::Bye(text) => write!(f, "bye {}", clean_text(text))?,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn messages_read_back_as_written() {
        let token = Token::random().unwrap();
        let clock = ClockReading {
            remaining: [ms(298_500), ms(301_000)],
            running: Some(Side::Black),
        };
        let all = [
            Msg::Hello {
                version: PROTOCOL_VERSION,
                code: "AB3DEF".into(),
                token: None,
                name: "Ann Lee".into(),
            },
            Msg::Hello {
                version: PROTOCOL_VERSION,
                code: "AB3DEF".into(),
                token: Some(token),
                name: String::new(),
            },
            Msg::Hello {
                version: 1,
                code: "AB3DEF".into(),
                token: None,
                name: String::new(),
            },
            Msg::Welcome {
                version: PROTOCOL_VERSION,
                you: Side::Black,
                token,
                name: "Bob".into(),
            },
            Msg::Game {
                plies: 2,
                control: Some("300+3".parse().unwrap()),
                start: Position::start().to_string(),
            },
            Msg::Game {
                plies: 0,
                control: None,
                start: Position::start().to_string(),
            },
            Msg::Moves(vec!["c4-d3".into(), "i5-h3".into()]),
            Msg::Clock(clock),
            Msg::Clock(ClockReading {
                running: None,
                ..clock
            }),
            Msg::Ready,
            Msg::Move("Sa2-e5".into()),
            Msg::Played {
                ply: 3,
                text: "Bb3xg8+".into(),
                clock: Some(clock),
            },
            Msg::Played {
                ply: 1,
                text: "c4-d3".into(),
                clock: None,
            },
            Msg::Draw(Ask::Ask),
            Msg::Draw(Ask::Accept),
            Msg::Takeback(Ask::Ask),
            Msg::Takeback(Ask::Decline),
            Msg::Resign,
            Msg::Undone {
                plies: 4,
                clock: Some(clock),
            },
            Msg::Undone {
                plies: 0,
                clock: None,
            },
            Msg::Over {
                result: "1/2-1/2".into(),
                termination: "time forfeit".into(),
            },
            Msg::Sync,
            Msg::Ping(7),
            Msg::Pong(7),
            Msg::Error("not your turn".into()),
            Msg::Bye("wrong code".into()),
        ];
        for msg in all {
            let line = msg.to_string();
            assert!(line.len() <= MAX_LINE && !line.contains('\n'), "{line}");
            assert_eq!(Msg::parse(&line), Ok(msg), "{line}");
        }
        assert_eq!(Msg::parse("ready\r"), Ok(Msg::Ready));
    }

    #[test]
    fn malformed_lines_are_refused_with_a_reason() {
        for bad in [
            "",
            "hi",
            "hello",
            "hello x ABC",
            "hello 99999999999999999999999 ABC",
            "welcome 2 x",
            "welcome 2 w",
            "welcome 2 w 0123",
            "hello 3 AB3DEF",
            "hello 3 AB3DEF Ann",
            "hello 3 AB3DEF 0123456789abcdef0123456789abcdeg",
            "game 2 300+3",
            "game 2 300+3  ",
            "variant",
            "variant   ",
            "variantdef",
            "game 1 abc rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1",
            "game 99999999 - rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1",
            "moves",
            "moves a  b",
            "clock 1 2",
            "clock 1 2 x",
            "clock -1 2 w",
            "clock 99999999999999999999 2 w",
            "move",
            "move a b",
            "played x c4-d3",
            "played 1 c4-d3 1 2",
            "draw",
            "draw maybe",
            "takeback offer",
            "resign now",
            "over 2-0 checkmate",
            "over 1-0",
            "ping",
            "ping -1",
            "pong 1 2",
            "ready\tnow",
            "move c4-d3\u{7}",
        ] {
            let err = Msg::parse(bad).expect_err(bad);
            assert!(!err.is_empty(), "{bad:?}");
        }
        let long = format!("move {}", "a".repeat(MAX_LINE));
        assert!(Msg::parse(&long).is_err());
    }

    #[test]
    fn a_full_state_fits_in_lines() {
        let moves: Vec<String> = (0..1000).map(|_| "Sa2xe5=Q#".to_string()).collect();
        let clock = ClockReading {
            remaining: [Duration::from_secs(86_400 * 30); 2],
            running: None,
        };
        let lines = Msg::state(
            &"rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR b 99 9999"
                .parse()
                .unwrap(),
            &moves,
            Some("86400+3600".parse().unwrap()),
            Some(clock),
            Some(("1/2-1/2", "fifty moves")),
        );
        let mut count = 0;
        for msg in &lines {
            let line = msg.to_string();
            assert!(line.len() <= MAX_LINE, "{} bytes: {line}", line.len());
            assert_eq!(Msg::parse(&line).as_ref(), Ok(msg));
            if let Msg::Moves(m) = msg {
                count += m.len();
            }
        }
        assert_eq!(count, 1000);
        assert_eq!(lines.last(), Some(&Msg::Ready));
    }

    #[test]
    fn a_variant_travels_before_the_game_line() {
        use crate::rules::Variant;
        let builtin = Variant::named("Knights and Archers").unwrap();
        let lines = Msg::state(&builtin.start(), &[], None, None, None);
        assert_eq!(lines[0], Msg::Variant("Knights and Archers".into()));
        assert!(matches!(lines[1], Msg::Game { .. }));

        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/variants/parachess-in-atoms.toml"
        ))
        .unwrap();
        let own = Variant::from_toml(&text).unwrap();
        let lines = Msg::state(&own.start(), &[], None, None, None);
        let mut def = String::new();
        for msg in &lines {
            let line = msg.to_string();
            assert!(line.len() <= MAX_LINE, "{} bytes: {line}", line.len());
            assert_eq!(Msg::parse(&line).as_ref(), Ok(msg));
            if let Msg::VariantDef(part) = msg {
                def += part;
            }
        }
        assert!(
            lines
                .iter()
                .filter(|m| matches!(m, Msg::VariantDef(_)))
                .count()
                > 1
        );
        assert_eq!(def, own.to_inline_toml());
        assert!(lines.contains(&Msg::Variant(own.name().to_string())));
        // Parachess itself needs no variant line.
        let plain = Msg::state(&Position::start(), &[], None, None, None);
        assert!(matches!(plain[0], Msg::Game { .. }));
    }

    #[test]
    fn long_text_is_cut_at_character_boundaries() {
        let text = "ab\u{e9}\u{1F600}cd".repeat(50);
        let parts: Vec<&str> = chunks(&text, 7).collect();
        assert!(parts.iter().all(|p| p.len() <= 7 && !p.is_empty()));
        assert_eq!(parts.concat(), text);
    }

    proptest::proptest! {
        #[test]
        fn any_line_is_a_message_or_a_reason(line in "\\PC{0,80}|[a-z0-9 +./-]{0,600}") {
            if let Ok(msg) = Msg::parse(&line) {
                let written = msg.to_string();
                proptest::prop_assert!(written.len() <= MAX_LINE);
                proptest::prop_assert_eq!(Msg::parse(&written), Ok(msg));
            }
        }
    }

    #[test]
    fn tokens_are_random_hex_and_compare_whole() {
        let a = Token::random().unwrap();
        let b = Token::random().unwrap();
        assert_ne!(a, b);
        let text = a.to_string();
        assert_eq!(text.len(), 32);
        assert!(
            text.bytes()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
        );
        assert_eq!(text.parse::<Token>(), Ok(a));
        assert_eq!(text.to_ascii_uppercase().parse::<Token>(), Ok(a));
        assert_eq!(format!("{a:?}"), "Token(..)", "no secret in debug output");
        for bad in [
            "",
            "-",
            &text[1..],
            &format!("{text}0"),
            &format!("{}g", &text[1..]),
        ] {
            assert!(bad.parse::<Token>().is_err(), "{bad:?}");
        }
        let line = Msg::Hello {
            version: PROTOCOL_VERSION,
            code: "AB3DEF".into(),
            token: Some(a),
            name: "Ann".into(),
        }
        .to_string();
        assert_eq!(line, format!("hello {PROTOCOL_VERSION} AB3DEF {a} Ann"));
        // A hello of another version reads as far as the host needs to refuse it.
        assert!(matches!(
            Msg::parse("hello 1 AB3DEF Ann Lee"),
            Ok(Msg::Hello { version: 1, .. })
        ));
        assert!(bye_retryable(BYE_BUSY) && bye_retryable(BYE_SLOW) && bye_retryable(BYE_REPLACED));
        assert!(!bye_retryable(BYE_FULL) && !bye_retryable(BYE_WRONG_CODE));
    }

    #[test]
    fn names_and_texts_stay_on_one_short_line() {
        assert_eq!(clean_name("  Ann\n\tLee "), "Ann Lee");
        assert_eq!(clean_name(&"x".repeat(100)).len(), MAX_NAME);
        let bye = Msg::Bye("é".repeat(1000)).to_string();
        assert!(bye.len() <= MAX_LINE && Msg::parse(&bye).is_ok());
    }
}
