//! Game review in the window: [`crate::study::review`] runs over every position of the game on
//! the analysis screen, on its own thread (cancelled when the screen is left), with a progress
//! bar; then every move of the list is labelled, an evaluation graph lies under the list
//! (pressing it shows that move) and each side's worst moves are listed (pressing one shows the
//! position before it with the engine's better move as an arrow).

use crate::tr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};

use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use crate::engine::StopFlag;
use crate::game::core::GameSet;
use crate::game::core::marks::MoveMarks;
use crate::game::core::screens::Screen;
use crate::game::core::state::{ChessGame, StatusLine};
use crate::game::ui::theme;
use crate::game::ui::widgets::text;
use crate::rules::{Move, Position, Side};
use crate::study::{Review, ReviewError, ReviewSettings};

use crate::game::board::history::{go_to, move_number};
use crate::game::core::actions::{Action, StudyAction};

/// A review running on its thread.
struct Job {
    stop: StopFlag,
    /// Positions searched, and how many there are.
    progress: Arc<(AtomicUsize, AtomicUsize)>,
    result: Mutex<Receiver<Result<Review, ReviewError>>>,
}

impl Drop for Job {
    /// A review nobody waits for any more stops (the screen was left, the program closed).
    fn drop(&mut self) {
        self.stop.stop();
    }
}

/// A finished review and the game it is of.
struct Reviewed {
    review: Review,
    start: Position,
    moves: Vec<Move>,
}

/// The review of the game on the analysis screen: running, done, or not asked for.
#[derive(Resource, Default)]
pub struct ReviewState {
    job: Option<Job>,
    done: Option<Reviewed>,
    /// Changes whenever what the review shows changes (the move list and graph follow it).
    version: u64,
    /// The worst move picked from the lists (its half-move index): its better move is drawn.
    selected: Option<usize>,
}

impl ReviewState {
    /// Whether the review is running.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Positions searched so far and how many there are, while the review runs.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job.as_ref().map(|j| {
            (
                j.progress.0.load(Ordering::Relaxed),
                j.progress.1.load(Ordering::Relaxed),
            )
        })
    }

    /// The finished review.
    pub fn review(&self) -> Option<&Review> {
        self.done.as_ref().map(|d| &d.review)
    }

    /// Changes whenever what the review shows changes.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The worst move picked from the lists, if any (its half-move index).
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// Stops a running review and forgets everything.
    fn clear(&mut self) {
        // Dropping the job stops its thread.
        self.job = None;
        self.done = None;
        self.selected = None;
        self.version += 1;
    }
}

/// The evaluation graph: a column per position, White's winning chance in white from below.
#[derive(Component, Debug)]
pub struct EvalGraph;

/// A column of the graph: pressing it shows the position after `.0` half-moves.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GraphColumn(pub usize);

/// The worst moves of both sides, filled in when the review is done.
#[derive(Component, Debug)]
pub struct WorstMoves;

/// A worst move in the list: pressing it shows the position before half-move `.0`.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorstEntry(pub usize);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReviewState>()
        .add_systems(OnExit(Screen::Analysis), leave)
        .add_systems(
            Update,
            (
                collect.in_set(GameSet::Input),
                publish_marks.in_set(GameSet::Rules),
            ),
        )
        .add_systems(
            Update,
            (drop_selection, fill_graphs, fill_worst, mark_graph)
                .chain()
                .in_set(GameSet::View),
        );
}

/// Every move list shows the review's labels ([`MoveMarks`]): set when a review is done,
/// cleared when it is forgotten.
fn publish_marks(review: Res<ReviewState>, mut marks: ResMut<MoveMarks>) {
    if !review.is_changed() {
        return;
    }
    match &review.done {
        Some(done) => {
            let labels = done.review.moves.iter().map(|m| m.label);
            marks.set(
                done.start.clone(),
                done.moves.iter().copied().zip(labels).collect(),
            );
        }
        None => marks.clear(),
    }
}

/// Starts reviewing the game on the board (the analysis screen's copy).
pub(crate) fn start(world: &mut World) {
    let Some(game) = world.get_resource::<ChessGame>().map(|g| g.game().clone()) else {
        return;
    };
    let settings = world
        .get_resource::<super::session::StudySettings>()
        .map_or_else(ReviewSettings::default, |s| s.review);
    let mut state = world.get_resource_or_insert_with(ReviewState::default);
    state.clear();
    let stop = StopFlag::new();
    let progress = Arc::new((
        AtomicUsize::new(0),
        AtomicUsize::new(game.plies().len() + 1),
    ));
    let (send, receive) = channel();
    let (task_stop, task_progress) = (stop.clone(), progress.clone());
    let spawned = std::thread::Builder::new()
        .name("parachess review".into())
        .spawn(move || {
            let result = crate::study::review(
                &game,
                &settings,
                &mut |done, total| {
                    task_progress.0.store(done, Ordering::Relaxed);
                    task_progress.1.store(total, Ordering::Relaxed);
                },
                &task_stop,
            );
            let _ = send.send(result);
        });
    let message = match spawned {
        Ok(_) => {
            state.job = Some(Job {
                stop,
                progress,
                result: Mutex::new(receive),
            });
            Ok(tr!("review-starting"))
        }
        Err(e) => Err(tr!("review-start-failed", error = e.to_string())),
    };
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        match message {
            Ok(text) => status.info(text),
            Err(text) => status.warn(text),
        }
    }
}

/// Picks a worst move from the lists: the position before it, with the better move drawn.
pub(crate) fn select(world: &mut World, index: usize) {
    show_reviewed(world, index);
    let Some(game) = world.get_resource::<ChessGame>() else {
        return;
    };
    if game.shown_ply() != index {
        return;
    }
    let before = game.board().position().clone();
    let Some(mut state) = world.get_resource_mut::<ReviewState>() else {
        return;
    };
    let Some((start, m)) = state.done.as_ref().and_then(|d| {
        d.review
            .moves
            .get(index)
            .map(|m| (d.start.clone(), m.clone()))
    }) else {
        return;
    };
    state.selected = Some(index);
    if let (Some(better), Some(mut status)) = (m.better, world.get_resource_mut::<StatusLine>()) {
        status.info(tr!(
            "review-was-a",
            number = move_number(&start, index),
            move = m.text.as_str(),
            label = label_name(m.label),
            better = before.move_text(better)
        ));
    }
}

/// A graph column or a worst move pressed: the position it stands for, if the review saw it.
pub(crate) fn show_reviewed(world: &mut World, ply: usize) {
    let Some(game) = world.get_resource::<ChessGame>() else {
        return;
    };
    // The review's moves are published as the marks the move lists show.
    let common = world
        .get_resource::<MoveMarks>()
        .map_or(0, |m| m.judged(game.game()).len());
    if ply > common {
        if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
            status.warn(tr!("review-not-in-line"));
        }
        return;
    }
    go_to(world, ply);
}

/// The review ends with the screen.
fn leave(mut state: ResMut<ReviewState>) {
    state.clear();
}

/// Takes the finished review off its thread.
fn collect(mut state: ResMut<ReviewState>, game: Res<ChessGame>, mut status: ResMut<StatusLine>) {
    let Some(job) = &state.job else {
        return;
    };
    let received = match job.result.lock() {
        Ok(rx) => rx.try_recv(),
        Err(_) => Err(TryRecvError::Disconnected),
    };
    let result = match received {
        Err(TryRecvError::Empty) => return,
        Ok(result) => result,
        Err(TryRecvError::Disconnected) => Err(ReviewError::Stopped),
    };
    state.job = None;
    state.version += 1;
    match result {
        Ok(review) => {
            status.info(tr!("review-done"));
            state.done = Some(Reviewed {
                moves: review.moves.iter().map(|m| m.played).collect(),
                start: game.game().start_position().clone(),
                review,
            });
        }
        Err(e) => status.warn(tr!("review-failed", error = e.to_string())),
    }
}

/// A picked worst move stays picked while its position is shown.
fn drop_selection(game: Res<ChessGame>, mut state: ResMut<ReviewState>) {
    if let Some(index) = state.selected
        && game.shown_ply() != index
    {
        state.selected = None;
    }
}

/// The graph, for a panel (filled in when the review is done).
pub fn graph() -> impl Bundle {
    (
        EvalGraph,
        Node {
            height: px(56),
            flex_shrink: 0.0,
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Stretch,
            border_radius: BorderRadius::all(px(4)),
            overflow: Overflow::clip(),
            display: Display::None,
            ..default()
        },
        BackgroundColor(theme::GRAPH_BLACK),
    )
}

/// The worst moves, for a panel.
pub fn worst_moves() -> impl Bundle {
    (
        WorstMoves,
        Node {
            flex_direction: FlexDirection::Column,
            flex_shrink: 0.0,
            row_gap: px(2),
            ..default()
        },
    )
}

fn fill_graphs(
    state: Res<ReviewState>,
    mut graphs: Query<(Entity, &mut Node, Ref<EvalGraph>)>,
    mut commands: Commands,
    mut shown: Local<Option<u64>>,
) {
    let fresh = graphs.iter().any(|(_, _, g)| g.is_added());
    if *shown == Some(state.version) && !fresh {
        return;
    }
    *shown = Some(state.version);
    let chances = state
        .review()
        .map(Review::white_chances)
        .unwrap_or_default();
    for (graph, mut node, _) in &mut graphs {
        node.display = if chances.is_empty() {
            Display::None
        } else {
            Display::Flex
        };
        commands.entity(graph).despawn_children();
        commands.entity(graph).with_children(|g| {
            // The level line: above it White stands better.
            g.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    top: percent(50),
                    left: px(0),
                    right: px(0),
                    height: px(1),
                    ..default()
                },
                BackgroundColor(theme::ACCENT.with_alpha(0.45)),
                GlobalZIndex(1),
                Pickable::IGNORE,
            ));
            g.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    top: px(2),
                    left: px(6),
                    ..default()
                },
                GlobalZIndex(1),
                Pickable::IGNORE,
                children![(
                    text(tr!("review-white-chances"), 10.0, theme::TEXT_FAINT),
                    Pickable::IGNORE
                )],
            ));
            for (ply, chance) in chances.iter().enumerate() {
                g.spawn((
                    GraphColumn(ply),
                    Button,
                    Node {
                        flex_grow: 1.0,
                        flex_basis: px(0),
                        flex_direction: FlexDirection::Column,
                        justify_content: JustifyContent::FlexEnd,
                        ..default()
                    },
                    BackgroundColor(theme::GRAPH_BLACK),
                    children![(
                        Node {
                            height: percent(chance.clamp(0.0, 100.0) as f32),
                            ..default()
                        },
                        BackgroundColor(theme::GRAPH_WHITE),
                        Pickable::IGNORE,
                    )],
                ))
                .observe(press_column);
            }
        });
    }
}

fn press_column(press: On<Pointer<Press>>, columns: Query<&GraphColumn>, mut commands: Commands) {
    if press.button != PointerButton::Primary {
        return;
    }
    if let Ok(&GraphColumn(ply)) = columns.get(press.entity) {
        commands.queue(move |world: &mut World| StudyAction::ShowReviewed(ply).run(world));
    }
}

/// The shown position's column stands out.
fn mark_graph(
    game: Res<ChessGame>,
    mut columns: Query<(&GraphColumn, &mut BackgroundColor, Ref<GraphColumn>)>,
    mut shown: Local<Option<usize>>,
) {
    let ply = game.shown_ply();
    let fresh = columns.iter().any(|(_, _, c)| c.is_added());
    if *shown == Some(ply) && !fresh {
        return;
    }
    *shown = Some(ply);
    for (column, mut bg, _) in &mut columns {
        let want = if column.0 == ply {
            theme::ACCENT.with_alpha(0.55)
        } else {
            theme::GRAPH_BLACK
        };
        if bg.0 != want {
            bg.0 = want;
        }
    }
}

fn fill_worst(
    state: Res<ReviewState>,
    lists: Query<(Entity, Ref<WorstMoves>)>,
    mut commands: Commands,
    mut shown: Local<Option<u64>>,
) {
    let fresh = lists.iter().any(|(_, l)| l.is_added());
    if *shown == Some(state.version) && !fresh {
        return;
    }
    *shown = Some(state.version);
    for (list, _) in &lists {
        commands.entity(list).despawn_children();
        let Some(done) = &state.done else {
            continue;
        };
        let review = &done.review;
        commands.entity(list).with_children(|c| {
            for side in Side::BOTH {
                let s = review.summary(side);
                c.spawn(text(
                    tr!(
                        "review-summary",
                        side = crate::game::text::side_name(side),
                        accuracy = format!("{:.0}", s.accuracy),
                        inaccuracies = s.inaccuracies,
                        mistakes = s.mistakes,
                        blunders = s.blunders
                    ),
                    12.0,
                    theme::TEXT_DIM,
                ));
                let mut row = c.spawn(Node {
                    flex_direction: FlexDirection::Row,
                    flex_wrap: FlexWrap::Wrap,
                    column_gap: px(4),
                    row_gap: px(2),
                    ..default()
                });
                row.with_children(|r| {
                    for &index in &s.worst {
                        let Some(m) = review.moves.get(index) else {
                            continue;
                        };
                        let mark = m.label.mark().map_or("", |k| k.text());
                        r.spawn((
                            WorstEntry(index),
                            Button,
                            Node {
                                padding: UiRect::axes(px(6), px(2)),
                                border_radius: BorderRadius::all(px(4)),
                                ..default()
                            },
                            BackgroundColor(theme::BUTTON),
                            children![(
                                text(
                                    format!("{} {}{mark}", move_number(&done.start, index), m.text),
                                    12.0,
                                    theme::label_colour(m.label),
                                ),
                                Pickable::IGNORE,
                            )],
                        ))
                        .observe(press_worst);
                    }
                });
            }
        });
    }
}

fn press_worst(press: On<Pointer<Press>>, entries: Query<&WorstEntry>, mut commands: Commands) {
    if press.button != PointerButton::Primary {
        return;
    }
    if let Ok(&WorstEntry(index)) = entries.get(press.entity) {
        commands.queue(move |world: &mut World| StudyAction::SelectWorst(index).run(world));
    }
}

/// A review label's name ("inaccuracy", "blunder") in the language in force.
fn label_name(label: crate::study::Label) -> String {
    use crate::study::Label as L;
    match label {
        L::Best => tr!("label-best"),
        L::Good => tr!("label-good"),
        L::Inaccuracy => tr!("label-inaccuracy"),
        L::Mistake => tr!("label-mistake"),
        L::Blunder => tr!("label-blunder"),
    }
}
