//! Several instances over one PostgreSQL: they pass each other game events, messages for
//! players connected elsewhere, and requests for games and seeks owned elsewhere, through
//! PostgreSQL's `LISTEN`/`NOTIFY` (no other broker to run). Each game is played by the
//! instance that created it (its `owner`); the others forward their players' requests to it
//! and relay its events to their followers.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::postgres::PgListener;
use tokio::sync::{mpsc, oneshot};

use super::db::Db;
use super::game::Cmd;
use super::messages::ServerMsg;
use super::refusals;

/// The one channel every instance listens on.
const CHANNEL: &str = "parachess";
/// PostgreSQL refuses payloads of 8000 bytes or more; larger events are sent as a `Resync`.
const MAX_PAYLOAD: usize = 7000;
/// How long a forwarded request waits for its answer.
const REQUEST_WITHIN: Duration = Duration::from_secs(10);

/// A message between instances.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum BusMsg {
    /// For a player's connections, wherever they are: a message, or a game that started.
    Tell {
        /// Sending instance.
        from: String,
        /// The player's key.
        key: String,
        /// A message to pass on.
        text: Option<String>,
        /// A game of theirs started: id and side (`white`/`black`).
        started: Option<(String, String)>,
    },
    /// An event of a game (as its followers get it).
    Event {
        /// Sending instance.
        from: String,
        /// The game.
        game: String,
        /// The message text.
        text: String,
    },
    /// An instance (re)started: whatever the others kept of its seeks is gone.
    Up {
        /// Sending instance.
        from: String,
    },
    /// A lobby event (`seek`, `seek_gone`) of the sending instance.
    Lobby {
        /// Sending instance.
        from: String,
        /// The message text.
        text: String,
    },
    /// A game changed too much for one notification: followers get it again from the
    /// database.
    Resync {
        /// Sending instance.
        from: String,
        /// The game.
        game: String,
    },
    /// A player's request for a game owned by instance `to`.
    Request {
        /// Sending instance.
        from: String,
        /// The owner.
        to: String,
        /// Request number, for the reply.
        id: u64,
        /// The game.
        game: String,
        /// The player's key.
        key: String,
        /// What is asked.
        cmd: Cmd,
    },
    /// A player accepts a seek posted on instance `to`.
    Accept {
        /// Sending instance.
        from: String,
        /// The seek's instance.
        to: String,
        /// Request number.
        id: u64,
        /// The seek.
        seek: String,
        /// The accepting player's key, name, and whether a guest.
        player: (String, String, bool),
    },
    /// The answer to a request: `None`, or the error (code, text).
    Reply {
        /// Sending instance.
        from: String,
        /// The asker.
        to: String,
        /// Request number.
        id: u64,
        /// The refusal, if any (code, English).
        error: Option<(String, String)>,
        /// The refusal's German, where it has one: the asker's German page reads it. Absent
        /// from an instance of an earlier version (its asker then says the code's German
        /// sentence with the English), and left out when there is none, so an earlier
        /// version reads this reply as before.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        de: Option<String>,
    },
}

impl BusMsg {
    fn from(&self) -> &str {
        match self {
            BusMsg::Tell { from, .. }
            | BusMsg::Event { from, .. }
            | BusMsg::Resync { from, .. }
            | BusMsg::Lobby { from, .. }
            | BusMsg::Up { from }
            | BusMsg::Request { from, .. }
            | BusMsg::Accept { from, .. }
            | BusMsg::Reply { from, .. } => from,
        }
    }
}

type Pending = Mutex<HashMap<u64, oneshot::Sender<Result<(), ServerMsg>>>>;

/// This instance's end of the bus.
#[derive(Clone, Debug)]
pub struct Bus {
    /// This instance's name.
    pub instance: String,
    tx: mpsc::Sender<String>,
    pending: Arc<Pending>,
    next: Arc<AtomicU64>,
}

/// Error codes travel as text; a forwarded request brings back one of the codes the server
/// sends (the refusals' table lists them all), anything else reads as `busy`.
fn static_code(code: &str) -> &'static str {
    refusals::code(code).unwrap_or("busy")
}

/// A refusal as a reply carries it: (code, English), and the German where there is one.
fn to_error(e: ServerMsg) -> ((String, String), Option<String>) {
    match e {
        ServerMsg::Error { code, msg, de } => ((code.to_string(), msg), de),
        _ => (("busy".to_string(), "unexpected".to_string()), None),
    }
}

/// A reply's refusal as the asker's connection gets it: in German too where the answering
/// instance sent it.
fn from_error((code, msg): (String, String), de: Option<String>) -> ServerMsg {
    let code = static_code(&code);
    match de {
        Some(de) => ServerMsg::error_de(code, msg, de),
        None => ServerMsg::error(code, msg),
    }
}

impl Bus {
    /// Starts the sending task; the listening task starts with [`Bus::listen`].
    pub fn start(db: &Db, instance: String) -> Bus {
        let (tx, mut rx) = mpsc::channel::<String>(65_536);
        let pool = db.pool.clone();
        tokio::spawn(async move {
            while let Some(payload) = rx.recv().await {
                if let Err(e) = sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(&payload)
                    .execute(&pool)
                    .await
                {
                    tracing::warn!("bus: cannot notify: {e}");
                }
            }
        });
        Bus {
            instance,
            tx,
            pending: Arc::new(Mutex::new(HashMap::new())),
            next: Arc::new(AtomicU64::new(1)),
        }
    }

    /// Sends a message to every instance.
    pub fn publish(&self, msg: &BusMsg) {
        if let Ok(text) = serde_json::to_string(msg) {
            if text.len() > MAX_PAYLOAD {
                return;
            }
            let _ = self.tx.try_send(text);
        }
    }

    /// Passes a game's event to the other instances.
    pub fn event(&self, game: &str, text: &str) {
        let msg = if text.len() + game.len() + 100 > MAX_PAYLOAD {
            BusMsg::Resync {
                from: self.instance.clone(),
                game: game.to_string(),
            }
        } else {
            BusMsg::Event {
                from: self.instance.clone(),
                game: game.to_string(),
                text: text.to_string(),
            }
        };
        self.publish(&msg);
    }

    /// Sends a request built around a fresh request number and waits for its reply.
    pub async fn ask(&self, build: impl FnOnce(u64) -> BusMsg) -> Result<(), ServerMsg> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        if let Ok(mut p) = self.pending.lock() {
            p.insert(id, tx);
        }
        self.publish(&build(id));
        let answer = tokio::time::timeout(REQUEST_WITHIN, rx).await;
        if let Ok(mut p) = self.pending.lock() {
            p.remove(&id);
        }
        match answer {
            Ok(Ok(r)) => r,
            _ => Err(refusals::refused("busy", "busy-instance", &[])),
        }
    }

    /// Listens for the other instances' messages. A reply to one of this instance's requests
    /// is taken here; every other message goes to `deliver`, until it answers `false` (the
    /// hub is gone). The bus knows nothing of the hub: the hub acts on what it is handed.
    pub async fn listen(
        &self,
        url: &str,
        deliver: impl Fn(BusMsg) -> bool + Send + 'static,
    ) -> Result<(), sqlx::Error> {
        let mut listener = PgListener::connect(url).await?;
        listener.listen(CHANNEL).await?;
        self.publish(&BusMsg::Up {
            from: self.instance.clone(),
        });
        let me = self.clone();
        tokio::spawn(async move {
            loop {
                let note = match listener.recv().await {
                    Ok(n) => n,
                    Err(e) => {
                        tracing::warn!("bus: {e}");
                        tokio::time::sleep(Duration::from_millis(500)).await;
                        continue;
                    }
                };
                let Ok(msg) = serde_json::from_str::<BusMsg>(note.payload()) else {
                    continue;
                };
                if msg.from() == me.instance {
                    continue;
                }
                if let BusMsg::Reply {
                    to, id, error, de, ..
                } = msg
                {
                    me.answered(&to, id, error.map(|e| from_error(e, de)));
                } else if !deliver(msg) {
                    return;
                }
            }
        });
        Ok(())
    }

    /// A reply to a request: the asker, if it is this instance, gets its answer.
    fn answered(&self, to: &str, id: u64, error: Option<ServerMsg>) {
        if to != self.instance {
            return;
        }
        let waiting = self.pending.lock().ok().and_then(|mut p| p.remove(&id));
        if let Some(tx) = waiting {
            let _ = tx.send(error.map_or(Ok(()), Err));
        }
    }

    /// Answers another instance's request (`Request`, `Accept`) number `id`.
    pub fn reply(&self, to: String, id: u64, result: Result<(), ServerMsg>) {
        let (error, de) = result.err().map(to_error).unzip();
        self.publish(&BusMsg::Reply {
            from: self.instance.clone(),
            to,
            id,
            error,
            de: de.flatten(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::words::Lang;
    use crate::server::refusals::{Said, in_language};

    /// The reply a refusal travels in, through its JSON, as the asker reads it.
    fn through_json(reply: &BusMsg) -> ServerMsg {
        let text = serde_json::to_string(reply).unwrap();
        let Ok(BusMsg::Reply {
            error: Some(e), de, ..
        }) = serde_json::from_str::<BusMsg>(&text)
        else {
            panic!("not a refused reply: {text}")
        };
        from_error(e, de)
    }

    fn reply(error: ServerMsg) -> BusMsg {
        let (error, de) = to_error(error);
        BusMsg::Reply {
            from: "a".into(),
            to: "b".into(),
            id: 7,
            error: Some(error),
            de,
        }
    }

    /// A refusal answered by another instance reaches a German page in German, with its code.
    #[test]
    fn a_relayed_refusal_keeps_its_german() {
        let refused = Said::new("not-player", &[]).error("not_player");
        let got = through_json(&reply(refused.clone()));
        assert_eq!(got, refused);
        let ServerMsg::Error { code, msg, .. } = in_language(got, Lang::De) else {
            panic!()
        };
        assert_eq!(code, "not_player");
        assert_eq!(msg, "du spielst in dieser Partie nicht mit");
        // Without German, no field: what an earlier version reads as it always did.
        let text = serde_json::to_string(&reply(ServerMsg::error("db", "disk full"))).unwrap();
        assert!(!text.contains("\"de\""), "{text}");
    }

    /// A reply from an instance of the previous version (no `de`) still reads: the English,
    /// and the code's German sentence for a German page.
    #[test]
    fn a_reply_of_the_previous_version_reads() {
        let old =
            r#"{"k":"reply","from":"a","to":"b","id":7,"error":["computer","unknown level"]}"#;
        let Ok(BusMsg::Reply {
            error: Some(e), de, ..
        }) = serde_json::from_str::<BusMsg>(old)
        else {
            panic!("unread: {old}")
        };
        assert_eq!(de, None);
        let ServerMsg::Error { code, msg, .. } = in_language(from_error(e, de), Lang::De) else {
            panic!()
        };
        assert_eq!(code, "computer");
        assert_eq!(
            msg,
            "die Partie gegen den Computer wurde abgelehnt (unknown level)"
        );
    }

    /// Every code the protocol documents travels as itself (not as `busy`), and a code no
    /// server sends reads as `busy`.
    #[test]
    fn every_documented_code_travels() {
        let documented = crate::server::refusals::scan::documented_codes();
        assert!(documented.len() >= 25, "{documented:?}");
        for code in documented {
            assert_eq!(static_code(&code), code);
        }
        assert_eq!(static_code("no such code"), "busy");
    }
}
