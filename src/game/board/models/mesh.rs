//! A small triangle-mesh builder: lathes, sweeps, flat polygons and prisms, turned into a Bevy
//! [`Mesh`] at the end. Kept free of Bevy's mesh type until then so tests can inspect raw data.

use bevy::asset::RenderAssetUsages;
use bevy::math::{Vec2, Vec3};
use bevy::mesh::{Indices, Mesh, PrimitiveTopology};

use super::profile::Profile;

/// Triangles smaller than this (in square units) are dropped as degenerate.
const MIN_AREA: f32 = 1e-9;

/// Vertex and index buffers of a triangle list, with counter-clockwise front faces.
#[derive(Default, Clone, Debug)]
pub(super) struct MeshData {
    pub positions: Vec<Vec3>,
    pub normals: Vec<Vec3>,
    pub uvs: Vec<Vec2>,
    pub indices: Vec<u32>,
}

impl MeshData {
    pub fn vertex(&mut self, p: Vec3, n: Vec3, uv: Vec2) -> u32 {
        self.positions.push(p);
        self.normals.push(n.normalize_or(Vec3::Y));
        self.uvs.push(uv);
        (self.positions.len() - 1) as u32
    }

    /// Adds a triangle unless it has (next to) no area.
    pub fn triangle(&mut self, a: u32, b: u32, c: u32) {
        let [pa, pb, pc] = [a, b, c].map(|i| self.positions[i as usize]);
        if (pb - pa).cross(pc - pa).length() > 2.0 * MIN_AREA {
            self.indices.extend([a, b, c]);
        }
    }

    /// Joins `columns` quads of a band whose vertices were pushed as (bottom, top) pairs from
    /// `first`, facing outward when `outward`, inward otherwise.
    pub fn band(&mut self, first: u32, columns: u32, outward: bool) {
        for k in 0..columns {
            let (b0, t0, b1, t1) = (
                first + 2 * k,
                first + 2 * k + 1,
                first + 2 * k + 2,
                first + 2 * k + 3,
            );
            if outward {
                self.triangle(b0, t0, b1);
                self.triangle(t0, t1, b1);
            } else {
                self.triangle(b0, b1, t0);
                self.triangle(t0, b1, t1);
            }
        }
    }

    /// A flat convex (or star-shaped about its first point) polygon, wound to face `outward`.
    pub fn flat_polygon(&mut self, points: &[Vec3], outward: Vec3) {
        if points.len() < 3 {
            return;
        }
        let mut normal = Vec3::ZERO;
        for (i, a) in points.iter().enumerate() {
            normal += a.cross(points[(i + 1) % points.len()]);
        }
        let flip = normal.dot(outward) < 0.0;
        let normal = if flip { -normal } else { normal }.normalize_or(outward);
        // Planar UVs from the two axes least aligned with the normal.
        let (u_axis, v_axis) = if normal.y.abs() > 0.7 {
            (Vec3::X, Vec3::Z)
        } else {
            (normal.cross(Vec3::Y).normalize_or(Vec3::X), Vec3::Y)
        };
        let first = self.positions.len() as u32;
        for &p in points {
            self.vertex(p, normal, Vec2::new(p.dot(u_axis), p.dot(v_axis)));
        }
        for i in 1..points.len() as u32 - 1 {
            if flip {
                self.triangle(first, first + i + 1, first + i);
            } else {
                self.triangle(first, first + i, first + i + 1);
            }
        }
    }

    /// Moves every vertex (used to place balls made at the origin).
    pub fn translated(mut self, offset: Vec3) -> MeshData {
        for p in &mut self.positions {
            *p += offset;
        }
        self
    }

    pub fn append(&mut self, other: MeshData) {
        let base = self.positions.len() as u32;
        self.positions.extend(other.positions);
        self.normals.extend(other.normals);
        self.uvs.extend(other.uvs);
        self.indices
            .extend(other.indices.into_iter().map(|i| i + base));
    }

    /// The Bevy mesh; kept in the main world too so picking and tests can read it.
    pub fn into_mesh(self) -> Mesh {
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(
            Mesh::ATTRIBUTE_POSITION,
            self.positions
                .iter()
                .map(|p| p.to_array())
                .collect::<Vec<_>>(),
        )
        .with_inserted_attribute(
            Mesh::ATTRIBUTE_NORMAL,
            self.normals
                .iter()
                .map(|n| n.to_array())
                .collect::<Vec<_>>(),
        )
        .with_inserted_attribute(
            Mesh::ATTRIBUTE_UV_0,
            self.uvs.iter().map(|uv| uv.to_array()).collect::<Vec<_>>(),
        )
        .with_inserted_indices(Indices::U32(self.indices))
    }
}

/// One ring of a lathe or sweep: its points and normals around the circle, closing with a seam copy.
fn ring_strip(mesh: &mut MeshData, rings: &[(Vec<Vec3>, Vec<Vec3>, f32)], radii: &[f32]) {
    let columns = rings[0].0.len();
    let mut starts = Vec::with_capacity(rings.len());
    for (points, normals, v) in rings {
        starts.push(mesh.positions.len() as u32);
        for (j, (&p, &n)) in points.iter().zip(normals).enumerate() {
            let u = j as f32 / (columns - 1) as f32;
            mesh.vertex(p, n, Vec2::new(u, *v));
        }
    }
    for k in 0..rings.len() - 1 {
        let (lo, hi) = (starts[k], starts[k + 1]);
        for j in 0..columns as u32 - 1 {
            // A ring shrunk to a point (the axis, a tip) keeps only the triangle with area.
            if radii[k] > 1e-6 {
                mesh.triangle(lo + j, hi + j, lo + j + 1);
            }
            if radii[k + 1] > 1e-6 {
                mesh.triangle(hi + j, hi + j + 1, lo + j + 1);
            }
        }
    }
}

/// Revolves a profile about the Y axis. Smooth points share one ring with an averaged normal;
/// sharp points get two rings so edges stay crisp.
pub(super) fn lathe(profile: &Profile, segments: usize) -> MeshData {
    let pts = &profile.points;
    let seg_normal = |i: usize| {
        let d = pts[i + 1].p - pts[i].p;
        Vec2::new(d.y, -d.x).normalize_or(Vec2::Y)
    };
    let lengths: Vec<f32> = pts.windows(2).map(|w| w[0].p.distance(w[1].p)).collect();
    let total: f32 = lengths.iter().sum();
    let mut mesh = MeshData::default();
    // Each segment i joins the "out" ring of point i to the "in" ring of point i + 1.
    let mut along = 0.0;
    for i in 0..pts.len() - 1 {
        let n_here = seg_normal(i);
        let out_normal = match i {
            0 => Vec2::new(0.0, n_here.y.signum()),
            _ if pts[i].sharp => n_here,
            _ => (seg_normal(i - 1) + n_here).normalize_or(n_here),
        };
        let last = i + 1 == pts.len() - 1;
        let in_normal = if last && pts[i + 1].p.x < 1e-6 {
            Vec2::new(0.0, n_here.y.signum())
        } else if last || pts[i + 1].sharp {
            n_here
        } else {
            (n_here + seg_normal(i + 1)).normalize_or(n_here)
        };
        let v0 = along / total;
        along += lengths[i];
        let v1 = along / total;
        let rings = [(pts[i].p, out_normal, v0), (pts[i + 1].p, in_normal, v1)].map(|(p, n, v)| {
            let (positions, normals) = (0..=segments)
                .map(|j| {
                    let a = std::f32::consts::TAU * j as f32 / segments as f32;
                    let (s, c) = a.sin_cos();
                    (
                        Vec3::new(p.x * c, p.y, p.x * s),
                        Vec3::new(n.x * c, n.y, n.x * s),
                    )
                })
                .unzip();
            (positions, normals, v)
        });
        if lengths[i] > 1e-7 {
            ring_strip(&mut mesh, &rings, &[pts[i].p.x, pts[i + 1].p.x]);
        }
    }
    mesh
}

/// A tube of varying radius along a spine in the XY plane (the sorcerer's bent hat). `spine`
/// holds centre points and radii from base to tip; the tip may have radius 0.
pub(super) fn sweep(spine: &[(Vec3, f32)], segments: usize) -> MeshData {
    let n = spine.len();
    let tangent = |i: usize| {
        let (a, b) = (spine[i.saturating_sub(1)].0, spine[(i + 1).min(n - 1)].0);
        (b - a).normalize()
    };
    let rings: Vec<_> = (0..n)
        .map(|i| {
            let (c, r) = spine[i];
            let t = tangent(i);
            // In-plane normal and the constant binormal (+Z) span the ring.
            let side = Vec3::new(t.y, -t.x, 0.0);
            let (a, b) = (spine[i.saturating_sub(1)], spine[(i + 1).min(n - 1)]);
            let slope = (b.1 - a.1) / a.0.distance(b.0);
            let (positions, normals) = (0..=segments)
                .map(|j| {
                    let ang = std::f32::consts::TAU * j as f32 / segments as f32;
                    let radial = side * ang.cos() + Vec3::Z * ang.sin();
                    let normal = if r < 1e-6 { t } else { radial - t * slope };
                    (c + radial * r, normal)
                })
                .unzip();
            (positions, normals, i as f32 / (n - 1) as f32)
        })
        .collect();
    let radii: Vec<f32> = spine.iter().map(|s| s.1).collect();
    let mut mesh = MeshData::default();
    ring_strip(&mut mesh, &rings, &radii);
    mesh
}

/// A prism over a polygon in a vertical plane: `outline` (x, y) counter-clockwise seen from +Z,
/// extruded over z in [-depth/2, depth/2], with chamfered edges (`inset` is the same polygon shrunk
/// by the chamfer, and `faces` its convex pieces for the front and back).
pub(super) fn chamfered_prism(
    outline: &[Vec2],
    inset: &[Vec2],
    faces: &[Vec<Vec2>],
    depth: f32,
    chamfer: f32,
) -> MeshData {
    let mut mesh = MeshData::default();
    let (zf, zc) = (depth / 2.0, depth / 2.0 - chamfer);
    let at = |p: Vec2, z: f32| Vec3::new(p.x, p.y, z);
    for face in faces {
        for (z, dir) in [(zf, Vec3::Z), (-zf, -Vec3::Z)] {
            let pts: Vec<Vec3> = face.iter().map(|&p| at(p, z)).collect();
            mesh.flat_polygon(&pts, dir);
        }
    }
    let n = outline.len();
    for i in 0..n {
        let j = (i + 1) % n;
        let e = outline[j] - outline[i];
        let out = Vec3::new(e.y, -e.x, 0.0).normalize();
        let (o0, o1, i0, i1) = (outline[i], outline[j], inset[i], inset[j]);
        mesh.flat_polygon(&[at(o0, zc), at(o1, zc), at(o1, -zc), at(o0, -zc)], out);
        mesh.flat_polygon(
            &[at(i0, zf), at(i1, zf), at(o1, zc), at(o0, zc)],
            out + Vec3::Z,
        );
        mesh.flat_polygon(
            &[at(o0, -zc), at(o1, -zc), at(i1, -zf), at(i0, -zf)],
            out - Vec3::Z,
        );
    }
    mesh
}

/// A block of a thick ring between two angles (a rook's merlon), closed on all sides.
pub(super) fn ring_sector(
    (r_in, r_out): (f32, f32),
    (y0, y1): (f32, f32),
    (a0, a1): (f32, f32),
    steps: usize,
) -> MeshData {
    let mut mesh = MeshData::default();
    let dir = |a: f32| Vec3::new(a.cos(), 0.0, a.sin());
    let angles: Vec<f32> = (0..=steps)
        .map(|k| a0 + (a1 - a0) * k as f32 / steps as f32)
        .collect();
    // Curved faces, smooth around.
    for (r, sign) in [(r_out, 1.0), (r_in, -1.0)] {
        let first = mesh.positions.len() as u32;
        for (k, &a) in angles.iter().enumerate() {
            let u = k as f32 / steps as f32;
            for y in [y0, y1] {
                let p = dir(a) * r + Vec3::Y * y;
                mesh.vertex(p, dir(a) * sign, Vec2::new(u, y));
            }
        }
        mesh.band(first, steps as u32, sign > 0.0);
    }
    // Flat top, bottom and ends.
    for (y, up) in [(y1, Vec3::Y), (y0, -Vec3::Y)] {
        for w in angles.windows(2) {
            let quad = [
                dir(w[0]) * r_in + Vec3::Y * y,
                dir(w[0]) * r_out + Vec3::Y * y,
                dir(w[1]) * r_out + Vec3::Y * y,
                dir(w[1]) * r_in + Vec3::Y * y,
            ];
            mesh.flat_polygon(&quad, up);
        }
    }
    for (a, side) in [(a0, -1.0), (a1, 1.0)] {
        let tangent = Vec3::new(-a.sin(), 0.0, a.cos()) * side;
        let quad = [
            dir(a) * r_in + Vec3::Y * y0,
            dir(a) * r_out + Vec3::Y * y0,
            dir(a) * r_out + Vec3::Y * y1,
            dir(a) * r_in + Vec3::Y * y1,
        ];
        mesh.flat_polygon(&quad, tangent);
    }
    mesh
}
