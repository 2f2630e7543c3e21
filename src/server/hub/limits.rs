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
    /// Engine threads for the computer's moves (`None`: half the cores, at least one; 0:
    /// none, with PostgreSQL only: engine workers take every job).
    pub engine_threads: Option<usize>,
    /// Computer moves waiting for an engine thread before new computer games are refused.
    pub engine_queue: usize,
    /// Games against the computer at once per player.
    pub computer_per_player: usize,
    /// Games against the computer at once per client address.
    pub computer_per_addr: usize,
    /// How long an untimed game against the computer may go untouched before it is adjourned.
    pub adjourn_after: Duration,
    /// Play the showcase game (the computer against itself) when nobody plays.
    pub showcase: bool,
    /// The analysis board's engine time per player (an address gets four times it): seconds
    /// earned per second, and saved up at most.
    pub analysis_budget: (f64, f64),
    /// The longest one analysis board search runs.
    pub analysis_time: Duration,
    /// A finished game's analysis: the search time per position.
    pub game_analysis_time: Duration,
    /// Game analyses asked for per hour, per player and per client address.
    pub analyses_per_hour: (u32, u32),
    /// Game analyses waiting at most before new ones are refused.
    pub game_analysis_queue: usize,
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
            engine_threads: None,
            engine_queue: 32,
            computer_per_player: 2,
            computer_per_addr: 8,
            adjourn_after: game::ADJOURN_AFTER,
            showcase: false,
            analysis_budget: (0.2, 120.0),
            analysis_time: Duration::from_secs(10),
            game_analysis_time: Duration::from_millis(300),
            analyses_per_hour: (5, 20),
            game_analysis_queue: 16,
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
