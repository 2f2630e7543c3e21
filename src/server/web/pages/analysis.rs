//! `/analysis` (`?position=TEXT&variant=NAME`): the analysis board. The page draws what the
//! server answers to `analyse` (the position, its legal moves, the engine's lines) and plays
//! no rules itself.

use axum::extract::Query;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use crate::rules::Position;
use crate::server::variant;
use crate::server::web::pages::game::promotion_buttons;
use crate::server::web::svg::{self, BoardOptions};
use crate::server::web::{escape, lang, page};

/// The page's query: where to start.
#[derive(Debug, Default, Deserialize)]
pub struct AnalysisQuery {
    /// A position text (default: the variant's start).
    pub position: Option<String>,
    /// A built-in variant's name (default Parachess).
    pub variant: Option<String>,
}

/// `/analysis`.
pub async fn analysis(Query(q): Query<AnalysisQuery>) -> Response {
    let name = variant::check(q.variant.as_deref(), None)
        .ok()
        .filter(|n| !variant::is_custom(n))
        .unwrap_or_else(|| "parachess".to_string());
    let rules = variant::resolve(&name).ok();
    let given = q
        .position
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let position: Option<Position> = match (given, rules) {
        (Some(text), Some(v)) => Position::parse_in(text, v).ok(),
        (None, Some(v)) => Some(v.start()),
        _ => None,
    };
    // A position the rules refuse is still shown in the field, with the server's words.
    let text = given
        .map(str::to_string)
        .or_else(|| position.as_ref().map(ToString::to_string))
        .unwrap_or_default();
    let board = svg::board_svg(&BoardOptions {
        id: Some("board"),
        class: "main-board",
        label: lang::t("analysis-board-label"),
        position: position.as_ref(),
        rim: true,
        names: true,
        defs: true,
        ..BoardOptions::default()
    });
    let promo = promotion_buttons(position.as_ref());
    let body = format!(
        "<div class=\"game analysis\" id=\"analysis\" data-start=\"{text}\" data-variant=\"{variant}\">\
         <div class=\"board-wrap\">{board}\
         <div id=\"promo\" class=\"promo\" hidden><p>{promote}</p>{promo}</div></div>\
         <aside class=\"panel\">\
         <h1 class=\"panel-title\">{title}</h1>\
         <p class=\"status\" id=\"status\" role=\"status\">{connecting}</p>\
         <section class=\"lines\" aria-labelledby=\"lines-title\">\
         <h2 id=\"lines-title\">{lines}</h2>\
         <p class=\"dim\" id=\"depth\" aria-live=\"polite\"></p>\
         <ol id=\"lines\" class=\"lines-list\"></ol></section>\
         <ol class=\"moves\" id=\"moves\" aria-label=\"{moves}\"></ol>\
         <div class=\"nav\"><button type=\"button\" id=\"undo\" title=\"{undo_title}\">{undo}</button>\
         <button type=\"button\" id=\"reset\" title=\"{reset_title}\">{reset}</button>\
         <button type=\"button\" id=\"flip\" title=\"{flip_title}\">{flip}</button>\
         <button type=\"button\" id=\"names\" title=\"{names_title}\">{names}</button></div>\
         <form id=\"move-form\" class=\"move-form\"><input id=\"move-input\" \
         autocomplete=\"off\" spellcheck=\"false\" placeholder=\"{type_eg}\" \
         aria-label=\"{type_move}\"><button type=\"submit\">{play}</button></form>\
         <form id=\"position-form\" class=\"position-form\">\
         <label for=\"position-input\">{position_text}</label>\
         <textarea id=\"position-input\" rows=\"3\" spellcheck=\"false\">{text}</textarea>\
         <button type=\"submit\">{analyse}</button></form>\
         <p class=\"msg\" id=\"analysis-msg\" role=\"alert\"></p>\
         </aside></div>",
        text = escape(&text),
        variant = escape(&name),
        promote = lang::t("promote-to"),
        title = lang::t("analysis-title"),
        connecting = lang::t("connecting"),
        lines = lang::t("analysis-lines"),
        moves = lang::t("analysis-moves"),
        undo_title = lang::t("analysis-undo-title"),
        undo = lang::t("analysis-undo"),
        reset_title = lang::t("analysis-reset-title"),
        reset = lang::t("analysis-reset"),
        flip_title = lang::t("flip-title"),
        flip = lang::t("flip"),
        names_title = lang::t("names-title"),
        names = lang::t("names"),
        type_eg = lang::t("type-move-eg"),
        type_move = lang::t("type-move"),
        play = lang::t("play-move"),
        position_text = lang::t("analysis-position-text"),
        analyse = lang::t("analyse-position"),
    );
    page(
        StatusCode::OK,
        lang::t("analysis-title"),
        "game-page analysis-page",
        &body,
        Some("analysis.js"),
    )
}
