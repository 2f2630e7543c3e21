//! The learn screen driven headless through the input layer: stages completed by clicks, stars
//! counted and saved, refusals explained with the piece's lines, engine replies computed off
//! the frame thread, and the play game and its autosave left alone.
#![cfg(feature = "gui")]

use crate::common;

use bevy::prelude::*;
use common::game::*;
use parachess::game::board::pieces::pieces_match_game;
use parachess::game::core::DataDir;
use parachess::game::core::board::LinesOverride;
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::state::{ChessGame, StatusLine, capitalise};
use parachess::game::learn::{Learn, LearnView, OpenStage};
use parachess::game::text::{arg, side_name, tr_args};
use parachess::lessons::{RunState, StageResult};
use parachess::rules::{Cell, Move, Side};
use parachess::store::Store;

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn open(app: &App) -> &OpenStage {
    app.world()
        .resource::<Learn>()
        .open()
        .expect("a stage is open")
}

fn status(app: &App) -> StatusLine {
    app.world().resource::<StatusLine>().clone()
}

fn data_dir(app: &App) -> std::path::PathBuf {
    app.world().resource::<DataDir>().0.clone()
}

fn view(app: &App) -> Option<LearnView> {
    app.world()
        .get_resource::<State<LearnView>>()
        .map(|s| *s.get())
}

fn agree(app: &mut App) {
    if let Err(e) = pieces_match_game(app.world_mut()) {
        panic!("entities and game disagree:\n{e}");
    }
}

/// Plays a move with two clicks and lets it land.
fn click_move(app: &mut App, from: &str, to: &str) {
    click_cell(app, c(from));
    click_cell(app, c(to));
    settle(app, 200);
}

/// Runs frames until the end card is open (at most a few seconds of game time).
fn until_end_card(app: &mut App) {
    for _ in 0..600 {
        if where_(app).1 == Modal::StageEnd {
            return;
        }
        app.update();
    }
    panic!("no end card: {:?}", where_(app));
}

fn saved_stars(app: &mut App, lesson: &str, stage: usize) -> u8 {
    flush_lessons(app);
    let store = Store::at(data_dir(app)).unwrap();
    let loaded = store.load_lesson_progress().unwrap();
    assert!(loaded.set_aside.is_none());
    loaded.progress.stars(lesson, stage)
}

#[test]
fn a_star_stage_played_with_clicks_gives_three_stars_and_is_saved() {
    // Lesson 3, stage 3: the Rook on e1 collects stars on e10, f6 and k6 (fewest 3).
    let mut app = learn_app(temp_data_dir("learn-stars"), 3, 3);
    assert_eq!(where_(&app), (Screen::Learn, Modal::None));
    assert_eq!(view(&app), Some(LearnView::Stage));
    assert_eq!(open(&app).run().stars_left().len(), 3);
    agree(&mut app);
    for (i, (from, to)) in [("e1", "e10"), ("e10", "f6")].into_iter().enumerate() {
        click_move(&mut app, from, to);
        agree(&mut app);
        // The idle opponent hands the move back: the learner is to move on the board too.
        let board = app
            .world()
            .resource::<ChessGame>()
            .game()
            .position()
            .clone();
        assert_eq!(board.turn(), Side::White, "after {from}-{to}");
        assert_eq!(&board, open(&app).run().position());
        assert_eq!(open(&app).run().stars_left().len(), 2 - i);
        assert!(
            is_message(&status(&app).text, "learn-star-collected"),
            "{:?}",
            status(&app)
        );
    }
    click_move(&mut app, "f6", "k6");
    agree(&mut app);
    let result = StageResult {
        stars: 3,
        moves: 3,
        fewest: 3,
    };
    assert_eq!(open(&app).run().result(), Some(result));
    until_end_card(&mut app);
    assert_eq!(
        open(&app)
            .ended_as()
            .map(|e| (e.result.clone(), e.new_best)),
        Some((Ok(result), true))
    );
    assert_eq!(saved_stars(&mut app, "03-rook", 2), 3);
    // Enter on the card: the next stage.
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app), (Screen::Learn, Modal::None));
    assert_eq!((open(&app).lesson(), open(&app).stage()), (2, 3));
    settle(&mut app, 10);
    agree(&mut app);
}

#[test]
fn a_longer_way_earns_fewer_stars_and_the_best_is_kept() {
    // Lesson 3, stage 4: the Rook captures three pawns (fewest 3).
    let mut app = learn_app(temp_data_dir("learn-longer"), 3, 4);
    for (from, to) in [("a1", "b1"), ("b1", "d1"), ("d1", "g3"), ("g3", "g8")] {
        click_move(&mut app, from, to);
    }
    assert_eq!(
        open(&app).run().result(),
        Some(StageResult {
            stars: 2,
            moves: 4,
            fewest: 3
        })
    );
    until_end_card(&mut app);
    assert_eq!(saved_stars(&mut app, "03-rook", 3), 2);
    // R on the card: again, the short way this time.
    tap(&mut app, KeyCode::KeyR);
    assert_eq!(where_(&app), (Screen::Learn, Modal::None));
    assert_eq!(open(&app).run().moves_made(), 0);
    settle(&mut app, 10);
    agree(&mut app);
    for (from, to) in [("a1", "d1"), ("d1", "g3"), ("g3", "g8")] {
        click_move(&mut app, from, to);
    }
    assert_eq!(open(&app).run().result().map(|r| r.stars), Some(3));
    until_end_card(&mut app);
    assert_eq!(saved_stars(&mut app, "03-rook", 3), 3);
    // A worse attempt afterwards does not lower the best.
    tap(&mut app, KeyCode::KeyR);
    settle(&mut app, 10);
    for (from, to) in [("a1", "b1"), ("b1", "d1"), ("d1", "g3"), ("g3", "g8")] {
        click_move(&mut app, from, to);
    }
    until_end_card(&mut app);
    assert_eq!(open(&app).ended_as().map(|e| e.new_best), Some(false));
    assert_eq!(saved_stars(&mut app, "03-rook", 3), 3);
}

#[test]
fn from_the_title_to_a_finished_click_stage() {
    let mut app = headless_app_with(temp_data_dir("learn-title"), LaunchOptions::default());
    assert_eq!(where_(&app), (Screen::Title, Modal::None));
    tap(&mut app, KeyCode::KeyL);
    assert_eq!(where_(&app), (Screen::Learn, Modal::None));
    assert_eq!(view(&app), Some(LearnView::List));
    // Enter: the suggested lesson, the first, at its first stage ("click e5").
    tap(&mut app, KeyCode::Enter);
    assert_eq!(view(&app), Some(LearnView::Stage));
    assert_eq!((open(&app).lesson(), open(&app).stage()), (0, 0));
    // Clicking the King's cell selects nothing: cells are what this stage asks for.
    click_cell(&mut app, c("e4"));
    let said = status(&app);
    assert!(said.warning);
    assert_eq!(
        said.text,
        tr_args("lesson-not-asked", &[("cell", arg("e4"))])
    );
    click_cell(&mut app, c("e5"));
    assert_eq!(
        open(&app).run().result(),
        Some(StageResult {
            stars: 2,
            moves: 2,
            fewest: 1
        })
    );
    until_end_card(&mut app);
    assert_eq!(saved_stars(&mut app, "01-board", 0), 2);
    tap(&mut app, KeyCode::Enter);
    assert_eq!((open(&app).lesson(), open(&app).stage()), (0, 1));
    // Esc: the list, then the title.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(view(&app), Some(LearnView::List));
    assert!(app.world().resource::<Learn>().open().is_none());
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Title, Modal::None));
}

#[test]
fn an_illegal_attempt_is_explained_and_shows_the_pieces_lines() {
    let mut app = learn_app(temp_data_dir("learn-refused"), 3, 3);
    let start = open(&app).run().position().clone();
    assert_eq!(app.world().resource::<LinesOverride>().forced, None);
    // g6 is on no edge-path of the Rook on e1: the rules refuse it, in the words of play.
    let why = start.check_move(Move::new(c("e1"), c("g6"))).unwrap_err();
    click_move(&mut app, "e1", "g6");
    let said = status(&app);
    assert!(said.warning);
    assert_eq!(said.text, capitalise(&why.to_string()));
    assert_eq!(open(&app).run().position(), &start);
    assert_eq!(open(&app).run().moves_made(), 0);
    let forced = app.world().resource::<LinesOverride>().forced;
    assert_eq!(forced.map(|(cell, _)| cell), Some(c("e1")));
    agree(&mut app);
    // A legal move the stage refuses: explained the same way.
    click_move(&mut app, "e1", "a1");
    assert!(
        is_message(&status(&app).text, "lesson-no-progress")
            && status(&app)
                .text
                .contains(&parachess::game::text::piece_name("Rook")),
        "{:?}",
        status(&app)
    );
    assert_eq!(open(&app).run().position(), &start);
    assert_eq!(
        app.world().resource::<ChessGame>().game().position(),
        &start,
        "the board did not move either"
    );
    // The lines fade after a while.
    for _ in 0..400 {
        app.update();
    }
    assert_eq!(app.world().resource::<LinesOverride>().forced, None);
}

#[test]
fn a_wrong_cell_in_a_reach_stage_is_refused_with_the_rules_sentence() {
    // Lesson 3, stage 2: every cell the Rook on e5 can reach.
    let mut app = learn_app(temp_data_dir("learn-reach"), 3, 2);
    assert!(
        app.world().resource::<LinesOverride>().hide_aid,
        "the aid would give the answer away"
    );
    click_cell(&mut app, c("e9"));
    assert_eq!(
        status(&app).text,
        tr_args(
            "move-blocked",
            &[
                ("from", arg("e5")),
                ("to", arg("e9")),
                ("blocker", arg("e8"))
            ]
        )
    );
    let forced = app.world().resource::<LinesOverride>().forced;
    assert_eq!(forced.map(|(cell, _)| cell), Some(c("e5")));
    assert!(open(&app).run().found().is_empty());
    click_cell(&mut app, c("e6"));
    assert!(open(&app).run().found().contains(c("e6")));
    assert!(!status(&app).warning);
    // H: the hint.
    assert!(!open(&app).hint_shown());
    tap(&mut app, KeyCode::KeyH);
    assert!(open(&app).hint_shown());
    // R restarts the stage (on the play screen R would be redo).
    tap(&mut app, KeyCode::KeyR);
    assert!(open(&app).run().found().is_empty());
    assert_eq!(open(&app).run().moves_made(), 0);
}

#[test]
fn an_engine_reply_is_computed_while_frames_keep_running() {
    // Lesson 13, stage 7: mate in two against the engine.
    let mut app = learn_app(temp_data_dir("learn-engine"), 13, 7);
    click_cell(&mut app, c("h3"));
    // The press plays the move; in the same frame the search starts on the compute pool and
    // the frame ends without waiting for it.
    let target = tile(&mut app, c("i6"));
    press(
        &mut app,
        target,
        bevy::picking::pointer::PointerButton::Primary,
    );
    assert_eq!(open(&app).run().state(), &RunState::AwaitingReply);
    assert!(
        open(&app).computing(),
        "the search ran on the frame's thread"
    );
    release(
        &mut app,
        target,
        bevy::picking::pointer::PointerButton::Primary,
    );
    let mut frames = 0;
    // The King glides first; the reply waits for it to land.
    while app
        .world()
        .resource::<parachess::game::core::board::Animating>()
        .0
        && frames < 300
    {
        app.update();
        frames += 1;
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(open(&app).run().state(), &RunState::AwaitingReply);
    click_cell(&mut app, c("h4"));
    assert_eq!(
        status(&app).text,
        capitalise(&tr_args(
            "lesson-awaiting-reply",
            &[("side", arg(side_name(Side::Black)))]
        ))
    );
    while open(&app).run().state() == &RunState::AwaitingReply && frames < 3000 {
        app.update();
        frames += 1;
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(open(&app).run().state(), &RunState::LearnerToMove);
    assert!(!open(&app).computing());
    // The reply glides like a move in play, then the board shows the run's position.
    settle(&mut app, 200);
    agree(&mut app);
    let board = app.world().resource::<ChessGame>().game().clone();
    assert_eq!(board.plies().len(), 2);
    assert_eq!(board.position(), open(&app).run().position());
    // Now the mate.
    let pos = board.position().clone();
    let mate = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| {
            let after = pos.after(mv);
            after.in_check() && !after.has_legal_move()
        })
        .expect("the forced mate");
    click_cell(&mut app, mate.from);
    click_cell(&mut app, mate.to);
    assert_eq!(open(&app).run().result().map(|r| r.stars), Some(3));
    until_end_card(&mut app);
    assert_eq!(saved_stars(&mut app, "13-check-and-mate", 6), 3);
}

#[test]
fn a_failed_stage_says_why_and_enter_tries_again() {
    // Lesson 13, stage 1: give check with one move.
    let mut app = learn_app(temp_data_dir("learn-failed"), 13, 1);
    click_move(&mut app, "a1", "a2");
    until_end_card(&mut app);
    let said = status(&app);
    assert!(said.warning);
    assert_eq!(
        said.text,
        capitalise(&tr_args(
            "lesson-miss-no-check",
            &[("colour", arg("black"))]
        ))
    );
    assert!(matches!(
        open(&app).ended_as().map(|e| e.result.clone()),
        Some(Err(_))
    ));
    assert_eq!(saved_stars(&mut app, "13-check-and-mate", 0), 0);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app), (Screen::Learn, Modal::None));
    assert_eq!(open(&app).run().state(), &RunState::LearnerToMove);
    assert_eq!(open(&app).run().position(), &open(&app).run().stage().start);
    settle(&mut app, 10);
    agree(&mut app);
}

#[test]
fn learning_leaves_the_play_game_and_the_autosave_alone() {
    let mut app = headless_app();
    let dir = data_dir(&app);
    for _ in 0..2 {
        let mv = game(&app).legal_moves()[0];
        click_cell(&mut app, mv.from);
        click_cell(&mut app, mv.to);
        settle(&mut app, 200);
    }
    app.update();
    flush_saves(&app);
    let play_game = app.world().resource::<ChessGame>().clone();
    let autosave = std::fs::read(dir.join("autosave.pgn")).expect("an autosave");
    // To the lessons: a stage with moves and one with clicks.
    tap(&mut app, KeyCode::Escape);
    tap(&mut app, KeyCode::KeyL);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(view(&app), Some(LearnView::Stage));
    click_cell(&mut app, c("e5"));
    until_end_card(&mut app);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(view(&app), Some(LearnView::List));
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Title, Modal::None));
    app.update();
    flush_saves(&app);
    flush_lessons(&mut app);
    assert_eq!(
        std::fs::read(dir.join("autosave.pgn")).unwrap(),
        autosave,
        "the autosave is untouched"
    );
    // Continue: the same game, move for move, and saving goes on as before.
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    settle(&mut app, 10);
    agree(&mut app);
    let back = app.world().resource::<ChessGame>();
    assert_eq!(back.id(), play_game.id());
    assert_eq!(back.players(), play_game.players());
    assert_eq!(back.game().plies().len(), 2);
    assert_eq!(back.game().position(), play_game.game().position());
    app.update();
    flush_saves(&app);
    assert_eq!(std::fs::read(dir.join("autosave.pgn")).unwrap(), autosave);
    let mv = game(&app).legal_moves()[0];
    click_cell(&mut app, mv.from);
    click_cell(&mut app, mv.to);
    settle(&mut app, 200);
    app.update();
    flush_saves(&app);
    let saved = Store::at(&dir).unwrap().load_autosave().unwrap().unwrap();
    assert_eq!(saved.game.plies().len(), 3);
    let kept: Vec<_> = Store::at(&dir)
        .unwrap()
        .list_saves()
        .unwrap()
        .into_iter()
        .filter(|s| s.name.starts_with("unfinished-"))
        .collect();
    assert!(kept.is_empty(), "the same game needs no copy: {kept:?}");
}

#[test]
fn a_progress_file_that_cannot_be_written_is_reported() {
    let dir = temp_data_dir("learn-unwritable");
    let mut app = learn_app(dir.clone(), 1, 1);
    flush_lessons(&mut app);
    // A folder where the file should go, with something in it: the rename onto it fails.
    std::fs::create_dir_all(dir.join("lessons.ron").join("in-the-way")).unwrap();
    click_cell(&mut app, c("e5"));
    assert!(open(&app).completed());
    flush_lessons(&mut app);
    let said = status(&app);
    assert!(said.warning, "{said:?}");
    assert!(
        is_message(&said.text, "learn-progress-not-saved"),
        "{}",
        said.text
    );
    // The stage still counts for this session.
    let progress = app
        .world()
        .resource::<parachess::game::learn::LearnProgress>();
    assert_eq!(progress.progress().stars("01-board", 0), 3);
}
