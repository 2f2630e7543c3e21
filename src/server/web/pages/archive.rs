//! `/archive`: finished games searched by player, result and date.

use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::parts::games_table;
use crate::server::hub::Hub;
use crate::server::web::archive::{self, ArchiveQuery};
use crate::server::web::{escape, lang, page, url_part};

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
        ("", lang::t("archive-any")),
        ("1-0", lang::t("archive-white-won")),
        ("0-1", lang::t("archive-black-won")),
        ("1/2-1/2", lang::t("archive-drawn")),
        ("win", lang::t("archive-player-won")),
        ("loss", lang::t("archive-player-lost")),
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
        Some(p) => lang::tf(
            "archive-of",
            &[(
                "player",
                &format!("<span class=\"searched\">{}</span>", escape(p)),
            )],
        ),
        None => lang::t("archive-finished").to_string(),
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
        let _ = write!(
            pager,
            "<a href=\"{}\">{}</a> ",
            link(page_no - 1),
            lang::t("archive-newer")
        );
    }
    if more {
        let _ = write!(
            pager,
            "<a href=\"{}\">{}</a>",
            link(page_no + 1),
            lang::t("archive-older")
        );
    }
    let body = format!(
        "<section class=\"card wide\"><h1>{heading}</h1>\
         <form class=\"search\" method=\"get\" action=\"/archive\">\
         <label>{player} <input name=\"player\" maxlength=\"40\" value=\"{p}\"></label>\
         <label>{result_word} <select name=\"result\">{options}</select></label>\
         <label>{from} <input name=\"from\" type=\"date\" value=\"{f}\"></label>\
         <label>{to} <input name=\"to\" type=\"date\" value=\"{t}\"></label>\
         <button type=\"submit\">{search}</button></form>{table}<p class=\"pager\">{pager}</p></section>",
        p = val(&q.player),
        f = val(&q.from),
        t = val(&q.to),
        table = games_table(
            &games,
            if searched {
                lang::t("archive-none-match")
            } else {
                lang::t("archive-none")
            }
        ),
        player = lang::t("player"),
        result_word = lang::t("result"),
        from = lang::t("archive-from"),
        to = lang::t("archive-to"),
        search = lang::t("archive-search"),
    );
    page(
        StatusCode::OK,
        lang::t("nav-games"),
        "archive-page",
        &body,
        Some("page.js"),
    )
}
