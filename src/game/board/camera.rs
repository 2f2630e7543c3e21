//! Cameras and light: a tilted perspective view or a flat top-down one, turned for the side
//! at the bottom, leaving room on the right for the panel.

use bevy::camera::{RenderTarget, Viewport};
use bevy::input::mouse::MouseWheel;
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::PrimaryWindow;

use crate::game::core::board::{BoardCamera, OffscreenTarget, panel_width};
use crate::game::core::camera::{
    BOARD_LAYER, CameraRig, PITCH_LIMITS, Pose, Sun, ease, pose_transform,
};
use crate::game::core::launch::LaunchOptions;
use crate::game::core::selection::ViewCommand;
use crate::game::core::{Antialias, GameSet, ViewMode};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CameraRig>()
        .insert_resource(ClearColor(crate::game::ui::theme::BACKGROUND))
        .add_systems(Startup, spawn_cameras)
        .add_systems(
            Update,
            (
                view_commands,
                zoom,
                orbit,
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
        if let Some((turn, tilt)) = options.camera {
            rig.turn = turn;
            rig.pitch = tilt.clamp(PITCH_LIMITS.0, PITCH_LIMITS.1);
        }
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
    sun_over(Vec3::ZERO, shadows)
}

/// The same light over a board lying at `origin` (the Pieces panel's board is lit like the
/// real one).
pub fn sun_over(origin: Vec3, shadows: bool) -> impl Bundle {
    (
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: shadows,
            color: crate::game::ui::theme::SUNLIGHT,
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
        Transform::from_translation(origin + Vec3::new(-4.0, 12.0, 6.0))
            .looking_at(origin, Vec3::Y),
    )
}

/// The soft light everywhere, beside the sun.
pub fn ambient_light() -> GlobalAmbientLight {
    GlobalAmbientLight {
        color: crate::game::ui::theme::SKYLIGHT,
        brightness: 350.0,
        ..default()
    }
}

fn view_commands(mut commands: MessageReader<ViewCommand>, mut rig: ResMut<CameraRig>) {
    for command in commands.read() {
        match command {
            ViewCommand::Flip => rig.flipped = !rig.flipped,
            ViewCommand::ResetView => rig.reset(),
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

/// The wheel zooms toward the point of the board under the pointer.
///
/// Not over the panel, a dialog or a screen drawn over the board (Settings, the title): there
/// the wheel scrolls what it is over.
fn zoom(
    mut wheel: MessageReader<MouseWheel>,
    mut rig: ResMut<CameraRig>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    screen: Option<Res<State<crate::game::core::screens::Screen>>>,
    modal: Option<Res<State<crate::game::core::screens::Modal>>>,
) {
    use crate::game::core::screens::{Modal, Screen};
    let covered = screen.is_some_and(|s| matches!(s.get(), Screen::Title | Screen::Settings))
        || modal.is_some_and(|m| *m.get() != Modal::None);
    let over_panel = windows
        .single()
        .ok()
        .and_then(|w| w.physical_cursor_position())
        .zip(cameras.single().ok())
        .and_then(|(cursor, (camera, _))| {
            camera
                .viewport
                .as_ref()
                .map(|v| cursor.x >= v.physical_size.x as f32)
        })
        .unwrap_or(false);
    if covered || over_panel {
        wheel.clear();
        return;
    }
    for event in wheel.read() {
        let factor = (1.0 - event.y.clamp(-3.0, 3.0) * 0.06).clamp(0.8, 1.25);
        let under = windows
            .single()
            .ok()
            .and_then(Window::cursor_position)
            .zip(cameras.single().ok())
            .and_then(|(cursor, (camera, at))| board_point(camera, at, cursor));
        rig.zoom_toward(factor, under);
    }
}

/// The point of the board's plane (x, z) under a window position, if the board camera sees it.
fn board_point(camera: &Camera, at: &GlobalTransform, cursor: Vec2) -> Option<Vec2> {
    let ray = camera.viewport_to_world(at, cursor).ok()?;
    let d = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
    let p = ray.get_point(d);
    Some(Vec2::new(p.x, p.z))
}

/// Radians turned per pixel of drag.
const ORBIT_SPEED: f32 = 0.008;

/// Dragging with the middle button (or with Alt and the left one, for a touchpad) turns the 3D
/// view around the board and tilts it.
fn orbit(
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    motion: Option<Res<bevy::input::mouse::AccumulatedMouseMotion>>,
    modal: Option<Res<State<crate::game::core::screens::Modal>>>,
    mut rig: ResMut<CameraRig>,
) {
    let (Some(buttons), Some(motion)) = (buttons, motion) else {
        return;
    };
    if modal.is_some_and(|m| *m.get() != crate::game::core::screens::Modal::None) {
        return;
    }
    let alt = keys.is_some_and(|k| k.any_pressed([KeyCode::AltLeft, KeyCode::AltRight]));
    let dragging =
        buttons.pressed(MouseButton::Middle) || (alt && buttons.pressed(MouseButton::Left));
    if !dragging || motion.delta == Vec2::ZERO {
        return;
    }
    rig.orbit(-motion.delta.x * ORBIT_SPEED, motion.delta.y * ORBIT_SPEED);
}

/// Eases the camera toward the rig's pose (a flip or a turn swings it around the board), and
/// swaps projection when the view changes.
fn follow_rig(
    time: Res<Time>,
    rig: Res<CameraRig>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<BoardCamera>>,
    mut shown: Local<Option<(ViewMode, Pose)>>,
) {
    let Ok((mut transform, mut projection)) = cameras.single_mut() else {
        return;
    };
    let target = rig.pose();
    let pose = match *shown {
        Some((view, pose)) if view == rig.view => {
            if rig.is_changed() && rig.view == ViewMode::TwoD {
                *projection = rig.projection();
            }
            let k = 1.0 - (-time.delta_secs() * 7.0).exp();
            ease(pose, target, k)
        }
        _ => {
            *projection = rig.projection();
            target
        }
    };
    *shown = Some((rig.view, pose));
    let want = pose_transform(rig.view, pose);
    if *transform != want {
        *transform = want;
    }
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
    board_viewport_scaled(size, scale, 1.0)
}

/// [`board_viewport`] with the interface scaled by `ui_scale` (`UiScale`): the panel's width
/// is [`panel_width`] of the window as the interface sees it, in interface units.
pub fn board_viewport_scaled(size: UVec2, scale: f32, ui_scale: f32) -> Viewport {
    let k = scale * ui_scale.max(0.1);
    let panel = (panel_width(size.x as f32 / k) * k) as u32;
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
    screen: Option<Res<State<crate::game::core::screens::Screen>>>,
    ui_scale: Option<Res<UiScale>>,
    mut cameras: Query<&mut Camera, With<BoardCamera>>,
) {
    let ui_scale = ui_scale.map_or(1.0, |u| u.0);
    let (size, scale) = if let Ok(window) = windows.single() {
        (window.physical_size(), window.scale_factor())
    } else if let Some(image) = offscreen.and_then(|t| images.get(&t.0)) {
        (image.size(), 1.0)
    } else {
        return;
    };
    let viewport = if screen.is_some_and(|s| *s.get() == crate::game::core::screens::Screen::Title)
    {
        Viewport {
            physical_position: UVec2::ZERO,
            physical_size: size.max(UVec2::ONE),
            ..default()
        }
    } else {
        board_viewport_scaled(size, scale, ui_scale)
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
    use crate::game::core::camera::*;

    #[test]
    fn the_wheel_zooms_the_board_but_not_under_a_screen_or_dialog() {
        use crate::game::core::screens::{Modal, Screen};
        use bevy::input::mouse::MouseScrollUnit;
        let mut app = App::new();
        app.init_resource::<CameraRig>()
            .add_message::<MouseWheel>()
            .insert_resource(State::new(Screen::Play))
            .insert_resource(State::new(Modal::None))
            .add_systems(Update, zoom);
        let roll = |app: &mut App| {
            app.world_mut().write_message(MouseWheel {
                unit: MouseScrollUnit::Line,
                x: 0.0,
                y: 1.0,
                window: Entity::PLACEHOLDER,
                phase: bevy::input::touch::TouchPhase::Moved,
            });
            app.update();
            app.world().resource::<CameraRig>().zoom
        };
        let closer = roll(&mut app);
        assert!(closer < 1.0, "the wheel zoomed in: {closer}");
        app.insert_resource(State::new(Screen::Settings));
        assert_eq!(
            roll(&mut app),
            closer,
            "the Settings screen scrolls instead"
        );
        app.insert_resource(State::new(Screen::Play));
        app.insert_resource(State::new(Modal::NewGame));
        assert_eq!(roll(&mut app), closer, "a dialog scrolls instead");
    }

    #[test]
    fn the_board_leaves_the_scaled_panel_its_width() {
        let width = |size: UVec2, scale: f32, ui: f32| {
            board_viewport_scaled(size, scale, ui).physical_size.x
        };
        let wide = UVec2::new(3840, 2160);
        assert_eq!(width(wide, 1.0, 1.0), 3840 - 340);
        // The interface at twice the size: a panel twice as wide.
        assert_eq!(width(wide, 1.0, 2.0), 3840 - 680);
        // A HiDPI screen scaling by two, the interface at 1: the same.
        assert_eq!(width(wide, 2.0, 1.0), 3840 - 680);
        assert_eq!(
            width(UVec2::new(1024, 600), 1.0, 1.0),
            1024 - panel_width(1024.0) as u32
        );
    }

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

    /// Where a world point falls in normalised device coordinates for `rig` on a 1280×800
    /// window with the panel, and the point of the board's plane a viewport point looks at:
    /// the same matrices the picking rays are cast with.
    fn clip_from_world(rig: &CameraRig) -> Mat4 {
        use bevy::camera::CameraProjection;
        let viewport = Vec2::new(1280.0 - panel_width(1280.0), 800.0);
        let Projection::Perspective(mut p) = rig.projection() else {
            panic!("3D")
        };
        p.update(viewport.x, viewport.y);
        p.get_clip_from_view() * rig.transform().to_matrix().inverse()
    }

    fn board_under(clip_from_world: Mat4, ndc: Vec2) -> Vec3 {
        let world_from_clip = clip_from_world.inverse();
        let near = world_from_clip.project_point3(ndc.extend(1.0));
        let far = world_from_clip.project_point3(ndc.extend(0.1));
        let dir = (far - near).normalize();
        let t = -near.y / dir.y;
        near + dir * t
    }

    #[test]
    fn every_cell_stays_in_view_and_is_picked_back_from_every_angle() {
        let turns = [0.0, 0.9, 2.2, 3.6, 5.5];
        let pitches = [PITCH_LIMITS.0, REST_PITCH, PITCH_LIMITS.1];
        for flipped in [false, true] {
            for &turn in &turns {
                for &pitch in &pitches {
                    let rig = CameraRig {
                        flipped,
                        turn,
                        pitch,
                        ..CameraRig::default()
                    };
                    let m = clip_from_world(&rig);
                    for cell in crate::rules::Cell::all() {
                        let centre = crate::game::core::board::cell_world(cell);
                        let clip = m * centre.extend(1.0);
                        assert!(clip.w > 0.0, "{cell} behind the camera at {rig:?}");
                        let ndc = clip.truncate() / clip.w;
                        assert!(
                            ndc.x.abs() < 1.0 && ndc.y.abs() < 1.0,
                            "{cell} out of view at {rig:?}: {ndc:?}"
                        );
                        // The ray through that point finds this cell and no other.
                        let hit = board_under(m, ndc.truncate());
                        let nearest = crate::rules::Cell::all()
                            .min_by(|a, b| {
                                let d = |c| crate::game::core::board::cell_world(c).distance(hit);
                                d(*a).total_cmp(&d(*b))
                            })
                            .expect("cells");
                        assert_eq!(nearest, cell, "picked at {rig:?}");
                    }
                }
            }
        }
    }

    fn orbit_app() -> App {
        let mut app = App::new();
        app.init_resource::<CameraRig>()
            .init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<bevy::input::mouse::AccumulatedMouseMotion>()
            .add_systems(Update, orbit);
        app
    }

    fn drag_by(app: &mut App, delta: Vec2) {
        app.world_mut()
            .resource_mut::<bevy::input::mouse::AccumulatedMouseMotion>()
            .delta = delta;
        app.update();
    }

    #[test]
    fn a_middle_drag_turns_and_tilts_the_3d_view_within_limits() {
        let mut app = orbit_app();
        drag_by(&mut app, Vec2::new(100.0, 0.0));
        assert_eq!(
            *app.world().resource::<CameraRig>(),
            CameraRig::default(),
            "no button"
        );
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Middle);
        drag_by(&mut app, Vec2::new(100.0, 0.0));
        let rig = app.world().resource::<CameraRig>().clone();
        assert!(rig.turn > 0.5, "{rig:?}");
        drag_by(&mut app, Vec2::new(0.0, 10_000.0));
        assert_eq!(app.world().resource::<CameraRig>().pitch, PITCH_LIMITS.1);
        drag_by(&mut app, Vec2::new(0.0, -10_000.0));
        assert_eq!(app.world().resource::<CameraRig>().pitch, PITCH_LIMITS.0);
        // Alt and the left button do the same (a touchpad); the 2D view does not turn.
        let mut app = orbit_app();
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        drag_by(&mut app, Vec2::new(50.0, 0.0));
        assert_eq!(
            app.world().resource::<CameraRig>().turn,
            0.0,
            "left alone selects"
        );
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::AltLeft);
        drag_by(&mut app, Vec2::new(50.0, 0.0));
        assert!(app.world().resource::<CameraRig>().turn > 0.0);
        let mut rig = CameraRig {
            view: ViewMode::TwoD,
            ..CameraRig::default()
        };
        rig.orbit(1.0, 0.3);
        assert_eq!(rig.turn, 0.0);
    }

    #[test]
    fn a_flip_swings_the_camera_around_the_board_not_across_it() {
        let mut app = App::new();
        app.init_resource::<CameraRig>()
            .init_resource::<Time>()
            .add_systems(Update, follow_rig);
        let camera = app
            .world_mut()
            .spawn((
                BoardCamera,
                Transform::default(),
                CameraRig::default().projection(),
            ))
            .id();
        app.update();
        let start = *app.world().get::<Transform>(camera).expect("camera");
        let radius = Vec2::new(start.translation.x, start.translation.z).length();
        app.world_mut().resource_mut::<CameraRig>().flipped = true;
        let mut closest = f32::MAX;
        for _ in 0..120 {
            app.world_mut()
                .resource_mut::<Time>()
                .advance_by(std::time::Duration::from_millis(16));
            app.update();
            let t = app
                .world()
                .get::<Transform>(camera)
                .expect("camera")
                .translation;
            closest = closest.min(Vec2::new(t.x, t.z).length());
        }
        assert!(
            closest > radius * 0.95,
            "{closest} of {radius}: cut across the board"
        );
        let end = app.world().get::<Transform>(camera).expect("camera");
        let want = CameraRig {
            flipped: true,
            ..CameraRig::default()
        }
        .transform();
        assert!(
            end.translation.distance(want.translation) < 1e-3,
            "it arrives"
        );
    }

    #[test]
    fn the_wheel_zooms_toward_the_pointer_and_back_to_the_centre() {
        let mut rig = CameraRig::default();
        let p = Vec2::new(3.0, -2.0);
        rig.zoom_toward(0.8, Some(p));
        rig.zoom_toward(0.8, Some(p));
        assert!(rig.zoom < 0.7);
        assert!(
            rig.focus.distance(p) < p.length(),
            "closer to the pointer: {rig:?}"
        );
        assert!(rig.focus.length() <= FOCUS_RADIUS);
        for _ in 0..10 {
            rig.zoom_toward(1.25, Some(p));
        }
        assert_eq!(rig.zoom, ZOOM_LIMITS.1);
        assert_eq!(
            rig.focus,
            Vec2::ZERO,
            "zoomed out, the view is centred again"
        );
        rig.turn = 2.0;
        rig.pitch = PITCH_LIMITS.1;
        rig.reset();
        assert_eq!(rig, CameraRig::default());
    }
}
