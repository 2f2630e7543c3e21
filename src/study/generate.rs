//! Finding puzzles in engine games.
//!
//! The engine plays games against itself. Now and then a move is chosen the Easy level's way (a
//! two-half-move search with random noise), more often by the side that is ahead, so that games
//! differ, stay close and see mistakes. Every position after the opening is analysed with two
//! lines (MultiPV 2), and so are the positions after up to [`ALTERNATIVES`] plausible other
//! moves (ones a two-half-move search rates near its favourite: what a weaker player might have
//! played instead). A position becomes a candidate when exactly one move wins decisively:
//!
//! * **a forced win in at most four moves** (checkmate, or leaving the opponent without a legal
//!   move): the engine's best line announces it and its second line does not; the exact solver
//!   then finds the shortest win, builds the line (the defender's longest defence, a winning
//!   move of the solver at each step) and proves that no other first move wins within four;
//! * **a gain of at least two pawns** that no other move gets: the engine's best line is at least
//!   +2, its second at most +1.5 and 1.5 pawns worse; the move before was not a capture (no
//!   plain recaptures); the exact material search builds the shortest line (1, 3 or 5
//!   half-moves) that proves the gain.
//!
//! Every candidate must then pass [`check_puzzle`] (the exact proof the test suite repeats,
//! here with mates unique within four moves) and a deeper engine analysis
//! ([`GenerateSettings::verify_time`], two lines) that agrees: the best line starts with the
//! solution; for a forced win the second line is no forced win; for material the second is at
//! most +1.5 and 1.5 pawns worse than the first.
//!
//! # Ratings
//!
//! A puzzle's rating is an estimate of its difficulty, rounded to 10 and kept within 400–2800:
//!
//! | feature | points |
//! |---|---|
//! | forced win in `n` moves | 700 + 350 · (n − 1) |
//! | material in `m` solver moves | 900 + 250 · (m − 1) |
//! | first move quiet (no capture, check or promotion) | +200 |
//! | first move gives check | −100 |
//! | first move gives material away (the solver is behind after the reply) | +150 |
//! | the win is by leaving the opponent without a move, not in check | +100 |
//! | engine depth `d` at which the deep analysis settled on the solution | +40 · (d − 1), at most +400 |
//! | legal moves `k` in the position | +2 · (k − 30), within ±100 |

use std::collections::HashSet;
use std::time::Duration;

use crate::engine::{AnalyseOptions, Engine, LevelSettings, Limits, Report, Rng, Score, StopFlag};
use crate::rules::{Game, Move, Outcome, Position, board_outcome};

use super::check::{CheckSettings, MIN_GAIN, check_puzzle, parallel_map, rival_bar};
use super::puzzle::{Puzzle, Theme, position_key};
use super::solve::{MAX_WIN_MOVES, MateSolver, MaterialSearch, material_balance};

/// Games stop after this many half-moves.
const MAX_PLIES: usize = 240;

/// Half-moves played before positions are looked at (the opening teaches little).
const FIRST_PLY: usize = 6;

/// Chance (in percent) that a move is chosen the Easy level's way in a balanced position (three
/// times as often by a side 3 pawns ahead, a quarter as often by one 3 pawns behind).
const NOISY_PERCENT: u64 = 20;

/// Plausible alternatives to the game's move looked at per position.
const ALTERNATIVES: usize = 4;

/// An alternative counts as decisive from this many centipawns.
const ALTERNATIVE_MAX: i32 = 150;

/// How far the engine's second line must fall behind a material puzzle's first, in centipawns.
const ALTERNATIVE_GAP: i32 = 150;

/// Deepest iteration of the verifying analysis.
const VERIFY_DEPTH: u32 = 16;

/// How to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateSettings {
    /// Games to play.
    pub games: u32,
    /// Seed of the random choices (each game derives its own).
    pub seed: u64,
    /// Analysis time per position during play.
    pub movetime: Duration,
    /// Analysis time of the deeper verification of each candidate.
    pub verify_time: Duration,
    /// Games played side by side.
    pub threads: usize,
}

impl Default for GenerateSettings {
    fn default() -> GenerateSettings {
        GenerateSettings {
            games: 10,
            seed: 1,
            movetime: Duration::from_millis(100),
            verify_time: Duration::from_millis(1000),
            threads: 2,
        }
    }
}

/// What one game gave.
#[derive(Clone, Debug, Default)]
pub struct GameHarvest {
    /// 0-based game index.
    pub game: u32,
    /// Half-moves played.
    pub plies: usize,
    /// Positions that looked like puzzles.
    pub candidates: u32,
    /// Puzzles proved, in the order found.
    pub puzzles: Vec<Puzzle>,
}

/// Plays `settings.games` games and returns each game's puzzles, in game order (duplicates
/// between games are not removed here: see [`merge`]). `progress` hears about each finished
/// game, from whichever thread played it.
pub fn generate(
    settings: &GenerateSettings,
    progress: &(dyn Fn(&GameHarvest) + Sync),
) -> Vec<GameHarvest> {
    let games: Vec<u32> = (0..settings.games).collect();
    parallel_map(&games, settings.threads, |&g| {
        let harvest = play_game(settings, g);
        progress(&harvest);
        harvest
    })
}

/// Adds `found` to `existing`, skipping positions already present; returns how many were new.
pub fn merge(existing: &mut Vec<Puzzle>, found: impl IntoIterator<Item = Puzzle>) -> usize {
    let mut seen: HashSet<String> = existing.iter().map(Puzzle::key).collect();
    let before = existing.len();
    for p in found {
        if seen.insert(p.key()) {
            existing.push(p);
        }
    }
    existing.len() - before
}

fn play_game(settings: &GenerateSettings, index: u32) -> GameHarvest {
    let seed = settings
        .seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(index));
    let mut rng = Rng::new(seed);
    let mut engine = Engine::with_hash_mb(16);
    engine.seed(seed);
    let mut verifier = Engine::with_hash_mb(16);
    let stop = StopFlag::new();
    let mut game = Game::new();
    let mut harvest = GameHarvest {
        game: index,
        ..GameHarvest::default()
    };
    // Positions already used (those along accepted lines), so one combination gives one puzzle.
    let mut used: HashSet<String> = HashSet::new();
    let noisy = LevelSettings {
        limits: Limits::depth(2),
        noise: 150,
        margin: 150,
    };
    let two_lines = AnalyseOptions {
        multipv: 2,
        searchmoves: Vec::new(),
    };
    while !game.is_over() && game.plies().len() < MAX_PLIES {
        let ply = game.plies().len();
        let mv = if ply < FIRST_PLY {
            match engine.play_with(&game, &noisy, &stop) {
                Ok(r) => r.best,
                Err(_) => break,
            }
        } else {
            let limits = Limits::movetime(settings.movetime);
            let report = match engine.analyse_game(&game, &limits, &two_lines, &stop, &mut |_| {}) {
                Ok(r) => r,
                Err(_) => break,
            };
            let mut found =
                harvest.try_position(&game, &report, &mut used, &mut verifier, settings);
            // The moves a weaker player might have chosen here (near-best at a shallow depth)
            // often lose to a deeper blow: look at a few of them too.
            if !found {
                for alt in plausible_alternatives(&mut engine, &game, report.best, &mut rng) {
                    let mut branch = game.clone();
                    if branch.play(alt).is_err() || branch.is_over() {
                        continue;
                    }
                    let Ok(r) =
                        engine.analyse_game(&branch, &limits, &two_lines, &stop, &mut |_| {})
                    else {
                        continue;
                    };
                    found = harvest.try_position(&branch, &r, &mut used, &mut verifier, settings);
                    if found {
                        break;
                    }
                }
            }
            let _ = found;
            // The side ahead errs more often and the side behind less, so games stay close
            // longer and more mistakes fall in balanced positions, where they make puzzles.
            let ahead = report.lines.first().map_or(0, |l| l.score.clamped_cp(1000));
            let percent = if ahead >= 300 {
                3 * NOISY_PERCENT
            } else if ahead <= -300 {
                NOISY_PERCENT / 4
            } else {
                NOISY_PERCENT
            };
            if rng.below(100) < percent {
                match engine.play_with(&game, &noisy, &stop) {
                    Ok(r) => r.best,
                    Err(_) => break,
                }
            } else {
                report.best
            }
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    harvest.plies = game.plies().len();
    harvest
}

impl GameHarvest {
    /// Tests the position of `game` (analysed in `report`) and keeps the puzzle it holds, if
    /// any; whether it found one.
    fn try_position(
        &mut self,
        game: &Game,
        report: &Report,
        used: &mut HashSet<String>,
        verifier: &mut Engine,
        settings: &GenerateSettings,
    ) -> bool {
        if used.contains(&position_key(game.position())) {
            return false;
        }
        let Some(kind) = candidate(game, report) else {
            return false;
        };
        self.candidates += 1;
        let Some(p) = prove(game.position(), kind, report, verifier, settings) else {
            return false;
        };
        for pos in p.positions() {
            used.insert(position_key(&pos));
        }
        self.puzzles.push(p);
        true
    }
}

/// Up to [`ALTERNATIVES`] moves other than `best` that a two-half-move search rates within
/// 1.5 pawns of its favourite (what the Easy level might play), in random order.
fn plausible_alternatives(
    engine: &mut Engine,
    game: &Game,
    best: Move,
    rng: &mut Rng,
) -> Vec<Move> {
    let all = AnalyseOptions {
        multipv: crate::rules::MAX_MOVES,
        searchmoves: Vec::new(),
    };
    let Ok(report) =
        engine.analyse_game(game, &Limits::depth(2), &all, &StopFlag::new(), &mut |_| {})
    else {
        return Vec::new();
    };
    let top = report
        .lines
        .first()
        .map_or(0, |l| l.score.clamped_cp(10_000));
    let mut moves: Vec<Move> = report
        .lines
        .iter()
        .filter(|l| l.mv != best && l.score.clamped_cp(10_000) >= top - 150)
        .map(|l| l.mv)
        .collect();
    // Fisher–Yates with the game's generator, so runs are reproducible from the seed.
    for i in (1..moves.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        moves.swap(i, j);
    }
    moves.truncate(ALTERNATIVES);
    moves
}

/// What kind of puzzle a position might be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// A forced win in this many moves, says the engine.
    Win(u32),
    Material,
}

fn candidate(game: &Game, report: &Report) -> Option<Kind> {
    let pos = game.position();
    if pos.count_legal_moves() < 3 {
        return None;
    }
    let best = report.lines.first()?.score;
    let second = report.lines.get(1)?.score;
    match best {
        Score::Mate(n) if n > 0 && n as u32 <= MAX_WIN_MOVES => {
            (!matches!(second, Score::Mate(k) if k > 0)).then_some(Kind::Win(n as u32))
        }
        Score::Cp(cp) if cp >= MIN_GAIN => {
            let recapture = game.plies().last().is_some_and(|p| p.capture);
            let alone = match second {
                Score::Cp(s) => s <= ALTERNATIVE_MAX && s <= cp - ALTERNATIVE_GAP,
                Score::Mate(k) => k < 0,
            };
            (alone && !recapture).then_some(Kind::Material)
        }
        _ => None,
    }
}

/// Builds and proves the puzzle at `pos`, or `None`.
fn prove(
    pos: &Position,
    kind: Kind,
    report: &Report,
    verifier: &mut Engine,
    settings: &GenerateSettings,
) -> Option<Puzzle> {
    let solution = match kind {
        Kind::Win(_) => win_line(pos)?,
        Kind::Material => material_line(pos, report.best)?,
    };
    let mut puzzle = Puzzle {
        position: pos.clone(),
        solution,
        theme: Theme::Material,
        rating: 1500,
        line: 0,
    };
    if kind != Kind::Material {
        let end = puzzle.positions().pop()?;
        // The theme is how the line ends the game, in the rules' words; a line that does not
        // end it is no win (the check below would refuse it too).
        puzzle.theme = match board_outcome(&end, &[]) {
            Some(Outcome::Checkmate { .. }) => Theme::Mate,
            Some(Outcome::Stalemate { .. }) => Theme::Stalemate,
            _ => return None,
        };
    }
    let thorough = CheckSettings {
        unique_moves: MAX_WIN_MOVES,
    };
    check_puzzle(&puzzle, &thorough).ok()?;
    let depth = verify(&puzzle, verifier, settings)?;
    puzzle.rating = rating(&puzzle, depth);
    Some(puzzle)
}

/// The forced-win line from `pos`: the only first move that wins within the shortest win (and
/// none other within [`MAX_WIN_MOVES`]), then the defender's longest defences and, at each
/// later step, a winning move (checks first, as the solver orders them).
fn win_line(pos: &Position) -> Option<Vec<Move>> {
    let mut solver = MateSolver::new();
    let mut p = pos.clone();
    let n = solver.shortest_win(&mut p, MAX_WIN_MOVES)?;
    let mut line = Vec::new();
    for step in 0..n {
        let left = n - step;
        let mv = if step == 0 {
            let winners: Vec<Move> = p
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| solver.move_wins(&mut p, m, MAX_WIN_MOVES))
                .collect();
            match winners[..] {
                [only] => only,
                _ => return None,
            }
        } else {
            solver.winning_move(&mut p, left)?
        };
        p.make_move(mv);
        line.push(mv);
        if left == 1 {
            break;
        }
        let (_, replies) = solver.best_defences(&mut p, left - 1)?;
        let reply = *replies.first()?;
        p.make_move(reply);
        line.push(reply);
    }
    Some(line)
}

/// The shortest material line from `pos` (1, 3 or 5 half-moves) whose first move is `first`,
/// built with the exact material search; the caller proves it.
fn material_line(pos: &Position, first: Move) -> Option<Vec<Move>> {
    let side = pos.turn();
    let start = material_balance(pos, side);
    let draw_for_white = if side == crate::rules::Side::White {
        start
    } else {
        -start
    };
    for plies in [1usize, 3, 5] {
        let mut search = MaterialSearch::new(draw_for_white);
        let mut p = pos.clone();
        let mut line = Vec::with_capacity(plies);
        let mut ok = true;
        for i in 0..plies {
            let depth = (plies - i - 1) as u32;
            let moves = p.legal_moves();
            let values: Vec<(Move, i32)> = moves
                .iter()
                .map(|&m| (m, search.move_value(&mut p, m, depth)))
                .collect();
            let chosen = if i % 2 == 0 {
                let &(best, v) = values.iter().max_by_key(|&&(_, v)| v)?;
                let rivals = values
                    .iter()
                    .filter(|&&(m, w)| m != best && w >= rival_bar(i, best, m, v, start + MIN_GAIN))
                    .count();
                if v < start + MIN_GAIN || rivals > 0 || (i == 0 && best != first) {
                    ok = false;
                    break;
                }
                best
            } else {
                values.iter().max_by_key(|&&(_, v)| v)?.0
            };
            p.make_move(chosen);
            line.push(chosen);
        }
        if ok && material_balance(&p, side) - start >= MIN_GAIN {
            return Some(line);
        }
    }
    None
}

/// The deeper engine analysis; returns the depth at which it settled on the solution.
fn verify(puzzle: &Puzzle, engine: &mut Engine, settings: &GenerateSettings) -> Option<u32> {
    engine.new_game();
    let limits = Limits {
        depth: Some(VERIFY_DEPTH),
        movetime: Some(settings.verify_time),
        ..Limits::default()
    };
    let options = AnalyseOptions {
        multipv: 2,
        searchmoves: Vec::new(),
    };
    let first = *puzzle.solution.first()?;
    let mut settled = 1;
    let report = engine
        .analyse(
            &puzzle.position,
            &[],
            &limits,
            &options,
            &StopFlag::new(),
            &mut |r| {
                if r.best != first {
                    settled = r.depth + 1;
                }
            },
        )
        .ok()?;
    let best = report.lines.first()?;
    let second = report.lines.get(1).map(|l| l.score);
    let ok = match puzzle.theme {
        Theme::Mate | Theme::Stalemate => {
            best.mv == first
                && matches!(best.score, Score::Mate(n) if n > 0)
                && !matches!(second, Some(Score::Mate(k)) if k > 0)
        }
        Theme::Material => {
            let best_cp = best.score.clamped_cp(10_000);
            best.mv == first
                && best_cp >= MIN_GAIN
                && second.is_none_or(|s| {
                    let s = s.clamped_cp(10_000);
                    s <= ALTERNATIVE_MAX && s <= best_cp - ALTERNATIVE_GAP
                })
        }
    };
    ok.then_some(settled)
}

/// The documented difficulty estimate (see the module documentation).
pub fn rating(puzzle: &Puzzle, engine_depth: u32) -> u32 {
    let pos = &puzzle.position;
    let Some(&first) = puzzle.solution.first() else {
        return 1500;
    };
    let m = puzzle.solver_moves() as i32;
    let mut r = match puzzle.theme {
        Theme::Mate | Theme::Stalemate => 700 + 350 * (m - 1),
        Theme::Material => 900 + 250 * (m - 1),
    };
    let after = pos.after(first);
    let check = after.in_check();
    let quiet = !pos.is_capture(first) && first.promotion.is_none() && !check;
    if quiet {
        r += 200;
    }
    if check {
        r -= 100;
    }
    let positions = puzzle.positions();
    if let Some(after_reply) = positions.get(2) {
        let side = puzzle.solver();
        if material_balance(after_reply, side) < material_balance(pos, side) {
            r += 150;
        }
    }
    if puzzle.theme == Theme::Stalemate {
        r += 100;
    }
    r += (40 * (engine_depth.max(1) as i32 - 1)).min(400);
    r += (2 * (pos.count_legal_moves() as i32 - 30)).clamp(-100, 100);
    ((r + 5) / 10 * 10).clamp(400, 2800) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::puzzle::parse_line;

    #[test]
    fn ratings_grow_with_length_and_quiet_first_moves() {
        let p =
            parse_line("k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 0 1\tQa4-d4 Rk3-k2 j2xk2=Q#\tmate\t1200")
                .unwrap();
        let short = rating(&p, 1);
        let deep = rating(&p, 8);
        assert!(deep > short, "{short} {deep}");
        assert!((400..=2800).contains(&short));
        assert_eq!(short % 10, 0);
    }

    #[test]
    fn merging_skips_known_positions() {
        let p =
            parse_line("k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 0 1\tQa4-d4 Rk3-k2 j2xk2=Q#\tmate\t1200")
                .unwrap();
        let mut later = p.clone();
        later.position = "k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 7 30".parse().unwrap();
        let mut all = vec![p.clone()];
        assert_eq!(merge(&mut all, vec![later, p]), 0);
        assert_eq!(all.len(), 1);
    }
}
