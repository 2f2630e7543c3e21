//! `bots --computer N --level L --analyses K`: the engine's load for `scripts/engine-load.sh`.
//! N guests each play the computer at level L (untimed, random moves of their own, a new game
//! when one ends) and K pairs of guests play a short game, resign it and ask for its computer
//! analysis, so the engine pool stays busy while other bots measure the games' round trips. It
//! prints `loaded` once every game has started and every analysis is asked for, and on SIGTERM
//! (or Ctrl-C) its last line: `computer games N level L moves M in S s: R moves/min; analyses
//! K asked A done D`, and when the server was killed and started again under it, how its
//! games went on (`; reconnected R: the computer moved M times in the games taken up again,
//! the first S s after the first reconnect`).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use super::super::client::Client;
use super::super::messages::{ClientMsg, SeekSpec, ServerMsg};
use super::{Rng, connect};

/// What to load the engine with.
#[derive(Clone, Debug)]
pub struct EngineLoad {
    /// The server.
    pub server: String,
    /// Games against the computer at once.
    pub computer: usize,
    /// Their level.
    pub level: String,
    /// Games whose analysis is asked for.
    pub analyses: usize,
    /// Half-moves of each of those games before it is resigned.
    pub plies: usize,
}

#[derive(Default)]
struct Counts {
    computer_moves: AtomicUsize,
    started: AtomicUsize,
    asked: AtomicUsize,
    analysed: AtomicUsize,
    /// Connections made again (the server killed and started again under the bots).
    reconnected: AtomicUsize,
    /// The computer's moves in games taken up again after a reconnect.
    moves_again: AtomicUsize,
    /// When the first connection was made again, and the computer's first move after it.
    first_reconnect: std::sync::Mutex<Option<Instant>>,
    first_move_again: std::sync::Mutex<Option<Instant>>,
}

impl Counts {
    fn moved_again(&self, at: Instant) {
        self.moves_again.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut first) = self.first_move_again.lock() {
            first.get_or_insert(at);
        }
    }

    /// What the reconnects saw, for the last line (nothing when there were none).
    fn again(&self) -> String {
        let n = self.reconnected.load(Ordering::Relaxed);
        if n == 0 {
            return String::new();
        }
        let from = self.first_reconnect.lock().ok().and_then(|t| *t);
        let to = self.first_move_again.lock().ok().and_then(|t| *t);
        let first = match (from, to) {
            (Some(a), Some(b)) => format!(
                ", the first {:.1} s after the first reconnect",
                b.saturating_duration_since(a).as_secs_f64()
            ),
            _ => String::new(),
        };
        format!(
            "; reconnected {n}: the computer moved {} times in the games taken up again{first}",
            self.moves_again.load(Ordering::Relaxed)
        )
    }
}

/// A message wait: long, the engine is busy.
const WAIT: Duration = Duration::from_secs(600);

/// Runs until SIGTERM or Ctrl-C, then returns the last line.
pub async fn run(load: EngineLoad, on_line: impl Fn(&str)) -> String {
    let counts = Arc::new(Counts::default());
    let deadline = Instant::now() + Duration::from_secs(24 * 3600);
    let mut tasks = Vec::new();
    let (quit, quitting) = watch::channel(false);
    let mut players = Vec::new();
    for _ in 0..load.computer {
        let (load, counts, quitting) = (load.clone(), Arc::clone(&counts), quitting.clone());
        players.push(tokio::spawn(async move {
            computer_games(&load, &counts, deadline, quitting).await;
        }));
    }
    for _ in 0..load.analyses {
        let (load, counts) = (load.clone(), Arc::clone(&counts));
        tasks.push(tokio::spawn(async move {
            if let Err(why) = analysed_game(&load, &counts, deadline).await {
                tracing::warn!("engine load: an analysis not asked for: {why}");
            }
        }));
    }
    let all_in = async {
        while counts.started.load(Ordering::Relaxed) < load.computer
            || counts.asked.load(Ordering::Relaxed) < load.analyses
        {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    tokio::select! {
        () = all_in => on_line("loaded"),
        () = super::super::signal::stop_asked() => {}
    }
    // Counted from here: the load is all in.
    let from = Instant::now();
    let before = counts.computer_moves.load(Ordering::Relaxed);
    super::super::signal::stop_asked().await;
    let secs = from.elapsed().as_secs_f64();
    let moves = counts.computer_moves.load(Ordering::Relaxed) - before;
    // Each game against the computer resigned, so that no move of it is left for the
    // engine after this load has gone (the next measurement starts quiet).
    let _ = quit.send(true);
    let resigned = async {
        for p in &mut players {
            let _ = p.await;
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(10), resigned).await;
    for t in tasks.iter().chain(&players) {
        t.abort();
    }
    format!(
        "computer games {} level {} moves {moves} in {secs:.0} s: {:.1} moves/min; analyses {} \
         asked {} done {}{}",
        load.computer,
        load.level,
        moves as f64 * 60.0 / secs.max(0.001),
        load.analyses,
        counts.asked.load(Ordering::Relaxed),
        counts.analysed.load(Ordering::Relaxed),
        counts.again(),
    )
}

/// One guest playing the computer, game after game, until `quitting`: then it resigns the
/// game it is playing. A connection lost (the server killed and started again) is made again
/// with the guest's token, and the game goes on where the server has it.
async fn computer_games(
    load: &EngineLoad,
    counts: &Counts,
    deadline: Instant,
    mut quitting: watch::Receiver<bool>,
) {
    let Ok(mut c) = connect(&load.server, None, deadline).await else {
        return;
    };
    let token = c.token.clone();
    let playing = std::sync::Mutex::new(None::<String>);
    let mut first = true;
    let mut again = false;
    loop {
        tokio::select! {
            () = play_computer(&mut c, load, counts, &playing, &mut first, again) => {}
            _ = quitting.wait_for(|q| *q) => break,
        }
        let back = tokio::select! {
            back = connect(&load.server, Some(&token), deadline) => back,
            _ = quitting.wait_for(|q| *q) => return,
        };
        match back {
            Ok(back) => c = back,
            Err(_) => return,
        }
        again = true;
        counts.reconnected.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut at) = counts.first_reconnect.lock() {
            at.get_or_insert_with(Instant::now);
        }
    }
    let game = playing.lock().ok().and_then(|mut g| g.take());
    if let Some(game) = game
        && c.say(&ClientMsg::Resign { game: game.clone() })
            .await
            .is_ok()
    {
        let _ = c
            .wait_for_msg(
                "end",
                Duration::from_secs(5),
                |m| matches!(m, ServerMsg::End { game: g, .. } if *g == game),
            )
            .await;
    }
}

/// Games against the computer one after another, from the one in `playing` if any (after a
/// reconnect: `again`); `playing` says which one is on. Returns when the connection fails.
async fn play_computer(
    c: &mut Client,
    load: &EngineLoad,
    counts: &Counts,
    playing: &std::sync::Mutex<Option<String>>,
    first: &mut bool,
    again: bool,
) {
    let mut rng = Rng::new();
    loop {
        // What the last game left unread.
        c.clear();
        let resume = playing.lock().ok().and_then(|g| g.clone());
        let (game, mut legal, mut n) = match resume {
            Some(game) => {
                if c.say(&ClientMsg::Watch { game: game.clone() })
                    .await
                    .is_err()
                {
                    return;
                }
                let Ok(ServerMsg::Game(v)) = c
                    .wait_for_msg(
                        "game",
                        WAIT,
                        |m| matches!(m, ServerMsg::Game(v) if v.id == game),
                    )
                    .await
                else {
                    return;
                };
                if v.status != "started" {
                    if let Ok(mut p) = playing.lock() {
                        *p = None;
                    }
                    continue;
                }
                let n = u32::try_from(v.moves.len()).unwrap_or(u32::MAX);
                (game, v.legal, n)
            }
            None => {
                let ask = ClientMsg::PlayComputer {
                    level: load.level.clone(),
                    variant: None,
                    tc: None,
                    color: Some("white".into()),
                };
                if c.say(&ask).await.is_err() {
                    return;
                }
                let Ok(ServerMsg::Started { game, .. }) = c
                    .wait_for_msg("started", WAIT, |m| {
                        matches!(m, ServerMsg::Started { .. } | ServerMsg::Error { .. })
                    })
                    .await
                else {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                };
                if let Ok(mut p) = playing.lock() {
                    *p = Some(game.clone());
                }
                if *first {
                    counts.started.fetch_add(1, Ordering::Relaxed);
                    *first = false;
                }
                let legal = match c
                    .wait_for_msg(
                        "game",
                        WAIT,
                        |m| matches!(m, ServerMsg::Game(v) if v.id == game),
                    )
                    .await
                {
                    Ok(ServerMsg::Game(v)) => v.legal,
                    _ => return,
                };
                (game, legal, 0)
            }
        };
        // Half-move `n` next: the guest's (White's) when even, the computer's when odd.
        loop {
            if n % 2 == 0 {
                if legal.is_empty() {
                    break;
                }
                let mv = legal[rng.below(legal.len())].clone();
                let sent = ClientMsg::Move {
                    game: game.clone(),
                    n,
                    mv,
                };
                if c.say(&sent).await.is_err() {
                    return;
                }
            }
            match c
                .wait_for_msg("moved", WAIT, |m| match m {
                    ServerMsg::Moved(x) => x.game == game && x.n == n,
                    ServerMsg::End { game: g, .. } => *g == game,
                    _ => false,
                })
                .await
            {
                Ok(ServerMsg::Moved(x)) => {
                    legal = x.legal;
                    if n % 2 == 1 {
                        counts.computer_moves.fetch_add(1, Ordering::Relaxed);
                        if again {
                            counts.moved_again(Instant::now());
                        }
                    }
                    if legal.is_empty() {
                        break;
                    }
                    n += 1;
                }
                Ok(_) => break,
                Err(_) => return,
            }
        }
        if let Ok(mut p) = playing.lock() {
            *p = None;
        }
    }
}

/// Two guests play `load.plies` random half-moves, White resigns, and White asks for the
/// game's analysis; then waits for it to be done.
async fn analysed_game(
    load: &EngineLoad,
    counts: &Counts,
    deadline: Instant,
) -> Result<(), String> {
    let e = |e: super::super::client::ClientError| e.to_string();
    let mut a = connect(&load.server, None, deadline).await.map_err(e)?;
    let mut b = connect(&load.server, None, deadline).await.map_err(e)?;
    let spec = SeekSpec {
        tc: Some("600+5".into()),
        color: Some("white".into()),
        ..SeekSpec::default()
    };
    a.say(&ClientMsg::Challenge {
        to: b.name.clone(),
        spec,
    })
    .await
    .map_err(e)?;
    let Ok(ServerMsg::Challenge(ch)) = b
        .wait_for_msg("challenge", WAIT, |m| matches!(m, ServerMsg::Challenge(_)))
        .await
    else {
        return Err("no challenge".into());
    };
    b.say(&ClientMsg::Accept { id: ch.id }).await.map_err(e)?;
    let Ok(ServerMsg::Game(view)) = a
        .wait_for_msg("game", WAIT, |m| matches!(m, ServerMsg::Game(_)))
        .await
    else {
        return Err("no game".into());
    };
    let game = view.id.clone();
    let mut legal = view.legal;
    let mut rng = Rng::new();
    for n in 0..load.plies {
        if legal.is_empty() {
            break;
        }
        let mover: &mut Client = if n % 2 == 0 { &mut a } else { &mut b };
        let mv = legal[rng.below(legal.len())].clone();
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        mover
            .say(&ClientMsg::Move {
                game: game.clone(),
                n,
                mv,
            })
            .await
            .map_err(e)?;
        match mover
            .wait_for_msg(
                "moved",
                WAIT,
                |m| matches!(m, ServerMsg::Moved(x) if x.game == game && x.n == n),
            )
            .await
        {
            Ok(ServerMsg::Moved(x)) => legal = x.legal,
            _ => return Err("a move was not acknowledged".into()),
        }
    }
    a.say(&ClientMsg::Resign { game: game.clone() })
        .await
        .map_err(e)?;
    a.wait_for_msg("end", WAIT, |m| matches!(m, ServerMsg::End { .. }))
        .await
        .map_err(e)?;
    a.say(&ClientMsg::AnalyseGame { game: game.clone() })
        .await
        .map_err(e)?;
    counts.asked.fetch_add(1, Ordering::Relaxed);
    loop {
        match a
            .wait_for_msg("analysis", WAIT, |m| {
                matches!(m, ServerMsg::GameAnalysis(v) if v.game == game && v.status != "pending")
                    || matches!(m, ServerMsg::Error { .. })
            })
            .await
        {
            Ok(ServerMsg::GameAnalysis(v)) if v.status == "done" => {
                counts.analysed.fetch_add(1, Ordering::Relaxed);
                return Ok(());
            }
            Ok(ServerMsg::Error { msg, .. }) => return Err(msg),
            Ok(_) => {}
            Err(e) => return Err(e.to_string()),
        }
    }
}
