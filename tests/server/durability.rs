//! Nothing acknowledged is lost: a server killed with `kill -9` in the middle of games and
//! started again on the same database brings them back as they were; the players reconnect
//! with their tokens and go on. On SQLite and PostgreSQL.

use crate::server_support;

use serde_json::json;
use server_support::*;

both_backends!(
    180,
    kill_9_and_restart_loses_no_acknowledged_move,
    kill_9_and_restart_with_sync_normal_loses_no_acknowledged_move
);

async fn kill_9_and_restart_loses_no_acknowledged_move(backend: Backend) {
    kill_9_and_restart(backend, &[]).await;
}

/// `--sync normal` (no disk flush per commit) must still keep every acknowledged move across
/// a killed server: the commit is in the database's log, which outlives the process.
async fn kill_9_and_restart_with_sync_normal_loses_no_acknowledged_move(backend: Backend) {
    kill_9_and_restart(backend, &["--sync", "normal"]).await;
}

async fn kill_9_and_restart(backend: Backend, extra: &[&str]) {
    let db = database(backend);
    let mut server = Server::start_with(&db.url, extra);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let g = start_game(&mut a, &mut b, json!({"tc": "600+5"})).await;
    let mut legal: Vec<String> = vec![parachess::rules::Game::new().legal_moves()[0].to_string()];
    let mut acked = Vec::new();
    for n in 0..10u64 {
        let mover = if n.is_multiple_of(2) { &mut a } else { &mut b };
        let ack = play(mover, &g, n, &legal[0]).await;
        acked.push(legal[0].clone());
        legal = serde_json::from_value(ack["legal"].clone()).unwrap();
    }
    // One more move sent just before the kill: it may or may not have been committed, but if
    // it was acknowledged it must survive.
    a.send(&json!({"t": "move", "game": g, "n": 10, "move": legal[0]}))
        .await
        .unwrap();
    let last_acked = a
        .wait_for("moved", std::time::Duration::from_millis(200), |v| {
            v["t"] == "moved" && v["n"] == 10
        })
        .await
        .is_ok();
    if last_acked {
        acked.push(legal[0].clone());
    }
    server.kill();
    let (ta, tb) = (a.token.clone(), b.token.clone());
    let (na, nb) = (a.name.clone(), b.name.clone());
    drop(a);
    drop(b);

    let server = Server::start_with(&db.url, extra);
    let mut a = parachess::server::client::Client::hello(&server.url, Some(&ta))
        .await
        .unwrap();
    let mut b = parachess::server::client::Client::hello(&server.url, Some(&tb))
        .await
        .unwrap();
    assert_eq!(
        (a.name.as_str(), b.name.as_str()),
        (na.as_str(), nb.as_str()),
        "same players"
    );
    let games = expect(&mut a, "games").await;
    assert_eq!(
        games["games"][0]["id"],
        g.as_str(),
        "the game is listed as unfinished"
    );
    a.send(&json!({"t": "watch", "game": g})).await.unwrap();
    let view = expect(&mut a, "game").await;
    assert_eq!(view["status"], "started");
    let moves: Vec<String> = serde_json::from_value(view["moves"].clone()).unwrap();
    assert!(
        moves.len() >= acked.len(),
        "moves lost: {moves:?} vs {acked:?}"
    );
    assert_eq!(&moves[..acked.len()], &acked[..]);
    assert!(view["clocks"]["white"].as_u64().unwrap() > 500_000);
    // They go on.
    let mut n = moves.len() as u64;
    let mut legal: Vec<String> = serde_json::from_value(view["legal"].clone()).unwrap();
    b.send(&json!({"t": "watch", "game": g})).await.unwrap();
    expect(&mut b, "game").await;
    for _ in 0..4 {
        let mover = if n.is_multiple_of(2) { &mut a } else { &mut b };
        let ack = play(mover, &g, n, &legal[0]).await;
        legal = serde_json::from_value(ack["legal"].clone()).unwrap();
        n += 1;
    }
    let pgn = parachess::server::client::http_get(&server.url, &format!("/api/game/{g}.pgn"))
        .await
        .unwrap()
        .1;
    let record = parachess::rules::record::read_game(pgn.as_bytes()).unwrap();
    assert_eq!(record.game.plies().len() as u64, n);
}
