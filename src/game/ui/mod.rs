//! The panel beside the board (whose turn, status, moves, buttons) and the overlays on it
//! (promotion chooser, game over, new game).

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::GameSet;
use crate::game::board::camera::{OffscreenTarget, panel_width};
use crate::game::play::ai::Thinking;
use crate::game::play::input::ViewCommand;
use crate::game::play::state::{ChessGame, Player, StatusLine, turn_text};
use crate::rules::{PieceKind, Side};

mod actions;
mod dialogs;
pub mod theme;

pub use dialogs::{Dialog, GameMode};

/// Something a person asked for with a button (or its key).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum UiAction {
    /// Open the new-game dialog.
    NewGameDialog,
    /// Start the game set up in the dialog.
    StartNewGame,
    /// Pick a mode in the new-game dialog.
    ChooseMode(GameMode),
    /// Pick the computer's level.
    ChooseLevel(crate::engine::Level),
    /// Close whatever dialog is open.
    CloseDialog,
    /// Take back a move.
    Undo,
    /// Replay a move.
    Redo,
    /// The side to move resigns.
    Resign,
    /// Both sides agree to a draw.
    AgreeDraw,
    /// A view change (flip, 2D/3D, names, lines, sound).
    View(ViewCommand),
    /// Finish a promotion with this piece.
    Promote(PieceKind),
    /// Save the game under a new name.
    Save,
    /// Show the saved games.
    LoadDialog,
    /// Load this saved game.
    Load(std::path::PathBuf),
    /// Copy the position text to the clipboard (and a file).
    CopyPosition,
    /// Start a game from position text on the clipboard.
    PastePosition,
    /// Continue the autosaved game.
    Resume,
}

/// A clickable button that performs an action.
#[derive(Component, Debug, Clone)]
pub struct HudButton(pub UiAction);

/// The panel's root node (its width follows the window).
#[derive(Component)]
struct Panel;

#[derive(Component)]
struct TurnText;

#[derive(Component)]
struct TurnSwatch;

#[derive(Component)]
struct StatusText;

#[derive(Component)]
struct PlayersText;

#[derive(Component)]
struct MoveListText;

#[derive(Component)]
struct MoveListScroll;

/// Shown while the computer thinks.
#[derive(Component)]
pub struct ThinkingText;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<UiAction>()
        .init_resource::<Dialog>()
        .add_observer(on_button_click)
        .add_systems(Startup, spawn_panel)
        .add_systems(
            Update,
            (actions::keys, actions::apply_actions)
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(
            Update,
            (
                fit_panel,
                update_panel,
                button_colours,
                dialogs::sync_overlays,
            )
                .in_set(GameSet::View),
        );
}

fn text(value: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (
        Text::new(value),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(colour),
    )
}

/// A panel button with a label.
pub fn button(label: &str, action: UiAction) -> impl Bundle {
    (
        HudButton(action),
        Button,
        Node {
            padding: UiRect::axes(px(10), px(6)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(6)),
            min_width: px(64),
            ..default()
        },
        BackgroundColor(theme::BUTTON),
        children![(text(label, 14.0, theme::TEXT), Pickable::IGNORE)],
    )
}

fn spawn_panel(mut commands: Commands) {
    let row = || Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        column_gap: px(6),
        row_gap: px(6),
        ..default()
    };
    commands.spawn((
        Panel,
        Node {
            position_type: PositionType::Absolute,
            right: px(0),
            top: px(0),
            bottom: px(0),
            width: px(340),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(16)),
            row_gap: px(10),
            ..default()
        },
        BackgroundColor(theme::PANEL),
        children![
            text("PARACHESS", 26.0, theme::ACCENT),
            text("Tony Paletta's chess on 72 rhombi", 12.0, theme::TEXT_DIM),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    column_gap: px(8),
                    margin: UiRect::top(px(8)),
                    ..default()
                },
                children![
                    (
                        TurnSwatch,
                        Node {
                            width: px(16),
                            height: px(16),
                            border: UiRect::all(px(2)),
                            border_radius: BorderRadius::MAX,
                            ..default()
                        },
                        BackgroundColor(Color::WHITE),
                        BorderColor::all(theme::TEXT_DIM),
                    ),
                    (TurnText, text("White to move", 18.0, theme::TEXT)),
                ],
            ),
            (PlayersText, text("", 13.0, theme::TEXT_DIM)),
            (ThinkingText, text("", 14.0, theme::ACCENT)),
            (StatusText, text("", 14.0, theme::TEXT)),
            text("Moves", 13.0, theme::TEXT_DIM),
            (
                MoveListScroll,
                Node {
                    flex_grow: 1.0,
                    min_height: px(60),
                    overflow: Overflow::scroll_y(),
                    padding: UiRect::all(px(8)),
                    border_radius: BorderRadius::all(px(6)),
                    ..default()
                },
                BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.04)),
                ScrollPosition::default(),
                children![(MoveListText, text("", 14.0, theme::TEXT))],
            ),
            (
                row(),
                children![
                    button("New game", UiAction::NewGameDialog),
                    button("Undo", UiAction::Undo),
                    button("Redo", UiAction::Redo),
                    button("Flip", UiAction::View(ViewCommand::Flip)),
                    button("2D / 3D", UiAction::View(ViewCommand::ToggleView)),
                    button("Names", UiAction::View(ViewCommand::ToggleNames)),
                    button("Lines", UiAction::View(ViewCommand::ToggleLines)),
                    button("Sound", UiAction::View(ViewCommand::ToggleMute)),
                    button("Save", UiAction::Save),
                    button("Load", UiAction::LoadDialog),
                    button("Copy pos.", UiAction::CopyPosition),
                    button("Paste pos.", UiAction::PastePosition),
                    button("Resign", UiAction::Resign),
                    button("Draw", UiAction::AgreeDraw),
                ],
            ),
            text(
                "Click or drag a piece. Esc: deselect, N: new game, U: undo, R: redo, F: flip, V: 2D/3D, C: names, L: lines, M: sound, Ctrl+S: save, Ctrl+O: load",
                11.0,
                theme::TEXT_DIM,
            ),
        ],
    ));
}

fn on_button_click(
    click: On<Pointer<Click>>,
    buttons: Query<&HudButton>,
    mut actions: MessageWriter<UiAction>,
) {
    if let Ok(button) = buttons.get(click.entity) {
        actions.write(button.0.clone());
    }
}

fn fit_panel(
    windows: Query<&Window, With<PrimaryWindow>>,
    images: Res<Assets<Image>>,
    offscreen: Option<Res<OffscreenTarget>>,
    mut panels: Query<&mut Node, With<Panel>>,
) {
    let width = if let Ok(w) = windows.single() {
        w.width()
    } else if let Some(image) = offscreen.and_then(|t| images.get(&t.0)) {
        image.size().x as f32
    } else {
        return;
    };
    let want = px(panel_width(width));
    for mut node in &mut panels {
        if node.width != want {
            node.width = want;
        }
    }
}

/// The move list as lines of "n. white black", headed by a note when the game began from a
/// set-up position, so an empty or short list never looks like a missing one.
pub fn move_list_text(game: &crate::rules::Game) -> String {
    let start = game.start_position();
    let mut number = start.fullmove_number();
    let mut side = start.turn();
    let mut out = String::new();
    if *start != crate::rules::Position::start() {
        out.push_str("     (from a set-up position)\n");
    }
    if game.plies().is_empty() && game.outcome().is_none() {
        out.push_str("     No moves yet");
        return out;
    }
    let header = out.len();
    for ply in game.plies() {
        match side {
            Side::White => out.push_str(&format!("{number:>3}. {:<11}", ply.text)),
            Side::Black => {
                if out.len() == header || out.ends_with('\n') {
                    out.push_str(&format!("{number:>3}. {:<11}", "..."));
                }
                out.push_str(&format!("{}\n", ply.text));
                number += 1;
            }
        }
        side = !side;
    }
    if let Some(outcome) = game.outcome() {
        if !out.ends_with('\n') && out.len() > header {
            out.push('\n');
        }
        out.push_str(&format!("     {}  {outcome}", outcome.result_text()));
    }
    out
}

fn player_name(player: Player) -> String {
    match player {
        Player::Human => "Human".into(),
        Player::Computer(level) => format!("Computer ({})", dialogs::level_name(level)),
    }
}

#[allow(clippy::type_complexity)]
fn update_panel(
    game: Res<ChessGame>,
    status: Res<StatusLine>,
    thinking: Res<Thinking>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TurnText>>,
        Query<(&mut Text, &mut TextColor), With<StatusText>>,
        Query<&mut Text, With<MoveListText>>,
        Query<&mut Text, With<ThinkingText>>,
        Query<&mut Text, With<PlayersText>>,
    )>,
    mut swatch: Query<&mut BackgroundColor, With<TurnSwatch>>,
    mut scroll: Query<&mut ScrollPosition, With<MoveListScroll>>,
    mut last_revision: Local<Option<u64>>,
) {
    if status.is_changed() {
        for (mut t, mut c) in &mut texts.p1() {
            t.0 = status.text.clone();
            c.0 = if status.warning {
                theme::WARNING
            } else {
                theme::TEXT
            };
        }
    }
    if thinking.is_changed() {
        for mut t in &mut texts.p3() {
            t.0 = if thinking.0 {
                "The computer is thinking...".into()
            } else {
                String::new()
            };
        }
    }
    if *last_revision == Some(game.revision()) {
        return;
    }
    *last_revision = Some(game.revision());
    let g = &game.game;
    for mut t in &mut texts.p0() {
        t.0 = turn_text(g);
    }
    for mut t in &mut texts.p2() {
        t.0 = move_list_text(g);
    }
    for mut t in &mut texts.p4() {
        t.0 = format!(
            "White: {}   Black: {}",
            player_name(game.players[0]),
            player_name(game.players[1])
        );
    }
    let side = g
        .outcome()
        .and_then(|o| o.winner())
        .unwrap_or(g.position().turn());
    for mut s in &mut swatch {
        s.0 = match side {
            Side::White => Color::srgb(0.95, 0.93, 0.88),
            Side::Black => Color::srgb(0.12, 0.11, 0.11),
        };
    }
    for mut s in &mut scroll {
        s.0.y = 1.0e6;
    }
}

#[allow(clippy::type_complexity)]
fn button_colours(
    mut buttons: Query<
        (&Interaction, &mut BackgroundColor),
        (Changed<Interaction>, With<HudButton>),
    >,
) {
    for (interaction, mut bg) in &mut buttons {
        bg.0 = match interaction {
            Interaction::Pressed => theme::BUTTON_ACTIVE,
            Interaction::Hovered => theme::BUTTON_HOVER,
            Interaction::None => theme::BUTTON,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::move_list_text;
    use crate::rules::{Game, Position};

    fn play(game: &mut Game, moves: &[&str]) {
        for text in moves {
            let mv = game.position().parse_move(text).unwrap();
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn the_move_list_numbers_moves_and_says_where_the_game_began() {
        let mut game = Game::new();
        assert_eq!(move_list_text(&game), "     No moves yet");
        play(&mut game, &["c4-d3", "i5-h3", "c3-d2"]);
        assert_eq!(
            move_list_text(&game),
            "  1. c4-d3      i5-h3\n  2. c3-d2      "
        );

        let set_up: Position = "6/3k/3Q4/5/5K4/6/10/5/8/4/6 b 0 7".parse().unwrap();
        let mut game = Game::from_position(set_up);
        assert_eq!(
            move_list_text(&game),
            "     (from a set-up position)\n     No moves yet"
        );
        let reply = game.legal_moves()[0];
        let text = game.position().move_text(reply);
        game.play(reply).unwrap();
        assert_eq!(
            move_list_text(&game),
            format!("     (from a set-up position)\n  7. ...        {text}\n")
        );
    }
}
