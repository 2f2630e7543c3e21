//! Variants end to end: armies spelled in atoms play exactly like the rules they spell, every
//! built-in army is sound (legal start, mirror symmetry, the brute-force reference agrees),
//! game files carry their variant, the command line and UCI take one, and the engine beats a
//! random mover in each.

use crate::common;

use common::*;
use parachess::engine::{Engine, StopFlag};
use parachess::rules::perft::perft;
use parachess::rules::record::{Tags, read_game, write_game};
use parachess::rules::{Game, Move, Outcome, Position, SHUFFLE_COUNT, Side, Variant, board};
use proptest::prelude::*;

/// Parachess written out in atoms as a player's file would: not the built-in variant (the
/// same file serves the unit and the integration tests).
const ATOM_PARACHESS: &str = include_str!("../data/variants/parachess-in-atoms.toml");

/// The same army with other letters and kinds in another order (so other slots).
const SHUFFLED_LETTERS: &str = r#"
name = "Parachess, other letters"
start = "tmgamt/1ee1/oooooooo/5/10/6/10/5/OOOOOOOO/1EE1/TMGAMT w 0 1"
pieces = [
  { letter = "O", name = "Footman", moves = "pawn" },
  { letter = "M", name = "Mage", moves = "AN" },
  { letter = "T", name = "Tower", moves = "E" },
  { letter = "G", name = "Grand", moves = "WDE" },
  { letter = "E", name = "Envoy", moves = "WD" },
  { letter = "A", name = "Monarch", moves = "ade", royal = true },
]
"#;

fn spelled() -> &'static Variant {
    Variant::from_toml(ATOM_PARACHESS).unwrap()
}

/// The same placement and side to move, read in `variant` through position text with its
/// letters (`to`) translated from `from`'s.
fn translate(pos: &Position, variant: &'static Variant) -> Position {
    let from = pos.variant();
    // Letter by letter on the placement field only.
    let full = pos.to_string();
    let (placement, rest) = full.split_once(' ').unwrap();
    let mapped: String = placement
        .chars()
        .map(|c| match from.kind_of_letter(c) {
            Some(k) => {
                let wanted = from.movement(k);
                let kind = variant
                    .kinds()
                    .iter()
                    .copied()
                    .find(|&q| variant.movement(q) == wanted)
                    .unwrap();
                let l = variant.letter(kind);
                if c.is_ascii_uppercase() {
                    l
                } else {
                    l.to_ascii_lowercase()
                }
            }
            None => c,
        })
        .collect();
    Position::parse_in(&format!("{mapped} {rest}"), variant).unwrap()
}

/// Positions reached by random play in `variant`.
fn played_in(variant: &'static Variant) -> impl Strategy<Value = Position> {
    proptest::collection::vec(any::<u16>(), 0..100).prop_map(move |choices| {
        let mut game = Game::from_position(variant.start());
        for c in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[c as usize % moves.len()]).unwrap();
        }
        game.position().clone()
    })
}

fn builtin() -> impl Strategy<Value = &'static Variant> {
    let mut all = Variant::builtins();
    all.push(Variant::shuffle(97).unwrap());
    proptest::sample::select(all)
}

fn mirrored_moves(
    pos: &Position,
    f: impl Fn(parachess::rules::Cell) -> parachess::rules::Cell,
) -> std::collections::HashSet<Move> {
    pos.legal_moves()
        .iter()
        .map(|m| Move {
            from: f(m.from),
            to: f(m.to),
            promotion: m.promotion,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn parachess_spelled_in_atoms_has_the_same_perft(pos in played_position()) {
        for variant in [spelled(), Variant::from_toml(SHUFFLED_LETTERS).unwrap()] {
            let mut ours = translate(&pos, variant);
            prop_assert_eq!(ours.variant(), variant);
            let mut theirs = pos.clone();
            prop_assert_eq!(perft(&mut ours, 2), perft(&mut theirs, 2), "{} in {}", pos, variant);
            prop_assert_eq!(ours.in_check(), pos.in_check());
        }
    }

    #[test]
    fn builtin_armies_are_mirror_symmetric(
        (variant, pos) in builtin().prop_flat_map(|v| (Just(v), played_in(v)))
    ) {
        let b = board();
        let lr = pos.mirror_left_right();
        prop_assert_eq!(lr.variant(), variant);
        prop_assert_eq!(
            lr.legal_moves().iter().copied().collect::<std::collections::HashSet<_>>(),
            mirrored_moves(&pos, |c| b.mirror_left_right(c)),
            "{} in {}", pos, variant
        );
        let tb = pos.mirror_top_bottom();
        prop_assert_eq!(
            tb.legal_moves().iter().copied().collect::<std::collections::HashSet<_>>(),
            mirrored_moves(&pos, |c| b.mirror_top_bottom(c)),
            "{} in {}", pos, variant
        );
    }

    #[test]
    fn builtin_armies_match_the_brute_force_reference(
        pos in builtin().prop_flat_map(played_in)
    ) {
        prop_assert_eq!(legal_set(&pos), reference_legal_moves(&pos), "{} in {}", pos, pos.variant());
        prop_assert_eq!(pos.count_legal_moves(), pos.legal_moves().len());
        // Position text and move text read back in the variant.
        prop_assert_eq!(&Position::parse_in(&pos.to_string(), pos.variant()).unwrap(), &pos);
        for &m in pos.legal_moves().iter() {
            prop_assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
            prop_assert_eq!(pos.parse_move(&m.bare(pos.variant())), Ok(m));
        }
    }
}

#[test]
fn every_builtin_start_is_legal_including_all_shuffles() {
    let mut all = Variant::builtins();
    all.extend((0..SHUFFLE_COUNT).map(|n| Variant::shuffle(n).unwrap()));
    for v in all {
        let start = v.start();
        assert!(start.has_legal_move(), "{v}");
        assert!(!start.in_check(), "{v}");
        assert_eq!(start.turn(), Side::White);
        // Both sides have the same army, mirrored top to bottom.
        let b = board();
        for (c, p) in start.placement() {
            let other = start.piece_at(b.mirror_top_bottom(c)).unwrap();
            assert_eq!((other.kind, other.side), (p.kind, !p.side), "{v} {c}");
        }
    }
}

#[test]
fn limited_riders_stop_at_their_range() {
    let v = Variant::named("Short Range").unwrap();
    // A lone Chariot (edge-paths, at most 3) on a1 and the Kings.
    let pos = Position::parse_in("5k/4/8/5/10/6/10/5/8/4/C2K2 w 0 1", v).unwrap();
    let from = cell("a1");
    let targets = pos.legal_targets(from);
    let edge_lines: Vec<_> = board()
        .cell(from)
        .lines
        .iter()
        .filter(|l| l.kind == parachess::rules::LineKind::Edge)
        .collect();
    for line in edge_lines {
        for (i, &c) in line.cells().iter().enumerate() {
            assert_eq!(
                targets.contains(c),
                i < 3 && pos.piece_at(c).is_none(),
                "{c}"
            );
        }
    }
}

#[test]
fn game_files_carry_their_variant() {
    // A custom army: its definition travels inside the file.
    let v = spelled();
    let mut game = Game::from_position(v.start());
    for text in ["c4-d3", "i4-h3", "Sa2-e5"] {
        game.play_text(text).unwrap();
    }
    let file = write_game(&game, &Tags::default());
    assert!(file.contains("[Variant \"Parachess in atoms\"]"), "{file}");
    assert!(file.contains("[VariantDef \"{ name = "), "{file}");
    assert!(!file.contains("[Setup"), "{file}");
    let back = read_game(file.as_bytes()).unwrap();
    assert_eq!(back.game.position(), game.position());
    assert_eq!(back.game.position().variant(), v);
    // A Shuffle arrangement replays by its number alone.
    let s = Variant::shuffle(123).unwrap();
    let mut game = Game::from_position(s.start());
    game.play_text("c4-d3").unwrap();
    let file = write_game(&game, &Tags::default());
    assert!(
        file.contains("[Variant \"Shuffle Parachess 123\"]"),
        "{file}"
    );
    assert!(!file.contains("VariantDef"), "{file}");
    let back = read_game(file.as_bytes()).unwrap();
    assert_eq!(back.game.position(), game.position());
    // Parachess files name their variant too (the desktop's file type looks for it), and
    // carry no definition.
    let plain = write_game(&Game::new(), &Tags::default());
    assert!(plain.contains("[Variant \"Parachess\"]\n"), "{plain}");
    assert!(!plain.contains("VariantDef"), "{plain}");
    assert_eq!(
        read_game(plain.as_bytes()).unwrap().game.position(),
        Game::new().position()
    );
    // An unknown variant is refused with its line.
    let bad = "[Variant \"Nonesuch\"]\n\n*\n";
    let err = read_game(bad.as_bytes()).unwrap_err();
    assert!(err.to_string().contains("Nonesuch"), "{err}");
}

#[test]
fn the_command_line_takes_a_variant() {
    let (code, out, err) = parachess(&["perft", "3", "--variant", "Knights and Archers"]);
    assert_eq!(code, Some(0), "{err}");
    let mut start = Variant::named("Knights and Archers").unwrap().start();
    assert_eq!(
        out.lines().last(),
        Some(format!("nodes {}", perft(&mut start, 3)).as_str())
    );
    // A file, with a position in its letters.
    let dir = std::env::temp_dir().join(format!("parachess-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("spelled.toml");
    std::fs::write(&path, ATOM_PARACHESS).unwrap();
    let (code, out, err) = parachess(&[
        "perft",
        "2",
        "--variant",
        path.to_str().unwrap(),
        "--position",
        "5k/4/8/5/10/6/10/5/8/4/2QK2 w 0 1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let mut pos: Position = "5k/4/8/5/10/6/10/5/8/4/2QK2 w 0 1".parse().unwrap();
    assert_eq!(
        out.lines().last(),
        Some(format!("nodes {}", perft(&mut pos, 2)).as_str())
    );
    // A broken file: its line and reason, and nothing else happens.
    std::fs::write(&path, ATOM_PARACHESS.replace("\"DW\"", "\"DX\"")).unwrap();
    let (code, out, err) = parachess(&["perft", "2", "--variant", path.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(out.is_empty());
    assert!(
        err.contains("spelled.toml:8:") && err.contains("'X'"),
        "{err}"
    );
    let (code, _, err) = parachess(&["perft", "1", "--variant", "nonesuch"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("Cavalry"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_engine_beats_a_random_mover_in_every_builtin_variant() {
    // Short games at a low depth: the engine must win at least 95 % of them.
    let stop = StopFlag::new();
    let mut variants = Variant::builtins();
    variants.push(Variant::shuffle(42).unwrap());
    for v in variants {
        let games = 10;
        let mut wins = 0;
        for g in 0..games {
            let engine_side = if g % 2 == 0 { Side::White } else { Side::Black };
            let mut engine = Engine::with_hash_mb(4);
            let mut random = Engine::with_hash_mb(1);
            random.seed(g as u64 + 7);
            let mut game = Game::from_position(v.start());
            while !game.is_over() && game.plies().len() < 300 {
                let mv = if game.position().turn() == engine_side {
                    engine
                        .search_game(&game, &parachess::engine::Limits::depth(2), &stop)
                        .unwrap()
                        .best
                } else {
                    random.random(game.position()).unwrap()
                };
                game.play(mv).unwrap();
            }
            if game.outcome().and_then(Outcome::winner) == Some(engine_side) {
                wins += 1;
            }
        }
        assert!(
            wins * 100 >= games * 95,
            "{v}: the engine won {wins} of {games}"
        );
    }
}
