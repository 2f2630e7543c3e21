//! The engine pool: a fixed number of OS threads, each with its own engine, taking jobs from
//! one queue. Searches never run on the async runtime's threads (a search holds its thread for
//! up to seconds), and the threads run at the lowest OS priority, so the games' own work —
//! moves, clocks, the database — always comes first.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::engine::{Engine, EngineError, LevelSettings, StopFlag};
use crate::rules::Game;

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

struct Inner {
    queue: Mutex<VecDeque<Job>>,
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
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("threads", &self.inner.threads)
            .field("depth", &self.inner.depth)
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
        let threads = threads.max(1);
        let inner = Arc::new(Inner {
            queue: Mutex::new(VecDeque::new()),
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
        Pool { inner }
    }

    /// Queues a job. Always taken: a game already playing the computer is never refused its
    /// move; the bound applies to new games ([`Pool::admits`]).
    pub fn submit(&self, job: Job) {
        lock(&self.inner.queue).push_back(job);
        self.inner.ready.notify_one();
    }

    /// Jobs waiting (not yet searching).
    pub fn queued(&self) -> usize {
        lock(&self.inner.queue)
            .iter()
            .filter(|j| !j.stop.is_stopped())
            .count()
    }

    /// Jobs searching now.
    pub fn running(&self) -> usize {
        *lock(&self.inner.running)
    }

    /// Whether a new computer game may start, or the plain words saying why not.
    pub fn admits(&self) -> Result<(), String> {
        let queued = self.queued();
        if queued >= self.inner.depth {
            return Err(format!(
                "the computer is busy: {queued} moves are waiting for it (at most {}) and \
                 {} are being searched; try again in a minute",
                self.inner.depth,
                self.running()
            ));
        }
        Ok(())
    }
}

/// One engine thread: lowest priority, then jobs until the process ends.
fn work(inner: &Inner) {
    lower_priority();
    let mut engine = Engine::with_hash_mb(HASH_MB);
    loop {
        let job = {
            let mut queue = lock(&inner.queue);
            loop {
                match queue.pop_front() {
                    Some(job) if job.stop.is_stopped() => continue,
                    Some(job) => break job,
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
        let mv = engine
            .play_with(&job.game, &job.settings, &job.stop)
            .map(|r| r.best.to_string());
        let searched = started.elapsed();
        *lock(&inner.running) -= 1;
        let _ = job.reply.send(Answer { mv, searched });
    }
}

/// The calling thread at the lowest scheduling priority (Linux: `nice` is per thread).
#[cfg(unix)]
fn lower_priority() {
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
                queue: Mutex::new(VecDeque::new()),
                ready: Condvar::new(),
                threads: 1,
                depth: 1,
                running: Mutex::new(0),
            }),
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
        assert!(why.contains("1 moves are waiting"), "{why}");
    }
}
