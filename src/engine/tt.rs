//! The transposition table: search results keyed by [`Position::hash`], so positions reached by
//! different move orders, and the previous iteration's best moves, are not searched from scratch.
//!
//! [`Position::hash`]: crate::rules::Position::hash

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

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

/// One slot's data, packed into 64 bits (see [`Data::pack`]).
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
struct Data {
    score: i16,
    from: u8,
    to: u8,
    /// 0 for none, else 1 + the promotion kind's [`PieceKind::index`]; 255 for "no move".
    promotion: u8,
    depth: u8,
    bound: u8,
    generation: u8,
}

impl Data {
    fn pack(self) -> u64 {
        u64::from(self.score as u16)
            | u64::from(self.from) << 16
            | u64::from(self.to) << 24
            | u64::from(self.promotion) << 32
            | u64::from(self.depth) << 40
            | u64::from(self.bound) << 48
            | u64::from(self.generation) << 56
    }

    fn unpack(x: u64) -> Data {
        Data {
            score: x as u16 as i16,
            from: (x >> 16) as u8,
            to: (x >> 24) as u8,
            promotion: (x >> 32) as u8,
            depth: (x >> 40) as u8,
            bound: (x >> 48) as u8,
            generation: (x >> 56) as u8,
        }
    }
}

/// One slot: 16 bytes, two per bucket. Threads share the table without locks (Lazy SMP), so a
/// slot may be written by two threads at once; it stores `key ^ data` beside `data`, and a
/// reader accepts the slot only when the two agree with its key, so a slot torn by concurrent
/// writes reads as empty instead of as another position's result.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The key (valid only if the two words were written together) and the data.
    #[inline]
    fn load(&self) -> (u64, Data) {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        (check ^ data, Data::unpack(data))
    }

    #[inline]
    fn save(&self, key: u64, data: Data) {
        let data = data.pack();
        self.check.store(key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

/// A probe's answer.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A fixed-size table of two-slot buckets, shared by the search threads (`&self` everywhere:
/// every slot is atomic).
pub(crate) struct Table {
    slots: Vec<Slot>,
    mask: usize,
    generation: AtomicU8,
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
            slots: (0..buckets * 2).map(|_| Slot::default()).collect(),
            mask: buckets - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
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
            .map(Slot::load)
            .find(|(k, d)| *k == key && d.bound != 0)?
            .1;
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
        &self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        mv: Option<Move>,
    ) {
        let b = self.bucket(key);
        let generation = self.generation.load(Ordering::Relaxed);
        let pair = &self.slots[b..b + 2];
        let loaded = [pair[0].load(), pair[1].load()];
        let index = if loaded[0].0 == key {
            0
        } else if loaded[1].0 == key {
            1
        } else {
            // Replace the less valuable slot: older searches first, then shallower results.
            let worth = |s: &Data| {
                let age = generation.wrapping_sub(s.generation) as i32;
                s.depth as i32 - 8 * age
            };
            if worth(&loaded[0].1) <= worth(&loaded[1].1) {
                0
            } else {
                1
            }
        };
        let (old_key, slot) = loaded[index];
        let same = old_key == key;
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
        pair[index].save(
            key,
            Data {
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
            },
        );
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
        let t = Table::new(1);
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
        let t = Table::new(1);
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
    fn data_packs_and_unpacks() {
        let d = Data {
            score: -1234,
            from: 71,
            to: 3,
            promotion: NO_MOVE,
            depth: 200,
            bound: 3,
            generation: 255,
        };
        assert_eq!(Data::unpack(d.pack()), d);
    }

    #[test]
    fn a_shared_table_never_returns_a_torn_entry() {
        // Threads hammer the same few buckets with entries whose every field is derived from
        // the key; a reader that ever sees fields of one key under another (a torn write) fails.
        let t = std::sync::Arc::new(Table::new(1));
        let keys: Vec<u64> = (1..=64u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) & !0x3FF | 7)
            .collect();
        let moves: Vec<Move> = (0..72)
            .filter_map(|i| {
                Some(Move::new(
                    Cell::from_index(i)?,
                    Cell::from_index((i + 5) % 72)?,
                ))
            })
            .collect();
        let expected = |key: u64| {
            let i = (key >> 20) as usize % moves.len();
            (
                moves[i],
                (key >> 40) as i32 % 1000,
                (key >> 50) as i32 % 60 + 1,
            )
        };
        let writers_done = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for w in 0..3 {
                let (t, keys, writers_done) = (&t, &keys, &writers_done);
                scope.spawn(move || {
                    for round in 0..20_000usize {
                        let key = keys[(round * 7 + w * 13) % keys.len()];
                        let (mv, score, depth) = expected(key);
                        t.store(key, 0, depth, score, Bound::Exact, Some(mv));
                    }
                    writers_done.fetch_add(1, Ordering::Release);
                });
            }
            let (t, keys, writers_done) = (&t, &keys, &writers_done);
            scope.spawn(move || {
                // Read while the writers write, and once more after they all finished (so a
                // reader scheduled late on a busy machine still reads something).
                let mut seen = 0;
                let mut round = 0usize;
                loop {
                    let finished = writers_done.load(Ordering::Acquire) == 3;
                    for _ in 0..keys.len() {
                        let key = keys[round % keys.len()];
                        round += 1;
                        if let Some(hit) = t.probe(key, 0) {
                            let (mv, score, depth) = expected(key);
                            assert_eq!((hit.mv, hit.score, hit.depth), (Some(mv), score, depth));
                            seen += 1;
                        }
                    }
                    if finished {
                        break;
                    }
                }
                assert!(seen > 0);
            });
        });
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let t = Table::new(1);
        // Mate found 5 plies below a node at ply 3: stored as "mate in 5 from here".
        t.store(9, 3, 6, MATE - 8, Bound::Exact, None);
        assert_eq!(t.probe(9, 1).unwrap().score, MATE - 6);
    }
}
