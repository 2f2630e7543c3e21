//! The blind mode's answers (`ask` → `answer`): the words the page reads out, computed by the
//! server from the game (the page implements no rules).

use crate::server_support;

use parachess::server::client::Client;
use parachess::server::messages::{ClientMsg, ServerMsg, TextBoardView};
use serde_json::json;
use server_support::*;

both_backends!(
    120,
    questions_about_a_game_against_the_computer,
    questions_about_a_position
);

/// Asks `q` (in `lang`) about game `id`: the answer's sentences and text board.
async fn ask(
    c: &mut Client,
    id: &str,
    q: &str,
    lang: &str,
) -> (u32, Vec<String>, Option<TextBoardView>) {
    say(
        c,
        ClientMsg::Ask {
            game: id.into(),
            q: q.into(),
            lang: Some(lang.into()),
            position: None,
            variant: None,
            moves: Vec::new(),
        },
    )
    .await;
    let want = q.to_string();
    wait_msg(c, "answer", move |m| match m {
        ServerMsg::Answer(a) if a.q == want => Some((a.n, a.lines, a.board)),
        _ => None,
    })
    .await
}

async fn questions_about_a_game_against_the_computer(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut me = guest(&server).await;
    me.send(&json!({"t": "play_computer", "level": "easy", "color": "white"}))
        .await
        .unwrap();
    let started = expect(&mut me, "started").await;
    let id = started["game"].as_str().unwrap().to_string();
    expect(&mut me, "game").await;

    let (n, lines, board) = ask(&mut me, &id, "b", "en").await;
    assert_eq!(n, 0);
    assert!(lines.is_empty());
    let board = board.expect("the text board");
    assert_eq!(board.turn, "White to move");
    assert!(
        board.pieces[0].starts_with("White: King a4; Queen a3; Rook a1, a6"),
        "{board:?}"
    );
    assert_eq!(board.rows.len(), 11);
    assert_eq!(board.rows[10].heading, "Row a");
    assert_eq!(board.rows[10].cells[0], "a1 (White Rook)");

    let (_, lines, _) = ask(&mut me, &id, "l", "en").await;
    assert_eq!(lines, ["No move has been played yet."]);
    let (_, lines, _) = ask(&mut me, &id, "p B", "en").await;
    assert_eq!(lines, ["Bishop: White b2, b3; Black j2, j3."]);
    let (_, lines, _) = ask(&mut me, &id, "s e5", "en").await;
    assert_eq!(lines[0], "e5 (empty), rising cell.");
    assert_eq!(lines[1], "Across the 12 o'clock side: f3 (empty).");
    assert_eq!(
        lines[5],
        "Through the 1 o'clock corner: straight on g6 (empty), turning left g5 (empty), turning right f4 (empty)."
    );
    let (_, lines, _) = ask(&mut me, &id, "r a1", "en").await;
    assert_eq!(
        lines[1],
        "Edge-path across the 12 o'clock side: b1, stops before own Pawn c1."
    );
    let (_, lines, _) = ask(&mut me, &id, "m c4", "en").await;
    assert!(lines[0].starts_with("White Pawn c4: to "), "{lines:?}");
    assert!(lines[0].contains("d3"), "{lines:?}");
    let (_, lines, _) = ask(&mut me, &id, "c", "en").await;
    assert_eq!(lines, ["This game has no clocks."]);
    let (_, lines, _) = ask(&mut me, &id, "m z9", "en").await;
    assert!(lines[0].starts_with("Which cell?"), "{lines:?}");
    let (_, lines, _) = ask(&mut me, &id, "xyz", "en").await;
    assert_eq!(lines, ["Unknown command \"xyz\": h lists the commands."]);
    let (_, lines, _) = ask(&mut me, &id, "h", "de").await;
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("s e5: was auf e5 steht")),
        "{lines:?}"
    );

    play(&mut me, &id, 0, "c4d3").await;
    let (_, lines, _) = ask(&mut me, &id, "l 1", "en").await;
    assert_eq!(lines, ["Move 1: White Pawn c4 to d3."]);
    let (_, lines, _) = ask(&mut me, &id, "l 1", "de").await;
    assert_eq!(lines, ["Zug 1: Weiß Bauer c4 nach d3."]);
    let (_, lines, _) = ask(&mut me, &id, "t", "en").await;
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].starts_with("White pieces under attack: "),
        "{lines:?}"
    );

    // A question too long is refused, and the connection goes on.
    me.send(&json!({"t": "ask", "game": id, "q": "s ".repeat(40)}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut me).await, "no_game");
    let (_, lines, _) = ask(&mut me, &id, "p K", "en").await;
    assert_eq!(lines, ["King: White a4; Black k4."]);
}

/// Asks `q` about `position` after `moves` (a page without a game: a puzzle, a lesson, the
/// analysis board): the answer's tag, half-moves, sentences and text board.
async fn ask_position(
    c: &mut Client,
    position: &str,
    moves: &[&str],
    q: &str,
) -> (String, u32, Vec<String>, Option<TextBoardView>) {
    say(
        c,
        ClientMsg::Ask {
            game: "puzzle".into(),
            q: q.into(),
            lang: None,
            position: Some(position.into()),
            variant: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        },
    )
    .await;
    let want = q.to_string();
    wait_msg(c, "answer", move |m| match m {
        ServerMsg::Answer(a) if a.q == want => Some((a.game, a.n, a.lines, a.board)),
        _ => None,
    })
    .await
}

async fn questions_about_a_position(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut me = guest(&server).await;
    // The start position, as a game's `position` carries it.
    me.send(&json!({"t": "play_computer", "level": "easy", "color": "white"}))
        .await
        .unwrap();
    expect(&mut me, "started").await;
    let game = expect(&mut me, "game").await;
    let start = game["position"].as_str().unwrap().to_string();

    let (tag, n, lines, board) = ask_position(&mut me, &start, &["c4d3"], "b").await;
    assert_eq!((tag.as_str(), n), ("puzzle", 1));
    assert!(lines.is_empty());
    assert_eq!(board.expect("the text board").turn, "Black to move");
    let (_, _, lines, _) = ask_position(&mut me, &start, &["c4d3"], "l").await;
    assert_eq!(lines, ["Move 1: White Pawn c4 to d3."]);
    let (_, _, lines, _) = ask_position(&mut me, &start, &[], "p B").await;
    assert_eq!(lines, ["Bishop: White b2, b3; Black j2, j3."]);
    let (_, _, lines, _) = ask_position(&mut me, &start, &[], "c").await;
    assert_eq!(lines, ["This game has no clocks."]);

    // A position or a move that cannot be read is refused with the reason; the connection
    // goes on.
    me.send(&json!({"t": "ask", "q": "b", "position": "nonsense"}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut me).await, "no_game");
    me.send(&json!({"t": "ask", "q": "b", "position": start, "moves": ["a1a1"]}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut me).await, "no_game");
    me.send(&json!({"t": "ask", "q": "b", "position": "x".repeat(600)}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut me).await, "no_game");
    let (_, n, _, _) = ask_position(&mut me, &start, &[], "t").await;
    assert_eq!(n, 0);
}
