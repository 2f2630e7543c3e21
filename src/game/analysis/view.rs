//! What the study screens draw on and beside the board: the evaluation bar, the banner over an
//! earlier position, the engine's best move as an arrow, and a reviewed move's better move.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::board::arrows::{HintGizmos, draw_move_arrow};
use crate::game::core::GameSet;
use crate::game::core::board::Animating;
use crate::game::core::board::{OffscreenTarget, panel_width};
use crate::game::core::camera::CameraRig;
use crate::game::core::screens::Screen;
use crate::game::core::state::ChessGame;
use crate::game::ui::theme;
use crate::game::ui::widgets::text;

use super::review::ReviewState;
use super::session::{Analyser, white_share};
use crate::game::board::history::banner_text;

#[derive(Component)]
struct EvalBar;

#[derive(Component)]
struct EvalFill;

#[derive(Component)]
struct EvalText;

#[derive(Component)]
struct Banner;

#[derive(Component)]
struct BannerText;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_banner)
        .add_systems(OnEnter(Screen::Analysis), spawn_bar)
        .add_systems(
            Update,
            (
                update_banner,
                (update_bar, draw_arrows)
                    .after(super::session::Following)
                    .run_if(in_state(Screen::Analysis)),
                hold_capture,
            )
                .in_set(GameSet::View),
        );
}

fn spawn_bar(mut commands: Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Analysis),
        Node {
            position_type: PositionType::Absolute,
            left: px(14),
            top: px(56),
            bottom: px(40),
            width: px(56),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(6),
            ..default()
        },
        children![
            (EvalText, text("", 15.0, theme::TEXT)),
            (
                EvalBar,
                Node {
                    width: px(22),
                    flex_grow: 1.0,
                    flex_direction: FlexDirection::Column,
                    justify_content: JustifyContent::FlexEnd,
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::all(px(4)),
                    overflow: Overflow::clip(),
                    ..default()
                },
                BackgroundColor(theme::EVAL_BAR_BLACK),
                BorderColor::all(theme::EVAL_BAR_EDGE),
                children![(
                    EvalFill,
                    Node {
                        width: percent(100),
                        height: percent(50),
                        ..default()
                    },
                    BackgroundColor(theme::EVAL_BAR_WHITE),
                )],
            ),
        ],
    ));
}

/// White's share of the bar from below (from above when the board is flipped) and the score.
fn update_bar(
    game: Res<ChessGame>,
    analyser: Res<Analyser>,
    rig: Res<CameraRig>,
    mut bars: Query<&mut Node, (With<EvalBar>, Without<EvalFill>)>,
    mut fills: Query<&mut Node, (With<EvalFill>, Without<EvalBar>)>,
    mut texts: Query<&mut Text, With<EvalText>>,
) {
    let board = game.board();
    let (share, label) = match board.outcome() {
        Some(o) => match o.winner() {
            Some(w) => (
                if w == crate::rules::Side::White {
                    1.0
                } else {
                    0.0
                },
                o.result_text().to_string(),
            ),
            None => (0.5, "1/2".to_string()),
        },
        None => match analyser.white_score(&game) {
            Some(score) => (white_share(score), score.to_string()),
            None => (0.5, "...".to_string()),
        },
    };
    let height = percent(100.0 * share);
    for mut node in &mut fills {
        if node.height != height {
            node.height = height;
        }
    }
    let justify = if rig.flipped {
        JustifyContent::FlexStart
    } else {
        JustifyContent::FlexEnd
    };
    for mut node in &mut bars {
        if node.justify_content != justify {
            node.justify_content = justify;
        }
    }
    for mut t in &mut texts {
        if t.0 != label {
            t.0.clone_from(&label);
        }
    }
}

fn spawn_banner(mut commands: Commands) {
    commands.spawn((
        Banner,
        Node {
            position_type: PositionType::Absolute,
            top: px(10),
            left: px(0),
            width: px(900),
            justify_content: JustifyContent::Center,
            display: Display::None,
            ..default()
        },
        Pickable::IGNORE,
        GlobalZIndex(4),
        children![(
            Node {
                padding: UiRect::axes(px(14), px(7)),
                border_radius: BorderRadius::all(px(8)),
                border: UiRect::all(px(1)),
                max_width: percent(92),
                ..default()
            },
            BackgroundColor(theme::BANNER),
            BorderColor::all(theme::ACCENT),
            Pickable::IGNORE,
            children![(BannerText, text("", 15.0, theme::ACCENT), Pickable::IGNORE)],
        )],
    ));
}

/// The banner shows over the board of the play and analysis screens while an earlier position
/// is shown, and spans the board's part of the window.
fn update_banner(
    game: Res<ChessGame>,
    screen: Res<State<Screen>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    (images, offscreen, ui_scale): (
        Res<Assets<Image>>,
        Option<Res<OffscreenTarget>>,
        Option<Res<UiScale>>,
    ),
    mut banners: Query<&mut Node, With<Banner>>,
    mut texts: Query<&mut Text, With<BannerText>>,
) {
    let ui_scale = ui_scale.map_or(1.0, |u| u.0).max(0.1);
    let wanted =
        banner_text(&game).filter(|_| matches!(screen.get(), Screen::Play | Screen::Analysis));
    let width = if let Ok(w) = windows.single() {
        Some(w.width())
    } else {
        offscreen
            .and_then(|t| images.get(&t.0))
            .map(|i| i.size().x as f32)
    };
    for mut node in &mut banners {
        let display = if wanted.is_some() {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
        if let Some(w) = width.map(|w| w / ui_scale) {
            let board = px(w - panel_width(w));
            if node.width != board {
                node.width = board;
            }
        }
    }
    if let Some(value) = wanted {
        for mut t in &mut texts {
            if t.0 != value {
                t.0.clone_from(&value);
            }
        }
    }
}

/// The best move of the analysis as an arrow; while a reviewed mistake is picked, its better
/// move (green) and the move played (red) instead.
fn draw_arrows(
    game: Res<ChessGame>,
    analyser: Res<Analyser>,
    review: Res<ReviewState>,
    animating: Res<Animating>,
    mut gizmos: Gizmos<HintGizmos>,
) {
    if animating.0 {
        return;
    }
    let pos = game.board().position();
    let picked = review
        .selected()
        .and_then(|i| review.review().and_then(|r| r.moves.get(i)));
    if let Some(m) = picked {
        draw_move_arrow(&mut gizmos, pos, m.played, theme::ARROW_PLAYED);
        if let Some(better) = m.better {
            draw_move_arrow(&mut gizmos, pos, better, theme::ARROW_BETTER);
        }
        return;
    }
    if game.board().is_over() || review.running() {
        return;
    }
    if let Some(best) = analyser.latest_for(&game).and_then(|r| r.lines.first()) {
        draw_move_arrow(&mut gizmos, pos, best.mv, theme::ARROW_BEST);
    }
}

/// A screenshot of the analysis waits until the engine (and any review) is done.
fn hold_capture(
    analyser: Res<Analyser>,
    review: Res<ReviewState>,
    screen: Res<State<Screen>>,
    wait: Option<ResMut<crate::game::core::CaptureWait>>,
) {
    let Some(mut wait) = wait else {
        return;
    };
    let busy = *screen.get() == Screen::Analysis && (review.running() || analyser.wanted());
    if wait.0 != busy {
        wait.0 = busy;
    }
}
