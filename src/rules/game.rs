//! A game: the moves played from a starting position, undo and redo, and how it ended.

use std::fmt;

use thiserror::Error;

use super::movegen::MoveError;
use super::moves::{Move, MoveList};
use super::notation::MoveTextError;
use super::piece::Side;
use super::position::{Position, Undo};

/// Half-moves without capture or pawn move that end the game in a draw.
pub const HALFMOVE_LIMIT: u32 = 100;

/// How many times a position must occur for the repetition draw.
pub const REPETITIONS: usize = 3;

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The loser is in check and has no legal move.
    Checkmate {
        /// Who delivered it.
        winner: Side,
    },
    /// The loser is not in check but has no legal move; in Parachess that loses too.
    Stalemate {
        /// Who delivered it.
        winner: Side,
    },
    /// The loser gave up.
    Resignation {
        /// The side that did not resign.
        winner: Side,
    },
    /// The same position with the same side to move occurred three times.
    Repetition,
    /// 100 half-moves in a row without a capture or a pawn move.
    FiftyMoves,
    /// Both players agreed to a draw.
    Agreement,
    /// The side to move ran out of time: it loses, unless the opponent has only its King left,
    /// which could never have mated, so the game is drawn.
    Time {
        /// The side whose time did not run out, or `None` for the draw against a lone King.
        winner: Option<Side>,
    },
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Checkmate { winner }
            | Outcome::Stalemate { winner }
            | Outcome::Resignation { winner } => Some(winner),
            Outcome::Time { winner } => winner,
            Outcome::Repetition | Outcome::FiftyMoves | Outcome::Agreement => None,
        }
    }

    /// The result as game records write it: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(self) -> &'static str {
        match self.winner() {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// What ended the game, in a few words.
    pub fn cause(self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate { .. } => "stalemate",
            Outcome::Resignation { .. } => "resignation",
            Outcome::Repetition => "threefold repetition",
            Outcome::FiftyMoves => "100 half-moves without capture or pawn move",
            Outcome::Agreement => "agreement",
            Outcome::Time { winner: Some(_) } => "time forfeit",
            Outcome::Time { winner: None } => "time running out against a lone King",
        }
    }
}

impl fmt::Display for Outcome {
    /// E.g. "White wins by stalemate", "Draw by threefold repetition".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(side) => write!(f, "{side} wins by {}", self.cause()),
            None => write!(f, "Draw by {}", self.cause()),
        }
    }
}

/// Why [`Game::play`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game has ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The move is not legal here.
    #[error(transparent)]
    Illegal(#[from] MoveError),
    /// The move text could not be read or is not legal.
    #[error(transparent)]
    Text(#[from] MoveTextError),
    /// Only the clock of the side to move runs, so only that side's time can run out.
    #[error("{0}'s clock is not running: only the side to move can run out of time")]
    NotOnTurn(Side),
}

/// One move of a game's history.
#[derive(Clone, Debug)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// It in move text, with check and mate marks.
    pub text: String,
    /// Whether it captured.
    pub capture: bool,
    undo: Undo,
}

/// A game in progress or finished: the single source of truth for what has been played.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    plies: Vec<Ply>,
    /// Hash of the start position, then of the position after each ply.
    hashes: Vec<u64>,
    /// Moves taken back, most recent last, for redo.
    redo: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from any position (a setup or a puzzle).
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            hashes: vec![start.hash()],
            position: start.clone(),
            start,
            plies: Vec::new(),
            redo: Vec::new(),
            outcome: None,
        };
        game.outcome = game.decide();
        game
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The moves played so far.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.plies.last().map(|p| p.mv)
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        if self.is_over() {
            MoveList::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// Plays `mv` if it is legal and the game is not over.
    pub fn play(&mut self, mv: Move) -> Result<&Ply, PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        self.position.check_move(mv)?;
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(self.push(mv))
    }

    /// Plays a move given in move text (or the bare form).
    pub fn play_text(&mut self, text: &str) -> Result<&Ply, PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        let mv = self.position.parse_move(text)?;
        self.play(mv)
    }

    fn push(&mut self, mv: Move) -> &Ply {
        let text = self.position.move_text(mv);
        let capture = self.position.is_capture(mv);
        let undo = self.position.make_move(mv);
        self.hashes.push(self.position.hash());
        self.plies.push(Ply {
            mv,
            text,
            capture,
            undo,
        });
        self.outcome = self.decide();
        &self.plies[self.plies.len() - 1]
    }

    /// Whether there is anything to take back (a move, or a resignation or agreement).
    pub fn can_undo(&self) -> bool {
        !self.plies.is_empty() || self.outcome.is_some_and(|o| o.is_declared())
    }

    /// Whether [`Game::redo`] has a move to replay.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && !self.is_over()
    }

    /// Takes back the last move and returns it. A declared result (resignation or agreement)
    /// is taken back first, on its own, and then `None` is returned with the moves untouched.
    pub fn undo(&mut self) -> Option<Move> {
        if self.outcome.is_some_and(|o| o.is_declared()) {
            self.outcome = self.decide();
            return None;
        }
        let ply = self.plies.pop()?;
        self.hashes.pop();
        self.position.unmake_move(ply.mv, ply.undo);
        self.redo.push(ply.mv);
        self.outcome = self.decide();
        Some(ply.mv)
    }

    /// Replays the last move taken back.
    pub fn redo(&mut self) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let mv = self.redo.pop()?;
        debug_assert!(self.position.is_legal(mv));
        self.push(mv);
        Some(mv)
    }

    /// Ends the game in a draw by agreement.
    pub fn agree_draw(&mut self) -> Result<(), PlayError> {
        self.declare(Outcome::Agreement)
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) -> Result<(), PlayError> {
        self.declare(Outcome::Resignation { winner: !side })
    }

    /// Records a result decided by the players rather than the board.
    pub fn declare(&mut self, outcome: Outcome) -> Result<(), PlayError> {
        match self.outcome {
            Some(o) => Err(PlayError::GameOver(o)),
            None => {
                self.outcome = Some(outcome);
                Ok(())
            }
        }
    }

    /// `side`'s time ran out: ends the game, lost for `side` unless the opponent has only its
    /// King left (then drawn). Only the side to move can run out of time, since only its clock
    /// runs.
    pub fn flag(&mut self, side: Side) -> Result<Outcome, PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        if side != self.position.turn() {
            return Err(PlayError::NotOnTurn(side));
        }
        let outcome = Outcome::Time {
            winner: (!self.has_only_king(!side)).then_some(!side),
        };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Whether `side` has nothing left but its King (the one thing that cannot win on time).
    pub fn has_only_king(&self, side: Side) -> bool {
        self.position.side_cells(side).len() <= 1
    }

    /// How often the current position has occurred (same placement, same side to move).
    pub fn repetitions(&self) -> usize {
        occurrences(&self.position, self.earlier())
    }

    /// The hashes of the positions before the current one, oldest first.
    fn earlier(&self) -> &[u64] {
        self.hashes.split_last().map_or(&[][..], |(_, e)| e)
    }

    /// The outcome the board itself decides now, if any.
    fn decide(&self) -> Option<Outcome> {
        board_outcome(&self.position, self.earlier())
    }
}

/// How often `pos` has occurred in a game whose earlier positions had the hashes `earlier`
/// (oldest first, `pos` itself not among them), counting `pos`: only positions since the last
/// capture or Pawn move can be equal to it.
fn occurrences(pos: &Position, earlier: &[u64]) -> usize {
    let now = pos.hash();
    let window = (pos.halfmove_clock() as usize).min(earlier.len());
    1 + earlier[earlier.len() - window..]
        .iter()
        .filter(|&&h| h == now)
        .count()
}

/// The outcome the board decides in `pos` (rule book §6): the side to move has no move
/// (checkmate or stalemate, both lost), the half-move limit, or the position's third
/// occurrence among `earlier` (the hashes of the game's earlier positions, oldest first).
/// Declared results (resignation, agreement, time) are the players', not the board's. Every
/// part of the program that plays a game to its end asks this, so that no two decide apart.
pub fn board_outcome(pos: &Position, earlier: &[u64]) -> Option<Outcome> {
    if !pos.has_legal_move() {
        let winner = !pos.turn();
        return Some(if pos.in_check() {
            Outcome::Checkmate { winner }
        } else {
            Outcome::Stalemate { winner }
        });
    }
    if pos.halfmove_clock() >= HALFMOVE_LIMIT {
        return Some(Outcome::FiftyMoves);
    }
    (occurrences(pos, earlier) >= REPETITIONS).then_some(Outcome::Repetition)
}

impl Outcome {
    /// Whether the players or their clocks, not the board, decided this result (so it can be
    /// taken back on its own, before any move).
    pub fn is_declared(self) -> bool {
        matches!(
            self,
            Outcome::Resignation { .. } | Outcome::Agreement | Outcome::Time { .. }
        )
    }
}
