//! `parachess train`: Texel tuning of every evaluation weight ([`EvalWeights`]) on `datagen`'s
//! positions. The scaling K from centipawns to winning chance is fitted first (with the starting
//! weights, on the games' results); then mini-batch Adam lowers the mean squared error between
//! `σ(K·eval)` and the target, `lambda × result + (1 − lambda) × σ(K·search score)`. It prints
//! `epoch <N> loss <L>` after each epoch (epoch 0: before training) and writes the weights file
//! atomically at the end (`--eval-file` and the UCI option `EvalFile` load it).
//!
//! Training starts from the weights the engine would use (the built-in ones, or `--eval-file`).

use std::io::{self, Write};
use std::path::PathBuf;

use thiserror::Error;

use super::datagen::{DataError, read_data};
use crate::engine::tune::{Adam, Example, fit_k, gradient, loss, to_floats, to_weights};
use crate::engine::{EvalWeights, Rng, WeightsError};
use crate::rules::{Position, Variant};

/// Options of the `train` command.
#[derive(clap::Args, Debug, Clone)]
pub struct TrainArgs {
    /// Data files written by `parachess datagen` (PCHDATA1).
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// The weights file to write (replaced atomically at the end).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Passes over the data.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub epochs: u32,
    /// Seed of the order the positions are visited in.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Adam's step size, in centipawns per step.
    #[arg(long, default_value_t = 1.0)]
    pub lr: f64,
    /// Weight of the game's result in the target (the rest is the search score's chance).
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u32).range(1..))]
    pub batch: u32,
    /// Threads computing the loss and its gradient (default: all processors).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: Option<u32>,
}

/// Why training failed.
#[derive(Debug, Error)]
pub enum TrainError {
    /// A command-line value is not usable.
    #[error("{0}")]
    Args(String),
    /// A data file is missing or malformed.
    #[error(transparent)]
    Data(#[from] DataError),
    /// A record holds a variant or position this build cannot read.
    #[error("{}: record {index}: {message}", path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// 0-based record number.
        index: usize,
        /// What is wrong.
        message: String,
    },
    /// Nothing to train on.
    #[error("the data files hold no usable position")]
    Empty,
    /// The weights could not be written.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// Writing the report failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// What a training run ended with.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainReport {
    /// Positions trained on.
    pub positions: usize,
    /// The fitted scaling.
    pub k: f64,
    /// The loss before training and after each epoch.
    pub losses: Vec<f64>,
    /// The loss of the written (rounded) weights.
    pub final_loss: f64,
}

/// Reads the data, trains, writes the weights and reports each epoch to `out`.
pub fn run(args: &TrainArgs, out: &mut impl Write) -> Result<TrainReport, TrainError> {
    if !(args.lr.is_finite() && args.lr > 0.0 && args.lr <= 1000.0) {
        return Err(TrainError::Args(format!(
            "--lr must be above 0 and at most 1000, not {}",
            args.lr
        )));
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(TrainError::Args(format!(
            "--lambda must be from 0 to 1, not {}",
            args.lambda
        )));
    }
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    let mut examples = Vec::new();
    let mut skipped = 0usize;
    for path in &args.data {
        for (index, sample) in read_data(path)?.into_iter().enumerate() {
            let bad = |message: String| TrainError::Record {
                path: path.clone(),
                index,
                message,
            };
            let variant = Variant::named(&sample.variant).map_err(|e| bad(e.to_string()))?;
            let pos = Position::parse_in(&sample.position, variant)
                .map_err(|e| bad(format!("position {:?}: {e}", sample.position)))?;
            // A position in check is not quiet: its static value says little.
            if pos.in_check() {
                skipped += 1;
                continue;
            }
            examples.push(Example::new(&pos, sample.result, sample.score));
        }
    }
    if examples.is_empty() {
        return Err(TrainError::Empty);
    }
    let start = EvalWeights::shared_default();
    let mut w = to_floats(&start);
    let k = fit_k(&examples, &w, threads);
    for x in &mut examples {
        x.set_target(k, args.lambda);
    }
    writeln!(
        out,
        "positions {} skipped {skipped} (in check) K {k:.4} lambda {}",
        examples.len(),
        args.lambda
    )?;
    let mut losses = vec![loss(&examples, &w, k, threads)];
    writeln!(out, "epoch 0 loss {:.6}", losses[0])?;
    out.flush()?;
    let mut adam = Adam::new(w.len(), args.lr);
    let mut rng = Rng::new(args.seed);
    let mut order: Vec<usize> = (0..examples.len()).collect();
    for epoch in 1..=args.epochs {
        // Fisher–Yates with the seeded generator: the same seed, the same run.
        for i in (1..order.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        for chunk in order.chunks(args.batch as usize) {
            let batch: Vec<&Example> = chunk.iter().map(|&i| &examples[i]).collect();
            let g = gradient(&batch, &w, k, threads);
            adam.step(&mut w, &g);
        }
        let l = loss(&examples, &w, k, threads);
        losses.push(l);
        writeln!(out, "epoch {epoch} loss {l:.6}")?;
        out.flush()?;
    }
    let trained = to_weights(&w);
    let final_loss = loss(&examples, &to_floats(&trained), k, threads);
    // Atomically, so a reader (a running engine) never sees half a file.
    crate::store::write_atomic(&args.out, trained.to_text().as_bytes()).map_err(|e| {
        WeightsError::File {
            path: args.out.clone(),
            message: e.to_string(),
        }
    })?;
    writeln!(
        out,
        "weights {} loss {final_loss:.6} (rounded)",
        args.out.display()
    )?;
    Ok(TrainReport {
        positions: examples.len(),
        k,
        losses,
        final_loss,
    })
}
