//! The stage panel beside the board: the goal, the stars, the moves, the keys.

use crate::tr;
use bevy::prelude::*;

use crate::game::core::actions::GameAction;
use crate::game::core::keys::{Context, KeyMap};
use crate::game::core::screens::Screen;
use crate::game::learn::LearnAction;
use crate::game::learn::art::LearnArt;
use crate::game::learn::{Learn, LearnProgress, LearnView};
use crate::game::ui::widgets::{button, keyed_button, keyed_button_as, text};
use crate::game::ui::{StatusText, button_row, side_panel, theme};
use crate::lessons::{Goal, RunState, stars_for};
use crate::rules::PieceKind;

use super::{pip, plural};

/// The texts of the panel that change.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Field {
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
pub(super) struct StarSlot(u8);

/// The row of marks, one per stage of the lesson.
#[derive(Component)]
pub(super) struct Pips;

fn field(which: Field, size: f32, colour: Color) -> impl Bundle {
    (which, text("", size, colour))
}

pub(super) fn spawn_panel(mut commands: Commands, art: Option<Res<LearnArt>>, map: Res<KeyMap>) {
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

/// What the panel says, worked out from the stage and the attempt.
#[derive(Clone, PartialEq, Debug, Default)]
pub(super) struct PanelTexts {
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
                Goal::Click(_) | Goal::Reach(_)
                    if crate::game::learn::stage::lines_piece(stage).is_some() =>
                {
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

pub(super) fn update_panel(
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
