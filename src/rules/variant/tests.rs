//! Tests of variants: the built-ins, names, TOML files and the value estimates.

use super::*;
use crate::rules::board::board;
use crate::rules::cell::Cell;
use crate::rules::movement::how_it_moves;
use crate::rules::perft::perft;

#[test]
fn every_builtin_builds_and_starts_legally() {
    let builtins = Variant::builtins();
    assert_eq!(builtins.len(), builtin_defs().len());
    for v in builtins {
        let start = v.start();
        assert_eq!(start.variant(), v);
        assert!(start.has_legal_move(), "{v}");
        assert!(!start.in_check(), "{v}");
        assert_eq!(start.to_string(), v.start_text(), "{v}");
        assert!(v.is_builtin());
        assert_eq!(v.kind(PieceKind::King).map(|k| k.royal), Some(true), "{v}");
        assert_eq!(
            v.kind(PieceKind::Pawn).map(|k| k.look),
            Some(Look::Pawn),
            "{v}"
        );
        for side in Side::BOTH {
            assert!(!v.promotions(side).is_empty(), "{v}");
            assert!(!v.promotions(side).contains(&PieceKind::King));
            assert!(!v.promotions(side).contains(&PieceKind::Pawn));
        }
    }
}

#[test]
fn parachess_keeps_its_slots_letters_and_promotions() {
    let v = Variant::parachess();
    for kind in PieceKind::ALL {
        assert_eq!(v.letter(kind), kind.letter());
        assert_eq!(v.kind_of_letter(kind.letter()), Some(kind));
        assert_eq!(v.movement(kind), crate::rules::movement(kind));
        assert_eq!(v.how_it_moves(kind), how_it_moves(kind));
    }
    assert_eq!(v.promotions(Side::White), PieceKind::PROMOTIONS);
    assert_eq!(v.values()[..6], INVENTOR_VALUES);
    assert_eq!(v.kinds(), PieceKind::ALL);
    assert!(v.is_parachess());
    assert_eq!(Position::start().variant(), v);
}

#[test]
fn knights_and_archers_have_their_own_kinds_and_looks() {
    let v = Variant::named("knights and archers").unwrap();
    let knight = v.kind_of_letter('n').unwrap();
    let archer = v.kind_of_letter('A').unwrap();
    assert!(knight.index() >= 6 && archer.index() >= 6);
    assert_eq!(v.look(knight), Look::Knight);
    assert_eq!(v.look(archer), Look::Archer);
    assert_eq!(v.kind_of_letter('S'), None);
    assert!(v.promotions(Side::White).contains(&knight));
    assert_eq!(v.promotions(Side::White)[0], PieceKind::Queen);
    // Knights and Archers together reach exactly the Sorcerer's cells.
    let b = board();
    for c in Cell::all() {
        let both = v.jumps[knight.index()][c.index()] | v.jumps[archer.index()][c.index()];
        assert_eq!(both, b.sorcerer_leaps(c));
        assert!(
            (v.jumps[knight.index()][c.index()] & v.jumps[archer.index()][c.index()]).is_empty()
        );
    }
}

#[test]
fn names_find_variants() {
    assert_eq!(Variant::named("Parachess").unwrap(), Variant::parachess());
    assert_eq!(Variant::named("PARACHESS").unwrap(), Variant::parachess());
    assert_eq!(
        Variant::named("shuffle-17").unwrap(),
        Variant::shuffle(17).unwrap()
    );
    assert_eq!(
        Variant::named("Shuffle Parachess 17").unwrap().name(),
        "Shuffle Parachess 17"
    );
    assert!(
        Variant::named("Shuffle Parachess")
            .unwrap()
            .name()
            .starts_with("Shuffle Parachess ")
    );
    assert!(matches!(
        Variant::named("shuffle 180"),
        Err(VariantError::ShuffleNumber(_))
    ));
    assert!(matches!(
        Variant::named("shuffle 01"),
        Err(VariantError::ShuffleNumber(_))
    ));
    assert!(matches!(
        Variant::named("nope"),
        Err(VariantError::Unknown(..))
    ));
    for name in Variant::builtin_names() {
        assert!(Variant::named(&name).is_ok(), "{name}");
    }
}

#[test]
fn shuffle_has_180_distinct_arrangements_mirrored() {
    let rows: std::collections::HashSet<[char; 6]> = (0..SHUFFLE_COUNT)
        .map(|n| shuffle_row(n).unwrap())
        .collect();
    assert_eq!(rows.len(), 180);
    assert_eq!(shuffle_row(180), None);
    assert!(rows.contains(&['R', 'S', 'Q', 'K', 'S', 'R']));
    for n in [0, 7, 179] {
        let v = Variant::shuffle(n).unwrap();
        let start = v.start();
        assert_eq!(
            start
                .mirror_top_bottom()
                .with_turn(Side::White)
                .unwrap()
                .placement()
                .count(),
            32
        );
        let b = board();
        for (c, p) in start.placement() {
            let m = start.piece_at(b.mirror_top_bottom(c)).unwrap();
            assert_eq!((m.kind, m.side), (p.kind, !p.side), "{n} {c}");
        }
    }
}

#[test]
fn interning_deduplicates_by_definition() {
    let v = Variant::named("Cavalry").unwrap();
    let again = Variant::from_toml(&v.to_toml()).unwrap();
    assert_eq!(again, v);
    assert!(std::ptr::eq(again, v));
    let mut def = v.def().clone();
    def.name = "Cavalry, renamed".into();
    let other = Variant::from_def(def.clone()).unwrap();
    assert_ne!(other, v);
    assert!(!other.is_builtin());
    assert!(std::ptr::eq(Variant::from_def(def).unwrap(), other));
}

/// Parachess written out in atoms as a player's file would: not the built-in variant (the
/// same file serves the unit and the integration tests).
const ATOM_PARACHESS: &str = include_str!("../../../tests/data/variants/parachess-in-atoms.toml");

#[test]
fn a_file_spelling_parachess_plays_parachess() {
    let v = Variant::from_toml(ATOM_PARACHESS).unwrap();
    assert_ne!(v, Variant::parachess());
    let mut a = v.start();
    let mut b = Position::start();
    assert_eq!(perft(&mut a, 3), perft(&mut b, 3));
}

#[test]
fn malformed_files_say_line_and_reason() {
    let cases: [(&str, usize, &str); 8] = [
        ("name = \"x\"\nstart = \n", 2, ""),
        (
            &ATOM_PARACHESS.replace("moves = \"NA\"", "moves = \"NX\""),
            9,
            "not a movement atom",
        ),
        (
            &ATOM_PARACHESS.replace("letter = \"B\"", "letter = \"R\""),
            8,
            "two kinds",
        ),
        (
            &ATOM_PARACHESS.replace(", royal = true", ""),
            4,
            "exactly one kind must be royal",
        ),
        (
            &ATOM_PARACHESS.replace("RSQKSR w", "RSQKSX w"),
            3,
            "start position",
        ),
        (
            &ATOM_PARACHESS.replace("letter = \"S\"", "letter = \"SS\""),
            9,
            "one ASCII letter",
        ),
        (
            &ATOM_PARACHESS.replace("name = \"Pawn\",", "name = \"Pawn\", colour = 1,"),
            10,
            "colour",
        ),
        (
            &ATOM_PARACHESS.replace("name = \"Parachess in atoms\"", "name = \" \""),
            2,
            "needs a name",
        ),
    ];
    for (text, line, reason) in cases {
        let err = Variant::from_toml(text).unwrap_err();
        assert_eq!(err.line, line, "{err}");
        assert!(err.to_string().contains(reason), "{err}");
    }
}

#[test]
fn values_from_mobility_match_the_inventors() {
    // The inventor's R 3, B 3, S 3.5, Q 6: each estimate within 0.3 of a pawn.
    for (how, inventor) in [
        (Movement::ROOK, 300),
        (Movement::BISHOP, 300),
        (Movement::SORCERER, 350),
        (Movement::QUEEN, 600),
    ] {
        let estimate = estimate_value(how);
        assert!(
            (estimate - inventor).abs() <= 30,
            "{how}: {estimate} against {inventor}"
        );
    }
    // Half a Sorcerer each, and shorter riders are worth less.
    let (n, a) = (
        estimate_value(Movement::KNIGHT),
        estimate_value(Movement::ARCHER),
    );
    assert!((n + a - estimate_value(Movement::SORCERER)).abs() <= 2);
    let short = |atoms| estimate_value(Movement::parse(atoms).unwrap());
    assert!(short("E3") < short("E"));
    assert!(short("E2") < short("E3"));
}
