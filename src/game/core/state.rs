//! The rules `Game` as the one source of truth, and the one command API that changes it. The
//! `Game` inside [`ChessGame`], its players and every method that changes them are private:
//! every change (a move, undo and redo, a new, loaded or resumed game, a lesson's, a puzzle's
//! or the editor's position, showing an earlier move, the clocks, a hint's note, following
//! another authority) is a [`GameCommand`], whoever asks. A system sends it as a message
//! (applied in [`GameSet::Rules`]) or, when it needs the result in the same frame, applies it
//! through [`GameControl::apply`]; exclusive code applies it at once with [`apply`]. All of
//! them run [`ChessGame::apply`], the one implementation of each change, and then tell the view
//! the same way (a move played glides, other changes redraw where the command says so).

use crate::tr;
use bevy::prelude::*;

use std::time::Duration;

use crate::engine::Level;
use crate::game::core::GameSet;
use crate::rules::clock::{Clocks, TimeControl};
use crate::rules::record::{GameRecord, PlyNote, clocks_after};
use crate::rules::{Game, Move, Outcome, Piece, Position, Route, Side};

/// Who plays a side of the game on the board: a person here, the engine, or moves from elsewhere.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum SeatKind {
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
/// The board may show an earlier position of the game ([`GameCommand::ShowPly`]): `game` stays
/// the whole game (what is saved and played on), [`ChessGame::board`] is what the board shows.
#[derive(Resource, Debug, Clone)]
pub struct ChessGame {
    /// The rules' game: position, history, outcome. Always the whole game, also while the
    /// board shows an earlier position. Private: it changes only through the methods here.
    game: Game,
    /// White's player, then Black's.
    players: [SeatKind; 2],
    /// Where the game is played and by whom, when it is known beyond [`ChessGame::players`]
    /// (a network game: the opponent's name), for the saved game's tags.
    origin: Origin,
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
    /// notes its `[%clk]`; `crate::game::core::clock` starts, stops and reads them.
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
            players: [SeatKind::Human; 2],
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

    /// White's player, then Black's.
    pub fn players(&self) -> [SeatKind; 2] {
        self.players
    }

    /// Where the game is played and by whom, when it is known beyond the players (a network
    /// game: the opponent's name), for the saved game's tags.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The seat the person at this computer plays when there is exactly one (against the
    /// computer or someone elsewhere): that seat carries the name from Settings.
    pub fn own_seat(&self) -> Option<usize> {
        match self.players {
            [SeatKind::Human, p] if p != SeatKind::Human => Some(0),
            [p, SeatKind::Human] if p != SeatKind::Human => Some(1),
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
        self.players.iter().any(|&p| p != SeatKind::Human)
    }

    /// Shows the position after `ply` half-moves (the end for `ply` at or past it); the game
    /// itself does not change. Returns whether the position shown changed.
    fn show_ply(&mut self, ply: usize) -> bool {
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
    fn replace(&mut self, game: Game, players: [SeatKind; 2]) {
        self.replace_with_notes(game, players, Vec::new());
    }

    /// [`ChessGame::replace`] with the notes a game record keeps about its moves. The new game
    /// is untimed until it is given clocks.
    fn replace_with_notes(&mut self, game: Game, players: [SeatKind; 2], notes: Vec<PlyNote>) {
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
    fn mirror(&mut self, game: Game, notes: Vec<PlyNote>, clocks: Option<Clocks>) {
        self.game = game;
        self.notes = notes;
        self.clocks = clocks;
        self.bump();
    }

    /// The clocks, when the game is timed.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The time the clocks were last told.
    pub fn clock_now(&self) -> Duration {
        self.clock_now
    }

    /// Stops the clocks where they are.
    fn pause_clocks(&mut self) {
        let now = self.clock_now;
        if let Some(c) = &mut self.clocks {
            c.pause(now);
        }
    }

    /// Ends the game on time if the side to move's clock has run out: lost, or drawn when the
    /// opponent has only its King ([`Game::flag`]). Returns the outcome when it did.
    fn check_flag(&mut self) -> Option<Outcome> {
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

    /// The player whose turn it is.
    pub fn player_to_move(&self) -> SeatKind {
        self.players[self.game.position().turn().index()]
    }

    /// Whether a person may move on the board now (the position shown is not over and it is a
    /// human's turn there).
    pub fn human_to_move(&self) -> bool {
        let board = self.board();
        !board.is_over() && self.players[board.position().turn().index()] == SeatKind::Human
    }

    /// Whether both sides are played by people.
    pub fn two_humans(&self) -> bool {
        self.players == [SeatKind::Human; 2]
    }

    /// Who resigns when the button is pressed: the person playing the computer, or in other
    /// games the side to move.
    pub fn resigning_side(&self) -> Side {
        match self.players {
            [SeatKind::Human, SeatKind::Computer(_)] => Side::White,
            [SeatKind::Computer(_), SeatKind::Human] => Side::Black,
            _ => self.game.position().turn(),
        }
    }

    /// Against the computer a draw needs its consent: it declines when its evaluation of the
    /// position is clearly in its favour (more than half a pawn).
    pub fn computer_declines_draw(&self) -> bool {
        let pos = self.game.position();
        let Some(computer) = Side::BOTH
            .into_iter()
            .find(|&s| matches!(self.players[s.index()], SeatKind::Computer(_)))
        else {
            return false;
        };
        if self
            .players
            .iter()
            .all(|p| matches!(p, SeatKind::Computer(_)))
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

    /// Applies `command` to this game: the one place each change of a [`ChessGame`] is made.
    /// The game on the board goes through [`GameControl::apply`] (or [`apply`], or the
    /// message), which also redraws the board, glides a move played and drops a superseded
    /// play game; this is for a game of one's own.
    pub fn apply(&mut self, command: GameCommand, status: &mut StatusLine) -> Applied {
        let changed = |c: bool| {
            if c {
                Applied::Changed
            } else {
                Applied::Unchanged
            }
        };
        match command {
            GameCommand::NewGame { start, players } => {
                let start = start.map(|s| *s).unwrap_or_default();
                self.replace(Game::from_position(start), players);
                status.info(tr!("status-new-game"));
                Applied::Changed
            }
            GameCommand::Load(loaded, players, notes) => {
                self.replace_with_notes(*loaded, players, notes);
                status.info(tr!("status-game-loaded", n = self.game.plies().len()));
                Applied::Changed
            }
            GameCommand::NewTimed {
                start,
                players,
                time,
            } => {
                let start = start.map(|s| *s).unwrap_or_default();
                let turn = start.turn();
                self.replace(Game::from_position(start), players);
                self.clocks = time.map(|tc| Clocks::new(tc, turn));
                status.info(match time {
                    Some(tc) => tr!(
                        "status-new-game-clock",
                        clock = crate::game::text::time_control_label(tc)
                    ),
                    None => tr!("status-new-game"),
                });
                Applied::Changed
            }
            GameCommand::Resume(record, players) => {
                let clocks = record.clocks();
                let GameRecord { game, notes, tags } = *record;
                self.replace_with_notes(game, players, notes);
                self.clocks = clocks;
                // A game played elsewhere (a server's, a network game) keeps saying where
                // and by whom.
                if tags.site.is_some() {
                    self.origin = Origin {
                        event: tags.event,
                        site: tags.site,
                        names: [tags.white, tags.black],
                    };
                }
                status.info(tr!("status-game-loaded", n = self.game.plies().len()));
                Applied::Changed
            }
            GameCommand::Undo => {
                let undone = undo(self, status);
                self.bump_if(undone)
            }
            GameCommand::Redo => {
                let redone = redo(self, status);
                self.bump_if(redone)
            }
            GameCommand::Resign => {
                let side = self.resigning_side();
                let declared = declare(self.game.resign(side), status);
                self.bump_if(declared)
            }
            GameCommand::AgreeDraw => {
                if self.computer_declines_draw() {
                    status.warn(tr!("status-computer-declines-draw"));
                    return Applied::Unchanged;
                }
                let declared = declare(self.game.agree_draw(), status);
                self.bump_if(declared)
            }
            GameCommand::Play(mv) => match play_on_board(self, mv) {
                Ok(played) => Applied::Played(played),
                Err(why) => Applied::Refused(why),
            },
            GameCommand::Replace {
                game,
                players,
                notes,
                clocks,
            } => {
                self.replace_with_notes(*game, players, notes);
                self.clocks = clocks;
                Applied::Changed
            }
            GameCommand::Follow {
                game,
                players,
                notes,
                clocks,
                origin,
            } => {
                self.replace_with_notes(*game, players, notes);
                self.clocks = clocks;
                self.origin = origin;
                Applied::Changed
            }
            GameCommand::Mirror {
                game,
                notes,
                clocks,
            } => {
                let ours = self.game.plies();
                let theirs = game.plies();
                let same_start = self.game.start_position() == game.start_position();
                let prefix = ours.iter().zip(theirs).all(|(a, b)| a.mv == b.mv);
                let mut glided = None;
                if same_start && prefix && ours.len() + 1 == theirs.len() && !self.game.is_over() {
                    let mv = theirs[ours.len()].mv;
                    // The authority's clocks, not the board's, charge the move.
                    self.clocks = None;
                    glided = play_on_board(self, mv).ok();
                }
                self.mirror(*game, notes, clocks);
                glided.map_or(Applied::Changed, Applied::Played)
            }
            GameCommand::ShowPly(ply) => changed(self.show_ply(ply)),
            GameCommand::SetPlayers(players) => {
                let other = self.players != players;
                self.players = players;
                changed(other)
            }
            GameCommand::SetClocks(clocks) => {
                self.clocks = clocks;
                Applied::Changed
            }
            GameCommand::ClockNow(now) => {
                // Reading the time changes no move: nothing needs to know.
                self.clock_now = now;
                Applied::Unchanged
            }
            GameCommand::RunClocks(run) => {
                let now = self.clock_now;
                if let Some(c) = &mut self.clocks {
                    match (run, c.is_running()) {
                        (true, false) => c.resume(now),
                        (false, true) => c.pause(now),
                        _ => {}
                    }
                }
                match self.check_flag() {
                    Some(outcome) => {
                        status.warn(crate::game::text::outcome_text(outcome));
                        Applied::Changed
                    }
                    None => Applied::Unchanged,
                }
            }
            GameCommand::PauseClocks => {
                self.pause_clocks();
                Applied::Unchanged
            }
            GameCommand::NoteHint => {
                let next = self.game.plies().len();
                self.notes.resize_with(next + 1, PlyNote::default);
                self.notes[next].hint = true;
                Applied::Changed
            }
        }
    }

    /// Counts a change made to the game itself, if there was one.
    fn bump_if(&mut self, changed: bool) -> Applied {
        if !changed {
            return Applied::Unchanged;
        }
        self.bump();
        Applied::Changed
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

/// Whether a saved unfinished game waits to be continued (`saves` keeps it up to
/// date; the title screen offers Continue while it does).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ResumableSave(pub bool);

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

/// Every change to the game on the board, whoever asks: a system writes it as a message (applied
/// in [`GameSet::Rules`]), exclusive code applies it at once with [`apply`], a system that needs
/// the result in the same frame through [`GameControl::apply`]. All three, and
/// [`ChessGame::apply`] on a game of one's own, run the same code.
#[derive(Message, Clone, Debug)]
pub enum GameCommand {
    /// Start again, from the standard position or a given one, with these players.
    NewGame {
        /// Start position (standard when `None`).
        start: Option<Box<Position>>,
        /// White's and Black's players.
        players: [SeatKind; 2],
    },
    /// Continue a game loaded from a file or an autosave, with the notes on its moves.
    Load(Box<Game>, [SeatKind; 2], Vec<PlyNote>),
    /// [`GameCommand::NewGame`] with clocks at `time` (untimed when `None`).
    NewTimed {
        /// Start position (standard when `None`).
        start: Option<Box<Position>>,
        /// White's and Black's players.
        players: [SeatKind; 2],
        /// The time control.
        time: Option<TimeControl>,
    },
    /// Continue a saved game with its notes and, when it was timed, its clocks as its record
    /// left them ([`GameRecord::clocks`]).
    Resume(Box<GameRecord>, [SeatKind; 2]),
    /// Take back a move (two against the computer, so it is the person's turn again).
    Undo,
    /// Replay a move taken back.
    Redo,
    /// A player resigns (see [`ChessGame::resigning_side`]).
    Resign,
    /// Both players agree to a draw.
    AgreeDraw,
    /// Play a move on the board (see [`GameControl::apply`]'s [`Applied::Played`]). While an
    /// earlier position is shown, a game between people goes on from there: the game's own
    /// next move just steps forward, another move starts a new line (the old one is kept for
    /// Undo). In other games the move is the game's: the board returns to its end first.
    Play(Move),
    /// Another game takes the board (a lesson's stage, a puzzle, the editor's setup, a game to
    /// analyse, the command line's position), with a new identity, the notes on its moves and
    /// its clocks (stopped). The play game kept aside stays; the board is redrawn by whoever
    /// asks (a [`BoardReset`]), unless a move's glide should end first.
    Replace {
        /// The game.
        game: Box<Game>,
        /// White's and Black's players.
        players: [SeatKind; 2],
        /// The notes on its moves.
        notes: Vec<PlyNote>,
        /// Its clocks (`None` untimed).
        clocks: Option<Clocks>,
    },
    /// Another authority's game (a network host's, a game server's) takes the board as the
    /// play game, with its notes, clocks and origin; the board is redrawn.
    Follow {
        /// The game.
        game: Box<Game>,
        /// White's and Black's players (the followed side [`SeatKind::Elsewhere`]).
        players: [SeatKind; 2],
        /// The notes on its moves.
        notes: Vec<PlyNote>,
        /// Its clocks (`None` untimed).
        clocks: Option<Clocks>,
        /// Where it is played and by whom.
        origin: Origin,
    },
    /// Take the followed authority's word for this same game: its moves, notes and clocks
    /// replace ours, the identity stays. A single new move glides (its authority's clocks, not
    /// ours, charge it); anything else (a takeback, a result, a resync) redraws the board.
    Mirror {
        /// The game.
        game: Box<Game>,
        /// The notes on its moves.
        notes: Vec<PlyNote>,
        /// Its clocks (`None` untimed).
        clocks: Option<Clocks>,
    },
    /// Show the position after this many half-moves (the end for any number at or past it);
    /// the game itself does not change.
    ShowPly(usize),
    /// Other players for the same game (the game, its clocks and identity stay).
    SetPlayers([SeatKind; 2]),
    /// Give the game clocks (stopped; they start when the play screen shows the game), or
    /// take them away.
    SetClocks(Option<Clocks>),
    /// Tell the clocks the time (`Time<Real>` since the start; every frame, before anything
    /// plays a move): moves are charged at it.
    ClockNow(Duration),
    /// Start (`true`) or stop the clocks at the time last told, then end the game on time if
    /// the side to move's clock has run out: lost, or drawn when the opponent has only its
    /// King ([`Game::flag`]).
    RunClocks(bool),
    /// Stop the clocks where they are (and check no flag).
    PauseClocks,
    /// A hint was shown for the move to come: its note says so once it is played (dropped if
    /// anything else changes the game first).
    NoteHint,
}

impl GameCommand {
    /// Whether the board is redrawn without animation after it (a [`Applied::Played`] move
    /// glides instead).
    fn redraws(&self) -> bool {
        use GameCommand::*;
        match self {
            NewGame { .. } | Load(..) | NewTimed { .. } | Resume(..) => true,
            Undo | Redo | Resign | AgreeDraw | Follow { .. } | Mirror { .. } => true,
            Play(_) | Replace { .. } | ShowPly(_) | SetPlayers(_) | SetClocks(_) => false,
            ClockNow(_) | RunClocks(_) | PauseClocks | NoteHint => false,
        }
    }

    /// Whether the game it puts on the board is the play game (one kept aside while another
    /// screen had the board is superseded; saving keeps it, if unfinished).
    fn starts_play_game(&self) -> bool {
        use GameCommand::*;
        matches!(
            self,
            NewGame { .. } | Load(..) | NewTimed { .. } | Resume(..) | Follow { .. }
        )
    }
}

/// What a [`GameCommand`] did.
#[derive(Debug, Clone)]
pub enum Applied {
    /// Nothing changed: it was so already, or it was refused (the status line says why).
    Unchanged,
    /// The game, the position shown or who plays changed.
    Changed,
    /// This move was played ([`GameCommand::Play`], or the single new move of a
    /// [`GameCommand::Mirror`]); [`GameControl`] writes it as a [`MovePlayed`], so it glides.
    Played(MovePlayed),
    /// The move could not be played, for this reason (in a sentence).
    Refused(String),
}

impl Applied {
    /// Whether anything changed.
    pub fn changed(&self) -> bool {
        matches!(self, Applied::Changed | Applied::Played(_))
    }
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
        .init_resource::<ResumableSave>()
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
            OnEnter(crate::game::core::screens::Screen::Lobby),
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

/// The game on the board and everything a change to it tells: the one way systems change it
/// (exclusive code uses [`apply`], which runs this).
#[derive(bevy::ecs::system::SystemParam)]
pub struct GameControl<'w> {
    game: ResMut<'w, ChessGame>,
    stash: ResMut<'w, PlayStash>,
    /// The status line: what happened, or why not.
    pub status: ResMut<'w, StatusLine>,
    played: MessageWriter<'w, MovePlayed>,
    reset: MessageWriter<'w, BoardReset>,
}

impl GameControl<'_> {
    /// The game on the board.
    pub fn game(&self) -> &ChessGame {
        &self.game
    }

    /// Applies `command` at once: the game changes ([`ChessGame::apply`]), a move played glides
    /// (a [`MovePlayed`]), the board is redrawn where the command says so (a [`BoardReset`]),
    /// and a new play game supersedes the one kept aside.
    pub fn apply(&mut self, command: GameCommand) -> Applied {
        let redraws = command.redraws();
        if command.starts_play_game() {
            *self.stash = PlayStash::default();
        }
        // Telling or running the clocks changes no move: nothing needs to know.
        let applied = self
            .game
            .bypass_change_detection()
            .apply(command, &mut self.status);
        if applied.changed() {
            self.game.set_changed();
        }
        match &applied {
            Applied::Played(played) => {
                self.played.write(played.clone());
            }
            _ if redraws => {
                self.reset.write(BoardReset);
            }
            _ => {}
        }
        applied
    }

    /// Another screen takes the board: the play game is kept until the player comes back
    /// ([`PlayStash::borrow_board`]).
    pub fn borrow_board(&mut self) {
        self.stash.borrow_board(&self.game);
    }

    /// Redraws the board from the game, without animation.
    pub fn redraw(&mut self) {
        self.reset.write(BoardReset);
    }
}

/// Applies `command` to the game on the board at once (see [`GameControl::apply`]); for
/// exclusive code. Without the game's resources nothing happens.
pub fn apply(world: &mut World, command: GameCommand) -> Applied {
    world
        .run_system_cached_with(apply_one, command)
        .unwrap_or(Applied::Unchanged)
}

fn apply_one(In(command): In<GameCommand>, mut control: GameControl) -> Applied {
    control.apply(command)
}

/// The messages: each applied in turn, like any other command.
fn apply_commands(mut commands: MessageReader<GameCommand>, mut control: GameControl) {
    for command in commands.read() {
        control.apply(command.clone());
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
    if !declared && !g.two_humans() && g.player_to_move() != SeatKind::Human {
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
    if !g.two_humans() && g.player_to_move() != SeatKind::Human && g.game.can_redo() {
        g.game.redo();
        g.clock_the_last_move();
    }
    status.info(tr!("status-redone"));
    true
}

fn apply_moves(mut requests: MessageReader<MoveRequest>, mut control: GameControl) {
    for &MoveRequest(mv) in requests.read() {
        let lines = control.game().kept_lines();
        match control.apply(GameCommand::Play(mv)) {
            Applied::Played(move_played) => {
                let text = &move_played.text;
                let status = if move_played.outcome.is_none() && control.game().kept_lines() > lines
                {
                    tr!("status-new-line", move = text.as_str())
                } else {
                    crate::game::text::move_played_text(
                        &crate::game::text::side_name(move_played.piece.side),
                        text,
                        move_played.outcome,
                    )
                };
                control.status.info(status);
            }
            Applied::Refused(why) => control.status.warn(why),
            Applied::Changed | Applied::Unchanged => {}
        }
    }
}

/// Plays `mv` on the board's game ([`GameCommand::Play`]) and returns what the view needs to
/// show it, or the rules' reason in a sentence.
///
/// While the board shows an earlier position, a game between people goes on from there: the
/// game's own next move just steps forward, another move starts a new line (the old one is
/// kept for Undo). In other games the move is the game's (the computer's or a remote
/// player's): the board returns to the game's end first.
fn play_on_board(game: &mut ChessGame, mv: Move) -> Result<MovePlayed, String> {
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
    if !matches!(screen.get(), Screen::Play | Screen::Online | Screen::Lobby) {
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
        g.replace(Game::new(), [SeatKind::Human; 2]);
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
        g.players = [SeatKind::Human, SeatKind::Computer(Level::Easy)];
        g.show_ply(1);
        let reply = g.game.position().parse_move("i5-h4").unwrap();
        play_on_board(&mut g, reply).unwrap();
        assert_eq!(g.game.plies().len(), 4);
        assert!(!g.browsing());
    }

    fn mv(g: &ChessGame, text: &str) -> Move {
        g.board().position().parse_move(text).unwrap()
    }

    fn replace(game: Game, players: [SeatKind; 2], clocks: Option<Clocks>) -> GameCommand {
        GameCommand::Replace {
            game: Box::new(game),
            players,
            notes: Vec::new(),
            clocks,
        }
    }

    #[test]
    fn replace_puts_another_game_on_the_board_with_a_new_identity() {
        let mut g = played(&["c4-d3", "i4-h3"]);
        let mut status = StatusLine::default();
        g.apply(GameCommand::ShowPly(1), &mut status);
        let (id, revision) = (g.id(), g.game_revision());
        let mut other = Game::new();
        other.play_text("c3-d2").unwrap();
        let note = PlyNote {
            hint: true,
            ..PlyNote::default()
        };
        let clocks = Clocks::new(TimeControl::minutes_plus_seconds(5, 3), Side::Black);
        let command = GameCommand::Replace {
            game: Box::new(other.clone()),
            players: [SeatKind::Human, SeatKind::Elsewhere],
            notes: vec![note.clone()],
            clocks: Some(clocks.clone()),
        };
        assert!(g.apply(command, &mut status).changed());
        assert_eq!(g.game().plies().len(), 1);
        assert_eq!(g.game().position(), other.position());
        assert_eq!(g.players(), [SeatKind::Human, SeatKind::Elsewhere]);
        assert_eq!(g.notes(), &[note]);
        assert_eq!(g.clocks(), Some(&clocks));
        assert!(!g.browsing() && g.id() != id && g.game_revision() > revision);
        assert!(
            status.text.is_empty(),
            "no word of it: whoever asks says why"
        );
    }

    #[test]
    fn show_ply_changes_only_the_position_shown() {
        let mut g = played(&["c4-d3", "i4-h3", "c3-d2"]);
        let mut status = StatusLine::default();
        let (revision, saved) = (g.revision(), g.game_revision());
        // Past the end at the end: nothing changes.
        assert!(matches!(
            g.apply(GameCommand::ShowPly(99), &mut status),
            Applied::Unchanged
        ));
        assert_eq!((g.revision(), g.shown_ply()), (revision, 3));
        assert!(g.apply(GameCommand::ShowPly(1), &mut status).changed());
        assert_eq!((g.shown_ply(), g.board().plies().len()), (1, 1));
        assert!(matches!(
            g.apply(GameCommand::ShowPly(1), &mut status),
            Applied::Unchanged
        ));
        // Past the end from an earlier position: the end.
        assert!(g.apply(GameCommand::ShowPly(99), &mut status).changed());
        assert!(!g.browsing());
        assert_eq!(g.game_revision(), saved, "the game itself never changed");
        assert_eq!(g.game().plies().len(), 3);
    }

    #[test]
    fn play_plays_a_legal_move_and_refuses_another_without_a_change() {
        let mut g = ChessGame::default();
        let mut status = StatusLine::default();
        let good = mv(&g, "c4-d3");
        let Applied::Played(m) = g.apply(GameCommand::Play(good), &mut status) else {
            panic!("a legal move is played");
        };
        assert_eq!((m.mv, m.text.as_str()), (good, "c4-d3"));
        assert_eq!(g.game().plies().len(), 1);
        let revision = g.revision();
        // White's move again, on Black's turn.
        assert!(matches!(
            g.apply(GameCommand::Play(good), &mut status),
            Applied::Refused(_)
        ));
        assert_eq!((g.revision(), g.game().plies().len()), (revision, 1));
    }

    #[test]
    fn set_players_changes_who_plays_and_nothing_else() {
        let mut g = played(&["c4-d3"]);
        let mut status = StatusLine::default();
        let (id, saved) = (g.id(), g.game_revision());
        let same = g.players();
        assert!(
            !g.apply(GameCommand::SetPlayers(same), &mut status)
                .changed()
        );
        let other = [SeatKind::Human, SeatKind::Computer(Level::Easy)];
        assert!(
            g.apply(GameCommand::SetPlayers(other), &mut status)
                .changed()
        );
        assert_eq!(g.players(), other);
        assert_eq!((g.id(), g.game_revision()), (id, saved));
        assert_eq!(g.game().plies().len(), 1);
    }

    #[test]
    fn the_clocks_are_given_told_the_time_run_and_flag() {
        let mut g = ChessGame::default();
        let mut status = StatusLine::default();
        let tc = TimeControl::minutes_plus_seconds(1, 0);
        // Without clocks, running them does nothing.
        assert!(!g.apply(GameCommand::RunClocks(true), &mut status).changed());
        let clocks = Some(Clocks::new(tc, Side::White));
        g.apply(GameCommand::SetClocks(clocks), &mut status);
        let second = Duration::from_secs(1);
        assert!(
            !g.apply(GameCommand::ClockNow(second), &mut status)
                .changed()
        );
        assert_eq!(g.clock_now(), second);
        assert!(!g.apply(GameCommand::RunClocks(true), &mut status).changed());
        assert!(g.clocks().is_some_and(Clocks::is_running));
        g.apply(GameCommand::PauseClocks, &mut status);
        assert!(g.clocks().is_some_and(|c| !c.is_running()));
        // Stopped, no flag falls however late it is.
        g.apply(GameCommand::ClockNow(second * 200), &mut status);
        assert!(!g.game().is_over());
        // Running from then on, White's minute runs out.
        g.apply(GameCommand::RunClocks(true), &mut status);
        g.apply(GameCommand::ClockNow(second * 300), &mut status);
        let revision = g.game_revision();
        assert!(g.apply(GameCommand::RunClocks(true), &mut status).changed());
        assert!(matches!(g.game().outcome(), Some(Outcome::Time { .. })));
        assert!(status.warning && g.game_revision() > revision);
        assert!(g.clocks().is_some_and(|c| !c.is_running()));
        // Taken away.
        g.apply(GameCommand::SetClocks(None), &mut status);
        assert!(g.clocks().is_none());
    }

    #[test]
    fn a_hint_is_noted_on_the_move_to_come_and_kept_with_it() {
        let mut g = ChessGame::default();
        let mut status = StatusLine::default();
        let revision = g.revision();
        g.apply(GameCommand::NoteHint, &mut status);
        assert_eq!(g.revision(), revision, "a note changes no position");
        assert!(g.notes()[0].hint);
        let first = mv(&g, "c4-d3");
        g.apply(GameCommand::Play(first), &mut status);
        assert!(g.notes()[0].hint);
        // A note on the move to come lapses with another change.
        g.apply(GameCommand::NoteHint, &mut status);
        assert_eq!(g.notes().len(), 2);
        g.apply(GameCommand::ShowPly(0), &mut status);
        assert_eq!(g.notes().len(), 1);
    }

    #[test]
    fn follow_binds_a_game_and_mirror_keeps_its_identity() {
        let mut g = played(&["c4-d3"]);
        let mut status = StatusLine::default();
        let mut theirs = Game::new();
        theirs.play_text("c4-d3").unwrap();
        let origin = Origin {
            event: Some("Network game".into()),
            ..Origin::default()
        };
        let old = g.id();
        g.apply(
            GameCommand::Follow {
                game: Box::new(theirs.clone()),
                players: [SeatKind::Human, SeatKind::Elsewhere],
                notes: Vec::new(),
                clocks: None,
                origin: origin.clone(),
            },
            &mut status,
        );
        let id = g.id();
        assert_ne!(id, old);
        assert_eq!(g.origin(), &origin);
        assert_eq!(g.players(), [SeatKind::Human, SeatKind::Elsewhere]);
        // One new move of theirs glides.
        theirs.play_text("i4-h3").unwrap();
        let mirror = |game: &Game| GameCommand::Mirror {
            game: Box::new(game.clone()),
            notes: Vec::new(),
            clocks: None,
        };
        let Applied::Played(m) = g.apply(mirror(&theirs), &mut status) else {
            panic!("a single new move glides");
        };
        assert_eq!(m.text, "i4-h3");
        assert_eq!(g.game().plies().len(), 2);
        // A takeback redraws: changed, no move played.
        theirs.undo();
        theirs.undo();
        let applied = g.apply(mirror(&theirs), &mut status);
        assert!(matches!(applied, Applied::Changed));
        assert!(g.game().plies().is_empty());
        assert_eq!((g.id(), g.origin()), (id, &origin), "still the same game");
    }

    /// A world with the game's resources and messages, as the plugin makes it.
    fn world() -> World {
        let mut world = World::new();
        world.init_resource::<ChessGame>();
        world.init_resource::<PlayStash>();
        world.init_resource::<StatusLine>();
        world.init_resource::<Messages<MovePlayed>>();
        world.init_resource::<Messages<BoardReset>>();
        world
    }

    #[test]
    fn apply_changes_the_board_at_once_and_tells_the_view() {
        let mut world = world();
        let resets = |w: &World| w.resource::<Messages<BoardReset>>().len();
        let glides = |w: &World| w.resource::<Messages<MovePlayed>>().len();
        // Another screen has the board: a new game supersedes the play game kept aside.
        let kept = played(&["c4-d3"]);
        world.resource_mut::<PlayStash>().borrow_board(&kept);
        let new_game = GameCommand::NewGame {
            start: None,
            players: [SeatKind::Human; 2],
        };
        assert!(apply(&mut world, new_game).changed());
        assert!(!world.resource::<PlayStash>().board_borrowed());
        assert_eq!((resets(&world), glides(&world)), (1, 0));
        assert!(!world.resource::<StatusLine>().text.is_empty());
        // A move glides, no redraw.
        let first = mv(world.resource::<ChessGame>(), "c4-d3");
        assert!(matches!(
            apply(&mut world, GameCommand::Play(first)),
            Applied::Played(_)
        ));
        assert_eq!((resets(&world), glides(&world)), (1, 1));
        // A lesson's position: the play game kept aside stays, whoever asks redraws.
        world.resource_mut::<PlayStash>().borrow_board(&kept);
        let lesson = replace(Game::new(), [SeatKind::Human, SeatKind::Elsewhere], None);
        assert!(apply(&mut world, lesson).changed());
        assert!(world.resource::<PlayStash>().board_borrowed());
        assert_eq!((resets(&world), glides(&world)), (1, 1));
        assert!(world.resource::<ChessGame>().game().plies().is_empty());
        // Refused: nothing changes.
        let revision = world.resource::<ChessGame>().revision();
        let refused = apply(&mut world, GameCommand::ShowPly(5));
        assert!(!refused.changed());
        assert_eq!(world.resource::<ChessGame>().revision(), revision);
    }

    #[test]
    fn apply_without_the_game_does_nothing() {
        let mut world = World::new();
        assert!(matches!(
            apply(&mut world, GameCommand::Undo),
            Applied::Unchanged
        ));
    }
}

/// A running clock fell under ten seconds (the audio plugin ticks).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockLow(pub Side);

/// Whether the computer is thinking (the panel shows it).
#[derive(Resource, Default, Debug)]
pub struct Thinking(pub bool);
