//! Renders every look of a piece offscreen (Parachess's six, the inventor's Knight and Archer,
//! two generic pieces carrying their letters), for reviewing the models without starting the game:
//! `pieces_3d.png` (both sides in perspective, lit, with shadows) and `symbols_2d.png` (the flat
//! symbols with their outlines on rhombus cells of the three board colours).
//!
//! `cargo run --example piece_gallery -- <out-dir>`; needs no screen (`WGPU_BACKEND=vulkan` picks
//! Mesa's software renderer where there is no GPU).

#[cfg(feature = "gui")]
fn main() -> std::process::ExitCode {
    gallery::run()
}

#[cfg(not(feature = "gui"))]
fn main() {
    eprintln!("piece_gallery needs the `gui` feature");
}

#[cfg(feature = "gui")]
mod gallery {
    use std::path::PathBuf;
    use std::process::ExitCode;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::time::Duration;

    use bevy::app::ScheduleRunnerPlugin;
    use bevy::camera::visibility::RenderLayers;
    use bevy::camera::{RenderTarget, ScalingMode};
    use bevy::core_pipeline::tonemapping::Tonemapping;
    use bevy::light::{CascadeShadowConfigBuilder, DirectionalLightShadowMap};
    use bevy::prelude::*;
    use bevy::render::render_resource::{PipelineCache, TextureFormat};
    use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
    use bevy::render::{Render, RenderApp};
    use bevy::window::ExitCondition;

    use parachess::game::board::models::{
        BLACK_OUTLINE, BLACK_PIECE, PIECE_ROUGHNESS, WHITE_OUTLINE, WHITE_PIECE, piece_mesh,
        piece_symbol_mesh, piece_symbol_outline_mesh,
    };
    use parachess::rules::Look;

    /// King first, pawn last, as a chess set is usually shown; then generic pieces.
    const LOOKS: [Look; 10] = [
        Look::King,
        Look::Queen,
        Look::Rook,
        Look::Bishop,
        Look::Sorcerer,
        Look::Knight,
        Look::Archer,
        Look::Pawn,
        Look::Generic('C'),
        Look::Generic('W'),
    ];
    /// Where the middle of the row of pieces is.
    const MIDDLE: f32 = (LOOKS.len() as f32 - 1.0) / 2.0;

    const SIZE: UVec2 = UVec2::new(1400, 400);
    /// Cream, honey and walnut: stand-ins for the board's three cell colours.
    const CELLS: [Color; 3] = [
        Color::srgb(0.91, 0.83, 0.68),
        Color::srgb(0.78, 0.60, 0.40),
        Color::srgb(0.52, 0.35, 0.22),
    ];
    /// Give up if the renderer never settles.
    const MAX_FRAMES: u32 = 5000;

    /// Consecutive rendered frames with every pipeline compiled, counted in the render world.
    #[derive(Resource, Clone, Default)]
    struct PipelinesReady(Arc<AtomicU32>);

    /// Where the images go, what they show, and how many are on disk so far.
    #[derive(Resource)]
    struct Shots {
        dir: PathBuf,
        targets: [Handle<Image>; 2],
        saved: u32,
    }

    pub fn run() -> ExitCode {
        let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "gallery".into()));
        if let Err(e) = std::fs::create_dir_all(&dir) {
            eprintln!("cannot create {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
        let ready = PipelinesReady::default();
        let mut app = App::new();
        app.add_plugins(
            DefaultPlugins
                .build()
                .disable::<bevy::winit::WinitPlugin>()
                .set(WindowPlugin {
                    primary_window: None,
                    exit_condition: ExitCondition::DontExit,
                    ..default()
                }),
        )
        .add_plugins(ScheduleRunnerPlugin::run_loop(Duration::ZERO))
        .insert_resource(DirectionalLightShadowMap { size: 2048 })
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(1.0, 0.95, 0.88),
            brightness: 500.0,
            ..default()
        })
        .insert_resource(ready.clone())
        .add_systems(
            Startup,
            move |commands: Commands, images: ResMut<Assets<Image>>| {
                setup(commands, images, dir.clone())
            },
        )
        .add_systems(Startup, (scene_3d, scene_2d))
        .add_systems(Update, shoot_when_ready);
        app.sub_app_mut(RenderApp)
            .insert_resource(ready)
            .add_systems(Render, count_ready_frames);
        match app.run() {
            AppExit::Success => ExitCode::SUCCESS,
            AppExit::Error(_) => ExitCode::FAILURE,
        }
    }

    fn count_ready_frames(cache: Res<PipelineCache>, ready: Res<PipelinesReady>) {
        if cache.waiting_pipelines().next().is_none() {
            ready.0.fetch_add(1, Ordering::Relaxed);
        } else {
            ready.0.store(0, Ordering::Relaxed);
        }
    }

    fn setup(mut commands: Commands, mut images: ResMut<Assets<Image>>, dir: PathBuf) {
        let mut target = || {
            images.add(Image::new_target_texture(
                SIZE.x,
                SIZE.y,
                TextureFormat::Rgba8UnormSrgb,
                None,
            ))
        };
        let targets = [target(), target()];
        // 3D: perspective from the white side, a little above, like a player leaning over.
        commands.spawn((
            Camera3d::default(),
            Camera {
                clear_color: ClearColorConfig::Custom(Color::srgb(0.2, 0.15, 0.11)),
                ..default()
            },
            RenderTarget::Image(targets[0].clone().into()),
            Projection::from(PerspectiveProjection {
                fov: 24f32.to_radians(),
                ..default()
            }),
            Transform::from_xyz(0.0, 2.1, 5.0).looking_at(Vec3::new(0.0, 0.3, 0.0), Vec3::Y),
        ));
        // 2D: straight down with the symbols' "up" (−Z) at the top of the image.
        commands.spawn((
            Camera3d::default(),
            Camera {
                order: 1,
                clear_color: ClearColorConfig::Custom(Color::srgb(0.2, 0.15, 0.11)),
                ..default()
            },
            RenderTarget::Image(targets[1].clone().into()),
            Tonemapping::None,
            Projection::from(OrthographicProjection {
                scaling_mode: ScalingMode::FixedHorizontal {
                    viewport_width: 10.6,
                },
                ..OrthographicProjection::default_3d()
            }),
            Transform::from_xyz(0.0, 5.0, 0.0).looking_at(Vec3::ZERO, Vec3::NEG_Z),
            RenderLayers::layer(1),
        ));
        commands.insert_resource(Shots {
            dir,
            targets,
            saved: 0,
        });
    }

    fn scene_3d(
        mut commands: Commands,
        mut meshes: ResMut<Assets<Mesh>>,
        mut materials: ResMut<Assets<StandardMaterial>>,
    ) {
        commands.spawn((
            Mesh3d(meshes.add(Plane3d::default().mesh().size(30.0, 30.0))),
            MeshMaterial3d(materials.add(StandardMaterial {
                base_color: Color::srgb(0.66, 0.48, 0.31),
                perceptual_roughness: 0.85,
                ..default()
            })),
        ));
        commands.spawn((
            DirectionalLight {
                illuminance: 7000.0,
                shadow_maps_enabled: true,
                ..default()
            },
            Transform::from_xyz(-2.5, 5.0, 3.0).looking_at(Vec3::ZERO, Vec3::Y),
            CascadeShadowConfigBuilder {
                num_cascades: 1,
                maximum_distance: 9.0,
                ..default()
            }
            .build(),
        ));
        for (color, z) in [(WHITE_PIECE, 0.5), (BLACK_PIECE, -0.45)] {
            let material = materials.add(StandardMaterial {
                base_color: color,
                perceptual_roughness: PIECE_ROUGHNESS,
                ..default()
            });
            for (i, &kind) in LOOKS.iter().enumerate() {
                commands.spawn((
                    Mesh3d(meshes.add(piece_mesh(kind))),
                    MeshMaterial3d(material.clone()),
                    Transform::from_xyz((i as f32 - MIDDLE) * 0.7, 0.0, z),
                ));
            }
        }
    }

    /// A 60° rhombus of side 1 centred on the origin, flat on the ground, facing up.
    fn rhombus() -> Mesh {
        let h = 3f32.sqrt() / 4.0;
        let corners = [
            [-0.75, 0.0, h],
            [0.25, 0.0, h],
            [0.75, 0.0, -h],
            [-0.25, 0.0, -h],
        ];
        Mesh::new(
            bevy::mesh::PrimitiveTopology::TriangleList,
            bevy::asset::RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, corners.to_vec())
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; 4])
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; 4])
        .with_inserted_indices(bevy::mesh::Indices::U32(vec![0, 1, 2, 0, 2, 3]))
    }

    fn scene_2d(
        mut commands: Commands,
        mut meshes: ResMut<Assets<Mesh>>,
        mut materials: ResMut<Assets<StandardMaterial>>,
    ) {
        let mut flat = |color: Color| {
            materials.add(StandardMaterial {
                base_color: color,
                unlit: true,
                ..default()
            })
        };
        let cells = CELLS.map(&mut flat);
        let sides = [
            (flat(WHITE_PIECE), flat(WHITE_OUTLINE)),
            (flat(BLACK_PIECE), flat(BLACK_OUTLINE)),
        ];
        let cell = meshes.add(rhombus());
        let layer = RenderLayers::layer(1);
        for (row, (fill, outline)) in sides.iter().enumerate() {
            let z = (row as f32 - 0.5) * 0.95;
            for (i, &kind) in LOOKS.iter().enumerate() {
                let x = (i as f32 - MIDDLE) * 1.0 + 0.25 * (row as f32 - 0.5);
                let at = Vec3::new(x, 0.0, z);
                commands.spawn((
                    Mesh3d(cell.clone()),
                    MeshMaterial3d(cells[(i + row) % 3].clone()),
                    Transform::from_translation(at - Vec3::Y * 0.01),
                    layer.clone(),
                ));
                commands.spawn((
                    Mesh3d(meshes.add(piece_symbol_outline_mesh(kind))),
                    MeshMaterial3d(outline.clone()),
                    Transform::from_translation(at),
                    layer.clone(),
                ));
                commands.spawn((
                    Mesh3d(meshes.add(piece_symbol_mesh(kind))),
                    MeshMaterial3d(fill.clone()),
                    Transform::from_translation(at + Vec3::Y * 0.002),
                    layer.clone(),
                ));
            }
        }
    }

    /// Waits until the renderer has compiled everything and drawn it for a while, asks for both
    /// screenshots, and exits once they are on disk.
    fn shoot_when_ready(
        mut commands: Commands,
        mut frame: Local<u32>,
        mut asked: Local<bool>,
        ready: Res<PipelinesReady>,
        shots: Res<Shots>,
        mut exit: MessageWriter<AppExit>,
    ) {
        *frame += 1;
        if shots.saved == 2 {
            exit.write(AppExit::Success);
        } else if *frame > MAX_FRAMES {
            error!("gave up after {MAX_FRAMES} frames");
            exit.write(AppExit::error());
        } else if !*asked && *frame > 20 && ready.0.load(Ordering::Relaxed) >= 10 {
            *asked = true;
            for (target, name) in shots
                .targets
                .iter()
                .zip(["pieces_3d.png", "symbols_2d.png"])
            {
                commands
                    .spawn(Screenshot::image(target.clone()))
                    .observe(save_to_disk(shots.dir.join(name)))
                    .observe(|_: On<ScreenshotCaptured>, mut shots: ResMut<Shots>| {
                        shots.saved += 1
                    });
            }
        }
    }
}
