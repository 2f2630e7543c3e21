//! Proving puzzles. What a puzzle must satisfy, all decided by exact searches
//! ([`solve`](super::solve)), never by the engine:
//!
//! **`mate` and `stalemate`** (a forced win in `n` ≤ [`MAX_WIN_MOVES`] solver moves):
//! * every solver move forces the win within the moves left to it;
//! * the first solver move is the only one that forces a win within `n` moves (or within
//!   [`CheckSettings::unique_moves`], when larger); later solver moves need not be the only
//!   ones, since [`PuzzleRun`](super::PuzzleRun) accepts any move that still wins in time;
//! * every reply holds out as long as any reply can (the defender's best);
//! * the line ends with the defender out of legal moves: in check for `mate`, not in check for
//!   `stalemate`.
//!
//! **`material`** (at most [`MAX_MATERIAL_PLIES`] half-moves), with values from a full-width
//! material search to the end of the line plus captures ([`MaterialSearch`]):
//! * every solver move keeps a gain of at least [`MIN_GAIN`] (two pawns) on the material the
//!   solver started with;
//! * every other move at that point falls short of the solution's value by more than
//!   [`MARGIN`]; at the first move the others also gain less than [`MIN_GAIN`] (except the same
//!   pawn promoting to another piece: the same idea, which only has to fall short by the
//!   margin);
//! * every reply is one of the defender's best (it keeps the solver's value lowest);
//! * after the last solver move the solver stands at least [`MIN_GAIN`] up on the board.

use std::fmt;

use thiserror::Error;

use crate::rules::{Move, Outcome, Position, board_outcome};

use super::puzzle::{Puzzle, Theme};
use super::solve::{MAX_WIN_MOVES, MateSolver, MaterialSearch, WIN, material_balance};

/// The least gain of a material puzzle, in centipawns: two pawns.
pub const MIN_GAIN: i32 = 200;

/// How far every other move must fall short of a material puzzle's move, in centipawns.
pub const MARGIN: i32 = 100;

/// Longest material puzzle, in half-moves.
pub const MAX_MATERIAL_PLIES: usize = 5;

/// How thoroughly to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckSettings {
    /// Mate and stalemate puzzles: no other first move may force a win within this many moves
    /// either (the puzzle's own length is always checked; [`MAX_WIN_MOVES`] is the thorough
    /// setting, which costs up to a second a puzzle).
    pub unique_moves: u32,
}

impl Default for CheckSettings {
    /// The puzzle's own length: exact and fast enough for every test run.
    fn default() -> CheckSettings {
        CheckSettings { unique_moves: 0 }
    }
}

/// Why a puzzle fails.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Failure {
    /// A forced win longer than [`MAX_WIN_MOVES`], or a material line longer than
    /// [`MAX_MATERIAL_PLIES`].
    #[error("the solution is too long for a {theme} puzzle ({plies} half-moves)")]
    TooLong {
        /// The theme.
        theme: Theme,
        /// Its length.
        plies: usize,
    },
    /// A solver move does not force the win (mate themes).
    #[error("move {index} ({text}) does not force a win within {moves} move(s)")]
    NotWinning {
        /// 1-based index in the solution.
        index: usize,
        /// The move.
        text: String,
        /// Moves it had.
        moves: u32,
    },
    /// A solver move does not keep the gain (material).
    #[error("move {index} ({text}) gains only {} pawns (at least {} needed)", pawns(*.gain), pawns(MIN_GAIN))]
    TooLittle {
        /// 1-based index in the solution.
        index: usize,
        /// The move.
        text: String,
        /// What it gains, in centipawns.
        gain: i32,
    },
    /// Another move does as well.
    #[error("move {index} ({text}) is not the only one: {other} {how}")]
    NotUnique {
        /// 1-based index in the solution.
        index: usize,
        /// The move.
        text: String,
        /// Another move that does as well.
        other: String,
        /// What that move achieves.
        how: String,
    },
    /// A reply is not the defender's best.
    #[error("reply {index} ({text}) is not the defender's best: {better} {how}")]
    NotBestDefence {
        /// 1-based index in the solution.
        index: usize,
        /// The reply.
        text: String,
        /// A better reply.
        better: String,
        /// Why it is better.
        how: String,
    },
    /// The end of the line is not what the theme says.
    #[error("the line should end in {theme}, but {actual}")]
    WrongEnding {
        /// The theme.
        theme: Theme,
        /// What the end really is.
        actual: String,
    },
    /// A solution move is not legal, or the solution has the wrong length.
    #[error("solution move {index} ({text}) is not possible")]
    Illegal {
        /// 1-based index in the solution.
        index: usize,
        /// The move, bare.
        text: String,
    },
    /// The same position as an earlier puzzle.
    #[error("the same position as the puzzle on line {0}")]
    Duplicate(usize),
}

fn pawns(cp: i32) -> String {
    if cp.abs() >= WIN / 2 {
        return "a forced win".into();
    }
    let text = format!("{:.2}", f64::from(cp) / 100.0);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// What a successful check learned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Proof {
    /// Positions the exact searches visited.
    pub nodes: u64,
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} nodes", self.nodes)
    }
}

/// Proves `puzzle` (see the module documentation for what that means).
pub fn check_puzzle(puzzle: &Puzzle, settings: &CheckSettings) -> Result<Proof, Failure> {
    // Puzzles read from files are legal already; one built in code may not be.
    let mut pos = puzzle.position.clone();
    for (i, &mv) in puzzle.solution.iter().enumerate() {
        if !pos.is_legal(mv) {
            return Err(Failure::Illegal {
                index: i + 1,
                text: mv.to_string(),
            });
        }
        pos.make_move(mv);
    }
    if puzzle.solution.is_empty() || puzzle.solution.len().is_multiple_of(2) {
        return Err(Failure::Illegal {
            index: puzzle.solution.len(),
            text: "the solution must have an odd number of moves".into(),
        });
    }
    match puzzle.theme {
        Theme::Mate | Theme::Stalemate => check_win(puzzle, settings),
        Theme::Material => check_material(puzzle),
    }
}

/// Proves every puzzle, `threads` at a time; the answers come back in the puzzles' order.
/// Duplicated positions fail (all but the first).
pub fn check_all(
    puzzles: &[Puzzle],
    settings: &CheckSettings,
    threads: usize,
) -> Vec<Result<Proof, Failure>> {
    let mut first_line = std::collections::HashMap::new();
    let duplicate_of: Vec<Option<usize>> = puzzles
        .iter()
        .map(|p| {
            let line = *first_line.entry(p.key()).or_insert(p.line);
            (line != p.line).then_some(line)
        })
        .collect();
    let results = parallel_map(puzzles, threads, |p| check_puzzle(p, settings));
    results
        .into_iter()
        .zip(duplicate_of)
        .map(|(r, dup)| match dup {
            Some(line) => Err(Failure::Duplicate(line)),
            None => r,
        })
        .collect()
}

/// `f` over `items` on `threads` threads, results in order.
pub(crate) fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    if let Ok(mut out) = out.lock() {
                        out[i] = Some(r);
                    }
                }
            });
        }
    });
    out.into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

fn check_win(puzzle: &Puzzle, settings: &CheckSettings) -> Result<Proof, Failure> {
    let n = puzzle.solver_moves() as u32;
    if n > MAX_WIN_MOVES {
        return Err(Failure::TooLong {
            theme: puzzle.theme,
            plies: puzzle.solution.len(),
        });
    }
    let texts = puzzle.solution_text();
    let mut solver = MateSolver::new();
    let mut pos = puzzle.position.clone();
    for (i, &mv) in puzzle.solution.iter().enumerate() {
        let index = i + 1;
        let left = n - (i as u32).div_ceil(2);
        if i % 2 == 0 {
            if !solver.move_wins(&mut pos, mv, left) {
                return Err(Failure::NotWinning {
                    index,
                    text: texts[i].clone(),
                    moves: left,
                });
            }
            let unique = left.max(settings.unique_moves.min(MAX_WIN_MOVES));
            // Later moves may have twins: any move that still wins in time is accepted.
            if i == 0 {
                for &other in pos.legal_moves().iter().filter(|&&m| m != mv) {
                    if solver.move_wins(&mut pos, other, unique) {
                        let k = solver
                            .move_shortest_win(&mut pos, other, unique)
                            .unwrap_or(unique);
                        return Err(Failure::NotUnique {
                            index,
                            text: texts[i].clone(),
                            other: pos.move_text(other),
                            how: format!("also wins in {k}"),
                        });
                    }
                }
            }
        } else if let Some((longest, best)) = solver.best_defences(&mut pos, left)
            && !best.contains(&mv)
        {
            let better = best.first().map(|&m| pos.move_text(m)).unwrap_or_default();
            return Err(Failure::NotBestDefence {
                index,
                text: texts[i].clone(),
                better,
                how: format!("holds out for {longest} more move(s)"),
            });
        }
        pos.make_move(mv);
    }
    // How the line ends is the rules' answer (no history: a puzzle starts afresh).
    let outcome = board_outcome(&pos, &[]);
    let right = matches!(
        (outcome, puzzle.theme),
        (Some(Outcome::Checkmate { .. }), Theme::Mate)
            | (Some(Outcome::Stalemate { .. }), Theme::Stalemate)
    );
    if !right {
        return Err(Failure::WrongEnding {
            theme: puzzle.theme,
            actual: ending(outcome),
        });
    }
    Ok(Proof {
        nodes: solver.nodes,
    })
}

/// What the end of a line is, in words.
fn ending(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(Outcome::Checkmate { .. }) => "it ends in checkmate".into(),
        Some(Outcome::Stalemate { .. }) => {
            "it ends with the defender out of moves, not in check".into()
        }
        Some(drawn) => format!("it ends in a draw by {}", drawn.cause()),
        None => "the defender still has legal moves".into(),
    }
}

fn check_material(puzzle: &Puzzle) -> Result<Proof, Failure> {
    let plies = puzzle.solution.len();
    if plies > MAX_MATERIAL_PLIES {
        return Err(Failure::TooLong {
            theme: puzzle.theme,
            plies,
        });
    }
    let texts = puzzle.solution_text();
    let solver_side = puzzle.solver();
    let start = material_balance(&puzzle.position, solver_side);
    let target = start + MIN_GAIN;
    // A draw gains nothing.
    let draw_for_white = match solver_side {
        crate::rules::Side::White => start,
        crate::rules::Side::Black => -start,
    };
    let mut search = MaterialSearch::new(draw_for_white);
    let mut pos = puzzle.position.clone();
    let mut value = 0;
    for (i, &mv) in puzzle.solution.iter().enumerate() {
        let index = i + 1;
        let depth = (plies - i - 1) as u32;
        if i % 2 == 0 {
            value = search.move_value(&mut pos, mv, depth);
            if value < target {
                return Err(Failure::TooLittle {
                    index,
                    text: texts[i].clone(),
                    gain: value - start,
                });
            }
            for &other in pos.legal_moves().iter().filter(|&&m| m != mv) {
                if search.move_reaches(
                    &mut pos,
                    other,
                    depth,
                    rival_bar(i, mv, other, value, target),
                ) {
                    let v = search.move_value(&mut pos, other, depth);
                    return Err(Failure::NotUnique {
                        index,
                        text: texts[i].clone(),
                        other: pos.move_text(other),
                        how: format!("gains {} pawns", pawns(v - start)),
                    });
                }
            }
        } else {
            // The reply's value for the defender must be the best the defender has: the
            // solver's value after it equals the solver move's value.
            let chosen = -search.move_value(&mut pos, mv, depth);
            if chosen != value {
                let better = best_reply(&mut search, &mut pos, depth);
                let (better_text, better_value) = better
                    .map(|(m, v)| (pos.move_text(m), v))
                    .unwrap_or_default();
                return Err(Failure::NotBestDefence {
                    index,
                    text: texts[i].clone(),
                    better: better_text,
                    how: format!(
                        "limits the gain to {} pawns instead of {}",
                        pawns(better_value - start),
                        pawns(chosen - start)
                    ),
                });
            }
        }
        pos.make_move(mv);
    }
    let gain = material_balance(&pos, solver_side) - start;
    if gain < MIN_GAIN {
        return Err(Failure::WrongEnding {
            theme: Theme::Material,
            actual: format!("the solver ends only {} pawns up", pawns(gain)),
        });
    }
    Ok(Proof {
        nodes: search.nodes,
    })
}

/// The value from which `other` counts as a rival of the solver move `mv` (worth `value`) at
/// solution index `i`: within [`MARGIN`] of it, and at the first move also any gain of
/// [`MIN_GAIN`] (`target`), except for the same pawn promoting to another piece, which is the
/// same idea and only has to fall short by the margin.
pub(crate) fn rival_bar(i: usize, mv: Move, other: Move, value: i32, target: i32) -> i32 {
    let twin = other.from == mv.from && other.to == mv.to;
    if i == 0 && !twin {
        (value - MARGIN).min(target)
    } else {
        value - MARGIN
    }
}

/// The defender's best reply in `pos` and the solver's value after it.
fn best_reply(search: &mut MaterialSearch, pos: &mut Position, depth: u32) -> Option<(Move, i32)> {
    pos.legal_moves()
        .iter()
        .map(|&m| (m, -search.move_value(pos, m, depth)))
        .min_by_key(|&(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::puzzle::parse_line;

    /// From the records tests: `Qa4-d4 Rk3-k2 j2xk2=Q#`.
    const PROMOTION: &str = "k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 0 1";

    #[test]
    fn pawns_read_naturally() {
        assert_eq!(pawns(200), "2");
        assert_eq!(pawns(150), "1.5");
        assert_eq!(pawns(-35), "-0.35");
        assert_eq!(pawns(WIN - 3), "a forced win");
    }

    #[test]
    fn a_puzzle_built_in_code_with_an_impossible_move_fails_cleanly() {
        let mut p =
            parse_line(&format!("{PROMOTION}\tQa4-d4 Rk3-k2 j2xk2=Q#\tmate\t1200")).unwrap();
        p.solution[1] = p.solution[0];
        let e = check_puzzle(&p, &CheckSettings::default()).unwrap_err();
        assert!(matches!(e, Failure::Illegal { index: 2, .. }), "{e}");
        p.solution.clear();
        assert!(check_puzzle(&p, &CheckSettings::default()).is_err());
        assert!(p.solution_text().is_empty());
    }

    #[test]
    fn a_wrong_theme_is_caught() {
        let line = format!("{PROMOTION}\tQa4-d4 Rk3-k2 j2xk2=Q#\tstalemate\t1200");
        let p = parse_line(&line).unwrap();
        let e = check_puzzle(&p, &CheckSettings::default());
        assert!(e.is_err(), "{e:?}");
    }
}
