//! `parachess selfplay`: whole games between two players (engine levels or the random mover),
//! played through [`Game::play`] so every move is checked. It measures the levels' strength
//! and shakes out illegal moves; the last line is `white <W> black <B> draws <D>`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

use crate::engine::{Engine, EngineError, Mover, StopFlag};
use crate::rules::record::{Tags, write_game};
use crate::rules::{Game, Move, Outcome, PlayError, SHUFFLE_COUNT, Side, Variant};
use crate::store::write_atomic;

/// Games longer than this many half-moves are stopped and counted as draws (the draw rules end
/// real games long before).
pub const MAX_PLIES: usize = 1000;

/// Options of the `selfplay` command.
#[derive(clap::Args, Debug, Clone)]
pub struct SelfplayArgs {
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Who plays White (in the first game when alternating): random, easy, normal or hard.
    #[arg(long, default_value = "normal")]
    pub white: Mover,
    /// Who plays Black (in the first game when alternating).
    #[arg(long, default_value = "random")]
    pub black: Mover,
    /// Thinking time per move in milliseconds, instead of the levels' own.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Seed of the random choices (the random mover, Easy's noise).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Swap colours every game.
    #[arg(long)]
    pub alternate: bool,
    /// Write each game to this directory as `game-NNN.pgn`, to replay or load in the game.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// The variant: a name (`"Cavalry"`, `"Shuffle Parachess 17"`) or a variant file.
    /// "Shuffle Parachess" alone draws an arrangement per game (from the seed).
    #[arg(long)]
    pub variant: Option<String>,
}

/// Why self-play stopped.
#[derive(Debug, Error)]
pub enum SelfplayError {
    /// A player produced a move the rules refuse: an engine bug.
    #[error("game {game}: {player} played the illegal move {mv}: {source}")]
    Illegal {
        /// 1-based game number.
        game: u32,
        /// Who played it.
        player: Mover,
        /// The move.
        mv: Move,
        /// What the rules said.
        source: PlayError,
    },
    /// A player found no move although the game was not over.
    #[error("game {game}: {player} found no move: {source}")]
    NoMove {
        /// 1-based game number.
        game: u32,
        /// Who failed.
        player: Mover,
        /// The engine's complaint.
        source: EngineError,
    },
    /// The variant asked for is unknown or malformed.
    #[error("{0}")]
    Variant(String),
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

/// The counts a self-play run ends with.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SelfplayTotals {
    /// Games won by White.
    pub white: u32,
    /// Games won by Black.
    pub black: u32,
    /// Drawn games (including games stopped at [`MAX_PLIES`]).
    pub draws: u32,
    /// Points of the player given as `--white` (1 per win, ½ per draw).
    pub first_points: f64,
    /// Points of the player given as `--black`.
    pub second_points: f64,
}

/// Plays the games and reports each result, the counts by cause and the totals.
pub fn run(args: &SelfplayArgs, out: &mut impl Write) -> Result<SelfplayTotals, SelfplayError> {
    let players = [args.white, args.black];
    let mut engines = [Engine::new(), Engine::new()];
    let stop = StopFlag::new();
    let mut totals = SelfplayTotals::default();
    let mut causes: Vec<(&'static str, u32)> = Vec::new();
    let mut plies = 0usize;
    let variant = super::variant_arg(args.variant.as_deref()).map_err(SelfplayError::Variant)?;
    let shuffle = args.variant.as_deref().is_some_and(|v| {
        ["shuffleparachess", "shuffle"]
            .contains(&v.to_lowercase().replace([' ', '-', '_'], "").as_str())
    });
    if let Some(dir) = &args.save {
        std::fs::create_dir_all(dir).map_err(|source| SelfplayError::Save {
            path: dir.clone(),
            source,
        })?;
    }
    for g in 1..=args.games {
        // Index into `players` of who plays White this game.
        let white = usize::from(args.alternate && g % 2 == 0);
        for (i, engine) in engines.iter_mut().enumerate() {
            engine.new_game();
            engine.seed(
                args.seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add(2 * g as u64 + i as u64),
            );
        }
        let variant = if shuffle {
            let n = args.seed.wrapping_mul(31).wrapping_add(u64::from(g)) % SHUFFLE_COUNT as u64;
            Variant::shuffle(n as usize).map_err(|e| SelfplayError::Variant(e.to_string()))?
        } else {
            variant
        };
        let mut game = Game::from_position(variant.start());
        while !game.is_over() && game.plies().len() < MAX_PLIES {
            let me = if game.position().turn() == Side::White {
                white
            } else {
                1 - white
            };
            let player = players[me];
            let mv = choose(&mut engines[me], &game, player, args.movetime, &stop).map_err(
                |source| SelfplayError::NoMove {
                    game: g,
                    player,
                    source,
                },
            )?;
            game.play(mv).map_err(|source| SelfplayError::Illegal {
                game: g,
                player,
                mv,
                source,
            })?;
        }
        let outcome = game.outcome();
        let (result, cause) = match outcome {
            Some(o) => (o.result_text(), o.cause()),
            None => ("1/2-1/2", "move limit"),
        };
        match outcome.and_then(Outcome::winner) {
            Some(Side::White) => totals.white += 1,
            Some(Side::Black) => totals.black += 1,
            None => totals.draws += 1,
        }
        let points = match outcome.and_then(Outcome::winner) {
            Some(Side::White) => [1.0, 0.0],
            Some(Side::Black) => [0.0, 1.0],
            None => [0.5, 0.5],
        };
        let (first, second) = if white == 0 {
            (points[0], points[1])
        } else {
            (points[1], points[0])
        };
        totals.first_points += first;
        totals.second_points += second;
        match causes.iter_mut().find(|(c, _)| *c == cause) {
            Some((_, n)) => *n += 1,
            None => causes.push((cause, 1)),
        }
        writeln!(
            out,
            "game {g}: {} (White) - {} (Black): {result} by {cause} after {} half-moves",
            players[white],
            players[1 - white],
            game.plies().len(),
        )?;
        out.flush()?;
        plies += game.plies().len();
        if let Some(dir) = &args.save {
            let tags = Tags {
                event: Some(format!("{} selfplay", variant.name())),
                round: Some(g.to_string()),
                white: Some(players[white].to_string()),
                black: Some(players[1 - white].to_string()),
                ..Tags::default()
            };
            let path = dir.join(format!("game-{g:03}.pgn"));
            write_atomic(&path, write_game(&game, &tags).as_bytes())
                .map_err(|source| SelfplayError::Save { path, source })?;
        }
    }
    let counts: Vec<String> = causes.iter().map(|(c, n)| format!("{c} {n}")).collect();
    writeln!(out, "results: {}", counts.join(", "))?;
    writeln!(
        out,
        "average length {:.1} half-moves",
        plies as f64 / f64::from(args.games.max(1))
    )?;
    if args.alternate {
        let games = f64::from(args.games.max(1));
        writeln!(
            out,
            "score {} {:.1} {} {:.1} ({:.1} % for {})",
            players[0],
            totals.first_points,
            players[1],
            totals.second_points,
            100.0 * totals.first_points / games,
            players[0],
        )?;
    }
    writeln!(
        out,
        "white {} black {} draws {}",
        totals.white, totals.black, totals.draws
    )?;
    Ok(totals)
}

/// One move from `player`.
fn choose(
    engine: &mut Engine,
    game: &Game,
    player: Mover,
    movetime: Option<u64>,
    stop: &StopFlag,
) -> Result<Move, EngineError> {
    match player {
        Mover::Random => engine.random(game.position()),
        Mover::Engine(level) => {
            let mut settings = level.settings();
            if let Some(ms) = movetime {
                settings.limits.movetime = Some(Duration::from_millis(ms));
            }
            engine.play_with(game, &settings, stop).map(|r| r.best)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_end_with_the_totals_line() {
        let args = SelfplayArgs {
            games: 2,
            white: Mover::Random,
            black: Mover::Random,
            movetime: None,
            seed: 5,
            alternate: true,
            save: None,
            variant: None,
        };
        let mut out = Vec::new();
        let totals = run(&args, &mut out).unwrap();
        assert_eq!(totals.white + totals.black + totals.draws, 2);
        assert!((totals.first_points + totals.second_points - 2.0).abs() < 1e-9);
        let text = String::from_utf8(out).unwrap();
        let last = text.lines().last().unwrap();
        assert_eq!(
            last,
            format!(
                "white {} black {} draws {}",
                totals.white, totals.black, totals.draws
            )
        );
        assert!(text.lines().any(|l| l.starts_with("score random")));
    }

    #[test]
    fn saved_games_read_back_as_the_games_played() {
        let dir = std::env::temp_dir().join(format!("parachess-selfplay-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let args = SelfplayArgs {
            games: 2,
            white: Mover::Random,
            black: Mover::Random,
            movetime: None,
            seed: 9,
            alternate: true,
            save: Some(dir.clone()),
            variant: None,
        };
        let mut out = Vec::new();
        run(&args, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        for g in 1..=2 {
            let file = std::fs::read(dir.join(format!("game-{g:03}.pgn"))).unwrap();
            let record = crate::rules::record::read_game(&file).unwrap();
            assert_eq!(record.tags.round.as_deref(), Some(g.to_string().as_str()));
            let plies = record.game.plies().len();
            let line = text.lines().nth(g - 1).unwrap();
            assert!(
                line.ends_with(&format!("after {plies} half-moves")),
                "{line} vs {plies} plies in the file"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
