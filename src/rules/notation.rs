//! Move text (rule book §9): `Sa2-e5`, `Bb3xg8+`, `j2-k2=Q#`, and the bare input forms `a2e5`,
//! `j2k2q`.

use thiserror::Error;

use super::cell::{Cell, ParseCellError};
use super::movegen::MoveError;
use super::moves::Move;
use super::piece::{PieceKind, Side};
use super::position::Position;
use super::variant::Variant;

/// What is wrong with a move text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveTextErrorKind {
    /// Nothing at all.
    #[error("the move text is empty")]
    Empty,
    /// The start or target cell could not be read.
    #[error("bad {which} cell: {error}")]
    BadCell {
        /// "start" or "target".
        which: &'static str,
        /// What is wrong with it.
        error: ParseCellError,
    },
    /// Between the cells there must be `-`, `x` or nothing.
    #[error("expected '-' or 'x' between the cells, found '{0}'")]
    BadSeparator(char),
    /// After `=` there must be Q, R, B or S.
    #[error(
        "a promotion is written = and the letter of the new piece (=Q, =R, =B or =S in Parachess), not {0:?}"
    )]
    BadPromotion(String),
    /// Something after the move.
    #[error("unexpected {0:?} after the move")]
    TrailingJunk(String),
    /// The piece letter does not match the piece on the start cell.
    #[error("the piece on {cell} is a {actual}, not a {written}")]
    WrongPiece {
        /// The start cell.
        cell: Cell,
        /// The letter written.
        written: PieceKind,
        /// What stands there.
        actual: PieceKind,
    },
    /// `x` written but nothing is captured.
    #[error("'x' marks a capture, but {0} is empty (write '-')")]
    NotACapture(Cell),
    /// `-` written but the move captures.
    #[error("the move captures on {0}, so it is written with 'x'")]
    IsACapture(Cell),
    /// Well-formed, but not a legal move here.
    #[error("{0}")]
    Illegal(MoveError),
    /// A `+` or `#` that claims what the move does not do: a record that says "check" or
    /// "mate" where there is none was written wrongly, and reading it as if it were right would
    /// hide the mistake.
    #[error("the move is marked '{written}', but {actual}")]
    WrongMark {
        /// The mark written, `+` or `#`.
        written: char,
        /// What the move really does.
        actual: MarkError,
    },
}

/// What a move marked `+` or `#` really does, when the mark is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum MarkError {
    /// `#` on a check that leaves the opponent a move.
    #[error("it gives check without ending the game (write '+')")]
    CheckNotEnd,
    /// `#` on a quiet move.
    #[error("it neither gives check nor ends the game")]
    NeitherCheckNorEnd,
    /// `+` on a move that leaves the opponent no move.
    #[error("it ends the game: the opponent has no legal move (write '#')")]
    EndsGame,
    /// `+` on a move that gives no check.
    #[error("it does not give check")]
    NoCheck,
}

/// A rejected move text: what and where (1-based character column).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("move {text:?}, column {column}: {kind}")]
pub struct MoveTextError {
    /// The text as given.
    pub text: String,
    /// What is wrong.
    pub kind: MoveTextErrorKind,
    /// Where, counting characters from 1.
    pub column: usize,
}

/// The parts of a move text, before they are checked against a position.
struct Written {
    piece: Option<(PieceKind, usize)>,
    from: Cell,
    separator: Option<(char, usize)>,
    to: Cell,
    promotion: Option<PieceKind>,
    /// `+` or `#` and its column.
    mark: Option<(char, usize)>,
}

fn lex(text: &str, v: &Variant) -> Result<Written, (MoveTextErrorKind, usize)> {
    let bytes = text.as_bytes();
    if text.is_empty() {
        return Err((MoveTextErrorKind::Empty, 1));
    }
    let mut at = 0;
    let first = bytes[0] as char;
    let piece = match v.kind_of_letter(first) {
        Some(kind) if first.is_ascii_uppercase() => {
            at = 1;
            Some((kind, 1))
        }
        _ => None,
    };
    let (from, used) = Cell::parse_prefix(&text[at..]).map_err(|error| {
        (
            MoveTextErrorKind::BadCell {
                which: "start",
                error,
            },
            at + 1,
        )
    })?;
    at += used;
    let separator = match text[at..].chars().next() {
        Some(c @ ('-' | 'x')) => {
            at += 1;
            Some((c, at))
        }
        Some(c) if !c.is_ascii_lowercase() => {
            return Err((MoveTextErrorKind::BadSeparator(c), at + 1));
        }
        _ => None,
    };
    let (to, used) = Cell::parse_prefix(&text[at..]).map_err(|error| {
        (
            MoveTextErrorKind::BadCell {
                which: "target",
                error,
            },
            at + 1,
        )
    })?;
    at += used;
    let rest = &text[at..];
    let (promotion, used) = if let Some(p) = rest.strip_prefix('=') {
        let c = p.chars().next();
        match c.and_then(|c| v.kind_of_letter(c)) {
            Some(kind) if promotable(v, kind) && c.is_some_and(|c| c.is_ascii_uppercase()) => {
                (Some(kind), 2)
            }
            _ => {
                let shown: String = p.chars().take(1).collect();
                return Err((MoveTextErrorKind::BadPromotion(format!("={shown}")), at + 1));
            }
        }
    } else {
        match rest.chars().next().map(|c| (c, v.kind_of_letter(c))) {
            Some((_, Some(kind))) if promotable(v, kind) => (Some(kind), 1),
            _ => (None, 0),
        }
    };
    at += used;
    let rest = &text[at..];
    let mark = rest
        .chars()
        .last()
        .filter(|c| matches!(c, '+' | '#'))
        .map(|c| (c, text.chars().count()));
    let rest = rest.strip_suffix(['+', '#']).unwrap_or(rest);
    if !rest.is_empty() {
        return Err((
            MoveTextErrorKind::TrailingJunk(text[at..].to_string()),
            at + 1,
        ));
    }
    Ok(Written {
        piece,
        from,
        separator,
        to,
        promotion,
        mark,
    })
}

/// Whether some pawn of the army may become `kind`.
fn promotable(v: &Variant, kind: PieceKind) -> bool {
    Side::BOTH.iter().any(|&side| v.is_promotion(side, kind))
}

impl Position {
    /// Reads a move in move text (or the bare form) and checks it against this position.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        let fail = |kind, column| MoveTextError {
            text: text.to_string(),
            kind,
            column,
        };
        let trimmed = text.trim();
        let lead = text[..text.len() - text.trim_start().len()].chars().count();
        let w = lex(trimmed, self.variant()).map_err(|(kind, col)| fail(kind, col + lead))?;
        let mv = Move {
            from: w.from,
            to: w.to,
            promotion: w.promotion,
        };
        if let (Some((written, col)), Some(actual)) = (w.piece, self.piece_at(w.from))
            && written != actual.kind
        {
            return Err(fail(
                MoveTextErrorKind::WrongPiece {
                    cell: w.from,
                    written,
                    actual: actual.kind,
                },
                col + lead,
            ));
        }
        self.check_move(mv)
            .map_err(|e| fail(MoveTextErrorKind::Illegal(e), lead + 1))?;
        match w.separator {
            Some(('x', col)) if !self.is_capture(mv) => {
                Err(fail(MoveTextErrorKind::NotACapture(mv.to), col + lead))
            }
            Some(('-', col)) if self.is_capture(mv) => {
                Err(fail(MoveTextErrorKind::IsACapture(mv.to), col + lead))
            }
            _ => match w.mark {
                Some((written, col)) => match self.wrong_mark(mv, written) {
                    Some(actual) => Err(fail(
                        MoveTextErrorKind::WrongMark { written, actual },
                        col + lead,
                    )),
                    None => Ok(mv),
                },
                None => Ok(mv),
            },
        }
    }

    /// What is wrong with marking the legal `mv` with `written` (`+` or `#`), if anything. An
    /// unmarked check is fine (marks are optional), a false one is not.
    fn wrong_mark(&self, mv: Move, written: char) -> Option<MarkError> {
        let after = self.after(mv);
        let ends = !after.has_legal_move();
        match (written, ends, after.in_check()) {
            ('#', true, _) | ('+', false, true) => None,
            ('#', false, true) => Some(MarkError::CheckNotEnd),
            ('#', false, false) => Some(MarkError::NeitherCheckNorEnd),
            (_, true, _) => Some(MarkError::EndsGame),
            _ => Some(MarkError::NoCheck),
        }
    }

    /// Writes `mv` (which must be legal here) in move text, with `+` for check and `#` when it
    /// ends the game (the opponent has no legal move: checkmate or stalemate).
    pub fn move_text(&self, mv: Move) -> String {
        let mut s = String::with_capacity(10);
        if let Some(p) = self.piece_at(mv.from)
            && p.kind != PieceKind::Pawn
        {
            s.push(self.variant().letter(p.kind));
        }
        s.push_str(mv.from.name());
        s.push(if self.is_capture(mv) { 'x' } else { '-' });
        s.push_str(mv.to.name());
        if let Some(kind) = mv.promotion {
            s.push('=');
            s.push(self.variant().letter(kind));
        }
        let after = self.after(mv);
        if !after.has_legal_move() {
            s.push('#');
        } else if after.in_check() {
            s.push('+');
        }
        s
    }
}
