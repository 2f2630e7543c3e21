//! Prints how long an unlimited analysis takes to return after its stop flag is set: the time a
//! `stop` (UCI), an undo or a closed window waits for the engine. A figure to read, not a test.
//!
//! ```sh
//! cargo run --no-default-features --release --example stop_latency [-- RUN_MS ["UCI COMMAND"]]
//! ```
//! Each bench position is analysed (two lines, no limit) for RUN_MS milliseconds (default 500),
//! then stopped; the gap between the stop and the analysis returning is printed. With a UCI
//! command (e.g. "target/release/parachess uci") the same is measured over the protocol:
//! `go infinite`, then `stop`, to the `bestmove` line read back.

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use parachess::commands::bench::POSITIONS;
use parachess::engine::{AnalyseOptions, Engine, Limits, StopFlag};
use parachess::rules::{Game, Position};
use parachess::uci::{Go, UciClient};

fn main() -> Result<(), String> {
    let run_ms: u64 = match std::env::args().nth(1) {
        Some(text) => text.parse().map_err(|e| format!("RUN_MS {text:?}: {e}"))?,
        None => 500,
    };
    if let Some(command) = std::env::args().nth(2) {
        return over_uci(&command, run_ms);
    }
    let mut engine = Engine::new();
    let mut latencies = Vec::new();
    for (i, text) in POSITIONS.iter().enumerate() {
        let pos: Position = text
            .parse()
            .map_err(|e| format!("position {}: {e}", i + 1))?;
        let stop = StopFlag::new();
        let (tx, rx) = mpsc::channel();
        let worker_stop = stop.clone();
        let worker = thread::spawn(move || {
            let options = AnalyseOptions {
                multipv: 2,
                ..AnalyseOptions::default()
            };
            let result = engine.analyse(
                &pos,
                &[],
                &Limits::default(),
                &options,
                &worker_stop,
                &mut |_| {},
            );
            let returned = Instant::now();
            let _ = tx.send((result.map(|r| r.depth), returned));
            engine
        });
        thread::sleep(Duration::from_millis(run_ms));
        let stopped = Instant::now();
        stop.stop();
        let (depth, returned) = rx
            .recv_timeout(Duration::from_secs(10))
            .map_err(|e| format!("position {}: no answer after the stop: {e}", i + 1))?;
        engine = worker.join().map_err(|_| "the search thread panicked")?;
        let latency = returned.saturating_duration_since(stopped);
        let depth = depth.map_err(|e| e.to_string())?;
        println!(
            "position {} depth {depth} stop latency {:.3} ms",
            i + 1,
            latency.as_secs_f64() * 1e3
        );
        latencies.push(latency);
    }
    summary(latencies);
    Ok(())
}

/// The same through a UCI engine program: from writing `stop` to reading `bestmove`.
fn over_uci(command: &str, run_ms: u64) -> Result<(), String> {
    let timeout = Duration::from_secs(10);
    let mut client = UciClient::spawn(command, timeout).map_err(|e| e.to_string())?;
    let mut latencies = Vec::new();
    for (i, text) in POSITIONS.iter().enumerate() {
        let pos: Position = text
            .parse()
            .map_err(|e| format!("position {}: {e}", i + 1))?;
        let game = Game::from_position(pos);
        client.new_game(timeout).map_err(|e| e.to_string())?;
        let stopper = client.stopper();
        let timer = thread::spawn(move || {
            thread::sleep(Duration::from_millis(run_ms));
            let stopped = Instant::now();
            stopper.stop();
            stopped
        });
        let go = Go {
            infinite: true,
            ..Go::default()
        };
        let reply = client.search(&game, &go, Duration::from_millis(run_ms) + timeout);
        let returned = Instant::now();
        let stopped = timer.join().map_err(|_| "the timer thread panicked")?;
        let reply = reply.map_err(|e| format!("position {}: {e}", i + 1))?;
        let latency = returned.saturating_duration_since(stopped);
        println!(
            "position {} depth {} stop to bestmove {:.3} ms",
            i + 1,
            reply.depth.unwrap_or(0),
            latency.as_secs_f64() * 1e3
        );
        latencies.push(latency);
    }
    summary(latencies);
    Ok(())
}

fn summary(mut latencies: Vec<Duration>) {
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    if let (Some(median), Some(max)) = (latencies.get(latencies.len() / 2), latencies.last()) {
        println!(
            "stop latency median {:.3} ms max {:.3} ms",
            ms(*median),
            ms(*max)
        );
    }
}
