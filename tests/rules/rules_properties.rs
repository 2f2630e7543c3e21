//! Property tests of the rules: invariants that must hold in every position.

use crate::common;

use common::*;
use parachess::rules::{Cell, Move, Position, board};
use proptest::prelude::*;

fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![played_position(), scattered_position()]
}

fn mirror_move(m: Move, f: impl Fn(Cell) -> Cell) -> Move {
    Move {
        from: f(m.from),
        to: f(m.to),
        promotion: m.promotion,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn legal_moves_match_the_brute_force_reference(pos in any_position()) {
        let fast = legal_set(&pos);
        let slow = reference_legal_moves(&pos);
        prop_assert_eq!(&fast, &slow, "position {}", pos);
        prop_assert_eq!(pos.count_legal_moves(), fast.len());
        prop_assert_eq!(pos.legal_moves().len(), fast.len(), "duplicate moves in {}", pos);
        prop_assert_eq!(pos.has_legal_move(), !fast.is_empty());
    }

    #[test]
    fn left_right_mirror_mirrors_the_moves(pos in any_position()) {
        let b = board();
        let mirrored = pos.mirror_left_right();
        let expected: std::collections::BTreeSet<_> = pos.legal_moves().iter()
            .map(|&m| mirror_move(m, |c| b.mirror_left_right(c)))
            .map(|m| (m.from, m.to, m.promotion))
            .collect();
        prop_assert_eq!(legal_set(&mirrored), expected);
        prop_assert_eq!(mirrored.in_check(), pos.in_check());
    }

    #[test]
    fn top_bottom_mirror_with_colours_swapped_mirrors_the_moves(pos in any_position()) {
        let b = board();
        let mirrored = pos.mirror_top_bottom();
        let expected: std::collections::BTreeSet<_> = pos.legal_moves().iter()
            .map(|&m| mirror_move(m, |c| b.mirror_top_bottom(c)))
            .map(|m| (m.from, m.to, m.promotion))
            .collect();
        prop_assert_eq!(legal_set(&mirrored), expected);
        prop_assert_eq!(mirrored.mirror_top_bottom(), pos);
    }

    #[test]
    fn make_then_unmake_restores_the_position(pos in any_position()) {
        let mut work = pos.clone();
        for &m in pos.legal_moves().iter() {
            let undo = work.make_move(m);
            // The incremental hash equals the hash of the same position built from scratch.
            let rebuilt: Position = work.to_string().parse().unwrap();
            prop_assert_eq!(rebuilt.hash(), work.hash());
            work.unmake_move(m, undo);
            prop_assert_eq!(&work, &pos);
        }
    }

    #[test]
    fn no_legal_move_leaves_the_king_attacked(pos in any_position()) {
        let us = pos.turn();
        for &m in pos.legal_moves().iter() {
            let after = pos.after(m);
            let king = after.king(us).unwrap();
            prop_assert!(!after.attacked_by(king, !us, after.occupied()), "{} in {}", m, pos);
            prop_assert!(!reference_king_attacked(&after, us), "{} in {}", m, pos);
        }
    }

    #[test]
    fn position_text_round_trips(pos in any_position()) {
        let text = pos.to_string();
        let back: Position = text.parse().unwrap();
        prop_assert_eq!(&back, &pos);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn move_text_round_trips(pos in played_position()) {
        for &m in pos.legal_moves().iter() {
            let text = pos.move_text(m);
            prop_assert_eq!(pos.parse_move(&text), Ok(m), "{}", text);
            prop_assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
        }
    }

    #[test]
    fn every_legal_move_passes_check_move(pos in any_position()) {
        let legal = legal_set(&pos);
        for from in Cell::all() {
            for to in Cell::all() {
                let m = Move::new(from, to);
                let ok = pos.check_move(m).is_ok();
                prop_assert_eq!(ok, legal.contains(&(from, to, None)), "{} in {}", m, pos);
            }
        }
    }
}
