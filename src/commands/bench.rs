//! `parachess bench`: the engine's speed and behaviour yardstick. A fixed set of positions is
//! searched to a fixed depth from an empty table; the total node count depends only on the
//! engine's code, so a change in it flags a change in the search, and nodes per second measure
//! speed.

use std::io::{self, Write};
use std::time::Duration;

use thiserror::Error;

use crate::engine::{Engine, Limits, StopFlag};
use crate::rules::{Position, PositionError, Variant};

/// Depth searched when `--depth` is not given.
pub const DEFAULT_DEPTH: u32 = 9;

/// The bench positions: the start, middle games and endgames, as position text.
pub const POSITIONS: [&str; 9] = [
    crate::rules::START_TEXT,
    "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7",
    "r1qk1r/1bb1/p2p2pp/2p2/1ps1pp4/6/5P4/2PB1/PPPS1sPP/Q1B1/RS1K1R b 1 8",
    "r2k1r/1bb1/pppqp1p1/3p1/2s2s4/3S2/1PS1p5/1P3/1BPPPPPP/2B1/R1Q1KR b 0 8",
    "r1b2r/1b2/p3k1pp/s4/1ppp1p4/6/3P1B4/P1P2/P1Q2sPP/2B1/RS1K1R w 0 16",
    "2k2r/1b2/4p1pp/rp3/3p6/3P2/3PSs1p2/4P/1PPKP1P1/1B2/R4R w 1 16",
    "6/2k1/4p3/5/2Pp1P2p1/1r1r2/p7P1/1P3/2PbBKp1/4/R4R w 1 31",
    "6/1rk1/1b6/5/3p1P2P1/5B/3PP2K1p/5/1p3p2/4/4R1 w 0 46",
    "6/2k1/1p1p4/5/10/6/10/5/1P1P1P2/1K2/6 w 0 40",
];

/// Why the bench could not run.
#[derive(Debug, Error)]
pub enum BenchError {
    /// A bench position does not parse (a programming error, reported rather than panicking).
    #[error("bench position {index}: {source}")]
    Position {
        /// 1-based index into [`POSITIONS`].
        index: usize,
        /// What is wrong with it.
        source: PositionError,
    },
    /// The engine found nothing to search (a bench position with no legal move).
    #[error("bench position {index}: {source}")]
    Engine {
        /// 1-based index into [`POSITIONS`].
        index: usize,
        /// The engine's complaint.
        source: crate::engine::EngineError,
    },
    /// Writing the report failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Totals of a bench run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BenchTotals {
    /// Nodes over all positions: deterministic for a given engine and depth.
    pub nodes: u64,
    /// Search time over all positions.
    pub time: Duration,
}

/// Searches every bench position to `depth` and reports one line per position, then the
/// totals; the last line is `nodes <N>`.
pub fn run(depth: u32, out: &mut impl Write) -> Result<BenchTotals, BenchError> {
    run_with(&Limits::depth(depth), out)
}

fn run_with(limits: &Limits, out: &mut impl Write) -> Result<BenchTotals, BenchError> {
    let mut positions = Vec::new();
    for (i, text) in POSITIONS.iter().enumerate() {
        let pos: Position = text.parse().map_err(|source| BenchError::Position {
            index: i + 1,
            source,
        })?;
        positions.push(pos);
    }
    search_all(limits, &positions, out)
}

/// The bench in `variant`: its start and the positions 10, 20, 30 and 40 half-moves into one
/// fixed game (each move chosen by a fixed rule from the legal ones), as far as it lasts.
/// Parachess itself runs the usual positions.
pub fn run_in(
    variant: &'static Variant,
    limits: &Limits,
    out: &mut impl Write,
) -> Result<BenchTotals, BenchError> {
    if variant.is_parachess() {
        return run_with(limits, out);
    }
    search_all(limits, &variant_positions(variant), out)
}

/// [`run_in`]'s positions.
pub fn variant_positions(variant: &'static Variant) -> Vec<Position> {
    let mut pos = variant.start();
    let mut out = vec![pos.clone()];
    for ply in 1..=40usize {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(ply * 7 + 3) % moves.len()];
        pos.make_move(mv);
        if ply % 10 == 0 && pos.has_legal_move() {
            out.push(pos.clone());
        }
    }
    out
}

fn search_all(
    limits: &Limits,
    positions: &[Position],
    out: &mut impl Write,
) -> Result<BenchTotals, BenchError> {
    let mut engine = Engine::with_hash_mb(16);
    let stop = StopFlag::new();
    let mut totals = BenchTotals {
        nodes: 0,
        time: Duration::ZERO,
    };
    for (i, pos) in positions.iter().enumerate() {
        let index = i + 1;
        let pos = pos.clone();
        engine.new_game();
        let result = engine
            .search(&pos, limits, &stop)
            .map_err(|source| BenchError::Engine { index, source })?;
        totals.nodes += result.nodes;
        totals.time += result.elapsed;
        writeln!(
            out,
            "position {index} depth {} nodes {} time {:.3} s best {} score {}",
            result.depth,
            result.nodes,
            result.elapsed.as_secs_f64(),
            pos.move_text(result.best),
            result.score,
        )?;
    }
    let secs = totals.time.as_secs_f64();
    writeln!(out, "time {secs:.3} s")?;
    writeln!(out, "nps {:.0}", totals.nodes as f64 / secs.max(1e-9))?;
    writeln!(out, "nodes {}", totals.nodes)?;
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_parse() {
        for text in POSITIONS {
            let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(pos.has_legal_move(), "{text}");
        }
    }

    #[test]
    fn node_count_is_reproducible() {
        let mut first = Vec::new();
        let a = run(3, &mut first).unwrap();
        let mut second = Vec::new();
        let b = run(3, &mut second).unwrap();
        assert_eq!(a.nodes, b.nodes);
        let text = String::from_utf8(first).unwrap();
        assert_eq!(
            text.lines().last(),
            Some(format!("nodes {}", a.nodes).as_str())
        );
        assert_eq!(
            text.lines().filter(|l| l.starts_with("position ")).count(),
            9
        );
    }
}
