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

/// The legal-move dot is big enough to see at a glance (at least a quarter of every cell's
/// shorter diagonal across) yet stays inside its cell, and the capture ring is unlike it: wider
/// than the dot and hollow.
#[test]
fn move_dots_are_easy_to_see_and_capture_rings_distinct() {
    use parachess::game::board::tiles::{CAPTURE_RING, DOT_RADIUS};
    use parachess::rules::{Cell, board};
    for cell in Cell::all() {
        let [a, b, c, d] = board().cell(cell).corners_xy().map(Vec2::from);
        let short = (c - a).length().min((d - b).length());
        // The inradius of a rhombus: its area over its perimeter's half.
        let area = (c - a).length() * (d - b).length() / 2.0;
        let inradius = area / (2.0 * (b - a).length());
        assert!(2.0 * DOT_RADIUS >= short / 4.0, "{cell}: {short}");
        assert!(DOT_RADIUS < inradius, "{cell}: {inradius}");
    }
    assert!(
        CAPTURE_RING.0 > DOT_RADIUS * 1.4,
        "a gap between a dot's size and the ring"
    );
    assert!(CAPTURE_RING.1 - CAPTURE_RING.0 >= 0.1, "a thick ring");
}
