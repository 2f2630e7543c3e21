//! What the panel's buttons and keys do: most become game or view commands.

use bevy::prelude::*;

use super::{Dialog, UiAction};
use crate::game::board::animation::Animating;
use crate::game::play::input::{PendingPromotion, ViewCommand};
use crate::game::play::state::{ChessGame, GameCommand, MoveRequest};
use crate::rules::Move;

#[allow(clippy::too_many_arguments)]
pub(super) fn apply_actions(
    mut actions: MessageReader<UiAction>,
    mut commands: MessageWriter<GameCommand>,
    mut views: MessageWriter<ViewCommand>,
    mut moves: MessageWriter<MoveRequest>,
    mut promotion: ResMut<PendingPromotion>,
    mut dialog: ResMut<Dialog>,
    animating: Res<Animating>,
    game: Res<ChessGame>,
) {
    for action in actions.read() {
        match action {
            UiAction::Undo if !animating.0 => {
                commands.write(GameCommand::Undo);
            }
            UiAction::Redo if !animating.0 => {
                commands.write(GameCommand::Redo);
            }
            UiAction::Resign => {
                commands.write(GameCommand::Resign);
            }
            UiAction::AgreeDraw => {
                commands.write(GameCommand::AgreeDraw);
            }
            UiAction::View(v) => {
                views.write(*v);
            }
            UiAction::Promote(kind) => {
                if let Some((from, to)) = promotion.0.take() {
                    moves.write(MoveRequest(Move::promoting(from, to, *kind)));
                }
            }
            UiAction::NewGameDialog => *dialog = Dialog::NewGame(dialog.new_game_choice()),
            UiAction::ChooseMode(mode) => dialog.set_mode(*mode),
            UiAction::ChooseLevel(level) => dialog.set_level(*level),
            UiAction::CloseDialog => {
                *dialog = if game.game.is_over() {
                    Dialog::BannerClosed(game.revision())
                } else {
                    Dialog::None
                };
                promotion.0 = None;
            }
            UiAction::StartNewGame => {
                if let Dialog::NewGame(choice) = *dialog {
                    commands.write(GameCommand::NewGame {
                        start: None,
                        players: choice.players(),
                    });
                }
                *dialog = Dialog::None;
            }
            _ => {}
        }
    }
}

/// Keys for panel actions: `N` new game, `Ctrl+S` save, `Ctrl+O` load, `Ctrl+C` / `Ctrl+V`
/// copy and paste the position.
pub(super) fn keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut actions: MessageWriter<UiAction>) {
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::KeyN) {
        actions.write(UiAction::NewGameDialog);
    }
    if keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        if keys.just_pressed(KeyCode::KeyS) {
            actions.write(UiAction::Save);
        }
        if keys.just_pressed(KeyCode::KeyO) {
            actions.write(UiAction::LoadDialog);
        }
        if keys.just_pressed(KeyCode::KeyC) {
            actions.write(UiAction::CopyPosition);
        }
        if keys.just_pressed(KeyCode::KeyV) {
            actions.write(UiAction::PastePosition);
        }
    }
}
