//! The computer player on constructed positions: it must find mates and stalemate wins, avoid
//! being left without moves, take hanging pieces, respect the draw rules, stop when told and
//! always answer with a legal move.

use crate::common;

use std::thread;
use std::time::Duration;

use common::{parachess, within};

use parachess::engine::{Engine, EngineError, Level, Limits, MATE, SearchResult, StopFlag};
use parachess::rules::{Game, Move, Outcome, Position, Side};

/// The most a search that should end is waited for: a bound for a hang, not a speed test.
const WAIT: Duration = Duration::from_secs(60);

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn search(p: &Position, limits: Limits) -> SearchResult {
    let mut engine = Engine::with_hash_mb(4);
    engine.search(p, &limits, &StopFlag::new()).unwrap()
}

/// Whether the side to move after `mv` has no legal move (it has lost).
fn wins_at_once(p: &Position, mv: Move) -> bool {
    !p.after(mv).has_legal_move()
}

/// Whether `mv` wins by force within two moves: every reply allows an immediate win.
fn forces_win_in_two(p: &Position, mv: Move) -> bool {
    let next = p.after(mv);
    let replies = next.legal_moves();
    replies.is_empty()
        || replies.iter().all(|&r| {
            let after = next.after(r);
            after.legal_moves().iter().any(|&m| wins_at_once(&after, m))
        })
}

#[test]
fn finds_mate_in_one() {
    let p = pos("6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1");
    let r = search(&p, Limits::depth(3));
    assert!(wins_at_once(&p, r.best), "{}", p.move_text(r.best));
    assert!(p.after(r.best).in_check());
    assert_eq!(r.mate_in(), Some(1));
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn finds_mate_in_two_for_either_side() {
    for text in [
        "3k2/1R2/8/5/8Sp/6/10/5/8/4/2K3 w 0 30",
        "5S/4/8/1p3/10/p5/10/3R1/7k/4/4K1 w 0 30",
    ] {
        for p in [pos(text), pos(text).mirror_top_bottom()] {
            assert!(
                !p.legal_moves().iter().any(|&m| wins_at_once(&p, m)),
                "{p}: has a mate in one"
            );
            let r = search(&p, Limits::depth(5));
            assert_eq!(r.mate_in(), Some(2), "{p}: {r:?}");
            assert!(
                forces_win_in_two(&p, r.best),
                "{p}: {}",
                p.move_text(r.best)
            );
            assert_eq!(r.pv.first(), Some(&r.best));
        }
    }
}

#[test]
fn stalemating_the_opponent_wins() {
    // The only immediate win leaves Black's King with no move while not in check.
    let p = pos("k5/4/8/PQ3/10/K5/10/5/8/4/6 w 0 30");
    let checkmates = p
        .legal_moves()
        .iter()
        .filter(|&&m| wins_at_once(&p, m) && p.after(m).in_check())
        .count();
    assert_eq!(checkmates, 0);
    let r = search(&p, Limits::depth(3));
    assert!(wins_at_once(&p, r.best), "{}", p.move_text(r.best));
    assert!(!p.after(r.best).in_check());
    assert_eq!(r.mate_in(), Some(1));
    let mut game = Game::from_position(p);
    game.play(r.best).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Stalemate {
            winner: Side::White
        })
    );
}

#[test]
fn avoids_being_left_without_moves() {
    // Every White move but one lets Black take away White's last moves (some by stalemate).
    let p = pos("6/4/2p5/k4/10/K5/10/P4/8/1q2/6 w 0 30");
    let safe: Vec<Move> = p
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| {
            let next = p.after(m);
            !next.legal_moves().iter().any(|&r| wins_at_once(&next, r))
        })
        .collect();
    assert_eq!(safe.len(), 1);
    assert!(p.legal_moves().len() >= 3);
    let r = search(&p, Limits::depth(4));
    assert_eq!(p.move_text(r.best), p.move_text(safe[0]));
}

#[test]
fn takes_a_hanging_piece() {
    let p = pos("rsqk1r/1bb1/pp1p1pp1/4p/5p1s2/6/5p4/1PPS1/PP1PP1PP/1B1B/RSQK1R w 1 7");
    let r = search(&p, Limits::depth(4));
    assert_eq!(p.move_text(r.best), "Sd4xg8");
    assert!(r.score > 200, "{}", r.score);
}

#[test]
fn losing_side_takes_a_draw_by_repetition() {
    // White is a Queen up; Black's Rook shuffle can repeat the start a third time.
    let mut game = Game::from_position(pos("3kr1/4/8/5/10/6/10/5/8/4/RQ1K2 w 0 1"));
    for text in [
        "Ka4-a5", "Rk5-k6", "Ka5-a4", "Rk6-k5", "Ka4-a5", "Rk5-k6", "Ka5-a4",
    ] {
        game.play_text(text).unwrap();
    }
    let mut engine = Engine::with_hash_mb(4);
    let r = engine
        .search_game(&game, &Limits::depth(4), &StopFlag::new())
        .unwrap();
    assert_eq!(r.score, 0);
    assert_eq!(game.position().move_text(r.best), "Rk6-k5");
    game.play(r.best).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Repetition));
    // Without the history the same position is simply lost.
    let alone = search(game.position(), Limits::depth(3));
    assert!(alone.score > 300, "{}", alone.score);
}

#[test]
fn hundred_half_moves_draw() {
    let lost = search(
        &pos("3kr1/4/8/5/10/6/10/5/8/4/RQ1K2 b 0 60"),
        Limits::depth(3),
    );
    assert!(lost.score < -300, "{}", lost.score);
    let drawn = search(
        &pos("3kr1/4/8/5/10/6/10/5/8/4/RQ1K2 b 99 60"),
        Limits::depth(3),
    );
    assert_eq!(drawn.score, 0);
}

#[test]
fn a_preset_stop_flag_still_gives_a_legal_move() {
    let p = Position::start();
    let stop = StopFlag::new();
    stop.stop();
    // Without limits only the flag ends the search: an answer at all is the proof.
    let shown = p.clone();
    let r = within(WAIT, "a search stopped before it began", move || {
        let mut engine = Engine::with_hash_mb(4);
        engine.search(&shown, &Limits::default(), &stop).unwrap()
    });
    assert!(p.is_legal(r.best));
}

#[test]
fn stops_when_told_from_another_thread() {
    let p = pos("r1b2r/1b2/p3k1pp/s4/1ppp1p4/6/3P1B4/P1P2/P1Q2sPP/2B1/RS1K1R w 0 16");
    let stop = StopFlag::new();
    let remote = stop.clone();
    let stopper = thread::spawn(move || {
        thread::sleep(Duration::from_millis(150));
        remote.stop();
    });
    // Without limits only the flag ends the search: an answer at all is the proof.
    let shown = p.clone();
    let (r, mut engine) = within(WAIT, "a search told to stop", move || {
        let mut engine = Engine::with_hash_mb(4);
        let r = engine.search(&shown, &Limits::default(), &stop).unwrap();
        (r, engine)
    });
    stopper.join().unwrap();
    assert!(p.is_legal(r.best));
    assert!(r.depth >= 1);
    // The engine can move to a worker thread.
    let handle = thread::spawn(move || engine.search(&p, &Limits::depth(2), &StopFlag::new()));
    assert!(handle.join().unwrap().is_ok());
}

#[test]
fn keeps_to_time_and_node_budgets() {
    let p = Position::start();
    // Only the move time ends this search: an answer at all shows it kept one (how closely is
    // not for a wall clock on a shared machine to judge).
    let shown = p.clone();
    let r = within(WAIT, "a search with a move time", move || {
        search(&shown, Limits::movetime(Duration::from_millis(200)))
    });
    assert!(p.is_legal(r.best));
    let r = search(&p, Limits::nodes(20_000));
    assert!(r.nodes < 20_000 + 5_000, "{}", r.nodes);
    assert!(p.is_legal(r.best));
}

#[test]
fn every_level_plays_legal_moves() {
    let mut game = Game::new();
    game.play_text("c4-d3").unwrap();
    let mut engine = Engine::with_hash_mb(4);
    engine.seed(9);
    for level in Level::ALL {
        let stop = StopFlag::new();
        let remote = stop.clone();
        // Normal and Hard think for seconds; a stop keeps the test short and must still answer.
        let stopper = thread::spawn(move || {
            thread::sleep(Duration::from_millis(200));
            remote.stop();
        });
        let r = engine.play(&game, level, &stop).unwrap();
        stopper.join().unwrap();
        assert!(game.position().is_legal(r.best), "{level}");
    }
    for _ in 0..10 {
        let mv = engine.random(game.position()).unwrap();
        assert!(game.position().is_legal(mv));
    }
}

#[test]
fn easy_is_reproducible_from_its_seed() {
    let game = Game::new();
    let moves = |seed| {
        let mut engine = Engine::with_hash_mb(4);
        engine.seed(seed);
        (0..3)
            .map(|_| {
                engine.new_game();
                engine
                    .play(&game, Level::Easy, &StopFlag::new())
                    .unwrap()
                    .best
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(4), moves(4));
}

#[test]
fn refuses_finished_games() {
    let mut game = Game::from_position(pos("6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1"));
    game.play_text("Qi4-i6").unwrap();
    let mut engine = Engine::with_hash_mb(1);
    let stop = StopFlag::new();
    assert!(matches!(
        engine.search_game(&game, &Limits::depth(2), &stop),
        Err(EngineError::GameOver(_))
    ));
    assert_eq!(
        engine.search(game.position(), &Limits::depth(2), &stop),
        Err(EngineError::NoLegalMove)
    );
}

#[test]
fn selfplay_command_ends_with_the_totals() {
    let (code, out, _) = parachess(&[
        "selfplay",
        "--games",
        "2",
        "--white",
        "easy",
        "--black",
        "random",
        "--seed",
        "3",
        "--alternate",
    ]);
    assert_eq!(code, Some(0), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.iter().filter(|l| l.starts_with("game ")).count(), 2);
    let last: Vec<&str> = lines.last().unwrap().split(' ').collect();
    assert_eq!(last.len(), 6, "{out}");
    assert_eq!((last[0], last[2], last[4]), ("white", "black", "draws"));
    let total: u32 = [last[1], last[3], last[5]]
        .iter()
        .map(|n| n.parse::<u32>().unwrap())
        .sum();
    assert_eq!(total, 2);
    assert!(lines[lines.len() - 2].starts_with("score easy "), "{out}");
    let (code, _, _) = parachess(&["selfplay", "--white", "expert"]);
    assert_ne!(code, Some(0));
}

#[test]
fn bench_command_counts_the_same_nodes_every_time() {
    let run = || {
        let (code, out, _) = parachess(&["bench", "--depth", "3"]);
        assert_eq!(code, Some(0));
        assert!(out.lines().any(|l| l.starts_with("nps ")));
        out.lines().last().unwrap().to_string()
    };
    let first = run();
    assert!(first.starts_with("nodes "), "{first}");
    assert_eq!(first, run());
}
