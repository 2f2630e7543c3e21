//! `parachess datagen`: self-play games of the engine against itself from varied openings
//! (random half-moves; a Shuffle arrangement per game with `--variant shuffle`), writing every
//! position reached with the engine's search score and the game's result, for tuning the
//! evaluation (`parachess train`). Positions are deduplicated by their hash.
//!
//! # File format (`PCHDATA1`)
//! An 8-byte magic `PCHDATA1`, then records until the end of the file, each:
//! * `u8` n, then n bytes: the variant's name (UTF-8);
//! * `u8` m, then m bytes: the position's text (as `--position` reads it);
//! * `i16` little-endian: the search score in centipawns for the side to move, clamped to
//!   ±[`SCORE_CLAMP`] (forced mates are written as the clamp);
//! * `i8`: the game's result for the side to move: 1 won, 0 drawn, -1 lost.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::engine::{Engine, Limits, Rng, StopFlag};
use crate::rules::{Game, Position, SHUFFLE_COUNT, Side, Variant};
use crate::store::write_atomic;

/// The first bytes of a data file.
pub const MAGIC: &[u8; 8] = b"PCHDATA1";

/// Scores are written within ±this (a forced mate is this).
pub const SCORE_CLAMP: i16 = 3000;

/// Games are cut (as draws) after this many half-moves.
const MAX_PLIES: usize = 400;

/// Options of the `datagen` command.
#[derive(clap::Args, Debug, Clone)]
pub struct DatagenArgs {
    /// Number of self-play games.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub games: u32,
    /// The data file to write (replaced atomically at the end).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Search depth per move (the default when neither this nor --nodes is given: 4).
    #[arg(long, conflicts_with = "nodes", value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: Option<u32>,
    /// Search nodes per move instead of a depth.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Games played at once, one thread each.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random legal half-moves before the engine plays (0 to 40).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub random_plies: u32,
    /// The variant (a name or variant file); `shuffle` draws a Shuffle arrangement per game.
    #[arg(long)]
    pub variant: Option<String>,
}

/// One training position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The variant's name.
    pub variant: String,
    /// The position's text.
    pub position: String,
    /// Search score for the side to move, centipawns.
    pub score: i16,
    /// Result for the side to move: 1, 0 or -1.
    pub result: i8,
}

/// Why data could not be made or read.
#[derive(Debug, Error)]
pub enum DataError {
    /// A command-line value is not usable.
    #[error("{0}")]
    Args(String),
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The file is not a data file.
    #[error("{}: not a Parachess data file (expected the magic PCHDATA1)", path.display())]
    Magic {
        /// The file.
        path: PathBuf,
    },
    /// The file ends inside a record or holds a malformed one.
    #[error("{}: {what} at byte {offset}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Where.
        offset: usize,
        /// What is wrong.
        what: String,
    },
    /// Writing the report failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Appends `s` to `buf` in the file format.
pub fn encode(s: &Sample, buf: &mut Vec<u8>) {
    for text in [&s.variant, &s.position] {
        let bytes = &text.as_bytes()[..text.len().min(255)];
        buf.push(bytes.len() as u8);
        buf.extend_from_slice(bytes);
    }
    buf.extend_from_slice(&s.score.to_le_bytes());
    buf.push(s.result as u8);
}

/// Reads a whole data file, refusing a missing file, a wrong magic or a truncated record.
pub fn read_data(path: &Path) -> Result<Vec<Sample>, DataError> {
    let bytes = std::fs::read(path).map_err(|source| DataError::File {
        path: path.to_path_buf(),
        source,
    })?;
    decode(&bytes).map_err(|e| match e {
        None => DataError::Magic {
            path: path.to_path_buf(),
        },
        Some((offset, what)) => DataError::Corrupt {
            path: path.to_path_buf(),
            offset,
            what,
        },
    })
}

/// The samples of a file's bytes; `Err(None)` for a wrong magic, else the offset and the fault.
fn decode(bytes: &[u8]) -> Result<Vec<Sample>, Option<(usize, String)>> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(None);
    }
    let mut at = MAGIC.len();
    let mut out = Vec::new();
    let truncated = |at| Some((at, "truncated record".to_string()));
    while at < bytes.len() {
        let start = at;
        let mut texts = [String::new(), String::new()];
        for text in &mut texts {
            let n = *bytes.get(at).ok_or_else(|| truncated(start))? as usize;
            let raw = bytes
                .get(at + 1..at + 1 + n)
                .ok_or_else(|| truncated(start))?;
            *text = std::str::from_utf8(raw)
                .map_err(|_| Some((at, "text that is not UTF-8".to_string())))?
                .to_string();
            at += 1 + n;
        }
        let tail = bytes.get(at..at + 3).ok_or_else(|| truncated(start))?;
        let score = i16::from_le_bytes([tail[0], tail[1]]);
        let result = tail[2] as i8;
        if !(-1..=1).contains(&result) || score.unsigned_abs() > SCORE_CLAMP as u16 {
            return Err(Some((at, "a score or result out of range".to_string())));
        }
        at += 3;
        let [variant, position] = texts;
        out.push(Sample {
            variant,
            position,
            score,
            result,
        });
    }
    Ok(out)
}

/// Plays the games and writes the file; reports progress and a summary line
/// `positions <N> games <G> file <PATH>`.
pub fn run(args: &DatagenArgs, out: &mut impl Write) -> Result<usize, DataError> {
    let shuffle = args.variant.as_deref().is_some_and(|v| {
        ["shuffleparachess", "shuffle"]
            .contains(&v.to_lowercase().replace([' ', '-', '_'], "").as_str())
    });
    let variant = if shuffle {
        Variant::parachess()
    } else {
        super::variant_arg(args.variant.as_deref()).map_err(DataError::Args)?
    };
    let limits = match (args.depth, args.nodes) {
        (_, Some(n)) => Limits::nodes(n),
        (Some(d), None) => Limits::depth(d),
        (None, None) => Limits::depth(4),
    };
    let mut seen = HashSet::new();
    let mut buf = MAGIC.to_vec();
    let mut count = 0usize;
    let mut games = 0u32;
    let engines = (0..args.threads.min(args.games))
        .map(|_| Engine::with_hash_mb(16))
        .collect();
    super::play_in_parallel(
        engines,
        args.games,
        |engine, g| {
            let mut rng = Rng::new(
                args.seed
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .wrapping_add(u64::from(g)),
            );
            let v = if shuffle {
                Variant::shuffle(rng.below(SHUFFLE_COUNT as u64) as usize).unwrap_or(variant)
            } else {
                variant
            };
            play(engine, v, &limits, args.random_plies, &mut rng)
        },
        |samples| -> Result<(), DataError> {
            games += 1;
            for (hash, s) in samples {
                if seen.insert((hash, s.variant.clone())) {
                    encode(&s, &mut buf);
                    count += 1;
                }
            }
            if games.is_multiple_of(100) {
                writeln!(out, "games {games} positions {count}")?;
                out.flush()?;
            }
            Ok(())
        },
    )?;
    write_atomic(&args.out, &buf).map_err(|source| DataError::File {
        path: args.out.clone(),
        source,
    })?;
    writeln!(
        out,
        "positions {count} games {} file {}",
        args.games,
        args.out.display()
    )?;
    Ok(count)
}

/// One game: random opening half-moves, then the engine against itself; every position the
/// engine searched, with its score, labelled with the result at the end.
fn play(
    engine: &mut Engine,
    variant: &'static Variant,
    limits: &Limits,
    random_plies: u32,
    rng: &mut Rng,
) -> Vec<(u64, Sample)> {
    let stop = StopFlag::new();
    engine.new_game();
    let mut game = Game::from_position(variant.start());
    for _ in 0..random_plies {
        let moves = game.legal_moves();
        if moves.is_empty()
            || game
                .play(moves[rng.below(moves.len() as u64) as usize])
                .is_err()
        {
            break;
        }
    }
    let mut seen: Vec<(u64, Side, String, i16)> = Vec::new();
    while !game.is_over() && game.plies().len() < MAX_PLIES {
        let Ok(found) = engine.search_game(&game, limits, &stop) else {
            break;
        };
        let pos: &Position = game.position();
        let score = found
            .score
            .clamp(-i32::from(SCORE_CLAMP), i32::from(SCORE_CLAMP)) as i16;
        seen.push((pos.hash(), pos.turn(), pos.to_string(), score));
        if game.play(found.best).is_err() {
            break;
        }
    }
    let winner = game.outcome().and_then(|o| o.winner());
    seen.into_iter()
        .map(|(hash, turn, position, score)| {
            let result = match winner {
                None => 0,
                Some(w) if w == turn => 1,
                Some(_) => -1,
            };
            (
                hash,
                Sample {
                    variant: variant.name().to_string(),
                    position,
                    score,
                    result,
                },
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_round_trip_and_bad_files_are_refused() {
        let s = Sample {
            variant: "Parachess".into(),
            position: crate::rules::START_TEXT.into(),
            score: -42,
            result: 1,
        };
        let mut buf = MAGIC.to_vec();
        encode(&s, &mut buf);
        encode(&s, &mut buf);
        assert_eq!(decode(&buf).ok(), Some(vec![s.clone(), s]));
        assert_eq!(decode(b"NOTDATA!xyz").err(), Some(None));
        let cut = decode(&buf[..buf.len() - 1]).err().flatten();
        assert!(cut.is_some_and(|(_, what)| what.contains("truncated")));
    }
}
