//! Game end, promotion and the draw rules, on constructed positions.

use crate::common;

use common::*;
use parachess::rules::{
    Game, Move, MoveError, Outcome, PieceKind, PlayError, Position, Side, board,
};

fn game(text: &str) -> Game {
    Game::from_position(text.parse().unwrap())
}

/// The same game from the other side of the table: positions and moves mirrored top–bottom.
fn mirrored(text: &str, m: &str) -> (Game, Move) {
    let pos: Position = text.parse::<Position>().unwrap().mirror_top_bottom();
    let b = board();
    let m = pos.parse_move(&{
        let orig: Position = text.parse().unwrap();
        let mv = orig.parse_move(m).unwrap();
        Move {
            from: b.mirror_top_bottom(mv.from),
            to: b.mirror_top_bottom(mv.to),
            promotion: mv.promotion,
        }
        .to_string()
    });
    (Game::from_position(pos), m.unwrap())
}

const MATE_IN_ONE: &str = "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1";
const STALEMATE_IN_ONE: &str = "6/4/1K6/5/k9/6/10/3Q1/8/4/6 w 0 1";

#[test]
fn checkmate_wins() {
    let mut g = game(MATE_IN_ONE);
    assert_eq!(g.outcome(), None);
    let ply = g.play_text("Qi4-i6").unwrap();
    assert_eq!(ply.text, "Qi4-i6#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Side::White
        })
    );
    assert!(g.position().in_check());
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.outcome().unwrap().result_text(), "1-0");
    assert!(matches!(g.play_text("k4-k3"), Err(PlayError::GameOver(_))));
}

#[test]
fn checkmate_by_black_wins_for_black() {
    let (mut g, m) = mirrored(MATE_IN_ONE, "Qi4-i6");
    g.play(m).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Side::Black
        })
    );
    assert_eq!(g.outcome().unwrap().result_text(), "0-1");
}

#[test]
fn stalemating_the_opponent_wins() {
    let mut g = game(STALEMATE_IN_ONE);
    let ply = g.play_text("Qd4-d1").unwrap();
    assert_eq!(ply.text, "Qd4-d1#", "a game-ending stalemate is marked #");
    assert!(!g.position().in_check());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Stalemate {
            winner: Side::White
        })
    );
    assert_eq!(g.outcome().unwrap().winner(), Some(Side::White));
    assert_eq!(g.outcome().unwrap().to_string(), "White wins by stalemate");

    let (mut g, m) = mirrored(STALEMATE_IN_ONE, "Qd4-d1");
    g.play(m).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Stalemate {
            winner: Side::Black
        })
    );
}

#[test]
fn a_position_without_moves_is_already_decided() {
    let g = game("4k1/B3/4K3/5/10/6/10/5/8/4/6 w 0 1");
    assert_eq!(g.outcome(), None);
    let g = game("3Q1k/4/7K/5/10/6/10/5/8/4/6 b 0 1");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Side::White
        })
    );
}

#[test]
fn promotion_offers_each_of_the_four_choices() {
    let text = "k5/1P2/8/5/10/6/10/5/8/4/5K w 0 1";
    let pos: Position = text.parse().unwrap();
    let promotions: Vec<Move> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.to == cell("k3"))
        .copied()
        .collect();
    assert_eq!(promotions.len(), 4);
    for kind in PieceKind::PROMOTIONS {
        let mut g = game(text);
        let written = format!("j2-k3={}", kind.letter());
        g.play_text(&written).unwrap();
        let piece = g.position().piece_at(cell("k3")).unwrap();
        assert_eq!((piece.side, piece.kind), (Side::White, kind));
        assert!(g.position().piece_at(cell("j2")).is_none());
        assert_eq!(g.position().halfmove_clock(), 0);
        // Bare input form, lower-case letter.
        let mut g = game(text);
        g.play_text(&format!("j2k3{}", kind.letter().to_ascii_lowercase()))
            .unwrap();
        assert_eq!(g.position().piece_at(cell("k3")).unwrap().kind, kind);
        // And back again.
        g.undo();
        assert_eq!(g.position(), &pos);
    }
    assert_eq!(
        pos.check_move(mv("j2k3")),
        Err(MoveError::PromotionRequired)
    );
    assert_eq!(
        pos.check_move(Move::promoting(cell("j2"), cell("k3"), PieceKind::King)),
        Err(MoveError::BadPromotion(PieceKind::King))
    );
    assert_eq!(
        pos.check_move(Move::promoting(cell("a6"), cell("a5"), PieceKind::Queen)),
        Err(MoveError::PromotionNotAllowed)
    );
}

#[test]
fn black_promotes_on_row_a() {
    let (mut g, m) = mirrored("k5/1P2/8/5/10/6/10/5/8/4/5K w 0 1", "j2-k3=S");
    g.play(m).unwrap();
    let piece = g.position().piece_at(cell("a3")).unwrap();
    assert_eq!((piece.side, piece.kind), (Side::Black, PieceKind::Sorcerer));
}

#[test]
fn threefold_repetition_draws() {
    let mut g = Game::new();
    // White's Sorcerer goes out and back; Black mirrors it.
    let b = board();
    let flip = |m: &str| {
        let m = mv(m);
        format!(
            "{}{}",
            b.mirror_top_bottom(m.from),
            b.mirror_top_bottom(m.to)
        )
    };
    let shuffle = [
        "a2e5".to_string(),
        flip("a2e5"),
        "e5a2".to_string(),
        flip("e5a2"),
    ];
    for m in &shuffle {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    for m in &shuffle[..3] {
        g.play_text(m).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play_text(&shuffle[3]).unwrap();
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Repetition));
    assert_eq!(g.outcome().unwrap().result_text(), "1/2-1/2");
    // Taking the last move back reopens the game.
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn same_placement_with_other_side_to_move_is_not_a_repetition() {
    let white: Position = "6/4/8/5/10/6/10/5/8/4/1k1K2 w 0 1".parse().unwrap();
    let black: Position = "6/4/8/5/10/6/10/5/8/4/1k1K2 b 0 1".parse().unwrap();
    assert_ne!(white.hash(), black.hash());
}

#[test]
fn hundred_half_moves_without_capture_or_pawn_move_draw() {
    let mut g = game("3k2/4/8/5/10/6/10/5/8/4/2QK2 w 98 60");
    g.play_text("Qa3-b2").unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().halfmove_clock(), 99);
    let reply = g.legal_moves()[0];
    g.play(reply).unwrap();
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(g.outcome(), Some(Outcome::FiftyMoves));
}

#[test]
fn a_pawn_move_or_capture_resets_the_clock() {
    let mut g = game("3k2/4/8/5/10/6/10/5/8/4/2QK2 w 98 60");
    g.play_text("Ka4-a5").unwrap();
    assert_eq!(g.position().halfmove_clock(), 99);
    let mut g = game("3k2/4/8/5/10/6/10/5/P7/4/3K2 w 99 60");
    g.play_text("c1-d1").unwrap();
    assert_eq!(g.position().halfmove_clock(), 0);
    assert_eq!(g.outcome(), None);
    // A capture by a piece that is not a pawn resets it too; a quiet piece move does not.
    let rooks = "k5/4/8/5/10/6/10/5/8/4/3KRr w 57 40";
    let mut g = game(rooks);
    let capture = g.play_text("Ra5xa6").unwrap();
    assert!(capture.capture, "Ra5xa6 takes the Black Rook");
    assert_eq!(g.position().halfmove_clock(), 0);
    // Black's King answers, then the Rook makes a quiet move: the clock counts on.
    let reply = g.legal_moves()[0];
    g.play(reply).unwrap();
    assert_eq!(g.position().halfmove_clock(), 1);
    let quiet = g
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            let p = g.position();
            p.piece_at(m.from).map(|x| x.kind) == Some(PieceKind::Rook) && !p.is_capture(m)
        })
        .expect("the Rook has a quiet move");
    g.play(quiet).unwrap();
    assert_eq!(g.position().halfmove_clock(), 2);
}

#[test]
fn checkmate_on_the_hundredth_half_move_is_checkmate() {
    let text = MATE_IN_ONE.replace("w 0 1", "w 99 70");
    let mut g = game(&text);
    g.play_text("Qi4-i6").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Side::White
        })
    );
}

#[test]
fn agreement_and_resignation() {
    let mut g = Game::new();
    g.play_text("c4-d3").unwrap();
    g.agree_draw().unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Agreement));
    assert!(g.agree_draw().is_err());
    assert_eq!(g.undo(), None, "undo first takes back the agreement");
    assert_eq!(g.outcome(), None);
    g.resign(Side::Black).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Resignation {
            winner: Side::White
        })
    );
}

/// White has King and Queen, Black only its King; White to move.
const LONE_BLACK_KING: &str = "3k2/4/8/5/10/6/10/5/8/4/2QK2 w 0 1";

#[test]
fn running_out_of_time_loses() {
    let mut g = Game::new();
    g.play_text("c4-d3").unwrap();
    assert_eq!(
        g.flag(Side::White),
        Err(PlayError::NotOnTurn(Side::White)),
        "only the side to move's clock runs"
    );
    assert_eq!(g.outcome(), None);
    let outcome = g.flag(Side::Black).unwrap();
    assert_eq!(
        outcome,
        Outcome::Time {
            winner: Some(Side::White)
        }
    );
    assert_eq!(g.outcome(), Some(outcome));
    assert_eq!(outcome.result_text(), "1-0");
    assert_eq!(outcome.to_string(), "White wins by time forfeit");
    assert!(matches!(g.flag(Side::Black), Err(PlayError::GameOver(_))));
    assert!(g.play_text("i5-h3").is_err(), "no move after the flag fell");
    assert_eq!(g.undo(), None, "undo first takes back the flag fall");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.plies().len(), 1);
}

#[test]
fn running_out_of_time_against_a_lone_king_draws() {
    let mut g = game(LONE_BLACK_KING);
    assert!(g.has_only_king(Side::Black) && !g.has_only_king(Side::White));
    let outcome = g.flag(Side::White).unwrap();
    assert_eq!(outcome, Outcome::Time { winner: None });
    assert_eq!(outcome.result_text(), "1/2-1/2");
    assert!(outcome.to_string().starts_with("Draw by time"), "{outcome}");
    // The side with only a King still loses when its own time runs out.
    let mut g = game("3k2/4/8/5/10/6/10/5/8/4/2QK2 b 0 1");
    assert_eq!(
        g.flag(Side::Black),
        Ok(Outcome::Time {
            winner: Some(Side::White)
        })
    );
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut g = Game::new();
    let start = g.position().clone();
    for m in ["c4-d3", "i5-h3", "Sa2-e5"] {
        g.play_text(m).unwrap();
    }
    let end = g.position().clone();
    assert_eq!(g.undo(), Some(mv("a2e5")));
    assert_eq!(g.undo(), Some(mv("i5h3")));
    assert_eq!(g.undo(), Some(mv("c4d3")));
    assert_eq!(g.undo(), None);
    assert_eq!(g.position(), &start);
    assert!(g.can_redo());
    for _ in 0..3 {
        assert!(g.redo().is_some());
    }
    assert_eq!(g.position(), &end);
    assert_eq!(g.redo(), None);
    // A different move after undo drops the redo line.
    g.undo();
    g.play_text("Sa5-d4").unwrap();
    assert!(!g.can_redo());
    assert_eq!(g.plies().len(), 3);
}

#[test]
fn illegal_moves_say_why() {
    let pos = Position::start();
    let cases: &[(&str, MoveError)] = &[
        ("e5e6", MoveError::NoPiece(cell("e5"))),
        (
            "i1h1",
            MoveError::NotYourTurn {
                cell: cell("i1"),
                owner: Side::Black,
                turn: Side::White,
            },
        ),
        ("a1a2", MoveError::OwnPiece(cell("a2"))),
        ("a1c1", MoveError::OwnPiece(cell("c1"))),
        (
            "b2b4",
            MoveError::Blocked {
                from: cell("b2"),
                to: cell("b4"),
                blocker: cell("b3"),
            },
        ),
        (
            "b2e4",
            MoveError::Unreachable {
                kind: PieceKind::Bishop,
                from: cell("b2"),
                to: cell("e4"),
            },
        ),
        (
            "c4e6",
            MoveError::Unreachable {
                kind: PieceKind::Pawn,
                from: cell("c4"),
                to: cell("e6"),
            },
        ),
        (
            "a2f3",
            MoveError::Unreachable {
                kind: PieceKind::Sorcerer,
                from: cell("a2"),
                to: cell("f3"),
            },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(pos.check_move(mv(text)).as_ref(), Err(expected), "{text}");
        assert!(!expected.to_string().is_empty());
    }
}

#[test]
fn leaving_the_king_attacked_is_refused_with_a_reason() {
    // The a5 Rook shields its King on a4 from the a6 Rook: it may only take on a6.
    let pinned: Position = "k5/4/8/5/10/6/10/5/8/4/3KRr w 0 1".parse().unwrap();
    assert!(pinned.is_legal(mv("a5a6")));
    assert_eq!(
        pinned.check_move(mv("a5b3")),
        Err(MoveError::LeavesKingAttacked)
    );
    assert_eq!(pinned.check_move(mv("a5c7")).ok(), None);
    // In check from a6, a Sorcerer move elsewhere does not help.
    let checked: Position = "k5/4/8/5/10/S5/10/5/8/4/3K1r w 0 1".parse().unwrap();
    assert!(checked.in_check());
    let sorcerer_moves = reference_targets(&checked, cell("f1"));
    assert!(!sorcerer_moves.is_empty());
    for to in sorcerer_moves {
        assert_eq!(
            checked.check_move(Move::new(cell("f1"), to)),
            Err(MoveError::StillInCheck)
        );
    }
    // The King may not step along the checking line either.
    assert_eq!(checked.check_move(mv("a4a3")), Err(MoveError::StillInCheck));
}
