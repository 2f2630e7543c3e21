//! Cells worked out by hand from the corner table (docs/RULES.md §1, §2, §11).

use super::*;
use crate::rules::board::Turn;

fn c(n: &str) -> Cell {
    n.parse().unwrap()
}

fn side_cells(a: &Around) -> Vec<(u8, Option<&'static str>)> {
    a.sides
        .iter()
        .map(|s| (s.hour, s.cell.map(|c| c.name())))
        .collect()
}

#[test]
fn hours_point_like_a_clock_with_black_up() {
    assert_eq!(hour_of(Point { u: 0, v: 2 }), 12);
    assert_eq!(hour_of(Point { u: 1, v: 1 }), 2);
    assert_eq!(hour_of(Point { u: 2, v: 0 }), 3);
    assert_eq!(hour_of(Point { u: 0, v: -2 }), 6);
    assert_eq!(hour_of(Point { u: -1, v: 3 }), 11);
    assert_eq!(hour_of(Point { u: -1, v: -3 }), 7);
}

#[test]
fn e5_its_sides_and_corners() {
    // e5 is rising: corners (-1,-3) (0,-2) (0,0) (-1,-1), acute at (-1,-3) and (0,0).
    let a = around(c("e5"));
    assert_eq!(
        side_cells(&a),
        [
            (12, Some("f3")),
            (2, Some("e6")),
            (6, Some("d3")),
            (8, Some("e4"))
        ]
    );
    // Around the corner (0,0), heading north-east: g6 straight on, g5 to the left, f4 to the
    // right; around (-1,-3), heading south-west: c3 straight on, c4 to the left, d2 to the right.
    assert_eq!(
        a.corners,
        [
            CornerWords {
                hour: 1,
                straight: Some(c("g6")),
                left: Some(c("g5")),
                right: Some(c("f4")),
            },
            CornerWords {
                hour: 7,
                straight: Some(c("c3")),
                left: Some(c("c4")),
                right: Some(c("d2")),
            },
        ]
    );
}

#[test]
fn the_rim_has_no_cell_across_it() {
    let a = around(c("a1"));
    assert_eq!(
        side_cells(&a),
        [(12, Some("b1")), (2, Some("a2")), (6, None), (8, None)]
    );
    assert_eq!(a.corners[0].hour, 1);
    assert_eq!(a.corners[0].straight, Some(c("c3")));
    assert_eq!(a.corners[1].hour, 7);
    assert_eq!(
        (a.corners[1].straight, a.corners[1].left, a.corners[1].right),
        (None, None, None)
    );
}

#[test]
fn every_shape_has_its_hours() {
    let hours = |n: &str| {
        let a = around(c(n));
        (a.sides.map(|s| s.hour), a.corners.map(|c| c.hour))
    };
    assert_eq!(hours("f4"), ([2, 4, 8, 10], [3, 9]));
    assert_eq!(hours("e5"), ([12, 2, 6, 8], [1, 7]));
    assert_eq!(hours("e6"), ([12, 4, 6, 10], [5, 11]));
    assert_eq!(around(c("f4")).corners[1].straight, Some(c("f3")));
    // Every inner cell has four sides and two corners at distinct hours, sides and corners
    // never at the same hour.
    for cell in Cell::all() {
        let a = around(cell);
        let mut all: Vec<u8> = a.sides.iter().map(|s| s.hour).collect();
        all.extend(a.corners.iter().map(|c| c.hour));
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 6, "{cell}");
    }
}

#[test]
fn a_rook_line_ends_before_its_own_pawn() {
    let pos = Position::start();
    let r = reach(&pos, c("a1")).unwrap();
    assert!(r.leaps.is_empty());
    assert_eq!(
        r.lines,
        [
            LineWords {
                kind: LineKind::Edge,
                start: Through::Side(12),
                cells: vec![c("b1")],
                end: End::Own(c("c1"), PieceKind::Pawn),
            },
            LineWords {
                kind: LineKind::Edge,
                start: Through::Side(2),
                cells: vec![],
                end: End::Own(c("a2"), PieceKind::Sorcerer),
            },
        ]
    );
    let words = say::reach(Lang::En, &pos, &r);
    assert_eq!(
        words,
        [
            "White Rook a1:",
            "Edge-path across the 12 o'clock side: b1, stops before own Pawn c1.",
            "Edge-path across the 2 o'clock side: stops before own Sorcerer a2.",
        ]
    );
    assert_eq!(
        say::reach(Lang::De, &pos, &r)[1],
        "Kantenpfad über die 12-Uhr-Seite: b1, endet vor eigenem Bauer c1."
    );
}

#[test]
fn a_bishop_on_e5_has_diagonal_and_wave_lines_and_a_sorcerer_leaps() {
    // White's Bishop from b3 stands on e5.
    let pos: Position = "rsqksr/1bb1/pppppppp/5/10/6/4B5/5/PPPPPPPP/1B2/RSQKSR w 0 1"
        .parse()
        .unwrap();
    let r = reach(&pos, c("e5")).unwrap();
    // Two diagonal-paths and four wave-paths, clockwise from 12.
    let kinds: Vec<_> = r.lines.iter().map(|l| (l.kind, l.start)).collect();
    assert_eq!(kinds.len(), 6);
    assert_eq!(
        kinds[..3],
        [
            (LineKind::Wave, Through::Corner(1, Some(Turn::Left))),
            (LineKind::Diagonal, Through::Corner(1, None)),
            (LineKind::Wave, Through::Corner(1, Some(Turn::Right))),
        ]
    );
    // The diagonal through 1 o'clock runs g6 … and takes the Black piece at its end or
    // reaches the rim; the one through 7 o'clock stops before White's Pawn on c3.
    let down = &r.lines[4];
    assert_eq!(down.start, Through::Corner(7, None));
    assert_eq!(down.end, End::Own(c("c3"), PieceKind::Pawn));
    assert!(down.cells.is_empty());
    let up = &r.lines[1];
    assert_eq!(up.cells.first(), Some(&c("g6")));
    assert!(matches!(up.end, End::Takes(_, _) | End::Rim));

    let s = reach(&Position::start(), c("a2")).unwrap();
    assert!(s.lines.is_empty());
    assert!(!s.leaps.is_empty());
    for l in &s.leaps {
        assert!(board().sorcerer_leaps(c("a2")).contains(l.to));
        assert_eq!(l.target, Position::start().piece_at(l.to));
    }
}

#[test]
fn a_king_steps_one_cell_each_way() {
    let pos = Position::start();
    let r = reach(&pos, c("a4")).unwrap();
    assert!(r.leaps.is_empty());
    assert_eq!(r.lines.len(), board().cell(c("a4")).steps().count());
    let words = say::reach(Lang::En, &pos, &r);
    assert!(
        words
            .iter()
            .any(|w| w.starts_with("Edgewise step across the")
                && w.ends_with("stops before own Queen a3.")),
        "{words:?}"
    );
}

#[test]
fn moves_said_in_both_languages() {
    let pos: Position = "3k2/4/8/5/10/6/10/5/8/r3/R2K2 w 0 1".parse().unwrap();
    let mv = pos.parse_move("a1b1").unwrap();
    let m = move_words(&pos, mv).unwrap();
    assert_eq!(m.takes, Some(PieceKind::Rook));
    assert_eq!(
        say::move_words(Lang::En, &pos, &m),
        "White Rook a1 takes Rook b1"
    );
    assert_eq!(
        say::move_words(Lang::De, &pos, &m),
        "Weiß Turm a1 schlägt Turm b1"
    );
    let start = Position::start();
    let m = move_words(&start, start.parse_move("c4d3").unwrap()).unwrap();
    assert_eq!(say::move_words(Lang::En, &start, &m), "White Pawn c4 to d3");
    let mut game = Game::new();
    game.play_text("c4d3").unwrap();
    assert_eq!(last_move_words(&game), Some(m));
}

#[test]
fn a_check_and_a_mate_are_said() {
    // Black's King on k4 alone; White's Rook slides into check.
    let pos: Position = "3k2/4/8/5/10/6/10/5/8/4/R2K2 w 0 1".parse().unwrap();
    let checks: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter_map(|&mv| move_words(&pos, mv))
        .filter(|m| m.check)
        .map(|m| say::move_words(Lang::En, &pos, &m))
        .collect();
    assert!(
        checks
            .iter()
            .all(|w| w.ends_with(", check") || w.ends_with(", checkmate")),
        "{checks:?}"
    );
}

#[test]
fn surroundings_and_the_text_board() {
    let pos = Position::start();
    let s = say::around(Lang::En, &pos, &around(c("a1")));
    assert_eq!(
        s,
        [
            "a1 (White Rook), rising cell.",
            "Across the 12 o'clock side: b1 (empty).",
            "Across the 2 o'clock side: a2 (White Sorcerer).",
            "Across the 6 o'clock side: off the board.",
            "Across the 8 o'clock side: off the board.",
            "Through the 1 o'clock corner: straight on c3 (White Pawn), turning left c2 (White Pawn), turning right b2 (White Bishop).",
            "Through the 7 o'clock corner: straight on off the board, turning left off the board, turning right off the board.",
        ]
    );
    let b = say::text_board(Lang::En, &pos);
    assert_eq!(b.turn, "White to move");
    assert_eq!(
        b.pieces[0],
        "White: King a4; Queen a3; Rook a1, a6; Bishop b2, b3; Sorcerer a2, a5; Pawn c1, c2, c3, c4, c5, c6, c7, c8"
    );
    assert_eq!(b.rows.len(), 11);
    assert_eq!(b.rows[0].0, "Row k");
    assert_eq!(b.rows[0].1[0], "k1 (Black Rook)");
    assert_eq!(b.rows[10].1.len(), 6);
    let de = say::text_board(Lang::De, &pos);
    assert_eq!(de.turn, "Weiß am Zug");
    assert_eq!(de.rows[10].0, "Reihe a");
    assert_eq!(
        say::where_are(
            Lang::En,
            &pos,
            PieceKind::Bishop,
            &where_are(&pos, PieceKind::Bishop)
        ),
        "Bishop: White b2, b3; Black j2, j3."
    );
}

#[test]
fn a_text_board_after_the_last_move_says_how_the_game_ended() {
    // The rule book's mate and stalemate in one (tests/rules/rules_game.rs), played.
    let after = |fen: &str, m: &str| {
        let pos: Position = fen.parse().unwrap();
        let mv = pos.parse_move(m).unwrap();
        pos.after(mv)
    };
    let mate = after("6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1", "Qi4-i6");
    assert_eq!(
        say::text_board(Lang::En, &mate).turn,
        "Checkmate: White wins"
    );
    assert_eq!(
        say::text_board(Lang::De, &mate).turn,
        "Schachmatt: Weiß gewinnt"
    );
    let stale = after("6/4/1K6/5/k9/6/10/3Q1/8/4/6 w 0 1", "Qd4-d1");
    assert_eq!(
        say::text_board(Lang::En, &stale).turn,
        "Stalemate: White wins"
    );
    let before: Position = "6/4/1K6/5/k9/6/10/3Q1/8/4/6 w 0 1".parse().unwrap();
    assert_eq!(say::text_board(Lang::En, &before).turn, "White to move");
}
