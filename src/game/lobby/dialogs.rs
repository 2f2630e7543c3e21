//! The server screen's dialogs: sign in (or play as a guest), find a game, challenge a player,
//! watch a game by its id.

use crate::tr;
use bevy::prelude::*;

use super::{CLOCKS, LobbyAction, SeekForm, ServerSession};
use crate::game::core::actions::GameAction;
use crate::game::core::keys::{Context, KeyMap};
use crate::game::core::screens::Modal;
use crate::game::ui::StatusText;
use crate::game::ui::text_field::{FieldId, text_field};
use crate::game::ui::theme;
use crate::game::ui::variant_picker::variant_picker;
use crate::game::ui::widgets::{button, dialog, keyed_button, row, text};

fn lobby(action: LobbyAction) -> LobbyAction {
    action
}

fn label(words: String) -> impl Bundle {
    text(words, 14.0, theme::TEXT_DIM)
}

fn spawn_sign_in(mut commands: Commands, session: Res<ServerSession>, map: Res<KeyMap>) {
    let who = match &session.identity {
        Some(i) if i.guest => tr!("lobby-connected-guest", name = i.name.as_str()),
        Some(i) => tr!("lobby-signed-in", name = i.name.as_str()),
        None => tr!("lobby-not-connected"),
    };
    commands.spawn(dialog(
        Modal::ServerSignIn,
        children![
            text(tr!("lobby-play-on-server"), 22.0, theme::ACCENT),
            text(
                format!("{who} {}", tr!("lobby-server-about")),
                13.0,
                theme::TEXT_DIM
            ),
            label(tr!("lobby-server-address")),
            text_field(FieldId::Server, 420.0),
            label(tr!("lobby-name-password")),
            text_field(FieldId::Name, 420.0),
            text_field(FieldId::Password, 420.0),
            text(
                tr!(
                    "lobby-field-help",
                    keys = map.help(&[Context::Dialog(Modal::ServerSignIn)])
                ),
                12.0,
                theme::TEXT_DIM
            ),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    keyed_button(tr!("lobby-connect"), lobby(LobbyAction::Connect)),
                    button(tr!("lobby-create-account"), lobby(LobbyAction::Register)),
                    keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
                ],
            ),
        ],
    ));
}

fn spawn_seek(mut commands: Commands, session: Res<ServerSession>) {
    let guest = session.identity.as_ref().is_none_or(|i| i.guest);
    commands.spawn(dialog(
        Modal::SeekGame,
        children![
            text(tr!("lobby-find-game"), 22.0, theme::ACCENT),
            label(tr!("lobby-clock-label")),
            (
                row(),
                Children::spawn(SpawnIter(CLOCKS.iter().enumerate().map(|(i, _)| button(
                    super::clock_label(i),
                    lobby(LobbyAction::Clock(i))
                )))),
            ),
            variant_picker(),
            (
                row(),
                children![
                    button(tr!("lobby-casual"), lobby(LobbyAction::Rated(false))),
                    button(tr!("lobby-rated"), lobby(LobbyAction::Rated(true))),
                ],
            ),
            text(
                if guest {
                    tr!("lobby-guests-casual")
                } else {
                    tr!("lobby-rated-note")
                },
                12.0,
                theme::TEXT_DIM
            ),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    keyed_button(tr!("lobby-quick"), lobby(LobbyAction::Quick)),
                    button(tr!("lobby-post-seek"), lobby(LobbyAction::PostSeek)),
                    button(
                        tr!("lobby-challenge-player"),
                        lobby(LobbyAction::ChallengeDialog)
                    ),
                    keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
                ],
            ),
        ],
    ));
}

fn spawn_challenge(mut commands: Commands, form: Res<SeekForm>) {
    let terms = tr!(
        "lobby-terms",
        clock = super::clock_label(form.clock),
        rated = if form.rated {
            tr!("lobby-rated-word")
        } else {
            tr!("lobby-casual-word")
        }
    );
    commands.spawn(dialog(
        Modal::Challenge,
        children![
            text(tr!("lobby-challenge-player"), 22.0, theme::ACCENT),
            text(terms, 13.0, theme::TEXT_DIM),
            label(tr!("lobby-their-name")),
            text_field(FieldId::Opponent, 360.0),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    keyed_button(tr!("lobby-challenge"), lobby(LobbyAction::SendChallenge)),
                    keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
                ],
            ),
        ],
    ));
}

fn spawn_watch(mut commands: Commands) {
    commands.spawn(dialog(
        Modal::WatchGame,
        children![
            text(tr!("lobby-watch-game"), 22.0, theme::ACCENT),
            text(tr!("lobby-watch-help"), 13.0, theme::TEXT_DIM),
            text_field(FieldId::GameId, 360.0),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    keyed_button(tr!("lobby-watch"), lobby(LobbyAction::Watch)),
                    keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
                ],
            ),
        ],
    ));
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Modal::ServerSignIn), spawn_sign_in)
        .add_systems(OnEnter(Modal::SeekGame), spawn_seek)
        .add_systems(OnEnter(Modal::Challenge), spawn_challenge)
        .add_systems(OnEnter(Modal::WatchGame), spawn_watch);
}
