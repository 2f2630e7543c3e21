//! The board as the player sees it: tiles in three colours on a wooden frame, highlights for
//! the last move, the selection and check, target markers, and optional cell names.

use bevy::prelude::*;

use crate::game::board::meshes::{MeshBuilder, offset_polygon, ring};
use crate::game::core::GameSet;
use crate::game::core::board::BoardCamera;
use crate::game::core::board::BoardTheme;
use crate::game::core::board::CellTile;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::cell_world;
use crate::game::core::board::{BoardMarks, ShowNames};
use crate::game::core::selection::ViewCommand;
use crate::game::core::selection::{Hovered, Selection};
use crate::game::core::state::ChessGame;
use crate::game::ui::theme;
use crate::rules::Shape;
use crate::rules::{Cell, board};
use crate::theme::tint;

/// Gap between neighbouring tiles, so the grout shows.
const GROUT: f32 = 0.028;

/// The radius of the dot on a cell a selected piece can move to: about a third of a cell
/// across, seen at a glance from the default 3D view.
pub const DOT_RADIUS: f32 = 0.17;

/// The capture ring's inner and outer radius: wide enough to show round the foot of the piece
/// it would take, thick enough not to pass for a dot's outline.
pub const CAPTURE_RING: (f32, f32) = (0.27, 0.40);

/// A move dot or capture ring shown on a selected piece's target.
#[derive(Component, Debug)]
pub struct TargetMarker(pub Cell);

/// A cell's name label (a UI text placed over the cell each frame).
#[derive(Component, Debug)]
pub struct CellLabel(pub Cell);

/// Shared meshes and materials for markers: a material per cell shape, since a marker is dark
/// on light cells and light on dark ones.
#[derive(Resource)]
struct MarkerArt {
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    material: [Handle<StandardMaterial>; 3],
}

/// The marker material's index for a cell shape.
fn shape_index(shape: Shape) -> usize {
    match shape {
        Shape::Flat => 0,
        Shape::Rising => 1,
        Shape::Falling => 2,
    }
}

const SHAPES: [Shape; 3] = [Shape::Flat, Shape::Rising, Shape::Falling];

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShowNames>()
        .init_resource::<BoardMarks>()
        .init_resource::<BoardTheme>()
        .init_resource::<TileMaterials>()
        .add_observer(dress_tile)
        .add_systems(Startup, (spawn_marker_art, spawn_labels))
        .add_systems(
            Update,
            (
                toggle_names,
                restyle_markers,
                tile_colours,
                target_markers,
                place_labels,
            )
                .chain()
                .in_set(GameSet::View),
        );
}

/// The cell's outline in board coordinates, counter-clockwise, shrunk for the grout.
pub fn tile_outline(cell: Cell) -> Vec<Vec2> {
    let corners: Vec<Vec2> = board().cell(cell).corners_xy().map(Vec2::from).to_vec();
    offset_polygon(&corners, GROUT / 2.0)
}

/// A tile's slab around its cell's centre: spawn it at [`cell_world`] of the cell.
pub fn tile_mesh(cell: Cell) -> Mesh {
    let centre = cell_world(cell);
    let outline: Vec<Vec2> = tile_outline(cell)
        .into_iter()
        .map(|p| p - Vec2::new(centre.x, -centre.z))
        .collect();
    let mut mesh = MeshBuilder::default();
    mesh.prism(&outline, 0.0, TILE_TOP);
    mesh.build()
}

/// The look of a tile of one colour.
fn tile_material(colour: Color) -> StandardMaterial {
    StandardMaterial {
        base_color: colour,
        perceptual_roughness: 0.62,
        reflectance: 0.35,
        ..default()
    }
}

/// One material per tile colour in use (three shapes, each plain or marked): tiles of a colour
/// share it, so the renderer draws them as one batch. A material per tile cost 72 batches a
/// frame and a changed material for every highlight. The bare scene's tiles use it too, so
/// they look like the game's.
#[derive(Resource, Default)]
pub(crate) struct TileMaterials(Vec<(Color, Handle<StandardMaterial>)>);

impl TileMaterials {
    pub(crate) fn get(
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
    board_theme: Option<Res<BoardTheme>>,
) {
    let Ok(&CellTile(cell)) = tiles.get(add.entity) else {
        return;
    };
    let board_theme = board_theme.as_deref().copied().unwrap_or_default();
    let material = shared.get(board_theme.cell(board().cell(cell).shape), &mut materials);
    commands.entity(add.entity).insert((
        Mesh3d(meshes.add(tile_mesh(cell))),
        MeshMaterial3d(material),
    ));
}

fn marker_material(colour: Color) -> StandardMaterial {
    StandardMaterial {
        base_color: colour,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    }
}

fn spawn_marker_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    board_theme: Res<BoardTheme>,
) {
    commands.insert_resource(MarkerArt {
        dot: meshes.add(ring(0.0, DOT_RADIUS, 32)),
        ring: meshes.add(ring(CAPTURE_RING.0, CAPTURE_RING.1, 48)),
        material: SHAPES.map(|shape| {
            materials.add(marker_material(theme::colour_a(
                board_theme.theme.marker(shape),
            )))
        }),
    });
}

/// A new theme recolours the marker materials in place (markers on the board keep them).
fn restyle_markers(
    board_theme: Res<BoardTheme>,
    art: Option<Res<MarkerArt>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(art) = art else { return };
    if !board_theme.is_changed() {
        return;
    }
    for shape in SHAPES {
        let want = theme::colour_a(board_theme.theme.marker(shape));
        if let Some(mut m) = materials.get_mut(&art.material[shape_index(shape)])
            && m.base_color != want
        {
            m.base_color = want;
        }
    }
}

/// Colours every tile from the game and the pointer: last move, selection, check, hover.
fn tile_colours(
    (game, board_theme, marks): (Res<ChessGame>, Res<BoardTheme>, Option<Res<BoardMarks>>),
    selection: Res<Selection>,
    hovered: Res<Hovered>,
    mut tiles: Query<(&CellTile, &mut MeshMaterial3d<StandardMaterial>)>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut shared: ResMut<TileMaterials>,
    mut shown: Local<Vec<(Cell, Color)>>,
) {
    let g = game.board();
    let pos = g.position();
    let last = g.last_move().filter(|_| marks.is_none_or(|m| m.last_move));
    let check = pos.in_check().then(|| pos.king(pos.turn())).flatten();
    let mut wanted = Vec::with_capacity(72);
    for (tile, _) in &tiles {
        let cell = tile.0;
        let t = board_theme.theme;
        let mut colour = board_theme.cell(board().cell(cell).shape);
        if last.is_some_and(|m| m.from == cell || m.to == cell) {
            colour = colour.mix(&theme::colour(t.last_move), tint::LAST_MOVE);
        }
        if selection.cell == Some(cell) {
            colour = colour.mix(&theme::colour(t.selected), tint::SELECTED);
        }
        if check == Some(cell) {
            colour = colour.mix(&theme::colour(t.check), tint::CHECK);
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
    marks: Option<Res<BoardMarks>>,
    markers: Query<Entity, With<TargetMarker>>,
) {
    if !selection.is_changed() && !marks.as_ref().is_some_and(|m| m.is_changed()) {
        return;
    }
    for e in &markers {
        commands.entity(e).despawn();
    }
    let Some(art) = art else { return };
    if marks.is_some_and(|m| !m.legal_dots) {
        return;
    }
    let pos = game.board().position();
    for cell in selection.targets {
        let capture = pos.piece_at(cell).is_some();
        let material = art.material[shape_index(board().cell(cell).shape)].clone();
        commands.spawn((
            TargetMarker(cell),
            Mesh3d(if capture {
                art.ring.clone()
            } else {
                art.dot.clone()
            }),
            MeshMaterial3d(material),
            Transform::from_translation(cell_world(cell) + Vec3::Y * (TILE_TOP + 0.004)),
            Pickable::IGNORE,
        ));
    }
}

fn spawn_labels(mut commands: Commands) {
    for cell in Cell::all() {
        commands.spawn((
            CellLabel(cell),
            crate::game::ui::access::Unspoken,
            Text::new(cell.name()),
            TextFont {
                font_size: FontSize::Px(10.0),
                ..default()
            },
            TextColor(theme::CELL_NAME_INK),
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

/// Puts each name just inside its cell, on the side nearest the viewer, over the scene: in 3D a
/// piece standing on the cell rises behind its name on screen and never covers it, so the names
/// of the rows the pieces start on stay readable.
fn place_labels(
    names: Res<ShowNames>,
    board_theme: Res<BoardTheme>,
    rig: Res<crate::game::core::camera::CameraRig>,
    cameras: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    ui_scale: Option<Res<UiScale>>,
    mut labels: Query<(&CellLabel, &mut Node, &mut Visibility, &mut TextColor)>,
) {
    // The camera answers in window pixels; a node's place is in interface units.
    let ui_scale = ui_scale.map_or(1.0, |u| u.0).max(0.1);
    let Ok((camera, cam)) = cameras.single() else {
        return;
    };
    let toward_viewer = if rig.flipped { -1.0 } else { 1.0 };
    for (label, mut node, mut visibility, mut colour) in &mut labels {
        let shown = names.0;
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
            let p = p / ui_scale;
            let (left, top) = (px((p.x - 20.0).round()), px((p.y - 7.0).round()));
            if node.left != left || node.top != top {
                node.left = left;
                node.top = top;
            }
        }
        let want = theme::colour_a(board_theme.theme.label(info.shape));
        if colour.0 != want {
            colour.0 = want;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new theme recolours the marker materials the markers already hold, by cell shape.
    #[test]
    fn a_new_theme_recolours_the_markers_in_place() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::asset::AssetPlugin::default()))
            .init_asset::<StandardMaterial>()
            .init_asset::<Mesh>()
            .init_resource::<BoardTheme>()
            .add_systems(Startup, spawn_marker_art)
            .add_systems(Update, restyle_markers);
        app.update();
        let handles = app.world().resource::<MarkerArt>().material.clone();
        let colours = |app: &App| {
            let materials = app.world().resource::<Assets<StandardMaterial>>();
            handles
                .clone()
                .map(|h| materials.get(&h).map(|m| m.base_color))
        };
        let wood = crate::theme::WOOD.markers.map(|m| Some(theme::colour_a(m)));
        assert_eq!(colours(&app), wood);
        app.world_mut().resource_mut::<BoardTheme>().theme = &crate::theme::CONTRAST;
        app.update();
        let contrast = crate::theme::CONTRAST
            .markers
            .map(|m| Some(theme::colour_a(m)));
        assert_eq!(colours(&app), contrast);
        assert_ne!(contrast, wood);
        assert_eq!(app.world().resource::<MarkerArt>().material, handles);
    }

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
}
