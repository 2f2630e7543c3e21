//! Game records: one game per text file, in a PGN-like format, so games can be saved, resumed,
//! shared and checked by hand.
//!
//! ```text
//! [Event "Casual game"]
//! [Date "2026.11.30"]
//! [White "Ann"]
//! [Black "Bob"]
//! [Result "1-0"]
//! [Termination "resignation"]
//!
//! 1. c4-d3 i5-h3 2. Sa2-e5 1-0
//! ```
//!
//! * Tags (all optional, each at most once, in any order): `Event`, `Site`, `Date`, `Round`,
//!   `White`, `Black`, `Result`, `Termination` (how the game ended: `checkmate`, `stalemate`,
//!   `resignation`, `repetition`, `fifty moves`, `agreement`, `time forfeit`), `TimeControl`
//!   (`300+3`), `Variant` (the variant's name, `Parachess` included: every file written carries it), `VariantDef`
//!   (a variant that is not built in, as one line of TOML: an inline table with the fields of a
//!   variant file, so the game opens anywhere) and `Setup` (position text of the start, written
//!   only when it is not the variant's own). Values escape `"` and `\` with `\`.
//! * A `time forfeit` needs a `TimeControl` and means the side to move ran out of time: it lost
//!   (`1-0` or `0-1`), or, when the opponent has only its King left, the game is drawn
//!   (`1/2-1/2`); any other result is refused.
//! * Moves in move text (rule book §9) with move numbers from the start position's full-move
//!   number: `12.` before White's move, `12...` when the game starts with Black to move.
//!   Numbers may be left out, but a number given must be the right one.
//! * The result token, `1-0`, `0-1`, `1/2-1/2` or `*` (unfinished), is required and must agree
//!   with the board: after a checkmate only the mating side's win is accepted. A decisive result
//!   or a draw on a board that has not ended the game is a resignation or a draw by agreement.
//! * Reading forgives what is harmless: CRLF line ends, extra whitespace, `{comments}`,
//!   `; comments`, `!`/`?` after moves, `$1` annotations and a byte-order mark. Everything else
//!   is a [`RecordError`] with line and column. Files over [`MAX_RECORD_BYTES`] are refused.

mod clocks;
mod cursor;
mod error;
mod notes;
mod reader;

use super::game::{Game, Outcome};
use super::piece::Side;

pub use clocks::{clocks_after, clocks_whole_or_none, remaining_after};
pub use error::{RecordError, RecordErrorKind};
pub use notes::{Eval, Mark, PlyNote};

use super::clock::TimeControl;

/// The largest game file accepted, 4 MiB: far more than any real game (the fifty-move rule
/// ends every game within a few ten thousand moves), small enough to parse in a blink.
pub const MAX_RECORD_BYTES: usize = 4 * 1024 * 1024;

/// The tag names this format defines, in the order they are written.
pub const KNOWN_TAGS: [&str; 12] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Termination",
    "TimeControl",
    "Variant",
    "VariantDef",
    "Setup",
];

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

const TERMINATIONS: [&str; 7] = [
    "checkmate",
    "stalemate",
    "resignation",
    "repetition",
    "fifty moves",
    "agreement",
    "time forfeit",
];

/// The `[Termination]` value for an outcome: keeps resignation apart from a checkmate the
/// reader would otherwise have to infer.
pub fn termination_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Checkmate { .. } => TERMINATIONS[0],
        Outcome::Stalemate { .. } => TERMINATIONS[1],
        Outcome::Resignation { .. } => TERMINATIONS[2],
        Outcome::Repetition => TERMINATIONS[3],
        Outcome::FiftyMoves => TERMINATIONS[4],
        Outcome::Agreement => TERMINATIONS[5],
        Outcome::Time { .. } => TERMINATIONS[6],
    }
}

/// The descriptive tags of a game: what a save list shows. Result, Termination and Setup are
/// not here because the [`Game`] itself decides them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// Name of the event or match.
    pub event: Option<String>,
    /// Where it was played.
    pub site: Option<String>,
    /// `YYYY.MM.DD`, by convention (not checked).
    pub date: Option<String>,
    /// Round within the event.
    pub round: Option<String>,
    /// White's player.
    pub white: Option<String>,
    /// Black's player.
    pub black: Option<String>,
    /// The clocks' starting time and increment, when the game was played with clocks.
    pub time_control: Option<TimeControl>,
}

/// A game with its tags: what a game file holds.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Players, date and so on.
    pub tags: Tags,
    /// The game: start, moves and, when finished, the outcome.
    pub game: Game,
    /// What the file says about each move (marks, clocks, evaluations, hints, comments): one
    /// per move played, or fewer when the last moves have none.
    pub notes: Vec<PlyNote>,
}

impl GameRecord {
    /// A record of `game` with `tags` and no notes.
    pub fn new(game: Game, tags: Tags) -> GameRecord {
        GameRecord {
            tags,
            game,
            notes: Vec::new(),
        }
    }

    /// The record as game-file text; [`read_game`] gives back the same game, tags and notes.
    pub fn to_text(&self) -> String {
        write_record(&self.game, &self.tags, &self.notes)
    }

    /// The note of half-move `ply` (0-based), empty when there is none.
    pub fn note(&self, ply: usize) -> PlyNote {
        self.notes.get(ply).cloned().unwrap_or_default()
    }
}

/// Reads a game file. Rejects, with line and column, anything the rules or the format refuse.
pub fn read_game(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    if bytes.len() > MAX_RECORD_BYTES {
        let kind = RecordErrorKind::TooLarge {
            size: bytes.len() as u64,
            limit: MAX_RECORD_BYTES as u64,
        };
        return Err(RecordError::at(kind, (1, 1)));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let valid = e.valid_up_to();
        let before = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
        let byte = bytes.get(valid).copied().unwrap_or_default();
        RecordError::at(RecordErrorKind::NotUtf8(byte), cursor::loc_after(before))
    })?;
    reader::read(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// Writes `game` with `tags` as game-file text. Control characters in tag values (which a
/// one-line tag cannot hold) are written as spaces.
pub fn write_game(game: &Game, tags: &Tags) -> String {
    write_record(game, tags, &[])
}

/// [`write_game`] with a note after each move (`notes[i]` belongs to the i-th half-move;
/// missing or empty notes write nothing).
pub fn write_record(game: &Game, tags: &Tags, notes: &[PlyNote]) -> String {
    let mut out = String::new();
    let time_control = tags.time_control.map(|tc| tc.to_string());
    let result = game.outcome().map_or("*", |o| o.result_text());
    let values = [
        ("Event", tags.event.as_deref()),
        ("Site", tags.site.as_deref()),
        ("Date", tags.date.as_deref()),
        ("Round", tags.round.as_deref()),
        ("White", tags.white.as_deref()),
        ("Black", tags.black.as_deref()),
        ("Result", Some(result)),
        ("Termination", game.outcome().map(termination_name)),
        ("TimeControl", time_control.as_deref()),
    ];
    for (name, value) in values {
        if let Some(value) = value {
            write_tag(&mut out, name, value);
        }
    }
    let start = game.start_position();
    let variant = start.variant();
    // Written for Parachess too: every game file carries it, which is what the desktop's
    // file type for Parachess games (packaging/parachess-mime.xml) recognises.
    write_tag(&mut out, "Variant", variant.name());
    // A variant of the player's own travels with the game, so the file opens anywhere.
    if !variant.is_builtin() {
        write_tag(&mut out, "VariantDef", &variant.to_inline_toml());
    }
    if *start != variant.start() {
        write_tag(&mut out, "Setup", &start.to_string());
    }
    out.push('\n');
    let mut line = String::new();
    let mut push = |token: &str, out: &mut String| {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    };
    let mut number = start.fullmove_number();
    let mut side = start.turn();
    for (i, ply) in game.plies().iter().enumerate() {
        let note = notes.get(i);
        let mark = note.and_then(|n| n.mark).map_or("", |m| m.text());
        match side {
            Side::White => push(&format!("{number}. {}{mark}", ply.text), &mut out),
            Side::Black if i == 0 => push(&format!("{number}... {}{mark}", ply.text), &mut out),
            Side::Black => push(&format!("{}{mark}", ply.text), &mut out),
        }
        if let Some(comment) = note.and_then(PlyNote::comment_text) {
            push(&comment, &mut out);
        }
        if side == Side::Black {
            number = number.saturating_add(1);
        }
        side = !side;
    }
    push(result, &mut out);
    out.push_str(&line);
    out.push('\n');
    out
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}
