//! The computer player: iterative-deepening alpha-beta search over the [`rules`] library.
//!
//! * [`Engine`] keeps what it learns between moves (transposition table, move-ordering history)
//!   and answers with a [`SearchResult`]; it is `Send`, so a game can search on a worker thread
//!   and end the search at any time through a [`StopFlag`].
//! * [`Engine::analyse`] is the analysis form: the best `multipv` lines ([`AnalyseOptions`]),
//!   reported after every finished depth as a [`Report`] with [`Score`]s people can read
//!   (`+0.35`, `#3`), until the [`Limits`] or the [`StopFlag`] end it (a stop is obeyed within
//!   a few thousand nodes, about a millisecond or two).
//! * [`Limits::from_clock`] turns a game clock into a move's time; [`Level`] turns a player's
//!   choice (easy, normal, hard) and [`LevelSettings::from_skill`] a skill level 0–20 into limits
//!   and some randomness; [`random_move`] is the weakest opponent, for tests and self-play.
//!
//! A search thread never allocates per node; with more threads ([`Engine::set_threads`], Lazy
//! SMP in `smp.rs`) persistent helpers search beside it. It scores the rule book's
//! game ends: no legal move loses (in check or not), repetition and the 100-half-move rule draw.
//!
//! [`rules`]: crate::rules

mod eval;
mod level;
mod limits;
mod negamax;
mod ordering;
mod rng;
mod root;
mod score;
mod search;
mod see;
mod smp;
mod tables;
mod tt;
pub mod tune;
mod weights;

pub use eval::{VALUE, evaluate, evaluate_with};
pub use level::{Level, LevelSettings, MAX_SKILL, Mover, ParseLevelError, random_move};
pub use limits::{EngineError, Limits, SearchResult, StopFlag};
pub use rng::Rng;
pub use root::MAX_DEPTH;
pub use score::{DRAW, MATE, Score, moves_to_mate};
pub use see::see;
pub use weights::{
    DEFAULT_TEXT as DEFAULT_WEIGHTS_TEXT, EvalWeights, FIELDS as WEIGHT_FIELDS,
    HAND_WRITTEN_TEXT as HAND_WRITTEN_WEIGHTS_TEXT, WEIGHT_COUNT, WeightsError,
    set_process_weights,
};

use std::sync::Arc;
use std::time::Duration;

use crate::rules::{Game, Move, MoveList, Position};

use eval::EvalCache;
use limits::Clock;
use ordering::Heuristics;
use root::Line;
use search::Searcher;
use smp::{Pool, Running};
use tt::Table;

/// Transposition table size of [`Engine::new`], in megabytes.
pub const DEFAULT_HASH_MB: usize = 32;

/// Largest transposition table, in megabytes (larger requests get this much).
pub const MAX_HASH_MB: usize = 4096;

/// What an analysis looks for, besides its [`Limits`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyseOptions {
    /// How many best lines to find, each with a different first move (1: the plain search;
    /// more costs time, roughly in proportion).
    pub multipv: usize,
    /// Only these first moves are considered (UCI's `searchmoves`); empty means all legal moves.
    pub searchmoves: Vec<Move>,
}

impl Default for AnalyseOptions {
    fn default() -> AnalyseOptions {
        AnalyseOptions {
            multipv: 1,
            searchmoves: Vec::new(),
        }
    }
}

/// One line of an analysis: a first move, what it is worth and how play may go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// The first move (legal in the analysed position).
    pub mv: Move,
    /// Its value for the side to move in the analysed position.
    pub score: Score,
    /// The expected play, starting with `mv`.
    pub pv: Vec<Move>,
    /// Depth to which this line was fully searched (0: not even depth 1 finished).
    pub depth: u32,
    /// Deepest ply the search had reached when the line was found, quiescence included.
    pub seldepth: u32,
}

/// What an analysis has found so far: after a finished depth, or at its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The move to play: the first move of `lines[0]`.
    pub best: Move,
    /// The best lines, best first, with distinct first moves: up to
    /// [`AnalyseOptions::multipv`], never empty.
    pub lines: Vec<PvLine>,
    /// Depth of the best line.
    pub depth: u32,
    /// Deepest ply reached, quiescence search included.
    pub seldepth: u32,
    /// Positions visited since the analysis started.
    pub nodes: u64,
    /// Time since the analysis started.
    pub elapsed: Duration,
}

impl Report {
    /// Nodes per second, for reports.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }
}

/// Most search threads [`Engine::set_threads`] accepts.
pub const MAX_THREADS: usize = 64;

/// The computer player, with the memory it keeps from one move to the next.
pub struct Engine {
    /// Shared by the search threads (its slots are atomic).
    tt: Arc<Table>,
    heuristics: Heuristics,
    evals: EvalCache,
    rng: Rng,
    /// Lazy SMP's helper threads, one per thread beyond the first, kept between searches.
    helpers: Pool,
    /// Counts new games, so the helpers forget their move-ordering memory too.
    epoch: u64,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// An engine with a [`DEFAULT_HASH_MB`] table and randomness seeded from the clock.
    pub fn new() -> Engine {
        Engine::with_hash_mb(DEFAULT_HASH_MB)
    }

    /// An engine with a transposition table of about `megabytes` MB (tests use small ones; at
    /// most [`MAX_HASH_MB`]).
    pub fn with_hash_mb(megabytes: usize) -> Engine {
        Engine {
            tt: Arc::new(Table::new(megabytes.min(MAX_HASH_MB))),
            heuristics: Heuristics::new(),
            evals: EvalCache::new(EvalWeights::shared_default()),
            rng: Rng::from_time(),
            helpers: Pool::default(),
            epoch: 0,
        }
    }

    /// Searches with `threads` threads (1 to [`MAX_THREADS`]): Lazy SMP, every thread searching
    /// the same position over the one transposition table, the helpers skipping depths so they
    /// work ahead of the first thread; the answer is the first thread's line, or a helper's
    /// when it finished a deeper depth. The helper threads start here and wait between
    /// searches; a search does not wait for them when it ends. Analyses with several lines and
    /// the weak levels' noisy choices stay on one thread.
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers.resize(threads.clamp(1, MAX_THREADS) - 1);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Replaces the transposition table by an empty one of about `megabytes` MB (at most
    /// [`MAX_HASH_MB`]); what the engine learned about positions is forgotten.
    pub fn set_hash_mb(&mut self, megabytes: usize) {
        self.tt = Arc::new(Table::new(megabytes.min(MAX_HASH_MB)));
    }

    /// Evaluates with `weights` from now on (the embedded defaults until then).
    pub fn set_weights(&mut self, weights: Arc<EvalWeights>) {
        // The helpers take the weights with their next search.
        self.evals.set_weights(weights);
    }

    /// The weights the engine evaluates with.
    pub fn weights(&self) -> &Arc<EvalWeights> {
        self.evals.weights()
    }

    /// Makes the levels' random choices reproducible.
    pub fn seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Forgets everything learned, so the next search does not depend on earlier ones (call it
    /// for a new game, and before reproducible measurements).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
        self.epoch += 1;
    }

    /// The best move in the game's current position within `limits`. The game's history counts
    /// for repetitions.
    pub fn search_game(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &StopFlag,
    ) -> Result<SearchResult, EngineError> {
        if let Some(outcome) = game.outcome() {
            return Err(EngineError::GameOver(outcome));
        }
        let history = game_history(game);
        self.search_with_history(game.position(), &history, limits, stop)
    }

    /// The best move in `pos`, as if the game had started there (no repetition history).
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        stop: &StopFlag,
    ) -> Result<SearchResult, EngineError> {
        self.search_with_history(pos, &[], limits, stop)
    }

    /// The best move in `pos`, with `history` the [`Position::hash`]es of the positions played
    /// before it (oldest first, not including `pos`), for repetitions.
    pub fn search_with_history(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        stop: &StopFlag,
    ) -> Result<SearchResult, EngineError> {
        let moves = legal_moves(pos)?;
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH);
        let running = self.start_helpers(true, pos, history, &moves, max_depth);
        let mut searcher = searcher(
            &self.tt,
            &mut self.heuristics,
            &mut self.evals,
            pos,
            history,
            limits,
            stop,
        );
        searcher.shared = running.shared();
        let line = deeper(searcher.iterate(max_depth, &moves), &running);
        Ok(result(&searcher, line))
    }

    /// Analyses `pos` (with `history` as in [`Engine::search_with_history`]): the best
    /// `options.multipv` lines, deepened one depth at a time until `limits` or `stop` end it.
    /// `report` is called after every finished depth (from this thread, so keep it short:
    /// print, or send through a channel); the last report, or a better first line found in the
    /// unfinished depth, is returned.
    ///
    /// With `multipv` 1 and no `searchmoves` it searches exactly as [`Engine::search`] does.
    pub fn analyse(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        options: &AnalyseOptions,
        stop: &StopFlag,
        report: &mut dyn FnMut(&Report),
    ) -> Result<Report, EngineError> {
        self.analyse_with_progress(pos, history, limits, options, stop, None, report)
    }

    /// [`Engine::analyse`] that also reports the lines as they stand every `every` (about: the
    /// clock is read every few thousand nodes), so a screen can refresh during a long depth.
    /// Those reports mix depths (the lines already deepened, and the others from the depth
    /// before; each [`PvLine`] says its own). They change nothing in the search: the nodes,
    /// lines and result are those of [`Engine::analyse`].
    pub fn analyse_with_progress(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        options: &AnalyseOptions,
        stop: &StopFlag,
        every: Option<Duration>,
        report: &mut dyn FnMut(&Report),
    ) -> Result<Report, EngineError> {
        let moves = root_moves(pos, &options.searchmoves)?;
        let first = moves[0];
        // Both the per-depth and the periodic reports go to `report`, never at the same time.
        let report = std::cell::RefCell::new(report);
        let mut periodic = |s: &Searcher<'_>, lines: &[Line]| {
            (*report.borrow_mut())(&make_report(s, lines, first))
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH);
        // With several lines the helpers still search the position, filling the shared table
        // the lines are searched from (their own single line is used only with one line).
        let running = self.start_helpers(true, pos, history, &moves, max_depth);
        let mut searcher = searcher(
            &self.tt,
            &mut self.heuristics,
            &mut self.evals,
            pos,
            history,
            limits,
            stop,
        );
        searcher.shared = running.shared();
        if let Some(every) = every {
            searcher.progress = Some(search::Progress::new(every, &mut periodic));
        }
        let mut lines =
            searcher.iterate_lines(max_depth, &moves, options.multipv, &mut |s, lines| {
                (*report.borrow_mut())(&make_report(s, lines, first))
            });
        if options.multipv == 1
            && let Some(line) = lines.pop()
        {
            lines = vec![deeper(line, &running)];
        }
        Ok(make_report(&searcher, &lines, first))
    }

    /// [`Engine::analyse`] of the game's current position, with its history (so repetitions
    /// count).
    pub fn analyse_game(
        &mut self,
        game: &Game,
        limits: &Limits,
        options: &AnalyseOptions,
        stop: &StopFlag,
        report: &mut dyn FnMut(&Report),
    ) -> Result<Report, EngineError> {
        self.analyse_game_with_progress(game, limits, options, stop, None, report)
    }

    /// [`Engine::analyse_game`] with periodic reports, as [`Engine::analyse_with_progress`].
    pub fn analyse_game_with_progress(
        &mut self,
        game: &Game,
        limits: &Limits,
        options: &AnalyseOptions,
        stop: &StopFlag,
        every: Option<Duration>,
        report: &mut dyn FnMut(&Report),
    ) -> Result<Report, EngineError> {
        if let Some(outcome) = game.outcome() {
            return Err(EngineError::GameOver(outcome));
        }
        let history = game_history(game);
        let pos = game.position();
        self.analyse_with_progress(pos, &history, limits, options, stop, every, report)
    }

    /// The move the engine plays at `level` in the game's current position: the level's limits,
    /// and for Easy a choice among near-best moves with random noise.
    pub fn play(
        &mut self,
        game: &Game,
        level: Level,
        stop: &StopFlag,
    ) -> Result<SearchResult, EngineError> {
        self.play_with(game, &level.settings(), stop)
    }

    /// [`Engine::play`] with adjusted settings (self-play gives the levels other move times).
    pub fn play_with(
        &mut self,
        game: &Game,
        settings: &LevelSettings,
        stop: &StopFlag,
    ) -> Result<SearchResult, EngineError> {
        if settings.noise <= 0 {
            return self.search_game(game, &settings.limits, stop);
        }
        if let Some(outcome) = game.outcome() {
            return Err(EngineError::GameOver(outcome));
        }
        let pos = game.position();
        let moves = legal_moves(pos)?;
        let history = game_history(game);
        let limits = settings.limits;
        let mut searcher = searcher(
            &self.tt,
            &mut self.heuristics,
            &mut self.evals,
            pos,
            &history,
            &limits,
            stop,
        );
        let depth = limits.depth.unwrap_or(2);
        let scored = searcher.score_all(depth, &moves);
        let Some(top) = scored.iter().map(|&(_, s)| s).max() else {
            // Stopped before any move was scored: fall back to the plain search's answer.
            let line = searcher.iterate(1, &moves);
            return Ok(result(&searcher, line));
        };
        let mut chosen = (scored[0].0, i32::MIN, top);
        for &(mv, score) in &scored {
            if score < top - settings.margin {
                continue;
            }
            let noisy = score + self.rng.below(settings.noise as u64 + 1) as i32;
            if noisy > chosen.1 {
                chosen = (mv, noisy, score);
            }
        }
        let line = Line {
            best: chosen.0,
            score: chosen.2,
            pv: vec![chosen.0],
            depth,
        };
        Ok(result(&searcher, line))
    }

    /// Sets the helper threads searching `pos` (when `use_helpers`), until the returned
    /// [`Running`] is dropped.
    fn start_helpers(
        &mut self,
        use_helpers: bool,
        pos: &Position,
        history: &[u64],
        moves: &MoveList,
        max_depth: u32,
    ) -> Running {
        self.helpers.start(
            use_helpers,
            &self.tt,
            self.evals.weights(),
            pos,
            history,
            moves,
            max_depth,
            self.epoch,
        )
    }

    /// A uniformly random legal move (the `random` self-play player), from the engine's seeded
    /// generator.
    pub fn random(&mut self, pos: &Position) -> Result<Move, EngineError> {
        random_move(pos, &mut self.rng).ok_or(EngineError::NoLegalMove)
    }
}

/// A searcher over the engine's table and heuristics (a free function, so the engine's random
/// generator stays borrowable beside it).
fn searcher<'a>(
    tt: &'a Table,
    heuristics: &'a mut Heuristics,
    evals: &'a mut EvalCache,
    pos: &Position,
    history: &[u64],
    limits: &Limits,
    stop: &StopFlag,
) -> Searcher<'a> {
    tt.new_search();
    heuristics.new_search();
    let clock = Clock::new(limits, stop);
    Searcher::new(pos.clone(), history, tt, heuristics, evals, clock)
}

/// The main thread's `line`, or the deepest line a helper finished when that is deeper.
fn deeper(line: Line, running: &Running) -> Line {
    match running.shared().and_then(smp::Shared::deepest) {
        Some(helper) if helper.depth > line.depth => helper,
        _ => line,
    }
}

fn legal_moves(pos: &Position) -> Result<MoveList, EngineError> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        Err(EngineError::NoLegalMove)
    } else {
        Ok(moves)
    }
}

/// The legal moves, or those of them in `searchmoves` when it is not empty.
fn root_moves(pos: &Position, searchmoves: &[Move]) -> Result<MoveList, EngineError> {
    let moves = legal_moves(pos)?;
    if searchmoves.is_empty() {
        return Ok(moves);
    }
    if let Some(&bad) = searchmoves.iter().find(|m| !moves.iter().any(|l| l == *m)) {
        return Err(EngineError::IllegalSearchMove(bad));
    }
    let mut chosen = MoveList::new();
    for &mv in moves.iter().filter(|m| searchmoves.contains(m)) {
        chosen.push(mv);
    }
    Ok(chosen)
}

/// The report of `lines` (never empty; `fallback` only keeps this free of panics), best first
/// for the side to move.
fn make_report(searcher: &Searcher<'_>, lines: &[Line], fallback: Move) -> Report {
    let seldepth = searcher.seldepth as u32;
    let lines: Vec<PvLine> = best_first(lines)
        .into_iter()
        .map(|l| PvLine {
            mv: l.best,
            score: Score::from_value(l.score),
            pv: l.pv.clone(),
            depth: l.depth,
            seldepth,
        })
        .collect();
    Report {
        best: lines.first().map_or(fallback, |l| l.mv),
        depth: lines.first().map_or(0, |l| l.depth),
        lines,
        seldepth,
        nodes: searcher.total_nodes(),
        elapsed: searcher.clock.started.elapsed(),
    }
}

/// `lines` ordered by score for the side to move (the scores are all from its view), ties kept
/// in the search's order. The search sorts them after every finished depth, but a report
/// taken during a depth or after a stop mixes depths: a line already deepened can have fallen
/// below one that was not, and a screen showing Black's lines must still show Black's best
/// first.
fn best_first(lines: &[Line]) -> Vec<&Line> {
    let mut sorted: Vec<&Line> = lines.iter().collect();
    sorted.sort_by_key(|l| std::cmp::Reverse(l.score));
    sorted
}

fn result(searcher: &Searcher<'_>, line: Line) -> SearchResult {
    SearchResult {
        best: line.best,
        score: line.score,
        pv: line.pv,
        depth: line.depth,
        seldepth: searcher.seldepth as u32,
        nodes: searcher.total_nodes(),
        elapsed: searcher.clock.started.elapsed(),
    }
}

/// The hashes of the game's positions before the current one, oldest first.
pub fn game_history(game: &Game) -> Vec<u64> {
    let mut pos = game.start_position().clone();
    let mut hashes = Vec::with_capacity(game.plies().len());
    for ply in game.plies() {
        hashes.push(pos.hash());
        pos.make_move(ply.mv);
    }
    hashes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_is_send() {
        fn send<T: Send>() {}
        send::<Engine>();
        send::<StopFlag>();
        send::<SearchResult>();
    }

    #[test]
    fn a_scoring_pass_cut_short_keeps_the_last_complete_one() {
        // A weak skill level scores every root move, deeper and deeper. When its time runs out
        // in the middle of a pass, it must choose among all the moves of the last whole pass,
        // not among the few the cut pass reached first.
        let mut engine = Engine::with_hash_mb(1);
        let game = Game::new();
        let pos = game.position().clone();
        let moves = legal_moves(&pos).unwrap();
        let limits = Limits {
            nodes: Some(50_000),
            ..Limits::depth(6)
        };
        let stop = StopFlag::new();
        let history = game_history(&game);
        let mut s = searcher(
            &engine.tt,
            &mut engine.heuristics,
            &mut engine.evals,
            &pos,
            &history,
            &limits,
            &stop,
        );
        let scored = s.score_all(6, &moves);
        assert!(s.stopped, "the node limit cut a pass short");
        assert_eq!(scored.len(), moves.len());
    }

    #[test]
    fn several_threads_answer_as_one_does() {
        let mut engine = Engine::with_hash_mb(4);
        engine.set_threads(3);
        assert_eq!(engine.threads(), 3);
        let stop = StopFlag::new();
        // A mate in one: every thread count finds it, with the same score (maybe from a helper
        // that finished a deeper depth than the first thread before it stopped).
        let mate: Position = "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1".parse().unwrap();
        let one = Engine::with_hash_mb(4)
            .search(&mate, &Limits::depth(4), &stop)
            .unwrap();
        let many = engine.search(&mate, &Limits::depth(4), &stop).unwrap();
        assert_eq!(many.score, one.score);
        assert!((one.depth..=4).contains(&many.depth), "{many:?}");
        assert!(!mate.after(many.best).has_legal_move());
        // Whole games' positions: always a legal move, from a search that finished its depth.
        let mut game = Game::new();
        for _ in 0..6 {
            let r = engine.search_game(&game, &Limits::depth(5), &stop).unwrap();
            assert_eq!(r.depth, 5);
            game.play(r.best).unwrap();
        }
        let timed = Limits::movetime(Duration::from_millis(100));
        let started = std::time::Instant::now();
        let r = engine.search_game(&game, &timed, &stop).unwrap();
        assert!(game.legal_moves().contains(&r.best));
        assert!(started.elapsed() < Duration::from_secs(5));
        let report = engine
            .analyse_game(
                &game,
                &Limits::depth(4),
                &AnalyseOptions::default(),
                &stop,
                &mut |_| {},
            )
            .unwrap();
        assert!(game.legal_moves().contains(&report.best));
        // Several lines with several threads (the analysis screen's Threads): as many lines
        // as asked, distinct legal moves, each searched to the depth asked.
        let lines = engine
            .analyse_game(
                &game,
                &Limits::depth(4),
                &AnalyseOptions {
                    multipv: 3,
                    ..AnalyseOptions::default()
                },
                &stop,
                &mut |_| {},
            )
            .unwrap();
        assert_eq!(lines.lines.len(), 3, "{lines:?}");
        let firsts: std::collections::HashSet<_> = lines.lines.iter().map(|l| l.mv).collect();
        assert_eq!(firsts.len(), 3);
        assert!(firsts.iter().all(|m| game.legal_moves().contains(m)));
        assert!(lines.lines.iter().all(|l| l.depth == 4), "{lines:?}");
        // An endless analysis of several lines ends when stopped, with several threads and
        // again after going back to one (as the analysis screen's Threads does).
        for threads in [3, 1, 2] {
            engine.set_threads(threads);
            let stop = StopFlag::new();
            let stopper = stop.clone();
            let t = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(300));
                stopper.stop();
            });
            let started = std::time::Instant::now();
            let endless = engine
                .analyse_game_with_progress(
                    &game,
                    &Limits::default(),
                    &AnalyseOptions {
                        multipv: 3,
                        ..AnalyseOptions::default()
                    },
                    &stop,
                    Some(Duration::from_millis(100)),
                    &mut |_| {},
                )
                .unwrap();
            let _ = t.join();
            let took = started.elapsed();
            assert!(took < Duration::from_secs(5), "{threads} threads: {took:?}");
            assert_eq!(endless.lines.len(), 3);
        }
        engine.set_threads(1);
        assert_eq!(engine.threads(), 1);
    }

    #[test]
    fn a_stopped_analysis_keeps_as_many_distinct_lines_as_asked() {
        // Stopped at many points, inside a line's search included (where a line could take
        // a later line's move): always three lines, three moves.
        let mut game = Game::new();
        for text in ["c4-d3", "i4-h3"] {
            game.play_text(text).unwrap();
        }
        let mut engine = Engine::with_hash_mb(4);
        let options = AnalyseOptions {
            multipv: 3,
            ..AnalyseOptions::default()
        };
        // One thread, then three (the helpers share the table the lines are searched from).
        let limits = (500..40_000)
            .step_by(700)
            .map(|n| (1, n))
            .chain((500..40_000).step_by(2_300).map(|n| (3, n)));
        for (threads, nodes) in limits {
            engine.set_threads(threads);
            let report = engine
                .analyse_game(
                    &game,
                    &Limits::nodes(nodes),
                    &options,
                    &StopFlag::new(),
                    &mut |_| {},
                )
                .unwrap();
            let firsts: std::collections::HashSet<_> = report.lines.iter().map(|l| l.mv).collect();
            assert_eq!(report.lines.len(), 3, "{nodes} nodes: {report:?}");
            assert_eq!(firsts.len(), 3, "{nodes} nodes: {report:?}");
            engine.new_game();
        }
    }

    #[test]
    fn black_lines_come_best_first_for_black_even_when_stopped() {
        // Black to move: every report, periodic and stopped ones included (they mix depths),
        // lists the lines with Black's best first.
        let mut game = Game::new();
        game.play_text("c4-d3").unwrap();
        assert_eq!(game.position().turn(), crate::rules::Side::Black);
        let mut engine = Engine::with_hash_mb(4);
        let options = AnalyseOptions {
            multipv: 3,
            ..AnalyseOptions::default()
        };
        let sorted = |r: &Report| r.lines.windows(2).all(|w| w[0].score >= w[1].score);
        for nodes in (300..30_000).step_by(900) {
            let mut seen = 0;
            let report = engine
                .analyse_game_with_progress(
                    &game,
                    &Limits::nodes(nodes),
                    &options,
                    &StopFlag::new(),
                    Some(Duration::ZERO),
                    &mut |r| {
                        seen += 1;
                        assert!(sorted(r), "{nodes} nodes, report {seen}: {r:?}");
                    },
                )
                .unwrap();
            assert!(sorted(&report), "{nodes} nodes: {report:?}");
            assert_eq!(report.best, report.lines[0].mv);
            engine.new_game();
        }
    }

    #[test]
    fn a_report_orders_hand_made_lines_by_the_movers_score() {
        let pos: Position = Game::new().position().clone();
        let moves = legal_moves(&pos).unwrap();
        let (stop, history, limits) = (StopFlag::new(), vec![], Limits::depth(1));
        let mut engine = Engine::with_hash_mb(1);
        let s = searcher(
            &engine.tt,
            &mut engine.heuristics,
            &mut engine.evals,
            &pos,
            &history,
            &limits,
            &stop,
        );
        let line = |i: usize, score| Line {
            best: moves[i],
            score,
            pv: vec![moves[i]],
            depth: 3,
        };
        let report = make_report(&s, &[line(0, -50), line(1, 30), line(2, 10)], moves[0]);
        let scores: Vec<Score> = report.lines.iter().map(|l| l.score).collect();
        assert_eq!(scores, [Score::Cp(30), Score::Cp(10), Score::Cp(-50)]);
        assert_eq!(report.best, moves[1]);
    }

    #[test]
    fn history_lists_positions_before_the_current_one() {
        let mut game = Game::new();
        let mut expected = vec![];
        for text in ["c4-d3", "i4-h3", "c3-d2", "i5-h4"] {
            expected.push(game.position().hash());
            game.play_text(text)
                .unwrap_or_else(|e| panic!("{text} is not legal here: {e}"));
        }
        assert_eq!(game.plies().len(), 4);
        assert_eq!(game_history(&game), expected);
        assert_eq!(expected[0], Position::start().hash());
    }
}
