//! Rated puzzles (issue 37): a puzzle solved and one failed change the player's rating once;
//! a repeated answer, an illegal move or a second finish change nothing; a guest with few
//! puzzles does not move a puzzle's own rating, one with enough does; a guest keeps its
//! rating with its session.

use crate::server_support;

use parachess::rules::Position;
use parachess::server::client::Client;
use parachess::server::messages::{ClientMsg, PuzzleStepView, PuzzleView, ServerMsg};
use parachess::study::Puzzle;
use server_support::*;

both_backends!(
    180,
    solved_and_failed_count_once,
    a_puzzle_moves_only_with_experienced_players
);

fn shipped() -> Vec<Puzzle> {
    parachess::study::builtin().unwrap()
}

/// The solver's moves of a puzzle's solution, bare.
fn solution(p: &Puzzle) -> Vec<String> {
    p.solution
        .iter()
        .step_by(2)
        .map(|m| m.to_string())
        .collect()
}

/// A legal first move that is not the solution's and does not end the game.
fn wrong_move(p: &Puzzle) -> String {
    let pos: &Position = &p.position;
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&m| m != p.solution[0] && pos.after(m).has_legal_move())
        .expect("a wrong move")
        .to_string()
}

async fn puzzle(c: &mut Client, id: Option<u32>) -> PuzzleView {
    say(c, ClientMsg::PuzzleNext { id }).await;
    wait_msg(c, "puzzle", |m| match m {
        ServerMsg::Puzzle(v) => Some(*v),
        _ => None,
    })
    .await
}

async fn step(c: &mut Client, msg: ClientMsg) -> PuzzleStepView {
    say(c, msg).await;
    let m = c
        .wait_for_msg("puzzle_step", T, |m| {
            matches!(m, ServerMsg::PuzzleStep(_) | ServerMsg::Error { .. })
        })
        .await
        .expect("an answer");
    match m {
        ServerMsg::PuzzleStep(v) => *v,
        other => panic!("refused: {other:?}"),
    }
}

async fn moves(c: &mut Client, id: u32, moves: &[String]) -> PuzzleStepView {
    step(
        c,
        ClientMsg::PuzzleMove {
            id,
            moves: moves.to_vec(),
        },
    )
    .await
}

async fn solved_and_failed_count_once(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let set = shipped();
    let mut a = guest(&server).await;

    let first = puzzle(&mut a, Some(1)).await;
    assert_eq!(first.id, 1);
    assert_eq!(first.position, set[0].position.to_string());
    assert!(!first.done);
    assert_eq!((first.player.rating, first.player.played), (1500, 0));
    assert!(!first.legal.is_empty());

    // Solved: the rating rises once.
    let line = solution(&set[0]);
    let solved = moves(&mut a, 1, &line).await;
    assert_eq!(solved.state, "solved");
    let gain = solved.change.expect("the first finish counts");
    assert!(gain > 0, "{gain}");
    assert_eq!(solved.player.played, 1);
    let after_solve = solved.player.rating;
    // The same answer again, and giving up afterwards: nothing changes.
    let again = moves(&mut a, 1, &line).await;
    assert_eq!(again.state, "solved");
    assert_eq!(again.change, None);
    assert_eq!((again.player.rating, again.player.played), (after_solve, 1));
    let gave_up = step(&mut a, ClientMsg::PuzzleSolution { id: 1 }).await;
    assert_eq!(gave_up.state, "failed");
    assert_eq!(gave_up.change, None);
    assert_eq!(gave_up.player.rating, after_solve);
    assert_eq!(gave_up.solution.len(), set[0].solution.len());
    assert!(puzzle(&mut a, Some(1)).await.done);

    // An illegal move: the rules' reason, nothing counted.
    let illegal = moves(&mut a, 2, &["a1k9".to_string()]).await;
    assert_eq!(illegal.state, "illegal");
    assert!(illegal.reason.as_deref().is_some_and(|r| !r.is_empty()));
    assert_eq!(illegal.change, None);
    assert!(!illegal.legal.is_empty(), "the puzzle goes on");
    assert_eq!(illegal.player.played, 1);

    // Failed with a wrong move: explained, the solution shown, the rating falls once.
    let wrong = wrong_move(&set[1]);
    let failed = moves(&mut a, 2, std::slice::from_ref(&wrong)).await;
    assert_eq!(failed.state, "failed");
    let loss = failed.change.expect("the first finish counts");
    assert!(loss < 0, "{loss}");
    assert_eq!(failed.player.played, 2);
    let best = set[1].position.move_text(set[1].solution[0]);
    assert_eq!(failed.best.as_deref(), Some(best.as_str()));
    assert_eq!(
        failed.reason.as_deref(),
        Some(
            set[1]
                .position
                .move_text(set[1].position.parse_move(&wrong).unwrap())
                .as_str()
        )
    );
    assert_eq!(failed.solution.len(), set[1].solution.len());
    let after_fail = failed.player.rating;
    assert!(after_fail < after_solve);
    // Solving it now changes nothing.
    let late = moves(&mut a, 2, &solution(&set[1])).await;
    assert_eq!(late.state, "solved");
    assert_eq!(late.change, None);
    assert_eq!((late.player.rating, late.player.played), (after_fail, 2));

    // A newcomer's failure left the puzzle's own rating as shipped.
    assert_eq!(puzzle(&mut a, Some(2)).await.rating, set[1].rating as i32);

    // Unknown puzzles and oversized answers are refused.
    say(&mut a, ClientMsg::PuzzleNext { id: Some(100_000) }).await;
    assert_eq!(expect_error(&mut a).await, "no_puzzle");
    say(
        &mut a,
        ClientMsg::PuzzleMove {
            id: 3,
            moves: vec!["a2e5".to_string(); 40],
        },
    )
    .await;
    assert_eq!(expect_error(&mut a).await, "illegal");

    // The guest keeps its puzzle rating with its session; the next puzzle is a new one.
    let token = a.token.clone();
    a.close().await;
    let mut back = Client::hello(&server.url, Some(&token)).await.unwrap();
    let next = puzzle(&mut back, None).await;
    assert_eq!((next.player.rating, next.player.played), (after_fail, 2));
    assert!(!next.done);
    assert!(next.id != 1 && next.id != 2, "{}", next.id);
}

async fn a_puzzle_moves_only_with_experienced_players(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let set = shipped();
    let target = 20u32;
    let shipped_rating = set[target as usize - 1].rating as i32;

    // A guest with no finished puzzle fails it: the puzzle's rating stays.
    let mut newbie = guest(&server).await;
    let wrong = wrong_move(&set[target as usize - 1]);
    let failed = moves(&mut newbie, target, std::slice::from_ref(&wrong)).await;
    assert_eq!(failed.state, "failed");
    assert!(failed.change.is_some());
    assert_eq!(
        puzzle(&mut newbie, Some(target)).await.rating,
        shipped_rating
    );

    // One who has finished five fails it: the puzzle wins, its rating rises.
    let mut old_hand = guest(&server).await;
    for id in 30..35 {
        let s = step(&mut old_hand, ClientMsg::PuzzleSolution { id }).await;
        assert!(s.change.is_some(), "puzzle {id}");
    }
    let failed = moves(&mut old_hand, target, std::slice::from_ref(&wrong)).await;
    assert_eq!(failed.player.played, 6);
    let moved = puzzle(&mut old_hand, Some(target)).await.rating;
    assert!(moved > shipped_rating, "{moved} vs {shipped_rating}");
    // Its second answer moves it no further.
    moves(&mut old_hand, target, std::slice::from_ref(&wrong)).await;
    assert_eq!(puzzle(&mut newbie, Some(target)).await.rating, moved);
}
