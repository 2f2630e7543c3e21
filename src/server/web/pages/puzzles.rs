//! `/puzzles` and `/puzzles/N`: rated puzzles on the board, judged by the server (the page
//! sends the solver's moves, `puzzle_move`, and draws what comes back); and the lobby's daily
//! puzzle card. In the page's language ([`lang`]).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use crate::server::hub::Hub;
use crate::server::web::svg::{self, BoardOptions};
use crate::server::web::{escape, lang, not_found, page};

/// The puzzle page's own texts (`js-puzzle-*` in the one table): those the page shows
/// before its script runs.
fn t(key: &'static str) -> &'static str {
    lang::t(key)
}

/// `/puzzles`: the next puzzle near the visitor's rating (chosen once the page has said
/// hello, since only then is the visitor known).
pub async fn puzzles(State(hub): State<Arc<Hub>>) -> Response {
    puzzle_page(&hub, None)
}

/// `/puzzles/N`: puzzle number N.
pub async fn puzzle(State(hub): State<Arc<Hub>>, Path(n): Path<String>) -> Response {
    match n
        .parse::<u32>()
        .ok()
        .filter(|&n| hub.puzzles.get(n).is_some())
    {
        Some(n) => puzzle_page(&hub, Some(n)),
        None => not_found(t("js-puzzle-none")),
    }
}

fn puzzle_page(hub: &Hub, n: Option<u32>) -> Response {
    let shown = n.and_then(|n| hub.puzzles.get(n));
    let board = svg::board_svg(&BoardOptions {
        id: Some("board"),
        class: "main-board",
        label: t("puzzle-board"),
        position: shown.map(|p| &p.position),
        rim: true,
        names: true,
        defs: true,
        ..BoardOptions::default()
    });
    let promo = super::game::promotion_buttons(shown.map(|p| &p.position));
    let body = format!(
        "<div class=\"game puzzle-page\" id=\"puzzle-root\" data-start=\"{start}\">\
         <div class=\"board-wrap\">{board}\
         <div id=\"promo\" class=\"promo\" hidden><p>{promote}</p>{promo}</div></div>\
         <aside class=\"panel\">\
         <h1 class=\"puzzle-title\" id=\"puzzle-title\">{title}</h1>\
         <p class=\"status\" id=\"goal\" role=\"status\" aria-live=\"polite\">{loading}</p>\
         <p class=\"meta\"><span id=\"puzzle-own\"></span></p>\
         <p class=\"puzzle-rating\">{yours} <strong data-puzzle-rating id=\"rating\">–</strong> \
         <span id=\"change\" class=\"change\"></span></p>\
         <ol class=\"moves puzzle-moves\" id=\"moves\" aria-label=\"{moves}\"></ol>\
         <form id=\"move-form\" class=\"move-form\"><input id=\"move-input\" autocomplete=\"off\" \
         spellcheck=\"false\" placeholder=\"{type_ph}\" aria-label=\"{type_label}\">\
         <button type=\"submit\">{play}</button></form>\
         <p class=\"msg\" id=\"puzzle-msg\" role=\"alert\"></p>\
         <div class=\"actions\"><button type=\"button\" data-action=\"solution\" id=\"solution\">{solution}</button>\
         <button type=\"button\" data-action=\"next\" id=\"next-puzzle\">{next}</button></div>\
         <div class=\"nav\"><button type=\"button\" id=\"flip\" title=\"{flip_title}\">{flip}</button>\
         <button type=\"button\" id=\"names\" title=\"{names_title}\">{names}</button></div>\
         <p class=\"links\"><a href=\"/learn\">{rules}</a></p>\
         </aside></div>",
        start = n.map(|n| n.to_string()).unwrap_or_default(),
        promote = t("promote-to"),
        title = t("nav-puzzles"),
        loading = t("loading"),
        yours = t("puzzle-yours"),
        moves = t("puzzle-moves"),
        type_ph = t("type-move-eg"),
        type_label = t("type-move"),
        play = t("play-move"),
        solution = t("puzzle-solution"),
        next = t("puzzle-next"),
        flip_title = t("flip-title"),
        flip = t("flip"),
        names_title = t("names-title"),
        names = t("names"),
        rules = t("how-pieces-move"),
    );
    page(
        StatusCode::OK,
        t("nav-puzzles"),
        "puzzle-body",
        &body,
        Some("puzzles.js"),
    )
}

/// The lobby's daily puzzle: a small board of today's puzzle (the same for everybody that
/// UTC day) linking to it; empty when the server has no puzzles.
pub fn daily_card(hub: &Hub) -> String {
    let Some((n, p)) = hub
        .puzzles
        .today()
        .and_then(|n| hub.puzzles.get(n).map(|p| (n, p)))
    else {
        return String::new();
    };
    let board = svg::board_svg(&BoardOptions {
        class: "mini daily-board",
        label: t("puzzle-today"),
        position: Some(&p.position),
        ..BoardOptions::default()
    });
    format!(
        "<section class=\"card daily\" id=\"daily-puzzle\"><h2>{heading}</h2>\
         <a class=\"latest\" href=\"/puzzles/{n}\" data-daily-puzzle=\"{n}\">{board}\
         <span>{goal}</span></a>\
         <p class=\"dim\"><a href=\"/puzzles\">{more}</a></p></section>",
        heading = t("puzzle-of-the-day"),
        more = t("puzzle-more"),
        goal = escape(&goal(p)),
    )
}

/// A puzzle's goal in the page's language ("White to move: checkmate in 2"), from the
/// same texts the page's script uses.
fn goal(p: &crate::study::Puzzle) -> String {
    use crate::study::Theme;
    let language = lang::current();
    let side = p.solver();
    let name = crate::rules::words::say::side(language, side);
    let other = crate::rules::words::say::side(language, !side);
    let n = p.solver_moves();
    let key = match (p.theme, n) {
        (Theme::Material, _) => "js-puzzle-material",
        (Theme::Stalemate, 1) => "js-puzzle-stalemate1",
        (Theme::Stalemate, _) => "js-puzzle-stalemate",
        (_, 1) => "js-puzzle-mate1",
        _ => "js-puzzle-mate",
    };
    lang::tf(
        key,
        &[("side", name), ("other", other), ("n", &n.to_string())],
    )
}
