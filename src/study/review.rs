//! Game review: the engine looks at every position of a game once and each move is labelled by
//! the winning chance it gave away.
//!
//! A game of N moves takes N + 1 searches: the value of the position after a move is the
//! negated value of the position before the next one. Positions are shared out between
//! `threads` engines (one per thread, each with its own table). Each search gets the game's
//! history, so repetitions count; a final position where the game is over is not searched (no
//! legal move: the side to move has lost, in check or not; repetition or 100 half-moves: a
//! draw).
//!
//! Labels, from the mover's winning chance before the move (the engine's best) minus after it
//! (see [`win_chance`](super::win_chance)), in percentage points — lichess's thresholds of 0.1,
//! 0.2 and 0.3 on its −1…1 scale:
//!
//! | label | loss |
//! |---|---|
//! | [`Label::Best`] | the engine's choice, or nothing lost |
//! | [`Label::Good`] | under 5 |
//! | [`Label::Inaccuracy`] `?!` | 5 to 10 |
//! | [`Label::Mistake`] `?` | 10 to 15 |
//! | [`Label::Blunder`] `??` | 15 or more |
//!
//! On that scale a lost pawn in a level game is an inaccuracy, a lost piece a blunder, but
//! giving away a pawn a Queen ahead, or taking a mate in 7 instead of a mate in 2, costs next to
//! nothing, while throwing away a forced mate for an ordinary advantage is a mistake.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use thiserror::Error;

use crate::engine::{Engine, EngineError, Limits, StopFlag, game_history, moves_to_mate};
use crate::rules::record::{Eval, Mark, PlyNote};
use crate::rules::{Game, Move, Outcome, Position, Side};

use super::winchance::{mover_eval, win_chance};

/// Lost winning chance (percentage points) from which a move is an inaccuracy.
pub const INACCURACY: f64 = 5.0;
/// … a mistake.
pub const MISTAKE: f64 = 10.0;
/// … a blunder.
pub const BLUNDER: f64 = 15.0;

/// Worst moves kept per side in a [`SideSummary`].
const WORST_KEPT: usize = 3;

/// Transposition table of each review engine, in megabytes.
const HASH_MB: usize = 16;

/// How long the review may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewSettings {
    /// Search time per position.
    pub movetime: Duration,
    /// Engines searching side by side (one per thread; at least 1).
    pub threads: usize,
}

impl Default for ReviewSettings {
    fn default() -> ReviewSettings {
        ReviewSettings {
            movetime: Duration::from_millis(500),
            threads: 2,
        }
    }
}

/// The verdict on one move.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Label {
    /// The engine's move, or one as good.
    Best,
    /// Lost under [`INACCURACY`] points of winning chance.
    Good,
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Label {
    /// The label of a move that lost `loss` points of winning chance.
    pub fn from_loss(loss: f64) -> Label {
        if loss >= BLUNDER {
            Label::Blunder
        } else if loss >= MISTAKE {
            Label::Mistake
        } else if loss >= INACCURACY {
            Label::Inaccuracy
        } else if loss > 0.0 {
            Label::Good
        } else {
            Label::Best
        }
    }

    /// The annotation written after the move (`?!`, `?`, `??`), if any.
    pub fn mark(self) -> Option<Mark> {
        match self {
            Label::Best | Label::Good => None,
            Label::Inaccuracy => Some(Mark::Dubious),
            Label::Mistake => Some(Mark::Mistake),
            Label::Blunder => Some(Mark::Blunder),
        }
    }

    /// Lower-case name for lists and summaries.
    pub fn name(self) -> &'static str {
        match self {
            Label::Best => "best",
            Label::Good => "good",
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
        }
    }
}

/// What the review says about one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Half-move index in the game (0 for the first move).
    pub ply: usize,
    /// Who played it.
    pub side: Side,
    /// The move.
    pub played: Move,
    /// It in move text, as the game record writes it.
    pub text: String,
    /// Evaluation of the position before the move, from White's point of view.
    pub before: Eval,
    /// Evaluation of the position after it, from White's point of view (`Mate(0)` when the
    /// move left the opponent without a legal move: see [`Review::evals`]).
    pub after: Eval,
    /// The engine's choice in the position before the move.
    pub best: Move,
    /// The engine's expected line from there, starting with `best` (for arrows and "show").
    pub best_line: Vec<Move>,
    /// `Some(best)` when the played move was not labelled [`Label::Best`]: the arrow to draw.
    pub better: Option<Move>,
    /// Winning chance the move gave away, in percentage points (0 when none).
    pub loss: f64,
    /// The verdict.
    pub label: Label,
}

/// One side's account of a review.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves the side played.
    pub moves: u32,
    /// Moves labelled best.
    pub best: u32,
    /// … good.
    pub good: u32,
    /// … inaccuracies.
    pub inaccuracies: u32,
    /// … mistakes.
    pub mistakes: u32,
    /// … blunders.
    pub blunders: u32,
    /// Mean winning chance lost per move, in percentage points.
    pub average_loss: f64,
    /// Lichess's per-move accuracy (`103.1668 · e^(−0.04354 · loss) − 3.1669`, 0–100),
    /// averaged over the side's moves; 100 when it made none.
    pub accuracy: f64,
    /// Half-move indices of the side's worst moves (inaccuracies or worse), worst first, at most
    /// three.
    pub worst: Vec<usize>,
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// One entry per move played.
    pub moves: Vec<MoveReview>,
    /// Evaluation (White's view) of the start and of the position after every move: one more
    /// than there are moves, for the graph. `Mate(0)` stands for a final position where the
    /// side to move has no legal move; [`Review::white_chances`] resolves who won.
    pub evals: Vec<Eval>,
    /// White's account.
    pub white: SideSummary,
    /// Black's account.
    pub black: SideSummary,
}

/// Why a review did not finish.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReviewError {
    /// The stop flag was raised.
    #[error("the review was stopped")]
    Stopped,
    /// The engine refused a position (a programming error: every searched position has moves).
    #[error("the engine failed on move {ply}: {source}")]
    Engine {
        /// Half-move index of the position.
        ply: usize,
        /// What the engine said.
        source: EngineError,
    },
}

impl Review {
    /// The summary of `side`.
    pub fn summary(&self, side: Side) -> &SideSummary {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// White's winning chance (0–100) at the start and after every move: the evaluation graph.
    pub fn white_chances(&self) -> Vec<f64> {
        let mut side = self.moves.first().map_or(Side::White, |m| m.side);
        self.evals
            .iter()
            .map(|&e| {
                let chance = match e {
                    // The side to move has lost.
                    Eval::Mate(0) if side == Side::Black => 100.0,
                    Eval::Mate(0) => 0.0,
                    e => win_chance(e),
                };
                side = !side;
                chance
            })
            .collect()
    }

    /// The notes a game record carries for this review: `notes` (what the record already said:
    /// clocks, comments) with each move's mark and evaluation set.
    pub fn annotate(&self, notes: &[PlyNote]) -> Vec<PlyNote> {
        self.moves
            .iter()
            .map(|m| {
                let mut note = notes.get(m.ply).cloned().unwrap_or_default();
                note.mark = m.label.mark();
                note.eval = Some(m.after);
                note
            })
            .collect()
    }
}

/// One searched position: the engine's score for the side to move, move and line.
#[derive(Clone, Debug)]
pub struct Searched {
    /// The search's value for the side to move (centipawns, or near ±MATE).
    pub score: i32,
    /// Its move.
    pub best: Move,
    /// Its line, starting with `best`.
    pub line: Vec<Move>,
}

/// Reviews `game`, calling `progress(done, total)` after each position searched (and once with
/// `done` 0 before the first). `stop` ends it early with [`ReviewError::Stopped`]. Takes about
/// `(moves + 1) · movetime / threads`.
pub fn review(
    game: &Game,
    settings: &ReviewSettings,
    progress: &mut dyn FnMut(usize, usize),
    stop: &StopFlag,
) -> Result<Review, ReviewError> {
    let positions = positions_of(game);
    let jobs = to_search(game);
    let history = game_history(game);
    let searched = search_all(&positions[..jobs], &history, settings, progress, stop)?;
    assemble(game, &searched).ok_or(ReviewError::Stopped)
}

/// The start and the position after every move.
fn positions_of(game: &Game) -> Vec<Position> {
    let mut positions = Vec::with_capacity(game.plies().len() + 1);
    let mut pos = game.start_position().clone();
    positions.push(pos.clone());
    for ply in game.plies() {
        pos.make_move(ply.mv);
        positions.push(pos.clone());
    }
    positions
}

/// How many of the game's positions a review searches, from the start: every one, but the
/// last when the board has ended the game there (no legal move, a repetition...).
pub fn to_search(game: &Game) -> usize {
    let plies = game.plies().len();
    if game.outcome().is_some_and(|o| !o.is_declared()) {
        plies
    } else {
        plies + 1
    }
}

/// The review of `game` from the searches of its first [`to_search`] positions (searched
/// elsewhere: the server's engine pool searches one position per job), in order. `None` when
/// there are fewer searches than that.
pub fn assemble(game: &Game, searched: &[Searched]) -> Option<Review> {
    let plies = game.plies();
    let positions = positions_of(game);
    if searched.len() < to_search(game) {
        return None;
    }
    let ended = game.outcome().filter(|o| !o.is_declared());
    let mut evals = Vec::with_capacity(positions.len());
    for (i, pos) in positions.iter().enumerate() {
        let eval = match searched.get(i) {
            Some(s) if i < to_search(game) => mover_eval(eval_of(s.score), pos.turn()),
            _ => match ended {
                Some(Outcome::Checkmate { .. } | Outcome::Stalemate { .. }) => Eval::Mate(0),
                _ => Eval::Centipawns(0),
            },
        };
        evals.push(eval);
    }
    let mut moves = Vec::with_capacity(plies.len());
    for (i, ply) in plies.iter().enumerate() {
        let side = positions[i].turn();
        let before = win_chance(mover_eval(evals[i], side));
        let after = match (evals[i + 1], ended.and_then(|o| o.winner())) {
            // The board ended the game: the mover won (its opponent has no move).
            (Eval::Mate(0), Some(winner)) if i + 1 == plies.len() => {
                if winner == side {
                    100.0
                } else {
                    0.0
                }
            }
            (e, _) => win_chance(mover_eval(e, side)),
        };
        let s = &searched[i];
        let loss = (before - after).max(0.0);
        let label = if ply.mv == s.best {
            Label::Best
        } else {
            Label::from_loss(loss)
        };
        moves.push(MoveReview {
            ply: i,
            side,
            played: ply.mv,
            text: ply.text.clone(),
            before: evals[i],
            after: evals[i + 1],
            best: s.best,
            best_line: s.line.clone(),
            better: (label != Label::Best).then_some(s.best),
            loss,
            label,
        });
    }
    Some(Review {
        white: summarise(&moves, Side::White),
        black: summarise(&moves, Side::Black),
        moves,
        evals,
    })
}

/// An engine score (side to move's view) as an [`Eval`] from the same view.
fn eval_of(score: i32) -> Eval {
    match moves_to_mate(score) {
        Some(n) => Eval::Mate(n),
        None => Eval::Centipawns(score),
    }
}

/// Searches every position, `threads` at a time, taking positions in order from a shared
/// counter so the engines stay busy however long each search takes.
fn search_all(
    positions: &[Position],
    history: &[u64],
    settings: &ReviewSettings,
    progress: &mut dyn FnMut(usize, usize),
    stop: &StopFlag,
) -> Result<Vec<Searched>, ReviewError> {
    let total = positions.len();
    progress(0, total);
    let mut results: Vec<Option<Searched>> = vec![None; total];
    if total == 0 {
        return Ok(Vec::new());
    }
    let limits = Limits::movetime(settings.movetime);
    let next = AtomicUsize::new(0);
    // Set when a search failed, so the other threads take no more positions.
    let abort = AtomicBool::new(false);
    let threads = settings.threads.clamp(1, total);
    let (send, receive) = mpsc::channel();
    let outcome = std::thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (next, abort) = (&next, &abort);
            scope.spawn(move || {
                let mut engine = Engine::with_hash_mb(HASH_MB);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total || stop.is_stopped() || abort.load(Ordering::Relaxed) {
                        break;
                    }
                    let found =
                        engine.search_with_history(&positions[i], &history[..i], &limits, stop);
                    if send.send((i, found)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let mut done = 0;
        for (i, found) in receive {
            match found {
                Ok(r) => {
                    results[i] = Some(Searched {
                        score: r.score,
                        best: r.best,
                        line: r.pv,
                    });
                }
                Err(source) => {
                    abort.store(true, Ordering::Relaxed);
                    return Err(ReviewError::Engine { ply: i, source });
                }
            }
            done += 1;
            progress(done, total);
        }
        Ok(())
    });
    outcome?;
    if stop.is_stopped() {
        return Err(ReviewError::Stopped);
    }
    results
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .ok_or(ReviewError::Stopped)
}

/// Lichess's accuracy of one move from the winning chance it lost.
fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss).exp() - 3.1669).clamp(0.0, 100.0)
}

fn summarise(moves: &[MoveReview], side: Side) -> SideSummary {
    let mine: Vec<&MoveReview> = moves.iter().filter(|m| m.side == side).collect();
    let mut s = SideSummary {
        moves: mine.len() as u32,
        ..SideSummary::default()
    };
    for m in &mine {
        match m.label {
            Label::Best => s.best += 1,
            Label::Good => s.good += 1,
            Label::Inaccuracy => s.inaccuracies += 1,
            Label::Mistake => s.mistakes += 1,
            Label::Blunder => s.blunders += 1,
        }
    }
    let n = mine.len().max(1) as f64;
    s.average_loss = mine.iter().map(|m| m.loss).sum::<f64>() / n;
    s.accuracy = if mine.is_empty() {
        100.0
    } else {
        mine.iter().map(|m| move_accuracy(m.loss)).sum::<f64>() / n
    };
    let mut bad: Vec<&&MoveReview> = mine
        .iter()
        .filter(|m| m.label >= Label::Inaccuracy)
        .collect();
    bad.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
    s.worst = bad.iter().take(WORST_KEPT).map(|m| m.ply).collect();
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> ReviewSettings {
        ReviewSettings {
            movetime: Duration::from_millis(30),
            threads: 2,
        }
    }

    #[test]
    fn labels_follow_the_thresholds() {
        assert_eq!(Label::from_loss(0.0), Label::Best);
        assert_eq!(Label::from_loss(0.1), Label::Good);
        assert_eq!(Label::from_loss(4.99), Label::Good);
        assert_eq!(Label::from_loss(5.0), Label::Inaccuracy);
        assert_eq!(Label::from_loss(10.0), Label::Mistake);
        assert_eq!(Label::from_loss(15.0), Label::Blunder);
        assert_eq!(Label::from_loss(99.0), Label::Blunder);
        assert_eq!(Label::Blunder.mark(), Some(Mark::Blunder));
        assert_eq!(Label::Good.mark(), None);
    }

    #[test]
    fn a_thrown_away_piece_is_a_blunder_and_the_mate_is_best() {
        // White mates on its second move (`Se3-i3#`); Black's reply lets it happen.
        let mut game = Game::new();
        for m in ["Sa2-e3", "i3-g5", "Se3-i3#"] {
            game.play_text(m).unwrap();
        }
        let mut calls = Vec::new();
        let review = review(
            &game,
            &settings(),
            &mut |d, t| calls.push((d, t)),
            &StopFlag::new(),
        )
        .unwrap();
        // Three positions searched; the mated one is not.
        assert_eq!(calls.first(), Some(&(0, 3)));
        assert_eq!(calls.last(), Some(&(3, 3)));
        assert_eq!(review.moves.len(), 3);
        assert_eq!(review.evals.len(), 4);
        assert_eq!(review.evals[3], Eval::Mate(0));
        assert_eq!(review.white_chances()[3], 100.0);
        let black = &review.moves[1];
        assert_eq!(black.label, Label::Blunder, "{black:?}");
        assert_eq!(black.after, Eval::Mate(1));
        assert!(black.better.is_some() && black.better != Some(black.played));
        assert_eq!(review.moves[2].label, Label::Best);
        assert_eq!(review.black.blunders, 1);
        assert_eq!(review.black.worst, vec![1]);
        let notes = review.annotate(&[]);
        assert_eq!(notes[1].mark, Some(Mark::Blunder));
        assert_eq!(notes[2].eval, Some(Eval::Mate(0)));
    }

    #[test]
    fn a_stopped_review_says_so() {
        let mut game = Game::new();
        game.play_text("c4-d3").unwrap();
        let stop = StopFlag::new();
        stop.stop();
        let result = review(&game, &settings(), &mut |_, _| {}, &stop);
        assert_eq!(result, Err(ReviewError::Stopped));
    }

    #[test]
    fn an_unplayed_game_has_one_evaluation_and_no_moves() {
        let review = review(&Game::new(), &settings(), &mut |_, _| {}, &StopFlag::new()).unwrap();
        assert!(review.moves.is_empty());
        assert_eq!(review.evals.len(), 1);
        assert_eq!(review.white.accuracy, 100.0);
    }
}
