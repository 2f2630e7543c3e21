//! Study: stepping through a game's moves ([`navigation`]), the analysis screen with the
//! engine's lines ([`analysis`]) and game review ([`review`]). The engine always searches off
//! the frame thread; the board shows copies of the play game, which waits untouched.
//!
//! * [`core_plugin`] (no renderer): navigation, the analysis and review searches and their
//!   results, and the analysis panel with its move list, graph and lists (plain UI entities
//!   that headless tests can press).
//! * [`view_plugin`]: the evaluation bar, the banner over an earlier position, and the arrows.

pub mod analysis;
pub mod navigation;
pub mod panel;
pub mod review;
mod view;

use bevy::prelude::*;

pub use analysis::{StudySettings, open_analysis};

/// The logic tests drive.
pub(super) fn core_plugin(app: &mut App) {
    let offscreen = app
        .world()
        .get_resource::<crate::game::core::launch::LaunchOptions>()
        .is_some_and(crate::game::core::launch::LaunchOptions::offscreen);
    if !app.world().contains_resource::<StudySettings>() {
        app.insert_resource(if offscreen {
            StudySettings::offscreen()
        } else {
            StudySettings::default()
        });
    }
    app.add_plugins((
        navigation::plugin,
        analysis::plugin,
        review::plugin,
        panel::plugin,
    ));
}

/// What draws.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}
