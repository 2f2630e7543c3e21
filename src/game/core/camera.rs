//! How the board is looked at: the camera rig (2D or 3D, flipped, turned, tilted, zoomed) and
//! where a board point lands on the screen, which picking, the view and the tests share.

use bevy::camera::ScalingMode;
use bevy::prelude::*;

use super::ViewMode;
use super::board::panel_width;

/// The area (board units) the 2D view shows at least, board and frame with a margin.
pub(crate) const VIEW_2D: Vec2 = Vec2::new(11.8, 10.6);

/// Where a board point (cell units, Black up) appears in pixels in an unflipped, unzoomed 2D
/// picture `size` pixels large: lets tests read screenshots cell by cell.
pub fn project_2d(size: UVec2, p: [f32; 2]) -> Vec2 {
    let viewport = Vec2::new(size.x as f32 - panel_width(size.x as f32), size.y as f32);
    let visible_height = if viewport.x / viewport.y > VIEW_2D.x / VIEW_2D.y {
        VIEW_2D.y
    } else {
        VIEW_2D.x * viewport.y / viewport.x
    };
    let px_per_unit = viewport.y / visible_height;
    Vec2::new(
        viewport.x / 2.0 + p[0] * px_per_unit,
        viewport.y / 2.0 - p[1] * px_per_unit,
    )
}

/// Where a world point appears in pixels in an unflipped, unzoomed 3D picture `size` pixels
/// large (the camera at rest), or `None` behind the camera: lets tests read 3D screenshots.
pub fn project_3d(size: UVec2, world: Vec3) -> Option<Vec2> {
    project_3d_with(size, &CameraRig::default(), world)
}

/// [`project_3d`] for a camera turned as `rig` says.
pub fn project_3d_with(size: UVec2, rig: &CameraRig, world: Vec3) -> Option<Vec2> {
    use bevy::camera::CameraProjection;
    let viewport = Vec2::new(size.x as f32 - panel_width(size.x as f32), size.y as f32);
    let Projection::Perspective(mut projection) = rig.projection() else {
        return None;
    };
    projection.update(viewport.x, viewport.y);
    let clip =
        projection.get_clip_from_view() * rig.transform().to_matrix().inverse() * world.extend(1.0);
    if clip.w <= 0.0 {
        return None;
    }
    let ndc = clip.truncate() / clip.w;
    Some(Vec2::new(
        (ndc.x + 1.0) / 2.0 * viewport.x,
        (1.0 - ndc.y) / 2.0 * viewport.y,
    ))
}

/// The camera's transform at `pose`.
pub(crate) fn pose_transform(view: ViewMode, pose: Pose) -> Transform {
    let turn = Quat::from_rotation_y(pose.yaw);
    let focus = Vec3::new(pose.focus.x, 0.0, pose.focus.y);
    match view {
        ViewMode::ThreeD => {
            let offset = turn
                * Vec3::new(
                    0.0,
                    pose.distance * pose.pitch.sin(),
                    pose.distance * pose.pitch.cos(),
                );
            // Aim a little toward the near side so the far rows are not cut off.
            let aim = focus + turn * Vec3::new(0.0, 0.0, 0.35);
            Transform::from_translation(focus + offset).looking_at(aim, Vec3::Y)
        }
        ViewMode::TwoD => {
            let up = turn * Vec3::NEG_Z;
            Transform::from_xyz(0.0, 30.0, 0.0).looking_at(Vec3::ZERO, up)
        }
    }
}

/// Moves `from` toward `to` by the share `k`, the yaw the short way round.
pub(crate) fn ease(from: Pose, to: Pose, k: f32) -> Pose {
    let tau = std::f32::consts::TAU;
    let mut dyaw = (to.yaw - from.yaw).rem_euclid(tau);
    if dyaw > std::f32::consts::PI {
        dyaw -= tau;
    }
    let near = |a: f32, b: f32| (a - b).abs() < 1e-4;
    let pose = Pose {
        yaw: from.yaw + dyaw * k,
        pitch: from.pitch + (to.pitch - from.pitch) * k,
        distance: from.distance + (to.distance - from.distance) * k,
        focus: from.focus.lerp(to.focus, k),
    };
    // Close enough is there: the picture stops changing.
    if near(dyaw, 0.0)
        && near(pose.pitch, to.pitch)
        && near(pose.distance, to.distance)
        && pose.focus.distance(to.focus) < 1e-4
    {
        to
    } else {
        pose
    }
}

/// Render layer seen only by the board camera (the show-lines aid).
pub const BOARD_LAYER: usize = 1;

/// The light that casts the pieces' shadows (3D view only: a flat view has no use for them).
#[derive(Component, Debug)]
pub struct Sun;

/// The 3D view's resting tilt (from the board's plane).
pub(crate) const REST_PITCH: f32 = 52.0 * std::f32::consts::PI / 180.0;

/// How far the player may tilt the 3D view: low enough to look across the board, never below
/// it; high enough to look almost straight down.
pub const PITCH_LIMITS: (f32, f32) = (
    22.0 * std::f32::consts::PI / 180.0,
    86.0 * std::f32::consts::PI / 180.0,
);

/// How close and how far the wheel may take the camera (1 is the resting distance).
pub const ZOOM_LIMITS: (f32, f32) = (0.55, 1.6);

/// How far from the centre a zoom toward the pointer may move the point looked at (board
/// units: about the board's radius).
pub(crate) const FOCUS_RADIUS: f32 = 5.0;

/// How the board is looked at.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct CameraRig {
    /// 2D or 3D.
    pub view: ViewMode,
    /// Black at the bottom.
    pub flipped: bool,
    /// 1 is the default distance; smaller is closer.
    pub zoom: f32,
    /// How far the player turned the 3D view around the board (radians, beyond the side at
    /// the bottom).
    pub turn: f32,
    /// The 3D view's tilt from the board's plane (radians, within [`PITCH_LIMITS`]).
    pub pitch: f32,
    /// The point on the board (x, z) the camera looks at: moved toward the pointer as the
    /// wheel zooms in, back to the centre as it zooms out.
    pub focus: Vec2,
}

impl Default for CameraRig {
    fn default() -> CameraRig {
        CameraRig {
            view: ViewMode::ThreeD,
            flipped: false,
            zoom: 1.0,
            turn: 0.0,
            pitch: REST_PITCH,
            focus: Vec2::ZERO,
        }
    }
}

/// Where the camera stands, as angles and a distance: eased as a whole, so a flip or a turn
/// swings the camera around the board instead of cutting across it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Pose {
    yaw: f32,
    pitch: f32,
    distance: f32,
    focus: Vec2,
}

impl CameraRig {
    /// The camera's resting transform for this rig.
    pub fn transform(&self) -> Transform {
        pose_transform(self.view, self.pose())
    }

    /// Back to the view the game starts with (the side at the bottom kept).
    pub fn reset(&mut self) {
        self.zoom = 1.0;
        self.turn = 0.0;
        self.pitch = REST_PITCH;
        self.focus = Vec2::ZERO;
    }

    /// Turns the 3D view around the board by `yaw` and tilts it by `pitch` (radians), within
    /// the limits.
    pub fn orbit(&mut self, yaw: f32, pitch: f32) {
        if self.view != ViewMode::ThreeD {
            return;
        }
        self.turn = (self.turn + yaw).rem_euclid(std::f32::consts::TAU);
        self.pitch = (self.pitch + pitch).clamp(PITCH_LIMITS.0, PITCH_LIMITS.1);
    }

    /// Zooms by `factor` (below 1 is closer) toward `toward`, a point on the board (x, z)
    /// under the pointer: that point stays about where it is on screen.
    pub fn zoom_toward(&mut self, factor: f32, toward: Option<Vec2>) {
        let old = self.zoom;
        self.zoom = (self.zoom * factor).clamp(ZOOM_LIMITS.0, ZOOM_LIMITS.1);
        if self.zoom >= 1.0 {
            self.focus = Vec2::ZERO;
            return;
        }
        let focus = match toward {
            Some(p) if self.zoom < old => p + (self.focus - p) * (self.zoom / old),
            // Zooming out brings the view back toward the centre as it nears the rest.
            _ => self.focus * ((1.0 - self.zoom) / (1.0 - old).max(1e-3)).min(1.0),
        };
        self.focus = focus.clamp_length_max(FOCUS_RADIUS);
    }

    pub(crate) fn pose(&self) -> Pose {
        let side = if self.flipped {
            std::f32::consts::PI
        } else {
            0.0
        };
        let three_d = self.view == ViewMode::ThreeD;
        Pose {
            yaw: side + if three_d { self.turn } else { 0.0 },
            pitch: if three_d { self.pitch } else { REST_PITCH },
            distance: 16.5 * self.zoom,
            focus: if three_d { self.focus } else { Vec2::ZERO },
        }
    }

    /// The projection for this rig.
    pub fn projection(&self) -> Projection {
        match self.view {
            ViewMode::ThreeD => Projection::Perspective(PerspectiveProjection {
                fov: 0.62,
                ..default()
            }),
            ViewMode::TwoD => Projection::Orthographic(OrthographicProjection {
                scaling_mode: ScalingMode::AutoMin {
                    min_width: VIEW_2D.x * self.zoom,
                    min_height: VIEW_2D.y * self.zoom,
                },
                ..OrthographicProjection::default_3d()
            }),
        }
    }
}
