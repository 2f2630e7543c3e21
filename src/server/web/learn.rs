//! `/learn`: the newcomer's way in (a short introduction with small boards, then the fifteen
//! lessons with the visitor's stars), and `/learn/N/S`: a lesson's stage on the board. The page
//! sends the learner's moves (or clicks) and the server checks them with the lessons' own
//! checker ([`crate::server::lessons`]); the page implements no rules.

use std::fmt::Write as _;

use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::Response;

use super::lang::{self, Lang};
use super::rules::reach;
use super::svg::{self, BoardOptions, piece_use};
use super::{escape, not_found, page};
use crate::rules::{Cell, PieceKind, Side, Variant};
use crate::server::lessons;

/// A small board showing `kind` on e5 and where it goes (empty board).
fn piece_picture(kind: PieceKind, caption: &str, defs: bool) -> String {
    let Ok(e5) = "e5".parse::<Cell>() else {
        return String::new();
    };
    let (targets, captures, lines) = reach(kind, e5);
    let picture = svg::board_svg(&BoardOptions {
        class: "diagram",
        label: caption,
        targets,
        captures,
        lines,
        selected: Some(e5),
        defs,
        ..BoardOptions::default()
    });
    let piece = piece_use(Variant::parachess(), kind, Side::White, e5);
    let picture = picture.replacen(
        "<g class=\"pieces\">",
        &format!("<g class=\"pieces\">{piece}"),
        1,
    );
    format!(
        "<figure class=\"diagram-fig\" data-kind=\"{k}\">{picture}<figcaption>{c}</figcaption></figure>",
        k = kind.name(),
        c = escape(caption)
    )
}

/// `/learn`.
pub async fn lessons_page() -> Response {
    let language = lang::current();
    let t = |id| lang::text_in(language, id);
    let Ok(book) = lessons::lessons(language.code()) else {
        return not_found(t("learn-unreadable"));
    };
    let start = crate::rules::Position::start();
    let board = svg::board_svg(&BoardOptions {
        class: "diagram",
        label: t("learn-board-caption"),
        position: Some(&start),
        rim: true,
        defs: true,
        ..BoardOptions::default()
    });
    let mut list = String::new();
    for (lesson, n) in book.iter().zip(1u32..) {
        let mut stages = String::new();
        for (stage, s) in lesson.stages.iter().zip(1u32..) {
            let _ = write!(
                stages,
                "<li><a href=\"/learn/{n}/{s}\">{title}</a> <span class=\"stars\" \
                 data-stars-of=\"{n}/{s}\" data-stars=\"0\" aria-label=\"0/3 {stars}\">☆☆☆</span></li>",
                title = escape(&stage.title),
                stars = t("learn-stars"),
            );
        }
        let _ = write!(
            list,
            "<li class=\"card lesson\" data-lesson=\"{n}\"><h3><a href=\"/learn/{n}/1\">{n}. {title}</a></h3>\
             <p class=\"dim\">{intro}</p><ol class=\"stage-list\">{stages}</ol></li>",
            title = escape(&lesson.title),
            intro = escape(&lesson.intro),
        );
    }
    let body = format!(
        "<section class=\"card learn-intro\"><h1>{title}</h1><p class=\"lead\">{lead}</p>\
         <div class=\"diagrams\"><figure class=\"diagram-fig\">{board}<figcaption>{board_caption}</figcaption></figure>\
         {rook}{sorcerer}</div>\
         <p><a href=\"/rules\">{rules}</a></p></section>\
         <section class=\"learn-lessons\"><h2>{lessons_heading}</h2><p class=\"dim\">{lessons_lead}</p>\
         <ol class=\"lessons plain\" id=\"lessons\">{list}</ol></section>",
        title = t("learn-title"),
        lead = t("learn-lead"),
        board_caption = t("learn-board-caption"),
        rook = piece_picture(PieceKind::Rook, t("learn-rook-caption"), false),
        sorcerer = piece_picture(PieceKind::Sorcerer, t("learn-sorcerer-caption"), false),
        rules = t("learn-rules-link"),
        lessons_heading = t("learn-lessons"),
        lessons_lead = t("learn-lessons-lead"),
    );
    page(
        StatusCode::OK,
        t("learn-title"),
        "learn-page",
        &body,
        Some("learn.js"),
    )
}

/// `/learn/N/S`.
pub async fn stage_page(Path((n, s)): Path<(String, String)>) -> Response {
    let language = lang::current();
    let (Ok(n), Ok(s)) = (n.parse::<u32>(), s.parse::<u32>()) else {
        return not_found(lang::t("learn-no-stage"));
    };
    match lessons::stage(language.code(), n, s) {
        Ok((lesson, stage)) => stage_response(language, n, s, lesson, stage),
        Err(_) => not_found(lang::t("learn-no-stage")),
    }
}

fn stage_response(
    language: Lang,
    n: u32,
    s: u32,
    lesson: &crate::lessons::Lesson,
    stage: &crate::lessons::Stage,
) -> Response {
    let t = |id| lang::text_in(language, id);
    let count = lessons::lessons(language.code()).map_or(0, |l| l.len());
    let total = lesson.stages.len();
    let board = svg::board_svg(&BoardOptions {
        id: Some("board"),
        class: "main-board",
        label: &format!("{} {n}, {} {s}", t("learn-lesson"), t("learn-stage")),
        position: Some(&stage.start),
        rim: true,
        names: true,
        defs: true,
        ..BoardOptions::default()
    });
    // The stage before and after, across lessons.
    let previous = if s > 1 {
        Some((n, s - 1))
    } else if n > 1 {
        lessons::lessons(language.code())
            .ok()
            .and_then(|l| l.get(n as usize - 2))
            .map(|l| (n - 1, l.stages.len() as u32))
    } else {
        None
    };
    let next = if (s as usize) < total {
        Some((n, s + 1))
    } else if (n as usize) < count {
        Some((n + 1, 1))
    } else {
        None
    };
    let link = |to: Option<(u32, u32)>, rel: &str, label: &str| match to {
        Some((a, b)) => format!(
            "<a class=\"button\" rel=\"{rel}\" data-action=\"{rel}\" href=\"/learn/{a}/{b}\">{label}</a>"
        ),
        None => String::new(),
    };
    let intro = if s == 1 {
        format!("<p class=\"lead\">{}</p>", escape(&lesson.intro))
    } else {
        String::new()
    };
    let hint = stage
        .hint
        .as_ref()
        .map(|h| {
            format!(
                "<details class=\"hint\"><summary>{}</summary><p>{}</p></details>",
                t("learn-hint"),
                escape(h)
            )
        })
        .unwrap_or_default();
    let body = format!(
        "<div class=\"game learn-stage\" id=\"stage\" data-lesson=\"{n}\" data-stage-number=\"{s}\">\
         <div class=\"board-wrap\">{board}\
         <div id=\"promo\" class=\"promo\" hidden><p>{promote}</p>{promo}</div></div>\
         <aside class=\"panel\">\
         <p class=\"crumb\"><a href=\"/learn\">{all}</a> · {lesson_word} {n} / {count}</p>\
         <h1>{lesson_title}</h1>{intro}\
         <h2>{stage_word} {s} {of} {total}: {stage_title}</h2>\
         <p class=\"task\">{text}</p>{hint}\
         <p class=\"status\" id=\"said\" role=\"status\" aria-live=\"polite\">{loading}</p>\
         <p class=\"result\" id=\"result\" hidden></p>\
         <form id=\"learn-form\" class=\"move-form\"><input id=\"learn-input\" autocomplete=\"off\" \
         spellcheck=\"false\" maxlength=\"8\" placeholder=\"{input}\" aria-label=\"{input}\">\
         <button type=\"submit\">{send}</button></form>\
         <div class=\"actions\"><button type=\"button\" id=\"restart\">{restart}</button>\
         {previous}{next}</div>\
         </aside></div>",
        all = t("learn-all"),
        promote = t("promote-to"),
        promo = super::pages::promotion_buttons(Some(&stage.start)),
        lesson_word = t("learn-lesson"),
        lesson_title = escape(&lesson.title),
        stage_word = t("learn-stage"),
        of = t("learn-of"),
        stage_title = escape(&stage.title),
        text = escape(&stage.text),
        loading = t("learn-loading"),
        input = t("learn-input"),
        send = t("learn-send"),
        restart = t("learn-restart"),
        previous = link(previous, "prev", t("learn-previous")),
        next = link(next, "next", t("learn-next")),
    );
    page(
        StatusCode::OK,
        &format!("{} · {}", stage.title, lesson.title),
        "game-page learn-stage-page",
        &body,
        Some("learn.js"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stage_page_links_its_neighbours_and_escapes_its_words() {
        let (lesson, stage) = lessons::stage("en", 1, 1).unwrap();
        let r = stage_response(Lang::En, 1, 1, lesson, stage);
        assert_eq!(r.status(), StatusCode::OK);
        let last = lessons::lessons("en").unwrap()[14].stages.len() as u32;
        let (lesson, stage) = lessons::stage("en", 15, last).unwrap();
        assert_eq!(
            stage_response(Lang::En, 15, last, lesson, stage).status(),
            StatusCode::OK
        );
    }
}
