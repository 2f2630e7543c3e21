//! `/rules`: the rule book (docs/RULES.md, or its German translation docs/RULES.de.md on a
//! German page; both embedded) as a page, with a movement diagram for each piece drawn from
//! the rules themselves: the piece on e5, the lines or leaps it takes, and where it can go on
//! an empty board.

use std::fmt::Write as _;

use axum::http::StatusCode;
use axum::response::Response;

use super::lang::{self, Lang};
use super::svg::{self, BoardOptions, piece_use};
use super::{escape, page};
use crate::rules::words::say;
use crate::rules::{Cell, CellSet, PieceKind, Position, Side, board, movement};
use crate::server::lesson_words;

/// The rule book (normative).
const RULES: &str = include_str!("../../../docs/RULES.md");

/// Its German translation.
const RULES_DE: &str = include_str!("../../../docs/RULES.de.md");

/// The rule book in `language`.
fn rule_book(language: Lang) -> &'static str {
    match language {
        Lang::En => RULES,
        Lang::De => RULES_DE,
    }
}

/// Where the diagrams go in the rendered book: before the heading of section 6 ("6. Play",
/// "6. Spielverlauf"), found by its number so that either language's title does; the end
/// when there is none.
fn diagrams_at(html: &str) -> usize {
    html.find("<h2 id=\"6-").unwrap_or(html.len())
}

/// Where a piece on `from` can go on an empty board, which of those it may capture on (a
/// pawn captures only with some of its steps), and the routes to draw (board units).
pub fn reach(kind: PieceKind, from: Cell) -> (CellSet, CellSet, Vec<Vec<[f32; 2]>>) {
    let b = board();
    let info = b.cell(from);
    let how = movement(kind);
    let mut targets = CellSet::EMPTY;
    let mut captures = CellSet::EMPTY;
    let mut lines = Vec::new();
    let centre = |c: Cell| b.cell(c).centre();
    if how.leaps() {
        for leap in &info.leaps {
            targets.insert(leap.to());
            lines.push(vec![
                centre(from),
                leap.first.via.xy(),
                centre(leap.via()),
                leap.second.via.xy(),
                centre(leap.to()),
            ]);
        }
    } else if how.one_step() {
        for step in info.steps() {
            targets.insert(step.to);
            lines.push(vec![centre(from), step.via.xy(), centre(step.to)]);
        }
    } else if how.pawn_steps() {
        for ps in &info.pawn_steps[Side::White.index()] {
            targets.insert(ps.step.to);
            if ps.captures {
                captures.insert(ps.step.to);
            }
            lines.push(vec![centre(from), ps.step.via.xy(), centre(ps.step.to)]);
        }
    } else {
        for line in info.lines.iter().filter(|l| how.slides_along(l.kind)) {
            let mut pts = vec![centre(from)];
            for step in &line.steps {
                pts.push(step.via.xy());
                pts.push(centre(step.to));
            }
            targets |= line.mask;
            lines.push(pts);
        }
    }
    if !how.pawn_steps() {
        captures = CellSet::EMPTY;
    }
    (targets, captures, lines)
}

/// The diagrams, one figure per kind, captioned in `language`.
pub fn diagrams(language: Lang) -> String {
    let t = |id| lang::text_in(language, id);
    let Ok(e5) = "e5".parse::<Cell>() else {
        return String::new();
    };
    let mut out = String::from("<div class=\"diagrams\">");
    for (i, kind) in [
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Sorcerer,
        PieceKind::Pawn,
    ]
    .into_iter()
    .enumerate()
    {
        let (targets, captures, lines) = reach(kind, e5);
        let name = say::kind(language, &Position::start(), kind);
        let mut svg_text = svg::board_svg(&BoardOptions {
            class: "diagram",
            label: &lang::fill_in(t("rules-diagram-label"), &[("piece", &name)]),
            targets,
            captures,
            lines,
            selected: Some(e5),
            // The pieces' symbols, once on the page.
            defs: i == 0,
            ..BoardOptions::default()
        });
        // The piece itself, over the marks.
        let piece = piece_use(crate::rules::Variant::parachess(), kind, Side::White, e5);
        svg_text = svg_text.replacen(
            "<g class=\"pieces\">",
            &format!("<g class=\"pieces\">{piece}"),
            1,
        );
        let n = targets.into_iter().count();
        let note = if kind == PieceKind::Pawn {
            format!(" {}", t("rules-diagram-pawn"))
        } else {
            String::new()
        };
        let _ = write!(
            out,
            "<figure class=\"diagram-fig\" data-kind=\"{k}\" data-targets=\"{n}\">{svg_text}\
             <figcaption><b>{name}</b> — {how}: {cells}{note}</figcaption></figure>",
            k = kind.name(),
            name = escape(&name),
            how = escape(&lesson_words::how_it_moves(language, kind)),
            cells = lang::fill_in(t("rules-diagram-cells"), &[("n", &n.to_string())]),
        );
    }
    out.push_str("</div>");
    out
}

/// Inline markdown on escaped text: `code`, **strong**, *emphasis*, [text](link) as text.
fn inline(text: &str) -> String {
    let t = escape(text);
    let mut out = String::new();
    let mut rest = t.as_str();
    // Links: keep the text only (they point into the source tree).
    let mut unlinked = String::new();
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        match after.find("](").and_then(|close| {
            after[close + 2..]
                .find(')')
                .map(|end| (close, close + 2 + end))
        }) {
            Some((close, end)) => {
                unlinked.push_str(&rest[..open]);
                unlinked.push_str(&after[..close]);
                rest = &after[end + 1..];
            }
            None => {
                unlinked.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    unlinked.push_str(rest);
    let mut chars = unlinked.as_str();
    let mut code = false;
    let mut strong = false;
    let mut em = false;
    while !chars.is_empty() {
        if let Some(r) = chars.strip_prefix('`') {
            out.push_str(if code { "</code>" } else { "<code>" });
            code = !code;
            chars = r;
        } else if !code && chars.starts_with("**") {
            out.push_str(if strong { "</strong>" } else { "<strong>" });
            strong = !strong;
            chars = &chars[2..];
        } else if !code
            && chars.starts_with('*')
            && (em || chars[1..].starts_with(|c: char| !c.is_whitespace()))
        {
            out.push_str(if em { "</em>" } else { "<em>" });
            em = !em;
            chars = &chars[1..];
        } else {
            let ch = chars.chars().next().unwrap_or(' ');
            out.push(ch);
            chars = &chars[ch.len_utf8()..];
        }
    }
    for (open, close) in [(code, "</code>"), (strong, "</strong>"), (em, "</em>")] {
        if open {
            out.push_str(close);
        }
    }
    out
}

/// The small subset of Markdown the rule book uses: headings, paragraphs, nested `*` lists,
/// numbered lists, tables and fenced code.
pub fn markdown(md: &str) -> String {
    let mut out = String::new();
    let mut para: Vec<String> = Vec::new();
    let mut lists: Vec<(usize, &'static str)> = Vec::new();
    let mut in_item = false;
    let mut lines = md.lines().peekable();
    let flush_para = |para: &mut Vec<String>, out: &mut String| {
        if !para.is_empty() {
            let _ = write!(out, "<p>{}</p>", inline(&para.join(" ")));
            para.clear();
        }
    };
    let close_lists = |lists: &mut Vec<(usize, &'static str)>, out: &mut String, to: usize| {
        while lists.len() > to {
            if let Some((_, tag)) = lists.pop() {
                let _ = write!(out, "</li></{tag}>");
            }
        }
    };
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.starts_with("```") {
            flush_para(&mut para, &mut out);
            close_lists(&mut lists, &mut out, 0);
            out.push_str("<pre><code>");
            for code in lines.by_ref() {
                if code.trim_start().starts_with("```") {
                    break;
                }
                out.push_str(&escape(code));
                out.push('\n');
            }
            out.push_str("</code></pre>");
            continue;
        }
        if trimmed.is_empty() {
            flush_para(&mut para, &mut out);
            if !lines.peek().is_some_and(|l| l.starts_with(' ')) {
                close_lists(&mut lists, &mut out, 0);
            }
            in_item = false;
            continue;
        }
        if let Some(h) = trimmed.strip_prefix('#') {
            flush_para(&mut para, &mut out);
            close_lists(&mut lists, &mut out, 0);
            let level = 1 + h.chars().take_while(|&c| c == '#').count();
            let text = h.trim_start_matches('#').trim();
            let id: String = text
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == ' ')
                .collect::<String>()
                .trim()
                .replace(' ', "-")
                .to_ascii_lowercase();
            let _ = write!(out, "<h{level} id=\"{id}\">{}</h{level}>", inline(text));
            continue;
        }
        if trimmed.starts_with('|') {
            flush_para(&mut para, &mut out);
            close_lists(&mut lists, &mut out, 0);
            let cells = |l: &str| -> Vec<String> {
                l.trim()
                    .trim_matches('|')
                    .split('|')
                    .map(|c| c.trim().to_string())
                    .collect()
            };
            out.push_str("<table class=\"md\"><thead><tr>");
            for c in cells(trimmed) {
                let _ = write!(out, "<th>{}</th>", inline(&c));
            }
            out.push_str("</tr></thead><tbody>");
            while let Some(next) = lines.peek() {
                let n = next.trim();
                if !n.starts_with('|') {
                    break;
                }
                let row = cells(n);
                if !row
                    .iter()
                    .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
                {
                    out.push_str("<tr>");
                    for c in row {
                        let _ = write!(out, "<td>{}</td>", inline(&c));
                    }
                    out.push_str("</tr>");
                }
                lines.next();
            }
            out.push_str("</tbody></table>");
            continue;
        }
        let bullet = trimmed.strip_prefix("* ").map(|t| ("ul", t)).or_else(|| {
            let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
            (digits > 0)
                .then(|| trimmed[digits..].strip_prefix(". "))
                .flatten()
                .map(|t| ("ol", t))
        });
        if let Some((tag, text)) = bullet {
            flush_para(&mut para, &mut out);
            let depth = lists.iter().filter(|(i, _)| *i < indent).count();
            if lists.last().is_some_and(|(i, _)| *i == indent) {
                close_lists(&mut lists, &mut out, depth + 1);
                out.push_str("</li><li>");
            } else if lists.last().is_none_or(|(i, _)| *i < indent) {
                let _ = write!(out, "<{tag}><li>");
                lists.push((indent, tag));
            } else {
                close_lists(&mut lists, &mut out, depth + 1);
                out.push_str("</li><li>");
            }
            para.push(text.to_string());
            in_item = true;
            continue;
        }
        if in_item || !lists.is_empty() {
            para.push(trimmed.to_string());
            continue;
        }
        para.push(trimmed.to_string());
    }
    flush_para(&mut para, &mut out);
    close_lists(&mut lists, &mut out, 0);
    out
}

/// `/rules`.
pub async fn page_handler() -> Response {
    page_response()
}

/// The rule book in `language` with the diagrams in it, the pieces' section's pictures
/// before section 6.
fn book_with_diagrams(language: Lang) -> String {
    let t = |id| lang::text_in(language, id);
    let mut rules = markdown(rule_book(language));
    let diagrams = format!(
        "<h3 id=\"diagrams\">{heading}</h3><p class=\"dim\">{note}</p>{}",
        diagrams(language),
        heading = t("rules-diagrams"),
        note = t("rules-diagrams-note"),
    );
    rules.insert_str(diagrams_at(&rules), &diagrams);
    rules
}

/// The page (also what the handler serves), all in the request's language: the rule book in
/// German is a translation (docs/RULES.de.md says so at its top).
pub fn page_response() -> Response {
    let language = lang::current();
    let t = |id| lang::text_in(language, id);
    let body = format!(
        "<article class=\"card rules\" lang=\"{code}\"><p class=\"lead\">{lead} \
         <a href=\"/learn\">{then}</a></p>{rules}</article>",
        code = language.code(),
        lead = t("rules-lead"),
        then = t("rules-then"),
        rules = book_with_diagrams(language),
    );
    page(
        StatusCode::OK,
        t("rules-title"),
        "rules-page",
        &body,
        Some("page.js"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagrams_follow_the_rule_book() {
        let e5: Cell = "e5".parse().unwrap();
        let count = |k| reach(k, e5).0.into_iter().count();
        // Rule book §4: 8 knight and 8 archer leaps from e5; §2: 4 edgewise, 2 diagonal, 4 arcwise.
        assert_eq!(count(PieceKind::Sorcerer), 16);
        assert_eq!(count(PieceKind::King), 10);
        assert_eq!(count(PieceKind::Pawn), 4);
        assert_eq!(reach(PieceKind::Pawn, e5).1.into_iter().count(), 2);
        let queen = reach(PieceKind::Queen, e5).0;
        let rook = reach(PieceKind::Rook, e5).0;
        let bishop = reach(PieceKind::Bishop, e5).0;
        assert_eq!(queen, rook | bishop);
        let html = diagrams(Lang::En);
        assert_eq!(html.matches("<figure").count(), 6);
        assert!(html.contains("data-targets=\"16\""));
        assert_eq!(html.matches("<defs>").count(), 1);
        assert_eq!(html.matches("<use href=\"#pc-").count(), 6);
    }

    #[test]
    fn the_rule_book_renders_with_its_tables_and_code() {
        let html = markdown(RULES);
        assert!(
            html.contains("<h2 id=\"5-pieces-the-queensrb-army\">"),
            "{}",
            &html[..400]
        );
        assert!(html.contains("<h2 id=\"6-play\">"));
        assert!(html.contains("<td>Sorcerer</td>"));
        assert!(html.contains("<pre><code>rsqksr/1bb1/pppppppp"));
        assert!(html.contains("<strong>flat</strong>"));
        assert!(!html.contains("**"));
    }

    /// The fenced code blocks of a book, in order.
    fn code_blocks(md: &str) -> Vec<String> {
        let mut blocks = Vec::new();
        let mut open: Option<String> = None;
        for line in md.lines() {
            if line.trim_start().starts_with("```") {
                match open.take() {
                    Some(block) => blocks.push(block),
                    None => open = Some(format!("{line}\n")),
                }
            } else if let Some(block) = open.as_mut() {
                block.push_str(line);
                block.push('\n');
            }
        }
        blocks
    }

    /// The `<pre>` blocks of rendered HTML, in order.
    fn pre_blocks(html: &str) -> Vec<&str> {
        html.split("<pre>")
            .skip(1)
            .filter_map(|b| b.split("</pre>").next())
            .collect()
    }

    #[test]
    fn the_german_rule_book_renders_with_its_tables_and_code() {
        let html = markdown(RULES_DE);
        assert!(
            html.contains("<h2 id=\"6-spielverlauf\">"),
            "{}",
            &html[..400]
        );
        assert!(html.contains("<td>Zauberer</td>"));
        assert!(html.contains("<td>fallend, steigend, …</td>"));
        assert!(html.contains("<strong>flach</strong>"));
        assert!(html.contains("Schachmatt"));
        assert!(!html.contains("**"));
        // It says what it is, and points at the normative English book.
        assert!(RULES_DE.contains("Übersetzung") && RULES_DE.contains("(RULES.md)"));
        // The start position's block is the English one's, byte for byte.
        let start = |html: &str| {
            pre_blocks(html)
                .into_iter()
                .find(|b| b.contains("RSQKSR w 0 1"))
                .map(str::to_string)
        };
        let english = markdown(RULES);
        assert!(start(&english).is_some());
        assert_eq!(start(&html), start(&english));
        assert_eq!(pre_blocks(&html), pre_blocks(&english));
    }

    /// An edit of one book without the other fails here: the same sections, tables and code.
    #[test]
    fn both_rule_books_have_the_same_sections_and_code() {
        let count = |md: &str, prefix: &str| md.lines().filter(|l| l.starts_with(prefix)).count();
        for prefix in ["# ", "## ", "### ", "|", "* ", "  * "] {
            assert_eq!(
                count(RULES, prefix),
                count(RULES_DE, prefix),
                "lines starting {prefix:?}"
            );
        }
        let numbers = |md: &str| -> Vec<String> {
            md.lines()
                .filter_map(|l| l.strip_prefix("## ").or_else(|| l.strip_prefix("### ")))
                .filter_map(|h| h.split(' ').next())
                .map(str::to_string)
                .collect()
        };
        assert_eq!(numbers(RULES), numbers(RULES_DE));
        let blocks = code_blocks(RULES);
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks, code_blocks(RULES_DE));
    }

    #[test]
    fn the_diagrams_land_before_section_6_in_both_languages() {
        for language in Lang::ALL {
            let html = book_with_diagrams(language);
            let diagrams = html.find("<h3 id=\"diagrams\">").unwrap();
            let section_6 = html.find("<h2 id=\"6-").unwrap();
            let section_5 = html.find("<h2 id=\"5-").unwrap();
            assert!(section_5 < diagrams && diagrams < section_6, "{language:?}");
            assert_eq!(html.matches("<figure").count(), 6, "{language:?}");
            assert_eq!(diagrams_at(&html), section_6);
        }
        let german = book_with_diagrams(Lang::De);
        assert!(german.contains("<h2 id=\"6-spielverlauf\">6. Spielverlauf</h2>"));
        assert!(german.contains("<b>Zauberer</b> — der Zauberer macht Springer- und"));
        assert!(german.contains("16 Felder von e5 aus"));
        assert!(german.contains("Ein weißer Bauer"));
        assert!(german.contains("aria-label=\"Dame auf e5"));
        for english in [
            "cells from e5",
            "White pawn",
            "Computed by",
            "where it goes",
        ] {
            assert!(!german.contains(english), "{english}");
        }
        // A book without section 6 still shows the diagrams, at its end.
        let no_section_6 = "<h2 id=\"1-x\">1. X</h2>";
        assert_eq!(diagrams_at(no_section_6), no_section_6.len());
    }

    #[test]
    fn markdown_escapes_markup() {
        let html = markdown("A <script>x</script> and *a* `<b>`");
        assert!(html.contains("&lt;script&gt;"));
        assert!(html.contains("<em>a</em>"));
        assert!(html.contains("<code>&lt;b&gt;</code>"));
    }
}
