//! Looking back through a game: every move in the move list is a button, Left / Right / Home /
//! End step through the positions (quickly while held), pieces glide back and forth along their
//! routes, and a banner says that an earlier position is shown. The game itself stays whole
//! ([`GameCommand::ShowPly`]); only what the board shows changes.

use crate::game::core::state::GameCommand;
use crate::tr;
use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use crate::game::board::animation::{Glide, Vanish};
use crate::game::board::pieces::{piece_home, spawn_piece};
use crate::game::core::GameSet;
use crate::game::core::board::Animating;
use crate::game::core::board::{NeedsSync, PieceView};
use crate::game::core::screens::{Modal, Screen};
use crate::game::core::state::{BoardReset, ChessGame};
use crate::game::ui::theme;
use crate::game::ui::widgets::text;
use crate::rules::{Game, Piece, Side};

use super::review::ReviewState;
use crate::game::core::actions::{Action, StudyAction};
use crate::game::core::keys::KeyMap;

/// How long a step key is held before it repeats, and how often it repeats then (seconds).
const REPEAT_DELAY: f32 = 0.4;
const REPEAT_EVERY: f32 = 0.08;
/// How much faster pieces glide while a key repeats.
const FAST: f32 = 4.0;
/// Height of a row of the move list, in pixels (fixed, so the shown move can be scrolled to).
const ROW_HEIGHT: f32 = 21.0;

/// Whether the step being taken comes from a held key (the glide is quicker).
#[derive(Resource, Default, Debug)]
pub struct StepSpeed {
    fast: bool,
}

/// The move list: a scrolling column of numbered rows, each move a button.
#[derive(Component, Debug)]
pub struct MoveList;

/// A move in the move list: pressing it shows the position after the first `.0` half-moves.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveEntry(pub usize);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StepSpeed>()
        .add_systems(Update, repeat_held_keys.in_set(GameSet::Input))
        .add_systems(
            Update,
            (fill_move_lists, mark_shown_move)
                .chain()
                .in_set(GameSet::View),
        );
}

/// The screens whose move list can be stepped through.
fn navigable(world: &World) -> bool {
    world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| matches!(s.get(), Screen::Play | Screen::Analysis))
}

/// The number written before half-move `index` (from 0) of a game from `start`: `6.` for
/// White's move, `6...` for Black's.
pub fn move_number(start: &crate::rules::Position, index: usize) -> String {
    let k = index + usize::from(start.turn() == Side::Black);
    let number = start.fullmove_number() as usize + k / 2;
    if k.is_multiple_of(2) {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}

/// The half-move `index` (from 0) of `game` with its number: `6. c4-d3` or `6... i5-h4`.
pub fn numbered_move(game: &Game, index: usize) -> String {
    let text = game.plies().get(index).map_or("", |p| p.text.as_str());
    format!("{} {text}", move_number(game.start_position(), index))
}

/// Which position the board shows, in a sentence: "Showing move 12 of 40 (6... i5-h4)."
pub fn shown_text(game: &ChessGame) -> String {
    let (shown, end) = (game.shown_ply(), game.game().plies().len());
    if shown == 0 {
        tr!("nav-showing-start", end = end)
    } else {
        tr!(
            "nav-showing-move",
            shown = shown,
            end = end,
            move = numbered_move(game.game(), shown - 1)
        )
    }
}

/// The banner over the board while it shows an earlier position, saying how to return.
pub fn banner_text(game: &ChessGame) -> Option<String> {
    game.browsing().then(|| {
        if game.view_only() && !game.game().is_over() {
            tr!("nav-banner-waits", shown = shown_text(game))
        } else {
            tr!("nav-banner", shown = shown_text(game))
        }
    })
}

/// Steps `delta` half-moves back (negative) or forward through the game.
pub(crate) fn step(world: &mut World, delta: isize) {
    let Some(game) = world.get_resource::<ChessGame>() else {
        return;
    };
    let target = game.shown_ply().saturating_add_signed(delta);
    go_to(world, target);
}

/// Shows the position after `ply` half-moves (the end for anything past it). A single step
/// glides the piece along its route, forward or back; a jump redraws the board.
pub(crate) fn go_to(world: &mut World, target: usize) {
    if !navigable(world) {
        return;
    }
    let fast = world.get_resource::<StepSpeed>().is_some_and(|s| s.fast);
    let Some(game) = world.get_resource::<ChessGame>() else {
        return;
    };
    let from = game.shown_ply();
    let target = target.min(game.game().plies().len());
    if target == from {
        return;
    }
    let forward = target == from + 1;
    let back = target + 1 == from;
    let mv = match (forward, back) {
        (true, _) => Some(game.game().plies()[from].mv),
        (_, true) => Some(game.game().plies()[target].mv),
        _ => None,
    };
    let before_forward = game.board().position().clone();
    crate::game::core::state::apply(world, GameCommand::ShowPly(target));
    let Some(mv) = mv else {
        world.write_message(BoardReset);
        return;
    };
    // The position before the move: where its route and pieces are read.
    let before = match world.get_resource::<ChessGame>() {
        Some(game) if !forward => game.board().position().clone(),
        _ => before_forward,
    };
    let (Some(piece), Some(route)) = (before.piece_at(mv.from), before.route(mv)) else {
        world.write_message(BoardReset);
        return;
    };
    let captured = before.piece_at(mv.to);
    finish_glides(world);
    let mut pieces = world.query::<(Entity, &PieceView)>();
    let mut on = |world: &World, cell| {
        pieces
            .iter(world)
            .find(|(_, v)| v.cell == cell)
            .map(|(e, v)| (e, *v))
    };
    let glided = if forward {
        let mover = on(world, mv.from).filter(|(_, v)| v.piece == piece);
        let victim = on(world, mv.to);
        mover.map(|(entity, _)| {
            let becomes = mv.promotion.map(|k| Piece::new(piece.side, k));
            let glide = Glide::for_route(&route, becomes);
            let glide = if fast { glide.faster(FAST) } else { glide };
            if let Some((v, _)) = victim {
                if fast {
                    world.despawn(v);
                } else {
                    let delay = glide.duration() * 0.75;
                    world
                        .entity_mut(v)
                        .remove::<PieceView>()
                        .insert(Vanish::after(delay));
                }
            }
            world
                .entity_mut(entity)
                .insert((PieceView { cell: mv.to, piece }, glide));
        })
    } else {
        on(world, mv.to).map(|(entity, view)| {
            let becomes = (view.piece != piece).then_some(piece);
            let glide = Glide::for_route_back(&route, becomes);
            let glide = if fast { glide.faster(FAST) } else { glide };
            world.entity_mut(entity).insert((
                PieceView {
                    cell: mv.from,
                    piece: view.piece,
                },
                glide,
            ));
            // The piece it took comes back where it stood.
            if let Some(taken) = captured {
                let mut commands = world.commands();
                spawn_piece(&mut commands, mv.to, taken);
                world.flush();
            }
        })
    };
    if glided.is_none() {
        world.write_message(BoardReset);
    }
    if let Some(mut animating) = world.get_resource_mut::<Animating>() {
        animating.0 = true;
    }
}

/// Ends every glide in flight at once (a step taken while the last one still moves).
fn finish_glides(world: &mut World) {
    let mut gliding = world.query::<(Entity, &Glide, &PieceView)>();
    let finished: Vec<(Entity, Option<Piece>, PieceView)> = gliding
        .iter(world)
        .map(|(e, g, v)| (e, g.becomes(), *v))
        .collect();
    let mut vanishing = world.query_filtered::<Entity, With<Vanish>>();
    let gone: Vec<Entity> = vanishing.iter(world).collect();
    if finished.is_empty() && gone.is_empty() {
        return;
    }
    for (entity, becomes, view) in finished {
        let mut e = world.entity_mut(entity);
        e.remove::<Glide>();
        if let Some(mut t) = e.get_mut::<Transform>() {
            t.translation = piece_home(view.cell);
        }
        if let Some(piece) = becomes {
            e.insert(PieceView {
                cell: view.cell,
                piece,
            });
        }
    }
    for entity in gone {
        world.despawn(entity);
    }
    if let Some(mut needs) = world.get_resource_mut::<NeedsSync>() {
        needs.0 = true;
    }
}

/// A step key held down steps again and again, the pieces gliding faster. The keys are those
/// the table binds to actions that repeat ([`Action::repeats`]) where the player is.
fn repeat_held_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    map: Res<KeyMap>,
    screen: Option<Res<State<Screen>>>,
    modal: Option<Res<State<Modal>>>,
    time: Res<Time>,
    mut held: Local<Option<(KeyCode, f32, f32)>>,
    mut commands: Commands,
) {
    let (Some(keys), Some(screen)) = (keys, screen) else {
        return;
    };
    let modal = modal.map_or(Modal::None, |m| *m.get());
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let binding = map
        .active(*screen.get(), modal)
        .find(|b| b.action.repeats() && b.chord.ctrl == ctrl && keys.pressed(b.chord.key));
    let Some(binding) = binding else {
        *held = None;
        return;
    };
    let dt = time.delta_secs();
    let (key, down, since) = held.get_or_insert((binding.chord.key, 0.0, 0.0));
    if *key != binding.chord.key {
        *held = Some((binding.chord.key, 0.0, 0.0));
        return;
    }
    *down += dt;
    if *down < REPEAT_DELAY {
        return;
    }
    *since += dt;
    if *since < REPEAT_EVERY {
        return;
    }
    *since = 0.0;
    let action = binding.action.clone();
    commands.queue(move |world: &mut World| {
        if let Some(mut speed) = world.get_resource_mut::<StepSpeed>() {
            speed.fast = true;
        }
        action.run(world);
        if let Some(mut speed) = world.get_resource_mut::<StepSpeed>() {
            speed.fast = false;
        }
    });
}

/// The move list, scrolling, for a panel: its rows are filled in from the game.
pub fn move_list() -> impl Bundle {
    (
        MoveList,
        Node {
            flex_grow: 1.0,
            min_height: px(60),
            flex_direction: FlexDirection::Column,
            overflow: Overflow::scroll_y(),
            padding: UiRect::all(px(6)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(theme::ROW),
        ScrollPosition::default(),
    )
}

/// What a list shows: the game's identity and revision, and the review's.
type ListKey = (u64, u64, u64);

/// Rebuilds the move lists when the game (or its review) changes.
#[allow(clippy::type_complexity)]
fn fill_move_lists(
    game: Res<ChessGame>,
    review: Res<ReviewState>,
    lists: Query<(Entity, Ref<MoveList>)>,
    mut commands: Commands,
    mut shown: Local<Option<ListKey>>,
) {
    let key = (game.id(), game.game_revision(), review.version());
    let fresh = lists.iter().any(|(_, l)| l.is_added());
    if *shown == Some(key) && !fresh {
        return;
    }
    *shown = Some(key);
    let g = game.game();
    let notes = game.notes();
    let hinted = |i: usize| notes.get(i).is_some_and(|n| n.hint);
    let any_hint = (0..g.plies().len()).any(hinted);
    let start = g.start_position();
    let black_first = start.turn() == Side::Black;
    for (list, _) in &lists {
        commands.entity(list).despawn_children();
        commands.entity(list).with_children(|c| {
            if *start != crate::rules::Position::start() {
                c.spawn(text(tr!("moves-from-set-up"), 12.0, theme::TEXT_DIM));
            }
            if g.plies().is_empty() && g.outcome().is_none() {
                c.spawn(text(tr!("moves-none-yet"), 13.0, theme::TEXT_DIM));
                return;
            }
            let rows = (g.plies().len() + usize::from(black_first)).div_ceil(2);
            for row in 0..rows {
                let number = start.fullmove_number() as usize + row;
                let first = (2 * row).checked_sub(usize::from(black_first));
                let second = 2 * row + 1 - usize::from(black_first);
                c.spawn(row_node()).with_children(|r| {
                    r.spawn((
                        Node {
                            width: percent(17),
                            ..default()
                        },
                        children![text(format!("{number}."), 13.0, theme::TEXT_DIM)],
                    ));
                    for index in [first, Some(second)] {
                        match index.filter(|&i| i < g.plies().len()) {
                            Some(i) => {
                                let mark = review.label(g, i);
                                let mut label = g.plies()[i].text.clone();
                                if let Some(m) = mark.and_then(|l| l.mark()) {
                                    label.push_str(m.text());
                                }
                                if hinted(i) {
                                    label.push_str(crate::game::ui::HINT_MARK);
                                }
                                let colour = mark.map_or(theme::TEXT, super::review::label_colour);
                                r.spawn(entry(i + 1, label, colour)).observe(press_entry);
                            }
                            None => {
                                let filler = if index.is_none() { "..." } else { "" };
                                r.spawn((
                                    Node {
                                        width: percent(41),
                                        padding: UiRect::axes(px(5), px(1)),
                                        ..default()
                                    },
                                    children![text(filler, 13.0, theme::TEXT_DIM)],
                                ));
                            }
                        }
                    }
                });
            }
            if let Some(outcome) = g.outcome() {
                c.spawn(text(
                    format!(
                        "{}  {}",
                        outcome.result_text(),
                        crate::game::text::outcome_text(outcome)
                    ),
                    13.0,
                    theme::ACCENT,
                ));
            }
            if any_hint {
                c.spawn(text(
                    tr!("moves-hint-note", mark = crate::game::ui::HINT_MARK.trim()),
                    11.0,
                    theme::TEXT_DIM,
                ));
            }
        });
    }
}

fn row_node() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        height: px(ROW_HEIGHT),
        flex_shrink: 0.0,
        ..default()
    }
}

/// One move of the list: pressing it shows the position after it (see [`press_entry`]).
fn entry(ply: usize, label: String, colour: Color) -> impl Bundle {
    (
        MoveEntry(ply),
        Button,
        Node {
            width: percent(41),
            padding: UiRect::axes(px(5), px(1)),
            border_radius: BorderRadius::all(px(4)),
            ..default()
        },
        BackgroundColor(Color::NONE),
        children![(text(label, 13.0, colour), Pickable::IGNORE)],
    )
}

/// A press on a move of the list shows the position after it.
fn press_entry(press: On<Pointer<Press>>, entries: Query<&MoveEntry>, mut commands: Commands) {
    if press.button != PointerButton::Primary {
        return;
    }
    if let Ok(&MoveEntry(ply)) = entries.get(press.entity) {
        commands.queue(move |world: &mut World| StudyAction::ShowPly(ply).run(world));
    }
}

/// Highlights the move whose position the board shows and keeps it in view.
#[allow(clippy::type_complexity)]
fn mark_shown_move(
    game: Res<ChessGame>,
    mut entries: Query<(&MoveEntry, &mut BackgroundColor, Ref<MoveEntry>)>,
    mut lists: Query<(&mut ScrollPosition, &ComputedNode), With<MoveList>>,
    mut shown: Local<Option<(u64, usize, u32)>>,
) {
    // Also once the rows are laid out (a scroll asked for earlier is cut to the old length).
    let laid_out = lists
        .iter()
        .map(|(_, n)| (n.content_size().y + n.size().y) as u32)
        .sum();
    let now = (game.revision(), game.shown_ply(), laid_out);
    let fresh = entries.iter().any(|(_, _, r)| r.is_added());
    if *shown == Some(now) && !fresh {
        return;
    }
    *shown = Some(now);
    let ply = game.shown_ply();
    let at_end = !game.browsing();
    for (entry, mut bg, _) in &mut entries {
        let want = if entry.0 == ply && ply > 0 {
            if at_end {
                Color::srgba(1.0, 1.0, 1.0, 0.10)
            } else {
                theme::BUTTON_ACTIVE
            }
        } else {
            Color::NONE
        };
        if bg.0 != want {
            bg.0 = want;
        }
    }
    let black_first = game.game().start_position().turn() == Side::Black;
    let row = (ply + usize::from(black_first)).saturating_sub(1) / 2;
    for (mut scroll, _) in &mut lists {
        // The shown move two rows from the top, so the moves before it show too.
        scroll.0.y = if at_end {
            1.0e6
        } else {
            (row as f32 * ROW_HEIGHT - 2.0 * ROW_HEIGHT).max(0.0)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_from_the_start_position() {
        let mut game = Game::new();
        for m in ["c4-d3", "i5-h3", "c3-d2"] {
            game.play_text(m).unwrap();
        }
        assert_eq!(numbered_move(&game, 0), "1. c4-d3");
        assert_eq!(numbered_move(&game, 1), "1... i5-h3");
        assert_eq!(numbered_move(&game, 2), "2. c3-d2");
        let set_up: crate::rules::Position = "6/3k/3Q4/5/5K4/6/10/5/8/4/6 b 0 7".parse().unwrap();
        let mut game = Game::from_position(set_up);
        let reply = game.legal_moves()[0];
        game.play(reply).unwrap();
        assert!(numbered_move(&game, 0).starts_with("7... "));
    }

    #[test]
    fn the_banner_says_which_move_is_shown_and_how_to_return() {
        let mut played = Game::default();
        for m in ["c4-d3", "i5-h3", "c3-d2"] {
            played.play_text(m).unwrap();
        }
        use crate::game::core::state::{Applied, Player, StatusLine};
        let mut g = ChessGame::default();
        let mut status = StatusLine::default();
        let mut show = |g: &mut ChessGame, ply| g.apply(GameCommand::ShowPly(ply), &mut status);
        let replace = GameCommand::Replace {
            game: Box::new(played),
            players: [Player::Human; 2],
            notes: Vec::new(),
            clocks: None,
        };
        g.apply(replace, &mut StatusLine::default());
        assert_eq!(banner_text(&g), None);
        assert!(matches!(show(&mut g, 1), Applied::Changed));
        let text = banner_text(&g).unwrap();
        assert!(
            text.starts_with("Showing move 1 of 3 (1. c4-d3). Right arrow or End"),
            "{text}"
        );
        show(&mut g, 0);
        assert!(shown_text(&g).starts_with("Showing the start"));
        show(&mut g, 9);
        assert!(!g.browsing() && banner_text(&g).is_none());
    }
}
