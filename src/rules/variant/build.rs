//! Building a variant: checking a definition, giving each kind its slot, and filling the tables
//! move generation reads; a kind's value estimated from its mobility.

use super::super::board::{LineKind, board};
use super::super::cell::{CELL_COUNT, Cell, CellSet};
use super::super::movement::{Movement, describe, how_it_moves};
use super::super::piece::{MAX_KINDS, PieceKind};
use super::builtin::{INVENTOR_VALUES, PARACHESS_ATTACK, PARACHESS_MOBILITY};
use super::{KindInfo, Look, Variant, VariantDef, VariantError};

/// Where in a file a problem lies.
#[derive(Copy, Clone, Debug)]
pub(super) enum Place {
    Name,
    Start,
    Pieces,
    Piece(usize),
}

/// A checked definition: each piece's letter, movement and slot.
pub(super) struct Built {
    kinds: Vec<(usize, char, Movement)>,
}

impl Built {
    /// Checks everything but the start position, and gives each kind its slot: the pawn 0, the
    /// royal 5, a kind moving as one of Parachess's its Parachess slot, the rest 6 and up.
    pub(super) fn check(def: &VariantDef) -> Result<Built, (VariantError, Place)> {
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

    pub(super) fn into_variant(self, def: VariantDef, builtin: bool) -> Variant {
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
            let text = if slot < 6 && how == super::super::movement::movement(PieceKind::ALL[slot])
            {
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
            if s < 6 && how == super::super::movement::movement(PieceKind::ALL[s]) {
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
