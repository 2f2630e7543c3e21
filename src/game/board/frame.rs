//! The wooden frame around the board.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use crate::game::board::meshes::{
    MeshBuilder, board_corners, board_notches, convex_hull, offset_polygon, triangulate,
};
use crate::game::board::plain_material::PlainMaterial;
use crate::game::core::board::BoardTheme;
use crate::game::ui::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_frame).add_systems(
        Update,
        restyle_frame.in_set(crate::game::core::GameSet::View),
    );
}

/// The frame's entity.
#[derive(Component)]
struct Frame;

/// The wooden frame: a slab around the board and in the notches of its outline.
///
/// Nothing of it lies under the board: the gaps between tiles show the dark background as
/// grout. A slab under the whole board doubled the lit pixels of every frame, and a wooden rim
/// in each gap (72 rings of slivers a pixel or two wide) cost a tenth of a software frame:
/// a renderer shades small triangles in whole blocks of pixels.
fn frame_mesh() -> Mesh {
    const TOP: f32 = 0.03;
    let hull = convex_hull(&board_corners());
    let outer = offset_polygon(&hull, -0.55);
    let mut frame = MeshBuilder::default();
    frame.walls(&outer, -0.2, TOP);
    frame.ring_top(&outer, &hull, TOP);
    let world = |p: Vec2| Vec3::new(p.x, TOP, -p.y);
    for notch in board_notches() {
        for t in triangulate(&notch) {
            frame.polygon(&t.map(|i| world(notch[i])), Vec3::Y);
        }
    }
    frame.build()
}

fn spawn_frame(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<PlainMaterial>>,
    board_theme: Res<BoardTheme>,
) {
    let colour = theme::colour(board_theme.theme.frame);
    commands.spawn((
        Name::new("frame"),
        Frame,
        Mesh3d(meshes.add(frame_mesh())),
        MeshMaterial3d(materials.add(PlainMaterial::new(colour, 0.45, 0.4))),
        Transform::from_xyz(0.0, -0.001, 0.0),
        // It lies under everything else: its shadow would fall on nothing.
        NotShadowCaster,
        Pickable::IGNORE,
    ));
}

/// A new theme recolours the frame's material and the background in place.
fn restyle_frame(
    board_theme: Res<BoardTheme>,
    frame: Query<&MeshMaterial3d<PlainMaterial>, With<Frame>>,
    mut materials: ResMut<Assets<PlainMaterial>>,
    mut clear: ResMut<ClearColor>,
) {
    if !board_theme.is_changed() {
        return;
    }
    let background = theme::colour(board_theme.theme.background);
    if clear.0 != background {
        clear.0 = background;
    }
    let colour = theme::colour(board_theme.theme.frame);
    for handle in &frame {
        if let Some(mut m) = materials.get_mut(handle) {
            m.set_colour(colour);
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::mesh::{Indices, VertexAttributeValues};

    use super::*;
    use crate::rules::{Cell, board};

    /// Whether `p` lies inside the convex polygon `poly` (either winding), by a margin.
    fn inside(poly: &[Vec2], p: Vec2, margin: f32) -> bool {
        let n = poly.len();
        let signs: Vec<f32> = (0..n)
            .map(|i| {
                let (a, b) = (poly[i], poly[(i + 1) % n]);
                (b - a).perp_dot(p - a) / (b - a).length()
            })
            .collect();
        signs.iter().all(|&s| s > margin) || signs.iter().all(|&s| s < -margin)
    }

    /// A new theme recolours the frame's material and the background in place.
    #[test]
    fn a_new_theme_recolours_the_frame_and_background() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::asset::AssetPlugin::default()))
            .init_asset::<Mesh>()
            .init_asset::<PlainMaterial>()
            .init_resource::<ClearColor>()
            .init_resource::<BoardTheme>()
            .add_systems(Startup, spawn_frame)
            .add_systems(Update, restyle_frame);
        app.update();
        let frame = |app: &mut App| {
            let handle = app
                .world_mut()
                .query_filtered::<&MeshMaterial3d<PlainMaterial>, With<Frame>>()
                .single(app.world())
                .map(|m| m.0.clone())
                .ok();
            let materials = app.world().resource::<Assets<PlainMaterial>>();
            let colour = handle
                .as_ref()
                .and_then(|h| materials.get(h))
                .map(|m| m.linear_colour());
            (handle, colour, app.world().resource::<ClearColor>().0)
        };
        let linear = |c: crate::theme::Rgb| Some(theme::colour(c).to_linear().to_vec4());
        let (handle, wood, clear) = frame(&mut app);
        assert_eq!(wood, linear(crate::theme::WOOD.frame));
        assert_eq!(clear, theme::colour(crate::theme::WOOD.background));
        app.world_mut().resource_mut::<BoardTheme>().theme = &crate::theme::TOURNAMENT;
        app.update();
        let (same, tournament, clear) = frame(&mut app);
        assert_eq!(same, handle);
        assert_eq!(tournament, linear(crate::theme::TOURNAMENT.frame));
        assert_eq!(clear, theme::colour(crate::theme::TOURNAMENT.background));
    }

    #[test]
    fn the_frame_lies_around_the_board_never_under_or_between_its_tiles() {
        let mesh = frame_mesh();
        let Some(VertexAttributeValues::Float32x3(positions)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("frame has no positions");
        };
        let indices: Vec<usize> = match mesh.indices() {
            Some(Indices::U32(v)) => v.iter().map(|&i| i as usize).collect(),
            Some(Indices::U16(v)) => v.iter().map(|&i| usize::from(i)).collect(),
            None => (0..positions.len()).collect(),
        };
        assert!(
            indices.len() >= 3 * 12,
            "the frame has {} corners",
            indices.len()
        );
        let cells: Vec<Vec<Vec2>> = Cell::all()
            .map(|cell| board().cell(cell).corners_xy().map(Vec2::from).to_vec())
            .collect();
        // No triangle of the frame lies on a cell: not under a tile, not in the grout gaps
        // (slivers there cost a software renderer far more than the pixels they cover).
        for t in indices.chunks_exact(3) {
            let centre = t
                .iter()
                .map(|&i| Vec2::new(positions[i][0], -positions[i][2]))
                .sum::<Vec2>()
                / 3.0;
            assert!(
                !cells.iter().any(|c| inside(c, centre, 1e-4)),
                "a frame triangle centred at {centre} lies on a cell"
            );
        }
        // Its top reaches all round the board, a good half cell beyond its outermost corners.
        let reach = positions
            .iter()
            .map(|p| Vec2::new(p[0], p[2]).length())
            .fold(0.0, f32::max);
        let corners = board_corners()
            .iter()
            .map(|p| p.length())
            .fold(0.0, f32::max);
        assert!(
            reach > corners + 0.5,
            "frame reaches {reach}, corners {corners}"
        );
    }
}
