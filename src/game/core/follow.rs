//! The board following another authority's game (a network host, a game server): the one
//! place that puts such a game on the board and brings the board in line with it, so a single
//! new move glides and anything else (a takeback, a result, a resync) redraws. Both are
//! [`GameCommand`]s ([`GameCommand::Follow`], [`GameCommand::Mirror`]), applied like any other.

use bevy::prelude::*;

use crate::game::core::camera::CameraRig;
use crate::game::core::screens::Screen;
use crate::game::core::state::{ChessGame, GameCommand, GameControl, Origin, SeatKind};
use crate::net::NetGame;
use crate::rules::Side;

/// Whether the game on the board follows another authority: a game with a seat played
/// elsewhere, on a screen that follows one (the online screen, a game server's). Its clocks
/// are the authority's (this end only shows them), and it is kept like a play game.
pub fn followed(game: &ChessGame, screen: Option<Screen>) -> bool {
    matches!(screen, Some(Screen::Online | Screen::Lobby))
        && game.players().contains(&SeatKind::Elsewhere)
}

/// [`followed`] as a run condition (the autosave keeps such a game).
pub fn followed_game_on_board(screen: Option<Res<State<Screen>>>, game: Res<ChessGame>) -> bool {
    followed(&game, screen.map(|s| *s.get()))
}

/// Everything following another authority changes on the board: the game (through
/// [`GameControl`], which it derefs to, for the status line and other commands) and the view.
#[derive(bevy::ecs::system::SystemParam)]
pub struct FollowBoard<'w> {
    control: GameControl<'w>,
    rig: Option<ResMut<'w, CameraRig>>,
}

impl<'w> std::ops::Deref for FollowBoard<'w> {
    type Target = GameControl<'w>;

    fn deref(&self) -> &GameControl<'w> {
        &self.control
    }
}

impl std::ops::DerefMut for FollowBoard<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.control
    }
}

impl FollowBoard<'_> {
    /// Puts `net`'s game on the board as a new game (the autosave keeps the one it replaces
    /// if unfinished), `seat` at the bottom (White for a spectator); returns its identity.
    pub fn bind(&mut self, net: &NetGame, seat: Option<Side>, origin: Origin) -> u64 {
        let mut players = [SeatKind::Elsewhere; 2];
        if let Some(side) = seat {
            players[side.index()] = SeatKind::Human;
        }
        self.control.apply(GameCommand::Follow {
            game: Box::new(net.game.clone()),
            players,
            notes: net.notes.clone(),
            clocks: net.clocks.clone(),
            origin,
        });
        if let Some(rig) = &mut self.rig {
            rig.flipped = seat == Some(Side::Black);
        }
        self.control.game().id()
    }

    /// Brings the board's game in line with `net`'s.
    pub fn mirror(&mut self, net: &NetGame) {
        self.control.apply(GameCommand::Mirror {
            game: Box::new(net.game.clone()),
            notes: net.notes.clone(),
            clocks: net.clocks.clone(),
        });
    }
}
