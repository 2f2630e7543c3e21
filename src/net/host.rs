//! The host: listens, lets in the players through its [door](super::door) (one thread for all
//! handshakes), and runs the authoritative game and clocks on one session thread that both
//! players' requests go through.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use super::conn::{Bucket, Conn, Input};
use super::door::{Door, Seat};
use super::wire::{Ask, BYE_BUSY, BYE_REPLACED, Msg, PROTOCOL_VERSION, Token};
use super::{
    DEFAULT_PORT, Epoch, NetCommand, NetError, NetEvent, NetHandle, Timing, new_code,
    normalize_code,
};
use crate::rules::clock::TimeControl;
use crate::rules::clock::{ClockReading, Clocks};
use crate::rules::record::termination_name;
use crate::rules::{Game, Outcome, Side, Variant};

/// Closed connections whose threads may still be ending (each at most a second, see
/// [`super::conn`]); beyond this the oldest is cut at once, so a player reconnecting in a
/// tight loop cannot pile up threads either.
pub(crate) const MAX_RETIRED: usize = 4;

/// The longest the session thread sleeps, so it notices flag falls and silent peers promptly.
const MAX_WAIT: Duration = Duration::from_millis(100);

/// How a host starts.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// The address to listen on: all of this machine's IPv4 addresses by default.
    pub bind: IpAddr,
    /// The port: [`DEFAULT_PORT`] by default; 0 picks a free one.
    pub port: u16,
    /// The join code; a fresh random one when `None`.
    pub code: Option<String>,
    /// The side the host plays.
    pub side: Side,
    /// The game to play on: a new one, or one resumed.
    pub game: Game,
    /// The clocks (stopped; they start when the opponent first joins), `None` untimed.
    pub clocks: Option<Clocks>,
    /// The host's name, shown to the joiner.
    pub name: String,
    /// Heartbeats and timeouts.
    pub timing: Timing,
}

impl HostConfig {
    /// A new game of Parachess from the start, the host playing `side`, with clocks at
    /// `control`.
    pub fn new(side: Side, control: Option<TimeControl>) -> HostConfig {
        HostConfig::in_variant(Variant::parachess(), side, control)
    }

    /// A new game of `variant` from its start (the joiner learns the variant, a player's own
    /// one with its whole definition, in the full state).
    pub fn in_variant(
        variant: &'static Variant,
        side: Side,
        control: Option<TimeControl>,
    ) -> HostConfig {
        let game = Game::from_position(variant.start());
        let turn = game.position().turn();
        HostConfig {
            bind: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            port: DEFAULT_PORT,
            code: None,
            side,
            game,
            clocks: control.map(|c| Clocks::new(c, turn)),
            name: String::new(),
            timing: Timing::default(),
        }
    }
}

/// Where the players can reach a host listening on `addr`: `addr` itself, or, when it listens
/// on all addresses, each of this machine's (loopback last).
pub fn local_addresses(addr: SocketAddr) -> Vec<SocketAddr> {
    if !addr.ip().is_unspecified() {
        return vec![addr];
    }
    let mut found: Vec<SocketAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|i| i.ip())
        .filter(|ip| ip.is_ipv4() == addr.is_ipv4() && !ip.is_unspecified())
        .filter(|ip| match ip {
            // Link-local IPv6 addresses need a scope to be dialled; leave them out.
            IpAddr::V6(v6) => (v6.segments()[0] & 0xffc0) != 0xfe80,
            IpAddr::V4(_) => true,
        })
        .map(|ip| SocketAddr::new(ip, addr.port()))
        .collect();
    found.sort_by_key(|a| (a.ip().is_loopback(), a.ip()));
    found.dedup();
    found
}

/// Starts hosting: binds the port (errors come back at once), then serves on background
/// threads. The handle's [`NetHandle::listening`] gives the port and join code to show.
pub fn host(config: HostConfig) -> Result<NetHandle, NetError> {
    let code = match &config.code {
        Some(c) => normalize_code(c)?,
        None => new_code(),
    };
    let addr = SocketAddr::new(config.bind, config.port);
    let listen_error = |source| NetError::Listen { addr, source };
    let listener = TcpListener::bind(addr).map_err(listen_error)?;
    let local = listener.local_addr().map_err(listen_error)?;
    listener.set_nonblocking(true).map_err(listen_error)?;
    let (inputs, inbox) = mpsc::channel();
    let (events, outbox) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let timing = config.timing.sane();
    let seat = Arc::new(Seat {
        token: Token::random().map_err(NetError::Random)?,
        taken: AtomicBool::new(false),
    });
    {
        let door = Door::new(listener, code.clone(), seat.clone(), inputs.clone(), timing);
        let stop = stop.clone();
        std::thread::Builder::new()
            .name("net-door".into())
            .spawn(move || door.run(&stop))
            .map_err(NetError::Thread)?;
    }
    let game = config.game;
    let mut clocks = config.clocks;
    if let Some(c) = &mut clocks {
        c.pause(Duration::ZERO);
        c.switch_to(game.position().turn(), Duration::ZERO);
    }
    let session = Session {
        game,
        clocks,
        me: config.side,
        name: config.name,
        timing,
        epoch: Epoch(Instant::now()),
        peer: None,
        retired: Vec::new(),
        seat,
        next_id: 1,
        started: false,
        draw_offer: None,
        takeback: None,
        events,
        inputs: inputs.clone(),
    };
    let thread = std::thread::Builder::new()
        .name("net-host".into())
        .spawn(move || session.run(&inbox))
        .map_err(NetError::Thread)?;
    Ok(NetHandle {
        inputs,
        events: outbox,
        stop,
        session: Some(thread),
        listening: Some((local, code)),
        seat: None,
    })
}

/// A reading as the wire carries it (whole milliseconds), so that the host's own front end sees
/// exactly what the joiner sees.
fn wire(reading: ClockReading) -> ClockReading {
    ClockReading {
        remaining: reading
            .remaining
            .map(|d| Duration::from_millis(d.as_millis().try_into().unwrap_or(u64::MAX))),
        ..reading
    }
}

/// The connected joiner.
struct Peer {
    conn: Conn,
    bucket: Bucket,
    /// The number of the last `ping` sent, and when.
    ping: (u64, Instant),
    /// When the peer last answered a ping (or connected).
    heard: Instant,
}

/// The authoritative game.
struct Session {
    game: Game,
    clocks: Option<Clocks>,
    me: Side,
    name: String,
    timing: Timing,
    epoch: Epoch,
    peer: Option<Peer>,
    /// Closed connections whose threads are still ending, oldest first.
    retired: Vec<Conn>,
    seat: Arc<Seat>,
    next_id: u64,
    /// Whether a joiner ever arrived: the game (and its clocks) starts then.
    started: bool,
    draw_offer: Option<Side>,
    takeback: Option<Side>,
    events: Sender<NetEvent>,
    inputs: Sender<Input>,
}

impl Session {
    fn run(mut self, inbox: &Receiver<Input>) {
        loop {
            match inbox.recv_timeout(self.wait()) {
                Ok(Input::Shutdown) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(input) => self.handle(input),
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.tick();
        }
        if let Some(mut peer) = self.peer.take() {
            peer.conn.close(Some("the host closed the game"));
            peer.conn.finish(Duration::from_secs(1));
        }
        for conn in self.retired.drain(..) {
            conn.kill();
        }
    }

    /// Keeps a closed connection until its threads end; cuts the oldest beyond
    /// [`MAX_RETIRED`].
    fn retire(&mut self, conn: Conn) {
        self.retired.retain(|c| !c.finished());
        self.retired.push(conn);
        while self.retired.len() > MAX_RETIRED {
            self.retired.remove(0).kill();
        }
    }

    fn emit(&self, event: NetEvent) {
        let _ = self.events.send(event);
    }

    /// How long to sleep: until the next ping or the flag fall, at most [`MAX_WAIT`].
    fn wait(&self) -> Duration {
        let mut wait = MAX_WAIT;
        if let Some(peer) = &self.peer {
            let next =
                (peer.ping.1 + self.timing.heartbeat).saturating_duration_since(Instant::now());
            wait = wait.min(next);
        }
        if !self.game.is_over()
            && let Some(flag) = self
                .clocks
                .as_ref()
                .and_then(|c| c.time_to_flag(self.epoch.now()))
        {
            wait = wait.min(flag.saturating_add(Duration::from_millis(1)));
        }
        wait
    }

    fn handle(&mut self, input: Input) {
        match input {
            Input::Command(command) => {
                if let Err(why) = self.act(self.me, command) {
                    self.emit(NetEvent::Refused(why));
                }
            }
            Input::Joined {
                stream,
                name,
                fresh,
            } => self.joined(stream, name, fresh),
            Input::Peer { conn, msg } => {
                if self.current(conn) {
                    self.on_peer(msg);
                }
            }
            Input::Malformed { conn, why } => {
                if self.current(conn) && self.spend() {
                    self.send(Msg::Error(format!("not understood: {why}")));
                }
            }
            Input::Gone { conn, why } => {
                if self.peer.as_ref().is_some_and(|p| p.conn.id == conn) {
                    // Say why, in case the peer still reads (a line too long, a flood).
                    self.drop_peer(&format!("the connection was lost: {why}"), Some(&why));
                }
            }
            Input::Shutdown => {}
        }
    }

    /// Whether `conn` is the joiner's connection; counts its message as handled.
    fn current(&self, conn: u64) -> bool {
        match &self.peer {
            Some(p) if p.conn.id == conn => {
                p.conn.handled_one();
                true
            }
            _ => false,
        }
    }

    /// Charges the joiner one message; one over its allowance ends the connection.
    fn spend(&mut self) -> bool {
        let ok = self.peer.as_mut().is_some_and(|p| p.bucket.spend());
        if !ok && self.peer.is_some() {
            self.drop_peer(
                "the opponent sent too many messages",
                Some("too many messages"),
            );
        }
        ok
    }

    fn tick(&mut self) {
        let now = self.epoch.now();
        self.check_flag(now);
        self.retired.retain(|c| !c.finished());
        let Some(peer) = &mut self.peer else {
            return;
        };
        if peer.heard.elapsed() > self.timing.peer_timeout {
            let secs = self.timing.peer_timeout.as_secs_f32();
            self.drop_peer(
                &format!("the opponent did not answer for {secs} s"),
                Some("no answer to ping"),
            );
        } else if peer.ping.1.elapsed() >= self.timing.heartbeat {
            peer.ping = (peer.ping.0 + 1, Instant::now());
            let ping = Msg::Ping(peer.ping.0);
            self.send(ping);
        }
    }

    /// Sends to the joiner, if connected; a joiner that does not keep up is dropped.
    fn send(&mut self, msg: Msg) {
        if let Some(peer) = &self.peer
            && !peer.conn.send(&msg)
        {
            self.drop_peer("the opponent stopped reading", None);
        }
    }

    fn drop_peer(&mut self, reason: &str, bye: Option<&str>) {
        if let Some(mut peer) = self.peer.take() {
            peer.conn.close(bye);
            self.retire(peer.conn);
            self.draw_offer = None;
            self.takeback = None;
            self.emit(NetEvent::Disconnected {
                reason: reason.to_string(),
                reconnecting: true,
            });
        }
    }

    /// The door let in a player: the first to take the seat, or its holder coming back (which
    /// replaces the older connection). When the connection cannot start (no threads or
    /// descriptors left) nothing changes: the older connection, if any, stays, and a free seat
    /// is given back.
    fn joined(&mut self, stream: TcpStream, name: String, fresh: bool) {
        let id = self.next_id;
        self.next_id += 1;
        let conn = match stream
            .try_clone()
            .and_then(|s| Conn::spawn(s, id, self.inputs.clone(), &self.timing))
        {
            Ok(conn) => conn,
            Err(_) => {
                if fresh {
                    self.seat.taken.store(false, Ordering::Relaxed);
                }
                let mut stream = stream;
                let _ = stream.set_write_timeout(Some(Duration::from_millis(100)));
                let _ = writeln!(stream, "{}", Msg::Bye(BYE_BUSY.into()));
                let _ = stream.shutdown(Shutdown::Both);
                return;
            }
        };
        drop(stream);
        if let Some(mut old) = self.peer.take() {
            old.conn.close(Some(BYE_REPLACED));
            self.retire(old.conn);
        }
        self.peer = Some(Peer {
            conn,
            bucket: Bucket::new(),
            ping: (0, Instant::now()),
            heard: Instant::now(),
        });
        let now = self.epoch.now();
        if !self.started {
            self.started = true;
            if let Some(c) = &mut self.clocks
                && !self.game.is_over()
            {
                c.resume(now);
            }
        }
        self.check_flag(now);
        self.send(Msg::Welcome {
            version: PROTOCOL_VERSION,
            you: !self.me,
            token: self.seat.token,
            name: self.name.clone(),
        });
        self.send_state();
        self.emit(NetEvent::Connected { name });
        if let Some(c) = &self.clocks {
            self.emit(NetEvent::Clock(wire(c.reading(now))));
        }
    }

    fn send_state(&mut self) {
        let moves: Vec<String> = self.game.plies().iter().map(|p| p.text.clone()).collect();
        let now = self.epoch.now();
        let outcome = self.game.outcome();
        let over = outcome.map(|o| (o.result_text(), termination_name(o)));
        for msg in Msg::state(
            self.game.start_position(),
            &moves,
            self.clocks.as_ref().map(Clocks::control),
            self.clocks.as_ref().map(|c| wire(c.reading(now))),
            over,
        ) {
            self.send(msg);
        }
    }

    /// A message from the joiner.
    fn on_peer(&mut self, msg: Msg) {
        if !self.spend() {
            return;
        }
        let them = !self.me;
        let command = match msg {
            Msg::Ping(n) => return self.send(Msg::Pong(n)),
            Msg::Pong(n) => {
                if let Some(peer) = &mut self.peer
                    && n == peer.ping.0
                {
                    peer.heard = Instant::now();
                }
                return;
            }
            Msg::Sync => return self.send_state(),
            Msg::Bye(reason) => {
                let reason = format!("the opponent left: {}", super::wire::clip(&reason));
                return self.drop_peer(&reason, None);
            }
            // The joiner refused something of ours; nothing to do.
            Msg::Error(_) => return,
            Msg::Move(text) => {
                self.check_flag(self.epoch.now());
                if let Some(outcome) = self.game.outcome() {
                    return self.send(Msg::Error(format!("the game is over: {outcome}")));
                }
                if self.game.position().turn() != them {
                    return self.send(Msg::Error("it is not your turn".into()));
                }
                match self.game.position().parse_move(&text) {
                    Ok(mv) => NetCommand::Move(mv),
                    Err(e) => return self.send(Msg::Error(e.to_string())),
                }
            }
            Msg::Draw(Ask::Ask) => NetCommand::OfferDraw,
            Msg::Draw(Ask::Accept) => NetCommand::AcceptDraw,
            Msg::Draw(Ask::Decline) => NetCommand::DeclineDraw,
            Msg::Takeback(Ask::Ask) => NetCommand::AskTakeback,
            Msg::Takeback(Ask::Accept) => NetCommand::AcceptTakeback,
            Msg::Takeback(Ask::Decline) => NetCommand::DeclineTakeback,
            Msg::Resign => NetCommand::Resign,
            other => {
                let head = other.to_string();
                let head = head.split(' ').next().unwrap_or_default().to_string();
                return self.send(Msg::Error(format!("{head} is not for the host")));
            }
        };
        let was_move = matches!(command, NetCommand::Move(_));
        match self.act(them, command) {
            Ok(()) if was_move => {
                if let Some(p) = &mut self.peer {
                    p.bucket.refund();
                }
            }
            Ok(()) => {}
            Err(why) => self.send(Msg::Error(why)),
        }
    }

    /// Tells `to` about something the other player did: the joiner by a message, the host's
    /// own front end by an event.
    fn tell(&mut self, to: Side, msg: Msg, event: NetEvent) {
        if to == self.me {
            self.emit(event);
        } else {
            self.send(msg);
        }
    }

    /// A request of `side`'s player, checked against the game.
    fn act(&mut self, side: Side, command: NetCommand) -> Result<(), String> {
        let now = self.epoch.now();
        self.check_flag(now);
        if !self.started {
            return Err("the game starts when the opponent joins".into());
        }
        if let Some(outcome) = self.game.outcome() {
            return Err(format!("the game is over: {outcome}"));
        }
        let other = !side;
        let connected = self.peer.is_some();
        match command {
            NetCommand::Move(mv) => {
                if self.game.position().turn() != side {
                    return Err("it is not your turn".into());
                }
                let text = self.game.play(mv).map_err(|e| e.to_string())?.text.clone();
                let clock = self.clocks.as_mut().map(|c| {
                    // Cannot fail: a flag that had fallen ended the game above.
                    let _ = c.moved(now);
                    wire(c.reading(now))
                });
                self.draw_offer = None;
                self.takeback = None;
                let ply = self.game.plies().len();
                self.send(Msg::Played {
                    ply,
                    text: text.clone(),
                    clock,
                });
                self.emit(NetEvent::Moved {
                    ply,
                    mv,
                    text,
                    side,
                    clock,
                });
                if let Some(outcome) = self.game.outcome() {
                    self.announce(outcome, now);
                }
            }
            NetCommand::OfferDraw if self.draw_offer == Some(other) => {
                self.end(Outcome::Agreement, now);
            }
            NetCommand::OfferDraw => {
                if self.draw_offer == Some(side) {
                    return Err("your draw offer is already waiting for an answer".into());
                }
                if !connected {
                    return Err("the opponent is not connected".into());
                }
                self.draw_offer = Some(side);
                self.tell(
                    other,
                    Msg::Draw(Ask::Ask),
                    NetEvent::DrawOffered { by: side },
                );
            }
            NetCommand::AcceptDraw | NetCommand::DeclineDraw if self.draw_offer != Some(other) => {
                return Err("there is no draw offer to answer".into());
            }
            NetCommand::AcceptDraw => self.end(Outcome::Agreement, now),
            NetCommand::DeclineDraw => {
                self.draw_offer = None;
                let event = NetEvent::DrawDeclined { by: side };
                self.tell(other, Msg::Draw(Ask::Decline), event);
            }
            NetCommand::Resign => self.end(Outcome::Resignation { winner: other }, now),
            NetCommand::AskTakeback => {
                if self.takeback_plies(side).is_none() {
                    return Err("you have no move to take back".into());
                }
                if self.takeback == Some(side) {
                    return Err("your takeback request is already waiting for an answer".into());
                }
                if !connected {
                    return Err("the opponent is not connected".into());
                }
                self.takeback = Some(side);
                self.tell(
                    other,
                    Msg::Takeback(Ask::Ask),
                    NetEvent::TakebackAsked { by: side },
                );
            }
            NetCommand::AcceptTakeback | NetCommand::DeclineTakeback
                if self.takeback != Some(other) =>
            {
                return Err("there is no takeback request to answer".into());
            }
            NetCommand::AcceptTakeback => {
                let Some(count) = self.takeback_plies(other) else {
                    self.takeback = None;
                    return Err("there is no move left to take back".into());
                };
                for _ in 0..count {
                    self.game.undo();
                }
                let turn = self.game.position().turn();
                let clock = self.clocks.as_mut().map(|c| {
                    c.switch_to(turn, now);
                    wire(c.reading(now))
                });
                self.takeback = None;
                self.draw_offer = None;
                let plies = self.game.plies().len();
                self.send(Msg::Undone { plies, clock });
                self.emit(NetEvent::TakenBack { plies, clock });
            }
            NetCommand::DeclineTakeback => {
                self.takeback = None;
                let event = NetEvent::TakebackDeclined { by: side };
                self.tell(other, Msg::Takeback(Ask::Decline), event);
            }
        }
        Ok(())
    }

    /// How many half-moves a takeback for `side` removes: its last move, and the opponent's
    /// answer when there is one.
    fn takeback_plies(&self, side: Side) -> Option<usize> {
        let plies = self.game.plies().len();
        let count = if self.game.position().turn() == side {
            2
        } else {
            1
        };
        (plies >= count).then_some(count)
    }

    /// Ends the game with a result the players decided.
    fn end(&mut self, outcome: Outcome, now: Duration) {
        if self.game.declare(outcome).is_ok() {
            self.announce(outcome, now);
        }
    }

    /// Stops the clocks and tells both players how the game ended.
    fn announce(&mut self, outcome: Outcome, now: Duration) {
        if let Some(c) = &mut self.clocks {
            c.pause(now);
        }
        self.draw_offer = None;
        self.takeback = None;
        self.send(Msg::Over {
            result: outcome.result_text().into(),
            termination: termination_name(outcome).into(),
        });
        self.emit(NetEvent::GameOver(outcome));
    }

    /// Ends the game if the side to move has run out of time.
    fn check_flag(&mut self, now: Duration) {
        if self.game.is_over() || !self.started {
            return;
        }
        let Some(side) = self.clocks.as_ref().and_then(|c| c.flagged(now)) else {
            return;
        };
        if let Ok(outcome) = self.game.flag(side) {
            self.announce(outcome, now);
        }
    }
}
