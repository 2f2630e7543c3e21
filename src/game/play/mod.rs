//! Playing a game: the rules `Game` resource and the only systems that change it, pointer and
//! key input that asks the rules, the computer player, and saving.

pub mod ai;
pub mod follow;
pub mod input;
pub mod persistence;
pub mod state;

use bevy::prelude::*;

/// The game state, input and the computer player.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((state::plugin, input::plugin, ai::plugin));
}
