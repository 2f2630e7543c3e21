//! What the Puzzles screen looks like: the panel (the task, the theme and ratings, "Solved!"
//! with the rating's change, the buttons), the right move's arrow after a wrong one, and the
//! board turned so the solver sits at the bottom.

use crate::tr;
use bevy::prelude::*;

use super::{PuzzleAction, PuzzleScreen};
use crate::game::board::arrows::{HintGizmos, draw_move_arrow};
use crate::game::core::GameSet;
use crate::game::core::actions::GameAction;
use crate::game::core::camera::CameraRig;
use crate::game::core::keys::{Context, KeyMap};
use crate::game::core::screens::Screen;
use crate::game::core::state::ChessGame;
use crate::game::ui::widgets::{ActionButton, button, text};
use crate::game::ui::{StatusText, button_row, side_panel, theme};
use crate::rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FlipBefore>()
        .add_systems(OnEnter(Screen::Puzzles), (spawn_panel, remember_flip))
        .add_systems(OnExit(Screen::Puzzles), restore_flip)
        .add_systems(
            Update,
            (update_panel, turn_board, draw_arrow)
                .in_set(GameSet::View)
                .run_if(in_state(Screen::Puzzles)),
        );
}

/// How the board was turned before the Puzzles screen turned it for the solver.
#[derive(Resource, Default)]
struct FlipBefore(Option<bool>);

/// The texts of the panel that change.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    Goal,
    About,
    Rating,
    Streak,
    Outcome,
    Change,
    Notice,
}

fn field(which: Field, size: f32, colour: Color) -> impl Bundle {
    (which, text("", size, colour))
}

fn spawn_panel(mut commands: Commands, map: Res<KeyMap>) {
    commands.spawn((
        side_panel(Screen::Puzzles),
        children![
            text(tr!("puzzles-title"), 22.0, theme::ACCENT),
            field(Field::Goal, 19.0, theme::TEXT),
            field(Field::About, 13.0, theme::TEXT_DIM),
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(4),
                    padding: UiRect::all(px(10)),
                    border_radius: BorderRadius::all(px(6)),
                    ..default()
                },
                BackgroundColor(theme::ROW),
                children![
                    field(Field::Rating, 17.0, theme::TEXT),
                    field(Field::Streak, 13.0, theme::TEXT_DIM),
                ],
            ),
            field(Field::Outcome, 26.0, theme::GOOD),
            field(Field::Change, 14.0, theme::TEXT),
            (StatusText, text("", 14.0, theme::TEXT)),
            (
                button_row(),
                children![
                    button(tr!("puzzles-next"), PuzzleAction::Next),
                    button(tr!("puzzles-retry"), PuzzleAction::Retry),
                    button(tr!("puzzles-show-solution"), PuzzleAction::Solution),
                    button(tr!("panel-menu"), GameAction::Back),
                ],
            ),
            field(Field::Notice, 12.0, theme::WARNING),
            text(
                tr!(
                    "puzzles-help",
                    keys = map.help(&[Context::Board, Context::On(Screen::Puzzles)])
                ),
                11.0,
                theme::TEXT_DIM,
            ),
        ],
    ));
}

/// "mate in 2", "win material": the theme in a few words.
fn task(puzzle: &crate::study::Puzzle) -> String {
    use crate::study::Theme;
    let n = puzzle.solver_moves();
    match puzzle.theme {
        Theme::Mate => tr!("puzzles-task-mate", n = n),
        Theme::Stalemate => tr!("puzzles-task-stalemate", n = n),
        Theme::Material => tr!("puzzles-task-material"),
    }
}

/// The panel's texts from the puzzle, the attempt and the record.
fn texts(screen: &PuzzleScreen) -> [(Field, String); 7] {
    let p = screen.progress();
    let rating = tr!("puzzles-rating", rating = format!("{:.0}", p.rating));
    let streak = tr!(
        "puzzles-streak",
        streak = p.streak,
        best = p.best_streak,
        solved = p.solved.len()
    );
    let notice = screen.notice().unwrap_or_default().to_string();
    let (Some(puzzle), Some(open)) = (screen.puzzle(), screen.open()) else {
        let waiting = if screen.puzzles().is_empty() {
            tr!("puzzles-none")
        } else {
            tr!("puzzles-reading")
        };
        return [
            (Field::Goal, waiting),
            (Field::About, String::new()),
            (Field::Rating, rating),
            (Field::Streak, streak),
            (Field::Outcome, String::new()),
            (Field::Change, String::new()),
            (Field::Notice, notice),
        ];
    };
    let side = puzzle.solver();
    let goal = tr!(
        "puzzles-goal",
        side = crate::game::text::side_name(side),
        task = task(puzzle)
    );
    let theme = match puzzle.theme {
        crate::study::Theme::Mate => tr!("puzzles-theme-mate"),
        crate::study::Theme::Stalemate => tr!("puzzles-theme-stalemate"),
        crate::study::Theme::Material => tr!("puzzles-theme-material"),
    };
    let about = tr!(
        "puzzles-about",
        theme = theme,
        rating = puzzle.rating,
        n = open.index() + 1,
        total = screen.puzzles().len()
    );
    let (outcome, change) = match (open.solved(), open.counted()) {
        (true, Some(c)) if !open.failed() => (
            tr!("puzzles-outcome-solved"),
            if c.rated {
                tr!(
                    "puzzles-rating-change",
                    before = format!("{:.0}", c.before),
                    after = format!("{:.0}", c.after),
                    delta = format!("{:+}", c.delta())
                )
            } else {
                tr!("puzzles-solved-before")
            },
        ),
        (true, _) => (tr!("puzzles-outcome-helped"), rating_change(open.counted())),
        (false, Some(_)) => (
            tr!("puzzles-outcome-not-solved"),
            rating_change(open.counted()),
        ),
        (false, None) => (String::new(), String::new()),
    };
    [
        (Field::Goal, goal),
        (Field::About, about),
        (Field::Rating, rating),
        (Field::Streak, streak),
        (Field::Outcome, outcome),
        (Field::Change, change),
        (Field::Notice, notice),
    ]
}

fn rating_change(change: Option<crate::study::RatingChange>) -> String {
    match change {
        Some(c) if c.rated => tr!(
            "puzzles-not-solved-change",
            before = format!("{:.0}", c.before),
            after = format!("{:.0}", c.after),
            delta = format!("{:+}", c.delta())
        ),
        Some(_) => tr!("puzzles-not-solved-stays"),

        None => String::new(),
    }
}

fn update_panel(
    screen: Res<PuzzleScreen>,
    mut fields: Query<(&Field, &mut Text, &mut TextColor, &mut Node)>,
    buttons: Query<(&ActionButton, &Children)>,
    mut labels: Query<&mut Text, Without<Field>>,
    fresh: Query<(), Added<Field>>,
) {
    if !screen.is_changed() && fresh.is_empty() {
        return;
    }
    let want = texts(&screen);
    let failed = screen.open().is_some_and(|o| o.failed() || !o.solved());
    for (which, mut t, mut colour, mut node) in &mut fields {
        let Some((_, value)) = want.iter().find(|(f, _)| f == which) else {
            continue;
        };
        if t.0 != *value {
            t.0 = value.clone();
        }
        if *which == Field::Outcome {
            let c = if failed { theme::WARNING } else { theme::GOOD };
            if colour.0 != c {
                colour.0 = c;
            }
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
    // Next gives an unfinished puzzle up: it says so.
    let finished = screen
        .open()
        .is_none_or(|o| o.solved() || o.counted().is_some());
    let next = if finished {
        tr!("puzzles-next")
    } else {
        tr!("puzzles-skip")
    };

    for (button, children) in &buttons {
        if button.0.is(PuzzleAction::Next) {
            for child in children.iter() {
                if let Ok(mut t) = labels.get_mut(child)
                    && t.0 != next
                {
                    t.0.clone_from(&next);
                }
            }
        }
    }
}

fn remember_flip(rig: Option<Res<CameraRig>>, mut before: ResMut<FlipBefore>) {
    before.0 = rig.map(|r| r.flipped);
}

fn restore_flip(rig: Option<ResMut<CameraRig>>, mut before: ResMut<FlipBefore>) {
    if let (Some(mut rig), Some(flipped)) = (rig, before.0.take())
        && rig.flipped != flipped
    {
        rig.flipped = flipped;
    }
}

/// Each new puzzle is shown from the solver's side (F still turns it by hand).
fn turn_board(
    screen: Res<PuzzleScreen>,
    rig: Option<ResMut<CameraRig>>,
    mut turned_for: Local<Option<(usize, u64)>>,
    game: Res<ChessGame>,
) {
    let (Some(mut rig), Some(puzzle), Some(open)) = (rig, screen.puzzle(), screen.open()) else {
        return;
    };
    // A retry or another puzzle is another game on the board.
    let key = (open.index(), game.id());
    if open.run().game().plies().is_empty() && *turned_for != Some(key) {
        *turned_for = Some(key);
        let flipped = puzzle.solver() == Side::Black;
        if rig.flipped != flipped {
            rig.flipped = flipped;
        }
    }
}

/// After a wrong move, the right one as an arrow (also each move of a solution being shown).
fn draw_arrow(screen: Res<PuzzleScreen>, game: Res<ChessGame>, mut gizmos: Gizmos<HintGizmos>) {
    let Some(mv) = screen.open().and_then(|o| o.pointed()) else {
        return;
    };
    let position = game.game().position();
    if position.is_legal(mv) {
        draw_move_arrow(&mut gizmos, position, mv, theme::GOOD);
    }
}
