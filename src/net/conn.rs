//! One TCP connection as two small threads: a reader that turns bounded lines into messages on
//! the owner's channel, and a writer that drains a bounded queue with a write timeout. The
//! owner (a host or joiner session thread) never blocks on the network: it queues lines, and a
//! peer that stops reading fills the queue and is dropped.
//!
//! A closed connection is gone within a second whatever the peer does: the reader looks up
//! from the socket at least every [`TICK`], reads on for at most [`GRACE`] after the close
//! (so the `bye` reaches a peer that is still sending), then shuts the socket in both
//! directions, which also ends a writer stuck on a peer that does not read.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender, TrySendError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::wire::{MAX_LINE, Msg};
use super::{NetCommand, Timing};

/// Lines queued for a peer before it counts as not reading: room for the longest full state
/// (40,000 moves at 40 a line) several times over.
const OUT_QUEUE: usize = 4096;

/// Messages read from a peer and not yet handled before it counts as flooding (the same room:
/// a joiner reads a full state at network speed).
const MAX_IN_FLIGHT: usize = 4096;

/// The longest a reader waits on a silent socket before it looks at the owner's flag again.
const TICK: Duration = Duration::from_millis(100);

/// How long a reader reads on (and throws away) after its connection was closed: closing a
/// socket with unread data resets the connection, and the peer would lose the `bye`.
/// [`TICK`] + `GRACE` stays under a second.
pub(crate) const GRACE: Duration = Duration::from_millis(500);

/// Bytes a reader throws away during the grace at most.
const GRACE_BYTES: usize = 1 << 20;

/// What a session thread is told: by its handle, its acceptor or its connections.
pub(crate) enum Input {
    /// From the handle: the local player's request.
    Command(NetCommand),
    /// From the host's door: a peer that may take the seat (the first with the right code, or
    /// one presenting the seat's token).
    Joined {
        /// Its connection, hello read, blocking again.
        stream: TcpStream,
        /// The name it gave.
        name: String,
        /// Whether it takes a free seat (rather than coming back to its own).
        fresh: bool,
    },
    /// A message from connection `conn`.
    Peer { conn: u64, msg: Msg },
    /// A line from connection `conn` that is not a message.
    Malformed { conn: u64, why: String },
    /// Connection `conn` ended (closed, timed out, broke a limit); nothing more comes from it.
    Gone { conn: u64, why: String },
    /// The handle was closed or dropped.
    Shutdown,
}

enum Out {
    Line(String),
    Close,
}

/// A live connection, owned by a session thread.
pub(crate) struct Conn {
    pub id: u64,
    out: SyncSender<Out>,
    stream: TcpStream,
    in_flight: Arc<AtomicUsize>,
    /// Set when the owner closes: the reader stops passing messages on.
    closing: Arc<AtomicBool>,
    reader: Option<JoinHandle<()>>,
    writer: Option<JoinHandle<()>>,
    closed: bool,
}

impl Conn {
    /// Starts the reader and writer threads of `stream`; what arrives goes to `inputs` tagged
    /// with `id`.
    pub fn spawn(
        stream: TcpStream,
        id: u64,
        inputs: Sender<Input>,
        timing: &Timing,
    ) -> std::io::Result<Conn> {
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(TICK))?;
        stream.set_write_timeout(Some(timing.write_timeout))?;
        let in_flight = Arc::new(AtomicUsize::new(0));
        let (out, queue) = mpsc::sync_channel(OUT_QUEUE);
        let read_half = stream.try_clone()?;
        let write_half = stream.try_clone()?;
        let closing = Arc::new(AtomicBool::new(false));
        let (counter, stop) = (in_flight.clone(), closing.clone());
        let silence = timing.peer_timeout;
        // A thread that cannot start drops its half of the socket with its closure.
        let reader = std::thread::Builder::new()
            .name(format!("net-read-{id}"))
            .spawn(move || read_loop(read_half, id, &inputs, &counter, &stop, silence))?;
        let writer = std::thread::Builder::new()
            .name(format!("net-write-{id}"))
            .spawn(move || write_loop(write_half, queue))
            .inspect_err(|_| {
                // The reader runs already: shutting the socket ends it.
                let _ = stream.shutdown(Shutdown::Both);
            })?;
        Ok(Conn {
            id,
            out,
            stream,
            in_flight,
            closing,
            reader: Some(reader),
            writer: Some(writer),
            closed: false,
        })
    }

    /// Whether both threads have ended (the socket is closed once the connection is dropped).
    pub fn finished(&self) -> bool {
        [&self.reader, &self.writer]
            .iter()
            .all(|t| t.as_ref().is_none_or(JoinHandle::is_finished))
    }

    /// The session took a message of this connection off its channel.
    pub fn handled_one(&self) {
        let _ = self
            .in_flight
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
    }

    /// Queues `msg`; `false` when the peer is not keeping up (the queue is full) or the
    /// connection is closed, and then the caller drops the connection.
    pub fn send(&self, msg: &Msg) -> bool {
        !self.closed && self.out.try_send(Out::Line(msg.to_string())).is_ok()
    }

    /// Sends `bye <reason>` (when given) after what is queued, then closes the connection. Never
    /// blocks: a peer that does not read is cut off.
    pub fn close(&mut self, reason: Option<&str>) {
        if self.closed {
            return;
        }
        self.closed = true;
        self.closing.store(true, Ordering::Relaxed);
        let bye = reason.map(|r| Out::Line(Msg::Bye(r.to_string()).to_string()));
        let queued = bye.into_iter().chain([Out::Close]).all(|out| {
            !matches!(
                self.out.try_send(out),
                Err(TrySendError::Full(_) | TrySendError::Disconnected(_))
            )
        });
        if !queued {
            self.kill();
        }
    }

    /// Cuts the connection at once: the reader and writer threads end (a blocked read or
    /// write returns when the socket is shut).
    pub fn kill(&self) {
        self.closing.store(true, Ordering::Relaxed);
        let _ = self.stream.shutdown(Shutdown::Both);
    }

    /// Waits (at most `limit`) until the writer has sent what was queued; used when the program
    /// ends, so a last `over` or `bye` still leaves.
    pub fn finish(&mut self, limit: Duration) {
        self.close(None);
        if let Some(writer) = self.writer.take() {
            let deadline = Instant::now() + limit;
            while !writer.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
            }
            if writer.is_finished() {
                let _ = writer.join();
            } else {
                self.kill();
            }
        }
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.close(None);
    }
}

/// Why reading a line failed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum LineError {
    /// The peer closed the connection.
    Closed,
    /// More than [`MAX_LINE`] bytes without a `\n`.
    TooLong,
    /// Nothing arrived in time.
    Timeout,
    /// Not UTF-8.
    NotText,
    /// The system refused.
    Io(String),
}

impl LineError {
    pub fn describe(&self) -> String {
        match self {
            LineError::Closed => "the connection was closed".into(),
            LineError::TooLong => format!("a line longer than {MAX_LINE} bytes"),
            LineError::Timeout => "no message in time".into(),
            LineError::NotText => "a line that is not UTF-8 text".into(),
            LineError::Io(e) => e.clone(),
        }
    }
}

fn io_error(e: &std::io::Error) -> LineError {
    match e.kind() {
        ErrorKind::WouldBlock | ErrorKind::TimedOut => LineError::Timeout,
        ErrorKind::UnexpectedEof => LineError::Closed,
        _ => LineError::Io(e.to_string()),
    }
}

/// Takes every complete line off the front of `buf` (without `\n` and a trailing `\r`) into
/// `out`, as text or [`LineError::NotText`]; [`LineError::TooLong`] when a line, complete or
/// not, is longer than [`MAX_LINE`] bytes (the reader cannot tell where the next one starts).
fn split_lines(
    buf: &mut Vec<u8>,
    out: &mut Vec<Result<String, LineError>>,
) -> Result<(), LineError> {
    let mut start = 0;
    while let Some(end) = buf[start..].iter().position(|&b| b == b'\n') {
        let mut line = &buf[start..start + end];
        start += end + 1;
        if line.len() > MAX_LINE {
            return Err(LineError::TooLong);
        }
        if let Some(bare) = line.strip_suffix(b"\r") {
            line = bare;
        }
        out.push(
            std::str::from_utf8(line)
                .map(str::to_string)
                .map_err(|_| LineError::NotText),
        );
    }
    buf.drain(..start);
    if buf.len() > MAX_LINE {
        return Err(LineError::TooLong);
    }
    Ok(())
}

/// The reader: lines become messages on the owner's channel until the connection ends; then
/// the grace (see the module's notes) and a shutdown in both directions.
fn read_loop(
    mut stream: TcpStream,
    conn: u64,
    inputs: &Sender<Input>,
    in_flight: &AtomicUsize,
    closing: &AtomicBool,
    silence: Duration,
) {
    let mut buf = Vec::with_capacity(MAX_LINE * 2);
    let mut chunk = [0u8; 2048];
    let mut lines = Vec::new();
    let mut heard = Instant::now();
    // When this end stopped passing messages on (closed by the owner, or the peer broke a
    // limit), and the bytes thrown away since.
    let mut ending: Option<Instant> = None;
    let mut thrown = 0usize;
    let gone = |why: String| {
        let _ = inputs.send(Input::Gone { conn, why });
    };
    loop {
        if ending.is_none() && closing.load(Ordering::Relaxed) {
            ending = Some(Instant::now());
        }
        if ending.is_some_and(|since| since.elapsed() >= GRACE) || thrown >= GRACE_BYTES {
            break;
        }
        let n = match stream.read(&mut chunk) {
            Ok(0) => {
                if ending.is_none() {
                    gone(LineError::Closed.describe());
                }
                break;
            }
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) if io_error(&e) == LineError::Timeout => {
                if ending.is_none() && heard.elapsed() >= silence {
                    gone(LineError::Timeout.describe());
                    ending = Some(Instant::now());
                }
                continue;
            }
            Err(e) => {
                if ending.is_none() {
                    gone(io_error(&e).describe());
                }
                break;
            }
        };
        heard = Instant::now();
        if ending.is_some() {
            thrown += n;
            continue;
        }
        buf.extend_from_slice(&chunk[..n]);
        let split = split_lines(&mut buf, &mut lines);
        for line in lines.drain(..) {
            let input = match line {
                Ok(line) => match Msg::parse(&line) {
                    Ok(msg) => Input::Peer { conn, msg },
                    Err(why) => Input::Malformed { conn, why },
                },
                Err(e) => Input::Malformed {
                    conn,
                    why: e.describe(),
                },
            };
            if in_flight.fetch_add(1, Ordering::Relaxed) >= MAX_IN_FLIGHT {
                gone("too many messages".into());
                ending = Some(Instant::now());
                break;
            }
            if inputs.send(input).is_err() {
                // The owner is gone.
                let _ = stream.shutdown(Shutdown::Both);
                return;
            }
        }
        if let Err(e) = split
            && ending.is_none()
        {
            gone(e.describe());
            ending = Some(Instant::now());
        }
    }
    let _ = stream.shutdown(Shutdown::Both);
}

fn write_loop(mut stream: TcpStream, queue: Receiver<Out>) {
    while let Ok(out) = queue.recv() {
        match out {
            Out::Line(mut line) => {
                line.push('\n');
                if stream.write_all(line.as_bytes()).is_err() {
                    let _ = stream.shutdown(Shutdown::Both);
                    return;
                }
            }
            Out::Close => break,
        }
    }
    let _ = stream.flush();
    let _ = stream.shutdown(Shutdown::Write);
}

/// A flood guard: each message from a peer costs a token; tokens come back at a steady rate up
/// to a cap. A peer that spends them all is cut off.
pub(crate) struct Bucket {
    tokens: f64,
    last: Instant,
}

/// Tokens a peer starts with and can save up.
const BUCKET_CAP: f64 = 60.0;
/// Tokens a peer regains per second: far above what a person or a heartbeat needs. Accepted
/// moves cost nothing (the game itself paces them).
const BUCKET_RATE: f64 = 20.0;

impl Bucket {
    pub fn new() -> Bucket {
        Bucket {
            tokens: BUCKET_CAP,
            last: Instant::now(),
        }
    }

    /// Spends one token; `false` when none is left.
    pub fn spend(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * BUCKET_RATE;
        self.tokens = (self.tokens + refill).min(BUCKET_CAP);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Gives back the token of a message that turned out to be an accepted move.
    pub fn refund(&mut self) {
        self.tokens = (self.tokens + 1.0).min(BUCKET_CAP);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded() {
        let ok = "a".repeat(MAX_LINE);
        let mut buf = format!("one\r\ntwo\n{ok}\nhal").into_bytes();
        let mut out = Vec::new();
        assert_eq!(split_lines(&mut buf, &mut out), Ok(()));
        assert_eq!(out, [Ok("one".into()), Ok("two".into()), Ok(ok.clone())]);
        assert_eq!(buf, b"hal", "the unfinished line waits");
        out.clear();
        buf.extend_from_slice(b"f\n\xff\xfe\n");
        assert_eq!(split_lines(&mut buf, &mut out), Ok(()));
        assert_eq!(out, [Ok("half".into()), Err(LineError::NotText)]);
        // Too long, with its newline or still without one.
        let mut buf = format!("{ok}a\n").into_bytes();
        assert_eq!(split_lines(&mut buf, &mut out), Err(LineError::TooLong));
        let mut buf = format!("{ok}a").into_bytes();
        assert_eq!(split_lines(&mut buf, &mut out), Err(LineError::TooLong));
    }

    #[test]
    fn the_bucket_runs_dry_and_refills() {
        let mut b = Bucket::new();
        let spent = (0..1000).take_while(|_| b.spend()).count();
        assert!((60..70).contains(&spent), "{spent}");
        b.refund();
        assert!(b.spend());
    }
}
