//! Playing the computer through the server: a whole game against Easy (every computer move
//! legal, takeback granted, draw declined, the game file naming the level, rematch); its clock
//! stopped while its move waits in the queue; a full queue and the per-player limit refusing
//! new games with a plain message.

use std::time::{Duration, Instant};

use crate::server_support;

use parachess::rules::record::read_game;
use serde_json::{Value, json};
use server_support::*;

both_backends!(240, whole_game_against_easy);

mod queue {
    #[test]
    fn queued_clock_pool_bound_and_limits() {
        crate::server_support::run(
            crate::server_support::Backend::Sqlite,
            120,
            super::queued_clock_pool_bound_and_limits,
        );
    }

    #[test]
    fn the_computer_moves_after_a_restart() {
        crate::server_support::run(
            crate::server_support::Backend::Sqlite,
            120,
            super::the_computer_moves_after_a_restart,
        );
    }
}

/// The server killed while the computer thinks (Hard: seconds): the game comes back and the
/// computer makes its move.
async fn the_computer_moves_after_a_restart(_: Backend) {
    let db = database(Backend::Sqlite);
    let mut server = Server::start(&db.url);
    let mut me = guest(&server).await;
    me.send(&json!({"t": "play_computer", "level": "hard", "color": "white"}))
        .await
        .unwrap();
    let id = expect(&mut me, "started").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    let g = expect(&mut me, "game").await;
    play(&mut me, &id, 0, &strings(&g["legal"])[0]).await;
    server.kill();
    let token = me.token.clone();
    drop(me);
    let server = Server::start(&db.url);
    let mut me = parachess::server::client::Client::hello(&server.url, Some(&token))
        .await
        .unwrap();
    me.send(&json!({"t": "watch", "game": id})).await.unwrap();
    let g = expect(&mut me, "game").await;
    assert_eq!(g["status"], "started");
    if g["moves"].as_array().unwrap().len() < 2 {
        let reply = seen(&mut me, 1).await;
        assert!(reply["move"].is_string());
    }
}

/// A tiny deterministic generator: the test's own random legal moves.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn strings(v: &Value) -> Vec<String> {
    serde_json::from_value(v.clone()).unwrap_or_default()
}

/// The next `moved` of half-move `n` or the `end`, whichever comes first.
async fn next_event(c: &mut parachess::server::client::Client, n: u64) -> Value {
    c.wait_for("moved or end", T, |v| {
        (v["t"] == "moved" && v["n"] == n) || v["t"] == "end"
    })
    .await
    .unwrap_or_else(|e| panic!("waiting for move {n}: {e}"))
}

async fn whole_game_against_easy(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut me = guest(&server).await;
    me.send(&json!({"t": "play_computer", "level": "easy", "color": "white"}))
        .await
        .unwrap();
    let started = expect(&mut me, "started").await;
    assert_eq!(started["color"], "white");
    let id = started["game"].as_str().unwrap().to_string();
    let g = expect(&mut me, "game").await;
    assert_eq!(g["black"], "Computer (Easy)");
    assert_eq!(g["speed"], "untimed");
    assert_eq!(g["rated"], false);
    assert!(g["tc"].is_null() && g["clocks"].is_null(), "{g}");
    let mut legal = strings(&g["legal"]);
    let mut rng = Lcg(7);
    let mut n = 0u64;
    let mut ended = None;
    let mut asked_takeback = false;
    let mut offered_draw = false;
    while n < 600 {
        let mv = legal[rng.below(legal.len())].clone();
        let ack = play(&mut me, &id, n, &mv).await;
        n += 1;
        if strings(&ack["legal"]).is_empty() {
            ended = Some(expect(&mut me, "end").await);
            break;
        }
        let legal_for_computer = strings(&ack["legal"]);
        let reply = next_event(&mut me, n).await;
        if reply["t"] == "end" {
            ended = Some(reply);
            break;
        }
        let theirs = reply["move"].as_str().unwrap().to_string();
        assert!(
            legal_for_computer.contains(&theirs),
            "the computer's move {theirs} at {n} is not legal"
        );
        n += 1;
        legal = strings(&reply["legal"]);
        if legal.is_empty() {
            ended = Some(expect(&mut me, "end").await);
            break;
        }
        if n == 6 && !asked_takeback {
            // Granted at once: the game goes back to our move 4 (two half-moves fewer).
            asked_takeback = true;
            me.send(&json!({"t": "takeback", "game": id}))
                .await
                .unwrap();
            let g = me
                .wait_for("game after takeback", T, |v| v["t"] == "game")
                .await
                .unwrap();
            assert_eq!(g["moves"].as_array().unwrap().len(), 4, "{g}");
            n = 4;
            legal = strings(&g["legal"]);
        } else if n == 8 && !offered_draw {
            offered_draw = true;
            me.send(&json!({"t": "draw", "game": id})).await.unwrap();
            let gone = me
                .wait_for("offer_gone", T, |v| v["t"] == "offer_gone")
                .await
                .unwrap();
            assert_eq!(gone["kind"], "draw");
            assert_eq!(gone["reason"], "declined");
        }
    }
    let ended = match ended {
        Some(e) => e,
        None => {
            // A long game: resigning ends it just as well for what is checked here.
            me.send(&json!({"t": "resign", "game": id})).await.unwrap();
            expect(&mut me, "end").await
        }
    };
    assert!(asked_takeback && offered_draw);
    assert!(ended["result"].is_string(), "{ended}");
    // Archived with the level's name.
    let (status, pgn) =
        parachess::server::client::http_get(&server.url, &format!("/api/game/{id}.pgn"))
            .await
            .unwrap();
    assert_eq!(status, 200);
    assert!(pgn.contains("[Black \"Computer (Easy)\"]"), "{pgn}");
    assert!(read_game(pgn.as_bytes()).is_ok());
    // Rematch: a new game at once, colours swapped.
    me.send(&json!({"t": "rematch", "game": id})).await.unwrap();
    let again = expect(&mut me, "started").await;
    assert_eq!(again["color"], "black");
    assert_ne!(again["game"], id.as_str());
    let g = expect(&mut me, "game").await;
    assert_eq!(g["white"], "Computer (Easy)");
    // The computer, White, moves first by itself.
    let first = next_event(&mut me, 0).await;
    assert_eq!(first["t"], "moved", "{first}");
}

async fn queued_clock_pool_bound_and_limits(_: Backend) {
    let db = database(Backend::Sqlite);
    let server = Server::start_with(
        &db.url,
        &[
            "--engine-threads",
            "1",
            "--engine-queue",
            "1",
            "--computer-games",
            "1",
        ],
    );
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let mut c = guest(&server).await;
    // A plays Hard as Black: the computer's first move holds the one engine thread (seconds).
    a.send(&json!({"t": "play_computer", "level": "hard", "color": "black"}))
        .await
        .unwrap();
    expect(&mut a, "started").await;
    // B plays Easy with a clock as White; its reply waits behind Hard's search. Until the
    // engine thread has taken Hard's job from the queue, the queue is full: asked again.
    let mut started = None;
    for _ in 0..100 {
        b.send(&json!({"t": "play_computer", "level": "easy", "color": "white", "tc": "60+0"}))
            .await
            .unwrap();
        let answer = b
            .wait_for("started or error", T, |v| {
                v["t"] == "started" || v["t"] == "error"
            })
            .await
            .unwrap();
        if answer["t"] == "started" {
            started = Some(answer);
            break;
        }
        assert_eq!(answer["code"], "busy", "{answer}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let id = started.expect("the queue emptied")["game"]
        .as_str()
        .unwrap()
        .to_string();
    let g = expect(&mut b, "game").await;
    let sent = Instant::now();
    play(&mut b, &id, 0, &strings(&g["legal"])[0]).await;
    // The queue holds B's computer move: a third game is refused, saying so.
    c.send(&json!({"t": "play_computer", "level": "easy"}))
        .await
        .unwrap();
    let err = expect(&mut c, "error").await;
    assert_eq!(err["code"], "busy", "{err}");
    assert!(err["msg"].as_str().unwrap().contains("waiting"), "{err}");
    // B may not play the computer twice at once.
    b.send(&json!({"t": "play_computer", "level": "easy"}))
        .await
        .unwrap();
    let err = expect(&mut b, "error").await;
    assert_eq!(err["code"], "computer", "{err}");
    assert!(err["msg"].as_str().unwrap().contains("at most 1"), "{err}");
    // The computer's reply comes after the wait; its clock lost only the Easy search's time.
    let reply = seen(&mut b, 1).await;
    let waited = sent.elapsed();
    assert!(
        waited >= Duration::from_millis(1500),
        "the move did not wait in the queue ({waited:?}): the test shows nothing"
    );
    let black_left = reply["clocks"]["black"].as_u64().unwrap();
    assert!(
        black_left >= 60_000 - 1_000,
        "the computer's clock ran while it waited: {black_left} ms left after {waited:?}"
    );
}
