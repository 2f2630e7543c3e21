//! Playing against time and other programs: chess clocks ([`clock`]) and another engine
//! program as the computer player ([`external`], `--engine`). Network play is the online
//! screen's ([`crate::game::online`]).
//!
//! The game on the board stays [`ChessGame`](crate::game::core::state::ChessGame): its clocks
//! live in it, and an external engine's move is a
//! [`MoveRequest`](crate::game::core::state::MoveRequest) like the built-in engine's.

pub mod clock;
pub mod external;

use bevy::prelude::*;

use crate::game::core::actions::{Action, ActionsExt};
use crate::game::core::screens::Modal;
use crate::game::ui::widgets::{ActionButton, mark_chosen};

/// The clock choices of the new-game and host dialogs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ClockAction {
    /// Choose a time control.
    ChooseTime(clock::TimeOption),
    /// Custom time control: minutes up or down.
    CustomMinutes(i32),
    /// Custom time control: increment up or down (seconds).
    CustomIncrement(i32),
}

impl Action for ClockAction {}

fn act(world: &mut World, action: ClockAction) {
    let Some(mut c) = world.get_resource_mut::<clock::TimeChoice>() else {
        return;
    };
    match action {
        ClockAction::ChooseTime(option) => c.option = option,
        ClockAction::CustomMinutes(by) => c.step_minutes(by),
        ClockAction::CustomIncrement(by) => c.step_increment(by),
    }
}

/// Outlines the time control chosen in the new-game and host dialogs.
fn mark_choices(time: Res<clock::TimeChoice>, mut buttons: Query<(&ActionButton, &mut Outline)>) {
    mark_chosen(&mut buttons, |a: ClockAction| match a {
        ClockAction::ChooseTime(option) => time.option == option,
        _ => false,
    });
}

/// What needs no window: the clocks and the external engine.
pub(super) fn core_plugin(app: &mut App) {
    app.add_plugins((clock::core_plugin, external::core_plugin))
        .answer(act);
}

/// What draws: the clock faces and the engine's name.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((clock::view_plugin, external::view_plugin))
        .add_systems(
            Update,
            mark_choices
                .run_if(in_state(Modal::NewGame).or_else(in_state(Modal::HostGame)))
                .in_set(crate::game::core::GameSet::View),
        );
}
