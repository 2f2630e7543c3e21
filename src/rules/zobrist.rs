//! Zobrist keys: fixed pseudo-random numbers, so hashes are the same on every run and machine
//! (the engine's `bench` node count and saved hashes depend on it).

use super::cell::{CELL_COUNT, Cell};
use super::piece::{MAX_KINDS, Piece};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Keys per side, kind slot and cell, and the side-to-move key. The first twelve rows (both
/// sides' slots 0–5, Parachess's kinds) come first in the generator's sequence, then the
/// side-to-move key, then the other slots: Parachess hashes (and the engine's `bench` node count)
/// are the same as before kinds became data.
const KEYS: ([[[u64; CELL_COUNT]; MAX_KINDS]; 2], u64) = {
    let mut keys = [[[0u64; CELL_COUNT]; MAX_KINDS]; 2];
    let mut state = 0x5041_5241_4348_4553; // "PARACHES"
    let mut p = 0;
    while p < 12 {
        let mut c = 0;
        while c < CELL_COUNT {
            let (s, k) = splitmix(state);
            state = s;
            keys[p / 6][p % 6][c] = k;
            c += 1;
        }
        p += 1;
    }
    let (s, side) = splitmix(state);
    state = s;
    let mut p = 0;
    while p < 2 * (MAX_KINDS - 6) {
        let mut c = 0;
        while c < CELL_COUNT {
            let (s, k) = splitmix(state);
            state = s;
            keys[p % 2][6 + p / 2][c] = k;
            c += 1;
        }
        p += 1;
    }
    (keys, side)
};

/// Key for `piece` standing on `cell`.
#[inline]
pub fn piece(piece: Piece, cell: Cell) -> u64 {
    KEYS.0[piece.side.index()][piece.kind.index()][cell.index()]
}

/// Key toggled when Black is to move.
#[inline]
pub fn side_to_move() -> u64 {
    KEYS.1
}
