//! Games another instance plays (several instances over one PostgreSQL): stand-ins here whose
//! requests go to the owner over the bus, and the owner's events relayed to the followers here.

use std::sync::Arc;

use tokio::sync::{broadcast, mpsc};

use super::super::bus::{Bus, BusMsg};
use super::super::db::GameRow;
use super::super::game::{self, GameHandle};
use super::super::messages::ServerMsg;
use super::super::stored;
use super::{Hub, Identity, lock};

impl Hub {
    /// An event of a game played on another instance, for its followers here (`None`: get
    /// the whole game again from the database).
    pub fn relay_event(self: &Arc<Hub>, game: &str, text: Option<String>) {
        let Some(handle) = lock(&self.remote).get(game).cloned() else {
            return;
        };
        match text {
            Some(text) => {
                let over = text.starts_with("{\"t\":\"end\"");
                let _ = handle.events.send(text.into());
                if over {
                    lock(&self.remote).remove(game);
                }
            }
            None => {
                let hub = self.clone();
                let game = game.to_string();
                tokio::spawn(async move {
                    if let Ok(view) = stored::view(&hub.db, &game).await {
                        let _ = handle
                            .events
                            .send(ServerMsg::Game(Box::new(view)).to_json().into());
                    }
                });
            }
        }
    }

    /// A game, live here or (with several instances) played by another instance.
    pub async fn find_game(self: &Arc<Hub>, id: &str) -> Option<GameHandle> {
        if let Some(h) = self.game(id) {
            return Some(h);
        }
        let bus = self.bus.clone()?;
        if let Some(h) = lock(&self.remote).get(id).cloned() {
            return Some(h);
        }
        let row = self.db.game(id).await.ok()??;
        if row.status != "started" || row.owner == self.instance {
            return None;
        }
        let handle = self.proxy(row, bus);
        lock(&self.remote).insert(id.to_string(), handle.clone());
        Some(handle)
    }

    /// A stand-in here for a game another instance plays: requests go to the owner over the
    /// bus; its state comes from the database (every move is there before it is announced).
    fn proxy(self: &Arc<Hub>, row: GameRow, bus: Bus) -> GameHandle {
        let (tx, mut rx) = mpsc::channel::<game::Req>(64);
        let (events, _) = broadcast::channel(256);
        let handle = GameHandle {
            tx,
            events,
            white: row.white.0.clone(),
            black: row.black.0.clone(),
        };
        let weak = Arc::downgrade(self);
        let keys = [row.white.0.clone(), row.black.0.clone()];
        tokio::spawn(async move {
            while let Some(req) = rx.recv().await {
                let Some(hub) = weak.upgrade() else { return };
                let answer = match (req.cmd, req.side) {
                    (game::Cmd::Snapshot, _) => stored::view(&hub.db, &row.id)
                        .await
                        .map(|v| Some(ServerMsg::Game(Box::new(v)).to_json().into()))
                        .map_err(|e| ServerMsg::error("no_game", e.to_string())),
                    (_, None) => Err(ServerMsg::error(
                        "not_player",
                        "you do not play in this game",
                    )),
                    (cmd, Some(side)) => bus
                        .ask(|n| BusMsg::Request {
                            from: bus.instance.clone(),
                            to: row.owner.clone(),
                            id: n,
                            game: row.id.clone(),
                            key: keys[side.index()].clone(),
                            cmd,
                        })
                        .await
                        .map(|_| None),
                };
                let _ = req.reply.send(answer);
            }
        });
        handle
    }

    /// A message from another instance (all but the replies, which the bus takes).
    pub(super) fn from_bus(self: &Arc<Hub>, bus: &Bus, msg: BusMsg) {
        match msg {
            BusMsg::Tell {
                key, text, started, ..
            } => self.tell_here(&key, text, started),
            BusMsg::Event { game, text, .. } => self.relay_event(&game, Some(text)),
            BusMsg::Resync { game, .. } => self.relay_event(&game, None),
            BusMsg::Lobby { text, .. } => self.lobby_here(text),
            BusMsg::Up { from } => self.forget_seeks_of(&from),
            // The bus answers its own requests' replies.
            BusMsg::Reply { .. } => {}
            BusMsg::Request {
                from,
                to,
                id,
                game,
                key,
                cmd,
            } => {
                if to != bus.instance {
                    return;
                }
                let hub = self.clone();
                let bus = bus.clone();
                tokio::spawn(async move {
                    let result = match hub.game(&game) {
                        Some(h) => match h.side_of(&key) {
                            Some(side) => h.ask(Some(side), cmd).await.map(|_| ()),
                            None => Err(ServerMsg::error(
                                "not_player",
                                "you do not play in this game",
                            )),
                        },
                        None => Err(ServerMsg::error("no_game", "no such live game")),
                    };
                    bus.reply(from, id, result);
                });
            }
            BusMsg::Accept {
                from,
                to,
                id,
                seek,
                player,
            } => {
                if to != bus.instance {
                    return;
                }
                let hub = self.clone();
                let bus = bus.clone();
                tokio::spawn(async move {
                    let p = Identity {
                        key: player.0,
                        name: player.1,
                        guest: player.2,
                    };
                    let result = hub.accept(&p, &seek).await.map(|_| ());
                    bus.reply(from, id, result);
                });
            }
        }
    }
}
