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

fn dress_tile(
    add: On<Add, CellTile>,
    tiles: Query<&CellTile>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
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
    let material = materials.add(StandardMaterial {
        base_color: theme::shape_colour(board().cell(cell).shape),
        perceptual_roughness: 0.62,
        reflectance: 0.35,
        ..default()
    });
    commands
        .entity(add.entity)
        .insert((Mesh3d(meshes.add(mesh.build())), MeshMaterial3d(material)));
}

/// The wooden frame: a slab around the board that shows between the tiles as grout.
///
/// Its top is only where it can be seen (around the board, in the notches of its outline and in
/// the gaps between tiles), never under a tile: a slab under the whole board doubled the lit
/// pixels of every frame, which software rendering pays for in full.
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
    // The gaps between tiles: each cell's rim outside its tile.
    for cell in Cell::all() {
        let corners: Vec<Vec2> = board().cell(cell).corners_xy().map(Vec2::from).to_vec();
        frame.ring_top(&corners, &tile_outline(cell), TOP);
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
    tiles: Query<(&CellTile, &MeshMaterial3d<StandardMaterial>)>,
    mut materials: ResMut<Assets<StandardMaterial>>,
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
    for ((_, handle), &(_, colour)) in tiles.iter().zip(&wanted) {
        if let Some(mut m) = materials.get_mut(&handle.0)
            && m.base_color != colour
        {
            m.base_color = colour;
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
