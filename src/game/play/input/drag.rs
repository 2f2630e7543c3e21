//! Dragging a piece: it follows the pointer over the board and drops on the cell beneath.

use bevy::prelude::*;

use super::{Act, Drag};
use crate::game::core::board::BoardCamera;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::{NeedsSync, PieceView};

/// Where the pointer meets the plane `y = height`, if it is over the board camera's view.
fn pointer_on_plane(
    windows: &Query<&Window>,
    cameras: &Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    height: f32,
) -> Option<(Vec2, Vec3)> {
    let cursor = windows.iter().find_map(Window::cursor_position)?;
    let (camera, cam_transform) = cameras.iter().next()?;
    let ray = camera.viewport_to_world(cam_transform, cursor).ok()?;
    let d = ray.intersect_plane(Vec3::Y * height, InfinitePlane3d::new(Vec3::Y))?;
    Some((cursor, ray.get_point(d)))
}

const DRAG_LIFT: f32 = TILE_TOP + 0.25;

/// How far (pixels) the pointer must move while pressed to count as a drag.
pub(super) const DRAG_THRESHOLD: f32 = 6.0;

/// While a drag is under way, the piece follows the pointer over the board.
pub(super) fn follow_pointer(
    mut drag: ResMut<Drag>,
    windows: Query<&Window>,
    cameras: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut transforms: Query<&mut Transform, With<PieceView>>,
) {
    let Some((_, entity, start)) = drag.from else {
        return;
    };
    let Some((cursor, point)) = pointer_on_plane(&windows, &cameras, DRAG_LIFT) else {
        return;
    };
    if !drag.moving && cursor.distance(start) > DRAG_THRESHOLD {
        drag.moving = true;
    }
    if drag.moving
        && let Ok(mut t) = transforms.get_mut(entity)
    {
        t.translation = point;
    }
}

/// When the mouse button comes up after a drag, the piece is dropped on the cell under the
/// pointer (found geometrically: the dragged piece itself hides the cell from picking), or put
/// back when that is no legal target.
pub(super) fn finish_drag(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    mut drag: ResMut<Drag>,
    mut needs: ResMut<NeedsSync>,
    windows: Query<&Window>,
    cameras: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut act: Act,
) {
    let released = mouse.is_some_and(|m| m.just_released(MouseButton::Left));
    if !released || drag.from.is_none() {
        return;
    }
    if drag.moving
        && let Some((_, point)) = pointer_on_plane(&windows, &cameras, TILE_TOP)
        && let Some(cell) = crate::rules::board().cell_at([point.x, -point.z])
        && Some(cell) != drag.from.map(|d| d.0)
    {
        act.press(cell);
    }
    *drag = Drag::default();
    needs.0 = true;
}
