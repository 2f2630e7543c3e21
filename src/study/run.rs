//! Playing one puzzle: the player moves, the run answers with the defender's reply or explains
//! why the move is wrong and what the solution was.
//!
//! Which moves count as right:
//! * the first move must be the puzzle's (the checker proves no other first move does as well);
//! * later, in a `mate` or `stalemate` puzzle, any move that still forces the win within the
//!   moves left is right (an alternative mate in one included), and the defender then answers
//!   with its longest defence, found by the exact solver; in a `material` puzzle only the
//!   puzzle's move is right (the checker proves every other one falls clearly short).
//!
//! A wrong move changes nothing: the player may try again (the run counts the mistake).
//! Answers take a few milliseconds in a release build (exact searches of at most three moves).

use std::fmt;

use crate::rules::{Game, Move, MoveError, PieceKind, Position, Side};

use super::puzzle::{Puzzle, Theme};
use super::solve::{MateSolver, MaterialSearch, material_balance};

/// What a right move led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleStep {
    /// Right; the defender answered with `reply` (already played: animate it).
    Continue {
        /// The defender's move.
        reply: Move,
        /// It in move text.
        reply_text: String,
    },
    /// Right, and the puzzle is solved.
    Solved,
}

/// A wrong move, explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wrong {
    /// The move tried.
    pub played: Move,
    /// The move that was expected here (for the arrow / "show solution"), if legal moves
    /// remain.
    pub solution: Option<Move>,
    /// It in move text.
    pub solution_text: String,
    /// The defender's answer that refutes the tried move, when there is one.
    pub refutation: Option<Move>,
    /// Why the move fails (`Display` says it in an English sentence).
    pub explanation: Explanation,
}

/// The defender's answer that refutes a wrong move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Who answers.
    pub defender: Side,
    /// The answer in move text.
    pub text: String,
    /// What it captures of the solver's, if anything.
    pub taking: Option<PieceKind>,
}

impl fmt::Display for Answer {
    /// "`Qc6-c5`, taking your Sorcerer".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)?;
        match self.taking {
            Some(kind) => write!(f, ", taking your {}", kind.name()),
            None => Ok(()),
        }
    }
}

/// Why a move is not the solution: what the game shows (in its own words per language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// Against the rules.
    Illegal(MoveError),
    /// The rules refused to play it after all (a bug, not the player's doing).
    CannotPlay,
    /// No forced win in the moves left, and no single defence to show.
    NotInTime,
    /// The answer leaves the solver without a legal move.
    Loses(Answer),
    /// Mate in one asked for; the defender still has a move.
    NotMate(Answer),
    /// Stalemate in one asked for; the defender still has a move.
    LeavesAMove(Answer),
    /// After the answer there is no forced mate (`mate`) or win in `moves`.
    Escapes {
        /// The refutation.
        answer: Answer,
        /// Whether the puzzle asks for checkmate (else for a win by stalemate).
        mate: bool,
        /// The solver's moves that would be left.
        moves: u32,
    },
    /// A material puzzle's move that is simply not the one.
    NotTheSolution,
    /// The answer wins material back.
    LosesMaterial(Answer),
    /// The answer leaves the balance as it was.
    WinsNothing(Answer),
    /// Some material is won, but less than the solution wins (in pawns, one decimal).
    WinsLess {
        /// The refutation.
        answer: Answer,
        /// Pawns won, e.g. "1" or "2.5".
        pawns: String,
    },
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Explanation as E;
        match self {
            E::Illegal(e) => write!(f, "That move is not legal: {e}."),
            E::CannotPlay => f.write_str("That move cannot be played."),
            E::NotInTime => f.write_str("That does not force the win in time."),
            E::Loses(a) => write!(
                f,
                "That loses: {} answers {a} and {} has no legal move.",
                a.defender, !a.defender
            ),
            E::NotMate(a) => write!(f, "That is not checkmate: {} can answer {a}.", a.defender),
            E::LeavesAMove(a) => write!(
                f,
                "That leaves {d} a move: {d} can answer {a}.",
                d = a.defender
            ),
            E::Escapes {
                answer,
                mate,
                moves,
            } => write!(
                f,
                "That lets {} escape: after {answer}, there is no forced {} in {}.",
                answer.defender,
                if *mate { "checkmate" } else { "win" },
                match moves {
                    1 => "one".to_string(),
                    n => n.to_string(),
                }
            ),
            E::NotTheSolution => f.write_str("That is not the solution."),
            E::LosesMaterial(a) => write!(f, "That loses material: {} answers {a}.", a.defender),
            E::WinsNothing(a) => write!(f, "That wins nothing: {} answers {a}.", a.defender),
            E::WinsLess { answer, pawns } => write!(
                f,
                "That wins only {pawns} pawn{}: {} answers {answer}, and the solution wins more.",
                if pawns == "1" { "" } else { "s" },
                answer.defender
            ),
        }
    }
}

/// One attempt at a puzzle.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    puzzle: Puzzle,
    game: Game,
    /// Whether every move so far was the puzzle's own (so the stored replies apply).
    on_script: bool,
    mistakes: u32,
    solved: bool,
}

impl PuzzleRun {
    /// A run at the puzzle's start.
    pub fn new(puzzle: &Puzzle) -> PuzzleRun {
        PuzzleRun {
            puzzle: puzzle.clone(),
            game: Game::from_position(puzzle.position.clone()),
            on_script: true,
            mistakes: 0,
            solved: false,
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position the player faces now.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The moves played so far (the player's and the replies), as a game from the puzzle's
    /// position.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The side the player moves.
    pub fn solver(&self) -> Side {
        self.puzzle.solver()
    }

    /// Whether the puzzle is solved.
    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// Wrong moves tried so far.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Solver moves left, this one included.
    fn moves_left(&self) -> u32 {
        let played = self.game.plies().len() as u32;
        (self.puzzle.solver_moves() as u32).saturating_sub(played / 2)
    }

    /// The move the solution plays now (a hint), if the puzzle is not over.
    pub fn expected(&self) -> Option<Move> {
        if self.solved {
            return None;
        }
        let step = self.game.plies().len();
        if self.on_script {
            return self.puzzle.solution.get(step).copied();
        }
        let mut pos = self.position().clone();
        MateSolver::new().winning_move(&mut pos, self.moves_left())
    }

    /// Plays the player's move `mv`: right moves are played with the defender's answer; a
    /// wrong one is explained and not played.
    pub fn try_move(&mut self, mv: Move) -> Result<PuzzleStep, Wrong> {
        if self.solved {
            return Ok(PuzzleStep::Solved);
        }
        let step = self.game.plies().len();
        let expected = self.expected();
        let mut pos = self.position().clone();
        if let Err(e) = pos.check_move(mv) {
            return Err(self.wrong(mv, expected, None, Explanation::Illegal(e)));
        }
        let left = self.moves_left();
        let stored = self.on_script && Some(mv) == expected;
        let right = stored
            || match self.puzzle.theme {
                _ if !pos.after(mv).has_legal_move() => true,
                Theme::Mate | Theme::Stalemate if step > 0 => {
                    MateSolver::new().move_wins(&mut pos, mv, left)
                }
                _ => false,
            };
        if !right {
            let (refutation, explanation) = match self.puzzle.theme {
                Theme::Mate | Theme::Stalemate => self.explain_win(mv, left),
                Theme::Material => self.explain_material(mv),
            };
            return Err(self.wrong(mv, expected, refutation, explanation));
        }
        self.on_script = stored;
        if self.game.play(mv).is_err() {
            return Err(self.wrong(mv, expected, None, Explanation::CannotPlay));
        }
        let script_done = self.on_script && self.game.plies().len() >= self.puzzle.solution.len();
        if self.game.is_over() || script_done {
            self.solved = true;
            return Ok(PuzzleStep::Solved);
        }
        let reply = if self.on_script {
            self.puzzle.solution.get(step + 1).copied()
        } else {
            let mut p = self.position().clone();
            MateSolver::new()
                .best_defences(&mut p, left.saturating_sub(1))
                .and_then(|(_, replies)| replies.first().copied())
                .or_else(|| p.legal_moves().first().copied())
        };
        // A stored reply that is not legal cannot come from a read puzzle; end the run then.
        let Some(reply) = reply.filter(|&r| self.position().is_legal(r)) else {
            self.solved = true;
            return Ok(PuzzleStep::Solved);
        };
        let reply_text = self.position().move_text(reply);
        if self.game.play(reply).is_err() {
            self.solved = true;
            return Ok(PuzzleStep::Solved);
        }
        Ok(PuzzleStep::Continue { reply, reply_text })
    }

    fn wrong(
        &mut self,
        played: Move,
        solution: Option<Move>,
        refutation: Option<Move>,
        explanation: Explanation,
    ) -> Wrong {
        self.mistakes = self.mistakes.saturating_add(1);
        Wrong {
            played,
            solution,
            solution_text: solution
                .filter(|&m| self.position().is_legal(m))
                .map(|m| self.position().move_text(m))
                .unwrap_or_default(),
            refutation,
            explanation,
        }
    }

    /// The defender's `reply` in `pos`, as shown.
    fn answer(pos: &Position, reply: Move) -> Answer {
        Answer {
            defender: pos.turn(),
            text: pos.move_text(reply),
            taking: pos.piece_at(reply.to).map(|p| p.kind),
        }
    }

    fn explain_win(&self, mv: Move, left: u32) -> (Option<Move>, Explanation) {
        let mut after = self.position().after(mv);
        let Some(reply) = MateSolver::new().escape(&mut after, left.saturating_sub(1)) else {
            return (None, Explanation::NotInTime);
        };
        let answer = Self::answer(&after, reply);
        let then = after.after(reply);
        let explanation = if !then.has_legal_move() {
            Explanation::Loses(answer)
        } else if left <= 1 {
            match self.puzzle.theme {
                Theme::Mate => Explanation::NotMate(answer),
                _ => Explanation::LeavesAMove(answer),
            }
        } else {
            Explanation::Escapes {
                answer,
                mate: self.puzzle.theme == Theme::Mate,
                moves: left - 1,
            }
        };
        (Some(reply), explanation)
    }

    fn explain_material(&self, mv: Move) -> (Option<Move>, Explanation) {
        let side = self.solver();
        let start = material_balance(&self.puzzle.position, side);
        let draw_for_white = if side == Side::White { start } else { -start };
        let plies_left = self
            .puzzle
            .solution
            .len()
            .saturating_sub(self.game.plies().len());
        let depth = plies_left.saturating_sub(2) as u32;
        let mut after = self.position().after(mv);
        let mut search = MaterialSearch::new(draw_for_white);
        let Some((reply, value)) = search.best_move(&mut after, depth) else {
            return (None, Explanation::NotTheSolution);
        };
        let gain = -value - start;
        let answer = Self::answer(&after, reply);
        let explanation = if gain <= -100 {
            Explanation::LosesMaterial(answer)
        } else if gain < 100 {
            Explanation::WinsNothing(answer)
        } else {
            let pawns = format!("{:.1}", f64::from(gain) / 100.0);
            Explanation::WinsLess {
                answer,
                pawns: pawns.trim_end_matches(".0").to_string(),
            }
        };
        (Some(reply), explanation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::puzzle::parse_line;

    /// After `Qa4-d4 Rk3-k2` (the records tests), `j2xk2=Q#` mates.
    fn mate_in_one() -> Puzzle {
        let mut pos: Position = "k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 0 1".parse().unwrap();
        for text in ["Qa4-d4", "Rk3-k2"] {
            let mv = pos.parse_move(text).unwrap();
            pos.make_move(mv);
        }
        parse_line(&format!("{pos}\tj2xk2=Q#\tmate\t800")).unwrap()
    }

    #[test]
    fn the_solution_solves() {
        let p = mate_in_one();
        let mut run = PuzzleRun::new(&p);
        assert_eq!(run.expected(), Some(p.solution[0]));
        assert_eq!(run.try_move(p.solution[0]), Ok(PuzzleStep::Solved));
        assert!(run.is_solved());
        assert_eq!(run.mistakes(), 0);
        assert!(run.game().is_over());
    }

    #[test]
    fn a_wrong_move_is_explained_and_not_played() {
        let p = mate_in_one();
        let mut run = PuzzleRun::new(&p);
        let before = run.position().clone();
        let mate = p.solution[0];
        let wrong = before
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != mate && before.after(m).has_legal_move())
            .unwrap();
        let answer = run.try_move(wrong).unwrap_err();
        assert_eq!(answer.played, wrong);
        assert_eq!(answer.solution, Some(mate));
        assert_eq!(answer.solution_text, "j2xk2=Q#");
        assert!(answer.refutation.is_some());
        let said = answer.explanation.to_string();
        assert!(
            said.starts_with("That is not checkmate") || said.starts_with("That loses"),
            "{said}"
        );
        assert_eq!(run.position(), &before);
        assert_eq!(run.mistakes(), 1);
        // An illegal move is refused with the rules' reason.
        let illegal = Move::new(mate.to, mate.from);
        let answer = run.try_move(illegal).unwrap_err();
        assert!(
            matches!(answer.explanation, Explanation::Illegal(_)),
            "{}",
            answer.explanation
        );
        assert!(answer.explanation.to_string().contains("not legal"));
        // And the right move still works.
        assert_eq!(run.try_move(mate), Ok(PuzzleStep::Solved));
    }
}
