//! Bad input and abuse: a table of hostile messages, each answered by an error or a closed
//! connection, never a panic or a changed game; accounts, wrong passwords and their rate
//! limits (per account and per address); connections per address; a message budget shared by
//! an address's connections; a client that stops reading; ratings after a rated game. On
//! SQLite and PostgreSQL. A second client address is 127.0.0.2 (all of 127/8 is loopback).

use crate::server_support;

use std::time::Duration;

use parachess::server::client::Client;
use serde_json::{Value, json};
use server_support::*;

both_backends!(
    180,
    hostile_messages,
    accounts_passwords_and_ratings,
    connections_per_address,
    messages_per_address,
    sign_in_per_address,
    a_client_that_stops_reading
);

/// The address the tests' clients come from, and another one.
const HERE: &str = "127.0.0.1";
const THERE: &str = "127.0.0.2";

/// What a hostile message must get.
enum Want {
    /// An error with this code.
    Error(&'static str),
    /// The connection closed.
    Closed,
}

/// Sends `text` on `c` and checks the answer; `false` when the connection closed.
async fn check(c: &mut Client, what: &str, text: &str, want: Want) -> bool {
    c.send_raw(text)
        .await
        .unwrap_or_else(|e| panic!("{what}: send: {e}"));
    let answer = c.wait_for(what, T, |v| v["t"] == "error").await;
    match (want, answer) {
        (Want::Error(code), Ok(v)) => {
            assert_eq!(v["code"], code, "{what}: {v}");
            true
        }
        (Want::Closed, Err(parachess::server::client::ClientError::Socket(_))) => false,
        (Want::Closed, Ok(v)) => {
            // An error first is fine, then the close.
            let next = c.recv(T).await;
            assert!(next.is_err(), "{what}: not closed after {v}: {next:?}");
            false
        }
        (_, other) => panic!("{what}: unexpected {other:?}"),
    }
}

async fn hostile_messages(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let g = start_game(&mut a, &mut b, json!({"tc": "300+0"})).await;
    let opening = parachess::rules::Game::new().legal_moves()[0].to_string();
    play(&mut a, &g, 0, &opening).await;
    let moves_now =
        || async { get_json(&server, &format!("/api/game/{g}")).await.1["moves"].clone() };
    let before: Value = moves_now().await;

    // Who sends: 'a' (White, not on move), 'b' (Black, on move) or 'c' (not playing).
    let table: Vec<(char, &str, String, Want)> = vec![
        ('c', "malformed JSON", "{\"t\": \"move\", ".to_string(), Want::Error("bad_json")),
        ('c', "not an object", "[1, 2, 3]".to_string(), Want::Error("bad_json")),
        ('b', "missing fields", json!({"t": "move", "game": g}).to_string(), Want::Error("bad_json")),
        ('b', "wrong types", json!({"t": "move", "game": g, "n": "one", "move": 5}).to_string(), Want::Error("bad_json")),
        ('b', "n out of range", json!({"t": "move", "game": g, "n": 4_294_967_296u64, "move": "a1a2"}).to_string(), Want::Error("bad_json")),
        ('c', "oversized", json!({"t": "ping", "pad": "x".repeat(100_000)}).to_string(), Want::Closed),
        ('a', "out of turn", json!({"t": "move", "game": g, "n": 1, "move": opening}).to_string(), Want::Error("not_your_turn")),
        ('b', "illegal move", json!({"t": "move", "game": g, "n": 1, "move": "a1a1"}).to_string(), Want::Error("illegal")),
        ('b', "garbage move", json!({"t": "move", "game": g, "n": 1, "move": "<script>"}).to_string(), Want::Error("illegal")),
        ('b', "long move", json!({"t": "move", "game": g, "n": 1, "move": "x".repeat(3000)}).to_string(), Want::Error("illegal")),
        ('b', "stale n", json!({"t": "move", "game": g, "n": 7, "move": opening}).to_string(), Want::Error("stale")),
        ('b', "replayed old move", json!({"t": "move", "game": g, "n": 0, "move": "a1a1"}).to_string(), Want::Error("stale")),
        ('b', "White's move sent by Black", json!({"t": "move", "game": g, "n": 0, "move": opening}).to_string(), Want::Error("stale")),
        ('b', "takeback with no move", json!({"t": "takeback", "game": g}).to_string(), Want::Error("offer")),
        ('b', "no such game", json!({"t": "move", "game": "'; DROP TABLE games;--", "n": 1, "move": "a1a2"}).to_string(), Want::Error("no_game")),
        ('c', "watch an SQL id", json!({"t": "watch", "game": "x' OR '1'='1"}).to_string(), Want::Error("no_game")),
        ('c', "challenge an HTML name", json!({"t": "challenge", "to": "<script>alert(1)</script>", "tc": "60+0"}).to_string(), Want::Error("name")),
        ('c', "register an HTML name", json!({"t": "register", "name": "<b>bold</b>", "password": "long enough"}).to_string(), Want::Error("name")),
        ('c', "register an SQL name", json!({"t": "register", "name": "Robert'); DROP TABLE players;--", "password": "long enough"}).to_string(), Want::Error("name")),
        ('c', "hello twice", json!({"t": "hello", "v": 1}).to_string(), Want::Error("hello_first")),
        ('c', "bad seek", json!({"t": "seek", "tc": "-5+x"}).to_string(), Want::Error("seek")),
        ('c', "unknown variant", json!({"t": "seek", "tc": "60+0", "variant": "<i>x</i>"}).to_string(), Want::Error("seek")),
        ('c', "quick pairing in an unknown variant", json!({"t": "quick", "tc": "60+0", "variant": "'; DROP TABLE games;--"}).to_string(), Want::Error("seek")),
        ('c', "quick pairing in a Shuffle arrangement that is not", json!({"t": "quick", "tc": "60+0", "variant": "Shuffle Parachess 180"}).to_string(), Want::Error("seek")),
        ('c', "quick pairing with a huge variant name", json!({"t": "quick", "tc": "60+0", "variant": "x".repeat(5000)}).to_string(), Want::Error("seek")),
        ('c', "accept a missing seek", json!({"t": "accept", "id": "99999999999999999999"}).to_string(), Want::Error("no_seek")),
        ('c', "cancel another's seek", json!({"t": "cancel_seek", "id": "1"}).to_string(), Want::Error("no_seek")),
        ('c', "another player's move", json!({"t": "move", "game": g, "n": 1, "move": opening}).to_string(), Want::Error("not_player")),
        ('c', "another player's resignation", json!({"t": "resign", "game": g}).to_string(), Want::Error("not_player")),
        ('c', "another player's draw offer", json!({"t": "draw", "game": g}).to_string(), Want::Error("not_player")),
        ('c', "another player's abort", json!({"t": "abort", "game": g}).to_string(), Want::Error("not_player")),
        ('c', "another player's takeback", json!({"t": "takeback", "game": g}).to_string(), Want::Error("not_player")),
    ];
    let mut c = guest(&server).await;
    a.clear();
    b.clear();
    for (who, what, text, want) in table {
        let client = match who {
            'a' => &mut a,
            'b' => &mut b,
            _ => &mut c,
        };
        if !check(client, what, &text, want).await {
            assert_eq!(who, 'c', "{what}: a player's connection was closed");
            c = guest(&server).await;
        }
    }

    // A kind this server does not know (from a newer client) is ignored, with its unknown
    // fields: no error, the connection goes on (the next answer is the ping's pong).
    c.clear();
    c.send(&json!({"t": "nuke", "target": "everything"}))
        .await
        .unwrap();
    c.send(&json!({"t": "ping", "n": 41, "extra": [1, 2]}))
        .await
        .unwrap();
    let next = c.recv(T).await.expect("an answer after an unknown kind");
    assert_eq!(
        (next["t"].as_str(), next["n"].as_u64()),
        (Some("pong"), Some(41)),
        "{next}"
    );

    // Before hello: closed. A wrong version: an error, then closed.
    let mut raw = Client::connect(&server.url).await.unwrap();
    raw.send(&json!({"t": "lobby"})).await.unwrap();
    assert!(raw.recv(T).await.is_err(), "no hello: closed");
    let mut raw = Client::connect(&server.url).await.unwrap();
    assert!(
        !check(
            &mut raw,
            "wrong version",
            &json!({"t": "hello", "v": 99}).to_string(),
            Want::Closed
        )
        .await
    );

    // A flood: beyond the burst, rate errors (the messages are dropped) ...
    let mut flood = guest(&server).await;
    for i in 0..100 {
        flood.send(&json!({"t": "ping", "n": i})).await.unwrap();
    }
    let (mut pongs, mut rate_errors) = (0, 0);
    while pongs + rate_errors < 100 {
        let v = flood
            .recv(T)
            .await
            .expect("an answer to each message of the flood");
        match v["t"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if v["code"] == "rate" => rate_errors += 1,
            _ => {}
        }
    }
    assert!(
        rate_errors > 0 && pongs < 100,
        "{pongs} pongs, {rate_errors} rate errors"
    );
    // ... and a flood that goes on closes the connection.
    for i in 0..200 {
        if flood.send(&json!({"t": "ping", "n": i})).await.is_err() {
            break;
        }
    }
    let closed = loop {
        match flood.recv(T).await {
            Ok(_) => continue,
            Err(e) => break !matches!(e, parachess::server::client::ClientError::Timeout(_)),
        }
    };
    assert!(closed, "a flood that goes on is closed");

    // The game is as it was and the server still answers.
    assert_eq!(moves_now().await, before);
    let mut ok = guest(&server).await;
    ok.send(&json!({"t": "ping", "n": 7})).await.unwrap();
    assert_eq!(expect(&mut ok, "pong").await["n"], 7);
    let view = get_json(&server, &format!("/api/game/{g}")).await.1;
    let reply = view["legal"][0].as_str().unwrap();
    play(&mut b, &g, 1, reply).await;
}

async fn accounts_passwords_and_ratings(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut alice = guest(&server).await;
    alice
        .send(&json!({"t": "register", "name": "Alice", "password": "correct horse"}))
        .await
        .unwrap();
    let w = expect(&mut alice, "welcome").await;
    assert_eq!(
        (w["name"].as_str(), w["guest"].as_bool()),
        (Some("Alice"), Some(false))
    );
    alice.set_identity(&w);
    let mut again = guest(&server).await;
    again
        .send(&json!({"t": "register", "name": "alice", "password": "another one"}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut again).await, "taken");
    again
        .send(&json!({"t": "register", "name": "Bob", "password": "short"}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut again).await, "auth");

    // The session token resumes the account.
    let resumed = Client::hello(&server.url, Some(&alice.token))
        .await
        .unwrap();
    assert_eq!(resumed.name, "Alice");

    // Wrong passwords: refused, then rate limited for that account, even with the right one.
    let mut guesser = guest(&server).await;
    for _ in 0..5 {
        guesser
            .send(&json!({"t": "login", "name": "alice", "password": "wrong password"}))
            .await
            .unwrap();
        assert_eq!(expect_error(&mut guesser).await, "auth");
    }
    guesser
        .send(&json!({"t": "login", "name": "alice", "password": "correct horse"}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut guesser).await, "rate");
    // A missing account answers as a wrong password does.
    guesser
        .send(&json!({"t": "login", "name": "nobody", "password": "whatever1"}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut guesser).await, "auth");

    // A rated game between accounts changes both ratings.
    let mut bob = guest(&server).await;
    bob.send(&json!({"t": "register", "name": "Bob", "password": "battery staple"}))
        .await
        .unwrap();
    let w = expect(&mut bob, "welcome").await;
    bob.set_identity(&w);
    let mut g1 = guest(&server).await;
    g1.send(&json!({"t": "seek", "tc": "60+0", "rated": true}))
        .await
        .unwrap();
    assert_eq!(
        expect_error(&mut g1).await,
        "seek",
        "guests play casual games only"
    );
    let g = start_game(&mut alice, &mut bob, json!({"tc": "300+0", "rated": true})).await;
    let opening = parachess::rules::Game::new().legal_moves()[0].to_string();
    play(&mut alice, &g, 0, &opening).await;
    bob.send(&json!({"t": "resign", "game": g})).await.unwrap();
    expect(&mut alice, "end").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let page = get_json(&server, "/api/player/alice").await.1;
    assert_eq!(page["name"], "Alice");
    assert_eq!(page["ratings"][0]["speed"], "blitz");
    assert_eq!(page["ratings"][0]["variant"], "parachess");
    assert!(page["ratings"][0]["rating"].as_i64().unwrap() > 1500);
    assert_eq!(page["history"][0]["game"], g.as_str());
    let page = get_json(&server, "/api/player/BOB").await.1;
    assert!(page["ratings"][0]["rating"].as_i64().unwrap() < 1500);
}

async fn connections_per_address(backend: Backend) {
    let db = database(backend);
    let server = Server::start_with(&db.url, &["--per-address", "3"]);
    // Handshakes abandoned half-way (the request sent, the line closed before the answer)
    // give their slots back: more of them than the limit, then the limit's worth of players.
    let host = server.url.trim_start_matches("http://").to_string();
    for _ in 0..5 {
        abandoned_handshake(&host).await;
    }
    // Their sockets close on their own time: each slot comes back within a bound.
    let mut open = Vec::new();
    for _ in 0..3 {
        let mut tries = 0;
        let client = loop {
            match Client::hello(&server.url, None).await {
                Ok(c) => break c,
                Err(e) => {
                    tries += 1;
                    assert!(
                        tries < 100,
                        "the abandoned handshakes keep their slots: {e}"
                    );
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        };
        open.push(client);
    }
    assert!(
        Client::connect(&server.url).await.is_err(),
        "a fourth connection is refused"
    );
    drop(open.pop());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        Client::hello(&server.url, None).await.is_ok(),
        "room again after one closed"
    );
}

/// Sends a WebSocket upgrade request and closes the connection without reading the answer.
async fn abandoned_handshake(host: &str) {
    use tokio::io::AsyncWriteExt;
    let mut tcp = tokio::net::TcpStream::connect(host).await.unwrap();
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    tcp.write_all(request.as_bytes()).await.unwrap();
    tcp.shutdown().await.unwrap();
    drop(tcp);
}

/// Pings sent on `c`, then their answers: (pongs, rate errors).
async fn ping_round(c: &mut RawWs, count: usize) -> (usize, usize) {
    for i in 0..count {
        c.send(&json!({"t": "ping", "n": i}))
            .await
            .expect("send ping");
    }
    let (mut pongs, mut refused) = (0, 0);
    while pongs + refused < count {
        let v = c.recv(T).await.expect("an answer to each ping");
        match v["t"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if v["code"] == "rate" => refused += 1,
            _ => {}
        }
    }
    (pongs, refused)
}

/// All the connections of an address share one message budget: connections that each stay
/// within their own budget are refused together, a flood from them is closed, and another
/// address is not touched.
async fn messages_per_address(backend: Backend) {
    let db = database(backend);
    // 5 messages a second per address, a burst of 15; each connection may send 60 at once.
    let server = Server::start_with(&db.url, &["--address-rate", "5"]);
    let mut crowd = Vec::new();
    for _ in 0..4 {
        crowd.push(RawWs::hello(&server, HERE, None).await);
    }
    let mut other = RawWs::hello(&server, THERE, None).await;

    // 20 pings on each: 80 from the address, 20 from each connection (its own burst is 60).
    let mut rounds = Vec::new();
    for c in &mut crowd {
        rounds.push(ping_round(c, 20).await);
    }
    let pongs: usize = rounds.iter().map(|r| r.0).sum();
    assert!(pongs < 60, "the address's budget held: {rounds:?}");
    let (_, last_refused) = rounds[3];
    assert!(
        last_refused > 0,
        "a connection within its own budget is refused once its address spent the shared one: \
         {rounds:?}"
    );
    // The other address is served in full (within its own budget).
    assert_eq!(ping_round(&mut other, 5).await, (5, 0));

    // A flood that goes on closes each connection that sends it.
    for c in &mut crowd {
        for i in 0..120 {
            if c.send(&json!({"t": "ping", "n": i})).await.is_err() {
                break;
            }
        }
    }
    for c in &mut crowd {
        let (why, got) = c.until_closed(T).await;
        assert!(
            got.iter().any(|v| v["code"] == "rate"),
            "an error before the close ({why})"
        );
    }
    // The other address still is served.
    assert_eq!(ping_round(&mut other, 5).await, (5, 0));
}

/// The next `welcome` or `error`.
async fn next(c: &mut RawWs) -> Value {
    loop {
        let v = c.recv(T).await.expect("an answer");
        if v["t"] == "welcome" || v["t"] == "error" {
            return v;
        }
    }
}

/// Sign-in attempts are limited per address (20 a minute): a guesser trying many accounts
/// from one address is refused, while the account's owner elsewhere signs in.
async fn sign_in_per_address(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut owner = RawWs::hello(&server, THERE, None).await;
    owner
        .send(&json!({"t": "register", "name": "Carol", "password": "correct horse"}))
        .await
        .unwrap();
    assert_eq!(next(&mut owner).await["t"], "welcome");

    // A guesser tries a different account each time (no account's own limit is reached).
    let mut guesser = RawWs::hello(&server, HERE, None).await;
    let mut codes = Vec::new();
    for i in 0..25 {
        guesser
            .send(&json!({"t": "login", "name": format!("victim{i}"), "password": "guess1234"}))
            .await
            .unwrap();
        let v = next(&mut guesser).await;
        codes.push(v["code"].as_str().unwrap_or_default().to_string());
        if v["code"] == "rate" {
            assert!(
                v["msg"].as_str().unwrap_or_default().contains("address"),
                "{v}"
            );
        }
    }
    assert!(
        codes[..20].iter().all(|c| c == "auth"),
        "the first 20 attempts are answered: {codes:?}"
    );
    assert!(
        codes[20..].iter().any(|c| c == "rate"),
        "then the address is refused: {codes:?}"
    );
    // Even the right password, from that address.
    let mut same = RawWs::hello(&server, HERE, None).await;
    same.send(&json!({"t": "login", "name": "carol", "password": "correct horse"}))
        .await
        .unwrap();
    assert_eq!(next(&mut same).await["code"], "rate");
    // From another address it goes in.
    let mut elsewhere = RawWs::hello(&server, THERE, None).await;
    elsewhere
        .send(&json!({"t": "login", "name": "carol", "password": "correct horse"}))
        .await
        .unwrap();
    let w = next(&mut elsewhere).await;
    assert_eq!(
        (w["t"].as_str(), w["name"].as_str()),
        (Some("welcome"), Some("Carol"))
    );
}

/// A spectator that stops reading while a game floods it with events is closed (its queue is
/// bounded); the players and another spectator go on as if nothing happened.
async fn a_client_that_stops_reading(backend: Backend) {
    let db = database(backend);
    // The players may send as fast as the test goes (their own limits are not under test).
    let server = Server::start_with(
        &db.url,
        &[
            "--send-queue",
            "8",
            "--message-rate",
            "10000",
            "--address-rate",
            "0",
        ],
    );
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let g = start_game(&mut a, &mut b, json!({"tc": "600+0"})).await;
    let mut watcher = guest(&server).await;
    watcher
        .send(&json!({"t": "watch", "game": g}))
        .await
        .unwrap();
    expect(&mut watcher, "game").await;
    // A small receive buffer, so that the server's writes stall soon, and the routes of the
    // moves (as the web page asks for them), so that every message is large.
    let hello = json!({"t": "hello", "v": 1, "routes": true});
    let mut sloth = RawWs::hello_with(&server, HERE, Some(4096), hello).await;
    sloth.send(&json!({"t": "watch", "game": g})).await.unwrap();
    assert!(is_online(&server, &sloth.name).await);

    // White moves and takes it back, again and again: each round sends every follower a
    // move, an offer and the whole game. The sloth reads none of it.
    let opening = parachess::rules::Game::new().legal_moves()[0].to_string();
    let empty = |v: &Value| v["t"] == "game" && v["moves"].as_array().is_some_and(|m| m.is_empty());
    let mut rounds = 0;
    while is_online(&server, &sloth.name).await {
        rounds += 1;
        assert!(
            rounds <= 4000,
            "the sloth is still connected after 4000 rounds"
        );
        play(&mut a, &g, 0, &opening).await;
        a.send(&json!({"t": "takeback", "game": g})).await.unwrap();
        expect(&mut b, "offer").await;
        b.send(&json!({"t": "takeback", "game": g})).await.unwrap();
        for c in [&mut a, &mut b, &mut watcher] {
            c.wait_for("the game taken back", T, empty)
                .await
                .expect("the game taken back");
            c.clear();
        }
    }
    // The sloth's socket holds what was sent before the server gave up on it, then ends.
    eprintln!("the sloth was closed after {rounds} rounds");
    // Fewer than the 3 a round it was sent: what overflowed its queue was dropped, not
    // delivered late.
    let (why, got) = sloth.until_closed(T).await;
    assert!(
        got.len() < 3 * rounds,
        "{} messages for {rounds} rounds ({why})",
        got.len()
    );
    // The game goes on, and the other spectator sees it.
    play(&mut a, &g, 0, &opening).await;
    let reply = seen(&mut b, 0).await["legal"][0]
        .as_str()
        .expect("a reply")
        .to_string();
    play(&mut b, &g, 1, &reply).await;
    seen(&mut watcher, 1).await;
    assert_eq!(
        get_json(&server, &format!("/api/game/{g}")).await.1["moves"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
}
