//! A monkey test: thousands of random clicks, drags, keys and commands, during animations and
//! while the computer thinks. Nothing may panic and the game must stay a legal game.
#![cfg(feature = "gui")]

mod common;

use bevy::input::InputPlugin;
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use common::game::*;
use parachess::engine::Level;
use parachess::game::board::animation::Animating;
use parachess::game::board::pieces::{NeedsSync, pieces_match_game};
use parachess::game::play::input::Selection;
use parachess::game::play::state::{GameCommand, Player};
use parachess::rules::{Cell, Game, Position};

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

#[test]
fn random_input_never_breaks_the_game() {
    let mut app = headless_app();
    app.add_plugins(InputPlugin);
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let keys = [
        KeyCode::Escape,
        KeyCode::KeyU,
        KeyCode::KeyR,
        KeyCode::KeyF,
        KeyCode::KeyV,
        KeyCode::KeyQ,
        KeyCode::KeyS,
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
                    0 => [Player::Human, Player::Human],
                    1 => [Player::Human, Player::Computer(Level::Easy)],
                    _ => [Player::Computer(Level::Easy), Player::Computer(Level::Easy)],
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
        if game(&app).plies().len() > plies_before {
            moves_played += 1;
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
}
