//! Shuffle Parachess: the inventor's pieces with the back row in one of 180 arrangements.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

use super::builtin::parachess_pieces;
use super::{Variant, VariantDef, VariantError};

/// The number of Shuffle Parachess arrangements.
pub const SHUFFLE_COUNT: usize = 180;

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

pub(super) fn shuffle_def(n: usize) -> Option<VariantDef> {
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

/// A number for a random Shuffle arrangement: std's hasher keys are seeded randomly per process.
pub(super) fn random_below(n: usize) -> usize {
    let mut h = RandomState::new().build_hasher();
    h.write_u64(0x0053_4855_4646_4c45);
    (h.finish() % n as u64) as usize
}

impl Variant {
    /// Shuffle Parachess arrangement `n` (0..180).
    pub fn shuffle(n: usize) -> Result<&'static Variant, VariantError> {
        let def = shuffle_def(n).ok_or_else(|| VariantError::ShuffleNumber(n.to_string()))?;
        Variant::intern(def, true)
    }
}
