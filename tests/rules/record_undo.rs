//! Undo and redo across captures, promotions and the end of the game, with the record written
//! and read back after every step: what is saved is always exactly the game on the board.

use parachess::rules::record::{Tags, read_game, write_game};
use parachess::rules::{Game, Outcome, Side};

/// Writes `game`, reads it back, and checks both agree on everything a save must keep.
fn assert_saved_exactly(game: &Game, step: &str) {
    let text = write_game(game, &Tags::default());
    let back = read_game(text.as_bytes())
        .unwrap_or_else(|e| panic!("{step}: {e}\n{text}"))
        .game;
    let moves = |g: &Game| g.plies().iter().map(|p| p.text.clone()).collect::<Vec<_>>();
    assert_eq!(moves(&back), moves(game), "{step}\n{text}");
    assert_eq!(back.position(), game.position(), "{step}\n{text}");
    assert_eq!(back.start_position(), game.start_position(), "{step}");
    assert_eq!(back.outcome(), game.outcome(), "{step}\n{text}");
}

/// Undoes everything and redoes it all, checking the record at each step; returns the number of
/// undo steps (moves plus a declared result).
fn walk(mut game: Game, what: &str) -> usize {
    let end_outcome = game.outcome();
    let end_text = write_game(&game, &Tags::default());
    assert_saved_exactly(&game, what);
    let mut steps = 0;
    while game.can_undo() {
        game.undo();
        steps += 1;
        assert_saved_exactly(&game, &format!("{what}, after {steps} undos"));
    }
    assert!(game.plies().is_empty());
    let mut redone = 0;
    while game.can_redo() {
        game.redo();
        redone += 1;
        assert_saved_exactly(&game, &format!("{what}, after {redone} redos"));
    }
    if end_outcome.is_some_and(|o| o.is_declared()) {
        // A taken-back resignation or agreement is not redone; it is declared again.
        assert_eq!(game.outcome(), None);
        let outcome = end_outcome.unwrap_or(Outcome::Agreement);
        game.declare(outcome).unwrap();
    }
    assert_eq!(game.outcome(), end_outcome, "{what}");
    assert_eq!(write_game(&game, &Tags::default()), end_text, "{what}");
    steps
}

fn play(mut game: Game, moves: &[&str]) -> Game {
    for m in moves {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

#[test]
fn capture_promotion_and_mate_survive_undo_redo_and_saving() {
    let start = "k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 0 1".parse().unwrap();
    let game = play(
        Game::from_position(start),
        &["Qa4-d4", "Rk3-k2", "j2xk2=Q#"],
    );
    let last = &game.plies()[2];
    assert!(last.capture && last.mv.promotion.is_some());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Checkmate {
            winner: Side::White
        })
    );
    assert_eq!(walk(game, "promotion mate"), 3);
}

#[test]
fn a_long_game_with_captures_and_a_resignation_survives_undo_redo_and_saving() {
    let mut game = Game::new();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    while game.plies().len() < 60 && !game.is_over() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let moves = game.legal_moves();
        // Prefer captures so the record has plenty of them.
        let pos = game.position().clone();
        let captures: Vec<_> = moves.iter().filter(|&&m| pos.is_capture(m)).collect();
        let mv = match captures.is_empty() {
            false => *captures[(x % captures.len() as u64) as usize],
            true => moves[(x % moves.len() as u64) as usize],
        };
        game.play(mv).unwrap();
    }
    assert!(game.plies().iter().filter(|p| p.capture).count() >= 5);
    let plies = game.plies().len();
    if !game.is_over() {
        game.resign(Side::Black).unwrap();
        assert_eq!(walk(game, "resigned"), plies + 1);
    } else {
        assert_eq!(walk(game, "ended"), plies);
    }
}

#[test]
fn mate_and_an_agreed_draw_survive_undo_redo_and_saving() {
    let mate = play(Game::new(), &["Sa2-e3", "i3-g5", "Se3-i3#"]);
    assert_eq!(walk(mate, "mate"), 3);
    let mut agreed = play(Game::new(), &["c4-d3", "i5-h3"]);
    agreed.agree_draw().unwrap();
    assert_eq!(walk(agreed, "agreement"), 3);
}
