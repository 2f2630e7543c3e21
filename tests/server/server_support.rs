//! What the server tests share: a `parachess-server` process on a loopback port over a fresh
//! database, SQLite or PostgreSQL, and clients. One private PostgreSQL per test binary
//! (`initdb` + `pg_ctl` in a temporary folder on a loopback port), a database in it per test.
//! Missing PostgreSQL binaries fail the PostgreSQL tests; every one has `postgres` in its name,
//! so `cargo test --test server -- --skip postgres` leaves them out (the runner counts them as
//! filtered out, never as passed).

#![allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use parachess::server::client::Client;
use parachess::server::messages::{ClientMsg, ServerMsg};
use serde_json::{Value, json};

/// A database back-end.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Runs `body` for the back-end, within `secs`, on a multi-threaded runtime.
pub fn run<F: std::future::Future<Output = ()>>(
    backend: Backend,
    secs: u64,
    body: impl FnOnce(Backend) -> F,
) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        tokio::time::timeout(Duration::from_secs(secs), body(backend))
            .await
            .expect("the test ran out of time");
    });
}

static SEQ: AtomicU32 = AtomicU32::new(0);

/// A temporary folder removed at drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let n = SEQ.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("parachess-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh database: its URL, and the folder to keep alive for SQLite.
pub struct Database {
    pub url: String,
    _dir: Option<TempDir>,
}

/// A new empty database of the back-end.
pub fn database(backend: Backend) -> Database {
    match backend {
        Backend::Sqlite => {
            let dir = TempDir::new("db");
            let url = format!("sqlite:{}", dir.0.join("server.sqlite").display());
            Database {
                url,
                _dir: Some(dir),
            }
        }
        Backend::Postgres => {
            let pg = postgres();
            let n = SEQ.fetch_add(1, Ordering::Relaxed);
            let name = format!("t{}_{n}", std::process::id());
            let status = pg
                .command("createdb")
                .args([
                    "-h",
                    "127.0.0.1",
                    "-p",
                    &pg.port.to_string(),
                    "-U",
                    "postgres",
                    &name,
                ])
                .status()
                .expect("createdb");
            assert!(status.success(), "createdb {name} failed");
            Database {
                url: format!("postgres://postgres@127.0.0.1:{}/{name}", pg.port),
                _dir: None,
            }
        }
    }
}

/// The test binary's private PostgreSQL.
pub struct Postgres {
    pub port: u16,
    bin: PathBuf,
    as_postgres: bool,
}

impl Postgres {
    fn command(&self, tool: &str) -> Command {
        let path = self.bin.join(tool);
        if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(path);
            c
        } else {
            Command::new(path)
        }
    }
}

fn pg_bin() -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("bin"))
        .filter(|p| p.join("initdb").exists() && p.join("pg_ctl").exists())
        .collect();
    found.sort();
    found.pop()
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Starts (once per test binary) the private PostgreSQL, stopped by a watchdog when this
/// process ends.
pub fn postgres() -> &'static Postgres {
    static PG: OnceLock<Postgres> = OnceLock::new();
    PG.get_or_init(|| {
        let bin = pg_bin().unwrap_or_else(|| {
            panic!(
                "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run \
                 scripts/install-deps.sh, or leave these tests out: cargo test --test server -- --skip postgres"
            )
        });
        let as_postgres = is_root();
        let dir = std::env::temp_dir().join(format!("parachess-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("pg dir");
        let data = dir.join("data");
        let port = free_port();
        let pg = Postgres {
            port,
            bin,
            as_postgres,
        };
        if as_postgres {
            let ok = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status()
                .is_ok_and(|s| s.success());
            assert!(ok, "chown of the PostgreSQL folder failed");
        }
        let out = pg
            .command("initdb")
            .args([
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
                "-D",
            ])
            .arg(&data)
            .output()
            .expect("initdb");
        assert!(
            out.status.success(),
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let opts = format!(
            "-k {} -h 127.0.0.1 -p {port} -c fsync=off -c max_connections=300",
            dir.display()
        );
        let out = pg
            .command("pg_ctl")
            .args(["-w", "-l"])
            .arg(dir.join("log"))
            .arg("-D")
            .arg(&data)
            .args(["-o", &opts, "start"])
            .stdout(Stdio::null())
            .output()
            .expect("pg_ctl start");
        assert!(
            out.status.success(),
            "pg_ctl start failed: {} {}",
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(dir.join("log")).unwrap_or_default()
        );
        watchdog(&pg, &data, &dir);
        pg
    })
}

/// A detached shell that stops PostgreSQL and removes its folder once this process is gone.
fn watchdog(pg: &Postgres, data: &Path, dir: &Path) {
    let pg_ctl = pg.bin.join("pg_ctl");
    let run_as = if pg.as_postgres {
        "runuser -u postgres -- "
    } else {
        ""
    };
    let script = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {run_as}{pg_ctl} -D '{data}' stop -m immediate >/dev/null 2>&1; rm -rf '{dir}'",
        pid = std::process::id(),
        pg_ctl = pg_ctl.display(),
        data = data.display(),
        dir = dir.display(),
    );
    let _ = Command::new("setsid")
        .args(["sh", "-c", &script])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
}

/// SIGTERM to a child process (as systemd stops a service).
pub fn sigterm(child: &Child) {
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success());
}

/// A running `parachess-server`.
pub struct Server {
    pub child: Child,
    pub url: String,
    pub db: String,
}

impl Server {
    /// Starts one on `db` on any free port and waits for its `listening on` line.
    pub fn start(db: &str) -> Server {
        Server::start_with(db, &[])
    }

    /// With extra flags.
    pub fn start_with(db: &str, extra: &[&str]) -> Server {
        Server::start_at(db, "127.0.0.1:0", extra)
    }

    /// On a given address (a restart on the same port).
    pub fn start_at(db: &str, listen: &str, extra: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_parachess-server"));
        // Only what went wrong in the test's output, unless the one running it asks for more.
        if std::env::var_os("RUST_LOG").is_none() {
            command.env("RUST_LOG", "warn");
        }
        // No showcase game (the computer playing itself when nobody plays) unless asked for.
        let showcase = extra.contains(&"--showcase");
        if !showcase {
            command.arg("--no-showcase");
        }
        let mut child = command
            .args(["--listen", listen, "--db", db])
            .args(extra.iter().filter(|a| **a != "--showcase"))
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start parachess-server");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(line)) = lines.next() {
                let _ = tx.send(line);
            }
            for _ in lines {}
        });
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the server printed no first line");
        let url = line
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Server {
            child,
            url,
            db: db.to_string(),
        }
    }

    /// `kill -9`.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, as systemd stops it, and its exit (bounded): whether it exited cleanly.
    pub async fn terminate(&mut self) -> bool {
        sigterm(&self.child);
        for _ in 0..400 {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.success();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server did not stop within 20 s of SIGTERM");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

pub const T: Duration = Duration::from_secs(20);

/// A guest connected to the server.
pub async fn guest(server: &Server) -> Client {
    Client::hello(&server.url, None).await.expect("hello")
}

/// The next message of type `t` (others kept).
pub async fn expect(c: &mut Client, t: &str) -> Value {
    c.wait_for(t, T, |v| v["t"] == t)
        .await
        .unwrap_or_else(|e| panic!("waiting for {t}: {e}"))
}

/// Sends a typed message.
pub async fn say(c: &mut Client, msg: ClientMsg) {
    c.say(&msg).await.expect("send");
}

/// The first message `pick` takes something out of (the others kept for later reads).
pub async fn wait_msg<R>(c: &mut Client, what: &str, pick: impl Fn(ServerMsg) -> Option<R>) -> R {
    let m = c
        .wait_for_msg(what, T, |m| pick(m.clone()).is_some())
        .await
        .unwrap_or_else(|e| panic!("waiting for {what}: {e}"));
    pick(m).unwrap_or_else(|| panic!("{what} taken once, not twice"))
}

/// The next `error`, its code.
pub async fn expect_error(c: &mut Client) -> String {
    expect(c, "error").await["code"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Starts a game between two clients: `a` challenges `b` with `spec` (a JSON object of seek
/// terms, `a` White); returns the game id, after both have its `game` message.
pub async fn start_game(a: &mut Client, b: &mut Client, spec: Value) -> String {
    let mut msg = json!({"t": "challenge", "to": b.name, "color": "white"});
    if let (Some(m), Some(s)) = (msg.as_object_mut(), spec.as_object()) {
        for (k, v) in s {
            m.insert(k.clone(), v.clone());
        }
    }
    a.send(&msg).await.expect("send");
    let ch = expect(b, "challenge").await;
    b.send(&json!({"t": "accept", "id": ch["id"]}))
        .await
        .expect("send");
    let started = expect(a, "started").await;
    assert_eq!(started["color"], "white");
    let id = started["game"].as_str().expect("game id").to_string();
    expect(a, "game").await;
    let sb = expect(b, "started").await;
    assert_eq!(sb["color"], "black");
    expect(b, "game").await;
    id
}

/// Plays half-move `n` (`mv`) by `c` and waits for its acknowledgement (`moved` n).
pub async fn play(c: &mut Client, game: &str, n: u64, mv: &str) -> Value {
    c.send(&json!({"t": "move", "game": game, "n": n, "move": mv}))
        .await
        .expect("send");
    let m = c
        .wait_for("moved", T, |v| {
            (v["t"] == "moved" && v["n"] == n) || v["t"] == "error"
        })
        .await
        .expect("ack");
    assert_eq!(m["t"], "moved", "move {n} {mv} refused: {m}");
    m
}

/// The `moved` n as another follower sees it.
pub async fn seen(c: &mut Client, n: u64) -> Value {
    c.wait_for("moved", T, |v| v["t"] == "moved" && v["n"] == n)
        .await
        .unwrap_or_else(|e| panic!("move {n} not seen: {e}"))
}

/// `GET path` as JSON.
pub async fn get_json(server: &Server, path: &str) -> (u16, Value) {
    let (status, body) = parachess::server::client::http_get(&server.url, path)
        .await
        .expect("GET");
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

/// Declares `sqlite::NAME` and `postgres::NAME` tests running `NAME(backend)` within `SECS`
/// (`--skip postgres` leaves out the second).
#[macro_export]
macro_rules! both_backends {
    ($secs:expr, $($name:ident),+ $(,)?) => {
        mod sqlite {
            $(#[test] fn $name() { $crate::server_support::run($crate::server_support::Backend::Sqlite, $secs, super::$name); })+
        }
        mod postgres {
            $(#[test] fn $name() { $crate::server_support::run($crate::server_support::Backend::Postgres, $secs, super::$name); })+
        }
    };
}

/// Why [`RawWs::recv`] got nothing.
#[derive(Debug)]
pub enum RawEnd {
    /// The server closed the connection (or broke it).
    Closed(String),
    /// Nothing came in time.
    Timeout,
}

/// A WebSocket to the server from a chosen loopback address (the server sees 127.0.0.2 as
/// another client than 127.0.0.1), with a receive buffer of the size asked for: what the
/// protocol client does not do.
pub struct RawWs {
    ws: tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
    /// The name the `welcome` gave.
    pub name: String,
}

impl RawWs {
    /// Connects from `from` and says hello (waits for `welcome`).
    pub async fn hello(server: &Server, from: &str, recv_buffer: Option<u32>) -> RawWs {
        RawWs::hello_with(server, from, recv_buffer, json!({"t": "hello", "v": 1})).await
    }

    /// With a hello of one's own (`"routes": true`, say).
    pub async fn hello_with(
        server: &Server,
        from: &str,
        recv_buffer: Option<u32>,
        hello: Value,
    ) -> RawWs {
        RawWs::hello_at(server, from, recv_buffer, hello, "/ws").await
    }

    /// At an address of one's own (`/ws?lang=de`, as the web pages open it).
    pub async fn hello_at(
        server: &Server,
        from: &str,
        recv_buffer: Option<u32>,
        hello: Value,
        path: &str,
    ) -> RawWs {
        let hp = server.url.strip_prefix("http://").expect("http URL");
        let to: std::net::SocketAddr = hp.parse().expect("server address");
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        if let Some(n) = recv_buffer {
            socket.set_recv_buffer_size(n).expect("receive buffer");
        }
        let local: std::net::IpAddr = from.parse().expect("local address");
        socket
            .bind(std::net::SocketAddr::new(local, 0))
            .expect("bind the local address");
        let stream = socket.connect(to).await.expect("connect");
        let (ws, _) = tokio_tungstenite::client_async(format!("ws://{hp}{path}"), stream)
            .await
            .expect("WebSocket handshake");
        let mut raw = RawWs {
            ws,
            name: String::new(),
        };
        raw.send(&hello).await.expect("send hello");
        loop {
            let v = raw.recv(T).await.expect("welcome");
            if v["t"] == "welcome" {
                raw.name = v["name"].as_str().unwrap_or_default().to_string();
                return raw;
            }
        }
    }

    /// Sends a JSON value.
    pub async fn send(&mut self, v: &Value) -> Result<(), String> {
        use futures_util::SinkExt;
        self.ws
            .send(tokio_tungstenite::tungstenite::Message::text(v.to_string()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next message within `within`.
    pub async fn recv(&mut self, within: Duration) -> Result<Value, RawEnd> {
        use futures_util::StreamExt;
        use tokio_tungstenite::tungstenite::Message;
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let next = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .map_err(|_| RawEnd::Timeout)?;
            match next {
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(t.as_str())
                        .map_err(|e| RawEnd::Closed(format!("not JSON: {e}")));
                }
                Some(Ok(Message::Close(frame))) => {
                    let why = frame.map(|f| f.reason.to_string()).unwrap_or_default();
                    return Err(RawEnd::Closed(why));
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(RawEnd::Closed(e.to_string())),
                None => return Err(RawEnd::Closed("end of stream".into())),
            }
        }
    }

    /// Reads until the server closes the connection: the close reason, and the messages
    /// before it. Panics if it stays open for `within`.
    pub async fn until_closed(&mut self, within: Duration) -> (String, Vec<Value>) {
        let deadline = tokio::time::Instant::now() + within;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.recv(left).await {
                Ok(v) => got.push(v),
                Err(RawEnd::Closed(why)) => return (why, got),
                Err(RawEnd::Timeout) => panic!(
                    "{}: still open after {within:?} ({} messages)",
                    self.name,
                    got.len()
                ),
            }
        }
    }
}

/// Whether the server lists the player as connected (`/api/player/NAME`).
pub async fn is_online(server: &Server, name: &str) -> bool {
    let (status, page) = get_json(server, &format!("/api/player/{name}")).await;
    assert_eq!(status, 200, "player page of {name}: {page}");
    page["online"] == true
}
