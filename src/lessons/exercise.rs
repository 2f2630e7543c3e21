//! The rules of an exercise: what a learner's move or an opponent's reply does to a stage.
//! [`StageRun`](super::StageRun) and the solver both go through these two functions, so the
//! solver explores exactly the moves a learner can play and counts them the same way.

use std::collections::{HashMap, VecDeque};

use thiserror::Error;

use crate::rules::{
    Cell, CellSet, Move, MoveError, Outcome, PieceKind, Position, Side, board_outcome,
};

use super::{Goal, Opponent, Stage};

/// Why a move or click was not accepted. Nothing changes; the screen shows the sentence.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refusal {
    /// Against the rules, in the words the game uses in play.
    #[error("{0}")]
    Illegal(MoveError),
    /// A star exercise: the move neither lands on a star nor brings the piece closer to one.
    #[error(
        "that move does not bring your {0} closer to a star: land on a star or move toward one"
    )]
    NoProgress(PieceKind),
    /// The opponent does not move here, so its King may not be left in check.
    #[error(
        "that move would put the {colour} King in check, but here {side} does not move: leave the King alone",
        side = .0,
        colour = .0.name().to_lowercase()
    )]
    ChecksIdleKing(Side),
    /// In an exercise on an idle board the King stays put while other pieces do the work.
    #[error("in this exercise your King stays where it is: move your other pieces")]
    KingStays,
    /// A click exercise: this cell is not one of those asked for.
    #[error("{0} is not one of the cells asked for")]
    NotAsked(Cell),
    /// A click on a cell already found.
    #[error("you have found {0} already")]
    AlreadyFound(Cell),
    /// A click on the piece's own cell in a reach exercise.
    #[error("that is where the {0} stands: click the cells it can move to")]
    OwnCell(PieceKind),
    /// A move in a stage answered by clicking cells.
    #[error("in this exercise no piece moves: click the cells instead")]
    ClickInstead,
    /// A click in a stage answered by moving pieces.
    #[error("in this exercise you move a piece: drag it, or click it and then its target")]
    MoveInstead,
    /// The learner moved while the opponent's reply is awaited.
    #[error("wait for {0}'s reply")]
    AwaitingReply(Side),
    /// A reply given when none is awaited.
    #[error("no reply is expected now")]
    NoReplyExpected,
    /// The reply handed in is not legal (a bug in the caller, not the learner's doing).
    #[error("the reply is not legal: {0}")]
    BadReply(MoveError),
    /// The attempt has ended (completed or failed): restart to play again.
    #[error("this attempt is over: start the stage again")]
    Over,
}

/// Why an attempt failed; the screen shows the sentence and offers to start again.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Failure {
    /// The move limit is used up without reaching the goal.
    #[error("{0}")]
    Missed(Miss),
    /// The learner won, but not in the way the stage teaches.
    #[error(
        "that is checkmate, which wins too, but this exercise asks for a stalemate: leave {0} without a move while its King is not in check"
    )]
    MateNotStalemate(Side),
    /// The learner won by stalemate where checkmate was asked for.
    #[error(
        "{0} has no legal move, so you win by stalemate, but this exercise asks for checkmate: attack the King as well"
    )]
    StalemateNotMate(Side),
    /// The opponent left the learner without a legal move.
    #[error("{0} has left you without a legal move, and in Parachess that loses")]
    Lost(Side),
    /// The game was drawn where a win was asked for.
    #[error("the game is drawn by {}", .0.cause())]
    Drawn(Outcome),
    /// The learner has no legal move on an idle board.
    #[error("you have no legal move left")]
    Stuck,
}

/// How a stage's move limit ran out: the goal, and the side that should have been beaten.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum Miss {
    /// A check was asked for.
    #[error("that move does not put the {} King in check", .0.name().to_lowercase())]
    NoCheck(Side),
    /// Mate in one: the move checks, but the King escapes.
    #[error("that is check, but not checkmate: {0} can still get out of it")]
    CheckNotMate(Side),
    /// Mate in one: no check at all.
    #[error("that move does not checkmate {0}")]
    NotMate(Side),
    /// Mate in `n` (more than one).
    #[error("you have used your {0} moves and {1} is not checkmated")]
    NotMatedIn(u32, Side),
    /// Stalemate in one.
    #[error("{0} still has a legal move")]
    StillMoves(Side),
    /// Stalemate in `n`.
    #[error("you have used your {0} moves and {1} can still move")]
    StillMovesAfter(u32, Side),
    /// Draw in one.
    #[error("that move does not draw the game")]
    NoDraw,
    /// Draw in `n`.
    #[error("the game is not drawn after your {0} moves")]
    NotDrawnAfter(u32),
}

/// Where an attempt stands: the position and what is left to do.
#[derive(Clone, Debug)]
pub(crate) struct State {
    pub pos: Position,
    /// Stars not yet collected.
    pub stars: CellSet,
    /// Hashes of earlier positions of this game, oldest first (for repetitions).
    pub history: Vec<u64>,
    /// Learner moves made.
    pub moves: u32,
}

impl State {
    pub fn start(stage: &Stage) -> State {
        State {
            pos: stage.start.clone(),
            stars: match stage.goal {
                Goal::Stars(cells) => cells,
                _ => CellSet::EMPTY,
            },
            history: stage.history.clone(),
            moves: 0,
        }
    }

    /// A key for the solver's visited sets: placement, side to move and stars left.
    pub fn key(&self) -> (u64, u128) {
        (self.pos.hash(), self.stars.0)
    }
}

/// What a move did.
#[derive(Clone, Debug)]
pub(crate) enum Step {
    /// The learner moves again (idle opponent, or after a reply).
    Continue(State),
    /// The opponent replies next.
    Reply(State),
    /// The goal is reached.
    Done(State),
    /// The attempt failed.
    Failed(State, Failure),
}

/// Whether a goal judged by the move itself (not by the game's end) is reached by `mv`, now
/// played (`after` has the opponent to move).
fn goal_met(stage: &Stage, after: &Position, stars: CellSet, mv: Move) -> bool {
    let them = after.turn();
    match stage.goal {
        Goal::Stars(_) => stars.is_empty(),
        Goal::CaptureAll => {
            (after.side_cells(them) & !after.kind_cells(PieceKind::King)).is_empty()
        }
        Goal::Promote => mv.promotion.is_some(),
        Goal::Check => after.in_check(),
        Goal::EscapeCheck => true,
        Goal::Click(_) | Goal::Reach(_) | Goal::Mate(_) | Goal::Stalemate(_) | Goal::Draw(_) => {
            false
        }
    }
}

/// The sentence for a limit used up without reaching the goal.
fn missed(stage: &Stage, after: &Position) -> Failure {
    let them = after.turn();
    let n = stage.goal.limit().unwrap_or(0);
    Failure::Missed(match stage.goal {
        Goal::Check => Miss::NoCheck(them),
        Goal::Mate(1) if after.in_check() => Miss::CheckNotMate(them),
        Goal::Mate(1) => Miss::NotMate(them),
        Goal::Mate(_) => Miss::NotMatedIn(n, them),
        Goal::Stalemate(1) => Miss::StillMoves(them),
        Goal::Stalemate(_) => Miss::StillMovesAfter(n, them),
        Goal::Draw(1) => Miss::NoDraw,
        _ => Miss::NotDrawnAfter(n),
    })
}

/// Star distances already worked out, by (position, piece's cell, stars left): the solver asks
/// for the same ones again and again.
#[derive(Clone, Debug, Default)]
pub(crate) struct Distances {
    known: HashMap<(u64, Cell, u128), Vec<Option<u32>>>,
}

/// Entries kept before the cache starts afresh (each is a few dozen bytes).
const MAX_DISTANCES: usize = 200_000;

impl Distances {
    fn get(&mut self, pos: &Position, from: Cell, stars: CellSet) -> Vec<Option<u32>> {
        let key = (pos.hash(), from, stars.0);
        if let Some(found) = self.known.get(&key) {
            return found.clone();
        }
        if self.known.len() >= MAX_DISTANCES {
            self.known.clear();
        }
        let found = star_distances(pos, from, stars);
        self.known.insert(key, found.clone());
        found
    }
}

/// The learner plays `mv` in `state` (the learner to move).
pub(crate) fn learner_move(
    stage: &Stage,
    state: &State,
    mv: Move,
    distances: &mut Distances,
) -> Result<Step, Refusal> {
    if stage.wants_clicks() {
        return Err(Refusal::ClickInstead);
    }
    let before = &state.pos;
    before.check_move(mv).map_err(Refusal::Illegal)?;
    let us = before.turn();
    if king_stays(stage, before) && before.king(us) == Some(mv.from) {
        return Err(Refusal::KingStays);
    }
    let after = before.after(mv);
    let mut stars = state.stars;
    if !stars.is_empty()
        && !stars.contains(mv.to)
        && !closer_to_a_star(before, mv, &after, stars, distances)
    {
        let mover = before.piece_at(mv.from).map_or(PieceKind::King, |p| p.kind);
        return Err(Refusal::NoProgress(mover));
    }
    stars.remove(mv.to);
    let mut history = state.history.clone();
    history.push(before.hash());
    let moves = state.moves + 1;
    let ends_game = stage.opponent != Opponent::Passive || stage.goal.allows_replies();
    let outcome = if ends_game {
        board_outcome(&after, &history)
    } else {
        None
    };
    let done = goal_met(stage, &after, stars, mv);
    let passive = stage.opponent == Opponent::Passive;
    let state = State {
        pos: after,
        stars,
        history,
        moves,
    };
    if done {
        return Ok(Step::Done(state));
    }
    let failure = match (outcome, &stage.goal) {
        (Some(Outcome::Checkmate { .. }), Goal::Mate(_))
        | (Some(Outcome::Stalemate { .. }), Goal::Stalemate(_))
        | (Some(_), Goal::Draw(_)) => return Ok(Step::Done(state)),
        (Some(Outcome::Checkmate { .. }), _) => Some(Failure::MateNotStalemate(!us)),
        (Some(Outcome::Stalemate { .. }), _) => Some(Failure::StalemateNotMate(!us)),
        (Some(outcome), _) => Some(Failure::Drawn(outcome)),
        (None, goal) if goal.limit().is_some_and(|n| moves >= n) => Some(missed(stage, &state.pos)),
        (None, _) => None,
    };
    if let Some(failure) = failure {
        return Ok(Step::Failed(state, failure));
    }
    if !passive {
        return Ok(Step::Reply(state));
    }
    let pos = state
        .pos
        .with_turn(us)
        .map_err(|_| Refusal::ChecksIdleKing(!us))?;
    // A new position as far as repetitions go: the opponent never moved.
    let state = State {
        pos,
        history: Vec::new(),
        ..state
    };
    if state.pos.has_legal_move() {
        Ok(Step::Continue(state))
    } else {
        Ok(Step::Failed(state, Failure::Stuck))
    }
}

/// Whether the learner's King must stay put: in star, capture and promotion exercises, when the
/// learner has other pieces to do the work (the King walks only when it is alone).
pub(crate) fn king_stays(stage: &Stage, pos: &Position) -> bool {
    matches!(
        stage.goal,
        Goal::Stars(_) | Goal::CaptureAll | Goal::Promote
    ) && pos.side_cells(pos.turn()).len() > 1
}

/// The opponent plays `mv` in `state` (the opponent to move).
pub(crate) fn opponent_move(stage: &Stage, state: &State, mv: Move) -> Result<Step, Refusal> {
    let before = &state.pos;
    before.check_move(mv).map_err(Refusal::BadReply)?;
    let mut history = state.history.clone();
    history.push(before.hash());
    let after = before.after(mv);
    let outcome = board_outcome(&after, &history);
    let state = State {
        pos: after,
        stars: state.stars,
        history,
        moves: state.moves,
    };
    Ok(match outcome {
        None => Step::Continue(state),
        Some(o) if o.winner().is_some() => Step::Failed(state, Failure::Lost(before.turn())),
        Some(_) if matches!(stage.goal, Goal::Draw(_)) => Step::Done(state),
        Some(o) => Step::Failed(state, Failure::Drawn(o)),
    })
}

/// Fewest moves for the piece on `from` alone (every other piece standing still) to land on each
/// cell of `stars`, in the order of the set; `None` where it cannot. Intermediate moves obey the
/// idle-opponent rule (no check); the landing move only has to be legal.
pub(crate) fn star_distances(pos: &Position, from: Cell, stars: CellSet) -> Vec<Option<u32>> {
    let us = pos.turn();
    let mut found: HashMap<Cell, u32> = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert((pos.hash(), from));
    queue.push_back((pos.clone(), from, 0u32));
    while let Some((p, at, d)) = queue.pop_front() {
        if found.len() == stars.len() {
            break;
        }
        for to in p.legal_targets(at) {
            if stars.contains(to) {
                found.entry(to).or_insert(d + 1);
            }
            // Promotions end a piece's walk as that piece; a star exercise rarely needs them.
            let mv = if p.is_promotion(at, to) {
                Move::promoting(at, to, PieceKind::Queen)
            } else {
                Move::new(at, to)
            };
            let Ok(next) = p.after(mv).with_turn(us) else {
                continue;
            };
            if seen.insert((next.hash(), to)) {
                queue.push_back((next, to, d + 1));
            }
        }
    }
    stars.map(|s| found.get(&s).copied()).collect()
}

/// Whether `mv` (giving `after`, opponent to move) shortens the moved piece's way to some star.
fn closer_to_a_star(
    before: &Position,
    mv: Move,
    after: &Position,
    stars: CellSet,
    distances: &mut Distances,
) -> bool {
    let Ok(after) = after.with_turn(before.turn()) else {
        // The move checks the idle King: refused later with that reason, not this one.
        return true;
    };
    let was = distances.get(before, mv.from, stars);
    let now = distances.get(&after, mv.to, stars);
    was.iter().zip(&now).any(|pair| match pair {
        (Some(w), Some(n)) => n < w,
        (None, Some(_)) => true,
        _ => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repetition_counts_only_since_the_last_irreversible_move() {
        let pos = Position::start();
        let h = pos.hash();
        assert_eq!(
            board_outcome(&pos, &[h, 1, h]),
            None,
            "half-move clock 0: nothing repeats"
        );
        let later: Position = "rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 4 3"
            .parse()
            .unwrap();
        assert_eq!(
            board_outcome(&later, &[h, 1, h, 2]),
            Some(Outcome::Repetition)
        );
        assert_eq!(board_outcome(&later, &[h, 1, 3, 2]), None, "only twice");
        assert_eq!(
            board_outcome(&later, &[h, h, 7, 1, 3, 2]),
            None,
            "occurrences before the last capture or Pawn move do not count"
        );
    }
}
