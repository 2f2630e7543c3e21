//! The one protocol of the server: JSON messages over a WebSocket, each an object whose `t`
//! names it (docs/SERVER.md lists them with example sessions). The desktop game, the web page
//! and the bots all speak it, so it says everything a client needs and nothing it must work
//! out itself (the legal moves come with every position).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

mod games;
mod learning;
#[cfg(test)]
mod tests;
mod tournaments;

pub use games::{
    ClockView, GameSummary, GameView, Moved, RatingView, RouteView, SeekSpec, SeekView,
};
pub use learning::{
    AnalysisBoardView, Answer, GameAnalysisView, LessonStars, LessonView, LineView, PuzzlePly,
    PuzzleRatingView, PuzzleStepView, PuzzleView, TextBoardView, TextRowView,
};
pub use tournaments::{TournamentSpec, TournamentSummary};

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

/// The most tournaments a `tournaments` message lists.
pub const MAX_TOURNAMENTS: usize = 30;

/// The longest question `ask` takes, in bytes.
pub const MAX_QUESTION: usize = 32;
/// The longest position text `ask` takes, in bytes.
pub const MAX_ASK_POSITION: usize = 512;
/// Most moves `ask` plays from its position.
pub const MAX_ASK_MOVES: usize = 300;

/// The most solver moves a `puzzle_move` may carry (a shipped solution has at most 8).
pub const MAX_PUZZLE_MOVES: usize = 16;

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
