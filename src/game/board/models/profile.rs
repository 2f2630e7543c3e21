//! Lathe profiles: the half-outline of a turned piece, as (radius, height) points from the centre
//! of the base, out and up the side, to the top of the axis. The same data gives the 3D body
//! (revolved) and the 2D symbol (mirrored), so the two views agree.

use bevy::math::Vec2;

/// One profile point: `p` is (radius, height); `sharp` keeps a crisp edge there when revolved.
#[derive(Clone, Copy, Debug)]
pub(super) struct ProfilePoint {
    pub p: Vec2,
    pub sharp: bool,
}

/// A profile under construction, built with chained calls in counter-clockwise order.
#[derive(Clone, Debug)]
pub(super) struct Profile {
    pub points: Vec<ProfilePoint>,
}

impl Profile {
    /// Starts at the centre of the base.
    pub fn new() -> Profile {
        Profile {
            points: vec![ProfilePoint {
                p: Vec2::ZERO,
                sharp: true,
            }],
        }
    }

    fn push(&mut self, p: Vec2, sharp: bool) {
        let last = self.points.last_mut().expect("profile starts with a point");
        if last.p.distance(p) < 1e-6 {
            last.sharp |= sharp;
        } else {
            self.points.push(ProfilePoint { p, sharp });
        }
    }

    fn last(&self) -> Vec2 {
        self.points.last().expect("profile starts with a point").p
    }

    /// A crisp edge at (r, y).
    pub fn corner(mut self, r: f32, y: f32) -> Profile {
        self.push(Vec2::new(r, y), true);
        self
    }

    /// A circular arc about `centre`, angles in degrees counter-clockwise from +r. It starts with
    /// a crisp edge (snapping the current point onto the arc when they nearly meet) and ends
    /// smooth unless followed by [`Profile::sharpen`].
    pub fn arc(
        mut self,
        centre: (f32, f32),
        radius: f32,
        from: f32,
        to: f32,
        steps: usize,
    ) -> Profile {
        let c = Vec2::new(centre.0, centre.1);
        let at = |k: usize| {
            let a = (from + (to - from) * k as f32 / steps as f32).to_radians();
            let p = c + Vec2::new(a.cos(), a.sin()) * radius;
            Vec2::new(p.x.max(0.0), p.y)
        };
        let last = self.points.last_mut().expect("profile starts with a point");
        if last.p.distance(at(0)) < 2e-3 {
            last.p = at(0);
        }
        self.push(at(0), true);
        for k in 1..=steps {
            self.push(at(k), false);
        }
        self
    }

    /// A cubic Bézier from the current point through control points `c1`, `c2` to `end`.
    pub fn curve(
        mut self,
        c1: (f32, f32),
        c2: (f32, f32),
        end: (f32, f32),
        steps: usize,
    ) -> Profile {
        let p0 = self.last();
        let [p1, p2, p3] = [c1, c2, end].map(|(x, y)| Vec2::new(x, y));
        for k in 1..=steps {
            let t = k as f32 / steps as f32;
            let s = 1.0 - t;
            let p = p0 * s * s * s + p1 * 3.0 * s * s * t + p2 * 3.0 * s * t * t + p3 * t * t * t;
            self.push(p, false);
        }
        self
    }

    /// Makes the last point a crisp edge.
    pub fn sharpen(mut self) -> Profile {
        if let Some(last) = self.points.last_mut() {
            last.sharp = true;
        }
        self
    }

    /// The profile with the smooth points dropped that change its outline by less than
    /// `tolerance` (Douglas–Peucker between crisp edges, which all stay): a piece some fifty
    /// pixels high needs no point closer than a fraction of a pixel to the line through its
    /// neighbours, and every point dropped saves a ring of triangles.
    pub fn simplified(&self, tolerance: f32) -> Profile {
        let pts = &self.points;
        let mut keep = vec![false; pts.len()];
        let anchors: Vec<usize> = (0..pts.len())
            .filter(|&i| i == 0 || i + 1 == pts.len() || pts[i].sharp)
            .collect();
        for &i in &anchors {
            keep[i] = true;
        }
        fn mark(pts: &[ProfilePoint], keep: &mut [bool], from: usize, to: usize, tol: f32) {
            if to <= from + 1 {
                return;
            }
            let (a, b) = (pts[from].p, pts[to].p);
            let distance = |q: Vec2| {
                let ab = b - a;
                let t = ((q - a).dot(ab) / ab.length_squared().max(1e-12)).clamp(0.0, 1.0);
                q.distance(a + ab * t)
            };
            let (far, d) = (from + 1..to)
                .map(|i| (i, distance(pts[i].p)))
                .fold((from, 0.0), |best, x| if x.1 > best.1 { x } else { best });
            if d > tol {
                keep[far] = true;
                mark(pts, keep, from, far, tol);
                mark(pts, keep, far, to, tol);
            }
        }
        for w in anchors.windows(2) {
            mark(pts, &mut keep, w[0], w[1], tolerance);
        }
        Profile {
            points: pts
                .iter()
                .zip(&keep)
                .filter(|(_, k)| **k)
                .map(|(p, _)| *p)
                .collect(),
        }
    }

    /// Widest radius at height `y` (0 where the profile does not reach).
    pub fn radius_at(&self, y: f32) -> f32 {
        let mut best: f32 = 0.0;
        for w in self.points.windows(2) {
            let (a, b) = (w[0].p, w[1].p);
            if (a.y - y) * (b.y - y) <= 0.0 && (a.y - b.y).abs() > 1e-9 {
                best = best.max(a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y));
            }
        }
        best
    }

    /// Whether (radius, height) lies inside the turned solid (even-odd rule on the profile closed
    /// along the axis).
    #[cfg(test)]
    pub fn contains(&self, q: Vec2) -> bool {
        let pts: Vec<Vec2> = self.points.iter().map(|p| p.p).collect();
        let mut inside = false;
        for i in 0..pts.len() {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            if (a.y > q.y) != (b.y > q.y) && q.x < a.x + (b.x - a.x) * (q.y - a.y) / (b.y - a.y) {
                inside = !inside;
            }
        }
        inside
    }

    /// The side-view silhouette as convex pieces: one trapezoid per non-horizontal segment,
    /// mirrored about the axis. Their union is exactly the silhouette of the solid.
    pub fn silhouette(&self) -> Vec<Vec<Vec2>> {
        self.points
            .windows(2)
            .filter(|w| (w[0].p.y - w[1].p.y).abs() > 1e-6)
            .map(|w| {
                let (a, b) = (w[0].p, w[1].p);
                let mut poly = vec![Vec2::new(-a.x, a.y), a, b, Vec2::new(-b.x, b.y)];
                poly.dedup_by(|p, q| p.distance(*q) < 1e-7);
                if poly.len() > 1 && poly[0].distance(poly[poly.len() - 1]) < 1e-7 {
                    poly.pop();
                }
                poly
            })
            .filter(|poly| poly.len() >= 3)
            .collect()
    }
}
