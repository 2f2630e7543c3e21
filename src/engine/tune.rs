//! Texel tuning of [`EvalWeights`]: the evaluation of each training position is recorded once
//! as a [`Trace`] (which weights it used, how often, at which game phase), so the evaluation and
//! its gradient for any weights are a short sum instead of a walk over the board. The loss is
//! the mean squared difference between the predicted winning chance `σ(K·eval)` and the target
//! (the game's result, optionally blended with the search score's chance).
//!
//! The trace is made by the evaluation's own term walk ([`super::eval::terms`]), so it cannot
//! drift from what the search evaluates; it differs only in that it does not round (the search
//! divides by the phase in integers).

use crate::rules::{MAX_KINDS, Position, Side};

use super::eval::{NONE, Params, Sink, terms};
use super::weights::{EvalWeights, FIELDS, WEIGHT_COUNT};

/// The index of the field named `name` in the flat weights, and its length.
fn field_start(name: &str) -> usize {
    let mut at = 0;
    for f in FIELDS {
        if f.name == name {
            return at;
        }
        at += f.len;
    }
    at
}

/// Mobility of one piece: `per_cell × (cells − zero)` in the middle game and the endgame.
#[derive(Clone, Debug)]
struct Mobility {
    /// Flat indices of the per-cell weights (mg, eg) and of the zero count; [`NONE`] for the
    /// variant's own kinds, whose fixed numbers are in `fixed`.
    mg: u16,
    eg: u16,
    zero: u16,
    /// Fixed per-cell weights and zero when the indices are [`NONE`].
    fixed: [f32; 3],
    cells: f32,
    /// Coefficients of the mg and eg parts in the final score (side, phase and side to move).
    cmg: f32,
    ceg: f32,
}

/// King danger against one side: `min(cap, (Σ attack × n + hit × hits)² × scale / 100)`.
#[derive(Clone, Debug)]
struct Danger {
    /// Tuned attack weights: (flat index, attackers of that kind).
    attackers: Vec<(u16, f32)>,
    /// The part of the attack weight from the variant's own kinds (fixed).
    fixed: f32,
    hits: f32,
    /// Coefficient in the final score.
    coef: f32,
}

/// One position's evaluation as a function of the weights.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// Linear terms: (flat index, coefficient), one entry per index.
    linear: Vec<(u16, f32)>,
    mobility: Vec<Mobility>,
    danger: Vec<Danger>,
    /// What the variant's own (untuned) numbers add.
    constant: f32,
}

/// Collects the terms per side before the phase is known.
#[derive(Default)]
struct Collect {
    mg: [Vec<(usize, i32)>; 2],
    eg: [Vec<(usize, i32)>; 2],
    mobility: [Vec<(usize, i32)>; 2],
    danger: [Option<([u8; MAX_KINDS], i32)>; 2],
}

impl Sink for Collect {
    fn add(&mut self, _: &Params, side: usize, mg: usize, eg: usize, n: i32) {
        if n != 0 {
            self.mg[side].push((mg, n));
            self.eg[side].push((eg, n));
        }
    }

    fn mobility(&mut self, _: &Params, side: usize, kind: usize, cells: i32) {
        self.mobility[side].push((kind, cells));
    }

    fn danger(&mut self, _: &Params, side: usize, attackers: &[u8; MAX_KINDS], hits: i32) {
        self.danger[side] = Some((*attackers, hits));
    }
}

impl Trace {
    /// The trace of `pos`'s evaluation (the weights in `p` matter only for the variant's own
    /// kinds, which are not tuned).
    pub(crate) fn new(pos: &Position, p: &Params) -> Trace {
        let mut c = Collect::default();
        let (phase, full) = terms(pos, p, &mut c);
        let rho = phase as f32 / full as f32;
        let to_move = if pos.turn() == Side::White { 1.0 } else { -1.0 };
        let mut trace = Trace::default();
        let mut dense = vec![0f32; WEIGHT_COUNT];
        let mut linear = |trace: &mut Trace, index: usize, coef: f32| {
            if index < WEIGHT_COUNT {
                dense[index] += coef;
            } else {
                trace.constant += p.flat[index] as f32 * coef;
            }
        };
        for s in 0..2 {
            let sign = to_move * if s == 0 { 1.0 } else { -1.0 };
            for &(i, n) in &c.mg[s] {
                linear(&mut trace, i, sign * rho * n as f32);
            }
            for &(i, n) in &c.eg[s] {
                linear(&mut trace, i, sign * (1.0 - rho) * n as f32);
            }
            for &(k, cells) in &c.mobility[s] {
                let (mg, eg, zero) = (p.mobility_mg[k], p.mobility_eg[k], p.mobility_zero[k]);
                let tuned = mg < WEIGHT_COUNT;
                let index = |i: usize| if tuned { i as u16 } else { NONE as u16 };
                trace.mobility.push(Mobility {
                    mg: index(mg),
                    eg: index(eg),
                    zero: index(zero),
                    fixed: [p.flat[mg] as f32, p.flat[eg] as f32, p.flat[zero] as f32],
                    cells: cells as f32,
                    cmg: sign * rho,
                    ceg: sign * (1.0 - rho),
                });
            }
            if let Some((attackers, hits)) = c.danger[s] {
                let mut d = Danger {
                    attackers: Vec::new(),
                    fixed: 0.0,
                    hits: hits as f32,
                    coef: -sign * rho,
                };
                for (k, &n) in attackers.iter().enumerate().filter(|(_, n)| **n > 0) {
                    let i = p.attack[k];
                    if i < WEIGHT_COUNT {
                        d.attackers.push((i as u16, f32::from(n)));
                    } else {
                        d.fixed += p.flat[i] as f32 * f32::from(n);
                    }
                }
                trace.danger.push(d);
            }
        }
        linear(&mut trace, field_start("tempo"), 1.0);
        trace.linear = dense
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != 0.0)
            .map(|(i, &c)| (i as u16, c))
            .collect();
        trace
    }

    /// The evaluation (side to move's view, centipawns, unrounded) with weights `w`.
    pub fn eval(&self, w: &[f64]) -> f64 {
        self.eval_grad(w, None)
    }

    /// The evaluation with `w`; when `grad` is given, adds `grad.0 ×` the evaluation's
    /// derivative by each weight to `grad.1`.
    pub fn eval_grad(&self, w: &[f64], mut grad: Option<(f64, &mut [f64])>) -> f64 {
        let hit = field_start("attack_hit");
        let scale = field_start("danger_scale");
        let cap = field_start("danger_cap");
        let mut e = f64::from(self.constant);
        for &(i, c) in &self.linear {
            e += w[i as usize] * f64::from(c);
            if let Some((g, out)) = grad.as_mut() {
                out[i as usize] += *g * f64::from(c);
            }
        }
        for m in &self.mobility {
            let tuned = m.mg as usize != NONE;
            let [fmg, feg, fzero] = m.fixed.map(f64::from);
            let (pmg, peg, zero) = if tuned {
                (w[m.mg as usize], w[m.eg as usize], w[m.zero as usize])
            } else {
                (fmg, feg, fzero)
            };
            let free = f64::from(m.cells) - zero;
            let (cmg, ceg) = (f64::from(m.cmg), f64::from(m.ceg));
            e += (pmg * cmg + peg * ceg) * free;
            if tuned && let Some((g, out)) = grad.as_mut() {
                out[m.mg as usize] += *g * cmg * free;
                out[m.eg as usize] += *g * ceg * free;
                out[m.zero as usize] -= *g * (pmg * cmg + peg * ceg);
            }
        }
        for d in &self.danger {
            let mut weight = w[hit] * f64::from(d.hits) + f64::from(d.fixed);
            for &(i, n) in &d.attackers {
                weight += w[i as usize] * f64::from(n);
            }
            let raw = weight * weight * w[scale] / 100.0;
            let coef = f64::from(d.coef);
            if raw < w[cap] {
                e += coef * raw;
                if let Some((g, out)) = grad.as_mut() {
                    let dw = *g * coef * 2.0 * weight * w[scale] / 100.0;
                    out[hit] += dw * f64::from(d.hits);
                    for &(i, n) in &d.attackers {
                        out[i as usize] += dw * f64::from(n);
                    }
                    out[scale] += *g * coef * weight * weight / 100.0;
                }
            } else {
                e += coef * w[cap];
                if let Some((g, out)) = grad.as_mut() {
                    out[cap] += *g * coef;
                }
            }
        }
        e
    }
}

/// A training position: its trace and the target winning chance for the side to move.
#[derive(Clone, Debug)]
pub struct Example {
    /// The evaluation as a function of the weights.
    pub trace: Trace,
    /// The game's result for the side to move: 0 lost, ½ drawn, 1 won.
    pub result: f64,
    /// The search score for the side to move, centipawns.
    pub score: f64,
    /// What the loss aims at ([`Example::set_target`]; the result until then).
    pub target: f64,
}

impl Example {
    /// The example of `pos` with the game's `result` for the side to move (1, 0, −1) and the
    /// search `score` (centipawns).
    pub fn new(pos: &Position, result: i8, score: i16) -> Example {
        let params = Params::new(&EvalWeights::default(), pos.variant());
        let result = (f64::from(result) + 1.0) / 2.0;
        Example {
            trace: Trace::new(pos, &params),
            result,
            score: f64::from(score),
            target: result,
        }
    }

    /// Aims at `lambda × result + (1 − lambda) × σ(K·score)`.
    pub fn set_target(&mut self, k: f64, lambda: f64) {
        self.target = lambda * self.result + (1.0 - lambda) * sigmoid(k * self.score);
    }
}

/// The winning chance of an evaluation already multiplied by K: `1 / (1 + 10^(−x/400))`.
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-x / 400.0))
}

/// Mean squared error of `σ(K·eval)` against the targets, over `threads` threads.
pub fn loss(examples: &[Example], w: &[f64], k: f64, threads: usize) -> f64 {
    if examples.is_empty() {
        return 0.0;
    }
    let chunk = examples.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = examples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|x| (sigmoid(k * x.trace.eval(w)) - x.target).powi(2))
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    total / examples.len() as f64
}

/// The gradient of [`loss`] by each weight over `batch`.
pub fn gradient(batch: &[&Example], w: &[f64], k: f64, threads: usize) -> Vec<f64> {
    let mut total = vec![0.0; w.len()];
    if batch.is_empty() {
        return total;
    }
    let chunk = batch.len().div_ceil(threads.max(1));
    let ln10 = std::f64::consts::LN_10;
    let parts: Vec<Vec<f64>> = std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut g = vec![0.0; w.len()];
                    for x in part {
                        let e = x.trace.eval(w);
                        let s = sigmoid(k * e);
                        // d/de (s − t)² = 2 (s − t) s (1 − s) K ln10 / 400.
                        let d = 2.0 * (s - x.target) * s * (1.0 - s) * k * ln10 / 400.0;
                        x.trace.eval_grad(w, Some((d, &mut g)));
                    }
                    g
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    for g in parts {
        for (t, v) in total.iter_mut().zip(g) {
            *t += v;
        }
    }
    let n = batch.len() as f64;
    total.iter_mut().for_each(|t| *t /= n);
    total
}

/// The K (scaling of centipawns to winning chance) that fits the examples best with weights
/// `w`: a golden-section search over 0.05 to 4 (fit it with the results as targets).
pub fn fit_k(examples: &[Example], w: &[f64], threads: usize) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 4.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if loss(examples, w, a, threads) < loss(examples, w, b, threads) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Adam's state for every weight.
pub struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
    /// Step size in centipawns.
    pub lr: f64,
}

impl Adam {
    /// A fresh optimiser for `n` weights.
    pub fn new(n: usize, lr: f64) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
            lr,
        }
    }

    /// One step along `grad`, keeping every weight within its field's range.
    pub fn step(&mut self, w: &mut [f64], grad: &[f64]) {
        let (b1, b2, eps) = (0.9, 0.999, 1e-12);
        self.t += 1;
        let ranges = EvalWeights::ranges();
        for i in 0..w.len() {
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * grad[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * grad[i] * grad[i];
            let m = self.m[i] / (1.0 - b1.powi(self.t));
            let v = self.v[i] / (1.0 - b2.powi(self.t));
            if v > 0.0 {
                w[i] -= self.lr * m / (v.sqrt() + eps);
            }
            let (lo, hi) = ranges[i];
            w[i] = w[i].clamp(f64::from(lo), f64::from(hi));
        }
    }
}

/// Weights as floats, for training.
pub fn to_floats(w: &EvalWeights) -> Vec<f64> {
    w.to_vec().into_iter().map(f64::from).collect()
}

/// Trained floats rounded back to weights (each within its range).
pub fn to_weights(w: &[f64]) -> EvalWeights {
    let rounded: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    EvalWeights::from_slice(&rounded).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::evaluate_with;
    use crate::engine::{Rng, random_move};

    /// Positions from random games, quiet and not.
    fn positions(count: usize) -> Vec<Position> {
        let mut rng = Rng::new(7);
        let mut out = Vec::new();
        while out.len() < count {
            let mut pos = Position::start();
            for _ in 0..60 {
                let Some(mv) = random_move(&pos, &mut rng) else {
                    break;
                };
                pos.make_move(mv);
                out.push(pos.clone());
            }
        }
        out
    }

    #[test]
    fn the_trace_evaluates_as_the_evaluation_does() {
        let mut odd = EvalWeights {
            danger_scale: 400,
            attack_hit: 3,
            mobility_eg: [0, 7, 1, 5, 2],
            ..EvalWeights::default()
        };
        odd.mobility_zero[2] = 3;
        for weights in [EvalWeights::default(), odd] {
            let floats = to_floats(&weights);
            for pos in positions(400) {
                let trace = Trace::new(&pos, &Params::new(&weights, pos.variant()));
                let exact = evaluate_with(&pos, &weights);
                let traced = trace.eval(&floats);
                // The search rounds each side's blend down; the trace does not.
                assert!(
                    (traced - f64::from(exact)).abs() < 2.5,
                    "{pos}: {traced} vs {exact}"
                );
            }
        }
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let w = to_floats(&EvalWeights::default());
        let examples: Vec<Example> = positions(200)
            .iter()
            .enumerate()
            .map(|(i, p)| Example::new(p, (i % 3) as i8 - 1, 0))
            .collect();
        let refs: Vec<&Example> = examples.iter().collect();
        let g = gradient(&refs, &w, 1.0, 2);
        for i in 0..w.len() {
            let h = 0.01;
            let (mut up, mut down) = (w.clone(), w.clone());
            up[i] += h;
            down[i] -= h;
            let numeric =
                (loss(&examples, &up, 1.0, 1) - loss(&examples, &down, 1.0, 1)) / (2.0 * h);
            assert!(
                (numeric - g[i]).abs() <= 1e-6 + 1e-3 * numeric.abs().max(g[i].abs()),
                "weight {i}: {numeric} vs {}",
                g[i]
            );
        }
    }
}
