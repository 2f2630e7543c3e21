//! Network play in the window: the online screen hosts or joins a game through
//! [`crate::net`] (the same sessions the headless `parachess host` and `join` use) and plays it
//! on the board.
//!
//! * Host: a dialog chooses the side, the time control and the port; the screen then shows
//!   this machine's addresses and the join code until the other player arrives. Join: a dialog
//!   takes the host's address and the code ([`super::text_field`]).
//! * Playing, the board's game is a [`ChessGame`] with the remote side as
//!   [`Player::Elsewhere`]. A move made on the board goes to the session as a request; what
//!   the host decides comes back as [`NetEvent`]s, polled each frame (never blocking), checked
//!   by the rules in a [`NetGame`] and only then mirrored into the [`ChessGame`], which the
//!   autosave keeps like any play game. An event the rules refuse changes nothing and is
//!   reported. The clocks are the host's: shown here, never judged here.
//! * A dropped connection is reported on the status line; the joiner's session reconnects by
//!   itself and the game goes on. Leaving the screen ends the session (the opponent is told);
//!   the game stays saved and Continue plays it on at this board.

use crate::game::core::launch::OnlineStart;
use crate::game::core::state::{GameCommand, GameControl};
use crate::tr;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Mutex, PoisonError};

use bevy::prelude::*;

use super::VersusAction;
use super::clock::{TimeChoice, clock_row};
use crate::game::core::GameSet;
use crate::game::core::actions::GameAction;
use crate::game::core::follow::FollowBoard;
use crate::game::core::keys::{Context, KeyMap, key_in};
use crate::game::core::screens::{Modal, Screen, set_modal, set_screen};
use crate::game::core::state::{ChessGame, MoveRequest, Origin, Player, StatusLine, capitalise};
use crate::game::text::time_control_label as label;
use crate::game::ui::dialogs::NewGameChoice;
use crate::game::ui::text_field::{FieldId, Fields, text_field};
use crate::game::ui::theme;
use crate::game::ui::variant_picker::variant_picker;
use crate::game::ui::widgets::{button, dialog, keyed_button, row, text};
use crate::game::ui::{Panel, StatusText, button_row};
use crate::net::{
    DEFAULT_PORT, HostConfig, JoinConfig, NetCommand, NetEvent, NetGame, NetHandle, Timing,
    local_addresses,
};
use crate::rules::clock::Clocks;
use crate::rules::{Game, Side, Variant};

/// Events taken from the session in one frame at most (the rest wait for the next).
const EVENTS_PER_FRAME: usize = 64;

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

    /// Whether the game with this identity is this session's (its clocks are the host's).
    pub fn owns_game(&self, id: u64) -> bool {
        self.session.as_ref().is_some_and(|s| s.game_id == Some(id))
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

/// Run condition: the online screen shows a network game (which is saved like a play game).
pub fn network_game_on_board(
    screen: Option<Res<State<Screen>>>,
    online: Option<Res<Online>>,
    game: Res<ChessGame>,
) -> bool {
    screen.is_some_and(|s| *s.get() == Screen::Online)
        && online.is_some_and(|o| o.owns_game(game.id()))
}

pub(super) fn core_plugin(app: &mut App) {
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

/// The title screen's Play online.
pub fn open(world: &mut World) {
    set_screen(world, Screen::Online);
}

/// `--online host` hosts at once; `--online join` opens the join dialog.
fn launch_start(world: &mut World) {
    let launch = world
        .get_resource_mut::<Online>()
        .and_then(|mut o| o.launch.take());
    if world
        .get_resource::<Online>()
        .is_some_and(|o| o.session.is_none())
    {
        // What the play screen last said does not belong here.
        status(world, false, "");
    }
    match launch {
        Some(OnlineStart::Host) => start_hosting(world),
        Some(OnlineStart::Join) => join_setup(world),
        Some(OnlineStart::Menu) | None => {}
    }
}

fn busy(world: &mut World) -> bool {
    let running = world
        .get_resource::<Online>()
        .is_some_and(|o| o.session.is_some());
    if running {
        let key = key_in(world, GameAction::Back, Context::Board);
        status(world, true, tr!("online-leave-first", key = key));
    }
    running
}

/// Opens the host dialog.
pub fn host_setup(world: &mut World) {
    if busy(world) {
        return;
    }
    if let Some(mut fields) = world.get_resource_mut::<Fields>() {
        fields.focus = FieldId::Port;
    }
    status(world, false, tr!("online-host-prompt"));
    set_modal(world, Modal::HostGame);
}

/// Opens the join dialog.
pub fn join_setup(world: &mut World) {
    if busy(world) {
        return;
    }
    if let Some(mut fields) = world.get_resource_mut::<Fields>() {
        fields.focus = if fields.address.is_empty() {
            FieldId::Address
        } else {
            FieldId::Code
        };
    }
    status(world, false, tr!("online-join-prompt"));
    set_modal(world, Modal::JoinGame);
}

/// Starts listening with the host dialog's side, time control and port.
pub fn start_hosting(world: &mut World) {
    if busy(world) {
        return;
    }
    let side = world
        .get_resource::<HostForm>()
        .map_or(Side::White, |f| f.side);
    let control = world
        .get_resource::<TimeChoice>()
        .and_then(TimeChoice::control);
    let port_text = world
        .get_resource::<Fields>()
        .map(|f| f.port.trim().to_string())
        .unwrap_or_default();
    let port = if port_text.is_empty() {
        DEFAULT_PORT
    } else {
        match port_text.parse::<u16>() {
            Ok(p) => p,
            Err(_) => {
                return status(world, true, tr!("online-bad-port"));
            }
        }
    };
    let Some((timing, bind)) = world.get_resource::<Online>().map(|o| (o.timing, o.bind)) else {
        return;
    };
    // The variant last chosen in the host (or new-game) dialog; Shuffle at random draws now.
    let variant = world
        .get_resource::<NewGameChoice>()
        .and_then(NewGameChoice::variant)
        .unwrap_or(Variant::parachess());
    let config = HostConfig {
        bind,
        port,
        timing,
        ..HostConfig::in_variant(variant, side, control)
    };
    let handle = match crate::net::host(config) {
        Ok(h) => h,
        Err(e) => {
            return status(
                world,
                true,
                tr!("online-cannot-host", error = e.to_string()),
            );
        }
    };
    let listening = handle.listening().map(|(a, c)| (a, c.to_string()));
    let addresses = listening
        .as_ref()
        .map(|(a, _)| local_addresses(*a))
        .unwrap_or_default();
    let clocks = control.map(|tc| Clocks::new(tc, Side::White));
    let session = Session {
        handle: Mutex::new(handle),
        hosting: true,
        listening,
        addresses,
        target: String::new(),
        net: NetGame::new(Game::from_position(variant.start()), side, clocks),
        game_id: None,
        link: Link::Waiting,
        asked: None,
    };
    if let Some(mut online) = world.get_resource_mut::<Online>() {
        online.session = Some(session);
    }
    let port = world
        .get_resource::<Online>()
        .and_then(|o| o.session.as_ref())
        .and_then(|s| s.listening.as_ref())
        .map(|(a, _)| a.port());
    set_modal(world, Modal::None);
    if let Some(port) = port {
        status(world, false, tr!("online-listening", port = port));
    }
}

/// Connects with the join dialog's address and code.
pub fn start_joining(world: &mut World) {
    if busy(world) {
        return;
    }
    let (mut addr, code) = world
        .get_resource::<Fields>()
        .map(|f| (f.address.trim().to_string(), f.code.trim().to_string()))
        .unwrap_or_default();
    if addr.is_empty() || code.is_empty() {
        let (field, why) = if addr.is_empty() {
            (FieldId::Address, tr!("online-type-address"))
        } else {
            (FieldId::Code, tr!("online-type-code"))
        };
        if let Some(mut f) = world.get_resource_mut::<Fields>() {
            f.focus = field;
        }
        return status(world, true, why);
    }
    // A bare host name or IPv4 address means the default port.
    if !addr.contains(':') {
        addr = format!("{addr}:{DEFAULT_PORT}");
    }
    let Some(timing) = world.get_resource::<Online>().map(|o| o.timing) else {
        return;
    };
    let config = JoinConfig {
        timing,
        ..JoinConfig::new(addr.clone(), code)
    };
    let handle = match crate::net::join(config) {
        Ok(h) => h,
        Err(e) => return status(world, true, capitalise(&e.to_string())),
    };
    let session = Session {
        handle: Mutex::new(handle),
        hosting: false,
        listening: None,
        addresses: Vec::new(),
        target: addr.clone(),
        net: NetGame::new(Game::new(), Side::Black, None),
        game_id: None,
        link: Link::Waiting,
        asked: None,
    };
    if let Some(mut online) = world.get_resource_mut::<Online>() {
        online.session = Some(session);
    }
    set_modal(world, Modal::None);
    status(world, false, tr!("online-waiting-host"));
}

/// Stops hosting or connecting: back to the online menu.
pub fn cancel(world: &mut World) {
    let playing = world
        .get_resource::<Online>()
        .and_then(|o| o.session.as_ref())
        .is_some_and(Session::playing);
    if playing {
        return leave(world);
    }
    let dropped = world
        .get_resource_mut::<Online>()
        .and_then(|mut o| o.session.take());
    if let Some(session) = dropped {
        let what = if session.hosting {
            tr!("online-stopped-hosting")
        } else {
            tr!("online-stopped-connecting")
        };
        drop(session);
        status(world, false, what);
    }
}

/// Leaves the network game for the title screen (leaving the screen ends the session).
pub fn leave(world: &mut World) {
    set_screen(world, Screen::Title);
}

/// Esc on the online screen: stops hosting or connecting (back to the menu), and in a game
/// asks for a second press before leaving it. Returns whether it handled the key.
pub fn back(world: &mut World) -> bool {
    let on_screen = world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| *s.get() == Screen::Online);
    let Some(online) = world.get_resource::<Online>().filter(|_| on_screen) else {
        return false;
    };
    let Some(session) = &online.session else {
        return false;
    };
    if !session.playing() {
        cancel(world);
        return true;
    }
    let unfinished = !session.net.game.is_over() && !matches!(session.link, Link::Closed(_));
    if unfinished && !online.leave_armed {
        if let Some(mut o) = world.get_resource_mut::<Online>() {
            o.leave_armed = true;
        }
        let key = key_in(world, GameAction::Back, Context::Board);
        status(world, true, tr!("online-esc-again", key = key));
        return true;
    }
    false
}

/// A request of the local player to the network opponent.
pub fn request(world: &mut World, command: NetCommand) {
    let said = match world
        .get_resource_mut::<Online>()
        .and_then(|o| o.into_inner().session.as_mut())
    {
        Some(s) if s.playing() => {
            let you = s.net.you;
            let answer = |offer: Option<Side>| offer == Some(!you);
            let text = match command {
                NetCommand::OfferDraw if answer(s.net.draw_offer) => tr!("online-accept-draw"),
                NetCommand::OfferDraw => {
                    s.asked = Some(command);
                    tr!("online-draw-offered")
                }
                NetCommand::AskTakeback => {
                    s.asked = Some(command);
                    tr!("online-takeback-asked")
                }
                NetCommand::AcceptDraw => tr!("online-accept-draw"),
                NetCommand::DeclineDraw => tr!("lobby-you-decline-draw"),
                NetCommand::AcceptTakeback => tr!("online-allow-takeback"),
                NetCommand::DeclineTakeback => tr!("lobby-you-refuse-takeback"),
                NetCommand::Resign => tr!("lobby-you-resign"),
                NetCommand::Move(_) => String::new(),
            };
            s.send(command);
            Ok(text)
        }
        _ => Err(tr!("online-no-game-to-ask")),
    };
    match said {
        Ok(text) if !text.is_empty() => status(world, false, text),
        Ok(_) => {}
        Err(why) => status(world, true, why),
    }
}

/// What the saved game says of a network game: the event, where the host was (as the joiner
/// reached it, or the address it listened on), and the opponent's name when they gave one.
fn network_origin(session: &Session) -> Origin {
    let net = &session.net;
    // The name as the protocol read it: already cleaned to one printable line.
    let mut names = [None, None];
    if !net.opponent.is_empty() {
        names[(!net.you).index()] = Some(net.opponent.clone());
    }
    let site = if session.hosting {
        session
            .listening
            .as_ref()
            .map(|(addr, _)| format!("hosted at port {}", addr.port()))
    } else {
        Some(format!("joined {}", session.target))
    };
    Origin {
        event: Some("Network game".into()),
        site,
        names,
    }
}

/// Puts the session's game on the board, the local player's side at the bottom.
fn bind(board: &mut FollowBoard, session: &mut Session) {
    let origin = network_origin(session);
    session.game_id = Some(board.bind(&session.net, Some(session.net.you), origin));
}

/// Takes the session's events (at most [`EVENTS_PER_FRAME`] a frame, never waiting), checks
/// each with the rules and shows it.
fn poll_session(mut online: ResMut<Online>, time: Res<Time<Real>>, mut board: FollowBoard) {
    let now = time.elapsed();
    let online = &mut *online;
    let Some(session) = online.session.as_mut() else {
        return;
    };
    let mut finished = false;
    for _ in 0..EVENTS_PER_FRAME {
        let Some(event) = session.handle().try_recv() else {
            break;
        };
        online.leave_armed = false;
        if let Err(e) = session.net.apply(&event, now) {
            board
                .status
                .warn(tr!("online-ignored", error = e.to_string()));
            continue;
        }
        let ours = session.game_id == Some(board.game().id());
        let you = session.net.you;
        let them = match session.net.opponent.as_str() {
            "" => tr!("online-your-opponent"),
            name => crate::net::protocol::clip(name),
        };
        match event {
            NetEvent::Connected { .. } => {
                session.link = Link::Up;
                if session.hosting && session.game_id.is_none() {
                    bind(&mut board, session);
                    board
                        .status
                        .info(tr!("online-joined", them = them.as_str()));
                } else if session.hosting {
                    board
                        .status
                        .info(tr!("online-is-back", them = them.as_str()));
                }
            }
            NetEvent::State(state) => {
                session.link = Link::Up;
                session.asked = None;
                if session.game_id.is_none() {
                    bind(&mut board, session);
                    board.status.info(tr!(
                        "online-connected-you-play",
                        side = crate::game::text::side_name(state.you),
                        clock = state
                            .control
                            .map_or(String::new(), |tc| format!(", {}", label(tc)))
                    ));
                } else if ours {
                    board.mirror(&session.net);
                    board.status.info(tr!("online-reconnected"));
                }
            }
            NetEvent::Moved { text, side, .. } => {
                session.asked = None;
                if ours {
                    board.mirror(&session.net);
                }
                board.status.info(match session.net.game.outcome() {
                    Some(o) => tr!(
                        "status-move-ends",
                        move = text.as_str(),
                        outcome = crate::game::text::outcome_text(o)
                    ),
                    None => tr!(
                        "status-played",
                        side = crate::game::text::side_name(side),
                        move = text.as_str()
                    ),
                });
            }
            NetEvent::Clock(_) => {
                if ours {
                    board.apply(GameCommand::SetClocks(session.net.clocks.clone()));
                }
            }
            NetEvent::DrawOffered { by } if by != you => {
                board
                    .status
                    .info(tr!("online-offers-draw", them = them.as_str()));
            }
            NetEvent::TakebackAsked { by } if by != you => {
                board
                    .status
                    .info(tr!("online-asks-takeback", them = them.as_str()));
            }
            NetEvent::DrawDeclined { .. } => {
                session.asked = None;
                board
                    .status
                    .info(tr!("online-declined-draw", them = them.as_str()));
            }
            NetEvent::TakebackDeclined { .. } => {
                session.asked = None;
                board
                    .status
                    .info(tr!("online-refused-takeback", them = them.as_str()));
            }
            NetEvent::TakenBack { .. } => {
                session.asked = None;
                if ours {
                    board.mirror(&session.net);
                }
                board.status.info(tr!("status-undone"));
            }
            NetEvent::GameOver(outcome) => {
                session.asked = None;
                if ours {
                    board.mirror(&session.net);
                }
                board.status.info(crate::game::text::outcome_text(outcome));
            }
            NetEvent::Refused(why) => {
                session.asked = None;
                board.status.warn(capitalise(&why));
            }
            NetEvent::Disconnected { reason, .. } => {
                session.asked = None;
                let reason = reason
                    .strip_prefix("the connection was lost: ")
                    .unwrap_or(&reason)
                    .to_string();
                if session.game_id.is_none() {
                    // A joiner refused before its first game ("refused: the host is busy,
                    // retrying"): it tries again by itself.
                    board.status.warn(capitalise(&reason));
                } else {
                    board.status.warn(if session.hosting {
                        tr!("online-lost-host", reason = reason.as_str())
                    } else {
                        tr!("online-lost-join", reason = reason.as_str())
                    });
                }
                session.link = Link::Lost(reason);
            }
            NetEvent::Stopped(reason) => {
                session.link = Link::Closed(reason.clone());
                if session.game_id.is_none() {
                    finished = true;
                    board.status.warn(capitalise(&reason));
                } else {
                    if ours {
                        board.apply(GameCommand::PauseClocks);
                    }
                    board
                        .status
                        .warn(tr!("online-ended", reason = reason.as_str()));
                }
                break;
            }
            NetEvent::DrawOffered { .. } | NetEvent::TakebackAsked { .. } => {}
        }
    }
    if finished {
        online.session = None;
    }
}

/// A move made on the board: a request to the session (the host decides).
fn forward_moves(
    mut requests: MessageReader<MoveRequest>,
    mut online: ResMut<Online>,
    game: Res<ChessGame>,
    mut status: ResMut<StatusLine>,
) {
    for &MoveRequest(mv) in requests.read() {
        match online.session.as_mut() {
            Some(s) if s.game_id == Some(game.id()) => {
                if !s.net.my_turn() {
                    status.warn(tr!("online-not-your-turn"));
                } else if let Err(e) = s.net.game.position().check_move(mv) {
                    status.warn(capitalise(&crate::game::text::move_error_text(&e)));
                } else {
                    s.send(NetCommand::Move(mv));
                }
            }
            _ => status.warn(tr!("online-no-game")),
        }
    }
}

/// The view follows the session: none, waiting, or playing.
fn sync_view(
    online: Res<Online>,
    view: Option<Res<State<OnlineView>>>,
    mut next: ResMut<NextState<OnlineView>>,
) {
    let want = match &online.session {
        None => OnlineView::Menu,
        Some(s) if s.playing() => OnlineView::Playing,
        Some(_) => OnlineView::Waiting,
    };
    if view.is_some_and(|v| *v.get() != want) {
        next.set(want);
    }
}

/// Leaving the online screen ends the session; its game stays (saved), for two players at
/// this board from now on.
fn end_session(mut online: ResMut<Online>, mut board: GameControl) {
    online.leave_armed = false;
    // The online screen's prompts ("Enter starts hosting") mean nothing on the next screen.
    board.status.info("");
    let Some(session) = online.session.take() else {
        return;
    };
    if session.game_id == Some(board.game().id()) {
        board.apply(GameCommand::SetPlayers([Player::Human; 2]));
        board.apply(GameCommand::PauseClocks);
        let game = board.game().game();
        if !game.is_over() && !game.plies().is_empty() {
            board.status.info(tr!("online-left"));
        }
    }
    // Dropping the handle tells the other end and returns at once.
    drop(session);
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(OnEnter(OnlineView::Menu), spawn_menu)
        .add_systems(OnEnter(OnlineView::Waiting), spawn_waiting)
        .add_systems(OnEnter(OnlineView::Playing), spawn_panel)
        .add_systems(OnEnter(Modal::HostGame), spawn_host_dialog)
        .add_systems(OnEnter(Modal::JoinGame), spawn_join_dialog)
        .add_systems(
            Update,
            (
                show_game.run_if(in_state(OnlineView::Playing)),
                hide_cards_under_dialogs,
            )
                .in_set(GameSet::View),
        );
}

/// A dialog's card, not quite opaque, would show the online card's text through it.
fn hide_cards_under_dialogs(
    modal: Res<State<Modal>>,
    mut cards: Query<&mut Visibility, With<OnlineCard>>,
) {
    let want = if *modal.get() == Modal::None {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut cards {
        if *v != want {
            *v = want;
        }
    }
}

/// The online screen's menu and waiting cards (hidden while a dialog is open over them).
#[derive(Component)]
struct OnlineCard;

/// A card in the middle of the screen over the dimmed board, gone with `view`.
fn overlay(view: OnlineView, children: impl Bundle) -> impl Bundle {
    (
        OnlineCard,
        DespawnOnExit(view),
        crate::game::ui::widgets::full_screen_centre(),
        BackgroundColor(theme::OVERLAY),
        GlobalZIndex(5),
        children![crate::game::ui::widgets::card(children)],
    )
}

fn spawn_menu(mut commands: Commands) {
    commands.spawn(overlay(
        OnlineView::Menu,
        children![
            text(tr!("online-title"), 26.0, theme::ACCENT),
            text(tr!("online-intro"), 13.0, theme::TEXT_DIM),
            (
                row(),
                children![
                    keyed_button(tr!("online-host-button"), VersusAction::HostSetup),
                    keyed_button(tr!("online-join-button"), VersusAction::JoinSetup),
                    keyed_button(
                        tr!("online-server-button"),
                        crate::game::lobby::LobbyAction::Open
                    ),
                    keyed_button(tr!("settings-back"), GameAction::Back),
                ],
            ),
            (StatusText, text("", 14.0, theme::TEXT)),
        ],
    ));
}

fn spawn_waiting(mut commands: Commands, online: Res<Online>) {
    let Some(s) = &online.session else {
        return;
    };
    let mut lines: Vec<(String, f32, Color)> = Vec::new();
    let heading;
    if let Some((addr, code)) = s.listening() {
        heading = tr!("online-hosting");
        lines.push((tr!("online-tell-other"), 14.0, theme::TEXT_DIM));
        let addresses: Vec<String> = if s.addresses.is_empty() {
            vec![addr.to_string()]
        } else {
            s.addresses
                .iter()
                .take(4)
                .map(ToString::to_string)
                .collect()
        };
        let title = if addresses.len() > 1 {
            tr!("online-at-addresses")
        } else {
            tr!("online-at-address")
        };
        lines.push((title, 14.0, theme::TEXT_DIM));
        for a in addresses {
            lines.push((a, 20.0, theme::TEXT));
        }
        lines.push((tr!("online-with-code"), 14.0, theme::TEXT_DIM));
        lines.push((code.to_string(), 40.0, theme::ACCENT));
        let time = s
            .net
            .clocks
            .as_ref()
            .map_or(tr!("online-untimed"), |c| label(c.control()));
        lines.push((
            tr!(
                "online-you-play",
                side = crate::game::text::side_name(s.net.you),
                time = time
            ),
            14.0,
            theme::TEXT,
        ));
        lines.push((tr!("online-waiting-other"), 16.0, theme::TEXT));
    } else {
        heading = tr!("online-joining");
        lines.push((
            tr!("lobby-connecting", server = s.target.to_string()),
            18.0,
            theme::TEXT,
        ));
    }
    commands.spawn(overlay(
        OnlineView::Waiting,
        Children::spawn((
            SpawnIter(
                std::iter::once((heading.to_string(), 26.0, theme::ACCENT))
                    .chain(lines)
                    .map(|(t, size, colour)| text(t, size, colour)),
            ),
            Spawn((StatusText, text("", 14.0, theme::TEXT))),
            Spawn(keyed_button(tr!("dialog-cancel"), VersusAction::Cancel)),
        )),
    ));
}

fn spawn_host_dialog(mut commands: Commands) {
    commands.spawn(dialog(
        Modal::HostGame,
        children![
            text(tr!("online-host-title"), 22.0, theme::ACCENT),
            text(tr!("online-you-play-label"), 14.0, theme::TEXT_DIM),
            (
                row(),
                children![
                    button(tr!("side-white"), VersusAction::HostSide(Side::White)),
                    button(tr!("side-black"), VersusAction::HostSide(Side::Black)),
                ],
            ),
            text(tr!("new-game-clock"), 14.0, theme::TEXT_DIM),
            super::clock::time_choice(),
            text(tr!("online-variant-label"), 14.0, theme::TEXT_DIM),
            variant_picker(),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    column_gap: px(10),
                    ..default()
                },
                children![
                    text(tr!("online-port"), 14.0, theme::TEXT_DIM),
                    text_field(FieldId::Port, 110.0),
                    text(
                        tr!("online-port-note", port = DEFAULT_PORT),
                        12.0,
                        theme::TEXT_DIM
                    ),
                ],
            ),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    keyed_button(tr!("online-start-hosting"), VersusAction::StartHosting),
                    keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
                ],
            ),
        ],
    ));
}

fn spawn_join_dialog(mut commands: Commands, map: Res<KeyMap>) {
    commands.spawn(dialog(
        Modal::JoinGame,
        children![
            text(tr!("online-join-title"), 22.0, theme::ACCENT),
            text(tr!("online-join-note"), 13.0, theme::TEXT_DIM),
            text(tr!("online-host-address"), 14.0, theme::TEXT_DIM),
            text_field(FieldId::Address, 360.0),
            text(tr!("online-join-code"), 14.0, theme::TEXT_DIM),
            text_field(FieldId::Code, 360.0),
            text(
                tr!(
                    "lobby-field-help",
                    keys = map.help(&[Context::Dialog(Modal::JoinGame)])
                ),
                12.0,
                theme::TEXT_DIM
            ),
            (StatusText, text("", 13.0, theme::TEXT)),
            (
                row(),
                children![
                    keyed_button(tr!("online-join"), VersusAction::Join),
                    keyed_button(tr!("dialog-cancel"), GameAction::CloseDialog),
                ],
            ),
        ],
    ));
}

/// The online panel's lines that [`show_game`] fills.
#[derive(Component)]
struct WhoText;

#[derive(Component)]
struct LinkText;

/// The opponent's offer or request and the answer buttons.
#[derive(Component)]
struct OfferRow(NetCommand);

fn spawn_panel(mut commands: Commands, map: Res<KeyMap>) {
    let answer = |label: String, ask: NetCommand, yes: NetCommand, no: NetCommand| {
        crate::game::ui::widgets::offer_row(
            OfferRow(ask),
            label,
            VersusAction::Net(yes),
            VersusAction::Net(no),
        )
    };
    commands.spawn((
        Panel,
        DespawnOnExit(OnlineView::Playing),
        crate::game::ui::panel_node(),
        BackgroundColor(theme::PANEL),
        children![
            text(tr!("online-heading"), 24.0, theme::ACCENT),
            crate::game::ui::turn_row(px(0)),
            (WhoText, text("", 13.0, theme::TEXT_DIM)),
            clock_row(),
            (LinkText, text("", 13.0, theme::TEXT_DIM)),
            answer(
                tr!("online-opponent-offers-draw"),
                NetCommand::OfferDraw,
                NetCommand::AcceptDraw,
                NetCommand::DeclineDraw
            ),
            answer(
                tr!("online-opponent-asks-takeback"),
                NetCommand::AskTakeback,
                NetCommand::AcceptTakeback,
                NetCommand::DeclineTakeback
            ),
            (StatusText, text("", 14.0, theme::TEXT)),
            text(tr!("panel-moves"), 13.0, theme::TEXT_DIM),
            crate::game::study::navigation::move_list(),
            (
                button_row(),
                children![
                    button(
                        tr!("online-offer-draw"),
                        VersusAction::Net(NetCommand::OfferDraw)
                    ),
                    button(
                        tr!("online-takeback"),
                        VersusAction::Net(NetCommand::AskTakeback)
                    ),
                    button(tr!("panel-resign"), VersusAction::Net(NetCommand::Resign)),
                    button(tr!("panel-flip"), GameAction::Flip),
                    button(tr!("panel-2d-3d"), GameAction::ToggleView),
                    button(tr!("panel-names"), GameAction::ToggleNames),
                    button(tr!("panel-lines"), GameAction::ToggleLines),
                    button(tr!("panel-sound"), GameAction::ToggleMute),
                    button(tr!("online-leave"), VersusAction::Leave),
                ],
            ),
            text(
                tr!("online-help", keys = map.help(&[Context::Board])),
                11.0,
                theme::TEXT_DIM,
            ),
        ],
    ));
}

/// Who plays whom, the connection, and the opponent's offers.
#[allow(clippy::type_complexity)]
fn show_game(
    online: Res<Online>,
    mut texts: ParamSet<(
        Query<&mut Text, With<WhoText>>,
        Query<(&mut Text, &mut TextColor), With<LinkText>>,
    )>,
    mut offers: Query<(&OfferRow, &mut Node)>,
) {
    let Some(s) = &online.session else {
        return;
    };
    let net = &s.net;
    let them = match net.opponent.as_str() {
        "" => tr!("online-your-opponent-lower"),
        name => crate::net::protocol::clip(name),
    };
    let time = net
        .clocks
        .as_ref()
        .map_or(tr!("online-untimed"), |c| label(c.control()));
    let who = tr!(
        "online-who",
        side = crate::game::text::side_name(net.you),
        them = them,
        time = time
    );
    for mut t in &mut texts.p0() {
        if t.0 != who {
            t.0.clone_from(&who);
        }
    }
    let (link, warn) = match &s.link {
        Link::Waiting => (tr!("online-link-connecting"), false),
        Link::Up => match s.asked {
            Some(NetCommand::OfferDraw) => (tr!("online-link-draw-waits"), false),
            Some(NetCommand::AskTakeback) => (tr!("online-link-takeback-waits"), false),
            _ => (tr!("online-link-connected"), false),
        },
        Link::Lost(_) if s.hosting => (tr!("online-link-lost-host"), true),
        Link::Lost(_) => (tr!("online-link-lost"), true),
        Link::Closed(_) => (tr!("online-link-closed"), true),
    };
    for (mut t, mut colour) in &mut texts.p1() {
        if t.0 != link {
            t.0 = link.to_string();
        }
        let ink = if warn {
            theme::WARNING
        } else {
            theme::TEXT_DIM
        };
        if colour.0 != ink {
            colour.0 = ink;
        }
    }
    let from_them = |o: Option<Side>| o == Some(!net.you) && !net.game.is_over();
    for (offer, mut node) in &mut offers {
        let shown = match offer.0 {
            NetCommand::OfferDraw => from_them(net.draw_offer),
            _ => from_them(net.takeback),
        };
        let want = if shown { Display::Flex } else { Display::None };
        if node.display != want {
            node.display = want;
        }
    }
}
