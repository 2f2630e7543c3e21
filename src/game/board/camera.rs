//! Cameras and light: a tilted perspective view or a flat top-down one, turned for the side
//! at the bottom, leaving room on the right for the panel.

use bevy::camera::{RenderTarget, ScalingMode, Viewport};
use bevy::input::mouse::MouseWheel;
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::PrimaryWindow;

use crate::game::play::input::ViewCommand;
use crate::game::{Antialias, GameSet, LaunchOptions, ViewMode};

/// Width of the side panel in logical pixels for a window `window_width` wide: the board is
/// drawn to its left.
pub fn panel_width(window_width: f32) -> f32 {
    (window_width * 0.3).clamp(230.0, 340.0)
}

/// The area (board units) the 2D view shows at least, board and frame with a margin.
const VIEW_2D: Vec2 = Vec2::new(11.8, 10.6);

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
    use bevy::camera::CameraProjection;
    let rig = CameraRig::default();
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

/// Render layer seen only by the board camera (the show-lines aid).
pub const BOARD_LAYER: usize = 1;

/// The camera that looks at the board (the one picking rays come from).
#[derive(Component, Debug)]
pub struct BoardCamera;

/// The light that casts the pieces' shadows (3D view only: a flat view has no use for them).
#[derive(Component, Debug)]
pub struct Sun;

/// How the board is looked at.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct CameraRig {
    /// 2D or 3D.
    pub view: ViewMode,
    /// Black at the bottom.
    pub flipped: bool,
    /// 1 is the default distance; smaller is closer.
    pub zoom: f32,
}

impl Default for CameraRig {
    fn default() -> CameraRig {
        CameraRig {
            view: ViewMode::ThreeD,
            flipped: false,
            zoom: 1.0,
        }
    }
}

/// Where offscreen frames are rendered (screenshots and frame benchmarks).
#[derive(Resource, Debug, Clone)]
pub struct OffscreenTarget(pub Handle<Image>);

impl CameraRig {
    /// The camera's resting transform for this rig.
    pub fn transform(&self) -> Transform {
        let yaw = if self.flipped {
            std::f32::consts::PI
        } else {
            0.0
        };
        match self.view {
            ViewMode::ThreeD => {
                let pitch = 52f32.to_radians();
                let distance = 16.5 * self.zoom;
                let offset = Quat::from_rotation_y(yaw)
                    * Vec3::new(0.0, distance * pitch.sin(), distance * pitch.cos());
                // Aim a little toward the near side so the far rows are not cut off.
                let aim = Quat::from_rotation_y(yaw) * Vec3::new(0.0, 0.0, 0.35);
                Transform::from_translation(offset).looking_at(aim, Vec3::Y)
            }
            ViewMode::TwoD => {
                let up = if self.flipped { Vec3::Z } else { Vec3::NEG_Z };
                Transform::from_xyz(0.0, 30.0, 0.0).looking_at(Vec3::ZERO, up)
            }
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CameraRig>()
        .insert_resource(ClearColor(crate::game::ui::theme::BACKGROUND))
        .add_systems(Startup, spawn_cameras)
        .add_systems(
            Update,
            (
                view_commands,
                zoom,
                follow_rig,
                shadows_follow_view,
                fit_viewport,
            )
                .chain()
                .in_set(GameSet::View),
        );
}

fn spawn_cameras(
    mut commands: Commands,
    options: Option<Res<LaunchOptions>>,
    mut rig: ResMut<CameraRig>,
    offscreen: Option<Res<OffscreenTarget>>,
    adapter: Option<Res<RenderAdapterInfo>>,
) {
    if let Some(options) = &options {
        rig.view = options.view;
    }
    // Both cameras draw into one target and must agree, or the board's picture is lost.
    let msaa = options
        .as_ref()
        .map_or(Antialias::Auto, |o| o.antialias)
        .msaa(software_renderer(adapter.as_deref()));
    let target = offscreen.map(|t| RenderTarget::Image(t.0.clone().into()));
    let mut board = commands.spawn((
        Name::new("board camera"),
        BoardCamera,
        Camera3d::default(),
        Camera {
            order: 0,
            // The UI camera draws next into the same target and writes both pictures out:
            // writing this one out too would copy a whole frame for nothing.
            output_mode: bevy::camera::CameraOutputMode::Skip,
            ..default()
        },
        rig.projection(),
        rig.transform(),
        msaa,
        bevy::camera::visibility::RenderLayers::from_layers(&[0, BOARD_LAYER]),
    ));
    if let Some(t) = &target {
        board.insert(t.clone());
    }
    let mut ui = commands.spawn((
        Name::new("ui camera"),
        Camera2d,
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            ..default()
        },
        IsDefaultUiCamera,
        msaa,
    ));
    if let Some(t) = target {
        ui.insert(t);
    }
    commands.spawn((Name::new("sun"), Sun, sun(rig.view == ViewMode::ThreeD)));
    commands.insert_resource(ambient_light());
}

/// Whether the renderer runs on the CPU (Mesa's lavapipe): Bevy does not re-export wgpu's
/// `DeviceType`, whose `Cpu` variant names software renderers.
pub fn software_renderer(adapter: Option<&RenderAdapterInfo>) -> bool {
    adapter.is_some_and(|a| format!("{:?}", a.device_type) == "Cpu")
}

/// The light that casts the pieces' shadows, public so the bare scene (the frame-time
/// yardstick) is lit exactly like the game.
pub fn sun(shadows: bool) -> impl Bundle {
    (
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: shadows,
            color: Color::srgb(1.0, 0.96, 0.9),
            ..default()
        },
        // The whole scene lies 8 to 30 units from the camera at any zoom: one shadow cascade
        // covers it (Bevy's default of four, out to 150 units, quadruples the shadow work).
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            minimum_distance: 4.0,
            maximum_distance: 34.0,
            ..default()
        }
        .build(),
        Transform::from_xyz(-4.0, 12.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    )
}

/// The soft light everywhere, beside the sun.
pub fn ambient_light() -> GlobalAmbientLight {
    GlobalAmbientLight {
        color: Color::srgb(0.9, 0.92, 1.0),
        brightness: 350.0,
        ..default()
    }
}

fn view_commands(mut commands: MessageReader<ViewCommand>, mut rig: ResMut<CameraRig>) {
    for command in commands.read() {
        match command {
            ViewCommand::Flip => rig.flipped = !rig.flipped,
            ViewCommand::ToggleView => {
                rig.view = match rig.view {
                    ViewMode::ThreeD => ViewMode::TwoD,
                    ViewMode::TwoD => ViewMode::ThreeD,
                }
            }
            _ => {}
        }
    }
}

fn zoom(mut wheel: MessageReader<MouseWheel>, mut rig: ResMut<CameraRig>) {
    for event in wheel.read() {
        let factor = (1.0 - event.y.clamp(-3.0, 3.0) * 0.06).clamp(0.8, 1.25);
        rig.zoom = (rig.zoom * factor).clamp(0.55, 1.6);
    }
}

/// Eases the camera toward the rig's resting place, and swaps projection when the view changes.
fn follow_rig(
    time: Res<Time>,
    rig: Res<CameraRig>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<BoardCamera>>,
    mut last_view: Local<Option<ViewMode>>,
) {
    let Ok((mut transform, mut projection)) = cameras.single_mut() else {
        return;
    };
    let target = rig.transform();
    if *last_view != Some(rig.view) {
        *last_view = Some(rig.view);
        *projection = rig.projection();
        *transform = target;
        return;
    }
    if rig.is_changed() && rig.view == ViewMode::TwoD {
        *projection = rig.projection();
    }
    let k = 1.0 - (-time.delta_secs() * 7.0).exp();
    transform.translation = transform.translation.lerp(target.translation, k);
    transform.rotation = transform.rotation.slerp(target.rotation, k);
}

/// Casts shadows in the 3D view only.
fn shadows_follow_view(rig: Res<CameraRig>, mut suns: Query<&mut DirectionalLight, With<Sun>>) {
    if !rig.is_changed() {
        return;
    }
    let wanted = rig.view == ViewMode::ThreeD;
    for mut light in &mut suns {
        if light.shadow_maps_enabled != wanted {
            light.shadow_maps_enabled = wanted;
        }
    }
}

/// The board camera's part of a picture `size` physical pixels large (at `scale` physical
/// pixels per logical one): everything left of the panel. Public so the bare scene (the
/// frame-time yardstick) frames the board exactly as the game does.
pub fn board_viewport(size: UVec2, scale: f32) -> Viewport {
    let panel = (panel_width(size.x as f32 / scale) * scale) as u32;
    let width = size.x.saturating_sub(panel).max(1);
    Viewport {
        physical_position: UVec2::ZERO,
        physical_size: UVec2::new(width, size.y.max(1)),
        ..default()
    }
}

/// Keeps the board camera's viewport to the left of the panel as the window changes; the
/// title screen has no panel, so there the board fills the window, centred under the card.
fn fit_viewport(
    windows: Query<&Window, With<PrimaryWindow>>,
    images: Res<Assets<Image>>,
    offscreen: Option<Res<OffscreenTarget>>,
    screen: Option<Res<State<crate::game::screens::Screen>>>,
    mut cameras: Query<&mut Camera, With<BoardCamera>>,
) {
    let (size, scale) = if let Ok(window) = windows.single() {
        (window.physical_size(), window.scale_factor())
    } else if let Some(image) = offscreen.and_then(|t| images.get(&t.0)) {
        (image.size(), 1.0)
    } else {
        return;
    };
    let viewport = if screen.is_some_and(|s| *s.get() == crate::game::screens::Screen::Title) {
        Viewport {
            physical_position: UVec2::ZERO,
            physical_size: size.max(UVec2::ONE),
            ..default()
        }
    } else {
        board_viewport(size, scale)
    };
    for mut camera in &mut cameras {
        if camera
            .viewport
            .as_ref()
            .map(|v| (v.physical_position, v.physical_size))
            != Some((viewport.physical_position, viewport.physical_size))
        {
            camera.viewport = Some(viewport.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shadows_are_cast_in_the_3d_view_only() {
        let mut app = App::new();
        app.init_resource::<CameraRig>()
            .add_systems(Update, shadows_follow_view);
        let sun = app
            .world_mut()
            .spawn((Sun, DirectionalLight::default()))
            .id();
        let shadows = |app: &App| {
            app.world()
                .get::<DirectionalLight>(sun)
                .is_some_and(|l| l.shadow_maps_enabled)
        };
        app.update();
        assert!(shadows(&app), "3D is the default view");
        app.world_mut().resource_mut::<CameraRig>().view = ViewMode::TwoD;
        app.update();
        assert!(!shadows(&app));
        app.world_mut().resource_mut::<CameraRig>().view = ViewMode::ThreeD;
        app.update();
        assert!(shadows(&app));
    }

    #[test]
    fn the_2d_projection_puts_the_board_centre_mid_viewport() {
        let size = UVec2::new(1280, 800);
        let centre = project_2d(size, [0.0, 0.0]);
        let viewport_width = size.x as f32 - panel_width(size.x as f32);
        assert!((centre.x - viewport_width / 2.0).abs() < 0.5);
        assert!((centre.y - 400.0).abs() < 0.5);
        // Black's side is up: a point above the centre on the board is higher on screen.
        assert!(project_2d(size, [0.0, 1.0]).y < centre.y);
    }
}
