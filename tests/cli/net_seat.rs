//! A joiner whose program died comes back: `parachess join` keeps the seat's token in its data
//! folder, so the same command run again with the same folder takes the seat back, and nobody
//! else can.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use parachess::engine::Engine;
use parachess::net::{NetCommand, NetEvent, NetGame, NetHandle};
use parachess::rules::record::read_game;
use parachess::rules::{Game, Side};

use super::net::{CODE, Who, drive, exclusive, finish, flood, start_host};

/// A fresh, empty folder for one run.
fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parachess-seat-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `parachess join` as a random mover with `data` as its data folder, saving to `save`; its
/// output lines come on the receiver as they are printed.
fn join(addr: &str, code: &str, data: &Path, save: &Path) -> (Child, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parachess"))
        .args(["join", addr, "--code", code, "--player", "random", "--save"])
        .arg(save)
        .env("PARACHESS_DATA_DIR", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lines = read_lines(&mut child);
    (child, lines)
}

fn read_lines(child: &mut Child) -> Receiver<String> {
    let out = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        for line in out.lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for a line that `pred` accepts; every line seen so far on failure.
fn wait_line(lines: &Receiver<String>, limit: Duration, pred: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + limit;
    let mut seen = Vec::new();
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match lines.recv_timeout(left) {
            Ok(line) if pred(&line) => return line,
            Ok(line) => seen.push(line),
            Err(_) => break,
        }
    }
    panic!("no such line within {limit:?}: {seen:?}");
}

/// The files in `dir/seats`.
fn seats(data: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(data.join("seats"))
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default()
}

#[test]
fn a_joiner_killed_and_started_again_from_its_data_folder_finishes_the_game() {
    let _serial = exclusive();
    let dir = folder("game");
    let (mine, other) = (dir.join("mine"), dir.join("other"));
    let join_file = dir.join("join.pgn");
    // The host is this test: it moves only when told, so the joiner dies mid-game for sure.
    let (handle, host_addr) = start_host(Side::White, None, None);
    let addr = host_addr.to_string();
    let mut net = NetGame::new(Game::new(), Side::White, None);
    let mut engine = Engine::with_hash_mb(1);
    engine.seed(5);
    let epoch = Instant::now();

    // The joiner plays three moves, its token kept on disk, and dies without a word.
    let (mut joiner, _lines) = join(&addr, CODE, &mine, &join_file);
    let mut connected = false;
    while net.game.plies().len() < 6 || !net.my_turn() {
        assert!(epoch.elapsed() < Duration::from_secs(20), "no moves");
        if connected && net.my_turn() {
            let mv = engine.random(net.game.position()).unwrap();
            handle.send(NetCommand::Move(mv));
        }
        let Ok(event) = handle.recv_timeout(Duration::from_secs(20)) else {
            panic!("the host heard nothing");
        };
        net.apply(&event, epoch.elapsed()).unwrap();
        match event {
            NetEvent::Connected { .. } => connected = true,
            NetEvent::Refused(why) | NetEvent::Stopped(why) => panic!("{why}"),
            _ => {}
        }
    }
    assert_eq!(
        seats(&mine).len(),
        1,
        "the seat is kept while the game runs"
    );
    let kept = std::fs::read_to_string(&seats(&mine)[0]).unwrap();
    assert!(
        kept.contains(&format!("host {addr}")) && kept.contains(&format!("code {CODE}")),
        "{kept}"
    );
    joiner.kill().unwrap();
    joiner.wait().unwrap();
    let limit = Duration::from_secs(20);
    expect_event(&handle, limit, |e| {
        matches!(e, NetEvent::Disconnected { .. })
    });

    // Someone with the code but another data folder is refused.
    let (intruder, intruder_lines) = join(&addr, CODE, &other, &dir.join("intruder.pgn"));
    let (status, _) = finish(intruder, Duration::from_secs(20));
    let said: Vec<String> = intruder_lines.try_iter().collect();
    assert_ne!(status, Some(0), "{said:?}");
    assert!(
        !said.iter().any(|l| l.starts_with("playing ")),
        "the intruder got the game: {said:?}"
    );
    assert!(seats(&other).is_empty(), "no seat for the intruder");

    // Then a flood of silent connections, which does not keep the player out.
    let stop = Arc::new(AtomicBool::new(false));
    let (threads, made) = flood(
        host_addr,
        4,
        Duration::from_millis(1500),
        &stop,
        Duration::from_secs(30),
    );
    let started = Instant::now();
    while made.load(Ordering::Relaxed) < 100 && started.elapsed() < Duration::from_secs(5) {
        thread::sleep(Duration::from_millis(5));
    }
    assert!(
        made.load(Ordering::Relaxed) >= 100,
        "the flood did not start"
    );

    // The same command from the same folder takes the seat back and finishes the game.
    let (again, again_lines) = join(&addr, CODE, &mine, &join_file);
    let back = wait_line(&again_lines, limit, |l| l.starts_with("playing "));
    assert_eq!(back, "playing Black with 6 half-moves played");
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    let (host_net, _) = drive(handle, net, Who::Random(6), Duration::from_secs(60));
    let (join_code, _) = finish(again, Duration::from_secs(20));
    let join_out: Vec<String> = again_lines.try_iter().collect();
    assert_eq!(join_code, Some(0), "{join_out:?}");
    let outcome = host_net.game.outcome().expect("the game ended");
    let result = format!("result {} {}", outcome.result_text(), outcome.cause());
    assert_eq!(join_out.last(), Some(&result));
    // The joiner's saved game is the host's, move for move, with its result.
    let text = std::fs::read_to_string(&join_file).unwrap();
    let saved = read_game(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(host_net.record(saved.tags.clone()).to_text(), text);
    assert!(
        seats(&mine).is_empty(),
        "the seat is forgotten when the game ends"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Waits for an event `pred` accepts.
fn expect_event(handle: &NetHandle, limit: Duration, pred: impl Fn(&NetEvent) -> bool) {
    let deadline = Instant::now() + limit;
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match handle.recv_timeout(left) {
            Ok(event) if pred(&event) => return,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    panic!("no such event within {limit:?}");
}
