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

/// Most kinds one variant may have: per-kind tables in a position and the Zobrist keys stay
/// fixed-size arrays.
pub const MAX_KINDS: usize = 12;

/// A kind of piece: a slot in its variant's table of kinds (see
/// [`Variant`](super::variant::Variant)), small and `Copy` so per-kind tables stay arrays.
///
/// Slot 0 is always the Pawn and slot 5 the royal piece (the King) when the variant has them, and
/// Parachess's own kinds keep their slots 0–5 in every army that has them, so the named
/// constants ([`PieceKind::King`], [`PieceKind::Queen`], …) mean the same piece wherever it
/// appears. They keep the old variant names (CamelCase) so that code written for Parachess, and
/// code on other branches, compiles unchanged and can still `match` on them. A kind's letter and
/// name in a given game come from the variant; [`PieceKind::letter`] and [`PieceKind::name`] are
/// Parachess's.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct PieceKind(u8);

#[allow(
    non_upper_case_globals,
    reason = "the kinds read like enum variants: PieceKind::Pawn"
)]
impl PieceKind {
    /// One forward step; captures forward edgewise or diagonally; promotes on the last row.
    pub const Pawn: PieceKind = PieceKind(0);
    /// Knight and archer leaps.
    pub const Sorcerer: PieceKind = PieceKind(1);
    /// Diagonal-paths and wave-paths.
    pub const Bishop: PieceKind = PieceKind(2);
    /// Edge-paths.
    pub const Rook: PieceKind = PieceKind(3);
    /// Edge-, diagonal- and wave-paths.
    pub const Queen: PieceKind = PieceKind(4);
    /// One step of any kind; the royal piece of every variant.
    pub const King: PieceKind = PieceKind(5);
}

impl PieceKind {
    /// Parachess's kinds, cheapest first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Sorcerer,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// What a Parachess pawn may become, in the order a chooser offers them (a variant's own list
    /// is [`Variant::promotions`](super::variant::Variant::promotions)).
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Sorcerer,
    ];

    /// The kind in slot `index` (below [`MAX_KINDS`]).
    #[inline]
    pub const fn from_index(index: usize) -> Option<PieceKind> {
        if index < MAX_KINDS {
            Some(PieceKind(index as u8))
        } else {
            None
        }
    }

    /// Index into per-kind tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The upper-case letter of this slot in Parachess (`?` for slots Parachess does not use).
    pub const fn letter(self) -> char {
        match self.0 {
            0 => 'P',
            1 => 'S',
            2 => 'B',
            3 => 'R',
            4 => 'Q',
            5 => 'K',
            _ => '?',
        }
    }

    /// The Parachess kind for a letter of either case.
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

    /// The English name in Parachess, for messages (`piece` for slots Parachess does not use).
    pub const fn name(self) -> &'static str {
        match self.0 {
            0 => "Pawn",
            1 => "Sorcerer",
            2 => "Bishop",
            3 => "Rook",
            4 => "Queen",
            5 => "King",
            _ => "piece",
        }
    }

    /// Whether a Parachess pawn may promote to this kind.
    pub const fn is_promotion(self) -> bool {
        matches!(self.0, 1..=4)
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

    /// Index 0..24 into per-piece tables (Zobrist keys).
    #[inline]
    pub const fn index(self) -> usize {
        self.side.index() * MAX_KINDS + self.kind.index()
    }
}
