//! The Bevy desktop game: one plugin per concern, all mirroring the rules `Game` resource.
//!
//! Data flows one way: input asks, the rules answer, the view follows. Only [`state`] changes
//! the game (play, undo, redo, new game); every other plugin reads it or sends it requests.

pub mod aids;
pub mod audio;
pub mod bare_scene;
pub mod board;
pub mod core;
pub mod keymap;
pub mod learn;
pub mod lobby;
pub mod offscreen;
pub mod play;
pub mod settings;
pub mod studio;
pub mod study;
pub mod text;
pub mod ui;
pub mod versus;

use bevy::prelude::*;

use self::core::GameSet;
use self::core::launch::LaunchOptions;
use self::core::state::{GameCommand, GameControl, Player};
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
        app.add_plugins(self::core::state::plugin)
            .add_systems(Startup, start_position);
        app.add_plugins((
            keymap::plugin,
            play::plugin,
            play::persistence::plugin,
            board::core_plugin,
            aids::core_plugin,
            learn::core_plugin,
            study::core_plugin,
            versus::core_plugin,
            studio::core_plugin,
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
            learn::view_plugin,
            study::view_plugin,
            versus::view_plugin,
            studio::view_plugin,
            lobby::view_plugin,
            settings::view_plugin,
            play::input::view_plugin,
        ));
    }
}

/// The position and clock the command line asked for, on the first frame.
fn start_position(options: Option<Res<LaunchOptions>>, mut board: GameControl) {
    let time = options.as_ref().and_then(|o| o.time);
    if let Some(start) = options.and_then(|o| o.position.clone()) {
        board.apply(GameCommand::Replace {
            game: Box::new(Game::from_position(start)),
            players: [Player::Human; 2],
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

/// Opens the game window (or renders offscreen) and runs until it closes.
pub fn run(options: LaunchOptions) -> AppExit {
    let mut app = App::new();
    let title = "Parachess".to_string();
    if options.offscreen() {
        add_offscreen_plugins(&mut app);
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

/// Bevy's default plugins for rendering into an image as fast as frames come: no window, no
/// display, no sound. The bare scene uses the same, so the two are timed on equal terms.
pub fn add_offscreen_plugins(app: &mut App) {
    app.add_plugins(
        DefaultPlugins
            .build()
            .disable::<bevy::winit::WinitPlugin>()
            .disable::<bevy::audio::AudioPlugin>()
            .set(WindowPlugin {
                primary_window: None,
                exit_condition: bevy::window::ExitCondition::DontExit,
                ..default()
            }),
    )
    .add_plugins(bevy::app::ScheduleRunnerPlugin::run_loop(
        std::time::Duration::ZERO,
    ));
    // Where a frame goes, pass by pass (GPU time, primitives, shader invocations): printed
    // after the frame times when set (`scripts/frame-ratio.sh` passes it on).
    if std::env::var_os("PARACHESS_RENDER_DIAGNOSTICS").is_some() {
        app.add_plugins(bevy::render::diagnostic::RenderDiagnosticsPlugin);
    }
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
}
