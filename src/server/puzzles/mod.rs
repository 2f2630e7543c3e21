//! Rated puzzles on the server (issue 37): the shipped set ([`crate::study::builtin`]), judged
//! here ([`judge`]), with a Glicko-2 rating per player and per puzzle kept in the database
//! (`db::puzzles`). The page implements no rules: it sends the solver's moves
//! (`puzzle_move`) and shows what comes back (`puzzle_step`).
//!
//! Each puzzle counts once per player, at its first finish (solved, failed, or its solution
//! asked for); a repeated or later answer changes no rating. Puzzles are numbered from 1 in
//! the shipped file's order (`/puzzles/N`).

pub mod judge;

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::Mutex;

use crate::rules::Position;
use crate::rules::words::Lang;
use crate::study::{Puzzle, PuzzleProgress, next_puzzle};

use super::db::{Db, PuzzleAttempt, PuzzlePlayer, Write, Writer, now_ms};
use super::limit::Buckets;
use super::messages::{
    MAX_PUZZLE_MOVES, PuzzlePly, PuzzleRatingView, PuzzleStepView, PuzzleView, ServerMsg, side_name,
};
use super::rating::Glicko;
use super::refusals;
use super::routes;
use judge::{Judged, Played, Verdict};

/// Puzzle messages one player may send per second (sustained), and in a burst: each may
/// cost a database write, so fewer than the connection's general budget.
const PUZZLE_RATE: (f64, f64) = (2.0, 20.0);

/// The shipped puzzles and the per-player budget of puzzle messages.
#[derive(Debug)]
pub struct Puzzles {
    set: Vec<Puzzle>,
    /// Each puzzle's stable id ([`Puzzle::id`]), in the same order.
    ids: Vec<String>,
    budget: Mutex<Buckets<String>>,
}

impl Default for Puzzles {
    fn default() -> Puzzles {
        Puzzles::builtin()
    }
}

impl Puzzles {
    /// The embedded set (empty, with an error logged, if the build shipped a broken file,
    /// which the test suite rules out).
    pub fn builtin() -> Puzzles {
        let set = crate::study::builtin().unwrap_or_else(|e| {
            tracing::error!("puzzles: {e}");
            Vec::new()
        });
        let ids = set.iter().map(Puzzle::id).collect();
        Puzzles {
            set,
            ids,
            budget: Mutex::new(Buckets::new(PUZZLE_RATE.0, PUZZLE_RATE.1)),
        }
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// Puzzle number `n` (from 1).
    pub fn get(&self, n: u32) -> Option<&Puzzle> {
        self.set.get((n as usize).checked_sub(1)?)
    }

    /// The daily puzzle's number on day `day` (days since 1970-01-01, UTC): the same for
    /// everybody that day, a different one each day (a step coprime with any set size under
    /// 7,919 walks the whole set before repeating).
    pub fn daily(&self, day: i64) -> Option<u32> {
        let n = self.set.len() as i64;
        if n == 0 {
            return None;
        }
        u32::try_from(day.wrapping_mul(7919).rem_euclid(n) + 1).ok()
    }

    /// Today's daily puzzle's number.
    pub fn today(&self) -> Option<u32> {
        self.daily(now_ms().div_euclid(86_400_000))
    }

    fn allowed(&self, key: &str) -> bool {
        self.budget
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take(&key.to_string())
    }

    fn numbered(&self, id: u32) -> Result<(&Puzzle, &str), ServerMsg> {
        match (self.get(id), self.ids.get((id as usize).wrapping_sub(1))) {
            (Some(p), Some(key)) => Ok((p, key)),
            _ => Err(refusals::refused("no_puzzle", "puzzle-none", &[])),
        }
    }
}

fn rating_view(p: &PuzzlePlayer) -> PuzzleRatingView {
    PuzzleRatingView {
        rating: p.glicko.rating.round() as i32,
        deviation: p.glicko.deviation.round() as i32,
        played: p.played,
    }
}

fn db_err(e: super::db::DbError) -> ServerMsg {
    tracing::error!("database error: {e}");
    ServerMsg::error("db", "database error")
}

/// The rating a puzzle was shipped with, as a Glicko-2 opponent.
fn shipped(p: &Puzzle) -> Glicko {
    Glicko {
        rating: f64::from(p.rating),
        deviation: crate::study::rating::PUZZLE_DEVIATION,
        volatility: crate::study::rating::START_VOLATILITY,
    }
}

/// The legal moves of `pos` (bare), and their routes for a connection that draws them.
fn legal(
    pos: &Position,
    with_routes: bool,
) -> (Vec<String>, Option<Vec<super::messages::RouteView>>) {
    let legal = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    (legal, with_routes.then(|| routes::legal_routes(pos)))
}

fn plies(line: &[Played], with_routes: bool) -> Vec<PuzzlePly> {
    line.iter()
        .map(|p| PuzzlePly {
            mv: p.mv.to_string(),
            text: p.text.clone(),
            position: p.after.to_string(),
            route: with_routes.then(|| routes::route_view(&p.before, p.mv)),
        })
        .collect()
}

/// Where the answers read and write: the database, its writer, the puzzles.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    /// The database (reads).
    pub db: &'a Db,
    /// Its writer (a finish is committed before it is answered).
    pub writer: &'a Writer,
    /// The puzzles.
    pub puzzles: &'a Puzzles,
}

/// `puzzle_next`: puzzle `id`, or the next one near the rating of player `me` (a key).
pub async fn next(
    cx: Ctx<'_>,
    me: &str,
    id: Option<u32>,
    with_routes: bool,
) -> Result<ServerMsg, ServerMsg> {
    let puzzles = cx.puzzles;
    if !puzzles.allowed(me) {
        return Err(refusals::refused("rate", "rate-puzzles", &[]));
    }
    let player = cx.db.puzzle_player(me).await.map_err(db_err)?;
    let id = match id {
        Some(id) => id,
        None => {
            let attempts = cx.db.puzzle_attempts(me).await.map_err(db_err)?;
            let mut progress = PuzzleProgress {
                rating: player.glicko.rating,
                played: u32::try_from(player.played).unwrap_or(u32::MAX),
                ..PuzzleProgress::default()
            };
            let known: BTreeSet<&str> = puzzles.ids.iter().map(String::as_str).collect();
            for (pid, solved) in attempts {
                if !known.contains(pid.as_str()) {
                    continue;
                }
                if solved {
                    progress.solved.insert(pid.clone());
                }
                progress.rated.insert(pid);
            }
            let index = next_puzzle(&progress, &puzzles.set)
                .ok_or_else(|| refusals::refused("no_puzzle", "puzzle-none-here", &[]))?;
            u32::try_from(index + 1).unwrap_or(1)
        }
    };
    let (puzzle, key) = puzzles.numbered(id)?;
    let rating = cx
        .db
        .puzzle_rating(key)
        .await
        .map_err(db_err)?
        .unwrap_or_else(|| shipped(puzzle));
    let done = cx.db.puzzle_done(me, key).await.map_err(db_err)?;
    let (legal, routes) = legal(&puzzle.position, with_routes);
    Ok(ServerMsg::Puzzle(Box::new(PuzzleView {
        id,
        position: puzzle.position.to_string(),
        side: side_name(puzzle.solver()),
        theme: puzzle.theme.name().to_string(),
        moves: u32::try_from(puzzle.solver_moves()).unwrap_or(0),
        rating: rating.rating.round() as i32,
        legal,
        routes,
        player: rating_view(&player),
        done,
    })))
}

/// Records a finish (first ones count) and says what it changed.
async fn finish(
    cx: Ctx<'_>,
    me: &str,
    puzzle: &Puzzle,
    key: &str,
    solved: bool,
) -> Result<(PuzzlePlayer, Option<i32>), ServerMsg> {
    let before = cx.db.puzzle_player(me).await.map_err(db_err)?;
    // Read first, so a repeated answer costs no write.
    if cx.db.puzzle_done(me, key).await.map_err(db_err)? {
        return Ok((before, None));
    }
    let write = Write::Puzzle(Box::new(PuzzleAttempt {
        player: me.to_string(),
        puzzle: key.to_string(),
        shipped: shipped(puzzle),
        solved,
        at_ms: now_ms(),
    }));
    let counted = cx
        .writer
        .write(write)
        .await
        .map_err(|e| {
            tracing::error!("puzzle attempt not stored: {e}");
            ServerMsg::error("db", "database error")
        })?
        .is_some();
    let after = cx.db.puzzle_player(me).await.map_err(db_err)?;
    let change =
        counted.then(|| (after.glicko.rating.round() - before.glicko.rating.round()) as i32);
    Ok((after, change))
}

/// `puzzle_move`: judges the solver's moves so far.
pub async fn answer(
    cx: Ctx<'_>,
    me: &str,
    id: u32,
    moves: &[String],
    with_routes: bool,
    lang: Lang,
) -> Result<ServerMsg, ServerMsg> {
    let puzzles = cx.puzzles;
    if moves.len() > MAX_PUZZLE_MOVES || moves.iter().any(|m| m.len() > 16) {
        return Err(refusals::refused("illegal", "not-a-move", &[]));
    }
    if !puzzles.allowed(me) {
        return Err(refusals::refused("rate", "rate-puzzles", &[]));
    }
    let (puzzle, key) = puzzles.numbered(id)?;
    let judged: Judged = judge::judge(puzzle, moves);
    let position = judged.position(puzzle).clone();
    let (state, reason, best, solution, (player, change)) = match &judged.verdict {
        Verdict::Continue | Verdict::Illegal(_) => {
            let player = cx.db.puzzle_player(me).await.map_err(db_err)?;
            let (state, reason) = match &judged.verdict {
                Verdict::Illegal(why) => (
                    "illegal",
                    Some(match lang {
                        Lang::En => why.en.clone(),
                        Lang::De => why.de.clone(),
                    }),
                ),
                _ => ("continue", None),
            };
            (state, reason, None, Vec::new(), (player, None))
        }
        Verdict::Solved => (
            "solved",
            None,
            None,
            Vec::new(),
            finish(cx, me, puzzle, key, true).await?,
        ),
        Verdict::Failed { played, best } => (
            "failed",
            Some(played.clone()),
            Some(best.clone()),
            plies(&judge::solution(puzzle), with_routes),
            finish(cx, me, puzzle, key, false).await?,
        ),
    };
    let playing = matches!(judged.verdict, Verdict::Continue | Verdict::Illegal(_));
    let (legal, routes) = if playing {
        legal(&position, with_routes)
    } else {
        (Vec::new(), None)
    };
    Ok(ServerMsg::PuzzleStep(Box::new(PuzzleStepView {
        id,
        state: Cow::Borrowed(state),
        line: plies(&judged.line, with_routes),
        position: position.to_string(),
        legal,
        routes,
        reason,
        best,
        solution,
        player: rating_view(&player),
        change,
    })))
}

/// `puzzle_solution`: gives up (a failure, if first) and plays out the solution.
pub async fn give_up(
    cx: Ctx<'_>,
    me: &str,
    id: u32,
    with_routes: bool,
) -> Result<ServerMsg, ServerMsg> {
    let puzzles = cx.puzzles;
    if !puzzles.allowed(me) {
        return Err(refusals::refused("rate", "rate-puzzles", &[]));
    }
    let (puzzle, key) = puzzles.numbered(id)?;
    let (player, change) = finish(cx, me, puzzle, key, false).await?;
    let line = plies(&judge::solution(puzzle), with_routes);
    let position = line
        .last()
        .map_or_else(|| puzzle.position.to_string(), |p| p.position.clone());
    Ok(ServerMsg::PuzzleStep(Box::new(PuzzleStepView {
        id,
        state: Cow::Borrowed("failed"),
        line: Vec::new(),
        position,
        legal: Vec::new(),
        routes: None,
        reason: None,
        best: None,
        solution: line,
        player: rating_view(&player),
        change,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_is_numbered_from_one_and_the_daily_one_changes_daily() {
        let p = Puzzles::builtin();
        assert!(p.len() > 100, "{}", p.len());
        assert!(p.get(0).is_none());
        assert!(p.get(1).is_some());
        assert!(p.get(p.len() as u32).is_some());
        assert!(p.get(p.len() as u32 + 1).is_none());
        let days: BTreeSet<u32> = (20_000..20_030).filter_map(|d| p.daily(d)).collect();
        assert_eq!(days.len(), 30, "a month without a repeat");
        assert!(days.iter().all(|&n| p.get(n).is_some()));
        assert_eq!(p.daily(20_001), p.daily(20_001));
        assert!(p.daily(-5).is_some());
    }
}
