//! The play screen's side panel: whose turn, the players and their clocks, the status line,
//! the move list, the buttons and the keys.

use bevy::prelude::*;

use crate::game::core::actions::{AidAction, GameAction, SaveRequest, StudyAction};
use crate::game::core::keys::{Context, KeyMap};
use crate::game::core::screens::{Modal, Screen};
use crate::game::ui::widgets::{button, text};
use crate::game::ui::{
    PlayersText, StatusText, ThinkingText, button_row, side_panel, theme, turn_row,
};
use crate::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Play), spawn_panel);
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
                    button(tr!("panel-save"), SaveRequest::Save),
                    button(tr!("panel-load"), SaveRequest::List),
                    button(tr!("panel-copy-pos"), SaveRequest::Copy),
                    button(tr!("panel-paste-pos"), SaveRequest::Paste),
                    button(tr!("panel-resign"), GameAction::Resign),
                    button(tr!("panel-draw"), GameAction::OfferDraw),
                    button(tr!("panel-menu"), GameAction::Back),
                ],
            ),
            text(
                tr!(
                    "panel-help",
                    keys = map.help(&[Context::Board, Context::On(Screen::Play)])
                ),
                11.0,
                theme::TEXT_DIM,
            ),
        ],
    ));
}
