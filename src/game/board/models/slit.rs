//! The bishop's mitre slit: a saw cut through a turned body, made by clipping its triangles and
//! closing the gap with flat walls. The same numbers cut the 2D symbol.

use bevy::math::{Vec2, Vec3};

use super::mesh::MeshData;
use super::profile::Profile;
use super::symbol::{Cut, ray_strip};

/// A straight cut through the whole depth (along Z): a strip of `width` in the XY plane that
/// starts at `origin` and runs out along `dir` (unit) past the surface.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slit {
    pub origin: Vec2,
    pub dir: Vec2,
    pub width: f32,
}

/// A clipped vertex: position, normal, UV.
#[derive(Clone, Copy)]
struct V {
    p: Vec3,
    n: Vec3,
    uv: Vec2,
}

impl V {
    fn lerp(self, o: V, t: f32) -> V {
        V {
            p: self.p.lerp(o.p, t),
            n: self.n.lerp(o.n, t).normalize_or(self.n),
            uv: self.uv.lerp(o.uv, t),
        }
    }
}

/// Splits a convex polygon by the plane `n · p = d` into the parts below and above.
fn split(poly: &[V], n: Vec3, d: f32) -> [Vec<V>; 2] {
    let mut parts = [Vec::new(), Vec::new()];
    for (i, &a) in poly.iter().enumerate() {
        let b = poly[(i + 1) % poly.len()];
        let (da, db) = (n.dot(a.p) - d, n.dot(b.p) - d);
        if da <= 0.0 {
            parts[0].push(a);
        }
        if da >= 0.0 {
            parts[1].push(a);
        }
        if (da < 0.0 && db > 0.0) || (da > 0.0 && db < 0.0) {
            let m = a.lerp(b, da / (da - db));
            parts[0].push(m);
            parts[1].push(m);
        }
    }
    parts
}

impl Slit {
    /// The cut as planes `n · p <= d` (3D, constant along Z).
    fn planes(&self) -> [(Vec3, f32); 3] {
        let n = Vec2::new(-self.dir.y, self.dir.x);
        let (o, w) = (self.origin, self.width / 2.0);
        [
            (n.extend(0.0), n.dot(o) + w),
            (-n.extend(0.0), -n.dot(o) + w),
            (-self.dir.extend(0.0), -self.dir.dot(o)),
        ]
    }

    fn inside(&self, p: Vec3) -> bool {
        self.planes().iter().all(|&(n, d)| n.dot(p) < d)
    }

    /// The same cut for the 2D symbol, at least `min_width` wide so it stays visible.
    pub fn symbol_cut(&self, min_width: f32) -> Cut {
        ray_strip(self.origin, self.dir, self.width.max(min_width))
    }

    /// Cuts a closed turned body: removes what lies inside the slit and adds its three walls.
    pub fn apply(&self, mesh: &MeshData, body: &Profile) -> MeshData {
        let mut out = MeshData::default();
        for tri in mesh.indices.chunks_exact(3) {
            let poly: Vec<V> = tri
                .iter()
                .map(|&i| {
                    let i = i as usize;
                    V {
                        p: mesh.positions[i],
                        n: mesh.normals[i],
                        uv: mesh.uvs[i],
                    }
                })
                .collect();
            let mut pieces = vec![poly];
            for (n, d) in self.planes() {
                pieces = pieces
                    .iter()
                    .flat_map(|p| split(p, n, d))
                    .filter(|p| p.len() >= 3)
                    .collect();
            }
            for piece in pieces {
                let centre = piece.iter().map(|v| v.p).sum::<Vec3>() / piece.len() as f32;
                if self.inside(centre) {
                    continue;
                }
                let first = out.positions.len() as u32;
                for v in &piece {
                    out.vertex(v.p, v.n, v.uv);
                }
                for k in 1..piece.len() as u32 - 1 {
                    out.triangle(first, first + k, first + k + 1);
                }
            }
        }
        self.walls(&mut out, body);
        out
    }

    /// The two faces of the cut and its end, each traced along its line in the XY plane and
    /// spanning the body's full depth there (the body is round, so depth is exact).
    fn walls(&self, out: &mut MeshData, body: &Profile) {
        let n = Vec2::new(-self.dir.y, self.dir.x);
        let half = self.width / 2.0;
        let depth = |q: Vec2| {
            let r = body.radius_at(q.y);
            (r * r - q.x * q.x).max(0.0).sqrt()
        };
        // How far along `dir` from `start` the body still has depth.
        let reach = |start: Vec2| {
            let (mut lo, mut hi) = (0.0f32, 1.0f32);
            for _ in 0..40 {
                let mid = (lo + hi) / 2.0;
                if depth(start + self.dir * mid) > 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        let mut face = |a: Vec2, b: Vec2, samples: usize, outward: Vec3| {
            let line: Vec<Vec2> = (0..=samples)
                .map(|k| a.lerp(b, k as f32 / samples as f32))
                .collect();
            let mut pts: Vec<Vec3> = line.iter().map(|&q| q.extend(-depth(q))).collect();
            pts.extend(line.iter().rev().map(|&q| q.extend(depth(q))));
            pts.dedup_by(|p, q| p.distance(*q) < 1e-7);
            // Fan from the middle so thin slivers at the ends stay well formed.
            let mid = line[samples / 2].extend(0.0);
            let mut fan = vec![mid];
            fan.extend(pts.iter().copied());
            fan.push(pts[0]);
            out.flat_polygon(&fan, outward);
        };
        for (side, outward) in [(-half, n), (half, -n)] {
            let start = self.origin + n * side;
            let end = start + self.dir * reach(start);
            face(start, end, 24, outward.extend(0.0));
        }
        face(
            self.origin - n * half,
            self.origin + n * half,
            4,
            self.dir.extend(0.0),
        );
    }
}
