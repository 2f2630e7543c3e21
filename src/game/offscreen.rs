//! Headless rendering: `--screenshot` saves one frame of a position, `--bench-frames` times an
//! animated sequence. Both render offscreen into an image, so they need no window or display.

use std::path::PathBuf;
use std::time::Instant;

use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use crate::game::LaunchOptions;
use crate::game::board::animation::Animating;
use crate::game::board::camera::OffscreenTarget;
use crate::game::play::state::{ChessGame, MoveRequest};

/// Frames rendered before the first capture and before frame times count.
const WARM_UP_FRAMES: u32 = 12;
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
    last: Option<Instant>,
    frame_times: Vec<f32>,
    /// Milliseconds from the program's start until the first frame was rendered and read back.
    first_frame_ms: Option<f32>,
    /// The first frame's read-back has been asked for.
    first_requested: bool,
    seed: u64,
}

pub(super) fn plugin(app: &mut App) {
    let offscreen = app
        .world()
        .get_resource::<LaunchOptions>()
        .is_some_and(LaunchOptions::offscreen);
    if !offscreen {
        return;
    }
    app.init_resource::<Offscreen>()
        .add_systems(PreStartup, create_target)
        .add_systems(Last, drive);
}

fn create_target(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    mut images: ResMut<Assets<Image>>,
    mut run: ResMut<Offscreen>,
) {
    let image = Image::new_target_texture(
        options.size.x.max(64),
        options.size.y.max(64),
        TextureFormat::Rgba8UnormSrgb,
        None,
    );
    commands.insert_resource(OffscreenTarget(images.add(image)));
    run.seed = 0x9E37_79B9_7F4A_7C15;
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

#[allow(clippy::too_many_arguments)]
fn drive(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    target: Option<Res<OffscreenTarget>>,
    mut run: ResMut<Offscreen>,
    mut exit: MessageWriter<AppExit>,
    game: Res<ChessGame>,
    animating: Res<Animating>,
    mut moves: MessageWriter<MoveRequest>,
) {
    let now = Instant::now();
    run.frame += 1;
    if let Some(target) = &target
        && options.bench_frames.is_some()
        && !run.first_requested
    {
        // The first frame counts as shown once the renderer has finished it: time its read-back.
        run.first_requested = true;
        let launched = options.launched;
        commands.spawn(Screenshot::image(target.0.clone())).observe(
            move |_: On<ScreenshotCaptured>, mut run: ResMut<Offscreen>| {
                run.first_frame_ms = Some(launched.elapsed().as_secs_f32() * 1000.0);
            },
        );
    }
    if let Some(last) = run.last {
        run.frame_times
            .push(now.duration_since(last).as_secs_f32() * 1000.0);
    }
    run.last = Some(now);

    if let Some(n) = options.bench_frames {
        // Keep pieces moving: whenever nothing glides, play a pseudo-random legal move.
        if !animating.0 && !game.game.is_over() {
            let legal = game.game.legal_moves();
            if !legal.is_empty() {
                run.seed ^= run.seed << 13;
                run.seed ^= run.seed >> 7;
                run.seed ^= run.seed << 17;
                moves.write(MoveRequest(legal[(run.seed % legal.len() as u64) as usize]));
            }
        }
        if run.frame_times.len() as u32 >= n + WARM_UP_FRAMES {
            let measured = &run.frame_times[WARM_UP_FRAMES as usize..];
            let (mean, median, p99) = frame_stats(measured);
            println!("frames {}", measured.len());
            println!("size {}x{}", options.size.x, options.size.y);
            match run.first_frame_ms {
                Some(ms) => println!("first frame after {ms:.0} ms (from the program's start)"),
                None => println!("first frame after: not read back"),
            }
            println!("frame time mean {mean:.2} ms, median {median:.2} ms, p99 {p99:.2} ms");
            if options.screenshot.is_none() {
                exit.write(AppExit::Success);
                return;
            }
        } else {
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
            && !animating.0 =>
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

fn save_png(image: &Image, path: &std::path::Path) -> Result<PathBuf, String> {
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
