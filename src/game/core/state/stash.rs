//! The play game kept aside while a lesson or a puzzle has the board, and whether a saved
//! game waits to be continued.

use bevy::prelude::*;

use crate::rules::Game;

use super::{BoardReset, ChessGame};

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
pub(super) fn return_play_game(
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
