//! `parachess-server worker`: an engine machine for a site on PostgreSQL. No HTTP, no games:
//! it takes engine jobs (computer moves, analysis positions) from the database's table onto
//! its own engine threads, writes their results, and on SIGTERM (or Ctrl-C) gives back the
//! jobs it holds and exits. Each job it takes, finishes or gives back is a line on standard
//! output (`took move ID`, `done ID`).

use std::sync::Arc;

use tokio::sync::watch;

use super::computer::pool::{Pool, default_threads};
use super::computer::taker;
use super::db::Db;

/// Runs a worker on `url` with `threads` engine threads (`None`: half the cores) until it is
/// told to stop.
pub async fn run(url: &str, threads: Option<usize>, name: Option<String>) -> Result<(), String> {
    if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
        return Err(
            "worker: --db must be a PostgreSQL URL (postgres://…): with SQLite the server's own \
             engine threads do every job"
                .to_string(),
        );
    }
    let threads = threads.unwrap_or_else(default_threads);
    if threads == 0 {
        return Err("worker: --engine-threads: at least 1".to_string());
    }
    let db = Db::open(url).await.map_err(|e| e.to_string())?;
    let name = match name {
        Some(n)
            if !n.is_empty()
                && n.len() <= 40
                && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') =>
        {
            n
        }
        Some(_) => return Err("worker: --name: 1 to 40 letters, digits and -".to_string()),
        None => {
            let tag = super::auth::random_id(6).ok_or("no random source")?;
            format!("worker-{tag}")
        }
    };
    let (stop_tx, stop) = watch::channel(false);
    tokio::spawn(async move {
        super::signal::stop_asked().await;
        let _ = stop_tx.send(true);
    });
    let log: taker::Log = Arc::new(|line: &str| println!("{line}"));
    let pool = Pool::start(threads, usize::MAX);
    taker::run(db, pool, name, stop, log)
        .await
        .map_err(|e| format!("worker: {e}"))
}
