//! What the server says of seeks, games, clocks and ratings (the payloads of the lobby's and a
//! game's messages).

use super::*;

/// The terms of a seek or a challenge.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SeekSpec {
    /// A live time control (`300+3`); absent for correspondence.
    #[serde(default)]
    pub tc: Option<String>,
    /// Correspondence: days per move (1, 2, 3, 5, 7 or 14).
    #[serde(default)]
    pub days: Option<u32>,
    /// Rated or casual (the default).
    #[serde(default)]
    pub rated: bool,
    /// `white`, `black` or `random` (the default): the colour the seeker plays.
    #[serde(default)]
    pub color: Option<String>,
    /// The lowest opponent rating accepted.
    #[serde(default)]
    pub min: Option<i32>,
    /// The highest opponent rating accepted.
    #[serde(default)]
    pub max: Option<i32>,
    /// The variant's name (default `parachess`): a built-in one.
    #[serde(default)]
    pub variant: Option<String>,
    /// A variant of one's own: the text of a variant file (TOML, at most 4 KiB), or the
    /// one-line form of a game file's `VariantDef` tag. Games in it are casual.
    #[serde(default)]
    pub variant_def: Option<String>,
}

/// An open seek as the lobby shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeekView {
    /// Its id (for `accept`).
    pub id: String,
    /// Who posted it.
    pub by: String,
    /// Their rating in this variant and speed.
    pub rating: i32,
    /// The time control, or `None` for correspondence.
    pub tc: Option<String>,
    /// Correspondence days per move.
    pub days: Option<u32>,
    /// Rated or casual.
    pub rated: bool,
    /// The seeker's colour: `white`, `black` or `random`.
    pub color: String,
    /// `bullet`, `blitz`, `rapid`, `classical` or `correspondence`.
    pub speed: String,
    /// The variant's name.
    pub variant: String,
    /// A player's own variant: its definition (one-line TOML, as a game file's `VariantDef`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_def: Option<String>,
    /// The player challenged, for a challenge.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
}

/// Both clocks, in milliseconds left, and whose runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClockView {
    /// White's time left.
    pub white: u64,
    /// Black's time left.
    pub black: u64,
    /// `white`, `black`, or `None` while stopped.
    pub running: Option<Cow<'static, str>>,
}

/// A whole game as the server knows it: what `game` messages and `GET /api/game/ID` carry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// A player's own variant: its definition (one-line TOML, as a game file's `VariantDef`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant_def: Option<String>,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// Rated or casual.
    pub rated: bool,
    /// The time control (`300+3`), or `None` for correspondence.
    pub tc: Option<String>,
    /// Correspondence days per move.
    pub days: Option<u32>,
    /// The speed the rating belongs to.
    pub speed: String,
    /// `started`, `over` or `aborted`.
    pub status: String,
    /// The starting position text.
    pub start: String,
    /// The moves played, bare (`a2e5`).
    pub moves: Vec<String>,
    /// The same moves in move text, with check and mate marks.
    pub texts: Vec<String>,
    /// The current position text.
    pub position: String,
    /// `white` or `black`: the side to move.
    pub turn: Cow<'static, str>,
    /// The legal moves now, bare (empty once the game is over).
    pub legal: Vec<String>,
    /// The clocks (live games).
    pub clocks: Option<ClockView>,
    /// Correspondence: when the side to move runs out of time (Unix milliseconds).
    pub deadline: Option<i64>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `None` while playing.
    pub result: Option<String>,
    /// Why it ended (`checkmate`, `resignation`, `time forfeit`, `aborted`...).
    pub reason: Option<String>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Cow<'static, str>>,
    /// The side whose takeback request stands.
    pub takeback_offer: Option<Cow<'static, str>>,
    /// An arena's game, where a side may go berserk before its first move: the sides that
    /// did (`white`, `black`); absent for any other game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub berserk: Option<Vec<Cow<'static, str>>>,
    /// The tournament the game belongs to (where abort is refused: a side that never moves
    /// loses); absent for any other game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
    /// For a connection that asked for routes: the route of each move in `legal`, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<RouteView>>,
    /// For a connection that asked for routes: the route of each move in `moves`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<Vec<RouteView>>,
    /// For a connection that asked for routes: the position text after each move in `moves`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<Vec<String>>,
}

/// The route of a move, for a client that draws pieces gliding without the rules: the points
/// it passes in board units (cell side 1, the board's centre at the origin, Black up): the
/// start cell's centre, then for each step the side midpoint or acute corner it crosses and
/// the next cell's centre.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RouteView {
    /// The points, `[x, y]`, rounded to thousandths.
    pub pts: Vec<[f32; 2]>,
    /// A Sorcerer's leap (drawn as a hop over the middle cell).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leap: bool,
}

/// A game in a list (`games`, the player page).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// `started`, `over` or `aborted`.
    pub status: String,
    /// The result, when over.
    pub result: Option<String>,
    /// The speed.
    pub speed: String,
    /// The variant.
    pub variant: String,
    /// Half-moves played.
    pub plies: u32,
    /// Whether it is the asking player's move (for `games`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub my_turn: Option<bool>,
}

/// A rating as the server sends it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatingView {
    /// The variant.
    pub variant: String,
    /// The speed.
    pub speed: String,
    /// Glicko-2 rating, rounded.
    pub rating: i32,
    /// Its deviation, rounded.
    pub deviation: i32,
    /// Rated games played.
    pub games: i64,
}

/// A move played, as the `moved` message carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Moved {
    /// The game's id.
    pub game: String,
    /// Its half-move number.
    pub n: u32,
    /// Bare.
    #[serde(rename = "move")]
    pub mv: String,
    /// In move text.
    pub text: String,
    /// The position after it.
    pub position: String,
    /// The legal moves after it.
    pub legal: Vec<String>,
    /// The clocks after it.
    pub clocks: Option<ClockView>,
    /// Correspondence deadline of the side now to move.
    pub deadline: Option<i64>,
    /// For a connection that asked for routes: the route of this move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<RouteView>,
    /// For a connection that asked for routes: the route of each move in `legal`, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routes: Option<Vec<RouteView>>,
}
