//! The analysis screen's panel: whose turn, the engine's lines, the review's progress, the move
//! list with the evaluation graph under it, each side's worst moves, and the buttons.

use crate::tr;
use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::screens::Screen;
use crate::game::core::state::{ChessGame, turn_text};
use crate::game::ui::widgets::{button, text};
use crate::game::ui::{StatusText, button_row, side_panel, theme};

use super::review::{ReviewState, graph, worst_moves};
use super::session::{Analyser, line_text, white_view};
use crate::game::core::actions::{GameAction, HistoryAction, StudyAction};
use crate::game::core::keys::{Context, KeyMap};
use crate::game::ui::move_list::move_list;

/// Half-moves of each line shown.
const LINE_PLIES: usize = 6;

#[derive(Component)]
struct Heading;

#[derive(Component)]
struct TurnLine;

/// The engine's depth and speed, or why it does not search.
#[derive(Component)]
pub struct EngineInfo;

/// The engine's line `.0` (from 0, best first), in move text.
#[derive(Component, Debug)]
pub struct EngineLine(pub usize);

/// The score of line `.0`, from White's point of view.
#[derive(Component, Debug)]
pub struct EngineScore(pub usize);

/// A line's row: its score, then its moves (wrapping beside the score).
fn line_row(i: usize) -> impl Bundle {
    let colour = if i == 0 { theme::TEXT } else { theme::TEXT_DIM };
    (
        Node {
            flex_direction: FlexDirection::Row,
            column_gap: px(8),
            ..default()
        },
        children![
            (
                Node {
                    width: px(48),
                    flex_shrink: 0.0,
                    ..default()
                },
                children![(EngineScore(i), text("", 13.0, theme::ACCENT))],
            ),
            (
                Node {
                    flex_grow: 1.0,
                    flex_shrink: 1.0,
                    ..default()
                },
                children![(EngineLine(i), text("", 13.0, colour))],
            ),
        ],
    )
}

#[derive(Component)]
struct ReviewBar;

#[derive(Component)]
struct ReviewFill;

#[derive(Component)]
struct ReviewText;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Analysis), spawn_panel)
        .add_systems(
            Update,
            update_panel
                .in_set(GameSet::View)
                .after(super::session::Following)
                .run_if(in_state(Screen::Analysis)),
        );
}

fn spawn_panel(mut commands: Commands, map: Res<KeyMap>) {
    commands.spawn((
        side_panel(Screen::Analysis),
        children![
            (Heading, text(tr!("analysis-heading"), 24.0, theme::ACCENT)),
            (TurnLine, text("", 15.0, theme::TEXT)),
            (StatusText, text("", 13.0, theme::TEXT)),
            (EngineInfo, text("", 12.0, theme::TEXT_DIM)),
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(3),
                    flex_shrink: 0.0,
                    ..default()
                },
                children![line_row(0), line_row(1), line_row(2)],
            ),
            (
                ReviewBar,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(4),
                    flex_shrink: 0.0,
                    display: Display::None,
                    ..default()
                },
                children![
                    (ReviewText, text("", 12.0, theme::TEXT)),
                    (
                        Node {
                            height: px(8),
                            border_radius: BorderRadius::all(px(4)),
                            overflow: Overflow::clip(),
                            ..default()
                        },
                        BackgroundColor(theme::BUTTON),
                        children![(
                            ReviewFill,
                            Node {
                                width: percent(0),
                                height: percent(100),
                                ..default()
                            },
                            BackgroundColor(theme::BUTTON_ACTIVE),
                        )],
                    ),
                ],
            ),
            text(tr!("analysis-moves"), 12.0, theme::TEXT_DIM),
            move_list(),
            graph(),
            worst_moves(),
            (
                button_row(),
                children![
                    button("|<", HistoryAction::FirstMove),
                    button("<", HistoryAction::PreviousMove),
                    button(">", HistoryAction::NextMove),
                    button(">|", HistoryAction::LastMove),
                    button(tr!("panel-undo"), GameAction::Undo),
                    button(tr!("panel-flip"), GameAction::Flip),
                    button(tr!("panel-review"), StudyAction::Review),
                    button(tr!("analysis-threads"), StudyAction::Threads),
                    button(tr!("analysis-back"), GameAction::Back),
                ],
            ),
            text(
                tr!(
                    "analysis-help",
                    keys = map.help(&[Context::On(Screen::Analysis)]),
                    back = map.name(GameAction::Back, Context::Board),
                    board = [
                        map.name(GameAction::Flip, Context::Board),
                        map.name(GameAction::ToggleView, Context::Board),
                        map.name(GameAction::ToggleNames, Context::Board),
                        map.name(GameAction::ToggleLines, Context::Board),
                        map.name(
                            crate::game::core::actions::AidAction::Threats,
                            Context::Board
                        ),
                    ]
                    .join(", ")
                ),
                11.0,
                theme::TEXT_DIM,
            ),
        ],
    ));
}

/// Writes `value` into a text only when it differs (a changed text costs a layout pass).
fn set(text: &mut Text, value: String) {
    if text.0 != value {
        text.0 = value;
    }
}

/// "1.3M" for 1,300,000.
fn count(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.0}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// What the engine line above the lines says.
fn engine_info(
    game: &ChessGame,
    analyser: &Analyser,
    review: &ReviewState,
    threads: usize,
) -> String {
    if let Some(outcome) = game.board().outcome() {
        return tr!(
            "analysis-game-over",
            outcome = crate::game::text::outcome_text(outcome)
        );
    }
    if review.running() {
        return tr!("analysis-reviewing");
    }
    if let Some(problem) = analyser.problem() {
        return problem.to_string();
    }
    match analyser.latest_for(game) {
        Some(r) => {
            let info = tr!(
                "analysis-info",
                depth = r.depth,
                nodes = count(r.nodes),
                nps = count(r.nps()),
                threads = threads
            );
            if analyser.finished() {
                tr!("analysis-info-done", info = info)
            } else {
                info
            }
        }
        None => tr!("analysis-thinking"),
    }
}

fn update_panel(
    game: Res<ChessGame>,
    analyser: Res<Analyser>,
    review: Res<ReviewState>,
    mut texts: ParamSet<(
        Query<&mut Text, With<Heading>>,
        Query<&mut Text, With<TurnLine>>,
        Query<&mut Text, With<EngineInfo>>,
        Query<(&mut Text, &EngineLine)>,
        Query<&mut Text, With<ReviewText>>,
        Query<(&mut Text, &EngineScore)>,
    )>,
    mut bar: Query<&mut Node, (With<ReviewBar>, Without<ReviewFill>)>,
    mut fill: Query<&mut Node, (With<ReviewFill>, Without<ReviewBar>)>,
    settings: Res<super::session::StudySettings>,
) {
    let reviewing = review.running() || review.review().is_some();
    for mut t in &mut texts.p0() {
        set(
            &mut t,
            if reviewing {
                tr!("analysis-heading-review")
            } else {
                tr!("analysis-heading")
            },
        );
    }
    let board = game.board();
    let turn = if game.browsing() {
        tr!(
            "analysis-turn-shown",
            turn = turn_text(board),
            shown = game.shown_ply(),
            end = game.game().plies().len()
        )
    } else {
        turn_text(board)
    };
    for mut t in &mut texts.p1() {
        set(&mut t, turn.clone());
    }
    let info = engine_info(&game, &analyser, &review, settings.threads);
    for mut t in &mut texts.p2() {
        set(&mut t, info.clone());
    }
    let pos = board.position();
    let lines = analyser
        .latest_for(&game)
        .map(|r| r.lines.as_slice())
        .unwrap_or(&[]);
    let shown = |i: usize| {
        lines
            .get(i)
            .filter(|_| !board.is_over() && !review.running())
    };
    for (mut t, line) in &mut texts.p3() {
        let value = shown(line.0).map_or(String::new(), |l| line_text(pos, &l.pv, LINE_PLIES));
        set(&mut t, value);
    }
    for (mut t, score) in &mut texts.p5() {
        let value = shown(score.0).map_or(String::new(), |l| {
            white_view(l.score, pos.turn()).to_string()
        });
        set(&mut t, value);
    }
    let progress = review.progress();
    for mut node in &mut bar {
        let want = if progress.is_some() {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != want {
            node.display = want;
        }
    }
    if let Some((done, total)) = progress {
        for mut t in &mut texts.p4() {
            set(&mut t, tr!("review-progress", done = done, total = total));
        }
        let share = percent(100.0 * done as f32 / total.max(1) as f32);
        for mut node in &mut fill {
            if node.width != share {
                node.width = share;
            }
        }
    }
}
