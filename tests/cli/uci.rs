//! `parachess uci` as a front end sees it: the program spawned, commands written to its stdin,
//! every read bounded by a timeout. Well-formed and malformed commands, searches that are
//! stopped, quit during a search, garbage input, and the client library against it.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use parachess::rules::{Game, Position};
use parachess::uci::{Go, UciClient, UciError};

/// Longest wait for any answer (generous: CI machines are slow and shared).
const WAIT: Duration = Duration::from_secs(20);

/// `parachess uci`, killed when dropped.
pub(crate) struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// `parachess uci ARGS…`.
    pub(crate) fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_parachess"))
            .arg("uci")
            .args(args)
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start parachess uci");
        let (tx, lines) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let (tx, stderr) = mpsc::channel();
        let mut err = child.stderr.take().unwrap();
        thread::spawn(move || {
            let mut text = String::new();
            let _ = err.read_to_string(&mut text);
            let _ = tx.send(text);
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
        }
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    pub(crate) fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub(crate) fn until(&self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(WAIT)
                .unwrap_or_else(|e| panic!("no '{prefix}' ({e}) after {lines:?}"));
            let found = line.starts_with(prefix);
            lines.push(line);
            if found {
                return lines;
            }
        }
    }

    /// What the command says before the `readyok` of an `isready` sent after it.
    pub(crate) fn answer(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// Waits for the program to exit; its stderr.
    fn exits(mut self) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "exit status {status}");
                break;
            }
            assert!(Instant::now() < deadline, "parachess uci did not exit");
            thread::sleep(Duration::from_millis(10));
        }
        self.stderr.recv_timeout(WAIT).unwrap_or_default()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn best(lines: &[String]) -> String {
    let last = lines.last().unwrap();
    assert!(last.starts_with("bestmove "), "{lines:?}");
    last.split_whitespace().nth(1).unwrap().to_string()
}

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::start();
    for text in moves {
        pos.make_move(pos.parse_move(text).unwrap());
    }
    pos
}

#[test]
fn a_table_of_commands_gets_the_protocols_answers() {
    let mut e = Engine::start();
    e.send("uci");
    let hello = e.until("uciok");
    let version = format!("id name Parachess {}", env!("CARGO_PKG_VERSION"));
    assert_eq!(hello[0], version);
    assert!(hello.iter().any(|l| l.starts_with("id author ")));
    // Parachess first, then the other built-in variants (and any of the player's own).
    assert!(hello.iter().any(|l| l.starts_with(
        "option name UCI_Variant type combo default parachess var parachess \
         var knights-and-archers var shuffle-parachess var cavalry var short-range"
    )));
    // (command, what the answer before readyok must contain; "" for nothing at all)
    let table: &[(&str, &str)] = &[
        ("setoption name UCI_Variant value parachess", ""),
        ("setoption name Hash value 8", ""),
        ("setoption name MultiPV value 2", ""),
        ("setoption name Skill Level value 20", ""),
        ("ucinewgame", ""),
        ("debug off", ""),
        ("position startpos", ""),
        ("position startpos moves c4d3 i4h3", ""),
        ("", ""),
        ("go wtime", "error: 'wtime' needs a value"),
        ("go movetime -", "error: 'movetime' needs a whole number"),
        (
            "position startpos moves c4d3 i4h3 a1a1",
            "error: move 3 'a1a1'",
        ),
        (
            "position fen rsqksr/1bb1/pppppppp w 0 1",
            "error: bad position text",
        ),
        (
            "position fen rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR x 0 1",
            "error: bad position text",
        ),
        (
            "setoption name MultiPV value many",
            "error: MultiPV takes a number",
        ),
        (
            "setoption name UCI_Variant value chess",
            "error: UCI_Variant",
        ),
        ("setoption value 3", "error: setoption needs 'name"),
        ("register later", "error: unknown command 'register'"),
        ("isready now", "error: 'isready' does not take 'now'"),
    ];
    for (command, expected) in table {
        let lines = e.answer(command);
        if expected.is_empty() {
            assert!(lines.is_empty(), "{command:?}: {lines:?}");
        } else {
            assert_eq!(lines.len(), 1, "{command:?}: {lines:?}");
            assert!(
                lines[0].starts_with("info string error: ") && lines[0].contains(expected),
                "{command:?}: {lines:?}"
            );
        }
    }
    // The refused position changed nothing: White to move after c4d3 i4h3, two lines.
    e.send("go depth 3");
    let lines = e.until("bestmove");
    let pos = after(&["c4d3", "i4h3"]);
    assert!(pos.parse_move(&best(&lines)).is_ok(), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" depth 3 ") && l.contains(" multipv 2 "))
    );
    e.send("quit");
    let stderr = e.exits();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn stop_ends_an_infinite_search_with_a_bestmove() {
    let mut e = Engine::start();
    e.answer("position startpos moves c4d3");
    e.send("go infinite");
    thread::sleep(Duration::from_millis(300));
    // isready is answered while the engine thinks, without a bestmove.
    let mut lines = e.answer("debug on");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    let stopped = Instant::now();
    e.send("stop");
    lines.extend(e.until("bestmove"));
    let latency = stopped.elapsed();
    eprintln!("stop to bestmove: {:.1} ms", latency.as_secs_f64() * 1e3);
    assert!(
        after(&["c4d3"]).parse_move(&best(&lines)).is_ok(),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
    // quit in the middle of a search ends the program.
    e.send("go infinite");
    thread::sleep(Duration::from_millis(100));
    e.send("quit");
    let stderr = e.exits();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn garbage_input_gets_errors_and_never_a_crash() {
    let mut e = Engine::start();
    let words = [
        "uci",
        "go",
        "position",
        "fen",
        "startpos",
        "moves",
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "infinite",
        "searchmoves",
        "setoption",
        "name",
        "value",
        "Hash",
        "MultiPV",
        "Skill",
        "Level",
        "isready",
        "stop",
        "c4d3",
        "k2g5",
        "a1a1",
        "j2k2q",
        "0",
        "1",
        "2",
        "-5",
        "99999999999999999999999",
        "w",
        "b",
        "rsqksr/1bb1",
        "\u{0}",
        "é",
        "\t",
        "ponder",
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for _ in 0..400 {
        let len = next(7);
        let line: Vec<&str> = (0..len).map(|_| words[next(words.len())]).collect();
        e.send(&line.join(" "));
    }
    e.send_bytes(b"\xff\xfe\xfd\n\x00\x01go depth 1\r\n");
    e.send_bytes(&vec![b'x'; 2 << 20]);
    e.send("");
    e.send("stop");
    e.answer("isready");
    // Still a working engine.
    e.answer("position startpos");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(
        Position::start().parse_move(&best(&lines)).is_ok(),
        "{lines:?}"
    );
    e.send("quit");
    let stderr = e.exits();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn the_client_plays_a_game_against_our_engine() {
    let mut client = UciClient::spawn(&crate::common::our_engine(), WAIT).unwrap();
    assert!(client.name().starts_with("Parachess "), "{}", client.name());
    assert!(client.has_option("skill level"));
    client.new_game(WAIT).unwrap();
    let mut game = Game::new();
    for _ in 0..4 {
        let go = Go {
            depth: Some(2),
            ..Go::default()
        };
        let reply = client.search(&game, &go, WAIT).unwrap();
        assert_eq!(reply.depth, Some(2));
        assert!(reply.score.is_some());
        game.play(reply.best).unwrap();
    }
    // A stop from another thread ends an infinite search.
    let stopper = client.stopper();
    let stop = thread::spawn(move || {
        thread::sleep(Duration::from_millis(200));
        stopper.stop();
    });
    let go = Go {
        infinite: true,
        ..Go::default()
    };
    let mv = client.best_move(&game, &go, WAIT).unwrap();
    stop.join().unwrap();
    assert!(game.position().is_legal(mv));
    // A search that times out is settled before the next one: no stale answer is taken.
    let err = client
        .search(&game, &go, Duration::from_millis(50))
        .unwrap_err();
    assert!(matches!(err, UciError::Timeout { .. }), "{err}");
    let go = Go {
        depth: Some(1),
        ..Go::default()
    };
    let mv = client.best_move(&game, &go, WAIT).unwrap();
    assert!(game.position().is_legal(mv));
}

#[test]
fn the_client_refuses_engines_that_misbehave() {
    let script = |body: &str| format!("sh -c '{body}'");
    // Exits at once: no uciok.
    let err = UciClient::spawn("true", WAIT).err().unwrap();
    assert!(matches!(err, UciError::Exited { .. }), "{err}");
    // Never answers uci: times out, quickly here.
    let err = UciClient::spawn("sleep 5", Duration::from_millis(200))
        .err()
        .unwrap();
    assert!(matches!(err, UciError::Timeout { .. }), "{err}");
    // Another variant only.
    let chess = script(
        "while read -r l; do case \"$l\" in uci) echo \"option name UCI_Variant type combo default chess var chess\"; echo uciok;; isready) echo readyok;; esac; done",
    );
    let err = UciClient::spawn(&chess, WAIT).err().unwrap();
    assert!(matches!(err, UciError::Variant(..)), "{err}");
    // Plays nonsense.
    let liar = script(
        "while read -r l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) echo bestmove k9z1;; esac; done",
    );
    let mut client = UciClient::spawn(&liar, WAIT).unwrap();
    let err = client
        .best_move(&Game::new(), &Go::default(), WAIT)
        .unwrap_err();
    assert!(
        matches!(&err, UciError::IllegalMove { text, .. } if text == "k9z1"),
        "{err}"
    );
}
