//! The engine's analysis form: several best lines, a report after every depth, a restricted set
//! of first moves, readable scores, the game's history, and a stop from the report itself.

use std::time::Duration;

use parachess::engine::{
    AnalyseOptions, Engine, EngineError, Limits, Report, Score, StopFlag, game_history,
};
use parachess::rules::{Game, Move, Position};

const MIDDLE_GAME: &str = "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7";

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn options(multipv: usize, searchmoves: Vec<Move>) -> AnalyseOptions {
    AnalyseOptions {
        multipv,
        searchmoves,
    }
}

/// Analyses `p` with a fresh engine, collecting every report.
fn analyse(p: &Position, limits: Limits, opts: &AnalyseOptions) -> (Report, Vec<Report>) {
    let mut engine = Engine::with_hash_mb(4);
    let mut reports = Vec::new();
    let last = engine
        .analyse(p, &[], &limits, opts, &StopFlag::new(), &mut |r| {
            reports.push(r.clone())
        })
        .unwrap();
    (last, reports)
}

#[test]
fn one_line_searches_exactly_like_the_plain_search() {
    for text in [parachess::rules::START_TEXT, MIDDLE_GAME] {
        let p = pos(text);
        let plain = Engine::with_hash_mb(4)
            .search(&p, &Limits::depth(5), &StopFlag::new())
            .unwrap();
        let (last, reports) = analyse(&p, Limits::depth(5), &AnalyseOptions::default());
        assert_eq!(last.best, plain.best);
        assert_eq!(last.nodes, plain.nodes);
        assert_eq!(last.lines.len(), 1);
        assert_eq!(last.lines[0].score, Score::from_value(plain.score));
        assert_eq!(last.lines[0].pv, plain.pv);
        assert_eq!(last.depth, 5);
        let depths: Vec<u32> = reports.iter().map(|r| r.depth).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5]);
        assert!(reports.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    }
}

#[test]
fn several_lines_have_distinct_first_moves_best_first() {
    let p = pos(MIDDLE_GAME);
    let (last, reports) = analyse(&p, Limits::depth(4), &options(4, vec![]));
    assert_eq!(reports.len(), 4);
    for report in &reports {
        assert_eq!(report.lines.len(), 4);
        assert_eq!(report.best, report.lines[0].mv);
        let firsts: Vec<Move> = report.lines.iter().map(|l| l.mv).collect();
        for (i, l) in report.lines.iter().enumerate() {
            assert!(p.is_legal(l.mv));
            assert_eq!(l.pv.first(), Some(&l.mv));
            assert_eq!(l.depth, report.depth);
            assert!(!firsts[..i].contains(&l.mv), "{firsts:?}");
        }
        let scores: Vec<Score> = report.lines.iter().map(|l| l.score).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    }
    let final_report = reports.last().unwrap();
    assert_eq!(
        (&last.lines, last.nodes),
        (&final_report.lines, final_report.nodes)
    );
}

#[test]
fn more_lines_than_moves_gives_every_move() {
    // White's King has few moves and nothing else can move.
    let p = pos("6/2k1/1p1p4/5/10/6/10/5/1P1P1P2/1K2/6 w 0 40");
    let count = p.legal_moves().len();
    let (last, _) = analyse(&p, Limits::depth(2), &options(count + 5, vec![]));
    assert_eq!(last.lines.len(), count);
}

#[test]
fn searchmoves_limit_the_first_moves() {
    let p = pos(MIDDLE_GAME);
    let all = p.legal_moves();
    let chosen = vec![all[3], all[7]];
    let (last, reports) = analyse(&p, Limits::depth(3), &options(3, chosen.clone()));
    assert_eq!(last.lines.len(), 2);
    for r in reports.iter().chain([&last]) {
        assert!(r.lines.iter().all(|l| chosen.contains(&l.mv)));
    }
    // A move that is not legal here is refused, not ignored.
    let start = Position::start().legal_moves();
    let illegal = *start.iter().find(|&&m| !p.is_legal(m)).unwrap();
    let mut engine = Engine::with_hash_mb(4);
    let err = engine
        .analyse(
            &p,
            &[],
            &Limits::depth(2),
            &options(1, vec![illegal]),
            &StopFlag::new(),
            &mut |_| {},
        )
        .unwrap_err();
    assert_eq!(err, EngineError::IllegalSearchMove(illegal));
    assert!(err.to_string().contains(&illegal.to_string()), "{err}");
}

#[test]
fn forced_ends_read_as_mate_in_n() {
    let p = pos("6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1");
    let (last, _) = analyse(&p, Limits::depth(3), &options(2, vec![]));
    assert_eq!(last.lines[0].score, Score::Mate(1));
    assert_eq!(last.lines[0].score.to_string(), "#1");
    assert!(last.lines[1].score < last.lines[0].score);
    // The side being mated sees a negative mate.
    let after = p.after(last.best);
    assert!(!after.has_legal_move());
}

#[test]
fn the_game_history_counts_for_repetitions() {
    // White is a Queen up; Black's Rook shuffle can repeat the start a third time.
    let mut game = Game::from_position(pos("3kr1/4/8/5/10/6/10/5/8/4/RQ1K2 w 0 1"));
    for text in [
        "Ka4-a5", "Rk5-k6", "Ka5-a4", "Rk6-k5", "Ka4-a5", "Rk5-k6", "Ka5-a4",
    ] {
        game.play_text(text).unwrap();
    }
    let stop = StopFlag::new();
    let opts = AnalyseOptions::default();
    let mut engine = Engine::with_hash_mb(4);
    let r = engine
        .analyse_game(&game, &Limits::depth(4), &opts, &stop, &mut |_| {})
        .unwrap();
    assert_eq!(r.lines[0].score, Score::Cp(0));
    assert_eq!(game.position().move_text(r.best), "Rk6-k5");
    let history = game_history(&game);
    let mut fresh = Engine::with_hash_mb(4);
    let same = fresh
        .analyse(
            game.position(),
            &history,
            &Limits::depth(4),
            &opts,
            &stop,
            &mut |_| {},
        )
        .unwrap();
    assert_eq!((same.best, same.nodes), (r.best, r.nodes));
    game.play(r.best).unwrap();
    let over = engine.analyse_game(&game, &Limits::depth(2), &opts, &stop, &mut |_| {});
    assert!(matches!(over, Err(EngineError::GameOver(_))), "{over:?}");
}

#[test]
fn a_stop_from_a_report_ends_an_unlimited_analysis() {
    let p = pos(MIDDLE_GAME);
    let stop = StopFlag::new();
    let mut engine = Engine::with_hash_mb(4);
    let mut depths = Vec::new();
    let last = engine
        .analyse(
            &p,
            &[],
            &Limits::default(),
            &options(2, vec![]),
            &stop,
            &mut |r| {
                depths.push(r.depth);
                if r.depth >= 3 {
                    stop.stop();
                }
            },
        )
        .unwrap();
    assert_eq!(depths, [1, 2, 3]);
    assert!(last.depth >= 3, "{}", last.depth);
    assert!(p.is_legal(last.best));
    assert!(!last.lines.is_empty() && last.lines.len() <= 2);
    assert!(last.elapsed < Duration::from_secs(60));
}

#[test]
fn clock_limits_give_a_legal_move_even_with_little_time() {
    let p = pos(MIDDLE_GAME);
    for remaining in [0, 20, 50, 300] {
        let limits = Limits::from_clock(Duration::from_millis(remaining), Duration::ZERO, None);
        let (last, _) = analyse(&p, limits, &AnalyseOptions::default());
        assert!(p.is_legal(last.best), "{remaining} ms");
    }
}

#[test]
fn periodic_reports_come_between_depths_and_change_nothing_in_the_search() {
    let p = pos(MIDDLE_GAME);
    let opts = options(3, vec![]);
    let (plain, per_depth) = analyse(&p, Limits::depth(6), &opts);
    let mut engine = Engine::with_hash_mb(4);
    let mut reports = Vec::new();
    let last = engine
        .analyse_with_progress(
            &p,
            &[],
            &Limits::depth(6),
            &opts,
            &StopFlag::new(),
            // Due at every reading of the clock: as many reports as the search can give.
            Some(Duration::ZERO),
            &mut |r| reports.push(r.clone()),
        )
        .unwrap();
    // The same search: same nodes, same lines.
    assert_eq!(
        last,
        Report {
            elapsed: last.elapsed,
            ..plain.clone()
        }
    );
    assert_eq!(last.nodes, plain.nodes);
    assert!(
        reports.len() > per_depth.len(),
        "{} reports, {} depths",
        reports.len(),
        per_depth.len()
    );
    // Every report's lines are legal lines of the position, its nodes never go back, and
    // each line says the depth it was searched to (never beyond the depth under way).
    let mut nodes = 0;
    for report in &reports {
        assert!(report.nodes >= nodes);
        nodes = report.nodes;
        assert_eq!(report.best, report.lines[0].mv);
        assert!(!report.lines.is_empty() && report.lines.len() <= 3);
        for line in &report.lines {
            let mut game = Game::from_position(p.clone());
            for &mv in &line.pv {
                game.play(mv)
                    .unwrap_or_else(|e| panic!("{mv} in {:?}: {e}", line.pv));
            }
            assert!(line.depth <= 6);
        }
    }
    // The per-depth reports are among them, in order.
    let depth_reports: Vec<u32> = reports
        .iter()
        .filter(|r| r.lines.iter().all(|l| l.depth == r.depth))
        .map(|r| r.depth)
        .collect();
    for d in 1..=6 {
        assert!(depth_reports.contains(&d), "{depth_reports:?}");
    }
}
