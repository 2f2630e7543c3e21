//! The yardstick for the game's frame times: Bevy drawing only the board's 72 tiles and the 36
//! pieces, with the game's camera, light, shadows and multisampling, offscreen. It prints the
//! same lines as `parachess --bench-frames`; `scripts/frame-ratio.sh` runs the two alternately
//! and prints the game's cost as a multiple of this one.
//!
//! `cargo run --release --example bare_scene -- --bench-frames 60 --size 1280x800 --view 3d`
//! (`--antialias auto|on|off` as in the game; `--screenshot out.png` saves the last frame).
//! The same scene is `parachess --bare-scene ...`, which the tests use.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::{Antialias, ViewMode};
use parachess::game::offscreen::bare_scene;
use parachess::game::parse_size;

/// Times the bare scene offscreen and prints its frame times.
#[derive(Parser, Debug)]
struct Args {
    /// Frames to time after the warm-up.
    #[arg(long, value_name = "N", default_value_t = 60)]
    bench_frames: u32,
    /// Image size in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x800")]
    size: String,
    /// The game's 3D view, or its 2D view from above.
    #[arg(long, value_name = "2d|3d", default_value = "3d")]
    view: String,
    /// 4× multisampling: auto turns it off on software renderers, as in the game.
    #[arg(long, value_enum, default_value_t)]
    antialias: Antialias,
    /// Also save the last frame to this PNG file.
    #[arg(long, value_name = "OUT.png")]
    screenshot: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let Some(size) = parse_size(&args.size) else {
        eprintln!(
            "bare_scene: --size must look like 1280x800, not {:?}",
            args.size
        );
        return ExitCode::FAILURE;
    };
    let Some(view) = ViewMode::parse(&args.view) else {
        eprintln!("bare_scene: --view must be 2d or 3d, not {:?}", args.view);
        return ExitCode::FAILURE;
    };
    if args.bench_frames == 0 {
        eprintln!("bare_scene: --bench-frames must be at least 1");
        return ExitCode::FAILURE;
    }
    let options = LaunchOptions {
        view,
        size,
        bench_frames: Some(args.bench_frames),
        antialias: args.antialias,
        screenshot: args.screenshot,
        ..LaunchOptions::default()
    };
    match bare_scene::run(options) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}
