//! `parachess review FILE`: the engine reviews a game and prints it back as a game file with an
//! evaluation after every move (`{[%eval 0.35]}`) and `?!` / `?` / `??` marks, then, as the last
//! line, `reviewed <N> moves: <I> inaccuracies <M> mistakes <B> blunders` (N counts half-moves).

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

use crate::engine::StopFlag;
use crate::rules::record::write_record;
use crate::store::{StoreError, read_record_file};
use crate::study::{Review, ReviewError, ReviewSettings, review};

/// Options of the `review` command.
#[derive(clap::Args, Debug, Clone)]
pub struct ReviewArgs {
    /// The game file (.pgn).
    pub file: PathBuf,
    /// Search time per position, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 500,
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub movetime: u64,
    /// Engines searching side by side, one per thread.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
}

/// Why `review` failed.
#[derive(Debug, Error)]
pub enum ReviewCommandError {
    /// The file is unreadable or not a valid game (`FILE:LINE:COLUMN: message`).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The review itself failed.
    #[error(transparent)]
    Review(#[from] ReviewError),
    /// Standard output refused the answer.
    #[error("writing the review: {0}")]
    Output(#[from] io::Error),
}

/// Reviews the game in `args.file` and writes the annotated record and the summary line.
pub fn run(args: &ReviewArgs, out: &mut impl Write) -> Result<Review, ReviewCommandError> {
    let record = read_record_file(&args.file)?;
    let settings = ReviewSettings {
        movetime: Duration::from_millis(args.movetime),
        threads: args.threads as usize,
    };
    let review = review(&record.game, &settings, &mut |_, _| {}, &StopFlag::new())?;
    let notes = review.annotate(&record.notes);
    out.write_all(write_record(&record.game, &record.tags, &notes).as_bytes())?;
    writeln!(out, "{}", summary_line(&review))?;
    Ok(review)
}

/// `reviewed <N> moves: <I> inaccuracies <M> mistakes <B> blunders`.
pub fn summary_line(review: &Review) -> String {
    let (w, b) = (&review.white, &review.black);
    format!(
        "reviewed {} moves: {} inaccuracies {} mistakes {} blunders",
        review.moves.len(),
        w.inaccuracies + b.inaccuracies,
        w.mistakes + b.mistakes,
        w.blunders + b.blunders
    )
}
