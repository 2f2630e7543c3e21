//! The host's door: one thread accepts newcomers and reads their hellos without a thread or a
//! blocking read each, and decides who may take the seat.
//!
//! * **The seat** belongs to the first newcomer with the right code; from then on only a hello
//!   presenting the seat's [`Token`] is let in (it replaces the seat's older connection), and
//!   everyone else is told [`BYE_FULL`] at once, whatever code they give.
//! * **Handshakes are bounded**: at most [`MAX_PENDING`] at once and [`MAX_PENDING_PER_ADDR`]
//!   from one address; a newcomer beyond either takes the place of the oldest one from the
//!   busiest address, which is told [`BYE_BUSY`]. Each must send its hello within the
//!   handshake time, counted from its arrival (not per read).
//! * **The token holder always gets in**: its hello is read as soon as it arrives (before
//!   anyone is turned away for room), and a complete hello with the token needs no room at all.
//! * **Codes cannot be guessed quickly**: a wrong code shuts the door to every code check for
//!   the pause ([`Backoff`]), so guesses are bounded per second for the whole host, however
//!   many connections ask; waiting hellos are checked taking addresses in turn.
//!
//! Refused newcomers are told why in a `bye` and kept a moment ([`LINGER`], at most
//! [`MAX_LINGER`] of them) so that the bye is read before the socket closes.

use std::collections::{HashMap, VecDeque};
use std::io::{ErrorKind, Read, Write};
use std::net::{IpAddr, Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use super::Timing;
use super::conn::Input;
use super::wire::{
    BYE_BUSY, BYE_FULL, BYE_SLOW, BYE_WRONG_CODE, MAX_LINE, Msg, PROTOCOL_VERSION, Token,
};

/// Handshakes in progress at once, from all addresses.
pub(crate) const MAX_PENDING: usize = 64;

/// Handshakes in progress at once from one address.
pub(crate) const MAX_PENDING_PER_ADDR: usize = 16;

/// Refused newcomers kept until they read their `bye`, at most.
pub(crate) const MAX_LINGER: usize = 64;

/// How long a refused newcomer is kept for its `bye` to be read.
const LINGER: Duration = Duration::from_millis(200);

/// Newcomers taken from the listener before the door reads the waiting hellos again.
const ACCEPT_BATCH: usize = 16;

/// The door's pause when nothing happens.
const POLL: Duration = Duration::from_millis(10);

/// The seat, shared by the door (which gives it) and the session (which gives it back when
/// the connection that took it could not be started).
pub(crate) struct Seat {
    /// The token the `welcome` gives and a reconnection presents.
    pub token: Token,
    /// Whether a joiner holds it.
    pub taken: AtomicBool,
}

/// The global pause after a wrong code: at most one wrong code is answered per `pause`,
/// whoever asks and on however many connections.
#[derive(Debug)]
pub(crate) struct Backoff {
    pause: Duration,
    next: Option<Instant>,
}

impl Backoff {
    pub fn new(pause: Duration) -> Backoff {
        Backoff { pause, next: None }
    }

    /// Whether a code may be checked at `now`.
    pub fn ready(&self, now: Instant) -> bool {
        self.next.is_none_or(|next| now >= next)
    }

    /// A wrong code was given at `now`: no check before the pause has passed.
    pub fn failed(&mut self, now: Instant) {
        self.next = Some(now + self.pause);
    }
}

/// Which waiting handshake leaves to make room for one more from `newcomer`: `None` when
/// there is room. `pending` are the addresses of the handshakes in progress, oldest first.
/// Over [`MAX_PENDING_PER_ADDR`] from the newcomer's address, its own oldest leaves; over
/// [`MAX_PENDING`] in all, the oldest of the address with the most.
pub(crate) fn make_room(pending: &[IpAddr], newcomer: IpAddr) -> Option<usize> {
    let count = |addr: IpAddr| pending.iter().filter(|a| **a == addr).count();
    let victim = if count(newcomer) >= MAX_PENDING_PER_ADDR {
        newcomer
    } else if pending.len() >= MAX_PENDING {
        // The first of the most crowded addresses, so ties go to the oldest handshake.
        let mut best = (0, pending.first()?);
        for addr in pending {
            let n = count(*addr);
            if n > best.0 {
                best = (n, addr);
            }
        }
        *best.1
    } else {
        return None;
    };
    pending.iter().position(|a| *a == victim)
}

/// Which waiting hello has its code checked next: the oldest from the address checked least
/// recently (never checked first), so one address with many guesses cannot make a player on
/// another wait behind them all. `waiting` are (index, address), oldest first.
pub(crate) fn next_check(
    waiting: &[(usize, IpAddr)],
    last: &HashMap<IpAddr, Instant>,
) -> Option<usize> {
    waiting
        .iter()
        .min_by_key(|(_, addr)| last.get(addr).copied())
        .map(|(i, _)| *i)
}

/// Compares two codes without regard to case, in a time that does not depend on where they
/// differ.
fn same_code(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| {
            acc | (x.to_ascii_uppercase() ^ y.to_ascii_uppercase())
        }) == 0
}

/// A handshake in progress.
struct Newcomer {
    stream: TcpStream,
    addr: IpAddr,
    since: Instant,
    /// The code and name of a hello read, waiting for its code check (the seat being free).
    hello: Option<(String, String)>,
}

/// What a look at a newcomer's socket found.
enum Look {
    /// Its whole first line (taken off the socket).
    Line(String),
    /// Not yet a whole line.
    Nothing,
    /// It closed, or the socket failed.
    Gone,
    /// A line that cannot be a hello.
    Bad(String),
}

/// The door of a host: see the module's notes.
pub(crate) struct Door {
    pub listener: TcpListener,
    pub code: String,
    pub seat: Arc<Seat>,
    pub inputs: Sender<Input>,
    pub timing: Timing,
    pending: Vec<Newcomer>,
    lingering: VecDeque<(TcpStream, Instant)>,
    backoff: Backoff,
    /// When each address last had a code checked (for taking addresses in turn).
    checked: HashMap<IpAddr, Instant>,
}

impl Door {
    pub fn new(
        listener: TcpListener,
        code: String,
        seat: Arc<Seat>,
        inputs: Sender<Input>,
        timing: Timing,
    ) -> Door {
        Door {
            listener,
            code,
            seat,
            inputs,
            pending: Vec::new(),
            lingering: VecDeque::new(),
            backoff: Backoff::new(timing.wrong_code_delay),
            checked: HashMap::new(),
            timing,
        }
    }

    /// Serves until `stop`.
    pub fn run(mut self, stop: &AtomicBool) {
        while !stop.load(Ordering::Relaxed) {
            if !self.step(Instant::now()) {
                std::thread::sleep(POLL);
            }
        }
    }

    /// One round: newcomers, hellos, code checks, deadlines. Whether anything arrived.
    fn step(&mut self, now: Instant) -> bool {
        let mut busy = false;
        for _ in 0..ACCEPT_BATCH {
            match self.listener.accept() {
                Ok((stream, addr)) => {
                    busy = true;
                    self.arrive(stream, addr.ip(), now);
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e)
                    if matches!(
                        e.kind(),
                        ErrorKind::Interrupted
                            | ErrorKind::ConnectionAborted
                            | ErrorKind::ConnectionReset
                    ) => {}
                // The system refused (out of descriptors or memory, say): the newcomer stays
                // queued in the system, and a descriptor of ours is given up so the next look
                // can take it.
                Err(_) => {
                    busy |= self.free_descriptor();
                    break;
                }
            }
        }
        self.read_all();
        self.check_codes();
        self.expire(now);
        self.linger(now);
        busy
    }

    fn arrive(&mut self, stream: TcpStream, addr: IpAddr, now: Instant) {
        if stream.set_nonblocking(true).is_err() {
            return;
        }
        let _ = stream.set_nodelay(true);
        let newcomer = Newcomer {
            stream,
            addr,
            since: now,
            hello: None,
        };
        // A complete hello is decided at once: the token holder needs no room.
        let Some(newcomer) = self.settle(newcomer) else {
            return;
        };
        // Let those whose hellos came in leave before anyone is turned away.
        self.read_all();
        let addrs: Vec<IpAddr> = self.pending.iter().map(|p| p.addr).collect();
        if let Some(victim) = make_room(&addrs, addr) {
            let old = self.pending.remove(victim);
            self.refuse(old.stream, BYE_BUSY);
        }
        self.pending.push(newcomer);
    }

    /// Closes a refused newcomer still lingering, or else the oldest handshake of the busiest
    /// address (without a `bye`: there is no room to say it). Whether one was closed.
    fn free_descriptor(&mut self) -> bool {
        if self.lingering.pop_front().is_some() {
            return true;
        }
        let addrs: Vec<IpAddr> = self.pending.iter().map(|p| p.addr).collect();
        let busiest = addrs
            .iter()
            .max_by_key(|a| addrs.iter().filter(|b| b == a).count())
            .copied();
        let victim = busiest.and_then(|b| addrs.iter().position(|a| *a == b));
        victim.map(|i| self.pending.remove(i)).is_some()
    }

    /// Looks at every waiting socket.
    fn read_all(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        for newcomer in pending {
            if let Some(waiting) = self.settle(newcomer) {
                self.pending.push(waiting);
            }
        }
    }

    /// Reads the newcomer's hello if it is there and decides what it can: `Some` when it is
    /// still waiting (for its line, or for its code check).
    fn settle(&mut self, mut newcomer: Newcomer) -> Option<Newcomer> {
        if newcomer.hello.is_some() {
            if self.seat.taken.load(Ordering::Relaxed) {
                self.refuse(newcomer.stream, BYE_FULL);
                return None;
            }
            return Some(newcomer);
        }
        let line = match look(&mut newcomer.stream) {
            Look::Nothing => return Some(newcomer),
            Look::Gone => return None,
            Look::Bad(why) => {
                self.refuse(newcomer.stream, &format!("expected hello: {why}"));
                return None;
            }
            Look::Line(line) => line,
        };
        let (version, code, token, name) = match Msg::parse(&line) {
            Ok(Msg::Hello {
                version,
                code,
                token,
                name,
            }) => (version, code, token, name),
            Ok(_) => {
                self.refuse(newcomer.stream, "expected hello");
                return None;
            }
            Err(why) => {
                self.refuse(newcomer.stream, &format!("expected hello: {why}"));
                return None;
            }
        };
        if version != PROTOCOL_VERSION {
            let why =
                format!("this host speaks protocol version {PROTOCOL_VERSION}, not {version}");
            self.refuse(newcomer.stream, &why);
            return None;
        }
        if self.seat.taken.load(Ordering::Relaxed) {
            // Only the seat's token opens the door now; the code alone opens nothing.
            if token == Some(self.seat.token) && same_code(&code, &self.code) {
                self.admit(newcomer.stream, name, false);
            } else {
                self.refuse(newcomer.stream, BYE_FULL);
            }
            return None;
        }
        newcomer.hello = Some((code, name));
        Some(newcomer)
    }

    /// Checks waiting codes while the pause allows: a right one takes the seat, a wrong one
    /// starts the pause.
    fn check_codes(&mut self) {
        loop {
            let now = Instant::now();
            if self.seat.taken.load(Ordering::Relaxed) || !self.backoff.ready(now) {
                return;
            }
            let waiting: Vec<(usize, IpAddr)> = self
                .pending
                .iter()
                .enumerate()
                .filter(|(_, p)| p.hello.is_some())
                .map(|(i, p)| (i, p.addr))
                .collect();
            let Some(i) = next_check(&waiting, &self.checked) else {
                return;
            };
            let newcomer = self.pending.remove(i);
            if self.checked.len() >= 1024 {
                self.checked.clear();
            }
            self.checked.insert(newcomer.addr, now);
            let Some((code, name)) = newcomer.hello else {
                continue;
            };
            if same_code(&code, &self.code) {
                self.seat.taken.store(true, Ordering::Relaxed);
                self.admit(newcomer.stream, name, true);
            } else {
                self.backoff.failed(now);
                self.refuse(newcomer.stream, BYE_WRONG_CODE);
            }
        }
    }

    /// Turns away handshakes past their time.
    fn expire(&mut self, now: Instant) {
        let limit = self.timing.handshake;
        let (late, on_time): (Vec<Newcomer>, Vec<Newcomer>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|p| now.duration_since(p.since) >= limit);
        self.pending = on_time;
        for newcomer in late {
            // A hello that waited for its code check was not slow: the host was busy.
            let why = if newcomer.hello.is_some() {
                BYE_BUSY
            } else {
                BYE_SLOW
            };
            self.refuse(newcomer.stream, why);
        }
    }

    /// Hands a newcomer to the session.
    fn admit(&mut self, stream: TcpStream, name: String, fresh: bool) {
        if stream.set_nonblocking(false).is_err() {
            if fresh {
                self.seat.taken.store(false, Ordering::Relaxed);
            }
            return;
        }
        let joined = Input::Joined {
            stream,
            name,
            fresh,
        };
        if self.inputs.send(joined).is_err() && fresh {
            self.seat.taken.store(false, Ordering::Relaxed);
        }
    }

    /// Says `bye <why>` (never waiting) and keeps the socket a moment so the bye is read.
    fn refuse(&mut self, mut stream: TcpStream, why: &str) {
        let _ = stream.write(format!("{}\n", Msg::Bye(why.to_string())).as_bytes());
        let _ = stream.shutdown(Shutdown::Write);
        if self.lingering.len() >= MAX_LINGER {
            self.lingering.pop_front();
        }
        self.lingering.push_back((stream, Instant::now()));
    }

    /// Reads (and throws away) what refused newcomers still send; lets them go once they
    /// closed or their moment is over.
    fn linger(&mut self, now: Instant) {
        let mut sink = [0u8; 1024];
        self.lingering.retain_mut(|(stream, since)| {
            if now.duration_since(*since) >= LINGER {
                return false;
            }
            for _ in 0..16 {
                match stream.read(&mut sink) {
                    Ok(0) => return false,
                    Ok(_) => {}
                    Err(e) if e.kind() == ErrorKind::WouldBlock => return true,
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(_) => return false,
                }
            }
            true
        });
    }
}

/// Looks for a whole first line on a non-blocking socket without taking more than that line:
/// what follows it belongs to the connection's reader.
fn look(stream: &mut TcpStream) -> Look {
    let mut buf = [0u8; MAX_LINE + 2];
    let n = match stream.peek(&mut buf) {
        Ok(0) => return Look::Gone,
        Ok(n) => n,
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {
            return Look::Nothing;
        }
        Err(_) => return Look::Gone,
    };
    let Some(end) = buf[..n].iter().position(|&b| b == b'\n') else {
        if n > MAX_LINE {
            return Look::Bad(format!("a line longer than {MAX_LINE} bytes"));
        }
        return Look::Nothing;
    };
    let mut line = vec![0u8; end + 1];
    if stream.read_exact(&mut line).is_err() {
        return Look::Gone;
    }
    line.pop();
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if line.len() > MAX_LINE {
        return Look::Bad(format!("a line longer than {MAX_LINE} bytes"));
    }
    match String::from_utf8(line) {
        Ok(text) => Look::Line(text),
        Err(_) => Look::Bad("a line that is not UTF-8 text".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, n])
    }

    #[test]
    fn one_wrong_code_a_pause_whoever_asks() {
        let start = Instant::now();
        let mut b = Backoff::new(Duration::from_millis(500));
        assert!(b.ready(start));
        b.failed(start);
        assert!(!b.ready(start + Duration::from_millis(499)));
        assert!(b.ready(start + Duration::from_millis(500)));
        // Over ten seconds, however often asked: at most one check a pause, plus the first.
        let mut answered = 0;
        let mut b = Backoff::new(Duration::from_millis(500));
        for ms in 0..10_000 {
            let now = start + Duration::from_millis(ms);
            for _ in 0..16 {
                if b.ready(now) {
                    answered += 1;
                    b.failed(now);
                }
            }
        }
        assert_eq!(answered, 20);
    }

    #[test]
    fn room_is_made_from_the_crowded_address() {
        assert_eq!(make_room(&[], ip(1)), None);
        // One address at its limit: its own oldest leaves, whoever else waits.
        let mut pending = vec![ip(2)];
        pending.extend([ip(1); MAX_PENDING_PER_ADDR]);
        assert_eq!(make_room(&pending, ip(1)), Some(1));
        assert_eq!(make_room(&pending, ip(3)), None);
        // All full: the oldest of the most crowded address leaves for a newcomer from another.
        let mut pending: Vec<IpAddr> = (0..MAX_PENDING).map(|i| ip(i as u8 % 8)).collect();
        pending[MAX_PENDING - 1] = ip(3);
        assert_eq!(make_room(&pending, ip(200)), Some(3));
        let spread: Vec<IpAddr> = (0..MAX_PENDING).map(|i| ip(i as u8)).collect();
        assert_eq!(make_room(&spread, ip(200)), Some(0), "ties: the oldest");
    }

    #[test]
    fn codes_are_checked_taking_addresses_in_turn() {
        let now = Instant::now();
        let mut last = HashMap::new();
        let waiting = [(0, ip(1)), (1, ip(1)), (2, ip(1)), (3, ip(2))];
        assert_eq!(next_check(&waiting, &last), Some(0));
        last.insert(ip(1), now);
        assert_eq!(
            next_check(&waiting, &last),
            Some(3),
            "the other address first"
        );
        last.insert(ip(2), now + Duration::from_millis(1));
        assert_eq!(next_check(&waiting, &last), Some(0));
        assert_eq!(next_check(&[], &last), None);
    }

    #[test]
    fn codes_compare_whole_and_without_case() {
        assert!(same_code("ab3def", "AB3DEF"));
        assert!(!same_code("AB3DEF", "AB3DEG"));
        assert!(!same_code("AB3DEF", "AB3DEFG"));
        assert!(!same_code("", "AB3DEF"));
    }
}
