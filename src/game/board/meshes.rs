//! Board geometry turned into meshes: tiles, the frame, markers.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// A convex polygon (board coordinates, counter-clockwise) moved inward by `d` on every side
/// (outward when `d` is negative): how tiles get their grout and the frame its margin.
pub fn offset_polygon(points: &[Vec2], d: f32) -> Vec<Vec2> {
    let n = points.len();
    let line = |i: usize| {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let dir = (b - a).normalize_or_zero();
        let inward = Vec2::new(-dir.y, dir.x);
        (a + inward * d, dir)
    };
    (0..n)
        .map(|i| {
            let (p1, d1) = line((i + n - 1) % n);
            let (p2, d2) = line(i);
            // Intersect p1 + t·d1 with p2 + s·d2.
            let denom = d1.perp_dot(d2);
            if denom.abs() < 1e-6 {
                p2
            } else {
                p1 + d1 * ((p2 - p1).perp_dot(d2) / denom)
            }
        })
        .collect()
}

/// Every cell corner of the board, in board coordinates: what the frame is fitted around.
pub fn board_corners() -> Vec<Vec2> {
    crate::rules::board()
        .cells()
        .iter()
        .flat_map(|c| c.corners_xy())
        .map(Vec2::from)
        .collect()
}

/// The board's outline, counter-clockwise: the cell sides that belong to one cell only, joined
/// into a loop.
pub fn board_outline() -> Vec<Vec2> {
    let key = |p: Vec2| ((p.x * 4096.0).round() as i64, (p.y * 4096.0).round() as i64);
    let mut sides = std::collections::HashSet::new();
    let mut points = std::collections::HashMap::new();
    for cell in crate::rules::board().cells() {
        let corners = cell.corners_xy().map(Vec2::from);
        for i in 0..4 {
            sides.insert((key(corners[i]), key(corners[(i + 1) % 4])));
            points.insert(key(corners[i]), corners[i]);
        }
    }
    // A side shared by two cells runs both ways (each cell is counter-clockwise).
    let outer: std::collections::HashMap<_, _> = sides
        .iter()
        .filter(|&&(a, b)| !sides.contains(&(b, a)))
        .copied()
        .collect();
    let Some(&first) = outer.keys().min() else {
        return Vec::new();
    };
    let mut outline = Vec::with_capacity(outer.len());
    let mut at = first;
    while let Some(&next) = outer.get(&at) {
        outline.push(points[&next]);
        at = next;
        if at == first || outline.len() > outer.len() {
            break;
        }
    }
    outline
}

/// The notches between the board's convex hull and its outline, each counter-clockwise: where
/// the frame shows inside the hull.
pub fn board_notches() -> Vec<Vec<Vec2>> {
    let outline = board_outline();
    let on_outline = |h: &Vec2| outline.iter().position(|p| p.distance(*h) < 1e-4);
    let corners: Vec<usize> = convex_hull(&board_corners())
        .iter()
        .filter_map(on_outline)
        .collect();
    let n = outline.len();
    let mut notches = Vec::new();
    for (k, &from) in corners.iter().enumerate() {
        let to = corners[(k + 1) % corners.len()];
        let steps = (to + n - from) % n;
        if steps < 2 {
            continue;
        }
        // From corner to corner the outline runs inside the hull's side; back along the side
        // closes the notch, which is then clockwise.
        let mut notch: Vec<Vec2> = (0..=steps).map(|i| outline[(from + i) % n]).collect();
        notch.reverse();
        notches.push(notch);
    }
    notches
}

/// Triangles covering a simple polygon (counter-clockwise), as index triples, by ear clipping.
pub fn triangulate(polygon: &[Vec2]) -> Vec<[usize; 3]> {
    let cross = |a: Vec2, b: Vec2, c: Vec2| (b - a).perp_dot(c - b);
    // Points on a straight stretch change nothing: leave them out.
    let n = polygon.len();
    let mut left: Vec<usize> = (0..n)
        .filter(|&i| cross(polygon[(i + n - 1) % n], polygon[i], polygon[(i + 1) % n]).abs() > 1e-6)
        .collect();
    let mut triangles = Vec::new();
    while left.len() > 3 {
        let m = left.len();
        let ear = (0..m).find(|&i| {
            let (a, b, c) = (left[(i + m - 1) % m], left[i], left[(i + 1) % m]);
            let (pa, pb, pc) = (polygon[a], polygon[b], polygon[c]);
            cross(pa, pb, pc) > 1e-6
                && left.iter().all(|&j| {
                    let p = polygon[j];
                    j == a
                        || j == b
                        || j == c
                        || cross(pa, pb, p) < 0.0
                        || cross(pb, pc, p) < 0.0
                        || cross(pc, pa, p) < 0.0
                })
        });
        let Some(i) = ear else {
            // Not simple after all: stop rather than loop.
            return triangles;
        };
        triangles.push([left[(i + m - 1) % m], left[i], left[(i + 1) % m]]);
        left.remove(i);
    }
    if let [a, b, c] = left[..]
        && cross(polygon[a], polygon[b], polygon[c]) > 1e-6
    {
        triangles.push([a, b, c]);
    }
    triangles
}

/// The convex hull of `points`, counter-clockwise (Andrew's monotone chain).
pub fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let mut pts: Vec<Vec2> = points.to_vec();
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup_by(|a, b| a.distance(*b) < 1e-5);
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<Vec2> = Vec::with_capacity(pts.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &Vec2>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &p in iter {
            while hull.len() >= start + 2 {
                let (a, b) = (hull[hull.len() - 2], hull[hull.len() - 1]);
                if (b - a).perp_dot(p - a) <= 1e-4 {
                    hull.pop();
                } else {
                    break;
                }
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// Collects triangles and orients each so its winding faces along the given normal.
#[derive(Default)]
pub struct MeshBuilder {
    positions: Vec<[f32; 3]>,
    normals: Vec<[f32; 3]>,
    uvs: Vec<[f32; 2]>,
    indices: Vec<u32>,
}

impl MeshBuilder {
    /// Adds a flat convex polygon facing `normal` (vertices in any rotational order).
    pub fn polygon(&mut self, vertices: &[Vec3], normal: Vec3) {
        if vertices.len() < 3 {
            return;
        }
        let base = self.positions.len() as u32;
        for v in vertices {
            self.positions.push(v.to_array());
            self.normals.push(normal.to_array());
            self.uvs.push([v.x, v.z]);
        }
        for i in 1..vertices.len() as u32 - 1 {
            let (a, b, c) = (0, i, i + 1);
            let (pa, pb, pc) = (
                vertices[a as usize],
                vertices[b as usize],
                vertices[c as usize],
            );
            if (pb - pa).cross(pc - pa).dot(normal) >= 0.0 {
                self.indices.extend([base + a, base + b, base + c]);
            } else {
                self.indices.extend([base + a, base + c, base + b]);
            }
        }
    }

    /// Adds a prism over a convex board polygon (board x/y → world x/−z) from `y0` to `y1`.
    pub fn prism(&mut self, outline: &[Vec2], y0: f32, y1: f32) {
        let world = |p: Vec2, y: f32| Vec3::new(p.x, y, -p.y);
        let top: Vec<Vec3> = outline.iter().map(|&p| world(p, y1)).collect();
        self.polygon(&top, Vec3::Y);
        self.walls(outline, y0, y1);
    }

    /// Adds the flat top (at height `y`) of the ring between a convex board polygon and the
    /// same polygon `inner` moved inward (as many corners, in the same order).
    pub fn ring_top(&mut self, outer: &[Vec2], inner: &[Vec2], y: f32) {
        let world = |p: Vec2| Vec3::new(p.x, y, -p.y);
        let n = outer.len().min(inner.len());
        for i in 0..n {
            let j = (i + 1) % n;
            self.polygon(
                &[outer[i], outer[j], inner[j], inner[i]].map(world),
                Vec3::Y,
            );
        }
    }

    /// Adds the walls (from `y0` to `y1`) around a convex board polygon, facing out.
    pub fn walls(&mut self, outline: &[Vec2], y0: f32, y1: f32) {
        let world = |p: Vec2, y: f32| Vec3::new(p.x, y, -p.y);
        let n = outline.len();
        for i in 0..n {
            let (a, b) = (outline[i], outline[(i + 1) % n]);
            let dir = (b - a).normalize_or_zero();
            let out = Vec2::new(dir.y, -dir.x);
            self.polygon(
                &[world(a, y0), world(b, y0), world(b, y1), world(a, y1)],
                Vec3::new(out.x, 0.0, -out.y),
            );
        }
    }

    /// The finished mesh.
    pub fn build(self) -> Mesh {
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, self.normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, self.uvs)
        .with_inserted_indices(Indices::U32(self.indices))
    }
}

/// A flat disc (move marker) or ring (capture marker) lying on y = 0, facing up.
pub fn ring(inner: f32, outer: f32, segments: usize) -> Mesh {
    let mut b = MeshBuilder::default();
    for i in 0..segments {
        let a0 = i as f32 / segments as f32 * std::f32::consts::TAU;
        let a1 = (i + 1) as f32 / segments as f32 * std::f32::consts::TAU;
        let p = |r: f32, a: f32| Vec3::new(r * a.cos(), 0.0, r * a.sin());
        if inner <= 0.0 {
            b.polygon(&[Vec3::ZERO, p(outer, a0), p(outer, a1)], Vec3::Y);
        } else {
            b.polygon(
                &[p(inner, a0), p(outer, a0), p(outer, a1), p(inner, a1)],
                Vec3::Y,
            );
        }
    }
    b.build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsetting_a_square_moves_every_side() {
        let sq = [
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
        ];
        let inner = offset_polygon(&sq, 0.1);
        assert!(inner[0].distance(Vec2::new(0.1, 0.1)) < 1e-5);
        assert!(inner[2].distance(Vec2::new(0.9, 0.9)) < 1e-5);
        let outer = offset_polygon(&sq, -0.1);
        assert!(outer[0].distance(Vec2::new(-0.1, -0.1)) < 1e-5);
    }

    #[test]
    fn the_hull_of_the_board_is_a_hexagon_around_every_corner() {
        let corners = board_corners();
        let hull = convex_hull(&corners);
        assert_eq!(hull.len(), 6);
        for p in &corners {
            for i in 0..hull.len() {
                let (a, b) = (hull[i], hull[(i + 1) % hull.len()]);
                assert!((b - a).perp_dot(*p - a) >= -1e-4);
            }
        }
    }

    fn area(polygon: &[Vec2]) -> f32 {
        let n = polygon.len();
        (0..n)
            .map(|i| polygon[i].perp_dot(polygon[(i + 1) % n]) / 2.0)
            .sum()
    }

    #[test]
    fn the_board_outline_encloses_exactly_the_cells() {
        let outline = board_outline();
        let cells: f32 = crate::rules::board()
            .cells()
            .iter()
            .map(|c| area(&c.corners_xy().map(Vec2::from)))
            .sum();
        assert!(outline.len() > 6);
        assert!(
            (area(&outline) - cells).abs() < 1e-3,
            "{} {cells}",
            area(&outline)
        );
        // Every hull corner is on the outline.
        for h in convex_hull(&board_corners()) {
            assert!(outline.iter().any(|p| p.distance(h) < 1e-4), "{h}");
        }
    }

    #[test]
    fn the_notches_fill_the_hull_around_the_board_exactly() {
        let hull = area(&convex_hull(&board_corners()));
        let board = area(&board_outline());
        let notches = board_notches();
        assert!(!notches.is_empty());
        let mut filled = 0.0;
        for notch in &notches {
            assert!(area(notch) > 0.0, "{notch:?}");
            filled += triangulate(notch)
                .iter()
                .map(|t| area(&t.map(|i| notch[i])))
                .sum::<f32>();
        }
        assert!(
            (filled - (hull - board)).abs() < 1e-3,
            "{filled} {hull} {board}"
        );
    }

    #[test]
    fn ear_clipping_covers_a_notched_polygon() {
        // An L shape, with a redundant point on one side.
        let l = [
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(0.0, 2.0),
        ];
        let triangles = triangulate(&l);
        assert_eq!(triangles.len(), 4);
        let covered: f32 = triangles.iter().map(|t| area(&t.map(|i| l[i]))).sum();
        assert!((covered - 3.0).abs() < 1e-5);
        assert!(triangles.iter().all(|t| area(&t.map(|i| l[i])) > 0.0));
    }

    #[test]
    fn prism_faces_point_outward() {
        let mut b = MeshBuilder::default();
        let sq = [
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
        ];
        b.prism(&sq, 0.0, 0.1);
        let centre = Vec3::new(0.5, 0.05, -0.5);
        for tri in b.indices.chunks(3) {
            let p: Vec<Vec3> = tri
                .iter()
                .map(|&i| Vec3::from(b.positions[i as usize]))
                .collect();
            let n = (p[1] - p[0]).cross(p[2] - p[0]);
            let mid = (p[0] + p[1] + p[2]) / 3.0;
            assert!(n.dot(mid - centre) > 0.0, "inward face {p:?}");
        }
    }
}
