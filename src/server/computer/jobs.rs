//! Engine jobs over PostgreSQL (issue 37): the asker's side. A computer move or a position of a
//! game's analysis becomes a row of `engine_jobs` (what to search: the game as game-file text
//! and the limits), its id is announced with `NOTIFY` (never the result: a notification holds
//! under 8,000 bytes), any taker — this instance's engine threads or a `parachess-server
//! worker` — searches it and announces the id again, and the asker reads the row and hands the
//! answer to the game through the same oneshot the in-process pool answers on. What the rows
//! hold is written and read here, on both sides.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::postgres::PgListener;
use tokio::sync::{Notify, mpsc, oneshot};

use crate::engine::{EngineError, LevelSettings, Limits, PvLine, Report, Score, StopFlag};
use crate::rules::record::{Tags, read_game, write_game};
use crate::rules::{Game, Move, Position};

use super::super::db::jobs::NewJob;
use super::super::db::{Db, now_ms};
use super::lock;
use super::pool::{AnalysisJob, Answer, Job};

/// The channel the jobs' notifications travel on: `n:ID` queued, `d:ID` done, `c:ID` cancelled,
/// `p:ID` an analysis' lines so far written.
pub const CHANNEL: &str = "parachess_jobs";
/// The largest payload a job may carry (the game's text: thousands of moves fit).
pub const MAX_PAYLOAD: usize = 256 * 1024;
/// How often an asker looks at its job's row in case a notification was missed (a listener
/// that reconnected); and how often a taker looks for leases that ran out.
pub const POLL: Duration = Duration::from_secs(1);
/// Added to a job's longest search for its lease: the time to read, answer and write it.
const LEASE_MARGIN: Duration = Duration::from_secs(5);
/// The lease of a job whose search has no time limit (a depth or node limit).
const LEASE_UNTIMED: Duration = Duration::from_secs(60);
/// Jobs older than this are swept at start (their asker never came back for them).
const SWEEP_AFTER_MS: i64 = 3_600_000;

/// The kinds of job, most urgent first: a player's move, an analysis, the showcase's move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A computer move in a player's game.
    Move,
    /// A position of an analysis.
    Analysis,
    /// A move searched only when nothing else waits (the showcase game).
    Idle,
}

impl Kind {
    /// As the table writes it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::Analysis => "analysis",
            Kind::Idle => "idle",
        }
    }

    /// The kind a row names.
    pub fn parse(text: &str) -> Option<Kind> {
        match text {
            "move" => Some(Kind::Move),
            "analysis" => Some(Kind::Analysis),
            "idle" => Some(Kind::Idle),
            _ => None,
        }
    }

    fn priority(self) -> i64 {
        match self {
            Kind::Move => 0,
            Kind::Analysis => 1,
            Kind::Idle => 2,
        }
    }
}

/// What a job searches: the game (its history counts) and the limits.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payload {
    /// The game as game-file text (its start, variant and moves).
    pub record: String,
    /// The search's limits.
    pub depth: Option<u32>,
    /// In milliseconds.
    pub movetime_ms: Option<u64>,
    /// In milliseconds.
    pub soft_ms: Option<u64>,
    /// Nodes.
    pub nodes: Option<u64>,
    /// A move's level: its random bonus and margin (0: the best move).
    pub noise: i32,
    /// As [`LevelSettings::margin`].
    pub margin: i32,
    /// An analysis' number of lines.
    pub multipv: usize,
    /// Whether the asker shows each finished depth (the analysis board): the taker then writes
    /// them as they come ([`Db::job_progress`]). Absent in an older asker's rows.
    #[serde(default)]
    pub progress: bool,
}

fn ms(d: Option<Duration>) -> Option<u64> {
    d.map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl Payload {
    /// A computer move's.
    pub fn of_move(game: &Game, settings: &LevelSettings) -> Payload {
        Payload {
            noise: settings.noise,
            margin: settings.margin,
            ..Payload::of_limits(game, &settings.limits, 0)
        }
    }

    /// An analysis'.
    pub fn of_limits(game: &Game, limits: &Limits, multipv: usize) -> Payload {
        Payload {
            record: write_game(game, &Tags::default()),
            depth: limits.depth,
            movetime_ms: ms(limits.movetime),
            soft_ms: ms(limits.soft_time),
            nodes: limits.nodes,
            noise: 0,
            margin: 0,
            multipv,
            progress: false,
        }
    }

    /// The limits it carries.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            movetime: self.movetime_ms.map(Duration::from_millis),
            soft_time: self.soft_ms.map(Duration::from_millis),
            nodes: self.nodes,
        }
    }

    /// A move's level settings.
    pub fn settings(&self) -> LevelSettings {
        LevelSettings {
            limits: self.limits(),
            noise: self.noise,
            margin: self.margin,
        }
    }

    /// The game, read back from its text.
    pub fn game(&self) -> Result<Game, String> {
        read_game(self.record.as_bytes())
            .map(|r| r.game)
            .map_err(|e| format!("the job's game: {e}"))
    }

    /// How long a taker may hold the job: its longest search and a margin.
    pub fn lease(&self) -> Duration {
        self.movetime_ms
            .map_or(LEASE_UNTIMED, Duration::from_millis)
            .saturating_add(LEASE_MARGIN)
    }
}

/// A finished job, as the row's `result` holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// A move's answer (protocol move text), or an analysis' best move.
    pub best: Option<String>,
    /// An analysis' lines, best first.
    pub lines: Vec<LineText>,
    /// Depth of the best line.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The search's own time, in milliseconds (a computer's clock is charged this).
    pub searched_ms: u64,
    /// Why the engine found nothing (the side to move has no move, the game is over).
    pub error: Option<String>,
}

/// A line of an analysis, its moves as text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineText {
    /// Centipawns for the side to move, or
    pub cp: Option<i32>,
    /// full moves to mate (negative: mated).
    pub mate: Option<i32>,
    /// The moves, the first one first.
    pub pv: Vec<String>,
    /// Its depth.
    pub depth: u32,
    /// Its deepest ply.
    pub seldepth: u32,
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Outcome {
    /// A move's outcome.
    pub fn of_move(mv: &Result<String, EngineError>, searched: Duration) -> Outcome {
        Outcome {
            best: mv.as_ref().ok().cloned(),
            error: mv.as_ref().err().map(ToString::to_string),
            searched_ms: millis(searched),
            ..Outcome::default()
        }
    }

    /// An analysis' outcome.
    pub fn of_report(found: &Result<Report, EngineError>, searched: Duration) -> Outcome {
        match found {
            Ok(r) => Outcome {
                best: Some(r.best.to_string()),
                lines: r
                    .lines
                    .iter()
                    .map(|l| LineText {
                        cp: match l.score {
                            Score::Cp(cp) => Some(cp),
                            Score::Mate(_) => None,
                        },
                        mate: match l.score {
                            Score::Mate(n) => Some(n),
                            Score::Cp(_) => None,
                        },
                        pv: l.pv.iter().map(ToString::to_string).collect(),
                        depth: l.depth,
                        seldepth: l.seldepth,
                    })
                    .collect(),
                depth: r.depth,
                seldepth: r.seldepth,
                nodes: r.nodes,
                searched_ms: millis(searched),
                error: None,
            },
            Err(e) => Outcome {
                error: Some(e.to_string()),
                searched_ms: millis(searched),
                ..Outcome::default()
            },
        }
    }

    /// The answer to a computer move.
    pub fn answer(&self) -> Answer {
        Answer {
            mv: self.best.clone().ok_or(EngineError::NoLegalMove),
            searched: Duration::from_millis(self.searched_ms),
        }
    }

    /// The report of an analysis of `pos`, its moves checked against the position.
    pub fn report(&self, pos: &Position) -> Result<Report, EngineError> {
        let best = self.best.as_deref().ok_or(EngineError::NoLegalMove)?;
        let best = pos.parse_move(best).map_err(|_| EngineError::NoLegalMove)?;
        let mut lines = Vec::with_capacity(self.lines.len());
        for l in &self.lines {
            let score = match (l.cp, l.mate) {
                (_, Some(n)) if n != 0 => Score::Mate(n),
                (Some(cp), _) => Score::Cp(cp),
                _ => return Err(EngineError::NoLegalMove),
            };
            let mut at = pos.clone();
            let mut pv: Vec<Move> = Vec::with_capacity(l.pv.len());
            for text in &l.pv {
                let Ok(mv) = at.parse_move(text) else { break };
                at.make_move(mv);
                pv.push(mv);
            }
            let Some(&mv) = pv.first() else {
                return Err(EngineError::NoLegalMove);
            };
            lines.push(PvLine {
                mv,
                score,
                pv,
                depth: l.depth,
                seldepth: l.seldepth,
            });
        }
        if lines.is_empty() {
            return Err(EngineError::NoLegalMove);
        }
        Ok(Report {
            best,
            lines,
            depth: self.depth,
            seldepth: self.seldepth,
            nodes: self.nodes,
            elapsed: Duration::from_millis(self.searched_ms),
        })
    }
}

/// Sends a notification on the jobs' channel.
pub async fn notify(db: &Db, what: char, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{what}:{id}"))
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// This instance's asking end: the jobs it waits for, woken by the `d:ID` notifications.
#[derive(Debug)]
pub struct Jobs {
    db: Db,
    /// The asker's name in the rows (`asked_by`).
    me: String,
    waiting: Mutex<HashMap<String, oneshot::Sender<()>>>,
    /// The analyses whose lines so far are shown, woken by `p:ID`.
    watching: Mutex<HashMap<String, Arc<Notify>>>,
    /// The jobs waiting in the whole table (every instance's), as last counted: moves,
    /// analyses. The queue's bound (`--engine-queue`) is the site's, not one instance's.
    site: [AtomicUsize; 2],
    /// Asked here since that count: moves, analyses.
    fresh: [AtomicUsize; 2],
    /// Raised by [`Jobs::withdraw_all`]: nothing is asked any more.
    stopping: AtomicBool,
}

impl Jobs {
    /// Listens for finished jobs on `db` (PostgreSQL) as `me`, after sweeping the rows a
    /// previous run of `me` left and any nobody came back for.
    pub async fn start(db: Db, me: String) -> Result<Arc<Jobs>, sqlx::Error> {
        match db.sweep_jobs(&me, now_ms() - SWEEP_AFTER_MS).await {
            Ok(0) => {}
            Ok(n) => tracing::info!("engine jobs: {n} left by a stopped server swept"),
            Err(e) => tracing::warn!("engine jobs: cannot sweep: {e}"),
        }
        let mut listener = PgListener::connect(&db.url).await?;
        listener.listen(CHANNEL).await?;
        let jobs = Arc::new(Jobs {
            db,
            me,
            waiting: Mutex::new(HashMap::new()),
            watching: Mutex::new(HashMap::new()),
            site: [AtomicUsize::new(0), AtomicUsize::new(0)],
            fresh: [AtomicUsize::new(0), AtomicUsize::new(0)],
            stopping: AtomicBool::new(false),
        });
        jobs.count_site();
        let weak = Arc::downgrade(&jobs);
        tokio::spawn(async move {
            loop {
                let note = match listener.recv().await {
                    Ok(n) => n,
                    Err(e) => {
                        // The askers' polls cover what is missed meanwhile.
                        tracing::warn!("engine jobs: {e}");
                        tokio::time::sleep(POLL).await;
                        continue;
                    }
                };
                let Some(jobs) = weak.upgrade() else { return };
                if let Some(id) = note.payload().strip_prefix("d:")
                    && let Some(tx) = lock(&jobs.waiting).remove(id)
                {
                    let _ = tx.send(());
                } else if let Some(id) = note.payload().strip_prefix("p:")
                    && let Some(n) = lock(&jobs.watching).get(id)
                {
                    n.notify_one();
                }
            }
        });
        Ok(jobs)
    }

    /// Asks for a computer move; the answer goes to `job.reply`. Never on the runtime's
    /// threads beyond the database round trips: the search runs on a taker's engine threads.
    pub fn submit_move(self: &Arc<Jobs>, job: Job, kind: Kind) {
        let jobs = Arc::clone(self);
        tokio::spawn(async move {
            let Job {
                game,
                settings,
                stop,
                mut reply,
            } = job;
            let payload = Payload::of_move(&game, &settings);
            let closed = async { reply.closed().await };
            if let Some(outcome) = jobs.ask(kind, &payload, &stop, closed, None).await {
                let _ = reply.send(outcome.answer());
            }
        });
    }

    /// Asks for an analysis: its final report, and each finished depth's when `job.progress`
    /// wants them (the taker writes them into the row as it goes).
    pub fn submit_analysis(self: &Arc<Jobs>, job: AnalysisJob) {
        let jobs = Arc::clone(self);
        tokio::spawn(async move {
            let AnalysisJob {
                game,
                limits,
                multipv,
                stop,
                progress,
                mut reply,
            } = job;
            let payload = Payload {
                progress: progress.is_some(),
                ..Payload::of_limits(&game, &limits, multipv.max(1))
            };
            let closed = async { reply.closed().await };
            let shown = progress.map(|tx| Shown {
                tx,
                pos: game.position().clone(),
            });
            if let Some(outcome) = jobs
                .ask(Kind::Analysis, &payload, &stop, closed, shown)
                .await
            {
                let searched = Duration::from_millis(outcome.searched_ms);
                let _ = reply.send((outcome.report(game.position()), searched));
            }
        });
    }

    /// Inserts the job, announces it and waits for its result, which it reads and deletes.
    /// `None`: no longer wanted (`closed` came or `stop` was raised: the row is deleted, so
    /// nobody searches it, and a taker searching it is told to stop).
    async fn ask(
        &self,
        kind: Kind,
        payload: &Payload,
        stop: &StopFlag,
        closed: impl Future<Output = ()>,
        shown: Option<Shown>,
    ) -> Option<Outcome> {
        if self.stopping.load(Ordering::Relaxed) {
            return None;
        }
        let text = match serde_json::to_string(payload) {
            Ok(t) if t.len() <= MAX_PAYLOAD => t,
            Ok(t) => {
                tracing::error!("engine job refused: {} bytes", t.len());
                return Some(Outcome {
                    error: Some("the game is too long for an engine job".into()),
                    ..Outcome::default()
                });
            }
            Err(e) => {
                tracing::error!("engine job not written: {e}");
                return None;
            }
        };
        let id = super::super::auth::random_id(16)?;
        let (tx, mut done) = oneshot::channel();
        lock(&self.waiting).insert(id.clone(), tx);
        let new = NewJob {
            id: &id,
            kind: kind.name(),
            payload: &text,
            priority: kind.priority(),
            lease_ms: i64::try_from(payload.lease().as_millis()).unwrap_or(i64::MAX),
            asked_by: &self.me,
        };
        // A database that refuses is asked again: the game waits rather than resigns.
        let fresh = match kind {
            Kind::Move => Some(&self.fresh[0]),
            Kind::Analysis => Some(&self.fresh[1]),
            Kind::Idle => None,
        };
        while let Err(e) = self.db.insert_job(&new, now_ms()).await {
            tracing::warn!("engine job not queued: {e}");
            if stop.is_stopped() || self.stopping.load(Ordering::Relaxed) {
                lock(&self.waiting).remove(&id);
                return None;
            }
            tokio::time::sleep(POLL).await;
        }
        if let Some(n) = fresh {
            n.fetch_add(1, Ordering::Relaxed);
        }
        if let Err(e) = notify(&self.db, 'n', &id).await {
            tracing::warn!("engine job not announced (the takers' polls find it): {e}");
        }
        let watch = shown.as_ref().map(|_| {
            let n = Arc::new(Notify::new());
            lock(&self.watching).insert(id.clone(), Arc::clone(&n));
            n
        });
        tokio::pin!(closed);
        let outcome = loop {
            tokio::select! {
                () = async {
                    match &watch {
                        Some(n) => n.notified().await,
                        None => std::future::pending().await,
                    }
                } => {
                    if let Some(shown) = &shown {
                        self.show_progress(&id, shown).await;
                    }
                    continue;
                }
                _ = &mut done => {
                    // Heard once: a later look waits on a fresh registration.
                    let (tx, rx) = oneshot::channel();
                    lock(&self.waiting).insert(id.clone(), tx);
                    done = rx;
                }
                () = &mut closed => break None,
                () = tokio::time::sleep(POLL) => {
                    if stop.is_stopped() {
                        break None;
                    }
                }
            }
            match self.db.job_result(&id).await {
                Ok(Some((state, Some(result)))) if state == "done" || state == "failed" => {
                    match serde_json::from_str::<Outcome>(&result) {
                        Ok(o) => break Some(o),
                        Err(e) => {
                            tracing::error!("engine job {id}: unreadable result: {e}");
                            break Some(Outcome {
                                error: Some("unreadable result".into()),
                                ..Outcome::default()
                            });
                        }
                    }
                }
                Ok(Some(_)) => {}
                // Withdrawn: this instance is stopping.
                Ok(None) if self.stopping.load(Ordering::Relaxed) => break None,
                // Swept while it waited (no taker for an hour): queued again.
                Ok(None) => {
                    tracing::warn!("engine job {id} was swept: queued again");
                    if let Err(e) = self.db.insert_job(&new, now_ms()).await {
                        tracing::warn!("engine job {id} not queued again: {e}");
                    }
                }
                Err(e) => tracing::warn!("engine job {id}: {e}"),
            }
        };
        lock(&self.waiting).remove(&id);
        lock(&self.watching).remove(&id);
        if let Err(e) = self.db.delete_job(&id).await {
            tracing::warn!("engine job {id} not deleted: {e}");
        }
        if outcome.is_none() {
            let _ = notify(&self.db, 'c', &id).await;
        }
        outcome
    }
}

/// Where an analysis' lines so far go, and the position they are read against.
struct Shown {
    tx: mpsc::Sender<Report>,
    pos: Position,
}

impl Jobs {
    /// Reads the lines a taker wrote so far and passes them on (skipped when the receiver
    /// has no room, as the local pool does; the final report comes in any case).
    async fn show_progress(&self, id: &str, shown: &Shown) {
        match self.db.job_progress_of(id).await {
            Ok(Some(text)) => match serde_json::from_str::<Outcome>(&text) {
                Ok(o) => {
                    if let Ok(report) = o.report(&shown.pos) {
                        let _ = shown.tx.try_send(report);
                    }
                }
                Err(e) => tracing::warn!("engine job {id}: unreadable lines: {e}"),
            },
            Ok(None) => {}
            Err(e) => tracing::debug!("engine job {id}: lines not read: {e}"),
        }
    }

    /// Moves waiting for a taker, the whole site's (as last counted, and those asked here
    /// since).
    pub fn moves_waiting(&self) -> usize {
        self.waiting(0)
    }

    /// Analyses waiting for a taker, the whole site's.
    pub fn analyses_waiting(&self) -> usize {
        self.waiting(1)
    }

    fn waiting(&self, k: usize) -> usize {
        self.site[k].load(Ordering::Relaxed) + self.fresh[k].load(Ordering::Relaxed)
    }

    /// Counts the site's waiting jobs every [`POLL`], for as long as `self` lives.
    fn count_site(self: &Arc<Jobs>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(POLL);
            loop {
                tick.tick().await;
                let Some(jobs) = weak.upgrade() else { return };
                let before = [0, 1].map(|k| jobs.fresh[k].load(Ordering::Relaxed));
                match jobs.db.jobs_waiting(now_ms()).await {
                    Ok((moves, analyses)) => {
                        for (k, n) in [moves, analyses].into_iter().enumerate() {
                            jobs.site[k].store(usize::try_from(n).unwrap_or(0), Ordering::Relaxed);
                            jobs.fresh[k].fetch_sub(before[k], Ordering::Relaxed);
                        }
                    }
                    Err(e) => tracing::debug!("engine jobs: not counted: {e}"),
                }
            }
        });
    }

    /// This instance is stopping: every job it asked for is deleted (a taker searching one is
    /// told to stop) and no more are asked.
    pub async fn withdraw_all(&self) {
        self.stopping.store(true, Ordering::Relaxed);
        match self.db.withdraw_jobs(&self.me).await {
            Ok(ids) => {
                for id in &ids {
                    let _ = notify(&self.db, 'c', id).await;
                }
                if !ids.is_empty() {
                    tracing::info!("engine jobs: {} withdrawn", ids.len());
                }
            }
            Err(e) => tracing::warn!("engine jobs: not withdrawn (swept at the next start): {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Level};

    #[test]
    fn a_payload_gives_back_the_game_and_the_settings() {
        let mut game = Game::new();
        for _ in 0..4 {
            let mv = game.position().legal_moves()[0];
            game.play(mv).unwrap();
        }
        let settings = Level::Hard.settings();
        let p = Payload::of_move(&game, &settings);
        let back: Payload = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        assert_eq!(back.settings(), settings);
        let g = back.game().unwrap();
        assert_eq!(g.plies().len(), 4);
        assert_eq!(g.position().to_string(), game.position().to_string());
        assert!(p.lease() > settings.limits.movetime.unwrap());
    }

    #[test]
    fn an_analysis_outcome_gives_back_its_report() {
        let game = Game::new();
        let mut engine = Engine::with_hash_mb(1);
        let options = crate::engine::AnalyseOptions {
            multipv: 2,
            searchmoves: Vec::new(),
        };
        let found = engine.analyse_game(
            &game,
            &Limits::depth(2),
            &options,
            &StopFlag::new(),
            &mut |_| {},
        );
        let outcome = Outcome::of_report(&found, Duration::from_millis(7));
        let text = serde_json::to_string(&outcome).unwrap();
        let back: Outcome = serde_json::from_str(&text).unwrap();
        let report = back.report(game.position()).unwrap();
        let found = found.unwrap();
        assert_eq!(report.best, found.best);
        assert_eq!(report.lines, found.lines);
        let none = Outcome::of_move(&Err(EngineError::NoLegalMove), Duration::ZERO);
        assert!(none.answer().mv.is_err());
    }
}
