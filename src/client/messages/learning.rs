//! What the server says of puzzles, lessons, the analysis board, a game's computer analysis and
//! blind mode's questions (the payloads of those pages' messages).

use super::*;

/// The text board of a position, in words (the blind mode's replacement for the drawing).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TextBoardView {
    /// "White to move".
    pub turn: String,
    /// Each side's pieces by kind, White first ("White: King a4; Queen a3; …").
    pub pieces: Vec<String>,
    /// The rows from `k` down to `a`.
    pub rows: Vec<TextRowView>,
}

/// The answer to an `ask`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// The game's id.
    pub game: String,
    /// The question as asked.
    pub q: String,
    /// Half-moves played when it was answered.
    pub n: u32,
    /// The sentences, in order.
    pub lines: Vec<String>,
    /// The text board (for `b`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<TextBoardView>,
}

/// One row of the text board.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TextRowView {
    /// "Row k".
    pub heading: String,
    /// Its cells, "k1 (Black Rook)", "k2 (empty)", …
    pub cells: Vec<String>,
}

/// A player's puzzle rating.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRatingView {
    /// Glicko-2 rating, rounded.
    pub rating: i32,
    /// Its deviation, rounded.
    pub deviation: i32,
    /// Puzzles finished (each counted once).
    pub played: i64,
}

/// A puzzle as the `puzzle` message shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PuzzleView {
    /// Its number in the shipped set (from 1).
    pub id: u32,
    /// The position the solver faces.
    pub position: String,
    /// `white` or `black`: the solver.
    pub side: Cow<'static, str>,
    /// `mate`, `stalemate` or `material`.
    pub theme: String,
    /// The solver's moves in the solution.
    pub moves: u32,
    /// The puzzle's own rating now, rounded.
    pub rating: i32,
    /// The legal moves, bare.
    pub legal: Vec<String>,
    /// For a connection that asked for routes: the route of each move in `legal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<RouteView>>,
    /// The asking player's puzzle rating.
    pub player: PuzzleRatingView,
    /// Whether the player has finished it before (so it changes no rating now).
    pub done: bool,
}

/// One half-move of a puzzle's line as the server plays it out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PuzzlePly {
    /// Bare.
    #[serde(rename = "move")]
    pub mv: String,
    /// In move text.
    pub text: String,
    /// The position after it.
    pub position: String,
    /// For a connection that asked for routes: its route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<RouteView>,
}

/// What the player's moves in a puzzle led to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PuzzleStepView {
    /// The puzzle's number.
    pub id: u32,
    /// `continue` (right so far: the reply is played, the player moves again), `solved`,
    /// `failed` (a legal move that is not the solution's, or the solution asked for) or
    /// `illegal` (the last move is against the rules: nothing counted, try again).
    pub state: Cow<'static, str>,
    /// The line as played (the player's right moves and the replies), from the start.
    pub line: Vec<PuzzlePly>,
    /// The position now (after `line`).
    pub position: String,
    /// The moves the player may make now (`continue` and `illegal`), bare.
    pub legal: Vec<String>,
    /// For a connection that asked for routes: the route of each move in `legal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<RouteView>>,
    /// For `illegal`: the rules' reason; for `failed` after a wrong move: that move in move
    /// text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// For `failed` after a wrong move: the solution's move there, in move text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// For `failed`: the whole solution, from the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub solution: Vec<PuzzlePly>,
    /// The player's puzzle rating now.
    pub player: PuzzleRatingView,
    /// The change of the player's rating this answer made (`solved`/`failed` counted
    /// for the first time), else `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<i32>,
}

/// The analysis board's position (`analysis_board`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnalysisBoardView {
    /// The request's number.
    pub id: u32,
    /// The position reached.
    pub position: String,
    /// `white` or `black`: the side to move.
    pub turn: Cow<'static, str>,
    /// Its legal moves, bare (empty when the game is over there).
    pub legal: Vec<String>,
    /// For a connection that asked for routes: the route of each move in `legal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<RouteView>>,
    /// The moves played from the request's position, in move text.
    pub texts: Vec<String>,
    /// `1-0`, `0-1` or `1/2-1/2` when the board has ended the game there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// One line of an analysis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LineView {
    /// From White's side: centipawns (`35`, `-120`), or `#N` / `#-N` for a forced mate.
    pub eval: String,
    /// The depth it was searched to.
    pub depth: u32,
    /// The moves, bare.
    pub moves: Vec<String>,
    /// The same moves in move text.
    pub texts: Vec<String>,
}

/// A game's computer analysis (`game_analysis`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GameAnalysisView {
    /// The game's id.
    pub game: String,
    /// `none` (never asked), `pending` or `done`.
    pub status: String,
    /// Positions searched so far.
    #[serde(default)]
    pub done: u32,
    /// Positions to search.
    #[serde(default)]
    pub total: u32,
    /// While it waits: the games ahead of it in the queue, plus one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<u32>,
    /// Once done: the evaluation of the start and after every move, from White's side
    /// (`35`, `#3`, `#-2`; `#0` / `#-0`: White / Black has won on the board).
    #[serde(default)]
    pub evals: Vec<String>,
    /// Once done, per move: `?!`, `?`, `??` or empty.
    #[serde(default)]
    pub marks: Vec<String>,
    /// Once done, per move: the engine's better move (bare) where the move is marked, else
    /// empty.
    #[serde(default)]
    pub better: Vec<String>,
}

/// A lesson stage's attempt, as the server replayed it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LessonView {
    /// The lesson, from 1.
    pub lesson: u32,
    /// The stage, from 1.
    pub stage: u32,
    /// The position now (position text).
    pub position: String,
    /// The moves the learner may try now (bare); empty in click stages and once it is over.
    #[serde(default)]
    pub legal: Vec<String>,
    /// The stage asks for cells to be clicked, not moves.
    #[serde(default)]
    pub clicks: bool,
    /// `play`, `done` or `failed` (start again with no inputs).
    pub state: Cow<'static, str>,
    /// Whether the last input was accepted (a refused one changed nothing).
    pub accepted: bool,
    /// What to tell the learner about the last input.
    pub said: String,
    /// Moves (or clicks) counted so far.
    pub moves: u32,
    /// The fewest the stage can be done in.
    pub fewest: u32,
    /// Stars earned, once done (1 to 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stars: Option<u8>,
    /// The player's best stars for this stage, as stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<u8>,
    /// The last move played (the learner's or the opponent's reply), bare.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
    /// Cells found so far (click stages).
    #[serde(default)]
    pub found: Vec<String>,
    /// Stars still to collect (star stages).
    #[serde(default)]
    pub stars_left: Vec<String>,
    /// Cells the stage marks to help.
    #[serde(default)]
    pub highlight: Vec<String>,
}

/// A player's best stars in one lesson.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LessonStars {
    /// The lesson, from 1.
    pub lesson: u32,
    /// Per stage, in order: 0 (not done) to 3.
    pub stars: Vec<u8>,
}
