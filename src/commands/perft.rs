//! `parachess perft`: leaf counts of the move tree, with timing.

use std::io::{self, Write};
use std::time::Instant;

use crate::rules::Position;
use crate::rules::perft::{divide, perft};

/// Runs perft to `depth` and reports; the last line is `nodes <N>`.
pub fn run(pos: &Position, depth: u32, split: bool, out: &mut impl Write) -> io::Result<u64> {
    let started = Instant::now();
    let nodes = if split && depth == 0 {
        // The root alone: one node, no first moves to list (as `perft 0` says).
        1
    } else if split {
        let mut total = 0;
        for (mv, n) in divide(pos, depth) {
            writeln!(out, "{} {n}", pos.move_text(mv))?;
            total += n;
        }
        total
    } else {
        perft(&mut pos.clone(), depth)
    };
    let secs = started.elapsed().as_secs_f64();
    writeln!(out, "time {:.3} s", secs)?;
    writeln!(out, "nps {:.0}", nodes as f64 / secs.max(1e-9))?;
    writeln!(out, "nodes {nodes}")?;
    Ok(nodes)
}
