//! The play screen's dialogs over the board — new game, save as, saved games, promotion, game
//! over — each a [`Modal`] state: spawned on entering it, despawned on leaving it.

use crate::tr;
use std::path::PathBuf;

use bevy::ecs::spawn::SpawnWith;
use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use crate::engine::Level;
use crate::game::core::actions::{Action, ActionsExt, GameAction, Promote, StudyAction};
use crate::game::core::keys::{Context, KeyMap, KeysExt, ctrl, key};
use crate::game::core::prefs::{ChoiceAction, GameMode, NewGameChoice, level_name};
use crate::game::core::saves::{SaveList, can_save, load_file, save_as, save_name_at};
use crate::game::core::screens::Modal;
use crate::game::core::screens::set_modal;
use crate::game::core::state::ChessGame;
use crate::game::core::state::GameCommand;
use crate::game::ui::text_field::{FieldAction, FieldId, Fields, text_field};
use crate::game::ui::theme;
use crate::game::ui::widgets::{
    ActionButton, button, button_with, dialog, keyed_button, mark_chosen, row, text,
};
use crate::rules::PieceKind;

/// The new-game dialog's Start: a game with the choices made (who plays, the level, the
/// variant in [`NewGameChoice`], the clock in the time choice).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StartGame;

impl Action for StartGame {}

fn start_game(world: &mut World, _: StartGame) {
    let choice = world
        .get_resource::<NewGameChoice>()
        .copied()
        .unwrap_or_default();
    let time = world
        .get_resource::<crate::game::core::clock::TimeChoice>()
        .and_then(|c| c.control());
    // The chosen variant's start (Shuffle Parachess: the chosen arrangement or one at random);
    // the game file's [Variant] tag keeps it.
    let start = choice.variant().map(|v| Box::new(v.start()));
    world.write_message(GameCommand::NewTimed {
        start,
        players: choice.players(),
        time,
    });
    set_modal(world, Modal::None);
}

/// Saving the game under a name the player chooses (Ctrl+S, the panel's Save).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SaveDialog {
    /// Ask for the name, today's date and time filled in.
    Open,
    /// Save under the name typed, and close the dialog.
    Confirm,
}

impl Action for SaveDialog {}

fn save_dialog(world: &mut World, action: SaveDialog) {
    match action {
        SaveDialog::Open => {
            if !can_save(world) {
                return;
            }
            let default = save_name_at(&crate::store::now_local());
            if let Some(mut fields) = world.get_resource_mut::<Fields>() {
                fields.save_name = default;
                fields.focus = FieldId::SaveName;
            }
            set_modal(world, Modal::SaveAs);
        }
        SaveDialog::Confirm => {
            let name = world
                .get_resource::<Fields>()
                .map(|f| f.save_name.clone())
                .unwrap_or_default();
            set_modal(world, Modal::None);
            save_as(world, &name);
        }
    }
}

/// The dialogs' keys and answers: part of the core, so headless games use them too.
pub(super) fn core_plugin(app: &mut App) {
    use GameAction as G;
    use KeyCode as K;
    let dialog = Context::Dialog;
    app.answer(start_game).answer(save_dialog).bind_keys(vec![
        key(K::Enter, StartGame, dialog(Modal::NewGame), "start"),
        key(K::Escape, G::CloseDialog, dialog(Modal::NewGame), "cancel"),
        key(K::Enter, SaveDialog::Confirm, dialog(Modal::SaveAs), "save"),
        ctrl(K::KeyV, FieldAction::Paste, dialog(Modal::SaveAs), "paste"),
        key(K::Escape, G::CloseDialog, dialog(Modal::SaveAs), "cancel"),
        key(K::Escape, G::CloseDialog, dialog(Modal::Load), "cancel"),
        key(
            K::Escape,
            G::CloseDialog,
            dialog(Modal::Promotion),
            "cancel",
        ),
        key(K::KeyN, G::NewGame, dialog(Modal::GameOver), "new game"),
        key(
            K::Escape,
            G::CloseDialog,
            dialog(Modal::GameOver),
            "look at the board",
        ),
        key(
            K::KeyA,
            StudyAction::Analyse,
            dialog(Modal::GameOver),
            "analyse",
        ),
        key(
            K::KeyR,
            StudyAction::Review,
            dialog(Modal::GameOver),
            "review the game",
        ),
        key(
            K::Enter,
            G::CloseDialog,
            dialog(Modal::GameOver),
            "look at the board",
        ),
    ]);
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Modal::NewGame), spawn_new_game)
        .add_systems(OnEnter(Modal::SaveAs), spawn_save_as)
        .add_systems(OnEnter(Modal::Load), spawn_load)
        .add_systems(OnEnter(Modal::Promotion), spawn_promotion)
        .add_systems(OnEnter(Modal::GameOver), spawn_game_over)
        .add_systems(
            Update,
            (
                mark_choices.run_if(in_state(Modal::NewGame)),
                fill_load_list.run_if(in_state(Modal::Load)),
            )
                .in_set(crate::game::core::GameSet::View),
        );
}

/// Opens the new-game dialog (public so tests can show it without the whole interface).
pub fn spawn_new_game(mut commands: Commands, game: Res<ChessGame>) {
    let keep_note = if !game.game().plies().is_empty() && !game.game().is_over() {
        tr!("new-game-keep-note")
    } else {
        String::new()
    };
    commands.spawn(dialog(
        Modal::NewGame,
        children![
            text(tr!("new-game-title"), 22.0, theme::ACCENT),
            text(tr!("new-game-who"), 14.0, theme::TEXT_DIM),
            (
                row(),
                Children::spawn(SpawnIter(
                    GameMode::ALL
                        .into_iter()
                        .map(|m| button(m.label(), ChoiceAction::Mode(m)))
                )),
            ),
            text(tr!("new-game-level"), 14.0, theme::TEXT_DIM),
            (
                row(),
                Children::spawn(SpawnIter(
                    Level::ALL
                        .into_iter()
                        .map(|l| button(level_name(l), ChoiceAction::Level(l)))
                )),
            ),
            text(tr!("new-game-clock"), 14.0, theme::TEXT_DIM),
            crate::game::ui::clock::time_choice(),
            crate::game::ui::variant_picker::variant_picker(),
            text(keep_note, 12.0, theme::TEXT_DIM),
            (
                row(),
                children![
                    keyed_button(tr!("dialog-start"), StartGame),
                    keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
                ]
            ),
        ],
    ));
}

/// Outlines the chosen mode, level and variant.
fn mark_choices(choice: Res<NewGameChoice>, mut buttons: Query<(&ActionButton, &mut Outline)>) {
    mark_chosen(&mut buttons, |a: ChoiceAction| match a {
        ChoiceAction::Mode(m) => m == choice.mode,
        ChoiceAction::Level(l) => l == choice.level,
        ChoiceAction::Variant(v) => v == choice.variant,
        ChoiceAction::ShuffleStep(_) => false,
    });
}

/// The name to save under: the field (today's date and time to keep or type over), the keys.
fn spawn_save_as(mut commands: Commands, map: Res<KeyMap>) {
    commands.spawn(dialog(
        Modal::SaveAs,
        children![
            text(tr!("save-as-title"), 22.0, theme::ACCENT),
            text(tr!("save-as-name"), 14.0, theme::TEXT_DIM),
            text_field(FieldId::SaveName, 420.0),
            text(
                tr!(
                    "save-as-help",
                    keys = map.help(&[Context::Dialog(Modal::SaveAs)])
                ),
                12.0,
                theme::TEXT_DIM
            ),
            (
                row(),
                children![
                    keyed_button(tr!("panel-save"), SaveDialog::Confirm),
                    keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
                ]
            ),
        ],
    ));
}

/// The list of saved games; filled when the background read is done.
#[derive(Component)]
struct LoadListBox;

fn spawn_load(mut commands: Commands) {
    commands.spawn(dialog(
        Modal::Load,
        children![
            text(tr!("load-title"), 22.0, theme::ACCENT),
            (
                LoadListBox,
                // The card's whole width (no more: a wider list stuck out of the card), so a
                // long name or a file's error wraps inside the dialog and every row's Analyse
                // stays on screen.
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(6),
                    width: percent(100),
                    max_height: px(380),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                children![text(tr!("load-reading"), 14.0, theme::TEXT_DIM)],
            ),
            keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
        ],
    ));
}

/// One button per saved game, once the list has been read.
fn fill_load_list(
    list: Res<SaveList>,
    boxes: Query<Entity, With<LoadListBox>>,
    mut commands: Commands,
    mut shown: Local<Option<usize>>,
    fresh: Query<(), Added<LoadListBox>>,
) {
    if !fresh.is_empty() {
        *shown = None;
    }
    if list.1 || *shown == Some(list.0.len()) {
        return;
    }
    *shown = Some(list.0.len());
    for b in &boxes {
        commands.entity(b).despawn_children();
        commands.entity(b).with_children(|c| {
            if list.0.is_empty() {
                c.spawn(text(tr!("load-none"), 14.0, theme::TEXT_DIM));
            }
            for (label, path) in list.0.iter().take(60) {
                c.spawn(save_row(label, path.clone()));
            }
        });
    }
}

/// A saved game: its name loads it to play on; Analyse beside it opens it on the analysis
/// screen instead.
fn save_row(label: &str, path: PathBuf) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            column_gap: px(6),
            flex_shrink: 0.0,
            ..default()
        },
        children![
            (
                // Takes what the Analyse button leaves, no more: its text wraps there.
                Node {
                    flex_grow: 1.0,
                    flex_shrink: 1.0,
                    flex_basis: px(0),
                    min_width: px(0),
                    flex_direction: FlexDirection::Column,
                    ..default()
                },
                children![file_button(label, path.clone(), load_file)],
            ),
            (
                Node {
                    flex_shrink: 0.0,
                    flex_direction: FlexDirection::Column,
                    ..default()
                },
                children![file_button(tr!("load-analyse"), path, |world, path| {
                    crate::game::core::actions::ask(
                        world,
                        crate::game::core::actions::AnalyseFile(path),
                    )
                })],
            ),
        ],
    )
}

/// A button that does `act` with a saved game's path.
fn file_button(
    label: impl Into<String>,
    path: PathBuf,
    act: fn(&mut World, PathBuf),
) -> impl Bundle {
    button_with(
        label,
        (),
        move |press: On<Pointer<Press>>, mut commands: Commands| {
            if press.button == PointerButton::Primary {
                let path = path.clone();
                commands.queue(move |world: &mut World| act(world, path));
            }
        },
    )
}

/// The promotion chooser: the variant's promotion kinds for the side to move, most valuable
/// first (Queen, Rook, Bishop, Sorcerer in Parachess), each with its letter.
fn spawn_promotion(
    mut commands: Commands,
    game: Res<ChessGame>,
    pending: Option<Res<crate::game::core::selection::PendingPromotion>>,
) {
    let pos = game.game().position();
    let side = pending.map_or(pos.turn(), |p| p.side(pos));
    let variant = pos.variant();
    let choices: Vec<(String, PieceKind)> = variant
        .promotions(side)
        .iter()
        .map(|&kind| {
            let label = format!(
                "{} ({})",
                crate::game::text::piece_name(variant.kind_name(kind)),
                variant.letter(kind)
            );
            (label, kind)
        })
        .collect();
    commands.spawn(dialog(
        Modal::Promotion,
        children![
            text(tr!("promotion-title"), 20.0, theme::TEXT),
            (
                row(),
                Children::spawn(SpawnWith(move |parent: &mut ChildSpawner| {
                    for (label, kind) in choices {
                        parent.spawn(button(label, Promote(kind)));
                    }
                })),
            ),
            keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
        ],
    ));
}

fn spawn_game_over(mut commands: Commands, game: Res<ChessGame>) {
    let result = game
        .game()
        .outcome()
        .map_or_else(String::new, crate::game::text::outcome_text);

    commands.spawn(dialog(
        Modal::GameOver,
        children![
            text(tr!("game-over-title"), 14.0, theme::TEXT_DIM),
            text(result, 26.0, theme::ACCENT),
            (
                row(),
                children![
                    keyed_button(tr!("game-over-new-game"), GameAction::NewGame),
                    keyed_button(tr!("game-over-analyse"), StudyAction::Analyse),
                    keyed_button(tr!("game-over-review"), StudyAction::Review),
                    keyed_button(tr!("game-over-look"), GameAction::CloseDialog),
                ]
            ),
        ],
    ));
}
