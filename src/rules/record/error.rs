//! What can be wrong with a game file, and where.

use thiserror::Error;

use super::super::game::Outcome;
use super::super::notation::MoveTextErrorKind;
use super::super::piece::Side;
use super::super::text::PositionErrorKind;

/// What is wrong with a game file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordErrorKind {
    /// Bigger than [`super::MAX_RECORD_BYTES`]; refused before anything is parsed.
    #[error("the file is {size} bytes; game files are limited to {limit} bytes")]
    TooLarge {
        /// Bytes seen (at least; reading stops just past the limit).
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// Not UTF-8 text.
    #[error("the file is not UTF-8 text (invalid byte 0x{0:02x})")]
    NotUtf8(u8),
    /// Nothing but whitespace and comments.
    #[error("the file is empty")]
    Empty,
    /// A `[` whose tag is not closed on its line: usually a truncated file.
    #[error("the tag opened here is not closed on its line (truncated file?)")]
    UnterminatedTag,
    /// A `{` without its `}`: usually a truncated file.
    #[error("the comment opened here is never closed (truncated file?)")]
    UnterminatedComment,
    /// A tag line that is not `[Name "value"]`.
    #[error("malformed tag: {0}")]
    BadTag(&'static str),
    /// A tag this format does not define.
    #[error(
        "unknown tag {0:?} (known: Event, Site, Date, Round, White, Black, Result, Termination, TimeControl, Setup)"
    )]
    UnknownTag(String),
    /// The same tag twice: which value counts would be a guess.
    #[error("duplicate tag {name:?} (first given on line {first_line})")]
    DuplicateTag {
        /// The tag name.
        name: String,
        /// Line of the first occurrence.
        first_line: usize,
    },
    /// A tag value that this tag cannot have.
    #[error("the {tag} tag cannot be {value:?} (expected {expected})")]
    BadTagValue {
        /// The tag name.
        tag: &'static str,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
    /// The `[Variant]` or `[VariantDef]` tag names no playable variant.
    #[error("unknown or malformed variant: {0}")]
    BadVariant(String),
    /// The `[Setup]` position text is not a valid position.
    #[error("malformed Setup position: {0}")]
    BadSetup(PositionErrorKind),
    /// A tag after the first move.
    #[error("tags must come before the moves")]
    TagAfterMoves,
    /// `(`: alternative lines are not part of this format.
    #[error("variations in parentheses are not supported")]
    Variation,
    /// A character that cannot start anything here.
    #[error("unexpected {0:?}")]
    Unexpected(char),
    /// A token starting with a digit that is neither a move number nor a result.
    #[error("{0:?} is not a move number (like `12.` or `12...`) or a result")]
    BadMoveNumber(String),
    /// A well-formed move number that is not the next one.
    #[error("move number {found} is out of sequence: expected {expected}")]
    MoveNumberOutOfSequence {
        /// As written.
        found: String,
        /// The next one.
        expected: String,
    },
    /// A move number followed by no move.
    #[error("move number {0} is not followed by a move")]
    NumberWithoutMove(String),
    /// A move that cannot be read or is not legal in the position reached.
    #[error("move {number} ({side}) {text}: {reason}")]
    IllegalMove {
        /// Full-move number.
        number: u32,
        /// Who was to move.
        side: Side,
        /// The move as written.
        text: String,
        /// Why it was refused.
        reason: MoveTextErrorKind,
    },
    /// A move (or move number) after the board already ended the game.
    #[error("move {number} ({side}) {text} comes after the game ended: {outcome}")]
    MoveAfterEnd {
        /// Full-move number.
        number: u32,
        /// Who would have moved.
        side: Side,
        /// The token as written.
        text: String,
        /// How the game ended.
        outcome: Outcome,
    },
    /// The moves end without `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[error("missing result: the moves must end with 1-0, 0-1, 1/2-1/2 or * (truncated file?)")]
    MissingResult,
    /// Anything but comments after the result: a file holds one game.
    #[error("unexpected text after the result (one game per file)")]
    TextAfterResult,
    /// The result says something the final position rules out.
    #[error("the result {written} contradicts the board: {board} ({})", board.result_text())]
    ResultContradictsBoard {
        /// The result token.
        written: String,
        /// What the board decided.
        board: Outcome,
    },
    /// The result token differs from the `[Result]` tag.
    #[error("the result {token} differs from the Result tag {tag:?} on line {tag_line}")]
    ResultTagMismatch {
        /// The result token.
        token: String,
        /// The tag value.
        tag: String,
        /// The tag's line.
        tag_line: usize,
    },
    /// The `[Termination]` tag names a different cause from the one the moves and result give.
    #[error("the Termination tag says {tag:?}, but the game {actual}")]
    TerminationMismatch {
        /// The tag value.
        tag: String,
        /// What the board and result say, in words.
        actual: String,
    },
    /// A `[%clk]` comment whose time cannot be read.
    #[error("the clock {0:?} is not a time like 0:04:58")]
    BadClock(String),
    /// A `[%eval]` comment whose value cannot be read.
    #[error("the evaluation {0:?} is not a number of pawns like 0.35 or a mate like #3")]
    BadEval(String),
    /// `[Termination "time forfeit"]` in a game played without clocks.
    #[error("a time forfeit needs a TimeControl tag: a game without clocks cannot be lost on time")]
    TimeForfeitUntimed,
    /// A time forfeit with a result the clocks cannot give.
    #[error("after a time forfeit here the result must be {expected}, not {written}: {why}")]
    TimeForfeitResult {
        /// The result token.
        written: String,
        /// The only result a flag fall gives in this position.
        expected: &'static str,
        /// Why, in words.
        why: String,
    },
    /// A clock that grew by more than the increment since the side's previous move.
    #[error("{side}'s clock reads {clock}, but with the time control it can be at most {most}")]
    ClockGained {
        /// Whose clock.
        side: Side,
        /// As written.
        clock: String,
        /// The most it could read.
        most: String,
    },
}

/// A rejected game file: what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct RecordError {
    /// What is wrong.
    pub kind: RecordErrorKind,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counting characters (a tab is one).
    pub column: usize,
}

impl RecordError {
    pub(super) fn at(kind: RecordErrorKind, (line, column): (usize, usize)) -> RecordError {
        RecordError { kind, line, column }
    }
}
