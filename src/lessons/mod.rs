//! Learn Parachess: lessons as data, goals checked by the rules engine, and a solver that proves
//! every stage solvable. Pure Rust, no Bevy: the learn screen drives a [`StageRun`], the CLI
//! (`parachess lessons check`) runs [`solve`] on every stage.
//!
//! * A [`Lesson`] is one RON file in `assets/lessons/` (embedded in the binary, [`builtin`]);
//!   [`load_dir`] reads a folder instead. Its words in other languages are files of words only
//!   (`assets/lessons/de/`), laid over it by [`builtin_in`]. Its [`Stage`]s each have a position, a [`Goal`] and an
//!   [`Opponent`].
//! * [`StageRun`] is one attempt at a stage: the screen forwards moves ([`StageRun::try_move`])
//!   or cell clicks ([`StageRun::click`]) and shows the [`Progress`] or the [`Refusal`]'s
//!   sentence.
//! * [`solve`] finds the fewest moves (breadth-first over positions when the opponent does not
//!   move; an AND-OR search over every defence when it does), which sets the stars
//!   ([`stars_for`]).
//!
//! # Opponents that do not move
//!
//! With [`Opponent::Passive`] the learner moves again after every move: the rules hand the move
//! back with [`Position::with_turn`]. A move that would leave the opponent's King attacked
//! cannot be handed back (the learner could then take the King), so it is refused with
//! [`Refusal::ChecksIdleKing`], unless it completes the stage (a checkmate in a mate stage, the
//! last star, the last capture). The solver applies the same rule, so the fewest moves it
//! reports are moves the learner can really play.

/// Embeds the built-in lessons' files from `assets/lessons/` + `$folder` (`""`: the lessons,
/// `"de/"`: their German words) as (id, file text), in teaching order: the one list of ids.
macro_rules! embed_lessons {
    ($folder:literal) => {
        embed_lessons!(@ $folder:
            "01-board",
            "02-steps",
            "03-rook",
            "04-diagonal-paths",
            "05-wave-paths",
            "06-bishop",
            "07-queen",
            "08-knight-leaps",
            "09-archer-leaps",
            "10-sorcerer",
            "11-king",
            "12-pawn",
            "13-check-and-mate",
            "14-stalemate",
            "15-draws",
        )
    };
    (@ $folder:literal: $($id:literal),* $(,)?) => {
        &[$(($id, include_str!(concat!("../../assets/lessons/", $folder, $id, ".ron")))),*]
    };
}

mod exercise;
mod format;
mod run;
mod solve;
mod translate;

use crate::rules::{Cell, CellSet, Position, Side};
use crate::store::LessonProgress;

pub use exercise::{Failure, Miss, Refusal};
pub use format::{
    BUILTIN, LessonError, LessonErrorKind, builtin, lesson_files, load_dir, load_file, parse_lesson,
};
pub use run::{Progress, ReplyKind, ReplyRequest, RunState, StageResult, StageRun};
pub use solve::{Solution, Unsolvable, check_stage, solve};
pub use translate::builtin_in;

/// Moves the learner may be asked to find in a mate, stalemate or draw stage (the solver proves
/// these by searching every defence, which grows fast with depth).
pub const MAX_FORCED_MOVES: u32 = 3;

/// Engine depth (half-moves) of an opponent that replies with the engine's best move.
pub const DEFAULT_ENGINE_DEPTH: u32 = 2;

/// A lesson: a few stages on one idea, in teaching order.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The file name without `.ron` (`01-board`): the key progress is saved under.
    pub id: String,
    /// Shown in the lesson list.
    pub title: String,
    /// One or two sentences shown before the first stage.
    pub intro: String,
    /// The exercises, in order.
    pub stages: Vec<Stage>,
    /// Where the lesson came from (`assets/lessons/01-board.ron` or the file read), for messages.
    pub file: String,
}

/// One exercise.
#[derive(Clone, Debug)]
pub struct Stage {
    /// A few words.
    pub title: String,
    /// One or two sentences saying what to do.
    pub text: String,
    /// Extra help the screen may show on request.
    pub hint: Option<String>,
    /// Cells the screen marks to help (a piece's start, a line to follow).
    pub highlight: CellSet,
    /// The position the stage starts from; the side to move is the learner.
    pub start: Position,
    /// Hashes of the positions played before `start` (oldest first), so repetitions count.
    pub history: Vec<u64>,
    /// What completes the stage.
    pub goal: Goal,
    /// How the other side answers.
    pub opponent: Opponent,
    /// Line of the stage in its file, for messages.
    pub line: usize,
}

impl Stage {
    /// The learner's side (the side to move at the start).
    pub fn learner(&self) -> Side {
        self.start.turn()
    }

    /// Whether the learner answers by clicking cells rather than moving pieces.
    pub fn wants_clicks(&self) -> bool {
        matches!(self.goal, Goal::Click(_) | Goal::Reach(_))
    }
}

/// What completes a stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Click each of these cells (any order): for cell names and the board's geometry.
    Click(CellSet),
    /// Click every cell the piece on this cell can move to.
    Reach(Cell),
    /// Land your pieces on every star. Each move must land on a star or bring the moved piece
    /// closer (in moves) to one.
    Stars(CellSet),
    /// Capture every enemy piece but the King.
    CaptureAll,
    /// Promote a Pawn.
    Promote,
    /// Put the enemy King in check with your first move.
    Check,
    /// Your King is in check: get it out with one move.
    EscapeCheck,
    /// Checkmate within this many moves, whatever the defence.
    Mate(u32),
    /// Leave the opponent without a legal move, not in check, within this many moves.
    Stalemate(u32),
    /// Draw the game (repetition or 100 half-moves) within this many moves; a win also counts.
    Draw(u32),
}

impl Goal {
    /// The most moves the learner may use, for goals that have a limit.
    pub fn limit(&self) -> Option<u32> {
        match *self {
            Goal::Check | Goal::EscapeCheck => Some(1),
            Goal::Mate(n) | Goal::Stalemate(n) | Goal::Draw(n) => Some(n),
            _ => None,
        }
    }

    /// Whether the opponent may move in this kind of stage (the others are exercises on an
    /// idle board).
    pub fn allows_replies(&self) -> bool {
        matches!(self, Goal::Mate(_) | Goal::Stalemate(_) | Goal::Draw(_))
    }
}

/// How the opponent answers the learner's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// It does not move: the learner moves again.
    Passive,
    /// These replies in order (move text); when the next one is not legal, or the list is used
    /// up, the engine answers instead at [`DEFAULT_ENGINE_DEPTH`].
    Scripted(Vec<String>),
    /// The engine's best reply at this depth in half-moves (deterministic).
    Engine(u32),
}

/// Stars for completing a stage in `moves` when `fewest` is possible: 3 at the optimum, 2 within
/// two moves more, 1 otherwise. Stages with a move limit equal to the fewest moves (mate,
/// stalemate, check) therefore give 3 stars whenever they are completed.
pub fn stars_for(moves: u32, fewest: u32) -> u8 {
    if moves <= fewest {
        3
    } else if moves <= fewest.saturating_add(2) {
        2
    } else {
        1
    }
}

/// The lesson to suggest: the first one with a stage not yet completed (index into `lessons`);
/// `None` when every lesson is done.
pub fn next_suggested(lessons: &[Lesson], progress: &LessonProgress) -> Option<usize> {
    lessons
        .iter()
        .position(|l| !progress.lesson_complete(&l.id, l.stages.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_rule() {
        assert_eq!(stars_for(3, 3), 3);
        assert_eq!(stars_for(2, 3), 3);
        assert_eq!(stars_for(4, 3), 2);
        assert_eq!(stars_for(5, 3), 2);
        assert_eq!(stars_for(6, 3), 1);
        assert_eq!(stars_for(u32::MAX, u32::MAX), 3);
    }

    #[test]
    fn suggestion_is_the_first_lesson_not_completed() {
        let lessons = builtin().unwrap();
        let mut progress = LessonProgress::default();
        assert_eq!(next_suggested(&lessons, &progress), Some(0));
        for (i, stage) in lessons[0].stages.iter().enumerate() {
            let _ = stage;
            progress.record(&lessons[0].id, i, 1);
        }
        assert_eq!(next_suggested(&lessons, &progress), Some(1));
        // A later lesson done does not change the suggestion.
        for i in 0..lessons[2].stages.len() {
            progress.record(&lessons[2].id, i, 3);
        }
        assert_eq!(next_suggested(&lessons, &progress), Some(1));
        for lesson in &lessons {
            for i in 0..lesson.stages.len() {
                progress.record(&lesson.id, i, 2);
            }
        }
        assert_eq!(next_suggested(&lessons, &progress), None);
    }
}
