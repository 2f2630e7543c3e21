//! A monkey test: thousands of random clicks, drags, keys and commands, during animations and
//! while the computer thinks, with saving on. Nothing may panic, the game must stay a legal
//! game, the autosave must always hold the game on the board, and the unfinished game that was
//! on disk when the program started must still be on disk at the end.
#![cfg(feature = "gui")]

use crate::common;

use bevy::input::InputPlugin;
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use common::game::*;
use parachess::engine::Level;
use parachess::game::board::pieces::pieces_match_game;
use parachess::game::core::board::Animating;
use parachess::game::core::board::NeedsSync;
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::screens::Screen;
use parachess::game::core::selection::Selection;
use parachess::game::core::state::{GameCommand, SeatKind};
use parachess::rules::{Cell, Game, Position};
use parachess::store::Store;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The game replayed from its start must reach the same position: every move in it is legal.
fn check_legal(game: &Game) {
    let mut replay = Game::from_position(game.start_position().clone());
    for ply in game.plies() {
        replay
            .play(ply.mv)
            .expect("an illegal move got into the game");
    }
    assert_eq!(replay.position(), game.position());
    let text = game.position().to_string();
    assert_eq!(text.parse::<Position>().as_ref(), Ok(game.position()));
}

fn same_moves(a: &Game, b: &Game) -> bool {
    a.start_position() == b.start_position()
        && a.plies()
            .iter()
            .map(|p| p.mv)
            .eq(b.plies().iter().map(|p| p.mv))
}

/// Every game file in the data folder: the autosave and the saves.
fn games_on_disk(dir: &std::path::Path) -> Vec<Game> {
    let store = Store::at(dir).unwrap();
    let mut games: Vec<Game> = store
        .list_saves()
        .unwrap()
        .into_iter()
        .filter_map(|s| store.load_game(&s.path).ok())
        .map(|r| r.game)
        .collect();
    if let Ok(Some(r)) = store.load_autosave() {
        games.push(r.game);
    }
    games
}

#[test]
fn random_input_never_breaks_the_game() {
    // An unfinished game from "yesterday" waits in the autosave.
    let dir = temp_data_dir("monkey");
    let mut yesterday = Game::new();
    for i in 0..11 {
        let moves = yesterday.legal_moves();
        yesterday.play(moves[(i * 5 + 2) % moves.len()]).unwrap();
    }
    Store::at(&dir)
        .unwrap()
        .autosave(&yesterday, &Default::default())
        .unwrap();
    let mut app = headless_app_with(
        dir.clone(),
        LaunchOptions {
            screen: Screen::Play,
            ..LaunchOptions::default()
        },
    );
    app.add_plugins(InputPlugin);
    let mut resumed = false;
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let keys = [
        KeyCode::Escape,
        KeyCode::KeyU,
        KeyCode::KeyR,
        KeyCode::KeyF,
        KeyCode::KeyV,
        KeyCode::KeyQ,
        KeyCode::KeyS,
        KeyCode::KeyN,
        KeyCode::KeyP,
        KeyCode::Enter,
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::KeyA,
    ];
    let mut moves_played = 0;
    for step in 0..4000 {
        let cell = Cell::from_index(rng.below(72) as usize).unwrap();
        let plies_before = game(&app).plies().len();
        let targets = app.world().resource::<Selection>().targets;
        match rng.below(20) {
            // Often a legal target of the selection, so games go on and end.
            0..=3 if !targets.is_empty() => {
                let pick = targets
                    .into_iter()
                    .nth(rng.below(targets.len() as u64) as usize)
                    .unwrap();
                click_cell(&mut app, pick);
            }
            0..=8 => click_cell(&mut app, cell),
            9 => {
                let e = cell_target(&mut app, cell);
                click(&mut app, e, PointerButton::Secondary);
            }
            10..=11 => {
                // A drag: press on one cell, release on another.
                let to = Cell::from_index(rng.below(72) as usize).unwrap();
                drag(&mut app, cell, to);
            }
            12 => {
                let key = keys[rng.below(keys.len() as u64) as usize];
                app.world_mut()
                    .resource_mut::<ButtonInput<KeyCode>>()
                    .press(key);
                app.update();
                app.world_mut()
                    .resource_mut::<ButtonInput<KeyCode>>()
                    .release(key);
                app.update();
            }
            13 => {
                app.world_mut().write_message(GameCommand::Undo);
            }
            14 => {
                app.world_mut().write_message(GameCommand::Redo);
            }
            15 if rng.below(10) == 0 => {
                let players = match rng.below(3) {
                    0 => [SeatKind::Human, SeatKind::Human],
                    1 => [SeatKind::Human, SeatKind::Computer(Level::Easy)],
                    _ => [
                        SeatKind::Computer(Level::Easy),
                        SeatKind::Computer(Level::Easy),
                    ],
                };
                app.world_mut().write_message(GameCommand::NewGame {
                    start: None,
                    players,
                });
            }
            16 if rng.below(20) == 0 => {
                app.world_mut().write_message(GameCommand::Resign);
            }
            _ => {
                for _ in 0..rng.below(12) {
                    app.update();
                }
            }
        }
        app.update();
        let on_play = where_(&app).0 == Screen::Play;
        if on_play && game(&app).plies().len() > plies_before {
            moves_played += 1;
            // After every move, the autosave on disk is the game on the board.
            app.update();
            flush_saves(&app);
            let saved = Store::at(&dir).unwrap().load_autosave().unwrap().unwrap();
            assert!(
                same_moves(&saved.game, game(&app)),
                "step {step}: the autosave is not the game on the board"
            );
        }
        if on_play
            && game(&app).plies().len() >= yesterday.plies().len()
            && same_moves(
                &Game::from_position(game(&app).start_position().clone()),
                &Game::from_position(yesterday.start_position().clone()),
            )
            && game(&app).plies()[..yesterday.plies().len()]
                .iter()
                .map(|p| p.mv)
                .eq(yesterday.plies().iter().map(|p| p.mv))
        {
            // The player continued yesterday's game: from here on, it is theirs to change.
            resumed = true;
        }
        check_legal(game(&app));
        let quiet =
            !app.world().resource::<Animating>().0 && !app.world().resource::<NeedsSync>().0;
        if quiet && step % 10 == 0 {
            pieces_match_game(app.world_mut()).unwrap_or_else(|e| panic!("step {step}: {e}"));
        }
    }
    settle(&mut app, 200);
    app.update();
    pieces_match_game(app.world_mut()).unwrap();
    assert!(
        moves_played > 100,
        "the monkey only managed {moves_played} moves"
    );
    flush_saves(&app);
    eprintln!(
        "monkey: {moves_played} moves, yesterday's game resumed: {resumed}, {} games on disk",
        games_on_disk(&dir).len()
    );
    if !resumed {
        assert!(
            games_on_disk(&dir)
                .iter()
                .any(|g| same_moves(g, &yesterday)),
            "yesterday's unfinished game is gone"
        );
    }
}
