//! The board as the player sees it: tiles in three colours on a wooden frame, highlights for
//! the last move, the selection and check, target markers, and optional cell names.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use crate::game::GameSet;
use crate::game::board::camera::BoardCamera;
use crate::game::board::meshes::{
    MeshBuilder, board_corners, board_notches, convex_hull, offset_polygon, ring, triangulate,
};
use crate::game::board::pieces::{CellTile, TILE_TOP};
use crate::game::play::input::{Hovered, Selection, ViewCommand};
use crate::game::play::state::{ChessGame, cell_world};
use crate::game::ui::theme;
use crate::rules::{Cell, board};

/// Gap between neighbouring tiles, so the grout shows.
const GROUT: f32 = 0.028;

/// Whether cell names are shown.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowNames(pub bool);

impl Default for ShowNames {
    fn default() -> ShowNames {
        ShowNames(true)
    }
}

/// A move dot or capture ring shown on a selected piece's target.
#[derive(Component, Debug)]
pub struct TargetMarker(pub Cell);

/// A cell's name label (a UI text placed over the cell each frame).
#[derive(Component, Debug)]
pub struct CellLabel(pub Cell);

/// Shared meshes and materials for markers.
#[derive(Resource)]
struct MarkerArt {
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    material: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShowNames>()
        .init_resource::<TileMaterials>()
        .add_observer(dress_tile)
        .add_systems(Startup, (spawn_frame, spawn_labels))
        .add_systems(
            Update,
            (toggle_names, tile_colours, target_markers, place_labels)
                .chain()
                .in_set(GameSet::View),
        );
}

/// The cell's outline in board coordinates, counter-clockwise, shrunk for the grout.
pub fn tile_outline(cell: Cell) -> Vec<Vec2> {
    let corners: Vec<Vec2> = board().cell(cell).corners_xy().map(Vec2::from).to_vec();
    offset_polygon(&corners, GROUT / 2.0)
}

/// The look of a tile of one colour, public so the bare scene's tiles match the game's.
pub fn tile_material(colour: Color) -> StandardMaterial {
    StandardMaterial {
        base_color: colour,
        perceptual_roughness: 0.62,
        reflectance: 0.35,
        ..default()
    }
}

/// One material per tile colour in use (three shapes, each plain or marked): tiles of a colour
/// share it, so the renderer draws them as one batch. A material per tile cost 72 batches a
/// frame and a changed material for every highlight.
#[derive(Resource, Default)]
struct TileMaterials(Vec<(Color, Handle<StandardMaterial>)>);

impl TileMaterials {
    fn get(
        &mut self,
        colour: Color,
        materials: &mut Assets<StandardMaterial>,
    ) -> Handle<StandardMaterial> {
        if let Some((_, handle)) = self.0.iter().find(|(c, _)| *c == colour) {
            return handle.clone();
        }
        let handle = materials.add(tile_material(colour));
        self.0.push((colour, handle.clone()));
        handle
    }
}

fn dress_tile(
    add: On<Add, CellTile>,
    tiles: Query<&CellTile>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut shared: ResMut<TileMaterials>,
) {
    let Ok(&CellTile(cell)) = tiles.get(add.entity) else {
        return;
    };
    let centre = cell_world(cell);
    let outline: Vec<Vec2> = tile_outline(cell)
        .into_iter()
        .map(|p| p - Vec2::new(centre.x, -centre.z))
        .collect();
    let mut mesh = MeshBuilder::default();
    mesh.prism(&outline, 0.0, TILE_TOP);
    let material = shared.get(
        theme::shape_colour(board().cell(cell).shape),
        &mut materials,
    );
    commands
        .entity(add.entity)
        .insert((Mesh3d(meshes.add(mesh.build())), MeshMaterial3d(material)));
}

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
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Name::new("frame"),
        Mesh3d(meshes.add(frame_mesh())),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: theme::FRAME,
            perceptual_roughness: 0.45,
            reflectance: 0.4,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.001, 0.0),
        // It lies under everything else: its shadow would fall on nothing.
        NotShadowCaster,
        Pickable::IGNORE,
    ));
    commands.insert_resource(MarkerArt {
        dot: meshes.add(ring(0.0, 0.11, 24)),
        ring: meshes.add(ring(0.27, 0.34, 40)),
        material: materials.add(StandardMaterial {
            base_color: theme::TARGET,
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        }),
    });
}

/// Colours every tile from the game and the pointer: last move, selection, check, hover.
fn tile_colours(
    game: Res<ChessGame>,
    selection: Res<Selection>,
    hovered: Res<Hovered>,
    mut tiles: Query<(&CellTile, &mut MeshMaterial3d<StandardMaterial>)>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut shared: ResMut<TileMaterials>,
    mut shown: Local<Vec<(Cell, Color)>>,
) {
    let g = game.board();
    let pos = g.position();
    let last = g.last_move();
    let check = pos.in_check().then(|| pos.king(pos.turn())).flatten();
    let mut wanted = Vec::with_capacity(72);
    for (tile, _) in &tiles {
        let cell = tile.0;
        let base = theme::shape_colour(board().cell(cell).shape);
        let mut colour = base;
        if last.is_some_and(|m| m.from == cell || m.to == cell) {
            colour = colour.mix(&theme::LAST_MOVE, 0.45);
        }
        if selection.cell == Some(cell) {
            colour = colour.mix(&theme::SELECTED, 0.6);
        }
        if check == Some(cell) {
            colour = colour.mix(&theme::CHECK, 0.65);
        }
        if hovered.0 == Some(cell) {
            colour = colour.lighter(0.07);
        }
        wanted.push((cell, colour));
    }
    if *shown == wanted {
        return;
    }
    for (mut handle, &(_, colour)) in tiles.iter_mut().map(|(_, h)| h).zip(&wanted) {
        let material = shared.get(colour, &mut materials);
        if handle.0 != material {
            handle.0 = material;
        }
    }
    *shown = wanted;
}

/// Marks the selected piece's legal targets: dots for moves, rings for captures.
fn target_markers(
    mut commands: Commands,
    selection: Res<Selection>,
    game: Res<ChessGame>,
    art: Option<Res<MarkerArt>>,
    markers: Query<Entity, With<TargetMarker>>,
) {
    if !selection.is_changed() {
        return;
    }
    for e in &markers {
        commands.entity(e).despawn();
    }
    let Some(art) = art else { return };
    let pos = game.board().position();
    for cell in selection.targets {
        let capture = pos.piece_at(cell).is_some();
        commands.spawn((
            TargetMarker(cell),
            Mesh3d(if capture {
                art.ring.clone()
            } else {
                art.dot.clone()
            }),
            MeshMaterial3d(art.material.clone()),
            Transform::from_translation(cell_world(cell) + Vec3::Y * (TILE_TOP + 0.004)),
            Pickable::IGNORE,
        ));
    }
}

fn spawn_labels(mut commands: Commands) {
    for cell in Cell::all() {
        commands.spawn((
            CellLabel(cell),
            Text::new(cell.name()),
            TextFont {
                font_size: FontSize::Px(10.0),
                ..default()
            },
            TextColor(Color::srgba(0.1, 0.07, 0.05, 0.75)),
            TextLayout::justify(Justify::Center),
            Node {
                position_type: PositionType::Absolute,
                width: px(40),
                ..default()
            },
            Pickable::IGNORE,
            Visibility::Hidden,
        ));
    }
}

fn toggle_names(mut commands: MessageReader<ViewCommand>, mut names: ResMut<ShowNames>) {
    for c in commands.read() {
        if *c == ViewCommand::ToggleNames {
            names.0 = !names.0;
        }
    }
}

/// Puts each name just inside its cell, on the side nearest the viewer. In 3D a name would float
/// in front of a piece standing on its cell, so names of occupied cells show in 2D only.
fn place_labels(
    names: Res<ShowNames>,
    game: Res<crate::game::play::state::ChessGame>,
    rig: Res<crate::game::board::camera::CameraRig>,
    cameras: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut labels: Query<(&CellLabel, &mut Node, &mut Visibility, &mut TextColor)>,
) {
    let Ok((camera, cam)) = cameras.single() else {
        return;
    };
    let toward_viewer = if rig.flipped { -1.0 } else { 1.0 };
    let position = game.board().position();
    for (label, mut node, mut visibility, mut colour) in &mut labels {
        let hidden_by_piece =
            rig.view == crate::game::ViewMode::ThreeD && position.piece_at(label.0).is_some();
        let shown = names.0 && !hidden_by_piece;
        let target = if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != target {
            *visibility = target;
        }
        if !shown {
            continue;
        }
        let info = board().cell(label.0);
        let world = cell_world(label.0) + Vec3::new(0.0, TILE_TOP, 0.34 * toward_viewer);
        // Only touch the node when the label really moves: a changed node costs a layout pass.
        if let Ok(p) = camera.world_to_viewport(cam, world) {
            let (left, top) = (px((p.x - 20.0).round()), px((p.y - 7.0).round()));
            if node.left != left || node.top != top {
                node.left = left;
                node.top = top;
            }
        }
        let dark = matches!(info.shape, crate::rules::Shape::Falling);
        let want = if dark {
            Color::srgba(0.96, 0.9, 0.8, 0.7)
        } else {
            Color::srgba(0.18, 0.11, 0.06, 0.7)
        };
        if colour.0 != want {
            colour.0 = want;
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::mesh::{Indices, VertexAttributeValues};

    use super::*;

    #[test]
    fn tiles_of_one_colour_share_one_material() {
        let mut materials = Assets::<StandardMaterial>::default();
        let mut shared = TileMaterials::default();
        let flat = theme::shape_colour(crate::rules::Shape::Flat);
        let rising = theme::shape_colour(crate::rules::Shape::Rising);
        let a = shared.get(flat, &mut materials);
        let b = shared.get(rising, &mut materials);
        assert_eq!(shared.get(flat, &mut materials), a);
        assert_ne!(a, b);
        let marked = flat.mix(&theme::LAST_MOVE, 0.45);
        let c = shared.get(marked, &mut materials);
        assert_ne!(c, a);
        assert_eq!(materials.len(), 3);
        assert_eq!(materials.get(&c).map(|m| m.base_color), Some(marked));
    }

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
