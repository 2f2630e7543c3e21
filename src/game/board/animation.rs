//! Moves glide along their real routes; captured pieces bow out.

use bevy::prelude::*;

use crate::game::board::pieces::piece_home;
use crate::game::core::GameSet;
use crate::game::core::board::board_to_world;
use crate::game::core::board::{Animating, AnimationSpeed};
use crate::game::core::board::{NeedsSync, PieceView};
use crate::game::core::state::MovePlayed;
use crate::rules::{Piece, Route};

/// A piece travelling along a polyline with easing.
#[derive(Component, Debug, Clone)]
pub struct Glide {
    points: Vec<Vec3>,
    /// Cumulative length at each point.
    lengths: Vec<f32>,
    hop: f32,
    elapsed: f32,
    duration: f32,
    /// The piece it becomes on arrival (a promotion).
    becomes: Option<Piece>,
}

/// A captured piece shrinking and sinking away.
#[derive(Component, Debug, Clone)]
pub struct Vanish {
    delay: f32,
    elapsed: f32,
}

const VANISH_SECONDS: f32 = 0.3;

impl Vanish {
    /// Bowing out after `delay` seconds (when the piece taking it arrives).
    pub fn after(delay: f32) -> Vanish {
        Vanish {
            delay,
            elapsed: 0.0,
        }
    }
}
/// How high a leaping Sorcerer hops.
const HOP_HEIGHT: f32 = 0.9;

impl Glide {
    /// A glide through `points` (at least one) taking `duration` seconds.
    pub fn new(points: Vec<Vec3>, duration: f32, hop: f32, becomes: Option<Piece>) -> Glide {
        let mut lengths = Vec::with_capacity(points.len());
        let mut total = 0.0;
        for (i, p) in points.iter().enumerate() {
            if i > 0 {
                total += p.distance(points[i - 1]);
            }
            lengths.push(total);
        }
        Glide {
            points,
            lengths,
            hop,
            elapsed: 0.0,
            duration: duration.max(0.01),
            becomes,
        }
    }

    /// The route's waypoints for a move: each step passes through the side or corner it
    /// crosses, then the next cell's centre.
    pub fn for_route(route: &Route, becomes: Option<Piece>) -> Glide {
        let (duration, hop) = Glide::timing(route);
        Glide::new(Glide::route_points(route), duration, hop, becomes)
    }

    /// The route travelled backwards, from the move's target to its start (stepping back
    /// through a game); `becomes` is the piece it was before (a promoted pawn).
    pub fn for_route_back(route: &Route, becomes: Option<Piece>) -> Glide {
        let (duration, hop) = Glide::timing(route);
        let mut points = Glide::route_points(route);
        points.reverse();
        Glide::new(points, duration, hop, becomes)
    }

    /// The same glide `factor` times as fast (stepping through a game with a key held).
    pub fn faster(mut self, factor: f32) -> Glide {
        self.duration = (self.duration / factor.max(1.0)).max(0.01);
        self
    }

    fn route_points(route: &Route) -> Vec<Vec3> {
        let mut points = Vec::with_capacity(route.steps.len() * 2 + 1);
        if let Some(first) = route.steps.first() {
            points.push(piece_home(first.from));
        }
        for step in &route.steps {
            points
                .push(board_to_world(step.via.xy()) + Vec3::Y * crate::game::core::board::TILE_TOP);
            points.push(piece_home(step.to));
        }
        points
    }

    /// Seconds and hop height for a route: leaps hop, longer slides take a little longer.
    fn timing(route: &Route) -> (f32, f32) {
        if route.leap {
            (0.6, HOP_HEIGHT)
        } else {
            let n = route.steps.len() as f32;
            ((0.3 + 0.07 * (n - 1.0)).clamp(0.3, 0.8), 0.0)
        }
    }

    /// The piece it becomes on arrival, if it changes (a promotion, or one taken back).
    pub fn becomes(&self) -> Option<Piece> {
        self.becomes
    }

    /// Whether the piece stands where it ends: the time is up, or the eased path is already
    /// at its end in `f32` (the last milliseconds of an ease-out move nothing), so the next
    /// move need not wait for frames that show no motion.
    fn arrived(&self) -> bool {
        self.elapsed >= self.duration || self.sample(self.elapsed) == self.sample(self.duration)
    }

    /// Total time in seconds.
    pub fn duration(&self) -> f32 {
        self.duration
    }

    /// Where the piece is at `t` seconds.
    pub fn sample(&self, t: f32) -> Vec3 {
        let total = self.lengths.last().copied().unwrap_or(0.0);
        let s = EasingCurve::new(0.0, 1.0, EaseFunction::CubicInOut)
            .sample_clamped((t / self.duration).clamp(0.0, 1.0));
        let along = s * total;
        let i = self
            .lengths
            .partition_point(|&l| l < along)
            .clamp(1, self.points.len().max(2) - 1);
        let p = if self.points.len() < 2 {
            self.points.first().copied().unwrap_or_default()
        } else {
            let (a, b) = (self.points[i - 1], self.points[i]);
            let seg = (self.lengths[i] - self.lengths[i - 1]).max(1e-6);
            a.lerp(b, ((along - self.lengths[i - 1]) / seg).clamp(0.0, 1.0))
        };
        p + Vec3::Y * (self.hop * 4.0 * s * (1.0 - s))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Animating>()
        .init_resource::<AnimationSpeed>()
        .add_systems(
            Update,
            (
                start_animations,
                (advance_glides, advance_vanish),
                update_animating,
            )
                .chain()
                .in_set(GameSet::View)
                .before(crate::game::board::pieces::sync_pieces),
        );
}

fn start_animations(
    mut played: MessageReader<MovePlayed>,
    mut commands: Commands,
    mut pieces: Query<(Entity, &mut PieceView)>,
    mut needs: ResMut<NeedsSync>,
) {
    for m in played.read() {
        let mut mover = None;
        let mut victim = None;
        for (entity, view) in &pieces {
            if view.cell == m.mv.from && view.piece == m.piece {
                mover = Some(entity);
            } else if view.cell == m.mv.to {
                victim = Some(entity);
            }
        }
        let glide = Glide::for_route(
            &m.route,
            m.mv.promotion.map(|k| Piece::new(m.piece.side, k)),
        );
        if let Some(entity) = victim {
            commands
                .entity(entity)
                .remove::<PieceView>()
                .insert(Vanish {
                    delay: glide.duration() * 0.75,
                    elapsed: 0.0,
                });
        }
        match mover.and_then(|e| pieces.get_mut(e).ok()) {
            Some((entity, mut view)) => {
                view.cell = m.mv.to;
                commands.entity(entity).insert(glide);
            }
            None => needs.0 = true,
        }
    }
}

fn advance_glides(
    time: Res<Time>,
    speed: Option<Res<AnimationSpeed>>,
    mut commands: Commands,
    mut glides: Query<(Entity, &mut Glide, &mut Transform, &PieceView)>,
    mut needs: ResMut<NeedsSync>,
) {
    let dt = time.delta_secs() * speed.map_or(1.0, |s| s.rate());
    for (entity, mut glide, mut transform, view) in &mut glides {
        glide.elapsed += dt;
        transform.translation = glide.sample(glide.elapsed);
        if glide.arrived() {
            let mut e = commands.entity(entity);
            e.remove::<Glide>();
            if let Some(piece) = glide.becomes {
                e.insert(PieceView {
                    cell: view.cell,
                    piece,
                });
            }
            needs.0 = true;
        }
    }
}

fn advance_vanish(
    time: Res<Time>,
    speed: Option<Res<AnimationSpeed>>,
    mut commands: Commands,
    mut gone: Query<(Entity, &mut Vanish, &mut Transform)>,
) {
    let dt = time.delta_secs() * speed.map_or(1.0, |s| s.rate());
    for (entity, mut vanish, mut transform) in &mut gone {
        if vanish.delay > 0.0 {
            vanish.delay -= dt;
            continue;
        }
        vanish.elapsed += dt;
        let k = (vanish.elapsed / VANISH_SECONDS).clamp(0.0, 1.0);
        transform.scale = Vec3::splat((1.0 - k).max(0.001));
        transform.translation.y -= dt * 0.3;
        if k >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

fn update_animating(
    mut animating: ResMut<Animating>,
    glides: Query<(), With<Glide>>,
    vanishing: Query<(), With<Vanish>>,
) {
    animating.0 = !glides.is_empty() || !vanishing.is_empty();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Position};

    #[test]
    fn a_glide_has_arrived_once_its_path_stands_still() {
        let pos = Position::start();
        let mv = Move::new("b3".parse().unwrap(), "b4".parse().unwrap());
        let route = pos.route(mv).unwrap();
        let mut glide = Glide::for_route(&route, None);
        glide.elapsed = glide.duration * 0.5;
        assert!(!glide.arrived());
        // A hair before the end, the ease-out no longer moves the piece in f32.
        glide.elapsed = glide.duration * (1.0 - 1e-4);
        assert_eq!(glide.sample(glide.elapsed), glide.sample(glide.duration));
        assert!(glide.arrived());
        glide.elapsed = glide.duration;
        assert!(glide.arrived());
    }

    #[test]
    fn a_glide_starts_and_ends_on_its_cells_and_passes_the_crossings() {
        let pos = Position::start();
        let mv = Move::new("b3".parse().unwrap(), "b4".parse().unwrap());
        let route = pos.route(mv).unwrap();
        let glide = Glide::for_route(&route, None);
        assert!(glide.sample(0.0).distance(piece_home(mv.from)) < 1e-4);
        assert!(glide.sample(glide.duration()).distance(piece_home(mv.to)) < 1e-4);
        assert!((0.3..=0.8).contains(&glide.duration()));
        // Halfway, the bishop is at the corner the two cells share.
        let corner =
            board_to_world(route.steps[0].via.xy()) + Vec3::Y * crate::game::core::board::TILE_TOP;
        assert!(glide.sample(glide.duration() / 2.0).distance(corner) < 0.05);
    }

    #[test]
    fn a_glide_back_runs_the_route_from_its_end_and_faster_keeps_the_ends() {
        let pos = Position::start();
        let mv = Move::new("b3".parse().unwrap(), "b4".parse().unwrap());
        let route = pos.route(mv).unwrap();
        let back = Glide::for_route_back(&route, None).faster(4.0);
        assert!(back.sample(0.0).distance(piece_home(mv.to)) < 1e-4);
        assert!(back.sample(back.duration()).distance(piece_home(mv.from)) < 1e-4);
        assert!(back.duration() < Glide::for_route(&route, None).duration() / 3.0);
    }

    #[test]
    fn a_leap_rises_over_the_board() {
        let pos = Position::start();
        let mv = Move::new("a2".parse().unwrap(), "e5".parse().unwrap());
        let glide = Glide::for_route(&pos.route(mv).unwrap(), None);
        assert!(glide.sample(glide.duration() / 2.0).y > 0.5);
        assert!(glide.sample(glide.duration()).distance(piece_home(mv.to)) < 1e-4);
    }
}
