//! The pointer on the board and the palette: pressing, dragging and dropping pieces,
//! the brush (a palette piece clicked, then cells) and right-clicks that clear a cell.

use crate::tr;
use bevy::picking::events::{Pointer, Press, Release};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use crate::game::core::actions::GameAction;
use crate::game::core::board::BoardCamera;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::{CellTile, PieceView};
use crate::game::core::keys::{Context, key_in};
use crate::game::core::screens::Screen;
use crate::rules::{Cell, Piece};

use super::{DRAG_THRESHOLD, Editor, Grab, GrabFrom, PaletteSlot, edit, info, named};

/// What a pointer event landed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Slot(Piece),
    Cell(Cell),
    /// Something else: the panel, a button, the background.
    Other,
}

/// The cell an entity stands for: a tile, a piece, or a child mesh of either.
fn target_of(
    mut entity: Entity,
    slots: &Query<&PaletteSlot>,
    tiles: &Query<&CellTile>,
    pieces: &Query<&PieceView>,
    parents: &Query<&ChildOf>,
) -> Target {
    if let Ok(slot) = slots.get(entity) {
        return Target::Slot(slot.0);
    }
    for _ in 0..4 {
        if let Ok(tile) = tiles.get(entity) {
            return Target::Cell(tile.0);
        }
        if let Ok(view) = pieces.get(entity) {
            return Target::Cell(view.cell);
        }
        match parents.get(entity) {
            Ok(parent) => entity = parent.parent(),
            Err(_) => break,
        }
    }
    Target::Other
}

pub(super) fn on_press(
    press: On<Pointer<Press>>,
    screen: Option<Res<State<Screen>>>,
    slots: Query<&PaletteSlot>,
    tiles: Query<&CellTile>,
    pieces: Query<&PieceView>,
    parents: Query<&ChildOf>,
    mut commands: Commands,
) {
    // Events bubble up to parents and the window: each press is handled once, at its origin.
    if press.entity != press.original_event_target()
        || screen.is_none_or(|s| *s.get() != Screen::Editor)
    {
        return;
    }
    let target = target_of(press.entity, &slots, &tiles, &pieces, &parents);
    let (button, at) = (press.button, press.pointer_location.position);
    commands.queue(move |world: &mut World| pressed(world, target, button, at));
}

pub(super) fn on_release(
    release: On<Pointer<Release>>,
    screen: Option<Res<State<Screen>>>,
    slots: Query<&PaletteSlot>,
    tiles: Query<&CellTile>,
    pieces: Query<&PieceView>,
    parents: Query<&ChildOf>,
    mut commands: Commands,
) {
    if release.entity != release.original_event_target()
        || release.button != PointerButton::Primary
        || screen.is_none_or(|s| *s.get() != Screen::Editor)
    {
        return;
    }
    let target = target_of(release.entity, &slots, &tiles, &pieces, &parents);
    let at = release.pointer_location.position;
    commands.queue(move |world: &mut World| released(world, target, at));
}

/// A press: a palette piece is taken up; on the board, the piece in hand is put down (or
/// taken away again), a piece is taken up to drag, a right-click removes a piece.
fn pressed(world: &mut World, target: Target, button: PointerButton, at: Vec2) {
    if !crate::game::core::screens::on_screen(world, Screen::Editor) {
        return;
    }
    let Some(editor) = world.get_resource::<Editor>() else {
        return;
    };
    let brush = editor.brush;
    let setup = editor.setup.clone();
    let grab = |from| Grab {
        from,
        start: at,
        moving: false,
    };
    match (target, button) {
        (Target::Slot(piece), PointerButton::Primary) => {
            set_grab(world, Some(grab(GrabFrom::Palette(piece))));
        }
        (Target::Cell(cell), PointerButton::Primary) => match (brush, setup.piece_at(cell)) {
            (Some(piece), Some(there)) if piece == there => {
                edit(world, |s| {
                    s.set(cell, None);
                });
                info(
                    world,
                    tr!(
                        "editor-taken-off",
                        piece = named(piece),
                        cell = cell.to_string()
                    ),
                );
            }
            (Some(piece), _) => {
                edit(world, |s| {
                    s.set(cell, Some(piece));
                });
                info(
                    world,
                    tr!(
                        "editor-put-on-more",
                        piece = named(piece),
                        cell = cell.to_string(),
                        key = key_in(world, GameAction::Back, Context::Board)
                    ),
                );
            }
            (None, Some(_)) => set_grab(world, Some(grab(GrabFrom::Board(cell)))),
            (None, None) => info(world, tr!("editor-drag-help")),
        },
        (Target::Cell(cell), PointerButton::Secondary) => match setup.piece_at(cell) {
            Some(piece) => {
                edit(world, |s| {
                    s.set(cell, None);
                });
                info(
                    world,
                    tr!(
                        "editor-taken-off",
                        piece = named(piece),
                        cell = cell.to_string()
                    ),
                );
            }
            None => {
                put_down(world);
            }
        },
        _ => {}
    }
}

fn set_grab(world: &mut World, grab: Option<Grab>) {
    if let Some(mut editor) = world.get_resource_mut::<Editor>() {
        editor.grab = grab;
    }
}

/// A release ends a press: over a cell the dragged piece lands there; back on its palette
/// piece without a drag it is a click (the piece is taken in hand for clicks on cells);
/// elsewhere (the panel) a board piece is removed. With a mouse, a drag released anywhere
/// but on another cell is left to [`track_grab`], which finds the cell under the pointer
/// itself: the dragged piece hides the cell beneath it, and on a slow frame the release may
/// be reported over what was under the pointer a moment before.
fn released(world: &mut World, target: Target, at: Vec2) {
    let Some(grab) = world.get_resource::<Editor>().and_then(|e| e.grab) else {
        return;
    };
    let moved = grab.moving || at.distance(grab.start) > DRAG_THRESHOLD;
    let onto_another_cell = match (grab.from, target) {
        (GrabFrom::Board(from), Target::Cell(cell)) => cell != from,
        (GrabFrom::Palette(_), Target::Cell(_)) => true,
        _ => false,
    };
    let mouse_up = world
        .get_resource::<ButtonInput<MouseButton>>()
        .is_some_and(|m| m.just_released(MouseButton::Left));
    let own_cell =
        matches!((grab.from, target), (GrabFrom::Board(from), Target::Cell(c)) if c == from);
    if moved && !onto_another_cell && (mouse_up || own_cell) {
        return;
    }
    set_grab(world, None);
    drop_grab(world, grab.from, target, moved);
}

/// Carries out the end of a press on `from` released over `target`.
fn drop_grab(world: &mut World, from: GrabFrom, target: Target, moved: bool) {
    match (from, target) {
        (GrabFrom::Palette(piece), Target::Cell(cell)) => {
            edit(world, |s| {
                s.set(cell, Some(piece));
            });
            info(
                world,
                tr!(
                    "editor-put-on",
                    piece = named(piece),
                    cell = cell.to_string()
                ),
            );
        }
        (GrabFrom::Palette(piece), Target::Slot(slot)) if slot == piece && !moved => {
            take_in_hand(world, piece)
        }
        (GrabFrom::Palette(_), _) => {}
        (GrabFrom::Board(from), Target::Cell(to)) if to != from => {
            let mut moved_piece = None;
            edit(world, |s| moved_piece = s.move_piece(from, to));
            if let Some(piece) = moved_piece {
                info(
                    world,
                    tr!(
                        "editor-moved",
                        piece = named(piece),
                        from = from.to_string(),
                        to = to.to_string()
                    ),
                );
            }
        }
        (GrabFrom::Board(_), Target::Cell(_)) => {
            info(world, tr!("editor-move-help"));
        }
        (GrabFrom::Board(from), _) if moved => {
            let mut removed = None;
            edit(world, |s| removed = s.set(from, None));
            if let Some(piece) = removed {
                info(
                    world,
                    tr!(
                        "editor-taken-off",
                        piece = named(piece),
                        cell = from.to_string()
                    ),
                );
            }
        }
        (GrabFrom::Board(_), _) => {}
    }
}

/// A click on a palette piece: clicks on cells put it down from now on (a second click on it
/// puts it away).
fn take_in_hand(world: &mut World, piece: Piece) {
    let Some(mut editor) = world.get_resource_mut::<Editor>() else {
        return;
    };
    if editor.brush == Some(piece) {
        editor.brush = None;
        info(world, tr!("editor-put-away", piece = named(piece)));
    } else {
        editor.brush = Some(piece);
        let key = key_in(world, GameAction::Back, Context::Board);
        info(
            world,
            tr!("editor-in-hand", piece = named(piece), key = key),
        );
    }
}

/// Esc or a right-click on an empty cell: the piece in hand (or a half-made drag) is put
/// away; returns whether there was one.
pub(crate) fn put_down(world: &mut World) -> bool {
    if !crate::game::core::screens::on_screen(world, Screen::Editor) {
        return false;
    }
    let Some(mut editor) = world.get_resource_mut::<Editor>() else {
        return false;
    };
    let held = editor.brush.take();
    let grabbed = editor.grab.take().is_some();
    if let Some(piece) = held {
        info(world, tr!("editor-put-away", piece = named(piece)));
    }
    held.is_some() || grabbed
}

/// Follows a press with the pointer: it becomes a drag once the pointer moves; when the button
/// comes up with no release reported over anything (off the window's pickable things) or over
/// the dragged piece itself, the cell under the pointer is found geometrically.
pub(super) fn track_grab(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    windows: Query<&Window>,
    cameras: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut editor: ResMut<Editor>,
    mut commands: Commands,
) {
    let Some(grab) = editor.grab else {
        return;
    };
    let cursor = windows.iter().find_map(Window::cursor_position);
    if !grab.moving
        && let Some(at) = cursor
        && at.distance(grab.start) > DRAG_THRESHOLD
        && let Some(g) = editor.grab.as_mut()
    {
        g.moving = true;
    }
    let released = mouse.is_some_and(|m| m.just_released(MouseButton::Left));
    if !released {
        return;
    }
    let cell = cursor.and_then(|at| {
        let (camera, transform) = cameras.iter().next()?;
        // Over the panel is off the board, wherever the ray would meet the board's plane.
        if camera
            .logical_viewport_rect()
            .is_some_and(|r| !r.contains(at))
        {
            return None;
        }
        let ray = camera.viewport_to_world(transform, at).ok()?;
        let d = ray.intersect_plane(Vec3::Y * TILE_TOP, InfinitePlane3d::new(Vec3::Y))?;
        let point = ray.get_point(d);
        crate::rules::board().cell_at([point.x, -point.z])
    });
    let moving = editor.grab.is_some_and(|g| g.moving);
    editor.grab = None;
    let target = cell.map_or(Target::Other, Target::Cell);
    commands.queue(move |world: &mut World| drop_grab(world, grab.from, target, moving));
}
