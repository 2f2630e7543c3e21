//! The connection to a game server and what it tells: who the player is, the lobby, and the
//! game on the board. The [`Link`] does the network work on its own thread; each frame takes
//! what it says (a bounded number of events, never waiting), and every game message goes
//! through a [`ServerGame`], checked by the rules, before the board follows it.

use crate::tr;
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

use crate::client::messages::{ClientMsg, ServerMsg};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::ServerView;
use crate::client::{Link, LinkConfig, LinkEvent, Lobby, LobbyChange, ServerGame, Tournaments};
use crate::game::core::follow::FollowBoard;
use crate::game::core::screens::{Modal, Screen};
use crate::game::core::state::{ChessGame, MoveRequest, Origin, StatusLine, capitalise};
use crate::net::NetEvent;

/// Link events taken in one frame at most (the rest wait for the next).
const EVENTS_PER_FRAME: usize = 64;

/// The server a new player is offered.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:8080";

/// What the player asked to do once connected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Play as a guest (or as whoever the remembered token is).
    Guest,
    /// Sign in to this account.
    Login {
        /// The account's name.
        name: String,
        /// Its password (sent once, then forgotten).
        password: String,
    },
    /// Create this account.
    Register {
        /// The new account's name.
        name: String,
        /// Its password (sent once, then forgotten).
        password: String,
    },
}

/// The state of the connection, as the lobby tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Not connected (never, or signed out).
    Off,
    /// Connecting, or reconnecting after `attempt` failures.
    Connecting {
        /// Failed attempts so far.
        attempt: u32,
        /// Why the last one failed.
        reason: String,
    },
    /// Connected and welcomed.
    Up,
    /// The link gave up.
    Stopped(String),
}

/// Who the player is on the server.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identity {
    /// The player's name.
    pub name: String,
    /// Whether a guest.
    pub guest: bool,
}

/// The connection, the lobby and the game on the board.
#[derive(Resource)]
pub struct ServerSession {
    link: Option<Link>,
    /// The server's address, `http://HOST:PORT`.
    pub server: String,
    /// The connection's state.
    pub state: LinkState,
    /// Who the player is, once welcomed.
    pub identity: Option<Identity>,
    /// Seeks, challenges and the player's games.
    pub lobby: Lobby,
    /// The coming and running tournaments.
    pub tournaments: Tournaments,
    /// The game shown on the board, and its [`ChessGame`] identity.
    pub game: Option<(ServerGame, u64)>,
    /// A game asked for (started, opened or watched) whose `game` message will go on the board.
    pub awaited: Option<String>,
    /// A sign-in or new account to send once connected.
    intent: Intent,
    /// The token to resume with, per server (remembered across runs).
    token: Option<String>,
    /// Games already kept among the saves in this run.
    kept: HashSet<String>,
    /// The player's own game last taken off the board for the lobby: its clock notes go on
    /// when it comes back (the server's `game` message has only the clocks of now).
    left: Option<ServerGame>,
    /// Ids of the seeks, challenges and games the lobby's rows show, in order: what a row's
    /// button means, even if the lists change before it is pressed.
    pub shown: Shown,
    /// How quickly a lost link retries (tests shorten it).
    pub retry_delay: Duration,
    /// Whether the remembered server was read.
    recalled: bool,
}

/// What the lobby's rows show (see [`ServerSession::shown`]).
#[derive(Clone, Debug, Default)]
pub struct Shown {
    /// Seek ids.
    pub seeks: Vec<String>,
    /// Challenge ids.
    pub challenges: Vec<String>,
    /// Game ids.
    pub games: Vec<String>,
    /// Tournament ids.
    pub tournaments: Vec<String>,
}

/// Rows shown per list in the lobby (the rest are counted).
pub const ROWS: usize = 6;

impl Shown {
    /// The ids the lobby's rows show for `lobby`.
    fn of(lobby: &Lobby) -> Shown {
        let ids = |ids: Vec<String>| ids.into_iter().take(ROWS).collect();
        Shown {
            seeks: ids(lobby.seeks.iter().map(|s| s.id.clone()).collect()),
            challenges: ids(lobby.challenges.iter().map(|s| s.id.clone()).collect()),
            games: ids(lobby.games.iter().map(|g| g.id.clone()).collect()),
            tournaments: Vec::new(),
        }
    }
}

impl Default for ServerSession {
    fn default() -> ServerSession {
        ServerSession {
            link: None,
            server: DEFAULT_SERVER.to_string(),
            state: LinkState::Off,
            identity: None,
            lobby: Lobby::default(),
            tournaments: Tournaments::default(),
            game: None,
            awaited: None,
            intent: Intent::Guest,
            token: None,
            kept: HashSet::new(),
            left: None,
            shown: Shown::default(),
            retry_delay: Duration::from_secs(2),
            recalled: false,
        }
    }
}

impl ServerSession {
    /// Whether a connection is open or being made.
    pub fn connected(&self) -> bool {
        self.link.is_some()
    }

    /// Queues a message for the server; says so when there is no connection.
    pub fn send(&self, message: ClientMsg) -> Result<(), String> {
        match &self.link {
            Some(link) if link.send(message) => Ok(()),
            _ => Err(tr!("server-not-connected")),
        }
    }

    /// The game on the board, if the server's.
    pub fn current(&self) -> Option<&ServerGame> {
        self.game.as_ref().map(|(g, _)| g)
    }

    fn me(&self) -> &str {
        self.identity.as_ref().map_or("", |i| i.name.as_str())
    }

    /// Connects to `server` (dropping any other connection) to do `intent`.
    pub fn connect(&mut self, server: String, intent: Intent) -> Result<(), String> {
        let same = self.link.is_some() && server == self.server;
        if same && self.state == LinkState::Up {
            // Already here: sign in on this connection.
            self.intent = intent;
            return self.send_intent();
        }
        if server != self.server {
            self.token = None;
        }
        let mut config = LinkConfig::new(server.clone());
        config.token = self.token.clone();
        config.retry_delay = self.retry_delay;
        let link = Link::start(config).map_err(|e| capitalise(&e.to_string()))?;
        self.link = Some(link);
        self.server = server;
        self.state = LinkState::Connecting {
            attempt: 0,
            reason: String::new(),
        };
        self.identity = None;
        self.lobby.clear();
        self.tournaments.clear();
        self.intent = intent;
        Ok(())
    }

    /// Sends the sign-in or new account waiting for the connection.
    fn send_intent(&mut self) -> Result<(), String> {
        let message = match std::mem::replace(&mut self.intent, Intent::Guest) {
            Intent::Guest => return Ok(()),
            Intent::Login { name, password } => ClientMsg::Login { name, password },
            Intent::Register { name, password } => ClientMsg::Register { name, password },
        };
        self.send(message)
    }

    /// Closes the connection and forgets the player (the next connection is a new guest).
    pub fn sign_out(&mut self) {
        self.link = None;
        self.state = LinkState::Off;
        self.identity = None;
        self.token = None;
        self.lobby.clear();
        self.tournaments.clear();
        self.awaited = None;
    }
}

/// What is remembered between runs: the server last used and the session there.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
struct Remembered {
    server: String,
    token: Option<String>,
}

/// The file in the data folder.
const REMEMBERED_FILE: &str = "server.ron";

fn remembered_path(world: &World) -> Option<PathBuf> {
    crate::game::core::saves::data_folder(world).map(|d| d.join(REMEMBERED_FILE))
}

/// Reads the remembered server when the server screen first opens (a tiny file); a damaged
/// one is set aside and reported. `--server` wins over it.
fn recall(world: &mut World) {
    if std::mem::replace(&mut world.resource_mut::<ServerSession>().recalled, true) {
        return;
    }
    let launch = world
        .get_resource::<crate::game::core::launch::LaunchOptions>()
        .and_then(|o| o.server.clone());
    let mut recalled = None;
    if let Some(path) = remembered_path(world) {
        match std::fs::read_to_string(&path) {
            Ok(text) => match ron::from_str::<Remembered>(&text) {
                Ok(r)
                    if r.server.len() <= 200 && r.token.as_ref().is_none_or(|t| t.len() <= 200) =>
                {
                    recalled = Some(r);
                }
                _ => {
                    let dir = path.parent().map(PathBuf::from).unwrap_or_default();
                    let said = match crate::store::set_aside(&path, &dir, "server", "ron") {
                        Ok(kept) => tr!(
                            "server-remembered-set-aside",
                            path = path.display().to_string(),
                            kept = kept.display().to_string()
                        ),
                        Err(e) => tr!("server-remembered-unreadable", error = e.to_string()),
                    };
                    if let Some(mut s) = world.get_resource_mut::<StatusLine>() {
                        s.warn(said);
                    }
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                if let Some(mut s) = world.get_resource_mut::<StatusLine>() {
                    s.warn(tr!("server-remembered-unreadable", error = e.to_string()));
                }
            }
        }
    }
    let Some(mut session) = world.get_resource_mut::<ServerSession>() else {
        return;
    };
    if let Some(r) = recalled {
        session.server = r.server;
        session.token = r.token;
    }
    if let Some(server) = launch
        && server != session.server
    {
        session.server = server;
        session.token = None;
    }
}

/// Writes the remembered server off the frame thread (atomically).
fn remember(world: &World, server: &str, token: Option<&str>) {
    let Some(path) = remembered_path(world) else {
        return;
    };
    let r = Remembered {
        server: server.to_string(),
        token: token.map(str::to_string),
    };
    let Ok(text) = ron::ser::to_string_pretty(&r, ron::ser::PrettyConfig::default()) else {
        return;
    };
    bevy::tasks::IoTaskPool::get()
        .spawn(async move {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            if let Err(e) = crate::store::write_atomic(&path, text.as_bytes()) {
                warn!("could not remember the server: {e}");
            }
        })
        .detach();
}

/// Takes what the link says (at most [`EVENTS_PER_FRAME`] a frame, never waiting).
pub(super) fn poll_link(world: &mut World) {
    for _ in 0..EVENTS_PER_FRAME {
        let event = world
            .get_resource::<ServerSession>()
            .and_then(|s| s.link.as_ref())
            .and_then(Link::try_recv);
        let Some(event) = event else {
            return;
        };
        match event {
            LinkEvent::Welcome { name, guest, token } => welcome(world, name, guest, token),
            LinkEvent::Message(v) => message(world, &v),
            LinkEvent::Lost { reason, attempt } => {
                let reason = plain(&reason);
                let mut session = world.resource_mut::<ServerSession>();
                session.state = LinkState::Connecting {
                    attempt,
                    reason: reason.clone(),
                };
                let said = if session.identity.is_some() {
                    tr!("server-lost", reason = reason.as_str())
                } else {
                    tr!(
                        "server-cannot-reach",
                        server = session.server.as_str(),
                        reason = reason.as_str()
                    )
                };
                status(world, true, said);
            }
            LinkEvent::Stopped(reason) => {
                let reason = tr!("server-unreachable", reason = plain(&reason));
                let mut session = world.resource_mut::<ServerSession>();
                session.link = None;
                session.state = LinkState::Stopped(reason.clone());
                status(
                    world,
                    true,
                    tr!("server-stopped", reason = capitalise(&reason)),
                );
                return;
            }
        }
    }
}

/// A network failure in a player's words.
fn plain(reason: &str) -> String {
    let r = reason
        .trim_start_matches("the server cannot be reached: ")
        .trim_start_matches("connection: ")
        .trim_start_matches("IO error: ");
    if r.contains("Connection refused") {
        tr!("net-refused")
    } else if r.contains("timed out") {
        tr!("net-timed-out")
    } else {
        r.to_string()
    }
}

pub(super) fn status(world: &mut World, warn: bool, text: impl Into<String>) {
    if let Some(mut s) = world.get_resource_mut::<StatusLine>() {
        if warn {
            s.warn(text);
        } else {
            s.info(text);
        }
    }
}

fn welcome(world: &mut World, name: String, guest: bool, token: String) {
    let mut session = world.resource_mut::<ServerSession>();
    let changed = session.identity.as_ref().is_some_and(|i| i.name != name);
    if changed {
        session.lobby.clear();
        session.tournaments.clear();
    }
    session.identity = Some(Identity {
        name: name.clone(),
        guest,
    });
    session.state = LinkState::Up;
    session.token = Some(token.clone());
    // The server forgets the lobby follow with the connection: follow it again.
    let sent = session
        .send(ClientMsg::Lobby)
        .and_then(|()| session.send(ClientMsg::Tournaments))
        .and_then(|()| session.send_intent());
    // A game asked for before the connection (Continue): its whole game, to show.
    if let Some(game) = session.awaited.clone() {
        let _ = session.send(ClientMsg::Watch { game });
    }
    let server = session.server.clone();
    remember(world, &server, Some(&token));
    let who = if guest {
        tr!("server-name-guest", name = name.as_str())
    } else {
        name
    };
    match sent {
        Ok(()) => status(
            world,
            false,
            tr!("server-connected", server = server.as_str(), who = who),
        ),
        Err(e) => status(world, true, e),
    }
    let signing_in = world
        .get_resource::<State<Modal>>()
        .is_some_and(|m| *m.get() == Modal::ServerSignIn);
    if signing_in && !guest {
        crate::game::core::screens::set_modal(world, Modal::None);
    }
}

fn message(world: &mut World, v: &ServerMsg) {
    if let ServerMsg::Error { code, msg, .. } = v {
        let msg = crate::net::wire::clip(msg);
        let said = match code.as_ref() {
            "auth" | "name" | "taken" => tr!("server-sign-in-refused", msg = msg.to_string()),
            _ => capitalise(&msg),
        };
        return status(world, true, said);
    }
    if super::tournaments::message(world, v) {
        return;
    }
    let change = {
        let mut session = world.resource_mut::<ServerSession>();
        let change = session.lobby.apply(v);
        if change != LobbyChange::Nothing {
            let tournaments = std::mem::take(&mut session.shown.tournaments);
            session.shown = Shown::of(&session.lobby);
            session.shown.tournaments = tournaments;
        }
        change
    };
    match change {
        LobbyChange::Nothing => {}
        LobbyChange::Challenged(seek) => status(
            world,
            false,
            tr!(
                "server-challenged",
                by = seek.by.as_str(),
                clock = seek.clock().to_string(),
                variant = crate::game::text::variant_name(&seek.variant)
            ),
        ),
        LobbyChange::Declined => status(world, true, tr!("server-declined")),
        LobbyChange::Started { game } => {
            world.resource_mut::<ServerSession>().awaited = Some(game);
            status(world, false, tr!("server-game-begins"));
        }
        LobbyChange::Seeks | LobbyChange::Games => {}
    }
    if matches!(
        v,
        ServerMsg::Game(_)
            | ServerMsg::Moved(_)
            | ServerMsg::Offer { .. }
            | ServerMsg::OfferGone { .. }
            | ServerMsg::End { .. }
    ) {
        game_message(world, v);
    }
}

/// A message about a game: the one on the board follows it, one awaited goes on the board,
/// and a move in another of the player's games refreshes the list of games.
fn game_message(world: &mut World, v: &ServerMsg) {
    let now = world
        .get_resource::<Time<Real>>()
        .map_or(Duration::ZERO, Time::elapsed);
    let mut session = world.resource_mut::<ServerSession>();
    let me = session.me().to_string();
    let id = match v {
        ServerMsg::Game(g) => g.id.clone(),
        ServerMsg::Moved(m) => m.game.clone(),
        ServerMsg::Offer { game, .. }
        | ServerMsg::OfferGone { game, .. }
        | ServerMsg::End { game, .. } => game.clone(),
        _ => return,
    };
    let on_board = session.current().is_some_and(|g| g.id == id);
    if let ServerMsg::Game(view) = v
        && session.awaited.as_deref() == Some(id.as_str())
    {
        let here = world
            .get_resource::<State<Screen>>()
            .is_some_and(|s| *s.get() == Screen::Lobby);
        if !here {
            // Another screen has the board: the game waits until the server screen opens.
            return status(world, false, tr!("server-game-begun-elsewhere"));
        }
        let mut session = world.resource_mut::<ServerSession>();
        session.awaited = None;
        // The same game back on the board keeps the notes of the moves in common.
        let made = match session.left.take().filter(|g| g.id == id) {
            Some(mut before) => before.apply(v, &me, now).map(|_| before),
            None => ServerGame::from_message(view, &me, now),
        };
        match made {
            Ok(game) => return put_on_board(world, game),
            Err(e) => {
                return status(
                    world,
                    true,
                    tr!(
                        "server-game-unshowable",
                        id = id.to_string(),
                        error = e.to_string()
                    ),
                );
            }
        }
    }
    if !on_board {
        if matches!(v, ServerMsg::Moved(_) | ServerMsg::End { .. }) {
            let _ = session.send(ClientMsg::MyGames);
        }
        return;
    }
    let Some((mut game, board_id)) = session.game.take() else {
        return;
    };
    let result = game.apply(v, &me, now);
    let said = match &result {
        Ok(Some(event)) => words(&game, event),
        Ok(None) if game.aborted => Some((false, tr!("server-aborted"))),
        Ok(None) => None,
        Err(e) => Some((true, tr!("server-ignored", error = e.to_string()))),
    };
    let ended = game.is_over();
    session.game = Some((game, board_id));
    if result.is_ok() {
        mirror(world);
    }
    if let Some((warn, text)) = said {
        status(world, warn, text);
    }
    if ended {
        keep_finished(world);
    }
}

/// What an event on the board's game means to the player.
fn words(game: &ServerGame, event: &NetEvent) -> Option<(bool, String)> {
    let me = game.seat;
    let them = if me.is_some() {
        game.opponent().to_string()
    } else {
        String::new()
    };
    let text = match event {
        NetEvent::Moved { text, side, .. } => crate::game::text::move_played_text(
            &game.names[side.index()],
            text,
            game.net.game.outcome(),
        ),
        NetEvent::GameOver(o) => crate::game::text::outcome_text(*o),
        NetEvent::DrawOffered { by } if Some(*by) != me => {
            tr!("server-offers-draw", name = game.names[by.index()].as_str())
        }
        NetEvent::TakebackAsked { by } if Some(*by) != me => {
            tr!(
                "server-asks-takeback",
                name = game.names[by.index()].as_str()
            )
        }
        NetEvent::DrawOffered { .. } => tr!("server-draw-offered"),
        NetEvent::TakebackAsked { .. } => tr!("server-takeback-asked"),
        NetEvent::DrawDeclined { .. } => tr!("server-draw-declined"),
        NetEvent::TakebackDeclined { .. } => tr!("server-takeback-refused"),
        NetEvent::State(_) if me.is_some() => tr!("server-playing", them = them),

        NetEvent::State(_) => return None,
        _ => return None,
    };
    Some((false, text))
}

/// What the saved game says of a server game.
fn origin(game: &ServerGame, server: &str) -> Origin {
    let tags = game.tags(server);
    Origin {
        event: tags.event,
        site: tags.site,
        names: [tags.white, tags.black],
    }
}

/// Puts a server game on the board (replacing the one there) and shows it.
fn put_on_board(world: &mut World, game: ServerGame) {
    let server = world.resource::<ServerSession>().server.clone();
    let origin = origin(&game, &server);
    let seat = game.seat;
    let net = game.net.clone();
    let id = world
        .run_system_cached_with(
            |In((net, seat, origin)): In<(
                crate::net::NetGame,
                Option<crate::rules::Side>,
                Origin,
            )>,
             mut board: FollowBoard| board.bind(&net, seat, origin),
            (net, seat, origin),
        )
        .ok();
    let Some(id) = id else {
        return;
    };
    let text = match seat {
        Some(side) => tr!(
            "online-who",
            side = crate::game::text::side_name(side),
            them = game.opponent().to_string(),
            time = crate::client::clock_words(
                game.net
                    .clocks
                    .as_ref()
                    .map(|c| c.control().to_string())
                    .as_deref(),
                game.days
            )
        ),
        None => tr!(
            "server-watching",
            white = game.names[0].as_str(),
            black = game.names[1].as_str()
        ),
    };
    let over = game.is_over();
    world.resource_mut::<ServerSession>().game = Some((game, id));
    if let Some(mut next) = world.get_resource_mut::<NextState<ServerView>>() {
        next.set(ServerView::Playing);
    }
    status(world, false, text);
    if over {
        keep_finished(world);
    }
}

/// Brings the board in line with the session's game.
fn mirror(world: &mut World) {
    let Some(net) = world
        .resource::<ServerSession>()
        .current()
        .map(|g| g.net.clone())
    else {
        return;
    };
    let _ = world.run_system_cached_with(
        |In(net): In<crate::net::NetGame>, mut board: FollowBoard| board.mirror(&net),
        net,
    );
}

/// A finished game of the player's is kept among the saves (once a run).
fn keep_finished(world: &mut World) {
    let Some((text, name)) = ({
        let session = world.resource::<ServerSession>();
        session
            .current()
            .filter(|g| g.seat.is_some() && g.net.game.is_over() && !session.kept.contains(&g.id))
            .map(|g| {
                let tags = g.tags(&session.server);
                let record = g.net.record(tags);
                (
                    crate::rules::record::write_record(&record.game, &record.tags, &record.notes),
                    format!("online {} vs {} {}", g.names[0], g.names[1], g.id),
                )
            })
    }) else {
        return;
    };
    let id = world
        .resource::<ServerSession>()
        .current()
        .map(|g| g.id.clone())
        .unwrap_or_default();
    if crate::game::core::saves::save_named(world, name, text) {
        world.resource_mut::<ServerSession>().kept.insert(id);
    }
}

/// A move made on the board: sent to the server when it is the player's move and the rules
/// allow it (the server decides; its acknowledgement moves the board).
pub(super) fn forward_moves(
    mut requests: MessageReader<MoveRequest>,
    session: Res<ServerSession>,
    game: Res<ChessGame>,
    mut status: ResMut<StatusLine>,
) {
    for &MoveRequest(mv) in requests.read() {
        let Some((g, id)) = &session.game else {
            status.warn(tr!("lobby-no-server-game"));
            continue;
        };
        if *id != game.id() {
            status.warn(tr!("lobby-no-server-game"));
            continue;
        }
        if g.seat.is_none() {
            status.warn(tr!("lobby-watching"));
            continue;
        }
        if !g.my_turn() {
            status.warn(if g.is_over() {
                tr!("server-game-over")
            } else {
                tr!("online-not-your-turn")
            });

            continue;
        }
        if let Err(e) = g.net.game.position().check_move(mv) {
            status.warn(capitalise(&crate::game::text::move_error_text(&e)));

            continue;
        }
        let message = ClientMsg::Move {
            game: g.id.clone(),
            n: u32::try_from(g.net.game.plies().len()).unwrap_or(u32::MAX),
            mv: mv.to_string(),
        };
        if let Err(e) = session.send(message) {
            status.warn(e);
        }
    }
}

/// Entering the server screen: the lobby (or the sign-in dialog when not connected); a game
/// that began meanwhile goes on the board.
pub(super) fn enter(world: &mut World) {
    recall(world);
    // Continue: the game the autosave holds goes on at its server.
    if let Some(there) = world.remove_resource::<crate::game::core::saves::ContinueOnServer>() {
        let mut session = world.resource_mut::<ServerSession>();
        if session.server != there.server {
            session.sign_out();
            session.server = there.server;
        }
        session.awaited = Some(there.game);
    }
    let connected = world.resource::<ServerSession>().connected();
    status(world, false, "");
    if !connected {
        super::sign_in_dialog(world);
        return;
    }
    let session = world.resource::<ServerSession>();
    let _ = session.send(ClientMsg::MyGames);
    let _ = session.send(ClientMsg::Tournaments);
    if let Some(id) = session.awaited.clone() {
        let _ = session.send(ClientMsg::Watch { game: id });
    }
}

/// Leaving the server screen: the connection stays (games and challenges keep arriving), the
/// board's game is the player's at this board no more.
pub(super) fn leave(world: &mut World) {
    let mut session = world.resource_mut::<ServerSession>();
    match session.game.take() {
        Some((g, _)) if g.seat.is_none() => {
            let _ = session.send(ClientMsg::Unwatch { game: g.id });
        }
        Some((g, _)) => session.left = Some(g),
        None => {}
    }
    use crate::game::core::state::{GameCommand, SeatKind, apply};
    apply(world, GameCommand::SetPlayers([SeatKind::Human; 2]));
    apply(world, GameCommand::PauseClocks);
}

/// The game leaves the board for the lobby view (it goes on at the server).
pub(super) fn to_lobby(world: &mut World) {
    leave(world);
    if let Some(mut next) = world.get_resource_mut::<NextState<ServerView>>() {
        next.set(ServerView::Lobby);
    }
    let session = world.resource::<ServerSession>();
    let _ = session.send(ClientMsg::MyGames);
    let _ = session.send(ClientMsg::Tournaments);
}
