//! Direct play's test helpers, on the command line and in the window: short limits, and a
//! loopback relay between a joiner and a host that a test can cut or close, as a flaky network
//! would.

use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use parachess::net::Timing;

/// Short limits, so that silence, slowness and a cut line are noticed within a second; a
/// reconnecting end tries `reconnect_attempts` times.
pub fn timing(reconnect_attempts: u32) -> Timing {
    let ms = Duration::from_millis;
    Timing {
        heartbeat: ms(100),
        peer_timeout: ms(800),
        handshake: ms(800),
        write_timeout: ms(500),
        connect_timeout: ms(500),
        reconnect_delay: ms(100),
        reconnect_attempts,
        wrong_code_delay: ms(20),
    }
}

/// The relay: the joiner connects to `addr`, the relay to the host.
pub struct Relay {
    /// Where the joiner connects instead of the host.
    pub addr: SocketAddr,
    live: Arc<Mutex<Vec<TcpStream>>>,
    stop: Arc<AtomicBool>,
    /// While set, connections are dropped as they arrive (the host cannot be reached).
    closed: Arc<AtomicBool>,
}

impl Relay {
    pub fn new(upstream: SocketAddr) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let live = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let closed = Arc::new(AtomicBool::new(false));
        let (l, s, c) = (live.clone(), stop.clone(), closed.clone());
        thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                let Ok((down, _)) = listener.accept() else {
                    // Non-blocking accept: nothing to poll but the next arrival.
                    thread::sleep(Duration::from_millis(10));
                    continue;
                };
                if c.load(Ordering::SeqCst) {
                    drop(down);
                    continue;
                }
                down.set_nonblocking(false).unwrap();
                let Ok(up) = TcpStream::connect(upstream) else {
                    continue;
                };
                // Without this, Nagle's algorithm holds each small line back for an ACK.
                for s in [&down, &up] {
                    s.set_nodelay(true).unwrap();
                }
                for (mut from, mut to) in [
                    (down.try_clone().unwrap(), up.try_clone().unwrap()),
                    (up.try_clone().unwrap(), down.try_clone().unwrap()),
                ] {
                    thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Both);
                    });
                }
                l.lock().unwrap().extend([down, up]);
            }
        });
        Relay {
            addr,
            live,
            stop,
            closed,
        }
    }

    /// Stops letting connections through (`true`) or lets them through again.
    pub fn close(&self, closed: bool) {
        self.closed.store(closed, Ordering::SeqCst);
    }

    /// Breaks every connection through the relay.
    pub fn cut(&self) {
        for s in self.live.lock().unwrap().drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.cut();
    }
}
