//! Network play over loopback: whole games through the API and through the `host`/`join`
//! commands, flag falls, reconnection, and a table of hostile peers against a real host. Every
//! wait is bounded; everything talks to 127.0.0.1 only.

use crate::common;
use crate::common::direct::Relay;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::thread;
use std::time::{Duration, Instant};

use parachess::engine::{Engine, Level, StopFlag};
use parachess::net::wire::PROTOCOL_VERSION;
use parachess::net::{
    HostConfig, JoinConfig, NetCommand, NetEvent, NetGame, NetHandle, Timing, host, join,
};
use parachess::rules::clock::{Clocks, TimeControl};
use parachess::rules::record::{Tags, read_game};
use parachess::rules::{Game, Outcome, Side};

pub(crate) const CODE: &str = "TESTCODE";

/// Tests that count the process's threads and descriptors, or measure rates, run alone
/// ([`exclusive`]); every other test holds a [`shared`] guard.
static SERIAL: RwLock<()> = RwLock::new(());

pub(crate) fn shared() -> RwLockReadGuard<'static, ()> {
    SERIAL.read().unwrap_or_else(|e| e.into_inner())
}

pub(crate) fn exclusive() -> RwLockWriteGuard<'static, ()> {
    SERIAL.write().unwrap_or_else(|e| e.into_inner())
}

/// The seat tokens the hand-driven peers got, by host: a later [`Raw::join`] to the same host
/// presents it, as a real joiner's reconnection does.
static TOKENS: Mutex<Option<HashMap<SocketAddr, String>>> = Mutex::new(None);

/// A hello line in the protocol this build speaks: `token` is `-` for none.
pub(crate) fn hello(code: &str, token: &str, name: &str) -> String {
    format!("hello {PROTOCOL_VERSION} {code} {token} {name}")
}

/// The session token a `welcome` line carries (`-` when it carries none).
fn token_of(welcome: &str) -> String {
    welcome
        .split(' ')
        .nth(3)
        .filter(|w| w.len() == 32 && w.bytes().all(|b| b.is_ascii_hexdigit()))
        .unwrap_or("-")
        .to_string()
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// Short limits; a joiner tries 20 times to come back.
pub(crate) fn timing() -> Timing {
    common::direct::timing(20)
}

pub(crate) fn start_host(
    side: Side,
    control: Option<&str>,
    game: Option<Game>,
) -> (NetHandle, SocketAddr) {
    let control: Option<TimeControl> = control.map(|c| c.parse().unwrap());
    let mut config = HostConfig {
        bind: "127.0.0.1".parse().unwrap(),
        port: 0,
        code: Some(CODE.into()),
        name: "host".into(),
        timing: timing(),
        ..HostConfig::new(side, control)
    };
    if let Some(game) = game {
        config.game = game;
    }
    let handle = host(config).unwrap();
    let (addr, code) = handle.listening().unwrap();
    assert_eq!(code, CODE);
    assert_ne!(addr.port(), 0, "the real port is reported");
    (handle, addr)
}

pub(crate) fn start_join(addr: SocketAddr) -> NetHandle {
    join(JoinConfig {
        name: "guest".into(),
        timing: timing(),
        ..JoinConfig::new(addr.to_string(), CODE.to_lowercase())
    })
    .unwrap()
}

/// How a test player moves.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Who {
    Random(u64),
    Easy,
    /// Never moves (to let a clock run out).
    Idle,
}

/// Plays one end through the API until the game ends: the loop a front end runs. Returns the
/// copy of the game and every event seen.
pub(crate) fn drive(
    handle: NetHandle,
    mut net: NetGame,
    who: Who,
    limit: Duration,
) -> (NetGame, Vec<NetEvent>) {
    let epoch = Instant::now();
    let mut engine = Engine::with_hash_mb(1);
    if let Who::Random(seed) = who {
        engine.seed(seed);
    }
    let stop = StopFlag::new();
    let mut events = Vec::new();
    let mut ready = false;
    let mut sent = None;
    while epoch.elapsed() < limit {
        if ready && net.my_turn() && sent != Some(net.game.plies().len()) {
            let mv = match who {
                Who::Random(_) => Some(engine.random(net.game.position()).unwrap()),
                Who::Easy => Some(engine.play(&net.game, Level::Easy, &stop).unwrap().best),
                Who::Idle => None,
            };
            if let Some(mv) = mv {
                handle.send(NetCommand::Move(mv));
                sent = Some(net.game.plies().len());
            }
        }
        let Ok(event) = handle.recv_timeout(ms(50)) else {
            continue;
        };
        net.apply(&event, epoch.elapsed())
            .unwrap_or_else(|e| panic!("{e} on {event:?}"));
        match &event {
            NetEvent::Connected { .. } | NetEvent::State(_) => ready = true,
            NetEvent::Refused(why) => panic!("refused: {why}"),
            NetEvent::Stopped(why) => panic!("stopped: {why}"),
            _ => {}
        }
        let over = matches!(event, NetEvent::GameOver(_));
        events.push(event);
        if over {
            handle.close();
            return (net, events);
        }
    }
    panic!(
        "no result within {limit:?}: {} half-moves",
        net.game.plies().len()
    );
}

/// Host and joiner play each other on two threads; returns both ends' games.
fn play_pair(
    host_side: Side,
    control: Option<&str>,
    host_who: Who,
    join_who: Who,
) -> ((NetGame, Vec<NetEvent>), (NetGame, Vec<NetEvent>)) {
    let (handle, addr) = start_host(host_side, control, None);
    let clocks = control.map(|c| Clocks::new(c.parse().unwrap(), Side::White));
    let host_net = NetGame::new(Game::new(), host_side, clocks);
    let host_end = thread::spawn(move || drive(handle, host_net, host_who, Duration::from_secs(8)));
    let joiner = start_join(addr);
    let join_net = NetGame::new(Game::new(), !host_side, None);
    let join_end = drive(joiner, join_net, join_who, Duration::from_secs(8));
    (host_end.join().unwrap(), join_end)
}

pub(crate) fn same_game(a: &NetGame, b: &NetGame) {
    let moves = |n: &NetGame| {
        n.game
            .plies()
            .iter()
            .map(|p| p.text.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(a), moves(b));
    assert_eq!(a.game.outcome(), b.game.outcome());
    assert!(a.game.is_over());
}

#[test]
fn two_random_movers_play_a_whole_game_over_loopback() {
    let _serial = shared();
    let ((host_net, host_events), (join_net, join_events)) =
        play_pair(Side::White, None, Who::Random(3), Who::Random(4));
    same_game(&host_net, &join_net);
    assert_eq!(join_net.you, Side::Black);
    assert_eq!(join_net.opponent, "host");
    assert_eq!(host_net.opponent, "guest");
    let moved = |events: &[NetEvent]| {
        events
            .iter()
            .filter(|e| matches!(e, NetEvent::Moved { .. }))
            .count()
    };
    assert_eq!(moved(&host_events), host_net.game.plies().len());
    assert_eq!(moved(&join_events), join_net.game.plies().len());
    assert!(matches!(join_events[0], NetEvent::Connected { .. }));
    assert!(matches!(join_events[1], NetEvent::State(_)));
    // Both ends' records are the same game and read back as it.
    let host_text = host_net.record(Tags::default()).to_text();
    assert_eq!(host_text, join_net.record(Tags::default()).to_text());
    let back = read_game(host_text.as_bytes()).unwrap();
    assert_eq!(back.game.outcome(), host_net.game.outcome());
}

#[test]
fn a_timed_game_between_easy_and_random_ends_with_the_same_clocks_at_both_ends() {
    let _serial = shared();
    let ((host_net, _), (join_net, _)) =
        play_pair(Side::Black, Some("5+0.1"), Who::Random(5), Who::Easy);
    same_game(&host_net, &join_net);
    let record = host_net.record(Tags::default());
    assert_eq!(record.tags.time_control, Some("5+0.1".parse().unwrap()));
    let plies = host_net.game.plies().len();
    assert!(record.notes.iter().take(plies).all(|n| n.clock.is_some()));
    assert_eq!(record.notes, join_net.record(Tags::default()).notes);
    // The saved record checks (clocks never gain more than the increment) and resumes with the
    // clocks it ended with.
    let back = read_game(record.to_text().as_bytes()).unwrap();
    let resumed = back.clocks().unwrap();
    let last = |side: Side| {
        let first = if side == Side::White { 0 } else { 1 };
        record
            .notes
            .iter()
            .skip(first)
            .step_by(2)
            .filter_map(|n| n.clock)
            .next_back()
    };
    for side in Side::BOTH {
        if let Some(clk) = last(side) {
            let tenths = |d: Duration| d.as_millis() / 100;
            assert_eq!(tenths(resumed.remaining(side, Duration::ZERO)), tenths(clk));
        }
    }
}

#[test]
fn a_player_who_does_not_move_loses_on_time() {
    let _serial = shared();
    let ((host_net, host_events), (join_net, _)) =
        play_pair(Side::Black, Some("0.4+0"), Who::Random(1), Who::Idle);
    let lost = Outcome::Time {
        winner: Some(Side::Black),
    };
    assert_eq!(host_net.game.outcome(), Some(lost));
    assert_eq!(join_net.game.outcome(), Some(lost));
    assert_eq!(host_net.game.plies().len(), 0);
    assert!(
        host_events
            .iter()
            .any(|e| matches!(e, NetEvent::GameOver(o) if *o == lost))
    );
    let text = join_net.record(Tags::default()).to_text();
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
    assert_eq!(
        read_game(text.as_bytes()).unwrap().game.outcome(),
        Some(lost)
    );
}

#[test]
fn running_out_of_time_against_a_lone_king_draws_over_the_network() {
    let _serial = shared();
    let start = "3k2/4/8/5/10/6/10/5/8/4/2QK2 w 0 1".parse().unwrap();
    let (handle, addr) = start_host(Side::White, Some("0.3+0"), Some(Game::from_position(start)));
    let host_net = NetGame::new(
        Game::from_position("3k2/4/8/5/10/6/10/5/8/4/2QK2 w 0 1".parse().unwrap()),
        Side::White,
        Some(Clocks::new("0.3+0".parse().unwrap(), Side::White)),
    );
    let host_end =
        thread::spawn(move || drive(handle, host_net, Who::Idle, Duration::from_secs(5)));
    let join_net = NetGame::new(Game::new(), Side::Black, None);
    let (join_net, _) = drive(
        start_join(addr),
        join_net,
        Who::Idle,
        Duration::from_secs(5),
    );
    let (host_net, _) = host_end.join().unwrap();
    let draw = Outcome::Time { winner: None };
    assert_eq!(host_net.game.outcome(), Some(draw));
    assert_eq!(join_net.game.outcome(), Some(draw));
    assert_eq!(draw.result_text(), "1/2-1/2");
}

#[test]
fn the_joiner_reconnects_after_a_cut_and_the_game_goes_on() {
    let _serial = shared();
    let (handle, addr) = start_host(Side::White, Some("60+1"), None);
    let relay = Relay::new(addr);
    let clocks = Some(Clocks::new("60+1".parse().unwrap(), Side::White));
    let host_net = NetGame::new(Game::new(), Side::White, clocks);
    let host_end =
        thread::spawn(move || drive(handle, host_net, Who::Random(8), Duration::from_secs(8)));
    let joiner = start_join(relay.addr);
    // Play a few moves, then cut the line under the joiner twice.
    let epoch = Instant::now();
    let mut net = NetGame::new(Game::new(), Side::Black, None);
    let mut engine = Engine::with_hash_mb(1);
    engine.seed(9);
    let (mut cuts, mut reconnected, mut sent) = (0, 0, None);
    let mut ready = false;
    while !net.game.is_over() {
        assert!(epoch.elapsed() < Duration::from_secs(8), "no end");
        if ready && net.my_turn() && sent != Some(net.game.plies().len()) {
            if net.game.plies().len() >= 10 * (cuts + 1) && cuts < 2 {
                relay.cut();
                cuts += 1;
                ready = false;
                continue;
            }
            joiner.send(NetCommand::Move(
                engine.random(net.game.position()).unwrap(),
            ));
            sent = Some(net.game.plies().len());
        }
        let Ok(event) = joiner.recv_timeout(ms(50)) else {
            continue;
        };
        net.apply(&event, epoch.elapsed()).unwrap();
        match event {
            NetEvent::State(state) => {
                ready = true;
                reconnected += 1;
                assert!(state.game.plies().len() >= 10 * cuts, "the moves are kept");
                sent = None;
            }
            NetEvent::Disconnected { reconnecting, .. } => {
                assert!(reconnecting);
                ready = false;
            }
            NetEvent::Stopped(why) | NetEvent::Refused(why) => panic!("{why}"),
            _ => {}
        }
    }
    joiner.close();
    let (host_net, host_events) = host_end.join().unwrap();
    assert_eq!(cuts, 2, "the game was long enough to cut twice");
    assert_eq!(reconnected, 3, "first connection and two reconnections");
    let dropped = host_events
        .iter()
        .filter(|e| matches!(e, NetEvent::Disconnected { .. }))
        .count();
    assert_eq!(dropped, 2);
    same_game(&host_net, &net);
}

/// A hand-driven peer speaking the protocol line by line, for hostile behaviour.
struct Raw {
    reader: BufReader<TcpStream>,
    stream: TcpStream,
}

impl Raw {
    fn connect(addr: SocketAddr) -> Raw {
        Raw::try_connect(addr).expect("connect")
    }

    fn try_connect(addr: SocketAddr) -> Option<Raw> {
        let stream = TcpStream::connect_timeout(&addr, ms(500)).ok()?;
        stream.set_read_timeout(Some(ms(1500))).ok()?;
        stream.set_write_timeout(Some(ms(1500))).ok()?;
        Some(Raw {
            reader: BufReader::new(stream.try_clone().ok()?),
            stream,
        })
    }

    /// Connects and says hello (with the seat's token once a `Raw` got one from this host);
    /// returns the welcome and the full state's lines.
    fn join(addr: SocketAddr) -> (Raw, Vec<String>) {
        let token = TOKENS
            .lock()
            .unwrap()
            .get_or_insert_with(HashMap::new)
            .get(&addr)
            .cloned()
            .unwrap_or_else(|| "-".into());
        let (raw, state) = Raw::join_with(addr, &token);
        let token = token_of(&state[0]);
        if token != "-" {
            TOKENS
                .lock()
                .unwrap()
                .get_or_insert_with(HashMap::new)
                .insert(addr, token);
        }
        (raw, state)
    }

    /// Connects and says hello with `token`; returns the welcome and the full state's lines.
    fn join_with(addr: SocketAddr, token: &str) -> (Raw, Vec<String>) {
        let mut raw = Raw::connect(addr);
        raw.send(&hello(CODE, token, "raw"));
        let mut state = Vec::new();
        while let Some(line) = raw.line() {
            let done = line == "ready";
            state.push(line);
            if done {
                return (raw, state);
            }
        }
        panic!("no full state: {state:?}");
    }

    fn send(&mut self, line: &str) {
        let _ = self.stream.write_all(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let _ = self.stream.write_all(bytes);
    }

    /// The next line other than a ping (answered), or `None` at the end of the connection.
    fn line(&mut self) -> Option<String> {
        loop {
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            let line = line.trim_end().to_string();
            if let Some(n) = line.strip_prefix("ping ") {
                self.send(&format!("pong {n}"));
                continue;
            }
            return Some(line);
        }
    }

    /// Reads until the host closes; returns the lines seen (pings left out). Panics if the
    /// connection stays open.
    fn until_closed(&mut self) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(3);
        let mut lines = Vec::new();
        loop {
            assert!(Instant::now() < deadline, "still open: {lines:?}");
            let mut buf = String::new();
            match self.reader.read_line(&mut buf) {
                Ok(0) => return lines,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => continue,
                Err(_) => return lines,
                Ok(_) if buf.starts_with("ping ") => {}
                Ok(_) => lines.push(buf.trim_end().to_string()),
            }
        }
    }
}

/// What a hostile peer must get.
#[derive(Debug)]
enum Expect {
    /// An `error` reply, and the connection stays usable.
    Error,
    /// A `bye` and a closed connection.
    Bye,
}

type Attack = fn(&mut Raw);

#[test]
fn hostile_peers_get_an_error_or_the_door_and_change_nothing() {
    let _serial = shared();
    // The host plays Black; the raw peer White, to move first.
    let (handle, addr) = start_host(Side::Black, None, None);
    let before_hello: Vec<(&str, Attack, Expect)> = vec![
        // First, while the seat is free: later hellos without its token find the game full.
        (
            "wrong code",
            |r| r.send(&hello("WRONG1", "-", "x")),
            Expect::Bye,
        ),
        (
            "garbage instead of hello",
            |r| r.send("GET / HTTP/1.1"),
            Expect::Bye,
        ),
        (
            "wrong version",
            |r| r.send(&format!("hello 99 {CODE}")),
            Expect::Bye,
        ),
        (
            "oversized hello",
            |r| r.send_bytes(&[b'h'; 4000]),
            Expect::Bye,
        ),
        ("silent newcomer", |_| {}, Expect::Bye),
        (
            "slow newcomer",
            |r| {
                for b in b"hello 1 " {
                    r.send_bytes(&[*b]);
                    thread::sleep(ms(150));
                }
            },
            Expect::Bye,
        ),
    ];
    for (what, attack, expect) in before_hello {
        let mut raw = Raw::connect(addr);
        attack(&mut raw);
        let lines = raw.until_closed();
        assert!(matches!(expect, Expect::Bye));
        assert!(
            lines.iter().any(|l| l.starts_with("bye ")),
            "{what}: {lines:?}"
        );
        if what == "wrong code" {
            assert_eq!(lines, ["bye wrong code"]);
        }
        assert_unchanged(&handle, addr, 0, what);
    }
    let after_hello: Vec<(&str, Attack, Expect)> = vec![
        ("garbage", |r| r.send("blah blah"), Expect::Error),
        (
            "not UTF-8",
            |r| r.send_bytes(b"move \xff\xfe\n"),
            Expect::Error,
        ),
        ("empty line", |r| r.send(""), Expect::Error),
        ("unreadable move", |r| r.send("move zz9"), Expect::Error),
        ("illegal move", |r| r.send("move a1-a2"), Expect::Error),
        (
            "a move for the other side",
            |r| r.send("move i5-h3"),
            Expect::Error,
        ),
        (
            "a host's message",
            |r| r.send("played 1 c4-d3"),
            Expect::Error,
        ),
        (
            "accepting no draw offer",
            |r| r.send("draw accept"),
            Expect::Error,
        ),
        (
            "a takeback without a move",
            |r| r.send("takeback ask"),
            Expect::Error,
        ),
        ("oversized line", |r| r.send(&"x".repeat(600)), Expect::Bye),
        (
            "flood",
            |r| {
                let lines = "sync\n".repeat(3000);
                r.send_bytes(lines.as_bytes());
            },
            Expect::Bye,
        ),
    ];
    for (what, attack, expect) in after_hello {
        let (mut raw, state) = Raw::join(addr);
        assert!(
            state[0].starts_with(&format!("welcome {PROTOCOL_VERSION} w ")),
            "{what}: {state:?}"
        );
        attack(&mut raw);
        match expect {
            Expect::Error => {
                let reply = raw.line().unwrap_or_default();
                assert!(reply.starts_with("error "), "{what}: {reply:?}");
                // Still connected and answering.
                raw.send("ping 77");
                assert_eq!(raw.line().as_deref(), Some("pong 77"), "{what}");
            }
            Expect::Bye => {
                let lines = raw.until_closed();
                assert!(
                    lines.iter().any(|l| l.starts_with("bye ")),
                    "{what}: {lines:?}"
                );
            }
        }
        assert_unchanged(&handle, addr, 0, what);
    }
    // Out of turn: a legal move is played, the next one is not White's to make.
    let (mut raw, _) = Raw::join(addr);
    raw.send("move c4-d3");
    assert_eq!(raw.line().as_deref(), Some("played 1 c4-d3"));
    raw.send("move c3-d2");
    assert_eq!(raw.line().as_deref(), Some("error it is not your turn"));
    let moved = drain(&handle)
        .iter()
        .filter(|e| matches!(e, NetEvent::Moved { .. }))
        .count();
    assert_eq!(moved, 1);
    assert_unchanged(&handle, addr, 1, "out of turn");
    // A peer that stops reading (and answering pings) is dropped; meanwhile the host answers
    // its own player at once.
    let (raw, _) = Raw::join(addr);
    drain(&handle);
    let asked = Instant::now();
    handle.send(NetCommand::AcceptDraw);
    let event = handle.recv_timeout(ms(500)).unwrap();
    assert!(matches!(event, NetEvent::Refused(_)), "{event:?}");
    let dropped = wait_for(&handle, Duration::from_secs(3), |e| {
        matches!(e, NetEvent::Disconnected { .. })
    });
    assert!(dropped, "a silent peer is dropped");
    assert!(
        asked.elapsed() >= ms(700),
        "dropped after the peer timeout, not before"
    );
    drop(raw);
    assert_unchanged(&handle, addr, 1, "stops reading");
    // A peer that vanishes: the host notices and keeps serving.
    let (raw, _) = Raw::join(addr);
    drop(raw);
    assert!(wait_for(&handle, Duration::from_secs(3), |e| matches!(
        e,
        NetEvent::Disconnected { .. }
    )));
    assert_unchanged(&handle, addr, 1, "vanishes");
    handle.close();
}

/// Every event waiting now.
fn drain(handle: &NetHandle) -> Vec<NetEvent> {
    let mut events = Vec::new();
    while let Ok(e) = handle.recv_timeout(ms(20)) {
        events.push(e);
    }
    events
}

fn wait_for(handle: &NetHandle, limit: Duration, pred: impl Fn(&NetEvent) -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if handle.recv_timeout(ms(50)).is_ok_and(|e| pred(&e)) {
            return true;
        }
    }
    false
}

/// The host still serves: a proper joiner gets the game with `plies` half-moves, and the host
/// reported no move or result in between.
fn assert_unchanged(handle: &NetHandle, addr: SocketAddr, plies: usize, what: &str) {
    let (mut raw, state) = Raw::join(addr);
    let game = state.iter().find(|l| l.starts_with("game ")).unwrap();
    assert!(
        game.starts_with(&format!("game {plies} ")),
        "{what}: {state:?}"
    );
    for event in drain(handle) {
        assert!(
            !matches!(event, NetEvent::Moved { .. } | NetEvent::GameOver(_)),
            "{what}: {event:?}"
        );
    }
    raw.send("bye done");
    drop(raw);
    assert!(wait_for(handle, Duration::from_secs(2), |e| matches!(
        e,
        NetEvent::Disconnected { .. }
    )));
}

#[test]
fn a_dropped_joiner_comes_back_to_the_game_with_the_clock_still_running() {
    let _serial = shared();
    let (handle, addr) = start_host(Side::Black, Some("60+0"), None);
    let (mut raw, state) = Raw::join(addr);
    assert!(
        state
            .iter()
            .any(|l| l.starts_with("clock ") && l.ends_with(" 60000 w")),
        "{state:?}"
    );
    raw.send("move c4-d3");
    let played = raw.line().unwrap();
    assert!(
        played.starts_with("played 1 c4-d3 ") && played.ends_with(" 60000 b"),
        "{played}"
    );
    raw.stream.shutdown(Shutdown::Both).unwrap();
    drop(raw);
    assert!(wait_for(&handle, Duration::from_secs(2), |e| matches!(
        e,
        NetEvent::Disconnected { .. }
    )));
    // The host moves while the joiner is away; White's clock runs from then on.
    let mut game = Game::new();
    game.play_text("c4-d3").unwrap();
    handle.send(NetCommand::Move(
        game.position().parse_move("i5-h3").unwrap(),
    ));
    let moved = wait_for(&handle, Duration::from_secs(1), |e| {
        matches!(e, NetEvent::Moved { ply: 2, .. })
    });
    assert!(moved);
    thread::sleep(ms(300));
    let (mut raw, state) = Raw::join(addr);
    assert!(
        state.contains(&"moves c4-d3 i5-h3".to_string()),
        "{state:?}"
    );
    let clock = state.iter().find(|l| l.starts_with("clock ")).unwrap();
    let words: Vec<&str> = clock.split(' ').collect();
    let white: u64 = words[1].parse().unwrap();
    let black: u64 = words[2].parse().unwrap();
    assert_eq!(words[3], "w", "{clock}");
    assert!(white <= 60_000 - 300, "White's clock kept running: {clock}");
    assert!(black < 60_000, "{clock}");
    // And play goes on.
    raw.send("move c3-d2");
    let played = raw.line().unwrap();
    assert!(played.starts_with("played 3 c3-d2 "), "{played}");
    handle.close();
    let rest = raw.until_closed();
    assert_eq!(
        rest.last().map(String::as_str),
        Some("bye the host closed the game")
    );
}

/// Runs a child to its end, killing it after `limit`.
pub(crate) fn finish(mut child: Child, limit: Duration) -> (Option<i32>, String) {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut out = String::new();
            if let Some(mut o) = child.stdout.take() {
                let _ = o.read_to_string(&mut out);
            }
            return (status.code(), out);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {limit:?}");
        }
        thread::sleep(ms(20));
    }
}

/// Runs `parachess host` (on loopback, a free port, saving to `host.pgn` in `dir`, with
/// `host_args` added) and `parachess join` against it (as a random mover, saving to
/// `join.pgn`), each to its end; returns both outputs after checking that both exited 0.
pub(crate) fn host_and_join(dir: &Path, host_args: &[&str]) -> (String, String) {
    let (host_file, join_file) = (dir.join("host.pgn"), dir.join("join.pgn"));
    let bin = env!("CARGO_BIN_EXE_parachess");
    let mut hosting = Command::new(bin)
        .args(["host", "--bind", "127.0.0.1", "--port", "0"])
        .args(host_args)
        .args(["--wait", "10", "--save"])
        .arg(&host_file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The first line says where and with which code to join.
    let mut stdout = BufReader::new(hosting.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    thread::spawn(move || {
        let mut first = String::new();
        let _ = stdout.read_line(&mut first);
        let _ = tx.send(first);
        let mut rest = String::new();
        let _ = stdout.read_to_string(&mut rest);
        let _ = tx.send(rest);
    });
    let first = rx.recv_timeout(Duration::from_secs(5)).unwrap();
    let words: Vec<&str> = first.split_whitespace().collect();
    assert_eq!(
        (words[0], words[1], words[3]),
        ("listening", "on", "code"),
        "{first}"
    );
    let (addr, code) = (words[2], words[4]);
    assert!(
        addr.starts_with("127.0.0.1:") && !addr.ends_with(":0"),
        "{first}"
    );
    let joining = Command::new(bin)
        .args(["join", addr, "--code", code, "--player", "random", "--save"])
        .arg(&join_file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (join_code, join_out) = finish(joining, Duration::from_secs(20));
    let (host_code, _) = finish(hosting, Duration::from_secs(5));
    let host_out = rx.recv_timeout(Duration::from_secs(5)).unwrap();
    assert_eq!(
        (host_code, join_code),
        (Some(0), Some(0)),
        "{host_out}\n{join_out}"
    );
    (host_out, join_out)
}

#[test]
fn the_host_and_join_commands_play_a_timed_game() {
    let _serial = shared();
    let dir = std::env::temp_dir().join(format!("parachess-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (host_file, join_file) = (dir.join("host.pgn"), dir.join("join.pgn"));
    let (host_out, join_out) = host_and_join(&dir, &["--time", "5+0.1", "--player", "easy"]);
    let last = |out: &str| out.lines().last().unwrap_or_default().to_string();
    assert!(last(&join_out).starts_with("result "), "{join_out}");
    assert_eq!(last(&host_out), last(&join_out));
    assert!(
        join_out.contains("1. ") && join_out.contains("{[%clk 0:00:0"),
        "{join_out}"
    );
    // Both ends saved the same game, which the checker accepts.
    let host_text = std::fs::read_to_string(&host_file).unwrap();
    assert_eq!(host_text, std::fs::read_to_string(&join_file).unwrap());
    assert!(host_text.contains("[White \"easy\"]") && host_text.contains("[Black \"random\"]"));
    let (code, _, err) =
        common::parachess(&[std::ffi::OsStr::new("check-game"), host_file.as_os_str()]);
    assert_eq!(code, Some(0), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_command_lines_are_refused() {
    let _serial = shared();
    for args in [
        vec!["join", "127.0.0.1:9", "--code", "no!", "--player", "random"],
        vec![
            "join",
            "127.0.0.1:9",
            "--code",
            "ABCDE",
            "--player",
            "random",
        ],
        vec!["join", "nowhere", "--code", "ABCDEF", "--player", "random"],
        vec![
            "host",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--player",
            "random",
            "--code",
            "a",
        ],
        vec![
            "host", "--port", "0", "--player", "random", "--time", "fast",
        ],
        vec!["host", "--port", "0", "--player", "genius"],
    ] {
        let (code, out, err) = common::parachess(&args);
        assert_ne!(code, Some(0), "{args:?}");
        assert!(out.is_empty() && !err.is_empty(), "{args:?}: {out} {err}");
    }
}

/// Waits for the first event `pred` accepts, failing after a second.
fn expect(handle: &NetHandle, what: &str, pred: impl Fn(&NetEvent) -> bool) -> NetEvent {
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        if let Ok(event) = handle.recv_timeout(ms(20)) {
            if pred(&event) {
                return event;
            }
            seen.push(event);
        }
    }
    panic!("no {what}: saw {seen:?}");
}

#[test]
fn draw_offers_takebacks_and_resignation_cross_the_network() {
    let _serial = shared();
    // The host plays Black; the joiner White.
    let (host_end, addr) = start_host(Side::Black, Some("60+0"), None);
    let guest = start_join(addr);
    expect(&guest, "state", |e| matches!(e, NetEvent::State(_)));
    expect(&host_end, "joiner", |e| {
        matches!(e, NetEvent::Connected { .. })
    });
    let mut game = Game::new();
    let mv = |game: &Game, text: &str| game.position().parse_move(text).unwrap();
    guest.send(NetCommand::Move(mv(&game, "c4-d3")));
    game.play_text("c4-d3").unwrap();
    for end in [&host_end, &guest] {
        expect(end, "move", |e| {
            matches!(
                e,
                NetEvent::Moved {
                    ply: 1,
                    side: Side::White,
                    ..
                }
            )
        });
    }
    // A takeback asked, declined, asked again, granted.
    guest.send(NetCommand::AskTakeback);
    expect(&host_end, "request", |e| {
        matches!(e, NetEvent::TakebackAsked { by: Side::White })
    });
    host_end.send(NetCommand::DeclineTakeback);
    expect(&guest, "refusal", |e| {
        matches!(e, NetEvent::TakebackDeclined { by: Side::Black })
    });
    guest.send(NetCommand::AskTakeback);
    expect(&host_end, "request", |e| {
        matches!(e, NetEvent::TakebackAsked { .. })
    });
    host_end.send(NetCommand::AcceptTakeback);
    for end in [&host_end, &guest] {
        expect(end, "takeback", |e| {
            matches!(
                e,
                NetEvent::TakenBack {
                    plies: 0,
                    clock: Some(_)
                }
            )
        });
    }
    // Answering what nobody asked is refused, at both ends.
    host_end.send(NetCommand::AcceptTakeback);
    expect(&host_end, "refusal", |e| matches!(e, NetEvent::Refused(_)));
    guest.send(NetCommand::AcceptDraw);
    expect(&guest, "refusal", |e| matches!(e, NetEvent::Refused(_)));
    // Both move; the guest's takeback then removes its move and the host's answer.
    guest.send(NetCommand::Move(mv(&Game::new(), "c4-d3")));
    expect(&host_end, "move", |e| {
        matches!(e, NetEvent::Moved { ply: 1, .. })
    });
    host_end.send(NetCommand::Move(mv(&game, "i5-h3")));
    expect(&guest, "move", |e| {
        matches!(
            e,
            NetEvent::Moved {
                ply: 2,
                side: Side::Black,
                ..
            }
        )
    });
    guest.send(NetCommand::AskTakeback);
    expect(&host_end, "request", |e| {
        matches!(e, NetEvent::TakebackAsked { .. })
    });
    host_end.send(NetCommand::AcceptTakeback);
    expect(&guest, "takeback", |e| {
        matches!(e, NetEvent::TakenBack { plies: 0, .. })
    });
    // A draw offered, declined, offered again, accepted.
    host_end.send(NetCommand::OfferDraw);
    expect(&guest, "offer", |e| {
        matches!(e, NetEvent::DrawOffered { by: Side::Black })
    });
    guest.send(NetCommand::DeclineDraw);
    expect(&host_end, "refusal", |e| {
        matches!(e, NetEvent::DrawDeclined { by: Side::White })
    });
    guest.send(NetCommand::OfferDraw);
    expect(&host_end, "offer", |e| {
        matches!(e, NetEvent::DrawOffered { by: Side::White })
    });
    host_end.send(NetCommand::AcceptDraw);
    for end in [&host_end, &guest] {
        expect(end, "draw", |e| {
            matches!(e, NetEvent::GameOver(Outcome::Agreement))
        });
    }
    guest.send(NetCommand::Resign);
    expect(
        &guest,
        "refusal",
        |e| matches!(e, NetEvent::Refused(why) if why.contains("over")),
    );
    guest.close();
    host_end.close();

    // A resignation.
    let (host_end, addr) = start_host(Side::White, None, None);
    let guest = start_join(addr);
    expect(&guest, "state", |e| matches!(e, NetEvent::State(_)));
    guest.send(NetCommand::Resign);
    let won = Outcome::Resignation {
        winner: Side::White,
    };
    for end in [&host_end, &guest] {
        expect(
            end,
            "resignation",
            |e| matches!(e, NetEvent::GameOver(o) if *o == won),
        );
    }
}

#[test]
fn a_long_game_is_handed_over_whole() {
    let _serial = shared();
    // A random game to its end, less its last move: hundreds of moves still in play.
    let mut game = Game::new();
    let mut engine = Engine::with_hash_mb(1);
    engine.seed(11);
    while !game.is_over() {
        game.play(engine.random(game.position()).unwrap()).unwrap();
    }
    game.undo();
    let plies = game.plies().len();
    assert!(plies > 80, "{plies}");
    let (handle, addr) = start_host(Side::White, None, Some(game.clone()));
    let guest = start_join(addr);
    let NetEvent::State(state) = expect(&guest, "state", |e| matches!(e, NetEvent::State(_)))
    else {
        unreachable!()
    };
    let texts = |g: &Game| g.plies().iter().map(|p| p.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&state.game), texts(&game));
    assert_eq!(state.game.position(), game.position());
    guest.close();
    handle.close();
}

#[test]
fn an_intruder_with_the_code_cannot_take_or_resign_the_seat() {
    let _serial = shared();
    let (handle, addr) = start_host(Side::White, Some("60+0"), None);
    let guest = start_join(addr);
    expect(&guest, "state", |e| matches!(e, NetEvent::State(_)));
    expect(&handle, "joiner", |e| {
        matches!(e, NetEvent::Connected { .. })
    });
    // With the code and no token, with a made-up token, and with the code in another case.
    for (code, token) in [
        (CODE, "-"),
        (CODE, "0123456789abcdef0123456789abcdef"),
        ("testcode", "-"),
    ] {
        let mut raw = Raw::connect(addr);
        raw.send(&hello(code, token, "intruder"));
        raw.send("resign");
        let lines = raw.until_closed();
        assert_eq!(lines, ["bye the game is full"], "{code} {token}");
    }
    // A second player through the API is told so, and stops.
    let second = start_join(addr);
    let stopped = expect(&second, "refusal", |e| matches!(e, NetEvent::Stopped(_)));
    assert!(
        matches!(&stopped, NetEvent::Stopped(why) if why == "the host refused: the game is full"),
        "{stopped:?}"
    );
    // Nobody noticed, and the game goes on between the two players.
    for event in drain(&guest).iter().chain(&drain(&handle)) {
        assert!(
            !matches!(
                event,
                NetEvent::Disconnected { .. } | NetEvent::Stopped(_) | NetEvent::GameOver(_)
            ),
            "{event:?}"
        );
    }
    let mut game = Game::new();
    handle.send(NetCommand::Move(
        game.position().parse_move("c4-d3").unwrap(),
    ));
    game.play_text("c4-d3").unwrap();
    expect(&guest, "move", |e| {
        matches!(e, NetEvent::Moved { ply: 1, .. })
    });
    guest.send(NetCommand::Move(
        game.position().parse_move("i5-h3").unwrap(),
    ));
    expect(&handle, "move", |e| {
        matches!(e, NetEvent::Moved { ply: 2, .. })
    });
    guest.close();
    handle.close();
}

/// Opens silent connections to `addr` from `threads` threads until `stop`, at most `limit`,
/// each kept open for `hold` (longer than a handshake may take); counts the connections made.
pub(crate) fn flood(
    addr: SocketAddr,
    threads: usize,
    hold: Duration,
    stop: &Arc<AtomicBool>,
    limit: Duration,
) -> (
    Vec<thread::JoinHandle<()>>,
    Arc<std::sync::atomic::AtomicUsize>,
) {
    let made = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let deadline = Instant::now() + limit;
    let handles = (0..threads)
        .map(|_| {
            let (stop, made) = (stop.clone(), made.clone());
            thread::spawn(move || {
                let mut open = std::collections::VecDeque::new();
                while !stop.load(Ordering::Relaxed) && Instant::now() < deadline {
                    if let Ok(s) = TcpStream::connect_timeout(&addr, ms(200)) {
                        made.fetch_add(1, Ordering::Relaxed);
                        open.push_back((s, Instant::now()));
                    }
                    while open.front().is_some_and(|(_, t)| t.elapsed() > hold) {
                        open.pop_front();
                    }
                    thread::sleep(ms(2));
                }
            })
        })
        .collect();
    (handles, made)
}

#[test]
fn a_flood_of_silent_connections_does_not_keep_the_player_out() {
    let _serial = exclusive();
    let (handle, addr) = start_host(Side::White, Some("4+0"), None);
    let relay = Relay::new(addr);
    let guest = start_join(relay.addr);
    expect(&guest, "state", |e| matches!(e, NetEvent::State(_)));
    expect(&handle, "joiner", |e| {
        matches!(e, NetEvent::Connected { .. })
    });
    let game = Game::new();
    handle.send(NetCommand::Move(
        game.position().parse_move("c4-d3").unwrap(),
    ));
    expect(&guest, "move", |e| {
        matches!(e, NetEvent::Moved { ply: 1, .. })
    });
    // Black's clock runs. The flood starts, then the joiner's line is cut under it.
    let stop = Arc::new(AtomicBool::new(false));
    let (threads, made) = flood(addr, 4, ms(1500), &stop, Duration::from_secs(6));
    let started = Instant::now();
    while made.load(Ordering::Relaxed) < 200 && started.elapsed() < Duration::from_secs(3) {
        thread::sleep(ms(5));
    }
    let at_cut = made.load(Ordering::Relaxed);
    assert!(at_cut >= 200, "the flood did not start");
    relay.cut();
    let back = Instant::now();
    let mut seen = Vec::new();
    let state = loop {
        // A second and a half: a dozen reconnection attempts.
        assert!(back.elapsed() < ms(1500), "not back: {seen:?}");
        let Ok(event) = guest.recv_timeout(ms(20)) else {
            continue;
        };
        match event {
            NetEvent::State(state) => break state,
            NetEvent::Stopped(why) => panic!("the joiner gave up: {why}; {seen:?}"),
            other => seen.push(other),
        }
    };
    assert_eq!(state.game.plies().len(), 1);
    let flooded = made.load(Ordering::Relaxed);
    // Its game goes on: its move is played, under the flood still.
    let mut game = Game::new();
    game.play_text("c4-d3").unwrap();
    guest.send(NetCommand::Move(
        game.position().parse_move("i5-h3").unwrap(),
    ));
    expect(&handle, "move", |e| {
        matches!(e, NetEvent::Moved { ply: 2, .. })
    });
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    assert!(flooded > at_cut, "the flood went on: {at_cut} -> {flooded}");
    for event in drain(&handle) {
        assert!(!matches!(event, NetEvent::GameOver(_)), "{event:?}");
    }
    guest.close();
    handle.close();
}

/// Entries in a directory of `/proc/self` (threads in `task`, descriptors in `fd`).
fn proc_count(dir: &str) -> usize {
    std::fs::read_dir(format!("/proc/self/{dir}")).map_or(0, |d| d.count())
}

#[test]
fn dripping_reconnects_leave_threads_and_descriptors_at_baseline() {
    let _serial = exclusive();
    if proc_count("task") == 0 {
        return; // No /proc here: nothing to count.
    }
    let (handle, addr) = start_host(Side::Black, None, None);
    let (mut raw, state) = Raw::join_with(addr, "-");
    let token = token_of(&state[0]);
    // The dripper: a byte every 100 ms on every old connection, until the host's end of it is
    // gone (a write fails).
    let (tx, rx) = std::sync::mpsc::channel::<TcpStream>();
    let stop = Arc::new(AtomicBool::new(false));
    let dripper = {
        let stop = stop.clone();
        thread::spawn(move || {
            let mut held: Vec<TcpStream> = Vec::new();
            let deadline = Instant::now() + Duration::from_secs(30);
            while !stop.load(Ordering::Relaxed) && Instant::now() < deadline {
                held.extend(rx.try_iter());
                held.retain_mut(|s| s.write_all(b"x").is_ok());
                thread::sleep(ms(100));
            }
        })
    };
    drain(&handle);
    let (threads, fds) = (proc_count("task"), proc_count("fd"));
    let mut most = threads;
    for _ in 0..150 {
        let (next, _) = Raw::join_with(addr, &token);
        let old = std::mem::replace(&mut raw, next);
        tx.send(old.stream).unwrap();
        most = most.max(proc_count("task"));
    }
    let settled = Instant::now();
    let counts = || (proc_count("task"), proc_count("fd"));
    while counts().0 > threads || counts().1 > fds + 2 {
        assert!(
            settled.elapsed() < Duration::from_secs(5),
            "threads {threads} -> {}, descriptors {fds} -> {} (most threads {most})",
            counts().0,
            counts().1
        );
        thread::sleep(ms(50));
    }
    assert!(most <= threads + 12, "threads {threads} -> at most {most}");
    eprintln!(
        "threads {threads} -> at most {most}, back after {:?}; descriptors {fds} -> {}",
        settled.elapsed(),
        counts().1
    );
    // The seat is still the token's, and play goes on (the last connection may have been
    // dropped meanwhile for not answering pings: it read nothing).
    drop(raw);
    let (mut raw, _) = Raw::join_with(addr, &token);
    raw.send("move c4-d3");
    assert!(raw.line().is_some_and(|l| l.starts_with("played 1 c4-d3")));
    stop.store(true, Ordering::Relaxed);
    dripper.join().unwrap();
    handle.close();
}

#[test]
fn guesses_per_second_stay_under_the_bound() {
    let _serial = exclusive();
    let (handle, addr) = start_host(Side::White, None, None);
    let delay = timing().wrong_code_delay;
    let window = Duration::from_secs(1);
    let deadline = Instant::now() + window;
    let guessers: Vec<_> = (0..16)
        .map(|n| {
            thread::spawn(move || {
                let mut answered = 0;
                let mut guess = 0;
                while Instant::now() < deadline {
                    guess += 1;
                    let Some(mut raw) = Raw::try_connect(addr) else {
                        continue;
                    };
                    raw.send(&hello(&format!("G{n:02}{guess:05}"), "-", "guess"));
                    if raw.line().as_deref() == Some("bye wrong code") && Instant::now() < deadline
                    {
                        answered += 1;
                    }
                }
                answered
            })
        })
        .collect();
    let answered: usize = guessers.into_iter().map(|g| g.join().unwrap()).sum();
    let bound = (window.as_millis() / delay.as_millis()) as usize + 1;
    eprintln!("{answered} wrong codes answered in {window:?}, bound {bound}");
    assert!(
        (1..=bound).contains(&answered),
        "{answered} wrong codes answered in {window:?}, bound {bound}"
    );
    // The player with the code still gets in.
    let guest = start_join(addr);
    expect(&guest, "state", |e| matches!(e, NetEvent::State(_)));
    guest.close();
    handle.close();
}

#[test]
fn a_host_out_of_descriptors_keeps_its_game() {
    let _serial = exclusive();
    if !std::path::Path::new("/bin/sh").exists() {
        return;
    }
    // The headless host with room for 20 descriptors: a few silent connections use them up.
    let bin = env!("CARGO_BIN_EXE_parachess");
    let mut hosting = Command::new("/bin/sh")
        .args(["-c", "ulimit -n 20 && exec \"$0\" \"$@\"", bin, "host"])
        .args(["--bind", "127.0.0.1", "--port", "0", "--time", "60+0"])
        .args(["--player", "random", "--wait", "10"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(hosting.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    thread::spawn(move || {
        let mut first = String::new();
        let _ = stdout.read_line(&mut first);
        let _ = tx.send(first);
        let mut rest = String::new();
        let _ = stdout.read_to_string(&mut rest);
        let _ = tx.send(rest);
    });
    let first = rx.recv_timeout(Duration::from_secs(5)).unwrap();
    let words: Vec<&str> = first.split_whitespace().collect();
    assert_eq!(words.get(3), Some(&"code"), "{first}");
    let addr: SocketAddr = words[2].parse().unwrap();
    let joiner = join(JoinConfig {
        timing: timing(),
        ..JoinConfig::new(addr.to_string(), words[4])
    })
    .unwrap();
    // Random moves until the end; once playing, 100 silent connections stay open meanwhile.
    let stop = Arc::new(AtomicBool::new(false));
    let mut flood = None;
    let mut net = NetGame::new(Game::new(), Side::Black, None);
    let mut engine = Engine::with_hash_mb(1);
    let (epoch, mut sent, mut ready) = (Instant::now(), None, false);
    while !net.game.is_over() {
        assert!(epoch.elapsed() < Duration::from_secs(20), "no end");
        if ready && net.my_turn() && sent != Some(net.game.plies().len()) {
            joiner.send(NetCommand::Move(
                engine.random(net.game.position()).unwrap(),
            ));
            sent = Some(net.game.plies().len());
        }
        let Ok(event) = joiner.recv_timeout(ms(20)) else {
            continue;
        };
        net.apply(&event, epoch.elapsed()).unwrap();
        match event {
            NetEvent::State(_) if flood.is_none() => {
                ready = true;
                let (stop, (opened, held)) = (stop.clone(), std::sync::mpsc::channel());
                flood = Some(thread::spawn(move || {
                    let open: Vec<TcpStream> = (0..100)
                        .filter_map(|_| TcpStream::connect_timeout(&addr, ms(200)).ok())
                        .collect();
                    let _ = opened.send(open.len());
                    let deadline = Instant::now() + Duration::from_secs(20);
                    while !stop.load(Ordering::Relaxed) && Instant::now() < deadline {
                        thread::sleep(ms(10));
                    }
                }));
                let count = held.recv_timeout(Duration::from_secs(5)).unwrap();
                assert!(count >= 40, "{count} connections");
                // The host runs out of descriptors before the game goes on.
                let fds = format!("/proc/{}/fd", hosting.id());
                let full = Instant::now();
                while std::fs::read_dir(&fds).map_or(20, |d| d.count()) < 19 {
                    assert!(full.elapsed() < Duration::from_secs(2), "the host has room");
                    thread::sleep(ms(5));
                }
            }
            NetEvent::State(_) => ready = true,
            NetEvent::Disconnected { reason, .. } => panic!("disconnected: {reason}"),
            NetEvent::Stopped(why) | NetEvent::Refused(why) => panic!("{why}"),
            _ => {}
        }
    }
    stop.store(true, Ordering::Relaxed);
    if let Some(f) = flood {
        f.join().unwrap();
    }
    joiner.close();
    let (code, _) = finish(hosting, Duration::from_secs(5));
    let out = rx.recv_timeout(Duration::from_secs(5)).unwrap();
    assert_eq!(code, Some(0), "{out}");
    let outcome = net.game.outcome().unwrap();
    let result = format!("result {} {}", outcome.result_text(), outcome.cause());
    assert_eq!(out.lines().last(), Some(result.as_str()), "{out}");
}
