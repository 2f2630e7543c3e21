//! Headless rendering: `--screenshot` saves one frame of a position, `--bench-frames` times an
//! animated sequence. Both render offscreen into an image, so they need no window or display.
//! [`bare_scene`] renders the board alone the same way, to time the game against it.

pub mod bare_scene;
mod layout;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

use bevy::prelude::*;
use bevy::render::render_resource::{PipelineCache, TextureFormat};
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::render::{Render, RenderApp, RenderSystems};

use crate::game::board::animation::Glide;
use crate::game::core::CaptureWait;
use crate::game::core::board::Animating;
use crate::game::core::board::OffscreenTarget;
use crate::game::core::launch::LaunchOptions;
use crate::game::core::state::{ChessGame, GameCommand, MoveRequest};

/// Frames rendered before the first capture and at least before frame times count.
const WARM_UP_FRAMES: u32 = 12;
/// Frame times count once the renderer has had no shader left to compile for this many frames
/// in a row: shaders compile in the background (for seconds with software rendering), and
/// frames drawn without them are cheap and would flatter the figures.
const SETTLED_FRAMES: u32 = 10;
/// Time anyway after this many frames of warm-up, saying so.
const MAX_WARM_UP_FRAMES: usize = 3000;
/// Frames between captures while waiting for the picture to settle.
const CAPTURE_GAP: u32 = 4;
/// Give up waiting for two identical captures after this many frames (and keep the last).
const MAX_FRAMES: u32 = 1500;

/// Progress of an offscreen run.
#[derive(Resource, Debug, Default)]
struct Offscreen {
    frame: u32,
    /// A capture is on its way back from the renderer.
    waiting: bool,
    last_capture_frame: u32,
    /// The previous capture's pixels: the picture is final when a capture repeats it.
    previous: Option<Vec<u8>>,
    saved: Option<Result<PathBuf, String>>,
    seed: u64,
}

/// Frame timing for `--bench-frames`, public so the bare scene (the yardstick the game's frame
/// times are compared with) is timed and reported by the very same code.
#[derive(Resource, Debug)]
pub struct FrameBench {
    frames: u32,
    size: UVec2,
    launched: Instant,
    last: Option<Instant>,
    frame_times: Vec<f32>,
    /// Frames of warm-up, once the timed frames have begun.
    warm_up: Option<usize>,
    /// Render frames in a row without pipelines waiting to compile, counted by the render world.
    settled: ShadersSettled,
    /// Measured frames in which some mesh moved (the benchmark is meant to animate throughout).
    moving_frames: u32,
    /// Milliseconds from the program's start until the first frame was rendered and read back.
    first_frame_ms: Option<f32>,
    /// The first frame's read-back has been asked for.
    first_requested: bool,
    reported: bool,
}

impl FrameBench {
    /// Times `frames` frames after a warm-up, of an image `size` large, for a program started at
    /// `launched`.
    pub fn new(frames: u32, size: UVec2, launched: Instant) -> FrameBench {
        FrameBench {
            frames,
            size,
            launched,
            last: None,
            frame_times: Vec::new(),
            warm_up: None,
            settled: ShadersSettled::default(),
            moving_frames: 0,
            first_frame_ms: None,
            first_requested: false,
            reported: false,
        }
    }

    /// Whether the figures have been printed.
    pub fn reported(&self) -> bool {
        self.reported
    }

    /// The figures, one per line, in the form `scripts/frame-ratio.sh` reads.
    fn report(&self, warm_up: usize) -> String {
        let measured = &self.frame_times[warm_up..];
        let (mean, median, p99) = frame_stats(measured);
        let first = match self.first_frame_ms {
            Some(ms) => format!("first frame after {ms:.0} ms (from the program's start)"),
            None => "first frame after: not read back".to_string(),
        };
        format!(
            "frames {}\nsize {}x{}\n{first}\nwarm-up {warm_up} frames (until every shader was \
             compiled)\nmeshes moved in {} of {} frames\n\
             frame time mean {mean:.2} ms, median {median:.2} ms, p99 {p99:.2} ms",
            measured.len(),
            self.size.x,
            self.size.y,
            self.moving_frames,
            measured.len(),
        )
    }
}

/// How many render frames in a row had no pipeline waiting to compile, shared between the main
/// world and the render world.
#[derive(Resource, Clone, Debug, Default)]
struct ShadersSettled(Arc<AtomicU32>);

fn count_settled_frames(cache: Res<PipelineCache>, settled: Res<ShadersSettled>) {
    if cache.waiting_pipelines().next().is_none() {
        settled.0.fetch_add(1, Ordering::Relaxed);
    } else {
        settled.0.store(0, Ordering::Relaxed);
    }
}

/// Times `frames` frames offscreen after a warm-up and prints the figures (see
/// [`time_frames`], which runs in `Last`; order systems that wait for the figures after it).
pub fn add_frame_bench(app: &mut App, frames: u32, size: UVec2, launched: Instant) {
    let bench = FrameBench::new(frames, size, launched);
    match app.get_sub_app_mut(RenderApp) {
        Some(render) => {
            render
                .insert_resource(bench.settled.clone())
                .add_systems(Render, count_settled_frames.in_set(RenderSystems::Cleanup));
        }
        // Nothing to compile without a renderer.
        None => bench.settled.0.store(u32::MAX, Ordering::Relaxed),
    }
    app.insert_resource(bench).add_systems(Last, time_frames);
}

/// Records one frame's time (in `Last`) and prints the figures once enough frames are timed.
pub fn time_frames(
    mut commands: Commands,
    target: Option<Res<OffscreenTarget>>,
    mut bench: ResMut<FrameBench>,
    moved: Query<(), (Changed<GlobalTransform>, With<Mesh3d>)>,
    gliding: Query<(), With<Glide>>,
    game: Option<Res<ChessGame>>,
    status: Option<Res<crate::game::core::state::StatusLine>>,
    store: Option<Res<bevy::diagnostic::DiagnosticsStore>>,
) {
    if bench.reported {
        return;
    }
    let now = Instant::now();
    if let Some(target) = &target
        && !bench.first_requested
    {
        // The first frame counts as shown once the renderer has finished it: time its read-back.
        bench.first_requested = true;
        let launched = bench.launched;
        commands.spawn(Screenshot::image(target.0.clone())).observe(
            move |_: On<ScreenshotCaptured>, mut bench: ResMut<FrameBench>| {
                bench.first_frame_ms = Some(launched.elapsed().as_secs_f32() * 1000.0);
            },
        );
    }
    if let Some(last) = bench.last {
        bench
            .frame_times
            .push(now.duration_since(last).as_secs_f32() * 1000.0);
    }
    bench.last = Some(now);
    let done = bench.frame_times.len();
    let Some(warm_up) = bench.warm_up else {
        let settled = bench.settled.0.load(Ordering::Relaxed) >= SETTLED_FRAMES;
        if done >= WARM_UP_FRAMES as usize && (settled || done >= MAX_WARM_UP_FRAMES) {
            if !settled {
                eprintln!("parachess: shaders still compiling after {done} frames; timing anyway");
            }
            bench.warm_up = Some(done);
        }
        return;
    };
    if !moved.is_empty() {
        bench.moving_frames += 1;
    } else {
        eprintln!(
            "parachess: timed frame {} moved no mesh (gliding {}, plies {:?}, over {:?}, status {:?})",
            done - warm_up,
            gliding.iter().count(),
            game.as_ref().map(|g| g.game().plies().len()),
            game.as_ref().map(|g| g.game().outcome()),
            status.as_ref().map(|s| s.text.clone()),
        );
    }
    if done - warm_up >= bench.frames as usize {
        println!("{}", bench.report(warm_up));
        // Render passes' averages (`PARACHESS_RENDER_DIAGNOSTICS`), e.g.
        // `diag render/main_opaque_pass_3d/elapsed_gpu 149.652`.
        if let Some(store) = &store {
            let mut rows: Vec<_> = store
                .iter()
                .filter(|d| d.path().as_str().starts_with("render/"))
                .filter_map(|d| Some((d.path().as_str().to_string(), d.average()?)))
                .collect();
            rows.sort_by(|a, b| a.0.cmp(&b.0));
            for (path, avg) in rows {
                println!("diag {path} {avg:.3}");
            }
        }
        bench.reported = true;
    }
}

/// The image offscreen runs render into, `size` pixels (at least 64 a side).
pub fn offscreen_image(size: UVec2) -> Image {
    Image::new_target_texture(
        size.x.max(64),
        size.y.max(64),
        TextureFormat::Rgba8UnormSrgb,
        None,
    )
}

/// Bevy's default plugins for rendering into an image as fast as frames come: no window, no
/// display, no sound. The bare scene uses the same, so the two are timed on equal terms.
pub fn add_offscreen_plugins(app: &mut App) {
    app.add_plugins(
        DefaultPlugins
            .build()
            .disable::<bevy::winit::WinitPlugin>()
            .disable::<bevy::audio::AudioPlugin>()
            .set(WindowPlugin {
                primary_window: None,
                exit_condition: bevy::window::ExitCondition::DontExit,
                ..default()
            }),
    )
    .add_plugins(bevy::app::ScheduleRunnerPlugin::run_loop(
        std::time::Duration::ZERO,
    ));
    // Where a frame goes, pass by pass (GPU time, primitives, shader invocations): printed
    // after the frame times when set (`scripts/frame-ratio.sh` passes it on).
    if std::env::var_os("PARACHESS_RENDER_DIAGNOSTICS").is_some() {
        app.add_plugins(bevy::render::diagnostic::RenderDiagnosticsPlugin);
    }
}

pub(super) fn plugin(app: &mut App) {
    let Some(options) = app.world().get_resource::<LaunchOptions>().cloned() else {
        return;
    };
    if !options.offscreen() {
        return;
    }
    app.insert_resource(Offscreen {
        seed: 0x9E37_79B9_7F4A_7C15,
        ..default()
    })
    .init_resource::<CaptureWait>()
    .add_systems(PreStartup, create_target)
    .add_systems(Last, layout::report.before(drive));
    match options.bench_frames {
        Some(n) => {
            add_frame_bench(app, n, options.size, options.launched);
            app.add_systems(Last, drive.after(time_frames));
        }
        None => {
            app.add_systems(Last, drive);
        }
    }
}

fn create_target(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    mut images: ResMut<Assets<Image>>,
) {
    let image = offscreen_image(options.size);
    commands.insert_resource(OffscreenTarget(images.add(image)));
}

/// Statistics of frame times in milliseconds: (mean, median, p99).
pub fn frame_stats(times: &[f32]) -> (f32, f32, f32) {
    if times.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let mut sorted = times.to_vec();
    sorted.sort_by(f32::total_cmp);
    let mean = sorted.iter().sum::<f32>() / sorted.len() as f32;
    let at = |q: f32| sorted[((sorted.len() - 1) as f32 * q).round() as usize];
    (mean, at(0.5), at(0.99))
}

fn drive(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    target: Option<Res<OffscreenTarget>>,
    mut run: ResMut<Offscreen>,
    bench: Option<Res<FrameBench>>,
    mut exit: MessageWriter<AppExit>,
    game: Res<ChessGame>,
    animating: Res<Animating>,
    gliding: Query<(), With<Glide>>,
    mut moves: MessageWriter<MoveRequest>,
    mut game_commands: MessageWriter<GameCommand>,
    wait: Res<CaptureWait>,
) {
    run.frame += 1;
    if let Some(bench) = bench {
        if !bench.reported() {
            // Keep pieces moving: whenever nothing glides, play a pseudo-random legal move (a
            // captured piece may still be bowing out), and start again when a game ends, so
            // every timed frame animates.
            if gliding.is_empty() {
                let legal = game.game().legal_moves();
                if legal.is_empty() {
                    let start = game.game().start_position();
                    let playable = !crate::rules::Game::from_position(start.clone()).is_over();
                    game_commands.write(GameCommand::NewGame {
                        start: playable.then(|| Box::new(start.clone())),
                        players: game.players(),
                    });
                } else {
                    run.seed ^= run.seed << 13;
                    run.seed ^= run.seed >> 7;
                    run.seed ^= run.seed << 17;
                    moves.write(MoveRequest(legal[(run.seed % legal.len() as u64) as usize]));
                }
            }
            return;
        }
        if options.screenshot.is_none() {
            exit.write(AppExit::Success);
            return;
        }
    }

    let Some(path) = options.screenshot.clone() else {
        return;
    };
    match &run.saved {
        Some(Ok(path)) => {
            println!("saved {}", path.display());
            exit.write(AppExit::Success);
        }
        Some(Err(e)) => {
            eprintln!("parachess: cannot save the screenshot: {e}");
            exit.write(AppExit::error());
        }
        // Shaders compile in the background (slowly with software rendering), so meshes can be
        // missing from early frames: capture until two captures in a row are identical.
        None if !run.waiting
            && run.frame >= WARM_UP_FRAMES
            && run.frame >= run.last_capture_frame + CAPTURE_GAP
            && !animating.0
            && !wait.0 =>
        {
            let Some(target) = target else { return };
            run.waiting = true;
            run.last_capture_frame = run.frame;
            let give_up = run.frame >= MAX_FRAMES;
            commands.spawn(Screenshot::image(target.0.clone())).observe(
                move |captured: On<ScreenshotCaptured>, mut run: ResMut<Offscreen>| {
                    run.waiting = false;
                    let pixels = captured.image.data.clone().unwrap_or_default();
                    let settled = run.previous.as_ref() == Some(&pixels);
                    if settled || give_up {
                        if give_up && !settled {
                            eprintln!(
                                "parachess: the picture never settled; saving the last frame"
                            );
                        }
                        run.saved = Some(save_png(&captured.image, &path));
                    } else {
                        run.previous = Some(pixels);
                    }
                },
            );
        }
        _ => {}
    }
}

pub(crate) fn save_png(image: &Image, path: &std::path::Path) -> Result<PathBuf, String> {
    let dynamic = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| e.to_string())?;
    dynamic
        .to_rgb8()
        .save(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path.to_path_buf())
}
