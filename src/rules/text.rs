//! Position text (rule book §8): one line, placement, side to move, half-move clock, move number.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::board::{board, row_length};
use super::cell::{Cell, ROW_COUNT, ROW_LETTERS};
use super::piece::{Piece, PieceKind, Side};
use super::position::Position;
use super::variant::Variant;

/// What is wrong with a position text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionErrorKind {
    /// Nothing at all.
    #[error("the position text is empty")]
    Empty,
    /// Fewer than four fields.
    #[error(
        "missing the {0} field (fields: placement, side to move, half-move clock, move number)"
    )]
    MissingField(&'static str),
    /// Something after the fourth field.
    #[error("unexpected text after the move number: {0:?}")]
    TrailingJunk(String),
    /// Two spaces in a row, or a tab.
    #[error("fields must be separated by single spaces")]
    BadSeparator,
    /// Not eleven rows.
    #[error("the placement has {0} rows; it needs 11 (k down to a, separated by '/')")]
    RowCount(usize),
    /// A row describing more cells than it has.
    #[error("row '{row}' describes more than its {expected} cells")]
    RowTooLong {
        /// Row letter.
        row: char,
        /// Cells in the row.
        expected: usize,
    },
    /// A row describing fewer cells than it has.
    #[error("row '{row}' describes {found} cells; it has {expected}")]
    RowTooShort {
        /// Row letter.
        row: char,
        /// Cells described.
        found: usize,
        /// Cells in the row.
        expected: usize,
    },
    /// A character that is neither a piece letter nor a digit.
    #[error("'{0}' is not a piece letter of this game (lower case for Black) or a number")]
    UnknownPiece(char),
    /// A run of zero empty cells, or a number with a leading zero.
    #[error("empty runs must be written as a number from 1 without leading zeros")]
    BadRun,
    /// Side to move not `w` or `b`.
    #[error("the side to move must be 'w' or 'b', not {0:?}")]
    BadSide(String),
    /// Half-move clock not a number.
    #[error("the half-move clock must be a whole number, not {0:?}")]
    BadHalfmoveClock(String),
    /// Move number not a positive number.
    #[error("the move number must be a whole number from 1, not {0:?}")]
    BadMoveNumber(String),
    /// No King for a side.
    #[error("{0} has no King")]
    MissingKing(Side),
    /// Two or more Kings for a side.
    #[error("{0} has more than one King")]
    ExtraKing(Side),
    /// A pawn on the row it would have promoted on.
    #[error("a {side} Pawn cannot stand on {cell}: it would have been promoted")]
    PawnOnLastRow {
        /// Owner of the pawn.
        side: Side,
        /// Its cell.
        cell: Cell,
    },
    /// The side to move could take the opponent's King.
    #[error("{0} is to move but could capture the opposing King, which cannot happen in a game")]
    KingCapturable(Side),
}

/// A rejected position text: what is wrong and where (1-based character column).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("position text, column {column}: {kind}")]
pub struct PositionError {
    /// What is wrong.
    pub kind: PositionErrorKind,
    /// Where it was noticed, counting characters from 1.
    pub column: usize,
}

fn err<T>(kind: PositionErrorKind, column: usize) -> Result<T, PositionError> {
    Err(PositionError { kind, column })
}

/// Splits on single spaces, reporting each field with its 1-based column.
fn fields(text: &str) -> Result<Vec<(usize, &str)>, PositionError> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, ch) in text.char_indices() {
        if ch == ' ' || ch.is_whitespace() {
            if ch != ' ' || i == start {
                return err(
                    PositionErrorKind::BadSeparator,
                    text[..i].chars().count() + 1,
                );
            }
            out.push((start, &text[start..i]));
            start = i + ch.len_utf8();
        }
    }
    if start == text.len() && !out.is_empty() {
        return err(PositionErrorKind::BadSeparator, text.chars().count());
    }
    out.push((start, &text[start..]));
    // Byte offsets to columns in one pass: counting from the start for every field would be
    // quadratic in a long text of many fields.
    let (mut chars, mut counted) = (0, 0);
    Ok(out
        .into_iter()
        .map(|(byte, f)| {
            chars += text[counted..byte].chars().count();
            counted = byte;
            (chars + 1, f)
        })
        .collect())
}

fn parse_placement(pos: &mut Position, field: &str, column: usize) -> Result<(), PositionError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != ROW_COUNT {
        return err(PositionErrorKind::RowCount(rows.len()), column);
    }
    let mut col = column;
    for (k, row_text) in rows.iter().enumerate() {
        let row = ROW_COUNT - 1 - k;
        let expected = row_length(row);
        let mut filled = 0usize;
        let mut chars = row_text.char_indices().peekable();
        let row_col = col;
        while let Some((i, ch)) = chars.next() {
            let here = row_col + row_text[..i].chars().count();
            if ch.is_ascii_digit() {
                let mut end = i + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = j + 1;
                    chars.next();
                }
                let digits = &row_text[i..end];
                if digits.starts_with('0') {
                    return err(PositionErrorKind::BadRun, here);
                }
                // A number too big to read is certainly longer than the row.
                let run: usize = digits.parse().unwrap_or(usize::MAX);
                filled = filled.saturating_add(run);
            } else {
                let side = if ch.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                let kind = pos.variant().kind_of_letter(ch);
                let piece = kind.map(|k| Piece::new(side, k)).ok_or(PositionError {
                    kind: PositionErrorKind::UnknownPiece(ch),
                    column: here,
                })?;
                filled += 1;
                if filled <= expected {
                    let Some(cell) = Cell::at(row, filled) else {
                        return err(PositionErrorKind::RowCount(rows.len()), here);
                    };
                    pos.put(cell, piece);
                }
            }
            if filled > expected {
                return err(
                    PositionErrorKind::RowTooLong {
                        row: ROW_LETTERS[row],
                        expected,
                    },
                    here,
                );
            }
        }
        if filled != expected {
            return err(
                PositionErrorKind::RowTooShort {
                    row: ROW_LETTERS[row],
                    found: filled,
                    expected,
                },
                row_col,
            );
        }
        col = row_col + row_text.chars().count() + 1;
    }
    Ok(())
}

fn parse_number(text: &str) -> Option<u32> {
    if text.is_empty()
        || !text.bytes().all(|b| b.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return None;
    }
    text.parse().ok()
}

impl FromStr for Position {
    type Err = PositionError;

    /// Parses position text. Surrounding whitespace (a pasted newline) is ignored; anything
    /// else that is not exactly the format is rejected with its column.
    fn from_str(text: &str) -> Result<Position, PositionError> {
        Position::parse_in(text, Variant::parachess())
    }
}

impl Position {
    /// Parses position text with the letters of `variant`'s army.
    pub fn parse_in(text: &str, variant: &'static Variant) -> Result<Position, PositionError> {
        let (pos, column) = parse_unchecked_in(text, variant)?;
        validate(&pos, column)?;
        Ok(pos)
    }
}

/// [`parse_unchecked`] with `variant`'s letters.
pub(crate) fn parse_unchecked_in(
    text: &str,
    variant: &'static Variant,
) -> Result<(Position, usize), PositionError> {
    parse_with(text, variant)
}

/// Reads position text without asking whether the position is playable (Kings, Pawns, a King
/// in reach): what a board editor takes in. Returns the position and the placement's column.
pub(crate) fn parse_unchecked(text: &str) -> Result<(Position, usize), PositionError> {
    parse_with(text, Variant::parachess())
}

fn parse_with(text: &str, variant: &'static Variant) -> Result<(Position, usize), PositionError> {
    {
        let lead = text.len() - text.trim_start().len();
        let offset = text[..lead].chars().count();
        let text = text.trim();
        if text.is_empty() {
            return err(PositionErrorKind::Empty, 1);
        }
        let mut f = fields(text)?;
        for (col, _) in f.iter_mut() {
            *col += offset;
        }
        let end = offset + text.chars().count() + 1;
        let names = [
            "placement",
            "side to move",
            "half-move clock",
            "move number",
        ];
        if f.len() < names.len() {
            return err(PositionErrorKind::MissingField(names[f.len()]), end);
        }
        if f.len() > names.len() {
            return err(
                PositionErrorKind::TrailingJunk(
                    f[4..].iter().map(|x| x.1).collect::<Vec<_>>().join(" "),
                ),
                f[4].0,
            );
        }
        let mut pos = Position::empty_in(variant);
        parse_placement(&mut pos, f[0].1, f[0].0)?;
        let turn = match f[1].1 {
            "w" => Side::White,
            "b" => Side::Black,
            other => return err(PositionErrorKind::BadSide(other.to_string()), f[1].0),
        };
        let halfmove = parse_number(f[2].1).ok_or(PositionError {
            kind: PositionErrorKind::BadHalfmoveClock(f[2].1.to_string()),
            column: f[2].0,
        })?;
        let fullmove = parse_number(f[3].1)
            .filter(|&n| n >= 1)
            .ok_or(PositionError {
                kind: PositionErrorKind::BadMoveNumber(f[3].1.to_string()),
                column: f[3].0,
            })?;
        pos.set_turn(turn);
        pos.set_clocks(halfmove, fullmove);
        Ok((pos, f[0].0))
    }
}

/// Rules a position must satisfy to be playable: the first problem of [`problems`].
fn validate(pos: &Position, column: usize) -> Result<(), PositionError> {
    match problems(pos).into_iter().next() {
        Some(kind) => err(kind, column),
        None => Ok(()),
    }
}

/// Every reason a placement with its side to move is not a playable position, in a fixed
/// order: each side's Kings (none, more than one) and its Pawns on their last row, then a King
/// the side to move could capture. Empty for a playable position.
pub(crate) fn problems(pos: &Position) -> Vec<PositionErrorKind> {
    let mut found = Vec::new();
    for side in Side::BOTH {
        let kings = pos.pieces(Piece::new(side, PieceKind::King)).len();
        if kings == 0 {
            found.push(PositionErrorKind::MissingKing(side));
        }
        if kings > 1 {
            found.push(PositionErrorKind::ExtraKing(side));
        }
        let pawns = pos.pieces(Piece::new(side, PieceKind::Pawn)) & board().last_row(side);
        found.extend(
            pawns
                .into_iter()
                .map(|cell| PositionErrorKind::PawnOnLastRow { side, cell }),
        );
    }
    let mover = pos.turn();
    let capturable = pos
        .pieces(Piece::new(!mover, PieceKind::King))
        .into_iter()
        .any(|king| pos.attacked_by(king, mover, pos.occupied()));
    if capturable {
        found.push(PositionErrorKind::KingCapturable(mover));
    }
    found
}

impl fmt::Display for Position {
    /// Writes position text; parsing it gives back an equal position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..ROW_COUNT).rev() {
            let mut empty = 0;
            for number in 1..=row_length(row) {
                match Cell::at(row, number).and_then(|c| self.piece_at(c)) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        let letter = self.variant().letter(piece.kind);
                        match piece.side {
                            Side::White => write!(f, "{letter}")?,
                            Side::Black => write!(f, "{}", letter.to_ascii_lowercase())?,
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        let side = match self.turn() {
            Side::White => 'w',
            Side::Black => 'b',
        };
        write!(
            f,
            " {side} {} {}",
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }
}
