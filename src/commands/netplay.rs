//! `parachess host` and `parachess join`: a whole network game without a window, one end played
//! by the engine or the random mover, through the same network code as the game window. Each
//! move is printed as it is played; the last line is `result <1-0|0-1|1/2-1/2> <cause>`.
//!
//! The host's first line is `listening on <address>:<port> code <CODE>` (the real port when
//! `--port 0` asked for any free one), so scripts and tests can join it.

use std::io::{self, Write};
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::engine::{Engine, EngineError, Mover, StopFlag};
use crate::net::{
    DEFAULT_PORT, HostConfig, JoinConfig, NetCommand, NetError, NetEvent, NetGame, NetHandle, host,
    join, local_addresses, normalize_code,
};
use crate::rules::clock::{Clocks, TimeControl, format_clock};
use crate::rules::record::Tags;
use crate::rules::{Game, Move, Side};
use crate::store::seats::{forget_seat, load_seat, save_seat};
use crate::store::{data_dir, today, write_atomic};

/// Which side the host plays.
#[derive(clap::ValueEnum, Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum SideArg {
    /// White (moves first).
    #[default]
    White,
    /// Black.
    Black,
}

/// Options of `parachess host`.
#[derive(clap::Args, Debug, Clone)]
pub struct HostArgs {
    /// Port to listen on; 0 picks a free one (printed on the first line).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Address to listen on (default: all of this machine's IPv4 addresses).
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: IpAddr,
    /// Join code (6 to 16 letters and digits); a random one when not given.
    #[arg(long, value_parser = parse_code)]
    pub code: Option<String>,
    /// Time control in seconds: base+increment, like 300+3 or 5+0.1; untimed when not given.
    #[arg(long, value_name = "BASE+INC")]
    pub time: Option<TimeControl>,
    /// The side the host plays.
    #[arg(long, value_enum, default_value_t)]
    pub side: SideArg,
    /// Who plays the host's side: random, easy, normal or hard.
    #[arg(long)]
    pub player: Mover,
    /// Seed of the random choices (the random mover, Easy's noise).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Name shown to the opponent and written in the saved game (default: the player).
    #[arg(long)]
    pub name: Option<String>,
    /// Save the game to this file when it ends (with [%clk] after each move when timed).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Seconds to wait for the opponent to join, or to come back after losing the connection.
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    pub wait: u64,
    /// The variant to play: a built-in name or a variant file (the joiner needs nothing: a
    /// player's own variant travels with the game). Parachess when not given.
    #[arg(long, value_name = "NAME|FILE.toml")]
    pub variant: Option<String>,
}

/// Options of `parachess join`.
#[derive(clap::Args, Debug, Clone)]
pub struct JoinArgs {
    /// The host's address and port, like 192.168.1.20:47317.
    pub addr: String,
    /// The join code the host shows.
    #[arg(long, value_parser = parse_code)]
    pub code: String,
    /// Who plays this side: random, easy, normal or hard.
    #[arg(long)]
    pub player: Mover,
    /// Seed of the random choices.
    #[arg(long, default_value_t = 2)]
    pub seed: u64,
    /// Name shown to the opponent and written in the saved game (default: the player).
    #[arg(long)]
    pub name: Option<String>,
    /// Save the game to this file when it ends.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

/// A `--code` as typed, checked at once so a bad one is refused with the usage message.
fn parse_code(text: &str) -> Result<String, String> {
    normalize_code(text).map_err(|e| e.to_string())
}

/// Why a headless network game did not finish.
#[derive(Debug, Error)]
pub enum NetPlayError {
    /// The game could not start (port taken, bad code or address).
    #[error(transparent)]
    Net(#[from] NetError),
    /// The session ended before the game did.
    #[error("the game did not finish: {0}")]
    Unfinished(String),
    /// The engine failed to move (the position has no legal move, which the rules end first).
    #[error("the engine found no move: {0}")]
    Engine(#[from] EngineError),
    /// `--variant` named no variant, or its file did not read.
    #[error("--variant: {0}")]
    Variant(String),
    /// Writing the report failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// Writing the saved game failed.
    #[error("cannot write {}: {source}", path.display())]
    Save {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
}

/// Hosts one game and plays it to the end.
pub fn run_host(args: &HostArgs, out: &mut impl Write) -> Result<(), NetPlayError> {
    let side = match args.side {
        SideArg::White => Side::White,
        SideArg::Black => Side::Black,
    };
    let name = args.name.clone().unwrap_or_else(|| args.player.to_string());
    let variant = super::variant_arg(args.variant.as_deref()).map_err(NetPlayError::Variant)?;
    let config = HostConfig {
        bind: args.bind,
        port: args.port,
        code: args.code.clone(),
        name: name.clone(),
        ..HostConfig::in_variant(variant, side, args.time)
    };
    let handle = host(config)?;
    if let Some((addr, code)) = handle.listening() {
        writeln!(out, "listening on {addr} code {code}")?;
        if addr.ip().is_unspecified() {
            for a in local_addresses(addr) {
                writeln!(out, "address {a}")?;
            }
        }
        out.flush()?;
    }
    let clocks = args.time.map(|tc| Clocks::new(tc, Side::White));
    let net = NetGame::new(Game::from_position(variant.start()), side, clocks);
    let session = Session {
        hosting: true,
        seat: None,
        player: args.player,
        seed: args.seed,
        name,
        save: args.save.clone(),
        wait: Duration::from_secs(args.wait),
    };
    session.play(handle, net, out)
}

/// Joins a hosted game and plays it to the end.
pub fn run_join(args: &JoinArgs, out: &mut impl Write) -> Result<(), NetPlayError> {
    let name = args.name.clone().unwrap_or_else(|| args.player.to_string());
    // The seat of a game this data folder joined before and did not finish (the program died).
    let seat = data_dir()
        .ok()
        .map(|dir| (dir, args.addr.trim().to_string(), args.code.clone()));
    let config = JoinConfig {
        name: name.clone(),
        token: seat
            .as_ref()
            .and_then(|(dir, addr, code)| load_seat(dir, addr, code)),
        ..JoinConfig::new(args.addr.clone(), args.code.clone())
    };
    let handle = join(config)?;
    let session = Session {
        hosting: false,
        seat,
        player: args.player,
        seed: args.seed,
        name,
        save: args.save.clone(),
        // The joiner's own attempts to reconnect are bounded; this only guards the loop.
        wait: Duration::from_secs(3600),
    };
    // The side and game come with the host's state.
    let net = NetGame::new(Game::new(), Side::Black, None);
    session.play(handle, net, out)
}

/// One end of a headless game.
struct Session {
    /// Whether this end hosts (it can play once the joiner is connected; the joiner once the
    /// host's state has arrived).
    hosting: bool,
    /// The joiner's data folder, the host's address and the code: where the seat token is
    /// kept while the game runs.
    seat: Option<(PathBuf, String, String)>,
    player: Mover,
    seed: u64,
    name: String,
    save: Option<PathBuf>,
    wait: Duration,
}

impl Session {
    fn play(
        &self,
        handle: NetHandle,
        mut net: NetGame,
        out: &mut impl Write,
    ) -> Result<(), NetPlayError> {
        let epoch = Instant::now();
        let mut engine = Engine::new();
        engine.seed(self.seed);
        let stop = StopFlag::new();
        let mut connected = false;
        let mut alone_since = Instant::now();
        // The number of half-moves when this end last sent a move, until the answer comes.
        let mut sent: Option<usize> = None;
        let ended = loop {
            if connected && net.my_turn() && sent.is_none_or(|n| n != net.game.plies().len()) {
                let mv = self.choose(&mut engine, &net, epoch.elapsed(), &stop)?;
                handle.send(NetCommand::Move(mv));
                sent = Some(net.game.plies().len());
            }
            let event = match handle.recv_timeout(Duration::from_millis(200)) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => {
                    if !connected && alone_since.elapsed() > self.wait {
                        break Err("the opponent did not come".to_string());
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break Err("the session ended".into()),
            };
            if let Err(e) = net.apply(&event, epoch.elapsed()) {
                break Err(format!("the other end sent what the rules refuse: {e}"));
            }
            match event {
                NetEvent::Connected { name } => {
                    connected |= self.hosting;
                    writeln!(out, "connected {name}")?;
                }
                NetEvent::State(state) => {
                    self.keep_seat(&handle);
                    connected = true;
                    sent = None;
                    writeln!(
                        out,
                        "playing {} with {} half-moves played",
                        state.you,
                        state.game.plies().len()
                    )?;
                    let variant = state.game.start_position().variant();
                    if !variant.is_parachess() {
                        writeln!(out, "variant {}", variant.name())?;
                    }
                }
                NetEvent::Moved { ply, clock, .. } => {
                    writeln!(out, "{}", move_line(&net, ply, clock.is_some()))?;
                }
                NetEvent::DrawOffered { by } if by != net.you => {
                    writeln!(out, "draw offered by {by}: declined")?;
                    handle.send(NetCommand::DeclineDraw);
                }
                NetEvent::TakebackAsked { by } if by != net.you => {
                    writeln!(out, "takeback asked by {by}: declined")?;
                    handle.send(NetCommand::DeclineTakeback);
                }
                NetEvent::TakenBack { plies, .. } => {
                    sent = None;
                    writeln!(out, "taken back to {plies} half-moves")?;
                }
                NetEvent::Refused(why) => {
                    // Ask again on the next turn (the game may have moved on meanwhile).
                    sent = None;
                    writeln!(out, "refused: {why}")?;
                }
                NetEvent::GameOver(outcome) => {
                    self.forget_seat();
                    writeln!(out, "result {} {}", outcome.result_text(), outcome.cause())?;
                    break Ok(());
                }
                NetEvent::Disconnected { reason, .. } => {
                    connected = false;
                    alone_since = Instant::now();
                    writeln!(out, "disconnected: {reason}")?;
                }
                NetEvent::Stopped(reason) => break Err(reason),
                NetEvent::Clock(_)
                | NetEvent::DrawOffered { .. }
                | NetEvent::DrawDeclined { .. }
                | NetEvent::TakebackAsked { .. }
                | NetEvent::TakebackDeclined { .. } => {}
            }
            out.flush()?;
        };
        // Let the last messages leave before the program ends.
        handle.close();
        self.save(&net)?;
        out.flush()?;
        ended.map_err(NetPlayError::Unfinished)
    }

    /// Keeps the joiner's seat token in its data folder, so that this command run again
    /// takes the seat back if this run dies. A failure costs only that, and is said.
    fn keep_seat(&self, handle: &NetHandle) {
        let (Some((dir, addr, code)), Some(token)) = (&self.seat, handle.seat_token()) else {
            return;
        };
        if load_seat(dir, addr, code) != Some(token)
            && let Err(e) = save_seat(dir, addr, code, token)
        {
            eprintln!("cannot keep the seat in {}: {e}", dir.display());
        }
    }

    /// The game ended: its seat is worth nothing any more.
    fn forget_seat(&self) {
        if let Some((dir, addr, code)) = &self.seat
            && let Err(e) = forget_seat(dir, addr, code)
        {
            eprintln!("cannot remove the seat from {}: {e}", dir.display());
        }
    }

    /// The move of this end's player; with a clock, the engine's time comes from it.
    fn choose(
        &self,
        engine: &mut Engine,
        net: &NetGame,
        now: Duration,
        stop: &StopFlag,
    ) -> Result<Move, EngineError> {
        let level = match self.player {
            Mover::Random => return engine.random(net.game.position()),
            Mover::Engine(level) => level,
        };
        let mut settings = level.settings();
        if let Some(clocks) = &net.clocks {
            let remaining = clocks.remaining(net.you, now);
            settings = settings.on_clock(remaining, clocks.control().increment);
        }
        engine.play_with(&net.game, &settings, stop).map(|r| r.best)
    }

    fn save(&self, net: &NetGame) -> Result<(), NetPlayError> {
        let Some(path) = &self.save else {
            return Ok(());
        };
        let (white, black) = match net.you {
            Side::White => (self.name.clone(), net.opponent.clone()),
            Side::Black => (net.opponent.clone(), self.name.clone()),
        };
        let tags = Tags {
            event: Some("Parachess network game".into()),
            date: Some(today()),
            white: Some(white),
            black: Some(black),
            ..Tags::default()
        };
        let text = net.record(tags).to_text();
        write_atomic(path, text.as_bytes()).map_err(|source| NetPlayError::Save {
            path: path.clone(),
            source,
        })
    }
}

/// `12. c4-d3` or `12... i5-h3`, with `{[%clk 0:04:58]}` when timed.
fn move_line(net: &NetGame, ply: usize, timed: bool) -> String {
    let start = net.game.start_position();
    let offset = usize::from(start.turn() == Side::Black);
    let index = ply.saturating_sub(1);
    let number = start.fullmove_number() as usize + (index + offset) / 2;
    let dots = if (index + offset).is_multiple_of(2) {
        "."
    } else {
        "..."
    };
    let text = net.game.plies().get(index).map_or("?", |p| p.text.as_str());
    let clock = net
        .notes
        .get(index)
        .and_then(|n| n.clock)
        .filter(|_| timed)
        .map_or(String::new(), |c| {
            format!(" {{[%clk {}]}}", format_clock(c))
        });
    format!("{number}{dots} {text}{clock}")
}
