//! The pages that read the server's state: the lobby, a game, a player, the archive, and the
//! lobby's list of live games (`/api/live`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::super::auth;
use super::super::db::{GameRow, HistoryPoint, RatingRow};
use super::super::hub::Hub;
use super::super::messages::GameView;
use super::archive::{self, ArchiveQuery};
use super::svg::{self, BoardOptions};
use super::{clipped, escape, not_found, page, url_part};
use crate::rules::{PieceKind, Position, Side, Variant};

/// The quick-pairing clocks the lobby offers (`minutes+increment` as the buttons say them,
/// `seconds+increment` as the protocol wants them).
pub const QUICK: &[(&str, &str)] = &[
    ("1+0", "60+0"),
    ("3+2", "180+2"),
    ("5+3", "300+3"),
    ("10+5", "600+5"),
    ("15+10", "900+10"),
    ("30+20", "1800+20"),
];

fn date(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms)
        .map(|t| t.strftime("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_default()
}

fn player_link(name: &str) -> String {
    format!(
        "<a class=\"player-link\" href=\"/@/{}\">{}</a>",
        url_part(name),
        escape(name)
    )
}

fn clock_text(row: &GameRow) -> String {
    match (row.tc_ms, row.days) {
        (Some((b, i)), _) => {
            let mins = b as f64 / 60_000.0;
            let mins = if mins.fract() == 0.0 {
                format!("{mins}")
            } else {
                format!("{mins:.1}")
            };
            format!("{mins}+{}", i / 1000)
        }
        (None, Some(d)) => format!("{d} days/move"),
        _ => String::new(),
    }
}

fn result_word(row: &GameRow) -> String {
    match (row.status.as_str(), row.result.as_deref()) {
        ("started", _) => "playing".to_string(),
        ("aborted", _) => "aborted".to_string(),
        (_, Some(r)) => r.replace("1/2", "½"),
        _ => String::new(),
    }
}

/// A table of games, each row a link to its page.
fn games_table(rows: &[(GameRow, i64)], empty: &str) -> String {
    if rows.is_empty() {
        return format!("<p class=\"dim\">{}</p>", escape(empty));
    }
    let mut out = String::from(
        "<table class=\"games\"><thead><tr><th>White</th><th>Black</th><th>Result</th>\
         <th>Moves</th><th>Clock</th><th>Date</th><th></th></tr></thead><tbody>",
    );
    for (row, plies) in rows {
        let reason = row.reason.as_deref().unwrap_or("");
        let _ = write!(
            out,
            "<tr data-game=\"{id}\"><td>{w}</td><td>{b}</td><td title=\"{reason}\">{res}</td>\
             <td>{moves}</td><td>{clock} {rated}</td><td>{date}</td>\
             <td><a href=\"/game/{id}\">view</a></td></tr>",
            id = escape(&row.id),
            w = player_link(&row.white.1),
            b = player_link(&row.black.1),
            reason = escape(reason),
            res = escape(&result_word(row)),
            moves = (plies + 1) / 2,
            clock = escape(&clock_text(row)),
            rated = if row.rated { "rated" } else { "casual" },
            date = escape(&date(row.created_ms)),
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// The lobby's variant picker: every built-in variant, Shuffle Parachess as a random
/// arrangement or one by number (the number box beside it), Parachess first.
fn variant_options() -> String {
    let mut out = String::new();
    for name in Variant::builtin_names() {
        let label = if name == "Shuffle Parachess" {
            "Shuffle Parachess (a random arrangement)".to_string()
        } else {
            name.clone()
        };
        let _ = write!(
            out,
            "<option value=\"{v}\">{l}</option>",
            v = escape(&name),
            l = escape(&label)
        );
    }
    let _ = write!(
        out,
        "<option value=\"shuffle-n\">Shuffle Parachess by number (0 to {})</option>",
        crate::rules::SHUFFLE_COUNT - 1
    );
    out
}

/// `/`: the lobby.
pub async fn lobby() -> Response {
    let variants = variant_options();
    let last_shuffle = crate::rules::SHUFFLE_COUNT - 1;
    let mut quick = String::new();
    for (label, tc) in QUICK {
        let _ = write!(
            quick,
            "<button type=\"button\" class=\"quick\" data-tc=\"{tc}\">{label}</button>"
        );
    }
    let computer = computer_card(&variants, last_shuffle);
    let template = svg::board_svg(&BoardOptions {
        id: Some("mini-template"),
        class: "mini",
        label: "a live game",
        defs: true,
        ..BoardOptions::default()
    });
    let body = format!(
        "<section class=\"intro\"><h1>Parachess</h1><p>Chess on a hexagon of 72 rhombi — Tony \
         Paletta's variant, with a Sorcerer that leaps and Bishops that zig-zag. Play a guest game \
         right here, watch the games being played, or <a href=\"/learn\">learn the rules</a> in \
         five minutes.</p></section>\
         <div class=\"lobby\"><div class=\"stack\">{computer}\
         <section class=\"card\"><h2>Quick pairing</h2><p class=\"dim\">Minutes + seconds added \
         per move, in the variant chosen below. You are paired with the first player who wants \
         the same.</p>\
         <div class=\"quick-grid\">{quick}</div>\
         <h3>Or post your own seek, or challenge someone</h3>\
         <form id=\"seek-form\" class=\"seek-form\">\
         <label class=\"full\">Variant <select name=\"variant\">{variants}</select></label>\
         <label id=\"shuffle-number\" hidden>Arrangement <input name=\"shuffle\" type=\"number\" \
         min=\"0\" max=\"{last_shuffle}\" value=\"0\" disabled></label>\
         <label>Game <select name=\"kind\"><option value=\"live\">live, with a clock</option>\
         <option value=\"1\">1 day per move</option><option value=\"2\">2 days per move</option>\
         <option value=\"3\">3 days per move</option><option value=\"5\">5 days per move</option>\
         <option value=\"7\">7 days per move</option><option value=\"14\">14 days per move</option>\
         </select></label>\
         <label>Minutes <input name=\"minutes\" type=\"number\" min=\"1\" max=\"180\" value=\"5\"></label>\
         <label>Increment <input name=\"inc\" type=\"number\" min=\"0\" max=\"60\" value=\"3\"></label>\
         <label>Colour <select name=\"color\"><option value=\"random\">random</option>\
         <option value=\"white\">white</option><option value=\"black\">black</option></select></label>\
         <label class=\"check\"><input name=\"rated\" type=\"checkbox\"> rated</label>\
         <button type=\"submit\">Post seek</button></form>\
         <form id=\"challenge-form\" class=\"challenge-form\"><input name=\"to\" maxlength=\"40\" \
         placeholder=\"a player's name\" aria-label=\"the player to challenge\">\
         <button type=\"submit\">Challenge</button></form>\
         <p id=\"lobby-msg\" class=\"msg\" role=\"status\"></p></section></div>\
         <div class=\"stack\"><section class=\"card\"><h2>Open seeks</h2><p class=\"dim\">Press one to play it.</p>\
         <table class=\"seeks\"><thead><tr><th>Player</th><th>Rating</th><th>Variant</th>\
         <th>Clock</th><th>Colour</th><th></th></tr></thead><tbody id=\"seeks\"></tbody></table>\
         <p id=\"no-seeks\" class=\"dim\">No open seeks right now: post one, or press a quick \
         pairing button.</p></section>\
         <section class=\"card\"><h2>Being played now</h2><div id=\"live\" class=\"live\"></div>\
         <p id=\"no-live\" class=\"dim\">No games being played right now.</p></section></div>\
         <div class=\"stack\"><section class=\"card\" id=\"account\"><h2>You</h2>\
         <p id=\"account-state\" class=\"dim\">Connecting…</p>\
         <form id=\"sign-form\" class=\"sign-form\" hidden>\
         <input name=\"name\" autocomplete=\"username\" maxlength=\"20\" placeholder=\"name\" aria-label=\"name\">\
         <input name=\"password\" type=\"password\" autocomplete=\"current-password\" maxlength=\"200\" \
         placeholder=\"password\" aria-label=\"password\">\
         <button type=\"submit\" name=\"login\" value=\"1\">Sign in</button>\
         <button type=\"button\" id=\"register\">Create account</button></form>\
         <button type=\"button\" id=\"sign-out\" hidden>Sign out</button>\
         <p id=\"account-msg\" class=\"msg\" role=\"status\"></p></section>\
         <section class=\"card\"><h2>Your games</h2><ul id=\"challenges\" class=\"plain challenges\"></ul>\
         <ul id=\"my-games\" class=\"plain\"></ul>\
         <p id=\"no-my-games\" class=\"dim\">None being played.</p></section>\
         <section class=\"card\"><h2>Players online</h2><ul id=\"online\" class=\"plain online\"></ul></section></div>\
         </div><div class=\"template\">{template}</div>"
    );
    page(
        StatusCode::OK,
        "Lobby",
        "lobby-page",
        &body,
        Some("lobby.js"),
    )
}

/// The lobby's "Play the computer" card: one button per level (an untimed Parachess game, a
/// random colour) and a form for the level, variant, clock and colour.
fn computer_card(variants: &str, last_shuffle: usize) -> String {
    let mut buttons = String::new();
    let mut levels = String::new();
    for level in crate::engine::Level::ALL {
        let name = level.name();
        let label = crate::server::computer::ComputerLevel::Named(level).player_name();
        let short = label.trim_start_matches("Computer (").trim_end_matches(')');
        let _ = write!(
            buttons,
            "<button type=\"button\" class=\"quick\" data-computer-level=\"{name}\" \
             aria-label=\"play the computer at {name}, untimed\">{short}</button>"
        );
        let _ = write!(levels, "<option value=\"{name}\">{short}</option>");
    }
    for skill in 0..=crate::engine::MAX_SKILL {
        let _ = write!(
            levels,
            "<option value=\"{skill}\">skill {skill} of 20</option>"
        );
    }
    let mut clocks = String::from("<option value=\"\">none (untimed)</option>");
    for (label, tc) in QUICK {
        let _ = write!(clocks, "<option value=\"{tc}\">{label}</option>");
    }
    format!(
        "<section class=\"card\" id=\"computer\"><h2>Play the computer</h2><p class=\"dim\">An \
         untimed game of Parachess, your colour drawn at random; or choose below.</p>\
         <div class=\"quick-grid\">{buttons}</div>\
         <form id=\"computer-form\" class=\"seek-form\">\
         <label class=\"full\">Variant <select name=\"variant\">{variants}</select></label>\
         <label id=\"computer-shuffle\" hidden>Arrangement <input name=\"shuffle\" type=\"number\" \
         min=\"0\" max=\"{last_shuffle}\" value=\"0\" disabled></label>\
         <label>Level <select name=\"level\">{levels}</select></label>\
         <label>Clock <select name=\"tc\">{clocks}</select></label>\
         <label>Colour <select name=\"color\"><option value=\"random\">random</option>\
         <option value=\"white\">white</option><option value=\"black\">black</option></select></label>\
         <button type=\"submit\">Play</button></form>\
         <p id=\"computer-msg\" class=\"msg\" role=\"status\"></p></section>"
    )
}

/// A game as the protocol's `game` message shows it, live or stored.
async fn game_view(hub: &Hub, id: &str) -> Option<GameView> {
    if let Some(handle) = hub.game(id)
        && let Some(view) = handle.view().await
    {
        return Some(view);
    }
    super::super::stored::view(&hub.db, id).await.ok()
}

/// The promotion chooser's buttons: every kind a pawn of either side may become in the game's
/// variant (so a Knights and Archers game offers the Knight), each with its key.
fn promotion_buttons(position: Option<&Position>) -> String {
    let variant = position.map_or_else(Variant::parachess, |p| p.variant());
    let mut kinds: Vec<PieceKind> = Vec::new();
    for side in [Side::White, Side::Black] {
        for &k in variant.promotions(side) {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    kinds
        .into_iter()
        .map(|k| {
            let key = variant.letter(k).to_ascii_lowercase();
            let name = escape(variant.kind_name(k));
            format!(
                "<button type=\"button\" data-kind=\"{key}\" title=\"{name} ({key})\">{name} <kbd>{key}</kbd></button>"
            )
        })
        .collect()
}

/// `/game/ID`.
pub async fn game(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let Some(view) = game_view(&hub, &id).await else {
        return not_found(&format!("There is no game {}.", clipped(&id, 16)));
    };
    let variant_key = view.variant_def.as_deref().unwrap_or(&view.variant);
    let position: Option<Position> =
        crate::server::variant::position(variant_key, &view.position).ok();
    let board = svg::board_svg(&BoardOptions {
        id: Some("board"),
        class: "main-board",
        label: "the board",
        position: position.as_ref(),
        rim: true,
        names: true,
        defs: true,
        ..BoardOptions::default()
    });
    let promo = promotion_buttons(position.as_ref());
    let title = format!("{} – {}", view.white, view.black);
    let clock = match (view.tc.as_deref(), view.days) {
        (Some(tc), _) => tc.to_string(),
        (None, Some(d)) => format!("{d} days per move"),
        _ => String::new(),
    };
    let body = format!(
        "<div class=\"game\" id=\"game\" data-game=\"{id}\">\
         <div class=\"board-wrap\">{board}\
         <div id=\"promo\" class=\"promo\" hidden><p>Promote to</p>\
         {promo}</div></div>\
         <aside class=\"panel\">\
         <div class=\"player top\"><span class=\"side-dot\"></span><a class=\"name\" id=\"top-name\"></a>\
         <span class=\"clock\" id=\"top-clock\"></span></div>\
         <p class=\"meta\" id=\"meta\">{meta}</p>\
         <p class=\"status\" id=\"status\" role=\"status\">Loading…</p>\
         <div id=\"offer\" class=\"offer\" hidden><span id=\"offer-text\"></span>\
         <button type=\"button\" id=\"offer-yes\">Accept</button>\
         <button type=\"button\" id=\"offer-no\">Decline</button></div>\
         <ol class=\"moves\" id=\"moves\"></ol>\
         <div class=\"nav\"><button type=\"button\" id=\"first\" title=\"First position (Home)\">«</button>\
         <button type=\"button\" id=\"prev\" title=\"Back (Left arrow)\">‹</button>\
         <button type=\"button\" id=\"next\" title=\"Forward (Right arrow)\">›</button>\
         <button type=\"button\" id=\"last\" title=\"Now (End)\">»</button>\
         <button type=\"button\" id=\"flip\" title=\"Turn the board (f)\">Flip</button>\
         <button type=\"button\" id=\"names\" title=\"Show the cell names (n)\">Names</button></div>\
         <form id=\"move-form\" class=\"move-form\" hidden><input id=\"move-input\" \
         autocomplete=\"off\" spellcheck=\"false\" placeholder=\"Type a move, e.g. c4d3\" \
         aria-label=\"Type a move\"><button type=\"submit\">Play</button></form>\
         <div class=\"actions\" id=\"actions\" hidden>\
         <button type=\"button\" id=\"draw\">Offer draw</button>\
         <button type=\"button\" id=\"takeback\">Takeback</button>\
         <button type=\"button\" id=\"abort\">Abort</button>\
         <button type=\"button\" id=\"resign\" class=\"danger\">Resign</button></div>\
         <div class=\"actions\" id=\"after\" hidden><button type=\"button\" id=\"rematch\">Rematch</button>\
         <a class=\"button\" href=\"/\">New game</a></div>\
         <p class=\"msg\" id=\"game-msg\" role=\"alert\"></p>\
         <div class=\"player bottom\"><span class=\"side-dot\"></span><a class=\"name\" id=\"bottom-name\"></a>\
         <span class=\"clock\" id=\"bottom-clock\"></span></div>\
         <p class=\"links\"><a id=\"pgn\" href=\"/api/game/{id}.pgn\" download=\"parachess-{id}.pgn\">\
         Download the game (PGN)</a> · <a href=\"/learn\">How the pieces move</a></p>\
         </aside></div>",
        id = escape(&id),
        meta = escape(&format!(
            "{} · {} {} · {}",
            view.variant,
            if view.rated { "Rated" } else { "Casual" },
            view.speed,
            clock
        )),
    );
    page(StatusCode::OK, &title, "game-page", &body, Some("game.js"))
}

/// `?vs=NAME` on a player's page.
#[derive(Deserialize, Default)]
pub struct PlayerQuery {
    vs: Option<String>,
}

/// A player's ratings per speed and their history chart.
fn ratings_and_chart(ratings: &[RatingRow], history: &[HistoryPoint]) -> String {
    let mut out = String::from("<h2>Ratings</h2>");
    if ratings.is_empty() {
        out.push_str("<p class=\"dim\">No rated games yet: every speed starts at 1500.</p>");
    } else {
        out.push_str(
            "<table class=\"ratings\"><thead><tr><th>Variant</th><th>Speed</th><th>Rating</th>\
             <th>Games</th></tr></thead><tbody>",
        );
        for r in ratings {
            let provisional = if r.glicko.deviation > 110.0 { "?" } else { "" };
            let _ = write!(
                out,
                "<tr data-speed=\"{s}\"><td>{v}</td><td>{s}</td><td>{}{provisional} <span class=\"dim\">±{}</span></td><td>{}</td></tr>",
                r.glicko.rating.round(),
                r.glicko.deviation.round(),
                r.games,
                v = escape(&r.variant),
                s = escape(&r.speed),
            );
        }
        out.push_str("</tbody></table>");
    }
    let mut series: BTreeMap<String, Vec<(i64, i32)>> = BTreeMap::new();
    for h in history {
        series
            .entry(h.speed.clone())
            .or_default()
            .push((h.at, h.rating));
    }
    let series: Vec<(String, Vec<(i64, i32)>)> = series.into_iter().collect();
    out.push_str("<h2>Rating history</h2>");
    out.push_str(&svg::rating_chart(&series));
    out
}

/// What a guest's page shows in place of ratings: its finished games' results, and how to
/// get a rating (guests play casual games only).
fn guest_summary(rows: &[GameRow], key: &str) -> String {
    let [mut won, mut drawn, mut lost] = [0u32; 3];
    for g in rows.iter().filter(|g| g.status == "over") {
        let white = g.white.0 == key;
        match g.result.as_deref() {
            Some("1-0") if white => won += 1,
            Some("0-1") if !white => won += 1,
            Some("1/2-1/2") => drawn += 1,
            Some("1-0" | "0-1") => lost += 1,
            _ => {}
        }
    }
    let played = won + drawn + lost;
    let mut out = String::from("<h2>Games as a guest</h2>");
    if played == 0 {
        out.push_str("<p class=\"dim\" id=\"guest-record\">No finished games yet.</p>");
    } else {
        let _ = write!(
            out,
            "<p class=\"record\" id=\"guest-record\"><b>{played}</b> finished game{}: \
             <b>{won}</b> won, <b>{drawn}</b> drawn, <b>{lost}</b> lost.</p>",
            if played == 1 { "" } else { "s" }
        );
    }
    out.push_str(
        "<p class=\"dim\" id=\"guest-rating\">Guests play casual games, which are not rated. \
         To get a rating, create an account (in the lobby's <a href=\"/#account\">You</a> box) \
         and play rated games: each speed starts at 1500.</p>",
    );
    out
}

/// `/@/NAME`.
pub async fn player(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
    Query(q): Query<PlayerQuery>,
) -> Response {
    let key = auth::name_key(&name);
    let found = if name.len() > 40 {
        Ok(None)
    } else {
        hub.db.player(&key).await
    };
    let p = match found {
        Ok(Some(p)) => p,
        Ok(None) => {
            return not_found(&format!(
                "There is no player called {}.",
                clipped(&name, 100)
            ));
        }
        Err(_) => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    };
    let (Ok(ratings), Ok(history), Ok(rows)) = (
        hub.db.ratings(&key).await,
        hub.db.history(&key).await,
        hub.db.player_games(&key, 500).await,
    ) else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let mut out = format!(
        "<section class=\"card wide\"><h1 class=\"player-name\">{}</h1><p class=\"dim\">{} · \
         joined {} · {}</p>",
        escape(&p.name),
        if p.guest { "guest" } else { "player" },
        escape(&date(p.created_ms)),
        if hub.is_online(&key) {
            "<span class=\"online-dot\"></span>online now"
        } else {
            "offline"
        }
    );
    // Ratings per speed; a guest plays casual games only, so has none: what it has instead.
    if p.guest {
        out.push_str(&guest_summary(&rows, &key));
    } else {
        out.push_str(&ratings_and_chart(&ratings, &history));
    }
    out.push_str("</section>");
    // Head to head.
    let opponent_of = |g: &GameRow| {
        if g.white.0 == key {
            g.black.clone()
        } else {
            g.white.clone()
        }
    };
    let score_of = |g: &GameRow| -> Option<f32> {
        let white = g.white.0 == key;
        match g.result.as_deref() {
            Some("1-0") => Some(if white { 1.0 } else { 0.0 }),
            Some("0-1") => Some(if white { 0.0 } else { 1.0 }),
            Some("1/2-1/2") => Some(0.5),
            _ => None,
        }
    };
    let mut records: BTreeMap<String, (String, [u32; 3])> = BTreeMap::new();
    for g in rows.iter().filter(|g| g.status == "over") {
        let (okey, oname) = opponent_of(g);
        let e = records.entry(okey).or_insert((oname, [0; 3]));
        match score_of(g) {
            Some(1.0) => e.1[0] += 1,
            Some(0.5) => e.1[1] += 1,
            Some(_) => e.1[2] += 1,
            None => {}
        }
    }
    out.push_str(
        "<section class=\"card\"><h2>Head to head</h2>\
         <form class=\"vs-form\" method=\"get\"><label>Record against \
         <input name=\"vs\" maxlength=\"40\" placeholder=\"a player's name\"",
    );
    if let Some(vs) = q.vs.as_deref().filter(|v| !v.trim().is_empty()) {
        let _ = write!(out, " value=\"{}\"", escape(vs));
        out.push_str("></label><button type=\"submit\">Show</button></form>");
        let vkey = auth::name_key(vs.trim());
        match records.get(&vkey) {
            Some((oname, [w, d, l])) => {
                let _ = write!(
                    out,
                    "<p class=\"record\" id=\"vs-record\">{} against {}: <b>{w}</b> won, <b>{d}</b> \
                     drawn, <b>{l}</b> lost.</p>",
                    escape(&p.name),
                    player_link(oname)
                );
            }
            None => {
                let _ = write!(
                    out,
                    "<p class=\"record\" id=\"vs-record\">No finished games between {} and {}.</p>",
                    escape(&p.name),
                    escape(vs.trim())
                );
            }
        }
    } else {
        out.push_str("></label><button type=\"submit\">Show</button></form>");
    }
    let mut top: Vec<_> = records.values().collect();
    top.sort_by_key(|(_, r)| std::cmp::Reverse(r.iter().sum::<u32>()));
    if !top.is_empty() {
        out.push_str(
            "<table class=\"h2h\"><thead><tr><th>Opponent</th><th>Won</th><th>Drawn</th>\
             <th>Lost</th></tr></thead><tbody>",
        );
        for (oname, [w, d, l]) in top.into_iter().take(8) {
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{w}</td><td>{d}</td><td>{l}</td></tr>",
                player_link(oname)
            );
        }
        out.push_str("</tbody></table>");
    }
    out.push_str("</section>");
    // The latest game's position, as a small board.
    if let Some(latest) = rows.first()
        && let Some(view) = game_view(&hub, &latest.id).await
    {
        let position: Option<Position> = view.position.parse().ok();
        let _ = write!(
            out,
            "<section class=\"card\"><h2>Latest game</h2><a class=\"latest\" href=\"/game/{id}\">{}\
             <span>{} – {} · {}</span></a></section>",
            svg::board_svg(&BoardOptions {
                class: "mini",
                label: "the latest game's position",
                position: position.as_ref(),
                defs: true,
                ..BoardOptions::default()
            }),
            escape(&latest.white.1),
            escape(&latest.black.1),
            escape(&result_word(latest)),
            id = escape(&latest.id),
        );
    }
    // Recent games.
    let mut recent = Vec::new();
    for g in rows.iter().take(30) {
        let plies = hub.db.ply_count(&g.id).await.unwrap_or(0);
        recent.push((g.clone(), plies));
    }
    let _ = write!(
        out,
        "<section class=\"card wide\"><h2>Recent games</h2>{}<p><a href=\"/archive?player={}\">\
         All of {}'s games</a></p></section>",
        games_table(&recent, "No games yet."),
        url_part(&p.name),
        escape(&p.name)
    );
    page(
        StatusCode::OK,
        &p.name,
        "player-page",
        &format!("<div class=\"columns\">{out}</div>"),
        Some("page.js"),
    )
}

/// `/archive?player=&result=&from=&to=&page=`.
pub async fn archive(State(hub): State<Arc<Hub>>, Query(q): Query<ArchiveQuery>) -> Response {
    let (games, more) = match archive::search(&hub.db, &q).await {
        Ok(found) => found,
        Err(_) => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    };
    let val = |s: &Option<String>| escape(s.as_deref().unwrap_or(""));
    let result = q.result.as_deref().unwrap_or("");
    let mut options = String::new();
    for (v, label) in [
        ("", "any result"),
        ("1-0", "White won"),
        ("0-1", "Black won"),
        ("1/2-1/2", "drawn"),
        ("win", "the player won"),
        ("loss", "the player lost"),
    ] {
        let _ = write!(
            options,
            "<option value=\"{v}\"{}>{label}</option>",
            if v == result { " selected" } else { "" }
        );
    }
    let searched = [&q.player, &q.result, &q.from, &q.to]
        .iter()
        .any(|v| v.as_deref().is_some_and(|s| !s.trim().is_empty()));
    let heading = match q.player.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        Some(p) => format!(
            "Finished games of <span class=\"searched\">{}</span>",
            escape(p)
        ),
        None => "Finished games".to_string(),
    };
    let page_no = q.page.unwrap_or(0).max(0);
    let link = |n: i64| {
        format!(
            "/archive?player={}&amp;result={}&amp;from={}&amp;to={}&amp;page={n}",
            url_part(q.player.as_deref().unwrap_or("")),
            url_part(result),
            url_part(q.from.as_deref().unwrap_or("")),
            url_part(q.to.as_deref().unwrap_or(""))
        )
    };
    let mut pager = String::new();
    if page_no > 0 {
        let _ = write!(pager, "<a href=\"{}\">← newer</a> ", link(page_no - 1));
    }
    if more {
        let _ = write!(pager, "<a href=\"{}\">older →</a>", link(page_no + 1));
    }
    let body = format!(
        "<section class=\"card wide\"><h1>{heading}</h1>\
         <form class=\"search\" method=\"get\" action=\"/archive\">\
         <label>Player <input name=\"player\" maxlength=\"40\" value=\"{p}\"></label>\
         <label>Result <select name=\"result\">{options}</select></label>\
         <label>From <input name=\"from\" type=\"date\" value=\"{f}\"></label>\
         <label>To <input name=\"to\" type=\"date\" value=\"{t}\"></label>\
         <button type=\"submit\">Search</button></form>{table}<p class=\"pager\">{pager}</p></section>",
        p = val(&q.player),
        f = val(&q.from),
        t = val(&q.to),
        table = games_table(
            &games,
            if searched {
                "No finished games match."
            } else {
                "No finished games yet."
            }
        ),
    );
    page(
        StatusCode::OK,
        "Games",
        "archive-page",
        &body,
        Some("page.js"),
    )
}

/// A live game in the lobby.
#[derive(Serialize)]
struct LiveGame {
    id: String,
    white: String,
    black: String,
    position: String,
    tc: Option<String>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variant_picker_offers_every_builtin_and_shuffle_by_number() {
        let options = variant_options();
        for name in Variant::builtin_names() {
            assert!(
                options.contains(&format!("<option value=\"{name}\">")),
                "{name}: {options}"
            );
        }
        assert!(options.contains("value=\"shuffle-n\""), "{options}");
        assert!(
            options.starts_with("<option value=\"Parachess\">"),
            "{options}"
        );
    }

    #[test]
    fn promotion_buttons_follow_the_variant() {
        let parachess = promotion_buttons(None);
        for key in ["q", "r", "b", "s"] {
            assert!(
                parachess.contains(&format!("data-kind=\"{key}\"")),
                "{parachess}"
            );
        }
        assert_eq!(parachess.matches("<button").count(), 4);
        let Ok(ka) = Variant::named("Knights and Archers") else {
            panic!("Knights and Archers is built in");
        };
        let buttons = promotion_buttons(Some(&ka.start()));
        assert!(buttons.contains("data-kind=\"n\""), "{buttons}");
        assert!(buttons.contains("data-kind=\"a\""), "{buttons}");
        assert!(!buttons.contains("data-kind=\"s\""), "{buttons}");
        assert!(!buttons.contains("data-kind=\"k\""), "{buttons}");
    }
}
