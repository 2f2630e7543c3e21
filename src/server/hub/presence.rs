//! Who is online here, and messages to a player's connections (here and, through the bus, on
//! the other instances).

use std::net::IpAddr;

use super::super::bus::BusMsg;
use super::super::messages::side_name;
use super::{ConnTx, Hub, Identity, Out, lock};
use crate::rules::Side;

impl Hub {
    /// A connection closed: its seeks vanish, it is no longer online.
    pub fn close_conn(&self, conn: u64, addr: IpAddr, player: Option<&Identity>) {
        self.release_addr(addr);
        self.drop_seeks_of(conn);
        if let Some(p) = player {
            self.set_offline(&p.key, conn);
        }
    }

    /// Lists the connection as one of the player's.
    pub fn set_online(&self, key: &str, conn: u64, tx: ConnTx) {
        lock(&self.online)
            .entry(key.to_string())
            .or_default()
            .insert(conn, tx);
    }

    /// Unlists it. A player with no connection left can no longer answer a rematch offer:
    /// those offers go.
    pub fn set_offline(&self, key: &str, conn: u64) {
        let gone = {
            let mut online = lock(&self.online);
            match online.get_mut(key) {
                Some(conns) => {
                    conns.remove(&conn);
                    let empty = conns.is_empty();
                    if empty {
                        online.remove(key);
                    }
                    empty
                }
                None => false,
            }
        };
        if gone {
            self.withdraw_rematches(|s| s.to.as_ref().is_some_and(|t| t.0 == key), "left");
        }
    }

    /// Sends to every connection of a player, here and on the other instances (a full queue
    /// drops that message for that connection, which then resynchronises by `watch`).
    pub(super) fn tell(&self, key: &str, out: impl Fn() -> Out) {
        if let Some(conns) = lock(&self.online).get(key) {
            for tx in conns.values() {
                let _ = tx.try_send(out());
            }
        }
        if let Some(bus) = &self.bus {
            let (text, started) = match out() {
                Out::Text(t) => (Some(t.to_string()), None),
                Out::Started(g, side) => (None, Some((g, side_name(side).to_string()))),
            };
            bus.publish(&BusMsg::Tell {
                from: self.instance.clone(),
                key: key.to_string(),
                text,
                started,
            });
        }
    }

    /// A message from another instance for a player's connections here.
    pub fn tell_here(&self, key: &str, text: Option<String>, started: Option<(String, String)>) {
        let out = || match (&text, &started) {
            (_, Some((g, side))) => Out::Started(
                g.clone(),
                if side == "white" {
                    Side::White
                } else {
                    Side::Black
                },
            ),
            (Some(t), None) => Out::Text(t.as_str().into()),
            (None, None) => Out::Text("{}".into()),
        };
        if let Some(conns) = lock(&self.online).get(key) {
            for tx in conns.values() {
                let _ = tx.try_send(out());
            }
        }
    }

    /// Whether the player has a connection open here.
    pub fn is_online(&self, key: &str) -> bool {
        lock(&self.online).contains_key(key)
    }

    /// The keys of the players with a connection open here.
    pub fn online_keys(&self) -> Vec<String> {
        lock(&self.online).keys().cloned().collect()
    }
}
