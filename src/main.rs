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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft {
            depth,
            position,
            divide,
        }) => perft(depth, position.as_deref(), divide),
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

fn perft(depth: u32, position: Option<&str>, divide: bool) -> Result<(), String> {
    let pos = commands::position_arg(position).map_err(|e| e.to_string())?;
    let stdout = std::io::stdout();
    commands::perft::run(&pos, depth, divide, &mut stdout.lock()).map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(feature = "gui")]
fn window(args: WindowArgs) -> Result<(), String> {
    let _ = args;
    Err("the game window is not built yet".into())
}

#[cfg(not(feature = "gui"))]
fn window(_args: WindowArgs) -> Result<(), String> {
    use clap::CommandFactory;
    Cli::command().print_help().map_err(|e| e.to_string())?;
    Err("this build has no game window (built without the `gui` feature)".into())
}
