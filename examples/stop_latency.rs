//! Prints how long an unlimited analysis takes to return after its stop flag is set: the time a
//! `stop` (UCI), an undo or a closed window waits for the engine. A figure to read, not a test.
//!
//! ```sh
//! cargo run --no-default-features --release --example stop_latency [-- RUN_MS]
//! ```
//! Each bench position is analysed (two lines, no limit) for RUN_MS milliseconds (default 500),
//! then stopped; the gap between the stop and the analysis returning is printed.

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use parachess::commands::bench::POSITIONS;
use parachess::engine::{AnalyseOptions, Engine, Limits, StopFlag};
use parachess::rules::Position;

fn main() -> Result<(), String> {
    let run_ms: u64 = match std::env::args().nth(1) {
        Some(text) => text.parse().map_err(|e| format!("RUN_MS {text:?}: {e}"))?,
        None => 500,
    };
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
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "stop latency median {:.3} ms max {:.3} ms",
        ms(latencies[latencies.len() / 2]),
        ms(latencies[latencies.len() - 1])
    );
    Ok(())
}
