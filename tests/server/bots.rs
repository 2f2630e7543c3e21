//! `parachess-server bots` at a modest size: 20 games at once between guest bots, the server
//! killed with `kill -9` and restarted on the same port and database in the middle, on SQLite and
//! PostgreSQL; every game
//! finishes and no acknowledged move is lost. (The big figures come from
//! scripts/server-load.sh.)

use crate::server_support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use server_support::*;

both_backends!(240, twenty_bot_games_survive_a_server_restart);

/// The bots play at full speed from one address: no budget per address.
const UNLIMITED: &[&str] = &["--address-rate", "0"];

async fn twenty_bot_games_survive_a_server_restart(backend: Backend) {
    tokio::task::spawn_blocking(move || bots_across_a_restart(backend))
        .await
        .expect("the bots test");
}

/// Runs `bots --server URL ARGS` against a server on `backend`, kills the server with
/// `kill -9` after `kill_after`, restarts it on the same port and database, and reads the bots'
/// lines until one is `last` (within `within`): that line, and the lines before it.
fn bots_through_a_kill(
    backend: Backend,
    args: &[&str],
    kill_after: Duration,
    within: Duration,
    last: impl Fn(&str) -> bool,
) -> (String, Vec<String>) {
    let db = database(backend);
    let listen = format!("127.0.0.1:{}", free_port());
    let mut server = Server::start_at(&db.url, &listen, UNLIMITED);
    let mut bots = Command::new(env!("CARGO_BIN_EXE_parachess-server"))
        .args(["bots", "--server", &server.url])
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("bots");
    let stdout = bots.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    std::thread::sleep(kill_after);
    server.kill();
    std::thread::sleep(Duration::from_millis(500));
    let _server = Server::start_at(&db.url, &listen, UNLIMITED);
    let mut lines = Vec::new();
    let summary = loop {
        let line = rx.recv_timeout(within).expect("the bots finish in time");
        if last(&line) {
            break line;
        }
        lines.push(line);
    };
    let _ = bots.wait();
    eprintln!("{summary}");
    (summary, lines)
}

fn bots_across_a_restart(backend: Backend) {
    let (summary, lines) = bots_through_a_kill(
        backend,
        &[
            "--games",
            "20",
            "--player",
            "random",
            "--tc",
            "120+1",
            "--timeout",
            "150",
        ],
        Duration::from_secs(3),
        Duration::from_secs(170),
        |l| l.starts_with("games "),
    );
    let words: Vec<&str> = summary.split_whitespace().collect();
    // games N finished F moves M rtt p50 A ms p99 B ms lost L
    assert_eq!(words.len(), 15, "{summary}");
    assert_eq!(
        (words[0], words[1], words[2], words[3]),
        ("games", "20", "finished", "20"),
        "{summary}"
    );
    assert_eq!((words[13], words[14]), ("lost", "0"), "{summary}");
    assert!(words[5].parse::<u64>().unwrap() > 20);
    assert_eq!(lines.iter().filter(|l| l.starts_with("game ")).count(), 20);
}

/// `bots --tournament` against a server killed with `kill -9` and restarted in the middle: a
/// Swiss and an arena are played to their end by guest bots, every game finished, no
/// acknowledged move lost.
fn bot_tournament_across_a_restart(backend: Backend, hook: &str, kind: &str) {
    // The tournament starts 3 s after it is made: round one (or the arena's first games) runs
    // when the server is killed. `tournament ID created` comes first; the summary last.
    let (summary, _) = bots_through_a_kill(
        backend,
        &[
            "--tournament",
            hook,
            "--players",
            "4",
            "--player",
            "random",
            "--timeout",
            "170",
        ],
        Duration::from_secs(6),
        Duration::from_secs(180),
        |l| l.starts_with("tournament ") && l.contains(" lost "),
    );
    // tournament ID kind K players N rounds R games G finished F lost L
    let words: Vec<&str> = summary.split_whitespace().collect();
    assert_eq!(words.len(), 14, "{summary}");
    let n = |i: usize| words[i].parse::<usize>().unwrap();
    assert_eq!((words[3], n(5)), (kind, 4), "{summary}");
    if kind == "swiss" {
        assert_eq!(n(7), 2, "two rounds: {summary}");
        assert_eq!(n(9), 4, "two games a round: {summary}");
    } else {
        assert!(n(9) >= 2, "{summary}");
    }
    assert_eq!(n(9), n(11), "every game finished: {summary}");
    assert_eq!(words[13], "0", "lost: {summary}");
}

#[test]
fn postgres_bot_tournaments_survive_a_kill() {
    run(Backend::Postgres, 400, |b| async move {
        tokio::task::spawn_blocking(move || {
            bot_tournament_across_a_restart(b, "swiss:2:20+0", "swiss");
            bot_tournament_across_a_restart(b, "arena:1:20+0", "arena");
        })
        .await
        .expect("the bots test");
    });
}

#[test]
fn sqlite_bot_tournaments_survive_a_kill() {
    run(Backend::Sqlite, 400, |b| async move {
        tokio::task::spawn_blocking(move || {
            bot_tournament_across_a_restart(b, "swiss:2:20+0", "swiss");
            bot_tournament_across_a_restart(b, "arena:1:20+0", "arena");
        })
        .await
        .expect("the bots test");
    });
}
