//! The desktop's file type for Parachess games (packaging/parachess-mime.xml) recognises every
//! game file the game writes, by a tag it always carries, and no chess game file.

use parachess::rules::record::{Tags, read_game, write_game};
use parachess::rules::{Game, SHUFFLE_COUNT, Variant};

/// The strings of the type's magic, as shared-mime-info reads them.
fn magic() -> Vec<String> {
    let xml = include_str!("../../packaging/parachess-mime.xml");
    xml.lines()
        .filter(|l| l.trim_start().starts_with("<match "))
        .filter_map(|l| l.split("value=\"").nth(1)?.split('"').next())
        .map(|v| {
            v.replace("&quot;", "\"")
                .replace("&amp;", "&")
                .replace("&lt;", "<")
        })
        .collect()
}

/// Whether shared-mime-info would take `file` for a Parachess game (its magic looks at the
/// first 4096 bytes).
fn matches(file: &str) -> bool {
    let head = &file.as_bytes()[..file.len().min(4096 + 64)];
    let head = String::from_utf8_lossy(head);
    magic().iter().any(|m| head.contains(m.as_str()))
}

#[test]
fn every_variant_s_game_files_are_recognised() {
    assert!(magic().len() >= 2, "{:?}", magic());
    let mut variants = Variant::builtins();
    variants.extend(
        (0..SHUFFLE_COUNT)
            .step_by(37)
            .map(|n| Variant::shuffle(n).unwrap()),
    );
    for v in variants {
        let mut game = Game::from_position(v.start());
        let first = game.legal_moves()[0];
        game.play(first).unwrap();
        let file = write_game(&game, &Tags::default());
        assert!(matches(&file), "{}: {file}", v.name());
        // The tag the magic sees reads back.
        assert_eq!(
            read_game(file.as_bytes()).unwrap().game.position(),
            game.position()
        );
    }
}

#[test]
fn chess_games_are_not_taken_over() {
    for chess in [
        "[Event \"Casual\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
        "[Event \"Rated\"]\n[Variant \"Chess960\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
        "[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n*\n",
    ] {
        assert!(!matches(chess), "{chess}");
    }
}
