//! What several pages show alike: dates, player links, clocks, results, tables of games.

use std::fmt::Write as _;

use crate::server::computer::ComputerLevel;
use crate::server::db::GameRow;
use crate::server::web::{escape, lang, url_part};

pub(super) fn date(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms)
        .map(|t| t.strftime("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_default()
}

/// A player's name, linked to their page.
pub(super) fn player_link(name: &str) -> String {
    format!(
        "<a class=\"player-link\" href=\"/@/{}\">{}</a>",
        url_part(name),
        escape(name)
    )
}

/// A seat's player: a person linked to their page; the computer has no page, so its name
/// stays text.
pub(super) fn seat_link(key: &str, name: &str) -> String {
    if let Some(level) = ComputerLevel::of_key(key) {
        return format!(
            "<span class=\"player-link\">{}</span>",
            escape(&computer_name(level))
        );
    }
    player_link(name)
}

/// The computer's name in the page's language (`Computer (Leicht)`); stored games keep the
/// English one.
pub(super) fn computer_name(level: ComputerLevel) -> String {
    use crate::engine::Level;
    let what = match level {
        ComputerLevel::Named(Level::Easy) => lang::t("level-easy").to_string(),
        ComputerLevel::Named(Level::Normal) => lang::t("level-normal").to_string(),
        ComputerLevel::Named(Level::Hard) => lang::t("level-hard").to_string(),
        ComputerLevel::Skill(s) => lang::tf("computer-skill", &[("n", &s.to_string())]),
    };
    format!("Computer ({what})")
}

pub(super) fn clock_text(row: &GameRow) -> String {
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
        (None, Some(d)) => lang::tf("days-slash-move", &[("n", &d.to_string())]),
        _ => String::new(),
    }
}

pub(super) fn result_word(row: &GameRow) -> String {
    match (row.status.as_str(), row.result.as_deref()) {
        ("started", _) => lang::t("playing").to_string(),
        ("aborted", _) => lang::t("aborted").to_string(),
        (_, Some(r)) => r.replace("1/2", "½"),
        _ => String::new(),
    }
}

/// A table of games, each row a link to its page.
pub(super) fn games_table(rows: &[(GameRow, i64)], empty: &str) -> String {
    if rows.is_empty() {
        return format!("<p class=\"dim\">{}</p>", escape(empty));
    }
    let mut out = format!(
        "<table class=\"games\"><thead><tr><th>{}</th><th>{}</th><th>{}</th>\
         <th>{}</th><th>{}</th><th>{}</th><th></th></tr></thead><tbody>",
        lang::t("white"),
        lang::t("black"),
        lang::t("result"),
        lang::t("moves"),
        lang::t("clock"),
        lang::t("date"),
    );
    for (row, plies) in rows {
        let reason = row.reason.as_deref().unwrap_or("");
        let _ = write!(
            out,
            "<tr data-game=\"{id}\"><td>{w}</td><td>{b}</td><td title=\"{reason}\">{res}</td>\
             <td>{moves}</td><td>{clock} {rated}</td><td>{date}</td>\
             <td><a href=\"/game/{id}\">{view}</a></td></tr>",
            view = lang::t("view"),
            id = escape(&row.id),
            w = seat_link(&row.white.0, &row.white.1),
            b = seat_link(&row.black.0, &row.black.1),
            reason = escape(reason),
            res = escape(&result_word(row)),
            moves = (plies + 1) / 2,
            clock = escape(&clock_text(row)),
            rated = if row.rated {
                lang::t("rated")
            } else {
                lang::t("casual")
            },
            date = escape(&date(row.created_ms)),
        );
    }
    out.push_str("</tbody></table>");
    out
}

#[cfg(test)]
mod tests {
    use super::seat_link;
    use crate::server::computer::ComputerLevel;

    #[test]
    fn the_computer_s_name_is_text_and_a_person_s_a_link() {
        let level = ComputerLevel::Named(crate::engine::Level::Normal);
        let computer = seat_link(&level.key(), &level.player_name());
        assert!(!computer.contains("href"), "{computer}");
        assert!(computer.contains("Computer (Normal)"), "{computer}");
        let person = seat_link("ann", "Ann <b>");
        assert!(person.contains("href=\"/@/Ann%20%3Cb%3E\""), "{person}");
        assert!(person.contains("Ann &lt;b&gt;"), "{person}");
    }
}
