//! A connection to the server for a front end that must never wait: the desktop game's frame
//! loop sends and takes messages through channels, while one background thread (with its own
//! small tokio runtime) holds the WebSocket, answers for its liveness and reconnects with the
//! session's token when the connection drops, so a player keeps their name, seeks and games.

use std::sync::{Mutex, PoisonError, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use serde::Deserialize as _;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use super::messages::{ClientMsg, ServerMsg};
use super::{Client, ClientError, host_port};

/// How a link connects and retries.
#[derive(Clone, Debug)]
pub struct LinkConfig {
    /// `http://HOST:PORT`.
    pub server: String,
    /// A session token from an earlier `welcome`, to resume that player.
    pub token: Option<String>,
    /// The wait between attempts after a failure.
    pub retry_delay: Duration,
    /// Failed attempts in a row before giving up.
    pub attempts: u32,
    /// A ping is sent after this long without a message, so a dead link is noticed.
    pub idle: Duration,
}

impl LinkConfig {
    /// The usual timing: a retry every 2 s, for about a minute.
    pub fn new(server: impl Into<String>) -> LinkConfig {
        LinkConfig {
            server: server.into(),
            token: None,
            retry_delay: Duration::from_secs(2),
            attempts: 30,
            idle: Duration::from_secs(20),
        }
    }
}

/// What the link tells its front end.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkEvent {
    /// Connected (again) and welcomed, or signed in (`login`, `register`): who this
    /// connection is now.
    Welcome {
        /// The player's name.
        name: String,
        /// Whether a guest.
        guest: bool,
        /// The session token (to resume it in a later run).
        token: String,
    },
    /// A message from the server (any kind but `welcome`, `pong` and kinds this client does
    /// not know).
    Message(ServerMsg),
    /// The connection failed or dropped: the link tries again after its delay (`attempt` of
    /// the configured number). Messages sent meanwhile are sent once connected.
    Lost {
        /// What happened, for people.
        reason: String,
        /// Failed attempts in a row so far.
        attempt: u32,
    },
    /// The link gave up (every attempt failed); it sends and receives nothing more.
    Stopped(String),
}

/// The front end's end of a link. Dropping it closes the connection (the thread ends on its
/// own; nothing waits for it). It is `Sync`, so a front end may keep it in shared state.
pub struct Link {
    commands: UnboundedSender<ClientMsg>,
    events: Mutex<mpsc::Receiver<LinkEvent>>,
    _thread: JoinHandle<()>,
}

impl Link {
    /// Starts connecting in the background. Fails at once only for an address that is not
    /// `http://HOST:PORT` or when no thread can be started.
    pub fn start(config: LinkConfig) -> Result<Link, ClientError> {
        host_port(&config.server)?;
        let (commands, inbox) = unbounded_channel();
        let (events, outbox) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("parachess server link".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                match runtime {
                    Ok(rt) => rt.block_on(run(config, inbox, events)),
                    Err(e) => {
                        let _ = events.send(LinkEvent::Stopped(format!("no runtime: {e}")));
                    }
                }
            })
            .map_err(|e| ClientError::Socket(format!("cannot start a thread: {e}")))?;
        Ok(Link {
            commands,
            events: Mutex::new(outbox),
            _thread: thread,
        })
    }

    /// Queues a message for the server (sent in order, after a reconnection if need be);
    /// `false` once the link has stopped.
    pub fn send(&self, message: ClientMsg) -> bool {
        self.commands.send(message).is_ok()
    }

    /// The next event, if one is waiting.
    pub fn try_recv(&self) -> Option<LinkEvent> {
        self.events
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .try_recv()
            .ok()
    }

    /// The next event within `within` (for tests and headless front ends).
    pub fn recv_timeout(&self, within: Duration) -> Option<LinkEvent> {
        self.events
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .recv_timeout(within)
            .ok()
    }
}

/// Why a connected session ended.
enum End {
    /// The front end dropped its link.
    Closed,
    /// The connection dropped.
    Lost(String),
}

async fn run(
    config: LinkConfig,
    mut inbox: UnboundedReceiver<ClientMsg>,
    events: mpsc::Sender<LinkEvent>,
) {
    let mut token = config.token.clone();
    let mut follows = Follows::default();
    let mut failures = 0;
    // A message taken from the inbox but not sent when the connection dropped.
    let mut unsent: Option<ClientMsg> = None;
    loop {
        let hello = tokio::select! {
            c = Client::hello(&config.server, token.as_deref()) => c,
            // The front end may leave while a connection is being tried.
            _ = inbox_closed(&mut inbox, &mut unsent) => return,
        };
        let reason = match hello {
            Ok(mut client) => {
                failures = 0;
                token = Some(client.token.clone());
                let welcome = LinkEvent::Welcome {
                    name: client.name.clone(),
                    guest: client.guest,
                    token: client.token.clone(),
                };
                if events.send(welcome).is_err() {
                    return;
                }
                let mut s = Session {
                    inbox: &mut inbox,
                    unsent: &mut unsent,
                    token: &mut token,
                    follows: &mut follows,
                    events: &events,
                };
                match s.relay(&mut client, &config).await {
                    End::Closed => {
                        client.close().await;
                        return;
                    }
                    End::Lost(why) => why,
                }
            }
            Err(e) => e.to_string(),
        };
        failures += 1;
        if failures > config.attempts {
            // Closed first, so that the front end's sends fail from the moment it is told.
            inbox.close();
            let _ = events.send(LinkEvent::Stopped(format!(
                "the server cannot be reached: {reason}"
            )));
            return;
        }
        let lost = LinkEvent::Lost {
            reason,
            attempt: failures,
        };
        if events.send(lost).is_err() {
            return;
        }
        tokio::select! {
            _ = tokio::time::sleep(config.retry_delay) => {}
            _ = inbox_closed(&mut inbox, &mut unsent) => return,
        }
    }
}

/// Resolves when the front end has dropped its link; messages that arrive meanwhile wait in
/// the inbox (the first one is kept in `unsent`).
async fn inbox_closed(inbox: &mut UnboundedReceiver<ClientMsg>, unsent: &mut Option<ClientMsg>) {
    if unsent.is_none() {
        match inbox.recv().await {
            Some(v) => *unsent = Some(v),
            None => return,
        }
    }
    // Something waits to be sent; only the channel's closing matters now.
    while !inbox.is_closed() {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The games this link follows (its own, once started, and those it watches), followed again
/// after a reconnection: the server forgets a connection's follows with the connection.
#[derive(Default)]
struct Follows(Vec<String>);

impl Follows {
    /// At most this many, as the server allows.
    const MAX: usize = 64;

    fn add(&mut self, game: &str) {
        if !self.0.iter().any(|g| g == game) && self.0.len() < Follows::MAX {
            self.0.push(game.to_string());
        }
    }

    /// Notes what a message sent says about follows.
    fn note_sent(&mut self, msg: &ClientMsg) {
        match msg {
            ClientMsg::Watch { game } if !game.is_empty() && game.len() <= 16 => self.add(game),
            ClientMsg::Unwatch { game } => self.0.retain(|g| g != game),
            _ => {}
        }
    }

    /// Notes what a message received says about follows.
    fn note_received(&mut self, msg: &ServerMsg) {
        if let ServerMsg::Started { game, .. } = msg
            && !game.is_empty()
            && game.len() <= 16
        {
            self.add(game);
        }
    }
}

/// A connected session's share of the link's state.
struct Session<'a> {
    inbox: &'a mut UnboundedReceiver<ClientMsg>,
    unsent: &'a mut Option<ClientMsg>,
    token: &'a mut Option<String>,
    follows: &'a mut Follows,
    events: &'a mpsc::Sender<LinkEvent>,
}

impl Session<'_> {
    /// Relays both ways until the connection drops or the front end leaves. A `welcome`
    /// (after signing in) becomes the token to reconnect with.
    async fn relay(&mut self, client: &mut Client, config: &LinkConfig) -> End {
        // Follow again first, so that what was sent while away is seen acknowledged.
        for game in &self.follows.0 {
            let watch = ClientMsg::Watch { game: game.clone() };
            if let Err(e) = client.say(&watch).await {
                return End::Lost(e.to_string());
            }
        }
        if let Some(v) = self.unsent.take() {
            self.follows.note_sent(&v);
            if let Err(e) = client.say(&v).await {
                *self.unsent = Some(v);
                return End::Lost(e.to_string());
            }
        }
        let mut pings = 0u64;
        let mut pinged = false;
        loop {
            tokio::select! {
                command = self.inbox.recv() => match command {
                    Some(v) => {
                        self.follows.note_sent(&v);
                        if let Err(e) = client.say(&v).await {
                            *self.unsent = Some(v);
                            return End::Lost(e.to_string());
                        }
                    }
                    None => return End::Closed,
                },
                message = client.recv(config.idle) => match message {
                    Ok(v) => {
                        pinged = false;
                        // A kind this client does not know, or one that does not read as its
                        // kind, is skipped: a newer server may send what this one lacks.
                        let Ok(msg) = ServerMsg::deserialize(&v) else { continue };
                        self.follows.note_received(&msg);
                        let event = match msg {
                            ServerMsg::Pong { .. } | ServerMsg::Unknown => continue,
                            ServerMsg::Welcome { .. } => {
                                client.take_identity(&msg);
                                *self.token = Some(client.token.clone());
                                LinkEvent::Welcome {
                                    name: client.name.clone(),
                                    guest: client.guest,
                                    token: client.token.clone(),
                                }
                            }
                            msg => LinkEvent::Message(msg),
                        };
                        if self.events.send(event).is_err() {
                            return End::Closed;
                        }
                    }
                    Err(ClientError::Timeout(_)) if pinged => {
                        return End::Lost("the server stopped answering".into());
                    }
                    Err(ClientError::Timeout(_)) => {
                        pings += 1;
                        pinged = true;
                        if let Err(e) = client.say(&ClientMsg::Ping { n: pings }).await {
                            return End::Lost(e.to_string());
                        }
                    }
                    Err(e) => return End::Lost(e.to_string()),
                },
            }
        }
    }
}
