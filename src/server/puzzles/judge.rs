//! Judging a player's moves in a puzzle, statelessly: the page sends all of the solver's moves
//! so far, and the puzzle's line is replayed against them, so a reconnection or a repeated
//! message needs no state kept per connection.
//!
//! A move is right when it is the line's, or when it ends the game at once (no legal move
//! for the defender: checkmate, or the stalemate that wins in Parachess). The defender's
//! replies are the line's own. The first move that is not legal stops the judging (nothing is
//! counted); the first legal move that is not right fails the puzzle.

use crate::rules::{Move, Position};
use crate::server::refusals::{self, Said};
use crate::study::Puzzle;

/// One half-move played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// In move text.
    pub text: String,
    /// The position it was played in.
    pub before: Position,
    /// The position after it.
    pub after: Position,
}

/// What the solver's moves led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right so far; the reply was played; the solver moves again.
    Continue,
    /// Solved.
    Solved,
    /// A legal move that is not right.
    Failed {
        /// It, in move text.
        played: String,
        /// The line's move there, in move text.
        best: String,
    },
    /// A move against the rules: the rules' reason, in both languages (nothing counted).
    Illegal(Said),
}

/// The judgement: the verdict, and the line played up to it (right moves and replies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// What the moves led to.
    pub verdict: Verdict,
    /// The half-moves played, from the puzzle's position.
    pub line: Vec<Played>,
}

impl Judged {
    /// The position after the line.
    pub fn position<'a>(&'a self, puzzle: &'a Puzzle) -> &'a Position {
        self.line.last().map_or(&puzzle.position, |p| &p.after)
    }
}

/// Plays `mv` on `pos`, recording it.
fn play(pos: &mut Position, line: &mut Vec<Played>, mv: Move) {
    let before = pos.clone();
    let text = pos.move_text(mv);
    pos.make_move(mv);
    line.push(Played {
        mv,
        text,
        before,
        after: pos.clone(),
    });
}

/// Judges the solver's `moves` (bare or move text) in `puzzle`. Moves after the one that
/// decides (solves, fails or is illegal) are ignored; no moves at all is `Continue` at the
/// start.
pub fn judge(puzzle: &Puzzle, moves: &[String]) -> Judged {
    let mut pos = puzzle.position.clone();
    let mut line = Vec::new();
    for text in moves {
        let step = line.len();
        let Some(&expected) = puzzle.solution.get(step) else {
            // The line has ended: already solved.
            break;
        };
        let mv = match pos.parse_move(text.trim()) {
            Ok(mv) => mv,
            Err(e) => {
                return Judged {
                    verdict: Verdict::Illegal(refusals::move_text_error(&e)),
                    line,
                };
            }
        };
        let ends = !pos.after(mv).has_legal_move();
        if mv != expected && !ends {
            let verdict = Verdict::Failed {
                played: pos.move_text(mv),
                best: pos.move_text(expected),
            };
            return Judged { verdict, line };
        }
        play(&mut pos, &mut line, mv);
        if ends || line.len() >= puzzle.solution.len() {
            return Judged {
                verdict: Verdict::Solved,
                line,
            };
        }
        match puzzle.solution.get(line.len()) {
            Some(&reply) if pos.is_legal(reply) => play(&mut pos, &mut line, reply),
            // A read puzzle's replies are legal; should one not be, the solver has won.
            _ => {
                return Judged {
                    verdict: Verdict::Solved,
                    line,
                };
            }
        }
    }
    let verdict = if line.len() >= puzzle.solution.len() {
        Verdict::Solved
    } else {
        Verdict::Continue
    };
    Judged { verdict, line }
}

/// The whole solution, played out.
pub fn solution(puzzle: &Puzzle) -> Vec<Played> {
    let mut pos = puzzle.position.clone();
    let mut line = Vec::new();
    for &mv in &puzzle.solution {
        if !pos.is_legal(mv) {
            break;
        }
        play(&mut pos, &mut line, mv);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::puzzle::parse_line;

    /// White mates in two: `Qa4-d4 Rk3-k2 j2xk2=Q#` (the study tests' line).
    fn mate_in_two() -> Puzzle {
        parse_line("k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 0 1\tQa4-d4 Rk3-k2 j2xk2=Q#\tmate\t1200")
            .unwrap()
    }

    fn texts(p: &Puzzle) -> Vec<String> {
        solution(p).iter().map(|x| x.mv.to_string()).collect()
    }

    #[test]
    fn the_line_solves_move_by_move() {
        let p = mate_in_two();
        let line = texts(&p);
        assert_eq!(line.len(), 3);
        let first = judge(&p, &line[..1]);
        assert_eq!(first.verdict, Verdict::Continue);
        assert_eq!(first.line.len(), 2, "the reply is played");
        assert_eq!(first.line[1].mv.to_string(), line[1]);
        let done = judge(&p, &[line[0].clone(), line[2].clone()]);
        assert_eq!(done.verdict, Verdict::Solved);
        assert!(!done.position(&p).has_legal_move());
        // Move text works as well as bare moves; extra moves after the end are ignored.
        let typed = judge(&p, &["Qa4-d4".into(), "j2xk2=Q#".into(), "a1a2".into()]);
        assert_eq!(typed.verdict, Verdict::Solved);
        assert_eq!(judge(&p, &[]).verdict, Verdict::Continue);
    }

    #[test]
    fn a_wrong_move_fails_and_an_illegal_one_says_why() {
        let p = mate_in_two();
        let start = p.position.clone();
        let wrong = start
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != p.solution[0] && start.after(m).has_legal_move())
            .unwrap();
        let j = judge(&p, &[wrong.to_string()]);
        let Verdict::Failed { played, best } = &j.verdict else {
            panic!("{:?}", j.verdict);
        };
        assert_eq!(played, &start.move_text(wrong));
        assert_eq!(best, "Qa4-d4");
        assert!(j.line.is_empty());
        let bad = judge(&p, &["a1k9".to_string()]);
        let Verdict::Illegal(why) = &bad.verdict else {
            panic!("{:?}", bad.verdict);
        };
        assert!(!why.en.is_empty() && !why.de.is_empty());
        let nonsense = judge(&p, &["<script>".to_string()]);
        assert!(matches!(nonsense.verdict, Verdict::Illegal(_)));
    }

    #[test]
    fn every_shipped_solution_solves() {
        let puzzles = crate::study::builtin().unwrap();
        for (i, p) in puzzles.iter().enumerate() {
            let mine: Vec<String> = texts(p).into_iter().step_by(2).collect();
            assert_eq!(judge(p, &mine).verdict, Verdict::Solved, "puzzle {}", i + 1);
        }
    }
}
