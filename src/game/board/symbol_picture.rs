//! Pieces' 2D symbols as pictures: the very meshes of [`models::piece_symbol_mesh`] over its
//! outline, filled into an image on the CPU at start.
//!
//! The flat board view draws each symbol as one quad with its picture, and the editor's palette
//! shows the same pictures. Drawn as meshes, a symbol was some forty overlapping strips a pixel
//! or two high: a software renderer shades every small triangle in whole blocks of pixels, and
//! the 36 symbols cost four times the pixels they cover.

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::mesh::VertexAttributeValues;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::game::board::models;
use crate::game::core::board::colour;
use crate::rules::{Look, Side};
use crate::theme::SymbolColours;

/// Picture pixels per board unit on the board: sharp when zoomed in on a large window; mipmaps
/// keep it smooth at the usual size.
const BOARD_PIXELS_PER_UNIT: f32 = 256.0;

/// The fill and outline colours of a side's symbol in a colouring.
fn colours(side: Side, style: &SymbolColours) -> (Color, Color) {
    match side {
        Side::White => (colour(style.white_fill), colour(style.white_outline)),
        Side::Black => (colour(style.black_fill), colour(style.black_outline)),
    }
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
fn cover(coverage: &mut [f32], size: UVec2, tris: &[[Vec2; 3]], to_pixel: impl Fn(Vec2) -> Vec2) {
    const SAMPLES: u32 = 4;
    let weight = 1.0 / (SAMPLES * SAMPLES) as f32;
    for tri in tris {
        let [a, b, c] = tri.map(&to_pixel);
        let area = (b - a).perp_dot(c - a);
        if area.abs() < 1e-9 {
            continue;
        }
        let lo = a.min(b).min(c).floor().max(Vec2::ZERO);
        let hi = a.max(b).max(c).ceil().min(size.as_vec2());
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
                            let i = (y * size.x + x) as usize;
                            coverage[i] = (coverage[i] + weight).min(1.0);
                        }
                    }
                }
            }
        }
    }
}

/// How much of each pixel the outline and the fill cover, for a picture `size` pixels large of
/// the area `rect` (board units, (x, z) in the symbol's frame; z down the picture).
struct Coverage {
    size: UVec2,
    outline: Vec<f32>,
    fill: Vec<f32>,
}

impl Coverage {
    fn of(look: Look, rect: Rect, size: UVec2) -> Coverage {
        let fill = triangles(&models::piece_symbol_mesh(look));
        let outline = triangles(&models::piece_symbol_outline_mesh(look));
        let scale = size.as_vec2() / rect.size();
        let to_pixel = |p: Vec2| (p - rect.min) * scale;
        let n = (size.x * size.y) as usize;
        let mut coverage = Coverage {
            size,
            outline: vec![0.0; n],
            fill: vec![0.0; n],
        };
        cover(&mut coverage.outline, size, &outline, to_pixel);
        cover(&mut coverage.fill, size, &fill, to_pixel);
        coverage
    }

    /// RGBA bytes (sRGB) in `side`'s colours. Empty pixels carry the outline's colour, fully
    /// transparent, so filtering never darkens or lightens the symbol's edge.
    fn paint(&self, side: Side, style: &SymbolColours) -> Vec<u8> {
        let (fill, rim) = colours(side, style);
        let (f, r) = (fill.to_srgba(), rim.to_srgba());
        let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
        let mut data = Vec::with_capacity(self.fill.len() * 4);
        for (&under, &over) in self.outline.iter().zip(&self.fill) {
            // The fill lies over the outline: blend by the fill's share of what is covered.
            let covered = under.max(over);
            let t = if covered > 0.0 { over / covered } else { 0.0 };
            let mix = |fc: f32, rc: f32| rc + (fc - rc) * t;
            data.extend([
                byte(mix(f.red, r.red)),
                byte(mix(f.green, r.green)),
                byte(mix(f.blue, r.blue)),
                byte(covered),
            ]);
        }
        data
    }
}

fn image(size: UVec2, data: Vec<u8>) -> Image {
    Image::new(
        Extent3d {
            width: size.x,
            height: size.y,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// A piece's symbol in its side's colours over a transparent ground, `pixels` square, showing
/// `span` board units centred on the symbol, its top at the picture's top (the palette's
/// pictures).
pub(crate) fn symbol_picture(look: Look, side: Side, span: f32, pixels: u32) -> Image {
    let centre = models::piece_symbol_bounds(look).center();
    let rect = Rect::from_center_size(centre, Vec2::splat(span));
    let size = UVec2::splat(pixels.max(1));
    let style = &crate::theme::CLASSIC_SYMBOLS;
    image(size, Coverage::of(look, rect, size).paint(side, style))
}

/// Where a look's symbol covers its board quad: measured once, painted in any colouring (a new
/// theme repaints without measuring again).
pub(crate) struct BoardCoverage(Coverage);

impl BoardCoverage {
    /// The coverage of `look`'s symbol on the quad of [`models::piece_symbol_quad`].
    pub(crate) fn of(look: Look) -> BoardCoverage {
        let rect = models::piece_symbol_quad_rect(look);
        let size = (rect.size() * BOARD_PIXELS_PER_UNIT)
            .ceil()
            .as_uvec2()
            .max(UVec2::ONE);
        BoardCoverage(Coverage::of(look, rect, size))
    }

    /// The pictures the board draws the symbol with in `style`, `[white, black]`, with
    /// mipmaps so they stay smooth when drawn small.
    pub(crate) fn pictures(&self, style: &SymbolColours) -> [Image; 2] {
        let c = &self.0;
        [Side::White, Side::Black].map(|side| with_mipmaps(c.size, c.paint(side, style)))
    }
}

/// An image with its whole chain of mipmaps, each level the 2×2 average of the one above.
fn with_mipmaps(size: UVec2, level0: Vec<u8>) -> Image {
    let mut picture = image(size, level0);
    let mut data = picture.data.take().unwrap_or_default();
    let (mut level, mut at, mut levels) = (size, 0, 1);
    while level.x > 1 || level.y > 1 {
        let next = (level / 2).max(UVec2::ONE);
        let above = &data[at..];
        let mut below = Vec::with_capacity((next.x * next.y * 4) as usize);
        for y in 0..next.y {
            for x in 0..next.x {
                for channel in 0..4 {
                    let mut sum = 0u32;
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        let sx = (2 * x + dx).min(level.x - 1);
                        let sy = (2 * y + dy).min(level.y - 1);
                        sum += u32::from(above[((sy * level.x + sx) * 4 + channel) as usize]);
                    }
                    below.push(((sum + 2) / 4) as u8);
                }
            }
        }
        at = data.len();
        data.extend(below);
        level = next;
        levels += 1;
    }
    picture.data = Some(data);
    picture.texture_descriptor.mip_level_count = levels;
    picture.sampler = ImageSampler::linear();
    picture
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

    /// Every fixed look and a few generic ones.
    fn looks() -> Vec<Look> {
        let mut looks = models::FIXED_LOOKS.to_vec();
        looks.extend("AMWZ".chars().map(Look::Generic));
        looks
    }

    fn opaque(image: &Image) -> usize {
        let (w, h) = (image.width(), image.height());
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| pixel(image, x, y)[3] > 200)
            .count()
    }

    #[test]
    fn each_symbol_fills_its_picture_in_its_side_colours() {
        for kind in looks() {
            let white = symbol_picture(kind, Side::White, 0.78, 64);
            let black = symbol_picture(kind, Side::Black, 0.78, 64);
            let covered = opaque(&white);
            // A symbol covers a good part of its picture but not all of it.
            assert!(
                (400..3000).contains(&covered),
                "{kind:?}: {covered} opaque pixels"
            );
            assert_eq!(
                covered,
                opaque(&black),
                "{kind:?}: same shape for both sides"
            );
            // The corners are empty; the middle column holds the side's fill somewhere.
            assert_eq!(pixel(&white, 0, 0)[3], 0, "{kind:?}");
            let bright = (0..64).any(|y| pixel(&white, 32, y)[0] > 220);
            let dark = (0..64).any(|y| {
                let p = pixel(&black, 32, y);
                p[3] > 200 && p[0] < 70
            });
            assert!(bright && dark, "{kind:?}: white {bright}, black {dark}");
        }
    }

    #[test]
    fn board_pictures_fill_their_quads_with_a_clear_rim_and_carry_every_mipmap() {
        for kind in looks() {
            for (side, picture) in [Side::White, Side::Black]
                .into_iter()
                .zip(BoardCoverage::of(kind).pictures(&crate::theme::CLASSIC_SYMBOLS))
            {
                let (w, h) = (picture.width(), picture.height());
                // The quad is the outline's bounds plus a margin: the symbol reaches near each
                // side, and the border pixels stay clear so the quad's edge never shows.
                let covered = opaque(&picture);
                let area = (w * h) as usize;
                assert!(covered * 3 > area, "{side:?} {kind:?}: {covered} of {area}");
                for x in 0..w {
                    assert_eq!(pixel(&picture, x, 0)[3], 0, "{side:?} {kind:?}: top row");
                    assert_eq!(pixel(&picture, x, h - 1)[3], 0, "{side:?} {kind:?}: bottom");
                }
                for y in 0..h {
                    assert_eq!(pixel(&picture, 0, y)[3], 0, "{side:?} {kind:?}: left");
                    assert_eq!(pixel(&picture, w - 1, y)[3], 0, "{side:?} {kind:?}: right");
                }
                // Every level down to 1×1, each a quarter of the one above.
                let levels = picture.texture_descriptor.mip_level_count;
                assert_eq!(levels, 32 - w.max(h).leading_zeros(), "{side:?} {kind:?}");
                let mut expected = 0;
                let mut level = UVec2::new(w, h);
                for _ in 0..levels {
                    expected += (level.x * level.y * 4) as usize;
                    level = (level / 2).max(UVec2::ONE);
                }
                let data = picture.data.as_ref().expect("pixels");
                assert_eq!(data.len(), expected, "{side:?} {kind:?}");
                // The smallest level is the symbol's average: partly covered, in its colours.
                let last = &data[data.len() - 4..];
                assert!(last[3] > 40 && last[3] < 255, "{side:?} {kind:?}: {last:?}");
            }
        }
    }
}
