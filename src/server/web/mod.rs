//! The server's web pages (issue 22): the lobby, a game, a player, the archive and the rule
//! book, served by `parachess-server` itself with every asset embedded in the binary.
//!
//! The pages implement no rules: a game page draws what the protocol sends (the position,
//! the legal moves and each move's route, from [`geometry`]) and plays through the same
//! WebSocket as the desktop game. Everything a player typed is escaped ([`escape`] here,
//! `textContent` in the scripts); every page carries a strict Content-Security-Policy (no
//! inline script or style: all of it comes from `/assets/`); the WebSocket refuses upgrades
//! from other sites ([`origin_ok`]). No cookies: a guest's session token stays in the
//! browser's local storage and is sent in the protocol's `hello`.

pub mod archive;
pub mod geometry;
pub mod learn;
pub mod pages;
pub mod svg;

use std::sync::Arc;

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::hub::Hub;

/// The page routes, merged into the server's router.
pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/", get(pages::lobby))
        .route("/game/{id}", get(pages::game))
        .route("/@/{name}", get(pages::player))
        .route("/archive", get(pages::archive))
        .route("/learn", get(learn::page_handler))
        .route("/api/live", get(pages::live_api))
        .route("/assets/{file}", get(asset))
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
    let html = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} · Parachess</title>\
         <link rel=\"stylesheet\" href=\"/assets/style.css\">\
         <link rel=\"icon\" href=\"/assets/favicon.svg\" type=\"image/svg+xml\"></head>\
         <body class=\"{class}\"><header class=\"top\"><a class=\"brand\" href=\"/\">\
         <img src=\"/assets/favicon.svg\" alt=\"\" width=\"22\" height=\"22\">Parachess</a>\
         <nav><a href=\"/\">Play</a><a href=\"/archive\">Games</a><a href=\"/learn\">Learn the rules</a></nav>\
         <span class=\"me\" id=\"me\"></span>\
         <span class=\"net\" id=\"net\" hidden>Connection lost — reconnecting…</span></header>\
         <main>{body}</main>{script}</body></html>",
        title = escape(title),
        class = escape(class),
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
        "Not found",
        "plain",
        &format!(
            "<section class=\"card\"><h1>Not found</h1><p class=\"missing\">{}</p>\
             <p><a href=\"/\">Back to the lobby</a></p></section>",
            escape(what)
        ),
        None,
    )
}

/// The embedded assets: name, content type, bytes.
const ASSETS: &[(&str, &str, &str)] = &[
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

async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|a| a.0 == file) {
        Some(&(_, kind, body)) => secured(
            (
                [
                    (header::CONTENT_TYPE, kind),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                body,
            )
                .into_response(),
        ),
        None => (StatusCode::NOT_FOUND, "no such asset\n").into_response(),
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
