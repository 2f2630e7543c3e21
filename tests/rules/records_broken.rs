//! Broken game files: a table of inputs, each with the error, line and column it must give.

use parachess::rules::record::{MAX_RECORD_BYTES, RecordErrorKind as K, read_game};
use parachess::rules::{MoveTextErrorKind, Side};

use crate::common::within;

/// The most a reading is waited for: a bound for a runaway, not a speed test.
const WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// White mates on its second move.
const MATE: &str = "1. Sa2-e3 i3-g5 2. Se3-i3#";

type Check = fn(&K) -> bool;

/// (what, file, expected error, line, column).
fn broken_files() -> Vec<(&'static str, Vec<u8>, Check, usize, usize)> {
    let mated = format!("{MATE} k4-j4 1-0");
    let start_rows = "rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR";
    vec![
        ("empty file", b"".to_vec(), |k| *k == K::Empty, 1, 1),
        (
            "only a comment",
            b"  \n{just a comment}\n".to_vec(),
            |k| *k == K::Empty,
            3,
            1,
        ),
        (
            "truncated tag",
            b"[Event \"Casu".to_vec(),
            |k| *k == K::UnterminatedTag,
            1,
            1,
        ),
        (
            "tag cut at line end",
            b"[White \"a\"]\n[Event \"Cas\n1. c4-d3 *".to_vec(),
            |k| *k == K::UnterminatedTag,
            2,
            1,
        ),
        (
            "tag without ]",
            b"[Event \"x\"\n\n*".to_vec(),
            |k| *k == K::UnterminatedTag,
            1,
            1,
        ),
        (
            "truncated comment",
            b"1. c4-d3 {a comment\n".to_vec(),
            |k| *k == K::UnterminatedComment,
            1,
            10,
        ),
        (
            "only tags",
            b"[Event \"x\"]\n".to_vec(),
            |k| *k == K::MissingResult,
            2,
            1,
        ),
        (
            "no result",
            b"1. c4-d3 i5-h3\n".to_vec(),
            |k| *k == K::MissingResult,
            2,
            1,
        ),
        (
            "non-UTF-8 in a tag",
            b"[Event \"caf\xe9\"]\n*\n".to_vec(),
            |k| *k == K::NotUtf8(0xe9),
            1,
            12,
        ),
        (
            "non-UTF-8 in the moves",
            b"[Event \"x\"]\n\n1. c4-d3 \xff *".to_vec(),
            |k| *k == K::NotUtf8(0xff),
            3,
            10,
        ),
        (
            "unknown tag",
            "[White \"Zo\u{eb}\"] [Opening \"x\"]\n*".into(),
            |k| *k == K::UnknownTag("Opening".into()),
            1,
            16,
        ),
        (
            "duplicate tag",
            b"[White \"a\"]\n[White \"b\"]\n*".to_vec(),
            |k| matches!(k, K::DuplicateTag { first_line: 1, .. }),
            2,
            2,
        ),
        (
            "tag without quotes",
            b"[Event x]\n*".to_vec(),
            |k| matches!(k, K::BadTag(_)),
            1,
            8,
        ),
        (
            "tag without a name",
            b"[ \"x\"]\n*".to_vec(),
            |k| matches!(k, K::BadTag(_)),
            1,
            3,
        ),
        (
            "bad Result tag",
            b"[Result \"2-0\"]\n*".to_vec(),
            |k| matches!(k, K::BadTagValue { tag: "Result", .. }),
            1,
            10,
        ),
        (
            "bad Termination tag",
            b"[Termination \"timeout\"]\n*".to_vec(),
            |k| {
                matches!(
                    k,
                    K::BadTagValue {
                        tag: "Termination",
                        ..
                    }
                )
            },
            1,
            15,
        ),
        (
            "Setup with two rows",
            b"[Setup \"rsqksr/1bb1 w 0 1\"]\n*".to_vec(),
            |k| matches!(k, K::BadSetup(_)),
            1,
            9,
        ),
        (
            "Setup with a bad side",
            format!("[Setup \"{start_rows} x 0 1\"]\n*").into_bytes(),
            |k| matches!(k, K::BadSetup(_)),
            1,
            63,
        ),
        (
            "tag after the moves",
            b"1. c4-d3 [Event \"x\"] *".to_vec(),
            |k| *k == K::TagAfterMoves,
            1,
            10,
        ),
        (
            "variation",
            b"1. c4-d3 (1. c3-d3) *".to_vec(),
            |k| *k == K::Variation,
            1,
            10,
        ),
        (
            "stray brace",
            b"1. c4-d3 } *".to_vec(),
            |k| *k == K::Unexpected('}'),
            1,
            10,
        ),
        (
            "number without dot",
            b"1. c4-d3 2 i5-h3 *".to_vec(),
            |k| matches!(k, K::BadMoveNumber(_)),
            1,
            10,
        ),
        (
            "two dots",
            b"1.. c4-d3 *".to_vec(),
            |k| matches!(k, K::BadMoveNumber(_)),
            1,
            1,
        ),
        (
            "huge number",
            b"99999999999. c4-d3 *".to_vec(),
            |k| matches!(k, K::BadMoveNumber(_)),
            1,
            1,
        ),
        (
            "skipped number",
            b"1. c4-d3 i5-h3 3. Sa2-e5 *".to_vec(),
            |k| matches!(k, K::MoveNumberOutOfSequence { expected, .. } if expected == "2."),
            1,
            16,
        ),
        (
            "White's number for Black",
            b"1. c4-d3 1. i5-h3 *".to_vec(),
            |k| matches!(k, K::MoveNumberOutOfSequence { expected, .. } if expected == "1..."),
            1,
            10,
        ),
        (
            "number then result",
            b"1. c4-d3 i5-h3 2. *".to_vec(),
            |k| matches!(k, K::NumberWithoutMove(_)),
            1,
            16,
        ),
        (
            "unreachable cell",
            b"1. c4-d3 i5-h3 2. Sa2-e9 *".to_vec(),
            |k| {
                matches!(
                    k,
                    K::IllegalMove {
                        number: 2,
                        side: Side::White,
                        ..
                    }
                )
            },
            1,
            19,
        ),
        (
            "White moves for Black",
            b"1. c4-d3 c5-d4 *".to_vec(),
            |k| {
                matches!(
                    k,
                    K::IllegalMove {
                        number: 1,
                        side: Side::Black,
                        ..
                    }
                )
            },
            1,
            10,
        ),
        (
            "wrong piece letter",
            b"1. Qc4-d3 *".to_vec(),
            |k| {
                matches!(
                    k,
                    K::IllegalMove {
                        reason: MoveTextErrorKind::WrongPiece { .. },
                        ..
                    }
                )
            },
            1,
            4,
        ),
        (
            "not a move",
            "[White \"Zo\u{eb}\"]\n\n1. c4-d3 \u{e9} *".into(),
            |k| matches!(k, K::IllegalMove { .. }),
            3,
            10,
        ),
        (
            "CRLF file, bad move",
            b"[Event \"x\"]\r\n\r\n1. c4-d3 i5-h3 2. x9 *\r\n".to_vec(),
            |k| matches!(k, K::IllegalMove { .. }),
            3,
            19,
        ),
        (
            "move after mate",
            mated.into_bytes(),
            |k| {
                matches!(
                    k,
                    K::MoveAfterEnd {
                        side: Side::Black,
                        ..
                    }
                )
            },
            1,
            28,
        ),
        (
            "loser's win after mate",
            format!("{MATE} 0-1").into_bytes(),
            |k| matches!(k, K::ResultContradictsBoard { .. }),
            1,
            28,
        ),
        (
            "unfinished after mate",
            format!("{MATE} *").into_bytes(),
            |k| matches!(k, K::ResultContradictsBoard { .. }),
            1,
            28,
        ),
        (
            "draw after mate",
            format!("{MATE} 1/2-1/2").into_bytes(),
            |k| matches!(k, K::ResultContradictsBoard { .. }),
            1,
            28,
        ),
        (
            "Result tag disagrees",
            b"[Result \"1-0\"]\n\n1. c4-d3 *".to_vec(),
            |k| matches!(k, K::ResultTagMismatch { tag_line: 1, .. }),
            3,
            10,
        ),
        (
            "resignation claimed on a mate",
            format!("[Termination \"resignation\"]\n{MATE} 1-0").into_bytes(),
            |k| matches!(k, K::TerminationMismatch { .. }),
            1,
            15,
        ),
        (
            "checkmate claimed on an open board",
            b"[Termination \"checkmate\"]\n1. c4-d3 1-0".to_vec(),
            |k| matches!(k, K::TerminationMismatch { .. }),
            1,
            15,
        ),
        (
            "termination of an unfinished game",
            b"[Termination \"agreement\"]\n*".to_vec(),
            |k| matches!(k, K::TerminationMismatch { .. }),
            1,
            15,
        ),
        (
            "two games",
            b"1. c4-d3 * 1. c4-d3 *".to_vec(),
            |k| *k == K::TextAfterResult,
            1,
            12,
        ),
        (
            "too large",
            vec![b' '; MAX_RECORD_BYTES + 1],
            |k| matches!(k, K::TooLarge { .. }),
            1,
            1,
        ),
        (
            "a check mark on a move that gives no check",
            b"1. c4-d3+ i5-h3 *".to_vec(),
            |k| matches!(k, K::IllegalMove { reason: MoveTextErrorKind::WrongMark { written: '+', .. }, .. }),
            1,
            9,
        ),
        (
            "a mate mark on a move that does not end the game",
            b"1. c4-d3 i5-h3#\n*".to_vec(),
            |k| matches!(k, K::IllegalMove { reason: MoveTextErrorKind::WrongMark { written: '#', .. }, .. }),
            1,
            15,
        ),
        (
            "an unreadable clock",
            b"[TimeControl \"300+3\"]\n1. c4-d3 {[%clk 4 minutes]} *".to_vec(),
            |k| *k == K::BadClock("4 minutes".into()),
            2,
            10,
        ),
        (
            "an unreadable evaluation",
            b"1. c4-d3 {[%eval good]} *".to_vec(),
            |k| *k == K::BadEval("good".into()),
            1,
            10,
        ),
        (
            "a clock that gains more than the increment",
            b"[TimeControl \"300+3\"]\n1. c4-d3 {[%clk 0:04:50]} i5-h3 {[%clk 0:05:00]}\n2. c3-d2 {[%clk 0:04:58]} *".to_vec(),
            |k| matches!(k, K::ClockGained { side: Side::White, .. }),
            3,
            10,
        ),
        (
            "a clock that gains more than the increments of the moves without a reading",
            b"[TimeControl \"300+3\"]\n1. c4-d3 i5-h3\n2. c3-d2 {[%clk 0:05:08]} *".to_vec(),
            |k| matches!(k, K::ClockGained { side: Side::White, .. }),
            3,
            10,
        ),
        (
            "a time forfeit without clocks",
            b"[Termination \"time forfeit\"]\n1. c4-d3 1-0".to_vec(),
            |k| *k == K::TimeForfeitUntimed,
            1,
            15,
        ),
        (
            "a time forfeit won by the side to move",
            b"[TimeControl \"60+0\"]\n[Termination \"time forfeit\"]\n1. c4-d3 0-1".to_vec(),
            |k| matches!(k, K::TimeForfeitResult { expected: "1-0", .. }),
            3,
            10,
        ),
        (
            "a time forfeit drawn while the opponent has more than a King",
            b"[TimeControl \"60+0\"]\n[Termination \"time forfeit\"]\n1. c4-d3 1/2-1/2".to_vec(),
            |k| matches!(k, K::TimeForfeitResult { expected: "1-0", .. }),
            3,
            10,
        ),
        (
            "a flag fall against a lone King is not a loss",
            b"[TimeControl \"60+0\"]\n[Termination \"time forfeit\"]\n[Setup \"3k2/4/8/5/10/6/10/5/8/4/2QK2 w 0 1\"]\n0-1".to_vec(),
            |k| matches!(k, K::TimeForfeitResult { expected: "1/2-1/2", .. }),
            4,
            1,
        ),
        (
            "a time forfeit after checkmate",
            format!("[TimeControl \"60+0\"]\n[Termination \"time forfeit\"]\n{MATE} 1-0").into_bytes(),
            |k| matches!(k, K::TerminationMismatch { .. }),
            2,
            15,
        ),
        (
            "a bad time control",
            b"[TimeControl \"five minutes\"]\n*".to_vec(),
            |k| matches!(k, K::BadTagValue { tag: "TimeControl", .. }),
            1,
            15,
        ),
    ]
}

#[test]
fn broken_files_are_rejected_with_what_and_where() {
    for (what, input, check, line, column) in broken_files() {
        let err = match read_game(&input) {
            Ok(_) => panic!("{what}: accepted"),
            Err(e) => e,
        };
        assert!(check(&err.kind), "{what}: wrong error {err}");
        assert_eq!((err.line, err.column), (line, column), "{what}: {err}");
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn illegal_moves_are_named_by_number_and_side() {
    let err = read_game(b"1. c4-d3 i5-h3 2. Sa2-e9 *").unwrap_err();
    let message = err.to_string();
    assert!(
        message.starts_with("line 1, column 19: move 2 (White) Sa2-e9: "),
        "{message}"
    );
}

#[test]
fn big_inputs_are_quick_and_the_limit_is_exact() {
    // A reading that grew quadratically would not end within the (generous) bound.
    within(WAIT, "reading records at the size limit", || {
        let mut big = vec![b' '; MAX_RECORD_BYTES - 2];
        big.extend_from_slice(b" *");
        assert!(read_game(&big).is_ok());
        let mut comment = b"{".to_vec();
        comment.resize(MAX_RECORD_BYTES - 3, b'x');
        comment.extend_from_slice(b"} *");
        assert!(read_game(&comment).is_ok());
    });
}

#[test]
fn huge_tokens_give_short_messages_quickly() {
    // A reading that grew quadratically would not end within the (generous) bound.
    within(WAIT, "reading huge tokens", || {
        let n = 1_000_000;
        let setup = format!("[Setup \"{}x\"]\n*", "x ".repeat(n));
        let tag = format!("[{} \"x\"]\n*", "A".repeat(n));
        let mv = format!("1. c4-d3{} *", "+".repeat(n));
        let number = format!("{}. c4-d3 *", "1".repeat(n));
        let value = format!("[Result \"{}\"]\n*", "1".repeat(n));
        for input in [setup, tag, mv, number, value] {
            let err = read_game(input.as_bytes()).unwrap_err();
            assert!(err.to_string().len() < 300, "{err}");
        }
    });
}
