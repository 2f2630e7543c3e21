//! The parts that are not turned on a lathe: the king's cross, the queen's crown, the rook's
//! merlons, the sorcerer's bent hat and loose balls. Each gives its 3D mesh and its 2D pieces
//! from the same numbers.

use std::f32::consts::TAU;

use bevy::math::{Vec2, Vec3};

use super::mesh::{MeshData, chamfered_prism, lathe, ring_sector, sweep};
use super::profile::Profile;

/// Segments around small balls.
const BALL_SEGMENTS: usize = 8;

/// A ball of radius `r` centred at `centre`.
pub(super) fn ball(centre: Vec3, r: f32) -> MeshData {
    let profile = Profile::new().arc((0.0, r), r, -90.0, 90.0, 4);
    lathe(&profile, BALL_SEGMENTS).translated(centre - Vec3::Y * r)
}

/// A ball seen from the side.
fn disc(centre: Vec2, r: f32) -> Vec<Vec2> {
    (0..16)
        .map(|k| centre + Vec2::from_angle(TAU * k as f32 / 16.0) * r)
        .collect()
}

/// A Latin cross standing in the XY plane (facing the viewer of the side view).
#[derive(Clone, Copy, Debug)]
pub(super) struct Cross {
    /// Bottom and top of the upright.
    pub y: (f32, f32),
    /// Bottom and top of the arms.
    pub arm_y: (f32, f32),
    pub half_width: f32,
    pub half_span: f32,
    pub depth: f32,
    pub chamfer: f32,
}

impl Cross {
    /// Counter-clockwise outline, shrunk by `by`.
    fn outline(&self, by: f32) -> Vec<Vec2> {
        let (w, l) = (self.half_width - by, self.half_span - by);
        let (y0, y1) = (self.y.0 + by, self.y.1 - by);
        let (a0, a1) = (self.arm_y.0 + by, self.arm_y.1 - by);
        [
            (-w, y0),
            (w, y0),
            (w, a0),
            (l, a0),
            (l, a1),
            (w, a1),
            (w, y1),
            (-w, y1),
            (-w, a1),
            (-l, a1),
            (-l, a0),
            (-w, a0),
        ]
        .map(|(x, y)| Vec2::new(x, y))
        .to_vec()
    }

    /// Convex pieces (upright below the arms, the arms, upright above), shrunk by `by`.
    fn pieces(&self, by: f32) -> Vec<Vec<Vec2>> {
        let o = self.outline(by);
        vec![
            vec![o[0], o[1], o[2], o[11]],
            vec![o[10], o[3], o[4], o[9]],
            vec![o[8], o[5], o[6], o[7]],
        ]
    }

    pub fn mesh(&self) -> MeshData {
        let faces = self.pieces(self.chamfer);
        chamfered_prism(
            &self.outline(0.0),
            &self.outline(self.chamfer),
            &faces,
            self.depth,
            self.chamfer,
        )
    }

    pub fn symbol(&self) -> Vec<Vec<Vec2>> {
        self.pieces(0.0)
    }
}

/// A crown of points with a ball on each, standing on a rim.
#[derive(Clone, Copy, Debug)]
pub(super) struct Crown {
    pub points: usize,
    /// Inner and outer radius at the bottom.
    pub radius: (f32, f32),
    /// How much wider the band gets at the tips.
    pub flare: f32,
    pub base_y: f32,
    pub valley_y: f32,
    pub peak_y: f32,
    pub ball: f32,
}

impl Crown {
    /// Height of the band's top edge at angle `a`: pointed peaks between shallow valleys.
    fn top(&self, a: f32) -> f32 {
        let phase = (a / TAU * self.points as f32).rem_euclid(1.0);
        let w = 1.0 - (2.0 * phase - 1.0).abs();
        self.valley_y + (self.peak_y - self.valley_y) * w.powf(1.8)
    }

    fn peak_angles(&self) -> impl Iterator<Item = f32> + '_ {
        (0..self.points).map(|k| TAU * (k as f32 + 0.5) / self.points as f32)
    }

    fn radius_at(&self, r: f32, y: f32) -> f32 {
        r + self.flare * (y - self.base_y) / (self.peak_y - self.base_y)
    }

    pub fn mesh(&self) -> MeshData {
        let columns = self.points * 6;
        let mut mesh = MeshData::default();
        let dir = |a: f32| Vec3::new(a.cos(), 0.0, a.sin());
        // Outer and inner walls: one quad per column, smooth around.
        let slope = self.flare / (self.peak_y - self.base_y);
        for (r, sign) in [(self.radius.1, 1.0f32), (self.radius.0, -1.0)] {
            let first = mesh.positions.len() as u32;
            for j in 0..=columns {
                let a = TAU * j as f32 / columns as f32;
                let top = self.top(a);
                let normal = (dir(a) - Vec3::Y * slope) * sign;
                let u = j as f32 / columns as f32;
                mesh.vertex(
                    dir(a) * r + Vec3::Y * self.base_y,
                    normal,
                    Vec2::new(u, 0.0),
                );
                let rt = self.radius_at(r, top);
                mesh.vertex(dir(a) * rt + Vec3::Y * top, normal, Vec2::new(u, 1.0));
            }
            mesh.band(first, columns as u32, sign > 0.0);
        }
        // The thin top edge, flat per column.
        for j in 0..columns {
            let [a0, a1] = [j, j + 1].map(|k| TAU * k as f32 / columns as f32);
            let [y0, y1] = [self.top(a0), self.top(a1)];
            let quad = [
                dir(a0) * self.radius_at(self.radius.0, y0) + Vec3::Y * y0,
                dir(a0) * self.radius_at(self.radius.1, y0) + Vec3::Y * y0,
                dir(a1) * self.radius_at(self.radius.1, y1) + Vec3::Y * y1,
                dir(a1) * self.radius_at(self.radius.0, y1) + Vec3::Y * y1,
            ];
            mesh.flat_polygon(&quad, Vec3::Y);
        }
        let mid = (self.radius.0 + self.radius.1) / 2.0;
        for a in self.peak_angles() {
            let r = self.radius_at(mid, self.peak_y);
            mesh.append(ball(
                dir(a) * r + Vec3::Y * (self.peak_y + self.ball * 0.6),
                self.ball,
            ));
        }
        mesh
    }

    /// The points that face the viewer, each a spike with its ball.
    pub fn symbol(&self) -> Vec<Vec<Vec2>> {
        let mid = (self.radius.0 + self.radius.1) / 2.0;
        let r = self.radius_at(mid, self.peak_y);
        let half = 0.55 * TAU / self.points as f32;
        let mut parts = Vec::new();
        for a in self.peak_angles().filter(|a| a.sin() > 0.0) {
            let x = r * a.cos();
            let base_half = r * half.sin() * 0.8;
            let foot = self.valley_y - 0.015;
            parts.push(vec![
                Vec2::new(x - base_half, foot),
                Vec2::new(x + base_half, foot),
                Vec2::new(x, self.peak_y),
            ]);
            parts.push(disc(Vec2::new(x, self.peak_y + self.ball * 0.6), self.ball));
        }
        parts
    }
}

/// The rook's battlement: blocks spaced around a ring.
#[derive(Clone, Copy, Debug)]
pub(super) struct Merlons {
    pub count: usize,
    pub radius: (f32, f32),
    pub y: (f32, f32),
    /// Share of each period that is solid.
    pub fill: f32,
}

impl Merlons {
    /// Angle ranges, with one merlon centred on the front (+Z, toward the side-view viewer).
    fn spans(&self) -> impl Iterator<Item = (f32, f32)> + '_ {
        let period = TAU / self.count as f32;
        (0..self.count).map(move |k| {
            let c = TAU / 4.0 + period * k as f32;
            (c - period * self.fill / 2.0, c + period * self.fill / 2.0)
        })
    }

    pub fn mesh(&self) -> MeshData {
        let mut mesh = MeshData::default();
        for span in self.spans() {
            mesh.append(ring_sector(self.radius, self.y, span, 3));
        }
        mesh
    }

    /// The merlons facing the viewer, as rectangles of their projected width.
    pub fn symbol(&self) -> Vec<Vec<Vec2>> {
        self.spans()
            .filter(|(a0, a1)| ((a0 + a1) / 2.0).sin() > 0.0)
            .map(|(a0, a1)| {
                let xs = (0..=8).flat_map(|k| {
                    let a = a0 + (a1 - a0) * k as f32 / 8.0;
                    [self.radius.0 * a.cos(), self.radius.1 * a.cos()]
                });
                let lo = xs.clone().fold(f32::MAX, f32::min);
                let hi = xs.fold(f32::MIN, f32::max);
                [
                    (lo, self.y.0),
                    (hi, self.y.0),
                    (hi, self.y.1),
                    (lo, self.y.1),
                ]
                .map(|(x, y)| Vec2::new(x, y))
                .to_vec()
            })
            .collect()
    }
}

/// A pointed hat whose tip bends toward +X: a cubic Bézier spine with a tapering radius.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hat {
    pub spine: [Vec2; 4],
    pub radius: f32,
    pub samples: usize,
}

impl Hat {
    /// Centre points (z = 0) and radii from base to tip.
    pub fn spine(&self) -> Vec<(Vec3, f32)> {
        let [p0, p1, p2, p3] = self.spine;
        (0..=self.samples)
            .map(|k| {
                let t = k as f32 / self.samples as f32;
                let s = 1.0 - t;
                let p =
                    p0 * s * s * s + p1 * 3.0 * s * s * t + p2 * 3.0 * s * t * t + p3 * t * t * t;
                (p.extend(0.0), self.radius * s.powf(1.15))
            })
            .collect()
    }

    pub fn mesh(&self) -> MeshData {
        sweep(&self.spine(), 20)
    }

    /// The side view: one quad per spine step.
    pub fn symbol(&self) -> Vec<Vec<Vec2>> {
        let spine = self.spine();
        let edge = |i: usize| {
            let (a, b) = (
                spine[i.saturating_sub(1)].0,
                spine[(i + 1).min(spine.len() - 1)].0,
            );
            let t = (b - a).truncate().normalize();
            let side = Vec2::new(t.y, -t.x) * spine[i].1;
            let c = spine[i].0.truncate();
            (c - side, c + side)
        };
        (0..spine.len() - 1)
            .map(|i| {
                let ((l0, r0), (l1, r1)) = (edge(i), edge(i + 1));
                let mut quad = vec![l0, r0, r1, l1];
                quad.dedup_by(|p, q| p.distance(*q) < 1e-7);
                quad
            })
            .collect()
    }
}

/// Anything not turned on the lathe.
#[derive(Clone, Debug)]
pub(super) enum Detail {
    Cross(Cross),
    Crown(Crown),
    Merlons(Merlons),
    Hat(Hat),
    Plate(Plate),
}

impl Detail {
    pub fn mesh(&self) -> MeshData {
        match self {
            Detail::Cross(d) => d.mesh(),
            Detail::Crown(d) => d.mesh(),
            Detail::Merlons(d) => d.mesh(),
            Detail::Hat(d) => d.mesh(),
            Detail::Plate(d) => d.mesh(),
        }
    }

    pub fn symbol(&self) -> Vec<Vec<Vec2>> {
        match self {
            Detail::Cross(d) => d.symbol(),
            Detail::Crown(d) => d.symbol(),
            Detail::Merlons(d) => d.symbol(),
            Detail::Hat(d) => d.symbol(),
            Detail::Plate(d) => d.symbol(),
        }
    }
}

/// A flat plate standing in the XY plane like the king's cross, given as convex pieces: the
/// knight's head, the archer's bow and arrow, a generic piece's letter.
#[derive(Clone, Debug)]
pub(super) struct Plate {
    /// Convex polygons (x, y) whose union is the plate's outline.
    pub parts: Vec<Vec<Vec2>>,
    /// Thickness along Z.
    pub depth: f32,
}

impl Plate {
    /// Each piece as a closed prism; overlapping prisms hide each other's inner faces.
    pub fn mesh(&self) -> MeshData {
        let mut mesh = MeshData::default();
        let z = self.depth / 2.0;
        let at = |p: Vec2, z: f32| Vec3::new(p.x, p.y, z);
        for part in &self.parts {
            for (z, dir) in [(z, Vec3::Z), (-z, -Vec3::Z)] {
                let pts: Vec<Vec3> = part.iter().map(|&p| at(p, z)).collect();
                mesh.flat_polygon(&pts, dir);
            }
            let centre = part.iter().copied().sum::<Vec2>() / part.len().max(1) as f32;
            for (i, &a) in part.iter().enumerate() {
                let b = part[(i + 1) % part.len()];
                let mid = (a + b) / 2.0 - centre;
                let e = b - a;
                let mut out = Vec3::new(e.y, -e.x, 0.0);
                if out.truncate().dot(mid) < 0.0 {
                    out = -out;
                }
                mesh.flat_polygon(&[at(a, z), at(b, z), at(b, -z), at(a, -z)], out);
            }
        }
        mesh
    }

    pub fn symbol(&self) -> Vec<Vec<Vec2>> {
        self.parts.clone()
    }
}

/// A straight stroke from `a` to `b`, `width` wide, running on by half its width at each end so
/// strokes that meet join cleanly: one convex quad, counter-clockwise.
pub(super) fn stroke(a: Vec2, b: Vec2, width: f32) -> Vec<Vec2> {
    let dir = (b - a).normalize_or(Vec2::X);
    let side = dir.perp() * (width / 2.0);
    let (a, b) = (a - dir * (width / 2.0), b + dir * (width / 2.0));
    vec![a - side, b - side, b + side, a + side]
}
