//! The server's vital signs in Prometheus' text format, served on an address of their own
//! (`--metrics-listen`), never on the public port: what an operator watches to see the server
//! fall behind before players do (after lichess's socket server). Histograms are recorded as
//! things happen; gauges are read from the hub when scraped, so they cannot drift.

use std::time::Duration;

use prometheus_client::encoding::prometheus_text;

/// The `Content-Type` of a scrape.
pub const CONTENT_TYPE: &str = prometheus_text::CONTENT_TYPE;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

/// Seconds: from half a millisecond (a commit without a disk flush) to 10 s (a stalled disk).
const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0,
];

/// The metrics of one server.
pub struct Metrics {
    registry: Registry,
    /// From a `move` message's arrival to its acknowledgement (`moved`, sent once the move is
    /// committed) going out.
    pub move_ack: Histogram,
    /// One database transaction of the writer (a batch of writes), begin to commit.
    pub db_commit: Histogram,
    /// Open WebSocket connections (each connection's task counts itself in and out).
    pub connections: Gauge,
    games: Gauge,
    writer_queue: Gauge,
    game_inboxes: Gauge,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::default();
        let move_ack = Histogram::new(BUCKETS);
        let db_commit = Histogram::new(BUCKETS);
        let (connections, games, writer_queue, game_inboxes) = Default::default();
        registry.register(
            "parachess_move_ack_seconds",
            "From a move's arrival to its acknowledgement, sent once it is committed",
            move_ack.clone(),
        );
        registry.register(
            "parachess_db_commit_seconds",
            "One database transaction of the writer (a batch of writes), begin to commit",
            db_commit.clone(),
        );
        registry.register(
            "parachess_connections",
            "Open WebSocket connections",
            Gauge::clone(&connections),
        );
        registry.register(
            "parachess_live_games",
            "Games this instance plays now",
            Gauge::clone(&games),
        );
        registry.register(
            "parachess_db_writer_queue",
            "Writes waiting for the database writer",
            Gauge::clone(&writer_queue),
        );
        registry.register(
            "parachess_game_inbox_queue",
            "Requests waiting in the live games' inboxes, all games together",
            Gauge::clone(&game_inboxes),
        );
        Metrics {
            registry,
            move_ack,
            db_commit,
            connections,
            games,
            writer_queue,
            game_inboxes,
        }
    }
}

/// What the gauges show, read from the hub at a scrape.
#[derive(Clone, Copy, Debug, Default)]
pub struct Levels {
    /// Live games.
    pub games: usize,
    /// Writes queued for the writer.
    pub writer_queue: usize,
    /// Requests queued in the games' inboxes.
    pub game_inboxes: usize,
}

impl Metrics {
    /// Records a duration in a histogram, in seconds.
    pub fn observe(histogram: &Histogram, d: Duration) {
        histogram.observe(d.as_secs_f64());
    }

    /// The text of a scrape, with the gauges at `levels`.
    pub fn render(&self, levels: Levels) -> String {
        let as_i64 = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        self.games.set(as_i64(levels.games));
        self.writer_queue.set(as_i64(levels.writer_queue));
        self.game_inboxes.set(as_i64(levels.game_inboxes));
        let mut text = String::new();
        // Writing into a String cannot fail; an error would only leave the text short.
        let _ = prometheus_text::encode(&mut text, &self.registry);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names an operator's dashboards use, in the text format, with the gauges as given.
    #[test]
    fn a_scrape_names_every_metric() {
        let m = Metrics::default();
        Metrics::observe(&m.move_ack, Duration::from_millis(3));
        m.connections.inc();
        m.connections.inc();
        let text = m.render(Levels {
            games: 1,
            writer_queue: 0,
            game_inboxes: 4,
        });
        assert!(
            text.contains("parachess_move_ack_seconds_count 1\n"),
            "{text}"
        );
        assert!(
            text.contains("parachess_move_ack_seconds_bucket{le=\"0.005\"} 1\n"),
            "{text}"
        );
        assert!(
            text.contains("parachess_move_ack_seconds_bucket{le=\"0.002\"} 0\n"),
            "{text}"
        );
        assert!(
            text.contains("parachess_db_commit_seconds_count 0\n"),
            "{text}"
        );
        assert!(text.contains("parachess_connections 2\n"), "{text}");
        assert!(text.contains("parachess_live_games 1\n"), "{text}");
        assert!(text.contains("parachess_db_writer_queue 0\n"), "{text}");
        assert!(text.contains("parachess_game_inbox_queue 4\n"), "{text}");
        assert!(
            text.contains("# TYPE parachess_move_ack_seconds histogram\n"),
            "{text}"
        );
    }
}
