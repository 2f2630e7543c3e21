//! Sides, piece kinds and pieces.

use std::fmt;

/// A player: White moves first and sits at row `a`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Side {
    /// Moves first, starts on rows a–c.
    White,
    /// Starts on rows i–k.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// 0 for White, 1 for Black: index into per-side tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `"White"` or `"Black"`, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

impl std::ops::Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        self.opponent()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The six kinds of piece in the Queen-SRB army.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceKind {
    /// One forward step; captures forward edgewise or diagonally; promotes on the last row.
    Pawn,
    /// Knight and archer leaps.
    Sorcerer,
    /// Diagonal-paths and wave-paths.
    Bishop,
    /// Edge-paths.
    Rook,
    /// Edge-, diagonal- and wave-paths.
    Queen,
    /// One step of any kind.
    King,
}

impl PieceKind {
    /// All kinds, cheapest first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Sorcerer,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// What a pawn may become, in the order a chooser offers them.
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Sorcerer,
    ];

    /// Index into per-kind tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter used in position and move text.
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Sorcerer => 'S',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
        }
    }

    /// The kind for a letter of either case.
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        match c.to_ascii_uppercase() {
            'P' => Some(PieceKind::Pawn),
            'S' => Some(PieceKind::Sorcerer),
            'B' => Some(PieceKind::Bishop),
            'R' => Some(PieceKind::Rook),
            'Q' => Some(PieceKind::Queen),
            'K' => Some(PieceKind::King),
            _ => None,
        }
    }

    /// The English name, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "Pawn",
            PieceKind::Sorcerer => "Sorcerer",
            PieceKind::Bishop => "Bishop",
            PieceKind::Rook => "Rook",
            PieceKind::Queen => "Queen",
            PieceKind::King => "King",
        }
    }

    /// Whether a pawn may promote to this kind.
    pub const fn is_promotion(self) -> bool {
        matches!(
            self,
            PieceKind::Queen | PieceKind::Rook | PieceKind::Bishop | PieceKind::Sorcerer
        )
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a side and a kind.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `side` and `kind`.
    pub const fn new(side: Side, kind: PieceKind) -> Piece {
        Piece { side, kind }
    }

    /// Its letter in position text: upper case for White, lower case for Black.
    pub const fn letter(self) -> char {
        let c = self.kind.letter();
        match self.side {
            Side::White => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece for a position-text letter.
    pub const fn from_letter(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        match PieceKind::from_letter(c) {
            Some(kind) => Some(Piece { side, kind }),
            None => None,
        }
    }

    /// Index 0..12 into per-piece tables (Zobrist keys).
    #[inline]
    pub const fn index(self) -> usize {
        self.side.index() * 6 + self.kind.index()
    }
}
