//! `/tournament/ID`: a tournament's standings, its games being played, each round's pairings
//! (a Swiss) or its games (an arena), and the buttons to join and withdraw; kept for good
//! once it is over. The lobby's list of coming and running tournaments is here too.

use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::parts::{date, player_link};
use crate::server::hub::Hub;
use crate::server::tournaments::api::{self, TournamentJson};
use crate::server::tournaments::store::TournamentRow;
use crate::server::web::{escape, lang, not_found, page};

fn result_text(result: Option<&str>) -> String {
    match result {
        Some(r) => escape(&r.replace("1/2", "½")),
        None => lang::t("playing").to_string(),
    }
}

fn game_link(id: &str, text: &str) -> String {
    format!("<a href=\"/game/{}\">{}</a>", escape(id), text)
}

/// The standings table: one row per player, carrying `data-player` and `data-score`.
fn standings(t: &TournamentJson) -> String {
    let swiss = t.kind == "swiss";
    let mut out = format!(
        "<table class=\"standings\" id=\"standings\"><caption class=\"dim\">{}</caption>\
         <thead><tr><th scope=\"col\">#</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th>",
        lang::t("standings"),
        lang::t("player"),
        lang::t("score"),
    );
    if swiss {
        out.push_str("<th scope=\"col\"><abbr title=\"Buchholz\">Buch.</abbr></th><th scope=\"col\"><abbr title=\"Sonneborn–Berger\">SB</abbr></th>");
    }
    out.push_str("</tr></thead><tbody>");
    for p in &t.players {
        let out_note = if p.withdrawn {
            format!(" <span class=\"dim\">{}</span>", lang::t("withdrawn-note"))
        } else {
            String::new()
        };
        let _ = write!(
            out,
            "<tr data-player=\"{n}\" data-score=\"{s}\"><td>{r}</td><td>{link}{out_note}</td><td>{s}</td>",
            n = escape(&p.name),
            s = p.score,
            r = p.rank,
            link = player_link(&p.name),
        );
        if swiss {
            let _ = write!(
                out,
                "<td>{}</td><td>{}</td>",
                p.buchholz, p.sonneborn_berger
            );
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
    if t.players.is_empty() {
        let _ = write!(out, "<p class=\"dim\">{}</p>", lang::t("nobody-joined"));
    }
    out
}

/// The games being played, then each round's pairings (a Swiss) or the games (an arena).
fn games(t: &TournamentJson) -> String {
    let mut playing = String::new();
    let mut out = String::new();
    if let Some(rounds) = &t.rounds {
        for r in rounds.iter().rev() {
            let _ = write!(
                out,
                "<h3>{}</h3><table class=\"pairings\"><thead>{}</thead><tbody>",
                lang::tf("round-n", &[("n", &r.number.to_string())]),
                pairing_head(true),
            );
            for p in &r.pairings {
                let line = format!(
                    "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                    player_link(&p.white),
                    player_link(&p.black),
                    game_link(&p.game, &result_text(p.result.as_deref()))
                );
                if p.result.is_none() {
                    playing.push_str(&line);
                }
                out.push_str(&line);
            }
            for b in &r.byes {
                let _ = write!(
                    out,
                    "<tr><td>{}</td><td class=\"dim\">{}</td><td>1</td></tr>",
                    player_link(b),
                    lang::t("bye")
                );
            }
            out.push_str("</tbody></table>");
        }
    }
    if let Some(games) = &t.games {
        let _ = write!(
            out,
            "<h3>{}</h3><table class=\"pairings\"><thead>{}</thead><tbody>",
            lang::t("games"),
            pairing_head(true),
        );
        for g in games.iter().rev() {
            let line = format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                player_link(&g.white),
                player_link(&g.black),
                game_link(&g.game, &result_text(g.result.as_deref()))
            );
            if g.result.is_none() {
                playing.push_str(&line);
            }
            out.push_str(&line);
        }
        out.push_str("</tbody></table>");
    }
    let playing = if playing.is_empty() {
        format!("<p class=\"dim\">{}</p>", lang::t("no-game-played"))
    } else {
        format!(
            "<table class=\"pairings\" id=\"playing\"><thead>{}</thead><tbody>{playing}</tbody></table>",
            pairing_head(false)
        )
    };
    format!(
        "<h2>{}</h2>{playing}<h2>{}</h2>{out}",
        lang::t("lobby-live"),
        lang::t("pairings")
    )
}

/// A table of pairings' head row: White, Black, and Result (or nothing).
fn pairing_head(result: bool) -> String {
    format!(
        "<tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr>",
        lang::t("white"),
        lang::t("black"),
        if result { lang::t("result") } else { "" }
    )
}

/// `arena` / `swiss` in the page's language.
pub(super) fn kind_name(kind: &str) -> &'static str {
    if kind == "swiss" {
        lang::t("swiss")
    } else {
        lang::t("arena")
    }
}

/// A tournament's status (`created`, `running`, `finished`) in the page's language.
pub(super) fn status_name(status: &str) -> &'static str {
    match status {
        "created" => lang::t("status-created"),
        "running" => lang::t("status-running"),
        _ => lang::t("status-finished"),
    }
}

/// `/tournament/ID`.
pub async fn tournament(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let t = match api::load(&hub.db, &id).await {
        Ok(Some(t)) => t,
        Ok(None) => return not_found(lang::t("no-tournament")),
        Err(_) => return not_found(lang::t("tournament-unreadable")),
    };
    let round = match (&t.rounds_planned, t.kind.as_str()) {
        (Some(n), "swiss") => lang::tf(
            "round-of",
            &[
                (
                    "round",
                    &format!("<span data-round=\"{r}\">{r}</span>", r = t.round),
                ),
                ("n", &n.to_string()),
            ],
        ),
        _ => format!(
            "<span data-round=\"{r}\" hidden>{r}</span>{}",
            lang::t("arena"),
            r = t.round
        ),
    };
    let when = match t.status.as_str() {
        "created" => lang::tf(
            "starts-at",
            &[(
                "time",
                &format!(
                    "<time data-countdown=\"{ms}\">{d} UTC</time>",
                    ms = t.starts,
                    d = date(t.starts)
                ),
            )],
        ),
        "running" => match (t.ends, t.next_round) {
            // A Swiss with rounds at set times, between two rounds.
            (_, Some(next))
                if t.rounds.as_ref().is_some_and(|r| {
                    r.last()
                        .is_some_and(|r| r.pairings.iter().all(|p| p.result.is_some()))
                }) =>
            {
                format!(
                    "{} <time data-countdown=\"{next}\">{d} UTC</time>",
                    escape(lang::t("tournament-next-round")),
                    d = date(next)
                )
            }
            (Some(end), _) => lang::tf(
                "running-ends",
                &[(
                    "time",
                    &format!(
                        "<time data-countdown=\"{end}\">{d} UTC</time>",
                        d = date(end)
                    ),
                )],
            ),
            (None, _) => lang::t("status-running").to_string(),
        },
        _ => lang::tf(
            "finished-at",
            &[("time", &t.ends.map(date).unwrap_or_default())],
        ),
    };
    let open = t.status != "finished";
    let buttons = if open {
        format!(
            "<div class=\"actions\"><button type=\"button\" data-action=\"join\">{}</button>\
             <button type=\"button\" data-action=\"withdraw\">{}</button></div>",
            lang::t("join"),
            lang::t("withdraw")
        )
    } else {
        String::new()
    };
    let body = format!(
        "<section class=\"card tournament\" data-tournament=\"{id}\" data-status=\"{status}\">\
         <h1>{name}</h1><p>{kind} · {variant} · {clock} · {rated} · {round}</p><p data-when>{when}</p>{buttons}\
         <p id=\"tournament-msg\" class=\"msg\" role=\"status\"></p></section>\
         <div class=\"tournament-body\"><section class=\"card\">{standings}</section>\
         <section class=\"card\" id=\"tournament-games\">{games}</section></div>",
        id = escape(&t.id),
        status = escape(&t.status),
        name = escape(&t.name),
        kind = kind_name(&t.kind),
        variant = escape(&t.variant),
        clock = escape(&t.clock),
        rated = if t.rated {
            lang::t("rated")
        } else {
            lang::t("casual")
        },
        standings = standings(&t),
        games = games(&t),
    );
    page(
        StatusCode::OK,
        &t.name,
        "tournament-page",
        &body,
        Some("tournament.js"),
    )
}

/// The lobby's card of coming and running tournaments, each carrying `data-tournament`, with
/// a countdown to its start (or end).
pub fn lobby_card(list: &[TournamentRow]) -> String {
    let mut items = String::new();
    for t in list {
        let (what, at) = match t.ends_ms {
            Some(end) if t.status != crate::server::tournaments::store::Status::Created => {
                (lang::t("ends"), end)
            }
            _ => (lang::t("starts"), t.starts_ms),
        };
        let _ = write!(
            items,
            "<li data-tournament=\"{id}\"><a href=\"/tournament/{id}\">{name}</a> \
             <span class=\"dim\">{kind} {clock}</span> <span class=\"dim\">{what}</span> \
             <time data-countdown=\"{at}\">{d} UTC</time></li>",
            id = escape(&t.id),
            name = escape(&t.name),
            kind = kind_name(t.kind.as_str()),
            clock = escape(&api::clock_text(t)),
            d = date(at),
        );
    }
    // No card at all when there is nothing to come to.
    if items.is_empty() {
        return String::new();
    }
    format!(
        "<section class=\"card\"><h2>{}</h2>\
         <ul class=\"plain tournaments\" id=\"tournaments\">{items}</ul></section>",
        lang::t("tournaments")
    )
}
