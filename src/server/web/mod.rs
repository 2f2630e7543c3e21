//! The server's web pages (issue 22): the lobby, a game, a player, the archive and the rule
//! book, served by `parachess-server` itself with every asset embedded in the binary.
//!
//! The pages implement no rules: a game page draws what the protocol sends (the position,
//! the legal moves and each move's route, from [`super::routes`]) and plays through the same
//! WebSocket as the desktop game. Everything a player typed is escaped ([`escape`] here,
//! `textContent` in the scripts); every page carries a strict Content-Security-Policy (no
//! inline script or style: all of it comes from `/assets/`); the WebSocket refuses upgrades
//! from other sites ([`origin_ok`]). No cookies: a guest's session token stays in the
//! browser's local storage and is sent in the protocol's `hello`.

pub mod archive;
pub mod lang;
pub mod learn;
pub mod pages;
pub mod rules;
pub mod svg;
mod texts;

use std::io::Write as _;
use std::sync::{Arc, LazyLock};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Request};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::hub::Hub;

/// The page routes, merged into the server's router.
pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/", get(pages::lobby))
        .route("/game/{id}", get(pages::game))
        .route("/invite/{code}", get(pages::invite))
        .route("/@/{name}", get(pages::player))
        .route("/archive", get(pages::archive))
        .route("/rules", get(rules::page_handler))
        .route("/learn", get(learn::lessons_page))
        .route("/learn/{lesson}/{stage}", get(learn::stage_page))
        .route("/tournament/{id}", get(pages::tournament))
        .route("/puzzles", get(pages::puzzles))
        .route("/puzzles/{n}", get(pages::puzzle))
        .route("/analysis", get(pages::analysis))
        .route("/api/live", get(pages::live_api))
        .route("/assets/{file}", get(asset))
}

/// The longest URL (path and query) served: longer ones get the 414 page.
pub const MAX_URL: usize = 8 * 1024;

/// What the whole router answers for paths no route has: the site's 404 page, or the API's
/// JSON error under `/api/`.
pub async fn fallback(request: Request) -> Response {
    if request.uri().path().starts_with("/api/") {
        return api_error(StatusCode::NOT_FOUND, "not_found", "no such API path");
    }
    not_found(lang::t("no-page"))
}

fn api_error(status: StatusCode, code: &'static str, msg: &str) -> Response {
    let body = super::messages::ServerMsg::error(code, msg).to_json();
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// The layer around every route: refuses over-long URLs with a page of the site (or JSON
/// under `/api/`), and gzips pages and API answers for a browser that asks (assets come
/// compressed already, see [`asset`]).
pub async fn transfer(request: Request, next: Next) -> Response {
    let uri = request.uri();
    let length = uri.path_and_query().map_or(0, |p| p.as_str().len());
    if length > MAX_URL {
        if uri.path().starts_with("/api/") {
            return api_error(StatusCode::URI_TOO_LONG, "too_long", "the URL is too long");
        }
        let language = lang::Lang::of_request(request.uri(), request.headers());
        let t = |id| lang::text_in(language, id);
        return lang::scoped(language, async {
            page(
                StatusCode::URI_TOO_LONG,
                t("too-long"),
                "plain",
                &format!(
                    "<section class=\"card\"><h1>{title}</h1><p class=\"missing\">{why}</p>\
                     <p><a href=\"/\">{back}</a></p></section>",
                    title = t("too-long"),
                    why = t("too-long-why"),
                    back = t("back-to-lobby"),
                ),
                None,
            )
        })
        .await;
    }
    let gzip = accepts_gzip(request.headers());
    let language = lang::Lang::of_request(request.uri(), request.headers());
    let mut response = lang::scoped(language, next.run(request)).await;
    let compressible = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|t| t.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html") || t.starts_with("application/json"));
    if !compressible || response.headers().contains_key(header::CONTENT_ENCODING) {
        return response;
    }
    // The language is chosen from Accept-Language too (see lang).
    response.headers_mut().append(
        header::VARY,
        HeaderValue::from_static("accept-encoding, accept-language"),
    );
    if !gzip {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_PAGE).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    if bytes.len() < 512 {
        return Response::from_parts(parts, Body::from(bytes));
    }
    parts.headers.remove(header::CONTENT_LENGTH);
    parts
        .headers
        .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    Response::from_parts(parts, Body::from(gzipped(&bytes)))
}

/// The largest page or API answer the layer compresses (far above any the server writes).
const MAX_PAGE: usize = 16 * 1024 * 1024;

/// Whether the request's `Accept-Encoding` takes gzip (and does not refuse it with `q=0`).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';').map(str::trim);
            let coding = parts.next().unwrap_or_default();
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
        })
}

fn gzipped(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

/// The policy every page is served with: scripts, styles and images only from this server,
/// nothing inline, no framing, no forms to elsewhere.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Text safe inside HTML (element content and quoted attributes): the one escape function
/// of the pages.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}

/// Text safe as one component of a URL path or query (`/@/NAME`).
pub fn url_part(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.' {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The security headers of every page and asset.
fn secured(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    response
}

/// A whole page: the header bar, `body`, and the page's script (a module under `/assets/`).
pub fn page(
    status: StatusCode,
    title: &str,
    class: &str,
    body: &str,
    script: Option<&str>,
) -> Response {
    let script = script
        .map(|s| format!("<script type=\"module\" src=\"/assets/{s}\"></script>"))
        .unwrap_or_default();
    let language = lang::current();
    let t = |id| lang::text_in(language, id);
    // The switch: this page in each language (the page's script remembers the choice).
    let switch: String = lang::Lang::ALL
        .iter()
        .map(|l| {
            let current = if *l == language { " aria-current=\"true\"" } else { "" };
            format!(
                "<a href=\"?lang={c}\" hreflang=\"{c}\" lang=\"{c}\" data-lang=\"{c}\"{current}>{n}</a>",
                c = l.code(),
                n = l.native_name()
            )
        })
        .collect();
    let html = format!(
        "<!doctype html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} · Parachess</title>\
         <link rel=\"stylesheet\" href=\"/assets/style.css\">\
         <link rel=\"icon\" href=\"/assets/favicon.svg\" type=\"image/svg+xml\"></head>\
         <body class=\"{class}\" data-texts=\"{texts}\"><a id=\"blind-link\" class=\"blind-link\" href=\"?blind=1\">{blind}</a><header class=\"top\"><a class=\"brand\" href=\"/\">\
         <img src=\"/assets/favicon.svg\" alt=\"\" width=\"22\" height=\"22\">Parachess</a>\
         <nav><a href=\"/\">{play}</a><a href=\"/archive\">{games}</a><a href=\"/puzzles\">{puzzles}</a><a href=\"/analysis\">{analysis}</a><a href=\"/learn\">{learn}</a>\
         <a href=\"/rules\">{rules}</a></nav>\
         <nav class=\"langs\" aria-label=\"{language_label}\">{switch}</nav>\
         <span class=\"me\" id=\"me\"></span>\
         <span class=\"net\" id=\"net\" hidden>{lost}</span></header>\
         <main>{body}</main><script type=\"module\" src=\"/assets/blind.js\"></script>{script}</body></html>",
        code = language.code(),
        title = escape(title),
        class = escape(class),
        play = t("nav-play"),
        games = t("nav-games"),
        learn = t("nav-learn"),
        puzzles = t("nav-puzzles"),
        analysis = t("nav-analysis"),
        rules = t("nav-rules"),
        language_label = t("nav-language"),
        lost = t("net-lost"),
        blind = t("blind-on"),
        texts = escape(&lang::script_texts(!script.is_empty())),
    );
    secured(
        (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            html,
        )
            .into_response(),
    )
}

/// A page saying what was not found.
pub fn not_found(what: &str) -> Response {
    page(
        StatusCode::NOT_FOUND,
        lang::t("not-found"),
        "plain",
        &format!(
            "<section class=\"card\"><h1>{title}</h1><p class=\"missing\">{what}</p>\
             <p><a href=\"/\">{back}</a></p></section>",
            title = lang::t("not-found"),
            what = escape(what),
            back = lang::t("back-to-lobby"),
        ),
        None,
    )
}

/// The embedded assets: name, content type, bytes.
const SOURCES: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
    (
        "common.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/common.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/board.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/lobby.js"),
    ),
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/game.js"),
    ),
    (
        "learn.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/learn.js"),
    ),
    (
        "tournament.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/tournament.js"),
    ),
    (
        "invite.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/invite.js"),
    ),
    (
        "puzzles.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/puzzles.js"),
    ),
    (
        "blind.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/blind.js"),
    ),
    (
        "analysis.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/analysis.js"),
    ),
    (
        "page.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/page.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("assets/favicon.svg"),
    ),
];

/// An embedded asset as served: gzipped once, at first use, and tagged by its content.
struct Asset {
    name: &'static str,
    kind: &'static str,
    plain: &'static str,
    /// Gzipped, when that is smaller (shared, not copied, by each answer).
    gzip: Option<Bytes>,
    etag: HeaderValue,
}

static ASSETS: LazyLock<Vec<Asset>> = LazyLock::new(|| {
    SOURCES
        .iter()
        .map(|&(name, kind, plain)| Asset {
            name,
            kind,
            plain,
            gzip: Some(gzipped(plain.as_bytes()))
                .filter(|g| g.len() < plain.len())
                .map(Bytes::from),
            etag: HeaderValue::from_str(&format!("\"{:016x}\"", fnv1a(plain.as_bytes())))
                .expect("hex digits in quotes are a header value"),
        })
        .collect()
});

/// A 64-bit FNV-1a hash: an ETag that changes when the asset does.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Compresses the assets now (at start), not on the first visitor's request.
pub fn prepare_assets() {
    LazyLock::force(&ASSETS);
}

/// An asset. The scripts import each other by name, so the names stay and the browser keeps
/// a copy it revalidates (`no-cache` + ETag): an unchanged asset costs a 304 and no body, and
/// a new server's assets are never mixed with an old one's.
async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let Some(a) = ASSETS.iter().find(|a| a.name == file) else {
        return not_found(lang::t("no-file"));
    };
    let cached = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|tag| tag.trim() == "*" || tag.trim().trim_start_matches("W/") == a.etag);
    let common = [
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        (header::ETAG, a.etag.clone()),
        (header::VARY, HeaderValue::from_static("accept-encoding")),
    ];
    let response = if cached {
        (StatusCode::NOT_MODIFIED, common).into_response()
    } else if let Some(gzip) = a.gzip.as_ref().filter(|_| accepts_gzip(&headers)) {
        (
            common,
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(a.kind)),
                (header::CONTENT_ENCODING, HeaderValue::from_static("gzip")),
            ],
            gzip.clone(),
        )
            .into_response()
    } else {
        (
            common,
            [(header::CONTENT_TYPE, HeaderValue::from_static(a.kind))],
            a.plain,
        )
            .into_response()
    };
    secured(response)
}

/// Text cut to `max` characters (with an ellipsis): what a page echoes of an address.
pub fn clipped(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// Whether a WebSocket upgrade (or any state-changing request) comes from this site: a
/// browser always sends `Origin`, and it must name the host the request was sent to; clients
/// that are not browsers (the desktop game, the bots) send none.
pub fn origin_ok(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let (Ok(origin), Some(Ok(host))) = (
        origin.to_str(),
        headers.get(header::HOST).map(|h| h.to_str()),
    ) else {
        return false;
    };
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    origin_host.is_some_and(|o| o.eq_ignore_ascii_case(host))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_markup_and_quotes() {
        assert_eq!(
            escape("<script>alert('x')</script> & \"y\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;"
        );
        assert_eq!(escape("Guest-ab12"), "Guest-ab12");
        assert_eq!(url_part("a b/<c>"), "a%20b%2F%3Cc%3E");
    }

    #[test]
    fn websocket_origin_must_be_this_site() {
        let mut h = HeaderMap::new();
        assert!(origin_ok(&h), "no Origin: not a browser");
        h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert!(origin_ok(&h));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        assert!(!origin_ok(&h));
        h.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert!(!origin_ok(&h));
    }

    #[test]
    fn echoed_text_is_cut_and_gzip_asked_for_is_read() {
        assert_eq!(clipped("abc", 3), "abc");
        assert_eq!(clipped("abcdé", 4), "abcd…");
        assert_eq!(clipped("ééééé", 2), "éé…");
        let mut h = HeaderMap::new();
        assert!(!accepts_gzip(&h));
        for (value, yes) in [
            ("gzip, deflate, br", true),
            ("br;q=1.0, gzip;q=0.8", true),
            ("*", true),
            ("gzip;q=0", false),
            ("deflate", false),
        ] {
            h.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(value));
            assert_eq!(accepts_gzip(&h), yes, "{value}");
        }
    }

    #[test]
    fn assets_are_tagged_by_content() {
        let tags: std::collections::HashSet<_> = ASSETS.iter().map(|a| a.etag.clone()).collect();
        assert_eq!(tags.len(), ASSETS.len());
        // The scripts and the style sheet go compressed: a small one gains less (its
        // compressor's header and dictionary weigh more), a large one at least half.
        for a in ASSETS.iter().filter(|a| a.plain.len() > 1024) {
            let bound = if a.plain.len() > 4096 {
                a.plain.len() / 2
            } else {
                a.plain.len()
            };
            assert!(
                a.gzip.as_ref().is_some_and(|g| g.len() < bound),
                "{}",
                a.name
            );
        }
    }

    #[test]
    fn pages_carry_a_strict_policy() {
        let r = page(StatusCode::OK, "<t>", "c", "<p>x</p>", Some("page.js"));
        let csp = r.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap();
        assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe"));
        assert!(csp.contains("frame-ancestors 'none'"));
        assert!(r.headers().get(header::SET_COOKIE).is_none());
    }
}
