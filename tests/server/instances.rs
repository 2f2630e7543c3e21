//! Several instances over one PostgreSQL, passing game events through LISTEN/NOTIFY: two
//! players on different instances play a game, a spectator on a third sees every move.

use crate::server_support;

use serde_json::json;
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

        // The lobby spans the instances: a seek posted on one is seen and taken on another.
        s.send(&json!({"t": "lobby"})).await.unwrap();
        expect(&mut s, "seeks").await;
        let mut c = guest(&one).await;
        c.send(&json!({"t": "seek", "tc": "60+0"})).await.unwrap();
        let posted = expect(&mut s, "seek").await;
        assert_eq!(posted["by"], c.name.as_str());
        let mut d = guest(&two).await;
        d.send(&json!({"t": "lobby"})).await.unwrap();
        let listed = expect(&mut d, "seeks").await;
        assert!(
            listed["seeks"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["id"] == posted["id"])
        );
        d.send(&json!({"t": "accept", "id": posted["id"]}))
            .await
            .unwrap();
        let sc = expect(&mut c, "started").await;
        let sd = expect(&mut d, "started").await;
        assert_eq!(sc["game"], sd["game"]);
        let gone = expect(&mut s, "seek_gone").await;
        assert_eq!(gone["id"], posted["id"]);

        // A challenge from one instance to a player on another, accepted there.
        a.send(&json!({"t": "challenge", "to": b.name, "tc": "300+2", "color": "white"}))
            .await
            .unwrap();
        let ch = expect(&mut b, "challenge").await;
        assert!(ch["id"].as_str().unwrap().starts_with("one-"));
        b.send(&json!({"t": "accept", "id": ch["id"]}))
            .await
            .unwrap();
        let started = expect(&mut a, "started").await;
        let g = started["game"].as_str().unwrap().to_string();
        assert_eq!(expect(&mut b, "started").await["color"], "black");
        let view = expect(&mut b, "game").await;
        assert_eq!(view["id"], g.as_str());
        s.send(&json!({"t": "watch", "game": g})).await.unwrap();
        expect(&mut s, "game").await;

        let mut legal: Vec<String> = serde_json::from_value(view["legal"].clone()).unwrap();
        for n in 0..12u64 {
            let (mover, other) = if n.is_multiple_of(2) {
                (&mut a, &mut b)
            } else {
                (&mut b, &mut a)
            };
            let mv = legal[0].clone();
            let ack = play(mover, &g, n, &mv).await;
            assert_eq!(seen(other, n).await["move"], mv.as_str());
            assert_eq!(
                seen(&mut s, n).await["move"],
                mv.as_str(),
                "the spectator sees move {n}"
            );
            legal = serde_json::from_value(ack["legal"].clone()).unwrap();
        }
        // A refusal comes back across instances too.
        b.send(&json!({"t": "move", "game": g, "n": 12, "move": legal[0]}))
            .await
            .unwrap();
        assert_eq!(expect_error(&mut b).await, "not_your_turn");
        b.send(&json!({"t": "resign", "game": g})).await.unwrap();
        for c in [&mut a, &mut b, &mut s] {
            let end = c.wait_for("end", T, |v| v["t"] == "end").await.unwrap();
            assert_eq!(end["result"], "1-0");
        }
        let view = get_json(&three, &format!("/api/game/{g}")).await.1;
        assert_eq!(view["moves"].as_array().unwrap().len(), 12);
    });
}
