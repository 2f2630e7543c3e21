//! Playing a game: pointer and key input that asks the rules, the computer player, following
//! another authority, and saving. The game itself is in [`crate::game::core::state`].

pub mod ai;
pub mod follow;
pub mod input;
pub mod persistence;

use bevy::prelude::*;

/// The game state, input and the computer player.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((input::plugin, ai::plugin));
}
