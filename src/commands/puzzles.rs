//! `parachess puzzles generate` finds puzzles in engine games; `parachess puzzles check` proves
//! a puzzle file (by default the embedded set): one line per failing puzzle,
//! `FILE:LINE: reason`, then `puzzles <N> verified <V>`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::store::write_atomic;
use crate::study::check::{CheckSettings, check_all};
use crate::study::generate::{GenerateSettings, generate, merge};
use crate::study::puzzle::{BUILTIN_TEXT, PuzzleFile, ReadPuzzlesError, parse_file, read_file};
use crate::study::solve::MAX_WIN_MOVES;

/// The `puzzles` subcommands.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum PuzzlesCommand {
    /// Play engine games and keep positions where exactly one move wins decisively.
    Generate(GenerateArgs),
    /// Prove every puzzle of a file (default: the embedded set).
    Check(CheckArgs),
}

/// Options of `puzzles generate`.
#[derive(clap::Args, Debug, Clone)]
pub struct GenerateArgs {
    /// Games to play.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// The puzzle file to write; puzzles already in it are kept (new ones are added).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Seed of the random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Analysis time per position during play, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub movetime: u64,
    /// Time of the deeper verification of each puzzle, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub verify_time: u64,
    /// Games played side by side.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
}

/// Options of `puzzles check`.
#[derive(clap::Args, Debug, Clone)]
pub struct CheckArgs {
    /// The puzzle file (default: the puzzles built into this program).
    pub file: Option<PathBuf>,
    /// Also prove that no other first move forces a win within this many moves (default: the
    /// puzzle's own length; 4 is thorough and slower).
    #[arg(long, value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_WIN_MOVES)))]
    pub unique_moves: u32,
    /// Puzzles proved side by side.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
}

/// Why a `puzzles` command failed.
#[derive(Debug, Error)]
pub enum PuzzlesError {
    /// The puzzle file could not be read.
    #[error(transparent)]
    Read(#[from] ReadPuzzlesError),
    /// Writing the puzzle file failed.
    #[error("{}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// Standard output refused the report.
    #[error("writing the report: {0}")]
    Output(#[from] io::Error),
}

/// What `puzzles check` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckTotals {
    /// Puzzle lines (not comments).
    pub puzzles: usize,
    /// Proved.
    pub verified: usize,
}

/// Proves the file's puzzles, reporting failures and the totals.
pub fn check(args: &CheckArgs, out: &mut impl Write) -> Result<CheckTotals, PuzzlesError> {
    let (name, file) = match &args.file {
        Some(path) => (path.display().to_string(), read_file(path)?),
        None => ("built-in".to_string(), parse_file(BUILTIN_TEXT)),
    };
    let settings = CheckSettings {
        unique_moves: args.unique_moves,
    };
    check_file(&name, &file, &settings, args.threads as usize, out)
}

fn check_file(
    name: &str,
    file: &PuzzleFile,
    settings: &CheckSettings,
    threads: usize,
    out: &mut impl Write,
) -> Result<CheckTotals, PuzzlesError> {
    let mut failures: Vec<(usize, String)> = file
        .errors
        .iter()
        .map(|(line, e)| (*line, e.to_string()))
        .collect();
    let results = check_all(&file.puzzles, settings, threads);
    let mut verified = 0;
    for (p, r) in file.puzzles.iter().zip(results) {
        match r {
            Ok(_) => verified += 1,
            Err(e) => failures.push((p.line, e.to_string())),
        }
    }
    failures.sort_by_key(|(line, _)| *line);
    for (line, reason) in &failures {
        writeln!(out, "{name}:{line}: {reason}")?;
    }
    writeln!(out, "puzzles {} verified {verified}", file.entries)?;
    Ok(CheckTotals {
        puzzles: file.entries,
        verified,
    })
}

/// Plays the games, adds the new puzzles to `--out` (sorted by rating) and reports what it
/// found; the last line is `games <G> puzzles <P> new <N> file <F>`.
pub fn run_generate(args: &GenerateArgs, out: &mut impl Write) -> Result<usize, PuzzlesError> {
    let mut puzzles = if args.out.exists() {
        let file = read_file(&args.out)?;
        if let Some((line, e)) = file.errors.first() {
            return Err(PuzzlesError::Write {
                path: args.out.clone(),
                source: io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("line {line}: {e} (fix or move the file first)"),
                ),
            });
        }
        file.puzzles
    } else {
        Vec::new()
    };
    let settings = GenerateSettings {
        games: args.games,
        seed: args.seed,
        movetime: Duration::from_millis(args.movetime),
        verify_time: Duration::from_millis(args.verify_time),
        threads: args.threads as usize,
    };
    let started = Instant::now();
    let harvests = generate(&settings, &|h| {
        eprintln!(
            "game {}: {} half-moves, {} candidates, {} puzzles ({:.0} s)",
            h.game + 1,
            h.plies,
            h.candidates,
            h.puzzles.len(),
            started.elapsed().as_secs_f64()
        );
    });
    let found: usize = harvests.iter().map(|h| h.puzzles.len()).sum();
    let new = merge(&mut puzzles, harvests.into_iter().flat_map(|h| h.puzzles));
    puzzles.sort_by_key(|p| (p.rating, p.theme));
    write_puzzles(&args.out, &puzzles)?;
    writeln!(
        out,
        "games {} puzzles {found} new {new} file {} ({:.0} s)",
        args.games,
        puzzles.len(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(new)
}

fn write_puzzles(path: &Path, puzzles: &[crate::study::Puzzle]) -> Result<(), PuzzlesError> {
    let mut text = String::from(
        "# Parachess puzzles: position<TAB>solution<TAB>theme<TAB>rating (src/study/puzzle.rs).\n\
         # Proved by `parachess puzzles check`; made by `parachess puzzles generate`.\n",
    );
    for p in puzzles {
        text.push_str(&p.to_line());
        text.push('\n');
    }
    write_atomic(path, text.as_bytes()).map_err(|source| PuzzlesError::Write {
        path: path.to_path_buf(),
        source,
    })
}
