//! The game driven headless through the same pointer events the mouse produces: the rules state
//! and the piece entities must agree after every move.
#![cfg(feature = "gui")]

use crate::common;

use bevy::picking::pointer::PointerButton;
use common::game::*;
use parachess::game::board::pieces::{piece_home, pieces_match_game};
use parachess::game::core::actions::Action;
use parachess::game::core::board::PieceView;
use parachess::game::core::prefs::ChoiceAction;
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::selection::Selection;
use parachess::game::core::state::{ChessGame, GameCommand, StatusLine};
use parachess::game::play::dialogs::StartGame;
use parachess::rules::{Cell, Game, Outcome, PieceKind, Side};

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn agree(app: &mut bevy::app::App) {
    if let Err(e) = pieces_match_game(app.world_mut()) {
        panic!("entities and game disagree:\n{e}");
    }
}

#[test]
fn the_start_position_is_mirrored_by_entities() {
    let mut app = headless_app();
    agree(&mut app);
    let count = app
        .world_mut()
        .query::<&PieceView>()
        .iter(app.world())
        .count();
    assert_eq!(count, 32);
}

#[test]
fn click_a_piece_then_a_target_moves_it() {
    let mut app = headless_app();
    click_cell(&mut app, c("a2"));
    let selection = app.world().resource::<Selection>().clone();
    assert_eq!(selection.cell, Some(c("a2")));
    assert!(selection.targets.contains(c("e5")));
    let sorcerer = piece(&mut app, c("a2")).unwrap();
    click_cell(&mut app, c("e5"));
    assert_eq!(game(&app).plies().len(), 1);
    assert_eq!(game(&app).plies()[0].text, "Sa2-e5");
    settle(&mut app, 120);
    agree(&mut app);
    // The same entity glided there and rests on its cell.
    assert_eq!(piece(&mut app, c("e5")), Some(sorcerer));
    let t = app
        .world()
        .get::<bevy::prelude::Transform>(sorcerer)
        .unwrap()
        .translation;
    assert!(t.distance(piece_home(c("e5"))) < 1e-4);
    assert_eq!(app.world().resource::<Selection>().cell, None);
}

#[test]
fn drag_and_drop_moves_a_piece() {
    let mut app = headless_app();
    let pawn = piece(&mut app, c("c4")).unwrap();
    // Pressing and releasing over another cell without moving the pointer is no drop.
    press(&mut app, pawn, PointerButton::Primary);
    let target = tile(&mut app, c("d3"));
    release(&mut app, target, PointerButton::Primary);
    assert!(game(&app).plies().is_empty());
    drag(&mut app, c("c4"), c("d3"));
    assert_eq!(game(&app).plies().len(), 1);
    settle(&mut app, 120);
    agree(&mut app);
    assert_eq!(piece(&mut app, c("d3")), Some(pawn));
}

#[test]
fn an_illegal_target_says_why_and_changes_nothing() {
    let mut app = headless_app();
    click_cell(&mut app, c("a2"));
    click_cell(&mut app, c("f3"));
    assert!(game(&app).plies().is_empty());
    let status = app.world().resource::<StatusLine>().clone();
    assert!(status.warning);
    assert!(
        is_message(&status.text, "move-unreachable")
            && status
                .text
                .contains(&parachess::game::text::piece_name("Sorcerer")),
        "{}",
        status.text
    );
    assert_eq!(app.world().resource::<Selection>().cell, None);
    // Right-click deselects too.
    click_cell(&mut app, c("a2"));
    let tile = tile(&mut app, c("e5"));
    click(&mut app, tile, PointerButton::Secondary);
    assert_eq!(app.world().resource::<Selection>().cell, None);
    agree(&mut app);
}

#[test]
fn input_waits_while_a_move_glides() {
    let mut app = headless_app();
    click_cell(&mut app, c("a2"));
    click_cell(&mut app, c("e5"));
    // Black clicks during the animation are ignored.
    click_cell(&mut app, c("i4"));
    assert_eq!(app.world().resource::<Selection>().cell, None);
    settle(&mut app, 120);
    click_cell(&mut app, c("i4"));
    assert_eq!(app.world().resource::<Selection>().cell, Some(c("i4")));
}

#[test]
fn promotion_waits_for_the_choice() {
    let mut app = headless_app();
    app.world_mut().write_message(GameCommand::NewGame {
        start: Some(Box::new(
            "k5/1P2/8/5/10/6/10/5/8/4/5K w 0 1".parse().unwrap(),
        )),
        players: Default::default(),
    });
    settle(&mut app, 10);
    agree(&mut app);
    click_cell(&mut app, c("j2"));
    click_cell(&mut app, c("k3"));
    assert!(game(&app).plies().is_empty(), "no move before the choice");
    app.world_mut()
        .write_message(parachess::game::core::state::MoveRequest(
            parachess::rules::Move::promoting(c("j2"), c("k3"), PieceKind::Sorcerer),
        ));
    settle(&mut app, 120);
    agree(&mut app);
    let piece = game(&app).position().piece_at(c("k3")).unwrap();
    assert_eq!((piece.side, piece.kind), (Side::White, PieceKind::Sorcerer));
}

#[test]
fn a_short_game_to_checkmate_through_the_input_layer() {
    let mut app = headless_app();
    app.world_mut().write_message(GameCommand::NewGame {
        start: Some(Box::new(
            "6/3k/3Q4/5/5K4/6/10/5/8/4/6 w 0 1".parse().unwrap(),
        )),
        players: Default::default(),
    });
    settle(&mut app, 10);
    click_cell(&mut app, c("i4"));
    click_cell(&mut app, c("i6"));
    settle(&mut app, 120);
    agree(&mut app);
    assert_eq!(
        game(&app).outcome(),
        Some(Outcome::Checkmate {
            winner: Side::White
        })
    );
    // The game-over dialog takes the board and the keys until it is closed.
    assert_eq!(where_(&app), (Screen::Play, Modal::GameOver));
    click_cell(&mut app, c("j4"));
    assert!(!app.world().resource::<StatusLine>().warning);
    tap(&mut app, bevy::prelude::KeyCode::KeyU);
    assert!(game(&app).is_over(), "undo is not a key of the dialog");
    tap(&mut app, bevy::prelude::KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    // Nothing more can be played.
    click_cell(&mut app, c("j4"));
    assert!(app.world().resource::<StatusLine>().warning);
}

#[test]
fn a_whole_game_of_clicks_until_it_ends() {
    let mut app = headless_app();
    // Queen and King against King, 90 half-moves into the count: the game ends within a few moves.
    app.world_mut().write_message(GameCommand::NewGame {
        start: Some(Box::new(
            "3k2/4/8/5/10/6/10/5/8/4/2QK2 w 90 60".parse().unwrap(),
        )),
        players: Default::default(),
    });
    settle(&mut app, 10);
    let mut seed = 7u64;
    for _ in 0..200 {
        if game(&app).is_over() {
            break;
        }
        let moves = game(&app).legal_moves();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = moves[(seed >> 33) as usize % moves.len()];
        let before = game(&app).plies().len();
        click_cell(&mut app, mv.from);
        click_cell(&mut app, mv.to);
        assert_eq!(
            game(&app).plies().len(),
            before + 1,
            "click {mv} did not play"
        );
        settle(&mut app, 120);
        agree(&mut app);
    }
    assert!(game(&app).is_over());
}

#[test]
fn undo_and_new_game_resync_the_entities() {
    let mut app = headless_app();
    click_cell(&mut app, c("c4"));
    click_cell(&mut app, c("d3"));
    settle(&mut app, 120);
    app.world_mut().write_message(GameCommand::Undo);
    settle(&mut app, 10);
    agree(&mut app);
    assert_eq!(game(&app).position(), Game::new().position());
    app.world_mut().write_message(GameCommand::Redo);
    settle(&mut app, 10);
    agree(&mut app);
    assert_eq!(game(&app).plies().len(), 1);
    app.world_mut().write_message(GameCommand::NewGame {
        start: None,
        players: Default::default(),
    });
    settle(&mut app, 10);
    agree(&mut app);
    assert!(
        app.world()
            .resource::<ChessGame>()
            .game()
            .plies()
            .is_empty()
    );
}

/// A new game of a human (White) against the computer at `level`, after the human's c4-d3
/// was clicked in: the computer is to move.
fn first_move_against_the_computer(level: parachess::engine::Level) -> bevy::app::App {
    use parachess::game::core::state::SeatKind;
    let mut app = headless_app();
    app.world_mut().write_message(GameCommand::NewGame {
        start: None,
        players: [SeatKind::Human, SeatKind::Computer(level)],
    });
    settle(&mut app, 10);
    click_cell(&mut app, c("c4"));
    click_cell(&mut app, c("d3"));
    app
}

#[test]
fn the_computer_answers_without_freezing_the_frames() {
    use parachess::engine::Level;
    use parachess::game::core::state::Thinking;
    let mut app = first_move_against_the_computer(Level::Easy);
    assert_eq!(game(&app).plies().len(), 1);
    let mut frames = 0;
    let mut frames_while_thinking = 0;
    while game(&app).plies().len() < 2 && frames < 6000 {
        app.update();
        frames += 1;
        if app.world().resource::<Thinking>().0 {
            frames_while_thinking += 1;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(game(&app).plies().len(), 2, "the computer never moved");
    assert!(
        frames_while_thinking > 0,
        "the search ran on the frame's thread"
    );
    // Its move glides like a person's.
    assert!(
        app.world()
            .resource::<parachess::game::core::board::Animating>()
            .0
    );
    let to = game(&app).last_move().unwrap().to;
    let mover = piece(&mut app, to).unwrap();
    assert!(
        app.world()
            .get::<parachess::game::board::animation::Glide>(mover)
            .is_some()
    );
    assert_eq!(game(&app).position().turn(), Side::White);
    settle(&mut app, 120);
    agree(&mut app);
}

#[test]
fn undo_cancels_the_computer_and_gives_the_move_back() {
    let mut app = first_move_against_the_computer(parachess::engine::Level::Hard);
    settle(&mut app, 120);
    // The computer is thinking now (Hard takes seconds); take the move back.
    app.world_mut().write_message(GameCommand::Undo);
    settle(&mut app, 10);
    assert!(game(&app).plies().is_empty());
    for _ in 0..30 {
        app.update();
    }
    assert!(
        game(&app).plies().is_empty(),
        "a stale search played a move"
    );
    agree(&mut app);
}

#[test]
fn the_new_game_dialog_starts_shuffle_parachess_and_back() {
    use parachess::game::core::prefs::{NewGameChoice, VariantPick};
    let mut app = headless_app();
    // The headless app has no dialogs; the choice they keep is what the actions read.
    app.world_mut().init_resource::<NewGameChoice>();
    ChoiceAction::Variant(VariantPick::Shuffle { random: true }).run(app.world_mut());
    StartGame.run(app.world_mut());
    settle(&mut app, 10);
    agree(&mut app);
    let pos = game(&app).position().clone();
    let variant = pos.variant();
    assert!(
        variant.name().starts_with("Shuffle Parachess "),
        "{}",
        variant.name()
    );
    assert_eq!(pos, variant.start());
    // A move is played as in Parachess.
    click_cell(&mut app, c("c4"));
    click_cell(&mut app, c("d3"));
    settle(&mut app, 120);
    agree(&mut app);
    assert_eq!(game(&app).plies().len(), 1);
    ChoiceAction::Variant(VariantPick::Fixed(parachess::rules::Variant::parachess()))
        .run(app.world_mut());
    StartGame.run(app.world_mut());
    settle(&mut app, 10);
    agree(&mut app);
    assert_eq!(game(&app).position(), Game::new().position());
}
