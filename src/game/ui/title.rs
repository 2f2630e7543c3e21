//! The title screen: what Parachess is in one line, and where to go — Continue (when a game is
//! waiting), Play, Learn, Puzzles, Set up a position, Load, Quit — over the board it is played
//! on.

use bevy::prelude::*;

use super::theme;
use super::widgets::{button, text};
use crate::game::core::screens::Screen;
use crate::game::core::state::PlayStash;
use crate::game::keymap::{Action, Context, help_text_where};
use crate::game::play::persistence::Saves;
use crate::tr;

/// The Continue button's row, shown only when there is a game to continue.
#[derive(Component)]
pub struct ContinueRow;

/// The keys line, which names Enter's Continue only when there is a game to continue.
#[derive(Component)]
struct TitleKeys;

fn keys_line(waiting: bool) -> String {
    help_text_where(&[Context::Title], |a| waiting || *a != Action::Continue)
}

/// The title screen (public so a headless test can show it without rendering).
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_title)
        .add_systems(Update, show_continue.run_if(in_state(Screen::Title)));
}

fn spawn_title(mut commands: Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Title),
        crate::game::ui::widgets::full_screen_centre(),
        BackgroundColor(theme::TITLE_DIM),
        GlobalZIndex(5),
        children![(
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(12),
                padding: UiRect::axes(px(48), px(32)),
                border_radius: BorderRadius::all(px(14)),
                ..default()
            },
            BackgroundColor(theme::PANEL),
            children![
                text("PARACHESS", 54.0, theme::ACCENT),
                text(tr!("title-subtitle"), 16.0, theme::TEXT),
                text(tr!("title-new-here"), 13.0, theme::TEXT_DIM),
                (
                    ContinueRow,
                    Node {
                        display: Display::None,
                        width: px(260),
                        flex_direction: FlexDirection::Column,
                        margin: UiRect::top(px(10)),
                        ..default()
                    },
                    children![button(tr!("title-continue"), Action::Continue)],
                ),
                menu_button(tr!("title-play"), Action::Play),
                menu_button(tr!("title-learn"), Action::Learn),
                menu_button(
                    tr!("title-play-online"),
                    Action::Versus(crate::game::versus::VersusAction::PlayOnline)
                ),
                menu_button(tr!("title-puzzles"), Action::OpenPuzzles),
                menu_button(tr!("title-set-up"), Action::OpenEditor),
                menu_button(tr!("title-pieces"), Action::Pieces),
                menu_button(tr!("title-analyse"), Action::Analyse),
                menu_button(tr!("title-load"), Action::Load),
                menu_button(
                    tr!("title-settings"),
                    Action::Settings(crate::game::settings::SettingsAction::Open)
                ),
                menu_button(tr!("title-quit"), Action::Quit),
                // Wrapped to the menu's width, so the card stays a card and not a band.
                (
                    TitleKeys,
                    text(keys_line(false), 11.0, theme::TEXT_DIM),
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

fn menu_button(label: String, action: Action) -> impl Bundle {
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
        || world
            .get_resource::<Saves>()
            .is_some_and(Saves::has_resumable);
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
    let keys = keys_line(waiting);
    let mut lines = world.query_filtered::<&mut Text, With<TitleKeys>>();
    for mut line in lines.iter_mut(world) {
        if line.0 != keys {
            line.0 = keys.clone();
        }
    }
}
