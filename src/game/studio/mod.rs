//! The studio: setting up positions ([`editor`], `Screen::Editor`) and solving puzzles
//! ([`puzzles`], `Screen::Puzzles`). Both borrow the board like Learn does
//! ([`PlayStash::borrow_board`]): the play game waits and comes back on the play screen, and
//! nothing here writes the autosave.
//!
//! * [`core_plugin`] (no renderer): the setup being edited and the rules' verdict on it, the
//!   palette's logical entities and the pointer edits, the puzzle run, the defender's replies
//!   and the player's puzzle record read and written off the frame thread.
//! * [`view_plugin`]: the panels, the palette's pictures, the piece under the pointer, the
//!   right move's arrow, the board turned for the solver.
//!
//! [`PlayStash::borrow_board`]: crate::game::core::state::PlayStash::borrow_board

mod art;
pub mod editor;
mod editor_view;
pub mod puzzles;
mod puzzles_view;

use bevy::prelude::*;

pub use editor::{Editor, EditorAction, PaletteSlot};
pub use puzzles::{PuzzleAction, PuzzleScreen};

/// The logic tests drive.
pub(super) fn core_plugin(app: &mut App) {
    app.add_plugins((editor::plugin, puzzles::plugin));
}

/// What draws.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((art::plugin, editor_view::plugin, puzzles_view::plugin));
}

/// Esc on a studio screen: puts down a piece held for placing (returns true); otherwise the
/// caller goes on to the title screen.
pub(crate) fn back(world: &mut World) -> bool {
    editor::put_down(world)
}

/// Whether `screen` is shown and no dialog covers it.
fn on_screen(world: &World, screen: crate::game::core::screens::Screen) -> bool {
    world
        .get_resource::<State<crate::game::core::screens::Screen>>()
        .is_some_and(|s| *s.get() == screen)
        && world
            .get_resource::<State<crate::game::core::screens::Modal>>()
            .is_none_or(|m| *m.get() == crate::game::core::screens::Modal::None)
}
