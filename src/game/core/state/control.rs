//! The game on the board changed through [`GameControl`] (or [`apply`] for exclusive code),
//! which tells the view; the systems that apply the command and move messages.

use crate::tr;
use bevy::prelude::*;

use super::{
    Applied, BoardReset, ChessGame, GameCommand, MovePlayed, MoveRequest, PlayStash, StatusLine,
};

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
pub(super) fn apply_commands(mut commands: MessageReader<GameCommand>, mut control: GameControl) {
    for command in commands.read() {
        control.apply(command.clone());
    }
}

pub(super) fn apply_moves(mut requests: MessageReader<MoveRequest>, mut control: GameControl) {
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
