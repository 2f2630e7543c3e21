//! Routes for the web page: a follower that asked for them (`hello {routes: true}`) gets each
//! `game` and `moved` message with them, one that did not gets the plain message, and both get
//! exactly one message per move, the same event (the game's task prepares both texts once).

use crate::server_support;

use parachess::rules::{Game, Position};
use parachess::server::client::Client;
use parachess::server::messages::{ClientMsg, GameView, Moved, ServerMsg, VERSION};
use parachess::server::routes::{legal_routes, played_routes, positions, route_view};
use serde_json::json;
use server_support::*;

/// Half-moves played in each test.
const MOVES: u32 = 6;

both_backends!(120, followers_with_and_without_routes);

async fn followers_with_and_without_routes(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    with_and_without_routes(&server, &server).await;
}

#[test]
fn postgres_routes_for_followers_on_another_instance() {
    run(Backend::Postgres, 180, |_| async {
        let db = database(Backend::Postgres);
        let one = Server::start_with(&db.url, &["--instance", "one"]);
        let two = Server::start_with(&db.url, &["--instance", "two"]);
        // The game is played on `one`; `two` relays its events and adds the routes itself.
        with_and_without_routes(&one, &two).await;
    });
}

/// A follower on `server`, with or without routes.
async fn follower(server: &Server, routes: bool) -> Client {
    let mut c = Client::connect(&server.url).await.expect("connect");
    c.say(&ClientMsg::Hello {
        v: VERSION,
        token: None,
        routes,
    })
    .await
    .expect("hello");
    let w = c
        .wait_for_msg("welcome", T, |m| matches!(m, ServerMsg::Welcome { .. }))
        .await
        .expect("welcome");
    c.take_identity(&w);
    c
}

/// Watches game `id`: its `game` message.
async fn watch(c: &mut Client, id: &str) -> GameView {
    c.say(&ClientMsg::Watch { game: id.into() })
        .await
        .expect("watch");
    match c
        .wait_for_msg("game", T, |m| matches!(m, ServerMsg::Game(_)))
        .await
        .expect("game")
    {
        ServerMsg::Game(v) => *v,
        _ => unreachable!("waited for a game message"),
    }
}

/// The `moved` messages a follower gets until the game's `end` (every one, in order).
async fn moves_until_end(c: &mut Client) -> Vec<Moved> {
    let mut out = Vec::new();
    loop {
        match c.next_msg(T).await.expect("a message") {
            ServerMsg::Moved(m) => out.push(*m),
            ServerMsg::End { .. } => return out,
            _ => {}
        }
    }
}

/// Two players on `play_on` play [`MOVES`] half-moves (a Sorcerer's leap first, when there is
/// one) while two followers on `watch_on` watch, one with routes, one without.
async fn with_and_without_routes(play_on: &Server, watch_on: &Server) {
    let mut a = guest(play_on).await;
    let mut b = guest(play_on).await;
    let id = start_game(&mut a, &mut b, json!({"tc": "300+3"})).await;
    let mut routed = follower(watch_on, true).await;
    let mut plain = follower(watch_on, false).await;

    // The game as it stands: with routes for one, without for the other.
    let rv = watch(&mut routed, &id).await;
    let pv = watch(&mut plain, &id).await;
    let start: Position = rv.start.parse().expect("start position");
    let mut game = Game::from_position(start);
    assert_eq!(rv.routes.as_ref(), Some(&legal_routes(game.position())));
    assert_eq!(rv.played.as_deref(), Some(&[][..]));
    assert_eq!(rv.positions.as_deref(), Some(&[][..]));
    assert_eq!(
        (&pv.routes, &pv.played, &pv.positions),
        (&None, &None, &None)
    );
    assert_eq!((&rv.moves, &rv.legal), (&pv.moves, &pv.legal));

    // Each move, and the position each was played in.
    let mut befores = Vec::new();
    for n in 0..MOVES {
        let pos = game.position().clone();
        let legal = pos.legal_moves();
        let leap = legal.iter().find(|&&m| n < 2 && route_view(&pos, m).leap);
        let mv = *leap.unwrap_or(&legal[0]);
        let mover = if n.is_multiple_of(2) { &mut a } else { &mut b };
        play(mover, &id, n.into(), &mv.to_string()).await;
        game.play(mv).expect("a legal move");
        befores.push((pos, mv));
    }
    b.send(&json!({"t": "resign", "game": id}))
        .await
        .expect("resign");

    let routed_moves = moves_until_end(&mut routed).await;
    let plain_moves = moves_until_end(&mut plain).await;
    assert_eq!(routed_moves.len(), MOVES as usize, "one moved per move");
    assert_eq!(plain_moves.len(), MOVES as usize, "one moved per move");
    let mut after = game.start_position().clone();
    for (n, ((r, p), (before, mv))) in routed_moves
        .into_iter()
        .zip(plain_moves)
        .zip(befores)
        .enumerate()
    {
        after.make_move(mv);
        assert_eq!(r.n as usize, n);
        assert_eq!(r.mv, mv.to_string());
        assert_eq!(r.route, Some(route_view(&before, mv)), "move {n}'s route");
        if n == 0 {
            assert!(r.route.as_ref().is_some_and(|r| r.leap), "a leap first");
        }
        assert_eq!(
            r.routes,
            Some(legal_routes(&after)),
            "move {n}'s legal routes"
        );
        assert_eq!((&p.route, &p.routes), (&None, &None), "no routes asked for");
        // The same event otherwise, down to its clocks.
        let stripped = Moved {
            route: None,
            routes: None,
            ..r
        };
        assert_eq!(stripped, p);
    }

    // The whole game again (as after a reconnection): the routes of the moves played too.
    let mut late = follower(watch_on, true).await;
    let view = watch(&mut late, &id).await;
    assert_eq!(view.played, Some(played_routes(&game)));
    assert_eq!(view.positions, Some(positions(&game)));
    assert_eq!(
        view.routes,
        Some(Vec::new()),
        "a finished game has no legal moves"
    );
}
