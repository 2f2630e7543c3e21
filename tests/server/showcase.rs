//! Something to watch: with `--showcase` and nobody playing, the computer plays itself and the
//! lobby's live list (`/api/live`) shows it; a player's game against the computer still gets
//! its moves (the showcase's searches wait for the players'; the order is the pool's unit test).

use std::time::Duration;

use crate::server_support;

use serde_json::{Value, json};
use server_support::*;

#[test]
fn the_showcase_plays_when_nobody_does() {
    run(Backend::Sqlite, 120, showcase);
}

/// The computer-only game `/api/live` lists, if any.
async fn showcase_game(server: &Server) -> Option<Value> {
    let (status, live) = get_json(server, "/api/live").await;
    assert_eq!(status, 200, "{live}");
    live["games"].as_array()?.iter().find_map(|g| {
        let computer = |k: &str| g[k].as_str().is_some_and(|n| n.starts_with("Computer ("));
        (computer("white") && computer("black")).then(|| g.clone())
    })
}

async fn showcase(_: Backend) {
    let db = database(Backend::Sqlite);
    let server = Server::start_with(&db.url, &["--showcase", "--engine-threads", "1"]);
    // Polled, bounded: the lobby polls the same list.
    let mut moving = None;
    for _ in 0..300 {
        if let Some(g) = showcase_game(&server).await
            && g["last"].is_string()
        {
            moving = Some(g);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let g = moving.expect("no showcase game with a move in /api/live");
    assert_ne!(g["white"], g["black"], "two levels play: {g}");
    // A player's game against the computer gets its moves while the showcase plays.
    let mut me = guest(&server).await;
    me.send(&json!({"t": "play_computer", "level": "easy", "color": "black"}))
        .await
        .unwrap();
    let id = expect(&mut me, "started").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    let first = seen(&mut me, 0).await;
    assert_eq!(first["game"], id.as_str());
}
