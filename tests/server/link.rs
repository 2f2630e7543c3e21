//! The front end's link to the server (`client::Link`, what the desktop game's lobby talks
//! through): two links pair and play, the server is killed and started again under them, and
//! both come back as the same players to the same game; a link to nowhere gives up after its
//! attempts. Every wait is bounded; everything is on loopback.

use std::time::{Duration, Instant};

use parachess::client::messages::{ClientMsg, ServerMsg};
use parachess::client::{Link, LinkConfig, LinkEvent};

use crate::server_support::{Backend, Server, database, free_port};

const WAIT: Duration = Duration::from_secs(20);

fn quick(server: &str) -> LinkConfig {
    LinkConfig {
        retry_delay: Duration::from_millis(100),
        attempts: 100,
        ..LinkConfig::new(server)
    }
}

/// The next event `pred` accepts (others skipped), within [`WAIT`].
fn until(link: &Link, what: &str, pred: impl Fn(&LinkEvent) -> bool) -> LinkEvent {
    let deadline = Instant::now() + WAIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "no {what} within {WAIT:?}");
        if let Some(event) = link.recv_timeout(left.min(Duration::from_millis(200)))
            && pred(&event)
        {
            return event;
        }
    }
}

/// The next message `pred` accepts.
fn message(link: &Link, what: &str, pred: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
    match until(
        link,
        what,
        |e| matches!(e, LinkEvent::Message(m) if pred(m)),
    ) {
        LinkEvent::Message(m) => m,
        other => panic!("{other:?}"),
    }
}

fn quick_pairing() -> ClientMsg {
    ClientMsg::Quick {
        tc: "300+3".into(),
        rated: false,
        variant: None,
    }
}

fn play(game: &str, n: u32, mv: &str) -> ClientMsg {
    ClientMsg::Move {
        game: game.into(),
        n,
        mv: mv.into(),
    }
}

fn welcome(link: &Link) -> (String, String) {
    match until(link, "welcome", |e| matches!(e, LinkEvent::Welcome { .. })) {
        LinkEvent::Welcome { name, token, guest } => {
            assert!(guest, "{name} is a guest");
            (name, token)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn two_links_play_through_a_server_restart_as_the_same_players() {
    let db = database(Backend::Sqlite);
    let listen = format!("127.0.0.1:{}", free_port());
    let mut server = Server::start_at(&db.url, &listen, &[]);
    let a = Link::start(quick(&server.url)).unwrap();
    let b = Link::start(quick(&server.url)).unwrap();
    let (a_name, a_token) = welcome(&a);
    let (b_name, _) = welcome(&b);
    assert_ne!(a_name, b_name);
    // Quick pairing: the first posts a seek, the second takes it.
    assert!(a.send(quick_pairing()));
    message(&a, "seek", |m| matches!(m, ServerMsg::Seek(_)));
    assert!(b.send(quick_pairing()));
    let ServerMsg::Started { game, color } =
        message(&a, "started", |m| matches!(m, ServerMsg::Started { .. }))
    else {
        unreachable!()
    };
    let a_white = color == "white";
    let ServerMsg::Game(view) = message(&a, "game", |m| matches!(m, ServerMsg::Game(_))) else {
        unreachable!()
    };
    message(&b, "game", |m| matches!(m, ServerMsg::Game(_)));
    let (white, black) = if a_white { (&a, &b) } else { (&b, &a) };
    let first = view.legal[0].clone();
    assert!(white.send(play(&game, 0, &first)));
    let ServerMsg::Moved(moved) = message(black, "moved", |m| matches!(m, ServerMsg::Moved(_)))
    else {
        unreachable!()
    };
    assert_eq!(moved.n, 0);

    // kill -9, and the same server again on the same port and database.
    server.kill();
    for link in [&a, &b] {
        until(link, "lost", |e| matches!(e, LinkEvent::Lost { .. }));
    }
    // A move sent while the server is down waits for the reconnection.
    let reply = moved.legal[0].clone();
    assert!(black.send(play(&game, 1, &reply)));
    let _server = Server::start_at(&db.url, &listen, &[]);
    let (a_again, a_token_again) = welcome(&a);
    let (b_again, _) = welcome(&b);
    assert_eq!((a_again, b_again), (a_name, b_name), "the same players");
    assert_eq!(a_token_again, a_token);
    // The waiting move was played once the link was back, and both see it: as a `moved`, or,
    // when Black's link came back (and moved) before White's followed the game again, in the
    // `game` that White's link gets when it follows the game again.
    let seen = message(white, "move 1", |m| match m {
        ServerMsg::Moved(m) => m.n == 1,
        ServerMsg::Game(g) => g.moves.len() >= 2,
        _ => false,
    });
    let played = match seen {
        ServerMsg::Moved(m) => m.mv,
        ServerMsg::Game(g) => g.moves[1].clone(),
        other => unreachable!("{other:?}"),
    };
    assert_eq!(played, reply);
    // Asked again, the server's whole game has both moves.
    assert!(a.send(ClientMsg::Watch { game }));
    message(
        &a,
        "the whole game",
        |m| matches!(m, ServerMsg::Game(g) if g.moves.len() == 2),
    );
}

#[test]
fn a_link_to_nowhere_gives_up_after_its_attempts() {
    let nowhere = format!("http://127.0.0.1:{}", free_port());
    let link = Link::start(LinkConfig {
        retry_delay: Duration::from_millis(20),
        attempts: 3,
        ..LinkConfig::new(nowhere)
    })
    .unwrap();
    let mut lost = 0;
    let why = loop {
        match link.recv_timeout(WAIT) {
            Some(LinkEvent::Lost { attempt, .. }) => {
                lost += 1;
                assert_eq!(attempt, lost);
            }
            Some(LinkEvent::Stopped(why)) => break why,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(lost, 3);
    assert!(why.contains("cannot be reached"), "{why}");
    assert!(!link.send(ClientMsg::Lobby), "a stopped link takes nothing");
    // Addresses that are not http://HOST:PORT are refused at once.
    for bad in ["127.0.0.1:80", "ws://127.0.0.1:80", "http://", "http://a/b"] {
        assert!(Link::start(LinkConfig::new(bad)).is_err(), "{bad}");
    }
}
