//! Moves and move lists.

use std::fmt;

use super::cell::Cell;
use super::piece::PieceKind;

/// A move: from a cell to a cell, with the promotion choice when a pawn reaches its last row.
///
/// Whether it captures, checks or ends the game depends on the position, so those are asked of
/// the position, not stored here.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: Cell,
    /// The cell it lands on.
    pub to: Cell,
    /// What a promoting pawn becomes (Queen, Rook, Bishop or Sorcerer).
    pub promotion: Option<PieceKind>,
}

impl Move {
    /// A move without promotion.
    pub const fn new(from: Cell, to: Cell) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    /// A promoting pawn move.
    pub const fn promoting(from: Cell, to: Cell, kind: PieceKind) -> Move {
        Move {
            from,
            to,
            promotion: Some(kind),
        }
    }
}

impl Move {
    /// The bare form with `variant`'s promotion letter (what UCI and logs print in a variant).
    pub fn bare(&self, variant: &super::variant::Variant) -> String {
        let mut s = format!("{}{}", self.from, self.to);
        if let Some(kind) = self.promotion {
            s.push(variant.letter(kind).to_ascii_lowercase());
        }
        s
    }
}

/// The bare form (`a2e5`, `j2k2q`) with Parachess's letters: what the engine and logs print
/// without a position at hand (see [`Move::bare`] for other variants).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(kind) = self.promotion {
            write!(f, "{}", kind.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// Upper bound on the legal moves of any position (nine Queens on an open board stay far below).
pub const MAX_MOVES: usize = 512;

/// A caller-owned buffer of moves, so generating moves never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        let filler = Move::new(Cell::new_unchecked(0), Cell::new_unchecked(0));
        MoveList {
            moves: [filler; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        // MAX_MOVES is far above what the board allows; the check keeps memory safe anyway.
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
