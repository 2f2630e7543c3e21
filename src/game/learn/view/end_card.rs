//! The card at the end of a stage: stars and moves, or why it failed; what comes next.

use crate::tr;
use bevy::ecs::spawn::SpawnWith;
use bevy::prelude::*;

use crate::game::core::screens::Modal;
use crate::game::learn::LearnAction;
use crate::game::learn::art::LearnArt;
use crate::game::learn::{Learn, LearnProgress};
use crate::game::ui::theme;
use crate::game::ui::widgets::{card, keyed_button, row, text};
use crate::lessons::Goal;

use super::plural;

/// The card at the end of an attempt: stars and moves, or why it failed; what comes next.
pub(super) fn spawn_end_card(
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
            card.spawn(text(
                crate::game::learn::stage::sentence(&why),
                16.0,
                theme::TEXT,
            ));
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
