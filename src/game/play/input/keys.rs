//! Keyboard shortcuts for playing: deselect, promotion choice, undo and redo, view switches.

use bevy::prelude::*;

use super::{PendingPromotion, Selection, ViewCommand};
use crate::game::board::animation::Animating;
use crate::game::play::state::{GameCommand, MoveRequest};
use crate::rules::{Move, PieceKind};

pub(super) fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut commands: MessageWriter<GameCommand>,
    mut views: MessageWriter<ViewCommand>,
    mut selection: ResMut<Selection>,
    mut promotion: ResMut<PendingPromotion>,
    mut requests: MessageWriter<MoveRequest>,
    animating: Res<Animating>,
) {
    let Some(keys) = keys else { return };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if keys.just_pressed(KeyCode::Escape) {
        selection.clear();
        promotion.0 = None;
    }
    if let Some((from, to)) = promotion.0 {
        let choice = [
            (KeyCode::KeyQ, PieceKind::Queen),
            (KeyCode::KeyR, PieceKind::Rook),
            (KeyCode::KeyB, PieceKind::Bishop),
            (KeyCode::KeyS, PieceKind::Sorcerer),
        ]
        .into_iter()
        .find(|(k, _)| keys.just_pressed(*k));
        if let Some((_, kind)) = choice {
            promotion.0 = None;
            requests.write(MoveRequest(Move::promoting(from, to, kind)));
        }
        return;
    }
    if ctrl {
        if keys.just_pressed(KeyCode::KeyZ) && !animating.0 {
            commands.write(GameCommand::Undo);
        }
        if keys.just_pressed(KeyCode::KeyY) && !animating.0 {
            commands.write(GameCommand::Redo);
        }
        return;
    }
    let view_keys = [
        (KeyCode::KeyF, ViewCommand::Flip),
        (KeyCode::KeyV, ViewCommand::ToggleView),
        (KeyCode::KeyC, ViewCommand::ToggleNames),
        (KeyCode::KeyL, ViewCommand::ToggleLines),
        (KeyCode::KeyM, ViewCommand::ToggleMute),
    ];
    for (key, command) in view_keys {
        if keys.just_pressed(key) {
            views.write(command);
        }
    }
    if !animating.0 {
        if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
            commands.write(GameCommand::Undo);
        }
        if keys.just_pressed(KeyCode::KeyR) {
            commands.write(GameCommand::Redo);
        }
    }
}
