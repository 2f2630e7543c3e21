//! The limits an operator may change, and the counts kept against them: connections and
//! messages per address, login attempts per address and per account.

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::time::Duration;

use super::super::game;
use super::{Hub, lock};

/// Limits an operator may change.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Open WebSocket connections per client address.
    pub conns_per_addr: usize,
    /// Messages a connection may send per second (sustained), and in a burst.
    pub msg_rate: (f64, f64),
    /// Messages all the connections of one address may send per second together, and in a
    /// burst (so many connections cannot multiply the flood a single one may send); a rate of
    /// 0 turns it off (behind a proxy every client has the proxy's address).
    pub msg_per_addr: (f64, f64),
    /// Login and register attempts per address per minute (and burst).
    pub login_per_addr: (f64, f64),
    /// Failed-login budget per account per minute (and burst).
    pub login_per_account: (f64, f64),
    /// Messages queued for a client before it is dropped as not reading.
    pub send_queue: usize,
    /// Open seeks per connection.
    pub seeks_per_conn: usize,
    /// How long a live game waits for each side's first move before it is aborted.
    pub first_move: Duration,
    /// How long a draw offer, takeback request or rematch offer stands unanswered.
    pub offer_for: Duration,
    /// Engine threads for the computer's moves (0: half the cores, at least one).
    pub engine_threads: usize,
    /// Computer moves waiting for an engine thread before new computer games are refused.
    pub engine_queue: usize,
    /// Games against the computer at once per player.
    pub computer_per_player: usize,
    /// Games against the computer at once per client address.
    pub computer_per_addr: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            conns_per_addr: 100,
            msg_rate: (20.0, 60.0),
            msg_per_addr: (200.0, 600.0),
            login_per_addr: (20.0 / 60.0, 20.0),
            login_per_account: (5.0 / 60.0, 5.0),
            send_queue: 512,
            seeks_per_conn: 4,
            first_move: game::FIRST_MOVE_WITHIN,
            offer_for: game::OFFER_FOR,
            engine_threads: 0,
            engine_queue: 32,
            computer_per_player: 2,
            computer_per_addr: 8,
        }
    }
}

impl Hub {
    /// A new connection id, or `None` when its address has too many open.
    pub fn open_conn(&self, addr: IpAddr) -> Option<u64> {
        let mut addrs = lock(&self.addrs);
        let n = addrs.entry(addr).or_insert(0);
        if *n >= self.limits.conns_per_addr {
            return None;
        }
        *n += 1;
        Some(self.next_conn.fetch_add(1, Ordering::Relaxed))
    }

    /// A connection of `addr` closed: it counts no more against the address's limit.
    pub(super) fn release_addr(&self, addr: IpAddr) {
        let mut addrs = lock(&self.addrs);
        if let Some(n) = addrs.get_mut(&addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                addrs.remove(&addr);
            }
        }
    }

    /// Whether a login or register attempt from `addr` may go ahead.
    pub fn login_allowed(&self, addr: IpAddr) -> bool {
        lock(&self.login_addr).take(&addr)
    }

    /// Whether a message from `addr` may go ahead: every connection of an address draws on
    /// one budget.
    pub fn message_allowed(&self, addr: IpAddr) -> bool {
        self.limits.msg_per_addr.0 <= 0.0 || lock(&self.msg_addr).take(&addr)
    }

    /// Whether an attempt on `account` may go ahead (counted per attempt).
    pub fn account_allowed(&self, account: &str) -> bool {
        lock(&self.login_account).take(&account.to_string())
    }
}
