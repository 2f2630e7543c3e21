//! The game server (`parachess-server`, feature `server`): a lobby, live and correspondence
//! games whose moves are checked by [`crate::rules`], Glicko-2 ratings, and a database (SQLite
//! or PostgreSQL). One protocol, WebSocket + JSON ([`messages`], docs/SERVER.md), and a small
//! HTTP API beside it ([`http`]). No Bevy here.
//!
//! Shape (after lichess's lila-ws): one task per connection ([`ws`]), one authoritative task
//! per live game ([`game`]), shared lobby state in the [`hub`], and one database writer task
//! that commits moves before they are announced ([`db`]).

pub mod auth;
pub mod blind;
pub mod bots;
pub mod bus;
pub mod cli;
pub mod computer;
/// The protocol client (feature `client`, which `server` turns on).
pub use crate::client;
pub mod config_file;
pub mod db;
mod downloads;
pub mod game;
pub mod http;
pub mod hub;
mod lesson_words;
pub mod lessons;
pub mod limit;
pub mod metrics;
pub mod puzzles;
/// The protocol's messages (they live in the client, which the server builds on).
pub use crate::client::messages;
pub mod rating;
pub mod refusals;
pub mod routes;
mod signal;
pub mod stored;
pub mod tournaments;
pub mod variant;
pub mod web;
pub mod worker;
pub mod ws;

use std::io::Write as _;

use axum::serve::ListenerExt;
use std::net::SocketAddr;

use thiserror::Error;

/// Why the server could not run.
#[derive(Debug, Error)]
pub enum ServerError {
    /// The database.
    #[error(transparent)]
    Db(#[from] db::DbError),
    /// The listening socket.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// Serving stopped with an error.
    #[error("server: {0}")]
    Serve(std::io::Error),
}

/// What `parachess-server` serves.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (`127.0.0.1:8080`; port 0 picks a free one).
    pub listen: String,
    /// Address of the metrics (`GET /metrics`), apart from the public one; `None`: none.
    pub metrics_listen: Option<String>,
    /// Database URL (`sqlite:PATH` or `postgres://...`).
    pub db: String,
    /// Limits.
    pub limits: hub::Limits,
    /// This instance's name when several share one PostgreSQL (`None`: a lone server).
    pub instance: Option<String>,
    /// When a commit counts as done (`--sync`).
    pub sync: db::SyncMode,
    /// The folder whose files `/download` offers (`--downloads`; `None`: no such page).
    pub downloads: Option<std::path::PathBuf>,
    /// The operator's recurring tournaments (`--schedule`).
    pub schedule: Vec<tournaments::schedule::Scheduled>,
}

/// Opens the database, brings back unfinished games, listens, prints
/// `listening on http://ADDR:PORT` (flushed) and serves until killed, or until SIGTERM or
/// Ctrl-C: then it gives back the engine jobs it holds and withdraws those it asked for
/// and the showcase's lease ([`hub::Hub::stop`]) and returns. Nothing else needs doing: every acknowledged
/// move is already committed, and the games come back with the next start.
pub async fn run(config: Config) -> Result<(), ServerError> {
    let db = db::Db::open_with(&config.db, config.sync).await?;
    let listener = bind(&config.listen).await?;
    let metrics_listener = match &config.metrics_listen {
        Some(a) => Some(bind(a).await?),
        None => None,
    };
    let addr = listener.local_addr().map_err(ServerError::Serve)?;
    let site = format!("http://{addr}");
    let hub = hub::Hub::start(db, config.limits, site.clone(), config.instance).await?;
    tournaments::director::resume_all(&hub).await?;
    tournaments::director::adopt_orphans(&hub);
    tournaments::schedule::run(&hub, config.schedule);
    web::prepare_assets();
    if hub.limits.showcase {
        hub.start_showcase();
    }
    if let Some(listener) = metrics_listener {
        let at = listener.local_addr().map_err(ServerError::Serve)?;
        let app = http::metrics_router(hub.clone());
        tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!("metrics on {at}: {e}");
            }
        });
        tracing::info!("metrics on http://{at}/metrics");
    }
    tracing::info!("listening on {site}");
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "listening on {site}");
    let _ = out.flush();
    drop(out);
    let mut app = http::router(hub.clone());
    if let Some(dir) = config.downloads {
        app = app.merge(downloads::routes(dir));
    }
    let app = app.into_make_service_with_connect_info::<SocketAddr>();
    // Small messages go out at once (no Nagle delay).
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    tokio::select! {
        served = axum::serve(listener, app) => served.map_err(ServerError::Serve),
        () = signal::stop_asked() => {
            tracing::info!("stopping");
            hub.stop().await;
            Ok(())
        }
    }
}

async fn bind(addr: &str) -> Result<tokio::net::TcpListener, ServerError> {
    tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServerError::Listen {
            addr: addr.to_string(),
            source,
        })
}
