//! The built-in variants: Parachess and the others with one fixed start.

use std::sync::LazyLock;

use super::super::position::START_TEXT;
use super::{PieceDef, Variant, VariantDef};

/// The inventor's rough values (rule book §5) in centipawns, by Parachess slot.
pub(super) const INVENTOR_VALUES: [i32; 6] = [100, 350, 300, 300, 600, 0];
/// The engine's mobility terms for Parachess's kinds (weight per cell, count scoring zero).
pub(super) const PARACHESS_MOBILITY: [(i32, i32); 6] =
    [(0, 0), (4, 6), (3, 7), (3, 7), (1, 14), (0, 0)];
/// The engine's King-attack weights for Parachess's kinds.
pub(super) const PARACHESS_ATTACK: [i32; 6] = [0, 2, 2, 3, 5, 0];

fn piece(letter: &str, name: &str, moves: &str, royal: bool) -> PieceDef {
    PieceDef {
        letter: letter.into(),
        name: name.into(),
        moves: moves.into(),
        royal,
    }
}

pub(super) fn parachess_pieces() -> Vec<PieceDef> {
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
pub(super) fn builtin_defs() -> Vec<VariantDef> {
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

static PARACHESS: LazyLock<&'static Variant> = LazyLock::new(|| {
    let def = builtin_defs().swap_remove(0);
    Variant::intern(def, true).unwrap_or_else(|e| panic!("built-in Parachess: {e}"))
});

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
}
