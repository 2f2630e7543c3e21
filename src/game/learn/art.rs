//! Stars and cell marks made in code: a star picture for the panel and the cards (the default
//! font has no star glyph), a gold star token for the board, and cell-shaped overlays.

use std::collections::HashMap;
use std::f32::consts::{FRAC_PI_2, PI};

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::game::board::meshes::{MeshBuilder, offset_polygon};
use crate::game::board::tiles::tile_outline;
use crate::game::ui::theme;
use crate::rules::Cell;

/// Pictures, meshes and materials shared by every mark.
#[derive(Resource)]
pub(super) struct LearnArt {
    /// A gold star (panel, cards).
    pub star: Handle<Image>,
    /// A star not earned: grey.
    pub no_star: Handle<Image>,
    pub star_mesh: Handle<Mesh>,
    pub star_rim_mesh: Handle<Mesh>,
    /// Around a star the selected piece can land on (the move dot hides under the star).
    pub target_ring: Handle<Mesh>,
    pub target_material: Handle<StandardMaterial>,
    pub star_material: Handle<StandardMaterial>,
    pub rim_material: Handle<StandardMaterial>,
    pub found: Handle<StandardMaterial>,
    pub highlight: Handle<StandardMaterial>,
    pub flash: Handle<StandardMaterial>,
    pub last_move: Handle<StandardMaterial>,
    fills: HashMap<Cell, Handle<Mesh>>,
    outlines: HashMap<Cell, Handle<Mesh>>,
}

impl LearnArt {
    /// A mesh covering the cell (world coordinates, at height 0).
    pub fn fill(&mut self, cell: Cell, meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
        self.fills
            .entry(cell)
            .or_insert_with(|| {
                let outline = tile_outline(cell);
                let mut b = MeshBuilder::default();
                let points: Vec<Vec3> = outline.iter().map(|p| Vec3::new(p.x, 0.0, -p.y)).collect();
                b.polygon(&points, Vec3::Y);
                meshes.add(b.build())
            })
            .clone()
    }

    /// A band along the cell's border (world coordinates, at height 0).
    pub fn outline(&mut self, cell: Cell, meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
        self.outlines
            .entry(cell)
            .or_insert_with(|| {
                let outer = tile_outline(cell);
                let inner = offset_polygon(&outer, 0.09);
                let w = |p: Vec2| Vec3::new(p.x, 0.0, -p.y);
                let mut b = MeshBuilder::default();
                let n = outer.len();
                for i in 0..n {
                    let j = (i + 1) % n;
                    b.polygon(
                        &[w(outer[i]), w(outer[j]), w(inner[j]), w(inner[i])],
                        Vec3::Y,
                    );
                }
                meshes.add(b.build())
            })
            .clone()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_art);
}

/// The ten corners of a five-pointed star, point up, counter-clockwise.
pub fn star_points(outer: f32, inner: f32) -> Vec<Vec2> {
    (0..10)
        .map(|i| {
            let a = FRAC_PI_2 + i as f32 * PI / 5.0;
            let r = if i % 2 == 0 { outer } else { inner };
            Vec2::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

/// Whether `p` lies inside the polygon (even-odd rule).
fn inside(poly: &[Vec2], p: Vec2) -> bool {
    let mut odd = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                odd = !odd;
            }
        }
    }
    odd
}

/// A star picture `size` pixels square: `fill` inside a `rim`, transparent around, smoothed
/// by 4×4 samples a pixel.
pub fn star_image(size: u32, fill: Color, rim: Color) -> Image {
    let half = size as f32 / 2.0;
    let outer = star_points(half * 0.96, half * 0.40);
    let inner = star_points(half * 0.80, half * 0.33);
    let (fill, rim) = (fill.to_srgba(), rim.to_srgba());
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let (mut cover, mut core) = (0.0f32, 0.0f32);
            for sy in 0..4 {
                for sx in 0..4 {
                    let p = Vec2::new(
                        x as f32 + (sx as f32 + 0.5) / 4.0 - half,
                        // Image rows run downward; the star points up.
                        half - (y as f32 + (sy as f32 + 0.5) / 4.0) + half * 0.06,
                    );
                    if inside(&outer, p) {
                        cover += 1.0 / 16.0;
                        if inside(&inner, p) {
                            core += 1.0 / 16.0;
                        }
                    }
                }
            }
            let mix = |f: f32, r: f32| {
                if cover > 0.0 {
                    (f * core + r * (cover - core)) / cover
                } else {
                    0.0
                }
            };
            let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
            data.extend([
                byte(mix(fill.red, rim.red)),
                byte(mix(fill.green, rim.green)),
                byte(mix(fill.blue, rim.blue)),
                byte(cover),
            ]);
        }
    }
    Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// A star-shaped token lying on y = 0 to `height`, point toward Black (−z).
pub fn star_token(outer: f32, inner: f32, height: f32) -> Mesh {
    let points = star_points(outer, inner);
    let w = |p: Vec2, y: f32| Vec3::new(p.x, y, -p.y);
    let mut b = MeshBuilder::default();
    // The top as a fan from the centre (a star is not convex, but every corner sees the centre).
    let mut top = vec![Vec3::new(0.0, height, 0.0)];
    top.extend(points.iter().map(|&p| w(p, height)));
    top.push(w(points[0], height));
    b.polygon(&top, Vec3::Y);
    let n = points.len();
    for i in 0..n {
        let (a, c) = (points[i], points[(i + 1) % n]);
        let dir = (c - a).normalize_or_zero();
        let out = Vec2::new(dir.y, -dir.x);
        b.polygon(
            &[w(a, 0.0), w(c, 0.0), w(c, height), w(a, height)],
            Vec3::new(out.x, 0.0, -out.y),
        );
    }
    b.build()
}

fn make_art(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let overlay = |colour: Color| StandardMaterial {
        base_color: colour,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    };
    commands.insert_resource(LearnArt {
        star: images.add(star_image(64, theme::STAR_GOLD, theme::STAR_RIM)),
        no_star: images.add(star_image(64, theme::STAR_EMPTY, theme::STAR_EMPTY_RIM)),
        star_mesh: meshes.add(star_token(0.30, 0.13, 0.07)),
        star_rim_mesh: meshes.add(star_token(0.36, 0.165, 0.02)),
        target_ring: meshes.add(crate::game::board::meshes::ring(0.36, 0.42, 40)),
        target_material: materials.add(overlay(theme::TARGET.with_alpha(0.9))),
        // Unlit: under the 2D view's light a lit star washes out to pale yellow.
        star_material: materials.add(StandardMaterial {
            base_color: theme::STAR_GOLD,
            unlit: true,
            ..default()
        }),
        rim_material: materials.add(StandardMaterial {
            base_color: theme::STAR_RIM,
            unlit: true,
            ..default()
        }),
        found: materials.add(overlay(theme::CELL_FOUND)),
        highlight: materials.add(overlay(theme::CELL_HIGHLIGHT)),
        flash: materials.add(overlay(theme::CELL_WRONG)),
        last_move: materials.add(overlay(theme::LAST_MOVE.with_alpha(0.45))),
        fills: HashMap::new(),
        outlines: HashMap::new(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_star_picture_is_gold_inside_and_clear_outside() {
        let image = star_image(32, theme::STAR_GOLD, theme::STAR_RIM);
        let data = image.data.as_ref().unwrap();
        let at = |x: usize, y: usize| &data[(y * 32 + x) * 4..(y * 32 + x) * 4 + 4];
        assert_eq!(at(0, 0)[3], 0, "corners are transparent");
        let centre = at(16, 16);
        assert_eq!(centre[3], 255);
        assert!(centre[0] > 240 && centre[2] < 80, "{centre:?}");
        // The top point is there, the bottom middle (between two legs) is not.
        assert!(at(16, 2)[3] > 0);
        assert_eq!(at(16, 30)[3], 0);
    }

    #[test]
    fn points_alternate_between_the_two_radii() {
        let p = star_points(1.0, 0.4);
        assert_eq!(p.len(), 10);
        assert!((p[0] - Vec2::Y).length() < 1e-5);
        assert!((p[1].length() - 0.4).abs() < 1e-5);
        assert!(inside(&p, Vec2::ZERO));
        assert!(!inside(&p, Vec2::new(0.0, -0.9)));
    }
}
