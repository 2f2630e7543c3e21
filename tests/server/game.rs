//! Games through the server, on SQLite and on PostgreSQL alike: a whole game between two
//! WebSocket clients with a spectator seeing every move; draw offers, takebacks, resignation
//! and abort; abort when a side does not make its first move in time; flag fall; the lobby (seeks, quick pairing, a seek vanishing with its owner);
//! rematch; correspondence; the HTTP API.

use crate::server_support;

use parachess::rules::record::read_game;
use serde_json::json;
use server_support::*;

both_backends!(
    180,
    whole_game_with_a_spectator,
    draw_takeback_resign_and_abort,
    flag_fall,
    lobby_quick_pairing_and_rematch,
    correspondence,
    abort_when_a_side_does_not_move
);

/// White's first legal move.
fn opening() -> String {
    parachess::rules::Game::new().legal_moves()[0].to_string()
}

async fn whole_game_with_a_spectator(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let mut s = guest(&server).await;
    let id = start_game(&mut a, &mut b, json!({"tc": "300+3"})).await;
    s.send(&json!({"t": "watch", "game": id})).await.unwrap();
    let g = expect(&mut s, "game").await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 0);
    assert_eq!(g["white"], a.name.as_str());
    let mut legal: Vec<String> = serde_json::from_value(g["legal"].clone()).unwrap();
    let mut played = Vec::new();
    let mut n = 0u64;
    // The first legal move every time: repetitions end such a game soon enough.
    while !legal.is_empty() && n < 300 {
        let mv = legal[0].clone();
        let (mover, other) = if n.is_multiple_of(2) {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        let ack = play(mover, &id, n, &mv).await;
        assert_eq!(ack["move"], mv.as_str());
        assert_eq!(seen(other, n).await["move"], mv.as_str());
        let spect = seen(&mut s, n).await;
        assert_eq!(spect["move"], mv.as_str(), "the spectator sees move {n}");
        assert!(spect["clocks"]["white"].as_u64().is_some());
        legal = serde_json::from_value(ack["legal"].clone()).unwrap();
        played.push(mv);
        n += 1;
    }
    if legal.is_empty() {
        for c in [&mut a, &mut b, &mut s] {
            let end = expect(c, "end").await;
            assert_eq!(end["game"], id.as_str());
        }
    } else {
        a.send(&json!({"t": "resign", "game": id})).await.unwrap();
        expect(&mut s, "end").await;
    }
    // The API: the game as JSON, its game file, the players' pages.
    let (status, view) = get_json(&server, &format!("/api/game/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(view["status"], "over");
    let moves: Vec<String> = serde_json::from_value(view["moves"].clone()).unwrap();
    assert_eq!(moves, played);
    assert!(view["position"].as_str().is_some_and(|p| !p.is_empty()));
    let (status, pgn) =
        parachess::server::client::http_get(&server.url, &format!("/api/game/{id}.pgn"))
            .await
            .unwrap();
    assert_eq!(status, 200);
    let record = read_game(pgn.as_bytes()).expect("the server's game file reads back");
    assert_eq!(record.game.plies().len(), played.len());
    assert_eq!(
        record.game.outcome().map(|o| o.result_text()),
        view["result"].as_str()
    );
    assert_eq!(record.tags.white.as_deref(), Some(a.name.as_str()));
    let (status, page) = get_json(&server, &format!("/api/player/{}", b.name)).await;
    assert_eq!(status, 200);
    assert_eq!(page["games"][0]["id"], id.as_str());
    let (status, _) = get_json(&server, "/api/game/nosuchgame").await;
    assert_eq!(status, 404);
    let (status, _) = get_json(&server, "/api/player/nobody").await;
    assert_eq!(status, 404);

    // `export` writes it as a game file too.
    let out = TempDir::new("export");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_parachess-server"))
        .args(["export", "--db", &db.url, "--out"])
        .arg(&out.0)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read(out.0.join(format!("{id}.pgn"))).expect("the exported game");
    assert_eq!(read_game(&text).unwrap().game.plies().len(), played.len());
}

async fn draw_takeback_resign_and_abort(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;

    // Abort before the first moves.
    let g1 = start_game(&mut a, &mut b, json!({"tc": "60+0"})).await;
    b.send(&json!({"t": "abort", "game": g1})).await.unwrap();
    let end = expect(&mut a, "end").await;
    assert_eq!(
        (end["result"].as_str(), end["reason"].as_str()),
        (Some("*"), Some("aborted"))
    );
    expect(&mut b, "end").await;
    assert_eq!(
        get_json(&server, &format!("/api/game/{g1}")).await.1["status"],
        "aborted"
    );

    // Takeback, draw declined, then agreed.
    let g2 = start_game(&mut a, &mut b, json!({"tc": "60+0"})).await;
    let first = play(&mut a, &g2, 0, &opening()).await;
    seen(&mut b, 0).await;
    a.send(&json!({"t": "takeback", "game": g2})).await.unwrap();
    let offer = expect(&mut b, "offer").await;
    assert_eq!(
        (offer["kind"].as_str(), offer["by"].as_str()),
        (Some("takeback"), Some("white"))
    );
    b.send(&json!({"t": "takeback", "game": g2})).await.unwrap();
    let back = a
        .wait_for("game", T, |v| {
            v["t"] == "game" && v["moves"].as_array().is_some_and(|m| m.is_empty())
        })
        .await
        .unwrap();
    assert_eq!(back["turn"], "white");
    assert!(first["legal"].as_array().is_some());
    play(&mut a, &g2, 0, &opening()).await;
    let reply = b
        .wait_for("moved", T, |v| v["t"] == "moved" && v["n"] == 0)
        .await
        .unwrap();
    let black_move = reply["legal"][0].as_str().unwrap().to_string();
    play(&mut b, &g2, 1, &black_move).await;
    a.send(&json!({"t": "draw", "game": g2})).await.unwrap();
    expect(&mut b, "offer").await;
    b.send(&json!({"t": "draw_no", "game": g2})).await.unwrap();
    let gone = expect(&mut a, "offer_gone").await;
    assert_eq!(gone["kind"], "draw");
    assert_eq!(gone["reason"], "declined");
    // Abort is refused once both have moved.
    a.send(&json!({"t": "abort", "game": g2})).await.unwrap();
    assert_eq!(expect_error(&mut a).await, "over");
    b.send(&json!({"t": "draw", "game": g2})).await.unwrap();
    a.wait_for("offer", T, |v| v["t"] == "offer" && v["by"] == "black")
        .await
        .unwrap();
    a.send(&json!({"t": "draw", "game": g2})).await.unwrap();
    let end = expect(&mut b, "end").await;
    assert_eq!(
        (end["result"].as_str(), end["reason"].as_str()),
        (Some("1/2-1/2"), Some("agreement"))
    );

    // Resignation.
    let g3 = start_game(&mut a, &mut b, json!({"tc": "60+0"})).await;
    play(&mut a, &g3, 0, &opening()).await;
    a.send(&json!({"t": "resign", "game": g3})).await.unwrap();
    let end = b
        .wait_for("end", T, |v| v["t"] == "end" && v["game"] == g3.as_str())
        .await
        .unwrap();
    assert_eq!(
        (end["result"].as_str(), end["reason"].as_str()),
        (Some("0-1"), Some("resignation"))
    );
    let pgn = parachess::server::client::http_get(&server.url, &format!("/api/game/{g3}.pgn"))
        .await
        .unwrap()
        .1;
    let record = read_game(pgn.as_bytes()).unwrap();
    assert_eq!(record.game.outcome().map(|o| o.result_text()), Some("0-1"));
    // Nothing more can be played.
    b.send(&json!({"t": "move", "game": g3, "n": 1, "move": black_move}))
        .await
        .unwrap();
    let code = expect_error(&mut b).await;
    assert!(code == "over" || code == "no_game", "{code}");
}

async fn flag_fall(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let g = start_game(&mut a, &mut b, json!({"tc": "2+0"})).await;
    play(&mut a, &g, 0, &opening()).await;
    // Black never moves: the server's clock decides.
    let started = std::time::Instant::now();
    let end = a.wait_for("end", T, |v| v["t"] == "end").await.unwrap();
    assert_eq!(
        (end["result"].as_str(), end["reason"].as_str()),
        (Some("1-0"), Some("time forfeit"))
    );
    assert!(started.elapsed() >= std::time::Duration::from_millis(1500));
    expect(&mut b, "end").await;
    let view = get_json(&server, &format!("/api/game/{g}")).await.1;
    assert_eq!(view["result"], "1-0");
    assert_eq!(view["clocks"]["black"], 0);
}

async fn lobby_quick_pairing_and_rematch(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let mut watcher = guest(&server).await;
    watcher.send(&json!({"t": "lobby"})).await.unwrap();
    expect(&mut watcher, "seeks").await;

    // A seek vanishes when its owner leaves.
    let mut c = guest(&server).await;
    c.send(&json!({"t": "seek", "tc": "180+2", "rated": false}))
        .await
        .unwrap();
    let posted = expect(&mut c, "seek").await;
    let seen_seek = expect(&mut watcher, "seek").await;
    assert_eq!(seen_seek["id"], posted["id"]);
    assert_eq!(seen_seek["by"], c.name.as_str());
    c.close().await;
    let gone = expect(&mut watcher, "seek_gone").await;
    assert_eq!(gone["id"], posted["id"]);

    // Quick pairing: the first posts a seek, the second gets the game.
    a.send(&json!({"t": "quick", "tc": "180+2"})).await.unwrap();
    expect(&mut a, "seek").await;
    b.send(&json!({"t": "quick", "tc": "180+2"})).await.unwrap();
    let sa = expect(&mut a, "started").await;
    let sb = expect(&mut b, "started").await;
    assert_eq!(sa["game"], sb["game"]);
    assert_ne!(sa["color"], sb["color"]);
    let g = sa["game"].as_str().unwrap().to_string();
    let view = get_json(&server, &format!("/api/game/{g}")).await.1;
    assert_eq!(view["speed"], "blitz");
    a.send(&json!({"t": "resign", "game": g})).await.unwrap();
    expect(&mut b, "end").await;

    // Rematch: colours swapped.
    b.send(&json!({"t": "rematch", "game": g})).await.unwrap();
    let ch = expect(&mut a, "challenge").await;
    a.send(&json!({"t": "accept", "id": ch["id"]}))
        .await
        .unwrap();
    let again = b
        .wait_for("started", T, |v| {
            v["t"] == "started" && v["game"] != g.as_str()
        })
        .await
        .unwrap();
    assert_eq!(
        again["color"],
        if sb["color"] == "white" {
            "black"
        } else {
            "white"
        }
    );

    // A declined challenge.
    a.send(&json!({"t": "challenge", "to": b.name, "tc": "60+0"}))
        .await
        .unwrap();
    let ch = b
        .wait_for("challenge", T, |v| v["t"] == "challenge")
        .await
        .unwrap();
    b.send(&json!({"t": "decline", "id": ch["id"]}))
        .await
        .unwrap();
    let declined = expect(&mut a, "declined").await;
    assert_eq!(declined["id"], ch["id"]);

    // An open challenge is shown again to the challenged player's next connection.
    a.send(&json!({"t": "challenge", "to": b.name, "days": 7}))
        .await
        .unwrap();
    let posted = a
        .wait_for("seek", T, |v| v["t"] == "seek" && v["days"] == 7)
        .await
        .unwrap();
    let again = parachess::server::client::Client::hello(&server.url, Some(&b.token)).await;
    let mut again = again.unwrap();
    let shown = expect(&mut again, "challenge").await;
    assert_eq!(shown["id"], posted["id"]);
    assert_eq!(shown["days"], 7);
}

async fn correspondence(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    a.send(&json!({"t": "seek", "days": 4})).await.unwrap();
    assert_eq!(expect_error(&mut a).await, "seek");
    let g = start_game(&mut a, &mut b, json!({"days": 3})).await;
    let view = get_json(&server, &format!("/api/game/{g}")).await.1;
    assert_eq!(view["speed"], "correspondence");
    assert_eq!(view["days"], 3);
    let deadline = view["deadline"].as_i64().unwrap();
    let now = parachess::server::db::now_ms();
    assert!((deadline - now - 3 * 86_400_000).abs() < 60_000);
    play(&mut a, &g, 0, &opening()).await;
    b.send(&json!({"t": "my_games"})).await.unwrap();
    let games = b
        .wait_for("games", T, |v| {
            v["t"] == "games" && v["games"].as_array().is_some_and(|g| !g.is_empty())
        })
        .await
        .unwrap();
    assert_eq!(games["games"][0]["id"], g.as_str());
    assert_eq!(games["games"][0]["my_turn"], true);
}

/// Signs a guest up as an account called `name`.
async fn account(server: &Server, name: &str) -> parachess::server::client::Client {
    let mut c = guest(server).await;
    c.send(&json!({"t": "register", "name": name, "password": "correct horse"}))
        .await
        .unwrap();
    let w = expect(&mut c, "welcome").await;
    c.set_identity(&w);
    c
}

/// `--first-move-secs`: a rated game where White does not move, and one where Black does not
/// answer, are aborted when the window ends (unrated, both players told); the window is waited
/// for, never cut short.
async fn abort_when_a_side_does_not_move(backend: Backend) {
    const WINDOW: std::time::Duration = std::time::Duration::from_millis(1500);
    let db = database(backend);
    let server = Server::start_with(&db.url, &["--first-move-secs", "1.5"]);
    let mut a = account(&server, "Alice").await;
    let mut b = account(&server, "Bob").await;
    for white_moves in [false, true] {
        let g = start_game(&mut a, &mut b, json!({"tc": "300+0", "rated": true})).await;
        let mut since = std::time::Instant::now();
        if white_moves {
            play(&mut a, &g, 0, &opening()).await;
            since = std::time::Instant::now();
        }
        for c in [&mut a, &mut b] {
            let end = c
                .wait_for("the abort", T, |v| {
                    v["t"] == "end" && v["game"] == g.as_str()
                })
                .await
                .expect("told of the abort");
            assert_eq!(
                (end["result"].as_str(), end["reason"].as_str()),
                (Some("*"), Some("aborted")),
                "{end}"
            );
        }
        // The window counts from the game's start or its last move (a little slack for the
        // time between the server's clock and ours).
        assert!(
            since.elapsed() + std::time::Duration::from_millis(300) >= WINDOW,
            "aborted after {:?}",
            since.elapsed()
        );
        let view = get_json(&server, &format!("/api/game/{g}")).await.1;
        assert_eq!(view["status"], "aborted", "{view}");
        assert_eq!(
            view["moves"].as_array().map(Vec::len),
            Some(usize::from(white_moves))
        );
    }
    // Aborted games are not rated.
    for name in ["alice", "bob"] {
        let page = get_json(&server, &format!("/api/player/{name}")).await.1;
        assert_eq!(page["ratings"], json!([]), "{name}: {page}");
        assert_eq!(page["history"], json!([]), "{name}: {page}");
    }
}
