//! `/@/NAME`: a player's ratings, history and games.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::game::game_view;
use super::parts::{date, games_table, result_word, seat_link};
use crate::rules::Position;
use crate::server::auth;
use crate::server::db::{GameRow, HistoryPoint, RatingRow};
use crate::server::hub::Hub;
use crate::server::web::svg::{self, BoardOptions};
use crate::server::web::{clipped, escape, lang, not_found, page, url_part};

/// `?vs=NAME` on a player's page.
#[derive(Deserialize, Default)]
pub struct PlayerQuery {
    vs: Option<String>,
}

/// The tournaments the player entered, newest first (empty when none).
async fn tournaments_played(hub: &Hub, key: &str) -> String {
    let Ok(list) = hub.db.player_tournaments(key, 50).await else {
        return String::new();
    };
    if list.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "<section class=\"card\"><h2>{}</h2><ul class=\"plain\" id=\"player-tournaments\">",
        lang::t("tournaments")
    );
    for t in list {
        let _ = write!(
            out,
            "<li data-tournament=\"{id}\"><a href=\"/tournament/{id}\">{name}</a> <span class=\"dim\">{kind}, {when}, {status}</span></li>",
            id = escape(&t.id),
            name = escape(&t.name),
            kind = super::tournament::kind_name(t.kind.as_str()),
            when = escape(&date(t.starts_ms)),
            status = super::tournament::status_name(t.status.as_str()),
        );
    }
    out.push_str("</ul></section>");
    out
}

/// A player's ratings per speed and their history chart.
fn ratings_and_chart(ratings: &[RatingRow], history: &[HistoryPoint]) -> String {
    let mut out = format!("<h2>{}</h2>", lang::t("ratings"));
    if ratings.is_empty() {
        let _ = write!(out, "<p class=\"dim\">{}</p>", lang::t("no-rated-games"));
    } else {
        let _ = write!(
            out,
            "<table class=\"ratings\"><thead><tr><th>{}</th><th>{}</th><th>{}</th>\
             <th>{}</th></tr></thead><tbody>",
            lang::t("variant"),
            lang::t("speed"),
            lang::t("rating"),
            lang::t("games"),
        );
        for r in ratings {
            let provisional = if r.glicko.deviation > 110.0 { "?" } else { "" };
            let _ = write!(
                out,
                "<tr data-speed=\"{s}\"><td>{v}</td><td>{name}</td><td>{}{provisional} <span class=\"dim\">±{}</span></td><td>{}</td></tr>",
                r.glicko.rating.round(),
                r.glicko.deviation.round(),
                r.games,
                v = escape(&r.variant),
                s = escape(&r.speed),
                name = super::game::speed_name(&r.speed),
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
    let _ = write!(out, "<h2>{}</h2>", lang::t("rating-history"));
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
    let mut out = format!("<h2>{}</h2>", lang::t("guest-games"));
    if played == 0 {
        let _ = write!(
            out,
            "<p class=\"dim\" id=\"guest-record\">{}</p>",
            lang::t("archive-none")
        );
    } else {
        let _ = write!(
            out,
            "<p class=\"record\" id=\"guest-record\">{}</p>",
            lang::tf(
                if played == 1 {
                    "guest-record-1"
                } else {
                    "guest-record"
                },
                &[
                    ("played", &format!("<b>{played}</b>")),
                    ("won", &format!("<b>{won}</b>")),
                    ("drawn", &format!("<b>{drawn}</b>")),
                    ("lost", &format!("<b>{lost}</b>")),
                ]
            )
        );
    }
    let _ = write!(
        out,
        "<p class=\"dim\" id=\"guest-rating\">{}</p>",
        lang::tf(
            "guest-rating",
            &[(
                "you",
                &format!("<a href=\"/#account\">{}</a>", lang::t("lobby-you"))
            )]
        )
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
            return not_found(&lang::tf("no-player", &[("name", &clipped(&name, 100))]));
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
         {} · {}</p>",
        escape(&p.name),
        if p.guest {
            lang::t("guest")
        } else {
            lang::t("player-word")
        },
        lang::tf("joined", &[("date", &escape(&date(p.created_ms)))]),
        if hub.is_online(&key) {
            format!(
                "<span class=\"online-dot\"></span>{}",
                lang::t("online-now")
            )
        } else {
            lang::t("offline").to_string()
        }
    );
    // Ratings per speed; a guest plays casual games only, so has none: what it has instead.
    if p.guest {
        out.push_str(&guest_summary(&rows, &key));
    } else {
        out.push_str(&ratings_and_chart(&ratings, &history));
    }
    out.push_str("</section>");
    out.push_str(&tournaments_played(&hub, &key).await);
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
    let _ = write!(
        out,
        "<section class=\"card\"><h2>{}</h2>\
         <form class=\"vs-form\" method=\"get\"><label>{} \
         <input name=\"vs\" maxlength=\"40\" placeholder=\"{}\"",
        lang::t("head-to-head"),
        lang::t("record-against"),
        lang::t("a-players-name"),
    );
    if let Some(vs) = q.vs.as_deref().filter(|v| !v.trim().is_empty()) {
        let _ = write!(out, " value=\"{}\"", escape(vs));
        let _ = write!(
            out,
            "></label><button type=\"submit\">{}</button></form>",
            lang::t("show")
        );
        let vkey = auth::name_key(vs.trim());
        match records.get(&vkey) {
            Some((oname, [w, d, l])) => {
                let _ = write!(
                    out,
                    "<p class=\"record\" id=\"vs-record\">{}</p>",
                    lang::tf(
                        "vs-record",
                        &[
                            ("player", &escape(&p.name)),
                            ("other", &seat_link(&vkey, oname)),
                            ("won", &format!("<b>{w}</b>")),
                            ("drawn", &format!("<b>{d}</b>")),
                            ("lost", &format!("<b>{l}</b>")),
                        ]
                    )
                );
            }
            None => {
                let _ = write!(
                    out,
                    "<p class=\"record\" id=\"vs-record\">{}</p>",
                    lang::tf(
                        "vs-none",
                        &[("player", &escape(&p.name)), ("other", &escape(vs.trim()))]
                    )
                );
            }
        }
    } else {
        let _ = write!(
            out,
            "></label><button type=\"submit\">{}</button></form>",
            lang::t("show")
        );
    }
    let mut top: Vec<_> = records.iter().collect();
    top.sort_by_key(|(_, (_, r))| std::cmp::Reverse(r.iter().sum::<u32>()));
    if !top.is_empty() {
        let _ = write!(
            out,
            "<table class=\"h2h\"><thead><tr><th>{}</th><th>{}</th><th>{}</th>\
             <th>{}</th></tr></thead><tbody>",
            lang::t("opponent"),
            lang::t("won"),
            lang::t("drawn"),
            lang::t("lost"),
        );
        for (okey, (oname, [w, d, l])) in top.into_iter().take(8) {
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{w}</td><td>{d}</td><td>{l}</td></tr>",
                seat_link(okey, oname)
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
            "<section class=\"card\"><h2>{latest_word}</h2><a class=\"latest\" href=\"/game/{id}\">{}\
             <span>{} – {} · {}</span></a></section>",
            svg::board_svg(&BoardOptions {
                class: "mini",
                label: lang::t("latest-position"),
                position: position.as_ref(),
                defs: true,
                ..BoardOptions::default()
            }),
            escape(&latest.white.1),
            escape(&latest.black.1),
            escape(&result_word(latest)),
            id = escape(&latest.id),
            latest_word = lang::t("latest-game"),
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
        "<section class=\"card wide\"><h2>{}</h2>{}<p><a href=\"/archive?player={}\">\
         {}</a></p></section>",
        lang::t("recent-games"),
        games_table(&recent, lang::t("no-games")),
        url_part(&p.name),
        lang::tf("all-games-of", &[("name", &escape(&p.name))])
    );
    page(
        StatusCode::OK,
        &p.name,
        "player-page",
        &format!("<div class=\"columns\">{out}</div>"),
        Some("page.js"),
    )
}
