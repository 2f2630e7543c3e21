//! `/api/live`: the lobby's list of games being played and players online.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::server::hub::Hub;

/// A live game in the lobby.
#[derive(Serialize)]
struct LiveGame {
    id: String,
    white: String,
    black: String,
    position: String,
    tc: Option<String>,
    /// Correspondence days per move (neither this nor `tc`: an untimed game).
    days: Option<u32>,
    last: Option<String>,
}

/// What `/api/live` answers.
#[derive(Serialize)]
struct Live {
    games: Vec<LiveGame>,
    online: Vec<String>,
}

/// Names as written, by key: the lobby asks for the players online every few seconds, and a
/// name never changes.
static NAMES: std::sync::LazyLock<std::sync::Mutex<std::collections::HashMap<String, String>>> =
    std::sync::LazyLock::new(Default::default);

async fn display_name(hub: &Hub, key: &str) -> Option<String> {
    if let Some(name) = NAMES.lock().ok()?.get(key) {
        return Some(name.clone());
    }
    let name = hub.db.player(key).await.ok()??.name;
    if let Ok(mut names) = NAMES.lock() {
        if names.len() > 10_000 {
            names.clear();
        }
        names.insert(key.to_string(), name.clone());
    }
    Some(name)
}

/// `/api/live`: the games being played (up to 24) and the players online (up to 100).
pub async fn live_api(State(hub): State<Arc<Hub>>) -> Response {
    let mut games = Vec::new();
    let mut ids = hub.live_ids();
    ids.sort();
    for id in ids.into_iter().take(48) {
        if games.len() >= 24 {
            break;
        }
        let Some(handle) = hub.game(&id) else {
            continue;
        };
        let Some(mut v) = handle.view().await else {
            continue;
        };
        if v.status != "started" {
            continue;
        }
        games.push(LiveGame {
            last: v.moves.pop(),
            id: v.id,
            white: v.white,
            black: v.black,
            position: v.position,
            tc: v.tc,
            days: v.days,
        });
    }
    let mut online = Vec::new();
    let mut keys = hub.online_keys();
    keys.sort();
    for key in keys.into_iter().take(100) {
        if let Some(name) = display_name(&hub, &key).await {
            online.push(name);
        }
    }
    match serde_json::to_string(&Live { games, online }) {
        Ok(text) => (
            [
                (axum::http::header::CONTENT_TYPE, "application/json"),
                (axum::http::header::CACHE_CONTROL, "no-store"),
            ],
            text,
        )
            .into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}
