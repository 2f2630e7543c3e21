//! The board following another authority's game (a network host, a game server): the one
//! place that puts such a game on the board and brings the board in line with it, so a single
//! new move glides and anything else (a takeback, a result, a resync) redraws.

use bevy::prelude::*;

use crate::game::core::camera::CameraRig;
use crate::game::core::state::{
    BoardReset, ChessGame, MovePlayed, Origin, PlayStash, Player, StatusLine,
};
use crate::net::NetGame;
use crate::rules::Side;

/// Everything following another authority changes on the board.
#[derive(bevy::ecs::system::SystemParam)]
pub struct FollowBoard<'w> {
    /// The game on the board.
    pub game: ResMut<'w, ChessGame>,
    stash: ResMut<'w, PlayStash>,
    /// The status line, for what happened.
    pub status: ResMut<'w, StatusLine>,
    played: MessageWriter<'w, MovePlayed>,
    reset: MessageWriter<'w, BoardReset>,
    rig: Option<ResMut<'w, CameraRig>>,
}

impl FollowBoard<'_> {
    /// Puts `net`'s game on the board as a new game (the autosave keeps the one it replaces
    /// if unfinished), `seat` at the bottom (White for a spectator); returns its identity.
    pub fn bind(&mut self, net: &NetGame, seat: Option<Side>, origin: Origin) -> u64 {
        let mut players = [Player::Elsewhere; 2];
        if let Some(side) = seat {
            players[side.index()] = Player::Human;
        }
        *self.stash = PlayStash::default();
        self.game
            .replace_with_notes(net.game.clone(), players, net.notes.clone());
        self.game.set_clocks(net.clocks.clone());
        self.game.origin = origin;
        if let Some(rig) = &mut self.rig {
            rig.flipped = seat == Some(Side::Black);
        }
        self.reset.write(BoardReset);
        self.game.id()
    }

    /// Brings the board's game in line with `net`'s.
    pub fn mirror(&mut self, net: &NetGame) {
        let ours = self.game.game().plies();
        let theirs = net.game.plies();
        let same_start = self.game.game().start_position() == net.game.start_position();
        let prefix = ours.iter().zip(theirs).all(|(a, b)| a.mv == b.mv);
        let mut glided = false;
        if same_start && prefix && ours.len() + 1 == theirs.len() && !self.game.game().is_over() {
            let mv = theirs[ours.len()].mv;
            // The authority's clocks, not the board's, charge the move.
            self.game.set_clocks(None);
            if let Ok(m) = crate::game::core::state::play_on_board(&mut self.game, mv) {
                self.played.write(m);
                glided = true;
            }
        }
        self.game
            .mirror(net.game.clone(), net.notes.clone(), net.clocks.clone());
        if !glided {
            self.reset.write(BoardReset);
        }
    }
}
