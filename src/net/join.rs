//! The joiner: connects (and reconnects) to a host, keeps a checked copy of the game, and turns
//! the local player's requests into messages for the host to decide.

use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::conn::{Bucket, Conn, Input};
use super::mirror::conclude;
use super::wire::{
    Ask, BYE_REPLACED, MAX_STATE_PLIES, MAX_VARIANT_DEF, Msg, PROTOCOL_VERSION, Token,
    bye_retryable, clip,
};
use super::{
    Epoch, NetCommand, NetError, NetEvent, NetGame, NetHandle, NetState, Timing, normalize_code,
    outcome_from_result,
};
use crate::rules::clock::{ClockReading, TimeControl};
use crate::rules::{Game, Side, Variant};

/// The longest the session thread sleeps between looks at its timers.
const MAX_WAIT: Duration = Duration::from_millis(100);

/// How a joiner connects.
#[derive(Clone, Debug)]
pub struct JoinConfig {
    /// The host's address, `host:port` (`192.168.1.20:47317`, `[::1]:47317`, `name:47317`).
    pub addr: String,
    /// The join code the host shows.
    pub code: String,
    /// The joiner's name, shown to the host.
    pub name: String,
    /// Heartbeats, timeouts and reconnect attempts.
    pub timing: Timing,
    /// The seat's token from an earlier run of this program (kept in the data folder), so
    /// that a player whose program died takes the seat back; `None` for a newcomer.
    pub token: Option<Token>,
}

impl JoinConfig {
    /// Joining `addr` with `code`, default timing, no name.
    pub fn new(addr: impl Into<String>, code: impl Into<String>) -> JoinConfig {
        JoinConfig {
            addr: addr.into(),
            code: code.into(),
            name: String::new(),
            timing: Timing::default(),
            token: None,
        }
    }
}

/// Starts joining: checks the code and the address's form at once, then connects on a
/// background thread (a bad address or a refused code comes as [`NetEvent::Stopped`]).
pub fn join(config: JoinConfig) -> Result<NetHandle, NetError> {
    let code = normalize_code(&config.code)?;
    let addr = config.addr.trim().to_string();
    let port_ok = addr
        .rsplit_once(':')
        .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok_and(|p| p > 0));
    if !port_ok || addr.len() > 255 {
        return Err(NetError::BadAddress(addr.chars().take(60).collect()));
    }
    let (inputs, inbox) = mpsc::channel();
    let (events, outbox) = mpsc::channel();
    let seat = Arc::new(Mutex::new(config.token));
    let client = Client {
        addr,
        code,
        name: config.name,
        timing: config.timing.sane(),
        epoch: Epoch(Instant::now()),
        events,
        inputs: inputs.clone(),
        conn: None,
        link: Link::new(),
        phase: Phase::Down {
            retry_at: Instant::now(),
        },
        net: None,
        token: config.token,
        seat: seat.clone(),
        failures: 0,
        replaced: 0,
        next_id: 1,
        done: false,
    };
    let thread = std::thread::Builder::new()
        .name("net-join".into())
        .spawn(move || client.run(&inbox))
        .map_err(NetError::Thread)?;
    Ok(NetHandle {
        inputs,
        events: outbox,
        stop: Arc::new(AtomicBool::new(false)),
        session: Some(thread),
        listening: None,
        seat: Some(seat),
    })
}

/// Liveness and flood bookkeeping of the current connection.
struct Link {
    bucket: Bucket,
    ping: (u64, Instant),
    heard: Instant,
}

impl Link {
    fn new() -> Link {
        Link {
            bucket: Bucket::new(),
            ping: (0, Instant::now()),
            heard: Instant::now(),
        }
    }
}

/// The variant a full state names: Parachess when it names none, a built-in one by its
/// name, or the definition its `variantdef` lines carry (whose name must be the one given).
fn state_variant(name: Option<&str>, def: &str) -> Result<&'static Variant, String> {
    match (name, def.is_empty()) {
        (None, true) => Ok(Variant::parachess()),
        (None, false) => Err("a variant definition without its name".into()),
        (Some(name), true) => match Variant::named(name) {
            Ok(v) if v.is_builtin() => Ok(v),
            _ => Err(format!(
                "the host plays {:?}, a variant this program does not know",
                clip(name)
            )),
        },
        (Some(name), false) => {
            let v = Variant::from_inline_toml(def)
                .map_err(|e| format!("the host's variant {:?}: {e}", clip(name)))?;
            if v.name() != name {
                return Err(format!(
                    "the variant definition is {:?}, not {:?}",
                    clip(v.name()),
                    clip(name)
                ));
            }
            Ok(v)
        }
    }
}

/// A full state being received.
#[derive(Default)]
struct Incoming {
    you: Option<Side>,
    host: String,
    /// The `variantdef` lines so far, joined.
    def: String,
    /// The `variant` line's name.
    variant: Option<String>,
    header: Option<(usize, Option<TimeControl>, String)>,
    moves: Vec<String>,
    clock: Option<ClockReading>,
    over: Option<(String, String)>,
}

enum Phase {
    /// Not connected; the next attempt at `retry_at`.
    Down { retry_at: Instant },
    /// Hello sent; waiting for the welcome and the full state until `deadline`.
    Handshake {
        deadline: Instant,
        incoming: Box<Incoming>,
    },
    /// Playing.
    Up,
}

struct Client {
    addr: String,
    code: String,
    name: String,
    timing: Timing,
    epoch: Epoch,
    events: Sender<NetEvent>,
    inputs: Sender<Input>,
    conn: Option<Conn>,
    link: Link,
    phase: Phase,
    /// The game as the host last said, checked.
    net: Option<NetGame>,
    /// The seat's token from the host's `welcome` (or the one this joiner was started with),
    /// presented on every reconnection.
    token: Option<Token>,
    /// The same, shared with the handle so the front end can keep it on disk.
    seat: Arc<Mutex<Option<Token>>>,
    /// Connection attempts that failed in a row.
    failures: u32,
    /// Times another connection with this seat's token took the seat; counted over the whole
    /// session (a successful reconnection does not reset it), so two parties holding one
    /// token cannot push each other out for ever.
    replaced: u32,
    next_id: u64,
    done: bool,
}

impl Client {
    fn run(mut self, inbox: &Receiver<Input>) {
        while !self.done {
            if let Phase::Down { retry_at } = self.phase
                && Instant::now() >= retry_at
            {
                self.connect();
                continue;
            }
            match inbox.recv_timeout(self.wait()) {
                Ok(Input::Shutdown) | Err(RecvTimeoutError::Disconnected) => {
                    if let Some(mut conn) = self.conn.take() {
                        conn.close(Some("the player left"));
                        conn.finish(Duration::from_secs(1));
                    }
                    return;
                }
                Ok(input) => self.handle(input),
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.tick();
        }
    }

    fn emit(&self, event: NetEvent) {
        let _ = self.events.send(event);
    }

    fn wait(&self) -> Duration {
        match self.phase {
            Phase::Down { retry_at } => retry_at
                .saturating_duration_since(Instant::now())
                .min(MAX_WAIT),
            _ => MAX_WAIT,
        }
    }

    /// One attempt to reach the host and send the hello.
    fn connect(&mut self) {
        let attempt = || -> Result<Conn, String> {
            let addrs: Vec<SocketAddr> = self
                .addr
                .to_socket_addrs()
                .map_err(|e| format!("cannot find {}: {e}", self.addr))?
                .collect();
            let mut last = format!("no address for {}", self.addr);
            for addr in addrs.iter().take(4) {
                match TcpStream::connect_timeout(addr, self.timing.connect_timeout) {
                    Ok(stream) => {
                        return Conn::spawn(
                            stream,
                            self.next_id,
                            self.inputs.clone(),
                            &self.timing,
                        )
                        .map_err(|e| e.to_string());
                    }
                    Err(e) => last = format!("cannot connect to {addr}: {e}"),
                }
            }
            Err(last)
        };
        match attempt() {
            Ok(conn) => {
                self.next_id += 1;
                let hello = Msg::Hello {
                    version: PROTOCOL_VERSION,
                    code: self.code.clone(),
                    token: self.token,
                    name: self.name.clone(),
                };
                conn.send(&hello);
                self.conn = Some(conn);
                self.link = Link::new();
                self.phase = Phase::Handshake {
                    deadline: Instant::now() + self.timing.handshake,
                    incoming: Box::default(),
                };
            }
            Err(why) => self.failed(&why),
        }
    }

    /// An attempt failed or a connection dropped: try again later, or give up.
    fn failed(&mut self, why: &str) {
        if let Some(conn) = self.conn.take() {
            conn.kill();
        }
        self.failures += 1;
        if self.failures >= self.timing.reconnect_attempts.max(1) {
            let tries = self.failures;
            self.stop(format!(
                "gave up after {tries} attempts to reach the host: {why}"
            ));
        } else {
            self.phase = Phase::Down {
                retry_at: Instant::now() + self.timing.reconnect_delay,
            };
        }
    }

    /// The connection was lost after play began.
    fn lost(&mut self, why: &str) {
        if self.net.as_ref().is_some_and(|n| n.game.is_over()) {
            return self.stop(format!("the connection closed after the game: {why}"));
        }
        self.emit(NetEvent::Disconnected {
            reason: why.to_string(),
            reconnecting: true,
        });
        self.failed(why);
    }

    fn stop(&mut self, why: String) {
        if let Some(mut conn) = self.conn.take() {
            conn.close(None);
        }
        if !self.done {
            self.done = true;
            self.emit(NetEvent::Stopped(why));
        }
    }

    /// The host broke the protocol: leave for good (reconnecting would meet the same host).
    fn broken(&mut self, why: &str) {
        if let Some(conn) = &mut self.conn {
            conn.close(Some(&format!("protocol error: {why}")));
        }
        self.stop(format!("the host broke the protocol: {why}"));
    }

    fn send(&mut self, msg: &Msg) {
        if let Some(conn) = &self.conn
            && !conn.send(msg)
        {
            self.lost("the host stopped reading");
        }
    }

    fn tick(&mut self) {
        if self.conn.is_none() {
            return;
        }
        if let Phase::Handshake { deadline, .. } = self.phase
            && Instant::now() > deadline
        {
            return self.failed("the host did not answer in time");
        }
        if self.link.heard.elapsed() > self.timing.peer_timeout {
            let secs = self.timing.peer_timeout.as_secs_f32();
            return self.lost(&format!("the host did not answer for {secs} s"));
        }
        if self.link.ping.1.elapsed() >= self.timing.heartbeat {
            self.link.ping = (self.link.ping.0 + 1, Instant::now());
            self.send(&Msg::Ping(self.link.ping.0));
        }
    }

    fn handle(&mut self, input: Input) {
        match input {
            Input::Command(command) => self.command(command),
            Input::Peer { conn, msg } => {
                // A full state may be long; it is bounded by its own size and deadline.
                if self.current(conn) {
                    if matches!(self.phase, Phase::Up) && !self.link.bucket.spend() {
                        return self.broken("too many messages");
                    }
                    self.on_host(msg);
                }
            }
            Input::Malformed { conn, why } => {
                if self.current(conn) {
                    self.broken(&format!("a line that is not a message ({why})"));
                }
            }
            Input::Gone { conn, why } => {
                if self.conn.as_ref().is_some_and(|c| c.id == conn) {
                    self.conn = None;
                    match self.phase {
                        Phase::Up => self.lost(&format!("the connection was lost: {why}")),
                        _ => self.failed(&format!("the connection was lost: {why}")),
                    }
                }
            }
            Input::Joined { .. } | Input::Shutdown => {}
        }
    }

    fn current(&self, conn: u64) -> bool {
        match &self.conn {
            Some(c) if c.id == conn => {
                c.handled_one();
                true
            }
            _ => false,
        }
    }

    /// The local player's request: checked here as far as this end can, decided by the host.
    fn command(&mut self, command: NetCommand) {
        let Some(net) = self
            .net
            .as_ref()
            .filter(|_| matches!(self.phase, Phase::Up))
        else {
            return self.emit(NetEvent::Refused("not connected to the host".into()));
        };
        if let Some(outcome) = net.game.outcome() {
            return self.emit(NetEvent::Refused(format!("the game is over: {outcome}")));
        }
        let msg = match command {
            NetCommand::Move(mv) => {
                if !net.my_turn() {
                    return self.emit(NetEvent::Refused("it is not your turn".into()));
                }
                if let Err(e) = net.game.position().check_move(mv) {
                    return self.emit(NetEvent::Refused(e.to_string()));
                }
                Msg::Move(net.game.position().move_text(mv))
            }
            NetCommand::OfferDraw => Msg::Draw(Ask::Ask),
            NetCommand::AcceptDraw => Msg::Draw(Ask::Accept),
            NetCommand::DeclineDraw => Msg::Draw(Ask::Decline),
            NetCommand::Resign => Msg::Resign,
            NetCommand::AskTakeback => Msg::Takeback(Ask::Ask),
            NetCommand::AcceptTakeback => Msg::Takeback(Ask::Accept),
            NetCommand::DeclineTakeback => Msg::Takeback(Ask::Decline),
        };
        self.send(&msg);
    }

    fn on_host(&mut self, msg: Msg) {
        match msg {
            Msg::Ping(n) => return self.send(&Msg::Pong(n)),
            Msg::Pong(n) => {
                if n == self.link.ping.0 {
                    self.link.heard = Instant::now();
                }
                return;
            }
            Msg::Bye(reason) => return self.bye(&reason),
            _ => {}
        }
        match &mut self.phase {
            Phase::Handshake { incoming, .. } => {
                let mut incoming = std::mem::take(incoming);
                match self.receive_state(&mut incoming, msg) {
                    Ok(true) => {}
                    Ok(false) => {
                        if let Phase::Handshake { incoming: slot, .. } = &mut self.phase {
                            *slot = incoming;
                        }
                    }
                    Err(why) => self.broken(&why),
                }
            }
            Phase::Up => {
                if let Err(why) = self.play(msg) {
                    self.broken(&why);
                }
            }
            Phase::Down { .. } => {}
        }
    }

    /// The host closes this connection: for good, or (the seat taken by another connection with
    /// its token, a busy host) only this one, and then the joiner tries again while its
    /// attempts last, saying why.
    fn bye(&mut self, reason: &str) {
        let text = clip(reason);
        let up = matches!(self.phase, Phase::Up);
        if !bye_retryable(reason) {
            return self.stop(if up {
                format!("the host ended the connection: {text}")
            } else {
                format!("the host refused: {text}")
            });
        }
        if reason == BYE_REPLACED {
            self.replaced += 1;
            if self.replaced >= self.timing.reconnect_attempts {
                let times = self.replaced;
                return self.stop(format!("{BYE_REPLACED} ({times} times): gave up"));
            }
        }
        let why = if up {
            text
        } else {
            // "refused: the host is busy, retrying", not "..., try again".
            let cause = text
                .trim_end_matches("try again")
                .trim_end_matches([',', ' ']);
            format!("refused: {cause}, retrying")
        };
        if up {
            self.lost(&why);
        } else {
            self.emit(NetEvent::Disconnected {
                reason: why.clone(),
                reconnecting: true,
            });
            self.failed(&why);
        }
    }

    /// A message of the welcome and full state; `Ok(true)` once the state is complete.
    fn receive_state(&mut self, st: &mut Incoming, msg: Msg) -> Result<bool, String> {
        match (msg, st.you.is_some()) {
            (
                Msg::Welcome {
                    version,
                    you,
                    token,
                    name,
                },
                false,
            ) => {
                if version != PROTOCOL_VERSION {
                    return Err(format!(
                        "protocol version {version}, not {PROTOCOL_VERSION}"
                    ));
                }
                // The seat is this player's from now on, even if the state never arrives.
                self.token = Some(token);
                if let Ok(mut seat) = self.seat.lock() {
                    *seat = Some(token);
                }
                st.you = Some(you);
                st.host = name;
            }
            (
                Msg::Game {
                    plies,
                    control,
                    start,
                },
                true,
            ) if st.header.is_none() => {
                st.header = Some((plies, control, start));
            }
            (Msg::VariantDef(part), true) if st.header.is_none() && st.variant.is_none() => {
                if st.def.len() + part.len() > MAX_VARIANT_DEF {
                    return Err(format!(
                        "a variant definition longer than {MAX_VARIANT_DEF} bytes"
                    ));
                }
                st.def += &part;
            }
            (Msg::Variant(name), true) if st.header.is_none() && st.variant.is_none() => {
                st.variant = Some(name);
            }
            (Msg::Moves(moves), true) => {
                let expected = st.header.as_ref().map_or(0, |h| h.0);
                if st.moves.len() + moves.len() > expected.min(MAX_STATE_PLIES) {
                    return Err("more moves than announced".into());
                }
                st.moves.extend(moves);
            }
            (Msg::Clock(c), true) => st.clock = Some(c),
            (
                Msg::Over {
                    result,
                    termination,
                },
                true,
            ) => st.over = Some((result, termination)),
            (Msg::Ready, true) => {
                self.adopt(st)?;
                return Ok(true);
            }
            (Msg::Error(text), _) => {
                return Err(format!("error during the handshake: {}", clip(&text)));
            }
            // Play messages that were on their way before a resync asked for the state again.
            (_, true) if st.header.is_none() => {}
            (other, _) => {
                let head = other.to_string();
                let head = head.split(' ').next().unwrap_or_default().to_string();
                return Err(format!("unexpected {head} during the handshake"));
            }
        }
        Ok(false)
    }

    /// Replays the full state through the rules and starts playing on it.
    fn adopt(&mut self, st: &mut Incoming) -> Result<(), String> {
        let (Some(you), Some((plies, control, start))) = (st.you, st.header.take()) else {
            return Err("a state without its game line".into());
        };
        if st.moves.len() != plies {
            return Err(format!("{plies} moves announced, {} sent", st.moves.len()));
        }
        let variant = state_variant(st.variant.as_deref(), &st.def)?;
        let start = variant
            .parse_position(&start)
            .map_err(|e| format!("the start position: {e}"))?;
        let mut game = Game::from_position(start);
        for (i, text) in st.moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("move {} {}: {e}", i + 1, clip(text)))?;
        }
        if let Some((result, termination)) = &st.over {
            let outcome =
                outcome_from_result(&game, result, termination).map_err(|e| e.to_string())?;
            conclude(&mut game, outcome).map_err(|e| e.to_string())?;
        }
        let state = NetState {
            game,
            you,
            control,
            clock: st.clock.filter(|_| control.is_some()),
            opponent: std::mem::take(&mut st.host),
        };
        let now = self.epoch.now();
        match &mut self.net {
            Some(net) => {
                let _ = net.apply(&NetEvent::State(Box::new(state.clone())), now);
            }
            None => self.net = Some(NetGame::from_state(&state, now)),
        }
        self.phase = Phase::Up;
        self.failures = 0;
        self.emit(NetEvent::Connected {
            name: state.opponent.clone(),
        });
        self.emit(NetEvent::State(Box::new(state)));
        Ok(())
    }

    /// A message while playing: checked against the copy of the game, then reported.
    fn play(&mut self, msg: Msg) -> Result<(), String> {
        let Some(net) = &mut self.net else {
            return Err("no game".into());
        };
        let host = !net.you;
        let now = self.epoch.now();
        let event = match msg {
            Msg::Played { ply, text, clock } => {
                if ply != net.game.plies().len() + 1 {
                    // Out of step (a message lost across a reconnection): ask for everything.
                    return self.resync();
                }
                let mv = net
                    .game
                    .position()
                    .parse_move(&text)
                    .map_err(|e| format!("move {ply} {}: {e}", clip(&text)))?;
                let side = net.game.position().turn();
                let text = net.game.position().move_text(mv);
                NetEvent::Moved {
                    ply,
                    mv,
                    text,
                    side,
                    clock,
                }
            }
            Msg::Clock(reading) => NetEvent::Clock(reading),
            Msg::Draw(Ask::Ask) => NetEvent::DrawOffered { by: host },
            Msg::Draw(Ask::Decline) => NetEvent::DrawDeclined { by: host },
            Msg::Takeback(Ask::Ask) => NetEvent::TakebackAsked { by: host },
            Msg::Takeback(Ask::Decline) => NetEvent::TakebackDeclined { by: host },
            Msg::Undone { plies, clock } => NetEvent::TakenBack { plies, clock },
            Msg::Over {
                result,
                termination,
            } => {
                let outcome = outcome_from_result(&net.game, &result, &termination)
                    .map_err(|e| e.to_string())?;
                NetEvent::GameOver(outcome)
            }
            Msg::Error(text) => NetEvent::Refused(clip(&text)),
            other => {
                let head = other.to_string();
                let head = head.split(' ').next().unwrap_or_default().to_string();
                self.send(&Msg::Error(format!("{head} is not for the joiner")));
                return Ok(());
            }
        };
        net.apply(&event, now).map_err(|e| e.to_string())?;
        if matches!(event, NetEvent::Moved { .. }) {
            // Moves are paced by the game itself, not by the flood guard.
            self.link.bucket.refund();
        }
        self.emit(event);
        Ok(())
    }

    /// Asks the host for the full state again.
    fn resync(&mut self) -> Result<(), String> {
        self.send(&Msg::Sync);
        let you = self.net.as_ref().map(|n| n.you);
        let host = self
            .net
            .as_ref()
            .map(|n| n.opponent.clone())
            .unwrap_or_default();
        self.phase = Phase::Handshake {
            deadline: Instant::now() + self.timing.handshake,
            incoming: Box::new(Incoming {
                you,
                host,
                ..Incoming::default()
            }),
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::wire::{BYE_BUSY, BYE_FULL, BYE_WRONG_CODE};

    /// A joiner with no thread and no connection, in `phase`.
    fn client(phase: Phase, attempts: u32) -> (Client, Receiver<NetEvent>) {
        let (inputs, _) = mpsc::channel();
        let (events, outbox) = mpsc::channel();
        let client = Client {
            addr: "127.0.0.1:9".into(),
            code: "AB3DEF".into(),
            name: String::new(),
            timing: Timing {
                reconnect_attempts: attempts,
                ..Timing::default()
            }
            .sane(),
            epoch: Epoch(Instant::now()),
            events,
            inputs,
            conn: None,
            link: Link::new(),
            phase,
            net: None,
            token: None,
            seat: Arc::default(),
            failures: 0,
            replaced: 0,
            next_id: 1,
            done: false,
        };
        (client, outbox)
    }

    fn handshake() -> Phase {
        Phase::Handshake {
            deadline: Instant::now(),
            incoming: Box::default(),
        }
    }

    #[test]
    fn a_refusal_about_the_player_ends_the_session() {
        for text in [BYE_FULL, BYE_WRONG_CODE, "the host closed the game"] {
            let (mut c, events) = client(handshake(), 30);
            c.bye(text);
            assert!(c.done, "{text}");
            let event = events.try_recv();
            assert!(
                matches!(&event, Ok(NetEvent::Stopped(why)) if why == &format!("the host refused: {text}")),
                "{event:?}"
            );
        }
    }

    #[test]
    fn a_replaced_or_busy_connection_is_tried_again_and_says_why() {
        let (mut c, events) = client(Phase::Up, 30);
        c.bye(BYE_REPLACED);
        assert!(!c.done && matches!(c.phase, Phase::Down { .. }));
        assert!(matches!(
            events.try_recv(),
            Ok(NetEvent::Disconnected { reason, reconnecting: true }) if reason == BYE_REPLACED
        ));
        let (mut c, events) = client(handshake(), 30);
        c.bye(BYE_BUSY);
        assert!(!c.done && matches!(c.phase, Phase::Down { .. }));
        assert!(matches!(
            events.try_recv(),
            Ok(NetEvent::Disconnected { reason, reconnecting: true })
                if reason == "refused: the host is busy, retrying"
        ));
        // Until the attempts are spent: replaced again and again, even between successful
        // reconnections, the joiner gives up.
        let (mut c, events) = client(Phase::Up, 3);
        for _ in 0..3 {
            c.phase = Phase::Up;
            c.failures = 0;
            c.bye(BYE_REPLACED);
        }
        assert!(c.done);
        let stopped = events
            .try_iter()
            .any(|e| matches!(e, NetEvent::Stopped(why) if why.contains(BYE_REPLACED)));
        assert!(stopped);
    }
}
