//! Issue 39 on the server side: offers that lapse (draw, takeback, rematch), bots that answer
//! offers, the site's own 404 and 414 pages, compressed and revalidated transfers, and a
//! guest's player page. SQLite only: none of it touches what differs between the back-ends.

use crate::server_support;

use std::collections::HashMap;
use std::io::Read as _;
use std::process::{Command, Stdio};

use serde_json::json;
use server_support::*;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

fn sqlite<F: std::future::Future<Output = ()>>(secs: u64, body: impl FnOnce(Backend) -> F) {
    run(Backend::Sqlite, secs, body);
}

fn opening() -> String {
    parachess::rules::Game::new().legal_moves()[0].to_string()
}

/// An HTTP answer: status, headers (lower-case names), body as sent (not decompressed).
struct Answer {
    status: u16,
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }

    /// The body, gunzipped when it came gzipped.
    fn text(&self) -> String {
        if self.header("content-encoding") == "gzip" {
            let mut out = String::new();
            flate2::read::GzDecoder::new(&self.body[..])
                .read_to_string(&mut out)
                .expect("a gzip body");
            out
        } else {
            String::from_utf8_lossy(&self.body).into_owned()
        }
    }
}

/// `GET path` with extra request headers, over one HTTP/1.1 connection.
async fn get(server: &Server, path: &str, extra: &[(&str, &str)]) -> Answer {
    let host = server.url.strip_prefix("http://").expect("http URL");
    let mut stream = tokio::net::TcpStream::connect(host).await.expect("connect");
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for (k, v) in extra {
        request.push_str(&format!("{k}: {v}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.expect("read");
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("end of the headers");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: HashMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .get("transfer-encoding")
        .is_some_and(|t| t == "chunked")
    {
        body = unchunk(&body);
    }
    Answer {
        status,
        headers,
        body,
    }
}

fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size_text = String::from_utf8_lossy(&data[..end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("0").trim(), 16)
            .expect("a chunk size");
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[end + 2 + size + 2..];
    }
}

#[test]
fn unknown_paths_and_long_urls_get_the_sites_pages() {
    sqlite(60, |backend| async move {
        let db = database(backend);
        let server = Server::start(&db.url);
        let page = get(&server, "/no/such/page", &[]).await;
        assert_eq!(page.status, 404);
        assert!(page.header("content-type").starts_with("text/html"));
        let text = page.text();
        assert!(text.contains("<header class=\"top\">"), "{text}");
        assert!(text.contains("Not found"));
        assert!(
            page.header("content-security-policy")
                .contains("script-src 'self'")
        );
        // The API keeps its JSON errors.
        let api = get(&server, "/api/nothing", &[]).await;
        assert_eq!(api.status, 404);
        let v: serde_json::Value = serde_json::from_str(&api.text()).expect("JSON");
        assert_eq!(v["t"], "error");
        // An address over 8 KiB.
        let long = format!("/game/{}", "x".repeat(9000));
        let page = get(&server, &long, &[]).await;
        assert_eq!(page.status, 414);
        assert!(page.text().contains("Address too long"));
        let api = get(&server, &format!("/api/game/{}", "x".repeat(9000)), &[]).await;
        assert_eq!(api.status, 414);
        assert!(api.header("content-type").starts_with("application/json"));
        // A long game id (under the limit) is not echoed in full.
        let id = "y".repeat(4000);
        let page = get(&server, &format!("/game/{id}"), &[]).await;
        assert_eq!(page.status, 404);
        let text = page.text();
        assert!(!text.contains(&id) && text.contains(&"y".repeat(16)));
        // No longer than the page for a short id, but for the few letters echoed.
        let short = get(&server, "/game/yyyy", &[]).await.text();
        assert!(text.len() < short.len() + 100, "{} bytes", text.len());
    });
}

#[test]
fn pages_and_assets_are_compressed_and_assets_revalidated() {
    sqlite(60, |backend| async move {
        let db = database(backend);
        let server = Server::start(&db.url);
        let plain = get(&server, "/", &[]).await;
        assert_eq!(plain.status, 200);
        assert_eq!(plain.header("content-encoding"), "");
        let gz = get(&server, "/", &[("Accept-Encoding", "gzip, deflate, br")]).await;
        assert_eq!(gz.header("content-encoding"), "gzip");
        assert!(
            gz.header("vary")
                .to_ascii_lowercase()
                .contains("accept-encoding")
        );
        assert!(gz.body.len() * 2 < plain.body.len(), "gzip saves half");
        assert_eq!(gz.text(), plain.text());
        // gzip refused with q=0.
        let no = get(&server, "/", &[("Accept-Encoding", "gzip;q=0")]).await;
        assert_eq!(no.header("content-encoding"), "");
        // An asset: compressed, with an ETag; asked again with it, a 304 and no body.
        let js = get(&server, "/assets/game.js", &[("Accept-Encoding", "gzip")]).await;
        assert_eq!(js.status, 200);
        assert_eq!(js.header("content-encoding"), "gzip");
        assert!(js.header("content-type").starts_with("text/javascript"));
        assert!(js.text().contains("import"));
        let etag = js.header("etag").to_string();
        assert!(etag.starts_with('"') && etag.len() > 4, "{etag:?}");
        let again = get(&server, "/assets/game.js", &[("If-None-Match", &etag)]).await;
        assert_eq!(again.status, 304);
        assert!(again.body.is_empty());
        assert_eq!(again.header("etag"), etag);
        let css = get(&server, "/assets/style.css", &[]).await;
        assert_ne!(css.header("etag"), etag, "each asset its own tag");
        assert_eq!(get(&server, "/assets/nothing.js", &[]).await.status, 404);
    });
}

#[test]
fn a_guests_page_shows_its_games_and_how_to_get_a_rating() {
    sqlite(60, |backend| async move {
        let db = database(backend);
        let server = Server::start(&db.url);
        let mut a = guest(&server).await;
        let mut b = guest(&server).await;
        let g = start_game(&mut a, &mut b, json!({"tc": "300+3"})).await;
        play(&mut a, &g, 0, &opening()).await;
        let reply = b
            .wait_for("moved", T, |v| v["t"] == "moved" && v["n"] == 0)
            .await
            .expect("moved");
        let black = reply["legal"][0].as_str().expect("a move").to_string();
        play(&mut b, &g, 1, &black).await;
        a.send(&json!({"t": "resign", "game": g}))
            .await
            .expect("send");
        expect(&mut a, "end").await;
        let page = get(&server, &format!("/@/{}", b.name), &[]).await.text();
        assert!(page.contains("Games as a guest"), "{page}");
        assert!(
            page.contains("<b>1</b> finished game: <b>1</b> won, <b>0</b> drawn, <b>0</b> lost"),
            "{page}"
        );
        assert!(page.contains("create an account"));
        assert!(
            !page.contains("Rating history"),
            "no empty chart for a guest"
        );
    });
}

#[test]
fn draw_and_takeback_offers_lapse_unanswered() {
    sqlite(60, |backend| async move {
        let db = database(backend);
        let server = Server::start_with(&db.url, &["--offer-secs", "1"]);
        let mut a = guest(&server).await;
        let mut b = guest(&server).await;
        let g = start_game(&mut a, &mut b, json!({"tc": "300+3"})).await;
        play(&mut a, &g, 0, &opening()).await;
        a.send(&json!({"t": "draw", "game": g}))
            .await
            .expect("send");
        a.send(&json!({"t": "takeback", "game": g}))
            .await
            .expect("send");
        for c in [&mut a, &mut b] {
            for kind in ["draw", "takeback"] {
                let gone = c
                    .wait_for("offer_gone", T, |v| {
                        v["t"] == "offer_gone" && v["kind"] == kind
                    })
                    .await
                    .expect("the offer lapses");
                assert_eq!(gone["reason"], "expired");
                assert_eq!(gone["game"], g.as_str());
            }
        }
        // Gone from the game, too: nothing stands.
        let view = get_json(&server, &format!("/api/game/{g}")).await.1;
        assert!(view["draw_offer"].is_null() && view["takeback_offer"].is_null());
        // (A declined offer's `reason`: tests/server/game.rs, where offers stand 60 s.)
    });
}

#[test]
fn a_rematch_offer_lapses_or_goes_when_the_opponent_leaves() {
    sqlite(60, |backend| async move {
        let db = database(backend);
        let server = Server::start_with(&db.url, &["--offer-secs", "1"]);
        let mut a = guest(&server).await;
        let mut b = guest(&server).await;
        let g = start_game(&mut a, &mut b, json!({"tc": "300+3"})).await;
        a.send(&json!({"t": "abort", "game": g}))
            .await
            .expect("send");
        expect(&mut a, "end").await;
        expect(&mut b, "end").await;
        a.send(&json!({"t": "rematch", "game": g}))
            .await
            .expect("send");
        let challenge = expect(&mut b, "challenge").await;
        for c in [&mut a, &mut b] {
            let gone = c
                .wait_for("offer_gone", T, |v| v["t"] == "offer_gone")
                .await
                .expect("the rematch offer lapses");
            assert_eq!(gone["kind"], "rematch");
            assert_eq!(gone["reason"], "expired");
            assert_eq!(gone["game"], g.as_str());
        }
        b.send(&json!({"t": "accept", "id": challenge["id"]}))
            .await
            .expect("send");
        assert_eq!(expect_error(&mut b).await, "no_seek", "the offer is gone");

        // Again, on a server where offers stand long: the opponent leaves.
        let server = Server::start(&db.url);
        let mut a = guest(&server).await;
        let mut b = guest(&server).await;
        let g = start_game(&mut a, &mut b, json!({"tc": "300+3"})).await;
        a.send(&json!({"t": "abort", "game": g}))
            .await
            .expect("send");
        expect(&mut a, "end").await;
        a.send(&json!({"t": "rematch", "game": g}))
            .await
            .expect("send");
        expect(&mut b, "challenge").await;
        b.close().await;
        let gone = a
            .wait_for("offer_gone", T, |v| v["t"] == "offer_gone")
            .await
            .expect("the rematch offer goes");
        assert_eq!(gone["kind"], "rematch");
        assert_eq!(gone["reason"], "left");
    });
}

#[test]
fn a_seeking_bot_answers_takeback_draw_and_rematch() {
    sqlite(90, |backend| async move {
        let db = database(backend);
        let server = Server::start_with(&db.url, &["--address-rate", "0"]);
        let mut bots = Command::new(env!("CARGO_BIN_EXE_parachess-server"))
            .args(["bots", "--server", &server.url, "--seek", "1"])
            .args(["--player", "random", "--tc", "900+0", "--timeout", "80"])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the bots");
        let mut me = guest(&server).await;
        me.send(&json!({"t": "lobby"})).await.expect("send");
        let seek = me
            .wait_for("a seek", T, |v| {
                (v["t"] == "seeks" && v["seeks"].as_array().is_some_and(|s| !s.is_empty()))
                    || v["t"] == "seek"
            })
            .await
            .expect("the bot's seek");
        let id = if seek["t"] == "seeks" {
            seek["seeks"][0]["id"].clone()
        } else {
            seek["id"].clone()
        };
        me.send(&json!({"t": "accept", "id": id}))
            .await
            .expect("send");
        let started = expect(&mut me, "started").await;
        let g = started["game"].as_str().expect("game id").to_string();
        let white = started["color"] == "white";
        let view = expect(&mut me, "game").await;
        assert_eq!(view["id"], g.as_str());
        // My first move, and the bot's answer to it.
        let (mine, theirs) = if white { (0u64, 1u64) } else { (1, 2) };
        let shown = view["moves"].as_array().map_or(0, Vec::len) as u64;
        let legal = if shown == mine {
            view["legal"][0].clone()
        } else {
            seen(&mut me, mine - 1).await["legal"][0].clone()
        };
        let legal = legal.as_str().expect("a move").to_string();
        play(&mut me, &g, mine, &legal).await;
        seen(&mut me, theirs).await;
        // Takeback: accepted (my move and the bot's taken back).
        me.send(&json!({"t": "takeback", "game": g}))
            .await
            .expect("send");
        let back = me
            .wait_for("the takeback", T, |v| {
                v["t"] == "game" || v["t"] == "offer_gone"
            })
            .await
            .expect("an answer");
        assert_eq!(back["t"], "game", "taken back: {back}");
        assert_eq!(back["moves"].as_array().map_or(0, Vec::len) as u64, mine);
        // Draw: declined (far from a dead draw).
        me.send(&json!({"t": "draw", "game": g}))
            .await
            .expect("send");
        let gone = expect(&mut me, "offer_gone").await;
        assert_eq!(
            (gone["kind"].as_str(), gone["reason"].as_str()),
            (Some("draw"), Some("declined"))
        );
        // Rematch: accepted by a free bot.
        me.send(&json!({"t": "resign", "game": g}))
            .await
            .expect("send");
        expect(&mut me, "end").await;
        me.send(&json!({"t": "rematch", "game": g}))
            .await
            .expect("send");
        let again = expect(&mut me, "started").await;
        assert_ne!(again["game"], g.as_str());
        assert_eq!(again["color"] == "white", !white, "colours swapped");
        let _ = bots.kill();
        let _ = bots.wait();
    });
}

/// The next `error` on a raw connection (other messages skipped).
async fn raw_error(ws: &mut RawWs) -> serde_json::Value {
    loop {
        let v = ws.recv(T).await.expect("an error");
        if v["t"] == "error" {
            return v;
        }
    }
}

/// Two connections: one opened as the German web pages open it (`/ws?lang=de`), one without
/// a language.
async fn german_and_english(server: &Server) -> (RawWs, RawWs) {
    let hello = json!({"t": "hello", "v": 1});
    let de = RawWs::hello_at(server, "127.0.0.1", None, hello.clone(), "/ws?lang=de").await;
    let en = RawWs::hello_with(server, "127.0.0.1", None, hello).await;
    (de, en)
}

/// A connection opened as the web pages open it, `/ws?lang=de`, reads its refusals in German
/// (a wrong password, a move the rules refuse, with their reason); one without `lang` reads
/// the English it always did, the same codes.
#[test]
fn refusals_in_the_connections_language() {
    sqlite(60, |backend| async move {
        let db = database(backend);
        let server = Server::start(&db.url);
        let (mut de, mut en) = german_and_english(&server).await;
        let login = json!({"t": "login", "name": "nobody", "password": "not-the-password"});
        de.send(&login).await.expect("send");
        let e = raw_error(&mut de).await;
        assert_eq!(e["code"], "auth");
        assert_eq!(e["msg"], "falscher Name oder falsches Passwort");
        en.send(&login).await.expect("send");
        let e = raw_error(&mut en).await;
        assert_eq!(e["code"], "auth");
        assert_eq!(e["msg"], "wrong name or password");

        // A move from an empty cell, in a game against the computer.
        for (ws, reason) in [
            (&mut de, "Auf e5 steht keine Figur"),
            (&mut en, "there is no piece on e5"),
        ] {
            let play = json!({"t": "play_computer", "level": "easy", "color": "white"});
            ws.send(&play).await.expect("send");
            let game = loop {
                let v = ws.recv(T).await.expect("started");
                if v["t"] == "started" {
                    break v["game"].as_str().expect("game id").to_string();
                }
            };
            let mv = json!({"t": "move", "game": game, "n": 0, "move": "e5e6"});
            ws.send(&mv).await.expect("send");
            let e = raw_error(ws).await;
            assert_eq!(e["code"], "illegal");
            let msg = e["msg"].as_str().unwrap_or_default();
            assert!(msg.contains(reason), "{e}");
            assert!(e.get("de").is_none(), "no German field of its own: {e}");
        }
    });
}

/// What a player typed into a computer game's form is refused on a German page in German,
/// naming the value (a level, a clock, a colour, a variant), never the reader's English; an
/// English connection reads the English it always did, with the same code.
#[test]
fn refusals_of_what_was_typed_in_german() {
    sqlite(60, |backend| async move {
        let db = database(backend);
        let server = Server::start(&db.url);
        let (mut de, mut en) = german_and_english(&server).await;
        let asks = [
            (
                json!({"t": "play_computer", "level": "superb", "color": "white"}),
                "„superb“ ist keine Stufe: easy, normal, hard oder eine Spielstärke von 0 bis 20",
                "unknown level",
            ),
            (
                json!({"t": "play_computer", "level": "easy", "tc": "fast"}),
                "„fast“ ist keine Bedenkzeit: Sekunden+Zuschlag wie 300+3 oder 10+0.1",
                "\"fast\" is not a time control",
            ),
            (
                json!({"t": "play_computer", "level": "easy", "color": "purple"}),
                "„purple“ ist keine Farbe: white, black oder random",
                "a colour is white, black or random",
            ),
            (
                json!({"t": "play_computer", "level": "easy", "variant": "Chaturanga"}),
                "„Chaturanga“ ist keine Variante dieses Servers",
                "unknown variant",
            ),
        ];
        for (ask, german, english) in asks {
            de.send(&ask).await.expect("send");
            let e = raw_error(&mut de).await;
            assert_eq!(e["code"], "computer", "{e}");
            let msg = e["msg"].as_str().unwrap_or_default();
            assert!(msg.starts_with(german), "{ask}: {e}");
            assert!(!msg.contains(english), "{ask}: English in {e}");
            en.send(&ask).await.expect("send");
            let e = raw_error(&mut en).await;
            assert_eq!(e["code"], "computer", "{e}");
            let msg = e["msg"].as_str().unwrap_or_default();
            assert!(msg.starts_with(english), "{ask}: {e}");
        }
    });
}
