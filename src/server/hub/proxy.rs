//! Games another instance plays (several instances over one PostgreSQL): stand-ins here whose
//! requests go to the owner over the bus, and the owner's events relayed to the followers here.

use std::sync::Arc;

use tokio::sync::{broadcast, mpsc};

use super::super::bus::{Bus, BusMsg};
use super::super::db::GameRow;
use super::super::game::{self, Event, GameHandle};
use super::super::messages::ServerMsg;
use super::super::refusals;
use super::super::routes::{self, RouteState};
use super::super::stored;
use super::{Hub, Identity, lock};

/// A game another instance plays, as this one relays it.
pub(super) struct Remote {
    handle: GameHandle,
    /// What the relayed events told of the game, to add routes to them once here for every
    /// follower that asked (the owner sends them without).
    routes: RouteState,
}

impl Remote {
    /// Relays one event: as it came, and with routes.
    fn relay(&mut self, msg: &ServerMsg, plain: Arc<str>) {
        let routed = self.routes.routed(msg).map(|m| m.to_json().into());
        let _ = self.handle.events.send(Event { plain, routed });
    }
}

impl Hub {
    /// An event of a game played on another instance, for its followers here (`None`: get
    /// the whole game again from the database).
    pub fn relay_event(self: &Arc<Hub>, game: &str, text: Option<String>) {
        if !lock(&self.remote).contains_key(game) {
            return;
        }
        match text {
            Some(text) => {
                let msg = serde_json::from_str::<ServerMsg>(&text).unwrap_or(ServerMsg::Unknown);
                let mut remote = lock(&self.remote);
                let Some(r) = remote.get_mut(game) else {
                    return;
                };
                r.relay(&msg, text.into());
                if matches!(msg, ServerMsg::End { .. }) {
                    remote.remove(game);
                }
            }
            None => {
                let hub = self.clone();
                let game = game.to_string();
                tokio::spawn(async move {
                    if let Ok(view) = stored::view(&hub.db, &game).await {
                        let msg = ServerMsg::Game(Box::new(view));
                        if let Some(r) = lock(&hub.remote).get_mut(&game) {
                            r.relay(&msg, msg.to_json().into());
                        }
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
        if let Some(r) = lock(&self.remote).get(id) {
            return Some(r.handle.clone());
        }
        let row = self.db.game(id).await.ok()??;
        if row.status != "started" {
            return None;
        }
        if row.owner == self.instance {
            return self.resume(row).await;
        }
        let bus = self.bus.clone()?;
        let handle = self.proxy(row, bus);
        lock(&self.remote).insert(
            id.to_string(),
            Remote {
                handle: handle.clone(),
                routes: RouteState::default(),
            },
        );
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
            ended: Arc::new(std::sync::atomic::AtomicBool::new(row.status != "started")),
        };
        let weak = Arc::downgrade(self);
        let keys = [row.white.0.clone(), row.black.0.clone()];
        tokio::spawn(async move {
            while let Some(req) = rx.recv().await {
                let Some(hub) = weak.upgrade() else { return };
                let answer = match (req.cmd, req.side) {
                    (game::Cmd::Snapshot { routes }, _) => stored::view(&hub.db, &row.id)
                        .await
                        .map(|v| {
                            // What the relay needs to route the next moves it passes on.
                            if let Some(r) = lock(&hub.remote).get_mut(&row.id) {
                                r.routes.learn(&v);
                            }
                            let v = if routes { routes::with_routes(v) } else { v };
                            Some(ServerMsg::Game(Box::new(v)).to_json().into())
                        })
                        .map_err(|e| e.refusal()),
                    (_, None) => Err(refusals::refused("not_player", "not-player", &[])),
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
                            None => Err(refusals::refused("not_player", "not-player", &[])),
                        },
                        None => Err(refusals::refused("no_game", "no-live-game", &[])),
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
