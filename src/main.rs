//! The `parachess` command: opens the game, or runs a headless tool.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use parachess::commands;

/// Parachess — Tony Paletta's chess variant on a hexagon of 72 rhombi.
///
/// With no subcommand, opens the game window.
#[derive(Parser, Debug)]
#[command(version = parachess::manual::VERSION, about, long_about = None, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// Evaluate with the weights in this file (`parachess train` writes them) instead of the
    /// built-in ones, in every command that runs the engine and in the game.
    #[arg(long, global = true, value_name = "FILE")]
    eval_file: Option<PathBuf>,

    /// A game file (.pgn) to open on the analysis board (as --analyse FILE): what a file
    /// manager runs when a Parachess game is opened.
    #[arg(value_name = "FILE", conflicts_with_all = ["analyse", "lesson", "position", "bench_frames"])]
    file: Option<PathBuf>,

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
    /// Play this variant (a built-in name or a variant file); --position is read in its letters.
    #[arg(long = "variant", value_name = "NAME|FILE.toml")]
    window_variant: Option<String>,
    /// Board view to start in.
    #[arg(long, value_name = "2d|3d")]
    view: Option<String>,
    /// The board's look (`parachess themes` lists them); default wood.
    #[arg(long, value_name = "NAME", value_parser = theme_arg)]
    theme: Option<&'static parachess::theme::Theme>,
    /// The theme's first or second colouring of the pieces (models in 3D, symbols in 2D).
    #[arg(long, value_name = "1|2", value_parser = clap::value_parser!(u8).range(1..=2))]
    pieces: Option<u8>,
    /// Window or screenshot size in pixels.
    #[arg(long, value_name = "WxH")]
    size: Option<String>,
    /// Start with the 3D camera turned round the board and tilted, in degrees (as a middle
    /// drag leaves it), e.g. `60,35`; the tilt is kept within 22–86.
    #[arg(long, value_name = "TURN,TILT")]
    camera: Option<String>,
    /// Render this many frames of an animated sequence offscreen and print frame times.
    #[arg(long, value_name = "N")]
    bench_frames: Option<u32>,
    /// Open a lesson of Learn Parachess (1 to 15), at a stage with N:S (with --screenshot, a
    /// picture of that stage).
    #[arg(long, value_name = "N[:S]", conflicts_with_all = ["position", "bench_frames"])]
    lesson: Option<String>,
    /// Open the analysis screen on a game file (.pgn) or a position text (with --screenshot, a
    /// picture of it once the engine has looked).
    #[arg(long, value_name = "FILE|TEXT", conflicts_with_all = ["position", "lesson", "bench_frames"])]
    analyse: Option<String>,
    /// With --analyse: review the game (labels, evaluation graph, worst moves).
    #[arg(long, requires = "analyse")]
    review: bool,
    /// With --analyse: show the position after this many half-moves (default: the last).
    #[arg(long, value_name = "N", requires = "analyse")]
    ply: Option<usize>,
    /// Play with chess clocks: seconds+increment, as in [TimeControl] and `parachess host`
    /// (300+3 is five minutes and three seconds a move).
    #[arg(long, value_name = "BASE+INC")]
    time: Option<parachess::rules::clock::TimeControl>,
    /// Let this UCI engine program play the computer's moves, e.g. "target/release/parachess
    /// uci" (the built-in engine plays any move it fails at).
    #[arg(long, value_name = "COMMAND")]
    engine: Option<String>,
    /// Open the online screen: the menu, hosting at once (with --time), or the join dialog.
    #[cfg(feature = "gui")]
    #[arg(long, value_enum, value_name = "menu|host|join", num_args = 0..=1,
          default_missing_value = "menu", conflicts_with_all = ["lesson", "position"])]
    online: Option<parachess::game::core::launch::OnlineStart>,
    /// Open the server screen on this game server (remembered for the next runs), e.g.
    /// http://example.org:8080.
    #[cfg(feature = "gui")]
    #[arg(long, value_name = "URL", conflicts_with_all = ["lesson", "position", "online"])]
    server: Option<String>,
    /// Open the board editor (with --position, on that position).
    #[arg(long, conflicts_with_all = ["lesson", "bench_frames", "puzzle"])]
    editor: bool,
    /// Open the Puzzles screen on puzzle N of the built-in set (from 1).
    #[arg(long, value_name = "N", conflicts_with_all = ["lesson", "bench_frames", "position"])]
    puzzle: Option<String>,
    /// 4× multisampling of the board: auto turns it off on software renderers (no GPU).
    #[cfg(feature = "gui")]
    #[arg(long, value_enum, default_value_t)]
    antialias: parachess::game::core::Antialias,
    /// The language of the game's text for this run (default: the one chosen in Settings,
    /// else German when LANG starts with `de`, else English).
    #[cfg(feature = "gui")]
    #[arg(long, value_enum, value_name = "en|de")]
    lang: Option<parachess::game::text::Language>,
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
    /// Write the man pages and shell completions into DIR (for the packages).
    #[command(hide = true)]
    GenerateDocs {
        /// The folder.
        dir: PathBuf,
    },
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
        /// The variant: a name (`"Knights and Archers"`, `"Shuffle Parachess 17"`) or a
        /// variant file (`my-army.toml`). Default: Parachess.
        #[arg(long)]
        variant: Option<String>,
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
        /// Search the variant's start and positions of one fixed game of it instead (a name
        /// or a variant file).
        #[arg(long)]
        variant: Option<String>,
    },
    /// Play whole games between engine levels or the random mover, headless.
    Selfplay(commands::selfplay::SelfplayArgs),
    /// Print every key of the game window, as the README's table of controls.
    Keys,
    /// List the board themes, one a line: `NAME #flat #rising #falling` (the three cell colours).
    Themes,
    /// Speak the UCI protocol (Parachess variant) on stdin and stdout, for GUIs and referees.
    Uci,
    /// Referee games between two UCI engine programs, checking every move and keeping clocks.
    Match(commands::referee::MatchArgs),
    /// Self-play positions with search scores and results, for tuning (format: src/commands/datagen.rs).
    Datagen(commands::datagen::DatagenArgs),
    /// Fit the evaluation's weights to datagen's positions (Texel tuning); write a weights file.
    Train(commands::train::TrainArgs),
    /// Work with the lessons of Learn Parachess.
    Lessons {
        #[command(subcommand)]
        command: LessonsCommand,
    },
    /// Host a network game, played headless by the engine or the random mover. The first line
    /// is `listening on ADDRESS:PORT code CODE`; the last `result <1-0|0-1|1/2-1/2> <cause>`.
    Host(commands::netplay::HostArgs),
    /// Join a network game, played headless by the engine or the random mover.
    Join(commands::netplay::JoinArgs),
    /// Review a game with the engine: print it with an evaluation after every move and
    /// ?! ? ?? marks, then a summary line.
    Review(commands::review::ReviewArgs),
    /// Puzzles: generate them from engine games, or prove a puzzle file.
    #[command(subcommand)]
    Puzzles(commands::puzzles::PuzzlesCommand),
}

#[derive(Subcommand, Debug)]
enum LessonsCommand {
    /// Load every lesson and prove every stage solvable; `FILE:LINE: message` for each problem.
    Check {
        /// A folder of lesson files (`*.ron`) instead of the lessons built into the game.
        dir: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(path) = &cli.eval_file {
        match parachess::engine::EvalWeights::load(path) {
            Ok(w) => parachess::engine::set_process_weights(std::sync::Arc::new(w)),
            Err(e) => {
                eprintln!("parachess: --eval-file {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let result = match cli.command {
        Some(Command::Perft {
            depth,
            position,
            divide,
            variant,
        }) => perft(depth, position.as_deref(), divide, variant.as_deref()),
        Some(Command::CheckGame { file }) => return check_game(&file),
        Some(Command::Bench {
            depth,
            movetime,
            variant,
        }) => bench(depth, movetime, variant.as_deref()),
        Some(Command::Selfplay(args)) => selfplay(&args),
        Some(Command::Keys) => keys(),
        Some(Command::Themes) => {
            commands::themes::run(&mut std::io::stdout().lock()).map_err(|e| e.to_string())
        }
        Some(Command::Uci) => uci(),
        Some(Command::Match(args)) => play_match(&args),
        Some(Command::Datagen(args)) => {
            commands::datagen::run(&args, &mut std::io::stdout().lock())
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
        Some(Command::Train(args)) => commands::train::run(&args, &mut std::io::stdout().lock())
            .map(|_| ())
            .map_err(|e| e.to_string()),
        Some(Command::Lessons {
            command: LessonsCommand::Check { dir },
        }) => return lessons_check(dir.as_deref()),
        Some(Command::Host(args)) => {
            commands::netplay::run_host(&args, &mut std::io::stdout()).map_err(|e| e.to_string())
        }
        Some(Command::Join(args)) => {
            commands::netplay::run_join(&args, &mut std::io::stdout()).map_err(|e| e.to_string())
        }
        Some(Command::Review(args)) => review(&args),
        Some(Command::Puzzles(commands::puzzles::PuzzlesCommand::Check(args))) => {
            return puzzles_check(&args);
        }
        Some(Command::Puzzles(commands::puzzles::PuzzlesCommand::Generate(args))) => {
            puzzles_generate(&args)
        }
        Some(Command::GenerateDocs { dir }) => {
            use clap::CommandFactory;
            parachess::manual::generate(Cli::command(), "parachess", &dir)
                .map(|_| ())
                .map_err(|e| format!("{}: {e}", dir.display()))
        }
        None => match cli.file {
            // A word that names no file is most likely a mistyped command.
            Some(file) if !file.is_file() => Err(format!(
                "unrecognized subcommand '{}', and no game file of that name \
                 (`parachess --help` lists the commands)",
                file.display()
            )),
            Some(file) => match file.to_str() {
                Some(path) => window(WindowArgs {
                    analyse: Some(path.to_string()),
                    ..cli.window
                }),
                None => Err(format!("{}: not a UTF-8 file name", file.display())),
            },
            None => window(cli.window),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("parachess: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Reads `--theme`: an unknown name is refused with the list of names.
fn theme_arg(text: &str) -> Result<&'static parachess::theme::Theme, String> {
    parachess::theme::named(text).map_err(|e| e.to_string())
}

fn bench(depth: u32, movetime: Option<u64>, variant: Option<&str>) -> Result<(), String> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let variant = commands::variant_arg(variant)?;
    let limits = match movetime {
        Some(ms) => parachess::engine::Limits::movetime(std::time::Duration::from_millis(ms)),
        None => parachess::engine::Limits::depth(depth),
    };
    commands::bench::run_in(variant, &limits, &mut out).map_err(|e| e.to_string())?;
    Ok(())
}

fn selfplay(args: &commands::selfplay::SelfplayArgs) -> Result<(), String> {
    let stdout = std::io::stdout();
    commands::selfplay::run(args, &mut stdout.lock()).map_err(|e| e.to_string())?;
    Ok(())
}

fn uci() -> Result<(), String> {
    parachess::uci::run(std::io::stdin().lock(), std::io::stdout()).map_err(|e| e.to_string())
}

fn play_match(args: &commands::referee::MatchArgs) -> Result<(), String> {
    let stdout = std::io::stdout();
    commands::referee::run(args, &mut stdout.lock()).map_err(|e| e.to_string())?;
    Ok(())
}

fn review(args: &commands::review::ReviewArgs) -> Result<(), String> {
    let stdout = std::io::stdout();
    commands::review::run(args, &mut stdout.lock()).map_err(|e| e.to_string())?;
    Ok(())
}

fn puzzles_generate(args: &commands::puzzles::GenerateArgs) -> Result<(), String> {
    let stdout = std::io::stdout();
    commands::puzzles::run_generate(args, &mut stdout.lock()).map_err(|e| e.to_string())?;
    Ok(())
}

/// Fails (exit 1) when any puzzle fails, after reporting them all.
fn puzzles_check(args: &commands::puzzles::CheckArgs) -> ExitCode {
    let stdout = std::io::stdout();
    match commands::puzzles::check(args, &mut stdout.lock()) {
        Ok(totals) if totals.verified == totals.puzzles => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("parachess: {e}");
            ExitCode::FAILURE
        }
    }
}

fn perft(
    depth: u32,
    position: Option<&str>,
    divide: bool,
    variant: Option<&str>,
) -> Result<(), String> {
    let variant = commands::variant_arg(variant)?;
    let pos = commands::position_arg_in(position, variant).map_err(|e| e.to_string())?;
    let stdout = std::io::stdout();
    commands::perft::run(&pos, depth, divide, &mut stdout.lock()).map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(feature = "gui")]
fn keys() -> Result<(), String> {
    print!("{}", parachess::game::key_table());
    Ok(())
}

#[cfg(not(feature = "gui"))]
fn keys() -> Result<(), String> {
    Err("this build has no game window, so no keys (built without the `gui` feature)".into())
}

/// `TURN,TILT` in degrees, as `--camera` takes them (radians back).
#[cfg(feature = "gui")]
fn parse_camera(text: &str) -> Option<(f32, f32)> {
    let (turn, tilt) = text.split_once(',')?;
    let turn: f32 = turn.trim().parse().ok()?;
    let tilt: f32 = tilt.trim().parse().ok()?;
    (turn.is_finite() && tilt.is_finite()).then(|| (turn.to_radians(), tilt.to_radians()))
}

#[cfg(feature = "gui")]
fn window(args: WindowArgs) -> Result<(), String> {
    use parachess::game::core::ViewMode;
    use parachess::game::core::launch::LaunchOptions;
    use parachess::game::offscreen::bare_scene;
    use parachess::game::{parse_size, run};
    let mut options = LaunchOptions::default();
    let variant = commands::variant_arg(args.window_variant.as_deref())
        .map_err(|e| format!("--variant: {e}"))?;
    if let Some(text) = &args.position {
        options.position = Some(
            variant
                .parse_position(text)
                .map_err(|e| format!("--position: {e}"))?,
        );
    } else if !variant.is_parachess() {
        options.position = Some(variant.start());
    }
    if let Some(view) = &args.view {
        options.view =
            ViewMode::parse(view).ok_or(format!("--view must be 2d or 3d, not {view:?}"))?;
        options.given.view = true;
    }
    if let Some(text) = &args.camera {
        options.camera = Some(parse_camera(text).ok_or(format!(
            "--camera must be two numbers of degrees, turn and tilt, e.g. 60,35, not {text:?}"
        ))?);
    }
    if let Some(size) = &args.size {
        options.size = parse_size(size).ok_or(format!(
            "--size must look like 1280x800 (each side 64 to 8192 pixels), not {size:?}"
        ))?;
        options.given.size = true;
    }
    if let Some(text) = &args.lesson {
        let lessons = parachess::lessons::builtin().map_err(|e| e.to_string())?;
        options.lesson = Some(parachess::game::learn::parse_lesson_arg(text, &lessons)?);
    }
    if let Some(what) = &args.analyse {
        options.analyse = Some(analyse_start(what, args.ply, args.review)?);
    }
    if let Some(text) = &args.puzzle {
        let count = parachess::study::builtin()
            .map_err(|e| e.to_string())?
            .len();
        let usage = || format!("--puzzle must be a puzzle number from 1 to {count}, not {text:?}");
        let n: usize = text.trim().parse().map_err(|_| usage())?;
        if n == 0 || n > count {
            return Err(usage());
        }
        options.puzzle = Some(n - 1);
    }
    options.screenshot = args.screenshot;
    options.bench_frames = args.bench_frames;
    options.time = args.time;
    options.given.time = args.time.is_some();
    options.engine = args.engine;
    options.online = args.online;
    if let Some(server) = &args.server {
        let server = server.trim().trim_end_matches('/');
        parachess::client::host_port(server).map_err(|e| format!("--server: {e}"))?;
        options.server = Some(server.to_string());
    }
    // A position to play, a screenshot or a benchmark go straight to the board; a lesson to
    // the learn screen, a puzzle to the Puzzles screen; an analysis opens over the title screen.
    if options.analyse.is_some() {
        options.screen = parachess::game::core::screens::Screen::Title;
    } else if options.lesson.is_some() {
        options.screen = parachess::game::core::screens::Screen::Learn;
    } else if options.online.is_some() {
        options.screen = parachess::game::core::screens::Screen::Online;
    } else if options.server.is_some() {
        options.screen = parachess::game::core::screens::Screen::Lobby;
    } else if options.puzzle.is_some() {
        options.screen = parachess::game::core::screens::Screen::Puzzles;
    } else if args.editor {
        options.screen = parachess::game::core::screens::Screen::Editor;
    } else if options.position.is_some() || options.offscreen() {
        options.screen = parachess::game::core::screens::Screen::Play;
    }
    options.antialias = args.antialias;
    options.language = args.lang;
    options.given.language = args.lang.is_some();
    // The locale's language, by POSIX precedence: LC_ALL, then LC_MESSAGES, then LANG.
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty());
    options.system_language = parachess::game::text::Language::from_locale(locale.as_deref());
    options.given.theme = args.theme.is_some() || args.pieces.is_some();
    if let Some(theme) = args.theme {
        options.theme.theme = theme;
    }
    if let Some(n) = args.pieces {
        options.theme.pieces = usize::from(n - 1);
    }
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

/// `--analyse`: a game file when one is there, else a position text.
#[cfg(feature = "gui")]
fn analyse_start(
    what: &str,
    ply: Option<usize>,
    review: bool,
) -> Result<parachess::game::core::launch::AnalyseStart, String> {
    let path = std::path::Path::new(what);
    let (game, notes) = if path.is_file() {
        let bytes = std::fs::read(path).map_err(|e| format!("--analyse {what}: {e}"))?;
        let record = parachess::rules::record::read_game(&bytes)
            .map_err(|e| format!("--analyse {what}: {e}"))?;
        (record.game, record.notes)
    } else {
        let pos: parachess::rules::Position = what.trim().parse().map_err(|e| {
            format!("--analyse takes a game file or a position text; {what:?} is neither: {e}")
        })?;
        (parachess::rules::Game::from_position(pos), Vec::new())
    };
    if let Some(n) = ply
        && n > game.plies().len()
    {
        return Err(format!(
            "--ply {n}: the game has {} half-moves",
            game.plies().len()
        ));
    }
    Ok(parachess::game::core::launch::AnalyseStart {
        game,
        notes,
        ply,
        review,
    })
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

/// Prints a line per lesson and the summary; each problem as `FILE:LINE: message` on stderr.
fn lessons_check(dir: Option<&std::path::Path>) -> ExitCode {
    let stdout = std::io::stdout();
    match commands::lessons::check(dir, &mut stdout.lock()) {
        Ok(report) if report.problems.is_empty() => ExitCode::SUCCESS,
        Ok(report) => {
            for problem in &report.problems {
                eprintln!("{problem}");
            }
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("parachess: {e}");
            ExitCode::FAILURE
        }
    }
}
