//! `parachess match`: a referee for games between two UCI engine programs (ours or any other
//! that plays Parachess). Every move is checked by the rules, Fischer clocks are kept here (or
//! each engine is given a fixed time or node count a move, `--movetime`, `--nodes`), and an
//! engine that plays an illegal move, runs out of time or dies loses the game. Openings are a
//! few random legal half-moves, the same for both games of a pair with colours swapped. The line before the last gives each
//! engine's mean and longest time a move as the referee measured it; the last line is
//! `score <W>-<L>-<D> elo <diff> +/- <95 % margin>` from engine1's point of view.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

use crate::engine::Rng;
use crate::rules::record::{Tags, write_game};
use crate::rules::{Game, Outcome, Side, Variant};
use crate::store::write_atomic;
use crate::uci::{Go, UciClient, UciError};

/// Games longer than this many half-moves are stopped as draws unless `--max-plies` says
/// otherwise (the rules end real games long before: 100 half-moves without capture or pawn
/// move draw).
pub const MAX_PLIES: u32 = 2000;

/// Time an engine has to start, answer `uci`, or get ready for a new game.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// Longest answer to `go nodes` before the engine loses on time.
const NODES_TIMEOUT: Duration = Duration::from_secs(60);

/// Most random opening half-moves.
const MAX_OPENING_PLIES: u32 = 40;

/// Options of the `match` command.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// Command line of the first engine, e.g. "target/debug/parachess uci" (split into words
    /// like a shell would, with quotes; no shell runs it).
    #[arg(long, value_name = "COMMAND")]
    pub engine1: String,
    /// Command line of the second engine.
    #[arg(long, value_name = "COMMAND")]
    pub engine2: String,
    /// A UCI option for the first engine, `NAME=VALUE` (repeatable), set after its handshake,
    /// e.g. `--option1 "Skill Level=5"` or `--option1 Threads=2`.
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_option)]
    pub option1: Vec<(String, String)>,
    /// A UCI option for the second engine, `NAME=VALUE` (repeatable).
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_option)]
    pub option2: Vec<(String, String)>,
    /// Number of games; engine1 has White in odd games.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Fischer time control: base seconds + increment seconds per move (`10+0.1`, or `5`).
    #[arg(long, default_value = "10+0.1", value_name = "BASE+INC")]
    pub tc: TimeControl,
    /// Give each engine this many milliseconds a move (`go movetime MS`) instead of a clock,
    /// so both think exactly as long (`--tc` is then ignored). An answer later than twice
    /// that plus a second loses on time.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,
    /// engine1's own time a move in milliseconds (default: `--movetime`), e.g. to play a level
    /// that thinks four times as long as the other.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime1: Option<u64>,
    /// engine2's own time a move in milliseconds (default: `--movetime`).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime2: Option<u64>,
    /// Give each engine this many nodes a move (`go nodes N`) instead of a clock or a time:
    /// independent of the machine's load. Our engine counts the nodes of its main search
    /// thread, so with `Threads 2` the helper searches beside it for free: as if each thread
    /// had a core of its own. An answer later than a minute loses.
    #[arg(long, value_name = "N", conflicts_with_all = ["movetime", "movetime1", "movetime2"],
          value_parser = clap::value_parser!(u64).range(1..=10_000_000_000))]
    pub nodes: Option<u64>,
    /// How games start: `random-plies K` plays K random legal half-moves first (0 to 40).
    #[arg(
        long,
        num_args = 2,
        value_names = ["random-plies", "K"],
        default_values = ["random-plies", "4"]
    )]
    pub openings: Vec<String>,
    /// Stop a game after this many half-moves (after the opening) and count it a draw.
    #[arg(long, default_value_t = MAX_PLIES, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_plies: u32,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write each game to DIR/game-NNN.pgn.
    #[arg(long, value_name = "DIR")]
    pub pgn_out: Option<PathBuf>,
    /// The variant, by name (both engines must offer it as a `UCI_Variant` value; a player's
    /// own variant must be in both engines' data folders).
    #[arg(long)]
    pub variant: Option<String>,
    /// Games played at once; each runs its own pair of engine processes, so a long match uses
    /// every core. Reports still come in game order.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub concurrency: u32,
}

/// A Fischer clock: each side starts with `base` and gains `increment` after each move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on each clock at the start.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

impl FromStr for TimeControl {
    type Err = String;

    /// `BASE+INC` or `BASE`, in seconds (decimals allowed): `10+0.1`, `60`.
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let seconds = |text: &str, max: f64| {
            text.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && (0.0..=max).contains(x))
                .map(Duration::from_secs_f64)
        };
        let base = seconds(base, 86_400.0).filter(|b| !b.is_zero());
        match (base, seconds(inc, 3_600.0)) {
            (Some(base), Some(increment)) => Ok(TimeControl { base, increment }),
            _ => Err(format!(
                "expected BASE+INC in seconds, e.g. 10+0.1 (base above 0 and at most a day, \
                 increment at most an hour), not {s:?}"
            )),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// Why the match could not be played.
#[derive(Debug, Error)]
pub enum MatchError {
    /// A command-line value is not usable.
    #[error("{0}")]
    Args(String),
    /// An engine could not be started for the first game.
    #[error("engine{which}: {source}")]
    Start {
        /// 1 or 2.
        which: usize,
        /// What went wrong.
        source: UciError,
    },
    /// Writing the report failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// Writing a game file failed.
    #[error("cannot write {}: {source}", path.display())]
    Save {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
}

/// Games won, lost and drawn by engine1.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchTotals {
    /// Won by engine1.
    pub wins: u32,
    /// Lost by engine1.
    pub losses: u32,
    /// Drawn.
    pub draws: u32,
}

/// How one game ended.
enum Ending {
    /// By the rules.
    Board(Outcome),
    /// A side lost by misbehaving (illegal move, flag, crash).
    Forfeit { loser: Side, reason: String },
    /// Stopped at `--max-plies`.
    MoveLimit,
}

impl Ending {
    fn winner(&self) -> Option<Side> {
        match self {
            Ending::Board(o) => o.winner(),
            Ending::Forfeit { loser, .. } => Some(!*loser),
            Ending::MoveLimit => None,
        }
    }
}

/// `NAME=VALUE`, both non-empty, on one line.
fn parse_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value))
            if !name.trim().is_empty()
                && !value.trim().is_empty()
                && !text.chars().any(char::is_control) =>
        {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!("{text:?} is not NAME=VALUE")),
    }
}

/// One engine seat: its command, and its running program (`None` after it died).
struct Seat {
    label: &'static str,
    command: String,
    /// The `UCI_Variant` value to select.
    variant: String,
    /// Options set after the handshake.
    options: Vec<(String, String)>,
    /// `go movetime` instead of the clock.
    movetime: Option<Duration>,
    /// `go nodes` instead of the clock.
    nodes: Option<u64>,
    client: Option<UciClient>,
    name: String,
}

impl Seat {
    /// The running client, started again if it died in an earlier game.
    fn client(&mut self) -> Result<&mut UciClient, UciError> {
        if self.client.is_none() {
            let mut client = UciClient::spawn_in(&self.command, HANDSHAKE_TIMEOUT, &self.variant)?;
            for (name, value) in &self.options {
                if !client.has_option(name) {
                    return Err(UciError::NoOption(name.clone()));
                }
                client.set_option(name, value)?;
            }
            self.name = client.name().to_string();
            self.client = Some(client);
        }
        // Just filled in above; the error cannot happen.
        self.client.as_mut().ok_or(UciError::Exited {
            waiting_for: "uciok",
        })
    }
}

/// Plays the match and reports each game and the score.
pub fn run(args: &MatchArgs, out: &mut impl Write) -> Result<MatchTotals, MatchError> {
    let plies = opening_plies(&args.openings)?;
    let variant = super::variant_arg(args.variant.as_deref()).map_err(MatchError::Args)?;
    let uci_name = crate::uci::uci_variant_name(variant.name());
    if let Some(dir) = &args.pgn_out {
        std::fs::create_dir_all(dir).map_err(|source| MatchError::Save {
            path: dir.clone(),
            source,
        })?;
    }
    let mut seats = fresh_seats(args, &uci_name);
    for (i, seat) in seats.iter_mut().enumerate() {
        seat.client().map_err(|source| MatchError::Start {
            which: i + 1,
            source,
        })?;
        writeln!(out, "{}: {} ({})", seat.label, seat.name, seat.command)?;
    }
    let time_control = match (&seats[0].movetime, &seats[1].movetime) {
        _ if args.nodes.is_some() => format!("{} nodes a move", args.nodes.unwrap_or_default()),
        (None, None) => format!("time control {}", args.tc),
        (a, b) => format!(
            "time a move: engine1 {}, engine2 {}",
            a.map_or(format!("clock {}", args.tc), |t| format!(
                "{} ms",
                t.as_millis()
            )),
            b.map_or(format!("clock {}", args.tc), |t| format!(
                "{} ms",
                t.as_millis()
            )),
        ),
    };
    writeln!(
        out,
        "{} games, {time_control}, openings of {plies} random half-moves",
        args.games
    )?;
    let workers_n = args.concurrency.min(args.games) as usize;
    let mut totals = MatchTotals::default();
    // The first worker plays with the engines already started (and checked) above.
    let mut workers = vec![seats];
    workers.extend((1..workers_n).map(|_| fresh_seats(args, &uci_name)));
    let mut waiting = BTreeMap::new();
    let mut due = 1;
    let mut thinking = [Thinking::default(); 2];
    super::play_in_parallel(
        workers,
        args.games,
        |own, g| play_one(own, g, plies, variant, args),
        |played| -> Result<(), MatchError> {
            waiting.insert(played.number, played);
            while let Some(p) = waiting.remove(&due) {
                match p.winner_seat {
                    Some(0) => totals.wins += 1,
                    Some(_) => totals.losses += 1,
                    None => totals.draws += 1,
                }
                for (all, game) in thinking.iter_mut().zip(p.thinking) {
                    all.add(game);
                }
                writeln!(out, "{}", p.line)?;
                out.flush()?;
                if let (Some(dir), Some(text)) = (&args.pgn_out, p.record) {
                    let path = dir.join(format!("game-{:03}.pgn", p.number));
                    write_atomic(&path, text.as_bytes())
                        .map_err(|source| MatchError::Save { path, source })?;
                }
                due += 1;
            }
            Ok(())
        },
    )?;
    writeln!(
        out,
        "time a move: engine1 {}; engine2 {}",
        thinking[0], thinking[1]
    )?;
    let (elo, margin) = elo(totals);
    writeln!(
        out,
        "score {}-{}-{} elo {elo:+.0} +/- {margin:.0}",
        totals.wins, totals.losses, totals.draws
    )?;
    Ok(totals)
}

/// How long one engine took for its moves, as the referee saw it (the trip through the pipes
/// included).
#[derive(Copy, Clone, Debug, Default)]
struct Thinking {
    moves: u32,
    total: Duration,
    longest: Duration,
}

impl Thinking {
    fn record(&mut self, time: Duration) {
        self.moves += 1;
        self.total += time;
        self.longest = self.longest.max(time);
    }

    fn add(&mut self, other: Thinking) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
    }
}

impl fmt::Display for Thinking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mean = self.total.as_secs_f64() * 1000.0 / f64::from(self.moves.max(1));
        write!(
            f,
            "mean {mean:.1} ms, longest {} ms ({} moves)",
            self.longest.as_millis(),
            self.moves
        )
    }
}

/// One finished game, as a worker hands it to the reporter.
struct Played {
    /// Each seat's time for its moves (0 is engine1).
    thinking: [Thinking; 2],
    number: u32,
    /// Index of the winning seat (0 is engine1), `None` for a draw.
    winner_seat: Option<usize>,
    line: String,
    /// The game record, when `--pgn-out` asks for it.
    record: Option<String>,
}

/// Both seats, not yet started.
fn fresh_seats(args: &MatchArgs, uci_name: &str) -> [Seat; 2] {
    let seat = |label, command: &String, options: &Vec<(String, String)>, ms: Option<u64>| Seat {
        label,
        command: command.clone(),
        variant: uci_name.to_string(),
        options: options.clone(),
        movetime: ms.or(args.movetime).map(Duration::from_millis),
        nodes: args.nodes,
        client: None,
        name: String::new(),
    };
    [
        seat("engine1", &args.engine1, &args.option1, args.movetime1),
        seat("engine2", &args.engine2, &args.option2, args.movetime2),
    ]
}

/// Plays game number `g` with `seats` and words its report line.
fn play_one(
    seats: &mut [Seat; 2],
    g: u32,
    plies: u32,
    variant: &'static Variant,
    args: &MatchArgs,
) -> Played {
    // Index into `seats` of who has White: engine1 in odd games.
    let white = usize::from(g.is_multiple_of(2));
    let opening = opening(args.seed, (g - 1) / 2, plies, variant);
    let mut game = opening.clone();
    let mut thinking = [Thinking::default(); 2];
    let ending = play_game(seats, white, &mut game, args, &mut thinking);
    let winner_seat = ending.winner().map(|side| match side {
        Side::White => white,
        Side::Black => 1 - white,
    });
    let reason = match &ending {
        Ending::Board(o) => o.cause().to_string(),
        Ending::Forfeit { reason, .. } => reason.clone(),
        Ending::MoveLimit => format!("stopped after {} half-moves", args.max_plies),
    };
    let result = match ending.winner() {
        Some(Side::White) => "1-0",
        Some(Side::Black) => "0-1",
        None => "1/2-1/2",
    };
    let line = format!(
        "game {g}: {} (White) vs {}: {result} {reason} ({} half-moves)",
        seats[white].label,
        seats[1 - white].label,
        game.plies().len() - opening.plies().len(),
    );
    let record = args
        .pgn_out
        .as_ref()
        .map(|_| record(g, &mut game, &ending, seats, white));
    Played {
        thinking,
        number: g,
        winner_seat,
        line,
        record,
    }
}

fn opening_plies(words: &[String]) -> Result<u32, MatchError> {
    let bad = || {
        MatchError::Args(format!(
            "--openings takes 'random-plies K' with K from 0 to {MAX_OPENING_PLIES}, not {:?}",
            words.join(" ")
        ))
    };
    match words {
        [kind, k] if kind == "random-plies" => k
            .parse()
            .ok()
            .filter(|&k| k <= MAX_OPENING_PLIES)
            .ok_or_else(bad),
        _ => Err(bad()),
    }
}

/// `plies` random legal half-moves from the start, drawn from `seed` and the pair number (so
/// both games of a pair start alike); never a finished game.
fn opening(seed: u64, pair: u32, plies: u32, variant: &'static Variant) -> Game {
    let mut rng = Rng::new(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(u64::from(pair) + 1),
    );
    for _ in 0..100 {
        let mut game = Game::from_position(variant.start());
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            if game.play(mv).is_err() {
                break;
            }
        }
        if !game.is_over() {
            return game;
        }
    }
    Game::from_position(variant.start())
}

/// Plays one game from `game` (the opening) to its end, adding each seat's move times to
/// `thinking`.
fn play_game(
    seats: &mut [Seat; 2],
    white: usize,
    game: &mut Game,
    args: &MatchArgs,
    thinking: &mut [Thinking; 2],
) -> Ending {
    let tc = args.tc;
    let end = game.plies().len() + args.max_plies as usize;
    for side in Side::BOTH {
        let seat = &mut seats[if side == Side::White {
            white
        } else {
            1 - white
        }];
        let ready = seat.client().and_then(|c| c.new_game(HANDSHAKE_TIMEOUT));
        if let Err(e) = ready {
            seat.client = None;
            return Ending::Forfeit {
                loser: side,
                reason: format!("{} failed to start the game: {e}", seat.label),
            };
        }
    }
    let mut clocks = [tc.base; 2];
    while game.plies().len() < end {
        if let Some(outcome) = game.outcome() {
            return Ending::Board(outcome);
        }
        let side = game.position().turn();
        let index = if side == Side::White {
            white
        } else {
            1 - white
        };
        let seat = &mut seats[index];
        let (remaining, go) = match seat.movetime {
            // The clock does not run: the allowance is only there to catch a hung engine.
            _ if seat.nodes.is_some() => (
                NODES_TIMEOUT,
                Go {
                    nodes: seat.nodes,
                    ..Go::default()
                },
            ),
            Some(t) => (
                t.saturating_mul(2).saturating_add(Duration::from_secs(1)),
                Go {
                    movetime: Some(t),
                    ..Go::default()
                },
            ),
            None => (
                clocks[side.index()],
                Go::clock(clocks[0], clocks[1], tc.increment),
            ),
        };
        let answer = seat.client().and_then(|c| c.search(game, &go, remaining));
        if let Ok(m) = &answer {
            thinking[index].record(m.elapsed);
        }
        let forfeit = |reason: String| Ending::Forfeit {
            loser: side,
            reason,
        };
        let label = seat.label;
        match answer {
            Ok(m) if m.elapsed > remaining => {
                return forfeit(format!(
                    "{label} lost on time ({} ms over)",
                    (m.elapsed - remaining).as_millis()
                ));
            }
            Ok(m) => {
                if let Err(e) = game.play(m.best) {
                    return forfeit(format!("{label} played an illegal move {}: {e}", m.best));
                }
                if seat.movetime.is_none() && seat.nodes.is_none() {
                    clocks[side.index()] = remaining - m.elapsed + tc.increment;
                }
            }
            Err(UciError::Timeout { .. }) => return forfeit(format!("{label} lost on time")),
            Err(e @ UciError::IllegalMove { .. }) => {
                return forfeit(format!("{label} played an {e}"));
            }
            Err(e @ UciError::NoMove(_)) => return forfeit(format!("{label}: {e}")),
            Err(e) => {
                seat.client = None;
                return forfeit(format!("{label} died: {e}"));
            }
        }
    }
    game.outcome().map_or(Ending::MoveLimit, Ending::Board)
}

/// The game record of game `g` (a forfeit written as a resignation, a stopped game as a draw
/// by agreement: the record format knows only the board's endings).
fn record(g: u32, game: &mut Game, ending: &Ending, seats: &[Seat; 2], white: usize) -> String {
    let declared = match ending {
        Ending::Board(_) => None,
        Ending::Forfeit { loser, .. } => Some(Outcome::Resignation { winner: !*loser }),
        Ending::MoveLimit => Some(Outcome::Agreement),
    };
    if let Some(outcome) = declared {
        let _ = game.declare(outcome);
    }
    let tags = Tags {
        event: Some("Parachess match".into()),
        round: Some(g.to_string()),
        white: Some(format!("{} ({})", seats[white].name, seats[white].label)),
        black: Some(format!(
            "{} ({})",
            seats[1 - white].name,
            seats[1 - white].label
        )),
        ..Tags::default()
    };
    write_game(game, &tags)
}

/// The Elo difference the score suggests, and the half-width of its 95 % confidence interval
/// (from the spread of the game results, as cutechess-cli reports it). Infinite when one side
/// scored everything.
pub fn elo(totals: MatchTotals) -> (f64, f64) {
    let n = f64::from(totals.wins + totals.losses + totals.draws);
    if n == 0.0 {
        return (0.0, f64::INFINITY);
    }
    let (w, l, d) = (
        f64::from(totals.wins) / n,
        f64::from(totals.losses) / n,
        f64::from(totals.draws) / n,
    );
    let score = w + d / 2.0;
    let to_elo = |p: f64| -400.0 * (1.0 / p - 1.0).log10();
    if score <= 0.0 || score >= 1.0 {
        return (to_elo(score), f64::INFINITY);
    }
    let variance =
        w * (1.0 - score).powi(2) + l * (0.0 - score).powi(2) + d * (0.5 - score).powi(2);
    let spread = 1.959_964 * (variance / n).sqrt();
    let high = to_elo((score + spread).min(1.0));
    let low = to_elo((score - spread).max(0.0));
    (to_elo(score), (high - low) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_seconds() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(
            "5".parse::<TimeControl>().unwrap().increment,
            Duration::ZERO
        );
        for bad in [
            "", "+1", "0+1", "-1+0", "abc", "1+x", "1e30", "inf", "NaN+1", "1+-0.5",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn elo_follows_the_score() {
        let (even, margin) = elo(MatchTotals {
            wins: 3,
            losses: 3,
            draws: 4,
        });
        assert!(even.abs() < 1e-9 && margin > 0.0 && margin.is_finite());
        let (ahead, margin) = elo(MatchTotals {
            wins: 6,
            losses: 3,
            draws: 1,
        });
        assert!((ahead - 107.5).abs() < 1.0, "{ahead}");
        assert!(margin > 100.0 && margin < 400.0, "{margin}");
        let (more, narrower) = elo(MatchTotals {
            wins: 60,
            losses: 30,
            draws: 10,
        });
        assert!((more - ahead).abs() < 1e-9 && narrower < margin / 2.0);
        let (all, margin) = elo(MatchTotals {
            wins: 2,
            losses: 0,
            draws: 0,
        });
        assert!(all == f64::INFINITY && margin == f64::INFINITY);
        assert_eq!(format!("{all:+.0} {margin:.0}"), "+inf inf");
        let (draws, margin) = elo(MatchTotals {
            wins: 0,
            losses: 0,
            draws: 4,
        });
        assert_eq!((draws, margin), (0.0, 0.0));
    }

    #[test]
    fn openings_vary_by_pair_and_repeat_within_one() {
        let a = opening(1, 0, 4, Variant::parachess());
        assert_eq!(a.plies().len(), 4);
        assert_eq!(
            a.position(),
            opening(1, 0, 4, Variant::parachess()).position()
        );
        let others: Vec<Game> = (1..6)
            .map(|p| opening(1, p, 4, Variant::parachess()))
            .collect();
        assert!(others.iter().any(|o| o.position() != a.position()));
        assert_eq!(opening(1, 0, 0, Variant::parachess()).plies().len(), 0);
    }

    #[test]
    fn openings_argument_is_checked() {
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(opening_plies(&words("random-plies 6")).ok(), Some(6));
        for bad in [
            "random-plies x",
            "random-plies 99",
            "book 3",
            "random-plies -1",
        ] {
            assert!(opening_plies(&words(bad)).is_err(), "{bad}");
        }
    }
}
