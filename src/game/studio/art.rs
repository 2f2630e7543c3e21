//! The palette's pictures: each piece's 2D symbol — the very meshes the flat board view draws
//! ([`models::piece_symbol_mesh`] over its outline) — filled into an image on the CPU at
//! start, so the panel shows the board's own pieces without a camera of its own.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::VertexAttributeValues;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::game::board::models;
use crate::rules::{Piece, PieceKind, Side};

/// Picture size in pixels (shown at about 40 logical pixels; twice that stays sharp on
/// high-density screens).
const SIZE: u32 = 80;
/// Board units across the picture: a symbol is at most about 0.7 high with its outline.
const SPAN: f32 = 0.78;

/// A picture of every piece, by side and kind.
#[derive(Resource)]
pub(super) struct PaletteArt {
    pictures: [[Handle<Image>; 6]; 2],
}

impl PaletteArt {
    /// The picture of `piece`.
    pub fn picture(&self, piece: Piece) -> Handle<Image> {
        self.pictures[piece.side.index()][piece.kind.index()].clone()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_art);
}

fn make_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let mut picture =
        |side: Side| PieceKind::ALL.map(|kind| images.add(symbol_picture(kind, side, SIZE)));
    let pictures = [picture(Side::White), picture(Side::Black)];
    commands.insert_resource(PaletteArt { pictures });
}

/// The triangles of a flat mesh lying on y = 0, as (x, z) corners.
fn triangles(mesh: &Mesh) -> Vec<[Vec2; 3]> {
    let Some(VertexAttributeValues::Float32x3(positions)) =
        mesh.attribute(Mesh::ATTRIBUTE_POSITION)
    else {
        return Vec::new();
    };
    let at = |i: usize| positions.get(i).map(|p| Vec2::new(p[0], p[2]));
    let corners: Vec<usize> = match mesh.indices() {
        Some(indices) => indices.iter().collect(),
        None => (0..positions.len()).collect(),
    };
    corners
        .chunks_exact(3)
        .filter_map(|t| Some([at(t[0])?, at(t[1])?, at(t[2])?]))
        .collect()
}

/// Adds `weight` for every sample point of every pixel inside each triangle (4×4 samples a
/// pixel); `to_pixel` maps mesh (x, z) to picture pixels.
fn cover(coverage: &mut [f32], size: u32, tris: &[[Vec2; 3]], to_pixel: impl Fn(Vec2) -> Vec2) {
    const SAMPLES: u32 = 4;
    let weight = 1.0 / (SAMPLES * SAMPLES) as f32;
    for tri in tris {
        let [a, b, c] = tri.map(&to_pixel);
        let area = (b - a).perp_dot(c - a);
        if area.abs() < 1e-9 {
            continue;
        }
        let lo = a.min(b).min(c).floor().max(Vec2::ZERO);
        let hi = a.max(b).max(c).ceil().min(Vec2::splat(size as f32));
        for y in lo.y as u32..hi.y as u32 {
            for x in lo.x as u32..hi.x as u32 {
                for sy in 0..SAMPLES {
                    for sx in 0..SAMPLES {
                        let p = Vec2::new(
                            x as f32 + (sx as f32 + 0.5) / SAMPLES as f32,
                            y as f32 + (sy as f32 + 0.5) / SAMPLES as f32,
                        );
                        let w0 = (b - a).perp_dot(p - a) / area;
                        let w1 = (c - b).perp_dot(p - b) / area;
                        let w2 = (a - c).perp_dot(p - c) / area;
                        if w0 >= 0.0 && w1 >= 0.0 && w2 >= 0.0 {
                            let i = (y * size + x) as usize;
                            coverage[i] = (coverage[i] + weight).min(1.0);
                        }
                    }
                }
            }
        }
    }
}

/// A piece's symbol in its side's colours over a transparent ground, `size` pixels square,
/// with the symbol's top at the picture's top (the symbol's −z).
pub(super) fn symbol_picture(kind: PieceKind, side: Side, size: u32) -> Image {
    let fill = triangles(&models::piece_symbol_mesh(kind));
    let outline = triangles(&models::piece_symbol_outline_mesh(kind));
    // Centre the outline's bounds in the picture.
    let (lo, hi) = outline.iter().flatten().fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), &p| (lo.min(p), hi.max(p)),
    );
    let centre = if lo.x <= hi.x {
        (lo + hi) / 2.0
    } else {
        Vec2::ZERO
    };
    let scale = size as f32 / SPAN;
    let to_pixel = |p: Vec2| (p - centre) * scale + Vec2::splat(size as f32 / 2.0);
    let n = (size * size) as usize;
    let (mut under, mut over) = (vec![0.0; n], vec![0.0; n]);
    cover(&mut under, size, &outline, to_pixel);
    cover(&mut over, size, &fill, to_pixel);
    let (fill_colour, rim_colour) = match side {
        Side::White => (Color::srgb(1.0, 0.99, 0.95), models::WHITE_OUTLINE),
        Side::Black => (models::BLACK_PIECE, models::BLACK_OUTLINE),
    };
    let (f, r) = (fill_colour.to_srgba(), rim_colour.to_srgba());
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    let mut data = Vec::with_capacity(n * 4);
    for i in 0..n {
        // The fill lies over the outline: blend by the fill's coverage.
        let (u, o) = (under[i].max(over[i]), over[i]);
        let mix = |fc: f32, rc: f32| {
            if u > 0.0 {
                rc + (fc - rc) * (o / u)
            } else {
                0.0
            }
        };
        data.extend([
            byte(mix(f.red, r.red)),
            byte(mix(f.green, r.green)),
            byte(mix(f.blue, r.blue)),
            byte(u),
        ]);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The picture's pixel at (x, y) as RGBA bytes.
    fn pixel(image: &Image, x: u32, y: u32) -> [u8; 4] {
        let data = image.data.as_ref().expect("pixels");
        let i = ((y * image.width() + x) * 4) as usize;
        [data[i], data[i + 1], data[i + 2], data[i + 3]]
    }

    #[test]
    fn each_symbol_fills_its_picture_in_its_side_colours() {
        for kind in PieceKind::ALL {
            let white = symbol_picture(kind, Side::White, 64);
            let black = symbol_picture(kind, Side::Black, 64);
            let opaque = |image: &Image| {
                (0..64)
                    .flat_map(|y| (0..64).map(move |x| (x, y)))
                    .filter(|&(x, y)| pixel(image, x, y)[3] > 200)
                    .count()
            };
            let covered = opaque(&white);
            // A symbol covers a good part of its picture but not all of it.
            assert!(
                (400..3000).contains(&covered),
                "{kind}: {covered} opaque pixels"
            );
            assert_eq!(covered, opaque(&black), "{kind}: same shape for both sides");
            // The corners are empty; the middle column holds the side's fill somewhere.
            assert_eq!(pixel(&white, 0, 0)[3], 0, "{kind}");
            let bright = (0..64).any(|y| pixel(&white, 32, y)[0] > 220);
            let dark = (0..64).any(|y| {
                let p = pixel(&black, 32, y);
                p[3] > 200 && p[0] < 70
            });
            assert!(bright && dark, "{kind}: white {bright}, black {dark}");
        }
    }
}
