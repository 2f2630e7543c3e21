//! The `parachess` command: opens the game, or runs a headless tool.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use parachess::commands;

/// Parachess — Tony Paletta's chess variant on a hexagon of 72 rhombi.
///
/// With no subcommand, opens the game window.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    window: WindowArgs,
}

/// Options for the game window.
#[derive(clap::Args, Debug, Clone, Default)]
struct WindowArgs {
    /// Render one frame to this PNG file and exit (works without a screen under Xvfb).
    #[arg(long, value_name = "OUT.png")]
    screenshot: Option<PathBuf>,
    /// Start from this position text instead of the starting position.
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
    /// Board view to start in.
    #[arg(long, value_name = "2d|3d")]
    view: Option<String>,
    /// Window or screenshot size in pixels.
    #[arg(long, value_name = "WxH")]
    size: Option<String>,
    /// Render this many frames of an animated sequence offscreen and print frame times.
    #[arg(long, value_name = "N")]
    bench_frames: Option<u32>,
    /// 4× multisampling of the board: auto turns it off on software renderers (no GPU).
    #[cfg(feature = "gui")]
    #[arg(long, value_enum, default_value_t)]
    antialias: parachess::game::Antialias,
    /// Time the bare scene (Bevy drawing only the board and pieces), the yardstick of
    /// `scripts/frame-ratio.sh`, instead of the game; needs --bench-frames.
    #[arg(
        long,
        hide = true,
        requires = "bench_frames",
        conflicts_with = "position"
    )]
    bare_scene: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal move tree (move generation check and speed test).
    Perft {
        /// Depth in half-moves.
        depth: u32,
        /// Position text to start from (default: the starting position).
        #[arg(long)]
        position: Option<String>,
        /// First list every legal move with its own count.
        #[arg(long)]
        divide: bool,
    },
    /// Check a game file (moves, result, tags) and print its final position text.
    CheckGame {
        /// The game file (.pgn).
        file: PathBuf,
    },
    /// Search fixed positions to a fixed depth: engine speed (nodes per second) and a node
    /// count that only changes when the search does.
    Bench {
        /// Depth in half-moves.
        #[arg(long, default_value_t = commands::bench::DEFAULT_DEPTH)]
        depth: u32,
        /// Search each position this many milliseconds instead, and show the depth reached.
        #[arg(long, value_name = "MS", conflicts_with = "depth")]
        movetime: Option<u64>,
    },
    /// Play whole games between engine levels or the random mover, headless.
    Selfplay(commands::selfplay::SelfplayArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft {
            depth,
            position,
            divide,
        }) => perft(depth, position.as_deref(), divide),
        Some(Command::CheckGame { file }) => return check_game(&file),
        Some(Command::Bench { depth, movetime }) => bench(depth, movetime),
        Some(Command::Selfplay(args)) => selfplay(&args),
        None => window(cli.window),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("parachess: {message}");
            ExitCode::FAILURE
        }
    }
}

fn bench(depth: u32, movetime: Option<u64>) -> Result<(), String> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match movetime {
        Some(ms) => commands::bench::run_timed(std::time::Duration::from_millis(ms), &mut out),
        None => commands::bench::run(depth, &mut out),
    }
    .map_err(|e| e.to_string())?;
    Ok(())
}

fn selfplay(args: &commands::selfplay::SelfplayArgs) -> Result<(), String> {
    let stdout = std::io::stdout();
    commands::selfplay::run(args, &mut stdout.lock()).map_err(|e| e.to_string())?;
    Ok(())
}

fn perft(depth: u32, position: Option<&str>, divide: bool) -> Result<(), String> {
    let pos = commands::position_arg(position).map_err(|e| e.to_string())?;
    let stdout = std::io::stdout();
    commands::perft::run(&pos, depth, divide, &mut stdout.lock()).map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(feature = "gui")]
fn window(args: WindowArgs) -> Result<(), String> {
    use parachess::game::{LaunchOptions, ViewMode, bare_scene, parse_size, run};
    let mut options = LaunchOptions::default();
    if let Some(text) = &args.position {
        options.position = Some(text.parse().map_err(|e| format!("--position: {e}"))?);
    }
    if let Some(view) = &args.view {
        options.view =
            ViewMode::parse(view).ok_or(format!("--view must be 2d or 3d, not {view:?}"))?;
    }
    if let Some(size) = &args.size {
        options.size = parse_size(size).ok_or(format!(
            "--size must look like 1280x800 (each side 64 to 8192 pixels), not {size:?}"
        ))?;
    }
    options.screenshot = args.screenshot;
    options.bench_frames = args.bench_frames;
    options.antialias = args.antialias;
    if options.bench_frames == Some(0) {
        return Err("--bench-frames must be at least 1".into());
    }
    let exit = if args.bare_scene {
        bare_scene::run(options)
    } else {
        run(options)
    };
    match exit {
        bevy::app::AppExit::Success => Ok(()),
        bevy::app::AppExit::Error(code) => Err(format!("the game stopped with error code {code}")),
    }
}

#[cfg(not(feature = "gui"))]
fn window(_args: WindowArgs) -> Result<(), String> {
    use clap::CommandFactory;
    Cli::command().print_help().map_err(|e| e.to_string())?;
    Err("this build has no game window (built without the `gui` feature)".into())
}

/// Prints `FILE:LINE:COLUMN: message` (no program prefix) so editors can jump to the problem.
fn check_game(file: &std::path::Path) -> ExitCode {
    let stdout = std::io::stdout();
    match commands::check_game::run(file, &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
