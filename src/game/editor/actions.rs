//! What the editor's buttons and keys do: reset the board, choose the side to move, play
//! or analyse the position, copy and paste it.

use crate::tr;
use bevy::clipboard::Clipboard;
use bevy::prelude::*;

use crate::engine::Level;
use crate::game::core::screens::{Screen, set_screen};
use crate::game::core::state::{ChessGame, GameCommand, PlayStash, SeatKind};
use crate::game::text;
use crate::rules::{Game, Position, Setup, Variant};

use super::{Editor, EditorAction, edit, info, replace, warn};

/// Carries out an editor button or key.
pub(crate) fn act(world: &mut World, action: EditorAction) {
    if !crate::game::core::screens::on_screen(world, Screen::Editor) {
        return;
    }
    match action {
        EditorAction::Empty => {
            let variant = current_variant(world);
            replace(world, Setup::empty_in(variant));
            info(world, tr!("editor-empty"));
        }
        EditorAction::Start => {
            let variant = current_variant(world);
            replace(world, Setup::from_position(&variant.start()));
            info(world, tr!("editor-start"));
        }
        EditorAction::PlayPosition => {
            let position = match (
                world.get_resource::<PlayStash>(),
                world.get_resource::<ChessGame>(),
            ) {
                (Some(stash), Some(game)) => stash.play_game(game).game().position().clone(),
                _ => return,
            };
            replace(world, Setup::from_position(&position));
            info(world, tr!("editor-your-game"));
        }
        EditorAction::Turn(side) => {
            edit(world, |s| s.set_turn(side));
            info(
                world,
                tr!("turn-to-move", side = crate::game::text::side_name(side)),
            );
        }
        EditorAction::Play => play_from_here(world, false),
        EditorAction::PlayComputer => play_from_here(world, true),
        EditorAction::Analyse => analyse_position(world),
        EditorAction::Copy => copy(world),
        EditorAction::Paste => paste(world),
    }
}

/// The variant the setup is in (the play game's, when the editor was entered).
fn current_variant(world: &World) -> &'static Variant {
    world
        .get_resource::<Editor>()
        .map_or(Variant::parachess(), |e| e.setup.variant())
}

/// The playable position, or `None` with the reason in the status line.
fn playable(world: &mut World) -> Option<Position> {
    let editor = world.get_resource::<Editor>()?;
    match editor.setup.position() {
        Ok(pos) => Some(pos),
        Err(_) => {
            let why = editor.why_not_playable().unwrap_or_default();
            warn(world, why);
            None
        }
    }
}

/// A new play game from the position: two players, or the side to move against the computer
/// at the level last chosen. The play game it replaces is kept by the saves as any game
/// replaced by a new one is (among the saved games, when unfinished).
fn play_from_here(world: &mut World, computer: bool) {
    let Some(pos) = playable(world) else {
        return;
    };
    let players = if computer {
        let level = world
            .get_resource::<crate::game::core::prefs::NewGameChoice>()
            .map_or(Level::Normal, |c| c.level);
        let mut players = [SeatKind::Computer(level); 2];
        players[pos.turn().index()] = SeatKind::Human;
        players
    } else {
        [SeatKind::Human; 2]
    };
    world.write_message(GameCommand::NewGame {
        start: Some(Box::new(pos)),
        players,
    });
    set_screen(world, Screen::Play);
}

/// Analyse: the analysis screen opens on the position (Esc comes back here).
pub fn analyse_position(world: &mut World) {
    let Some(pos) = playable(world) else {
        return;
    };
    if let Some(mut editor) = world.get_resource_mut::<Editor>() {
        editor.resume = true;
    }
    crate::game::core::actions::ask(
        world,
        crate::game::core::actions::AnalyseGame(Game::from_position(pos)),
    );
}

/// The position text to the clipboard (an unfinished setup too: it reads back with Paste).
fn copy(world: &mut World) {
    let Some(text) = world
        .get_resource::<Editor>()
        .map(|e| e.setup.board().to_string())
    else {
        return;
    };
    let copied = world
        .get_resource_mut::<Clipboard>()
        .map(|mut c| c.set_text(text.clone()));
    match copied {
        Some(Ok(())) => info(world, tr!("editor-copied", text = text.as_str())),
        Some(Err(e)) => warn(
            world,
            tr!(
                "editor-not-copied",
                error = e.to_string(),
                text = text.as_str()
            ),
        ),
        None => warn(world, tr!("pos-no-clipboard-text", text = text.as_str())),
    }
}

/// Position text from the clipboard.
fn paste(world: &mut World) {
    let fetched = world
        .get_resource_mut::<Clipboard>()
        .map(|mut c| c.fetch_text().poll_result());
    match fetched {
        None => warn(world, tr!("pos-no-clipboard")),
        Some(Some(Ok(text))) => paste_text(world, &text),
        Some(Some(Err(e))) => warn(world, tr!("pos-clipboard-error", error = e.to_string())),
        Some(None) => warn(world, tr!("pos-clipboard-not-ready")),
    }
}

/// Puts pasted position text on the board; text that is not position text changes nothing
/// and gets the parser's message, with its column.
pub fn paste_text(world: &mut World, text: &str) {
    match Setup::parse_in(text, current_variant(world)) {
        Ok(setup) => {
            replace(world, setup);
            info(world, tr!("editor-pasted"));
        }
        Err(e) => warn(
            world,
            tr!("pos-not-a-position", error = text::position_error_text(&e)),
        ),
    }
}
