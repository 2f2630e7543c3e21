//! The learning aids driven headless through the input layer: the piece guide (right-click),
//! threat marks, hints and their `[%hint]` notes, and where their keys act.
#![cfg(feature = "gui")]

use crate::common;

use std::time::Duration;

use bevy::prelude::*;
use common::game::*;
use parachess::engine::Level;
use parachess::game::aids::guide::GuideMark;
use parachess::game::aids::hint::Hint;
use parachess::game::aids::threats::ThreatMark;
use parachess::game::core::board::ShowThreats;
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::saves::load_file;
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::selection::PieceGuide;
use parachess::game::core::selection::Selection;
use parachess::game::core::state::Thinking;
use parachess::game::core::state::{ChessGame, GameCommand, MoveRequest, SeatKind, StatusLine};
use parachess::game::ui::move_list_text_with_notes;
use parachess::rules::{Cell, CellSet, Position, Reach, Side, board};
use parachess::store::Store;

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

/// The guide's marks on the board: (moves, captures).
fn guide_marks(app: &mut App) -> (CellSet, CellSet) {
    let world = app.world_mut();
    let mut q = world.query::<&GuideMark>();
    let mut moves = CellSet::EMPTY;
    let mut captures = CellSet::EMPTY;
    for m in q.iter(world) {
        if m.capture {
            captures.insert(m.cell);
        } else {
            moves.insert(m.cell);
        }
    }
    (moves, captures)
}

/// Checks that the guide shows exactly what the rules say the piece on `cell` can do.
fn assert_guide_shows(app: &mut App, cell: Cell) {
    let pos = game(app).position().clone();
    let reach: Reach = pos.reach_of(cell).expect("a piece");
    let shown = app
        .world()
        .resource::<PieceGuide>()
        .shown()
        .expect("a guide");
    assert_eq!(shown.cell, cell);
    assert_eq!(Some(shown.piece), pos.piece_at(cell));
    assert_eq!(shown.reach, reach);
    assert_eq!(guide_marks(app), (reach.moves, reach.captures), "on {cell}");
}

#[test]
fn right_clicking_an_opponents_piece_shows_its_moves_and_changes_nothing() {
    let mut app = headless_app();
    // White to move, with a piece selected.
    click_cell(&mut app, c("a2"));
    let selection = app.world().resource::<Selection>().clone();
    assert_eq!(selection.cell, Some(c("a2")));
    let before = game(&app).clone();

    let black_sorcerer = board().mirror_top_bottom(c("a2"));
    right_click_cell(&mut app, black_sorcerer);
    assert_guide_shows(&mut app, black_sorcerer);
    let (moves, _) = guide_marks(&mut app);
    assert!(!moves.is_empty());
    let status = app.world().resource::<StatusLine>().clone();
    assert!(
        is_message(&status.text, "guide-describe")
            && status.text.contains(&parachess::game::text::side_name(
                parachess::rules::Side::Black
            ))
            && status
                .text
                .contains(&parachess::game::text::piece_name("Sorcerer")),
        "{}",
        status.text
    );
    assert_eq!(*app.world().resource::<Selection>(), selection);
    assert_eq!(game(&app).position(), before.position());
    assert!(game(&app).plies().is_empty());

    // A Black pawn in front: its forward steps go down the board.
    let black_pawn = board().mirror_top_bottom(c("c4"));
    right_click_cell(&mut app, black_pawn);
    assert_guide_shows(&mut app, black_pawn);
    assert_eq!(*app.world().resource::<Selection>(), selection);

    // A second right-click on it hides the guide; the selection is still there.
    right_click_cell(&mut app, black_pawn);
    assert!(app.world().resource::<PieceGuide>().shown().is_none());
    assert_eq!(guide_marks(&mut app), (CellSet::EMPTY, CellSet::EMPTY));
    assert_eq!(*app.world().resource::<Selection>(), selection);

    // Right-clicking an empty cell still drops the selection.
    right_click_cell(&mut app, c("e5"));
    assert_eq!(app.world().resource::<Selection>().cell, None);

    // Holding Shift shows the guide of the piece under the pointer, of either side.
    let black_rook = board().mirror_top_bottom(c("a1"));
    let rook = cell_target(&mut app, black_rook);
    hover(&mut app, rook);
    assert!(app.world().resource::<PieceGuide>().shown().is_none());
    hold(&mut app, KeyCode::ShiftLeft);
    assert_guide_shows(&mut app, black_rook);
    let_go(&mut app, KeyCode::ShiftLeft);
    assert!(app.world().resource::<PieceGuide>().shown().is_none());

    // Esc hides a guide before it leaves the board.
    right_click_cell(&mut app, black_sorcerer);
    tap(&mut app, KeyCode::Escape);
    assert!(app.world().resource::<PieceGuide>().shown().is_none());
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
}

#[test]
fn the_guide_works_while_a_move_glides_and_the_computer_thinks() {
    let mut app = headless_app();
    app.world_mut().write_message(GameCommand::NewGame {
        start: None,
        players: [SeatKind::Human, SeatKind::Computer(Level::Hard)],
    });
    settle(&mut app, 10);
    click_cell(&mut app, c("c4"));
    click_cell(&mut app, c("d3"));
    // The pawn is still gliding.
    assert!(
        app.world()
            .resource::<parachess::game::core::board::Animating>()
            .0
    );
    right_click_cell(&mut app, c("a2"));
    assert_guide_shows(&mut app, c("a2"));
    settle(&mut app, 120);
    let thinking = run_until(&mut app, Duration::from_secs(5), |app| {
        app.world().resource::<Thinking>().0
    });
    assert!(thinking.is_some(), "the computer never started thinking");
    let before = game(&app).clone();
    // Black (the computer) is to move: a White piece and a Black one.
    for cell in [c("b3"), board().mirror_top_bottom(c("b3"))] {
        right_click_cell(&mut app, cell);
        assert!(app.world().resource::<Thinking>().0, "still thinking");
        assert_guide_shows(&mut app, cell);
        assert_eq!(game(&app).plies().len(), before.plies().len());
        assert_eq!(app.world().resource::<Selection>().cell, None);
    }
    // Taking the move back stops the search (so the test does not leave it running).
    app.world_mut().write_message(GameCommand::Undo);
    settle(&mut app, 10);
}

/// A few hundred positions' worth of random play, seeded.
fn next(seed: &mut u64) -> usize {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 33) as usize
}

fn threat_marks(app: &mut App) -> (CellSet, CellSet) {
    let world = app.world_mut();
    let mut q = world.query::<&ThreatMark>();
    let mut attacked = CellSet::EMPTY;
    let mut undefended = CellSet::EMPTY;
    for m in q.iter(world) {
        attacked.insert(m.cell);
        if m.undefended {
            undefended.insert(m.cell);
        }
    }
    (attacked, undefended)
}

fn assert_threats_marked(app: &mut App) {
    let threats = game(app).position().threats();
    assert_eq!(
        threat_marks(app),
        (threats.attacked, threats.undefended),
        "in {}",
        game(app).position()
    );
}

#[test]
fn threat_marks_are_the_rules_attacks_as_moves_are_played_and_undone() {
    let mut app = headless_app();
    assert!(!app.world().resource::<ShowThreats>().0, "off by default");
    assert_eq!(threat_marks(&mut app), (CellSet::EMPTY, CellSet::EMPTY));
    tap(&mut app, KeyCode::KeyT);
    assert!(app.world().resource::<ShowThreats>().0);
    assert!(is_message(
        &app.world().resource::<StatusLine>().text,
        "threats-on"
    ));
    let mut seed = 11u64;
    let mut seen_attacked = 0;
    let mut seen_undefended = 0;
    for game_number in 0..3 {
        app.world_mut().write_message(GameCommand::NewGame {
            start: None,
            players: [SeatKind::Human; 2],
        });
        settle(&mut app, 10);
        for ply in 0..60 {
            if game(&app).is_over() {
                break;
            }
            let moves = game(&app).legal_moves();
            let mv = moves[next(&mut seed) % moves.len()];
            app.world_mut().write_message(MoveRequest(mv));
            settle(&mut app, 120);
            assert_threats_marked(&mut app);
            let (a, u) = threat_marks(&mut app);
            seen_attacked += a.len();
            seen_undefended += u.len();
            if ply % 17 == 16 && game_number == 1 {
                tap(&mut app, KeyCode::KeyU);
                settle(&mut app, 10);
                assert_threats_marked(&mut app);
            }
        }
    }
    assert!(
        seen_attacked > 20 && seen_undefended > 5,
        "{seen_attacked} {seen_undefended}"
    );
    // Off again: no marks.
    tap(&mut app, KeyCode::KeyT);
    assert_eq!(threat_marks(&mut app), (CellSet::EMPTY, CellSet::EMPTY));
}

#[test]
fn a_hint_arrives_while_frames_run_and_the_move_after_it_is_marked_and_saved() {
    let dir = temp_data_dir("hint");
    let mut app = headless_app_with(
        dir.clone(),
        LaunchOptions {
            screen: Screen::Play,
            ..LaunchOptions::default()
        },
    );
    tap(&mut app, KeyCode::KeyH);
    assert!(app.world().resource::<Hint>().searching());
    let frames = run_until(&mut app, Duration::from_secs(30), |app| {
        let revision = app.world().resource::<ChessGame>().revision();
        app.world().resource::<Hint>().shown_for(revision).is_some()
    })
    .expect("no hint came");
    assert!(frames > 1, "the hint search held up the frames");
    let revision = app.world().resource::<ChessGame>().revision();
    let hint = app.world().resource::<Hint>().shown_for(revision).unwrap();
    assert!(game(&app).legal_moves().contains(&hint));
    let text = game(&app).position().move_text(hint);
    let status = app.world().resource::<StatusLine>().text.clone();
    assert!(status.starts_with(&format!("Hint: {text}")), "{status}");

    click_cell(&mut app, hint.from);
    click_cell(&mut app, hint.to);
    settle(&mut app, 120);
    assert_eq!(game(&app).plies().len(), 1);
    let shown = move_list_text_with_notes(game(&app), app.world().resource::<ChessGame>().notes());
    assert!(shown.contains(&format!("1. {text} (h)")), "{shown}");
    assert!(holds_message(&shown, "moves-hint-note"), "{shown}");
    // The hint is gone with the move.
    let revision = app.world().resource::<ChessGame>().revision();
    assert!(app.world().resource::<Hint>().shown_for(revision).is_none());

    // Black answers without a hint: no mark.
    let reply = game(&app).legal_moves()[0];
    click_cell(&mut app, reply.from);
    click_cell(&mut app, reply.to);
    settle(&mut app, 120);
    flush_saves(&app);
    let saved = std::fs::read_to_string(Store::at(&dir).unwrap().autosave_path()).unwrap();
    assert_eq!(saved.matches("[%hint]").count(), 1, "{saved}");
    let record = Store::at(&dir).unwrap().load_autosave().unwrap().unwrap();
    assert!(record.note(0).hint);
    assert!(!record.note(1).hint);

    // Loading the game reads the note back.
    let path = Store::at(&dir).unwrap().save_path("with a hint");
    std::fs::write(&path, &saved).unwrap();
    let world = app.world_mut();
    load_file(world, path);
    until_saved_game_read(&mut app);
    settle(&mut app, 10);
    assert_eq!(game(&app).plies().len(), 2);
    let notes = app.world().resource::<ChessGame>().notes().to_vec();
    assert!(notes[0].hint && !notes.get(1).is_some_and(|n| n.hint));

    // A move taken back loses its note, also when it is replayed.
    tap(&mut app, KeyCode::KeyU);
    tap(&mut app, KeyCode::KeyU);
    settle(&mut app, 10);
    assert!(app.world().resource::<ChessGame>().notes().is_empty());
    tap(&mut app, KeyCode::KeyR);
    settle(&mut app, 10);
    assert!(
        !app.world()
            .resource::<ChessGame>()
            .notes()
            .iter()
            .any(|n| n.hint)
    );
    flush_saves(&app);
    let saved = std::fs::read_to_string(Store::at(&dir).unwrap().autosave_path()).unwrap();
    assert!(!saved.contains("[%hint]"), "{saved}");
}

#[test]
fn a_hint_is_only_for_a_person_to_move_and_lapses_when_the_game_changes() {
    let mut app = headless_app();
    // The computer plays White and is to move: no hint.
    app.world_mut().write_message(GameCommand::NewGame {
        start: None,
        players: [SeatKind::Computer(Level::Hard), SeatKind::Human],
    });
    settle(&mut app, 10);
    tap(&mut app, KeyCode::KeyH);
    assert!(!app.world().resource::<Hint>().searching());
    assert!(app.world().resource::<StatusLine>().warning);

    // Two people: a hint is asked for, then the game changes before it comes.
    let start: Position = Position::start();
    app.world_mut().write_message(GameCommand::NewGame {
        start: Some(Box::new(start)),
        players: [SeatKind::Human; 2],
    });
    settle(&mut app, 10);
    tap(&mut app, KeyCode::KeyH);
    assert!(app.world().resource::<Hint>().searching());
    click_cell(&mut app, c("c4"));
    click_cell(&mut app, c("d3"));
    settle(&mut app, 120);
    assert!(
        !app.world().resource::<Hint>().searching(),
        "the stale search goes on"
    );
    let revision = app.world().resource::<ChessGame>().revision();
    assert!(app.world().resource::<Hint>().shown_for(revision).is_none());
    assert!(
        !app.world()
            .resource::<ChessGame>()
            .notes()
            .iter()
            .any(|n| n.hint)
    );
    assert_eq!(game(&app).position().turn(), Side::Black);
}

#[test]
fn the_aids_keys_act_only_where_they_belong() {
    let dir = temp_data_dir("keys");
    let mut app = headless_app_with(dir, LaunchOptions::default());
    assert_eq!(where_(&app), (Screen::Title, Modal::None));
    // On the title screen T and H do nothing; G opens the Pieces panel.
    tap(&mut app, KeyCode::KeyT);
    tap(&mut app, KeyCode::KeyH);
    assert!(!app.world().resource::<ShowThreats>().0);
    assert!(!app.world().resource::<Hint>().searching());
    tap(&mut app, KeyCode::KeyG);
    assert_eq!(where_(&app), (Screen::Title, Modal::Pieces));
    // The panel owns the keyboard: T and H do nothing, arrows change the piece, G closes it.
    tap(&mut app, KeyCode::KeyT);
    tap(&mut app, KeyCode::KeyH);
    assert!(!app.world().resource::<ShowThreats>().0);
    assert!(!app.world().resource::<Hint>().searching());
    let kind = |app: &App| {
        app.world()
            .resource::<parachess::game::aids::pieces::PanelPiece>()
            .0
    };
    let first = kind(&app);
    tap(&mut app, KeyCode::ArrowDown);
    assert_ne!(kind(&app), first);
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(kind(&app), first);
    tap(&mut app, KeyCode::KeyG);
    assert_eq!(where_(&app), (Screen::Title, Modal::None));

    // On the play screen, with a dialog open, none of them acts.
    tap(&mut app, KeyCode::KeyP);
    assert_eq!(where_(&app), (Screen::Play, Modal::NewGame));
    tap(&mut app, KeyCode::KeyT);
    tap(&mut app, KeyCode::KeyH);
    tap(&mut app, KeyCode::KeyG);
    assert_eq!(where_(&app), (Screen::Play, Modal::NewGame));
    assert!(!app.world().resource::<ShowThreats>().0);
    assert!(!app.world().resource::<Hint>().searching());
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    // With the board in front, each does its job.
    tap(&mut app, KeyCode::KeyT);
    assert!(app.world().resource::<ShowThreats>().0);
    tap(&mut app, KeyCode::KeyH);
    assert!(app.world().resource::<Hint>().searching());
    tap(&mut app, KeyCode::KeyG);
    assert_eq!(where_(&app), (Screen::Play, Modal::Pieces));
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
}

/// Show lines marks a piece it can take apart from one of its own it defends: no own piece
/// is marked as a target, and every capture the rules allow is marked as one.
#[test]
fn show_lines_marks_what_a_piece_takes_apart_from_what_it_defends() {
    use parachess::game::core::line_marks::{LineMark, line_marks};
    let mut app = headless_app();
    // Plays fixed moves until White, to move, can take something.
    for i in 0..60 {
        let pos = game(&app).position().clone();
        let moves = game(&app).legal_moves();
        let capture = moves.iter().find(|m| pos.piece_at(m.to).is_some());
        if pos.turn() == Side::White && capture.is_some() {
            break;
        }
        assert!(!moves.is_empty() && i < 59, "no capture came up");
        // Never take: the game keeps its pieces.
        let quiet: Vec<_> = moves
            .iter()
            .filter(|m| pos.piece_at(m.to).is_none())
            .collect();
        let mv = *quiet[(i * 7 + 3) % quiet.len()];
        app.world_mut().write_message(MoveRequest(mv));
        settle(&mut app, 20);
    }
    let pos = game(&app).position().clone();
    let capture = game(&app)
        .legal_moves()
        .iter()
        .copied()
        .find(|m| pos.piece_at(m.to).is_some())
        .expect("a capture");
    // The player selects the capturing piece, as with a click: its lines are drawn.
    click_cell(&mut app, capture.from);
    assert_eq!(app.world().resource::<Selection>().cell, Some(capture.from));
    let marks = line_marks(&pos, capture.from);
    assert!(
        marks.contains(&(capture.to, LineMark::Take)),
        "{capture:?}: {marks:?}"
    );
    // Over every piece of the position: own pieces are defended, never targets; enemy
    // pieces are taken; only empty cells are gone to.
    let mut defended = 0;
    for cell in pos.occupied() {
        let side = pos.piece_at(cell).unwrap().side;
        for (at, mark) in line_marks(&pos, cell) {
            match (pos.piece_at(at), mark) {
                (Some(p), LineMark::Defend) => {
                    assert_eq!(p.side, side, "{cell} defends {at}");
                    defended += 1;
                }
                (Some(p), LineMark::Take) => assert_ne!(p.side, side, "{cell} takes {at}"),
                (None, LineMark::Move | LineMark::Defend) => {}
                other => panic!("{cell} marks {at} as {other:?}"),
            }
        }
        // Every legal capture from a piece of the side to move is marked.
        if side == pos.turn() {
            for mv in pos.legal_moves().iter().filter(|m| m.from == cell) {
                if pos.piece_at(mv.to).is_some() {
                    assert!(
                        line_marks(&pos, cell).contains(&(mv.to, LineMark::Take)),
                        "{mv:?}"
                    );
                }
            }
        }
    }
    assert!(defended > 0, "pieces defend each other in a game's opening");
}
