//! Playing a game: pointer and key input that asks the rules, the computer player, and saving.
//! The game itself, and the board following another authority, are in [`crate::game::core`].

pub mod ai;
pub mod input;
mod keys;
pub mod persistence;

use bevy::prelude::*;

/// The game state, input and the computer player.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((input::plugin, ai::plugin, keys::plugin));
}
