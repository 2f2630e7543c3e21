//! Variants on the server: a Knights and Archers game played to its end (its game file names
//! the variant and reads back), a player's own TOML variant in a seek, and malformed or
//! oversized definitions refused; quick pairing in every built-in variant (Shuffle Parachess
//! by number too), never across variants; on SQLite and PostgreSQL.

use crate::server_support;

use parachess::rules::record::read_game;
use parachess::rules::{Game, Position, Variant};
use parachess::server::client::Client;
use serde_json::json;
use server_support::*;

both_backends!(
    120,
    knights_and_archers_game_to_its_end,
    own_variant_seek_plays,
    bad_definitions_are_refused,
    quick_pairing_in_every_builtin_variant
);

/// Plays moves from both sides until the game ends (or `max` half-moves, then White resigns).
async fn play_out(a: &mut Client, b: &mut Client, id: &str, mut game: Game, max: usize) {
    let mut n = 0u64;
    while !game.is_over() && (n as usize) < max {
        let moves = game.legal_moves();
        // Prefer a move of a Knight or an Archer, so their letters travel through the server.
        let mv = moves
            .iter()
            .map(|m| m.to_string())
            .find(|m| m.starts_with('N') || m.starts_with('A'))
            .unwrap_or_else(|| moves[0].to_string());
        let c = if n.is_multiple_of(2) {
            &mut *a
        } else {
            &mut *b
        };
        play(c, id, n, &mv).await;
        game.play_text(&mv).expect("a legal move");
        n += 1;
    }
    if !game.is_over() {
        a.send(&json!({"t": "resign", "game": id})).await.unwrap();
    }
    expect(a, "end").await;
}

async fn knights_and_archers_game_to_its_end(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let id = start_game(
        &mut a,
        &mut b,
        json!({"tc": "300+0", "variant": "knights-and-archers"}),
    )
    .await;
    let (_, view) = get_json(&server, &format!("/api/game/{id}")).await;
    assert_eq!(view["variant"], "Knights and Archers", "{view}");
    let ka = Variant::named("Knights and Archers").unwrap();
    let start = Position::parse_in(view["start"].as_str().unwrap(), ka).unwrap();
    play_out(&mut a, &mut b, &id, Game::from_position(start), 30).await;
    let (status, pgn) =
        parachess::server::client::http_get(&server.url, &format!("/api/game/{id}.pgn"))
            .await
            .expect("GET pgn");
    assert_eq!(status, 200);
    assert!(pgn.contains("[Variant \"Knights and Archers\"]"), "{pgn}");
    let record = read_game(pgn.as_bytes()).expect("check-game reads the server's file");
    assert_eq!(
        record.game.position().variant().name(),
        "Knights and Archers"
    );
    assert!(record.game.is_over());
    assert!(
        record
            .game
            .plies()
            .iter()
            .any(|p| p.text.starts_with('N') || p.text.starts_with('A'))
    );
    let (_, view) = get_json(&server, &format!("/api/game/{id}")).await;
    assert_ne!(view["status"], "started", "{view}");
    // The web page draws the Knight and Archer with their letters.
    let (_, page) = parachess::server::client::http_get(&server.url, &format!("/game/{id}"))
        .await
        .expect("GET page");
    assert!(page.contains("Knights and Archers"));
    assert!(
        page.contains("data-kind=\"A\"") && page.contains("data-kind=\"N\""),
        "{page}"
    );
}

const OWN: &str = r#"name = "Rook World"
description = "Kings, Rooks and Pawns."
start = "rrrkrr/4/pppppppp/5/10/6/10/5/PPPPPPPP/4/RRRKRR w 0 1"

[[pieces]]
letter = "K"
name = "King"
moves = "eda"
royal = true

[[pieces]]
letter = "R"
name = "Rook"
moves = "E"

[[pieces]]
letter = "P"
name = "Pawn"
moves = "pawn"
"#;

async fn own_variant_seek_plays(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let id = start_game(&mut a, &mut b, json!({"tc": "300+0", "variant_def": OWN})).await;
    let (_, view) = get_json(&server, &format!("/api/game/{id}")).await;
    assert_eq!(view["variant"], "Rook World", "{view}");
    let def = view["variant_def"]
        .as_str()
        .expect("the definition travels");
    let own = Variant::from_inline_toml(def).unwrap();
    let start = Position::parse_in(view["start"].as_str().unwrap(), own).unwrap();
    play_out(&mut a, &mut b, &id, Game::from_position(start), 6).await;
    let (_, pgn) = parachess::server::client::http_get(&server.url, &format!("/api/game/{id}.pgn"))
        .await
        .expect("GET pgn");
    assert!(pgn.contains("[VariantDef "), "{pgn}");
    let record = read_game(pgn.as_bytes()).expect("the game file reads back");
    assert_eq!(record.game.plies().len(), 6);
    // A game in one's own variant is casual.
    a.send(&json!({"t": "seek", "tc": "60+0", "rated": true, "variant_def": OWN}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut a).await, "seek");
}

async fn bad_definitions_are_refused(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut a = guest(&server).await;
    for def in [
        "name = ".to_string(),
        OWN.replace("royal = true", "royal = false"),
        OWN.replace("rrrkrr", "rrrrrr"),
        format!("{OWN}\n# {}", "x".repeat(5000)),
    ] {
        a.send(&json!({"t": "seek", "tc": "60+0", "variant_def": def}))
            .await
            .unwrap();
        let e = expect(&mut a, "error").await;
        assert!(
            e["msg"]
                .as_str()
                .unwrap_or_default()
                .contains("variant definition")
                || e["msg"].as_str().unwrap_or_default().contains("at most"),
            "{e}"
        );
    }
    a.send(&json!({"t": "seek", "tc": "60+0", "variant": "chess960"}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut a).await, "seek");
    // The connection still works.
    a.send(&json!({"t": "seek", "tc": "60+0", "variant": "Cavalry"}))
        .await
        .unwrap();
    let s = expect(&mut a, "seek").await;
    assert_eq!(s["variant"], "Cavalry", "{s}");
}

async fn quick_pairing_in_every_builtin_variant(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut a = guest(&server).await;
    let mut b = guest(&server).await;
    let mut names = Variant::builtin_names();
    names.push("Shuffle Parachess 17".to_string());
    names.push("shuffle-parachess-42".to_string());
    for name in &names {
        a.send(&json!({"t": "quick", "tc": "60+0", "variant": name}))
            .await
            .unwrap();
        let seek = expect(&mut a, "seek").await;
        // A quick pairing in another variant does not take this seek.
        let other = if name == "Cavalry" {
            "Parachess"
        } else {
            "Cavalry"
        };
        b.send(&json!({"t": "quick", "tc": "60+0", "variant": other}))
            .await
            .unwrap();
        let own = expect(&mut b, "seek").await;
        assert_eq!(own["variant"], other, "{own}");
        b.send(&json!({"t": "cancel_seek", "id": own["id"]}))
            .await
            .unwrap();
        expect(&mut b, "seek_gone").await;
        // The same variant does.
        b.send(&json!({"t": "quick", "tc": "60+0", "variant": name}))
            .await
            .unwrap();
        let started = expect(&mut b, "started").await;
        let id = started["game"].as_str().expect("game id").to_string();
        expect(&mut a, "started").await;
        let (_, view) = get_json(&server, &format!("/api/game/{id}")).await;
        let variant = view["variant"].as_str().unwrap_or_default();
        match name.as_str() {
            // One arrangement drawn when the game starts.
            "Shuffle Parachess" => {
                assert_eq!(seek["variant"], "Shuffle Parachess");
                assert!(variant.starts_with("Shuffle Parachess "), "{view}");
            }
            "shuffle-parachess-42" => {
                assert_eq!(seek["variant"], "Shuffle Parachess 42");
                assert_eq!(variant, "Shuffle Parachess 42");
            }
            _ => {
                assert_eq!(seek["variant"], name.as_str(), "{seek}");
                assert_eq!(variant, name.as_str(), "{view}");
            }
        }
        a.send(&json!({"t": "abort", "game": id})).await.unwrap();
        expect(&mut a, "end").await;
        expect(&mut b, "end").await;
        a.clear();
        b.clear();
    }
    // A name that is no built-in variant is refused.
    a.send(&json!({"t": "quick", "tc": "60+0", "variant": "Shuffle Parachess 180"}))
        .await
        .unwrap();
    assert_eq!(expect_error(&mut a).await, "seek");
}
