//! The Bevy desktop game: one plugin per concern, all mirroring the rules `Game` resource.
//!
//! Data flows one way: input asks, the rules answer, the view follows. [`core`] is the floor:
//! only its `state` changes the game, through one command API (`GameCommand`); it also holds
//! what a key or a button may ask for (`core::actions`) and the one table of keys
//! (`core::keys`). Each screen is a folder named after its `Screen` (`title`, `play`, `learn`,
//! `analysis`, `editor`, `puzzles`, `online`, `lobby`, `settings`) that registers its keys and
//! answers its actions; `board` and `ui` are kits every screen uses, and `aids`, `audio` and
//! `offscreen` serve every screen. No screen imports another: `scripts/check-imports.py` fails
//! if one does.

pub mod aids;
pub mod analysis;
pub mod audio;
pub mod board;
pub mod core;
pub mod editor;
pub mod learn;
pub mod lobby;
pub mod offscreen;
pub mod online;
pub mod play;
pub mod puzzles;
pub mod settings;
pub mod text;
pub mod title;
pub mod ui;

use bevy::prelude::*;

use self::core::GameSet;
use self::core::launch::LaunchOptions;
use self::core::state::{GameCommand, GameControl, SeatKind};
use crate::rules::Game;
use crate::rules::clock::Clocks;
use crate::tr;

/// The parts of the game that need no GPU or window: rules state, selection logic, animation
/// timing and piece entities. Headless tests run these under `MinimalPlugins`.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (GameSet::Input, GameSet::Rules, GameSet::View).chain(),
        );
        let first = app
            .world()
            .get_resource::<LaunchOptions>()
            .map_or(self::core::screens::Screen::Title, |o| o.screen);
        self::core::screens::add_states(app, first);
        app.add_plugins((
            self::core::state::plugin,
            self::core::actions::plugin,
            self::core::keys::plugin,
            self::core::prefs::plugin,
            self::core::clock::plugin,
        ))
        .add_systems(Startup, start_position);
        app.add_plugins((
            ui::core_plugin,
            title::core_plugin,
            play::plugin,
            self::core::saves::plugin,
            board::core_plugin,
            aids::core_plugin,
            learn::core_plugin,
            analysis::core_plugin,
            online::core_plugin,
            editor::core_plugin,
            puzzles::core_plugin,
            lobby::core_plugin,
            settings::plugin,
        ));
    }
}

/// Everything: the core plus what draws, sounds and talks to the player.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            CorePlugin,
            text::font_plugin,
            board::view_plugin,
            aids::view_plugin,
            ui::plugin,
            audio::plugin,
            offscreen::plugin,
            title::plugin,
        ))
        // Each screen's look.
        .add_plugins((
            learn::view_plugin,
            analysis::view_plugin,
            online::view_plugin,
            editor::view_plugin,
            puzzles::view_plugin,
            lobby::view_plugin,
            settings::view_plugin,
            play::view_plugin,
        ));
    }
}

/// The position and clock the command line asked for, on the first frame.
fn start_position(options: Option<Res<LaunchOptions>>, mut board: GameControl) {
    let time = options.as_ref().and_then(|o| o.time);
    if let Some(start) = options.and_then(|o| o.position.clone()) {
        board.apply(GameCommand::Replace {
            game: Box::new(Game::from_position(start)),
            players: [SeatKind::Human; 2],
            notes: Vec::new(),
            clocks: None,
        });
    }
    if let Some(control) = time {
        let turn = board.game().game().position().turn();
        board.apply(GameCommand::SetClocks(Some(Clocks::new(control, turn))));
    }
    if board.status.text.is_empty() {
        board.status.info(tr!("status-two-players"));
    }
    board.redraw();
}

/// Every key of the game as a Markdown table, for the README (`parachess keys`): the table
/// each part registers, read from a game built without a window.
pub fn key_table() -> String {
    let mut app = App::new();
    app.add_plugins(CorePlugin);
    app.world()
        .get_resource::<self::core::keys::KeyMap>()
        .map(self::core::keys::KeyMap::markdown_table)
        .unwrap_or_default()
}

/// Opens the game window (or renders offscreen) and runs until it closes.
pub fn run(options: LaunchOptions) -> AppExit {
    let mut app = App::new();
    let title = "Parachess".to_string();
    if options.offscreen() {
        offscreen::add_offscreen_plugins(&mut app);
    } else {
        app.add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title,
                resolution: bevy::window::WindowResolution::new(options.size.x, options.size.y),
                ..default()
            }),
            ..default()
        }));
    }
    app.add_plugins(bevy::picking::mesh_picking::MeshPickingPlugin)
        .insert_resource(options.theme)
        .insert_resource(options)
        .add_plugins(GamePlugin);
    app.run()
}

/// Reads a window or image size `WxH` (each side 64 to 8192 pixels).
pub fn parse_size(text: &str) -> Option<UVec2> {
    let (w, h) = text.split_once(['x', 'X'])?;
    let (w, h): (u32, u32) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
    ((64..=8192).contains(&w) && (64..=8192).contains(&h)).then_some(UVec2::new(w, h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::core::Antialias;

    #[test]
    fn antialiasing_is_dropped_only_for_software_renderers_unless_asked() {
        assert_eq!(Antialias::Auto.msaa(true), Msaa::Off);
        assert_eq!(Antialias::Auto.msaa(false), Msaa::Sample4);
        assert_eq!(Antialias::On.msaa(true), Msaa::Sample4);
        assert_eq!(Antialias::Off.msaa(false), Msaa::Off);
    }

    mod keys {
        use super::*;
        use crate::game::core::actions::{AidAction, AnyAction, GameAction, StudyAction};
        use crate::game::core::keys::{Context, KeyMap, help_id};
        use crate::game::core::screens::{Modal, Screen};
        use KeyCode as K;

        /// The table every part registers, as the game builds it.
        fn registered() -> App {
            let mut app = App::new();
            app.add_plugins(CorePlugin);
            app
        }

        fn map(app: &App) -> &KeyMap {
            app.world().resource::<KeyMap>()
        }

        const SCREENS: [Screen; 9] = [
            Screen::Title,
            Screen::Play,
            Screen::Learn,
            Screen::Analysis,
            Screen::Online,
            Screen::Lobby,
            Screen::Editor,
            Screen::Puzzles,
            Screen::Settings,
        ];

        const DIALOGS: [Modal; 13] = [
            Modal::NewGame,
            Modal::Load,
            Modal::SaveAs,
            Modal::Promotion,
            Modal::GameOver,
            Modal::Pieces,
            Modal::StageEnd,
            Modal::HostGame,
            Modal::JoinGame,
            Modal::ServerSignIn,
            Modal::SeekGame,
            Modal::Challenge,
            Modal::WatchGame,
        ];

        /// The key help is drawn from the catalogue by an id made of its English words.
        #[test]
        fn every_key_help_is_in_the_catalogue() {
            let app = registered();
            assert!(map(&app).bindings().len() > 100, "every part registers");
            for b in map(&app).bindings() {
                let id = help_id(b.help);
                assert!(
                    crate::game::text::has_message(&id),
                    "{id:?} ({:?}) is not in en.ftl",
                    b.help
                );
            }
            assert_eq!(
                help_id("deselect, then back (where you came from)"),
                "key-deselect-then-back-where-you-came-from"
            );
        }

        #[test]
        fn no_key_means_two_things_in_one_place() {
            let app = registered();
            for screen in SCREENS {
                for modal in std::iter::once(Modal::None).chain(DIALOGS) {
                    let active: Vec<_> = map(&app).active(screen, modal).collect();
                    for (i, a) in active.iter().enumerate() {
                        for b in &active[i + 1..] {
                            assert!(
                                a.chord != b.chord || a.action == b.action,
                                "{:?} on {screen:?}/{modal:?}: {:?} and {:?}",
                                a.chord,
                                a.action,
                                b.action
                            );
                        }
                    }
                }
            }
        }

        #[test]
        fn a_dialog_owns_the_keyboard() {
            let app = registered();
            for modal in DIALOGS {
                for screen in SCREENS {
                    for b in map(&app).active(screen, modal) {
                        assert_eq!(b.context, Context::Dialog(modal), "{b:?}");
                    }
                }
            }
        }

        /// Every screen and dialog can be left by a key.
        #[test]
        fn every_screen_and_dialog_has_a_key_out() {
            let app = registered();
            for modal in DIALOGS {
                assert!(
                    map(&app)
                        .active(Screen::Play, modal)
                        .any(|b| b.chord.key == K::Escape),
                    "{modal:?} has no Esc"
                );
            }
            for screen in SCREENS.into_iter().filter(|&s| s != Screen::Title) {
                assert!(
                    map(&app)
                        .active(screen, Modal::None)
                        .any(|b| b.chord.key == K::Escape),
                    "{screen:?} has no Esc"
                );
            }
        }

        #[test]
        fn help_lists_keys_by_what_they_do() {
            let app = registered();
            let help = map(&app).help(&[Context::On(Screen::Play)]);
            assert!(help.contains("U / Backspace / Ctrl+Z: undo"), "{help}");
            assert!(help.contains("Ctrl+S: save"), "{help}");
            assert!(!help.contains("flip"), "{help}");
            let table = key_table();
            assert!(table.contains("| game | `N` | new game |"), "{table}");
            assert!(table.contains("| any board | `F` | flip the board |"));
            assert!(table.contains("typing a move plays it"), "the typing note");
        }

        #[test]
        fn the_key_for_an_action_comes_from_the_table() {
            let app = registered();
            let map = map(&app);
            let on = |s| Context::On(s);
            assert_eq!(
                map.key_for(StudyAction::Analyse, on(Screen::Play))
                    .as_deref(),
                Some("A")
            );
            assert_eq!(
                map.key_for(GameAction::Undo, on(Screen::Play)).as_deref(),
                Some("U")
            );
            assert_eq!(
                map.key_for(GameAction::Open(Screen::Settings), Context::Board)
                    .as_deref(),
                Some("F2")
            );
            assert_eq!(map.key_for(GameAction::Undo, on(Screen::Learn)), None);
            // Every key a sentence or a label names is bound where it says.
            let board = Context::Board;
            for (action, name) in [
                (AnyAction::new(GameAction::Back), "Esc"),
                (AnyAction::new(GameAction::Flip), "F"),
                (AnyAction::new(GameAction::ToggleView), "V"),
                (AnyAction::new(GameAction::ToggleNames), "C"),
                (AnyAction::new(GameAction::ToggleLines), "L"),
                (AnyAction::new(GameAction::ToggleMute), "M"),
                (AnyAction::new(AidAction::Threats), "T"),
            ] {
                assert!(
                    map.bindings().iter().any(|b| b.context == board
                        && b.action == action
                        && crate::game::core::keys::key_name(b.chord) == name),
                    "{action:?} is not {name} on any board"
                );
            }
            assert_eq!(
                map.name(
                    crate::game::lobby::LobbyAction::SignInDialog,
                    on(Screen::Lobby)
                ),
                "S"
            );
            assert_eq!(
                map.name(crate::game::learn::LearnAction::Next, on(Screen::Learn)),
                "Enter"
            );
            assert_eq!(map.name(GameAction::Undo, on(Screen::Learn)), "?");
        }

        #[test]
        fn learn_keys_do_not_undo_or_redo() {
            let app = registered();
            let on_learn: Vec<_> = map(&app).active(Screen::Learn, Modal::None).collect();
            let r = on_learn
                .iter()
                .find(|b| b.chord.key == K::KeyR && !b.chord.ctrl)
                .expect("R acts on the learn screen");
            assert!(r.action.is(crate::game::learn::LearnAction::Restart));
            assert!(
                on_learn
                    .iter()
                    .all(|b| !b.action.is(GameAction::Redo) && !b.action.is(GameAction::Undo))
            );
            let help = map(&app).help(&[Context::Board, Context::On(Screen::Learn)]);
            assert!(
                help.contains("R: restart the stage") && help.contains("H: hint"),
                "{help}"
            );
        }
    }
}
