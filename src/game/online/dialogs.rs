//! The online screen's dialogs: hosting (side, time control, variant, port) and joining
//! (address and code).

use crate::tr;

use bevy::prelude::*;

use crate::game::core::actions::GameAction;
use crate::game::core::keys::{Context, KeyMap};
use crate::game::core::screens::Modal;
use crate::game::ui::StatusText;
use crate::game::ui::text_field::{FieldId, text_field};
use crate::game::ui::theme;
use crate::game::ui::variant_picker::variant_picker;
use crate::game::ui::widgets::{button, dialog, keyed_button, row, text};
use crate::net::DEFAULT_PORT;
use crate::rules::Side;

use super::OnlineAction;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Modal::HostGame), spawn_host_dialog)
        .add_systems(OnEnter(Modal::JoinGame), spawn_join_dialog);
}

fn spawn_host_dialog(mut commands: Commands) {
    commands.spawn(dialog(
        Modal::HostGame,
        children![
            text(tr!("online-host-title"), 22.0, theme::ACCENT),
            text(tr!("online-you-play-label"), 14.0, theme::TEXT_DIM),
            (
                row(),
                children![
                    button(tr!("side-white"), OnlineAction::HostSide(Side::White)),
                    button(tr!("side-black"), OnlineAction::HostSide(Side::Black)),
                ],
            ),
            text(tr!("new-game-clock"), 14.0, theme::TEXT_DIM),
            crate::game::ui::clock::time_choice(),
            text(tr!("online-variant-label"), 14.0, theme::TEXT_DIM),
            variant_picker(),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    column_gap: px(10),
                    ..default()
                },
                children![
                    text(tr!("online-port"), 14.0, theme::TEXT_DIM),
                    text_field(FieldId::Port, 110.0),
                    text(
                        tr!("online-port-note", port = DEFAULT_PORT),
                        12.0,
                        theme::TEXT_DIM
                    ),
                ],
            ),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    keyed_button(tr!("online-start-hosting"), OnlineAction::StartHosting),
                    keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
                ],
            ),
        ],
    ));
}

fn spawn_join_dialog(mut commands: Commands, map: Res<KeyMap>) {
    commands.spawn(dialog(
        Modal::JoinGame,
        children![
            text(tr!("online-join-title"), 22.0, theme::ACCENT),
            text(tr!("online-join-note"), 13.0, theme::TEXT_DIM),
            text(tr!("online-host-address"), 14.0, theme::TEXT_DIM),
            text_field(FieldId::Address, 360.0),
            text(tr!("online-join-code"), 14.0, theme::TEXT_DIM),
            text_field(FieldId::Code, 360.0),
            text(
                tr!(
                    "lobby-field-help",
                    keys = map.help(&[Context::Dialog(Modal::JoinGame)])
                ),
                12.0,
                theme::TEXT_DIM
            ),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    keyed_button(tr!("online-join"), OnlineAction::Join),
                    keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
                ],
            ),
        ],
    ));
}
