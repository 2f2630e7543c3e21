//! Several instances over one PostgreSQL, passing game events through LISTEN/NOTIFY: two
//! players on different instances play a game, a spectator on a third sees every move.

use crate::server_support;

use parachess::server::messages::{ClientMsg, SeekSpec, SeekView, ServerMsg};
use server_support::*;

#[test]
fn postgres_two_instances_one_game_and_a_spectator_on_a_third() {
    run(Backend::Postgres, 180, |_| async {
        let db = database(Backend::Postgres);
        let one = Server::start_with(&db.url, &["--instance", "one"]);
        let two = Server::start_with(&db.url, &["--instance", "two"]);
        let three = Server::start_with(&db.url, &["--instance", "three"]);
        let mut a = guest(&one).await;
        let mut b = guest(&two).await;
        let mut s = guest(&three).await;
        let seeks = |m| match m {
            ServerMsg::Seeks { seeks } => Some(seeks),
            _ => None,
        };
        let seek = |m| match m {
            ServerMsg::Seek(v) => Some(*v),
            _ => None,
        };
        let challenge = |m| match m {
            ServerMsg::Challenge(v) => Some(*v),
            _ => None,
        };
        let started = |m| match m {
            ServerMsg::Started { game, color } => Some((game, color.to_string())),
            _ => None,
        };

        // The lobby spans the instances: a seek posted on one is seen and taken on another.
        say(&mut s, ClientMsg::Lobby).await;
        wait_msg(&mut s, "seeks", seeks).await;
        let mut c = guest(&one).await;
        let spec = SeekSpec {
            tc: Some("60+0".into()),
            ..SeekSpec::default()
        };
        say(&mut c, ClientMsg::Seek(spec)).await;
        let posted: SeekView = wait_msg(&mut s, "seek", seek).await;
        assert_eq!(posted.by, c.name);
        let mut d = guest(&two).await;
        say(&mut d, ClientMsg::Lobby).await;
        let listed = wait_msg(&mut d, "seeks", seeks).await;
        assert!(listed.iter().any(|x| x.id == posted.id));
        say(
            &mut d,
            ClientMsg::Accept {
                id: posted.id.clone(),
            },
        )
        .await;
        let sc = wait_msg(&mut c, "started", started).await;
        let sd = wait_msg(&mut d, "started", started).await;
        assert_eq!(sc.0, sd.0);
        let gone = wait_msg(&mut s, "seek_gone", |m| match m {
            ServerMsg::SeekGone { id } => Some(id),
            _ => None,
        })
        .await;
        assert_eq!(gone, posted.id);

        // A seek whose player leaves goes with the id the lobby was given.
        let mut e = guest(&one).await;
        let spec = SeekSpec {
            tc: Some("180+2".into()),
            ..SeekSpec::default()
        };
        say(&mut e, ClientMsg::Seek(spec)).await;
        let posted: SeekView = wait_msg(&mut s, "seek", seek).await;
        assert_eq!(posted.by, e.name);
        drop(e);
        let gone = wait_msg(&mut s, "seek_gone", |m| match m {
            ServerMsg::SeekGone { id } => Some(id),
            _ => None,
        })
        .await;
        assert_eq!(gone, posted.id, "the lobby is told the id it was given");

        // A challenge from one instance to a player on another, accepted there.
        say(
            &mut a,
            ClientMsg::Challenge {
                to: b.name.clone(),
                spec: SeekSpec {
                    tc: Some("300+2".into()),
                    color: Some("white".into()),
                    ..SeekSpec::default()
                },
            },
        )
        .await;
        let ch = wait_msg(&mut b, "challenge", challenge).await;
        assert!(ch.id.starts_with("one-"));
        say(&mut b, ClientMsg::Accept { id: ch.id }).await;
        let (g, _) = wait_msg(&mut a, "started", started).await;
        assert_eq!(wait_msg(&mut b, "started", started).await.1, "black");
        let game = |m| match m {
            ServerMsg::Game(v) => Some(*v),
            _ => None,
        };
        let view = wait_msg(&mut b, "game", game).await;
        assert_eq!(view.id, g);
        say(&mut s, ClientMsg::Watch { game: g.clone() }).await;
        wait_msg(&mut s, "game", game).await;

        let mut legal = view.legal;
        for n in 0..12u32 {
            let (mover, other) = if n.is_multiple_of(2) {
                (&mut a, &mut b)
            } else {
                (&mut b, &mut a)
            };
            let mv = legal[0].clone();
            say(
                mover,
                ClientMsg::Move {
                    game: g.clone(),
                    n,
                    mv: mv.clone(),
                },
            )
            .await;
            let moved = move |m| match m {
                ServerMsg::Moved(x) if x.n == n => Some(Ok(*x)),
                ServerMsg::Error { code, msg, .. } => Some(Err(format!("{code}: {msg}"))),
                _ => None,
            };
            let ack = wait_msg(mover, "moved", moved)
                .await
                .unwrap_or_else(|e| panic!("move {n} {mv} refused: {e}"));
            assert_eq!(
                wait_msg(other, "moved", moved).await.map(|m| m.mv),
                Ok(mv.clone())
            );
            assert_eq!(
                wait_msg(&mut s, "moved", moved).await.map(|m| m.mv),
                Ok(mv.clone()),
                "the spectator sees move {n}"
            );
            legal = ack.legal;
        }
        // A refusal comes back across instances too.
        say(
            &mut b,
            ClientMsg::Move {
                game: g.clone(),
                n: 12,
                mv: legal[0].clone(),
            },
        )
        .await;
        assert_eq!(expect_error(&mut b).await, "not_your_turn");
        say(&mut b, ClientMsg::Resign { game: g.clone() }).await;
        for c in [&mut a, &mut b, &mut s] {
            let result = wait_msg(c, "end", |m| match m {
                ServerMsg::End { result, .. } => Some(result),
                _ => None,
            })
            .await;
            assert_eq!(result, "1-0");
        }
        let view = get_json(&three, &format!("/api/game/{g}")).await.1;
        let view: parachess::server::messages::GameView =
            serde_json::from_value(view).expect("a game view");
        assert_eq!(view.moves.len(), 12);
    });
}
