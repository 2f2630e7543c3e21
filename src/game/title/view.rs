//! What the title screen shows: the card with the menu and the keys line, and Continue only
//! when a game waits.

use bevy::prelude::*;

use super::keys_line;
use crate::game::core::actions::{Action, GameAction, SaveRequest, StudyAction};
use crate::game::core::keys::KeyMap;
use crate::game::core::screens::Modal;
use crate::game::core::screens::Screen;
use crate::game::core::state::{PlayStash, ResumableSave};
use crate::game::ui::theme;
use crate::game::ui::widgets::{button, text};
use crate::tr;

/// The Continue button's row, shown only when there is a game to continue.
#[derive(Component)]
pub struct ContinueRow;

/// The keys line, which names Enter's Continue only when there is a game to continue.
#[derive(Component)]
struct TitleKeys;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_title)
        .add_systems(Update, show_continue.run_if(in_state(Screen::Title)));
}

fn spawn_title(mut commands: Commands, map: Res<KeyMap>) {
    commands.spawn((
        DespawnOnExit(Screen::Title),
        crate::game::ui::widgets::full_screen_centre(),
        BackgroundColor(theme::TITLE_DIM),
        GlobalZIndex(5),
        children![(
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                // Tight enough that the card, Continue and the keys line included, fits a
                // 1024×600 window (and its German text) at the default interface size.
                row_gap: px(8),
                padding: UiRect::axes(px(48), px(16)),
                border_radius: BorderRadius::all(px(14)),
                ..default()
            },
            BackgroundColor(theme::PANEL),
            crate::game::ui::access::Landmark::region(tr!("a11y-menu")),
            children![
                text("PARACHESS", 46.0, theme::ACCENT),
                text(tr!("title-subtitle"), 16.0, theme::TEXT),
                text(tr!("title-new-here"), 13.0, theme::TEXT_DIM),
                (
                    ContinueRow,
                    Node {
                        display: Display::None,
                        width: px(260),
                        flex_direction: FlexDirection::Column,
                        margin: UiRect::top(px(4)),
                        ..default()
                    },
                    children![button(tr!("title-continue"), SaveRequest::Continue)],
                ),
                menu_button(tr!("title-play"), GameAction::NewGame),
                menu_button(tr!("title-learn"), GameAction::Open(Screen::Learn)),
                menu_button(tr!("title-play-online"), GameAction::Open(Screen::Online)),
                menu_button(tr!("title-puzzles"), GameAction::Open(Screen::Puzzles)),
                menu_button(tr!("title-set-up"), GameAction::Open(Screen::Editor)),
                menu_button(tr!("title-pieces"), GameAction::Dialog(Modal::Pieces)),
                menu_button(tr!("title-analyse"), StudyAction::Analyse),
                menu_button(tr!("title-load"), SaveRequest::List),
                menu_button(tr!("title-settings"), GameAction::Open(Screen::Settings)),
                menu_button(tr!("title-quit"), GameAction::Quit),
                // Wrapped to the menu's width, so the card stays a card and not a band.
                (
                    TitleKeys,
                    text(keys_line(&map, false), 11.0, theme::TEXT_DIM),
                    TextLayout::justify(Justify::Center),
                    Node {
                        max_width: px(440),
                        ..default()
                    },
                ),
            ],
        )],
    ));
}

fn menu_button(label: String, action: impl Action) -> impl Bundle {
    (
        Node {
            width: px(260),
            flex_direction: FlexDirection::Column,
            ..default()
        },
        children![button(label, action)],
    )
}

/// Continue appears when an unfinished game waits: this session's, or one from before.
fn show_continue(world: &mut World) {
    let waiting = world
        .get_resource::<PlayStash>()
        .is_some_and(|s| s.unfinished_game_waits(world))
        || world.get_resource::<ResumableSave>().is_some_and(|r| r.0);
    let want = if waiting {
        Display::Flex
    } else {
        Display::None
    };
    let mut rows = world.query_filtered::<&mut Node, With<ContinueRow>>();
    for mut node in rows.iter_mut(world) {
        if node.display != want {
            node.display = want;
        }
    }
    let keys = world
        .get_resource::<KeyMap>()
        .map(|map| keys_line(map, waiting))
        .unwrap_or_default();
    let mut lines = world.query_filtered::<&mut Text, With<TitleKeys>>();
    for mut line in lines.iter_mut(world) {
        if line.0 != keys {
            line.0 = keys.clone();
        }
    }
}
