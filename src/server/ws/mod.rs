//! One WebSocket connection: a single task reads the client's messages (bounded in size and
//! rate), forwards game events from the games it follows, and writes to the socket. A client
//! that stops reading fills its bounded queue and is dropped; nothing a client sends can make
//! the task panic.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, broadcast, mpsc};
use tokio::task::AbortHandle;

use super::auth;
use super::db::{PlayerRow, Write, now_ms};
use super::game::{Cmd, Event, GameHandle};
use super::hub::analysis::{BoardRequest, Running as RunningAnalysis};
use super::hub::game_analysis::Followed as FollowedAnalysis;
use super::hub::{Hub, Identity, Out};
use super::lessons;
use super::limit::Bucket;
use super::messages::{
    ClientMsg, LessonStars, MAX_MESSAGE, MAX_QUESTION, ServerMsg, VERSION, side_name,
};
use super::metrics::Metrics;
use super::refusals;
use super::routes;
use super::tournaments;
use super::web::lang::{self, Lang};
use crate::rules::Side;

mod dispatch;
mod follow;
mod lesson_stages;
mod sessions;

/// Time a client has to say `hello`.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// Time a write to the socket may take before the client counts as not reading.
const SEND_WITHIN: Duration = Duration::from_secs(10);
/// Time the last messages and the close frame may take to go out.
const CLOSE_WITHIN: Duration = Duration::from_secs(2);
/// The close reason of a client whose queue overflowed.
const NOT_READING: &str = "not reading: too many messages queued";
/// Rate-limited messages after which the connection is closed.
const MAX_STRIKES: u32 = 50;
/// How often the server pings a client, and how long a silent client is kept.
const PING_EVERY: Duration = Duration::from_secs(30);
const SILENT_FOR: Duration = Duration::from_secs(75);
/// Games (and the lobby) one connection may follow at once.
const MAX_FOLLOWED: usize = 64;

struct Conn {
    hub: Arc<Hub>,
    id: u64,
    addr: IpAddr,
    tx: mpsc::Sender<Out>,
    kill: Arc<Notify>,
    player: Option<Identity>,
    follows: HashMap<String, Follow>,
    /// Asked for routes in its hello (the web page): game messages carry them.
    routes: bool,
    /// When the message being handled arrived (a move's acknowledgement time counts from it).
    arrived: tokio::time::Instant,
    /// The analysis board's search, if one runs (dropped: it stops).
    analysis: Option<RunningAnalysis>,
    /// The language its refusals are written in (`/ws?lang=`; English by default).
    lang: Lang,
}

/// A followed game's (or the lobby's) forwarding task, and the game task it follows.
struct Follow {
    task: AbortHandle,
    /// The game task's inbox: a game adjourned and brought back has a new task.
    game: Option<mpsc::Sender<super::game::Req>>,
}

/// Counts a connection in the metrics while its task lives, however the task ends.
struct Counted<'a>(&'a prometheus_client::metrics::gauge::Gauge);

impl<'a> Counted<'a> {
    fn new(gauge: &'a prometheus_client::metrics::gauge::Gauge) -> Counted<'a> {
        gauge.inc();
        Counted(gauge)
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// Serves one upgraded socket until it closes.
pub async fn serve(socket: WebSocket, hub: Arc<Hub>, addr: IpAddr, id: u64, lang: Lang) {
    let _counted = Counted::new(&hub.metrics.connections);
    tracing::debug!("connection {id} from {addr} opened");
    let (tx, mut rx) = mpsc::channel::<Out>(hub.limits.send_queue);
    let (mut sink, mut stream) = socket.split();
    let mut conn = Conn {
        hub: hub.clone(),
        id,
        addr,
        tx,
        kill: Arc::new(Notify::new()),
        player: None,
        follows: HashMap::new(),
        routes: false,
        arrived: tokio::time::Instant::now(),
        analysis: None,
        lang,
    };
    let mut bucket = Bucket::new(hub.limits.msg_rate.0, hub.limits.msg_rate.1);
    let mut strikes = 0u32;
    let hello_by = tokio::time::Instant::now() + HELLO_WITHIN;
    let kill = conn.kill.clone();
    let mut close_reason: Option<&'static str> = None;
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut heard = tokio::time::Instant::now();
    loop {
        let hello_timer = tokio::time::sleep_until(hello_by);
        tokio::select! {
            _ = ping.tick() => {
                if heard.elapsed() > SILENT_FOR {
                    close_reason = Some("silent for too long");
                    break;
                }
                let send = sink.send(Message::Ping(Default::default()));
                if !matches!(tokio::time::timeout(SEND_WITHIN, send).await, Ok(Ok(()))) {
                    break;
                }
            }
            msg = stream.next() => {
                heard = tokio::time::Instant::now();
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        close_reason = Some("binary messages are not part of the protocol");
                        break;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    // Closed, oversized (refused by the socket layer) or broken.
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                };
                // This connection's budget, then its address's (shared by all its connections).
                let refused = if !bucket.take() {
                    Some("rate-conn")
                } else if !hub.message_allowed(addr) {
                    Some("rate-address")
                } else {
                    None
                };
                if let Some(why) = refused {
                    strikes += 1;
                    if strikes > MAX_STRIKES {
                        close_reason = Some("too many messages");
                        break;
                    }
                    conn.send(refusals::refused("rate", why, &[]));
                    continue;
                }
                if text.len() > MAX_MESSAGE {
                    close_reason = Some("message too large");
                    break;
                }
                let parsed: Result<ClientMsg, _> = serde_json::from_str(text.as_str());
                match parsed {
                    Ok(m) => {
                        conn.arrived = heard;
                        if let Err(reason) = conn.handle(m).await {
                            close_reason = Some(reason);
                            break;
                        }
                    }
                    Err(e) => {
                        let mut why = e.to_string();
                        why.truncate(200);
                        conn.send(ServerMsg::error("bad_json", why));
                    }
                }
            }
            out = rx.recv() => {
                let Some(out) = out else { break };
                let text: Arc<str> = match out {
                    Out::Text(t) => t,
                    Out::Started(game, side) => {
                        conn.started(game, side).await;
                        continue;
                    }
                };
                // A write that waits on a client that does not read ends as soon as its queue
                // overflows, not after SEND_WITHIN.
                let send = sink.send(Message::Text(Utf8Bytes::from(&*text)));
                let sent = tokio::select! {
                    r = tokio::time::timeout(SEND_WITHIN, send) => matches!(r, Ok(Ok(()))),
                    _ = kill.notified() => {
                        close_reason = Some(NOT_READING);
                        false
                    }
                };
                if !sent {
                    break;
                }
            }
            _ = kill.notified() => {
                close_reason = Some(NOT_READING);
                break;
            }
            _ = hello_timer, if conn.player.is_none() => {
                close_reason = Some("no hello");
                break;
            }
        }
    }
    if let Some(reason) = close_reason {
        // Whatever is queued for it first (unless it does not read), then the reason; all of
        // it within CLOSE_WITHIN, so a stuck socket is not kept.
        let goodbye = async {
            if reason != NOT_READING {
                while let Ok(Out::Text(t)) = rx.try_recv() {
                    if sink
                        .send(Message::Text(Utf8Bytes::from(&*t)))
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
            }
            let frame = CloseFrame {
                code: 1008,
                reason: Utf8Bytes::from(reason),
            };
            let _ = sink.send(Message::Close(Some(frame))).await;
        };
        let _ = tokio::time::timeout(CLOSE_WITHIN, goodbye).await;
    }
    for (_, f) in conn.follows.drain() {
        f.task.abort();
    }
    match close_reason {
        Some(reason) => tracing::info!("connection {id} from {addr} closed: {reason}"),
        None => tracing::debug!("connection {id} from {addr} closed"),
    }
    hub.close_conn(id, addr, conn.player.as_ref());
}

impl Conn {
    /// Queues a message for the client; a full queue means it is not reading.
    fn send(&self, msg: ServerMsg) {
        let msg = refusals::in_language(msg, self.lang);
        if self.tx.try_send(Out::Text(msg.to_json().into())).is_err() {
            self.kill.notify_one();
        }
    }

    fn send_text(&self, text: Arc<str>) {
        if self.tx.try_send(Out::Text(text)).is_err() {
            self.kill.notify_one();
        }
    }

    fn me(&self) -> Result<&Identity, ServerMsg> {
        self.player
            .as_ref()
            .ok_or_else(|| refusals::refused("hello_first", "code-hello_first", &[]))
    }

    /// Handles one message; `Err` closes the connection with that reason.
    async fn handle(&mut self, msg: ClientMsg) -> Result<(), &'static str> {
        let result = self.dispatch(msg).await;
        match result {
            Ok(()) => Ok(()),
            Err(Fatal::Msg(m)) => {
                self.send(m);
                Ok(())
            }
            Err(Fatal::Close(reason)) => Err(reason),
        }
    }
}

enum Fatal {
    Msg(ServerMsg),
    Close(&'static str),
}

impl From<ServerMsg> for Fatal {
    fn from(m: ServerMsg) -> Fatal {
        Fatal::Msg(m)
    }
}

fn db_err(e: super::db::DbError) -> ServerMsg {
    tracing::error!("database error: {e}");
    ServerMsg::error("db", "database error")
}
