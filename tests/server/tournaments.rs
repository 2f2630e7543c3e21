//! Tournaments on the server (issue 42), with guest players at tiny clocks: a Swiss killed
//! with `kill -9` after its first round was paired comes back, pairs nobody twice and scores
//! nothing twice; an arena pairs players again as they finish, never the one just played,
//! scores a no-show as a loss and withdraws them. On SQLite and PostgreSQL.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use parachess::server::client::Client;
use parachess::server::messages::{ClientMsg, ServerMsg, TournamentSpec};
use parachess::server::tournaments::api::TournamentJson;
use parachess::server::tournaments::scoring::{ArenaGame, ArenaResult, arena_score};
use serde_json::{Value, json};

use crate::server_support;
use server_support::*;

both_backends!(
    150,
    swiss_comes_back_after_a_kill,
    arena_pairs_again_and_withdraws_a_no_show,
    arena_berserk_halves_the_clock_and_scores_a_point,
    swiss_rounds_start_at_set_times
);

async fn create(c: &mut Client, spec: TournamentSpec) -> String {
    say(c, ClientMsg::TournamentCreate(Box::new(spec))).await;
    wait_msg(c, "tournament_created", |m| match m {
        ServerMsg::TournamentCreated { id } => Some(id),
        _ => None,
    })
    .await
}

async fn join(c: &mut Client, id: &str) {
    say(c, ClientMsg::TournamentJoin { id: id.to_string() }).await;
    wait_msg(c, "tournament_entry", |m| match m {
        ServerMsg::TournamentEntry { joined: true, .. } => Some(()),
        _ => None,
    })
    .await;
}

async fn tournament(server: &Server, id: &str) -> TournamentJson {
    let (status, v) = get_json(server, &format!("/api/tournament/{id}")).await;
    assert_eq!(status, 200, "{v}");
    serde_json::from_value(v).unwrap()
}

/// Polls the API (the only way to see a director's work from outside) until `done` holds.
async fn until(
    server: &Server,
    id: &str,
    what: &str,
    done: impl Fn(&TournamentJson) -> bool,
) -> TournamentJson {
    for _ in 0..600 {
        let t = tournament(server, id).await;
        if done(&t) {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("tournament {id}: never {what}");
}

/// The next game this player is paired in: (game, colour).
async fn paired(c: &mut Client) -> (String, String) {
    wait_msg(c, "started", |m| match m {
        ServerMsg::Started { game, color } => Some((game, color.to_string())),
        _ => None,
    })
    .await
}

async fn swiss_comes_back_after_a_kill(backend: Backend) {
    let db = database(backend);
    let mut server = Server::start(&db.url);
    let mut host = guest(&server).await;
    let id = create(
        &mut host,
        TournamentSpec {
            kind: "swiss".to_string(),
            name: "Test Swiss".to_string(),
            tc: Some("30+0".to_string()),
            rounds: Some(2),
            starts_in_secs: 3,
            ..TournamentSpec::default()
        },
    )
    .await;
    let mut players = Vec::new();
    for _ in 0..4 {
        let mut p = guest(&server).await;
        join(&mut p, &id).await;
        players.push(p);
    }
    // Round one: everyone is paired once.
    let mut round1 = Vec::new();
    for p in &mut players {
        round1.push(paired(p).await);
    }
    let t = until(&server, &id, "paired round 1", |t| t.round == 1).await;
    let rounds = t.rounds.clone().unwrap();
    assert_eq!(rounds[0].pairings.len(), 2);
    let ids1: Vec<String> = rounds[0].pairings.iter().map(|p| p.game.clone()).collect();

    // kill -9 with round one's games running; back on the same database.
    server.kill();
    let tokens: Vec<String> = players.iter().map(|p| p.token.clone()).collect();
    drop(players);
    let server = Server::start(&db.url);
    let mut players = Vec::new();
    for t in &tokens {
        players.push(Client::hello(&server.url, Some(t)).await.unwrap());
    }
    // Black resigns each game of round one (from the games the player is told of).
    for (p, (game, colour)) in players.iter_mut().zip(&round1) {
        let games = expect(p, "games").await;
        assert_eq!(games["games"][0]["id"], game.as_str());
        if colour == "black" {
            say(p, ClientMsg::Resign { game: game.clone() }).await;
        }
    }
    // Round two, then the end.
    for p in &mut players {
        let (game, colour) = paired(p).await;
        assert!(!ids1.contains(&game), "a round-one game paired again");
        if colour == "black" {
            say(p, ClientMsg::Resign { game }).await;
        }
    }
    let t = until(&server, &id, "finished", |t| t.status == "finished").await;
    assert_eq!(t.kind, "swiss");
    let rounds = t.rounds.unwrap();
    assert_eq!(rounds.len(), 2);
    assert_eq!(
        rounds[0]
            .pairings
            .iter()
            .map(|p| p.game.clone())
            .collect::<Vec<_>>(),
        ids1
    );
    let mut met = std::collections::HashSet::new();
    for r in &rounds {
        assert_eq!(r.pairings.len(), 2);
        assert!(r.byes.is_empty());
        for p in &r.pairings {
            assert_eq!(p.result.as_deref(), Some("1-0"), "{p:?}");
            let pair = if p.white < p.black {
                (p.white.clone(), p.black.clone())
            } else {
                (p.black.clone(), p.white.clone())
            };
            assert!(met.insert(pair), "{} and {} met twice", p.white, p.black);
        }
    }
    // Four games, a point each, scored once.
    assert_eq!(t.players.len(), 4);
    assert_eq!(t.players.iter().map(|p| p.score).sum::<f64>(), 4.0);
    assert_eq!(t.players[0].rank, 1);
    let (_, raw) = get_json(&server, &format!("/api/tournament/{id}")).await;
    for key in ["kind", "status", "players", "rounds"] {
        assert!(raw.get(key).is_some(), "{key} missing: {raw}");
    }
    for key in ["name", "score", "buchholz", "sonneborn_berger", "rank"] {
        assert!(raw["players"][0].get(key).is_some(), "{key} missing");
    }
    assert_eq!(get_json(&server, "/api/tournament/nosuch").await.0, 404);
}

/// A player who makes a first move as White, and as Black resigns once White has moved (so a
/// White who never moves is the no-show), until `stop`.
fn play_along(mut c: Client, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<Client> {
    tokio::spawn(async move {
        let mut white_in = None;
        let mut black_in = None;
        while !stop.load(Ordering::Relaxed) {
            match c.next_msg(Duration::from_millis(200)).await {
                Ok(ServerMsg::Started { game, color }) if color == "black" => black_in = Some(game),
                Ok(ServerMsg::Moved(m))
                    if m.n == 0 && black_in.as_deref() == Some(m.game.as_str()) =>
                {
                    let _ = c
                        .say(&ClientMsg::Resign {
                            game: m.game.clone(),
                        })
                        .await;
                    black_in = None;
                }
                Ok(ServerMsg::Started { game, .. }) => white_in = Some(game),
                Ok(ServerMsg::Game(view))
                    if white_in.as_deref() == Some(view.id.as_str()) && view.moves.is_empty() =>
                {
                    if let Some(mv) = view.legal.first() {
                        let _ = c
                            .say(&ClientMsg::Move {
                                game: view.id.clone(),
                                n: 0,
                                mv: mv.clone(),
                            })
                            .await;
                    }
                    white_in = None;
                }
                _ => {}
            }
        }
        c
    })
}

async fn arena_pairs_again_and_withdraws_a_no_show(backend: Backend) {
    let db = database(backend);
    let server = Server::start_with(&db.url, &["--first-move-secs", "2"]);
    let mut host = guest(&server).await;
    let id = create(
        &mut host,
        TournamentSpec {
            kind: "arena".to_string(),
            name: "Test Arena".to_string(),
            tc: Some("20+0".to_string()),
            length_secs: Some(14),
            starts_in_secs: 2,
            ..TournamentSpec::default()
        },
    )
    .await;
    let stop = Arc::new(AtomicBool::new(false));
    let mut names = Vec::new();
    let mut tasks = Vec::new();
    for _ in 0..3 {
        let mut p = guest(&server).await;
        join(&mut p, &id).await;
        names.push(p.name.clone());
        tasks.push(play_along(p, stop.clone()));
    }
    // Connected, joined, and never moves.
    let mut idle = guest(&server).await;
    join(&mut idle, &id).await;
    let t = until(&server, &id, "finished", |t| t.status == "finished").await;
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.await.unwrap();
    }
    assert_eq!(t.kind, "arena");
    let games = t.games.clone().unwrap();
    assert!(games.len() >= 3, "{games:?}");
    assert!(
        games
            .iter()
            .all(|g| g.result.is_some() && g.end.is_some_and(|e| e >= g.start))
    );
    // The idle player lost their game as a no-show and was withdrawn.
    let idle_line = t.players.iter().find(|p| p.name == idle.name).unwrap();
    assert!(idle_line.withdrawn);
    assert_eq!(
        games
            .iter()
            .filter(|g| g.white == idle.name || g.black == idle.name)
            .count(),
        1
    );
    // Never the opponent just played; scores by the arena's rules, game by game.
    for name in names.iter().chain([&idle.name]) {
        let mine: Vec<_> = games
            .iter()
            .filter(|g| &g.white == name || &g.black == name)
            .collect();
        for w in mine.windows(2) {
            let other = |g: &&parachess::server::tournaments::api::ArenaGameJson| {
                if &g.white == name {
                    g.black.clone()
                } else {
                    g.white.clone()
                }
            };
            assert_ne!(
                other(&w[0]),
                other(&w[1]),
                "{name} met the same player twice running"
            );
        }
        let mut ended = mine.clone();
        ended.sort_by_key(|g| g.end);
        let results: Vec<ArenaGame> = ended
            .iter()
            .map(|g| {
                let won = (g.result.as_deref() == Some("1-0")) == (&g.white == name);
                ArenaGame {
                    result: if won {
                        ArenaResult::Win
                    } else {
                        ArenaResult::Loss
                    },
                    berserk: false,
                    moves: 0,
                }
            })
            .collect();
        let line = t.players.iter().find(|p| &p.name == name).unwrap();
        assert_eq!(line.score, f64::from(arena_score(&results).total), "{name}");
    }
    let _: Value = serde_json::to_value(&t).unwrap();
}

/// The `berserk` event as `c` sees it: (side, White's ms, Black's ms).
async fn berserk_seen(c: &mut Client) -> (String, u64, u64) {
    wait_msg(c, "berserk", |m| match m {
        ServerMsg::Berserk { side, clocks, .. } => {
            Some((side.to_string(), clocks.white, clocks.black))
        }
        _ => None,
    })
    .await
}

/// Berserk in an arena: before one's first move only, half the base time off and no
/// increment, both players told; refused after the first move, twice, and outside an arena;
/// a berserk win of 7 moves scores 2 + 1.
async fn arena_berserk_halves_the_clock_and_scores_a_point(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    // Outside an arena: refused.
    let (mut c, mut d) = (guest(&server).await, guest(&server).await);
    let casual = start_game(&mut c, &mut d, json!({"tc": "60+2"})).await;
    say(&mut c, ClientMsg::Berserk { game: casual }).await;
    assert_eq!(expect_error(&mut c).await, "berserk");

    let mut host = guest(&server).await;
    let id = create(
        &mut host,
        TournamentSpec {
            kind: "arena".to_string(),
            name: "Berserk Arena".to_string(),
            tc: Some("60+2".to_string()),
            length_secs: Some(300),
            starts_in_secs: 1,
            ..TournamentSpec::default()
        },
    )
    .await;
    let (mut a, mut b) = (guest(&server).await, guest(&server).await);
    join(&mut a, &id).await;
    join(&mut b, &id).await;
    let (game, colour) = paired(&mut a).await;
    paired(&mut b).await;
    let (mut white, mut black) = if colour == "white" { (a, b) } else { (b, a) };
    let view = wait_msg(&mut white, "game", |m| match m {
        ServerMsg::Game(v) if v.id == game => Some(v),
        _ => None,
    })
    .await;
    assert_eq!(view.berserk.as_deref(), Some(&[][..]), "an arena game");
    // Its page hides Abort by this (a tournament's game is never aborted).
    assert_eq!(
        view.tournament.as_deref(),
        Some(id.as_str()),
        "names its tournament"
    );

    say(&mut white, ClientMsg::Berserk { game: game.clone() }).await;
    let expected = ("white".to_string(), 30_000, 60_000);
    assert_eq!(berserk_seen(&mut white).await, expected);
    assert_eq!(
        berserk_seen(&mut black).await,
        expected,
        "the opponent sees it"
    );
    say(&mut white, ClientMsg::Berserk { game: game.clone() }).await;
    assert_eq!(expect_error(&mut white).await, "berserk", "twice");

    // White's first move costs nothing (the clocks start with it) and gains nothing.
    let mut legal = view.legal.clone();
    let mut n = 0u64;
    let mut moved = Value::Null;
    while n < 13 {
        let mover = if n.is_multiple_of(2) {
            &mut white
        } else {
            &mut black
        };
        moved = play(mover, &game, n, &legal[0]).await;
        if n == 0 {
            assert_eq!(moved["clocks"]["white"], 30_000, "no increment: {moved}");
            say(&mut white, ClientMsg::Berserk { game: game.clone() }).await;
            assert_eq!(expect_error(&mut white).await, "berserk", "after a move");
        }
        legal = serde_json::from_value(moved["legal"].clone()).unwrap();
        assert!(!legal.is_empty(), "the game ended early: {moved}");
        n += 1;
    }
    // Seven moves of White's, never a gain.
    assert!(
        moved["clocks"]["white"].as_u64().unwrap() <= 30_000,
        "{moved}"
    );
    say(&mut black, ClientMsg::Resign { game: game.clone() }).await;
    let (wname, bname) = (white.name.clone(), black.name.clone());
    let t = until(&server, &id, "scored the berserk win", |t| {
        t.players.iter().any(|p| p.name == wname && p.score > 0.0)
    })
    .await;
    let score = |name: &str| t.players.iter().find(|p| p.name == name).unwrap().score;
    assert_eq!(score(&wname), 3.0, "2 for the win, 1 for berserk");
    assert_eq!(score(&bname), 0.0);
}

/// A Swiss with rounds at set times: round two waits for its time although round one ended
/// at once, and still after a `kill -9` (the time is kept with round one).
async fn swiss_rounds_start_at_set_times(backend: Backend) {
    let db = database(backend);
    let mut server = Server::start(&db.url);
    let mut host = guest(&server).await;
    let arena = TournamentSpec {
        kind: "arena".to_string(),
        name: "Timed arena".to_string(),
        tc: Some("30+0".to_string()),
        length_secs: Some(60),
        round_every_secs: Some(5),
        ..TournamentSpec::default()
    };
    say(&mut host, ClientMsg::TournamentCreate(Box::new(arena))).await;
    assert_eq!(expect_error(&mut host).await, "tournament");
    let every = 5_000;
    let id = create(
        &mut host,
        TournamentSpec {
            kind: "swiss".to_string(),
            name: "Timed Swiss".to_string(),
            tc: Some("30+0".to_string()),
            rounds: Some(2),
            round_every_secs: Some(every as u64 / 1000),
            starts_in_secs: 2,
            ..TournamentSpec::default()
        },
    )
    .await;
    let mut players = Vec::new();
    for _ in 0..4 {
        let mut p = guest(&server).await;
        join(&mut p, &id).await;
        players.push(p);
    }
    let mut round1 = Vec::new();
    for p in &mut players {
        round1.push(paired(p).await);
    }
    let t = until(&server, &id, "paired round 1", |t| t.round == 1).await;
    assert_eq!(t.round_every, Some(every));
    assert_eq!(t.next_round, Some(t.starts + every), "{t:?}");
    for (p, (game, colour)) in players.iter_mut().zip(&round1) {
        if colour == "black" {
            say(p, ClientMsg::Resign { game: game.clone() }).await;
        }
    }
    until(&server, &id, "scored round 1", |t| {
        t.rounds
            .as_ref()
            .is_some_and(|r| r[0].pairings.iter().all(|p| p.result.is_some()))
    })
    .await;
    // kill -9 while round two waits for its time; back on the same database.
    server.kill();
    let tokens: Vec<String> = players.iter().map(|p| p.token.clone()).collect();
    drop(players);
    let server = Server::start(&db.url);
    let mut players = Vec::new();
    for t in &tokens {
        players.push(Client::hello(&server.url, Some(t)).await.unwrap());
    }
    // Black resigns each game of round two (read from the API: under load it may have been
    // paired before the kill, its `started` lost with the old connections).
    let t = until(&server, &id, "paired round 2", |t| t.round == 2).await;
    for pairing in &t.rounds.as_ref().unwrap()[1].pairings {
        let black = players
            .iter_mut()
            .find(|p| p.name == pairing.black)
            .unwrap();
        say(
            black,
            ClientMsg::Resign {
                game: pairing.game.clone(),
            },
        )
        .await;
    }
    let t = until(&server, &id, "finished", |t| t.status == "finished").await;
    let rounds = t.rounds.clone().unwrap();
    assert_eq!(rounds.len(), 2);
    let (r1, r2) = (rounds[0].start.unwrap(), rounds[1].start.unwrap());
    assert!(r1 >= t.starts, "{t:?}");
    assert!(r2 >= t.starts + every, "round two started early: {t:?}");
    assert_eq!(t.next_round, None, "no round after the last");
    assert_eq!(t.players.iter().map(|p| p.score).sum::<f64>(), 4.0);
}

/// Two instances over one PostgreSQL: players join through the instance that does not own the
/// tournament; the owner is killed before it starts; once its lease has run out the other
/// instance takes the tournament over, starts it and plays it to its end, pairing nobody twice.
#[test]
fn postgres_a_tournament_moves_to_another_instance_when_its_owner_dies() {
    server_support::run(Backend::Postgres, 180, |_| async {
        let db = database(Backend::Postgres);
        let mut one = Server::start_with(&db.url, &["--instance", "one"]);
        let two = Server::start_with(&db.url, &["--instance", "two"]);
        let mut host = guest(&one).await;
        let id = create(
            &mut host,
            TournamentSpec {
                kind: "swiss".to_string(),
                name: "Handed-over Swiss".to_string(),
                tc: Some("30+0".to_string()),
                rounds: Some(2),
                starts_in_secs: 10,
                ..TournamentSpec::default()
            },
        )
        .await;
        let mut players = Vec::new();
        for _ in 0..4 {
            let mut p = guest(&two).await;
            join(&mut p, &id).await;
            players.push(p);
        }
        // kill -9 of the owner before the start: the tournament waits for another instance.
        let before = tournament(&two, &id).await;
        assert_eq!(
            (before.status.as_str(), before.players.len()),
            ("created", 4)
        );
        one.kill();
        drop(host);
        // Round one, then two, from the instance that took over; Black resigns each game.
        let mut games = std::collections::HashSet::new();
        for _ in 0..2 {
            for p in &mut players {
                let (game, colour) = paired(p).await;
                if colour == "black" {
                    games.insert(game.clone());
                    say(p, ClientMsg::Resign { game }).await;
                }
            }
        }
        assert_eq!(games.len(), 4);
        let t = until(&two, &id, "finished", |t| t.status == "finished").await;
        let rounds = t.rounds.unwrap();
        assert_eq!(rounds.len(), 2);
        let mut met = std::collections::HashSet::new();
        for r in &rounds {
            assert_eq!(r.pairings.len(), 2, "{r:?}");
            for p in &r.pairings {
                assert!(games.contains(&p.game), "{p:?}");
                let pair = if p.white < p.black {
                    (p.white.clone(), p.black.clone())
                } else {
                    (p.black.clone(), p.white.clone())
                };
                assert!(met.insert(pair), "{} and {} met twice", p.white, p.black);
            }
        }
        assert_eq!(t.players.iter().map(|p| p.score).sum::<f64>(), 4.0);
    });
}

/// Two instances over one PostgreSQL: an arena run by one pairs players connected only to the
/// other (which marks them connected), and one of them goes berserk through the instance
/// that does not play the game (the request goes over the bus, the event comes back).
#[test]
fn postgres_an_arena_pairs_players_connected_to_another_instance() {
    server_support::run(Backend::Postgres, 120, |_| async {
        let db = database(Backend::Postgres);
        let one = Server::start_with(&db.url, &["--instance", "one"]);
        let two = Server::start_with(&db.url, &["--instance", "two"]);
        let mut host = guest(&one).await;
        let id = create(
            &mut host,
            TournamentSpec {
                kind: "arena".to_string(),
                name: "Arena over two instances".to_string(),
                tc: Some("30+1".to_string()),
                length_secs: Some(120),
                starts_in_secs: 2,
                ..TournamentSpec::default()
            },
        )
        .await;
        let (mut a, mut b) = (guest(&two).await, guest(&two).await);
        join(&mut a, &id).await;
        join(&mut b, &id).await;
        let (game, colour) = paired(&mut a).await;
        assert_eq!(paired(&mut b).await.0, game);
        let (mut white, mut black) = if colour == "white" { (a, b) } else { (b, a) };
        say(&mut white, ClientMsg::Berserk { game: game.clone() }).await;
        let expected = ("white".to_string(), 15_000, 30_000);
        assert_eq!(berserk_seen(&mut black).await, expected);
        say(&mut black, ClientMsg::Resign { game }).await;
        let name = white.name.clone();
        let t = until(&two, &id, "scored the game", |t| {
            t.players.iter().any(|p| p.name == name && p.score > 0.0)
        })
        .await;
        assert_eq!(t.games.unwrap().len(), 1);
        drop(one);
    });
}
