//! The analysis screen: the engine's lines on the game shown ([`session`]) and game review
//! ([`review`]). The engine always searches off the frame thread; the board shows copies of
//! the play game, which waits untouched. Stepping through the moves is the board's
//! ([`crate::game::board::history`]), the move list the kit's ([`crate::game::ui::move_list`]).
//!
//! * [`core_plugin`] (no renderer): the analysis and review searches and their results, and
//!   the panel with its move list, graph and lists (plain UI entities that headless tests can
//!   press).
//! * [`view_plugin`]: the evaluation bar, the banner over an earlier position, and the arrows.

pub mod panel;
pub mod review;
pub mod session;
mod view;

use bevy::prelude::*;

use crate::game::core::actions::{
    ActionsExt, AnalyseFile, AnalyseGame, BackOrder, GameAction, SaveRequest, StudyAction,
};
use crate::game::core::keys::{Binding, Context, KeysExt, ctrl, key, move_keys};
use crate::game::core::screens::Screen;

pub use session::{StudySettings, open_analysis};

/// The logic tests drive.
pub(super) fn core_plugin(app: &mut App) {
    let offscreen = app
        .world()
        .get_resource::<crate::game::core::launch::LaunchOptions>()
        .is_some_and(crate::game::core::launch::LaunchOptions::offscreen);
    if !app.world().contains_resource::<StudySettings>() {
        app.insert_resource(if offscreen {
            StudySettings::offscreen()
        } else {
            StudySettings::default()
        });
    }
    app.add_plugins((session::plugin, review::plugin, panel::plugin))
        .answer(act)
        .answer_request(|world, AnalyseGame(game)| open_analysis(world, game))
        .answer_request(|world, AnalyseFile(path)| session::analyse_file(world, path))
        .on_back(BackOrder::Screen, session::back)
        .bind_keys(keys());
}

fn act(world: &mut World, action: StudyAction) {
    match action {
        StudyAction::Analyse => session::analyse_play_game(world),
        StudyAction::Review => session::review_game(world),
        StudyAction::AnalysePaste => session::paste(world),
        StudyAction::Threads => session::step_threads(world),
        StudyAction::ShowReviewed(ply) => review::show_reviewed(world, ply),
        StudyAction::SelectWorst(index) => review::select(world, index),
    }
}

/// The analysis screen's keys.
fn keys() -> Vec<Binding> {
    use KeyCode as K;
    use StudyAction as S;
    let here = Context::On(Screen::Analysis);
    let mut keys = move_keys(Screen::Analysis, "last move");
    keys.extend([
        key(K::KeyU, GameAction::Undo, here, "undo"),
        key(K::Backspace, GameAction::Undo, here, "undo"),
        ctrl(K::KeyZ, GameAction::Undo, here, "undo"),
        ctrl(K::KeyC, SaveRequest::Copy, here, "copy the position"),
        ctrl(K::KeyV, S::AnalysePaste, here, "analyse a pasted position"),
    ]);
    keys
}

/// What draws.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}
