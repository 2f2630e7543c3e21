//! Variants: an army (kinds of piece, each a letter, a name and its movement atoms, exactly one
//! royal) and a start position. Parachess is one of them; the others are built in or read from
//! TOML files (`docs/RULES.md` gives the format).
//!
//! A variant is built once into tables that move generation reads directly (every kind's steps
//! and leaps per cell, which kinds slide along each line kind) and interned as a
//! `&'static Variant`, so a [`Position`] carries it for the price of a pointer. Interning
//! deduplicates by definition: loading the same file twice gives the same variant, and memory
//! stays bounded by the number of distinct definitions seen.

use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::sync::{LazyLock, Mutex};

use serde::Deserialize;
use thiserror::Error;

use super::board::{LineKind, board};
use super::cell::{CELL_COUNT, Cell, CellSet};
use super::movement::{AtomError, Movement, describe, how_it_moves};
use super::piece::{MAX_KINDS, PieceKind, Side};
use super::position::{Position, START_TEXT};
use super::text::PositionError;

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

/// Every variant built so far, so equal definitions give the same object.
static REGISTRY: Mutex<Vec<&'static Variant>> = Mutex::new(Vec::new());

/// The inventor's rough values (rule book §5) in centipawns, by Parachess slot.
const INVENTOR_VALUES: [i32; 6] = [100, 350, 300, 300, 600, 0];
/// The engine's mobility terms for Parachess's kinds (weight per cell, count scoring zero).
const PARACHESS_MOBILITY: [(i32, i32); 6] = [(0, 0), (4, 6), (3, 7), (3, 7), (1, 14), (0, 0)];
/// The engine's King-attack weights for Parachess's kinds.
const PARACHESS_ATTACK: [i32; 6] = [0, 2, 2, 3, 5, 0];

/// The number of Shuffle Parachess arrangements.
pub const SHUFFLE_COUNT: usize = 180;

fn piece(letter: &str, name: &str, moves: &str, royal: bool) -> PieceDef {
    PieceDef {
        letter: letter.into(),
        name: name.into(),
        moves: moves.into(),
        royal,
    }
}

fn parachess_pieces() -> Vec<PieceDef> {
    vec![
        piece("K", "King", "eda", true),
        piece("Q", "Queen", "EDW", false),
        piece("R", "Rook", "E", false),
        piece("B", "Bishop", "DW", false),
        piece("S", "Sorcerer", "NA", false),
        piece("P", "Pawn", "pawn", false),
    ]
}

/// The built-in definitions other than Shuffle Parachess, Parachess first.
fn builtin_defs() -> Vec<VariantDef> {
    vec![
        VariantDef {
            name: "Parachess".into(),
            description: "Tony Paletta's game: Queen, Rooks, Bishops and Sorcerers.".into(),
            start: START_TEXT.into(),
            pieces: parachess_pieces(),
        },
        VariantDef {
            name: "Knights and Archers".into(),
            description: "The inventor's: each side's two Sorcerers become a Knight (knight leaps) \
                          and an Archer (archer leaps)."
                .into(),
            start: "rnqkar/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RNQKAR w 0 1".into(),
            pieces: vec![
                piece("K", "King", "eda", true),
                piece("Q", "Queen", "EDW", false),
                piece("R", "Rook", "E", false),
                piece("B", "Bishop", "DW", false),
                piece("N", "Knight", "N", false),
                piece("A", "Archer", "A", false),
                piece("P", "Pawn", "pawn", false),
            ],
        },
        VariantDef {
            name: "Cavalry".into(),
            description: "Ours: no Bishops and no Sorcerers; Knights beside the Rooks and two \
                          Archers in front. A closed, tactical game of leapers."
                .into(),
            start: "rnqknr/1aa1/pppppppp/5/10/6/10/5/PPPPPPPP/1AA1/RNQKNR w 0 1".into(),
            pieces: vec![
                piece("K", "King", "eda", true),
                piece("Q", "Queen", "EDW", false),
                piece("R", "Rook", "E", false),
                piece("N", "Knight", "N", false),
                piece("A", "Archer", "A", false),
                piece("P", "Pawn", "pawn", false),
            ],
        },
        VariantDef {
            name: "Short Range".into(),
            description: "Ours: every rider is cut short. Chariots (edge-paths, at most 3 cells), \
                          Elephants (diagonal- and wave-paths, at most 2) and a General (all lines, \
                          at most 3) beside the Sorcerers: a slower game of manoeuvre."
                .into(),
            start: "csgksc/1ll1/pppppppp/5/10/6/10/5/PPPPPPPP/1LL1/CSGKSC w 0 1".into(),
            pieces: vec![
                piece("K", "King", "eda", true),
                piece("G", "General", "E3D3W3", false),
                piece("C", "Chariot", "E3", false),
                piece("L", "Elephant", "D2W2", false),
                piece("S", "Sorcerer", "NA", false),
                piece("P", "Pawn", "pawn", false),
            ],
        },
    ]
}

/// The back row of Shuffle Parachess arrangement `n` (0..180), from cell 1 to cell 6: the
/// arrangements of R R S S Q K in lexicographic order of the letters `K Q R S`.
pub fn shuffle_row(n: usize) -> Option<[char; 6]> {
    let mut rows = Vec::with_capacity(SHUFFLE_COUNT);
    let mut row = ['K', 'Q', 'R', 'R', 'S', 'S'];
    loop {
        rows.push(row);
        // Next permutation in lexicographic order (distinct arrangements only).
        let Some(i) = (0..5).rev().find(|&i| row[i] < row[i + 1]) else {
            break;
        };
        let j = (i + 1..6).rev().find(|&j| row[j] > row[i]).unwrap_or(i + 1);
        row.swap(i, j);
        row[i + 1..].reverse();
    }
    rows.get(n).copied()
}

fn shuffle_def(n: usize) -> Option<VariantDef> {
    let row: String = shuffle_row(n)?.iter().collect();
    let black = row.to_ascii_lowercase();
    Some(VariantDef {
        name: format!("Shuffle Parachess {n}"),
        description: format!(
            "The inventor's pieces with the back row shuffled (arrangement {n} of 180), the same \
             for both sides."
        ),
        start: format!("{black}/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/{row} w 0 1"),
        pieces: parachess_pieces(),
    })
}

static PARACHESS: LazyLock<&'static Variant> = LazyLock::new(|| {
    let def = builtin_defs().swap_remove(0);
    Variant::intern(def, true).unwrap_or_else(|e| panic!("built-in Parachess: {e}"))
});

/// A number for a random Shuffle arrangement: std's hasher keys are seeded randomly per process.
fn random_below(n: usize) -> usize {
    let mut h = RandomState::new().build_hasher();
    h.write_u64(0x0053_4855_4646_4c45);
    (h.finish() % n as u64) as usize
}

/// Normalises a name for lookup: lower case, without spaces, hyphens and underscores.
fn key(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

impl Variant {
    /// Parachess itself.
    pub fn parachess() -> &'static Variant {
        &PARACHESS
    }

    /// The built-in variants with one fixed start, Parachess first (Shuffle Parachess's 180
    /// arrangements come from [`Variant::shuffle`]).
    pub fn builtins() -> Vec<&'static Variant> {
        let mut out = vec![Variant::parachess()];
        for def in builtin_defs().into_iter().skip(1) {
            match Variant::intern(def, true) {
                Ok(v) => out.push(v),
                // Covered by tests; a broken built-in is left out rather than crash a game.
                Err(_) => continue,
            }
        }
        out
    }

    /// The names a player can choose from: the built-ins with "Shuffle Parachess" (a random
    /// arrangement) after Knights and Archers.
    pub fn builtin_names() -> Vec<String> {
        let mut names: Vec<String> = builtin_defs().into_iter().map(|d| d.name).collect();
        names.insert(2, "Shuffle Parachess".into());
        names
    }

    /// Shuffle Parachess arrangement `n` (0..180).
    pub fn shuffle(n: usize) -> Result<&'static Variant, VariantError> {
        let def = shuffle_def(n).ok_or_else(|| VariantError::ShuffleNumber(n.to_string()))?;
        Variant::intern(def, true)
    }

    /// The variant called `name`: a built-in one (case, spaces and hyphens ignored;
    /// "Shuffle Parachess" alone picks an arrangement at random, "Shuffle Parachess 17" that
    /// one, "shuffle 17" too), or one already loaded from a file.
    pub fn named(name: &str) -> Result<&'static Variant, VariantError> {
        let k = key(name);
        for shuffle in ["shuffleparachess", "shuffle"] {
            if let Some(rest) = k.strip_prefix(shuffle) {
                if rest.is_empty() {
                    return Variant::shuffle(random_below(SHUFFLE_COUNT));
                }
                return match rest.parse::<usize>() {
                    Ok(n) if n < SHUFFLE_COUNT && !(rest.len() > 1 && rest.starts_with('0')) => {
                        Variant::shuffle(n)
                    }
                    _ => Err(VariantError::ShuffleNumber(rest.to_string())),
                };
            }
        }
        if let Some(v) = Variant::builtins().into_iter().find(|v| key(v.name()) == k) {
            return Ok(v);
        }
        let loaded = REGISTRY
            .lock()
            .map(|r| r.iter().rev().find(|v| key(v.name()) == k).copied())
            .unwrap_or(None);
        loaded.ok_or_else(|| {
            VariantError::Unknown(name.to_string(), Variant::builtin_names().join(", "))
        })
    }

    /// Reads a variant from TOML text. Mistakes come back with their line.
    pub fn from_toml(text: &str) -> Result<&'static Variant, VariantFileError> {
        let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let file: FileToml = toml::from_str(text).map_err(|e| VariantFileError {
            line: e.span().map_or(1, |s| line_of(s.start)),
            error: VariantError::Toml(e.message().to_string()),
        })?;
        Variant::from_file(file, line_of)
    }

    /// Reads the one-line form a game file's `VariantDef` tag carries (an inline table with a
    /// variant file's fields; see [`Variant::to_inline_toml`]).
    pub fn from_inline_toml(text: &str) -> Result<&'static Variant, VariantError> {
        #[derive(Deserialize)]
        struct Wrapper {
            def: FileToml,
        }
        let wrapped: Wrapper = toml::from_str(&format!("def = {}", text.trim()))
            .map_err(|e| VariantError::Toml(e.message().to_string()))?;
        Variant::from_file(wrapped.def, |_| 1).map_err(|e| e.error)
    }

    fn from_file(
        file: FileToml,
        line_of: impl Fn(usize) -> usize,
    ) -> Result<&'static Variant, VariantFileError> {
        let def = VariantDef {
            name: file.name.get_ref().trim().to_string(),
            description: file.description.trim().to_string(),
            start: file.start.get_ref().trim().to_string(),
            pieces: file
                .pieces
                .get_ref()
                .iter()
                .map(|p| p.get_ref().clone())
                .collect(),
        };
        let at = |place: Place| match place {
            Place::Name => line_of(file.name.span().start),
            Place::Start => line_of(file.start.span().start),
            Place::Pieces => line_of(file.pieces.span().start),
            Place::Piece(i) => file
                .pieces
                .get_ref()
                .get(i)
                .map_or(1, |p| line_of(p.span().start)),
        };
        if let Err((error, place)) = Built::check(&def) {
            return Err(VariantFileError {
                line: at(place),
                error,
            });
        }
        Variant::from_def(def).map_err(|error| VariantFileError {
            line: at(Place::Start),
            error,
        })
    }

    /// Builds (or finds) the variant a definition describes.
    pub fn from_def(def: VariantDef) -> Result<&'static Variant, VariantError> {
        let builtin = builtin_defs().contains(&def)
            || (0..SHUFFLE_COUNT).any(|n| shuffle_def(n).as_ref() == Some(&def));
        Variant::intern(def, builtin)
    }

    fn intern(def: VariantDef, builtin: bool) -> Result<&'static Variant, VariantError> {
        let find = |def: &VariantDef| {
            REGISTRY
                .lock()
                .ok()
                .and_then(|r| r.iter().find(|v| v.def == *def).copied())
        };
        if let Some(v) = find(&def) {
            return Ok(v);
        }
        let built = Built::check(&def).map_err(|(e, _)| e)?;
        let variant: &'static Variant = Box::leak(Box::new(built.into_variant(def, builtin)));
        // The start position needs the finished tables to check (Kings in reach), so it is
        // read after building; a failed variant is never registered, and its tables are freed
        // only with the process (bounded by the distinct bad definitions tried).
        let start = variant.parse_position(&variant.def.start);
        if let Err(e) = start {
            return Err(VariantError::Start(e));
        }
        let mut registry = REGISTRY
            .lock()
            .map_err(|_| VariantError::Toml("variant registry poisoned".into()))?;
        if let Some(v) = registry.iter().find(|v| v.def == variant.def) {
            return Ok(v);
        }
        registry.push(variant);
        Ok(variant)
    }

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

    /// The definition as one line: a TOML inline table (what a game file's `VariantDef` tag
    /// carries), which [`Variant::from_inline_toml`] reads back.
    pub fn to_inline_toml(&self) -> String {
        let mut parts = vec![format!("name = {}", quote(&self.def.name))];
        if !self.def.description.is_empty() {
            parts.push(format!("description = {}", quote(&self.def.description)));
        }
        parts.push(format!("start = {}", quote(&self.def.start)));
        let pieces: Vec<String> = self.def.pieces.iter().map(piece_toml).collect();
        parts.push(format!("pieces = [{}]", pieces.join(", ")));
        format!("{{ {} }}", parts.join(", "))
    }

    /// The definition as TOML text (a variant file), which [`Variant::from_toml`] reads back.
    pub fn to_toml(&self) -> String {
        let mut out = format!("name = {}\n", quote(&self.def.name));
        if !self.def.description.is_empty() {
            out += &format!("description = {}\n", quote(&self.def.description));
        }
        out += &format!("start = {}\npieces = [\n", quote(&self.def.start));
        for p in &self.def.pieces {
            out += &format!("  {},\n", piece_toml(p));
        }
        out + "]\n"
    }
}

/// A TOML basic string.
fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One piece as a TOML inline table.
fn piece_toml(p: &PieceDef) -> String {
    format!(
        "{{ letter = {}, name = {}, moves = {}{} }}",
        quote(&p.letter),
        quote(&p.name),
        quote(&p.moves),
        if p.royal { ", royal = true" } else { "" }
    )
}

/// Where in a file a problem lies.
#[derive(Copy, Clone, Debug)]
enum Place {
    Name,
    Start,
    Pieces,
    Piece(usize),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileToml {
    name: toml::Spanned<String>,
    #[serde(default)]
    description: String,
    start: toml::Spanned<String>,
    pieces: toml::Spanned<Vec<toml::Spanned<PieceDef>>>,
}

/// A checked definition: each piece's letter, movement and slot.
struct Built {
    kinds: Vec<(usize, char, Movement)>,
}

impl Built {
    /// Checks everything but the start position, and gives each kind its slot: the pawn 0, the
    /// royal 5, a kind moving as one of Parachess's its Parachess slot, the rest 6 and up.
    fn check(def: &VariantDef) -> Result<Built, (VariantError, Place)> {
        if def.name.trim().is_empty() {
            return Err((VariantError::NoName, Place::Name));
        }
        let n = def.pieces.len();
        if !(2..=MAX_KINDS).contains(&n) {
            return Err((VariantError::KindCount(n), Place::Pieces));
        }
        let mut parsed = Vec::new();
        let mut letters = Vec::new();
        for (i, p) in def.pieces.iter().enumerate() {
            let at = Place::Piece(i);
            let mut chars = p.letter.trim().chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
                _ => return Err((VariantError::BadLetter(p.letter.clone()), at)),
            };
            if letters.contains(&letter) {
                return Err((VariantError::DuplicateLetter(letter), at));
            }
            letters.push(letter);
            if p.name.trim().is_empty() {
                return Err((VariantError::NoPieceName(letter), at));
            }
            let moves = Movement::parse(&p.moves)
                .map_err(|error| (VariantError::Moves { letter, error }, at))?;
            if p.royal && moves.pawn_steps() {
                return Err((VariantError::RoyalPawn, at));
            }
            parsed.push((letter, moves, p.royal));
        }
        let royals = parsed.iter().filter(|p| p.2).count();
        if royals != 1 {
            return Err((VariantError::RoyalCount(royals), Place::Pieces));
        }
        if parsed.iter().filter(|p| p.1.pawn_steps()).count() > 1 {
            return Err((VariantError::TwoPawns, Place::Pieces));
        }
        let standard = [
            Movement::SORCERER,
            Movement::BISHOP,
            Movement::ROOK,
            Movement::QUEEN,
        ];
        let mut used = [false; MAX_KINDS];
        let mut slots = vec![usize::MAX; n];
        for (i, &(_, moves, royal)) in parsed.iter().enumerate() {
            let slot = if royal {
                Some(5)
            } else if moves.pawn_steps() {
                Some(0)
            } else {
                standard
                    .iter()
                    .position(|&m| m == moves)
                    .map(|k| k + 1)
                    .filter(|&s| !used[s])
            };
            if let Some(s) = slot {
                used[s] = true;
                slots[i] = s;
            }
        }
        for slot in slots.iter_mut().filter(|s| **s == usize::MAX) {
            let free = (6..MAX_KINDS)
                .chain(1..5)
                .find(|&s| !used[s])
                .ok_or((VariantError::KindCount(n), Place::Pieces))?;
            used[free] = true;
            *slot = free;
        }
        Ok(Built {
            kinds: parsed
                .iter()
                .zip(slots)
                .map(|(&(letter, moves, _), slot)| (slot, letter, moves))
                .collect(),
        })
    }

    fn into_variant(self, def: VariantDef, builtin: bool) -> Variant {
        let b = board();
        let mut kinds: [Option<KindInfo>; MAX_KINDS] = Default::default();
        let mut by_letter = [0u8; 26];
        let mut moves = [Movement::default(); MAX_KINDS];
        let mut jumps = [[CellSet::EMPTY; CELL_COUNT]; MAX_KINDS];
        let mut jumpers = [[CellSet::EMPTY; CELL_COUNT]; MAX_KINDS];
        let mut sliders = [0u16; 3];
        let mut jumping = 0u16;
        let mut unlimited = true;
        for (i, &(slot, letter, how)) in self.kinds.iter().enumerate() {
            let p = &def.pieces[i];
            let name = p.name.trim().to_string();
            let text = if slot < 6 && how == super::movement::movement(PieceKind::ALL[slot]) {
                how_it_moves(PieceKind::ALL[slot]).replacen(PieceKind::ALL[slot].name(), &name, 1)
            } else {
                describe(&name, how)
            };
            kinds[slot] = Some(KindInfo {
                letter,
                name,
                moves: how,
                royal: p.royal,
                look: Look::of(how, p.royal, letter),
                how: text,
            });
            by_letter[(letter as u8 - b'A') as usize] = slot as u8 + 1;
            moves[slot] = how;
            if how.pawn_steps() {
                continue;
            }
            if how.steps() || how.leaps() {
                jumping |= 1 << slot;
            }
            for c in Cell::all() {
                let to = how.jumps(b, c);
                jumps[slot][c.index()] = to;
                for t in to {
                    jumpers[slot][t.index()].insert(c);
                }
            }
            for k in LineKind::ALL {
                if how.slides_along(k) {
                    sliders[k as usize] |= 1 << slot;
                }
            }
            unlimited &= how.slides_unlimited();
        }
        let present: Vec<PieceKind> = (0..MAX_KINDS)
            .filter(|&s| kinds[s].is_some())
            .filter_map(PieceKind::from_index)
            .collect();
        let mut values = [0i32; MAX_KINDS];
        let mut mobility = [(0, 0); MAX_KINDS];
        let mut attack_weight = [0; MAX_KINDS];
        for &k in &present {
            let s = k.index();
            let how = moves[s];
            if s < 6 && how == super::movement::movement(PieceKind::ALL[s]) {
                values[s] = INVENTOR_VALUES[s];
                mobility[s] = PARACHESS_MOBILITY[s];
                attack_weight[s] = PARACHESS_ATTACK[s];
            } else if s == 5 || how.pawn_steps() {
                values[s] = if how.pawn_steps() { 100 } else { 0 };
            } else {
                let typical = typical_mobility(how);
                values[s] = estimate_value(how);
                let per_cell = if typical <= 8.0 {
                    4
                } else if typical <= 14.0 {
                    3
                } else {
                    1
                };
                mobility[s] = (per_cell, (typical * 0.75).round() as i32);
                attack_weight[s] = (values[s] / 130).clamp(1, 5);
            }
        }
        let officers: Vec<PieceKind> = present
            .iter()
            .copied()
            .filter(|k| k.index() != 5 && !moves[k.index()].pawn_steps())
            .collect();
        let mut by_value = present.clone();
        // Parachess's own order (Pawn, Sorcerer, Bishop, Rook, Queen, King) is slot order; the
        // sort is stable, so it stays as it was for Parachess's kinds of equal value.
        by_value.sort_by_key(|k| {
            if k.index() == 5 {
                i32::MAX
            } else {
                values[k.index()]
            }
        });
        if present.iter().all(|k| k.index() < 6) {
            by_value = present.clone();
        }
        let mut variant = Variant {
            def,
            builtin,
            kinds,
            present,
            by_letter,
            promotions: [Vec::new(), Vec::new()],
            moves,
            jumps,
            jumpers,
            sliders,
            jumping,
            unlimited,
            values,
            mobility,
            attack_weight,
            phase_full: 0,
            by_value,
            officers,
        };
        variant.finish_from_start();
        variant
    }
}

impl Variant {
    fn finish_from_start(&mut self) {
        let placement = self.def.start.split(' ').next().unwrap_or("");
        let mut has = [[false; MAX_KINDS]; 2];
        let mut phase = 0;
        for c in placement.chars().filter(char::is_ascii_alphabetic) {
            if let Some(k) = self.kind_of_letter(c) {
                let side = if c.is_ascii_uppercase() { 0 } else { 1 };
                has[side][k.index()] = true;
                if k.index() != 5 && !self.moves[k.index()].pawn_steps() {
                    phase += self.values[k.index()];
                }
            }
        }
        self.phase_full = phase.max(1);
        let mut all: Vec<PieceKind> = self.officers.clone();
        // Most valuable first, as a chooser offers them; Parachess: Queen, Rook, Bishop,
        // Sorcerer (the Sorcerer last despite its value, as the rule book lists them).
        if self.present.iter().all(|k| k.index() < 6) {
            all.sort_by_key(|k| std::cmp::Reverse(k.index()));
        } else {
            all.sort_by_key(|k| std::cmp::Reverse(self.values[k.index()]));
        }
        for side in 0..2 {
            let own: Vec<PieceKind> = all
                .iter()
                .copied()
                .filter(|k| has[side][k.index()])
                .collect();
            let both_same = has[0] == has[1];
            self.promotions[side] = if own.is_empty() || both_same {
                all.clone()
            } else {
                own
            };
        }
    }
}

/// The average number of cells a kind reaches over every cell of a board a third full (a
/// fixed pseudo-random sample of blockers), the "typical board" its value is estimated on.
pub fn typical_mobility(how: Movement) -> f64 {
    let b = board();
    let mut state: u64 = 0x4d4f_4249_4c49_5459;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let samples = 64;
    let mut total = 0usize;
    for _ in 0..samples {
        let occupied: CellSet = Cell::all().filter(|_| next() % 3 == 0).collect();
        for c in Cell::all() {
            total += how.targets(b, c, occupied).len();
        }
    }
    total as f64 / (samples * CELL_COUNT) as f64
}

/// Centipawns per typical-board target, fitted once to the inventor's values: the estimates
/// are R 2.8, B 3.1, S 3.6, Q 5.9 against his R 3, B 3, S 3.5, Q 6 (checked in the tests).
const CENTIPAWNS_PER_TARGET: f64 = 36.0;

/// A kind's material value in centipawns estimated from its mobility on a typical board.
pub fn estimate_value(how: Movement) -> i32 {
    (typical_mobility(how) * CENTIPAWNS_PER_TARGET).round() as i32
}

#[cfg(test)]
mod tests;
