//! Aids for learning the board: the piece guide (right-click or Shift over any piece), the
//! Pieces panel, threat marks and hints. The rules and the engine decide everything they
//! show; these plugins only ask and draw.

pub mod guide;
mod guide_text;
pub mod hint;
pub mod pieces;
pub mod pieces_view;
pub mod threats;
pub mod view;

use bevy::prelude::*;

use crate::game::core::actions::AidAction;

/// What tests drive without a renderer: which piece the guide shows and its marks, threat
/// marks, the hint search, the panel's chosen kind.
pub(super) fn core_plugin(app: &mut App) {
    use crate::game::core::actions::{ActionsExt, BackOrder, GameAction};
    use crate::game::core::keys::{Context, KeysExt, key};
    use crate::game::core::screens::Modal;
    use KeyCode as K;
    let pieces = Context::Dialog(Modal::Pieces);
    app.add_plugins((guide::plugin, threats::plugin, hint::plugin, pieces::plugin))
        .answer(act)
        .on_back(BackOrder::Overlay, guide::hide)
        .bind_keys(vec![
            key(K::KeyT, AidAction::Threats, Context::Board, "threats"),
            key(K::ArrowDown, AidAction::NextPiece, pieces, "next piece"),
            key(K::ArrowRight, AidAction::NextPiece, pieces, "next piece"),
            key(
                K::ArrowUp,
                AidAction::PreviousPiece,
                pieces,
                "previous piece",
            ),
            key(
                K::ArrowLeft,
                AidAction::PreviousPiece,
                pieces,
                "previous piece",
            ),
            key(K::Escape, GameAction::CloseDialog, pieces, "close"),
            key(K::KeyG, GameAction::CloseDialog, pieces, "close"),
        ]);
}

fn act(world: &mut World, action: AidAction) {
    match action {
        AidAction::ShowPiece(kind) => pieces::show(world, kind),
        AidAction::NextPiece => pieces::step(world, 1),
        AidAction::PreviousPiece => pieces::step(world, -1),
        AidAction::Threats => threats::toggle(world),
        AidAction::Hint => hint::ask(world),
    }
}

/// What draws them: the marks' meshes, the hint's arrow, the Pieces panel.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, pieces_view::plugin));
}
