//! The clocks in a panel (two faces, the running one lit, a low one in the warning colour)
//! and the dialogs' choice of a time control (the presets and a custom one with +/−). What
//! the clocks are and how they run: [`crate::game::core::clock`].

use crate::tr;

use bevy::prelude::*;

use super::theme;
use super::widgets::{ActionButton, button, mark_chosen, row, text};
use crate::game::core::clock::{ClockAction, TimeChoice, TimeOption, face};
use crate::game::core::screens::Modal;
use crate::game::core::state::ChessGame;
use crate::rules::Side;
use crate::rules::clock::PRESETS;

/// The clocks' row in a panel (hidden in untimed games).
#[derive(Component)]
struct ClockRow;

/// One side's clock face.
#[derive(Component)]
struct ClockFace(Side);

/// Both clocks, White's then Black's, for a side panel.
pub fn clock_row() -> impl Bundle {
    (
        ClockRow,
        Node {
            flex_direction: FlexDirection::Row,
            column_gap: px(8),
            display: Display::None,
            ..default()
        },
        children![clock_face(Side::White), clock_face(Side::Black)],
    )
}

fn clock_face(side: Side) -> impl Bundle {
    (
        ClockFace(side),
        Node {
            flex_grow: 1.0,
            flex_direction: FlexDirection::Column,
            padding: UiRect::axes(px(10), px(4)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(theme::BUTTON),
        BorderColor::all(Color::NONE),
        children![
            text(side.to_string(), 11.0, theme::TEXT_DIM),
            text("", 24.0, theme::TEXT),
        ],
    )
}

/// The running clock highlighted, a clock under ten seconds in the warning colour.
fn show_clocks(
    game: Res<ChessGame>,
    mut rows: Query<&mut Node, With<ClockRow>>,
    mut faces: Query<(
        &ClockFace,
        &Children,
        &mut BackgroundColor,
        &mut BorderColor,
    )>,
    mut texts: Query<(&mut Text, &mut TextColor)>,
) {
    let clocks = game.clocks();
    let want = if clocks.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    for mut node in &mut rows {
        if node.display != want {
            node.display = want;
        }
    }
    let Some(clocks) = clocks else {
        return;
    };
    let now = game.clock_now();
    let over = game.game().is_over();
    for (face_of, children, mut bg, mut border) in &mut faces {
        let side = face_of.0;
        let left = clocks.remaining(side, now);
        let low = clocks.is_low(side, now);
        let running = clocks.is_running() && clocks.turn() == side && !over;
        let to_move = clocks.turn() == side && !over;
        let (back, edge, ink) = match (low, running || to_move) {
            (true, true) => (theme::WARNING, theme::WARNING, theme::CLOCK_INK),
            (true, false) => (theme::BUTTON, theme::WARNING, theme::WARNING),
            (false, true) => (theme::ACCENT, theme::ACCENT, theme::CLOCK_INK),
            (false, false) => (theme::BUTTON, Color::NONE, theme::TEXT),
        };
        if bg.0 != back {
            bg.0 = back;
        }
        let edge = BorderColor::all(edge);
        if *border != edge {
            *border = edge;
        }
        let shown = face(left);
        for (i, child) in children.iter().enumerate() {
            if let Ok((mut t, mut colour)) = texts.get_mut(child) {
                let want_colour = if i == 0 && ink == theme::TEXT {
                    theme::TEXT_DIM
                } else {
                    ink
                };
                if colour.0 != want_colour {
                    colour.0 = want_colour;
                }
                if i == 1 && t.0 != shown {
                    t.0.clone_from(&shown);
                }
            }
        }
    }
}

/// The custom control's two numbers in a dialog.
#[derive(Component, Clone, Copy)]
enum CustomValue {
    Minutes,
    Increment,
}

/// The dialogs' clock choice: the presets and a custom control with +/− buttons.
pub fn time_choice() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(8),
            ..default()
        },
        children![
            (
                row(),
                Children::spawn(SpawnIter(
                    PRESETS
                        .iter()
                        .enumerate()
                        .map(|(i, (name, _))| {
                            let name = if i == 0 {
                                tr!("clock-untimed")
                            } else {
                                name.to_string()
                            };
                            choose(name, TimeOption::Preset(i))
                        })
                        .chain(std::iter::once(choose(
                            tr!("clock-custom"),
                            TimeOption::Custom
                        )))
                )),
            ),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    column_gap: px(6),
                    ..default()
                },
                children![
                    text(tr!("clock-custom-label"), 13.0, theme::TEXT_DIM),
                    button("-", ClockAction::CustomMinutes(-1)),
                    (CustomValue::Minutes, text("", 14.0, theme::TEXT)),
                    button("+", ClockAction::CustomMinutes(1)),
                    text("  ", 13.0, theme::TEXT_DIM),
                    button("-", ClockAction::CustomIncrement(-1)),
                    (CustomValue::Increment, text("", 14.0, theme::TEXT)),
                    button("+", ClockAction::CustomIncrement(1)),
                ],
            ),
        ],
    )
}

fn choose(name: String, option: TimeOption) -> impl Bundle {
    button(name, ClockAction::ChooseTime(option))
}

fn show_custom_time(choice: Res<TimeChoice>, mut values: Query<(&CustomValue, &mut Text)>) {
    for (which, mut t) in &mut values {
        let want = match which {
            CustomValue::Minutes => tr!("clock-custom-minutes", n = choice.minutes),
            CustomValue::Increment => tr!("clock-custom-increment", n = choice.increment),
        };
        if t.0 != want {
            t.0 = want;
        }
    }
}

/// Outlines the time control chosen in the new-game and host dialogs.
fn mark_choices(time: Res<TimeChoice>, mut buttons: Query<(&ActionButton, &mut Outline)>) {
    mark_chosen(&mut buttons, |a: ClockAction| match a {
        ClockAction::ChooseTime(option) => time.option == option,
        _ => false,
    });
}

/// What draws: the clock faces and the dialogs' time choice.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            show_clocks,
            show_custom_time,
            mark_choices.run_if(in_state(Modal::NewGame).or_else(in_state(Modal::HostGame))),
        )
            .in_set(crate::game::core::GameSet::View),
    );
}
