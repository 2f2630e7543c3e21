//! Playing a friend by link: the lobby's card that makes the link, and `/invite/CODE`, the
//! page the friend opens. Opening the page takes nothing (a chat program fetching a preview
//! must not take the seat): its **Join** button does, over the WebSocket.

use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::lobby::QUICK;
use crate::server::hub::{Hub, INVITE_FOR};
use crate::server::web::{escape, lang, not_found, page};

/// The lobby's "Play a friend" card: the variant, clock and colour, and the link once made.
pub(super) fn friend_card(variants: &str, last_shuffle: usize) -> String {
    let mut clocks = String::new();
    for (label, tc) in QUICK {
        let selected = if *tc == "300+3" { " selected" } else { "" };
        let _ = write!(
            clocks,
            "<option value=\"{tc}\"{selected}>{}</option>",
            lang::tf("clock-minutes", &[("clock", label)])
        );
    }
    for d in crate::server::hub::DAYS {
        let _ = write!(
            clocks,
            "<option value=\"days:{d}\">{}</option>",
            super::game::days_text(d)
        );
    }
    let hours = INVITE_FOR.as_secs() / 3600;
    format!(
        "<section class=\"card\" id=\"friend\"><h2>{heading}</h2><p class=\"dim\">{lead}</p>\
         <form id=\"friend-form\" class=\"seek-form\">\
         <label class=\"full\">{variant_word} <select name=\"variant\">{variants}</select></label>\
         <label id=\"friend-shuffle\" hidden>{arrangement} <input name=\"shuffle\" type=\"number\" \
         min=\"0\" max=\"{last_shuffle}\" value=\"0\" disabled></label>\
         <label>{clock} <select name=\"tc\">{clocks}</select></label>\
         <label>{colour_word} <select name=\"color\">{colours}</select></label>\
         <button type=\"submit\" data-action=\"friend-link\">{make}</button></form>\
         <div id=\"friend-made\" class=\"friend-made\" hidden><p>{send}</p>\
         <p class=\"friend-link\"><a data-friend-link href=\"\" id=\"friend-link\"></a></p>\
         <button type=\"button\" id=\"friend-copy\" data-action=\"copy-link\">{copy}</button></div>\
         <p id=\"friend-msg\" class=\"msg\" role=\"status\"></p></section>",
        heading = lang::t("friend-heading"),
        lead = lang::tf("friend-lead", &[("hours", &hours.to_string())]),
        variant_word = lang::t("variant"),
        arrangement = lang::t("arrangement"),
        clock = lang::t("clock"),
        colour_word = lang::t("colour"),
        colours = super::lobby::colour_options(),
        make = lang::t("friend-make"),
        send = lang::t("friend-send"),
        copy = lang::t("friend-copy"),
    )
}

/// `/invite/CODE`: an open invitation's terms and its Join button; a used one says where
/// its game is; an unknown or expired one is not found.
pub async fn invite(State(hub): State<Arc<Hub>>, Path(code): Path<String>) -> Response {
    let view = match hub.invitation(&code).await {
        Ok(view) => view,
        Err(e) => {
            tracing::error!("invitation page: {e}");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let Some(view) = view else {
        return not_found(lang::t("invite-none"));
    };
    match view.game.as_deref() {
        Some("") => {
            return page(
                StatusCode::OK,
                lang::t("invite-title"),
                "plain",
                &format!(
                    "<section class=\"card\" data-invite-state=\"used\"><h1>{taken}</h1><p>{starting} \
                     <a href=\"/\">{back}</a></p></section>",
                    taken = lang::t("invite-just-taken"),
                    starting = lang::t("invite-starting"),
                    back = lang::t("back-to-lobby"),
                ),
                None,
            );
        }
        Some(game) => {
            let body = format!(
                "<section class=\"card\" data-invite-state=\"used\"><h1>{used}</h1><p>{taken}</p>\
                 <p><a href=\"/game/{game}\" data-game-link>{watch}</a> · \
                 <a href=\"/\">{back}</a></p></section>",
                used = lang::t("invite-used"),
                taken = lang::tf("invite-seat-taken", &[("by", &escape(&view.by))]),
                watch = lang::t("invite-watch"),
                back = lang::t("back-to-lobby"),
                game = escape(game),
            );
            return page(
                StatusCode::GONE,
                lang::t("invite-used"),
                "plain",
                &body,
                None,
            );
        }
        None => {}
    }
    let clock = match (&view.tc, view.days) {
        (Some(tc), _) => lang::tf("clock-of", &[("clock", &clock_label(tc))]),
        (None, Some(d)) => super::game::days_text(d),
        _ => String::new(),
    };
    let their = match view.color.as_str() {
        "white" => lang::t("invite-you-black"),
        "black" => lang::t("invite-you-white"),
        _ => lang::t("invite-random"),
    };
    let expires = jiff::Timestamp::from_millisecond(view.expires)
        .map(|t| t.strftime("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_default();
    let body = format!(
        "<section class=\"card invite\" id=\"invite\" data-invite=\"{code}\" data-by=\"{by}\" \
         data-invite-state=\"open\"><h1>{invites}</h1>\
         <p class=\"terms\">{variant} · {clock} · {rated} · {their}</p>\
         <div id=\"invite-join\"><button type=\"button\" data-action=\"join\" id=\"join\">{join}</button></div>\
         <div id=\"invite-own\" hidden><p>{own}</p>\
         <p class=\"friend-link\"><a data-friend-link href=\"/invite/{code}\" id=\"friend-link\">\
         </a></p><button type=\"button\" id=\"friend-copy\" data-action=\"copy-link\">{copy}</button></div>\
         <p class=\"dim\">{until}</p>\
         <p id=\"invite-msg\" class=\"msg\" role=\"status\"></p></section>",
        code = escape(&code),
        by = escape(&view.by),
        variant = escape(&view.variant),
        clock = escape(&clock),
        rated = if view.rated {
            lang::t("rated")
        } else {
            lang::t("casual")
        },
        invites = lang::tf("invite-invites", &[("by", &escape(&view.by))]),
        join = lang::t("invite-join"),
        own = lang::t("invite-own"),
        copy = lang::t("friend-copy"),
        until = lang::tf("invite-until", &[("when", &escape(&expires))]),
    );
    page(
        StatusCode::OK,
        lang::t("invite-title"),
        "invite-page",
        &body,
        Some("invite.js"),
    )
}

/// `300+3` (seconds) as players say it: `5+3`.
fn clock_label(tc: &str) -> String {
    let Some((base, inc)) = tc.split_once('+') else {
        return tc.to_string();
    };
    match base.parse::<f64>() {
        Ok(secs) => {
            let min = secs / 60.0;
            if min.fract() == 0.0 {
                format!("{min}+{inc}")
            } else {
                format!("{min:.1}+{inc}")
            }
        }
        Err(_) => tc.to_string(),
    }
}
