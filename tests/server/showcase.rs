//! Something to watch: with `--showcase` and nobody playing, the computer plays itself and the
//! lobby's live list (`/api/live`) shows it; a player's game against the computer still gets
//! its moves (the showcase's searches wait for the players'; the order is the pool's unit test).
//! With several instances over one PostgreSQL, one of them plays it for the site and every
//! lobby lists it.

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

#[test]
fn postgres_one_showcase_for_the_whole_site() {
    run(Backend::Postgres, 180, one_showcase_per_site);
}

/// The computer-only games the database holds as being played.
async fn showcase_rows(url: &str) -> Vec<(String, String)> {
    let pool = sqlx::postgres::PgPool::connect(url).await.unwrap();
    let rows = sqlx::query_as(
        "SELECT id, owner FROM games WHERE status = 'started' \
         AND white LIKE 'computer:%' AND black LIKE 'computer:%'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    pool.close().await;
    rows
}

/// Two instances over one PostgreSQL, both with the showcase on: one of them plays it (the
/// lease's holder), both lobbies list it, and the holder stopped gives the lease up.
async fn one_showcase_per_site(_: Backend) {
    let db = database(Backend::Postgres);
    let flags = |name| ["--showcase", "--engine-threads", "1", "--instance", name];
    let mut one = Server::start_with(&db.url, &flags("one"));
    let mut two = Server::start_with(&db.url, &flags("two"));
    let mut playing = Vec::new();
    for _ in 0..300 {
        playing = showcase_rows(&db.url).await;
        if !playing.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(playing.len(), 1, "{playing:?}");
    // Both instances look every 5 s: over two looks each there is never more than one (a
    // game between low levels may end meanwhile, and the next starts at the next look).
    for _ in 0..55 {
        let now = showcase_rows(&db.url).await;
        assert!(now.len() <= 1, "a second showcase started: {now:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Each lobby lists the one being played, the holder's from memory and the other's from
    // the database.
    for server in [&one, &two] {
        let mut listed = false;
        for _ in 0..200 {
            let current = showcase_rows(&db.url).await;
            if let Some(g) = showcase_game(server).await
                && current.iter().any(|(id, _)| g["id"] == id.as_str())
            {
                listed = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(
            listed,
            "{} does not list the showcase being played",
            server.url
        );
    }
    // SIGTERM: the lease's holder gives it up on its way out.
    let pool = sqlx::postgres::PgPool::connect(&db.url).await.unwrap();
    let owner: String = sqlx::query_scalar("SELECT owner FROM site_leases WHERE name = 'showcase'")
        .fetch_one(&pool)
        .await
        .unwrap();
    let holder = if owner == "one" { &mut one } else { &mut two };
    assert!(holder.terminate().await);
    let leases: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM site_leases WHERE owner = $1")
        .bind(&owner)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(leases, 0, "the stopped holder kept the lease");
    pool.close().await;
}
