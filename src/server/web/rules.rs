//! `/rules`: the rule book (docs/RULES.md, embedded) as a page, with a movement diagram for
//! each piece drawn from the rules themselves: the piece on e5, the lines or leaps it takes,
//! and where it can go on an empty board.

use std::fmt::Write as _;

use axum::http::StatusCode;
use axum::response::Response;

use super::lang::{self, Lang};
use super::svg::{self, BoardOptions, piece_use};
use super::{escape, page};
use crate::rules::{Cell, CellSet, PieceKind, Side, board, how_it_moves, movement};

/// The rule book.
const RULES: &str = include_str!("../../../docs/RULES.md");

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

/// The diagrams, one figure per kind.
pub fn diagrams() -> String {
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
        let mut svg_text = svg::board_svg(&BoardOptions {
            class: "diagram",
            label: &format!("the {} on e5 and where it goes", kind.name()),
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
            " A White pawn, moving up the board. Rings: the steps it may also capture with."
        } else {
            ""
        };
        let _ = write!(
            out,
            "<figure class=\"diagram-fig\" data-kind=\"{k}\" data-targets=\"{n}\">{svg_text}\
             <figcaption><b>{k}</b> — {how}: {n} cells from e5 on an empty board.{note}</figcaption></figure>",
            k = kind.name(),
            how = escape(how_it_moves(kind)),
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

/// The page (also what the handler serves), its own words in the request's language; the
/// rule book itself is English.
pub fn page_response() -> Response {
    let language = lang::current();
    let t = |id| lang::text_in(language, id);
    let mut rules = markdown(RULES);
    // The diagrams go with the pieces' section, before "6. Play".
    let diagrams = format!(
        "<h3 id=\"diagrams\">{heading}</h3><p class=\"dim\">Computed by the server's \
         rules: the lines it slides along (or the routes of its leaps), dots where it can move on \
         an empty board. A piece stops at the first piece in its way, and takes an enemy \
         piece by moving onto it.</p>{}",
        diagrams(),
        heading = t("rules-diagrams"),
    );
    match rules.find("<h2 id=\"6-play\">") {
        Some(at) => rules.insert_str(at, &diagrams),
        None => rules.push_str(&diagrams),
    }
    let english_only = match language {
        Lang::En => String::new(),
        _ => format!(" {}", t("rules-english-only")),
    };
    let body = format!(
        "<article class=\"card rules\" lang=\"en\"><p class=\"lead\" lang=\"{code}\">{lead} \
         <a href=\"/learn\">{then}</a>{english_only}</p>{rules}</article>",
        code = language.code(),
        lead = t("rules-lead"),
        then = t("rules-then"),
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
        let html = diagrams();
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

    #[test]
    fn markdown_escapes_markup() {
        let html = markdown("A <script>x</script> and *a* `<b>`");
        assert!(html.contains("&lt;script&gt;"));
        assert!(html.contains("<em>a</em>"));
        assert!(html.contains("<code>&lt;b&gt;</code>"));
    }
}
