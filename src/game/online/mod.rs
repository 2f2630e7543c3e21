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

mod dialogs;
mod view;

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
    /// Where the joiner's seat token is kept while the game runs, so that joining again after
    /// the program died takes the seat back ([`crate::store::seats`]).
    seat: Option<SeatFile>,
}

/// The joiner's seat file: written and removed in order on a thread of its own, so the frame
/// never waits on the disk; dropping it finishes what was asked.
struct SeatFile {
    /// The token last asked to be written (`None`: none yet, or forgotten).
    kept: Option<Token>,
    jobs: Option<std::sync::mpsc::Sender<Option<Token>>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SeatFile {
    /// The seat file of the game at `addr` with `code` in the data folder `dir`, and the
    /// token kept there before, if any.
    fn open(dir: PathBuf, addr: String, code: String) -> (Option<SeatFile>, Option<Token>) {
        let before = seats::load_seat(&dir, &addr, &code);
        let (jobs, inbox) = std::sync::mpsc::channel::<Option<Token>>();
        let spawned = std::thread::Builder::new()
            .name("parachess seat".into())
            .spawn(move || {
                for job in inbox {
                    let done = match job {
                        Some(token) => seats::save_seat(&dir, &addr, &code, token),
                        None => seats::forget_seat(&dir, &addr, &code),
                    };
                    if let Err(e) = done {
                        warn!("cannot keep the seat in {}: {e}", dir.display());
                    }
                }
            });
        match spawned {
            Ok(thread) => (
                Some(SeatFile {
                    kept: before,
                    jobs: Some(jobs),
                    thread: Some(thread),
                }),
                before,
            ),
            Err(e) => {
                warn!("cannot keep the seat: {e}");
                (None, before)
            }
        }
    }

    /// Keeps `token` (once, and again if it changed).
    fn keep(&mut self, token: Token) {
        if self.kept != Some(token) {
            self.kept = Some(token);
            self.send(Some(token));
        }
    }

    /// The game ended: its token is worth nothing any more.
    fn forget(&mut self) {
        self.kept = None;
        self.send(None);
    }

    fn send(&self, job: Option<Token>) {
        if let Some(jobs) = &self.jobs
            && jobs.send(job).is_err()
        {
            warn!("the seat writer has stopped");
        }
    }
}

impl Drop for SeatFile {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
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
    // Continue: the joined game whose seat is kept, joined again.
    if let Some(there) = world.remove_resource::<crate::game::core::saves::ContinueJoined>() {
        if let Some(mut f) = world.get_resource_mut::<Fields>() {
            f.address = there.addr;
            f.code = there.code;
        }
        return start_joining(world);
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
        seat: None,
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
    // The seat of a game joined before from this data folder and not finished (the program
    // died, or the player left the screen): presenting its token takes the seat back.
    let code = crate::net::normalize_code(&code).unwrap_or(code);
    let (seat, token) = match crate::game::core::saves::data_folder(world) {
        Some(dir) => SeatFile::open(dir, addr.clone(), code.clone()),
        None => (None, None),
    };
    let config = JoinConfig {
        timing,
        token,
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
        seat,
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
            name => crate::net::wire::clip(name),
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
                session.keep_seat();
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
                board.status.info(crate::game::text::move_played_text(
                    &crate::game::text::side_name(side),
                    &text,
                    session.net.game.outcome(),
                ));
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
                session.forget_seat();
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
        board.apply(GameCommand::SetPlayers([SeatKind::Human; 2]));
        board.apply(GameCommand::PauseClocks);
        let game = board.game().game();
        if !game.is_over() && !game.plies().is_empty() {
            board.status.info(tr!("online-left"));
        }
    }
    // Dropping the handle tells the other end and returns at once.
    drop(session);
}

/// What draws: the menu and waiting cards, the game's panel, the host and join dialogs.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, dialogs::plugin));
}
