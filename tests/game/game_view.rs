//! The view's keys in a headless App: F11 puts the window in full screen and back; O asks for
//! the default view (the camera's own reaction is unit-tested beside it).

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode};

use crate::common;
use common::game::*;
use parachess::game::core::selection::ViewCommand;

fn mode(app: &mut App) -> WindowMode {
    let mut q = app
        .world_mut()
        .query_filtered::<&Window, With<PrimaryWindow>>();
    q.single(app.world()).expect("a window").mode
}

#[test]
fn f11_toggles_full_screen_and_o_asks_for_the_default_view() {
    let mut app = headless_app();
    app.world_mut().spawn((Window::default(), PrimaryWindow));
    assert_eq!(mode(&mut app), WindowMode::Windowed);
    tap(&mut app, KeyCode::F11);
    assert!(
        matches!(mode(&mut app), WindowMode::BorderlessFullscreen(_)),
        "{:?}",
        mode(&mut app)
    );
    tap(&mut app, KeyCode::F11);
    assert_eq!(mode(&mut app), WindowMode::Windowed);

    let mut seen = app
        .world_mut()
        .resource_mut::<Messages<ViewCommand>>()
        .get_cursor();
    tap(&mut app, KeyCode::KeyO);
    let messages = app.world().resource::<Messages<ViewCommand>>();
    assert!(
        seen.read(messages).any(|c| *c == ViewCommand::ResetView),
        "O asks for the default view"
    );
}
