//! The server's vital signs: `--metrics-listen` serves `/metrics` in Prometheus' text format on
//! an address of its own (never the public one), and a move moves the acknowledgement and
//! commit histograms; the flags that would mix the two addresses, or a log filter that does
//! not parse, are refused.

use std::process::{Command, Stdio};

use crate::server_support;

use serde_json::json;
use server_support::*;

/// The value of the sample `name` (a whole line's first word) in a scrape.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}

async fn scrape(metrics: &str) -> String {
    let (status, body) = parachess::server::client::http_get(metrics, "/metrics")
        .await
        .expect("GET /metrics");
    assert_eq!(status, 200, "{body}");
    body
}

#[test]
fn metrics_of_a_move() {
    run(Backend::Sqlite, 60, |backend| async move {
        let db = database(backend);
        let at = format!("127.0.0.1:{}", free_port());
        let server = Server::start_with(&db.url, &["--metrics-listen", &at]);
        let metrics = format!("http://{at}");

        let before = scrape(&metrics).await;
        assert_eq!(
            sample(&before, "parachess_connections"),
            Some(0.0),
            "{before}"
        );
        assert_eq!(sample(&before, "parachess_live_games"), Some(0.0));
        assert_eq!(
            sample(&before, "parachess_move_ack_seconds_count"),
            Some(0.0)
        );
        let commits = sample(&before, "parachess_db_commit_seconds_count").expect("commits");

        let mut a = guest(&server).await;
        let mut b = guest(&server).await;
        let id = start_game(&mut a, &mut b, json!({"tc": "300+3"})).await;
        let mv = parachess::rules::Game::new().legal_moves()[0].to_string();
        play(&mut a, &id, 0, &mv).await;
        // A connection's messages are handled in order: once the ping is answered, the move's
        // acknowledgement has been recorded.
        a.send(&json!({"t": "ping", "n": 7})).await.expect("send");
        expect(&mut a, "pong").await;

        let after = scrape(&metrics).await;
        assert_eq!(
            sample(&after, "parachess_connections"),
            Some(2.0),
            "{after}"
        );
        assert_eq!(sample(&after, "parachess_live_games"), Some(1.0));
        assert_eq!(
            sample(&after, "parachess_move_ack_seconds_count"),
            Some(1.0)
        );
        assert!(sample(&after, "parachess_move_ack_seconds_sum").is_some_and(|s| s > 0.0));
        assert_eq!(
            sample(&after, "parachess_move_ack_seconds_bucket{le=\"+Inf\"}"),
            Some(1.0)
        );
        // The game's row and its move, each committed before it was announced.
        assert!(
            sample(&after, "parachess_db_commit_seconds_count").is_some_and(|n| n >= commits + 2.0),
            "{after}"
        );
        assert!(sample(&after, "parachess_db_writer_queue").is_some());
        assert!(sample(&after, "parachess_game_inbox_queue").is_some());

        // Not on the public port.
        let (status, body) = parachess::server::client::http_get(&server.url, "/metrics")
            .await
            .expect("GET");
        assert_eq!(status, 404);
        assert!(!body.contains("parachess_"));

        // A connection gone is counted out.
        drop(a);
        let mut gone = false;
        for _ in 0..200 {
            let now = scrape(&metrics).await;
            if sample(&now, "parachess_connections") == Some(1.0) {
                gone = true;
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert!(gone, "the closed connection is still counted");
    });
}

/// Runs the server with `args` until it exits (it must, at once): its status and stderr.
fn refused(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parachess-server"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run parachess-server");
    assert!(out.stdout.is_empty(), "it served");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn metrics_never_on_the_public_port_and_bad_filters() {
    let dir = TempDir::new("metrics-refused");
    let db = format!("sqlite:{}", dir.0.join("s.sqlite").display());
    let at = format!("127.0.0.1:{}", free_port());
    let (code, err) = refused(&["--listen", &at, "--metrics-listen", &at, "--db", &db]);
    assert_eq!(code, Some(1));
    assert!(err.contains("--metrics-listen"), "{err}");

    let (code, err) = refused(&["--log", "parachess=loud", "--db", &db]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--log \"parachess=loud\""), "{err}");
}
