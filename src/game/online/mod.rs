//! The online screen (`Screen::Online`), its logic: it hosts or joins a game through
//! [`crate::net`] (the same sessions the headless `parachess host` and `join` use) and plays it
//! on the board.
//!
//! * Host: a dialog chooses the side, the time control and the port; the screen then shows
//!   this machine's addresses and the join code until the other player arrives. Join: a dialog
//!   takes the host's address and the code ([`crate::game::ui::text_field`]).
//! * Playing, the board's game is a [`ChessGame`] with the remote side as
//!   [`SeatKind::Elsewhere`]. A move made on the board goes to the session as a request; what
//!   the host decides comes back as [`NetEvent`]s, polled each frame (never blocking), checked
//!   by the rules in a [`NetGame`] and only then mirrored into the [`ChessGame`], which the
//!   autosave keeps like any play game. An event the rules refuse changes nothing and is
//!   reported. The clocks are the host's: shown here, never judged here.
//! * A dropped connection is reported on the status line; the joiner's session reconnects by
//!   itself and the game goes on. Leaving the screen ends the session (the opponent is told);
//!   the game stays saved and Continue plays it on at this board.
//!
//! Here: the session's state, the actions and keys; [`control`] starts, stops and asks,
//! [`link`] carries the session's events to the board and the board's moves to the session,
//! [`seat`] keeps the joiner's seat token; [`view`] and [`dialogs`] draw.

mod control;
mod dialogs;
mod link;
mod seat;
mod view;

use control::launch_start;
pub use control::{
    back, cancel, host_setup, join_setup, leave, open, request, start_hosting, start_joining,
};
use link::{end_session, forward_moves, poll_session, sync_view};
use seat::SeatFile;

use crate::game::core::launch::OnlineStart;
use crate::game::core::state::{GameCommand, GameControl};
use crate::tr;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::actions::{Action, ActionsExt, BackOrder, GameAction};
use crate::game::core::clock::TimeChoice;
use crate::game::core::follow::FollowBoard;
use crate::game::core::keys::{Binding, Context, KeysExt, ctrl, key, key_in, move_keys};
use crate::game::core::prefs::NewGameChoice;
use crate::game::core::screens::{Modal, Screen, set_modal, set_screen};
use crate::game::core::state::{ChessGame, MoveRequest, Origin, SeatKind, StatusLine, capitalise};
use crate::game::text::time_control_label as label;
use crate::game::ui::text_field::{FieldAction, FieldId, Fields};
use crate::net::wire::Token;
use crate::net::{
    DEFAULT_PORT, HostConfig, JoinConfig, NetCommand, NetEvent, NetGame, NetHandle, Timing,
    local_addresses,
};
use crate::rules::clock::Clocks;
use crate::rules::{Game, Side, Variant};
use crate::store::seats;

/// Which part of the online screen shows.
#[derive(SubStates, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[source(Screen = Screen::Online)]
pub enum OnlineView {
    /// Host or join.
    #[default]
    Menu,
    /// Hosting and waiting for the other player, or connecting to a host.
    Waiting,
    /// The game on the board.
    Playing,
}

/// The state of the connection, as the panel tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// Hosting before the other player came, or connecting.
    Waiting,
    /// Both ends connected.
    Up,
    /// The connection dropped; the joiner is reconnecting, the host waits.
    Lost(String),
    /// The session is over for good (the host left, the code was wrong, attempts ran out).
    Closed(String),
}

/// A network session and its game.
pub struct Session {
    handle: Mutex<NetHandle>,
    hosting: bool,
    /// The host's port and join code.
    listening: Option<(SocketAddr, String)>,
    /// Where the other player can reach this host.
    addresses: Vec<SocketAddr>,
    /// The address the joiner dials.
    target: String,
    /// The game as the host said, every event checked by the rules.
    net: NetGame,
    /// The [`ChessGame`] identity of the game on the board, once play began.
    game_id: Option<u64>,
    link: Link,
    /// My draw offer or takeback request waiting for an answer.
    asked: Option<NetCommand>,
    /// Where the joiner's seat token is kept while the game runs, so that joining again after
    /// the program died takes the seat back ([`crate::store::seats`]).
    seat: Option<SeatFile>,
}

impl Session {
    /// Keeps the joiner's seat token on disk (once the host gave it, and again if it changed).
    fn keep_seat(&mut self) {
        let token = self
            .handle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .seat_token();
        if let (Some(seat), Some(token)) = (&mut self.seat, token) {
            seat.keep(token);
        }
    }

    /// The game ended: its seat token is worth nothing any more.
    fn forget_seat(&mut self) {
        if let Some(seat) = &mut self.seat {
            seat.forget();
        }
    }
}

impl Session {
    /// The host's listening address and join code (`None` for a joiner).
    pub fn listening(&self) -> Option<(SocketAddr, &str)> {
        self.listening.as_ref().map(|(a, c)| (*a, c.as_str()))
    }

    /// The checked copy of the game.
    pub fn net(&self) -> &NetGame {
        &self.net
    }

    /// The connection's state.
    pub fn link(&self) -> &Link {
        &self.link
    }

    /// Whether play has begun (the game is on the board).
    pub fn playing(&self) -> bool {
        self.game_id.is_some()
    }

    fn handle(&mut self) -> &mut NetHandle {
        self.handle
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn send(&mut self, command: NetCommand) {
        self.handle().send(command);
    }
}

/// The network session, if any, and how new ones start.
#[derive(Resource)]
pub struct Online {
    session: Option<Session>,
    /// Heartbeats and timeouts of new sessions (tests shorten them).
    pub timing: Timing,
    /// The address a host listens on: all of this machine's by default (tests: loopback).
    pub bind: IpAddr,
    launch: Option<OnlineStart>,
    /// Esc was pressed once in a game: a second press leaves it.
    leave_armed: bool,
}

impl Online {
    /// The session, if one runs.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }
}

/// The host dialog's choices (the port is a text field, the time the shared [`TimeChoice`]).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostForm {
    /// The side the host plays.
    pub side: Side,
}

impl Default for HostForm {
    fn default() -> HostForm {
        HostForm { side: Side::White }
    }
}

/// What the online screen's buttons and keys ask for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OnlineAction {
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

impl Action for OnlineAction {}

fn act(world: &mut World, action: OnlineAction) {
    match action {
        OnlineAction::HostSetup => host_setup(world),
        OnlineAction::JoinSetup => join_setup(world),
        OnlineAction::HostSide(side) => {
            if let Some(mut form) = world.get_resource_mut::<HostForm>() {
                form.side = side;
            }
        }
        OnlineAction::StartHosting => start_hosting(world),
        OnlineAction::Join => start_joining(world),
        OnlineAction::Cancel => cancel(world),
        OnlineAction::Leave => leave(world),
        OnlineAction::Net(command) => request(world, command),
    }
}

/// The online screen's keys, and its dialogs'.
fn keys() -> Vec<Binding> {
    use KeyCode as K;
    use OnlineAction as O;
    let here = Context::On(Screen::Online);
    let host = Context::Dialog(Modal::HostGame);
    let join = Context::Dialog(Modal::JoinGame);
    let mut keys = vec![
        key(K::KeyH, O::HostSetup, here, "host a game"),
        key(K::KeyJ, O::JoinSetup, here, "join a game"),
        key(
            K::KeyS,
            GameAction::Open(Screen::Lobby),
            here,
            "play on a server",
        ),
    ];
    keys.extend(move_keys(Screen::Online, "back to the game"));
    keys.extend([
        key(K::Enter, O::StartHosting, host, "start hosting"),
        ctrl(K::KeyV, FieldAction::Paste, host, "paste"),
        key(K::Escape, GameAction::CloseDialog, host, "cancel"),
        key(K::Enter, O::Join, join, "join"),
        key(K::Tab, FieldAction::Next, join, "next field"),
        ctrl(K::KeyV, FieldAction::Paste, join, "paste"),
        key(K::Escape, GameAction::CloseDialog, join, "cancel"),
    ]);
    keys
}

/// The session, the game it plays on the board, and the keys.
pub(super) fn core_plugin(app: &mut App) {
    app.answer(act)
        .opens(Screen::Online, open)
        .on_back(BackOrder::Screen, back)
        .bind_keys(keys());
    let launch = app
        .world()
        .get_resource::<crate::game::core::launch::LaunchOptions>()
        .and_then(|o| o.online);
    app.insert_resource(Online {
        session: None,
        timing: Timing::default(),
        bind: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        launch,
        leave_armed: false,
    })
    .init_resource::<HostForm>()
    .add_sub_state::<OnlineView>()
    .add_systems(OnEnter(Screen::Online), launch_start)
    .add_systems(OnExit(Screen::Online), end_session)
    .add_systems(
        Update,
        (poll_session, forward_moves, sync_view)
            .chain()
            .in_set(GameSet::Rules)
            .run_if(in_state(Screen::Online)),
    );
}

fn status(world: &mut World, warn: bool, text: impl Into<String>) {
    if let Some(mut s) = world.get_resource_mut::<StatusLine>() {
        if warn {
            s.warn(text);
        } else {
            s.info(text);
        }
    }
}

/// What draws: the menu and waiting cards, the game's panel, the host and join dialogs.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, dialogs::plugin));
}
