//! Puzzle files: one puzzle a line, four fields separated by a tab:
//!
//! ```text
//! <position text>\t<solution>\t<theme>\t<rating>
//! ```
//!
//! * the position the solver faces (rule book §8); the solver is the side to move;
//! * the solution in move text (§9), space-separated: the solver's moves and the defender's
//!   forced replies, starting and ending with a solver move;
//! * the theme: `mate` (the line ends in checkmate), `stalemate` (the defender is left without
//!   a legal move, not in check: a win in Parachess) or `material` (the solver ends at least two
//!   pawns up on what it had);
//! * the rating, a whole number (see [`generate`](super::generate) for how it is estimated).
//!
//! Empty lines and lines starting with `#` are comments. Anything else that does not read is
//! reported with its line number; [`check`](super::check) then proves what reads.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::rules::{Move, MoveTextError, Position, PositionError, Side};

/// The puzzles shipped with the game, embedded so the binary needs no data files.
pub const BUILTIN_TEXT: &str = include_str!("../../assets/puzzles/puzzles.tsv");

/// Largest puzzle file read, 4 MiB (the shipped set is a few dozen kilobytes).
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Longest solution accepted, in half-moves.
pub const MAX_SOLUTION_PLIES: usize = 15;

/// Lowest and highest ratings a puzzle may carry.
pub const RATING_RANGE: std::ops::RangeInclusive<u32> = 100..=4000;

/// What a puzzle asks for.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Theme {
    /// Checkmate.
    Mate,
    /// Leave the opponent without a legal move, not in check (which wins in Parachess).
    Stalemate,
    /// Win at least two pawns' worth of material.
    Material,
}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 3] = [Theme::Mate, Theme::Stalemate, Theme::Material];

    /// The name in puzzle files.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Mate => "mate",
            Theme::Stalemate => "stalemate",
            Theme::Material => "material",
        }
    }

    /// Reads a theme name.
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position the solver faces; the solver is the side to move.
    pub position: Position,
    /// The solver's moves and the forced replies, alternately, starting and ending with the
    /// solver's (so of odd length).
    pub solution: Vec<Move>,
    /// What the line achieves.
    pub theme: Theme,
    /// Estimated difficulty, on the players' rating scale.
    pub rating: u32,
    /// Line number in the file it came from (1-based; 0 when built in code).
    pub line: usize,
}

/// Why a puzzle line does not read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParsePuzzleError {
    /// Not four tab-separated fields.
    #[error("expected 4 tab-separated fields (position, solution, theme, rating), found {0}")]
    FieldCount(usize),
    /// The position text is invalid.
    #[error("{0}")]
    Position(#[from] PositionError),
    /// The side to move has no legal move: nothing to solve.
    #[error("the side to move has no legal move")]
    NoMove,
    /// The solution is empty.
    #[error("the solution is empty")]
    NoSolution,
    /// The solution is longer than [`MAX_SOLUTION_PLIES`].
    #[error("the solution has {0} half-moves, more than {MAX_SOLUTION_PLIES}")]
    TooLong(usize),
    /// The solution has an even number of moves, so it ends with the defender's.
    #[error("the solution must end with a move of the solver (it has {0} half-moves)")]
    EndsWithReply(usize),
    /// A solution move does not read or is not legal.
    #[error("solution move {index} ({text:?}): {source}")]
    Move {
        /// 1-based index in the solution.
        index: usize,
        /// As written.
        text: String,
        /// What is wrong.
        source: MoveTextError,
    },
    /// The game is over before the solution ends.
    #[error("solution move {index} ({text:?}) comes after the game has ended")]
    AfterEnd {
        /// 1-based index in the solution.
        index: usize,
        /// As written.
        text: String,
    },
    /// Unknown theme.
    #[error("unknown theme {0:?} (expected mate, stalemate or material)")]
    Theme(String),
    /// The rating is not a whole number in [`RATING_RANGE`].
    #[error("the rating must be a whole number from 100 to 4000, not {0:?}")]
    Rating(String),
}

impl Puzzle {
    /// The side that solves.
    pub fn solver(&self) -> Side {
        self.position.turn()
    }

    /// Moves the solver makes.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The solution in move text, each move written in the position it is played in (a move
    /// that is not legal there, which [`parse_line`] never lets through, is written bare, and
    /// the rest after it too).
    pub fn solution_text(&self) -> Vec<String> {
        let mut pos = Some(self.position.clone());
        self.solution
            .iter()
            .map(|&mv| match pos.as_mut().filter(|p| p.is_legal(mv)) {
                Some(p) => {
                    let text = p.move_text(mv);
                    p.make_move(mv);
                    text
                }
                None => {
                    pos = None;
                    mv.to_string()
                }
            })
            .collect()
    }

    /// The positions along the solution: the start, then after each move (up to the first
    /// move that is not legal, if any).
    pub fn positions(&self) -> Vec<Position> {
        let mut pos = self.position.clone();
        let mut out = vec![pos.clone()];
        for &mv in &self.solution {
            if !pos.is_legal(mv) {
                break;
            }
            pos.make_move(mv);
            out.push(pos.clone());
        }
        out
    }

    /// The puzzle as a line of a puzzle file (without the line end).
    pub fn to_line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}",
            self.position,
            self.solution_text().join(" "),
            self.theme,
            self.rating
        )
    }

    /// What the player is asked, e.g. "White to move: checkmate in 2".
    pub fn goal(&self) -> String {
        let side = self.solver();
        let n = self.solver_moves();
        match self.theme {
            Theme::Mate if n == 1 => format!("{side} to move: checkmate in one"),
            Theme::Mate => format!("{side} to move: checkmate in {n}"),
            Theme::Stalemate if n == 1 => {
                format!("{side} to move: leave {} without a move", !side)
            }
            Theme::Stalemate => {
                format!("{side} to move: leave {} without a move in {n}", !side)
            }
            Theme::Material => format!("{side} to move: win material"),
        }
    }

    /// The same position (placement and side to move, whatever the clocks): what duplicates
    /// share.
    pub fn key(&self) -> String {
        position_key(&self.position)
    }

    /// A stable identifier (16 hex digits) from the position and the first move: what the
    /// player's record of solved puzzles keeps, so it survives reordering of the file.
    pub fn id(&self) -> String {
        let first = self
            .solution
            .first()
            .map(|m| m.to_string())
            .unwrap_or_default();
        format!(
            "{:016x}",
            fnv1a(format!("{} {first}", self.key()).as_bytes())
        )
    }
}

/// Placement and side to move of a position's text.
pub fn position_key(pos: &Position) -> String {
    let text = pos.to_string();
    text.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

/// FNV-1a, 64 bits: a hash that never changes between builds or platforms.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Reads one puzzle line (not a comment).
pub fn parse_line(line: &str) -> Result<Puzzle, ParsePuzzleError> {
    let fields: Vec<&str> = line.trim_end_matches(['\r', '\n']).split('\t').collect();
    let [position, solution, theme, rating] = fields[..] else {
        return Err(ParsePuzzleError::FieldCount(fields.len()));
    };
    let position: Position = position.trim().parse()?;
    if !position.has_legal_move() {
        return Err(ParsePuzzleError::NoMove);
    }
    let texts: Vec<&str> = solution.split_whitespace().collect();
    if texts.is_empty() {
        return Err(ParsePuzzleError::NoSolution);
    }
    if texts.len() > MAX_SOLUTION_PLIES {
        return Err(ParsePuzzleError::TooLong(texts.len()));
    }
    if texts.len().is_multiple_of(2) {
        return Err(ParsePuzzleError::EndsWithReply(texts.len()));
    }
    let mut pos = position.clone();
    let mut moves = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        if !pos.has_legal_move() {
            return Err(ParsePuzzleError::AfterEnd {
                index: i + 1,
                text: text.to_string(),
            });
        }
        let mv = pos
            .parse_move(text)
            .map_err(|source| ParsePuzzleError::Move {
                index: i + 1,
                text: text.to_string(),
                source,
            })?;
        pos.make_move(mv);
        moves.push(mv);
    }
    let theme = Theme::from_name(theme.trim())
        .ok_or_else(|| ParsePuzzleError::Theme(theme.chars().take(40).collect()))?;
    let rating = rating
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|r| RATING_RANGE.contains(r))
        .ok_or_else(|| ParsePuzzleError::Rating(rating.chars().take(40).collect()))?;
    Ok(Puzzle {
        position,
        solution: moves,
        theme,
        rating,
        line: 0,
    })
}

/// A puzzle file read line by line: the puzzles that read, and the lines that do not.
#[derive(Clone, Debug, Default)]
pub struct PuzzleFile {
    /// Puzzles in file order, each with its line number.
    pub puzzles: Vec<Puzzle>,
    /// Lines that do not read: line number and why.
    pub errors: Vec<(usize, ParsePuzzleError)>,
    /// Lines that are not comments (puzzles and errors together).
    pub entries: usize,
}

/// Reads puzzle-file text; a bad line is recorded, not fatal.
pub fn parse_file(text: &str) -> PuzzleFile {
    let mut file = PuzzleFile::default();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        file.entries += 1;
        match parse_line(line) {
            Ok(mut p) => {
                p.line = i + 1;
                file.puzzles.push(p);
            }
            Err(e) => file.errors.push((i + 1, e)),
        }
    }
    file
}

/// Why a puzzle file could not be read at all.
#[derive(Debug, Error)]
pub enum ReadPuzzlesError {
    /// The file system refused.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// Larger than [`MAX_FILE_BYTES`].
    #[error("{}: the file is larger than {MAX_FILE_BYTES} bytes", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
    },
    /// Not UTF-8 text.
    #[error("{}: not UTF-8 text", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
    },
    /// A line of the embedded set does not read (a build with a broken puzzle file).
    #[error("built-in puzzles, line {line}: {error}")]
    Builtin {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        error: ParsePuzzleError,
    },
}

/// Reads a puzzle file from disk, at most [`MAX_FILE_BYTES`].
pub fn read_file(path: &Path) -> Result<PuzzleFile, ReadPuzzlesError> {
    let io_error = |source| ReadPuzzlesError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut bytes = Vec::new();
    File::open(path)
        .map_err(io_error)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadPuzzlesError::TooLarge {
            path: path.to_path_buf(),
        });
    }
    let text = String::from_utf8(bytes).map_err(|_| ReadPuzzlesError::NotText {
        path: path.to_path_buf(),
    })?;
    Ok(parse_file(&text))
}

/// The embedded puzzles, for the Puzzles screen. Fails only if the shipped file has a line that
/// does not read, which the test suite rules out.
pub fn builtin() -> Result<Vec<Puzzle>, ReadPuzzlesError> {
    let file = parse_file(BUILTIN_TEXT);
    match file.errors.into_iter().next() {
        Some((line, error)) => Err(ReadPuzzlesError::Builtin { line, error }),
        None => Ok(file.puzzles),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White mates at once: `Qa4-d4`… (from the records tests: `j2xk2=Q#` after two moves).
    const MATE_IN_ONE: &str = "k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 0 1";

    #[test]
    fn lines_read_and_write_back() {
        let p = parse_line(&format!(
            "{MATE_IN_ONE}\tQa4-d4 Rk3-k2 j2xk2=Q#\tmate\t1200"
        ))
        .unwrap();
        assert_eq!(p.solution.len(), 3);
        assert_eq!(p.solver(), Side::White);
        assert_eq!(p.solver_moves(), 2);
        assert_eq!(p.theme, Theme::Mate);
        assert_eq!(p.goal(), "White to move: checkmate in 2");
        let again = parse_line(&p.to_line()).unwrap();
        assert_eq!(again, p);
        assert_eq!(p.id().len(), 16);
        assert_eq!(p.id(), again.id());
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let cases = [
            ("just one field", "expected 4"),
            (&format!("{MATE_IN_ONE}\t\tmate\t1200"), "empty"),
            (
                &format!("{MATE_IN_ONE}\tQa4-d4 Rk3-k2\tmate\t1200"),
                "must end",
            ),
            (
                &format!("{MATE_IN_ONE}\tQa4-d5\tmate\t1200"),
                "solution move 1",
            ),
            (
                &format!("{MATE_IN_ONE}\tQa4-d4 Rk3-k2 j2xk2=Q+\tmate\t1200"),
                "solution move 3",
            ),
            (
                &format!("{MATE_IN_ONE}\tQa4-d4 Rk3-k2 j2xk2=Q#\tfork\t1200"),
                "unknown theme",
            ),
            (
                &format!("{MATE_IN_ONE}\tQa4-d4 Rk3-k2 j2xk2=Q#\tmate\tlots"),
                "rating",
            ),
            (
                &format!("{MATE_IN_ONE}\tQa4-d4 Rk3-k2 j2xk2=Q#\tmate\t99999"),
                "rating",
            ),
            (
                "8/4/8/5/10/6/10/5/8/4/6 w 0 1\ta1-a2\tmate\t1200",
                "position text",
            ),
        ];
        for (line, expected) in cases {
            let e = parse_line(line).expect_err(line).to_string();
            assert!(e.contains(expected), "{line}: {e}");
        }
    }

    #[test]
    fn files_skip_comments_and_report_bad_lines_by_number() {
        let text =
            format!("# a comment\n\n{MATE_IN_ONE}\tQa4-d4 Rk3-k2 j2xk2=Q#\tmate\t1200\nnonsense\n");
        let file = parse_file(&text);
        assert_eq!(file.entries, 2);
        assert_eq!(file.puzzles.len(), 1);
        assert_eq!(file.puzzles[0].line, 3);
        assert_eq!(file.errors.len(), 1);
        assert_eq!(file.errors[0].0, 4);
    }
}
