//! Variants: an army (kinds of piece, each a letter, a name and its movement atoms, exactly one
//! royal) and a start position. Parachess is one of them; the others are built in or read from
//! TOML files (`docs/RULES.md` gives the format).
//!
//! A variant is built once into tables that move generation reads directly (every kind's steps
//! and leaps per cell, which kinds slide along each line kind) and interned as a
//! `&'static Variant`, so a [`Position`] carries it for the price of a pointer. Interning
//! deduplicates by definition: loading the same file twice gives the same variant, and memory
//! stays bounded by the number of distinct definitions seen.

mod build;
mod builtin;
mod file;
mod intern;
mod shuffle;

use std::fmt;
use std::hash::Hasher;
use std::sync::Mutex;

use serde::Deserialize;
use thiserror::Error;

use super::cell::{CELL_COUNT, CellSet};
use super::movement::{AtomError, Movement};
use super::piece::{MAX_KINDS, PieceKind, Side};
use super::position::Position;
use super::text::PositionError;

pub use build::{estimate_value, typical_mobility};
#[cfg(test)]
use builtin::{INVENTOR_VALUES, builtin_defs};
pub use shuffle::{SHUFFLE_COUNT, shuffle_row};

/// How the game draws a kind: Parachess's six pieces, the inventor's Knight and Archer, or a
/// generic piece carrying its letter.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Look {
    /// The royal piece.
    King,
    /// Slides along every line (`EDW`).
    Queen,
    /// Slides along edge-paths (`E`).
    Rook,
    /// Slides along diagonal- and wave-paths (`DW`).
    Bishop,
    /// Knight and archer leaps (`NA`).
    Sorcerer,
    /// The Parachess pawn.
    Pawn,
    /// Knight leaps (`N`).
    Knight,
    /// Archer leaps (`A`).
    Archer,
    /// Anything else: a plain piece with its letter on it.
    Generic(char),
}

impl Look {
    /// The look of a kind with this movement, royalty and letter.
    pub fn of(moves: Movement, royal: bool, letter: char) -> Look {
        if royal {
            return Look::King;
        }
        match moves {
            m if m == Movement::PAWN => Look::Pawn,
            m if m == Movement::QUEEN => Look::Queen,
            m if m == Movement::ROOK => Look::Rook,
            m if m == Movement::BISHOP => Look::Bishop,
            m if m == Movement::SORCERER => Look::Sorcerer,
            m if m == Movement::KNIGHT => Look::Knight,
            m if m == Movement::ARCHER => Look::Archer,
            _ => Look::Generic(letter),
        }
    }
}

/// One kind of a variant's army, as the game uses it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KindInfo {
    /// Upper-case letter (lower case for Black in text).
    pub letter: char,
    /// English name, for messages and the piece guide.
    pub name: String,
    /// How it moves.
    pub moves: Movement,
    /// Whether it is the royal piece (the one that must not be taken).
    pub royal: bool,
    /// How the game draws it.
    pub look: Look,
    /// One sentence on how it moves.
    pub how: String,
}

/// One kind as written in a definition.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    /// One ASCII letter.
    pub letter: String,
    /// Its name.
    pub name: String,
    /// Movement atoms (`eda`, `EDW`, `E2`, `NA`, `pawn`).
    pub moves: String,
    /// Whether it is the royal piece; exactly one kind is.
    #[serde(default)]
    pub royal: bool,
}

/// A variant as written: what a TOML file or a game file's `VariantDef` tag holds.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct VariantDef {
    /// Its name.
    pub name: String,
    /// A sentence or two for the new-game dialog (may be empty).
    pub description: String,
    /// The start position in position text with the army's letters.
    pub start: String,
    /// The army.
    pub pieces: Vec<PieceDef>,
}

/// Why a definition is not a playable variant.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    /// Not TOML, or not the fields a variant has.
    #[error("{0}")]
    Toml(String),
    /// No name.
    #[error("the variant needs a name")]
    NoName,
    /// No pieces, or more than the program handles.
    #[error("an army has 2 to {MAX_KINDS} kinds of piece, not {0}")]
    KindCount(usize),
    /// A letter that is not one ASCII letter.
    #[error("a piece's letter must be one ASCII letter, not {0:?}")]
    BadLetter(String),
    /// Two kinds with one letter.
    #[error("two kinds of piece use the letter {0}")]
    DuplicateLetter(char),
    /// A kind without a name.
    #[error("the piece {0} needs a name")]
    NoPieceName(char),
    /// Bad movement atoms.
    #[error("the moves of {letter}: {error}")]
    Moves {
        /// The kind's letter.
        letter: char,
        /// What is wrong.
        error: AtomError,
    },
    /// Not exactly one royal kind.
    #[error("exactly one kind must be royal (royal = true), not {0}")]
    RoyalCount(usize),
    /// The royal kind moves as a pawn.
    #[error("the royal piece cannot be a pawn")]
    RoyalPawn,
    /// More than one pawn kind.
    #[error("an army has at most one kind that moves as \"pawn\"")]
    TwoPawns,
    /// The start position is not playable.
    #[error("the start position: {0}")]
    Start(PositionError),
    /// A name Shuffle Parachess has no arrangement for.
    #[error("Shuffle Parachess has arrangements 0 to 179, not {0}")]
    ShuffleNumber(String),
    /// A name that is no known variant.
    #[error("no variant called {0:?} (built in: {1})")]
    Unknown(String, String),
}

/// A rejected variant file: the line (from 1) where the problem is and what it is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {error}")]
pub struct VariantFileError {
    /// Line of the file, from 1.
    pub line: usize,
    /// What is wrong.
    pub error: VariantError,
}

/// A playable variant, built into move-generation tables. Only ever exists interned, so two
/// variants are equal exactly when they are the same object.
pub struct Variant {
    def: VariantDef,
    builtin: bool,
    kinds: [Option<KindInfo>; MAX_KINDS],
    present: Vec<PieceKind>,
    /// Letter (`A`..`Z`) to slot + 1; 0 for none.
    by_letter: [u8; 26],
    promotions: [Vec<PieceKind>; 2],
    pub(crate) moves: [Movement; MAX_KINDS],
    /// Per kind and cell: the cells its steps and leaps reach.
    pub(crate) jumps: [[CellSet; CELL_COUNT]; MAX_KINDS],
    /// Per kind and cell: the cells from which a piece of the kind steps or leaps onto it.
    pub(crate) jumpers: [[CellSet; CELL_COUNT]; MAX_KINDS],
    /// Per line kind: bit `k` set when kind `k` slides along it.
    pub(crate) sliders: [u16; 3],
    /// Kinds with steps or leaps (bit per kind), pawns aside.
    pub(crate) jumping: u16,
    /// Whether every slide of every kind goes to the rim (no range checks needed).
    pub(crate) unlimited: bool,
    values: [i32; MAX_KINDS],
    /// Mobility weight per reachable cell and the count scoring zero, per kind (the engine's).
    pub(crate) mobility: [(i32, i32); MAX_KINDS],
    /// How much each kind adds to an attack on the King (the engine's).
    pub(crate) attack_weight: [i32; MAX_KINDS],
    /// Non-pawn material of both sides at the start (the engine's full middle-game phase).
    pub(crate) phase_full: i32,
    /// Kinds by value, cheapest first, the royal last: the order exchanges are played out in.
    pub(crate) by_value: Vec<PieceKind>,
    /// Non-royal, non-pawn kinds present, in slot order (what the evaluation scores).
    pub(crate) officers: Vec<PieceKind>,
}

impl PartialEq for Variant {
    fn eq(&self, other: &Variant) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Variant {}

impl std::hash::Hash for Variant {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::ptr::hash(self, state);
    }
}

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Variant({:?})", self.def.name)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.def.name)
    }
}

impl Variant {
    /// Its name.
    pub fn name(&self) -> &str {
        &self.def.name
    }

    /// Its description (may be empty).
    pub fn description(&self) -> &str {
        &self.def.description
    }

    /// Whether it is built into the program (so its name alone says everything).
    pub fn is_builtin(&self) -> bool {
        self.builtin
    }

    /// Whether it is Parachess itself.
    pub fn is_parachess(&'static self) -> bool {
        std::ptr::eq(self, Variant::parachess())
    }

    /// Its definition, as written.
    pub fn def(&self) -> &VariantDef {
        &self.def
    }

    /// Its start position text.
    pub fn start_text(&self) -> &str {
        &self.def.start
    }

    /// Its start position.
    pub fn start(&'static self) -> Position {
        // Checked when the variant was built.
        self.parse_position(&self.def.start)
            .unwrap_or_else(|e| panic!("start of {}: {e}", self.def.name))
    }

    /// Reads position text with this army's letters.
    pub fn parse_position(&'static self, text: &str) -> Result<Position, PositionError> {
        Position::parse_in(text, self)
    }

    /// The kinds of its army, in slot order.
    pub fn kinds(&self) -> &[PieceKind] {
        &self.present
    }

    /// Facts about `kind`, if the army has it.
    pub fn kind(&self, kind: PieceKind) -> Option<&KindInfo> {
        self.kinds.get(kind.index())?.as_ref()
    }

    /// The letter of `kind` (upper case); `?` when the army has no such kind.
    pub fn letter(&self, kind: PieceKind) -> char {
        self.kind(kind).map_or('?', |k| k.letter)
    }

    /// The name of `kind`.
    pub fn kind_name(&self, kind: PieceKind) -> &str {
        self.kind(kind).map_or("piece", |k| k.name.as_str())
    }

    /// The kind for a letter of either case.
    pub fn kind_of_letter(&self, c: char) -> Option<PieceKind> {
        let u = c.to_ascii_uppercase();
        if !u.is_ascii_uppercase() {
            return None;
        }
        match self.by_letter[(u as u8 - b'A') as usize] {
            0 => None,
            slot => PieceKind::from_index(slot as usize - 1),
        }
    }

    /// How `kind` moves.
    #[inline]
    pub fn movement(&self, kind: PieceKind) -> Movement {
        self.moves[kind.index()]
    }

    /// One sentence on how `kind` moves.
    pub fn how_it_moves(&self, kind: PieceKind) -> &str {
        self.kind(kind).map_or("", |k| k.how.as_str())
    }

    /// How the game draws `kind`.
    pub fn look(&self, kind: PieceKind) -> Look {
        self.kind(kind)
            .map_or(Look::Generic(self.letter(kind)), |k| k.look)
    }

    /// What a pawn of `side` may become, most valuable first: every non-royal, non-pawn kind of
    /// the army (of that side's army, when the start gives the sides different ones).
    pub fn promotions(&self, side: Side) -> &[PieceKind] {
        &self.promotions[side.index()]
    }

    /// Whether a pawn of `side` may become `kind`.
    pub fn is_promotion(&self, side: Side, kind: PieceKind) -> bool {
        self.promotions[side.index()].contains(&kind)
    }

    /// The engine's material value of `kind` in centipawns (pawn 100, royal 0).
    #[inline]
    pub fn value(&self, kind: PieceKind) -> i32 {
        self.values[kind.index()]
    }

    /// All kinds' values, by slot.
    pub fn values(&self) -> &[i32; MAX_KINDS] {
        &self.values
    }
}

#[cfg(test)]
mod tests;
