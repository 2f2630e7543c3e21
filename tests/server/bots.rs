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

fn bots_across_a_restart(backend: Backend) {
    let db = database(backend);
    let listen = format!("127.0.0.1:{}", free_port());
    let mut server = Server::start_at(&db.url, &listen, UNLIMITED);
    let mut bots = Command::new(env!("CARGO_BIN_EXE_parachess-server"))
        .args([
            "bots",
            "--server",
            &server.url,
            "--games",
            "20",
            "--player",
            "random",
            "--tc",
            "120+1",
            "--timeout",
            "150",
        ])
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
    std::thread::sleep(Duration::from_secs(3));
    server.kill();
    std::thread::sleep(Duration::from_millis(500));
    let _server = Server::start_at(&db.url, &listen, UNLIMITED);
    let mut lines = Vec::new();
    let summary = loop {
        let line = rx
            .recv_timeout(Duration::from_secs(170))
            .expect("the bots finish in time");
        if line.starts_with("games ") {
            break line;
        }
        lines.push(line);
    };
    let _ = bots.wait();
    eprintln!("{summary}");
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
