//! Untimed games against the computer left untouched are adjourned (their task ends, the
//! game kept) and come back when their player opens them; the first-move abort never counts
//! the time the computer's first move waits in the engine's queue.

use std::time::Duration;

use crate::server_support;

use serde_json::{Value, json};
use server_support::*;

#[test]
fn an_untouched_untimed_game_is_adjourned_and_resumed() {
    run(Backend::Sqlite, 120, adjourned_and_resumed);
}

#[test]
fn the_first_move_abort_ignores_the_computers_queue() {
    run(Backend::Sqlite, 120, first_move_abort_ignores_the_queue);
}

fn first_legal(v: &Value) -> String {
    v["legal"][0].as_str().unwrap().to_string()
}

/// Whether `/api/live` lists the game.
async fn listed(server: &Server, id: &str) -> bool {
    let (status, live) = get_json(server, "/api/live").await;
    assert_eq!(status, 200, "{live}");
    live["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id)
}

async fn adjourned_and_resumed(_: Backend) {
    let db = database(Backend::Sqlite);
    let server = Server::start_with(&db.url, &["--adjourn-secs", "1"]);
    let mut me = guest(&server).await;
    me.send(&json!({"t": "play_computer", "level": "easy", "color": "white"}))
        .await
        .unwrap();
    let id = expect(&mut me, "started").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    let g = expect(&mut me, "game").await;
    play(&mut me, &id, 0, &first_legal(&g)).await;
    let reply = seen(&mut me, 1).await;
    assert!(listed(&server, &id).await);
    // Untimed: neither a clock nor days per move (the lobby says "untimed").
    let live = get_json(&server, "/api/live").await.1;
    let g = live["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id.as_str())
        .unwrap();
    assert!(g["tc"].is_null() && g["days"].is_null(), "{g}");
    // Left alone: its task ends (polled, bounded: nothing tells a player of an adjournment).
    let mut gone = false;
    for _ in 0..200 {
        if !listed(&server, &id).await {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(gone, "the untouched game was not adjourned");
    // Kept, and among the player's unfinished games.
    // (The `games` sent after `welcome`, before the game began, may still be unread.)
    me.send(&json!({"t": "my_games"})).await.unwrap();
    let has = |v: &Value| {
        v["t"] == "games"
            && v["games"]
                .as_array()
                .is_some_and(|a| a.iter().any(|g| g["id"] == id.as_str()))
    };
    me.wait_for("games listing the adjourned game", T, has)
        .await
        .unwrap();
    // Opened again: live, and the computer answers the next move.
    me.send(&json!({"t": "watch", "game": id})).await.unwrap();
    let g = expect(&mut me, "game").await;
    assert_eq!(g["status"], "started");
    assert_eq!(g["moves"].as_array().unwrap().len(), 2);
    assert_eq!(g["position"], reply["position"]);
    play(&mut me, &id, 2, &first_legal(&g)).await;
    let answer = seen(&mut me, 3).await;
    assert!(answer["move"].is_string(), "{answer}");
    assert!(listed(&server, &id).await);
}

async fn first_move_abort_ignores_the_queue(_: Backend) {
    let db = database(Backend::Sqlite);
    let server = Server::start_with(
        &db.url,
        &["--engine-threads", "1", "--first-move-secs", "1.5"],
    );
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    // A plays Hard as Black with a clock: the computer's first move holds the one engine
    // thread for seconds.
    a.send(&json!({"t": "play_computer", "level": "hard", "color": "black", "tc": "600+0"}))
        .await
        .unwrap();
    expect(&mut a, "started").await;
    // B plays Easy as Black with a clock: the computer's first move waits behind Hard's.
    b.send(&json!({"t": "play_computer", "level": "easy", "color": "black", "tc": "600+0"}))
        .await
        .unwrap();
    let id = expect(&mut b, "started").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    expect(&mut b, "game").await;
    let asked = tokio::time::Instant::now();
    let first = b
        .wait_for("moved 0 or end", Duration::from_secs(60), |v| {
            (v["t"] == "moved" && v["n"] == 0) || v["t"] == "end"
        })
        .await
        .unwrap();
    assert!(
        asked.elapsed() >= Duration::from_millis(1500),
        "the computer's move did not wait longer than the first-move time: the test shows nothing"
    );
    assert_eq!(
        first["t"], "moved",
        "aborted while the computer's move waited: {first}"
    );
    // B's own first move is still in time (its wait counts from the computer's move).
    play(&mut b, &id, 1, &first_legal(&first)).await;
}
