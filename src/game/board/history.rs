//! Looking back through a game on the board: Left / Right / Home / End (and the move lists'
//! rows, [`HistoryAction`]) step through the positions, quickly while a key is held; pieces
//! glide back and forth along their routes, and the banner's words say that an earlier
//! position is shown. The game itself stays whole ([`GameCommand::ShowPly`]); only what the
//! board shows changes. The move list is [`crate::game::ui::move_list`].

use crate::game::core::state::GameCommand;
use crate::tr;
use bevy::prelude::*;

use super::animation::{Glide, Vanish};
use super::pieces::{piece_home, spawn_piece};
use crate::game::core::GameSet;
use crate::game::core::actions::{ActionsExt, HistoryAction};
use crate::game::core::board::Animating;
use crate::game::core::board::{NeedsSync, PieceView};
use crate::game::core::keys::KeyMap;
use crate::game::core::screens::{Modal, Screen};
use crate::game::core::state::{BoardReset, ChessGame};
use crate::rules::{Game, Piece, Side};

/// How long a step key is held before it repeats, and how often it repeats then (seconds).
const REPEAT_DELAY: f32 = 0.4;
const REPEAT_EVERY: f32 = 0.08;
/// How much faster pieces glide while a key repeats.
const FAST: f32 = 4.0;

/// Whether the step being taken comes from a held key (the glide is quicker).
#[derive(Resource, Default, Debug)]
pub struct StepSpeed {
    fast: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StepSpeed>()
        .answer(act)
        .add_systems(Update, repeat_held_keys.in_set(GameSet::Input));
}

fn act(world: &mut World, action: HistoryAction) {
    match action {
        HistoryAction::PreviousMove => step(world, -1),
        HistoryAction::NextMove => step(world, 1),
        HistoryAction::FirstMove => go_to(world, 0),
        HistoryAction::LastMove => go_to(world, usize::MAX),
        HistoryAction::ShowPly(ply) => go_to(world, ply),
    }
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
fn step(world: &mut World, delta: isize) {
    let Some(game) = world.get_resource::<ChessGame>() else {
        return;
    };
    let target = game.shown_ply().saturating_add_signed(delta);
    go_to(world, target);
}

/// Shows the position after `ply` half-moves (the end for anything past it). A single step
/// glides the piece along its route, forward or back; a jump redraws the board.
pub fn go_to(world: &mut World, target: usize) {
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
        use crate::game::core::state::{Applied, SeatKind, StatusLine};
        let mut g = ChessGame::default();
        let mut status = StatusLine::default();
        let mut show = |g: &mut ChessGame, ply| g.apply(GameCommand::ShowPly(ply), &mut status);
        let replace = GameCommand::Replace {
            game: Box::new(played),
            players: [SeatKind::Human; 2],
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
