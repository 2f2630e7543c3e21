//! Playing a game: pointer and key input that asks the rules, the computer player (built in or
//! another program), the panel and the new-game dialogs.
//! The game itself, and the board following another authority, are in [`crate::game::core`].

pub mod ai;
pub mod dialogs;
pub mod external;
pub mod input;
mod keys;
pub mod panel;

use bevy::prelude::*;

/// The game state, input and the computer player.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        input::plugin,
        ai::plugin,
        keys::plugin,
        dialogs::core_plugin,
        external::core_plugin,
        panel::core_plugin,
    ));
}

/// What draws: the panel, the dialogs, the keyboard's marks on the board.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((
        panel::plugin,
        dialogs::plugin,
        input::view_plugin,
        external::view_plugin,
    ));
}
