//! The command API's words: [`GameCommand`] (every change to the game on the board),
//! [`MoveRequest`], and what a command did ([`Applied`], [`MovePlayed`], [`BoardReset`]).

use bevy::prelude::*;

use std::time::Duration;

use crate::rules::clock::{Clocks, TimeControl};
use crate::rules::record::{GameRecord, PlyNote};
use crate::rules::{Game, Move, Outcome, Piece, Position, Route};

use super::{Origin, SeatKind};

/// A request to play a move; the rules decide whether it happens.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRequest(pub Move);

/// Every change to the game on the board, whoever asks: a system writes it as a message (applied
/// in [`GameSet::Rules`]), exclusive code applies it at once with [`apply`](super::apply), a system that needs
/// the result in the same frame through [`GameControl::apply`](super::GameControl::apply). All three, and
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
    /// Play a move on the board (see [`GameControl::apply`](super::GameControl::apply)'s [`Applied::Played`]). While an
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
    pub(super) fn redraws(&self) -> bool {
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
    pub(super) fn starts_play_game(&self) -> bool {
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
    /// [`GameCommand::Mirror`]); [`GameControl`](super::GameControl) writes it as a [`MovePlayed`], so it glides.
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
