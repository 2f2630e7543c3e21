//! The rules `Game` as the one source of truth, and the only systems that change it. The
//! `Game` inside [`ChessGame`] is private: every change goes through the methods and messages
//! here ([`play_on_board`], [`GameCommand`], `replace`, `mirror`, the clocks), whoever asks.

use crate::tr;
use bevy::prelude::*;

use std::time::Duration;

use crate::engine::Level;
use crate::game::core::GameSet;
use crate::rules::clock::{Clocks, TimeControl};
use crate::rules::record::{GameRecord, PlyNote, clocks_after};
use crate::rules::{Game, Move, Outcome, Piece, Position, Route, Side};

/// Who plays a side.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Player {
    /// A person at this computer.
    #[default]
    Human,
    /// The engine, at a level.
    Computer(Level),
    /// Moves that come from outside the board's input: a lesson's or a puzzle's replies, a
    /// network opponent, another engine program. Nobody at this board may move for it.
    Elsewhere,
}

/// The game on the board, who plays each side, a revision number that changes with every
/// change (so tasks started on an older game can tell they are stale) and an identity that
/// changes only when another game takes the board (so saving can tell a game from its
/// successor).
///
/// The board may show an earlier position of the game ([`ChessGame::show_ply`]): `game` stays
/// the whole game (what is saved and played on), [`ChessGame::board`] is what the board shows.
#[derive(Resource, Debug, Clone)]
pub struct ChessGame {
    /// The rules' game: position, history, outcome. Always the whole game, also while the
    /// board shows an earlier position. Private: it changes only through the methods here.
    game: Game,
    /// White's player, then Black's.
    pub players: [Player; 2],
    /// Where the game is played and by whom, when it is known beyond [`ChessGame::players`]
    /// (a network game: the opponent's name), for the saved game's tags.
    pub origin: Origin,
    revision: u64,
    /// Like `revision`, but not changed by showing another position of the same game.
    game_revision: u64,
    id: u64,
    /// The earlier position on the board, if it shows one.
    browse: Option<Browse>,
    /// Lines left by moving from an earlier position, the latest last.
    abandoned: Vec<Abandoned>,
    /// What the game record says about each move (a hint asked for, clocks, comments):
    /// `notes[i]` belongs to the i-th half-move. One note more than the moves played is the
    /// note of the move to come (a hint was shown for it). Moves taken back lose their notes.
    notes: Vec<PlyNote>,
    /// The clocks of a timed game (`None` untimed). A move charges the mover's clock and
    /// notes its `[%clk]`; `crate::game::versus::clock` starts, stops and reads them.
    clocks: Option<Clocks>,
    /// The time the clocks were last told (`Time<Real>` since the start): moves are charged
    /// at it.
    clock_now: Duration,
}

/// What a saved game says about where a game was played and by whom, beyond its players'
/// kinds; reset by every new game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    /// `[Event]`, e.g. "Network game" (a game at this board when `None`).
    pub event: Option<String>,
    /// `[Site]`, e.g. the host's address.
    pub site: Option<String>,
    /// White's and Black's names, where known.
    pub names: [Option<String>; 2],
}

/// An earlier position shown on the board: the game up to `ply`.
#[derive(Debug, Clone)]
struct Browse {
    ply: usize,
    game: Game,
    /// Moves in the whole game when this was made: a view of another game is never shown.
    of: usize,
}

/// A line left behind by a move from an earlier position: undoing the new line's first move
/// brings it back.
#[derive(Debug, Clone)]
struct Abandoned {
    game: Game,
    notes: Vec<PlyNote>,
    /// The half-moves the two lines share.
    at: usize,
}

impl Default for ChessGame {
    fn default() -> ChessGame {
        ChessGame {
            game: Game::new(),
            players: [Player::Human; 2],
            origin: Origin::default(),
            revision: 0,
            game_revision: 0,
            id: 0,
            browse: None,
            abandoned: Vec::new(),
            notes: Vec::new(),
            clocks: None,
            clock_now: Duration::ZERO,
        }
    }
}

/// `game` up to its first `ply` half-moves.
fn prefix(game: &Game, ply: usize) -> Game {
    let mut shown = game.clone();
    while shown.plies().len() > ply {
        // The first call may only take back a declared result.
        shown.undo();
    }
    shown
}

/// `from` (a prefix of `whole`) moved to `ply` half-moves of `whole`.
fn seek(mut from: Game, ply: usize, whole: &Game) -> Game {
    while from.plies().len() > ply {
        from.undo();
    }
    while from.plies().len() < ply {
        let mv = whole.plies()[from.plies().len()].mv;
        if from.play(mv).is_err() {
            return prefix(whole, ply);
        }
    }
    from
}

impl ChessGame {
    /// The rules' game: position, history, outcome (the whole game, also while the board
    /// shows an earlier position).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The seat the person at this computer plays when there is exactly one (against the
    /// computer or someone elsewhere): that seat carries the name from Settings.
    pub fn own_seat(&self) -> Option<usize> {
        match self.players {
            [Player::Human, p] if p != Player::Human => Some(0),
            [p, Player::Human] if p != Player::Human => Some(1),
            _ => None,
        }
    }

    /// Changes whenever the game or the position shown changes (move, undo, redo, new game,
    /// load, another move of the list shown).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Changes whenever the game itself changes, not when another of its positions is shown
    /// (what saving follows).
    pub fn game_revision(&self) -> u64 {
        self.game_revision
    }

    /// The earlier position shown, if it is one of this game.
    fn live_browse(&self) -> Option<&Browse> {
        self.browse
            .as_ref()
            .filter(|b| b.of == self.game.plies().len())
    }

    /// What the board shows: the game up to the position shown (the whole game when the board
    /// is at its end). Its position is the one pieces, marks and board moves follow.
    pub fn board(&self) -> &Game {
        self.live_browse().map_or(&self.game, |b| &b.game)
    }

    /// How many half-moves of the game lead to the position shown.
    pub fn shown_ply(&self) -> usize {
        self.live_browse()
            .map_or(self.game.plies().len(), |b| b.ply)
    }

    /// Whether the board shows an earlier position than the game's last.
    pub fn browsing(&self) -> bool {
        self.live_browse().is_some()
    }

    /// Whether someone other than the people at this board plays a side (the computer, a
    /// network opponent): then an earlier position can be looked at but not played from.
    pub fn view_only(&self) -> bool {
        self.players.iter().any(|&p| p != Player::Human)
    }

    /// Shows the position after `ply` half-moves (the end for `ply` at or past it); the game
    /// itself does not change. Returns whether the position shown changed.
    pub fn show_ply(&mut self, ply: usize) -> bool {
        let end = self.game.plies().len();
        let ply = ply.min(end);
        if ply == self.shown_ply() {
            return false;
        }
        self.browse = if ply == end {
            None
        } else {
            let game = match self.browse.take() {
                Some(b) if b.of == end => seek(b.game, ply, &self.game),
                _ => prefix(&self.game, ply),
            };
            Some(Browse { ply, game, of: end })
        };
        self.revision += 1;
        // A hint's note on the move to come lapses, as with any change.
        self.notes.truncate(end);
        true
    }

    /// Lines kept by moves from earlier positions (Undo brings the latest back).
    pub fn kept_lines(&self) -> usize {
        self.abandoned.len()
    }

    /// Changes when another game takes the board (new game, load, resume), not with moves.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Puts another game on the board, with an identity no other game of this run has.
    pub fn replace(&mut self, game: Game, players: [Player; 2]) {
        self.replace_with_notes(game, players, Vec::new());
    }

    /// [`ChessGame::replace`] with the notes a game record keeps about its moves. The new game
    /// is untimed until [`ChessGame::set_clocks`] gives it clocks.
    pub fn replace_with_notes(&mut self, game: Game, players: [Player; 2], notes: Vec<PlyNote>) {
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        self.game = game;
        self.players = players;
        self.origin = Origin::default();
        self.notes = notes;
        self.browse = None;
        self.abandoned.clear();
        self.clocks = None;
        self.id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.bump();
    }

    /// Takes another program's word for this same game (a network host's): its moves, notes
    /// and clocks replace ours, the identity stays (it is still the game being saved).
    pub fn mirror(&mut self, game: Game, notes: Vec<PlyNote>, clocks: Option<Clocks>) {
        self.game = game;
        self.notes = notes;
        self.clocks = clocks;
        self.bump();
    }

    /// The clocks, when the game is timed.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The clocks, to start or stop them (which changes no revision: it changes no move).
    pub fn clocks_mut(&mut self) -> Option<&mut Clocks> {
        self.clocks.as_mut()
    }

    /// Gives the game clocks (stopped; they start when the play screen shows the game), or
    /// takes them away.
    pub fn set_clocks(&mut self, clocks: Option<Clocks>) {
        self.clocks = clocks;
    }

    /// The time the clocks were last told.
    pub fn clock_now(&self) -> Duration {
        self.clock_now
    }

    /// Tells the clocks the time (every frame, before anything plays a move).
    pub fn set_clock_now(&mut self, now: Duration) {
        self.clock_now = now;
    }

    /// Stops the clocks where they are.
    pub fn pause_clocks(&mut self) {
        let now = self.clock_now;
        if let Some(c) = &mut self.clocks {
            c.pause(now);
        }
    }

    /// Ends the game on time if the side to move's clock has run out: lost, or drawn when the
    /// opponent has only its King ([`Game::flag`]). Returns the outcome when it did.
    pub fn check_flag(&mut self) -> Option<Outcome> {
        if self.game.is_over() {
            return None;
        }
        let side = self.clocks.as_ref()?.flagged(self.clock_now)?;
        let outcome = self.game.flag(side).ok()?;
        self.pause_clocks();
        self.bump();
        Some(outcome)
    }

    /// Charges the move just played to the mover's clock (Fischer increment added) and keeps
    /// the clock reading in the move's note.
    fn clock_the_last_move(&mut self) {
        let now = self.clock_now;
        let plies = self.game.plies().len();
        if let Some(c) = &mut self.clocks
            && plies > 0
            && let Ok(clk) = c.moved(now)
        {
            self.notes
                .resize_with(plies.max(self.notes.len()), PlyNote::default);
            self.notes[plies - 1].clock = Some(clk);
        }
        if self.game.is_over() {
            self.pause_clocks();
        }
    }

    /// After a takeback: the clocks read what they read when this position arose (the
    /// `[%clk]` notes of the moves still played), running on if they ran.
    fn rewind_clocks(&mut self) {
        let Some(old) = &self.clocks else {
            return;
        };
        let running = old.is_running();
        self.clocks = Some(clocks_after(old.control(), &self.game, &self.notes));
        if running
            && !self.game.is_over()
            && let Some(c) = &mut self.clocks
        {
            c.resume(self.clock_now);
        }
    }

    /// The notes on the moves played (and possibly one on the move to come), for saving.
    pub fn notes(&self) -> &[PlyNote] {
        &self.notes
    }

    /// Changes the note of the move to come: kept with that move once it is played, dropped
    /// if anything else changes the game first.
    pub fn note_next_move(&mut self, change: impl FnOnce(&mut PlyNote)) {
        let next = self.game.plies().len();
        self.notes.resize_with(next + 1, PlyNote::default);
        change(&mut self.notes[next]);
    }

    /// The player whose turn it is.
    pub fn player_to_move(&self) -> Player {
        self.players[self.game.position().turn().index()]
    }

    /// Whether a person may move on the board now (the position shown is not over and it is a
    /// human's turn there).
    pub fn human_to_move(&self) -> bool {
        let board = self.board();
        !board.is_over() && self.players[board.position().turn().index()] == Player::Human
    }

    /// Whether both sides are played by people.
    pub fn two_humans(&self) -> bool {
        self.players == [Player::Human; 2]
    }

    /// Who resigns when the button is pressed: the person playing the computer, or in other
    /// games the side to move.
    pub fn resigning_side(&self) -> Side {
        match self.players {
            [Player::Human, Player::Computer(_)] => Side::White,
            [Player::Computer(_), Player::Human] => Side::Black,
            _ => self.game.position().turn(),
        }
    }

    /// Against the computer a draw needs its consent: it declines when its evaluation of the
    /// position is clearly in its favour (more than half a pawn).
    pub fn computer_declines_draw(&self) -> bool {
        let pos = self.game.position();
        let Some(computer) = Side::BOTH
            .into_iter()
            .find(|&s| matches!(self.players[s.index()], Player::Computer(_)))
        else {
            return false;
        };
        if self
            .players
            .iter()
            .all(|p| matches!(p, Player::Computer(_)))
        {
            return false;
        }
        let for_mover = crate::engine::evaluate(pos);
        let for_computer = if pos.turn() == computer {
            for_mover
        } else {
            -for_mover
        };
        for_computer > 50
    }

    fn bump(&mut self) {
        self.revision += 1;
        self.game_revision += 1;
        if self.live_browse().is_none() {
            self.browse = None;
        }
        // A move taken back loses its note; a note on a move to come lapses with any change
        // but that move.
        self.notes.truncate(self.game.plies().len());
    }
}

/// The play screen's game while another screen (a lesson, a puzzle) has the board.
#[derive(Resource, Debug, Default)]
pub struct PlayStash {
    /// The play game, while it is off the board.
    game: Option<ChessGame>,
    /// Whether the board holds the play game (and not a lesson's or a puzzle's).
    borrowed: bool,
}

impl PlayStash {
    /// Another screen takes the board: the play game is kept until the player comes back.
    pub fn borrow_board(&mut self, game: &ChessGame) {
        if !self.borrowed {
            let mut kept = game.clone();
            // Its clocks wait with it.
            kept.pause_clocks();
            self.game = Some(kept);
            self.borrowed = true;
        }
    }

    /// Whether another screen has the board (the play game waits here).
    pub fn board_borrowed(&self) -> bool {
        self.borrowed
    }

    /// The play game: the one kept here while another screen has the board, else `board`.
    pub fn play_game<'a>(&'a self, board: &'a ChessGame) -> &'a ChessGame {
        match (&self.game, self.borrowed) {
            (Some(g), true) => g,
            _ => board,
        }
    }

    /// Whether Continue has an unfinished play game to return to (on the board or kept here).
    pub fn unfinished_game_waits(&self, world: &World) -> bool {
        let unfinished = |g: &ChessGame| !g.game.plies().is_empty() && !g.game.is_over();
        match (&self.game, self.borrowed) {
            (Some(g), true) => unfinished(g),
            _ => world.get_resource::<ChessGame>().is_some_and(unfinished),
        }
    }
}

/// Back on the play screen, the play game returns to the board.
fn return_play_game(
    mut stash: ResMut<PlayStash>,
    mut game: ResMut<ChessGame>,
    mut reset: MessageWriter<BoardReset>,
) {
    if stash.borrowed {
        stash.borrowed = false;
        if let Some(g) = stash.game.take() {
            *game = g;
        } else {
            let players = game.players;
            game.replace(Game::new(), players);
        }
        reset.write(BoardReset);
    }
}

/// A request to play a move; the rules decide whether it happens.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRequest(pub Move);

/// Requests that change the game other than by a move.
#[derive(Message, Clone, Debug)]
pub enum GameCommand {
    /// Start again, from the standard position or a given one, with these players.
    NewGame {
        /// Start position (standard when `None`).
        start: Option<Box<Position>>,
        /// White's and Black's players.
        players: [Player; 2],
    },
    /// Continue a game loaded from a file or an autosave, with the notes on its moves.
    Load(Box<Game>, [Player; 2], Vec<PlyNote>),
    /// [`GameCommand::NewGame`] with clocks at `time` (untimed when `None`).
    NewTimed {
        /// Start position (standard when `None`).
        start: Option<Box<Position>>,
        /// White's and Black's players.
        players: [Player; 2],
        /// The time control.
        time: Option<TimeControl>,
    },
    /// Continue a saved game with its notes and, when it was timed, its clocks as its record
    /// left them ([`GameRecord::clocks`]).
    Resume(Box<GameRecord>, [Player; 2]),
    /// Take back a move (two against the computer, so it is the person's turn again).
    Undo,
    /// Replay a move taken back.
    Redo,
    /// A player resigns (see [`ChessGame::resigning_side`]).
    Resign,
    /// Both players agree to a draw.
    AgreeDraw,
}

/// A move the rules accepted: everything the view needs to show it.
#[derive(Message, Clone, Debug)]
pub struct MovePlayed {
    /// The move.
    pub mv: Move,
    /// The piece that moved (before promotion).
    pub piece: Piece,
    /// The piece taken, if any.
    pub captured: Option<Piece>,
    /// Where it went, step by step, for the animation.
    pub route: Route,
    /// The move in move text.
    pub text: String,
    /// Whether it gives check.
    pub check: bool,
    /// How the game ended with it, if it did.
    pub outcome: Option<Outcome>,
}

/// The board must be redrawn from the game without animation (undo, redo, new game, load).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// One line for the player: what just happened or why something was refused.
#[derive(Resource, Default, Debug, Clone)]
pub struct StatusLine {
    /// The text.
    pub text: String,
    /// Whether it reports a refusal (shown in a warning colour).
    pub warning: bool,
}

impl StatusLine {
    /// Shows a neutral message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.warning = false;
    }

    /// Shows a refusal.
    pub fn warn(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.warning = true;
    }
}

/// The game resource, the status line, the stash and the messages that change them.
pub fn plugin(app: &mut App) {
    app.init_resource::<ChessGame>()
        .init_resource::<StatusLine>()
        .init_resource::<PlayStash>()
        .add_systems(
            OnEnter(crate::game::core::screens::Screen::Play),
            return_play_game,
        )
        // The online screen puts a network game where the play game is: it must be the
        // play game that it takes the place of (and that saving keeps), not a lesson's.
        .add_systems(
            OnEnter(crate::game::core::screens::Screen::Online),
            return_play_game,
        )
        .add_systems(
            OnEnter(crate::game::core::screens::Screen::Server),
            return_play_game,
        )
        .add_message::<MoveRequest>()
        .add_message::<GameCommand>()
        .add_message::<MovePlayed>()
        .add_message::<BoardReset>()
        .add_systems(
            Update,
            (
                apply_commands,
                apply_moves.run_if(|s: Res<State<crate::game::core::screens::Screen>>| {
                    s.get().moves_go_to_game()
                }),
            )
                .chain()
                .in_set(GameSet::Rules),
        )
        .add_systems(Update, watch_game_end.in_set(GameSet::View));
}

/// Capitalised "White"/"Black" to move, for the status line.
pub fn turn_text(game: &Game) -> String {
    match game.outcome() {
        Some(outcome) => crate::game::text::outcome_text(outcome),
        None => {
            let side = crate::game::text::side_name(game.position().turn());
            if game.position().in_check() {
                tr!("turn-to-move-check", side = side)
            } else {
                tr!("turn-to-move", side = side)
            }
        }
    }
}

fn apply_commands(
    mut commands: MessageReader<GameCommand>,
    mut stash: ResMut<PlayStash>,
    mut game: ResMut<ChessGame>,
    mut status: ResMut<StatusLine>,
    mut reset: MessageWriter<BoardReset>,
) {
    for command in commands.read() {
        let g = &mut *game;
        let changed = match command {
            GameCommand::NewGame { start, players } => {
                // A new play game supersedes one kept aside (saving keeps it, if unfinished).
                *stash = PlayStash::default();
                let start = start.as_deref().cloned().unwrap_or_default();
                g.replace(Game::from_position(start), *players);
                status.info(tr!("status-new-game"));
                false
            }
            GameCommand::Load(loaded, players, notes) => {
                *stash = PlayStash::default();
                g.replace_with_notes((**loaded).clone(), *players, notes.clone());
                status.info(tr!("status-game-loaded", n = g.game.plies().len()));
                false
            }
            GameCommand::NewTimed {
                start,
                players,
                time,
            } => {
                *stash = PlayStash::default();
                let start = start.as_deref().cloned().unwrap_or_default();
                let turn = start.turn();
                g.replace(Game::from_position(start), *players);
                g.set_clocks(time.map(|tc| Clocks::new(tc, turn)));
                status.info(match time {
                    Some(tc) => tr!(
                        "status-new-game-clock",
                        clock = crate::game::text::time_control_label(*tc)
                    ),
                    None => tr!("status-new-game"),
                });
                false
            }
            GameCommand::Resume(record, players) => {
                *stash = PlayStash::default();
                let record = &**record;
                g.replace_with_notes(record.game.clone(), *players, record.notes.clone());
                g.set_clocks(record.clocks());
                status.info(tr!("status-game-loaded", n = g.game.plies().len()));
                false
            }
            GameCommand::Undo => undo(g, &mut status),
            GameCommand::Redo => redo(g, &mut status),
            GameCommand::Resign => {
                let side = g.resigning_side();
                declare(g.game.resign(side), &mut status)
            }
            GameCommand::AgreeDraw => match g.computer_declines_draw() {
                true => {
                    status.warn(tr!("status-computer-declines-draw"));
                    false
                }
                false => declare(g.game.agree_draw(), &mut status),
            },
        };
        if changed {
            g.bump();
        }
        reset.write(BoardReset);
    }
}

fn declare(result: Result<(), crate::rules::PlayError>, status: &mut StatusLine) -> bool {
    match result {
        Ok(()) => true,
        Err(e) => {
            status.warn(capitalise(&crate::game::text::play_error_text(&e)));
            false
        }
    }
}

/// Why undo and redo wait while an earlier position is shown.
fn browsing_undo() -> String {
    tr!("status-browsing-undo")
}

/// Takes back one move, or against the computer as many as needed (at most two) to give the
/// person the move again. In a timed game only two players at one board may take back (the
/// clocks go back to what they read then); against the computer the clock is the game.
fn undo(g: &mut ChessGame, status: &mut StatusLine) -> bool {
    if g.browsing() {
        status.warn(browsing_undo());
        return false;
    }
    if !g.game.can_undo() {
        status.warn(tr!("status-nothing-to-undo"));
        return false;
    }
    if g.clocks.is_some() && !g.two_humans() {
        status.warn(tr!("status-no-takebacks"));
        return false;
    }
    let declared = g.game.outcome().is_some_and(|o| o.is_declared());
    // Undoing the first move of a line started from an earlier position brings the old line
    // back, shown where the two part.
    if !declared
        && g.abandoned
            .last()
            .is_some_and(|a| a.at + 1 == g.game.plies().len())
        && let Some(old) = g.abandoned.pop()
    {
        g.game = old.game;
        g.notes = old.notes;
        g.browse = None;
        g.show_ply(old.at);
        status.info(tr!("status-undo-old-line"));
        return true;
    }
    g.game.undo();
    if !declared && !g.two_humans() && g.player_to_move() != Player::Human {
        g.game.undo();
    }
    g.rewind_clocks();
    status.info(tr!("status-undone"));
    true
}

fn redo(g: &mut ChessGame, status: &mut StatusLine) -> bool {
    if g.browsing() {
        status.warn(browsing_undo());
        return false;
    }
    if !g.game.can_redo() {
        status.warn(tr!("status-nothing-to-redo"));
        return false;
    }
    g.game.redo();
    g.clock_the_last_move();
    if !g.two_humans() && g.player_to_move() != Player::Human && g.game.can_redo() {
        g.game.redo();
        g.clock_the_last_move();
    }
    status.info(tr!("status-redone"));
    true
}

fn apply_moves(
    mut requests: MessageReader<MoveRequest>,
    mut game: ResMut<ChessGame>,
    mut status: ResMut<StatusLine>,
    mut played: MessageWriter<MovePlayed>,
) {
    for &MoveRequest(mv) in requests.read() {
        let lines = game.kept_lines();
        match play_on_board(&mut game, mv) {
            Ok(move_played) => {
                let text = &move_played.text;
                status.info(match move_played.outcome {
                    Some(o) => tr!(
                        "status-move-ends",
                        move = text.as_str(),
                        outcome = crate::game::text::outcome_text(o)
                    ),
                    None if game.kept_lines() > lines => {
                        tr!("status-new-line", move = text.as_str())
                    }
                    None => tr!(
                        "status-played",
                        side = crate::game::text::side_name(move_played.piece.side),
                        move = text.as_str()
                    ),
                });
                played.write(move_played);
            }
            Err(why) => status.warn(why),
        }
    }
}

/// Plays `mv` on the board's game and returns what the view needs to show it (write it as a
/// [`MovePlayed`] message so it glides), or the rules' reason in a sentence.
///
/// While the board shows an earlier position, a game between people goes on from there: the
/// game's own next move just steps forward, another move starts a new line (the old one is
/// kept for Undo). In other games the move is the game's (the computer's or a remote
/// player's): the board returns to the game's end first.
pub fn play_on_board(game: &mut ChessGame, mv: Move) -> Result<MovePlayed, String> {
    if game.browsing() && game.view_only() {
        let end = game.game.plies().len();
        game.show_ply(end);
    }
    if !game.game.is_over()
        && let Some(side) = game.clocks.as_ref().and_then(|c| c.flagged(game.clock_now))
    {
        return Err(tr!(
            "status-too-late",
            side = crate::game::text::side_name(side)
        ));
    }
    let position = game.board().position().clone();
    let (Some(piece), Some(route)) = (position.piece_at(mv.from), position.route(mv)) else {
        return Err(match position.check_move(mv) {
            Err(e) => capitalise(&crate::game::text::move_error_text(&e)),
            Ok(()) => tr!("status-cannot-show"),
        });
    };
    let captured = position.piece_at(mv.to);
    if game.browsing() {
        if let Err(e) = position.check_move(mv) {
            return Err(capitalise(&crate::game::text::move_error_text(&e)));
        }
        let at = game.shown_ply();
        if game.game.plies()[at].mv == mv {
            let text = game.game.plies()[at].text.clone();
            game.show_ply(at + 1);
            let shown = game.board();
            return Ok(MovePlayed {
                mv,
                piece,
                captured,
                route,
                text,
                check: shown.position().in_check(),
                outcome: shown.outcome(),
            });
        }
        let line = game.board().clone();
        let old = Abandoned {
            game: std::mem::replace(&mut game.game, line),
            notes: game.notes.clone(),
            at,
        };
        game.abandoned.push(old);
        game.browse = None;
        game.notes.truncate(at);
    }
    let text = match game.game.play(mv) {
        Ok(ply) => ply.text.clone(),
        Err(e) => return Err(capitalise(&crate::game::text::play_error_text(&e))),
    };
    let check = game.game.position().in_check();
    let outcome = game.game.outcome();
    game.clock_the_last_move();
    game.bump();
    Ok(MovePlayed {
        mv,
        piece,
        captured,
        route,
        text,
        check,
        outcome,
    })
}

/// Messages from the rules start in lower case; the status line starts sentences.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Opens the game-over dialog when the game on the play screen ends (or a finished game is
/// loaded), and closes it when a game goes on again (undo, new game).
fn watch_game_end(
    game: Res<ChessGame>,
    screen: Res<State<crate::game::core::screens::Screen>>,
    modal: Res<State<crate::game::core::screens::Modal>>,
    mut next: ResMut<NextState<crate::game::core::screens::Modal>>,
    mut seen: Local<Option<(u64, bool)>>,
) {
    let over = game.game.is_over();
    let now = (game.id(), over);
    let before = seen.replace(now);
    use crate::game::core::screens::Screen;
    if !matches!(screen.get(), Screen::Play | Screen::Online | Screen::Server) {
        return;
    }
    let newly_over = over && before != Some(now);
    if newly_over && *modal.get() == crate::game::core::screens::Modal::None {
        next.set(crate::game::core::screens::Modal::GameOver);
    } else if !over && *modal.get() == crate::game::core::screens::Modal::GameOver {
        next.set(crate::game::core::screens::Modal::None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(moves: &[&str]) -> ChessGame {
        let mut g = ChessGame::default();
        for m in moves {
            g.game.play_text(m).unwrap();
        }
        g
    }

    #[test]
    fn an_earlier_position_is_shown_without_changing_the_game() {
        let moves = ["c4-d3", "i4-h3", "c3-d2", "i5-h4", "Sa2-e3"];
        let mut g = played(&moves);
        let (revision, saved) = (g.revision(), g.game_revision());
        for ply in [3, 1, 4, 0, 2, 5, 1] {
            let mut expected = Game::new();
            for m in &moves[..ply] {
                expected.play_text(m).unwrap();
            }
            g.show_ply(ply);
            assert_eq!(g.shown_ply(), ply);
            assert_eq!(g.board().position(), expected.position());
            assert_eq!(g.board().plies().len(), ply);
            assert_eq!(g.browsing(), ply < moves.len());
            assert_eq!(g.game.plies().len(), moves.len());
        }
        assert!(g.revision() > revision, "the view changed");
        assert_eq!(g.game_revision(), saved, "the game did not");
        assert!(!g.show_ply(1), "already shown");
        g.replace(Game::new(), [Player::Human; 2]);
        assert!(!g.browsing());
    }

    #[test]
    fn a_move_from_an_earlier_position_branches_and_undo_restores_the_line() {
        let mut g = played(&["c4-d3", "i4-h3", "c3-d2", "i5-h4"]);
        let mut status = StatusLine::default();
        g.show_ply(2);
        // The game's own move steps forward.
        let own = g.game.plies()[2].mv;
        play_on_board(&mut g, own).unwrap();
        assert_eq!((g.shown_ply(), g.kept_lines()), (3, 0));
        assert!(g.browsing());
        // Undo waits while an earlier position is shown.
        assert!(!undo(&mut g, &mut status) && status.warning);
        let other = g.board().position().parse_move("i3-g5").unwrap();
        play_on_board(&mut g, other).unwrap();
        assert_eq!(g.game.plies().len(), 4);
        assert_eq!(g.kept_lines(), 1);
        assert!(!g.browsing());
        assert!(undo(&mut g, &mut status));
        assert_eq!(g.game.plies()[3].text, "i5-h4");
        assert_eq!(g.shown_ply(), 3);
        assert_eq!(g.kept_lines(), 0);
        // Against the computer a move for the game returns to its end first.
        let mut g = played(&["c4-d3", "i4-h3", "c3-d2"]);
        g.players = [Player::Human, Player::Computer(Level::Easy)];
        g.show_ply(1);
        let reply = g.game.position().parse_move("i5-h4").unwrap();
        play_on_board(&mut g, reply).unwrap();
        assert_eq!(g.game.plies().len(), 4);
        assert!(!g.browsing());
    }
}

/// A running clock fell under ten seconds (the audio plugin ticks).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockLow(pub Side);

/// Whether the computer is thinking (the panel shows it).
#[derive(Resource, Default, Debug)]
pub struct Thinking(pub bool);
