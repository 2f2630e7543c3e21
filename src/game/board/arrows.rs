//! The hint's arrow, also the analysis screen's and the puzzles' best move: a move drawn along
//! its route, thicker than the show-lines aid.

use bevy::prelude::*;

use super::lines::arc;
use crate::game::core::board::{TILE_TOP, board_to_world, cell_world};
use crate::game::core::camera::BOARD_LAYER;

/// Lines drawn for the hint: thicker than the show-lines aid.
#[derive(Default, Reflect, GizmoConfigGroup)]
pub struct HintGizmos;

pub(super) fn plugin(app: &mut App) {
    app.init_gizmo_group::<HintGizmos>()
        .add_systems(Startup, configure_gizmos);
}

fn configure_gizmos(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<HintGizmos>();
    config.line.width = 7.0;
    config.depth_bias = -0.1;
    config.render_layers = bevy::camera::visibility::RenderLayers::layer(BOARD_LAYER);
}

/// Draws `mv` (a move of `pos`) as an arrow along its route (an arc for a leap), from a ring
/// on its start: the hint's arrow, also the analysis screen's best move.
pub fn draw_move_arrow(
    gizmos: &mut Gizmos<HintGizmos>,
    pos: &crate::rules::Position,
    mv: crate::rules::Move,
    colour: Color,
) {
    let Some(route) = pos.route(mv) else {
        return;
    };
    let lift = Vec3::Y * (TILE_TOP + 0.03);
    let mut points = vec![cell_world(mv.from) + lift];
    for step in &route.steps {
        points.push(board_to_world(step.via.xy()) + lift);
        points.push(cell_world(step.to) + lift);
    }
    let points: Vec<Vec3> = if route.leap {
        arc(points).collect()
    } else {
        points
    };
    gizmos.circle(
        Isometry3d::new(
            cell_world(mv.from) + lift,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        ),
        0.3,
        colour,
    );
    let n = points.len();
    if n >= 2 {
        // Stop the shaft short of the target's centre so the head is not buried in the piece.
        let end = points[n - 1];
        let tip = points[n - 2] + (end - points[n - 2]) * 0.85;
        gizmos.linestrip(points[..n - 1].iter().copied(), colour);
        gizmos
            .arrow(points[n - 2], tip, colour)
            .with_tip_length(0.28);
    }
}
