//! Cells and sets of cells: the two value types every other part of the rules is written in.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::board::board;

/// Number of cells on the board.
pub const CELL_COUNT: usize = 72;

/// Number of rows, `a` (White's end) to `k` (Black's end).
pub const ROW_COUNT: usize = 11;

/// Cells per row, from row `a` to row `k` (rule book §1).
pub const ROW_LENGTHS: [u8; ROW_COUNT] = [6, 4, 8, 5, 10, 6, 10, 5, 8, 4, 6];

/// Row letters, from White's end to Black's end.
pub const ROW_LETTERS: [char; ROW_COUNT] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];

/// One of the 72 rhombi, as an index into the geometry tables.
///
/// Indices follow the rule book's order (row `a` first, then by number), so a cell is one byte and
/// tables are plain arrays.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell with this table index, if there is one.
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < CELL_COUNT {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// Only for indices known to be in range (table construction, set iteration).
    pub(crate) const fn new_unchecked(index: usize) -> Cell {
        debug_assert!(index < CELL_COUNT);
        Cell(index as u8)
    }

    /// Table index, `0..72`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// All cells in table order.
    pub fn all() -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        (0..CELL_COUNT).map(Cell::new_unchecked)
    }

    /// The cell's name, e.g. `e5`.
    pub fn name(self) -> &'static str {
        &board().cell(self).name
    }

    /// Row index, 0 for `a` (White's end) to 10 for `k` (Black's end).
    pub fn row(self) -> usize {
        board().cell(self).row as usize
    }

    /// Position in the row, counted from White's left, starting at 1.
    pub fn number(self) -> usize {
        board().cell(self).number as usize
    }

    /// The cell at `row` (0-based) and `number` (1-based), if it exists.
    pub fn at(row: usize, number: usize) -> Option<Cell> {
        if row >= ROW_COUNT || number == 0 || number > ROW_LENGTHS[row] as usize {
            return None;
        }
        let before: usize = ROW_LENGTHS[..row].iter().map(|&n| n as usize).sum();
        Cell::from_index(before + number - 1)
    }

    /// The cell as a one-element set.
    #[inline]
    pub const fn set(self) -> CellSet {
        CellSet(1u128 << self.0)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a cell name was not understood.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseCellError {
    /// Nothing where a cell name should be.
    #[error("expected a cell name such as e5, found nothing")]
    Empty,
    /// The first character is not a row letter.
    #[error("'{0}' is not a row letter (rows are a to k)")]
    BadRow(char),
    /// The row letter is not followed by a number.
    #[error("row '{0}' must be followed by a cell number")]
    MissingNumber(char),
    /// The number is not a cell of that row.
    #[error("row '{row}' has cells 1 to {len}, not {number}")]
    BadNumber {
        /// Row letter.
        row: char,
        /// The number as written.
        number: String,
        /// Cells in that row.
        len: u8,
    },
}

impl Cell {
    /// Reads a cell name at the start of `text`, returning the cell and the bytes it used.
    ///
    /// Move text has no separator between a cell and what follows it (`a2e5`), so the parser
    /// needs to know where the name ends.
    pub fn parse_prefix(text: &str) -> Result<(Cell, usize), ParseCellError> {
        let mut chars = text.chars();
        let row_char = chars.next().ok_or(ParseCellError::Empty)?;
        let row = ROW_LETTERS
            .iter()
            .position(|&c| c == row_char)
            .ok_or(ParseCellError::BadRow(row_char))?;
        let digits: &str = {
            let rest = &text[1..];
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            &rest[..end]
        };
        if digits.is_empty() {
            return Err(ParseCellError::MissingNumber(row_char));
        }
        let len = ROW_LENGTHS[row];
        // Two digits are only a cell number in the ten-cell rows ("e10"); otherwise the second
        // digit belongs to what follows (never the case in valid move text, but it keeps the
        // error about the number rather than about a stray digit).
        let bad = || ParseCellError::BadNumber {
            row: row_char,
            number: digits.to_string(),
            len,
        };
        let take = if digits.len() >= 2 && digits.starts_with("10") {
            2
        } else {
            1
        };
        if digits.starts_with('0') {
            return Err(bad());
        }
        let number: usize = digits[..take].parse().map_err(|_| bad())?;
        let cell = Cell::at(row, number).ok_or_else(bad)?;
        Ok((cell, 1 + take))
    }
}

impl FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let (cell, used) = Cell::parse_prefix(s)?;
        if used != s.len() {
            let row = s.chars().next().unwrap_or('?');
            return Err(ParseCellError::BadNumber {
                row,
                number: s[1..].to_string(),
                len: ROW_LENGTHS[cell.row()],
            });
        }
        Ok(cell)
    }
}

/// A set of cells in one 128-bit word: the fast currency of move generation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CellSet(pub u128);

impl CellSet {
    /// No cells.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 72 cells.
    pub const ALL: CellSet = CellSet((1u128 << CELL_COUNT) - 1);

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1u128 << cell.0) != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1u128 << cell.0;
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1u128 << cell.0);
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of cells.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest-indexed cell, if any.
    #[inline]
    pub fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell::new_unchecked(self.0.trailing_zeros() as usize))
        }
    }
}

impl Iterator for CellSet {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        let cell = self.first()?;
        self.0 &= self.0 - 1;
        Some(cell)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // The inherent `len`, named in full: `self.len()` on `&CellSet` resolves to
        // `ExactSizeIterator::len`, which calls `size_hint` again, forever.
        let n = CellSet::len(*self);
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSet {}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl std::ops::$trait for CellSet {
            type Output = CellSet;
            #[inline]
            fn $method(self, rhs: CellSet) -> CellSet {
                CellSet(self.0 $op rhs.0)
            }
        }
        impl std::ops::$assign_trait for CellSet {
            #[inline]
            fn $assign_method(&mut self, rhs: CellSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl std::ops::Not for CellSet {
    type Output = CellSet;
    #[inline]
    fn not(self) -> CellSet {
        CellSet(!self.0 & CellSet::ALL.0)
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for cell in Cell::all() {
            assert_eq!(cell.name().parse::<Cell>(), Ok(cell));
            assert_eq!(Cell::at(cell.row(), cell.number()), Some(cell));
        }
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in [
            "", "l1", "a0", "a7", "b5", "e11", "e01", "e", "5e", "A1", "e5x",
        ] {
            assert!(bad.parse::<Cell>().is_err(), "{bad} parsed");
        }
        assert_eq!("e10".parse::<Cell>().map(|c| c.name()), Ok("e10"));
    }

    #[test]
    fn set_operations() {
        let a: CellSet = ["e5", "f3"]
            .iter()
            .map(|n| n.parse::<Cell>().unwrap())
            .collect();
        assert_eq!(a.len(), 2);
        assert_eq!(a.first().map(|c| c.name()), Some("e5"));
        assert_eq!((!a).len(), CELL_COUNT - 2);
        assert_eq!(a & !a, CellSet::EMPTY);
    }

    #[test]
    fn size_hint_counts_the_cells() {
        let a: CellSet = ["e5", "f3", "k6"]
            .iter()
            .map(|n| n.parse::<Cell>().unwrap())
            .collect();
        assert_eq!(a.size_hint(), (3, Some(3)));
        assert_eq!(ExactSizeIterator::len(&a), 3);
        assert_eq!(a.map(|c| c.name()).collect::<Vec<_>>(), ["e5", "f3", "k6"]);
    }
}
