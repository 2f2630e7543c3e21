//! The HTTP side: the WebSocket endpoint (`/ws`) and the read-only API beside it; and, on an
//! address of their own, the metrics (`/metrics`).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;

use super::auth;
use super::db::HistoryPoint;
use super::game;
use super::hub::{Hub, summary};
use super::messages::{GameSummary, MAX_MESSAGE, RatingView, ServerMsg};
use super::stored::{self, StoredError};

/// The routes.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/ws", get(ws))
        .route("/api/game/{id}", get(game_api))
        .route("/api/player/{name}", get(player_api))
        .route("/api/tournament/{id}", get(tournament_api))
        .merge(super::web::routes())
        .fallback(super::web::fallback)
        .layer(axum::middleware::from_fn(super::web::transfer))
        .with_state(hub)
}

/// The routes of the metrics address (`--metrics-listen`): `GET /metrics` and nothing else.
pub fn metrics_router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .with_state(hub)
}

async fn metrics(State(hub): State<Arc<Hub>>) -> Response {
    let text = hub.metrics.render(hub.levels());
    ([(header::CONTENT_TYPE, super::metrics::CONTENT_TYPE)], text).into_response()
}

async fn ws(
    upgrade: WebSocketUpgrade,
    State(hub): State<Arc<Hub>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    uri: axum::http::Uri,
) -> Response {
    // A browser on another site may not open a connection in its visitor's name.
    if !super::web::origin_ok(&headers) {
        return (StatusCode::FORBIDDEN, "cross-site WebSocket refused\n").into_response();
    }
    let ip = addr.ip();
    let Some(id) = hub.open_conn(ip) else {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from your address\n",
        )
            .into_response();
    };
    // The language of the refusals' `msg`: only as asked for (`/ws?lang=de`, the web page's
    // own), never from Accept-Language, so that a program always reads the same English.
    let lang = uri
        .query()
        .and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("lang=")))
        .and_then(super::web::lang::Lang::from_tag)
        .unwrap_or_default();
    let slot = Slot {
        hub,
        ip,
        id,
        started: false,
    };
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        // The socket layer's default read buffer is 128 KiB, zeroed on every read: messages
        // here are at most 4 KiB, so a small one saves most of the server's time under load.
        .read_buffer_size(8 * 1024)
        .on_upgrade(move |socket| async move {
            let hub = slot.start();
            super::ws::serve(socket, hub, ip, id, lang).await;
        })
}

/// A connection's slot of its address's limit between the handshake's answer and the socket's
/// start: given back when dropped before the socket starts (an upgrade that fails or never
/// comes), so abandoned handshakes cannot use up an address. Once the socket runs,
/// `ws::serve` gives it back when the connection closes.
struct Slot {
    hub: Arc<Hub>,
    ip: IpAddr,
    id: u64,
    started: bool,
}

impl Slot {
    /// The socket starts: from now on it owns the slot.
    fn start(mut self) -> Arc<Hub> {
        self.started = true;
        self.hub.clone()
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if !self.started {
            self.hub.close_conn(self.id, self.ip, None);
        }
    }
}

fn json<T: Serialize>(value: &T) -> Response {
    match serde_json::to_string(value) {
        Ok(text) => ([(header::CONTENT_TYPE, "application/json")], text).into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

fn not_found(msg: &str) -> Response {
    (StatusCode::NOT_FOUND, json_error(msg)).into_response()
}

fn json_error(msg: &str) -> Response {
    json(&ServerMsg::error("not_found", msg))
}

/// A stored game's failure as an HTTP status.
fn stored_status(e: &StoredError) -> StatusCode {
    match e {
        StoredError::NotFound => StatusCode::NOT_FOUND,
        StoredError::Db(_) | StoredError::Rebuild(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// `GET /api/tournament/ID`: standings, and a Swiss's rounds or an arena's games.
async fn tournament_api(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    match super::tournaments::api::load(&hub.db, &id).await {
        Ok(Some(t)) => json(&t),
        Ok(None) => not_found("no such tournament"),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

async fn game_api(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    if let Some(id) = id.strip_suffix(".pgn") {
        if !stored::id_ok(id) {
            return not_found("no such game");
        }
        let row = match hub.db.game(id).await {
            Ok(Some(row)) => row,
            Ok(None) => return not_found("no such game"),
            Err(_) => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        };
        let moves = match hub.db.moves(id).await {
            Ok(m) => m,
            Err(_) => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        };
        return match game::pgn(&row, &moves, &hub.site) {
            Ok(text) => (
                [
                    (
                        header::CONTENT_TYPE,
                        "application/x-chess-pgn; charset=utf-8",
                    ),
                    (header::CONTENT_DISPOSITION, "attachment"),
                ],
                text,
            )
                .into_response(),
            Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        };
    }
    // The live game's own view (clocks as of now): the `game` message without its tag.
    if let Some(handle) = hub.game(&id)
        && let Some(view) = handle.view().await
    {
        return json(&view);
    }
    match stored::view(&hub.db, &id).await {
        Ok(view) => json(&view),
        Err(e) => (stored_status(&e), json_error(&e.to_string())).into_response(),
    }
}

/// What `GET /api/player/NAME` answers.
#[derive(Serialize)]
struct PlayerPage {
    name: String,
    guest: bool,
    created: i64,
    online: bool,
    ratings: Vec<RatingView>,
    history: Vec<HistoryPoint>,
    games: Vec<GameSummary>,
}

async fn player_api(State(hub): State<Arc<Hub>>, Path(name): Path<String>) -> Response {
    if name.len() > 40 {
        return not_found("no such player");
    }
    let key = auth::name_key(&name);
    let Ok(found) = hub.db.player(&key).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let Some(p) = found else {
        return not_found("no such player");
    };
    let (Ok(ratings), Ok(history), Ok(rows)) = (
        hub.db.ratings(&key).await,
        hub.db.history(&key).await,
        hub.db.player_games(&key, 50).await,
    ) else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let mut games = Vec::new();
    for row in &rows {
        let plies = hub.db.ply_count(&row.id).await.unwrap_or(0);
        games.push(summary(row, plies, None));
    }
    json(&PlayerPage {
        name: p.name,
        guest: p.guest,
        created: p.created_ms,
        online: hub.is_online(&key),
        ratings: ratings
            .into_iter()
            .map(|r| RatingView {
                variant: r.variant,
                speed: r.speed,
                rating: r.glicko.rating.round() as i32,
                deviation: r.glicko.deviation.round() as i32,
                games: r.games,
            })
            .collect(),
        history,
        games,
    })
}
