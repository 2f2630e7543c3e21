//! Lesson files: one RON file per lesson, read into [`Lesson`]s with every error reported as
//! `FILE:LINE: message`.
//!
//! ```ron
//! (
//!     title: "The Rook",
//!     intro: "The Rook slides along edge-paths.",
//!     stages: [
//!         (
//!             title: "Collect the stars",
//!             text: "Move the Rook onto every star.",
//!             position: "5k/4/8/5/10/6/10/5/8/4/K4R w 0 1",
//!             goal: Stars(["e5", "e1"]),
//!             // Optional: opponent (Passive, Engine(2), Scripted(["k6-k5"])), hint,
//!             // highlight (cells to mark), before (moves played before the stage starts).
//!         ),
//!     ],
//! )
//! ```
//!
//! Goals: `Click([cells])`, `Reach(cell)`, `Stars([cells])`, `CaptureAll`, `Promote`, `Check`,
//! `EscapeCheck`, `Mate(n)`, `Stalemate(n)`, `Draw(n)`.

use std::fs;
use std::io::Read;
use std::path::Path;

use serde::Deserialize;
use thiserror::Error;

use crate::rules::{Cell, CellSet, MoveTextError, ParseCellError, Position, PositionError};

use super::{DEFAULT_ENGINE_DEPTH, Goal, Lesson, MAX_FORCED_MOVES, Opponent, Stage};

/// The lessons shipped in the binary, in teaching order: (id, file text).
pub const BUILTIN: &[(&str, &str)] = embed_lessons!("");

/// Where embedded lessons say they come from in messages.
const BUILTIN_DIR: &str = "assets/lessons";

/// Longest lesson file read (a lesson is a few kilobytes).
const MAX_FILE_BYTES: u64 = 1 << 20;

/// Longest stage text accepted: one or two short sentences.
pub const MAX_TEXT_CHARS: usize = 320;

/// Deepest engine reply a stage may ask for (replies are computed while the learner waits).
const MAX_ENGINE_DEPTH: u32 = 6;

/// What is wrong with a lesson file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LessonErrorKind {
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(String),
    /// Not valid RON, or not the lesson format.
    #[error("{0}")]
    Syntax(String),
    /// A folder without lesson files.
    #[error("no lesson files (*.ron) in this folder")]
    NoLessons,
    /// A lesson without stages.
    #[error("the lesson has no stages")]
    NoStages,
    /// A required text is empty.
    #[error("the {0} is empty")]
    EmptyText(&'static str),
    /// A stage text longer than a newcomer wants to read.
    #[error(
        "the text has {0} characters; keep it to one or two short sentences (at most {MAX_TEXT_CHARS})"
    )]
    TextTooLong(usize),
    /// The position text is not valid or not legal.
    #[error("{0}")]
    Position(PositionError),
    /// A cell name is not valid.
    #[error("cell {name:?}: {error}")]
    Cell {
        /// The name as written.
        name: String,
        /// What is wrong with it.
        error: ParseCellError,
    },
    /// A cell listed twice.
    #[error("{0} is listed twice")]
    Duplicate(Cell),
    /// A list of cells that must not be empty is.
    #[error("the goal lists no cells")]
    NoCells,
    /// A move of `before` is not legal.
    #[error("move {index} of `before`: {error}")]
    Before {
        /// Counting from 1.
        index: usize,
        /// What is wrong with it.
        error: MoveTextError,
    },
    /// A star on a cell that holds a piece.
    #[error("the star on {0} stands on an occupied cell")]
    StarOccupied(Cell),
    /// The goal does not fit the position.
    #[error("the goal does not fit the position: {0}")]
    GoalMismatch(String),
    /// The opponent does not fit the goal.
    #[error("{0}")]
    OpponentMismatch(String),
    /// The learner cannot move at all.
    #[error("the side to move has no legal move")]
    NoMoves,
    /// A translation that does not fit its lesson.
    #[error("the translation does not fit the lesson: {0}")]
    Translation(String),
}

/// A rejected lesson: `FILE:LINE: message`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}: {kind}")]
pub struct LessonError {
    /// The lesson file.
    pub file: String,
    /// The line, counting from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: LessonErrorKind,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonFile {
    title: String,
    intro: String,
    stages: Vec<StageFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StageFile {
    title: String,
    text: String,
    position: String,
    goal: GoalFile,
    #[serde(default)]
    opponent: OpponentFile,
    #[serde(default)]
    hint: String,
    #[serde(default)]
    highlight: Vec<String>,
    #[serde(default)]
    before: Vec<String>,
}

#[derive(Deserialize)]
enum GoalFile {
    Click(Vec<String>),
    Reach(String),
    Stars(Vec<String>),
    CaptureAll,
    Promote,
    Check,
    EscapeCheck,
    Mate(u32),
    Stalemate(u32),
    Draw(u32),
}

#[derive(Deserialize, Default)]
enum OpponentFile {
    #[default]
    Passive,
    Scripted(Vec<String>),
    Engine(u32),
}

/// The embedded lessons, in teaching order.
pub fn builtin() -> Result<Vec<Lesson>, LessonError> {
    BUILTIN
        .iter()
        .map(|(id, text)| parse_lesson(id, &format!("{BUILTIN_DIR}/{id}.ron"), text))
        .collect()
}

/// Every `*.ron` file of `dir`, in file-name order (name them `01-…`, `02-…`).
pub fn load_dir(dir: &Path) -> Result<Vec<Lesson>, LessonError> {
    lesson_files(dir)?
        .iter()
        .map(|path| load_file(path))
        .collect()
}

/// The lesson files of `dir` (`*.ron`), in file-name order; an error when there are none.
pub fn lesson_files(dir: &Path) -> Result<Vec<std::path::PathBuf>, LessonError> {
    let shown = dir.display().to_string();
    let io = |e: std::io::Error| LessonError {
        file: shown.clone(),
        line: 1,
        kind: LessonErrorKind::Io(e.to_string()),
    };
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        if path.extension().is_some_and(|e| e == "ron") && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(LessonError {
            file: shown,
            line: 1,
            kind: LessonErrorKind::NoLessons,
        });
    }
    Ok(files)
}

/// Reads one lesson file; its id is the file name without `.ron`.
pub fn load_file(path: &Path) -> Result<Lesson, LessonError> {
    let file = path.display().to_string();
    let fail = |e: std::io::Error| LessonError {
        file: file.clone(),
        line: 1,
        kind: LessonErrorKind::Io(e.to_string()),
    };
    let mut bytes = Vec::new();
    fs::File::open(path)
        .map_err(fail)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(fail)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(fail(std::io::Error::other(format!(
            "larger than {MAX_FILE_BYTES} bytes"
        ))));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        fail(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "not UTF-8 text",
        ))
    })?;
    let id = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    parse_lesson(&id, &file, &text)
}

/// Reads one lesson from its file text; `file` names it in messages.
pub fn parse_lesson(id: &str, file: &str, text: &str) -> Result<Lesson, LessonError> {
    let error = |line: usize, kind| LessonError {
        file: file.to_string(),
        line,
        kind,
    };
    let raw: LessonFile = ron::from_str(text).map_err(|e| {
        error(
            e.span.start.line.max(1),
            LessonErrorKind::Syntax(e.code.to_string()),
        )
    })?;
    for (field, value, name) in [
        ("title", &raw.title, "lesson title"),
        ("intro", &raw.intro, "lesson intro"),
    ] {
        if value.trim().is_empty() {
            return Err(error(
                line_of(text, 0, field).unwrap_or(1),
                LessonErrorKind::EmptyText(name),
            ));
        }
    }
    if raw.stages.is_empty() {
        return Err(error(
            line_of(text, 0, "stages").unwrap_or(1),
            LessonErrorKind::NoStages,
        ));
    }
    let mut stages = Vec::with_capacity(raw.stages.len());
    // Each stage is found in the text by its title, searching on from the previous one.
    let mut offset = text.find("stages").unwrap_or(0);
    for raw_stage in raw.stages {
        let quoted = format!("\"{}\"", raw_stage.title);
        let at = text[offset..].find(&quoted).map_or(offset, |i| offset + i);
        offset = at + quoted.len().min(text.len() - at);
        let line = line_number(text, at);
        let field_line = |needle: &str| line_of(text, at, needle).unwrap_or(line);
        let stage = build_stage(raw_stage, line).map_err(|(field, kind)| {
            let l = match field {
                Some(needle) => field_line(&needle),
                None => line,
            };
            error(l, kind)
        })?;
        stages.push(stage);
    }
    Ok(Lesson {
        id: id.to_string(),
        title: raw.title,
        intro: raw.intro,
        stages,
        file: file.to_string(),
    })
}

/// 1-based line of byte `at`.
fn line_number(text: &str, at: usize) -> usize {
    1 + text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// Line of the first `needle` at or after byte `from`.
fn line_of(text: &str, from: usize, needle: &str) -> Option<usize> {
    text.get(from..)?
        .find(needle)
        .map(|i| line_number(text, from + i))
}

/// A stage error with the text to look for to find its line (`None`: the stage's own line).
type StageError = (Option<String>, LessonErrorKind);

fn parse_cell(name: &str) -> Result<Cell, StageError> {
    name.parse().map_err(|error| {
        (
            Some(format!("\"{name}\"")),
            LessonErrorKind::Cell {
                name: name.to_string(),
                error,
            },
        )
    })
}

fn parse_cells(names: &[String]) -> Result<CellSet, StageError> {
    let mut set = CellSet::EMPTY;
    for name in names {
        let cell = parse_cell(name)?;
        if set.contains(cell) {
            return Err((
                Some(format!("\"{name}\"")),
                LessonErrorKind::Duplicate(cell),
            ));
        }
        set.insert(cell);
    }
    Ok(set)
}

fn mismatch(field: &str, text: String) -> StageError {
    (Some(field.to_string()), LessonErrorKind::GoalMismatch(text))
}

fn build_stage(raw: StageFile, line: usize) -> Result<Stage, StageError> {
    for (name, text) in [("stage title", &raw.title), ("stage text", &raw.text)] {
        if text.trim().is_empty() {
            return Err((None, LessonErrorKind::EmptyText(name)));
        }
    }
    let chars = raw.text.chars().count();
    if chars > MAX_TEXT_CHARS {
        return Err((Some("text".into()), LessonErrorKind::TextTooLong(chars)));
    }
    let setup: Position = raw.position.parse().map_err(|e| {
        (
            Some(format!("\"{}\"", raw.position)),
            LessonErrorKind::Position(e),
        )
    })?;
    let mut start = setup;
    let mut history = Vec::new();
    for (i, text) in raw.before.iter().enumerate() {
        let mv = start.parse_move(text).map_err(|error| {
            (
                Some(format!("\"{text}\"")),
                LessonErrorKind::Before {
                    index: i + 1,
                    error,
                },
            )
        })?;
        history.push(start.hash());
        start.make_move(mv);
    }
    let goal = match raw.goal {
        GoalFile::Click(names) => Goal::Click(parse_cells(&names)?),
        GoalFile::Reach(name) => Goal::Reach(parse_cell(&name)?),
        GoalFile::Stars(names) => Goal::Stars(parse_cells(&names)?),
        GoalFile::CaptureAll => Goal::CaptureAll,
        GoalFile::Promote => Goal::Promote,
        GoalFile::Check => Goal::Check,
        GoalFile::EscapeCheck => Goal::EscapeCheck,
        GoalFile::Mate(n) => Goal::Mate(n),
        GoalFile::Stalemate(n) => Goal::Stalemate(n),
        GoalFile::Draw(n) => Goal::Draw(n),
    };
    let opponent = match raw.opponent {
        OpponentFile::Passive => Opponent::Passive,
        OpponentFile::Scripted(moves) => Opponent::Scripted(moves),
        OpponentFile::Engine(depth) => Opponent::Engine(depth),
    };
    let hint = Some(raw.hint.trim().to_string()).filter(|h| !h.is_empty());
    let stage = Stage {
        title: raw.title,
        text: raw.text,
        hint,
        highlight: parse_cells(&raw.highlight)?,
        start,
        history,
        goal,
        opponent,
        line,
    };
    check_fit(&stage)?;
    Ok(stage)
}

/// Whether the goal and the opponent make sense in the position (solvability is the solver's).
fn check_fit(stage: &Stage) -> Result<(), StageError> {
    let pos = &stage.start;
    let us = pos.turn();
    let them = !us;
    if !pos.has_legal_move() {
        return Err((Some("position".into()), LessonErrorKind::NoMoves));
    }
    match &stage.goal {
        Goal::Click(cells) | Goal::Stars(cells) if CellSet::is_empty(*cells) => {
            return Err((Some("goal".into()), LessonErrorKind::NoCells));
        }
        Goal::Stars(cells) => {
            if let Some(cell) = (*cells & pos.occupied()).first() {
                return Err((
                    Some(format!("\"{cell}\"")),
                    LessonErrorKind::StarOccupied(cell),
                ));
            }
        }
        Goal::Reach(cell) => match pos.piece_at(*cell) {
            Some(p) if p.side == us => {
                if pos.legal_targets(*cell).is_empty() {
                    return Err(mismatch(
                        "goal",
                        format!("the {} on {cell} cannot move", p.kind),
                    ));
                }
            }
            _ => {
                return Err(mismatch(
                    "goal",
                    format!("no piece of the side to move stands on {cell}"),
                ));
            }
        },
        Goal::CaptureAll => {
            let others = pos.side_cells(them) & !pos.kind_cells(crate::rules::PieceKind::King);
            if others.is_empty() {
                return Err(mismatch(
                    "goal",
                    format!("{them} has nothing but its King to capture"),
                ));
            }
        }
        Goal::Promote => {
            let pawns = pos.pieces(crate::rules::Piece::new(us, crate::rules::PieceKind::Pawn));
            if pawns.is_empty() {
                return Err(mismatch("goal", format!("{us} has no Pawn to promote")));
            }
        }
        Goal::EscapeCheck if !pos.in_check() => {
            return Err(mismatch("goal", format!("{us} is not in check")));
        }
        Goal::Mate(n) | Goal::Stalemate(n) | Goal::Draw(n) if *n == 0 || *n > MAX_FORCED_MOVES => {
            return Err(mismatch(
                "goal",
                format!(
                    "ask for 1 to {MAX_FORCED_MOVES} moves, not {n} (every defence is searched)"
                ),
            ));
        }
        _ => {}
    }
    match &stage.opponent {
        Opponent::Passive => {}
        _ if !stage.goal.allows_replies() => {
            return Err((
                Some("opponent".into()),
                LessonErrorKind::OpponentMismatch(
                    "only mate, stalemate and draw stages have an opponent who moves; the others are played on an idle board (opponent: Passive)".into(),
                ),
            ));
        }
        Opponent::Engine(depth) if *depth == 0 || *depth > MAX_ENGINE_DEPTH => {
            return Err((
                Some("opponent".into()),
                LessonErrorKind::OpponentMismatch(format!(
                    "the engine depth must be 1 to {MAX_ENGINE_DEPTH} half-moves (default {DEFAULT_ENGINE_DEPTH}), not {depth}"
                )),
            ));
        }
        Opponent::Scripted(moves) if moves.is_empty() => {
            return Err((
                Some("opponent".into()),
                LessonErrorKind::OpponentMismatch(
                    "the scripted replies are empty (use Passive or Engine)".into(),
                ),
            ));
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOK: &str = r#"(
    title: "The Rook",
    intro: "The Rook slides along edge-paths.",
    stages: [
        (
            title: "Stars",
            text: "Move the Rook onto the star.",
            position: "5k/4/8/5/10/6/10/5/8/4/K4R w 0 1",
            goal: Stars(["a2"]),
        ),
        (
            title: "Second",
            text: "Again.",
            position: "5k/4/8/5/10/6/10/5/8/4/K4R w 0 1",
            goal: Stars(["a3", "a4"]),
            hint: "Slide along row a.",
            highlight: ["a6"],
        ),
    ],
)"#;

    fn err(text: &str) -> LessonError {
        parse_lesson("x", "x.ron", text).unwrap_err()
    }

    #[test]
    fn reads_a_lesson() {
        let lesson = parse_lesson("02-rook", "02-rook.ron", ROOK).unwrap();
        assert_eq!(lesson.id, "02-rook");
        assert_eq!(lesson.stages.len(), 2);
        assert_eq!(lesson.stages[0].line, 6);
        assert_eq!(lesson.stages[1].line, 12);
        assert_eq!(lesson.stages[1].hint.as_deref(), Some("Slide along row a."));
        assert_eq!(lesson.stages[1].highlight.len(), 1);
        assert_eq!(lesson.stages[0].opponent, Opponent::Passive);
    }

    #[test]
    fn errors_name_the_line() {
        let e = err(&ROOK.replace("goal: Stars([\"a2\"]),", "goal: Stars([\"a2\"],"));
        assert!(matches!(e.kind, LessonErrorKind::Syntax(_)), "{e}");
        assert_eq!(e.line, 11);
        let e = err(&ROOK.replacen("K4R w 0 1", "K4X w 0 1", 1));
        assert_eq!(e.line, 8, "{e}");
        assert!(e.to_string().starts_with("x.ron:8: position text"), "{e}");
        let e = err(&ROOK.replace("[\"a3\", \"a4\"]", "[\"a3\", \"z9\"]"));
        assert_eq!((e.line, e.to_string().contains("z9")), (15, true), "{e}");
        let e = err(&ROOK.replace("[\"a3\", \"a4\"]", "[\"a3\", \"a1\"]"));
        assert_eq!(e.kind, LessonErrorKind::StarOccupied("a1".parse().unwrap()));
        assert_eq!(e.line, 15);
        let e = err(&ROOK.replace("[\"a3\", \"a4\"]", "[\"a3\", \"a3\"]"));
        assert!(matches!(e.kind, LessonErrorKind::Duplicate(_)));
        let e = err(&ROOK.replace("The Rook slides along edge-paths.", " "));
        assert_eq!(e.kind, LessonErrorKind::EmptyText("lesson intro"));
        assert_eq!(e.line, 3);
        let e = err(&ROOK.replace("hint:", "hnt:"));
        assert!(matches!(e.kind, LessonErrorKind::Syntax(_)));
        assert_eq!(e.line, 16);
    }

    #[test]
    fn goals_must_fit() {
        let e = err(&ROOK.replacen("Stars([\"a2\"])", "Reach(\"e5\")", 1));
        assert!(matches!(e.kind, LessonErrorKind::GoalMismatch(_)), "{e}");
        let e = err(&ROOK.replacen("Stars([\"a2\"])", "EscapeCheck", 1));
        assert!(matches!(e.kind, LessonErrorKind::GoalMismatch(_)), "{e}");
        let e = err(&ROOK.replacen("Stars([\"a2\"])", "Mate(4)", 1));
        assert!(matches!(e.kind, LessonErrorKind::GoalMismatch(_)), "{e}");
        let e = err(&ROOK.replacen(
            "Stars([\"a2\"]),",
            "Stars([\"a2\"]), opponent: Engine(2),",
            1,
        ));
        assert!(
            matches!(e.kind, LessonErrorKind::OpponentMismatch(_)),
            "{e}"
        );
        let e = err(&ROOK.replacen("Stars([\"a2\"])", "Promote", 1));
        assert!(matches!(e.kind, LessonErrorKind::GoalMismatch(_)), "{e}");
        let long = "word ".repeat(80);
        let e = err(&ROOK.replacen("Move the Rook onto the star.", &long, 1));
        assert!(matches!(e.kind, LessonErrorKind::TextTooLong(_)), "{e}");
        assert_eq!(e.line, 7);
    }

    #[test]
    fn before_moves_build_the_history() {
        let text = ROOK.replacen(
            "goal: Stars([\"a2\"]),",
            "goal: Stars([\"a2\"]), before: [\"Ra6-a5\", \"Kk6-k5\"],",
            1,
        );
        let lesson = parse_lesson("x", "x.ron", &text).unwrap();
        let stage = &lesson.stages[0];
        assert_eq!(stage.history.len(), 2);
        assert_eq!(
            stage.start.to_string(),
            "4k1/4/8/5/10/6/10/5/8/4/K3R1 w 2 2"
        );
        let bad = ROOK.replacen(
            "goal: Stars([\"a2\"]),",
            "goal: Stars([\"a2\"]), before: [\"Ra6-e5\"],",
            1,
        );
        let e = err(&bad);
        assert!(
            matches!(e.kind, LessonErrorKind::Before { index: 1, .. }),
            "{e}"
        );
        assert_eq!(e.line, 9);
    }

    #[test]
    fn builtin_lessons_load() {
        let lessons = builtin().unwrap();
        assert_eq!(lessons.len(), BUILTIN.len());
        assert!(
            lessons
                .iter()
                .all(|l| l.file.starts_with("assets/lessons/"))
        );
    }
}
