//! The one protocol of the server: JSON messages over a WebSocket, each an object whose `t`
//! names it (docs/SERVER.md lists them with example sessions). The desktop game, the web page
//! and the bots all speak it, so it says everything a client needs and nothing it must work
//! out itself (the legal moves come with every position).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// The protocol version a client names in its `hello`.
pub const VERSION: u32 = 1;

/// The largest message a client may send, in bytes (a move is ~60).
pub const MAX_MESSAGE: usize = 8192;

/// What a client sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message: the protocol version, and the token of an earlier session to resume
    /// (a guest keeps its name and games this way).
    Hello {
        /// Must be [`VERSION`].
        v: u32,
        /// A session token from an earlier `welcome`.
        #[serde(default)]
        token: Option<String>,
        /// Ask for routes: every `game` message to this connection then also carries `routes`
        /// (one per legal move), `played` (one per move played) and `positions` (the position
        /// after each move played), and every `moved` message `routes` and `route` (of the
        /// move played). What the web page draws; a route is `{"pts": [[x, y], ...]}` in cell
        /// sides, the board's centre at the origin, Black up (plus `"leap": true` for a hop).
        #[serde(default)]
        routes: bool,
    },
    /// Creates an account and signs in as it.
    Register {
        /// 3–20 letters, digits, `_` or `-`.
        name: String,
        /// 8–200 characters.
        password: String,
    },
    /// Signs in.
    Login {
        /// The account's name (any case).
        name: String,
        /// Its password.
        password: String,
    },
    /// Posts an open seek.
    Seek(SeekSpec),
    /// Withdraws one's own seek or challenge.
    CancelSeek {
        /// The seek's id.
        id: String,
    },
    /// Asks for the open seeks and follows the lobby (`seek`, `seek_gone`).
    Lobby,
    /// Accepts a seek or a challenge: the game starts.
    Accept {
        /// The seek's id.
        id: String,
    },
    /// Declines a challenge addressed to oneself.
    Decline {
        /// The challenge's id.
        id: String,
    },
    /// Quick pairing: accepts the oldest matching seek, or posts one.
    Quick {
        /// A live time control, `seconds+increment`.
        tc: String,
        /// Rated or casual.
        #[serde(default)]
        rated: bool,
        /// The variant (default `parachess`).
        #[serde(default)]
        variant: Option<String>,
    },
    /// A seek addressed to one player, who is told at once if online.
    Challenge {
        /// The player's name.
        to: String,
        /// The game's terms.
        #[serde(flatten)]
        spec: SeekSpec,
    },
    /// Challenges the opponent of a finished game to another, colours swapped.
    Rematch {
        /// The finished game.
        game: String,
    },
    /// Starts a casual game against the computer (`started` follows, as for any game).
    PlayComputer {
        /// `easy`, `normal`, `hard`, or a skill level `0`–`20`.
        level: String,
        /// A built-in variant's name (default `parachess`; Shuffle by number:
        /// `Shuffle Parachess 7`).
        #[serde(default)]
        variant: Option<String>,
        /// A live time control (`300+3`); absent: untimed.
        #[serde(default)]
        tc: Option<String>,
        /// `white`, `black` or `random` (the default): the colour the player plays.
        #[serde(default)]
        color: Option<String>,
    },
    /// Makes a game to play with a friend by link: the answer is `invite`, whose code opens
    /// `/invite/CODE`; the first other player to `join_invite` it takes the other seat.
    /// `min`/`max` are ignored; a player has a few open at once, each for a day.
    Invite(SeekSpec),
    /// Takes the free seat of a friend's game (`started` follows, to both players).
    JoinInvite {
        /// The invitation's code.
        code: String,
    },
    /// The player's unfinished games (`games`).
    MyGames,
    /// Follows a game: its state now (`game`), then each event.
    Watch {
        /// The game's id.
        game: String,
    },
    /// Stops following a game.
    Unwatch {
        /// The game's id.
        game: String,
    },
    /// Plays a move.
    Move {
        /// The game's id.
        game: String,
        /// The half-move number this move will have (0 for White's first), so a move sent
        /// twice (after a reconnection) or against an old position is never played twice.
        n: u32,
        /// The move, bare (`a2e5`, `j2k2q`) or in move text.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Offers a draw, or accepts the opponent's offer.
    Draw {
        /// The game's id.
        game: String,
    },
    /// Declines the opponent's draw offer.
    DrawNo {
        /// The game's id.
        game: String,
    },
    /// Asks to take back one's last move, or accepts the opponent's request.
    Takeback {
        /// The game's id.
        game: String,
    },
    /// Declines the opponent's takeback request.
    TakebackNo {
        /// The game's id.
        game: String,
    },
    /// Resigns.
    Resign {
        /// The game's id.
        game: String,
    },
    /// Ends the game without result while a side has not moved yet.
    Abort {
        /// The game's id.
        game: String,
    },
    /// Goes berserk in an arena game, before one's first move: half one's base time off the
    /// clock, no increment, one more point for a win of at least 7 moves (answered by
    /// `berserk` to both players and the followers).
    Berserk {
        /// The game's id.
        game: String,
    },
    /// Makes a tournament (answered by `tournament_created`); limited per account and day.
    TournamentCreate(Box<TournamentSpec>),
    /// Enters a tournament, or comes back after withdrawing (answered by `tournament_entry`).
    TournamentJoin {
        /// The tournament's id.
        id: String,
    },
    /// Leaves a tournament: paired no more; the games played still count.
    TournamentWithdraw {
        /// The tournament's id.
        id: String,
    },
    /// Asks for the coming and running tournaments (answered by `tournaments`).
    Tournaments,
    /// Asks for a puzzle (`puzzle`): the shipped puzzle number `id` (from 1), or, without
    /// it, the next one near the player's puzzle rating that the player has not finished.
    PuzzleNext {
        /// The puzzle's number.
        #[serde(default)]
        id: Option<u32>,
    },
    /// The solver's moves so far in puzzle `id`, from its start (the defender's replies are
    /// the server's; at most [`MAX_PUZZLE_MOVES`]): answered by `puzzle_step`.
    PuzzleMove {
        /// The puzzle's number.
        id: u32,
        /// Each bare (`a2e5`) or in move text.
        moves: Vec<String>,
    },
    /// Gives up on puzzle `id` (a failure, if it is the player's first finish of it) and asks
    /// for its whole solution (`puzzle_step`, `failed`).
    PuzzleSolution {
        /// The puzzle's number.
        id: u32,
    },
    /// A question about a game for a player who cannot see the board (the blind mode's
    /// command field, docs/SERVER.md): answered by `answer`, in words the server computes.
    /// With `position` it is about that position and the `moves` played from it instead (a
    /// puzzle, a lesson, the analysis board, a reviewed game's move), so that those pages
    /// need no rules of their own either.
    Ask {
        /// The game's id (live or stored); with `position`, the caller's own tag, echoed.
        #[serde(default)]
        game: String,
        /// The question: `b` (the text board), `l` or `l N` (the last move, or half-move N,
        /// in words), `m e5` (legal moves of the piece), `p B` (where the Bishops are),
        /// `s e5` (surroundings), `r e5` (reach), `c` (clocks), `t` (pieces under attack),
        /// `h` (the questions). At most [`MAX_QUESTION`] bytes.
        q: String,
        /// The answer's language (`en`, `de`); English when missing or unknown.
        #[serde(default)]
        lang: Option<String>,
        /// A position text to answer about instead of a game (at most [`MAX_ASK_POSITION`]
        /// bytes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<String>,
        /// The built-in variant of `position` (default `parachess`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        variant: Option<String>,
        /// Moves played from `position`, bare or in move text (at most [`MAX_ASK_MOVES`]).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        moves: Vec<String>,
    },
    /// Analyses a position on the analysis board: `position` (a position text) with `moves`
    /// played from it, each checked. Answered by `analysis_board` (the position reached and
    /// its legal moves), then `analysis_lines` as the engine deepens; replaces the
    /// connection's analysis before. Refused (`analysis`) for the position of a game the
    /// player is playing, and once the player's engine time is spent (`busy`).
    Analyse {
        /// The caller's number for this request, echoed in the answers.
        #[serde(default)]
        id: u32,
        /// A position text.
        position: String,
        /// A built-in variant's name (default `parachess`).
        #[serde(default)]
        variant: Option<String>,
        /// Moves played from `position`, bare or in move text (at most 300).
        #[serde(default)]
        moves: Vec<String>,
    },
    /// Stops the connection's analysis.
    AnalyseStop,
    /// Asks for the computer analysis of a finished game: queued once per game (a second
    /// request changes nothing); `game_analysis` follows, then its progress and result.
    AnalyseGame {
        /// The game's id.
        game: String,
    },
    /// The stored analysis of a game, if any (`game_analysis`); a pending one is followed.
    GameAnalysis {
        /// The game's id.
        game: String,
    },
    /// Answered by `pong` with the same number (for round-trip times).
    Ping {
        /// Anything.
        #[serde(default)]
        n: u64,
    },
    /// Plays a lesson stage (`/learn/N/S`): every input of the attempt so far, replayed by
    /// the server from the stage's start (answer: `lesson`; a completed stage's stars are
    /// stored for the player).
    LessonTry {
        /// The lesson, from 1.
        lesson: u32,
        /// The stage, from 1.
        stage: u32,
        /// Moves (`e1e10`, `i4k3q`), or cells (`e5`) in a stage that asks for clicks; at most
        /// 120, each at most 8 characters.
        #[serde(default)]
        inputs: Vec<String>,
        /// `en` or `de`: the language of the stage's words.
        #[serde(default)]
        lang: Option<String>,
    },
    /// Asks for the player's stars in every lesson (answer: `lesson_progress`).
    Lessons,
    /// A kind this server does not know (from a newer client): ignored, never an error, so
    /// clients may send what later versions add.
    #[serde(other)]
    Unknown,
}

/// The terms of a new tournament.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TournamentSpec {
    /// `arena` or `swiss`.
    pub kind: String,
    /// Its name (1 to 60 characters).
    pub name: String,
    /// The variant (default `parachess`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// A live time control in seconds (`300+3`); absent for a correspondence Swiss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tc: Option<String>,
    /// A correspondence Swiss: days per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
    /// A Swiss: the number of rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// An arena: its length in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length_secs: Option<u64>,
    /// A Swiss whose rounds start at set times: seconds between two rounds' starts (the
    /// first at the start); without it each round starts when the one before ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_every_secs: Option<u64>,
    /// How long from now it starts, in seconds (0: at once).
    #[serde(default)]
    pub starts_in_secs: u64,
    /// Rated (accounts only) or casual (the default).
    #[serde(default)]
    pub rated: bool,
}

/// The most tournaments a `tournaments` message lists.
pub const MAX_TOURNAMENTS: usize = 30;

/// A tournament in the `tournaments` list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TournamentSummary {
    /// Its id (its page is `/tournament/ID`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// `created` (coming) or `running`.
    pub status: String,
    /// The variant's name.
    pub variant: String,
    /// The clock as the pages write it: `5+3`, `3 days`.
    pub clock: String,
    /// Rated (else casual).
    #[serde(default)]
    pub rated: bool,
    /// A Swiss: its rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// Players entered and not withdrawn.
    pub players: u32,
    /// When it starts (Unix milliseconds).
    pub starts: i64,
    /// When it ends, if known (an arena's end; Unix milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends: Option<i64>,
    /// Whether the asking player is entered (and not withdrawn).
    #[serde(default)]
    pub joined: bool,
}

/// The longest question `ask` takes, in bytes.
pub const MAX_QUESTION: usize = 32;
/// The longest position text `ask` takes, in bytes.
pub const MAX_ASK_POSITION: usize = 512;
/// Most moves `ask` plays from its position.
pub const MAX_ASK_MOVES: usize = 300;

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

/// The most solver moves a `puzzle_move` may carry (a shipped solution has at most 8).
pub const MAX_PUZZLE_MOVES: usize = 16;

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

/// What the server sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`, `register` and `login`: who the connection now is.
    Welcome {
        /// The protocol version.
        v: u32,
        /// The player's name.
        name: String,
        /// The session token (keep it to resume).
        token: String,
        /// Whether this is a guest.
        guest: bool,
    },
    /// A request was refused; `code` is stable, `msg` is for people.
    Error {
        /// `bad_json`, `version`, `hello_first`, `rate`, `auth`, `name`, `taken`, `no_game`,
        /// `not_player`, `not_your_turn`, `stale`, `illegal`, `over`, `no_seek`, `seek`,
        /// `offer`, `db`, `busy`, `computer`, `lesson`, `no_puzzle`, `tournament`, `invite`,
        /// `analysis`, `berserk`.
        code: Cow<'static, str>,
        /// What went wrong.
        msg: String,
        /// `msg` in German, where the server has it: a connection that asked for German gets
        /// it as `msg` (see `server::refusal`). Never on the wire as a field of its own.
        #[serde(skip)]
        de: Option<String>,
    },
    /// The open seeks (the answer to `lobby`).
    Seeks {
        /// Oldest first.
        seeks: Vec<SeekView>,
    },
    /// A seek was posted (to `lobby` followers; to its owner as the answer to `seek`).
    Seek(Box<SeekView>),
    /// A seek is gone (accepted, cancelled, its owner left).
    SeekGone {
        /// Its id.
        id: String,
    },
    /// Someone challenges this player.
    Challenge(Box<SeekView>),
    /// A challenge this player made was declined.
    Declined {
        /// The challenge's id.
        id: String,
    },
    /// A game of this player started: a `game` message follows.
    Started {
        /// The game's id.
        game: String,
        /// `white` or `black`: this player's side.
        color: Cow<'static, str>,
    },
    /// A whole game (the answer to `watch`, and after a takeback).
    Game(Box<GameView>),
    /// A move was played (and is durable: this is its acknowledgement).
    Moved(Box<Moved>),
    /// A draw offer or takeback request stands (`kind`: `draw` or `takeback`).
    Offer {
        /// The game's id.
        game: String,
        /// `draw` or `takeback`.
        kind: Cow<'static, str>,
        /// `white` or `black`.
        by: Cow<'static, str>,
    },
    /// An offer was declined or lapsed.
    OfferGone {
        /// The game's id (for a rematch: the finished game's).
        game: String,
        /// `draw`, `takeback` or `rematch`.
        kind: Cow<'static, str>,
        /// `declined`, `expired` (unanswered for the server's offer time, 60 s), or `left`
        /// (a rematch's opponent has no connection any more).
        #[serde(default)]
        reason: Cow<'static, str>,
        /// For a rematch: the challenge's id.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    /// A player went berserk in an arena game: the clocks after it.
    Berserk {
        /// The game's id.
        game: String,
        /// `white` or `black`.
        side: Cow<'static, str>,
        /// Both clocks now.
        clocks: ClockView,
    },
    /// The game ended.
    End {
        /// The game's id.
        game: String,
        /// `1-0`, `0-1`, `1/2-1/2`, or `*` when aborted.
        result: String,
        /// Why.
        reason: String,
    },
    /// The player's unfinished games (the answer to `my_games`, and after `welcome`).
    Games {
        /// Unfinished games.
        games: Vec<GameSummary>,
    },
    /// The answer to `tournament_create`.
    TournamentCreated {
        /// The new tournament's id (its page is `/tournament/ID`).
        id: String,
    },
    /// The answer to `tournament_join` and `tournament_withdraw`.
    TournamentEntry {
        /// The tournament's id.
        id: String,
        /// In it now (else withdrawn).
        joined: bool,
    },
    /// The coming and running tournaments, soonest first (the answer to `tournaments`; at
    /// most [`MAX_TOURNAMENTS`]).
    Tournaments {
        /// The server's clock when it answered (Unix milliseconds): a client counts down
        /// from `starts` and `ends` by its own clock less this difference.
        now: i64,
        /// The tournaments.
        tournaments: Vec<TournamentSummary>,
    },
    /// A friend's game was made (the answer to `invite`): send `/invite/CODE` to the friend.
    Invite {
        /// The invitation's code (the link's last part).
        code: String,
        /// When the link stops working unless used before (Unix milliseconds).
        expires: i64,
    },
    /// A puzzle to solve (the answer to `puzzle_next`).
    Puzzle(Box<PuzzleView>),
    /// What the player's moves in a puzzle led to (the answer to `puzzle_move` and
    /// `puzzle_solution`).
    PuzzleStep(Box<PuzzleStepView>),
    /// The answer to `ask`: sentences to read out, and for `b` the text board.
    Answer(Box<Answer>),
    /// The answer to `ping`.
    Pong {
        /// The ping's number.
        n: u64,
    },
    /// Where a lesson stage's attempt stands (the answer to `lesson_try`).
    Lesson(Box<LessonView>),
    /// The player's best stars in every lesson (the answer to `lessons`).
    LessonProgress {
        /// One entry per lesson, in order.
        lessons: Vec<LessonStars>,
    },
    /// The analysis board's position (the answer to `analyse`).
    AnalysisBoard(Box<AnalysisBoardView>),
    /// The engine's best lines so far, best first for the side to move.
    AnalysisLines {
        /// The request's number.
        id: u32,
        /// The depth of the best line.
        depth: u32,
        /// The lines (up to three).
        lines: Vec<LineView>,
        /// Whether the analysis has finished (its time, or the player's budget, is spent).
        done: bool,
        /// While it waits for an engine thread: its place in the queue (1: next).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<u32>,
    },
    /// A game's computer analysis: its state, progress or result.
    GameAnalysis(Box<GameAnalysisView>),
    /// A kind this client does not know (from a newer server): readers skip it, so an
    /// installed game survives the messages later versions add.
    #[serde(other)]
    Unknown,
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

impl ServerMsg {
    /// The message as JSON text (serialising these plain types cannot fail; an empty object
    /// stands in if it ever did).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }

    /// An error message.
    pub fn error(code: &'static str, msg: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            code: code.into(),
            msg: msg.into(),
            de: None,
        }
    }

    /// An error message with its German text too.
    pub fn error_de(
        code: &'static str,
        msg: impl Into<String>,
        de: impl Into<String>,
    ) -> ServerMsg {
        ServerMsg::Error {
            code: code.into(),
            msg: msg.into(),
            de: Some(de.into()),
        }
    }
}

/// `white` or `black`.
pub fn side_name(side: crate::rules::Side) -> Cow<'static, str> {
    Cow::Borrowed(match side {
        crate::rules::Side::White => "white",
        crate::rules::Side::Black => "black",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> SeekSpec {
        SeekSpec {
            tc: Some("300+3".into()),
            days: None,
            rated: true,
            color: Some("white".into()),
            min: Some(1200),
            max: None,
            variant: Some("parachess".into()),
            variant_def: None,
        }
    }

    fn seek_view() -> SeekView {
        SeekView {
            id: "7".into(),
            by: "ann".into(),
            rating: 1500,
            tc: None,
            days: Some(3),
            rated: false,
            color: "random".into(),
            speed: "correspondence".into(),
            variant: "parachess".into(),
            variant_def: Some("name = \"x\"".into()),
            to: Some("bob".into()),
        }
    }

    fn clocks() -> Option<ClockView> {
        Some(ClockView {
            white: 1000,
            black: 2000,
            running: Some("black".into()),
        })
    }

    /// Every client message, each variant once.
    fn client_msgs() -> Vec<ClientMsg> {
        let game = || "g1".to_string();
        vec![
            ClientMsg::Hello {
                v: VERSION,
                token: Some("tok".into()),
                routes: true,
            },
            ClientMsg::Register {
                name: "ann".into(),
                password: "long enough".into(),
            },
            ClientMsg::Login {
                name: "ann".into(),
                password: "long enough".into(),
            },
            ClientMsg::Seek(spec()),
            ClientMsg::CancelSeek { id: "1".into() },
            ClientMsg::Lobby,
            ClientMsg::Accept { id: "1".into() },
            ClientMsg::Decline { id: "1".into() },
            ClientMsg::Quick {
                tc: "60+0".into(),
                rated: true,
                variant: Some("parachess".into()),
            },
            ClientMsg::Challenge {
                to: "bob".into(),
                spec: spec(),
            },
            ClientMsg::Rematch { game: game() },
            ClientMsg::MyGames,
            ClientMsg::Watch { game: game() },
            ClientMsg::Unwatch { game: game() },
            ClientMsg::Move {
                game: game(),
                n: 3,
                mv: "a2e5".into(),
            },
            ClientMsg::Draw { game: game() },
            ClientMsg::DrawNo { game: game() },
            ClientMsg::Takeback { game: game() },
            ClientMsg::TakebackNo { game: game() },
            ClientMsg::Resign { game: game() },
            ClientMsg::Abort { game: game() },
            ClientMsg::Berserk { game: game() },
            ClientMsg::PlayComputer {
                level: "easy".into(),
                variant: Some("Shuffle Parachess 7".into()),
                tc: None,
                color: Some("random".into()),
            },
            ClientMsg::Invite(spec()),
            ClientMsg::JoinInvite {
                code: "abcdefghjkmn".into(),
            },
            ClientMsg::PuzzleNext { id: Some(3) },
            ClientMsg::PuzzleMove {
                id: 3,
                moves: vec!["a2e5".into()],
            },
            ClientMsg::PuzzleSolution { id: 3 },
            ClientMsg::Analyse {
                id: 4,
                position: "pos".into(),
                variant: Some("parachess".into()),
                moves: vec!["a2e5".into()],
            },
            ClientMsg::AnalyseStop,
            ClientMsg::AnalyseGame { game: game() },
            ClientMsg::GameAnalysis { game: game() },
            ClientMsg::Ping { n: 9 },
            ClientMsg::LessonTry {
                lesson: 3,
                stage: 3,
                inputs: vec!["e1e10".into(), "e5".into()],
                lang: Some("de".into()),
            },
            ClientMsg::Lessons,
            ClientMsg::Tournaments,
            ClientMsg::Unknown,
        ]
    }

    /// Every server message, each variant once.
    fn server_msgs() -> Vec<ServerMsg> {
        let game = || "g1".to_string();
        vec![
            ServerMsg::Welcome {
                v: VERSION,
                name: "ann".into(),
                token: "tok".into(),
                guest: false,
            },
            ServerMsg::error("illegal", "no such move"),
            ServerMsg::Seeks {
                seeks: vec![seek_view()],
            },
            ServerMsg::Seek(Box::new(seek_view())),
            ServerMsg::SeekGone { id: "7".into() },
            ServerMsg::Challenge(Box::new(seek_view())),
            ServerMsg::Declined { id: "7".into() },
            ServerMsg::Started {
                game: game(),
                color: side_name(crate::rules::Side::Black),
            },
            ServerMsg::Game(Box::new(GameView {
                id: game(),
                variant: "parachess".into(),
                variant_def: None,
                white: "ann".into(),
                black: "bob".into(),
                rated: true,
                tc: Some("300+3".into()),
                days: None,
                speed: "blitz".into(),
                status: "started".into(),
                start: "start".into(),
                moves: vec!["a2e5".into()],
                texts: vec!["Pe5".into()],
                position: "pos".into(),
                turn: "black".into(),
                legal: vec!["j2k2q".into()],
                clocks: clocks(),
                deadline: Some(5),
                result: None,
                reason: None,
                draw_offer: Some("white".into()),
                takeback_offer: None,
                berserk: Some(vec!["black".into()]),
                tournament: Some("t1".into()),
                routes: Some(vec![RouteView {
                    pts: vec![[0.5, -1.0], [0.0, 0.0], [1.5, 2.25]],
                    leap: true,
                }]),
                played: Some(vec![RouteView::default()]),
                positions: Some(vec!["pos".into()]),
            })),
            ServerMsg::Moved(Box::new(Moved {
                game: game(),
                n: 0,
                mv: "a2e5".into(),
                text: "Pe5".into(),
                position: "pos".into(),
                legal: vec![],
                clocks: clocks(),
                deadline: None,
                route: None,
                routes: Some(vec![]),
            })),
            ServerMsg::Offer {
                game: game(),
                kind: "draw".into(),
                by: "white".into(),
            },
            ServerMsg::OfferGone {
                game: game(),
                kind: "takeback".into(),
                reason: "expired".into(),
                id: None,
            },
            ServerMsg::Berserk {
                game: game(),
                side: "white".into(),
                clocks: ClockView {
                    white: 150_000,
                    black: 300_000,
                    running: None,
                },
            },
            ServerMsg::End {
                game: game(),
                result: "1-0".into(),
                reason: "checkmate".into(),
            },
            ServerMsg::Games {
                games: vec![GameSummary {
                    id: game(),
                    white: "ann".into(),
                    black: "bob".into(),
                    status: "over".into(),
                    result: Some("0-1".into()),
                    speed: "rapid".into(),
                    variant: "parachess".into(),
                    plies: 12,
                    my_turn: Some(true),
                }],
            },
            ServerMsg::Invite {
                code: "abcdefghjkmn".into(),
                expires: 1_700_000_000_000,
            },
            ServerMsg::Tournaments {
                now: 1_700_000_000_000,
                tournaments: vec![TournamentSummary {
                    id: "t1".into(),
                    name: "Saturday Arena".into(),
                    kind: "arena".into(),
                    status: "created".into(),
                    variant: "parachess".into(),
                    clock: "5+3".into(),
                    rated: true,
                    rounds: None,
                    players: 12,
                    starts: 1_700_000_060_000,
                    ends: Some(1_700_003_660_000),
                    joined: true,
                }],
            },
            ServerMsg::Puzzle(Box::new(PuzzleView {
                id: 3,
                position: "pos".into(),
                side: "white".into(),
                theme: "mate".into(),
                moves: 2,
                rating: 1200,
                legal: vec!["a2e5".into()],
                routes: Some(vec![RouteView::default()]),
                player: PuzzleRatingView {
                    rating: 1500,
                    deviation: 350,
                    played: 0,
                },
                done: false,
            })),
            ServerMsg::PuzzleStep(Box::new(PuzzleStepView {
                id: 3,
                state: "failed".into(),
                line: vec![PuzzlePly {
                    mv: "a2e5".into(),
                    text: "Pe5".into(),
                    position: "pos".into(),
                    route: Some(RouteView::default()),
                }],
                position: "pos".into(),
                legal: vec![],
                routes: None,
                reason: Some("Qc5-c6".into()),
                best: Some("Qc4-c6#".into()),
                solution: vec![],
                player: PuzzleRatingView::default(),
                change: Some(-12),
            })),
            ServerMsg::Pong { n: 9 },
            ServerMsg::Lesson(Box::new(LessonView {
                lesson: 3,
                stage: 3,
                position: "6/4/8/5/4k5/6/10/5/8/4/R4K w 0 1".into(),
                legal: vec!["a1b1".into()],
                clicks: false,
                state: "done".into(),
                accepted: true,
                said: "Stage complete".into(),
                moves: 3,
                fewest: 3,
                stars: Some(3),
                best: Some(3),
                last: Some("f6k6".into()),
                found: vec!["e5".into()],
                stars_left: Vec::new(),
                highlight: vec!["e1".into()],
            })),
            ServerMsg::LessonProgress {
                lessons: vec![LessonStars {
                    lesson: 1,
                    stars: vec![3, 0, 2],
                }],
            },
            ServerMsg::AnalysisBoard(Box::new(AnalysisBoardView {
                id: 4,
                position: "pos".into(),
                turn: "white".into(),
                legal: vec!["a2e5".into()],
                routes: Some(vec![RouteView::default()]),
                texts: vec!["Pe5".into()],
                result: Some("1-0".into()),
            })),
            ServerMsg::AnalysisLines {
                id: 4,
                depth: 7,
                lines: vec![LineView {
                    eval: "#-2".into(),
                    depth: 7,
                    moves: vec!["a2e5".into()],
                    texts: vec!["Pe5".into()],
                }],
                done: false,
                place: Some(2),
            },
            ServerMsg::GameAnalysis(Box::new(GameAnalysisView {
                game: game(),
                status: "done".into(),
                done: 3,
                total: 3,
                place: None,
                evals: vec!["0".into(), "35".into(), "#1".into()],
                marks: vec!["".into(), "??".into()],
                better: vec!["".into(), "a2e5".into()],
            })),
            ServerMsg::Unknown,
        ]
    }

    #[test]
    fn every_client_message_round_trips() {
        for msg in client_msgs() {
            let text = serde_json::to_string(&msg).expect("serialises");
            let back: ClientMsg = serde_json::from_str(&text).expect(&text);
            assert_eq!(back, msg, "{text}");
        }
    }

    #[test]
    fn every_server_message_round_trips() {
        for msg in server_msgs() {
            let text = msg.to_json();
            let back: ServerMsg = serde_json::from_str(&text).expect(&text);
            assert_eq!(back, msg, "{text}");
        }
    }

    #[test]
    fn the_wire_names_stay() {
        let mv = ClientMsg::Move {
            game: "g".into(),
            n: 1,
            mv: "a2e5".into(),
        };
        assert_eq!(
            serde_json::to_value(&mv).expect("serialises"),
            serde_json::json!({"t": "move", "game": "g", "n": 1, "move": "a2e5"})
        );
        let gone = ServerMsg::SeekGone { id: "3".into() };
        assert_eq!(gone.to_json(), r#"{"t":"seek_gone","id":"3"}"#);
    }

    #[test]
    fn unknown_fields_are_ignored_both_ways() {
        let c: ClientMsg = serde_json::from_str(r#"{"t": "ping", "n": 4, "later": {"x": [1, 2]}}"#)
            .expect("parses");
        assert_eq!(c, ClientMsg::Ping { n: 4 });
        let s: ServerMsg = serde_json::from_str(
            r#"{"t": "offer_gone", "game": "g", "kind": "draw", "by_whom": "white", "routes": []}"#,
        )
        .expect("parses");
        assert_eq!(
            s,
            ServerMsg::OfferGone {
                game: "g".into(),
                kind: "draw".into(),
                reason: "".into(),
                id: None,
            }
        );
    }

    #[test]
    fn unknown_kinds_parse_as_unknown_both_ways() {
        let c: ClientMsg =
            serde_json::from_str(r#"{"t": "teleport", "to": "mars"}"#).expect("parses");
        assert_eq!(c, ClientMsg::Unknown);
        let s: ServerMsg = serde_json::from_str(r#"{"t": "tournament", "id": 5}"#).expect("parses");
        assert_eq!(s, ServerMsg::Unknown);
        // A known kind with a missing field stays an error (not silently unknown).
        assert!(serde_json::from_str::<ClientMsg>(r#"{"t": "move", "game": "g"}"#).is_err());
    }
}
