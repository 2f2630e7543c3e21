//! A front end's side of UCI: start any engine program, greet it, give it positions and read
//! its moves, each wait bounded by a time limit. The calls block (run them on a worker thread);
//! [`UciStopper`] ends a search from another thread, and dropping the client ends the program.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::engine::Score;
use crate::rules::{Game, Move};

use super::command::{Command, Go};
use super::{MAX_LINE_BYTES, VARIANT};

/// Lines an engine may write ahead of the reader (more make it wait on its output).
const READ_AHEAD_LINES: usize = 4096;

/// How long a dropped engine gets to leave after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// What went wrong with an engine program.
#[derive(Debug, Error)]
pub enum UciError {
    /// The command line is empty or its quotes do not pair up.
    #[error("bad engine command {0:?}: empty, or unbalanced quotes")]
    BadCommand(String),
    /// The program could not be started.
    #[error("cannot start engine {program:?}: {source}")]
    Spawn {
        /// The program named by the command.
        program: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The engine did not answer in time.
    #[error("the engine did not send '{waiting_for}' within {} ms", after.as_millis())]
    Timeout {
        /// The answer awaited.
        waiting_for: &'static str,
        /// The time it had.
        after: Duration,
    },
    /// The engine closed its output or could not be written to: it exited or crashed.
    #[error("the engine exited (while waiting for '{waiting_for}')")]
    Exited {
        /// The answer awaited.
        waiting_for: &'static str,
    },
    /// The engine offers a `UCI_Variant` option without this variant.
    #[error("the engine does not play {0} (its UCI_Variant option: {1})")]
    Variant(String, String),
    /// An option asked for that the engine does not list.
    #[error("the engine has no option named {0:?}")]
    NoOption(String),
    /// `bestmove (none)` or `bestmove 0000` in a position with legal moves.
    #[error("the engine answered without a move: {0:?}")]
    NoMove(String),
    /// The engine's move is not legal (or not a move) in the position it was given.
    #[error("illegal move {text:?}: {reason}")]
    IllegalMove {
        /// The move as the engine wrote it.
        text: String,
        /// What the rules said.
        reason: String,
    },
}

/// The engine's answer to a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciMove {
    /// Its move, legal in the position it was given.
    pub best: Move,
    /// The score of its last `info … score` line (first line when it sends several), from the
    /// mover's point of view.
    pub score: Option<Score>,
    /// The depth of that line.
    pub depth: Option<u32>,
    /// From writing `go` to reading `bestmove`: what a clock charges.
    pub elapsed: Duration,
}

/// Ends the client's running search from another thread (UCI `stop`).
#[derive(Clone)]
pub struct UciStopper(Arc<Mutex<ChildStdin>>);

impl UciStopper {
    /// Sends `stop`; the search then answers with its best move so far.
    pub fn stop(&self) {
        let _ = write_line(&self.0, "stop");
    }
}

/// A running UCI engine program.
pub struct UciClient {
    child: Child,
    stdin: Arc<Mutex<ChildStdin>>,
    lines: Receiver<String>,
    name: String,
    options: Vec<String>,
    /// A search ended by a timeout may still answer: its `bestmove` must not be taken for the
    /// next one.
    stale_search: bool,
}

impl UciClient {
    /// Starts `command` (split into words like a shell would, but run without one), waits up to
    /// `timeout` for `uciok`, selects the variant if the engine has a `UCI_Variant` option,
    /// and waits for `readyok`.
    pub fn spawn(command: &str, timeout: Duration) -> Result<UciClient, UciError> {
        UciClient::spawn_in(command, timeout, VARIANT)
    }

    /// [`UciClient::spawn`] selecting `variant` (a `UCI_Variant` value such as `cavalry`); an
    /// engine without the option is taken to play only Parachess.
    pub fn spawn_in(
        command: &str,
        timeout: Duration,
        variant: &str,
    ) -> Result<UciClient, UciError> {
        let words = shlex::split(command)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| UciError::BadCommand(command.to_string()))?;
        let mut child = Process::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|source| UciError::Spawn {
                program: words[0].clone(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(UciError::Exited {
                waiting_for: "uciok",
            });
        };
        let (sender, lines) = mpsc::sync_channel(READ_AHEAD_LINES);
        thread::spawn(move || read_lines(stdout, &sender));
        let mut client = UciClient {
            child,
            stdin: Arc::new(Mutex::new(stdin)),
            lines,
            name: words[0].clone(),
            options: Vec::new(),
            stale_search: false,
        };
        client.handshake(timeout, variant)?;
        Ok(client)
    }

    fn handshake(&mut self, timeout: Duration, wanted: &str) -> Result<(), UciError> {
        let deadline = Instant::now() + timeout;
        self.send(&Command::Uci, "uciok")?;
        let mut variant = None;
        loop {
            let line = self.next_line(deadline, "uciok", timeout)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["uciok"] => break,
                ["id", "name", name @ ..] if !name.is_empty() => self.name = name.join(" "),
                ["option", "name", rest @ ..] => {
                    let end = rest.iter().position(|&w| w == "type").unwrap_or(rest.len());
                    let name = rest[..end].join(" ");
                    if name.eq_ignore_ascii_case("UCI_Variant") {
                        variant = Some(rest[end..].join(" "));
                    }
                    self.options.push(name);
                }
                _ => {}
            }
        }
        match variant {
            Some(spec) => {
                let words: Vec<&str> = spec.split_whitespace().collect();
                let offered = words
                    .windows(2)
                    .any(|w| w[0] == "var" && w[1].eq_ignore_ascii_case(wanted));
                if !offered {
                    return Err(UciError::Variant(wanted.to_string(), spec));
                }
                self.set_option("UCI_Variant", wanted)?;
            }
            None if !wanted.eq_ignore_ascii_case(VARIANT) => {
                return Err(UciError::Variant(wanted.to_string(), "none".into()));
            }
            None => {}
        }
        self.sync(deadline.saturating_duration_since(Instant::now()))
    }

    /// The engine's name (`id name`), or its program name if it gave none.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the engine listed an option of this name (any case).
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// `setoption name <name> value <value>` (the engine answers nothing).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), UciError> {
        let command = Command::SetOption {
            name: name.to_string(),
            value: Some(value.to_string()),
        };
        self.send(&command, "readyok")
    }

    /// `isready`, then waits for `readyok`, dropping whatever comes before it.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), UciError> {
        let deadline = Instant::now() + timeout;
        self.send(&Command::IsReady, "readyok")?;
        while self.next_line(deadline, "readyok", timeout)?.trim() != "readyok" {}
        Ok(())
    }

    /// `ucinewgame`, then [`UciClient::sync`].
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), UciError> {
        self.settle(timeout)?;
        self.send(&Command::UciNewGame, "readyok")?;
        self.sync(timeout)
    }

    /// A handle that can stop this client's searches from another thread.
    pub fn stopper(&self) -> UciStopper {
        UciStopper(Arc::clone(&self.stdin))
    }

    /// The engine's move in the game's current position (sent with the whole game, so it sees
    /// repetitions), searched under `go`, waiting at most `timeout` for `bestmove`. The move is
    /// checked against the rules.
    pub fn search(&mut self, game: &Game, go: &Go, timeout: Duration) -> Result<UciMove, UciError> {
        self.settle(timeout)?;
        let position = Command::Position {
            start: game.start_position().clone(),
            moves: game.plies().iter().map(|p| p.mv).collect(),
        };
        self.send(&position, "bestmove")?;
        self.send(&Command::Go(go.clone()), "bestmove")?;
        let started = Instant::now();
        let deadline = started + timeout;
        self.stale_search = true;
        let mut score = None;
        let mut depth = None;
        loop {
            let line = self.next_line(deadline, "bestmove", timeout)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["bestmove", rest @ ..] => {
                    let elapsed = started.elapsed();
                    self.stale_search = false;
                    let text = rest.first().copied().unwrap_or_default();
                    if text.is_empty() || text == "(none)" || text == "0000" {
                        return Err(UciError::NoMove(text.to_string()));
                    }
                    let best =
                        game.position()
                            .parse_move(text)
                            .map_err(|e| UciError::IllegalMove {
                                text: text.chars().take(40).collect(),
                                reason: e.kind.to_string(),
                            })?;
                    return Ok(UciMove {
                        best,
                        score,
                        depth,
                        elapsed,
                    });
                }
                ["info", rest @ ..] => {
                    if let Some((s, d)) = read_info(rest) {
                        score = Some(s);
                        depth = d.or(depth);
                    }
                }
                _ => {}
            }
        }
    }

    /// [`UciClient::search`], the move only.
    pub fn best_move(&mut self, game: &Game, go: &Go, timeout: Duration) -> Result<Move, UciError> {
        self.search(game, go, timeout).map(|m| m.best)
    }

    /// After a search that timed out: stop it and drop its late answer.
    fn settle(&mut self, timeout: Duration) -> Result<(), UciError> {
        if self.stale_search {
            self.send(&Command::Stop, "readyok")?;
            self.sync(timeout)?;
            self.stale_search = false;
        }
        Ok(())
    }

    fn send(&mut self, command: &Command, waiting_for: &'static str) -> Result<(), UciError> {
        write_line(&self.stdin, &command.to_string()).map_err(|_| UciError::Exited { waiting_for })
    }

    fn next_line(
        &mut self,
        deadline: Instant,
        waiting_for: &'static str,
        after: Duration,
    ) -> Result<String, UciError> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(left).map_err(|e| match e {
            RecvTimeoutError::Timeout => UciError::Timeout { waiting_for, after },
            RecvTimeoutError::Disconnected => UciError::Exited { waiting_for },
        })
    }
}

impl Drop for UciClient {
    /// Asks the engine to quit, and kills it if it has not left shortly after.
    fn drop(&mut self) {
        let _ = write_line(&self.stdin, "quit");
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) => thread::sleep(Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn write_line(stdin: &Mutex<ChildStdin>, line: &str) -> std::io::Result<()> {
    let mut w = stdin.lock().unwrap_or_else(PoisonError::into_inner);
    w.write_all(line.as_bytes())?;
    w.write_all(b"\n")?;
    w.flush()
}

/// Passes the engine's output on line by line (overlong lines cut at [`MAX_LINE_BYTES`]) until
/// it ends or nobody listens.
fn read_lines(stdout: impl Read, sender: &mpsc::SyncSender<String>) {
    let mut reader = BufReader::new(stdout);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match reader
            .by_ref()
            .take(MAX_LINE_BYTES as u64)
            .read_until(b'\n', &mut buffer)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buffer).trim_end().to_string();
        if sender.send(line).is_err() {
            return;
        }
    }
}

/// The score and depth of an `info` line's words (after `info`), if it has a score and is
/// about the first line (`multipv 1`, or no `multipv`).
fn read_info(words: &[&str]) -> Option<(Score, Option<u32>)> {
    let value = |key: &str| {
        words
            .iter()
            .position(|&w| w == key)
            .and_then(|i| words.get(i + 1))
            .copied()
    };
    if value("multipv").is_some_and(|k| k != "1") {
        return None;
    }
    let at = words.iter().position(|&w| w == "score")?;
    let number: i32 = words.get(at + 2)?.parse().ok()?;
    let score = match *words.get(at + 1)? {
        "cp" => Score::Cp(number),
        "mate" if number != 0 => Score::Mate(number),
        _ => return None,
    };
    Some((score, value("depth").and_then(|d| d.parse().ok())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clients_can_move_to_a_worker_thread() {
        fn send<T: Send>() {}
        send::<UciClient>();
        send::<UciStopper>();
        send::<UciError>();
    }

    #[test]
    fn info_lines_give_the_first_lines_score() {
        let line = |text: &str| {
            let words: Vec<&str> = text.split_whitespace().collect();
            read_info(&words)
        };
        assert_eq!(
            line("depth 7 seldepth 12 multipv 1 score cp -35 nodes 9 pv c4d3"),
            Some((Score::Cp(-35), Some(7)))
        );
        assert_eq!(
            line("depth 3 score mate 2 pv a1a2"),
            Some((Score::Mate(2), Some(3)))
        );
        assert_eq!(line("depth 3 multipv 2 score cp 10"), None);
        assert_eq!(line("string hello"), None);
        assert_eq!(line("score cp"), None);
        assert_eq!(line("score mate 0"), None);
        assert_eq!(line("score lowerbound 3"), None);
    }

    #[test]
    fn bad_command_lines_are_refused_before_anything_runs() {
        for command in ["", "   ", "'unclosed", "engine \"half"] {
            let err = UciClient::spawn(command, Duration::from_secs(1)).err();
            assert!(
                matches!(err, Some(UciError::BadCommand(_))),
                "{command:?}: {err:?}"
            );
        }
        let err = UciClient::spawn("/nonexistent/parachess-engine", Duration::from_secs(1)).err();
        assert!(matches!(err, Some(UciError::Spawn { .. })), "{err:?}");
    }
}
