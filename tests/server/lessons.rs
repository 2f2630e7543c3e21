//! Issue 37, the lessons in the browser: a stage checked by the server (right and wrong), the
//! stars stored for the player and read back (a guest's with its session), on SQLite and
//! PostgreSQL; the pages' language from `Accept-Language` and `?lang=`.

use crate::server_support;

use parachess::server::messages::{ClientMsg, LessonView, ServerMsg};
use server_support::*;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

/// Lesson 3 (the Rook), stage 3: "Collect the stars" (e1e10, e10f6, f6k6 is the shortest way).
const ROOK: (u32, u32) = (3, 3);

async fn attempt(c: &mut parachess::server::client::Client, inputs: &[&str]) -> LessonView {
    say(
        c,
        ClientMsg::LessonTry {
            lesson: ROOK.0,
            stage: ROOK.1,
            inputs: inputs.iter().map(|s| s.to_string()).collect(),
            lang: None,
        },
    )
    .await;
    wait_msg(c, "lesson", |m| match m {
        ServerMsg::Lesson(v) => Some(*v),
        _ => None,
    })
    .await
}

async fn progress(c: &mut parachess::server::client::Client) -> Vec<Vec<u8>> {
    say(c, ClientMsg::Lessons).await;
    wait_msg(c, "lesson_progress", |m| match m {
        ServerMsg::LessonProgress { lessons } => {
            Some(lessons.into_iter().map(|l| l.stars).collect())
        }
        _ => None,
    })
    .await
}

async fn stages_checked_and_progress_kept(backend: Backend) {
    let db = database(backend);
    let server = Server::start(&db.url);
    let mut me = guest(&server).await;
    let start = attempt(&mut me, &[]).await;
    assert_eq!(start.state, "play");
    assert_eq!(start.stars_left.len(), 3);
    // Wrong: a move that brings the Rook no nearer to a star is refused and changes nothing.
    let wrong = attempt(&mut me, &["e1a1"]).await;
    assert!(!wrong.accepted);
    assert_eq!(wrong.position, start.position);
    assert!(wrong.said.contains("closer to a star"), "{}", wrong.said);
    // Not a move at all.
    assert!(!attempt(&mut me, &["zz"]).await.accepted);
    // A longer way: 2 stars, stored.
    let long = attempt(&mut me, &["e1b1", "b1e1", "e1e10", "e10f6", "f6k6"]).await;
    assert_eq!(long.state, "done", "{long:?}");
    assert_eq!(long.stars, Some(2));
    assert_eq!(long.best, Some(2));
    // Right: the fewest moves, 3 stars; the best goes up.
    let right = attempt(&mut me, &["e1e10", "e10f6", "f6k6"]).await;
    assert_eq!(
        (right.state.as_ref(), right.stars, right.best),
        ("done", Some(3), Some(3))
    );
    // A worse attempt afterwards leaves the best alone.
    let again = attempt(&mut me, &["e1b1", "b1e1", "e1e10", "e10f6", "f6k6"]).await;
    assert_eq!((again.stars, again.best), (Some(2), Some(3)));
    let stars = progress(&mut me).await;
    assert_eq!(stars.len(), 15);
    assert_eq!(stars[2][2], 3);
    assert_eq!(stars[0][0], 0);
    // The guest comes back with its session: the stars are still there.
    let token = me.token.clone();
    drop(me);
    let mut back = parachess::server::client::Client::hello(&server.url, Some(&token))
        .await
        .expect("hello again");
    assert_eq!(progress(&mut back).await[2][2], 3);
    // The guest registers: its stars come to the account, kept for good.
    say(
        &mut back,
        ClientMsg::Register {
            name: "learner".into(),
            password: "correct horse".into(),
        },
    )
    .await;
    expect(&mut back, "welcome").await;
    assert_eq!(progress(&mut back).await[2][2], 3);
    let mut again = parachess::server::client::Client::connect(&server.url)
        .await
        .expect("connect");
    say(
        &mut again,
        ClientMsg::Hello {
            v: parachess::server::messages::VERSION,
            token: None,
            routes: false,
        },
    )
    .await;
    expect(&mut again, "welcome").await;
    say(
        &mut again,
        ClientMsg::Login {
            name: "Learner".into(),
            password: "correct horse".into(),
        },
    )
    .await;
    expect(&mut again, "welcome").await;
    assert_eq!(progress(&mut again).await[2][2], 3);
    // Another guest has none.
    let mut other = guest(&server).await;
    assert!(progress(&mut other).await.iter().flatten().all(|&s| s == 0));
    // Bounds: no such stage; too many inputs.
    say(
        &mut other,
        ClientMsg::LessonTry {
            lesson: 16,
            stage: 1,
            inputs: Vec::new(),
            lang: None,
        },
    )
    .await;
    assert_eq!(expect_error(&mut other).await, "lesson");
    say(
        &mut other,
        ClientMsg::LessonTry {
            lesson: 1,
            stage: 1,
            inputs: vec!["a1".to_string(); 121],
            lang: None,
        },
    )
    .await;
    assert_eq!(expect_error(&mut other).await, "lesson");
}

#[test]
fn lesson_stage_checked_and_progress_kept() {
    run(Backend::Sqlite, 120, stages_checked_and_progress_kept);
}

#[test]
fn postgres_lesson_stage_checked_and_progress_kept() {
    run(Backend::Postgres, 120, stages_checked_and_progress_kept);
}

#[test]
fn a_click_stage_counts_wrong_clicks_and_speaks_german() {
    run(Backend::Sqlite, 120, |backend| async move {
        let db = database(backend);
        let server = Server::start(&db.url);
        let mut me = guest(&server).await;
        // Lesson 1, stage "The centre": six cells; one wrong click costs a star.
        let lessons = parachess::lessons::builtin().unwrap();
        let s = lessons[0]
            .stages
            .iter()
            .position(|st| st.title == "The centre")
            .unwrap() as u32
            + 1;
        say(
            &mut me,
            ClientMsg::LessonTry {
                lesson: 1,
                stage: s,
                inputs: ["e4", "e5", "f3", "f4", "e6", "g5", "g6"]
                    .iter()
                    .map(|c| c.to_string())
                    .collect(),
                lang: Some("de".into()),
            },
        )
        .await;
        let view = wait_msg(&mut me, "lesson", |m| match m {
            ServerMsg::Lesson(v) => Some(*v),
            _ => None,
        })
        .await;
        assert!(view.clicks);
        assert_eq!(
            (view.state.as_ref(), view.stars, view.moves),
            ("done", Some(2), 7)
        );
        assert!(view.said.starts_with("Stufe geschafft"), "{}", view.said);
    });
}

/// `GET path` with extra headers: the status and the body (asked for uncompressed).
async fn page(server: &Server, path: &str, extra: &[(&str, &str)]) -> (u16, String) {
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
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[test]
fn accept_language_picks_german_and_the_rule_book_moved() {
    run(Backend::Sqlite, 60, |backend| async move {
        let db = database(backend);
        let server = Server::start(&db.url);
        let (status, english) = page(&server, "/learn", &[]).await;
        assert_eq!(status, 200);
        assert!(english.contains("<html lang=\"en\">"));
        assert!(english.contains("Learn Parachess"));
        assert!(english.contains("href=\"/learn/3/3\""));
        let (_, german) = page(
            &server,
            "/learn",
            &[("Accept-Language", "de-DE,de;q=0.9,en;q=0.5")],
        )
        .await;
        assert!(
            german.contains("<html lang=\"de\">"),
            "{}",
            &german[..400.min(german.len())]
        );
        assert!(german.contains("Parachess lernen"));
        assert!(
            german.contains(">Lernen</a>"),
            "the shell's nav speaks German too"
        );
        assert!(
            german
                .to_ascii_lowercase()
                .contains("vary: accept-encoding, accept-language"),
            "a cache keeps each language apart"
        );
        // ?lang= wins over the header.
        let (_, asked) = page(&server, "/learn/3/3?lang=en", &[("Accept-Language", "de")]).await;
        assert!(asked.contains("<html lang=\"en\">"));
        assert!(asked.contains("data-lesson=\"3\""));
        let (_, lobby) = page(&server, "/?lang=de", &[]).await;
        assert!(lobby.contains("Gegen den Computer"));
        let (status, rules) = page(&server, "/rules", &[]).await;
        assert_eq!(status, 200);
        assert!(rules.contains("diagram-fig"));
        assert!(rules.contains("<article class=\"card rules\" lang=\"en\">"));
        assert!(rules.contains("<h2 id=\"6-play\">"));
        // In German the rule book itself is German (docs/RULES.de.md), the diagrams too.
        let (status, regeln) = page(&server, "/rules", &[("Accept-Language", "de")]).await;
        assert_eq!(status, 200);
        assert!(regeln.contains("<html lang=\"de\">"));
        assert!(regeln.contains("<article class=\"card rules\" lang=\"de\">"));
        assert!(regeln.contains("<h2 id=\"6-spielverlauf\">6. Spielverlauf</h2>"));
        assert!(regeln.contains("<td>Zauberer</td>"));
        assert!(regeln.contains("16 Felder von e5 aus"));
        assert!(!regeln.contains("<h2 id=\"6-play\">"));
        assert!(!regeln.contains("in English"));
        let (status, _) = page(&server, "/learn/99/1", &[]).await;
        assert_eq!(status, 404);
        let (status, _) = page(&server, "/learn/1/x", &[]).await;
        assert_eq!(status, 404);
    });
}
