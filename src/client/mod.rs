//! A small client of the server's protocol (feature `client`), for the bots, the tests and the
//! desktop game's lobby: a WebSocket with JSON values, and a plain HTTP GET for the API. It
//! lives outside [`crate::server`] so the game can use it without building the server (axum,
//! sqlx); the server re-exports it as `server::client`.

/// The protocol's messages: here, below the server, so the game and the bots have them without
/// the server; the server re-exports them as `server::protocol`.
pub mod messages;

mod game;
mod link;
mod lobby;
mod tournaments;

pub use game::ServerGame;
pub use link::{Link, LinkConfig, LinkEvent};
pub use lobby::{GameEntry, Lobby, LobbyChange, Seek, clock_words};
pub use tournaments::{Tournament, Tournaments};

use std::collections::VecDeque;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize as _;
use serde_json::Value;
use thiserror::Error;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use self::messages::{ClientMsg, ServerMsg};

/// A client failure.
#[derive(Debug, Error)]
pub enum ClientError {
    /// The address is not `http://HOST:PORT`.
    #[error("bad server address {0:?} (expected http://HOST:PORT)")]
    Address(String),
    /// The socket failed or closed.
    #[error("connection: {0}")]
    Socket(String),
    /// Nothing came in time.
    #[error("timed out waiting for {0}")]
    Timeout(String),
    /// The server answered something unexpected.
    #[error("unexpected answer: {0}")]
    Unexpected(String),
}

/// `host:port` of an `http://host:port` address.
pub fn host_port(server: &str) -> Result<String, ClientError> {
    let rest = server
        .strip_prefix("http://")
        .ok_or_else(|| ClientError::Address(server.to_string()))?;
    let hp = rest.trim_end_matches('/');
    if hp.is_empty() || hp.contains('/') {
        return Err(ClientError::Address(server.to_string()));
    }
    Ok(hp.to_string())
}

/// One connection to the server.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    backlog: VecDeque<Value>,
    /// The player's name (after `hello`).
    pub name: String,
    /// The session token (after `hello`).
    pub token: String,
    /// Whether the server calls this player a guest (after `hello`).
    pub guest: bool,
}

impl Client {
    /// Opens the socket without saying anything.
    pub async fn connect(server: &str) -> Result<Client, ClientError> {
        let url = format!("ws://{}/ws", host_port(server)?);
        // A small read buffer (the default 128 KiB is zeroed on every read), and no Nagle delay.
        let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
        let connect = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
        let (ws, _) = tokio::time::timeout(Duration::from_secs(10), connect)
            .await
            .map_err(|_| ClientError::Timeout("the connection".into()))?
            .map_err(|e| ClientError::Socket(e.to_string()))?;
        Ok(Client {
            ws,
            backlog: VecDeque::new(),
            name: String::new(),
            token: String::new(),
            guest: true,
        })
    }

    /// Connects and says hello (resuming `token`'s session if given); waits for `welcome`.
    pub async fn hello(server: &str, token: Option<&str>) -> Result<Client, ClientError> {
        let mut c = Client::connect(server).await?;
        c.say(&ClientMsg::Hello {
            v: messages::VERSION,
            token: token.map(str::to_string),
            routes: false,
        })
        .await?;
        let w = c
            .wait_for_msg("welcome", Duration::from_secs(10), |m| {
                matches!(m, ServerMsg::Welcome { .. })
            })
            .await?;
        c.take_identity(&w);
        Ok(c)
    }

    /// Takes name and token from a `welcome` (anything else changes nothing).
    pub fn take_identity(&mut self, welcome: &ServerMsg) {
        if let ServerMsg::Welcome {
            name, token, guest, ..
        } = welcome
        {
            self.name.clone_from(name);
            self.token.clone_from(token);
            self.guest = *guest;
        }
    }

    /// Takes name and token from a `welcome` as JSON (tests read messages as values).
    pub fn set_identity(&mut self, welcome: &Value) {
        if let Some(w) = typed(welcome) {
            self.take_identity(&w);
        }
    }

    /// Sends a message.
    pub async fn say(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        let text =
            serde_json::to_string(msg).map_err(|e| ClientError::Unexpected(e.to_string()))?;
        self.send_raw(&text).await
    }

    /// The next message this client knows, within `within` (kinds from a newer server are
    /// skipped; a message that does not read as its kind is an error).
    pub async fn next_msg(&mut self, within: Duration) -> Result<ServerMsg, ClientError> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let v = self.recv(left).await?;
            match serde_json::from_value::<ServerMsg>(v) {
                Ok(ServerMsg::Unknown) => continue,
                Ok(m) => return Ok(m),
                Err(e) => return Err(ClientError::Unexpected(e.to_string())),
            }
        }
    }

    /// Waits for the first message `pred` accepts, keeping the others for later reads.
    pub async fn wait_for_msg(
        &mut self,
        what: &str,
        within: Duration,
        pred: impl Fn(&ServerMsg) -> bool,
    ) -> Result<ServerMsg, ClientError> {
        let v = self
            .wait_for(what, within, |v| typed(v).is_some_and(|m| pred(&m)))
            .await?;
        typed(&v).ok_or_else(|| ClientError::Unexpected(what.into()))
    }

    /// Sends a JSON value (tests send what no typed message can).
    pub async fn send(&mut self, v: &Value) -> Result<(), ClientError> {
        self.send_raw(&v.to_string()).await
    }

    /// Sends any text (tests send broken messages).
    pub async fn send_raw(&mut self, text: &str) -> Result<(), ClientError> {
        self.ws
            .send(Message::text(text))
            .await
            .map_err(|e| ClientError::Socket(e.to_string()))
    }

    /// The next message, within `within`. A closed socket is an error (with the close reason).
    pub async fn recv(&mut self, within: Duration) -> Result<Value, ClientError> {
        if let Some(v) = self.backlog.pop_front() {
            return Ok(v);
        }
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let next = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .map_err(|_| ClientError::Timeout("a message".into()))?;
            match next {
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(t.as_str())
                        .map_err(|e| ClientError::Unexpected(e.to_string()));
                }
                Some(Ok(Message::Close(frame))) => {
                    let why = frame.map(|f| f.reason.to_string()).unwrap_or_default();
                    return Err(ClientError::Socket(format!("closed: {why}")));
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(ClientError::Socket(e.to_string())),
                None => return Err(ClientError::Socket("closed".into())),
            }
        }
    }

    /// Waits for the first message `pred` accepts, keeping the others for later `recv`s.
    pub async fn wait_for(
        &mut self,
        what: &str,
        within: Duration,
        pred: impl Fn(&Value) -> bool,
    ) -> Result<Value, ClientError> {
        if let Some(i) = self.backlog.iter().position(&pred) {
            return self
                .backlog
                .remove(i)
                .ok_or_else(|| ClientError::Timeout(what.into()));
        }
        let deadline = tokio::time::Instant::now() + within;
        let mut kept = Vec::new();
        let result = loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let v = match self.recv_socket(left).await {
                Ok(v) => v,
                Err(ClientError::Timeout(_)) => break Err(ClientError::Timeout(what.into())),
                Err(e) => break Err(e),
            };
            if pred(&v) {
                break Ok(v);
            }
            kept.push(v);
        };
        self.backlog.extend(kept);
        result
    }

    async fn recv_socket(&mut self, within: Duration) -> Result<Value, ClientError> {
        let saved = std::mem::take(&mut self.backlog);
        let r = self.recv(within).await;
        self.backlog = saved;
        r
    }

    /// Forgets kept messages.
    pub fn clear(&mut self) {
        self.backlog.clear();
    }

    /// Closes the socket.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A JSON value read as a message, when it is one.
fn typed(v: &Value) -> Option<ServerMsg> {
    ServerMsg::deserialize(v).ok()
}

/// `GET path` on the server: the status and the body.
pub async fn http_get(server: &str, path: &str) -> Result<(u16, String), ClientError> {
    let hp = host_port(server)?;
    let io = |e: std::io::Error| ClientError::Socket(e.to_string());
    let work = async {
        let mut s = TcpStream::connect(&hp).await.map_err(io)?;
        let req = format!("GET {path} HTTP/1.1\r\nHost: {hp}\r\nConnection: close\r\n\r\n");
        s.write_all(req.as_bytes()).await.map_err(io)?;
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).await.map_err(io)?;
        let text = String::from_utf8_lossy(&buf).to_string();
        let (head, body) = text
            .split_once("\r\n\r\n")
            .ok_or_else(|| ClientError::Unexpected("no HTTP header".into()))?;
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| ClientError::Unexpected("no HTTP status".into()))?;
        let body = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            dechunk(body)
        } else {
            body.to_string()
        };
        Ok((status, body))
    };
    tokio::time::timeout(Duration::from_secs(20), work)
        .await
        .map_err(|_| ClientError::Timeout(format!("GET {path}")))?
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        let (Some(chunk), Some(after)) = (rest.get(..n), rest.get(n..)) else {
            break;
        };
        if n == 0 {
            break;
        }
        out.push_str(chunk);
        body = after.trim_start_matches("\r\n");
    }
    out
}
