//! Playing anyone: chess clocks in play games ([`clock`]), games over the network on the
//! online screen ([`online`]), and another engine program as the computer player
//! ([`external`], `--engine`).
//!
//! The game on the board stays [`ChessGame`](crate::game::core::state::ChessGame): its clocks
//! live in it, a network game is mirrored into it from the host's checked events, and an
//! external engine's move is a [`MoveRequest`](crate::game::core::state::MoveRequest) like the
//! built-in engine's.

pub mod clock;
pub mod external;
pub mod online;

use bevy::prelude::*;

pub use online::network_game_on_board;

use crate::game::core::actions::{Action, ActionsExt, BackOrder, GameAction};
use crate::game::core::keys::{Binding, Context, KeysExt, ctrl, key, move_keys};
use crate::game::core::screens::{Modal, Screen};
use crate::game::ui::text_field::FieldAction;
use crate::game::ui::widgets::{ActionButton, mark_chosen};
use crate::net::NetCommand;
use crate::rules::Side;

/// What the buttons and keys of clocks and online play ask for ([`act`] says what each does).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum VersusAction {
    /// Choose a time control in the new-game or host dialog.
    ChooseTime(clock::TimeOption),
    /// Custom time control: minutes up or down.
    CustomMinutes(i32),
    /// Custom time control: increment up or down (seconds).
    CustomIncrement(i32),
    /// The title screen's Play online: the online screen.
    PlayOnline,
    /// Open the host dialog.
    HostSetup,
    /// Open the join dialog.
    JoinSetup,
    /// The host dialog: play this side.
    HostSide(Side),
    /// Start listening with the host dialog's choices.
    StartHosting,
    /// Connect with the join dialog's address and code.
    Join,
    /// Stop hosting or connecting and go back to the online menu.
    Cancel,
    /// Leave the network game (the opponent is told); the game is kept.
    Leave,
    /// Ask the network opponent for something, or answer them.
    Net(NetCommand),
}

impl Action for VersusAction {}

fn act(world: &mut World, action: VersusAction) {
    {
        match action {
            VersusAction::ChooseTime(option) => {
                if let Some(mut c) = world.get_resource_mut::<clock::TimeChoice>() {
                    c.option = option;
                }
            }
            VersusAction::CustomMinutes(by) => {
                if let Some(mut c) = world.get_resource_mut::<clock::TimeChoice>() {
                    c.step_minutes(by);
                }
            }
            VersusAction::CustomIncrement(by) => {
                if let Some(mut c) = world.get_resource_mut::<clock::TimeChoice>() {
                    c.step_increment(by);
                }
            }
            VersusAction::PlayOnline => online::open(world),
            VersusAction::HostSetup => online::host_setup(world),
            VersusAction::JoinSetup => online::join_setup(world),
            VersusAction::HostSide(side) => {
                if let Some(mut form) = world.get_resource_mut::<online::HostForm>() {
                    form.side = side;
                }
            }
            VersusAction::StartHosting => online::start_hosting(world),
            VersusAction::Join => online::start_joining(world),
            VersusAction::Cancel => online::cancel(world),
            VersusAction::Leave => online::leave(world),
            VersusAction::Net(command) => online::request(world, command),
        }
    }
}

/// The choices the host and new-game dialogs outline.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Choices<'w> {
    time: Option<Res<'w, clock::TimeChoice>>,
    host: Option<Res<'w, online::HostForm>>,
}

impl Choices<'_> {
    /// Whether a dialog shows `action` as the choice made.
    pub fn chosen(&self, action: VersusAction) -> bool {
        match action {
            VersusAction::ChooseTime(option) => {
                self.time.as_ref().is_some_and(|c| c.option == option)
            }
            VersusAction::HostSide(side) => self.host.as_ref().is_some_and(|f| f.side == side),
            _ => false,
        }
    }
}

/// Outlines the time control and side chosen in the new-game and host dialogs.
fn mark_choices(choices: Choices, mut buttons: Query<(&ActionButton, &mut Outline)>) {
    mark_chosen(&mut buttons, |a: VersusAction| choices.chosen(a));
}

/// The online screen's keys, and its dialogs'.
fn keys() -> Vec<Binding> {
    use KeyCode as K;
    use VersusAction as V;
    let here = Context::On(Screen::Online);
    let host = Context::Dialog(Modal::HostGame);
    let join = Context::Dialog(Modal::JoinGame);
    let mut keys = vec![
        key(K::KeyH, V::HostSetup, here, "host a game"),
        key(K::KeyJ, V::JoinSetup, here, "join a game"),
        key(
            K::KeyS,
            GameAction::Open(Screen::Server),
            here,
            "play on a server",
        ),
    ];
    keys.extend(move_keys(Screen::Online, "back to the game"));
    keys.extend([
        key(K::Enter, V::StartHosting, host, "start hosting"),
        ctrl(K::KeyV, FieldAction::Paste, host, "paste"),
        key(K::Escape, GameAction::CloseDialog, host, "cancel"),
        key(K::Enter, V::Join, join, "join"),
        key(K::Tab, FieldAction::Next, join, "next field"),
        ctrl(K::KeyV, FieldAction::Paste, join, "paste"),
        key(K::Escape, GameAction::CloseDialog, join, "cancel"),
    ]);
    keys
}

/// What needs no window: clocks, sessions, the external engine, typing.
pub(super) fn core_plugin(app: &mut App) {
    app.add_plugins((
        clock::core_plugin,
        online::core_plugin,
        external::core_plugin,
    ))
    .answer(act)
    .opens(Screen::Online, online::open)
    .on_back(BackOrder::Screen, online::back)
    .bind_keys(keys());
}

/// What draws: clock faces, the online screen and dialogs, the engine's name, the fields.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((
        clock::view_plugin,
        online::view_plugin,
        external::view_plugin,
    ))
    .add_systems(
        Update,
        mark_choices
            .run_if(in_state(Modal::NewGame).or_else(in_state(Modal::HostGame)))
            .in_set(crate::game::core::GameSet::View),
    );
}
