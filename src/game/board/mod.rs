//! The board and what stands on it: tiles, pieces and their models, animation, cameras, and
//! the show-lines aid. Everything here mirrors the rules `Game`; nothing here changes it.

pub mod animation;
pub mod camera;
pub mod lines;
pub mod meshes;
pub mod models;
pub mod piece_art;
pub mod pieces;
pub(crate) mod symbol_picture;
pub mod tiles;

use bevy::prelude::*;

/// What tests need without a renderer: piece entities and their animation.
pub(super) fn core_plugin(app: &mut App) {
    app.add_plugins((pieces::plugin, animation::plugin));
}

/// What draws: tiles, models, cameras and lines.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((
        tiles::plugin,
        piece_art::plugin,
        camera::plugin,
        lines::plugin,
    ));
}
