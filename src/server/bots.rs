//! `parachess-server bots`: pairs of guest bots that challenge each other through the public
//! protocol and play N games at once, measuring the time from sending a move to its
//! acknowledgement, and checking afterwards that every acknowledged move is in the server's
//! game file. A bot whose connection drops reconnects with its token and goes on, so the
//! server may be killed and restarted under them.

mod engine_load;
mod tournament;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::client::{Client, ClientError, http_get};
use super::messages::{ClientMsg, GameView, SeekSpec, ServerMsg};
use crate::engine::{Engine, Level, StopFlag};
use crate::rules::record::read_game;
use crate::rules::{Game, Side};

pub use engine_load::{EngineLoad, run as run_engine_load};
pub use tournament::{TournamentHook, TournamentReport, run as run_tournament};

/// How a bot chooses its moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BotPlayer {
    /// Any legal move.
    Random,
    /// The engine's Easy level.
    Easy,
}

/// What to run.
#[derive(Clone, Debug)]
pub struct BotOptions {
    /// `http://HOST:PORT`.
    pub server: String,
    /// Games at once.
    pub games: usize,
    /// How the bots play.
    pub player: BotPlayer,
    /// The time control (`60+1`).
    pub tc: String,
    /// Give up after this long.
    pub timeout: Duration,
    /// The variant the games are played in (`None`: Parachess).
    pub variant: Option<String>,
}

impl BotOptions {
    /// The terms of the bots' seeks and challenges.
    fn spec(&self) -> SeekSpec {
        SeekSpec {
            tc: Some(self.tc.clone()),
            variant: self.variant.clone(),
            ..SeekSpec::default()
        }
    }
}

/// What the bots saw.
#[derive(Debug, Default, Clone)]
pub struct BotReport {
    /// Games asked for.
    pub games: usize,
    /// Games that reached a result.
    pub finished: usize,
    /// Moves acknowledged.
    pub moves: usize,
    /// Round-trip times, ms.
    pub rtts: Vec<f64>,
    /// Acknowledged moves missing from the server's game files.
    pub lost: usize,
    /// One line per finished game.
    pub lines: Vec<String>,
    /// From the start until the last game ended (before the game files are checked).
    pub elapsed: Duration,
}

impl BotReport {
    /// The `p`-th percentile of the round-trip times (0 when there are none).
    pub fn percentile(&self, p: f64) -> f64 {
        let mut v = self.rtts.clone();
        v.sort_by(f64::total_cmp);
        if v.is_empty() {
            return 0.0;
        }
        let i = ((p / 100.0) * (v.len() - 1) as f64).round() as usize;
        v[i.min(v.len() - 1)]
    }

    /// Moves acknowledged per second of play.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(0.001)
    }

    /// The last line: `games N finished F moves M rtt p50 A ms p99 B ms lost L`.
    pub fn summary(&self) -> String {
        format!(
            "games {} finished {} moves {} rtt p50 {:.1} ms p99 {:.1} ms lost {}",
            self.games,
            self.finished,
            self.moves,
            self.percentile(50.0),
            self.percentile(99.0),
            self.lost
        )
    }
}

/// A tiny xorshift generator for the random bot (seeded from the OS).
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        Rng(getrandom::u64().unwrap_or(0x9e37_79b9_7f4a_7c15) | 1)
    }
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// One finished (or given-up) game as a pair of bots saw it.
struct PairResult {
    game: Option<String>,
    result: Option<String>,
    acked: Vec<(usize, String)>,
    rtts: Vec<f64>,
}

/// Runs the bots; `on_line` gets each `game ...` line as it happens.
pub async fn run(opts: BotOptions, on_line: impl Fn(&str) + Send + Sync + 'static) -> BotReport {
    let on_line = Arc::new(on_line);
    let started = Instant::now();
    let deadline = started + opts.timeout;
    let mut tasks = Vec::new();
    for _ in 0..opts.games {
        let opts = opts.clone();
        let on_line = on_line.clone();
        tasks.push(tokio::spawn(async move {
            let r = play_pair(&opts, deadline).await;
            if let (Some(id), Some(result)) = (&r.game, &r.result) {
                on_line(&format!("game {id} {result} {}", r.acked.len()));
            }
            r
        }));
    }
    let mut report = BotReport {
        games: opts.games,
        ..BotReport::default()
    };
    let mut results = Vec::new();
    for t in tasks {
        if let Ok(r) = t.await {
            results.push(r);
        }
    }
    report.elapsed = started.elapsed();
    for r in &results {
        report.moves += r.acked.len();
        report.rtts.extend(&r.rtts);
        if let (Some(id), Some(result)) = (&r.game, &r.result) {
            report.finished += 1;
            report
                .lines
                .push(format!("game {id} {result} {}", r.acked.len()));
        }
        if let Some(id) = &r.game {
            report.lost += lost_moves(&opts.server, id, &r.acked, deadline).await;
        }
    }
    report
}

/// How many of `acked` the server's game file lacks (all of them if it cannot be had).
async fn lost_moves(server: &str, id: &str, acked: &[(usize, String)], deadline: Instant) -> usize {
    loop {
        if let Ok((200, body)) = http_get(server, &format!("/api/game/{id}.pgn")).await
            && let Ok(record) = read_game(body.as_bytes())
        {
            let plies = record.game.plies();
            return acked
                .iter()
                .filter(|(n, mv)| plies.get(*n).is_none_or(|p| p.mv.to_string() != *mv))
                .count();
        }
        if Instant::now() > deadline {
            return acked.len();
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Connects, retrying while the server is away, until the deadline.
async fn connect(
    server: &str,
    token: Option<&str>,
    deadline: Instant,
) -> Result<Client, ClientError> {
    loop {
        match Client::hello(server, token).await {
            Ok(c) => return Ok(c),
            Err(e) if Instant::now() > deadline => return Err(e),
            Err(_) => tokio::time::sleep(Duration::from_millis(300)).await,
        }
    }
}

async fn play_pair(opts: &BotOptions, deadline: Instant) -> PairResult {
    let shared = Arc::new(Mutex::new(PairResult {
        game: None,
        result: None,
        acked: Vec::new(),
        rtts: Vec::new(),
    }));
    // Pairing, retried from scratch if the server goes away meanwhile.
    let (a, b, game) = loop {
        if Instant::now() > deadline {
            return take(&shared);
        }
        let Ok(mut b) = connect(&opts.server, None, deadline).await else {
            continue;
        };
        let Ok(mut a) = connect(&opts.server, None, deadline).await else {
            continue;
        };
        let challenge = ClientMsg::Challenge {
            to: b.name.clone(),
            spec: opts.spec(),
        };
        if a.say(&challenge).await.is_err() {
            continue;
        }
        let Ok(ServerMsg::Challenge(ch)) = b
            .wait_for_msg("challenge", Duration::from_secs(30), |m| {
                matches!(m, ServerMsg::Challenge(_))
            })
            .await
        else {
            continue;
        };
        if b.say(&ClientMsg::Accept { id: ch.id }).await.is_err() {
            continue;
        }
        let Ok(ServerMsg::Started { game, .. }) = a
            .wait_for_msg("started", Duration::from_secs(30), |m| {
                matches!(m, ServerMsg::Started { .. })
            })
            .await
        else {
            continue;
        };
        break (a, b, game);
    };
    if let Ok(mut s) = shared.lock() {
        s.game = Some(game.clone());
    }
    let sa = tokio::spawn(bot(opts.clone(), a, game.clone(), deadline, shared.clone()));
    let sb = tokio::spawn(bot(opts.clone(), b, game, deadline, shared.clone()));
    let _ = sa.await;
    let _ = sb.await;
    take(&shared)
}

fn take(shared: &Arc<Mutex<PairResult>>) -> PairResult {
    match shared.lock() {
        Ok(mut s) => PairResult {
            game: s.game.take(),
            result: s.result.take(),
            acked: std::mem::take(&mut s.acked),
            rtts: std::mem::take(&mut s.rtts),
        },
        Err(_) => PairResult {
            game: None,
            result: None,
            acked: Vec::new(),
            rtts: Vec::new(),
        },
    }
}

/// A bot that hears nothing of its game for this long asks for it again.
const RESYNC_AFTER: Duration = Duration::from_secs(5);

/// What a bot knows of its game. The random bot keeps no board: the server sends the legal
/// moves with every position, so it only counts plies and picks from that list (replaying and
/// generating every move in both bots was most of the bots' time under load). The Easy bot
/// also keeps the game, for its engine.
struct Seen {
    /// Half-moves played.
    plies: usize,
    /// White is to move.
    white_to_move: bool,
    /// The legal moves now, as the server listed them (none once the game is over).
    legal: Vec<String>,
    /// Whether this bot plays White (known from the first `game` message).
    me: Option<bool>,
    /// The move sent and not yet acknowledged: its half-move number, the move, when sent.
    pending: Option<(usize, String, Instant)>,
    /// The whole game, for the Easy bot.
    game: Option<Game>,
}

/// One side: plays until the game ends, reconnecting when the connection drops; gives back
/// its connection when the game ended (`None`: out of time).
async fn bot(
    opts: BotOptions,
    mut c: Client,
    id: String,
    deadline: Instant,
    shared: Arc<Mutex<PairResult>>,
) -> Option<Client> {
    let mut seen = Seen {
        plies: 0,
        white_to_move: true,
        legal: Vec::new(),
        me: None,
        pending: None,
        game: None,
    };
    let mut rng = Rng::new();
    let me_name = c.name.clone();
    loop {
        if Instant::now() > deadline {
            return None;
        }
        let watch = || ClientMsg::Watch { game: id.clone() };
        let msg = match c.next_msg(RESYNC_AFTER).await {
            Ok(m) => m,
            Err(ClientError::Timeout(_)) => {
                // Nothing for a while (an event lost in a restart?): look at the game again.
                let _ = c.say(&watch()).await;
                continue;
            }
            Err(_) => {
                // The server went away: come back with the same token and look at the game.
                let token = c.token.clone();
                let Ok(mut again) = connect(&opts.server, Some(&token), deadline).await else {
                    return None;
                };
                if again.say(&watch()).await.is_err() {
                    continue;
                }
                c = again;
                continue;
            }
        };
        match msg {
            ServerMsg::Game(view) if view.id == id => {
                // Kept for every player: the Easy bot searches it, and any bot judges a draw
                // offer by it.
                let Some(rebuilt) = rebuild(&view) else {
                    continue;
                };
                seen.game = Some(rebuilt);
                let GameView {
                    moves,
                    turn,
                    legal,
                    white,
                    status,
                    result,
                    ..
                } = *view;
                seen.plies = moves.len();
                seen.white_to_move = turn == "white";
                seen.legal = legal;
                seen.me = Some(white == me_name);
                if let Some((n, mv, _)) = &seen.pending
                    && moves.get(*n) == Some(mv)
                {
                    if let Ok(mut s) = shared.lock() {
                        s.acked.push((*n, mv.clone()));
                    }
                    seen.pending = None;
                }
                if status != "started" {
                    if let Ok(mut s) = shared.lock() {
                        s.result = result;
                    }
                    return Some(c);
                }
                if seen.plies <= seen.pending.as_ref().map_or(usize::MAX, |p| p.0) {
                    seen.pending = None;
                }
            }
            ServerMsg::Moved(moved) if moved.game == id => {
                let n = moved.n as usize;
                let mv = moved.mv;
                if n > seen.plies {
                    let _ = c.say(&watch()).await;
                    continue;
                }
                if n == seen.plies {
                    if let Some(game) = &mut seen.game
                        && game.play_text(&mv).is_err()
                    {
                        continue;
                    }
                    seen.plies += 1;
                    seen.white_to_move = !seen.white_to_move;
                    seen.legal = moved.legal;
                }
                if let Some((pn, pmv, sent)) = &seen.pending
                    && *pn == n
                    && *pmv == mv
                {
                    let rtt = sent.elapsed().as_secs_f64() * 1000.0;
                    if let Ok(mut s) = shared.lock() {
                        s.acked.push((n, mv));
                        s.rtts.push(rtt);
                    }
                    seen.pending = None;
                }
            }
            ServerMsg::End { game, result, .. } if game == id => {
                if let Ok(mut s) = shared.lock() {
                    s.result = Some(result);
                }
                return Some(c);
            }
            ServerMsg::Offer { game, kind, by } if game == id => {
                let mine = seen.me.map(|white| if white { "white" } else { "black" });
                answer_offer(&mut c, &id, &kind, &by, mine, seen.game.as_ref()).await;
                continue;
            }
            ServerMsg::Challenge(ch) => {
                // A rematch offer from a game before this one: busy.
                let _ = c.say(&ClientMsg::Decline { id: ch.id }).await;
                continue;
            }
            ServerMsg::Error { .. } => {
                // A refused move (say, sent twice across a restart): look again.
                seen.pending = None;
                tokio::time::sleep(Duration::from_millis(100)).await;
                let _ = c.say(&watch()).await;
                continue;
            }
            _ => continue,
        }
        // My move?
        if seen.me == Some(seen.white_to_move) && seen.pending.is_none() && !seen.legal.is_empty() {
            let mv = match (opts.player, &seen.game) {
                (BotPlayer::Easy, Some(game)) => easy_move(game).await,
                _ => Some(seen.legal[rng.below(seen.legal.len())].clone()),
            };
            let Some(mv) = mv else {
                continue;
            };
            let n = seen.plies;
            let msg = ClientMsg::Move {
                game: id.clone(),
                n: u32::try_from(n).unwrap_or(u32::MAX),
                mv: mv.clone(),
            };
            seen.pending = Some((n, mv, Instant::now()));
            let _ = c.say(&msg).await;
        }
    }
}

/// The answer to the opponent's offer (`mine`: the bot's colour): a draw only when neither
/// side can win (nothing but Kings left), a takeback always.
async fn answer_offer(
    c: &mut Client,
    game: &str,
    kind: &str,
    by: &str,
    mine: Option<&str>,
    position: Option<&Game>,
) {
    if mine.is_none() || Some(by) == mine {
        return;
    }
    let game = game.to_string();
    let answer = match kind {
        "draw" if position.is_some_and(dead_draw) => ClientMsg::Draw { game },
        "draw" => ClientMsg::DrawNo { game },
        "takeback" => ClientMsg::Takeback { game },
        _ => return,
    };
    let _ = c.say(&answer).await;
}

/// Neither side has anything but its King.
fn dead_draw(game: &Game) -> bool {
    game.has_only_king(Side::White) && game.has_only_king(Side::Black)
}

/// Posts a seek and waits for a game: a rematch offer (a challenge) is taken instead, the seek
/// withdrawn first. The game's id, or `None` when the connection failed or time ran out.
async fn seek_game(c: &mut Client, opts: &BotOptions, deadline: Instant) -> Option<String> {
    let seek = ClientMsg::Seek(opts.spec());
    c.say(&seek).await.ok()?;
    let mut my_seek: Option<String> = None;
    let mut accepting = false;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match c.next_msg(left).await.ok()? {
            ServerMsg::Seek(s) if s.by == c.name && s.to.is_none() => {
                if accepting {
                    // Posted after the rematch offer came: withdrawn at once.
                    c.say(&ClientMsg::CancelSeek { id: s.id }).await.ok()?;
                } else {
                    my_seek = Some(s.id);
                }
            }
            ServerMsg::Started { game, .. } => return Some(game),
            ServerMsg::Challenge(ch) if !accepting => {
                if let Some(id) = my_seek.take() {
                    c.say(&ClientMsg::CancelSeek { id }).await.ok()?;
                }
                accepting = true;
                c.say(&ClientMsg::Accept { id: ch.id }).await.ok()?;
            }
            ServerMsg::Error { .. } if accepting => {
                // The offer went meanwhile: back to the lobby.
                accepting = false;
                c.say(&seek).await.ok()?;
            }
            _ => {}
        }
    }
}

fn rebuild(view: &GameView) -> Option<Game> {
    let key = match &view.variant_def {
        Some(def) => def.as_str(),
        None => view.variant.as_str(),
    };
    let start = super::variant::position(key, &view.start).ok()?;
    let mut g = Game::from_position(start);
    for m in &view.moves {
        g.play_text(m).ok()?;
    }
    Some(g)
}

/// The engine's Easy move (on the blocking pool: a search is not a task's work).
async fn easy_move(game: &Game) -> Option<String> {
    let game = game.clone();
    tokio::task::spawn_blocking(move || {
        let mut engine = Engine::with_hash_mb(1);
        engine
            .play(&game, Level::Easy, &StopFlag::new())
            .ok()
            .map(|r| r.best.to_string())
    })
    .await
    .ok()
    .flatten()
}

/// `bots --seek K`: K bots each post a seek in the lobby, play whoever accepts it (a person on
/// the web page, say), and post again when the game ends, until the timeout. Each finished
/// game gives a `game <ID> <result> <moves>` line.
pub async fn run_seekers(
    opts: BotOptions,
    seekers: usize,
    on_line: impl Fn(&str) + Send + Sync + 'static,
) -> BotReport {
    let on_line = Arc::new(on_line);
    let deadline = Instant::now() + opts.timeout;
    let mut tasks = Vec::new();
    for _ in 0..seekers {
        let opts = opts.clone();
        let on_line = on_line.clone();
        tasks.push(tokio::spawn(async move {
            let mut results = Vec::new();
            let mut token: Option<String> = None;
            // The connection is kept from one game to the next: a rematch offer comes to it.
            let mut kept: Option<Client> = None;
            while Instant::now() < deadline {
                let mut c = match kept.take() {
                    Some(c) => c,
                    None => match connect(&opts.server, token.as_deref(), deadline).await {
                        Ok(c) => c,
                        Err(_) => break,
                    },
                };
                token = Some(c.token.clone());
                let Some(game) = seek_game(&mut c, &opts, deadline).await else {
                    continue;
                };
                let shared = Arc::new(Mutex::new(PairResult {
                    game: Some(game.clone()),
                    result: None,
                    acked: Vec::new(),
                    rtts: Vec::new(),
                }));
                kept = bot(opts.clone(), c, game, deadline, shared.clone()).await;
                let r = take(&shared);
                if let (Some(id), Some(result)) = (&r.game, &r.result) {
                    on_line(&format!("game {id} {result} {}", r.acked.len()));
                }
                results.push(r);
            }
            results
        }));
    }
    let started = Instant::now();
    let mut report = BotReport {
        games: 0,
        ..BotReport::default()
    };
    for t in tasks {
        for r in t.await.unwrap_or_default() {
            report.games += 1;
            report.moves += r.acked.len();
            report.rtts.extend(&r.rtts);
            if let (Some(id), Some(result)) = (&r.game, &r.result) {
                report.finished += 1;
                report
                    .lines
                    .push(format!("game {id} {result} {}", r.acked.len()));
            }
        }
    }
    report.elapsed = started.elapsed();
    report
}
