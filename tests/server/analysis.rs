//! The analysis board and the computer analysis of finished games, through the server: the
//! board's lines legal and best-first for the side to move; a position of one's own live game
//! refused; a finished game analysed once, stored, and read back by a later viewer (after a
//! restart too); the hourly limits on game analyses (per player, per address) and the board's
//! engine-time budget.

use parachess::rules::{Game, Position};
use parachess::server::client::Client;
use serde_json::{Value, json};

use crate::server_support::*;

both_backends!(180, a_finished_game_is_analysed_once_and_stored);

mod board {
    #[test]
    fn board_lines_are_legal_and_best_first() {
        crate::server_support::run(
            crate::server_support::Backend::Sqlite,
            120,
            super::board_lines_are_legal_and_best_first,
        );
    }

    #[test]
    fn own_live_game_is_refused() {
        crate::server_support::run(
            crate::server_support::Backend::Sqlite,
            120,
            super::own_live_game_is_refused,
        );
    }

    #[test]
    fn analysis_limits() {
        crate::server_support::run(
            crate::server_support::Backend::Sqlite,
            180,
            super::analysis_limits,
        );
    }
}

fn start_text() -> String {
    Game::new().position().to_string()
}

fn strings(v: &Value) -> Vec<String> {
    serde_json::from_value(v.clone()).unwrap_or_default()
}

/// An evaluation from White's side as a number that sorts like it (mates beyond all).
fn rank(eval: &str) -> i64 {
    match eval.strip_prefix('#') {
        Some(n) => {
            let n: i64 = n.parse().unwrap();
            let white_wins = !eval.starts_with("#-");
            if white_wins {
                1_000_000 - n.abs()
            } else {
                -1_000_000 + n.abs()
            }
        }
        None => eval.parse().unwrap(),
    }
}

fn eval_shaped(e: &str) -> bool {
    let digits = e.strip_prefix("#-").or_else(|| e.strip_prefix('#'));
    match digits {
        Some(d) => !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()),
        None => e.parse::<i64>().is_ok(),
    }
}

/// The final `analysis_lines` of request `id` (or an error).
async fn final_lines(c: &mut Client, id: u64) -> Value {
    c.wait_for("final lines", T, |v| {
        (v["t"] == "analysis_lines" && v["id"] == id && v["done"] == true) || v["t"] == "error"
    })
    .await
    .unwrap()
}

async fn board_lines_are_legal_and_best_first(_: Backend) {
    let db = database(Backend::Sqlite);
    let server = Server::start_with(&db.url, &["--analysis-ms", "1500"]);
    let mut me = guest(&server).await;
    let first = Game::new().position().legal_moves()[0].to_string();
    me.send(&json!({"t": "analyse", "id": 1, "position": start_text(), "moves": [first]}))
        .await
        .unwrap();
    let board = expect(&mut me, "analysis_board").await;
    assert_eq!(board["id"], 1);
    assert_eq!(board["turn"], "black");
    assert_eq!(strings(&board["texts"]).len(), 1);
    assert!(!strings(&board["legal"]).is_empty());
    let pos: Position = board["position"].as_str().unwrap().parse().unwrap();
    let done = final_lines(&mut me, 1).await;
    assert_eq!(done["t"], "analysis_lines", "{done}");
    let lines = done["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{done}");
    for line in lines {
        assert!(line["depth"].as_u64().unwrap() >= 1, "{line}");
        let eval = line["eval"].as_str().unwrap();
        assert!(eval_shaped(eval), "{eval}");
        let moves = strings(&line["moves"]);
        assert!(!moves.is_empty());
        assert_eq!(moves.len(), strings(&line["texts"]).len());
        let mut at = pos.clone();
        for mv in &moves {
            let m = at
                .parse_move(mv)
                .unwrap_or_else(|e| panic!("{mv} in {moves:?}: {e}"));
            at.make_move(m);
        }
    }
    // Black to move: best first for Black is the lowest evaluation from White's side first.
    let evals: Vec<i64> = lines
        .iter()
        .map(|l| rank(l["eval"].as_str().unwrap()))
        .collect();
    assert!(evals.windows(2).all(|w| w[0] <= w[1]), "{evals:?}");
    // A move the rules refuse is answered as such, and nothing is analysed.
    me.send(&json!({"t": "analyse", "id": 2, "position": start_text(), "moves": ["a1k11"]}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut me).await, "illegal");
    me.send(&json!({"t": "analyse", "id": 3, "position": "no position"}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut me).await, "analysis");
}

async fn own_live_game_is_refused(_: Backend) {
    let db = database(Backend::Sqlite);
    let server = Server::start_with(&db.url, &["--analysis-ms", "300"]);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let id = start_game(&mut a, &mut b, json!({"tc": "300+0"})).await;
    let first = Game::new().position().legal_moves()[0].to_string();
    let moved = play(&mut a, &id, 0, &first).await;
    let now = moved["position"].as_str().unwrap().to_string();
    for (who, c) in [("white", &mut a), ("black", &mut b)] {
        c.send(&json!({"t": "analyse", "id": 1, "position": now}))
            .await
            .unwrap();
        let err = expect(c, "error").await;
        assert_eq!(err["code"], "analysis", "{who}: {err}");
        assert!(
            err["msg"]
                .as_str()
                .unwrap()
                .contains("game you are playing")
        );
        // Reached by moves from the start, too.
        c.send(&json!({"t": "analyse", "id": 2, "position": start_text(), "moves": [first]}))
            .await
            .unwrap();
        assert_eq!(expect_error(c).await, "analysis", "{who}");
    }
    // A spectator may analyse it.
    let mut c = guest(&server).await;
    c.send(&json!({"t": "analyse", "id": 1, "position": now}))
        .await
        .unwrap();
    let board = expect(&mut c, "analysis_board").await;
    assert_eq!(board["position"], now.as_str());
    // Over, the game is the players' to analyse.
    a.send(&json!({"t": "resign", "game": id})).await.unwrap();
    expect(&mut a, "end").await;
    a.send(&json!({"t": "analyse", "id": 3, "position": now}))
        .await
        .unwrap();
    let board = expect(&mut a, "analysis_board").await;
    assert_eq!(board["id"], 3);
}

/// A game of four half-moves between `a` and `b` that `b` resigns: its id and moves.
async fn finished_game(a: &mut Client, b: &mut Client) -> (String, Vec<String>) {
    let id = start_game(a, b, json!({"tc": "300+0"})).await;
    let mut legal: Vec<String> = Game::new()
        .position()
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut moves = Vec::new();
    for n in 0..4u64 {
        let c = if n % 2 == 0 { &mut *a } else { &mut *b };
        let mv = legal[(n as usize * 7) % legal.len()].clone();
        let ack = play(c, &id, n, &mv).await;
        legal = strings(&ack["legal"]);
        moves.push(mv);
    }
    b.send(&json!({"t": "resign", "game": id})).await.unwrap();
    // This game's end (an earlier game's may still wait to be read).
    b.wait_for("end", T, |v| v["t"] == "end" && v["game"] == id.as_str())
        .await
        .unwrap();
    (id, moves)
}

/// The `game_analysis` of `id` whose status is `status`.
async fn analysis_with(c: &mut Client, id: &str, status: &str) -> Value {
    c.wait_for(status, T, |v| {
        (v["t"] == "game_analysis" && v["game"] == id && v["status"] == status) || v["t"] == "error"
    })
    .await
    .unwrap()
}

async fn a_finished_game_is_analysed_once_and_stored(backend: Backend) {
    let db = database(backend);
    let mut server = Server::start_with(&db.url, &["--game-analysis-ms", "60"]);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    // A live game cannot be analysed.
    let live = start_game(&mut a, &mut b, json!({"tc": "300+0"})).await;
    a.send(&json!({"t": "analyse_game", "game": live}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut a).await, "analysis");
    a.send(&json!({"t": "abort", "game": live})).await.unwrap();
    expect(&mut a, "end").await;

    let (id, moves) = finished_game(&mut a, &mut b).await;
    a.send(&json!({"t": "game_analysis", "game": id}))
        .await
        .unwrap();
    assert_eq!(
        analysis_with(&mut a, &id, "none").await["t"],
        "game_analysis"
    );
    a.send(&json!({"t": "analyse_game", "game": id}))
        .await
        .unwrap();
    let first = expect(&mut a, "game_analysis").await;
    assert_ne!(first["status"], "none", "{first}");
    // Asked again at once: nothing changes (still the one analysis).
    a.send(&json!({"t": "analyse_game", "game": id}))
        .await
        .unwrap();
    let again = expect(&mut a, "game_analysis").await;
    assert_ne!(again["status"], "none", "{again}");
    let done = analysis_with(&mut a, &id, "done").await;
    assert_eq!(done["status"], "done", "{done}");
    let evals = strings(&done["evals"]);
    assert_eq!(evals.len(), moves.len() + 1, "{done}");
    assert!(evals.iter().all(|e| eval_shaped(e)), "{evals:?}");
    let marks = strings(&done["marks"]);
    let better = strings(&done["better"]);
    assert_eq!(marks.len(), moves.len());
    assert_eq!(better.len(), moves.len());
    for (m, bm) in marks.iter().zip(&better) {
        assert!(["", "?!", "?", "??"].contains(&m.as_str()), "{m}");
        assert_eq!(m.is_empty(), bm.is_empty(), "{done}");
    }
    // Another viewer reads the stored analysis; asking once more changes nothing.
    let mut c = guest(&server).await;
    c.send(&json!({"t": "game_analysis", "game": id}))
        .await
        .unwrap();
    let seen = expect(&mut c, "game_analysis").await;
    assert_eq!(seen, done);
    c.send(&json!({"t": "analyse_game", "game": id}))
        .await
        .unwrap();
    assert_eq!(expect(&mut c, "game_analysis").await, done);
    // It is in the database: a restarted server still has it.
    server.kill();
    let server = Server::start(&db.url);
    let mut d = guest(&server).await;
    d.send(&json!({"t": "game_analysis", "game": id}))
        .await
        .unwrap();
    assert_eq!(expect(&mut d, "game_analysis").await, done);
}

async fn analysis_limits(_: Backend) {
    let db = database(Backend::Sqlite);
    let server = Server::start_with(
        &db.url,
        &[
            "--game-analysis-ms",
            "30",
            "--analyses-per-hour",
            "1",
            "--analyses-per-address",
            "2",
            "--analysis-seconds",
            "2",
            "--analysis-ms",
            "1000",
        ],
    );
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let (g1, _) = finished_game(&mut a, &mut b).await;
    let (g2, _) = finished_game(&mut a, &mut b).await;
    a.send(&json!({"t": "analyse_game", "game": g1}))
        .await
        .unwrap();
    assert_ne!(expect(&mut a, "game_analysis").await["status"], "none");
    // The same game again is no new request: not refused.
    a.send(&json!({"t": "analyse_game", "game": g1}))
        .await
        .unwrap();
    assert_ne!(expect(&mut a, "game_analysis").await["status"], "none");
    a.send(&json!({"t": "analyse_game", "game": g2}))
        .await
        .unwrap();
    let err = expect(&mut a, "error").await;
    assert_eq!(err["code"], "analysis", "{err}");
    assert!(
        err["msg"].as_str().unwrap().contains("in the last hour"),
        "{err}"
    );
    // The other player may still ask for the second game.
    b.send(&json!({"t": "analyse_game", "game": g2}))
        .await
        .unwrap();
    assert_ne!(expect(&mut b, "game_analysis").await["status"], "none");
    // A third player from the same address: the address has had its two.
    let mut c3 = guest(&server).await;
    let mut d3 = guest(&server).await;
    let (g3, _) = finished_game(&mut c3, &mut d3).await;
    c3.send(&json!({"t": "analyse_game", "game": g3}))
        .await
        .unwrap();
    let err = expect(&mut c3, "error").await;
    assert_eq!(err["code"], "analysis", "{err}");
    assert!(
        err["msg"].as_str().unwrap().contains("your address"),
        "{err}"
    );

    // The board's budget: two seconds, a second a search; the third is refused.
    let mut c = guest(&server).await;
    for id in 1..=2u64 {
        c.send(&json!({"t": "analyse", "id": id, "position": start_text()}))
            .await
            .unwrap();
        expect(&mut c, "analysis_board").await;
        let lines = final_lines(&mut c, id).await;
        assert_eq!(lines["t"], "analysis_lines", "{lines}");
    }
    c.send(&json!({"t": "analyse", "id": 3, "position": start_text()}))
        .await
        .unwrap();
    let err = expect(&mut c, "error").await;
    assert_eq!(err["code"], "busy", "{err}");
    assert!(
        err["msg"].as_str().unwrap().contains("engine time"),
        "{err}"
    );
}
