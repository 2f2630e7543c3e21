//! `/`: the lobby: quick pairing, seeks, the computer, and the games being played.

use std::fmt::Write as _;

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;

use crate::rules::Variant;
use crate::server::hub::Hub;
use crate::server::web::svg::{self, BoardOptions};
use crate::server::web::{escape, lang, page};

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
/// The lobby's variant picker: every built-in variant, Shuffle Parachess as a random
/// arrangement or one by number (the number box beside it), Parachess first.
pub(super) fn variant_options() -> String {
    let mut out = String::new();
    for name in Variant::builtin_names() {
        let label = if name == "Shuffle Parachess" {
            lang::t("shuffle-random").to_string()
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
        "<option value=\"shuffle-n\">{}</option>",
        lang::tf(
            "shuffle-number",
            &[("last", &(crate::rules::SHUFFLE_COUNT - 1).to_string())]
        )
    );
    out
}

/// `/`: the lobby.
pub async fn lobby(State(hub): State<Arc<Hub>>) -> Response {
    let t = lang::t;
    let tournaments = match hub.db.open_tournaments(None).await {
        Ok(list) => super::tournament::lobby_card(&list),
        Err(_) => String::new(),
    };
    let daily = super::puzzles::daily_card(&hub);
    let variants = variant_options();
    let last_shuffle = crate::rules::SHUFFLE_COUNT - 1;
    let mut quick = String::new();
    for (label, tc) in QUICK {
        // Said in full for a screen reader: "3+2" reads as "three plus two".
        let (min, inc) = label.split_once('+').unwrap_or((label, "0"));
        let said = match lang::current() {
            lang::Lang::De => {
                format!("{label}: Schnellpartie, {min} Minuten plus {inc} Sekunden pro Zug")
            }
            lang::Lang::En => {
                format!("{label}: quick pairing, {min} minutes plus {inc} seconds a move")
            }
        };
        let _ = write!(
            quick,
            "<button type=\"button\" class=\"quick\" data-tc=\"{tc}\" \
             aria-label=\"{said}\">{label}</button>"
        );
    }
    let computer = computer_card(&variants, last_shuffle);
    let friend = super::invite::friend_card(&variants, last_shuffle);
    let template = svg::board_svg(&BoardOptions {
        id: Some("mini-template"),
        class: "mini",
        label: t("lobby-live-board"),
        defs: true,
        ..BoardOptions::default()
    });
    let body = format!(
        "<section class=\"intro\"><h1>Parachess</h1><p>{intro} <a href=\"/learn\">{learn}</a></p></section>\
         <div class=\"lobby\"><div class=\"stack\">{computer}{friend}\
         <section class=\"card\"><h2>{quick_heading}</h2><p class=\"dim\">{quick_lead}</p>\
         <div class=\"quick-grid\">{quick}</div>\
         <h3>{own_seek}</h3>\
         <form id=\"seek-form\" class=\"seek-form\">\
         <label class=\"full\">{variant_word} <select name=\"variant\">{variants}</select></label>\
         <label id=\"shuffle-number\" hidden>{arrangement} <input name=\"shuffle\" type=\"number\" \
         min=\"0\" max=\"{last_shuffle}\" value=\"0\" disabled></label>\
         <label>{game_word} <select name=\"kind\"><option value=\"live\">{live_clock}</option>\
         {day_options}</select></label>\
         <label>{minutes} <input name=\"minutes\" type=\"number\" min=\"1\" max=\"180\" value=\"5\"></label>\
         <label>{increment} <input name=\"inc\" type=\"number\" min=\"0\" max=\"60\" value=\"3\"></label>\
         <label>{colour_word} <select name=\"color\">{colours}</select></label>\
         <label class=\"check\"><input name=\"rated\" type=\"checkbox\"> {rated}</label>\
         <button type=\"submit\">{post_seek}</button></form>\
         <form id=\"challenge-form\" class=\"challenge-form\"><input name=\"to\" maxlength=\"40\" \
         placeholder=\"{a_name}\" aria-label=\"{to_challenge}\">\
         <button type=\"submit\">{challenge}</button></form>\
         <p id=\"lobby-msg\" class=\"msg\" role=\"status\"></p></section></div>\
         <div class=\"stack\">{tournaments}<section class=\"card\"><h2>{seeks_heading}</h2><p class=\"dim\">{press_one}</p>\
         <table class=\"seeks\"><thead><tr><th>{player}</th><th>{rating}</th><th>{variant_word}</th>\
         <th>{clock}</th><th>{colour_word}</th><th>{action}</th></tr></thead><tbody id=\"seeks\"></tbody></table>\
         <p id=\"no-seeks\" class=\"dim\">{no_seeks}</p></section>\
         {daily}<section class=\"card\"><h2>{live_heading}</h2><div id=\"live\" class=\"live\"></div>\
         <p id=\"no-live\" class=\"dim\">{no_live}</p></section></div>\
         <div class=\"stack\"><section class=\"card\" id=\"account\"><h2>{you}</h2>\
         <p id=\"account-state\" class=\"dim\">{connecting}</p>\
         <form id=\"sign-form\" class=\"sign-form\" hidden>\
         <input name=\"name\" autocomplete=\"username\" maxlength=\"20\" placeholder=\"{name}\" aria-label=\"{name}\">\
         <input name=\"password\" type=\"password\" autocomplete=\"current-password\" maxlength=\"200\" \
         placeholder=\"{password}\" aria-label=\"{password}\">\
         <button type=\"submit\" name=\"login\" value=\"1\">{sign_in}</button>\
         <button type=\"button\" id=\"register\">{register}</button></form>\
         <button type=\"button\" id=\"sign-out\" hidden>{sign_out}</button>\
         <p id=\"account-msg\" class=\"msg\" role=\"status\"></p></section>\
         <section class=\"card\"><h2>{your_games}</h2><ul id=\"challenges\" class=\"plain challenges\"></ul>\
         <ul id=\"my-games\" class=\"plain\"></ul>\
         <p id=\"no-my-games\" class=\"dim\">{none_played}</p></section>\
         <section class=\"card\"><h2>{online}</h2><ul id=\"online\" class=\"plain online\"></ul></section></div>\
         </div><div class=\"template\">{template}</div>",
        intro = t("lobby-intro"),
        learn = t("lobby-learn-link"),
        quick_heading = t("lobby-quick"),
        own_seek = t("lobby-own-seek"),
        post_seek = t("lobby-post-seek"),
        challenge = t("lobby-challenge"),
        seeks_heading = t("lobby-seeks"),
        action = t("lobby-action"),
        live_heading = t("lobby-live"),
        you = t("lobby-you"),
        sign_in = t("lobby-sign-in"),
        register = t("lobby-register"),
        sign_out = t("lobby-sign-out"),
        your_games = t("lobby-your-games"),
        online = t("lobby-online"),
        quick_lead = t("lobby-quick-lead"),
        variant_word = t("variant"),
        arrangement = t("arrangement"),
        game_word = t("game-kind"),
        live_clock = t("live-clock"),
        day_options = day_options(),
        minutes = t("minutes"),
        increment = t("increment"),
        colour_word = t("colour"),
        colours = colour_options(),
        rated = t("rated"),
        a_name = t("a-players-name"),
        to_challenge = t("to-challenge"),
        press_one = t("lobby-press-one"),
        player = t("player"),
        rating = t("rating"),
        clock = t("clock"),
        no_seeks = t("lobby-no-seeks"),
        no_live = t("lobby-no-live"),
        connecting = t("connecting"),
        name = t("name"),
        password = t("password"),
        none_played = t("lobby-none-played"),
    );
    page(
        StatusCode::OK,
        t("lobby-title"),
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
        let short = level_name(level);
        let _ = write!(
            buttons,
            "<button type=\"button\" class=\"quick\" data-computer-level=\"{name}\" \
             aria-label=\"{aria}\">{short}</button>",
            aria = lang::tf("computer-aria", &[("level", short)]),
        );
        let _ = write!(
            levels,
            "<option value=\"{name}\">{}</option>",
            level_name(level)
        );
    }
    for skill in 0..=crate::engine::MAX_SKILL {
        let _ = write!(
            levels,
            "<option value=\"{skill}\">{}</option>",
            lang::tf("skill-of", &[("n", &skill.to_string())])
        );
    }
    let mut clocks = format!("<option value=\"\">{}</option>", lang::t("no-clock"));
    for (label, tc) in QUICK {
        let _ = write!(clocks, "<option value=\"{tc}\">{label}</option>");
    }
    format!(
        "<section class=\"card\" id=\"computer\"><h2>{heading}</h2><p class=\"dim\">{lead}</p>\
         <div class=\"quick-grid\">{buttons}</div>\
         <form id=\"computer-form\" class=\"seek-form\">\
         <label class=\"full\">{variant_word} <select name=\"variant\">{variants}</select></label>\
         <label id=\"computer-shuffle\" hidden>{arrangement} <input name=\"shuffle\" type=\"number\" \
         min=\"0\" max=\"{last_shuffle}\" value=\"0\" disabled></label>\
         <label>{level} <select name=\"level\">{levels}</select></label>\
         <label>{clock} <select name=\"tc\">{clocks}</select></label>\
         <label>{colour_word} <select name=\"color\">{colours}</select></label>\
         <button type=\"submit\">{play}</button></form>\
         <p id=\"computer-msg\" class=\"msg\" role=\"status\"></p></section>",
        heading = lang::t("lobby-computer"),
        play = lang::t("lobby-play"),
        lead = lang::t("computer-lead"),
        variant_word = lang::t("variant"),
        arrangement = lang::t("arrangement"),
        level = lang::t("level"),
        clock = lang::t("clock"),
        colour_word = lang::t("colour"),
        colours = colour_options(),
    )
}

/// A computer level's name in the page's language (`Easy` / `Leicht`).
fn level_name(level: crate::engine::Level) -> &'static str {
    use crate::engine::Level;
    match level {
        Level::Easy => lang::t("level-easy"),
        Level::Normal => lang::t("level-normal"),
        Level::Hard => lang::t("level-hard"),
    }
}

/// The colour picker's options: random, white, black.
pub(super) fn colour_options() -> String {
    format!(
        "<option value=\"random\">{}</option><option value=\"white\">{}</option>\
         <option value=\"black\">{}</option>",
        lang::t("colour-random"),
        lang::t("colour-white"),
        lang::t("colour-black")
    )
}

/// The correspondence choices of the seek form: days per move.
fn day_options() -> String {
    let mut out = String::new();
    for d in [1u32, 2, 3, 5, 7, 14] {
        let _ = write!(
            out,
            "<option value=\"{d}\">{}</option>",
            super::game::days_text(d)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::variant_options;
    use crate::rules::Variant;

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
}
