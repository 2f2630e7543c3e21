//! The server screen's dialogs: sign in (or play as a guest), find a game, challenge a player,
//! watch a game by its id.

use bevy::prelude::*;

use super::{CLOCKS, LobbyAction, SeekForm, ServerSession};
use crate::game::keymap::{Action, Context, help_text};
use crate::game::screens::Modal;
use crate::game::ui::StatusText;
use crate::game::ui::theme;
use crate::game::ui::variant_picker::variant_picker;
use crate::game::ui::widgets::{button, dialog, row, text};
use crate::game::versus::{FieldId, text_field};

fn lobby(action: LobbyAction) -> Action {
    Action::Lobby(action)
}

fn label(words: &'static str) -> impl Bundle {
    text(words, 14.0, theme::TEXT_DIM)
}

fn spawn_sign_in(mut commands: Commands, session: Res<ServerSession>) {
    let who = match &session.identity {
        Some(i) if i.guest => format!("Connected as {} (a guest).", i.name),
        Some(i) => format!("Signed in as {}.", i.name),
        None => "Not connected.".to_string(),
    };
    commands.spawn(dialog(
        Modal::ServerSignIn,
        children![
            text("Play on a server", 22.0, theme::ACCENT),
            text(
                format!(
                    "{who} A Parachess server (parachess-server) pairs you with players \
                     anywhere, keeps your games and your rating. Anyone can run one."
                ),
                13.0,
                theme::TEXT_DIM
            ),
            label("Server address"),
            text_field(FieldId::Server, 420.0),
            label("Name and password (leave empty to play as a guest)"),
            text_field(FieldId::Name, 420.0),
            text_field(FieldId::Password, 420.0),
            text(
                help_text(&[Context::Dialog(Modal::ServerSignIn)]) + ", Backspace: delete",
                12.0,
                theme::TEXT_DIM
            ),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    button("Connect (Enter)", lobby(LobbyAction::Connect)),
                    button("Create account", lobby(LobbyAction::Register)),
                    button("Cancel (Esc)", Action::CloseDialog),
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
            text("Find a game", 22.0, theme::ACCENT),
            label("Clock (minutes + seconds a move), or days a move"),
            (
                row(),
                Children::spawn(SpawnIter(
                    CLOCKS
                        .iter()
                        .enumerate()
                        .map(|(i, (name, _))| button(*name, lobby(LobbyAction::Clock(i))))
                )),
            ),
            label("Variant"),
            variant_picker(),
            (
                row(),
                children![
                    button("Casual", lobby(LobbyAction::Rated(false))),
                    button("Rated", lobby(LobbyAction::Rated(true))),
                ],
            ),
            text(
                if guest {
                    "Guests play casual games; create an account to be rated."
                } else {
                    "Rated games change your rating in this variant and speed."
                },
                12.0,
                theme::TEXT_DIM
            ),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    button("Quick pairing (Enter)", lobby(LobbyAction::Quick)),
                    button("Post a seek", lobby(LobbyAction::PostSeek)),
                    button("Challenge a player", lobby(LobbyAction::ChallengeDialog)),
                    button("Cancel (Esc)", Action::CloseDialog),
                ],
            ),
        ],
    ));
}

fn spawn_challenge(mut commands: Commands, form: Res<SeekForm>) {
    let terms = format!(
        "With the terms of Find a game: {}, {}.",
        CLOCKS[form.clock.min(CLOCKS.len() - 1)].0,
        if form.rated { "rated" } else { "casual" }
    );
    commands.spawn(dialog(
        Modal::Challenge,
        children![
            text("Challenge a player", 22.0, theme::ACCENT),
            text(terms, 13.0, theme::TEXT_DIM),
            label("Their name"),
            text_field(FieldId::Opponent, 360.0),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    button("Challenge (Enter)", lobby(LobbyAction::SendChallenge)),
                    button("Cancel (Esc)", Action::CloseDialog),
                ],
            ),
        ],
    ));
}

fn spawn_watch(mut commands: Commands) {
    commands.spawn(dialog(
        Modal::WatchGame,
        children![
            text("Watch a game", 22.0, theme::ACCENT),
            text(
                "Anyone can watch any game: type its id, the last part of its web address \
                 (…/game/ID).",
                13.0,
                theme::TEXT_DIM
            ),
            text_field(FieldId::GameId, 360.0),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    button("Watch (Enter)", lobby(LobbyAction::Watch)),
                    button("Cancel (Esc)", Action::CloseDialog),
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
