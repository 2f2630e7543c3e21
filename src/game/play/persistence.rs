//! Saving and loading: autosave after every change, an offer to resume at start, named saves,
//! and position text through the clipboard. Files are written atomically by [`crate::store`].

use bevy::clipboard::Clipboard;
use bevy::prelude::*;

use crate::engine::Level;
use crate::game::GameSet;
use crate::game::play::state::{ChessGame, GameCommand, Player, StatusLine};
use crate::game::ui::{Dialog, UiAction};
use crate::rules::Position;
use crate::rules::record::{GameRecord, Tags};
use crate::store::Store;

/// The player's store, if the data directory is usable.
#[derive(Resource, Default)]
pub struct Saves {
    store: Option<Store>,
    /// An unfinished game found at start, waiting for the player's answer.
    resume: Option<GameRecord>,
}

pub(crate) fn plugin(app: &mut App) {
    // Offscreen runs (screenshots, benchmarks) must never touch the player's games.
    let offscreen = app
        .world()
        .get_resource::<crate::game::LaunchOptions>()
        .is_some_and(crate::game::LaunchOptions::offscreen);
    if offscreen {
        return;
    }
    app.init_resource::<Saves>()
        .add_systems(Startup, open_store)
        .add_systems(Update, actions.in_set(GameSet::Input))
        .add_systems(Update, autosave.in_set(GameSet::View));
}

fn player_tag(player: Player) -> String {
    match player {
        Player::Human => "Human".into(),
        Player::Computer(level) => format!("Computer ({level})"),
    }
}

fn tag_player(tag: Option<&str>) -> Player {
    let Some(text) = tag else {
        return Player::Human;
    };
    Level::ALL
        .into_iter()
        .find(|l| text == format!("Computer ({l})"))
        .map_or(Player::Human, Player::Computer)
}

fn tags_for(game: &ChessGame) -> Tags {
    Tags {
        event: Some("Parachess game".into()),
        white: Some(player_tag(game.players[0])),
        black: Some(player_tag(game.players[1])),
        ..Tags::default()
    }
}

fn open_store(
    mut saves: ResMut<Saves>,
    mut status: ResMut<StatusLine>,
    mut dialog: ResMut<Dialog>,
    options: Option<Res<crate::game::LaunchOptions>>,
) {
    let store = match Store::open() {
        Ok(s) => s,
        Err(e) => {
            status.warn(format!("Games cannot be saved: {e}"));
            return;
        }
    };
    let started_elsewhere = options.is_some_and(|o| o.position.is_some());
    match store.load_autosave() {
        Ok(Some(record))
            if !started_elsewhere && !record.game.is_over() && !record.game.plies().is_empty() =>
        {
            let g = &record.game;
            *dialog = Dialog::Resume(format!(
                "You have an unfinished game: {} half-moves played, {} to move.",
                g.plies().len(),
                g.position().turn()
            ));
            saves.resume = Some(record);
        }
        Ok(_) => {}
        Err(e) => status.warn(format!(
            "The autosave could not be read ({e}); it was left as it is"
        )),
    }
    saves.store = Some(store);
}

/// Writes the game after every change, so a crash loses nothing.
fn autosave(
    game: Res<ChessGame>,
    saves: Res<Saves>,
    mut last: Local<Option<u64>>,
    mut status: ResMut<StatusLine>,
) {
    if *last == Some(game.revision()) {
        return;
    }
    let first = last.is_none();
    *last = Some(game.revision());
    // Do not overwrite an unfinished game with the empty start before the player answers.
    if first || saves.resume.is_some() {
        return;
    }
    if let Some(store) = &saves.store
        && let Err(e) = store.autosave(&game.game, &tags_for(&game))
    {
        status.warn(format!("Autosave failed: {e}"));
    }
}

fn save_name() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (h, m, s) = ((secs / 3600) % 24, (secs / 60) % 60, secs % 60);
    format!(
        "game {} {h:02}{m:02}{s:02}",
        crate::store::today().replace('.', "-")
    )
}

#[allow(clippy::too_many_arguments)]
fn actions(
    mut actions: MessageReader<UiAction>,
    mut saves: ResMut<Saves>,
    game: Res<ChessGame>,
    mut status: ResMut<StatusLine>,
    mut dialog: ResMut<Dialog>,
    mut commands: MessageWriter<GameCommand>,
    mut clipboard: Option<ResMut<Clipboard>>,
) {
    for action in actions.read() {
        let store = saves.store.clone();
        let need_store = |status: &mut StatusLine| {
            if store.is_none() {
                status.warn("Games cannot be saved here: no data directory");
            }
            store.clone()
        };
        match action {
            UiAction::Save => {
                let Some(store) = need_store(&mut status) else {
                    continue;
                };
                match store.save_game(&save_name(), &game.game, &tags_for(&game), false) {
                    Ok(path) => status.info(format!("Saved as {}", path.display())),
                    Err(e) => status.warn(format!("Not saved: {e}")),
                }
            }
            UiAction::LoadDialog => {
                let Some(store) = need_store(&mut status) else {
                    continue;
                };
                match store.list_saves() {
                    Ok(list) => {
                        *dialog = Dialog::Load(
                            list.into_iter()
                                .map(|info| {
                                    let label = match &info.summary {
                                        Ok(s) => format!(
                                            "{}  |  {} moves  |  {}",
                                            info.name,
                                            s.moves(),
                                            s.result
                                        ),
                                        Err(e) => format!("{} (unreadable: {e})", info.name),
                                    };
                                    (label, info.path)
                                })
                                .collect(),
                        );
                    }
                    Err(e) => status.warn(format!("Cannot list saved games: {e}")),
                }
            }
            UiAction::Load(path) => {
                let Some(store) = need_store(&mut status) else {
                    continue;
                };
                match store.load_game(path) {
                    Ok(record) => {
                        *dialog = Dialog::None;
                        let players = [
                            tag_player(record.tags.white.as_deref()),
                            tag_player(record.tags.black.as_deref()),
                        ];
                        commands.write(GameCommand::Load(Box::new(record.game), players));
                    }
                    Err(e) => status.warn(format!("Cannot load: {e}")),
                }
            }
            UiAction::Resume => {
                if let Some(record) = saves.resume.take() {
                    let players = [
                        tag_player(record.tags.white.as_deref()),
                        tag_player(record.tags.black.as_deref()),
                    ];
                    commands.write(GameCommand::Load(Box::new(record.game), players));
                }
                *dialog = Dialog::None;
            }
            UiAction::NewGameDialog | UiAction::StartNewGame => {
                // Declining to resume: the next autosave may replace the old game.
                saves.resume = None;
            }
            UiAction::CopyPosition => {
                let text = game.game.position().to_string();
                let copied = clipboard.as_mut().map(|c| c.set_text(text.clone()));
                let file = store
                    .as_ref()
                    .map(|s| s.export_position("current", game.game.position()));
                match (copied, file) {
                    (Some(Ok(())), Some(Ok(path))) => status.info(format!(
                        "Position copied to the clipboard and {}",
                        path.display()
                    )),
                    (Some(Ok(())), _) => status.info("Position copied to the clipboard"),
                    (_, Some(Ok(path))) => {
                        status.info(format!("Position written to {}", path.display()))
                    }
                    (_, Some(Err(e))) => status.warn(format!("Position not exported: {e}")),
                    _ => status.warn(format!("No clipboard here; the position is {text}")),
                }
            }
            UiAction::PastePosition => {
                let Some(clipboard) = clipboard.as_mut() else {
                    status.warn("No clipboard here");
                    continue;
                };
                let text = match clipboard.fetch_text().poll_result() {
                    Some(Ok(t)) => t,
                    Some(Err(e)) => {
                        status.warn(format!("Cannot read the clipboard: {e}"));
                        continue;
                    }
                    None => {
                        status.warn("The clipboard is not ready; try again");
                        continue;
                    }
                };
                match text.parse::<Position>() {
                    Ok(pos) => {
                        commands.write(GameCommand::NewGame {
                            start: Some(Box::new(pos)),
                            players: game.players,
                        });
                        status.info("New game from the pasted position");
                    }
                    Err(e) => status.warn(format!("The clipboard holds no position: {e}")),
                }
            }
            _ => {}
        }
    }
}
