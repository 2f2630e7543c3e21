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

use crate::game::core::actions::{Action, ActionsExt, BackOrder};
use crate::game::core::keys::{Binding, Context, KeysExt, ctrl, key};
use crate::game::core::screens::Screen;
use crate::rules::Side;

impl Action for EditorAction {}
impl Action for PuzzleAction {}

/// The editor's and the Puzzles screen's keys.
fn keys() -> Vec<Binding> {
    use EditorAction as Ed;
    use KeyCode as K;
    use PuzzleAction as Pz;
    let editor = Context::On(Screen::Editor);
    let puzzles = Context::On(Screen::Puzzles);
    vec![
        key(K::KeyX, Ed::Empty, editor, "empty board"),
        key(K::KeyS, Ed::Start, editor, "start position"),
        key(K::KeyY, Ed::PlayPosition, editor, "your game's position"),
        key(K::KeyW, Ed::Turn(Side::White), editor, "White to move"),
        key(K::KeyB, Ed::Turn(Side::Black), editor, "Black to move"),
        key(K::Enter, Ed::Play, editor, "play from here"),
        key(
            K::KeyP,
            Ed::PlayComputer,
            editor,
            "play the computer from here",
        ),
        key(K::KeyA, Ed::Analyse, editor, "analyse"),
        ctrl(K::KeyC, Ed::Copy, editor, "copy the position"),
        ctrl(K::KeyV, Ed::Paste, editor, "paste a position"),
        key(K::Enter, Pz::Next, puzzles, "next puzzle"),
        key(K::KeyR, Pz::Retry, puzzles, "retry"),
        key(K::KeyS, Pz::Solution, puzzles, "show the solution"),
    ]
}

/// The logic tests drive.
pub(super) fn core_plugin(app: &mut App) {
    app.add_plugins((editor::plugin, puzzles::plugin))
        .answer(editor::act)
        .answer(puzzles::act)
        .on_back(BackOrder::Screen, back)
        .bind_keys(keys());
}

/// What draws.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((art::plugin, editor_view::plugin, puzzles_view::plugin));
}

/// Esc on a studio screen: puts down a piece held for placing (returns true); otherwise the
/// caller goes on to the title screen.
fn back(world: &mut World) -> bool {
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
