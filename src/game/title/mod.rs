//! The title screen: what Parachess is in one line, and where to go — Continue (when a game is
//! waiting), Play, Learn, Puzzles, Set up a position, Load, Quit — over the board it is played
//! on. Its keys are here, what it shows is in [`view`].

mod view;

use bevy::prelude::*;

use crate::game::core::actions::{GameAction, SaveRequest, StudyAction};
use crate::game::core::keys::{Context, KeyMap, KeysExt, ctrl, key};
use crate::game::core::screens::Modal;
use crate::game::core::screens::Screen;

pub use view::ContinueRow;

/// The keys line, which names Enter's Continue only when there is a game to continue.
fn keys_line(map: &KeyMap, waiting: bool) -> String {
    map.help_where(&[Context::Title], |a| {
        waiting || !a.is(SaveRequest::Continue)
    })
}

/// The title screen's keys (part of the core, so headless games have them too).
pub fn core_plugin(app: &mut App) {
    use GameAction as G;
    use KeyCode as K;
    let title = Context::Title;
    app.bind_keys(vec![
        key(K::Enter, SaveRequest::Continue, title, "continue"),
        key(K::KeyP, G::NewGame, title, "play"),
        key(K::KeyL, G::Open(Screen::Learn), title, "learn"),
        ctrl(K::KeyO, SaveRequest::List, title, "load"),
        key(
            K::KeyG,
            G::Dialog(Modal::Pieces),
            title,
            "how the pieces move",
        ),
        key(K::KeyA, StudyAction::Analyse, title, "analyse a position"),
        key(K::KeyO, G::Open(Screen::Online), title, "play online"),
        key(K::KeyE, G::Open(Screen::Editor), title, "set up a position"),
        key(K::KeyZ, G::Open(Screen::Puzzles), title, "puzzles"),
        key(K::KeyS, G::Open(Screen::Settings), title, "settings"),
        key(K::KeyQ, G::Quit, title, "quit"),
        key(K::Tab, G::Listed, title, "focus a button (Enter: press)"),
        key(K::F11, G::Fullscreen, title, "full screen"),
    ]);
}

/// The title screen (public so a headless test can show it without rendering).
pub fn plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}
