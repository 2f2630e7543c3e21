//! Playing a friend by link: opening the invitation's page (as a chat program's link preview
//! does) takes nothing; the first other player to join takes the seat, once; its maker cannot
//! join it; the page then says where the game is. Invitations are stored: one made before
//! a restart, or on another instance over the same PostgreSQL, is joined all the same.

use crate::server_support;

use parachess::server::messages::{ClientMsg, SeekSpec, ServerMsg};
use server_support::*;

both_backends!(120, joined_once_by_a_friend, kept_over_a_restart);

/// `maker` invites on a 5+0 clock with White: the code.
async fn make_invite(maker: &mut parachess::server::client::Client) -> String {
    say(
        maker,
        ClientMsg::Invite(SeekSpec {
            tc: Some("300+0".into()),
            color: Some("white".into()),
            ..SeekSpec::default()
        }),
    )
    .await;
    wait_msg(maker, "invite", |m| match m {
        ServerMsg::Invite { code, .. } => Some(code),
        _ => None,
    })
    .await
}

fn started(m: ServerMsg) -> Option<(String, String)> {
    match m {
        ServerMsg::Started { game, color } => Some((game, color.into_owned())),
        _ => None,
    }
}

/// An invitation made before the server was killed is joined after it comes back: its maker,
/// back with its session, gets the game.
async fn kept_over_a_restart(backend: Backend) {
    let db = database(backend);
    let mut server = Server::start(&db.url);
    let mut maker = guest(&server).await;
    let code = make_invite(&mut maker).await;
    server.kill();
    let token = maker.token.clone();
    drop(maker);

    let server = Server::start(&db.url);
    let (status, body) =
        parachess::server::client::http_get(&server.url, &format!("/invite/{code}"))
            .await
            .unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("data-action=\"join\""), "{body}");
    let mut maker = parachess::server::client::Client::hello(&server.url, Some(&token))
        .await
        .unwrap();
    let mut friend = guest(&server).await;
    say(&mut friend, ClientMsg::JoinInvite { code: code.clone() }).await;
    let (game, color) = wait_msg(&mut friend, "started", started).await;
    assert_eq!(color, "black");
    let (game_m, color_m) = wait_msg(&mut maker, "started", started).await;
    assert_eq!((game_m, color_m.as_str()), (game, "white"));
}

/// Two instances over one PostgreSQL: a link made on one is joined on the other, once, and the
/// maker, on the first, is told its game started.
#[test]
fn postgres_invitation_joined_on_another_instance() {
    run(Backend::Postgres, 120, |_| async {
        let db = database(Backend::Postgres);
        let one = Server::start_with(&db.url, &["--instance", "one"]);
        let two = Server::start_with(&db.url, &["--instance", "two"]);
        let mut maker = guest(&one).await;
        let code = make_invite(&mut maker).await;
        let (status, body) =
            parachess::server::client::http_get(&two.url, &format!("/invite/{code}"))
                .await
                .unwrap();
        assert_eq!(status, 200, "{body}");
        let mut friend = guest(&two).await;
        let mut late = guest(&one).await;
        say(&mut friend, ClientMsg::JoinInvite { code: code.clone() }).await;
        let (game, color) = wait_msg(&mut friend, "started", started).await;
        assert_eq!(color, "black");
        let (game_m, color_m) = wait_msg(&mut maker, "started", started).await;
        assert_eq!(
            (game_m.as_str(), color_m.as_str()),
            (game.as_str(), "white")
        );
        // The seat is taken for the first instance too.
        say(&mut late, ClientMsg::JoinInvite { code: code.clone() }).await;
        assert_eq!(expect_error(&mut late).await, "invite");
        let (status, body) =
            parachess::server::client::http_get(&one.url, &format!("/invite/{code}"))
                .await
                .unwrap();
        assert_eq!(status, 410, "{body}");
        assert!(body.contains(&format!("/game/{game}")), "{body}");
    });
}

async fn joined_once_by_a_friend(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut maker = guest(&server).await;
    say(
        &mut maker,
        ClientMsg::Invite(SeekSpec {
            tc: Some("300+3".into()),
            color: Some("white".into()),
            ..SeekSpec::default()
        }),
    )
    .await;
    let code = wait_msg(&mut maker, "invite", |m| match m {
        ServerMsg::Invite { code, expires } => Some((code, expires)),
        _ => None,
    })
    .await
    .0;
    let path = format!("/invite/{code}");

    // Fetched twice, as a preview and by the friend: still open.
    for _ in 0..2 {
        let (status, body) = parachess::server::client::http_get(&server.url, &path)
            .await
            .unwrap();
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("data-action=\"join\""), "{body}");
        assert!(body.contains(&maker.name), "{body}");
    }
    let (status, _) = parachess::server::client::http_get(&server.url, "/invite/abcdefghjkmn")
        .await
        .unwrap();
    assert_eq!(status, 404);

    // Its maker cannot take the other seat.
    say(&mut maker, ClientMsg::JoinInvite { code: code.clone() }).await;
    assert_eq!(expect_error(&mut maker).await, "invite");

    let mut friend = guest(&server).await;
    say(&mut friend, ClientMsg::JoinInvite { code: code.clone() }).await;
    let started = |m| match m {
        ServerMsg::Started { game, color } => Some((game, color.into_owned())),
        _ => None,
    };
    let (game, color) = wait_msg(&mut friend, "started", started).await;
    assert_eq!(color, "black");
    let (game_m, color_m) = wait_msg(&mut maker, "started", started).await;
    assert_eq!(
        (game_m.as_str(), color_m.as_str()),
        (game.as_str(), "white")
    );
    let g = expect(&mut friend, "game").await;
    assert_eq!(g["white"].as_str(), Some(maker.name.as_str()));
    assert_eq!(g["black"].as_str(), Some(friend.name.as_str()));
    assert_eq!(g["tc"], "300+3");

    // A second friend finds the seat taken, and the page says where the game is.
    let mut late = guest(&server).await;
    say(&mut late, ClientMsg::JoinInvite { code: code.clone() }).await;
    assert_eq!(expect_error(&mut late).await, "invite");
    say(&mut friend, ClientMsg::JoinInvite { code: code.clone() }).await;
    assert_eq!(expect_error(&mut friend).await, "invite");
    let (status, body) = parachess::server::client::http_get(&server.url, &path)
        .await
        .unwrap();
    assert_eq!(status, 410, "{body}");
    assert!(body.contains(&format!("/game/{game}")), "{body}");
    assert!(!body.contains("data-action=\"join\""), "{body}");
}
