//! Position text and move text: the start position, round trips, and a table of bad inputs
//! with the error each must give.

use crate::common;

use common::*;
use parachess::rules::{
    MoveError, MoveTextErrorKind, ParseCellError, PieceKind, Position, PositionErrorKind,
    START_TEXT, Side,
};

#[test]
fn the_start_position_is_the_rule_books() {
    let pos = Position::start();
    assert_eq!(pos.to_string(), START_TEXT);
    let expect = [
        ("a1", 'R'),
        ("a2", 'S'),
        ("a3", 'Q'),
        ("a4", 'K'),
        ("a5", 'S'),
        ("a6", 'R'),
        ("b2", 'B'),
        ("b3", 'B'),
        ("k1", 'r'),
        ("k2", 's'),
        ("k3", 'q'),
        ("k4", 'k'),
        ("k5", 's'),
        ("k6", 'r'),
        ("j2", 'b'),
        ("j3", 'b'),
    ];
    for (name, letter) in expect {
        assert_eq!(
            pos.piece_at(cell(name)).map(|p| p.letter()),
            Some(letter),
            "{name}"
        );
    }
    for n in 1..=8 {
        assert_eq!(
            pos.piece_at(cell(&format!("c{n}"))).map(|p| p.letter()),
            Some('P')
        );
        assert_eq!(
            pos.piece_at(cell(&format!("i{n}"))).map(|p| p.letter()),
            Some('p')
        );
    }
    assert_eq!(pos.occupied().len(), 32);
    assert_eq!(pos.turn(), Side::White);
    assert_eq!(pos, pos.mirror_top_bottom().mirror_top_bottom());
    // The start position is its own mirror image with colours swapped.
    let mut swapped = pos.mirror_top_bottom();
    assert_eq!(swapped.turn(), Side::Black);
    swapped = swapped.to_string().replace(" b ", " w ").parse().unwrap();
    assert_eq!(swapped, pos);
}

#[test]
fn surrounding_whitespace_is_forgiven() {
    let pos: Position = format!("  {START_TEXT}\n").parse().unwrap();
    assert_eq!(pos, Position::start());
}

#[test]
fn malformed_position_texts_are_rejected_with_what_and_where() {
    use PositionErrorKind as K;
    let start_rows = "rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR";
    let cases: Vec<(String, K, usize)> = vec![
        (String::new(), K::Empty, 1),
        ("   ".into(), K::Empty, 1),
        (start_rows.into(), K::MissingField("side to move"), 54),
        (
            format!("{start_rows} w"),
            K::MissingField("half-move clock"),
            56,
        ),
        (
            format!("{start_rows} w 0"),
            K::MissingField("move number"),
            58,
        ),
        (
            format!("{start_rows} w 0 1 x"),
            K::TrailingJunk("x".into()),
            61,
        ),
        (format!("{start_rows}  w 0 1"), K::BadSeparator, 55),
        (format!("{start_rows} w\t0 1"), K::BadSeparator, 56),
        ("rsqksr/1bb1 w 0 1".into(), K::RowCount(2), 1),
        (
            "rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR/6 w 0 1".into(),
            K::RowCount(12),
            1,
        ),
        (
            "rsqksrr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1".into(),
            K::RowTooLong {
                row: 'k',
                expected: 6,
            },
            7,
        ),
        (
            "rsqksr/1bb/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1".into(),
            K::RowTooShort {
                row: 'j',
                found: 3,
                expected: 4,
            },
            8,
        ),
        (
            "rsqksr/1bb1/pppppppp/5/11/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1".into(),
            K::RowTooLong {
                row: 'g',
                expected: 10,
            },
            24,
        ),
        (
            "rsqksr/1bb1/pppppppp/5/99999999999999999999999/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1"
                .into(),
            K::RowTooLong {
                row: 'g',
                expected: 10,
            },
            24,
        ),
        (
            "rsqksr/1bb1/ppppnppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1".into(),
            K::UnknownPiece('n'),
            17,
        ),
        (
            "rsqksr/1bb1/pppppppp/05/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1".into(),
            K::BadRun,
            22,
        ),
        (format!("{start_rows} x 0 1"), K::BadSide("x".into()), 55),
        (format!("{start_rows} W 0 1"), K::BadSide("W".into()), 55),
        (
            format!("{start_rows} w -1 1"),
            K::BadHalfmoveClock("-1".into()),
            57,
        ),
        (
            format!("{start_rows} w 99999999999 1"),
            K::BadHalfmoveClock("99999999999".into()),
            57,
        ),
        (
            format!("{start_rows} w 0 0"),
            K::BadMoveNumber("0".into()),
            59,
        ),
        (
            format!("{start_rows} w 0 one"),
            K::BadMoveNumber("one".into()),
            59,
        ),
        (
            "rsq1sr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1".into(),
            K::MissingKing(Side::Black),
            1,
        ),
        (
            "rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSK w 0 1".into(),
            K::ExtraKing(Side::White),
            1,
        ),
        (
            "Psqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1".into(),
            K::PawnOnLastRow {
                side: Side::White,
                cell: cell("k1"),
            },
            1,
        ),
        // The White Rook on a6 sees the Black King along the a-row... here Black's King stands
        // on a5's edge line with White to move.
        (
            "6/4/8/5/10/6/10/5/8/4/3KRk w 0 1".into(),
            K::KingCapturable(Side::White),
            1,
        ),
        (
            format!("{start_rows} w 0 1 é"),
            K::TrailingJunk("é".into()),
            61,
        ),
    ];
    for (text, kind, column) in cases {
        let err = text.parse::<Position>().expect_err(&text);
        assert_eq!((&err.kind, err.column), (&kind, column), "{text:?}");
        let message = err.to_string();
        assert!(message.contains(&format!("column {column}")), "{message}");
    }
}

#[test]
fn malformed_move_texts_are_rejected_with_what_and_where() {
    use MoveTextErrorKind as K;
    let pos = Position::start();
    let cases: Vec<(&str, K, usize)> = vec![
        ("", K::Empty, 1),
        (
            "z1-d1",
            K::BadCell {
                which: "start",
                error: ParseCellError::BadRow('z'),
            },
            1,
        ),
        (
            "c9-d1",
            K::BadCell {
                which: "start",
                error: ParseCellError::BadNumber {
                    row: 'c',
                    number: "9".into(),
                    len: 8,
                },
            },
            1,
        ),
        (
            "c1-",
            K::BadCell {
                which: "target",
                error: ParseCellError::Empty,
            },
            4,
        ),
        (
            "c1-d",
            K::BadCell {
                which: "target",
                error: ParseCellError::MissingNumber('d'),
            },
            4,
        ),
        ("c1:d1", K::BadSeparator(':'), 3),
        ("c1-d1junk", K::TrailingJunk("junk".into()), 6),
        ("j2-k2=K", K::BadPromotion("=K".into()), 6),
        ("j2-k2=", K::BadPromotion("=".into()), 6),
        (
            "Qa2-e5",
            K::WrongPiece {
                cell: cell("a2"),
                written: PieceKind::Queen,
                actual: PieceKind::Sorcerer,
            },
            1,
        ),
        ("Sa2xe5", K::NotACapture(cell("e5")), 4),
        ("e5-e6", K::Illegal(MoveError::NoPiece(cell("e5"))), 1),
        (
            "c1-f1",
            K::Illegal(MoveError::Unreachable {
                kind: PieceKind::Pawn,
                from: cell("c1"),
                to: cell("f1"),
            }),
            1,
        ),
        ("c1-d1=Q", K::Illegal(MoveError::PromotionNotAllowed), 1),
    ];
    for (text, kind, column) in cases {
        let err = pos.parse_move(text).expect_err(text);
        assert_eq!((&err.kind, err.column), (&kind, column), "{text:?}");
        assert!(err.to_string().contains(text), "{err}");
    }
    // A capture written with '-'.
    let pos: Position = "k5/4/8/5/10/6/10/5/8/4/3KRr w 0 1".parse().unwrap();
    assert_eq!(
        pos.parse_move("Ra5-a6").unwrap_err().kind,
        K::IsACapture(cell("a6"))
    );
    assert!(pos.parse_move("Ra5xa6").is_ok());
    // A '+' that gives no check is a wrong record, not a harmless decoration.
    let err = pos.parse_move("Ra5xa6+").unwrap_err();
    assert_eq!(
        (err.kind, err.column),
        (
            K::WrongMark {
                written: '+',
                actual: parachess::rules::MarkError::NoCheck
            },
            7
        )
    );
}

#[test]
fn check_and_mate_marks_must_be_true() {
    // A middle game with both quiet and checking moves, reached by a fixed walk through the
    // legal moves; every mark is then tried on every move.
    let mut pos = Position::start();
    let mut step = 0;
    while !pos.legal_moves().iter().any(|&m| pos.after(m).in_check()) {
        let moves = pos.legal_moves();
        pos.make_move(moves[(step * 7 + 3) % moves.len()]);
        step += 1;
        assert!(step < 200, "no checking move found");
    }
    let mut seen = [false; 3];
    for &m in pos.legal_moves().iter() {
        let after = pos.after(m);
        let plain = pos.move_text(m).trim_end_matches(['+', '#']).to_string();
        let kind = if !after.has_legal_move() {
            2
        } else if after.in_check() {
            1
        } else {
            0
        };
        seen[kind] = true;
        let plus = pos.parse_move(&format!("{plain}+"));
        let hash = pos.parse_move(&format!("{plain}#"));
        assert_eq!(pos.parse_move(&plain), Ok(m), "{plain}");
        assert_eq!(plus.is_ok(), kind == 1, "{plain}+ {plus:?}");
        assert_eq!(hash.is_ok(), kind == 2, "{plain}# {hash:?}");
    }
    assert!(
        seen[0] && seen[1],
        "the position offers quiet moves and checks"
    );
    // A mate: the rule book's Queen-and-King finish from a set-up position.
    let mated: Position = "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 7".parse().unwrap();
    let mates: Vec<_> = mated
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| !mated.after(m).has_legal_move())
        .collect();
    assert!(!mates.is_empty(), "the set-up position has a winning move");
    for m in mates {
        let text = mated.move_text(m);
        assert!(text.ends_with('#'), "{text}");
        assert_eq!(mated.parse_move(&text), Ok(m));
        let as_check = text.replace('#', "+");
        assert!(matches!(
            mated.parse_move(&as_check).map_err(|e| e.kind),
            Err(parachess::rules::MoveTextErrorKind::WrongMark { written: '+', .. })
        ));
    }
}

#[test]
fn the_bare_forms_are_accepted() {
    let pos = Position::start();
    assert_eq!(pos.parse_move("a2e5"), Ok(mv("a2e5")));
    assert_eq!(pos.parse_move("Sa2e5"), Ok(mv("a2e5")));
    assert_eq!(pos.parse_move(" c4-d3 "), Ok(mv("c4d3")));
    assert_eq!(pos.move_text(mv("a2e5")), "Sa2-e5");
    assert_eq!(pos.move_text(mv("c4d3")), "c4-d3");
}

#[test]
fn very_long_inputs_are_rejected_without_trouble() {
    let long = "1".repeat(100_000);
    assert!(long.parse::<Position>().is_err());
    assert!(Position::start().parse_move(&long).is_err());
    let slashes = "/".repeat(100_000) + " w 0 1";
    assert_eq!(
        slashes.parse::<Position>().unwrap_err().kind,
        PositionErrorKind::RowCount(100_001)
    );
}
