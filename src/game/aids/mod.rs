//! Aids for learning the board: the piece guide (right-click or Shift over any piece), the
//! Pieces panel, threat marks and hints. The rules and the engine decide everything they
//! show; these plugins only ask and draw.

pub mod guide;
mod guide_text;
pub mod hint;
pub mod pieces;
mod pieces_view;
pub mod threats;
pub mod view;

use bevy::prelude::*;

/// What tests drive without a renderer: which piece the guide shows and its marks, threat
/// marks, the hint search, the panel's chosen kind.
pub(super) fn core_plugin(app: &mut App) {
    app.add_plugins((guide::plugin, threats::plugin, hint::plugin, pieces::plugin));
}

/// What draws them: the marks' meshes, the hint's arrow, the Pieces panel.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, pieces_view::plugin));
}
