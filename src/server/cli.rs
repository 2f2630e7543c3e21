//! The command line of `parachess-server`: serve (the default), `bots`, `worker`, `export`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use super::bots::{self, BotOptions, BotPlayer};
use super::db::Db;
use super::game;
use super::hub::Limits;
use super::{Config, run};

#[derive(Parser, Debug)]
#[command(
    name = "parachess-server",
    version = crate::manual::VERSION,
    about = "The Parachess game server (docs/SERVER.md)"
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// Address and port to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: String,
    /// Database: sqlite:PATH or postgres://USER@HOST:PORT/DB (default: server.sqlite in the
    /// data folder).
    #[arg(long)]
    db: Option<String>,
    /// Open connections allowed per client address.
    #[arg(long, default_value_t = 100)]
    per_address: usize,
    /// Messages a second one connection may send (a burst of three times as many).
    #[arg(long, default_value_t = 20.0)]
    message_rate: f64,
    /// Messages a second all the connections of one client address may send together
    /// (a burst of three times as many); 0: no limit per address (a connection keeps its own).
    #[arg(long, default_value_t = 200.0)]
    address_rate: f64,
    /// Messages queued for a connection before it is closed as not reading.
    #[arg(long, default_value_t = 512)]
    send_queue: usize,
    /// Seconds a live game waits for each side's first move before it is aborted.
    #[arg(long, default_value_t = 60.0)]
    first_move_secs: f64,
    /// No showcase game: by default, while no player's game is being played, the computer
    /// plays itself (two levels, at the engine's lowest priority) for the lobby to show.
    #[arg(long)]
    no_showcase: bool,
    /// Seconds an untimed game against the computer may go untouched before it is adjourned
    /// (its task ends; the game is kept, and comes back when its player opens it).
    #[arg(long, default_value_t = 86_400.0)]
    adjourn_secs: f64,
    /// Seconds an offer (draw, takeback, rematch) stands unanswered before it lapses (for tests).
    #[arg(long, default_value_t = 60.0, hide = true)]
    offer_secs: f64,
    /// Engine threads for the computer's moves, at the lowest OS priority (default: half the
    /// machine's cores, at least one). With PostgreSQL they take jobs from the jobs' table
    /// beside any engine workers; 0: none, the workers (`parachess-server worker`) do every job.
    #[arg(long)]
    engine_threads: Option<usize>,
    /// Computer moves that may wait for an engine thread before new games against the
    /// computer are refused (games already playing it always get their moves).
    #[arg(long, default_value_t = 32)]
    engine_queue: usize,
    /// Games against the computer at once per player.
    #[arg(long, default_value_t = 2)]
    computer_games: usize,
    /// Games against the computer at once per client address.
    #[arg(long, default_value_t = 8)]
    computer_games_per_address: usize,
    /// The analysis board's engine time per player (an address gets four times it): seconds
    /// saved up at most, coming back at a tenth of that a minute.
    #[arg(long, default_value_t = 120.0)]
    analysis_seconds: f64,
    /// The longest one analysis board search runs, in milliseconds (for tests).
    #[arg(long, default_value_t = 10_000, hide = true)]
    analysis_ms: u64,
    /// A finished game's computer analysis: search time per position, in milliseconds.
    #[arg(long, default_value_t = 300)]
    game_analysis_ms: u64,
    /// Game analyses a player may ask for per hour.
    #[arg(long, default_value_t = 5)]
    analyses_per_hour: u32,
    /// Game analyses all the players of one client address may ask for per hour.
    #[arg(long, default_value_t = 20)]
    analyses_per_address: u32,
    /// Game analyses waiting at most before new ones are refused.
    #[arg(long, default_value_t = 16)]
    game_analysis_queue: usize,
    /// This instance's name (letters and digits), to run several instances over one
    /// PostgreSQL: each plays the games it created and passes events to the others.
    #[arg(long)]
    instance: Option<String>,
    /// When a move counts as saved, and is acknowledged: full (flushed to disk: survives a
    /// power cut) or normal (in the database: survives the server's kill -9 or crash, not a
    /// power cut; no disk flush per commit). docs/SERVER.md, "Durability".
    #[arg(long, default_value = "full")]
    sync: String,
    /// Offer the files of this folder on the page /download, with their sizes and SHA-256
    /// checksums (the game's packages).
    #[arg(long, value_name = "DIR")]
    downloads: Option<PathBuf>,
    /// The operator's recurring tournaments: a TOML file of `[[tournament]]` entries, times in
    /// UTC (docs/TOURNAMENTS.md). Read at start; a bad entry stops the server with its line.
    #[arg(long, value_name = "FILE")]
    schedule: Option<PathBuf>,
    /// Read settings from this TOML file: `key = value` for each flag (`listen =
    /// "0.0.0.0:8080"`); flags given on the command line win.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// What the log (on standard error) shows, in RUST_LOG's syntax: a level (error, warn,
    /// info, debug, trace) or `target=level` items separated by commas
    /// (`info,parachess::server::ws=debug`). Default: RUST_LOG if set, else info.
    #[arg(long, value_name = "FILTER")]
    log: Option<String>,
    /// Serve the server's metrics (GET /metrics, Prometheus' text format) on this address
    /// and port, apart from the public one (`127.0.0.1:9100`). Off unless given.
    #[arg(long, value_name = "ADDR")]
    metrics_listen: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Writes the man pages and shell completions into DIR (for the packages).
    #[command(hide = true)]
    GenerateDocs {
        /// The folder.
        dir: PathBuf,
    },
    /// Pairs guest bots through the public protocol and plays N games at once.
    Bots {
        /// The server, http://HOST:PORT.
        #[arg(long)]
        server: String,
        /// Games at once.
        #[arg(long, default_value_t = 1)]
        games: usize,
        /// random or easy.
        #[arg(long, default_value = "random")]
        player: String,
        /// Time control, seconds+increment.
        #[arg(long, default_value = "60+1")]
        tc: String,
        /// Give up after this many seconds.
        #[arg(long, default_value_t = 900)]
        timeout: u64,
        /// Instead of pairing bots with each other: post this many seeks in the lobby, each
        /// from a bot that plays whoever accepts it (then posts again).
        #[arg(long)]
        seek: Option<usize>,
        /// The variant the games are played in (a built-in one's name).
        #[arg(long)]
        variant: Option<String>,
        /// Instead: make a casual tournament, KIND:LENGTH:CLOCK (`swiss:5:30+0`: five rounds;
        /// `arena:4:20+0`: four minutes), have --players guest bots join and play it to its
        /// end; the last line is `tournament ID kind K players N rounds R games G finished F
        /// lost L`.
        #[arg(long, value_name = "KIND:LENGTH:CLOCK")]
        tournament: Option<String>,
        /// The bots that join the tournament.
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// Instead: load the engine (scripts/engine-load.sh): this many guests play the
        /// computer at --level, game after game, and --analyses games are analysed; prints
        /// `loaded`, then on SIGTERM the computer's moves per minute.
        #[arg(long, value_name = "N")]
        computer: Option<usize>,
        /// The computer's level for --computer.
        #[arg(long, default_value = "hard")]
        level: String,
        /// With --computer: games of this many half-moves played, resigned and analysed.
        #[arg(long, default_value_t = 0)]
        analyses: usize,
        /// The half-moves of each analysed game.
        #[arg(long, default_value_t = 60)]
        plies: usize,
    },
    /// An engine worker: takes computer moves and analysis positions from a PostgreSQL
    /// site's jobs table onto its own engine threads (no HTTP); SIGTERM gives its jobs back.
    Worker {
        /// The site's database, postgres://USER@HOST:PORT/DB (SQLite is refused: there the
        /// server's own engine threads do every job).
        #[arg(long)]
        db: String,
        /// Engine threads, at the lowest OS priority (default: half the cores, at least one).
        #[arg(long)]
        engine_threads: Option<usize>,
        /// The worker's name in the jobs' table (default: `worker-` and a random tag).
        #[arg(long)]
        name: Option<String>,
    },
    /// Writes every game in the database as a game file into a folder.
    Export {
        /// Database URL (as for serving).
        #[arg(long)]
        db: Option<String>,
        /// The folder.
        #[arg(long)]
        out: PathBuf,
    },
}

/// The database URL: the one given, or an SQLite file in the data folder.
fn db_url(given: Option<String>) -> Result<String, String> {
    if let Some(url) = given {
        return Ok(url);
    }
    let dir = crate::store::data_dir().map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(format!("sqlite:{}", dir.join("server.sqlite").display()))
}

/// The log's filter: `--log`'s, else `RUST_LOG`'s (`env`), else `info`; a filter that does not
/// parse is an error naming where it came from.
fn log_filter(given: Option<&str>, env: Option<&str>) -> Result<EnvFilter, String> {
    let (from, text) = match (given, env) {
        (Some(text), _) => ("--log", text),
        (None, Some(text)) if !text.trim().is_empty() => ("RUST_LOG", text),
        _ => ("--log", "info"),
    };
    EnvFilter::builder()
        .parse(text)
        .map_err(|e| format!("{from} {text:?}: {e} (expected e.g. info or warn,parachess=debug)"))
}

/// Sends the log, one line per event, to standard error.
fn start_log(filter: EnvFilter) {
    use std::io::IsTerminal as _;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}

/// Runs the command line.
pub fn main() -> ExitCode {
    let args: Args = super::config_file::parse();
    let env = std::env::var("RUST_LOG").ok();
    match log_filter(args.log.as_deref(), env.as_deref()) {
        Ok(filter) => start_log(filter),
        Err(e) => {
            eprintln!("parachess-server: {e}");
            return ExitCode::from(2);
        }
    }
    // The bots run on one thread: they share the machine with the server they measure, and
    // one thread spends nothing on handing tasks between threads.
    let mut builder = if matches!(args.command, Some(Command::Bots { .. })) {
        tokio::runtime::Builder::new_current_thread()
    } else {
        tokio::runtime::Builder::new_multi_thread()
    };
    let runtime = match builder.enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            tracing::error!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async move {
        match args.command {
            None => {
                if let Some(name) = &args.instance
                    && (name.is_empty()
                        || name.len() > 20
                        || !name.bytes().all(|b| b.is_ascii_alphanumeric()))
                {
                    return Err("--instance: 1 to 20 letters and digits".to_string());
                }
                if !(args.address_rate >= 0.0 && args.address_rate.is_finite()) {
                    return Err("--address-rate: a number of messages a second, 0 or more".into());
                }
                if !(args.message_rate > 0.0 && args.message_rate.is_finite()) {
                    return Err("--message-rate: a number of messages a second above 0".into());
                }
                if args.send_queue == 0 {
                    return Err("--send-queue: at least 1".to_string());
                }
                let first_move = Duration::try_from_secs_f64(args.first_move_secs)
                    .ok()
                    .filter(|d| !d.is_zero())
                    .ok_or("--first-move-secs: a number of seconds above 0")?;
                let adjourn_after = Duration::try_from_secs_f64(args.adjourn_secs)
                    .ok()
                    .filter(|d| !d.is_zero())
                    .ok_or("--adjourn-secs: a number of seconds above 0")?;
                let offer_for = Duration::try_from_secs_f64(args.offer_secs)
                    .ok()
                    .filter(|d| !d.is_zero())
                    .ok_or("--offer-secs: a number of seconds above 0")?;
                let sync =
                    super::db::SyncMode::parse(&args.sync).ok_or("--sync: full or normal")?;
                if args.metrics_listen.as_deref() == Some(args.listen.as_str()) {
                    return Err(
                        "--metrics-listen: an address of its own, not --listen's".to_string()
                    );
                }
                let schedule = match &args.schedule {
                    Some(path) => super::tournaments::schedule::read(path)
                        .map_err(|e| format!("--schedule: {e}"))?,
                    None => Vec::new(),
                };
                let config = Config {
                    schedule,
                    downloads: args.downloads,
                    sync,
                    instance: args.instance,
                    listen: args.listen,
                    metrics_listen: args.metrics_listen,
                    db: db_url(args.db)?,
                    limits: Limits {
                        conns_per_addr: args.per_address,
                        msg_rate: (args.message_rate, args.message_rate * 3.0),
                        msg_per_addr: (args.address_rate, args.address_rate * 3.0),
                        send_queue: args.send_queue,
                        first_move,
                        offer_for,
                        engine_threads: args.engine_threads,
                        engine_queue: args.engine_queue,
                        computer_per_player: args.computer_games,
                        computer_per_addr: args.computer_games_per_address,
                        adjourn_after,
                        showcase: !args.no_showcase,
                        analysis_budget: (
                            args.analysis_seconds.max(0.0) / 600.0,
                            args.analysis_seconds.max(0.0),
                        ),
                        analysis_time: Duration::from_millis(args.analysis_ms.max(100)),
                        game_analysis_time: Duration::from_millis(args.game_analysis_ms.max(10)),
                        analyses_per_hour: (args.analyses_per_hour, args.analyses_per_address),
                        game_analysis_queue: args.game_analysis_queue,
                        ..Limits::default()
                    },
                };
                run(config).await.map_err(|e| e.to_string())
            }
            Some(Command::Bots {
                server,
                games,
                player,
                tc,
                timeout,
                seek,
                variant,
                tournament,
                players,
                computer,
                level,
                analyses,
                plies,
            }) => {
                if let Some(computer) = computer {
                    let load = bots::EngineLoad {
                        server,
                        computer,
                        level,
                        analyses,
                        plies,
                    };
                    let last = bots::run_engine_load(load, |line| println!("{line}")).await;
                    println!("{last}");
                    return Ok(());
                }
                let player = match player.as_str() {
                    "random" => BotPlayer::Random,
                    "easy" => BotPlayer::Easy,
                    _ => return Err("--player: random or easy".to_string()),
                };
                let opts = BotOptions {
                    server,
                    games,
                    player,
                    tc,
                    timeout: Duration::from_secs(timeout),
                    variant,
                };
                if let Some(hook) = tournament {
                    let hook: bots::TournamentHook = hook.parse()?;
                    let report =
                        bots::run_tournament(opts, hook, players, |line| println!("{line}")).await;
                    println!("{}", report.summary());
                    return if report.id.is_empty() {
                        Err("the tournament could not be made".to_string())
                    } else {
                        Ok(())
                    };
                }
                let report = match seek {
                    Some(k) => bots::run_seekers(opts, k, |line| println!("{line}")).await,
                    None => bots::run(opts, |line| println!("{line}")).await,
                };
                tracing::info!(
                    "played for {:.1} s: {:.0} moves per second",
                    report.elapsed.as_secs_f64(),
                    report.moves_per_second()
                );
                println!("{}", report.summary());
                Ok(())
            }
            Some(Command::Worker {
                db,
                engine_threads,
                name,
            }) => super::worker::run(&db, engine_threads, name).await,
            Some(Command::Export { db, out }) => export(&db_url(db)?, &out).await,
            Some(Command::GenerateDocs { dir }) => {
                use clap::CommandFactory;
                crate::manual::generate(Args::command(), "parachess-server", &dir)
                    .map(|_| ())
                    .map_err(|e| format!("{}: {e}", dir.display()))
            }
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parachess-server: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Writes each game as `DIR/ID.pgn`.
async fn export(url: &str, out: &std::path::Path) -> Result<(), String> {
    let db = Db::open(url).await.map_err(|e| e.to_string())?;
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let ids = db.all_game_ids().await.map_err(|e| e.to_string())?;
    let mut written = 0;
    for id in &ids {
        let (Some(row), moves) = (
            db.game(id).await.map_err(|e| e.to_string())?,
            db.moves(id).await.map_err(|e| e.to_string())?,
        ) else {
            continue;
        };
        match game::pgn(&row, &moves, "parachess-server") {
            Ok(text) => {
                let path = out.join(format!("{}.pgn", crate::store::sanitize_name(id)));
                std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
                written += 1;
            }
            Err(e) => tracing::warn!("skipped: {e}"),
        }
    }
    println!("exported {written} games to {}", out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--log` wins over RUST_LOG, RUST_LOG over the default; a filter that does not parse is
    /// refused with where it came from, never silently dropped.
    #[test]
    fn the_log_filter() {
        let shown = |f: Result<EnvFilter, String>| f.map(|f| f.to_string());
        assert_eq!(shown(log_filter(None, None)).as_deref(), Ok("info"));
        assert_eq!(shown(log_filter(None, Some(" "))).as_deref(), Ok("info"));
        assert_eq!(shown(log_filter(None, Some("warn"))).as_deref(), Ok("warn"));
        let both = shown(log_filter(
            Some("info,parachess::server::ws=debug"),
            Some("warn"),
        ));
        assert!(
            both.as_ref()
                .is_ok_and(|f| f.contains("parachess::server::ws=debug") && !f.contains("warn")),
            "{both:?}"
        );
        let bad = log_filter(Some("parachess=loud"), None).map(|_| ());
        assert!(
            bad.as_ref()
                .is_err_and(|e| e.starts_with("--log \"parachess=loud\": ")),
            "{bad:?}"
        );
        let bad = log_filter(None, Some("=[")).map(|_| ());
        assert!(
            bad.as_ref().is_err_and(|e| e.starts_with("RUST_LOG ")),
            "{bad:?}"
        );
    }
}
