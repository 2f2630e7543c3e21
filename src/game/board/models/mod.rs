//! Piece models (3D) and symbols (2D), generated in code: no model files to load or license.
//!
//! Each piece is one design (`pieces.rs`): a lathe profile (radius against height) plus a few
//! details that are not round (cross, crown, merlons, bent hat, mitre slit). The 3D model revolves
//! the profile; the 2D symbol mirrors it into a side-view silhouette, so both views agree.
//!
//! Units: a rhombus cell has side 1 (inscribed circle radius ≈ 0.43). Models stand on y = 0 with
//! Y up, within radius 0.30; symbols lie flat at y = 0 facing +Y with their top toward −Z.

mod details;
mod letter;
mod mesh;
mod pieces;
mod profile;
mod slit;
mod symbol;
#[cfg(test)]
mod tests;

use bevy::color::Color;
use bevy::math::{Rect, Vec2, Vec3};
use bevy::mesh::Mesh;

use crate::game::core::board::colour;
use crate::rules::{Look, PieceKind, Variant};
use crate::theme as palette;

use mesh::{MeshData, lathe};
use symbol::{Placement, Symbol, band};

/// Ivory for White: a touch cooler and brighter than the cream cells so pieces stand out on them
/// (the default theme's; the game draws with the chosen theme's).
pub const WHITE_PIECE: Color = colour(palette::IVORY_EBONY.white);
/// Ebony for Black: dark but not pure black, so shading still reads on the dark wood cells.
pub const BLACK_PIECE: Color = colour(palette::IVORY_EBONY.black);
/// The outline under a white symbol: near-black brown, crisp on every cell colour.
pub const WHITE_OUTLINE: Color = colour(palette::CLASSIC_SYMBOLS.white_outline);
/// The outline under a black symbol: pale cream, so it separates from dark cells.
pub const BLACK_OUTLINE: Color = colour(palette::CLASSIC_SYMBOLS.black_outline);
/// Suggested `perceptual_roughness` for piece materials: a soft satin polish.
pub const PIECE_ROUGHNESS: f32 = 0.38;

/// Segments around a turned body: within a pixel of round when zoomed in on a large window,
/// and few enough that 36 pieces stay cheap to draw (each triangle costs a software renderer
/// more than the pixels it covers).
const LATHE_SEGMENTS: usize = 16;
/// How far (piece units) a model's profile may stray from its design: a quarter of a pixel
/// at the usual size, half a pixel zoomed in on a large window.
const PROFILE_TOLERANCE: f32 = 0.005;
/// Outline width around a symbol, in board units.
const SYMBOL_MARGIN: f32 = 0.022;
/// Clear margin around a symbol's picture on its quad, in board units.
const QUAD_MARGIN: f32 = 0.02;
/// Width of the inner lines of a symbol, in board units.
const SYMBOL_GAP: f32 = 0.017;

/// Every look but the generic ones: what the board prepares at start.
pub const FIXED_LOOKS: [Look; 8] = [
    Look::Pawn,
    Look::Sorcerer,
    Look::Bishop,
    Look::Rook,
    Look::Queen,
    Look::King,
    Look::Knight,
    Look::Archer,
];

/// How Parachess draws one of its six kinds (the slots' meaning in Parachess).
pub fn parachess_look(kind: PieceKind) -> Look {
    Variant::parachess().look(kind)
}

/// Height of the 3D model, for placing things above a piece (markers, lift while moving). Builds
/// the model to measure it, so call it once per kind and keep the answer.
pub fn piece_height(look: Look) -> f32 {
    model_data(look)
        .positions
        .iter()
        .map(|p| p.y)
        .fold(0.0, f32::max)
}

/// The 3D model of a piece kind; the caller gives it a side's material.
pub fn piece_mesh(look: Look) -> Mesh {
    model_data(look).into_mesh()
}

/// The flat symbol (fill) for the top-down view; draw it just above its outline.
pub fn piece_symbol_mesh(look: Look) -> Mesh {
    let (symbol, at) = symbol(look);
    symbol::fill_mesh(&symbol, at).into_mesh()
}

/// The symbol grown by a small margin, drawn just beneath the fill in the outline colour.
pub fn piece_symbol_outline_mesh(look: Look) -> Mesh {
    let (symbol, at) = symbol(look);
    symbol::outline_mesh(&symbol, at, SYMBOL_MARGIN).into_mesh()
}

/// The bounds of a symbol with its outline, as (x, z) on the ground: what its picture shows.
pub fn piece_symbol_bounds(look: Look) -> Rect {
    let (symbol, at) = symbol(look);
    let outline = symbol::outline_mesh(&symbol, at, SYMBOL_MARGIN);
    outline
        .positions
        .iter()
        .fold(Rect::EMPTY, |r, p| r.union_point(Vec2::new(p.x, p.z)))
}

/// The area the board's flat quad for a symbol covers: its bounds with a clear margin, so
/// the picture's smoothed edge lies inside the quad.
pub fn piece_symbol_quad_rect(look: Look) -> Rect {
    piece_symbol_bounds(look).inflate(QUAD_MARGIN)
}

/// The flat quad the board draws a symbol's picture on, facing +Y, (0, 0) of the picture at
/// its top-left (−x, −z).
pub fn piece_symbol_quad(look: Look) -> Mesh {
    let r = piece_symbol_quad_rect(look);
    let mut mesh = MeshData::default();
    let corner = |x: f32, z: f32, u: f32, v: f32, mesh: &mut MeshData| {
        mesh.vertex(Vec3::new(x, 0.0, z), Vec3::Y, Vec2::new(u, v))
    };
    // Counter-clockwise seen from above: bottom-left, bottom-right, top-right, top-left.
    let a = corner(r.min.x, r.max.y, 0.0, 1.0, &mut mesh);
    let b = corner(r.max.x, r.max.y, 1.0, 1.0, &mut mesh);
    let c = corner(r.max.x, r.min.y, 1.0, 0.0, &mut mesh);
    let d = corner(r.min.x, r.min.y, 0.0, 0.0, &mut mesh);
    mesh.triangle(a, b, c);
    mesh.triangle(a, c, d);
    mesh.into_mesh()
}

fn model_data(look: Look) -> MeshData {
    let design = pieces::design(look);
    let body = design.body.simplified(PROFILE_TOLERANCE);
    let mut mesh = lathe(&body, LATHE_SEGMENTS);
    if let Some(slit) = &design.slit {
        mesh = slit.apply(&mesh, &body);
    }
    for detail in &design.details {
        mesh.append(detail.mesh());
    }
    mesh
}

/// Symbol height in board units (about 0.6, the pawn smaller and the king a little taller) and
/// how much to widen it: tall, slender pieces look thin as flat symbols.
fn symbol_size(look: Look) -> (f32, f32) {
    match look {
        Look::Pawn => (0.48, 1.0),
        Look::Rook => (0.55, 1.0),
        Look::Bishop | Look::Sorcerer => (0.6, 1.1),
        Look::Knight | Look::Archer => (0.6, 1.0),
        // A letter reads best at its own proportions, a little larger than a minor piece.
        Look::Generic(_) => (0.62, 1.05),
        Look::Queen => (0.62, 1.15),
        Look::King => (0.64, 1.2),
    }
}

fn symbol(look: Look) -> (Symbol, Placement) {
    let design = pieces::design(look);
    let mut parts = design.body.silhouette();
    for detail in &design.details {
        parts.extend(detail.symbol());
    }
    let (height, widen) = symbol_size(look);
    let at = Placement::fit(&parts, height, widen);
    let gap = SYMBOL_GAP / at.scale.y;
    let mut cuts: Vec<_> = design.lines.iter().map(|&y| band(y, gap)).collect();
    if let Some(slit) = &design.slit {
        cuts.push(slit.symbol_cut(gap));
    }
    (Symbol { parts, cuts }, at)
}
