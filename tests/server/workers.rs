//! Engine workers over PostgreSQL (issue 37): a server with no engine threads of its own plays
//! the computer through `parachess-server worker` processes; a worker killed mid-job loses
//! nothing (another takes the job once its lease runs out); two workers never take the same
//! job; a job whose game moved on is never searched; SIGTERM gives a worker's jobs back, and a
//! web instance's too (and withdraws those it asked for); the engine queue's bound counts every
//! instance's jobs; the analysis board shows a worker's lines as they come. A worker refuses
//! SQLite.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::server_support;

use serde_json::{Value, json};
use server_support::*;
use tokio::sync::mpsc;

/// A running `parachess-server worker`, its output lines as they come.
struct Worker {
    child: Child,
    lines: mpsc::UnboundedReceiver<String>,
    /// Every line read so far.
    seen: Vec<String>,
}

impl Worker {
    /// Starts one with one engine thread and waits for its first line.
    async fn start(db: &str, name: &str) -> Worker {
        let mut child = Command::new(env!("CARGO_BIN_EXE_parachess-server"))
            .args([
                "worker",
                "--db",
                db,
                "--engine-threads",
                "1",
                "--name",
                name,
            ])
            .env(
                "RUST_LOG",
                std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start a worker");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::unbounded_channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let mut w = Worker {
            child,
            lines,
            seen: Vec::new(),
        };
        w.line("the worker's start", |l| {
            l.starts_with("taking engine jobs")
        })
        .await;
        w
    }

    /// The next line matching `pick` (bounded).
    async fn line(&mut self, what: &str, pick: impl Fn(&str) -> bool) -> String {
        let wait = async {
            while let Some(line) = self.lines.recv().await {
                self.seen.push(line.clone());
                if pick(&line) {
                    return Some(line);
                }
            }
            None
        };
        match tokio::time::timeout(Duration::from_secs(60), wait).await {
            Ok(Some(line)) => line,
            Ok(None) => panic!("the worker ended before {what}: {:?}", self.seen),
            Err(_) => panic!("no {what} from the worker: {:?}", self.seen),
        }
    }

    /// The ids of the jobs it took.
    fn took(&self) -> Vec<String> {
        self.seen
            .iter()
            .filter_map(|l| l.strip_prefix("took "))
            .filter_map(|l| l.split_whitespace().nth(1))
            .map(str::to_string)
            .collect()
    }

    /// SIGTERM, then its exit (bounded): whether it exited cleanly, and its last lines.
    async fn stop(mut self) -> (bool, Vec<String>) {
        sigterm(&self.child);
        while let Ok(Some(line)) =
            tokio::time::timeout(Duration::from_secs(30), self.lines.recv()).await
        {
            self.seen.push(line);
        }
        let exited = self.child.wait().expect("wait");
        (exited.success(), self.seen.clone())
    }

    /// `kill -9`.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.kill();
    }
}

fn strings(v: &Value) -> Vec<String> {
    serde_json::from_value(v.clone()).unwrap_or_default()
}

/// A new game against the computer at `level`, the guest White; its id and first legal moves.
async fn computer_game(me: &mut parachess::server::client::Client, level: &str) -> (String, Value) {
    me.send(&json!({"t": "play_computer", "level": level, "color": "white"}))
        .await
        .unwrap();
    let id = expect(me, "started").await["game"]
        .as_str()
        .unwrap()
        .to_string();
    let g = expect(me, "game").await;
    (id, g)
}

/// Plays `moves` of the guest's moves, each answered by the computer; the legal moves after
/// the last answer.
async fn play_moves(
    me: &mut parachess::server::client::Client,
    id: &str,
    mut legal: Vec<String>,
    moves: u64,
) {
    for k in 0..moves {
        let n = 2 * k;
        let ack = play(me, id, n, &legal[(k as usize * 7) % legal.len()]).await;
        assert!(!strings(&ack["legal"]).is_empty(), "the game ended early");
        let reply = seen(me, n + 1).await;
        assert!(reply["move"].is_string(), "{reply}");
        legal = strings(&reply["legal"]);
        assert!(!legal.is_empty(), "the game ended early");
    }
}

/// The rows of the jobs' table.
async fn rows(url: &str) -> i64 {
    let pool = sqlx::postgres::PgPool::connect(url).await.unwrap();
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM engine_jobs")
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    n
}

#[test]
fn postgres_workers_play_the_computer_for_a_server_without_engine_threads() {
    run(Backend::Postgres, 240, |_| async {
        let db = database(Backend::Postgres);
        let server = Server::start_with(&db.url, &["--engine-threads", "0"]);
        let mut a = Worker::start(&db.url, "wa").await;
        let mut b = Worker::start(&db.url, "wb").await;
        // Three games at once, five computer moves each: every one searched by a worker.
        let mut tasks = Vec::new();
        for _ in 0..3 {
            let mut me = guest(&server).await;
            tasks.push(tokio::spawn(async move {
                let (id, g) = computer_game(&mut me, "easy").await;
                play_moves(&mut me, &id, strings(&g["legal"]), 5).await;
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
        // Each `took` comes before its `done`; the last answers were delivered, so their
        // lines are written: read up to the fifteenth `done` between the two.
        let mut done = 0;
        while done < 15 {
            tokio::select! {
                l = a.line("a done", |l| l.starts_with("done ")) => { let _ = l; done += 1; }
                l = b.line("b done", |l| l.starts_with("done ")) => { let _ = l; done += 1; }
            }
        }
        let (ta, tb) = (a.took(), b.took());
        assert_eq!(ta.len() + tb.len(), 15, "{ta:?} {tb:?}");
        assert!(
            ta.iter().all(|id| !tb.contains(id)),
            "a job taken twice: {ta:?} {tb:?}"
        );
        // SIGTERM: a clean exit, nothing held.
        let (clean, lines) = a.stop().await;
        assert!(clean, "{lines:?}");
        assert!(
            lines.iter().any(|l| l == "stopping: 0 jobs given back"),
            "{lines:?}"
        );
        let (clean, _) = b.stop().await;
        assert!(clean);
        assert_eq!(rows(&db.url).await, 0, "answered jobs are deleted");
        drop(server);
    });
}

#[test]
fn postgres_a_killed_workers_job_is_taken_again_and_the_game_goes_on() {
    run(Backend::Postgres, 240, |_| async {
        let db = database(Backend::Postgres);
        let server = Server::start_with(&db.url, &["--engine-threads", "0"]);
        let mut a = Worker::start(&db.url, "wa").await;
        let mut me = guest(&server).await;
        // Hard thinks for seconds: the worker is killed while it searches.
        let (id, g) = computer_game(&mut me, "hard").await;
        play(&mut me, &id, 0, &strings(&g["legal"])[0]).await;
        let took = a.line("a took", |l| l.starts_with("took move ")).await;
        a.kill();
        assert!(
            !a.seen.iter().any(|l| l.starts_with("done ")),
            "{:?}",
            a.seen
        );
        let job = took.trim_start_matches("took move ").to_string();
        let mut b = Worker::start(&db.url, "wb").await;
        let again = b.line("b took", |l| l.starts_with("took move ")).await;
        assert_eq!(again, format!("took move {job}"), "the same job, again");
        let reply = seen(&mut me, 1).await;
        assert!(reply["move"].is_string(), "{reply}");
        // The game goes on with the second worker.
        let legal = strings(&reply["legal"]);
        play(&mut me, &id, 2, &legal[0]).await;
        assert!(seen(&mut me, 3).await["move"].is_string());
        drop(server);
    });
}

#[test]
fn postgres_a_job_whose_game_moved_on_is_not_searched() {
    run(Backend::Postgres, 240, |_| async {
        let db = database(Backend::Postgres);
        let server = Server::start_with(&db.url, &["--engine-threads", "0"]);
        let mut me = guest(&server).await;
        // Queued with no worker to take it; the game ends (resigned): the job is deleted.
        let (id, g) = computer_game(&mut me, "hard").await;
        play(&mut me, &id, 0, &strings(&g["legal"])[0]).await;
        until_rows(&db.url, "the computer's move is a job", |r| r.len() == 1).await;
        me.send(&json!({"t": "resign", "game": id})).await.unwrap();
        expect(&mut me, "end").await;
        let gone = async {
            while rows(&db.url).await > 0 {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        };
        tokio::time::timeout(T, gone)
            .await
            .expect("the cancelled job's row stayed");
        // A worker started now takes the next game's job first and only.
        let mut w = Worker::start(&db.url, "wa").await;
        let (id, g) = computer_game(&mut me, "hard").await;
        play(&mut me, &id, 0, &strings(&g["legal"])[0]).await;
        w.line("took", |l| l.starts_with("took move ")).await;
        assert_eq!(w.took().len(), 1, "{:?}", w.seen);
        // Cancelled while searched: the worker stops and writes nothing (told in time, it
        // drops the search; a search that ended first finds its row gone).
        me.send(&json!({"t": "resign", "game": id})).await.unwrap();
        expect(&mut me, "end").await;
        w.line("the search dropped", |l| {
            l.starts_with("dropped move ") || l.starts_with("not ours any more ")
        })
        .await;
        assert!(
            !w.seen.iter().any(|l| l.starts_with("done ")),
            "{:?}",
            w.seen
        );
        drop(server);
    });
}

/// Each row of the jobs' table: its state, taker, asker and lease.
async fn job_rows(url: &str) -> Vec<(String, Option<String>, String, Option<i64>)> {
    let pool = sqlx::postgres::PgPool::connect(url).await.unwrap();
    let rows = sqlx::query_as("SELECT state, taken_by, asked_by, lease_until FROM engine_jobs")
        .fetch_all(&pool)
        .await
        .unwrap();
    pool.close().await;
    rows
}

/// Waits (bounded) until the jobs' table is as `pick` wants it.
async fn until_rows(
    url: &str,
    what: &str,
    pick: impl Fn(&[(String, Option<String>, String, Option<i64>)]) -> bool,
) {
    for _ in 0..400 {
        if pick(&job_rows(url).await) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{what}: the jobs' table is {:?}", job_rows(url).await);
}

#[test]
fn postgres_a_stopped_instance_gives_its_jobs_back_at_once() {
    run(Backend::Postgres, 240, |_| async {
        let db = database(Backend::Postgres);
        // `asker` has no engine threads; `taker`'s one thread searches what it asks.
        let mut asker =
            Server::start_with(&db.url, &["--engine-threads", "0", "--instance", "asker"]);
        let mut taker =
            Server::start_with(&db.url, &["--engine-threads", "1", "--instance", "taker"]);
        let mut me = guest(&asker).await;
        let (id, g) = computer_game(&mut me, "hard").await;
        play(&mut me, &id, 0, &strings(&g["legal"])[0]).await;
        until_rows(&db.url, "the taker holds the move", |r| {
            r.len() == 1 && r[0].0 == "taken" && r[0].1.as_deref() == Some("taker")
        })
        .await;
        // SIGTERM while it searches (Hard thinks for seconds; its lease runs 9 s): it exits
        // cleanly and the job is free at once, not when the lease runs out.
        assert!(taker.terminate().await, "the taker's exit");
        let left = job_rows(&db.url).await;
        assert_eq!(left.len(), 1, "{left:?}");
        assert_eq!(
            (left[0].0.as_str(), &left[0].1, left[0].3),
            ("queued", &None, None),
            "{left:?}"
        );
        // A worker takes it and the game goes on.
        let mut w = Worker::start(&db.url, "wa").await;
        let reply = seen(&mut me, 1).await;
        assert!(reply["move"].is_string(), "{reply}");
        w.line("the job done", |l| l.starts_with("done ")).await;
        assert_eq!(w.took().len(), 1, "{:?}", w.seen);
        w.kill();
        // The asker stopped while its next job waits (no taker now): the job is withdrawn.
        play(&mut me, &id, 2, &strings(&reply["legal"])[0]).await;
        until_rows(&db.url, "the next move queued", |r| r.len() == 1).await;
        assert!(asker.terminate().await, "the asker's exit");
        assert_eq!(rows(&db.url).await, 0, "the stopped asker's jobs stay");
    });
}

/// Asks for a game against Easy: its `started`, or the refusal.
async fn ask_easy_game(c: &mut parachess::server::client::Client) -> Value {
    c.send(&json!({"t": "play_computer", "level": "easy", "color": "white"}))
        .await
        .unwrap();
    c.wait_for("started or refused", T, |v| {
        v["t"] == "started" || v["t"] == "error"
    })
    .await
    .unwrap()
}

#[test]
fn postgres_the_engine_queue_is_the_sites() {
    run(Backend::Postgres, 240, |_| async {
        let db = database(Backend::Postgres);
        let flags = |name| {
            [
                "--engine-threads",
                "0",
                "--engine-queue",
                "1",
                "--computer-games",
                "100",
                "--computer-games-per-address",
                "1000",
                "--instance",
                name,
            ]
        };
        let one = Server::start_with(&db.url, &flags("one"));
        let two = Server::start_with(&db.url, &flags("two"));
        // One move waits on `one` (no taker anywhere): `two` refuses a new computer game.
        let mut a = guest(&one).await;
        let (id, g) = computer_game(&mut a, "hard").await;
        play(&mut a, &id, 0, &strings(&g["legal"])[0]).await;
        until_rows(&db.url, "the move queued", |r| r.len() == 1).await;
        let mut b = guest(&two).await;
        // `two` counts the table every second: a game it starts before then is resigned.
        let mut refused = None;
        for _ in 0..40 {
            let m = ask_easy_game(&mut b).await;
            if m["t"] == "error" {
                refused = Some(m);
                break;
            }
            let game = m["game"].as_str().unwrap().to_string();
            b.send(&json!({"t": "resign", "game": game})).await.unwrap();
            expect(&mut b, "end").await;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let refused = refused.expect("two never counted one's waiting move");
        assert_eq!(refused["code"], "busy", "{refused}");
        assert!(
            refused["msg"].as_str().unwrap().contains('1'),
            "the queue's count and bound: {refused}"
        );
        // Once a worker has answered it, `two` starts games again.
        let _w = Worker::start(&db.url, "wa").await;
        assert!(seen(&mut a, 1).await["move"].is_string());
        let mut started = false;
        for _ in 0..40 {
            let m = ask_easy_game(&mut b).await;
            if m["t"] == "started" {
                started = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(started, "two stayed busy after the queue emptied");
    });
}

#[test]
fn postgres_the_analysis_board_shows_a_workers_lines_as_they_come() {
    run(Backend::Postgres, 240, |_| async {
        let db = database(Backend::Postgres);
        let server =
            Server::start_with(&db.url, &["--engine-threads", "0", "--analysis-ms", "2000"]);
        let _w = Worker::start(&db.url, "wa").await;
        let mut me = guest(&server).await;
        let start = parachess::rules::Game::new().position().to_string();
        me.send(&json!({"t": "analyse", "id": 1, "position": start}))
            .await
            .unwrap();
        let mut depths = Vec::new();
        loop {
            let m = me
                .wait_for("lines", T, |v| {
                    v["t"] == "analysis_lines" || v["t"] == "error"
                })
                .await
                .unwrap();
            assert_eq!(m["t"], "analysis_lines", "{m}");
            let lines = m["lines"].as_array().cloned().unwrap_or_default();
            if m["done"] == true {
                assert!(!lines.is_empty(), "{m}");
                break;
            }
            if !lines.is_empty() {
                depths.push(m["depth"].as_u64().unwrap());
            }
        }
        assert!(!depths.is_empty(), "no lines before the final ones");
        assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
        drop(server);
    });
}

#[test]
fn a_worker_refuses_sqlite() {
    let out = Command::new(env!("CARGO_BIN_EXE_parachess-server"))
        .args(["worker", "--db", "sqlite:/tmp/never.sqlite"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("PostgreSQL"), "{err}");
    let dir = TempDir::new("workers");
    let db = format!("sqlite:{}", dir.0.join("server.sqlite").display());
    let out = Command::new(env!("CARGO_BIN_EXE_parachess-server"))
        .args(["--engine-threads", "0", "--db", &db])
        .args(["--listen", "127.0.0.1:0"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs PostgreSQL"), "{err}");
}
