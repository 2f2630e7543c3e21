//! Flat symbols: a piece's side-view silhouette as convex pieces, with thin cuts that let the
//! outline show through as inner lines (like the strokes inside a printed chess glyph).

use bevy::math::{Vec2, Vec3};

use super::mesh::MeshData;

/// The region `n · p <= d`.
#[derive(Clone, Copy, Debug)]
pub(super) struct HalfPlane {
    pub n: Vec2,
    pub d: f32,
}

/// A convex region (intersection of half-planes) removed from the fill.
pub(super) type Cut = Vec<HalfPlane>;

/// A symbol in side-view coordinates (x right, y up, piece units).
#[derive(Clone, Debug, Default)]
pub(super) struct Symbol {
    /// Convex polygons whose union is the silhouette.
    pub parts: Vec<Vec<Vec2>>,
    /// Convex regions left out of the fill (inner lines, the bishop's slit).
    pub cuts: Vec<Cut>,
}

/// A horizontal band of height `gap` about `y`.
pub(super) fn band(y: f32, gap: f32) -> Cut {
    vec![
        HalfPlane {
            n: Vec2::Y,
            d: y + gap / 2.0,
        },
        HalfPlane {
            n: -Vec2::Y,
            d: -(y - gap / 2.0),
        },
    ]
}

/// A strip of width `width` starting at `origin` and running on along `dir` (unit).
pub(super) fn ray_strip(origin: Vec2, dir: Vec2, width: f32) -> Cut {
    let n = Vec2::new(-dir.y, dir.x);
    vec![
        HalfPlane {
            n,
            d: n.dot(origin) + width / 2.0,
        },
        HalfPlane {
            n: -n,
            d: -n.dot(origin) + width / 2.0,
        },
        HalfPlane {
            n: -dir,
            d: -dir.dot(origin),
        },
    ]
}

/// The part of a convex polygon where `n · p <= d` (Sutherland–Hodgman against one edge).
fn clip(poly: &[Vec2], n: Vec2, d: f32) -> Vec<Vec2> {
    let mut out = Vec::with_capacity(poly.len() + 1);
    for (i, &a) in poly.iter().enumerate() {
        let b = poly[(i + 1) % poly.len()];
        let (da, db) = (n.dot(a) - d, n.dot(b) - d);
        if da <= 0.0 {
            out.push(a);
        }
        if (da < 0.0 && db > 0.0) || (da > 0.0 && db < 0.0) {
            out.push(a + (b - a) * (da / (da - db)));
        }
    }
    out
}

/// A convex polygon minus a convex region, as convex pieces.
fn subtract(poly: &[Vec2], cut: &Cut) -> Vec<Vec<Vec2>> {
    let mut pieces = Vec::new();
    let mut rest = poly.to_vec();
    for h in cut {
        let outside = clip(&rest, -h.n, -h.d);
        if outside.len() >= 3 {
            pieces.push(outside);
        }
        rest = clip(&rest, h.n, h.d);
        if rest.len() < 3 {
            return pieces;
        }
    }
    pieces
}

/// Convex hull (Andrew's monotone chain), counter-clockwise.
fn hull(mut pts: Vec<Vec2>) -> Vec<Vec2> {
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let cross = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o);
    let mut lower: Vec<Vec2> = Vec::new();
    for &p in &pts {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= 0.0 {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<Vec2> = Vec::new();
    for &p in pts.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= 0.0 {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// Where a symbol lands on the ground plane: side-view (x, y) to (X, 0, Z) with "up" to −Z.
#[derive(Clone, Copy, Debug)]
pub(super) struct Placement {
    pub centre: Vec2,
    /// Board units per piece unit, across and up.
    pub scale: Vec2,
}

impl Placement {
    /// Centres the parts' bounding box on the origin and scales it to `height`, `widen` times
    /// wider than the model's proportions (slender pieces read better a little broader in 2D).
    pub fn fit(parts: &[Vec<Vec2>], height: f32, widen: f32) -> Placement {
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for p in parts.iter().flatten() {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        let scale = height / (hi.y - lo.y);
        Placement {
            centre: (lo + hi) / 2.0,
            scale: Vec2::new(scale * widen, scale),
        }
    }

    fn place(&self, p: Vec2) -> Vec3 {
        let q = (p - self.centre) * self.scale;
        Vec3::new(q.x, 0.0, -q.y)
    }
}

/// The fill: every part minus every cut, flat at y = 0 facing +Y.
pub(super) fn fill_mesh(symbol: &Symbol, at: Placement) -> MeshData {
    let mut mesh = MeshData::default();
    for part in &symbol.parts {
        let mut pieces = vec![part.clone()];
        for cut in &symbol.cuts {
            pieces = pieces.iter().flat_map(|p| subtract(p, cut)).collect();
        }
        for piece in pieces {
            let pts: Vec<Vec3> = piece.iter().map(|&p| at.place(p)).collect();
            mesh.flat_polygon(&pts, Vec3::Y);
        }
    }
    mesh
}

/// The outline: the silhouette grown by `margin` (symbol units) with round corners, as the
/// union of each part's Minkowski sum with a small polygonal disc.
pub(super) fn outline_mesh(symbol: &Symbol, at: Placement, margin: f32) -> MeshData {
    const DISC: usize = 10;
    let mut mesh = MeshData::default();
    for part in &symbol.parts {
        let grown: Vec<Vec2> = part
            .iter()
            .flat_map(|&p| {
                let c = at.place(p);
                (0..DISC).map(move |k| {
                    let a = std::f32::consts::TAU * (k as f32 + 0.5) / DISC as f32;
                    Vec2::new(c.x, c.z) + Vec2::new(a.cos(), a.sin()) * margin
                })
            })
            .collect();
        let pts: Vec<Vec3> = hull(grown)
            .into_iter()
            .map(|p| Vec3::new(p.x, 0.0, p.y))
            .collect();
        mesh.flat_polygon(&pts, Vec3::Y);
    }
    mesh
}
