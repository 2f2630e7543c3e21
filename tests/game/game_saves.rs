//! A player's game is never lost: the game app, headless, with saving on in a temporary data
//! folder, driven through keys and clicks the way a person would.
#![cfg(feature = "gui")]

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use common::game::*;
use parachess::game::core::actions::GameAction;
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::state::{ChessGame, StatusLine};
use parachess::rules::record::Tags;
use parachess::rules::{Cell, Game, Position};
use parachess::store::Store;

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

/// A game of `plies` fixed moves, unfinished.
fn unfinished_game(plies: usize) -> Game {
    let mut game = Game::new();
    for i in 0..plies {
        let moves = game.legal_moves();
        game.play(moves[(i * 7 + 1) % moves.len()]).unwrap();
    }
    assert!(!game.is_over());
    game
}

/// A data folder whose autosave holds an unfinished game of `plies` moves.
fn folder_with_unfinished(what: &str, plies: usize) -> (PathBuf, Game) {
    let dir = temp_data_dir(what);
    let game = unfinished_game(plies);
    Store::at(&dir)
        .unwrap()
        .autosave(&game, &Tags::default())
        .unwrap();
    (dir, game)
}

fn title_app(dir: &Path) -> App {
    headless_app_with(dir.to_path_buf(), LaunchOptions::default())
}

fn status(app: &App) -> StatusLine {
    app.world().resource::<StatusLine>().clone()
}

/// Plays a legal move of the side to move through two clicks.
fn click_a_move(app: &mut App) {
    let mv = game(app).legal_moves()[0];
    click_cell(app, mv.from);
    click_cell(app, mv.to);
    settle(app, 120);
}

/// The saved games kept as `unfinished-…` in the saves folder.
fn kept_unfinished(dir: &Path) -> Vec<PathBuf> {
    let store = Store::at(dir).unwrap();
    store
        .list_saves()
        .unwrap()
        .into_iter()
        .filter(|s| s.name.starts_with("unfinished-"))
        .map(|s| s.path)
        .collect()
}

fn autosaved(dir: &Path) -> Game {
    Store::at(dir)
        .unwrap()
        .load_autosave()
        .unwrap()
        .expect("an autosave")
        .game
}

fn same_game(a: &Game, b: &Game) -> bool {
    a.start_position() == b.start_position()
        && a.plies()
            .iter()
            .map(|p| p.mv)
            .eq(b.plies().iter().map(|p| p.mv))
}

#[test]
fn starting_at_a_position_keeps_the_unfinished_autosave_before_the_first_move() {
    let (dir, old) = folder_with_unfinished("position", 7);
    let start: Position = "k5/4/8/5/10/6/10/5/8/4/3KR1 w 0 1".parse().unwrap();
    let mut app = headless_app_with(
        dir.clone(),
        LaunchOptions {
            position: Some(start.clone()),
            screen: Screen::Play,
            ..LaunchOptions::default()
        },
    );
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    flush_saves(&app);
    assert!(
        same_game(&autosaved(&dir), &old),
        "nothing is written before a move"
    );
    click_a_move(&mut app);
    assert_eq!(game(&app).plies().len(), 1);
    app.update();
    flush_saves(&app);
    app.update();
    let kept = kept_unfinished(&dir);
    assert_eq!(kept.len(), 1, "the old game is kept among the saves");
    let back = Store::at(&dir).unwrap().load_game(&kept[0]).unwrap();
    assert!(same_game(&back.game, &old));
    assert!(same_game(&autosaved(&dir), game(&app)));
    let said = status(&app).text;
    assert!(
        is_message(&said, "save-unfinished-kept") && said.contains("unfinished-"),
        "{said}"
    );
}

#[test]
fn a_corrupt_autosave_is_set_aside_and_survives_the_next_move() {
    let dir = temp_data_dir("corrupt");
    let broken = b"[Event \"x\"]\n\n1. c4-d3 i5-h3 2. \xff".to_vec();
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("autosave.pgn"), &broken).unwrap();
    let mut app = headless_app_with(
        dir.clone(),
        LaunchOptions {
            screen: Screen::Play,
            ..LaunchOptions::default()
        },
    );
    let said = status(&app);
    assert!(said.warning);
    assert!(
        is_message(&said.text, "save-autosave-unreadable-kept")
            && said.text.contains("autosave.corrupt-"),
        "{}",
        said.text
    );
    click_a_move(&mut app);
    flush_saves(&app);
    let aside: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("autosave.corrupt-")
        })
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(fs::read(&aside[0]).unwrap(), broken, "every byte is kept");
    assert!(same_game(&autosaved(&dir), game(&app)));
}

#[test]
fn a_dialog_owns_the_keyboard() {
    let mut app = headless_app();
    click_a_move(&mut app);
    let before = game(&app).plies().len();
    tap(&mut app, KeyCode::KeyN);
    assert_eq!(where_(&app), (Screen::Play, Modal::NewGame));
    // Undo, redo, save, paste and load are not the dialog's keys.
    tap(&mut app, KeyCode::KeyU);
    tap(&mut app, KeyCode::Backspace);
    tap(&mut app, KeyCode::KeyU);
    tap_with(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyS);
    tap_with(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyV);
    tap_with(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyO);
    settle(&mut app, 10);
    assert_eq!(game(&app).plies().len(), before);
    assert_eq!(where_(&app), (Screen::Play, Modal::NewGame));
    flush_saves(&app);
    let store = Store::at(
        app.world()
            .resource::<parachess::game::core::DataDir>()
            .0
            .clone(),
    )
    .unwrap();
    assert!(store.list_saves().unwrap().is_empty(), "Ctrl+S did nothing");
    // The dialog's own key closes it, and then the board's keys act again.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    tap(&mut app, KeyCode::KeyU);
    assert_eq!(game(&app).plies().len(), before - 1);
}

#[test]
fn whatever_the_player_does_on_the_title_screen_the_unfinished_game_is_kept() {
    let (dir, old) = folder_with_unfinished("title", 9);
    let mut app = title_app(&dir);
    assert_eq!(where_(&app), (Screen::Title, Modal::None));
    // Paste and undo mean nothing here; the saved games open and close.
    tap_with(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyV);
    tap(&mut app, KeyCode::KeyU);
    tap_with(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyO);
    assert_eq!(where_(&app), (Screen::Title, Modal::Load));
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Title, Modal::None));
    // Play, then cancel the new-game dialog: a fresh board, the old game still waiting.
    tap(&mut app, KeyCode::KeyP);
    assert_eq!(where_(&app), (Screen::Play, Modal::NewGame));
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    flush_saves(&app);
    assert!(same_game(&autosaved(&dir), &old), "untouched before a move");
    click_a_move(&mut app);
    app.update();
    flush_saves(&app);
    app.update();
    let kept = kept_unfinished(&dir);
    assert_eq!(kept.len(), 1);
    assert!(same_game(
        &Store::at(&dir).unwrap().load_game(&kept[0]).unwrap().game,
        &old
    ));
    assert!(
        is_message(&status(&app).text, "save-unfinished-kept"),
        "{}",
        status(&app).text
    );
}

#[test]
fn continue_resumes_the_unfinished_game_and_keeps_saving_it() {
    let (dir, old) = folder_with_unfinished("continue", 6);
    let mut app = title_app(&dir);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    assert!(same_game(game(&app), &old));
    click_a_move(&mut app);
    app.update();
    flush_saves(&app);
    assert_eq!(autosaved(&dir).plies().len(), 7);
    assert!(
        kept_unfinished(&dir).is_empty(),
        "the same game needs no copy"
    );
    // Esc goes back to the title screen; Continue brings the same game back.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Title, Modal::None));
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    assert_eq!(game(&app).plies().len(), 7);
}

#[test]
fn a_new_game_in_the_middle_of_one_keeps_the_first() {
    let mut app = headless_app();
    let dir = app
        .world()
        .resource::<parachess::game::core::DataDir>()
        .0
        .clone();
    for _ in 0..3 {
        click_a_move(&mut app);
    }
    let first = game(&app).clone();
    tap(&mut app, KeyCode::KeyN);
    tap(&mut app, KeyCode::Enter);
    settle(&mut app, 10);
    assert!(game(&app).plies().is_empty());
    click_a_move(&mut app);
    app.update();
    flush_saves(&app);
    app.update();
    let kept = kept_unfinished(&dir);
    assert_eq!(kept.len(), 1);
    assert!(same_game(
        &Store::at(&dir).unwrap().load_game(&kept[0]).unwrap().game,
        &first
    ));
}

/// The child of [`a_game_killed_mid_way_resumes_where_it_stopped`]: plays moves through the
/// app until killed (or 30 s pass). Does nothing when run on its own.
#[test]
#[ignore = "run as a child process by another test"]
fn playing_child() {
    let Some(dir) = std::env::var_os("PARACHESS_TEST_CHILD_DATA") else {
        return;
    };
    let mut app = headless_app_with(
        PathBuf::from(dir),
        LaunchOptions {
            screen: Screen::Play,
            ..LaunchOptions::default()
        },
    );
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(30) {
        if game(&app).is_over() || game(&app).plies().len() > 200 {
            tap(&mut app, KeyCode::Escape);
            tap(&mut app, KeyCode::KeyN);
            tap(&mut app, KeyCode::Enter);
        }
        click_a_move(&mut app);
    }
}

#[test]
fn a_game_killed_mid_way_resumes_where_it_stopped() {
    let dir = temp_data_dir("killed");
    let autosave = dir.join("autosave.pgn");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "game_saves::playing_child",
            "--ignored",
            "--nocapture",
        ])
        .env("PARACHESS_TEST_CHILD_DATA", &dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let waited = Instant::now();
    let enough = |path: &Path| {
        Store::at(path.parent().unwrap())
            .ok()
            .and_then(|s| s.load_autosave().ok().flatten())
            .is_some_and(|r| r.game.plies().len() >= 5)
    };
    while !enough(&autosave) && waited.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let on_disk = Store::at(&dir).unwrap().load_autosave().unwrap();
    let on_disk = on_disk.expect("the killed game left an autosave").game;
    assert!(!on_disk.is_over());
    let mut app = title_app(&dir);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    assert!(same_game(game(&app), &on_disk));
    assert_eq!(
        app.world().resource::<ChessGame>().game().position(),
        on_disk.position()
    );
}

#[test]
fn a_button_acts_on_a_quick_press() {
    use bevy::picking::backend::HitData;
    use bevy::picking::events::{Pointer, Press};
    use bevy::picking::pointer::{Location, PointerButton, PointerId};
    use parachess::game::ui::widgets::{ActionButton, button};
    let mut app = headless_app();
    click_a_move(&mut app);
    app.world_mut().spawn(button("Undo", GameAction::Undo));
    app.update();
    let inner = app
        .world_mut()
        .query::<(Entity, &ActionButton)>()
        .iter(app.world())
        .find(|(_, b)| b.0.is(GameAction::Undo))
        .map(|(e, _)| e)
        .unwrap();
    // Only a press: no click follows when press and release fall into one slow frame.
    app.world_mut().trigger(Pointer::new(
        PointerId::Mouse,
        Location {
            target: bevy::camera::NormalizedRenderTarget::None {
                width: 0,
                height: 0,
            },
            position: Vec2::ZERO,
        },
        Press {
            button: PointerButton::Primary,
            hit: HitData::new(Entity::PLACEHOLDER, 0.0, None, None),
            count: 1,
        },
        inner,
    ));
    app.update();
    app.update();
    assert!(game(&app).plies().is_empty(), "the press undid the move");
    let _ = c("a1");
}

#[test]
fn a_quick_ctrl_chord_within_one_frame_is_still_the_chord() {
    let (dir, _) = folder_with_unfinished("chord", 3);
    let mut app = title_app(&dir);
    // Ctrl down, O down, Ctrl up, all before the frame runs (a slow frame, a quick hand).
    app.init_resource::<ButtonInput<KeyCode>>();
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::KeyO);
        keys.release(KeyCode::ControlLeft);
    }
    app.update();
    app.update();
    assert_eq!(
        where_(&app),
        (Screen::Title, Modal::Load),
        "read as O alone"
    );
}

#[test]
fn loading_or_analysing_a_saved_game_keeps_the_unfinished_one() {
    let mut app = headless_app();
    let dir = app
        .world()
        .resource::<parachess::game::core::DataDir>()
        .0
        .clone();
    for _ in 0..3 {
        click_a_move(&mut app);
    }
    let first = game(&app).clone();
    let other = unfinished_game(5);
    let path = Store::at(&dir)
        .unwrap()
        .save_game("other", &other, &Tags::default(), false)
        .unwrap();
    // Analysing the game in play (A) writes nothing: the autosave is still the first.
    tap(&mut app, KeyCode::KeyA);
    app.update();
    assert_eq!(where_(&app).0, Screen::Analysis);
    flush_saves(&app);
    assert!(same_game(&autosaved(&dir), &first));
    assert!(kept_unfinished(&dir).is_empty());
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Play);
    // Nor does analysing the saved one (read in the background).
    let analyse = path.clone();
    app.world_mut().commands().queue(move |world: &mut World| {
        parachess::game::analysis::session::analyse_file(world, analyse)
    });
    app.update();
    until_saved_game_read(&mut app);
    assert_eq!(where_(&app).0, Screen::Analysis);
    assert!(same_game(game(&app), &other));
    flush_saves(&app);
    assert!(same_game(&autosaved(&dir), &first));
    assert!(kept_unfinished(&dir).is_empty());
    tap(&mut app, KeyCode::Escape);
    // Loading it to play: once a move is played there, the first game is kept aside.
    parachess::game::core::saves::load_file(app.world_mut(), path);
    until_saved_game_read(&mut app);
    assert_eq!(where_(&app).0, Screen::Play);
    assert!(same_game(game(&app), &other));
    click_a_move(&mut app);
    app.update();
    flush_saves(&app);
    app.update();
    let kept = kept_unfinished(&dir);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(same_game(
        &Store::at(&dir).unwrap().load_game(&kept[0]).unwrap().game,
        &first
    ));
    assert_eq!(autosaved(&dir).plies().len(), 6);
}

#[test]
fn a_loaded_game_played_on_then_replaced_goes_back_to_its_own_file() {
    let mut app = headless_app();
    let dir = app
        .world()
        .resource::<parachess::game::core::DataDir>()
        .0
        .clone();
    let store = Store::at(&dir).unwrap();
    let mut b_game = Game::new();
    for _ in 0..4 {
        let moves = b_game.legal_moves();
        b_game.play(moves[2 % moves.len()]).unwrap();
    }
    let a = store
        .save_game("a", &unfinished_game(5), &Tags::default(), false)
        .unwrap();
    let b = store
        .save_game("b", &b_game, &Tags::default(), false)
        .unwrap();
    let load = |app: &mut App, path: &Path| {
        parachess::game::core::saves::load_file(app.world_mut(), path.to_path_buf());
        until_saved_game_read(app);
        assert_eq!(where_(app).0, Screen::Play);
        settle(app, 10);
        flush_saves(app);
        app.update();
        flush_saves(app);
    };
    let read = |path: &Path| Store::at(&dir).unwrap().load_game(path).unwrap().game;
    // A loaded, played on, then replaced by another: its file holds it now, and no copy is
    // made.
    load(&mut app, &a);
    click_a_move(&mut app);
    let played_on = game(&app).clone();
    assert_eq!(played_on.plies().len(), 6);
    load(&mut app, &b);
    assert!(
        kept_unfinished(&dir).is_empty(),
        "{:?}",
        kept_unfinished(&dir)
    );
    assert!(same_game(&read(&a), &played_on), "updated in place");
    // Loaded and replaced without a move: nothing is written, nothing copied.
    let (a_text, b_text) = (
        fs::read_to_string(&a).unwrap(),
        fs::read_to_string(&b).unwrap(),
    );
    load(&mut app, &a);
    load(&mut app, &b);
    load(&mut app, &a);
    assert!(
        kept_unfinished(&dir).is_empty(),
        "{:?}",
        kept_unfinished(&dir)
    );
    assert_eq!(fs::read_to_string(&a).unwrap(), a_text);
    assert_eq!(fs::read_to_string(&b).unwrap(), b_text);
    // A different game in its place (a move taken back, another played) is not written
    // over the file: it is kept as a copy of its own.
    tap(&mut app, KeyCode::KeyU);
    settle(&mut app, 10);
    assert_eq!(game(&app).plies().len(), 5);
    let last = played_on.plies().last().map(|p| p.mv);
    let other = *game(&app)
        .legal_moves()
        .iter()
        .find(|m| Some(**m) != last)
        .expect("another move");
    click_cell(&mut app, other.from);
    click_cell(&mut app, other.to);
    settle(&mut app, 120);
    let branched = game(&app).clone();
    assert_eq!(branched.plies().len(), 6);
    assert!(!same_game(&branched, &played_on));
    load(&mut app, &b);
    assert_eq!(fs::read_to_string(&a).unwrap(), a_text);
    let kept = kept_unfinished(&dir);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(same_game(&read(&kept[0]), &branched));
}

/// The Load list's rows say "unfinished" (not a bare `*`), and an unreadable file says why.
#[test]
fn the_load_list_says_unfinished_and_why_a_file_is_unreadable() {
    use parachess::game::core::actions::{Action, SaveRequest};
    use parachess::game::core::saves::SaveList;
    let mut app = headless_app();
    let dir = app
        .world()
        .resource::<parachess::game::core::DataDir>()
        .0
        .clone();
    let path = Store::at(&dir)
        .unwrap()
        .save_game("other", &unfinished_game(5), &Tags::default(), false)
        .unwrap();
    fs::write(
        path.with_file_name("broken.pgn"),
        "[Event \"x\"]\n\n1. zz9-q1 *\n",
    )
    .unwrap();
    app.world_mut()
        .commands()
        .queue(|world: &mut World| SaveRequest::List.run(world));
    let listed = run_until(&mut app, Duration::from_secs(10), |app| {
        let list = app.world().resource::<SaveList>();
        !list.1 && list.0.len() >= 2
    });
    assert!(listed.is_some(), "the list was never read");
    let labels: Vec<String> = app
        .world()
        .resource::<SaveList>()
        .0
        .iter()
        .map(|(l, _)| l.clone())
        .collect();
    let other = labels.iter().find(|l| l.starts_with("other")).unwrap();
    assert!(other.ends_with("unfinished"), "{labels:?}");
    assert!(!labels.iter().any(|l| l.ends_with('*')), "{labels:?}");
    let broken = labels.iter().find(|l| l.starts_with("broken")).unwrap();
    assert!(broken.contains("unreadable"), "{labels:?}");
    assert!(broken.contains("zz9-q1"), "the reason: {labels:?}");
    assert!(
        !broken.contains(&*dir.to_string_lossy()),
        "the folder: {labels:?}"
    );
}

/// Sends one key's text input, as a keyboard does into a focused field.
fn key_input(app: &mut App, key: bevy::input::keyboard::Key) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::KeyboardInput;
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
        logical_key: key,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.update();
}

fn save_field(app: &App) -> String {
    app.world()
        .resource::<parachess::game::ui::text_field::Fields>()
        .save_name
        .clone()
}

#[test]
fn ctrl_s_asks_for_a_name_enter_saves_under_it_and_esc_cancels() {
    let dir = temp_data_dir("save-as");
    let mut app = headless_app_with(
        dir.clone(),
        LaunchOptions {
            screen: Screen::Play,
            ..LaunchOptions::default()
        },
    );
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    click_a_move(&mut app);
    let store = Store::at(&dir).unwrap();

    // Ctrl+S asks, with today's date and time as the default; Esc saves nothing.
    tap_with(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyS);
    assert_eq!(where_(&app), (Screen::Play, Modal::SaveAs));
    assert!(
        save_field(&app).starts_with("game 20"),
        "{}",
        save_field(&app)
    );
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    flush_saves(&app);
    assert!(store.list_saves().unwrap().is_empty(), "Esc saved");

    // The dialog has the keyboard: U types into the name rather than undoing.
    let plies = game(&app).plies().len();
    tap_with(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyS);
    for _ in 0..40 {
        key_input(&mut app, bevy::input::keyboard::Key::Backspace);
    }
    assert_eq!(save_field(&app), "");
    type_text(&mut app, "my opening/u");
    tap(&mut app, KeyCode::KeyU);
    assert_eq!(save_field(&app), "my openingu", "a slash is no file name's");
    assert_eq!(game(&app).plies().len(), plies);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    flush_saves(&app);
    settle(&mut app, 4);
    let saves = store.list_saves().unwrap();
    assert_eq!(saves.len(), 1);
    assert_eq!(saves[0].name, "my openingu");
    let saved = store.load_game(&saves[0].path).unwrap();
    assert!(same_game(&saved.game, game(&app)));
    // The status names the file, not its folder.
    let said = status(&app).text;
    assert!(said.contains("my openingu.pgn"), "{said}");
    assert!(!said.contains(&dir.display().to_string()), "{said}");

    // The same name again is refused, and the first file kept.
    tap_with(&mut app, &[KeyCode::ControlLeft], KeyCode::KeyS);
    for _ in 0..40 {
        key_input(&mut app, bevy::input::keyboard::Key::Backspace);
    }
    type_text(&mut app, "my openingu");
    tap(&mut app, KeyCode::Enter);
    flush_saves(&app);
    settle(&mut app, 4);
    assert!(status(&app).warning, "{}", status(&app).text);
    assert_eq!(store.list_saves().unwrap().len(), 1);
}
