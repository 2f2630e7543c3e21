//! The engine pool: a fixed number of OS threads, each with its own engine, taking jobs from
//! one queue. Searches never run on the async runtime's threads (a search holds its thread for
//! up to seconds), and the threads run at the lowest OS priority, so the games' own work —
//! moves, clocks, the database — always comes first. Two kinds of job share the threads:
//! computer moves ([`Job`]) are always taken before analyses ([`AnalysisJob`]), so an
//! analysis never delays a game.
//!
//! With PostgreSQL the pool is a front for the jobs' table ([`super::jobs`]): moves and game
//! analyses become rows that any taker searches (this instance's threads, through
//! [`super::taker`], or an engine worker's); only the analysis board, which shows each depth
//! as it comes, stays on the local threads when there are any.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::engine::{AnalyseOptions, Engine, EngineError, LevelSettings, Limits, Report, StopFlag};
use crate::rules::Game;

use super::super::refusals::Said;
use super::jobs::{Jobs, Kind};

/// The engine's table per pool thread, in MiB (small: many games share a thread).
const HASH_MB: usize = 16;

/// One search: the computer's move in `game` at `settings`.
pub struct Job {
    /// The game, its history included (repetitions count).
    pub game: Game,
    /// The level's limits, already shortened by the computer's clock.
    pub settings: LevelSettings,
    /// Set to drop the job (the game moved on): a queued job is skipped, a running one stops.
    pub stop: StopFlag,
    /// Where the answer goes.
    pub reply: oneshot::Sender<Answer>,
}

/// What a job found.
#[derive(Debug)]
pub struct Answer {
    /// The move, as the protocol writes it, or why there is none.
    pub mv: Result<String, EngineError>,
    /// How long the search itself ran (the computer's clock is charged this, not its wait
    /// in the queue).
    pub searched: Duration,
}

/// One analysis: the best lines of a game's current position (its history counts), at a
/// lower priority than every computer move.
pub struct AnalysisJob {
    /// The game, its history included.
    pub game: Game,
    /// How long or deep it may search (keep it short: a job holds a thread).
    pub limits: Limits,
    /// How many best lines.
    pub multipv: usize,
    /// Set to drop the job: a queued job is skipped, a running one stops.
    pub stop: StopFlag,
    /// Each finished depth's report, when wanted; a report the receiver has no room for is
    /// skipped (the final one comes through `reply`).
    pub progress: Option<tokio::sync::mpsc::Sender<Report>>,
    /// The final report, or why there is none.
    pub reply: oneshot::Sender<(Result<Report, EngineError>, Duration)>,
}

/// The waiting jobs: moves first.
#[derive(Default)]
struct Queues {
    moves: VecDeque<Job>,
    analyses: VecDeque<AnalysisJob>,
    /// Taken only when no player's job waits (the showcase game's moves).
    idle: VecDeque<Job>,
}

/// A job a thread took.
enum Task {
    Move(Job),
    Analyse(AnalysisJob),
}

impl Queues {
    /// The next job not dropped: any move before any analysis, and the idle jobs last.
    fn pop(&mut self) -> Option<Task> {
        while let Some(job) = self.moves.pop_front() {
            if !job.stop.is_stopped() {
                return Some(Task::Move(job));
            }
        }
        while let Some(job) = self.analyses.pop_front() {
            if !job.stop.is_stopped() {
                return Some(Task::Analyse(job));
            }
        }
        while let Some(job) = self.idle.pop_front() {
            if !job.stop.is_stopped() {
                return Some(Task::Move(job));
            }
        }
        None
    }
}

struct Inner {
    queue: Mutex<Queues>,
    ready: Condvar,
    threads: usize,
    /// Most jobs waiting before new computer games are refused.
    depth: usize,
    running: Mutex<usize>,
}

/// A handle to the pool (cheap to clone).
#[derive(Clone)]
pub struct Pool {
    inner: Arc<Inner>,
    /// The jobs' table (PostgreSQL), when the jobs go there.
    jobs: Option<Arc<Jobs>>,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("threads", &self.inner.threads)
            .field("depth", &self.inner.depth)
            .field("table", &self.jobs.is_some())
            .finish()
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The default thread count: half the machine's cores, at least one.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

impl Pool {
    /// Starts `threads` engine threads (at least one); `depth` jobs may wait before
    /// [`Pool::admits`] refuses new computer games. The threads live as long as the process.
    pub fn start(threads: usize, depth: usize) -> Pool {
        Pool::start_threads(threads.max(1), depth, None)
    }

    /// A pool whose moves and game analyses go to the jobs' table, with `threads` local
    /// engine threads (0: none; the analysis board then goes to the table too).
    pub fn with_jobs(threads: usize, depth: usize, jobs: Arc<Jobs>) -> Pool {
        Pool::start_threads(threads, depth, Some(jobs))
    }

    /// This pool's local threads alone (what a taker hands the jobs it claims to).
    pub fn local(&self) -> Pool {
        Pool {
            inner: Arc::clone(&self.inner),
            jobs: None,
        }
    }

    fn start_threads(threads: usize, depth: usize, jobs: Option<Arc<Jobs>>) -> Pool {
        let inner = Arc::new(Inner {
            queue: Mutex::new(Queues::default()),
            ready: Condvar::new(),
            threads,
            depth,
            running: Mutex::new(0),
        });
        for i in 0..threads {
            let inner = Arc::clone(&inner);
            let spawned = std::thread::Builder::new()
                .name(format!("engine-{i}"))
                .spawn(move || work(&inner));
            if let Err(e) = spawned {
                tracing::error!("engine thread {i} not started: {e}");
            }
        }
        Pool { inner, jobs }
    }

    /// Local engine threads.
    pub fn threads(&self) -> usize {
        self.inner.threads
    }

    /// Queues a job. Always taken: a game already playing the computer is never refused its
    /// move; the bound applies to new games ([`Pool::admits`]).
    pub fn submit(&self, job: Job) {
        if let Some(jobs) = &self.jobs {
            return jobs.submit_move(job, Kind::Move);
        }
        lock(&self.inner.queue).moves.push_back(job);
        self.inner.ready.notify_one();
    }

    /// Queues a job of the lowest priority: taken only when no other job waits, so it never
    /// delays a player's (the showcase game's moves). Not counted by [`Pool::queued`].
    pub fn submit_idle(&self, job: Job) {
        if let Some(jobs) = &self.jobs {
            return jobs.submit_move(job, Kind::Idle);
        }
        lock(&self.inner.queue).idle.push_back(job);
        self.inner.ready.notify_one();
    }

    /// Queues an analysis behind every computer move, or refuses it in plain words when
    /// the pool's bound of analyses wait already. `Ok`: its place in the analyses' queue
    /// (1: next).
    pub fn submit_analysis(&self, job: AnalysisJob) -> Result<usize, Said> {
        if let Some(jobs) = &self.jobs
            && (job.progress.is_none() || self.inner.threads == 0)
        {
            let waiting = jobs.analyses_waiting();
            if waiting >= self.inner.depth {
                return Err(self.analyses_busy(waiting));
            }
            jobs.submit_analysis(job);
            return Ok(waiting + 1);
        }
        let mut queue = lock(&self.inner.queue);
        queue.analyses.retain(|j| !j.stop.is_stopped());
        let waiting = queue.analyses.len();
        if waiting >= self.inner.depth {
            return Err(self.analyses_busy(waiting));
        }
        queue.analyses.push_back(job);
        drop(queue);
        self.inner.ready.notify_one();
        Ok(waiting + 1)
    }

    /// Queues an analysis a taker claimed from the jobs' table: on the local threads,
    /// outside the bound (the table's takers claim only as many as they have threads).
    pub fn submit_analysis_claimed(&self, job: AnalysisJob) {
        lock(&self.inner.queue).analyses.push_back(job);
        self.inner.ready.notify_one();
    }

    /// Moves waiting (not yet searching).
    pub fn queued(&self) -> usize {
        if let Some(jobs) = &self.jobs {
            return jobs.moves_waiting();
        }
        lock(&self.inner.queue)
            .moves
            .iter()
            .filter(|j| !j.stop.is_stopped())
            .count()
    }

    /// Analyses waiting (not yet searching).
    pub fn analyses_queued(&self) -> usize {
        if let Some(jobs) = &self.jobs {
            return jobs.analyses_waiting();
        }
        lock(&self.inner.queue)
            .analyses
            .iter()
            .filter(|j| !j.stop.is_stopped())
            .count()
    }

    /// Jobs searching now.
    pub fn running(&self) -> usize {
        *lock(&self.inner.running)
    }

    /// Whether a new computer game may start, or the plain words saying why not.
    pub fn admits(&self) -> Result<(), Said> {
        let queued = self.queued();
        if queued >= self.inner.depth {
            return Err(Said::new(
                "busy-moves",
                &[
                    ("queued", &queued.to_string()),
                    ("max", &self.inner.depth.to_string()),
                    ("running", &self.running().to_string()),
                ],
            ));
        }
        Ok(())
    }

    /// Why an analysis is refused when `waiting` wait already.
    fn analyses_busy(&self, waiting: usize) -> Said {
        Said::new(
            "busy-analyses",
            &[
                ("waiting", &waiting.to_string()),
                ("max", &self.inner.depth.to_string()),
            ],
        )
    }
}

/// One engine thread: lowest priority, then jobs until the process ends.
fn work(inner: &Inner) {
    lower_priority();
    let mut engine = Engine::with_hash_mb(HASH_MB);
    loop {
        let task = {
            let mut queue = lock(&inner.queue);
            loop {
                match queue.pop() {
                    Some(task) => break task,
                    None => {
                        queue = inner
                            .ready
                            .wait(queue)
                            .unwrap_or_else(|poisoned| poisoned.into_inner());
                    }
                }
            }
        };
        *lock(&inner.running) += 1;
        let started = Instant::now();
        engine.new_game();
        match task {
            Task::Move(job) => {
                let mv = engine
                    .play_with(&job.game, &job.settings, &job.stop)
                    .map(|r| r.best.to_string());
                let searched = started.elapsed();
                *lock(&inner.running) -= 1;
                let _ = job.reply.send(Answer { mv, searched });
            }
            Task::Analyse(job) => {
                let options = AnalyseOptions {
                    multipv: job.multipv.max(1),
                    searchmoves: Vec::new(),
                };
                let progress = job.progress;
                let found = engine.analyse_game(
                    &job.game,
                    &job.limits,
                    &options,
                    &job.stop,
                    &mut |report| {
                        if let Some(tx) = &progress {
                            let _ = tx.try_send(report.clone());
                        }
                    },
                );
                let searched = started.elapsed();
                *lock(&inner.running) -= 1;
                let _ = job.reply.send((found, searched));
            }
        }
    }
}

/// The calling thread at the lowest scheduling priority. On Linux `SCHED_IDLE` (per thread):
/// a game's task that wakes takes the core from a search at once, where a thread at `nice 19`
/// still runs out its time slice first (the players' round trips' tail, issue 37's 1.2× goal);
/// `nice 19` as well, and alone where `SCHED_IDLE` is refused or missing.
#[cfg(unix)]
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: `param` outlives the call; pid 0 names the calling thread on Linux.
        if unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) } != 0 {
            tracing::warn!("engine thread: SCHED_IDLE refused; nice 19 only");
        }
    }
    // SAFETY: setpriority has no memory effects; `who = 0` names the calling thread on Linux
    // (elsewhere the process, which is lowered as a whole: still the engine's work first).
    let rc = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 19) };
    if rc != 0 {
        tracing::warn!("engine thread: could not lower its priority");
    }
}

/// Elsewhere the threads keep the normal priority.
#[cfg(not(unix))]
fn lower_priority() {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine's threads yield to every other thread of the machine at once.
    #[cfg(target_os = "linux")]
    #[test]
    fn an_engine_thread_runs_under_sched_idle() {
        let policy = std::thread::spawn(|| {
            lower_priority();
            // SAFETY: no memory effects; pid 0 is the calling thread.
            unsafe { libc::sched_getscheduler(0) }
        })
        .join()
        .unwrap();
        assert_eq!(policy, libc::SCHED_IDLE);
    }
    use crate::engine::Level;

    #[tokio::test]
    async fn a_job_answers_with_a_legal_move_off_the_runtime() {
        let pool = Pool::start(1, 4);
        let game = Game::new();
        let (reply, rx) = oneshot::channel();
        pool.submit(Job {
            game: game.clone(),
            settings: Level::Easy.settings(),
            stop: StopFlag::new(),
            reply,
        });
        let answer = rx.await.unwrap();
        let mv = answer.mv.unwrap();
        assert!(game.position().parse_move(&mv).is_ok(), "{mv}");
    }

    #[test]
    fn a_full_queue_refuses_new_games_in_plain_words() {
        let pool = Pool {
            inner: Arc::new(Inner {
                queue: Mutex::new(Queues::default()),
                ready: Condvar::new(),
                threads: 1,
                depth: 1,
                running: Mutex::new(0),
            }),
            jobs: None,
        };
        assert!(pool.admits().is_ok());
        let (reply, _rx) = oneshot::channel();
        // No thread takes it: it stays queued.
        pool.submit(Job {
            game: Game::new(),
            settings: Level::Easy.settings(),
            stop: StopFlag::new(),
            reply,
        });
        let why = pool.admits().unwrap_err();
        assert!(why.en.contains("1 moves are waiting"), "{why}");
    }

    fn analysis(
        game: Game,
        depth: u32,
    ) -> (
        AnalysisJob,
        oneshot::Receiver<(Result<Report, EngineError>, Duration)>,
    ) {
        let (reply, rx) = oneshot::channel();
        let job = AnalysisJob {
            game,
            limits: Limits::depth(depth),
            multipv: 3,
            stop: StopFlag::new(),
            progress: None,
            reply,
        };
        (job, rx)
    }

    #[test]
    fn moves_are_taken_before_analyses_and_analyses_are_bounded() {
        let mut queues = Queues::default();
        let (a, _rx) = analysis(Game::new(), 1);
        queues.analyses.push_back(a);
        let (reply, _rx2) = oneshot::channel();
        queues.moves.push_back(Job {
            game: Game::new(),
            settings: Level::Easy.settings(),
            stop: StopFlag::new(),
            reply,
        });
        assert!(matches!(queues.pop(), Some(Task::Move(_))));
        assert!(matches!(queues.pop(), Some(Task::Analyse(_))));
        assert!(queues.pop().is_none());

        let pool = Pool {
            inner: Arc::new(Inner {
                queue: Mutex::new(Queues::default()),
                ready: Condvar::new(),
                threads: 1,
                depth: 2,
                running: Mutex::new(0),
            }),
            jobs: None,
        };
        assert_eq!(pool.submit_analysis(analysis(Game::new(), 1).0), Ok(1));
        assert_eq!(pool.submit_analysis(analysis(Game::new(), 1).0), Ok(2));
        let why = pool
            .submit_analysis(analysis(Game::new(), 1).0)
            .unwrap_err();
        assert!(why.en.contains("2 analyses are waiting"), "{why}");
    }

    #[tokio::test]
    async fn an_analysis_answers_three_lines_best_first() {
        let pool = Pool::start(1, 4);
        let (job, rx) = analysis(Game::new(), 2);
        pool.submit_analysis(job).unwrap();
        let (report, _) = rx.await.unwrap();
        let report = report.unwrap();
        assert_eq!(report.lines.len(), 3);
        assert!(report.lines.windows(2).all(|w| w[0].score >= w[1].score));
    }

    #[test]
    fn idle_jobs_wait_for_the_players() {
        let pool = Pool {
            inner: Arc::new(Inner {
                queue: Mutex::new(Queues::default()),
                ready: Condvar::new(),
                threads: 1,
                depth: 8,
                running: Mutex::new(0),
            }),
            jobs: None,
        };
        let job = |level: Level| {
            let (reply, _rx) = oneshot::channel();
            Job {
                game: Game::new(),
                settings: level.settings(),
                stop: StopFlag::new(),
                reply,
            }
        };
        // No thread takes them: the order they would be taken in is looked at directly.
        pool.submit_idle(job(Level::Hard));
        pool.submit(job(Level::Easy));
        let dropped = job(Level::Normal);
        dropped.stop.stop();
        pool.submit(dropped);
        pool.submit(job(Level::Normal));
        let (analysis_job, _rx) = analysis(Game::new(), 1);
        pool.submit_analysis(analysis_job).unwrap();
        assert_eq!(
            pool.queued(),
            2,
            "idle jobs are not counted against new games"
        );
        let mut queue = lock(&pool.inner.queue);
        let order: Vec<_> = std::iter::from_fn(|| queue.pop())
            .map(|task| match task {
                Task::Move(j) => Some(j.settings.limits.movetime),
                Task::Analyse(_) => None,
            })
            .collect();
        let movetime = |l: Level| Some(l.settings().limits.movetime);
        assert_eq!(
            order,
            vec![
                movetime(Level::Easy),
                movetime(Level::Normal),
                None,
                movetime(Level::Hard)
            ],
            "moves, then analyses, then the idle jobs"
        );
    }
}
