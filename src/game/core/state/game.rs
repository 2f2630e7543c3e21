//! What a [`ChessGame`] tells (the position shown, the players, the clocks, the notes) and
//! the private steps its changes are made of.

use bevy::prelude::*;

use std::time::Duration;

use crate::rules::clock::Clocks;
use crate::rules::record::{PlyNote, clocks_after};
use crate::rules::{Game, Outcome, Side};

use super::{Browse, ChessGame, Origin, SeatKind};

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
    pub(super) fn live_browse(&self) -> Option<&Browse> {
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
    pub(super) fn show_ply(&mut self, ply: usize) -> bool {
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
    pub(super) fn replace(&mut self, game: Game, players: [SeatKind; 2]) {
        self.replace_with_notes(game, players, Vec::new());
    }

    /// [`ChessGame::replace`] with the notes a game record keeps about its moves. The new game
    /// is untimed until it is given clocks.
    pub(super) fn replace_with_notes(
        &mut self,
        game: Game,
        players: [SeatKind; 2],
        notes: Vec<PlyNote>,
    ) {
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
    pub(super) fn mirror(&mut self, game: Game, notes: Vec<PlyNote>, clocks: Option<Clocks>) {
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
    pub(super) fn pause_clocks(&mut self) {
        let now = self.clock_now;
        if let Some(c) = &mut self.clocks {
            c.pause(now);
        }
    }

    /// Ends the game on time if the side to move's clock has run out: lost, or drawn when the
    /// opponent has only its King ([`Game::flag`]). Returns the outcome when it did.
    pub(super) fn check_flag(&mut self) -> Option<Outcome> {
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
    pub(super) fn clock_the_last_move(&mut self) {
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
    pub(super) fn rewind_clocks(&mut self) {
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
}
