//! A cell cursor, so a game can be played without a mouse: Up/Down (and Left/Right once it is
//! shown; hidden, they step through the moves) move it to the neighbouring cell that lies most
//! nearly that way on screen, flipped, turned or not; Space or Enter presses the cell under it
//! exactly as a click does; Esc hides it.

use bevy::prelude::*;

use super::Act;
use crate::game::core::ViewMode;
use crate::game::core::board::cell_world;
use crate::game::core::camera::CameraRig;
use crate::game::core::keys::{KeyClaims, chord_held};
use crate::rules::{Cell, Side};

/// Where the cursor is; `None` while hidden.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellCursor(pub Option<Cell>);

/// The neighbour of `from` (one step: edgewise, diagonal or arcwise) that lies most nearly in
/// the screen direction `dir` (y up), given where cells appear on screen; `None` when no
/// neighbour lies within about 75° of it.
pub fn neighbour(from: Cell, dir: Vec2, on_screen: impl Fn(Cell) -> Vec2) -> Option<Cell> {
    let here = on_screen(from);
    let dir = dir.normalize_or_zero();
    let mut best: Option<(f32, f32, Cell)> = None;
    for step in crate::rules::board().cell(from).steps() {
        let d = on_screen(step.to) - here;
        let length = d.length();
        if length < 1e-4 {
            continue;
        }
        let cos = d.dot(dir) / length;
        if cos < 0.25 {
            continue;
        }
        let better = match best {
            None => true,
            Some((c, l, _)) => cos > c + 1e-3 || ((cos - c).abs() <= 1e-3 && length < l),
        };
        if better {
            best = Some((cos, length, step.to));
        }
    }
    best.map(|(_, _, cell)| cell)
}

/// Where a cell's centre appears on screen (any scale, y up) for the camera at rest in `rig`.
pub fn screen_point(rig: &CameraRig, cell: Cell) -> Vec2 {
    let view = rig.transform().compute_affine().inverse();
    let v = view.transform_point3(cell_world(cell));
    match rig.view {
        ViewMode::ThreeD => v.truncate() / (-v.z).max(0.01),
        ViewMode::TwoD => v.truncate(),
    }
}

/// Where the cursor appears first: on the selected piece, else the last-moved piece, else the
/// player's King.
fn start_cell(act: &Act) -> Option<Cell> {
    if let Some(c) = act.selection.cell {
        return Some(c);
    }
    let board = act.game.board();
    if let Some(ply) = board.plies().last() {
        return Some(ply.mv.to);
    }
    let pos = board.position();
    let side = match act.game.players() {
        [crate::game::core::state::SeatKind::Human, p]
            if p != crate::game::core::state::SeatKind::Human =>
        {
            Side::White
        }
        [p, crate::game::core::state::SeatKind::Human]
            if p != crate::game::core::state::SeatKind::Human =>
        {
            Side::Black
        }
        _ => pos.turn(),
    };
    pos.king(side).or_else(|| Cell::all().next())
}

/// The arrow keys, Space, Enter and Esc on a board while nothing else took them.
pub(super) fn cursor_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    rig: Option<Res<CameraRig>>,
    mut claims: ResMut<KeyClaims>,
    mut cursor: ResMut<CellCursor>,
    mut act: Act,
) {
    if !act.board_has_focus() {
        if cursor.0.is_some() {
            cursor.0 = None;
        }
        return;
    }
    let Some(keys) = keys else {
        return;
    };
    if chord_held(Some(&keys)) {
        return;
    }
    let rig = rig.map(|r| r.clone()).unwrap_or_default();
    let arrows = [
        (KeyCode::ArrowUp, Vec2::Y, true),
        (KeyCode::ArrowDown, Vec2::NEG_Y, true),
        (KeyCode::ArrowLeft, Vec2::NEG_X, false),
        (KeyCode::ArrowRight, Vec2::X, false),
    ];
    for (key, dir, always) in arrows {
        if !keys.just_pressed(key) || claims.claimed(key) || !(always || cursor.0.is_some()) {
            continue;
        }
        claims.claim(key);
        cursor.0 = match cursor.0 {
            None => start_cell(&act),
            Some(at) => Some(neighbour(at, dir, |c| screen_point(&rig, c)).unwrap_or(at)),
        };
    }
    if keys.just_pressed(KeyCode::Space) && !claims.claimed(KeyCode::Space) {
        claims.claim(KeyCode::Space);
        match cursor.0 {
            None => cursor.0 = start_cell(&act),
            Some(at) => {
                act.press(at);
            }
        }
    }
    if keys.just_pressed(KeyCode::Enter)
        && !claims.claimed(KeyCode::Enter)
        && let Some(at) = cursor.0
    {
        claims.claim(KeyCode::Enter);
        act.press(at);
    }
    if keys.just_pressed(KeyCode::Escape) && !claims.claimed(KeyCode::Escape) && cursor.0.is_some()
    {
        claims.claim(KeyCode::Escape);
        cursor.0 = None;
    }
}

/// A cell's outline drawn `rings` times, each a little further in, just above the tiles.
pub(crate) fn outline(gizmos: &mut Gizmos, cell: Cell, colour: Color, rings: usize) {
    let info = crate::rules::board().cell(cell);
    let [cx, cy] = info.centre();
    let lift = crate::game::core::board::TILE_TOP + 0.015;
    for i in 0..rings {
        let k = 0.94 - 0.07 * i as f32;
        let points = info
            .corners_xy()
            .into_iter()
            .chain(std::iter::once(info.corners_xy()[0]))
            .map(|[x, y]| Vec3::new(cx + (x - cx) * k, lift, -(cy + (y - cy) * k)));
        gizmos.linestrip(points, colour);
    }
}

/// Draws the cursor in the theme's marker colour for its cell (each keeps its contrast on
/// its own cell), with a bright inner ring so it shows on every theme.
pub(crate) fn draw_cursor(
    cursor: Res<CellCursor>,
    theme: Option<Res<crate::game::core::board::BoardTheme>>,
    mut gizmos: Gizmos,
) {
    let Some(cell) = cursor.0 else {
        return;
    };
    let theme = theme.map(|t| *t).unwrap_or_default();
    let shape = crate::rules::board().cell(cell).shape;
    let marker = theme.theme.marker(shape);
    let colour = crate::game::core::board::colour(marker.rgb);
    outline(&mut gizmos, cell, colour, 4);
    let selected = crate::game::core::board::colour(theme.theme.selected);
    outline_inner(&mut gizmos, cell, selected);
}

fn outline_inner(gizmos: &mut Gizmos, cell: Cell, colour: Color) {
    let info = crate::rules::board().cell(cell);
    let [cx, cy] = info.centre();
    let lift = crate::game::core::board::TILE_TOP + 0.016;
    for k in [0.62, 0.58] {
        let points = info
            .corners_xy()
            .into_iter()
            .chain(std::iter::once(info.corners_xy()[0]))
            .map(|[x, y]| Vec3::new(cx + (x - cx) * k, lift, -(cy + (y - cy) * k)));
        gizmos.linestrip(points, colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: &str) -> Cell {
        n.parse().unwrap()
    }

    #[test]
    fn arrows_go_to_the_neighbour_most_nearly_that_way() {
        let rig = CameraRig::default();
        let at = |cell| screen_point(&rig, cell);
        let from = c("e5");
        for (dir, name) in [
            (Vec2::Y, "up"),
            (Vec2::NEG_Y, "down"),
            (Vec2::X, "right"),
            (Vec2::NEG_X, "left"),
        ] {
            let to = neighbour(from, dir, at).unwrap_or_else(|| panic!("{name}"));
            let d = (at(to) - at(from)).normalize();
            assert!(d.dot(dir) > 0.5, "{name}: {from} to {to} goes {d}");
        }
        // Up goes toward Black's end on an unflipped board, toward White's on a flipped one.
        let up = neighbour(from, Vec2::Y, at).unwrap();
        assert!(up.row() >= from.row(), "{up}");
        let flipped = CameraRig {
            flipped: true,
            ..CameraRig::default()
        };
        let up_flipped = neighbour(from, Vec2::Y, |cell| screen_point(&flipped, cell)).unwrap();
        assert!(up_flipped.row() <= from.row(), "{up_flipped}");
        // Up then down comes back in a straight line up the board.
        let back = neighbour(up, Vec2::NEG_Y, at).unwrap();
        assert!(back.row() <= up.row());
    }

    #[test]
    fn the_edge_of_the_board_stops_the_cursor() {
        let rig = CameraRig::default();
        // Row a is White's end: nothing below it on an unflipped board.
        let bottom = c("a1");
        let down = neighbour(bottom, Vec2::NEG_Y, |cell| screen_point(&rig, cell));
        assert!(down.is_none_or(|d| d.row() == 0), "{down:?}");
    }
}
