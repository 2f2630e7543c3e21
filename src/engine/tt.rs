//! The transposition table: search results keyed by [`Position::hash`], so positions reached by
//! different move orders, and the previous iteration's best moves, are not searched from scratch.
//!
//! [`Position::hash`]: crate::rules::Position::hash

use crate::rules::{Cell, Move, PieceKind};

use super::score::{from_tt, to_tt};

/// What a stored score says about the true value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least this (a beta cut-off).
    Lower,
    /// The true value is at most this (no move raised alpha).
    Upper,
}

/// One slot: 16 bytes, two per bucket.
#[derive(Copy, Clone, Default)]
#[repr(C)]
struct Slot {
    key: u64,
    score: i16,
    from: u8,
    to: u8,
    /// 0 for none, else 1 + the promotion kind's [`PieceKind::index`]; 255 for "no move".
    promotion: u8,
    depth: u8,
    bound: u8,
    generation: u8,
}

/// A probe's answer.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A fixed-size table of two-slot buckets.
pub(crate) struct Table {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

const NO_MOVE: u8 = 255;

impl Table {
    /// A table of about `megabytes` MB (rounded down to a power of two buckets, at least 1 K).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let buckets = (bytes / (2 * std::mem::size_of::<Slot>()))
            .max(1024)
            .next_power_of_two()
            / 2;
        let buckets = buckets.max(1024);
        Table {
            slots: vec![Slot::default(); buckets * 2],
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.generation = 0;
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * 2
    }

    /// The entry for `key`, with mate scores made relative to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let b = self.bucket(key);
        let slot = self.slots[b..b + 2]
            .iter()
            .find(|s| s.key == key && s.bound != 0)?;
        let mv = if slot.promotion == NO_MOVE {
            None
        } else {
            Some(Move {
                from: Cell::from_index(slot.from as usize)?,
                to: Cell::from_index(slot.to as usize)?,
                promotion: match slot.promotion {
                    0 => None,
                    p => Some(PieceKind::from_index(p as usize - 1)?),
                },
            })
        };
        let bound = match slot.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv,
            score: from_tt(slot.score as i32, ply),
            depth: slot.depth as i32,
            bound,
        })
    }

    /// Stores a result; keeps the old move when the new result has none.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        mv: Option<Move>,
    ) {
        let b = self.bucket(key);
        let generation = self.generation;
        let pair = &mut self.slots[b..b + 2];
        let index = if pair[0].key == key {
            0
        } else if pair[1].key == key {
            1
        } else {
            // Replace the less valuable slot: older searches first, then shallower results.
            let worth = |s: &Slot| {
                let age = generation.wrapping_sub(s.generation) as i32;
                s.depth as i32 - 8 * age
            };
            if worth(&pair[0]) <= worth(&pair[1]) {
                0
            } else {
                1
            }
        };
        let slot = &mut pair[index];
        let same = slot.key == key;
        // Keep a deeper exact result of the same position unless this one is about as deep.
        if same && slot.generation == generation && (slot.depth as i32) > depth + 2 {
            return;
        }
        let (from, to, promotion) = match mv {
            Some(m) => (
                m.from.index() as u8,
                m.to.index() as u8,
                m.promotion.map_or(0, |k| k.index() as u8 + 1),
            ),
            None if same => (slot.from, slot.to, slot.promotion),
            None => (0, 0, NO_MOVE),
        };
        *slot = Slot {
            key,
            score: to_tt(score, ply) as i16,
            from,
            to,
            promotion,
            depth: depth.clamp(0, 255) as u8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            generation,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::score::MATE;

    fn mv(text: &str) -> Move {
        let from = text[..2].parse().unwrap();
        let to = text[2..4].parse().unwrap();
        Move::new(from, to)
    }

    #[test]
    fn stores_and_finds() {
        let mut t = Table::new(1);
        t.store(42, 0, 5, 17, Bound::Exact, Some(mv("a2e5")));
        let hit = t.probe(42, 0).unwrap();
        assert_eq!(hit.mv, Some(mv("a2e5")));
        assert_eq!((hit.score, hit.depth, hit.bound), (17, 5, Bound::Exact));
        assert!(t.probe(43, 0).is_none());
        t.clear();
        assert!(t.probe(42, 0).is_none());
    }

    #[test]
    fn keeps_promotions_and_old_moves() {
        let mut t = Table::new(1);
        let promo = Move::promoting(
            "j2".parse().unwrap(),
            "k2".parse().unwrap(),
            PieceKind::Sorcerer,
        );
        t.store(7, 0, 3, 0, Bound::Lower, Some(promo));
        t.store(7, 0, 4, 5, Bound::Upper, None);
        let hit = t.probe(7, 0).unwrap();
        assert_eq!(hit.mv, Some(promo));
        assert_eq!(hit.bound, Bound::Upper);
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let mut t = Table::new(1);
        // Mate found 5 plies below a node at ply 3: stored as "mate in 5 from here".
        t.store(9, 3, 6, MATE - 8, Bound::Exact, None);
        assert_eq!(t.probe(9, 1).unwrap().score, MATE - 6);
    }
}
