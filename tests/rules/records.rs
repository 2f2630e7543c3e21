//! Game files: what is written, that it reads back as the same game, and what is forgiven
//! (broken files are in `records_broken.rs`).

use crate::common;

use common::players;
use parachess::rules::record::{GameRecord, Tags, read_game, write_game};
use parachess::rules::{Game, Outcome, Position, Side};
use proptest::prelude::*;

/// White mates on its second move.
const MATE: &str = "1. Sa2-e3 i3-g5 2. Se3-i3#";
/// White captures and promotes with mate: `1. Qa4-d4 Rk3-k2 2. j2xk2=Q#`.
const PROMOTION_SETUP: &str = "k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 0 1";

fn play(mut game: Game, moves: &str) -> Game {
    for text in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

/// Asserts the record reads back as the same game and tags, and writes identically again.
fn assert_round_trip(game: &Game, tags: &Tags) -> String {
    let text = write_game(game, tags);
    let back = read_game(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back.tags, tags, "{text}");
    assert_eq!(back.game.start_position(), game.start_position(), "{text}");
    let moves = |g: &Game| g.plies().iter().map(|p| p.mv).collect::<Vec<_>>();
    assert_eq!(moves(&back.game), moves(game), "{text}");
    assert_eq!(back.game.outcome(), game.outcome(), "{text}");
    assert_eq!(back.game.position(), game.position(), "{text}");
    assert_eq!(back.to_text(), text);
    text
}

#[test]
fn a_finished_game_is_written_in_the_documented_form() {
    let game = play(Game::new(), MATE);
    let tags = Tags {
        event: Some("Club \"blitz\" \\ night".into()),
        date: Some("2026.11.30".into()),
        ..players("Ann", "Bob")
    };
    let text = assert_round_trip(&game, &tags);
    assert_eq!(
        text,
        "[Event \"Club \\\"blitz\\\" \\\\ night\"]\n[Date \"2026.11.30\"]\n[White \"Ann\"]\n\
         [Black \"Bob\"]\n[Result \"1-0\"]\n[Termination \"checkmate\"]\n[Variant \"Parachess\"]\n\n\
         1. Sa2-e3 i3-g5 2. Se3-i3# 1-0\n"
    );
}

#[test]
fn every_kind_of_ending_reads_back_the_same() {
    let promo = Game::from_position(PROMOTION_SETUP.parse().unwrap());
    let promoted = play(promo.clone(), "1. Qa4-d4 Rk3-k2 2. j2xk2=Q#");
    assert_eq!(
        promoted.outcome(),
        Some(Outcome::Checkmate {
            winner: Side::White
        })
    );
    let mut resigned = play(Game::new(), "1. c4-d3");
    resigned.resign(Side::White).unwrap();
    let mut black_resigned = play(Game::new(), "1. c4-d3");
    black_resigned.resign(Side::Black).unwrap();
    let mut agreed = play(Game::new(), "1. c4-d3 i5-h3");
    agreed.agree_draw().unwrap();
    let mut at_once = Game::new();
    at_once.resign(Side::Black).unwrap();
    let mut black_first = Position::start().mirror_top_bottom();
    black_first = black_first.to_string().replace(" 1", " 7").parse().unwrap();
    let black_first = play(Game::from_position(black_first), "7... i5-h3");
    for game in [
        Game::new(),
        play(Game::new(), MATE),
        promo,
        promoted,
        resigned,
        black_resigned,
        agreed,
        at_once,
        black_first,
    ] {
        assert_round_trip(&game, &players("White \u{e9}\u{e8}", ""));
        assert_round_trip(&game, &Tags::default());
    }
}

#[test]
fn a_game_starting_with_black_numbers_from_the_setup() {
    let start: Position = Position::start()
        .mirror_top_bottom()
        .to_string()
        .replace(" 1", " 12")
        .parse()
        .unwrap();
    let game = play(Game::from_position(start.clone()), "12... i5-h3 13. c4-d3");
    let text = write_game(&game, &Tags::default());
    assert!(text.contains(&format!("[Setup \"{start}\"]")), "{text}");
    assert!(text.ends_with("\n12... i5-h3 13. c4-d3 *\n"), "{text}");
}

#[test]
fn harmless_variations_in_the_text_are_forgiven() {
    let expect = play(Game::new(), "1. c4-d3 i5-h3 2. Sa2-e5");
    let inputs = [
        "[Event \"x\"]\r\n[Result \"*\"]\r\n\r\n1. c4-d3 i5-h3\r\n2. Sa2-e5 *\r\n",
        "\u{feff}  [ Event   \"x\" ]  \n\n\n  1.   c4-d3\ti5-h3   2.Sa2-e5   *",
        "{before} [Event \"x\"] {between} 1. c4-d3 {a comment\nover lines} i5-h3 ; rest\n2. Sa2-e5 *",
        "[Event \"x\"]\nc4-d3 i5-h3 Sa2-e5 *\n\n",
        "[Event \"x\"]\n1. c4-d3! i5-h3?! $2 2. Sa2-e5!! * {trailing comment}\n",
        "[Event \"x\"]\n1. c4d3 1... i5h3 2. a2e5 *",
    ];
    for input in inputs {
        let record = read_game(input.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{input}"));
        assert_eq!(record.tags.event.as_deref(), Some("x"), "{input}");
        assert_eq!(record.game.position(), expect.position(), "{input}");
        assert_eq!(record.game.outcome(), None);
    }
}

#[test]
fn a_decisive_result_on_an_open_board_is_a_resignation_or_agreement() {
    let cases = [
        (
            "1. c4-d3 1-0",
            Outcome::Resignation {
                winner: Side::White,
            },
        ),
        (
            "1. c4-d3 0-1",
            Outcome::Resignation {
                winner: Side::Black,
            },
        ),
        ("1. c4-d3 1/2-1/2", Outcome::Agreement),
        (
            "[Termination \"resignation\"] 0-1",
            Outcome::Resignation {
                winner: Side::Black,
            },
        ),
    ];
    for (input, outcome) in cases {
        let record = read_game(input.as_bytes()).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(record.game.outcome(), Some(outcome), "{input}");
        assert!(
            record.game.can_undo(),
            "a declared result can be taken back"
        );
    }
}

fn ending() -> impl Strategy<Value = u8> {
    0u8..4
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_read_back_the_same(
        choices in proptest::collection::vec(any::<u16>(), 0..160),
        end in ending(),
        setup in proptest::option::of(common::played_position()),
        white in "[ -~\u{e9}\u{263a}]{0,12}",
    ) {
        let mut game = setup.map_or_else(Game::new, Game::from_position);
        for c in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[c as usize % moves.len()]).unwrap();
        }
        if !game.is_over() {
            let _ = match end {
                0 => game.resign(Side::White),
                1 => game.resign(Side::Black),
                2 => game.agree_draw(),
                _ => Ok(()),
            };
        }
        let tags = Tags { white: Some(white), round: Some("3".into()), ..Tags::default() };
        assert_round_trip(&game, &tags);
    }
}

#[test]
fn a_record_value_is_what_the_helpers_say() {
    let record = GameRecord::new(play(Game::new(), MATE), players("A", "B"));
    assert_eq!(record.to_text(), write_game(&record.game, &record.tags));
}

#[test]
fn time_forfeits_read_and_write_back() {
    use parachess::rules::clock::TimeControl;
    let tags = Tags {
        time_control: Some("60+1".parse::<TimeControl>().unwrap()),
        ..players("A", "B")
    };
    let mut game = play(Game::new(), "c4-d3");
    game.flag(Side::Black).unwrap();
    let text = assert_round_trip(&game, &tags);
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
    assert!(text.trim_end().ends_with("1-0"), "{text}");
    let back = read_game(text.as_bytes()).unwrap();
    let white_wins = Outcome::Time {
        winner: Some(Side::White),
    };
    assert_eq!(back.game.outcome(), Some(white_wins));
    // Against a lone King the flag fall is a draw.
    let start: Position = "3k2/4/8/5/10/6/10/5/8/4/2QK2 w 0 1".parse().unwrap();
    let mut game = Game::from_position(start);
    game.flag(Side::White).unwrap();
    let text = assert_round_trip(&game, &tags);
    assert!(text.trim_end().ends_with("1/2-1/2"), "{text}");
    let back = read_game(text.as_bytes()).unwrap();
    assert_eq!(back.game.outcome(), Some(Outcome::Time { winner: None }));
}

#[test]
fn notes_after_moves_read_and_write_back() {
    use parachess::rules::clock::TimeControl;
    use parachess::rules::record::{Eval, Mark, PlyNote, write_record};
    use std::time::Duration;
    let game = play(Game::new(), "c4-d3 i5-h3 c3-d2");
    let tags = Tags {
        time_control: Some("300+3".parse::<TimeControl>().unwrap()),
        ..players("A", "B")
    };
    let notes = vec![
        PlyNote {
            clock: Some(Duration::from_secs(298)),
            eval: Some(Eval::Centipawns(35)),
            ..PlyNote::default()
        },
        PlyNote {
            mark: Some(Mark::Dubious),
            clock: Some(Duration::from_millis(301_500)),
            eval: Some(Eval::Mate(-3)),
            hint: true,
            comment: "Black {worried}".into(),
        },
        PlyNote::default(),
    ];
    let text = write_record(&game, &tags, &notes);
    assert!(text.contains("[TimeControl \"300+3\"]"), "{text}");
    assert!(
        text.replace('\n', " ").contains("1. c4-d3 {[%eval 0.35] [%clk 0:04:58]} i5-h3?! {[%eval #-3] [%clk 0:05:01.5] [%hint] Black (worried)}"),
        "{text}"
    );
    let back = read_game(text.as_bytes()).unwrap();
    assert_eq!(back.tags, tags);
    assert_eq!(back.notes.len(), 3);
    assert_eq!(back.notes[0], notes[0]);
    assert_eq!(back.notes[1].comment, "Black (worried)");
    assert_eq!(back.notes[1].mark, Some(Mark::Dubious));
    assert!(back.notes[1].hint);
    assert_eq!(back.to_text(), text);
    // Glyphs and lichess's extra commands are understood or kept.
    let other = read_game(b"1. c4-d3 $6 {[%csl Ga1] nice} i5-h3! *").unwrap();
    assert_eq!(other.notes[0].mark, Some(Mark::Dubious));
    assert_eq!(other.notes[0].comment, "[%csl Ga1] nice");
    assert_eq!(other.notes[1].mark, Some(Mark::Good));
}

/// A copy kept from a reconnection on has clock notes on the later moves only: it reads back,
/// each reading bounded by the increments of all its side's moves since the start.
#[test]
fn clocks_on_some_moves_only_read_back() {
    use parachess::rules::clock::TimeControl;
    use parachess::rules::record::{PlyNote, write_record};
    use std::time::Duration;
    let game = play(Game::new(), "c4-d3 i5-h3 c3-d2");
    let tags = Tags {
        time_control: Some("600+5".parse::<TimeControl>().unwrap()),
        ..players("A", "B")
    };
    // White's second move: at most 10:10 (two increments), far more than one.
    let notes = vec![
        PlyNote::default(),
        PlyNote::default(),
        PlyNote {
            clock: Some(Duration::from_millis(609_900)),
            ..PlyNote::default()
        },
    ];
    let text = write_record(&game, &tags, &notes);
    let back = read_game(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.notes, notes);
    assert_eq!(back.to_text(), text);
}
