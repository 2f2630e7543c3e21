//! What a game file says about a move besides the move itself: an annotator's mark (`?!`), the
//! clock after it (`{[%clk 0:04:58]}`), an engine evaluation (`{[%eval 0.35]}`, `{[%eval #3]}`),
//! that it was played after a hint (`{[%hint]}`), and free comment text. The `[%…]` commands
//! are the ones lichess writes, so records travel between programs.

use std::fmt;
use std::time::Duration;

use crate::rules::clock::{format_clock, parse_clock};

/// An annotator's judgement of a move, written straight after it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Mark {
    /// `!!`
    Brilliant,
    /// `!`
    Good,
    /// `!?`
    Interesting,
    /// `?!` — an inaccuracy.
    Dubious,
    /// `?` — a mistake.
    Mistake,
    /// `??` — a blunder.
    Blunder,
}

impl Mark {
    const ALL: [(Mark, &'static str, u32); 6] = [
        (Mark::Good, "!", 1),
        (Mark::Mistake, "?", 2),
        (Mark::Brilliant, "!!", 3),
        (Mark::Blunder, "??", 4),
        (Mark::Interesting, "!?", 5),
        (Mark::Dubious, "?!", 6),
    ];

    /// The mark as written after a move.
    pub fn text(self) -> &'static str {
        Mark::ALL
            .iter()
            .find(|(m, _, _)| *m == self)
            .map_or("", |(_, t, _)| t)
    }

    /// Reads `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub fn from_text(text: &str) -> Option<Mark> {
        Mark::ALL
            .iter()
            .find(|(_, t, _)| *t == text)
            .map(|(m, _, _)| *m)
    }

    /// The mark a numeric annotation glyph `$1`–`$6` stands for.
    pub fn from_nag(nag: u32) -> Option<Mark> {
        Mark::ALL
            .iter()
            .find(|(_, _, n)| *n == nag)
            .map(|(m, _, _)| *m)
    }
}

/// An engine's evaluation of the position after a move, from White's point of view.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Eval {
    /// Centipawns: positive is good for White.
    Centipawns(i32),
    /// A forced mate (or stalemate win) in this many moves: positive when White wins.
    Mate(i32),
}

impl fmt::Display for Eval {
    /// `0.35`, `-1.20`, `#3`, `#-2`: the `[%eval]` argument.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let a = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            Eval::Mate(n) => write!(f, "#{n}"),
        }
    }
}

impl Eval {
    /// Reads what [`Eval`]'s `Display` writes; an optional `,depth` suffix (lichess) is
    /// ignored.
    pub fn parse(text: &str) -> Option<Eval> {
        let text = text.split_once(',').map_or(text, |(v, depth)| {
            if depth.bytes().all(|b| b.is_ascii_digit()) && !depth.is_empty() {
                v
            } else {
                "?"
            }
        });
        if let Some(n) = text.strip_prefix('#') {
            let digits = n.strip_prefix('-').unwrap_or(n);
            if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            return n.parse().ok().map(Eval::Mate);
        }
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || whole.len() > 5 || frac.len() > 2 || !digits(whole) || !digits(frac)
        {
            return None;
        }
        if body.contains('.') && frac.is_empty() {
            return None;
        }
        let cp = whole.parse::<i32>().ok()? * 100 + format!("{frac:0<2}").parse::<i32>().ok()?;
        Some(Eval::Centipawns(if negative { -cp } else { cp }))
    }
}

/// Everything a record says about one move besides the move.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PlyNote {
    /// `?!`, `??` and the like.
    pub mark: Option<Mark>,
    /// The mover's clock after the move (increment included).
    pub clock: Option<Duration>,
    /// The evaluation after the move.
    pub eval: Option<Eval>,
    /// The player asked for a hint before this move.
    pub hint: bool,
    /// Free text (without the braces); empty when there is none.
    pub comment: String,
}

impl PlyNote {
    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        *self == PlyNote::default()
    }

    /// The comment as written after the move (`{[%eval 0.35] [%clk 0:04:58]}`), or `None` when
    /// the note holds no comment part. Braces inside free text, which would end the comment
    /// early, become parentheses.
    pub fn comment_text(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(eval) = self.eval {
            parts.push(format!("[%eval {eval}]"));
        }
        if let Some(clock) = self.clock {
            parts.push(format!("[%clk {}]", format_clock(clock)));
        }
        if self.hint {
            parts.push("[%hint]".to_string());
        }
        let free = self
            .comment
            .trim()
            .replace('{', "(")
            .replace('}', ")")
            .replace(|c: char| c.is_control(), " ");
        if !free.is_empty() {
            parts.push(free);
        }
        (!parts.is_empty()).then(|| format!("{{{}}}", parts.join(" ")))
    }
}

/// What is wrong with a `[%…]` command inside a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum CommandError {
    Clock(String),
    Eval(String),
}

/// Adds the contents of one `{…}` comment to `note`: `[%clk]`, `[%eval]` and `[%hint]` are
/// read; other commands and text are kept as free text.
pub(super) fn read_comment(body: &str, note: &mut PlyNote) -> Result<(), CommandError> {
    let mut rest = body;
    let mut free = Vec::new();
    while let Some(open) = rest.find("[%") {
        free.push(rest[..open].trim().to_string());
        let Some(close) = rest[open..].find(']') else {
            free.push(rest[open..].trim().to_string());
            rest = "";
            break;
        };
        let command = &rest[open + 2..open + close];
        let (name, arg) = command
            .trim()
            .split_once(char::is_whitespace)
            .map_or((command.trim(), ""), |(n, a)| (n, a.trim()));
        let clip = || arg.chars().take(40).collect::<String>();
        match name {
            "clk" => {
                note.clock = Some(parse_clock(arg).ok_or_else(|| CommandError::Clock(clip()))?)
            }
            "eval" => note.eval = Some(Eval::parse(arg).ok_or_else(|| CommandError::Eval(clip()))?),
            "hint" if arg.is_empty() => note.hint = true,
            _ => free.push(rest[open..open + close + 1].to_string()),
        }
        rest = &rest[open + close + 1..];
    }
    free.push(rest.trim().to_string());
    let free: Vec<String> = free.into_iter().filter(|s| !s.is_empty()).collect();
    if !free.is_empty() {
        if !note.comment.is_empty() {
            note.comment.push(' ');
        }
        note.comment.push_str(&free.join(" "));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_read_and_write_back() {
        for (text, eval) in [
            ("0.35", Eval::Centipawns(35)),
            ("-1.20", Eval::Centipawns(-120)),
            ("0.00", Eval::Centipawns(0)),
            ("-0.05", Eval::Centipawns(-5)),
            ("12.00", Eval::Centipawns(1200)),
            ("#3", Eval::Mate(3)),
            ("#-2", Eval::Mate(-2)),
        ] {
            assert_eq!(Eval::parse(text), Some(eval), "{text}");
            assert_eq!(eval.to_string(), text);
        }
        assert_eq!(Eval::parse("0.3"), Some(Eval::Centipawns(30)));
        assert_eq!(Eval::parse("2"), Some(Eval::Centipawns(200)));
        assert_eq!(Eval::parse("0.17,23"), Some(Eval::Centipawns(17)));
        for bad in [
            "", "#", "#x", "1.234", "abc", "1.", "--1", "0.17,", "0.1,a", "#99999",
        ] {
            assert_eq!(Eval::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn comments_keep_their_commands_and_text() {
        let mut note = PlyNote::default();
        read_comment(
            " [%eval 0.35] [%clk 0:04:58] a fine move [%csl Ga1] ",
            &mut note,
        )
        .unwrap();
        assert_eq!(note.eval, Some(Eval::Centipawns(35)));
        assert_eq!(note.clock, Some(Duration::from_secs(298)));
        assert_eq!(note.comment, "a fine move [%csl Ga1]");
        read_comment("[%hint]", &mut note).unwrap();
        assert!(note.hint);
        assert_eq!(
            note.comment_text().unwrap(),
            "{[%eval 0.35] [%clk 0:04:58] [%hint] a fine move [%csl Ga1]}"
        );
        assert!(read_comment("[%clk soon]", &mut note).is_err());
        assert!(read_comment("[%eval big]", &mut note).is_err());
    }

    #[test]
    fn marks_and_glyphs_agree() {
        for m in [
            Mark::Good,
            Mark::Mistake,
            Mark::Brilliant,
            Mark::Blunder,
            Mark::Interesting,
            Mark::Dubious,
        ] {
            assert_eq!(Mark::from_text(m.text()), Some(m));
        }
        assert_eq!(Mark::from_nag(6), Some(Mark::Dubious));
        assert_eq!(Mark::from_nag(7), None);
        assert_eq!(Mark::from_text("?!?"), None);
    }
}
