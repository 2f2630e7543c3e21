//! One TCP connection as two small threads: a reader that turns bounded lines into messages on
//! the owner's channel, and a writer that drains a bounded queue with a write timeout. The
//! owner (a host or joiner session thread) never blocks on the network: it queues lines, and a
//! peer that stops reading fills the queue and is dropped.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender, TrySendError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::protocol::{MAX_LINE, Msg};
use super::{NetCommand, Timing};

/// Lines queued for a peer before it counts as not reading: room for the longest full state
/// (40,000 moves at 40 a line) several times over.
const OUT_QUEUE: usize = 4096;

/// Messages read from a peer and not yet handled before it counts as flooding (the same room:
/// a joiner reads a full state at network speed).
const MAX_IN_FLIGHT: usize = 4096;

/// What a session thread is told: by its handle, its acceptor or its connections.
pub(crate) enum Input {
    /// From the handle: the local player's request.
    Command(NetCommand),
    /// From the host's acceptor: a peer that gave the right code and version.
    Joined {
        /// Its connection, handshake read.
        stream: TcpStream,
        /// The name it gave.
        name: String,
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
        stream.set_read_timeout(Some(timing.peer_timeout))?;
        stream.set_write_timeout(Some(timing.write_timeout))?;
        let in_flight = Arc::new(AtomicUsize::new(0));
        let (out, queue) = mpsc::sync_channel(OUT_QUEUE);
        let read_half = stream.try_clone()?;
        let write_half = stream.try_clone()?;
        let closing = Arc::new(AtomicBool::new(false));
        let (counter, stop) = (in_flight.clone(), closing.clone());
        std::thread::Builder::new()
            .name(format!("net-read-{id}"))
            .spawn(move || read_loop(read_half, id, &inputs, &counter, &stop))?;
        let writer = std::thread::Builder::new()
            .name(format!("net-write-{id}"))
            .spawn(move || write_loop(write_half, queue))?;
        Ok(Conn {
            id,
            out,
            stream,
            in_flight,
            closing,
            writer: Some(writer),
            closed: false,
        })
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

    /// Cuts the connection at once: the reader and writer threads end.
    pub fn kill(&self) {
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

/// Reads one line of at most [`MAX_LINE`] bytes (without `\n` and a trailing `\r`).
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<String, LineError> {
    buf.clear();
    let n = reader
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', buf)
        .map_err(|e| io_error(&e))?;
    if n == 0 {
        return Err(LineError::Closed);
    }
    if buf.last() != Some(&b'\n') {
        return Err(if buf.len() > MAX_LINE {
            LineError::TooLong
        } else {
            LineError::Closed
        });
    }
    buf.pop();
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    String::from_utf8(std::mem::take(buf)).map_err(|_| LineError::NotText)
}

/// Reads the first line of a fresh connection byte by byte (so nothing after it is lost when
/// the stream is handed on), giving up at `deadline`: a peer that sends slowly or not at all
/// cannot hold the handshake.
pub(crate) fn read_first_line(
    stream: &mut TcpStream,
    deadline: Instant,
) -> Result<String, LineError> {
    let mut buf = Vec::with_capacity(64);
    let mut byte = [0u8; 1];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(LineError::Timeout);
        }
        stream
            .set_read_timeout(Some(left))
            .map_err(|e| io_error(&e))?;
        match stream.read(&mut byte) {
            Ok(0) => return Err(LineError::Closed),
            Ok(_) if byte[0] == b'\n' => break,
            Ok(_) if buf.len() >= MAX_LINE => return Err(LineError::TooLong),
            Ok(_) => buf.push(byte[0]),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(io_error(&e)),
        }
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    String::from_utf8(buf).map_err(|_| LineError::NotText)
}

fn read_loop(
    stream: TcpStream,
    conn: u64,
    inputs: &Sender<Input>,
    in_flight: &AtomicUsize,
    closing: &AtomicBool,
) {
    let mut reader = BufReader::with_capacity(MAX_LINE * 2, stream);
    let mut buf = Vec::with_capacity(MAX_LINE + 1);
    let why = loop {
        if closing.load(Ordering::Relaxed) {
            break None;
        }
        let input = match read_line(&mut reader, &mut buf) {
            Ok(line) => match Msg::parse(&line) {
                Ok(msg) => Input::Peer { conn, msg },
                Err(why) => Input::Malformed { conn, why },
            },
            Err(LineError::NotText) => Input::Malformed {
                conn,
                why: LineError::NotText.describe(),
            },
            Err(e) => break Some((e.describe(), e != LineError::TooLong)),
        };
        if in_flight.fetch_add(1, Ordering::Relaxed) >= MAX_IN_FLIGHT {
            break Some(("too many messages".to_string(), false));
        }
        if inputs.send(input).is_err() {
            break None;
        }
    };
    match why {
        // The connection is over: nothing left to read.
        Some((why, true)) => {
            let _ = inputs.send(Input::Gone { conn, why });
        }
        // Read on (and throw away) what the peer still sends, briefly, while the owner's
        // `bye` goes out: closing a socket with unread data resets the connection, and the
        // peer would lose the bye.
        Some((why, false)) => {
            let _ = inputs.send(Input::Gone { conn, why });
            drain(&mut reader);
        }
        None => drain(&mut reader),
    }
}

/// Discards what arrives until the peer closes, at most a second or a megabyte.
fn drain(reader: &mut BufReader<TcpStream>) {
    let deadline = Instant::now() + Duration::from_secs(1);
    let _ = reader
        .get_ref()
        .set_read_timeout(Some(Duration::from_millis(50)));
    let mut sink = [0u8; 4096];
    let mut budget: usize = 1 << 20;
    while budget > 0 && Instant::now() < deadline {
        match reader.read(&mut sink) {
            Ok(0) => return,
            Ok(n) => budget = budget.saturating_sub(n),
            Err(e) if matches!(io_error(&e), LineError::Timeout) => {}
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
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
        let ok = format!("{}\n", "a".repeat(MAX_LINE));
        let long = format!("{}\n", "a".repeat(MAX_LINE + 1));
        let mut buf = Vec::new();
        let mut r = std::io::Cursor::new(format!("one\r\ntwo\n{ok}{long}"));
        assert_eq!(read_line(&mut r, &mut buf), Ok("one".into()));
        assert_eq!(read_line(&mut r, &mut buf), Ok("two".into()));
        assert_eq!(read_line(&mut r, &mut buf).map(|l| l.len()), Ok(MAX_LINE));
        assert_eq!(read_line(&mut r, &mut buf), Err(LineError::TooLong));
        let mut r = std::io::Cursor::new(b"\xff\xfe\nhalf".to_vec());
        assert_eq!(read_line(&mut r, &mut buf), Err(LineError::NotText));
        assert_eq!(read_line(&mut r, &mut buf), Err(LineError::Closed));
        assert_eq!(read_line(&mut r, &mut buf), Err(LineError::Closed));
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
