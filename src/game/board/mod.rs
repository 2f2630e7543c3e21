//! The board and what stands on it: tiles and their frame, pieces and their models, animation,
//! stepping back through the game's positions ([`history`]), cameras, and the show-lines aid.
//! Everything here mirrors the rules `Game`; nothing here changes it (history only asks the
//! core to show an earlier position).

pub mod animation;
pub mod arrows;
pub mod camera;
mod frame;
pub mod history;
pub mod lines;
pub mod meshes;
pub mod models;
pub mod piece_art;
pub mod pieces;
mod plain_material;
pub(crate) mod symbol_picture;
pub mod tiles;

use bevy::prelude::*;

/// What tests need without a renderer: piece entities and their animation.
pub(super) fn core_plugin(app: &mut App) {
    app.add_plugins((pieces::plugin, animation::plugin, history::plugin));
}

/// What draws: tiles, frame, models, cameras and lines.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((
        tiles::plugin,
        plain_material::plugin,
        frame::plugin,
        piece_art::plugin,
        camera::plugin,
        lines::plugin,
        arrows::plugin,
    ));
}
