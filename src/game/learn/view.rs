//! What the learner sees: the lesson list, the stage panel beside the board, the card at the
//! end of a stage, and the marks on the board (stars to collect, cells found, cells the stage
//! highlights, a wrong click).

use crate::tr;
use bevy::ecs::spawn::SpawnWith;
use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::art::LearnArt;
use super::{Learn, LearnProgress, LearnView};
use crate::game::core::GameSet;
use crate::game::core::actions::{Action, GameAction};
use crate::game::core::board::Animating;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::cell_world;
use crate::game::core::keys::{Context, KeyMap};
use crate::game::core::screens::{Modal, Screen};
use crate::game::core::state::ChessGame;
use crate::game::learn::LearnAction;
use crate::game::ui::widgets::{UiButton, button, card, keyed_button, keyed_button_as, row, text};
use crate::game::ui::{StatusText, button_row, side_panel, theme};
use crate::lessons::{Goal, Lesson, RunState, stars_for};
use crate::rules::{Cell, PieceKind};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(LearnView::List), spawn_list)
        .add_systems(OnEnter(LearnView::Stage), spawn_panel)
        .add_systems(OnEnter(Modal::StageEnd), spawn_end_card)
        .add_systems(
            Update,
            (
                refresh_list.run_if(in_state(LearnView::List)),
                update_panel.run_if(in_state(LearnView::Stage)),
                board_marks,
            )
                .in_set(GameSet::View),
        );
}

/// The whole lesson list (rebuilt when the progress changes).
#[derive(Component)]
struct LessonList;

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

fn spawn_list(
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

/// The colour of a stage's mark: grey until done, gold with three stars.
fn pip_colour(stars: u8) -> Color {
    match stars {
        0 => theme::PIP_UNDONE,
        3 => theme::ACCENT,
        _ => theme::ACCENT.darker(0.25),
    }
}

/// One mark per stage: (best stars, whether it is the stage being played).
fn pip(stars: u8, current: bool) -> impl Bundle {
    (
        Node {
            width: px(16),
            height: px(7),
            border: UiRect::all(px(if current { 2.0 } else { 0.0 })),
            border_radius: BorderRadius::all(px(3)),
            ..default()
        },
        BackgroundColor(pip_colour(stars)),
        BorderColor::all(theme::TEXT),
        Pickable::IGNORE,
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
fn refresh_list(
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

/// The texts of the panel that change.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    Lesson,
    Number,
    Title,
    Intro,
    Body,
    Goal,
    Moves,
    Hint,
}

/// One of the three stars beside the moves.
#[derive(Component)]
struct StarSlot(u8);

/// The row of marks, one per stage of the lesson.
#[derive(Component)]
struct Pips;

fn field(which: Field, size: f32, colour: Color) -> impl Bundle {
    (which, text("", size, colour))
}

fn spawn_panel(mut commands: Commands, art: Option<Res<LearnArt>>, map: Res<KeyMap>) {
    let Some(art) = art else { return };
    let slot = |i: u8| {
        (
            StarSlot(i),
            ImageNode::new(art.no_star.clone()),
            Node {
                width: px(22),
                height: px(22),
                ..default()
            },
        )
    };
    commands.spawn((
        side_panel(Screen::Learn),
        DespawnOnExit(LearnView::Stage),
        children![
            field(Field::Lesson, 14.0, theme::ACCENT),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    column_gap: px(10),
                    ..default()
                },
                children![
                    field(Field::Number, 12.0, theme::TEXT_DIM),
                    (
                        Pips,
                        Node {
                            flex_direction: FlexDirection::Row,
                            column_gap: px(3),
                            ..default()
                        },
                    ),
                ],
            ),
            field(Field::Title, 22.0, theme::TEXT),
            field(Field::Intro, 13.0, theme::TEXT_DIM),
            field(Field::Body, 15.0, theme::TEXT),
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(6),
                    padding: UiRect::all(px(10)),
                    border_radius: BorderRadius::all(px(6)),
                    ..default()
                },
                BackgroundColor(theme::ROW),
                children![
                    field(Field::Goal, 14.0, theme::ACCENT),
                    (
                        Node {
                            flex_direction: FlexDirection::Row,
                            align_items: AlignItems::Center,
                            column_gap: px(10),
                            ..default()
                        },
                        children![
                            field(Field::Moves, 14.0, theme::TEXT),
                            (
                                Node {
                                    flex_direction: FlexDirection::Row,
                                    column_gap: px(2),
                                    ..default()
                                },
                                children![slot(0), slot(1), slot(2)],
                            ),
                        ],
                    ),
                ],
            ),
            field(Field::Hint, 14.0, theme::TEXT),
            (StatusText, text("", 14.0, theme::TEXT)),
            Node {
                flex_grow: 1.0,
                ..default()
            },
            (
                button_row(),
                children![
                    keyed_button(tr!("learn-hint-button"), LearnAction::Hint),
                    keyed_button(tr!("learn-restart"), LearnAction::Restart),
                    keyed_button_as(tr!("learn-lessons"), LearnAction::List, GameAction::Back),
                ],
            ),
            (
                button_row(),
                children![
                    button(tr!("panel-flip"), GameAction::Flip),
                    button(tr!("panel-2d-3d"), GameAction::ToggleView),
                    button(tr!("panel-names"), GameAction::ToggleNames),
                    button(tr!("panel-lines"), GameAction::ToggleLines),
                ],
            ),
            text(
                map.help(&[Context::On(Screen::Learn), Context::Board])
                    .replace(
                        &format!(
                            "{}: {}",
                            tr!("keyname-esc"),
                            tr!("key-deselect-then-back-where-you-came-from")
                        ),
                        &format!("{}: {}", tr!("keyname-esc"), tr!("key-the-lessons"))
                    ),
                11.0,
                theme::TEXT_DIM,
            ),
        ],
    ));
}

/// "1 move", "3 moves" (or clicks).
fn plural(n: u32, clicks: bool) -> String {
    if clicks {
        tr!("learn-n-clicks", n = n)
    } else {
        tr!("learn-n-moves", n = n)
    }
}

/// What the panel says, worked out from the stage and the attempt.
#[derive(Clone, PartialEq, Debug, Default)]
struct PanelTexts {
    lesson: String,
    number: String,
    title: String,
    intro: String,
    body: String,
    goal: String,
    moves: String,
    hint: String,
    stars: u8,
    /// Per stage: best stars (0 = not done), and whether it is the open one.
    pips: Vec<(u8, bool)>,
}

fn panel_texts(learn: &Learn, progress: &LearnProgress, map: &KeyMap) -> Option<PanelTexts> {
    let open = learn.open.as_ref()?;
    let lesson = learn.lessons.get(open.lesson)?;
    let run = &open.run;
    let stage = run.stage();
    let pos = run.position();
    let them = !run.learner();
    let made = run.moves_made();
    let goal = match &stage.goal {
        Goal::Click(cells) => tr!(
            "goal-cells-found",
            found = run.found().len(),
            total = cells.len()
        ),
        Goal::Reach(from) => {
            let total = stage.start.legal_targets(*from).len();
            let kind = stage
                .start
                .piece_at(*from)
                .map_or(PieceKind::King, |p| p.kind);
            tr!(
                "goal-reach",
                piece = crate::game::text::piece_name(kind.name()),
                cell = from.to_string(),
                found = run.found().len(),
                total = total
            )
        }
        Goal::Stars(_) => tr!("goal-stars", left = run.stars_left().len()),
        Goal::CaptureAll => tr!(
            "goal-capture-all",
            side = crate::game::text::side_name(them),
            left = (pos.side_cells(them) & !pos.kind_cells(PieceKind::King)).len()
        ),
        Goal::Promote => tr!("goal-promote"),
        Goal::Check => tr!("goal-check"),
        Goal::EscapeCheck => tr!("goal-escape-check"),
        Goal::Mate(n) => tr!(
            "goal-mate",
            side = crate::game::text::side_name(them),
            moves = plural(*n, false)
        ),
        Goal::Stalemate(n) => tr!(
            "goal-stalemate",
            side = crate::game::text::side_name(them),
            moves = plural(*n, false)
        ),
        Goal::Draw(n) => tr!("goal-draw", moves = plural(*n, false)),
    };
    let fewest = run.fewest();
    let moves = tr!(
        "learn-made-fewest",
        made = plural(made, stage.wants_clicks()),
        fewest = fewest
    );
    // The stars still within reach: every cell or star left takes one more click or move.
    let left_at_least = match &stage.goal {
        Goal::Click(cells) => (*cells & !run.found()).len(),
        Goal::Reach(from) => (stage.start.legal_targets(*from) & !run.found()).len(),
        Goal::Stars(_) => run.stars_left().len(),
        Goal::CaptureAll => (pos.side_cells(them) & !pos.kind_cells(PieceKind::King)).len(),
        _ => 1,
    } as u32;
    let stars = match run.state() {
        RunState::Complete(r) => r.stars,
        RunState::Failed(_) => 0,
        _ => stars_for(made.saturating_add(left_at_least), fewest),
    };
    let hint = if !open.hint_shown {
        String::new()
    } else {
        match &stage.hint {
            Some(h) => tr!("learn-hint", hint = h.as_str()),
            None => match stage.goal {
                Goal::Click(_) | Goal::Reach(_) if super::stage::lines_piece(stage).is_some() => {
                    tr!("learn-hint-lines")
                }
                Goal::Click(_) | Goal::Reach(_) => tr!(
                    "learn-hint-names",
                    key = map.name(GameAction::ToggleNames, Context::Board)
                ),
                Goal::Stars(_) => tr!("learn-hint-stars"),
                _ => tr!("learn-hint-general"),
            },
        }
    };
    let p = progress.progress();
    let pips = (0..lesson.stages.len())
        .map(|i| (p.stars(&lesson.id, i), i == open.stage))
        .collect();
    Some(PanelTexts {
        lesson: tr!(
            "learn-lesson-title",
            n = open.lesson + 1,
            title = lesson.title.as_str()
        ),
        number: tr!(
            "learn-stage-of",
            n = open.stage + 1,
            total = lesson.stages.len()
        ),
        title: stage.title.clone(),
        intro: if open.stage == 0 {
            lesson.intro.clone()
        } else {
            String::new()
        },
        body: stage.text.clone(),
        goal,
        moves,
        hint,
        stars,
        pips,
    })
}

fn update_panel(
    learn: Res<Learn>,
    progress: Res<LearnProgress>,
    art: Option<Res<LearnArt>>,
    map: Res<KeyMap>,
    mut fields: Query<(&Field, &mut Text, &mut Node)>,
    mut slots: Query<(&StarSlot, &mut ImageNode)>,
    pips: Query<Entity, With<Pips>>,
    added: Query<(), Added<Pips>>,
    mut shown: Local<Option<PanelTexts>>,
    mut commands: Commands,
) {
    let Some(art) = art else { return };
    let Some(want) = panel_texts(&learn, &progress, &map) else {
        return;
    };
    if added.is_empty() && shown.as_ref() == Some(&want) {
        return;
    }
    for (which, mut t, mut node) in &mut fields {
        let value = match which {
            Field::Lesson => &want.lesson,
            Field::Number => &want.number,
            Field::Title => &want.title,
            Field::Intro => &want.intro,
            Field::Body => &want.body,
            Field::Goal => &want.goal,
            Field::Moves => &want.moves,
            Field::Hint => &want.hint,
        };
        if t.0 != *value {
            t.0 = value.clone();
        }
        let display = if value.is_empty() {
            Display::None
        } else {
            Display::Flex
        };
        if node.display != display {
            node.display = display;
        }
    }
    for (slot, mut image) in &mut slots {
        let handle = if slot.0 < want.stars {
            art.star.clone()
        } else {
            art.no_star.clone()
        };
        if image.image != handle {
            image.image = handle;
        }
    }
    if !added.is_empty() || shown.as_ref().is_none_or(|s| s.pips != want.pips) {
        for row in &pips {
            commands.entity(row).despawn_children();
            commands.entity(row).with_children(|c| {
                for &(stars, current) in &want.pips {
                    c.spawn(pip(stars, current));
                }
            });
        }
    }
    *shown = Some(want);
}

/// The card at the end of an attempt: stars and moves, or why it failed; what comes next.
fn spawn_end_card(
    mut commands: Commands,
    learn: Res<Learn>,
    progress: Res<LearnProgress>,
    art: Option<Res<LearnArt>>,
    panels: Query<&ComputedNode, With<crate::game::ui::Panel>>,
) {
    let (Some(art), Some(open)) = (art, learn.open.as_ref()) else {
        return;
    };
    let Some(lesson) = learn.lessons.get(open.lesson) else {
        return;
    };
    let Some(ended) = open.ended_as().cloned() else {
        return;
    };
    // Centred over the board, left of the panel.
    let panel = panels
        .iter()
        .next()
        .map_or(340.0, |n| n.size().x * n.inverse_scale_factor());
    let last_stage = open.stage + 1 == lesson.stages.len();
    let last_lesson = open.lesson + 1 == learn.lessons.len();
    let (star, no_star) = (art.star.clone(), art.no_star.clone());
    let lesson_line = tr!(
        "learn-lesson-stars",
        title = lesson.title.as_str(),
        stars = progress
            .progress()
            .lesson_stars(&lesson.id, lesson.stages.len()),
        most = 3 * lesson.stages.len()
    );
    let clicks = open.run.stage().wants_clicks();
    let goal = open.run.stage().goal.clone();
    let next_title = learn.lessons.get(open.lesson + 1).map(|l| l.title.clone());
    let children = Children::spawn(SpawnWith(move |card: &mut ChildSpawner| {
        let Ok(result) = ended.result else {
            let why = ended.result.err().unwrap_or_default();
            card.spawn(text(tr!("learn-not-this-time"), 26.0, theme::WARNING));
            card.spawn(text(super::stage::sentence(&why), 16.0, theme::TEXT));
            card.spawn(row()).with_children(|r| {
                r.spawn(keyed_button(tr!("learn-try-again"), LearnAction::Next));
                r.spawn(keyed_button(tr!("learn-lessons"), LearnAction::List));
            });
            return;
        };
        let heading = match goal {
            _ if last_stage => tr!("learn-lesson-complete"),
            Goal::Mate(_) => tr!("learn-mate-complete"),
            Goal::Stalemate(_) => tr!("learn-stalemate-complete"),
            Goal::Draw(_) => tr!("learn-draw-complete"),
            _ => tr!("learn-stage-complete"),
        };
        card.spawn(text(heading, 26.0, theme::ACCENT));
        card.spawn(Node {
            flex_direction: FlexDirection::Row,
            column_gap: px(6),
            ..default()
        })
        .with_children(|stars| {
            for i in 0..3 {
                stars.spawn((
                    ImageNode::new(if i < result.stars {
                        star.clone()
                    } else {
                        no_star.clone()
                    }),
                    Node {
                        width: px(44),
                        height: px(44),
                        ..default()
                    },
                ));
            }
        });
        card.spawn(text(
            tr!(
                "learn-result-fewest",
                made = plural(result.moves, clicks),
                fewest = result.fewest
            ),
            17.0,
            theme::TEXT,
        ));
        if result.stars < 3 {
            card.spawn(text(
                tr!(
                    "learn-three-stars-for",
                    made = plural(result.fewest, clicks)
                ),
                13.0,
                theme::TEXT_DIM,
            ));
        }
        if ended.new_best {
            card.spawn(text(tr!("learn-new-best"), 13.0, theme::GOOD));
        }
        if last_stage {
            card.spawn(text(lesson_line, 14.0, theme::TEXT));
        }
        let next = match (last_stage, last_lesson, next_title) {
            (false, _, _) => tr!("learn-next-stage"),
            (true, false, Some(title)) => tr!("learn-next-lesson-title", title = title),
            _ => tr!("learn-every-lesson-done"),
        };
        card.spawn(row()).with_children(|r| {
            r.spawn(keyed_button(next, LearnAction::Next));
            r.spawn(keyed_button(tr!("learn-retry"), LearnAction::Restart));
            r.spawn(keyed_button(tr!("learn-lessons"), LearnAction::List));
        });
    }));
    // Low over the board rather than in its middle, and without dimming it: the final
    // position (the mate, the last star) stays in view. The modal state keeps the board's
    // input off meanwhile.
    commands
        .spawn((
            DespawnOnExit(Modal::StageEnd),
            Node {
                position_type: PositionType::Absolute,
                left: px(0),
                top: px(0),
                bottom: px(0),
                right: px(0),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::FlexEnd,
                align_items: AlignItems::Center,
                padding: UiRect {
                    bottom: px(22),
                    right: px(panel),
                    ..default()
                },
                ..default()
            },
            Pickable::IGNORE,
            GlobalZIndex(10),
        ))
        .with_children(|root| {
            root.spawn(card(children))
                .insert(BackgroundColor(theme::PANEL.with_alpha(1.0)));
        });
}

/// A mark on the board.
#[derive(Component)]
struct LearnMark;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mark {
    Star,
    StarTarget,
    Found,
    Highlight,
    Flash,
    LastMove,
}

/// Keeps the marks on the board in line with the stage: stars go when the piece lands.
fn board_marks(
    learn: Res<Learn>,
    screen: Res<State<Screen>>,
    game: Res<ChessGame>,
    animating: Res<Animating>,
    selection: Res<crate::game::core::selection::Selection>,
    art: Option<ResMut<LearnArt>>,
    mut meshes: ResMut<Assets<Mesh>>,
    marks: Query<Entity, With<LearnMark>>,
    mut shown: Local<Vec<(Cell, Mark)>>,
    mut commands: Commands,
) {
    let Some(mut art) = art else { return };
    let mut want = Vec::new();
    if let Some(open) = learn
        .open
        .as_ref()
        .filter(|_| *screen.get() == Screen::Learn)
    {
        // While a piece glides the marks wait, so a star goes when the piece lands on it.
        if animating.0 {
            return;
        }
        let run = &open.run;
        want.extend(run.stars_left().into_iter().map(|c| (c, Mark::Star)));
        want.extend(
            (run.stars_left() & selection.targets)
                .into_iter()
                .map(|c| (c, Mark::StarTarget)),
        );
        want.extend(run.found().into_iter().map(|c| (c, Mark::Found)));
        want.extend(
            run.stage()
                .highlight
                .into_iter()
                .map(|c| (c, Mark::Highlight)),
        );
        if let Some((cell, _)) = open.flash {
            want.push((cell, Mark::Flash));
        }
        // The board's own last-move colour is missing when the turn came back without a move.
        if game.game().last_move().is_none()
            && let Some(mv) = run.last_move()
        {
            want.push((mv.from, Mark::LastMove));
            want.push((mv.to, Mark::LastMove));
        }
    }
    if *shown == want {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    for &(cell, mark) in &want {
        let at = cell_world(cell);
        let (mesh, material, translation) = match mark {
            Mark::Star => {
                commands.spawn((
                    LearnMark,
                    Mesh3d(art.star_rim_mesh.clone()),
                    MeshMaterial3d(art.rim_material.clone()),
                    Transform::from_translation(at + Vec3::Y * (TILE_TOP + 0.003)),
                    Pickable::IGNORE,
                ));
                (
                    art.star_mesh.clone(),
                    art.star_material.clone(),
                    at + Vec3::Y * (TILE_TOP + 0.004),
                )
            }
            Mark::StarTarget => (
                art.target_ring.clone(),
                art.target_material.clone(),
                at + Vec3::Y * (TILE_TOP + 0.005),
            ),
            Mark::Found => (
                art.fill(cell, &mut meshes),
                art.found.clone(),
                Vec3::Y * (TILE_TOP + 0.002),
            ),
            Mark::Flash => (
                art.fill(cell, &mut meshes),
                art.flash.clone(),
                Vec3::Y * (TILE_TOP + 0.0025),
            ),
            Mark::LastMove => (
                art.fill(cell, &mut meshes),
                art.last_move.clone(),
                Vec3::Y * (TILE_TOP + 0.0015),
            ),
            Mark::Highlight => (
                art.outline(cell, &mut meshes),
                art.highlight.clone(),
                Vec3::Y * (TILE_TOP + 0.003),
            ),
        };
        commands.spawn((
            LearnMark,
            Mesh3d(mesh),
            MeshMaterial3d(material),
            Transform::from_translation(translation),
            Pickable::IGNORE,
        ));
    }
    *shown = want;
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
