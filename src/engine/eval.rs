//! Static evaluation: material (the rule book's values), mobility, pawn advancement and King
//! safety, blended between middle game and endgame by the material left on the board.
//!
//! Scores are centipawns from the point of view of the side to move.

use std::sync::Arc;

use crate::rules::movement::movement;
use crate::rules::{CellSet, MAX_KINDS, PieceKind, Position, Side, Variant};

use super::tables::tables;
use super::weights::{EvalWeights, FIELDS, KINDS, STEPS, WEIGHT_COUNT};

/// Parachess's material values in centipawns, indexed by [`PieceKind::index`] (rule book §5;
/// the King is priceless and counts nothing). The search's exchange and pruning margins use
/// these; the evaluation reads its [`EvalWeights`].
pub const VALUE: [i32; 6] = [100, 350, 300, 300, 600, 0];

/// Where each field of [`EvalWeights`] starts in its flat vector ([`EvalWeights::to_vec`]).
const fn offset(field: usize) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < field {
        n += FIELDS[i].len;
        i += 1;
    }
    n
}

const MATERIAL_MG: usize = offset(0);
const MATERIAL_EG: usize = offset(1);
const TEMPO: usize = offset(2);
const ADVANCE_MG: usize = offset(3);
const ADVANCE_EG: usize = offset(4);
const PASSED_MG: usize = offset(5);
const PASSED_EG: usize = offset(6);
const PAWN_CENTRE: usize = offset(7);
const JUMPER_CENTRE: usize = offset(8);
const KING_SHIELD: usize = offset(9);
const KING_HOME: usize = offset(10);
const KING_CENTRE: usize = offset(11);
const MOBILITY_MG: usize = offset(12);
const MOBILITY_EG: usize = offset(13);
const MOBILITY_ZERO: usize = offset(14);
const ATTACK_WEIGHT: usize = offset(15);
const ATTACK_HIT: usize = offset(16);
const DANGER_SCALE: usize = offset(17);
const DANGER_CAP: usize = offset(18);

/// After the weights, the variant's own numbers for its kinds that are not Parachess's (value,
/// mobility per cell, mobility zero, attack weight: [`MAX_KINDS`] each), then a zero.
const EXTRA_VALUE: usize = WEIGHT_COUNT;
const EXTRA_MOBILITY: usize = EXTRA_VALUE + MAX_KINDS;
const EXTRA_ZERO: usize = EXTRA_MOBILITY + MAX_KINDS;
const EXTRA_ATTACK: usize = EXTRA_ZERO + MAX_KINDS;
/// A slot that always holds 0 (for terms with no middle-game or no endgame part).
pub(crate) const NONE: usize = EXTRA_ATTACK + MAX_KINDS;
/// The length of [`Params::flat`].
pub(crate) const PARAM_COUNT: usize = NONE + 1;

/// Weights resolved for one variant: a flat vector (the weights, then the variant's numbers for
/// its own kinds) and, per kind, where its numbers are. The evaluation reads only this.
#[derive(Clone)]
pub(crate) struct Params {
    pub variant: &'static Variant,
    pub flat: [i32; PARAM_COUNT],
    pub value_mg: [usize; MAX_KINDS],
    pub value_eg: [usize; MAX_KINDS],
    pub mobility_mg: [usize; MAX_KINDS],
    pub mobility_eg: [usize; MAX_KINDS],
    pub mobility_zero: [usize; MAX_KINDS],
    pub attack: [usize; MAX_KINDS],
    /// Per kind, the numbers themselves: value mg, value eg, mobility mg, mobility eg, zero
    /// (the search's fast path reads these instead of going through the indices).
    pub kind: [[i32; 5]; MAX_KINDS],
}

impl Params {
    /// `weights` for `variant`: Parachess's kinds (moving as in Parachess) take the weights,
    /// the variant's other kinds its own derived numbers.
    pub fn new(weights: &EvalWeights, variant: &'static Variant) -> Params {
        let mut flat = [0; PARAM_COUNT];
        flat[..WEIGHT_COUNT].copy_from_slice(&weights.to_vec());
        let mut p = Params {
            variant,
            flat,
            value_mg: [NONE; MAX_KINDS],
            value_eg: [NONE; MAX_KINDS],
            mobility_mg: [NONE; MAX_KINDS],
            mobility_eg: [NONE; MAX_KINDS],
            mobility_zero: [NONE; MAX_KINDS],
            attack: [NONE; MAX_KINDS],
            kind: [[0; 5]; MAX_KINDS],
        };
        for s in 0..MAX_KINDS {
            let Some(kind) = PieceKind::from_index(s) else {
                continue;
            };
            let standard = s < KINDS && variant.movement(kind) == movement(PieceKind::ALL[s]);
            if standard || s == PieceKind::Pawn.index() {
                p.value_mg[s] = MATERIAL_MG + s;
                p.value_eg[s] = MATERIAL_EG + s;
            } else {
                p.flat[EXTRA_VALUE + s] = variant.value(kind);
                p.value_mg[s] = EXTRA_VALUE + s;
                p.value_eg[s] = EXTRA_VALUE + s;
            }
            if standard {
                p.mobility_mg[s] = MOBILITY_MG + s;
                p.mobility_eg[s] = MOBILITY_EG + s;
                p.mobility_zero[s] = MOBILITY_ZERO + s;
                p.attack[s] = ATTACK_WEIGHT + s;
            } else {
                let (per_cell, zero) = variant.mobility[s];
                p.flat[EXTRA_MOBILITY + s] = per_cell;
                p.flat[EXTRA_ZERO + s] = zero;
                p.flat[EXTRA_ATTACK + s] = variant.attack_weight[s];
                p.mobility_mg[s] = EXTRA_MOBILITY + s;
                p.mobility_eg[s] = EXTRA_MOBILITY + s;
                p.mobility_zero[s] = EXTRA_ZERO + s;
                p.attack[s] = EXTRA_ATTACK + s;
            }
            p.kind[s] = [
                p.value_mg[s],
                p.value_eg[s],
                p.mobility_mg[s],
                p.mobility_eg[s],
                p.mobility_zero[s],
            ]
            .map(|i| p.flat[i]);
        }
        p
    }
}

/// What the evaluation's terms go to: [`Score`] adds them up with the weights (the search), a
/// [`Trace`] records them so training can take the evaluation's gradient. One function walks
/// the position for both, so the two can never disagree about what is counted.
pub(crate) trait Sink {
    /// `n` times the weights at `mg` and `eg` (indices into [`Params::flat`]) for `side`.
    fn add(&mut self, p: &Params, side: usize, mg: usize, eg: usize, n: i32);
    /// Mobility: `per_cell × (cells − zero)`, middle game and endgame, for `side`.
    fn mobility(&mut self, p: &Params, side: usize, kind: usize, cells: i32);
    /// A pawn of `side`: material, advancement, centrality and, if `passed`, the passed bonus.
    #[inline(always)]
    fn pawn(&mut self, p: &Params, side: usize, to_go: usize, centre: i32, passed: bool) {
        let pawn = PieceKind::Pawn.index();
        self.add(p, side, p.value_mg[pawn], p.value_eg[pawn], 1);
        self.add(p, side, ADVANCE_MG + to_go, ADVANCE_EG + to_go, 1);
        self.add(p, side, PAWN_CENTRE, PAWN_CENTRE + 1, centre);
        if passed {
            self.add(p, side, PASSED_MG + to_go, PASSED_EG + to_go, 1);
        }
    }
    /// A piece of `side` of kind `kind` reaching `cells` safe cells: material and mobility.
    #[inline(always)]
    fn piece(&mut self, p: &Params, side: usize, kind: usize, cells: i32) {
        self.add(p, side, p.value_mg[kind], p.value_eg[kind], 1);
        self.mobility(p, side, kind, cells);
    }
    /// King danger against `side` (two or more attackers): `attackers` counts them per kind,
    /// `hits` the attacked cells of the King's zone.
    fn danger(&mut self, p: &Params, side: usize, attackers: &[u8; MAX_KINDS], hits: i32);
}

/// Adds the terms up: the evaluation itself.
#[derive(Default)]
struct Score {
    mg: [i32; 2],
    eg: [i32; 2],
    danger: [i32; 2],
}

impl Sink for Score {
    #[inline(always)]
    fn pawn(&mut self, p: &Params, side: usize, to_go: usize, centre: i32, passed: bool) {
        let to_go = to_go.min(STEPS - 1);
        let [value_mg, value_eg, ..] = p.kind[PieceKind::Pawn.index()];
        let f = &p.flat;
        let mut mg = value_mg + f[ADVANCE_MG + to_go] + f[PAWN_CENTRE] * centre;
        let mut eg = value_eg + f[ADVANCE_EG + to_go] + f[PAWN_CENTRE + 1] * centre;
        if passed {
            mg += f[PASSED_MG + to_go];
            eg += f[PASSED_EG + to_go];
        }
        self.mg[side] += mg;
        self.eg[side] += eg;
    }

    #[inline(always)]
    fn piece(&mut self, p: &Params, side: usize, kind: usize, cells: i32) {
        let [value_mg, value_eg, per_mg, per_eg, zero] = p.kind[kind];
        let free = cells - zero;
        self.mg[side] += value_mg + per_mg * free;
        self.eg[side] += value_eg + per_eg * free;
    }

    #[inline(always)]
    fn add(&mut self, p: &Params, side: usize, mg: usize, eg: usize, n: i32) {
        self.mg[side] += p.flat[mg] * n;
        self.eg[side] += p.flat[eg] * n;
    }

    #[inline(always)]
    fn mobility(&mut self, p: &Params, side: usize, kind: usize, cells: i32) {
        let free = cells - p.flat[p.mobility_zero[kind]];
        self.mg[side] += p.flat[p.mobility_mg[kind]] * free;
        self.eg[side] += p.flat[p.mobility_eg[kind]] * free;
    }

    #[inline(always)]
    fn danger(&mut self, p: &Params, side: usize, attackers: &[u8; MAX_KINDS], hits: i32) {
        let mut weight = p.flat[ATTACK_HIT] * hits;
        for (k, &n) in attackers.iter().enumerate() {
            if n > 0 {
                weight += p.flat[p.attack[k]] * i32::from(n);
            }
        }
        self.danger[side] = (weight * weight * p.flat[DANGER_SCALE] / 100).min(p.flat[DANGER_CAP]);
    }
}

/// Whether `side` has a piece besides King and pawns: what makes null-move pruning safe (with a
/// piece to move, being forced to move rarely hurts) and what can never run out of moves.
#[inline]
pub fn has_pieces(pos: &Position, side: Side) -> bool {
    let minor_or_major =
        pos.occupied() & !pos.kind_cells(PieceKind::Pawn) & !pos.kind_cells(PieceKind::King);
    !(pos.side_cells(side) & minor_or_major).is_empty()
}

/// The position's value for the side to move, in centipawns, with the embedded default
/// weights (the search uses its engine's own weights).
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &EvalWeights::shared_default())
}

/// [`evaluate`] with other weights.
pub fn evaluate_with(pos: &Position, weights: &EvalWeights) -> i32 {
    evaluate_params(pos, &Params::new(weights, pos.variant()))
}

/// The evaluation with weights resolved for the position's variant.
#[inline]
pub(crate) fn evaluate_params(pos: &Position, p: &Params) -> i32 {
    let mut score = Score::default();
    let (phase, phase_full) = terms(pos, p, &mut score);
    let blend = |s: usize| {
        let mg = score.mg[s] - score.danger[s];
        (mg * phase + score.eg[s] * (phase_full - phase)) / phase_full
    };
    let score = blend(0) - blend(1);
    let relative = match pos.turn() {
        Side::White => score,
        Side::Black => -score,
    };
    relative + p.flat[TEMPO]
}

/// Walks the position's terms into `sink`; returns the phase (non-pawn material left, capped)
/// and the full phase (the variant's at the start).
#[inline(always)]
pub(crate) fn terms<S: Sink>(pos: &Position, p: &Params, sink: &mut S) -> (i32, i32) {
    let t = tables();
    let v = pos.variant();
    let phase_full = v.phase_full;
    let occupied = pos.occupied();
    let pawns = pos.kind_cells(PieceKind::Pawn);
    let mut pawn_attacks = [CellSet::EMPTY; 2];
    for side in Side::BOTH {
        for c in pawns & pos.side_cells(side) {
            pawn_attacks[side.index()] |= t.pawn_attacks[side.index()][c.index()];
        }
    }
    // Non-pawn material of both sides, counted as the pieces are scored.
    let mut phase = 0;
    for side in Side::BOTH {
        let s = side.index();
        let own = pos.side_cells(side);
        let of = |kind: PieceKind| pos.kind_cells(kind) & own;

        let enemy_pawns = pawns & !own;
        for c in pawns & own {
            let i = c.index();
            let to_go = t.to_promote[s][i].min(8) as usize;
            let passed = (t.passed_span[s][i] & enemy_pawns).is_empty();
            sink.pawn(p, s, to_go, t.centrality[i], passed);
        }

        if let Some(k) = pos.king(side) {
            let i = k.index();
            let shield = (t.king_zone[i] & pawns & own).len().min(3) as i32;
            sink.add(p, s, KING_SHIELD, NONE, shield);
            sink.add(p, s, KING_HOME, NONE, t.home_distance[s][i] as i32);
            sink.add(p, s, NONE, KING_CENTRE, t.centrality[i]);
        }

        let enemy_zone = pos
            .king(!side)
            .map_or(CellSet::EMPTY, |k| t.king_zone[k.index()]);
        let safe = !own & !pawn_attacks[(!side).index()];
        let mut attackers = [0u8; MAX_KINDS];
        let mut attacking = 0;
        let mut hits = 0;
        let mut piece = |kind: PieceKind, reach: CellSet, sink: &mut S| {
            let k = kind.index();
            phase += v.value(kind);
            sink.piece(p, s, k, (reach & safe).len() as i32);
            let hit = reach & enemy_zone;
            if !hit.is_empty() {
                attacking += 1;
                attackers[k] += 1;
                hits += hit.len() as i32;
            }
        };
        for &kind in &v.officers {
            let how = v.movement(kind);
            let jumps = &v.jumps[kind.index()];
            if how.slides() && !(how.steps() || how.leaps()) {
                for c in of(kind) {
                    piece(kind, t.slide(c, how, occupied), sink);
                }
            } else if how.slides() {
                for c in of(kind) {
                    piece(kind, t.slide(c, how, occupied) | jumps[c.index()], sink);
                }
            } else {
                // Leapers and steppers want the centre, where they reach most.
                for c in of(kind) {
                    let centre = t.centrality[c.index()];
                    sink.add(p, s, JUMPER_CENTRE, JUMPER_CENTRE + 1, centre);
                    piece(kind, jumps[c.index()], sink);
                }
            }
        }
        if attacking >= 2 {
            sink.danger(p, (!side).index(), &attackers, hits);
        }
    }
    (phase.min(phase_full), phase_full)
}

/// Recent evaluations by position hash: the quiescence search evaluates the same positions
/// again and again, and a lookup is far cheaper than an evaluation. It also holds the engine's
/// weights, resolved for the variant last evaluated.
pub(crate) struct EvalCache {
    /// Upper 32 bits: the hash's upper half; lower 32 bits: the score.
    slots: Vec<u64>,
    weights: Arc<EvalWeights>,
    params: Box<Params>,
}

impl EvalCache {
    const SLOTS: usize = 1 << 16;

    /// An empty cache (512 KB) evaluating with `weights`.
    pub fn new(weights: Arc<EvalWeights>) -> EvalCache {
        let params = Box::new(Params::new(&weights, Variant::parachess()));
        EvalCache {
            slots: vec![0; Self::SLOTS],
            weights,
            params,
        }
    }

    /// The weights evaluated with.
    pub fn weights(&self) -> &Arc<EvalWeights> {
        &self.weights
    }

    /// Evaluates with `weights` from now on (the remembered scores are forgotten).
    pub fn set_weights(&mut self, weights: Arc<EvalWeights>) {
        *self.params = Params::new(&weights, self.params.variant);
        self.weights = weights;
        self.slots.fill(0);
    }

    /// [`evaluate`] with the cache's weights, remembered.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let hash = pos.hash();
        let slot = self.slots[hash as usize & (Self::SLOTS - 1)];
        let tag = hash & 0xFFFF_FFFF_0000_0000;
        // A tag of zero marks an empty slot; such positions are simply not cached.
        if tag != 0 && slot & 0xFFFF_FFFF_0000_0000 == tag {
            return slot as u32 as i32;
        }
        if !std::ptr::eq(self.params.variant, pos.variant()) {
            *self.params = Params::new(&self.weights, pos.variant());
        }
        let score = evaluate_params(pos, &self.params);
        self.slots[hash as usize & (Self::SLOTS - 1)] = tag | score as u32 as u64;
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str) -> i32 {
        evaluate(&text.parse().unwrap())
    }

    #[test]
    fn default_weights_are_the_variants_old_numbers() {
        // The evaluation used to read Parachess's kinds' numbers from the variant; the
        // hand-written weights are those numbers, so with them the search is unchanged.
        let v = crate::rules::Variant::parachess();
        let w = EvalWeights::hand_written();
        for s in 1..KINDS {
            let kind = PieceKind::ALL[s];
            assert_eq!(w.material_mg[s], v.value(kind), "{kind:?}");
            assert_eq!(w.material_eg[s], v.value(kind), "{kind:?}");
            assert_eq!(
                (w.mobility_mg[s], w.mobility_zero[s]),
                v.mobility[s],
                "{kind:?}"
            );
            assert_eq!(w.mobility_eg[s], v.mobility[s].0, "{kind:?}");
            assert_eq!(w.attack_weight[s], v.attack_weight[s], "{kind:?}");
        }
        assert_eq!(w.material_mg[0], VALUE[0]);
    }

    #[test]
    fn other_weights_change_the_score() {
        let pos: Position = "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1".parse().unwrap();
        let mut w = EvalWeights::default();
        let base = evaluate_with(&pos, &w);
        assert_eq!(base, evaluate(&pos));
        w.material_mg[4] += 100;
        w.material_eg[4] += 100;
        assert_eq!(evaluate_with(&pos, &w), base + 100);
        let mut cache = EvalCache::new(EvalWeights::shared_default());
        assert_eq!(cache.evaluate(&pos), base);
        cache.set_weights(Arc::new(w));
        assert_eq!(cache.evaluate(&pos), base + 100);
    }

    #[test]
    fn cache_gives_the_same_scores() {
        let mut cache = EvalCache::new(EvalWeights::shared_default());
        for text in [
            crate::rules::START_TEXT,
            "6/3k/3Q4/5/5K4/6/10/5/8/4/6 b 0 1",
        ] {
            let pos: Position = text.parse().unwrap();
            assert_eq!(cache.evaluate(&pos), evaluate(&pos));
            assert_eq!(cache.evaluate(&pos), evaluate(&pos));
        }
    }

    #[test]
    fn the_side_to_move_is_the_only_asymmetry() {
        // The start is symmetric: the same score whoever is to move.
        let start = Position::start();
        let flipped = start.with_turn(crate::rules::Side::Black).unwrap();
        assert_eq!(evaluate(&start), evaluate(&flipped));
        // In any position, White's view plus Black's view is the same constant (twice the
        // bonus for having the move): the evaluation is otherwise equal and opposite.
        let sums: Vec<i32> = [
            "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7",
            "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1",
            "6/3k/8/5/10/6/10/5/P7/4/3K2 w 0 1",
            crate::rules::START_TEXT,
        ]
        .into_iter()
        .map(|text| {
            let pos: Position = text.parse().unwrap();
            let other = pos.with_turn(!pos.turn()).unwrap();
            evaluate(&pos) + evaluate(&other)
        })
        .collect();
        assert!(sums.windows(2).all(|w| w[0] == w[1]), "{sums:?}");
        assert!(sums[0] > 0, "having the move is worth something");
    }

    #[test]
    fn mirrored_positions_score_the_same() {
        for text in [
            crate::rules::START_TEXT,
            "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7",
            "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1",
            "6/4/1K6/5/k9/6/10/3Q1/8/4/6 b 0 1",
        ] {
            let pos: Position = text.parse().unwrap();
            let e = evaluate(&pos);
            assert_eq!(e, evaluate(&pos.mirror_top_bottom()), "{text}");
            assert_eq!(e, evaluate(&pos.mirror_left_right()), "{text}");
        }
    }

    #[test]
    fn material_counts() {
        // White is a Queen up.
        assert!(eval("6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1") > 400);
        assert!(eval("6/3k/3Q4/5/5K4/6/10/5/8/4/6 b 0 1") < -400);
    }

    #[test]
    fn advanced_pawns_are_worth_more() {
        let far = eval("6/3k/8/5/10/6/10/5/P7/4/3K2 w 0 1");
        let near = eval("6/3k/P7/5/10/6/10/5/8/4/3K2 w 0 1");
        assert!(near > far + 30, "{near} vs {far}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

        /// The evaluation has no incremental part of its own: it is computed from scratch,
        /// behind a cache keyed by the position's hash, which make and unmake update
        /// incrementally. After every move and every take-back of random games (in every
        /// built-in variant), the cached score must equal the from-scratch evaluation of the
        /// same position rebuilt from its text.
        #[test]
        fn cached_evaluation_equals_a_from_scratch_one_along_random_games(
            seed in proptest::prelude::any::<u64>(),
            which in 0usize..16,
        ) {
            let variants = Variant::builtins();
            let variant = variants[which % variants.len()];
            let weights = EvalWeights::shared_default();
            let mut cache = EvalCache::new(Arc::clone(&weights));
            let mut rng = crate::engine::Rng::new(seed);
            let mut pos = variant.start();
            let mut check = |pos: &Position| {
                let fresh = Position::parse_in(&pos.to_string(), variant)
                    .expect("a position's text reads back");
                let expected = evaluate_with(&fresh, &weights);
                proptest::prop_assert_eq!(cache.evaluate(pos), expected, "{}", pos);
                proptest::prop_assert_eq!(evaluate_with(pos, &weights), expected, "{}", pos);
                Ok(())
            };
            check(&pos)?;
            let mut played = Vec::new();
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                played.push((mv, pos.make_move(mv)));
                check(&pos)?;
            }
            while let Some((mv, undo)) = played.pop() {
                pos.unmake_move(mv, undo);
                check(&pos)?;
            }
        }
    }
}
