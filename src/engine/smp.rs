//! Lazy SMP's helper threads. They are started once (by [`Engine::set_threads`]) and kept
//! between searches, each waiting on its own channel for the next position, so a search costs
//! no thread start and its end waits for no thread: the main thread raises the helpers' stop
//! flag and returns its move at once, while the helpers notice the flag within a few thousand
//! nodes and go back to waiting. Helpers search the same position over the shared
//! transposition table, skipping depths in a pattern of their own (so the threads spread over
//! different depths instead of racing through the same one), and offer every depth they finish;
//! the main thread answers with a helper's line when it is deeper than its own.
//!
//! [`Engine::set_threads`]: super::Engine::set_threads

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};

use crate::rules::{MoveList, Position};

use super::eval::EvalCache;
use super::limits::{Clock, Limits, StopFlag};
use super::ordering::Heuristics;
use super::root::Line;
use super::search::{POLL_INTERVAL, Searcher};
use super::tt::Table;
use super::weights::EvalWeights;

/// The helper threads of one engine. Dropping it lets them end after their current search.
#[derive(Default)]
pub(crate) struct Pool {
    workers: Vec<mpsc::Sender<Job>>,
}

/// One search's work for a helper.
struct Job {
    tt: Arc<Table>,
    weights: Arc<EvalWeights>,
    pos: Position,
    history: Arc<[u64]>,
    moves: MoveList,
    max_depth: u32,
    /// Changes with every new game, so the helper forgets its move-ordering history.
    epoch: u64,
    shared: Arc<Shared>,
}

/// What the helpers of one search share with its main thread.
pub(crate) struct Shared {
    /// Raised when the main thread's search ends.
    stop: StopFlag,
    /// Nodes the helpers searched (counted a few thousand at a time).
    nodes: AtomicU64,
    /// The deepest line a helper finished.
    deepest: Mutex<Option<Line>>,
}

impl Shared {
    /// Helpers' nodes so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Counts `n` more helper nodes.
    pub fn add_nodes(&self, n: u64) {
        self.nodes.fetch_add(n, Ordering::Relaxed);
    }

    /// A helper finished `line`'s depth: keep it if no helper went deeper.
    fn offer(&self, line: &Line) {
        let mut deepest = self.deepest.lock().unwrap_or_else(PoisonError::into_inner);
        if deepest.as_ref().is_none_or(|d| line.depth > d.depth) {
            *deepest = Some(line.clone());
        }
    }

    /// The deepest line a helper finished, if any.
    pub fn deepest(&self) -> Option<Line> {
        self.deepest
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// A search with helpers at work: stops them when dropped (the main search returned, or
/// panicked), without waiting for them.
pub(crate) struct Running(Option<Arc<Shared>>);

impl Running {
    /// The helpers' shared state (`None` when the search runs on one thread).
    pub fn shared(&self) -> Option<&Shared> {
        self.0.as_deref()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(shared) = &self.0 {
            shared.stop.stop();
        }
    }
}

impl Pool {
    /// Number of helper threads.
    pub fn len(&self) -> usize {
        self.workers.len()
    }

    /// Keeps exactly `helpers` helper threads (extra ones end after their current search).
    pub fn resize(&mut self, helpers: usize) {
        self.workers.truncate(helpers);
        while self.workers.len() < helpers {
            let index = self.workers.len();
            let (jobs, inbox) = mpsc::channel();
            let spawned = std::thread::Builder::new()
                .name(format!("search helper {}", index + 1))
                .spawn(move || work(index, &inbox));
            if spawned.is_err() {
                // No thread to be had: search with fewer helpers rather than fail.
                break;
            }
            self.workers.push(jobs);
        }
    }

    /// Sets the helpers searching `pos` (not empty `moves`, to at most `max_depth`), unless
    /// `use_helpers` is false or there are none.
    pub fn start(
        &mut self,
        use_helpers: bool,
        tt: &Arc<Table>,
        weights: &Arc<EvalWeights>,
        pos: &Position,
        history: &[u64],
        moves: &MoveList,
        max_depth: u32,
        epoch: u64,
    ) -> Running {
        if !use_helpers || self.workers.is_empty() {
            return Running(None);
        }
        let shared = Arc::new(Shared {
            stop: StopFlag::new(),
            nodes: AtomicU64::new(0),
            deepest: Mutex::new(None),
        });
        let history: Arc<[u64]> = history.into();
        // A helper whose thread has gone (it cannot: it only ends when its channel closes) is
        // dropped rather than waited for.
        self.workers.retain(|w| {
            w.send(Job {
                tt: Arc::clone(tt),
                weights: Arc::clone(weights),
                pos: pos.clone(),
                history: Arc::clone(&history),
                moves: moves.clone(),
                max_depth,
                epoch,
                shared: Arc::clone(&shared),
            })
            .is_ok()
        });
        Running(Some(shared))
    }
}

/// Whether helper `index` leaves out `depth`: Stockfish's Lazy SMP pattern (runs of `size`
/// depths searched, then as many skipped, shifted by `phase`), so helpers search ahead of
/// the main thread and of each other.
pub(crate) fn skips(index: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = index % SIZE.len();
    ((depth + PHASE[i]) / SIZE[i]) % 2 == 1
}

/// A helper thread: searches each job until its stop flag, keeping its move-ordering memory and
/// evaluation cache between jobs, until the pool drops its channel.
fn work(index: usize, inbox: &mpsc::Receiver<Job>) {
    let mut heuristics = Heuristics::new();
    let mut evals: Option<EvalCache> = None;
    let mut epoch = 0;
    while let Ok(mut job) = inbox.recv() {
        // Only the newest job matters: the searches of the older ones are over.
        while let Ok(newer) = inbox.try_recv() {
            job = newer;
        }
        if job.shared.stop.is_stopped() {
            continue;
        }
        if job.epoch != epoch {
            heuristics.clear();
            epoch = job.epoch;
        }
        heuristics.new_search();
        let evals = match &mut evals {
            Some(e) if Arc::ptr_eq(e.weights(), &job.weights) => e,
            slot => slot.insert(EvalCache::new(Arc::clone(&job.weights))),
        };
        let shared = &*job.shared;
        let clock = Clock::new(&Limits::default(), &shared.stop);
        let mut s = Searcher::new(
            job.pos,
            &job.history,
            &job.tt,
            &mut heuristics,
            evals,
            clock,
        );
        s.helper = Some(index);
        s.shared = Some(shared);
        s.iterate_lines(job.max_depth, &job.moves, 1, &mut |_, lines| {
            if let Some(line) = lines.first() {
                shared.offer(line);
            }
        });
        // The nodes since the last count (the search counts whole polling intervals).
        shared.add_nodes(s.nodes % POLL_INTERVAL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Waits (at most 20 s) until a helper of `running` has finished `depth`.
    fn wait_for_depth(running: &Running, depth: u32) -> Line {
        let shared = running.shared().expect("helpers were started");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(line) = shared.deepest().filter(|l| l.depth >= depth) {
                return line;
            }
            assert!(
                Instant::now() < deadline,
                "no helper finished depth {depth}"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn helpers_are_kept_between_searches_and_offer_their_lines() {
        let mut pool = Pool::default();
        pool.resize(1);
        assert_eq!(pool.len(), 1);
        let tt = Arc::new(Table::new(1));
        let weights = EvalWeights::shared_default();
        let pos = Position::start();
        let moves = pos.legal_moves();
        let start =
            |pool: &mut Pool, depth| pool.start(true, &tt, &weights, &pos, &[], &moves, depth, 0);
        assert!(start(&mut pool, 4).shared().is_some());
        // The first search's helper is stopped when its `Running` goes; the same thread takes
        // the next search (the pool starts no thread per search) and finishes it.
        let running = start(&mut pool, 6);
        let line = wait_for_depth(&running, 6);
        assert_eq!(line.depth, 6);
        assert!(moves.contains(&line.best));
        assert!(running.shared().is_some_and(|s| s.nodes() > 0));
        drop(running);
        let running = start(&mut pool, 2);
        assert_eq!(wait_for_depth(&running, 2).depth, 2);
        let single = pool.start(false, &tt, &weights, &pos, &[], &moves, 2, 0);
        assert!(single.shared().is_none());
        pool.resize(0);
        assert_eq!(pool.len(), 0);
        assert!(start(&mut pool, 2).shared().is_none());
    }

    #[test]
    fn the_first_helpers_search_depths_the_main_thread_has_not_reached() {
        // With one helper (the usual two threads) it takes the even depths, so while the main
        // thread finishes depth d the helper is already on d + 1.
        let searched = |i| (1..=8).filter(|&d| !skips(i, d)).collect::<Vec<u32>>();
        assert_eq!(searched(0), [2, 4, 6, 8]);
        assert_eq!(searched(1), [1, 3, 5, 7]);
        assert_eq!(searched(2), [1, 4, 5, 8]);
        // No helper skips every depth.
        for i in 0..64 {
            assert!((1..=16).any(|d| !skips(i, d)), "helper {i}");
        }
    }
}
