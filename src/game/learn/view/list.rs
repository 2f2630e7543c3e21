//! The lesson list: a tile per lesson with its stars and stage marks, rebuilt when the
//! progress changes.

use crate::tr;
use bevy::ecs::spawn::SpawnWith;
use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use crate::game::core::actions::{Action, GameAction};
use crate::game::core::keys::{Context, KeyMap};
use crate::game::core::screens::Screen;
use crate::game::learn::LearnAction;
use crate::game::learn::art::LearnArt;
use crate::game::learn::{Learn, LearnProgress, LearnView};
use crate::game::ui::theme;
use crate::game::ui::widgets::{UiButton, keyed_button, row, text};
use crate::lessons::Lesson;

use super::pip;

/// The whole lesson list (rebuilt when the progress changes).
#[derive(Component)]
pub(super) struct LessonList;

/// The first sentence of a text, at most about `max` characters (cut at a word).
fn first_sentence(text: &str, max: usize) -> String {
    let sentence = match text.find(". ") {
        Some(i) => &text[..=i],
        None => text,
    };
    if sentence.chars().count() <= max {
        return sentence.to_string();
    }
    let mut out = String::new();
    for word in sentence.split_whitespace() {
        if out.chars().count() + word.chars().count() + 1 > max.saturating_sub(3) {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.push_str("...");
    out
}

/// A row: a star picture and a few words.
fn star_count(art: &LearnArt, size: f32, label: String, colour: Color) -> impl Bundle + use<> {
    (
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: px(4),
            ..default()
        },
        Pickable::IGNORE,
        children![
            (
                ImageNode::new(art.star.clone()),
                Node {
                    width: px(size),
                    height: px(size),
                    ..default()
                },
                Pickable::IGNORE,
            ),
            (text(label, size * 0.95, colour), Pickable::IGNORE),
        ],
    )
}

pub(super) fn spawn_list(
    mut commands: Commands,
    learn: Res<Learn>,
    progress: Res<LearnProgress>,
    art: Option<Res<LearnArt>>,
    map: Res<KeyMap>,
) {
    let Some(art) = art else { return };
    let suggestion = crate::lessons::next_suggested(&learn.lessons, progress.progress());
    let started = learn
        .lessons
        .iter()
        .any(|l| progress.progress().lesson_stars(&l.id, l.stages.len()) > 0);
    let tiles: Vec<_> = learn
        .lessons
        .iter()
        .enumerate()
        .map(|(i, lesson)| lesson_tile(&art, i, lesson, &progress, suggestion == Some(i)))
        .collect();
    let start_label = match suggestion {
        Some(i) => tr!(
            "learn-start-label",
            what = if started {
                tr!("learn-next-lesson")
            } else {
                tr!("learn-start-here")
            },
            n = i + 1,
            title = learn.lessons[i].title.as_str()
        ),
        None => tr!("learn-all-complete"),
    };
    let problem = learn.problem.clone().unwrap_or_default();
    let (earned, most) = learn.lessons.iter().fold((0, 0), |(e, m), l| {
        (
            e + progress.progress().lesson_stars(&l.id, l.stages.len()),
            m + 3 * l.stages.len() as u32,
        )
    });
    commands.spawn((
        LessonList,
        DespawnOnExit(LearnView::List),
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(0),
            bottom: px(0),
            right: px(0),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(theme::OVERLAY),
        GlobalZIndex(5),
        children![(
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(8),
                padding: UiRect::axes(px(28), px(16)),
                border_radius: BorderRadius::all(px(14)),
                max_width: percent(96),
                max_height: percent(96),
                ..default()
            },
            BackgroundColor(theme::PANEL),
            children![
                text(tr!("learn-title"), 30.0, theme::ACCENT),
                text(tr!("learn-intro"), 14.0, theme::TEXT,),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        align_items: AlignItems::Center,
                        column_gap: px(16),
                        ..default()
                    },
                    children![
                        start_button(start_label, suggestion.is_some()),
                        star_count(&art, 16.0, format!("{earned}/{most}"), theme::ACCENT),
                    ],
                ),
                (
                    Node {
                        display: if problem.is_empty() {
                            Display::None
                        } else {
                            Display::Flex
                        },
                        ..default()
                    },
                    text(problem, 14.0, theme::WARNING),
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        flex_wrap: FlexWrap::Wrap,
                        justify_content: JustifyContent::Center,
                        column_gap: px(8),
                        row_gap: px(8),
                        max_width: px(960),
                        overflow: Overflow::scroll_y(),
                        flex_shrink: 1.0,
                        ..default()
                    },
                    ScrollPosition::default(),
                    Children::spawn(SpawnWith(move |grid: &mut ChildSpawner| {
                        for (index, tile) in tiles.into_iter().enumerate() {
                            grid.spawn(tile).observe(
                                move |press: On<Pointer<Press>>, mut commands: Commands| {
                                    if press.button == PointerButton::Primary {
                                        commands.queue(move |world: &mut World| {
                                            LearnAction::Open(index).run(world)
                                        });
                                    }
                                },
                            );
                        }
                    })),
                ),
                (
                    row(),
                    children![keyed_button(tr!("learn-back-to-title"), GameAction::Back)],
                ),
                text(
                    tr!(
                        "learn-list-help",
                        next = map.name(LearnAction::Next, Context::On(Screen::Learn)),
                        back = map.name(GameAction::Back, Context::Board)
                    ),
                    11.0,
                    theme::TEXT_DIM,
                ),
            ],
        )],
    ));
}

fn start_button(label: String, any: bool) -> impl Bundle {
    (
        Node {
            display: if any { Display::Flex } else { Display::None },
            flex_direction: FlexDirection::Column,
            ..default()
        },
        children![keyed_button(label, LearnAction::Next)],
    )
}

/// One lesson in the list: number and title, what it is about, the stars earned.
fn lesson_tile(
    art: &LearnArt,
    index: usize,
    lesson: &Lesson,
    progress: &LearnProgress,
    suggested: bool,
) -> impl Bundle + use<> {
    let stages = lesson.stages.len();
    let p = progress.progress();
    let stars = p.lesson_stars(&lesson.id, stages);
    let complete = p.lesson_complete(&lesson.id, stages);
    let border = if suggested {
        theme::ACCENT
    } else if complete {
        theme::GOOD.with_alpha(0.6)
    } else {
        Color::NONE
    };
    let tag = if suggested {
        (tr!("learn-tag-next"), theme::ACCENT)
    } else if complete {
        (tr!("learn-tag-complete"), theme::GOOD)
    } else {
        (String::new(), theme::TEXT_DIM)
    };
    let pips: Vec<(u8, bool)> = (0..stages)
        .map(|i| (p.stars(&lesson.id, i), false))
        .collect();
    let star_colour = if stars > 0 {
        theme::ACCENT
    } else {
        theme::TEXT_DIM
    };
    (
        UiButton,
        Button,
        Node {
            width: px(300),
            min_height: px(84),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::SpaceBetween,
            row_gap: px(3),
            padding: UiRect::axes(px(10), px(6)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(theme::BUTTON),
        BorderColor::all(border),
        children![
            (
                text(
                    format!("{}. {}", index + 1, lesson.title),
                    15.0,
                    theme::TEXT
                ),
                Pickable::IGNORE
            ),
            (
                text(first_sentence(&lesson.intro, 84), 12.0, theme::TEXT_DIM),
                Pickable::IGNORE
            ),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    justify_content: JustifyContent::SpaceBetween,
                    align_items: AlignItems::Center,
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    (
                        Node {
                            flex_direction: FlexDirection::Row,
                            align_items: AlignItems::Center,
                            column_gap: px(10),
                            ..default()
                        },
                        Pickable::IGNORE,
                        children![
                            stage_pips(pips),
                            star_count(art, 13.0, format!("{stars}/{}", 3 * stages), star_colour),
                        ],
                    ),
                    (text(tag.0, 11.0, tag.1), Pickable::IGNORE),
                ],
            ),
        ],
    )
}

fn stage_pips(pips: Vec<(u8, bool)>) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            column_gap: px(3),
            ..default()
        },
        Pickable::IGNORE,
        Children::spawn(SpawnIter(
            pips.into_iter().map(|(stars, current)| pip(stars, current)),
        )),
    )
}

/// Rebuilds the list when the progress arrives or changes.
pub(super) fn refresh_list(
    progress: Res<LearnProgress>,
    lists: Query<Entity, With<LessonList>>,
    mut commands: Commands,
) {
    if !progress.is_changed() || progress.is_added() {
        return;
    }
    for e in &lists {
        commands.entity(e).despawn();
    }
    commands.run_system_cached(spawn_list);
}

#[cfg(test)]
mod tests {
    use super::first_sentence;

    #[test]
    fn the_list_shows_one_short_sentence() {
        assert_eq!(first_sentence("One. Two.", 80), "One.");
        assert_eq!(first_sentence("Just one", 80), "Just one");
        let long = "word ".repeat(40);
        let cut = first_sentence(&long, 30);
        assert!(cut.ends_with("...") && cut.chars().count() <= 30, "{cut}");
    }
}
