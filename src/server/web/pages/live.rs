//! `/api/live`: the lobby's list of games being played and players online.

use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::server::game;
use crate::server::hub::Hub;
use crate::server::messages::GameView;

/// A live game in the lobby.
#[derive(Serialize, Clone)]
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

impl LiveGame {
    fn of(mut v: GameView) -> LiveGame {
        LiveGame {
            last: v.moves.pop(),
            id: v.id,
            white: v.white,
            black: v.black,
            position: v.position,
            tc: v.tc,
            days: v.days,
        }
    }
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

/// The most games the list shows.
const MAX_GAMES: usize = 24;
/// How long the other instances' games are read once for every lobby asking.
const ELSEWHERE_FOR: Duration = Duration::from_secs(3);
/// A game elsewhere with no move for this long is left out (as its instance may be down).
const ELSEWHERE_MOVED_MS: i64 = 24 * 3600 * 1000;

/// The games being played on the other instances of the site, as last read.
static ELSEWHERE: LazyLock<tokio::sync::Mutex<(Option<Instant>, Vec<LiveGame>)>> =
    LazyLock::new(Default::default);

/// The games started on the other instances (several over one PostgreSQL), newest move first,
/// from the database (their moves are there), read at most every [`ELSEWHERE_FOR`].
async fn elsewhere(hub: &Hub) -> Vec<LiveGame> {
    let mut cache = ELSEWHERE.lock().await;
    if let (Some(at), games) = &*cache
        && at.elapsed() < ELSEWHERE_FOR
    {
        return games.clone();
    }
    let since = crate::server::db::now_ms() - ELSEWHERE_MOVED_MS;
    let rows = match hub
        .db
        .played_elsewhere(&hub.instance, since, MAX_GAMES as i64)
        .await
    {
        Ok(rows) => rows,
        Err(e) => {
            tracing::warn!("the other instances' games not read: {e}");
            Vec::new()
        }
    };
    let mut games = Vec::new();
    for row in rows {
        // The row is here already: only its moves are read.
        let view = match hub.db.moves(&row.id).await {
            Ok(moves) => game::stored_view(&row, &moves).ok(),
            Err(e) => {
                tracing::warn!("game {}: moves not read: {e}", row.id);
                None
            }
        };
        games.extend(view.map(LiveGame::of));
    }
    *cache = (Some(Instant::now()), games.clone());
    games
}

/// `/api/live`: the games being played (up to 24: this instance's, then the other instances')
/// and the players online (up to 100).
pub async fn live_api(State(hub): State<Arc<Hub>>) -> Response {
    let mut games = Vec::new();
    let mut ids = hub.live_ids();
    ids.sort();
    for id in ids.into_iter().take(2 * MAX_GAMES) {
        if games.len() >= MAX_GAMES {
            break;
        }
        let Some(handle) = hub.game(&id) else {
            continue;
        };
        let Some(v) = handle.view().await else {
            continue;
        };
        if v.status != "started" {
            continue;
        }
        games.push(LiveGame::of(v));
    }
    if hub.shares_site() && games.len() < MAX_GAMES {
        let room = MAX_GAMES - games.len();
        games.extend(elsewhere(&hub).await.into_iter().take(room));
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
