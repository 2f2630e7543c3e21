//! `/game/ID`: a game, live or stored.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use crate::rules::{PieceKind, Position, Side, Variant};
use crate::server::hub::Hub;
use crate::server::messages::GameView;
use crate::server::web::svg::{self, BoardOptions};
use crate::server::web::{clipped, escape, lang, not_found, page};

/// A game as the protocol's `game` message shows it, live or stored.
pub(super) async fn game_view(hub: &Hub, id: &str) -> Option<GameView> {
    if let Some(handle) = hub.game(id)
        && let Some(view) = handle.view().await
    {
        return Some(view);
    }
    crate::server::stored::view(&hub.db, id).await.ok()
}

/// The promotion chooser's buttons: every kind a pawn of either side may become in the game's
/// variant (so a Knights and Archers game offers the Knight), each with its key.
pub(crate) fn promotion_buttons(position: Option<&Position>) -> String {
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
            let name = escape(&piece_name(position, k));
            format!(
                "<button type=\"button\" data-kind=\"{key}\" title=\"{name} ({key})\">{name} <kbd>{key}</kbd></button>"
            )
        })
        .collect()
}

/// A speed (`blitz`, `correspondence`, …) in the page's language.
pub(super) fn speed_name(speed: &str) -> &'static str {
    match speed {
        "bullet" => lang::t("speed-bullet"),
        "blitz" => lang::t("speed-blitz"),
        "rapid" => lang::t("speed-rapid"),
        "classical" => lang::t("speed-classical"),
        "correspondence" => lang::t("speed-correspondence"),
        _ => lang::t("speed-untimed"),
    }
}

/// "N days per move" in the page's language.
pub(super) fn days_text(days: u32) -> String {
    if days == 1 {
        lang::t("day-per-move").to_string()
    } else {
        lang::tf("days-per-move", &[("n", &days.to_string())])
    }
}

/// A piece kind's name in the page's language (the kinds of the position's army).
pub(super) fn piece_name(position: Option<&Position>, kind: PieceKind) -> String {
    let language = lang::current();
    match position {
        Some(p) => crate::rules::words::say::kind(language, p, kind),
        None => crate::rules::words::say::kind(language, &Position::start(), kind),
    }
}

/// `/game/ID`.
pub async fn game(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let t = lang::t;
    let Some(view) = game_view(&hub, &id).await else {
        return not_found(&lang::tf("no-game", &[("id", &clipped(&id, 16))]));
    };
    let variant_key = view.variant_def.as_deref().unwrap_or(&view.variant);
    let position: Option<Position> =
        crate::server::variant::position(variant_key, &view.position).ok();
    let board = svg::board_svg(&BoardOptions {
        id: Some("board"),
        class: "main-board",
        label: t("game-board"),
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
        (None, Some(d)) => days_text(d),
        _ => String::new(),
    };
    let body = format!(
        "<div class=\"game\" id=\"game\" data-game=\"{id}\">\
         <div class=\"board-wrap\">{board}\
         <div id=\"promo\" class=\"promo\" hidden><p>{promote}</p>\
         {promo}</div></div>\
         <aside class=\"panel\">\
         <div class=\"player top\"><span class=\"side-dot\"></span><a class=\"name\" id=\"top-name\"></a>\
         <span class=\"clock\" id=\"top-clock\"></span></div>\
         <p class=\"meta\" id=\"meta\">{meta}</p>\
         <p class=\"status\" id=\"status\" role=\"status\">{loading}</p>\
         <div id=\"offer\" class=\"offer\" hidden><span id=\"offer-text\"></span>\
         <button type=\"button\" id=\"offer-yes\">{accept}</button>\
         <button type=\"button\" id=\"offer-no\">{decline}</button></div>\
         <ol class=\"moves\" id=\"moves\" aria-label=\"{moves}\"></ol>\
         <div class=\"graph\" id=\"graph\" hidden></div>\
         <div class=\"nav\"><button type=\"button\" id=\"first\" title=\"{first}\" aria-label=\"{first}\">«</button>\
         <button type=\"button\" id=\"prev\" title=\"{prev}\" aria-label=\"{prev}\">‹</button>\
         <button type=\"button\" id=\"next\" title=\"{next}\" aria-label=\"{next}\">›</button>\
         <button type=\"button\" id=\"last\" title=\"{last}\" aria-label=\"{last}\">»</button>\
         <button type=\"button\" id=\"flip\" title=\"{flip_title}\">{flip}</button>\
         <button type=\"button\" id=\"names\" title=\"{names_title}\">{names}</button></div>\
         <form id=\"move-form\" class=\"move-form\" hidden><input id=\"move-input\" \
         autocomplete=\"off\" spellcheck=\"false\" placeholder=\"{type_eg}\" \
         aria-label=\"{type_move}\"><button type=\"submit\">{play}</button></form>\
         <div class=\"actions\" id=\"actions\" hidden>\
         <button type=\"button\" id=\"berserk\" data-action=\"berserk\" title=\"{berserk_title}\" \
         hidden>{berserk}</button>\
         <button type=\"button\" id=\"draw\">{draw}</button>\
         <button type=\"button\" id=\"takeback\">{takeback}</button>\
         <button type=\"button\" id=\"abort\">{abort}</button>\
         <button type=\"button\" id=\"resign\" class=\"danger\">{resign}</button></div>\
         <div class=\"actions\" id=\"after\" hidden><button type=\"button\" id=\"rematch\">{rematch}</button>\
         <a class=\"button\" href=\"/\">{new_game}</a></div>\
         <div class=\"actions\" id=\"analysis-box\" hidden>\
         <button type=\"button\" id=\"analyse\" data-action=\"analyse\">{ask_analysis}</button>\
         <span class=\"dim\" id=\"analysis-state\" role=\"status\"></span></div>\
         <p class=\"msg\" id=\"game-msg\" role=\"alert\"></p>\
         <div class=\"player bottom\"><span class=\"side-dot\"></span><a class=\"name\" id=\"bottom-name\"></a>\
         <span class=\"clock\" id=\"bottom-clock\"></span></div>\
         <p class=\"links\"><a id=\"pgn\" href=\"/api/game/{id}.pgn\" download=\"parachess-{id}.pgn\">\
         {pgn}</a> · <a id=\"analysis-link\" href=\"/analysis\">{analyse}</a> \
         · <a href=\"/rules\">{how}</a></p>\
         </aside></div>",
        id = escape(&id),
        berserk = escape(lang::t("berserk")),
        berserk_title = escape(lang::t("berserk-title")),
        meta = escape(&format!(
            "{} · {} {} · {}",
            view.variant,
            if view.rated {
                t("meta-rated")
            } else {
                t("meta-casual")
            },
            speed_name(&view.speed),
            clock
        )),
        promote = t("promote-to"),
        loading = t("loading"),
        accept = t("accept"),
        decline = t("decline"),
        moves = t("moves"),
        first = t("first-title"),
        prev = t("prev-title"),
        next = t("next-title"),
        last = t("last-title"),
        flip_title = t("flip-title"),
        flip = t("flip"),
        names_title = t("names-title"),
        names = t("names"),
        type_eg = t("type-move-eg"),
        type_move = t("type-move"),
        play = t("play-move"),
        draw = t("offer-draw"),
        takeback = t("takeback"),
        abort = t("abort"),
        resign = t("resign"),
        rematch = t("rematch"),
        new_game = t("new-game"),
        ask_analysis = t("ask-analysis"),
        pgn = t("download-pgn"),
        analyse = t("analyse-position"),
        how = t("how-pieces-move"),
    );
    page(StatusCode::OK, &title, "game-page", &body, Some("game.js"))
}

#[cfg(test)]
mod tests {
    use super::promotion_buttons;
    use crate::rules::Variant;

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
