//! The play screen's side panel: whose turn, the players and their clocks, the status line,
//! the move list, the buttons and the keys.

use bevy::prelude::*;

use crate::game::core::actions::{
    Action, ActionsExt, AidAction, GameAction, SaveRequest, StudyAction,
};
use crate::game::core::keys::{Context, KeyMap, KeysExt, key};
use crate::game::core::screens::{Modal, Screen};
use crate::game::ui::widgets::{button, text};
use crate::game::ui::{
    PlayersText, StatusText, ThinkingText, button_row, side_panel, theme, turn_row,
};
use crate::tr;

/// The panel's state and keys: no window needed, so headless tests press them too.
pub(super) fn core_plugin(app: &mut App) {
    use KeyCode as K;
    let play = Context::On(Screen::Play);
    app.init_resource::<AllKeysShown>()
        .answer(toggle_all_keys)
        .bind_keys(vec![
            key(K::Slash, PanelAction::AllKeys, play, "all the keys"),
            key(K::F1, PanelAction::AllKeys, play, "all the keys"),
        ]);
}

/// The panel on the play screen (public for the headless test of the accessibility tree).
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Play), spawn_panel)
        .add_systems(Update, show_key_help.run_if(in_state(Screen::Play)));
}

/// What the play panel's own keys do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PanelAction {
    /// Show every key, grouped, in place of the one short line (and back).
    AllKeys,
}

impl Action for PanelAction {}

/// Whether the panel lists every key: off, one short line keeps the buttons and the status
/// within a 1024×600 window; the sheet is one key away.
#[derive(Resource, Default)]
pub struct AllKeysShown(pub bool);

/// The panel's key help text.
#[derive(Component)]
struct KeyHelp;

fn toggle_all_keys(world: &mut World, _: PanelAction) {
    let mut shown = world.resource_mut::<AllKeysShown>();
    shown.0 = !shown.0;
}

/// The short line, or every key grouped: the board's own, then the game's.
fn key_help_text(map: &KeyMap, all: bool) -> String {
    let sheet = map.name(PanelAction::AllKeys, Context::On(Screen::Play));
    if all {
        [
            tr!("panel-help-short", keys = sheet),
            tr!(
                "panel-keys-game",
                keys = map.help(&[Context::On(Screen::Play)])
            ),
            tr!("panel-keys-board", keys = map.help(&[Context::Board])),
        ]
        .join("\n")
    } else {
        tr!("panel-help-short", keys = sheet)
    }
}

fn show_key_help(
    shown: Res<AllKeysShown>,
    map: Res<KeyMap>,
    mut texts: Query<&mut Text, With<KeyHelp>>,
    added: Query<(), Added<KeyHelp>>,
) {
    if !shown.is_changed() && added.is_empty() {
        return;
    }
    for mut t in &mut texts {
        t.0 = key_help_text(&map, shown.0);
    }
}

fn spawn_panel(mut commands: Commands, map: Res<KeyMap>) {
    commands.spawn((
        side_panel(Screen::Play),
        children![
            text("PARACHESS", 26.0, theme::ACCENT),
            text(tr!("panel-subtitle"), 12.0, theme::TEXT_DIM),
            turn_row(px(8)),
            (PlayersText, text("", 13.0, theme::TEXT_DIM)),
            super::external::engine_line(),
            crate::game::ui::clock::clock_row(),
            (ThinkingText, text("", 14.0, theme::ACCENT)),
            (StatusText, text("", 14.0, theme::TEXT)),
            text(tr!("panel-moves"), 13.0, theme::TEXT_DIM),
            crate::game::ui::move_list::move_list(),
            (
                button_row(),
                children![
                    button(tr!("panel-new-game"), GameAction::NewGame),
                    button(tr!("panel-undo"), GameAction::Undo),
                    button(tr!("panel-redo"), GameAction::Redo),
                    button(tr!("panel-flip"), GameAction::Flip),
                    button(tr!("panel-2d-3d"), GameAction::ToggleView),
                    button(tr!("panel-view"), GameAction::ResetView),
                    button(tr!("panel-names"), GameAction::ToggleNames),
                    button(tr!("panel-lines"), GameAction::ToggleLines),
                    button(tr!("panel-pieces"), GameAction::Dialog(Modal::Pieces)),
                    button(tr!("panel-threats"), AidAction::Threats),
                    button(tr!("panel-hint"), AidAction::Hint),
                    button(tr!("panel-analyse"), StudyAction::Analyse),
                    button(tr!("panel-review"), StudyAction::Review),
                    button(tr!("panel-sound"), GameAction::ToggleMute),
                    button(tr!("panel-save"), super::dialogs::SaveDialog::Open),
                    button(tr!("panel-load"), SaveRequest::List),
                    button(tr!("panel-copy-pos"), SaveRequest::Copy),
                    button(tr!("panel-paste-pos"), SaveRequest::Paste),
                    button(tr!("panel-resign"), GameAction::Resign),
                    button(tr!("panel-draw"), GameAction::OfferDraw),
                    button(tr!("panel-menu"), GameAction::Back),
                ],
            ),
            (
                KeyHelp,
                text(key_help_text(&map, false), 11.0, theme::TEXT_DIM),
            ),
        ],
    ));
}
