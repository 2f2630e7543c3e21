//! The yardstick for the game's frame times: Bevy drawing the board's 72 tiles and the 36 pieces
//! of the start position, with the game's camera, light, shadows and multisampling, and nothing
//! else (no panel, text, picking, line aid or frame). Two pieces glide to and fro so that, like
//! the game's benchmark, every frame moves something.
//!
//! `parachess --bare-scene --bench-frames N` and `examples/bare_scene.rs` run it;
//! `scripts/frame-ratio.sh` times it beside the game's `--bench-frames` (goal: the game within
//! 1.2× of it). It shares the game's offscreen set-up and timing code, not its systems.

use std::f32::consts::TAU;

use bevy::camera::RenderTarget;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use super::{FrameBench, add_frame_bench, offscreen_image, time_frames};
use crate::game::board::camera::{ambient_light, board_viewport, software_renderer, sun};
use crate::game::board::meshes::MeshBuilder;
use crate::game::board::pieces::piece_home;
use crate::game::board::tiles::{TileMaterials, tile_mesh};
use crate::game::core::ViewMode;
use crate::game::core::board::OffscreenTarget;
use crate::game::core::board::cell_world;
use crate::game::core::camera::CameraRig;
use crate::game::core::launch::LaunchOptions;
use crate::game::ui::theme;
use crate::rules::{Cell, PieceKind, Position, Side, board};

/// Segments around a turned piece, as in the game's models.
const SEGMENTS: usize = 28;
/// How far a gliding piece travels, in board units, and how long one way takes.
const GLIDE_DISTANCE: f32 = 0.9;
const GLIDE_SECONDS: f32 = 0.5;

/// A piece that glides to and fro from its home.
#[derive(Component, Debug)]
struct Glider {
    home: Vec3,
    /// Where the glide turns back.
    away: Vec3,
}

/// Where the run stands after the figures: saving a picture when one was asked for.
#[derive(Resource, Debug, Default)]
struct Finish {
    requested: bool,
    saved: Option<Result<std::path::PathBuf, String>>,
}

/// Renders `options.bench_frames` frames (one if not given) of the bare scene offscreen, prints
/// the same figures as the game's `--bench-frames`, saves `options.screenshot` if given (the
/// last frame, to see what was timed) and exits.
pub fn run(options: LaunchOptions) -> AppExit {
    let mut app = App::new();
    super::add_offscreen_plugins(&mut app);
    let frames = options.bench_frames.unwrap_or(1).max(1);
    add_frame_bench(&mut app, frames, options.size, options.launched);
    app.insert_resource(ClearColor(theme::BACKGROUND))
        .init_resource::<Finish>()
        .insert_resource(options)
        .add_systems(PreStartup, create_target)
        .add_systems(Startup, spawn_scene)
        .add_systems(Update, glide)
        .add_systems(Last, finish.after(time_frames));
    app.run()
}

fn create_target(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    mut images: ResMut<Assets<Image>>,
) {
    commands.insert_resource(OffscreenTarget(images.add(offscreen_image(options.size))));
}

fn spawn_scene(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    target: Res<OffscreenTarget>,
    adapter: Option<Res<RenderAdapterInfo>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let rig = CameraRig {
        view: options.view,
        ..default()
    };
    commands.spawn((
        Camera3d::default(),
        // The game's framing: the board left of where its panel would be.
        Camera {
            viewport: Some(board_viewport(options.size, 1.0)),
            ..default()
        },
        rig.projection(),
        rig.transform(),
        options
            .antialias
            .msaa(software_renderer(adapter.as_deref())),
        RenderTarget::Image(target.0.clone().into()),
    ));
    commands.spawn(sun(options.view == ViewMode::ThreeD));
    commands.insert_resource(ambient_light());

    let mut tile_materials = TileMaterials::default();
    for cell in Cell::all() {
        let colour = theme::shape_colour(board().cell(cell).shape);
        commands.spawn((
            Mesh3d(meshes.add(tile_mesh(cell))),
            MeshMaterial3d(tile_materials.get(colour, &mut materials)),
            Transform::from_translation(cell_world(cell)),
        ));
    }

    let piece_mesh = PieceKind::ALL.map(|kind| meshes.add(lathed_piece(kind)));
    let piece_material = [
        crate::game::board::models::WHITE_PIECE,
        crate::game::board::models::BLACK_PIECE,
    ]
    .map(|colour| {
        materials.add(StandardMaterial {
            base_color: colour,
            perceptual_roughness: 0.35,
            reflectance: 0.5,
            ..default()
        })
    });
    let mut gliding = [false; 2];
    for (cell, piece) in Position::start().placement() {
        let home = piece_home(cell);
        let mut entity = commands.spawn((
            // The bare scene shows Parachess's start; other kinds would borrow the last mesh.
            Mesh3d(piece_mesh[piece.kind.index().min(PieceKind::ALL.len() - 1)].clone()),
            MeshMaterial3d(piece_material[piece.side.index()].clone()),
            Transform::from_translation(home),
        ));
        // One pawn a side glides toward the other side and back.
        let side = piece.side.index();
        if piece.kind == PieceKind::Pawn && !gliding[side] {
            gliding[side] = true;
            let forward = if piece.side == Side::White {
                Vec3::NEG_Z
            } else {
                Vec3::Z
            };
            entity.insert(Glider {
                home,
                away: home + forward * GLIDE_DISTANCE,
            });
        }
    }
}

/// A plain turned piece: a base, a body narrowing upward and a ball on top, taller for the
/// stronger pieces. About as many segments as the game's models, far fewer details.
fn lathed_piece(kind: PieceKind) -> Mesh {
    let height = match kind {
        PieceKind::Pawn => 0.42,
        PieceKind::Rook => 0.5,
        PieceKind::Bishop | PieceKind::Sorcerer => 0.58,
        PieceKind::Queen => 0.64,
        PieceKind::King => 0.7,
        _ => 0.58,
    };
    // (radius, height) from the bottom centre to the top centre.
    let profile = [
        (0.0, 0.0),
        (0.26, 0.0),
        (0.26, 0.06),
        (0.2, 0.1),
        (0.12, 0.3 * height),
        (0.09, 0.75 * height),
        (0.14, 0.8 * height),
        (0.08, 0.86 * height),
        (0.1, 0.93 * height),
        (0.0, height),
    ];
    let mut mesh = MeshBuilder::default();
    let at = |(r, y): (f32, f32), i: usize| {
        let a = i as f32 / SEGMENTS as f32 * TAU;
        Vec3::new(r * a.cos(), y, r * a.sin())
    };
    for pair in profile.windows(2) {
        let (p, q) = (pair[0], pair[1]);
        // The profile runs up the outside, so its outward normal is the segment turned clockwise.
        let n = Vec2::new(q.1 - p.1, -(q.0 - p.0)).normalize_or(Vec2::Y);
        for i in 0..SEGMENTS {
            let mid = (i as f32 + 0.5) / SEGMENTS as f32 * TAU;
            let normal = Vec3::new(n.x * mid.cos(), n.y, n.x * mid.sin());
            let quad = [at(p, i), at(p, i + 1), at(q, i + 1), at(q, i)];
            if p.0 == 0.0 {
                mesh.polygon(&quad[1..], normal);
            } else if q.0 == 0.0 {
                mesh.polygon(&quad[..3], normal);
            } else {
                mesh.polygon(&quad, normal);
            }
        }
    }
    mesh.build()
}

/// Glides the gliders to and fro with the game's easing.
fn glide(time: Res<Time>, mut gliders: Query<(&Glider, &mut Transform)>) {
    let t = (time.elapsed_secs() / GLIDE_SECONDS) % 2.0;
    let there_and_back = if t < 1.0 { t } else { 2.0 - t };
    let s = EasingCurve::new(0.0, 1.0, EaseFunction::CubicInOut).sample_clamped(there_and_back);
    for (glider, mut transform) in &mut gliders {
        transform.translation = glider.home.lerp(glider.away, s);
    }
}

/// Exits once the figures are printed, after saving the picture if one was asked for.
fn finish(
    mut commands: Commands,
    bench: Res<FrameBench>,
    options: Res<LaunchOptions>,
    target: Res<OffscreenTarget>,
    mut state: ResMut<Finish>,
    mut exit: MessageWriter<AppExit>,
) {
    if !bench.reported() {
        return;
    }
    let Some(path) = options.screenshot.clone() else {
        exit.write(AppExit::Success);
        return;
    };
    match &state.saved {
        Some(Ok(path)) => {
            println!("saved {}", path.display());
            exit.write(AppExit::Success);
        }
        Some(Err(e)) => {
            eprintln!("parachess: cannot save the screenshot: {e}");
            exit.write(AppExit::error());
        }
        None if !state.requested => {
            state.requested = true;
            commands.spawn(Screenshot::image(target.0.clone())).observe(
                move |captured: On<ScreenshotCaptured>, mut state: ResMut<Finish>| {
                    state.saved = Some(super::save_png(&captured.image, &path));
                },
            );
        }
        None => {}
    }
}
