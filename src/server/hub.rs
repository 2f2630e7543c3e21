//! The server's shared state: the live games, the lobby's seeks and challenges, who is online,
//! and the limits kept per address and per account.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::{broadcast, mpsc};

use super::auth;
use super::bus::{Bus, BusMsg};
use super::db::{Db, DbError, GameRow, PlayerRow, Writer, now_ms};
use super::game::{self, GameHandle};
use super::limit::Buckets;
use super::protocol::{GameSummary, SeekSpec, SeekView, ServerMsg, side_name};
use super::rating;
use super::variant;
use crate::rules::Side;
use crate::rules::clock::TimeControl;

/// Limits an operator may change.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Open WebSocket connections per client address.
    pub conns_per_addr: usize,
    /// Messages a connection may send per second (sustained), and in a burst.
    pub msg_rate: (f64, f64),
    /// Messages all the connections of one address may send per second together, and in a
    /// burst (so many connections cannot multiply the flood a single one may send); a rate of
    /// 0 turns it off (behind a proxy every client has the proxy's address).
    pub msg_per_addr: (f64, f64),
    /// Login and register attempts per address per minute (and burst).
    pub login_per_addr: (f64, f64),
    /// Failed-login budget per account per minute (and burst).
    pub login_per_account: (f64, f64),
    /// Messages queued for a client before it is dropped as not reading.
    pub send_queue: usize,
    /// Open seeks per connection.
    pub seeks_per_conn: usize,
    /// How long a live game waits for each side's first move before it is aborted.
    pub first_move: Duration,
    /// How long a draw offer, takeback request or rematch offer stands unanswered.
    pub offer_for: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            conns_per_addr: 100,
            msg_rate: (20.0, 60.0),
            msg_per_addr: (200.0, 600.0),
            login_per_addr: (20.0 / 60.0, 20.0),
            login_per_account: (5.0 / 60.0, 5.0),
            send_queue: 512,
            seeks_per_conn: 4,
            first_move: game::FIRST_MOVE_WITHIN,
            offer_for: game::OFFER_FOR,
        }
    }
}

/// What a connection's task is sent (besides its socket's messages).
#[derive(Debug)]
pub enum Out {
    /// A message, as JSON text.
    Text(Arc<str>),
    /// A game of this player started: follow it.
    Started(String, Side),
}

/// A connection's mailbox.
pub type ConnTx = mpsc::Sender<Out>;

/// A player as a connection knows it.
#[derive(Clone, Debug)]
pub struct Player {
    /// Lower-case key.
    pub key: String,
    /// Name as written.
    pub name: String,
    /// A guest.
    pub guest: bool,
}

impl From<PlayerRow> for Player {
    fn from(p: PlayerRow) -> Player {
        Player {
            key: p.key,
            name: p.name,
            guest: p.guest,
        }
    }
}

/// An open seek or a challenge.
#[derive(Clone, Debug)]
struct Seek {
    id: String,
    owner: Player,
    conn: u64,
    rating: i32,
    tc: Option<TimeControl>,
    days: Option<u32>,
    rated: bool,
    color: Option<Side>,
    min: Option<i32>,
    max: Option<i32>,
    variant: String,
    speed: &'static str,
    /// For a challenge: the challenged player's key and name.
    to: Option<(String, String)>,
    /// For a rematch: the finished game's id.
    rematch: Option<String>,
}

impl Seek {
    fn view(&self) -> SeekView {
        SeekView {
            id: self.id.clone(),
            by: self.owner.name.clone(),
            rating: self.rating,
            tc: self.tc.map(|t| t.to_string()),
            days: self.days,
            rated: self.rated,
            color: self.color.map_or("random", side_name).to_string(),
            speed: self.speed.to_string(),
            variant: variant::display(&self.variant),
            variant_def: variant::def_of(&self.variant),
            to: self.to.as_ref().map(|t| t.1.clone()),
        }
    }
}

/// Correspondence days per move a seek may ask for.
pub const DAYS: [u32; 6] = [1, 2, 3, 5, 7, 14];

/// Everything the connections share.
pub struct Hub {
    /// The database.
    pub db: Db,
    /// Its writer.
    pub writer: Writer,
    /// Limits.
    pub limits: Limits,
    /// The address written into game files' Site tag.
    pub site: String,
    /// This instance's name (the `owner` of the games it plays).
    pub instance: String,
    /// The bus to the other instances, when several share a PostgreSQL.
    bus: Option<Bus>,
    games: Mutex<HashMap<String, GameHandle>>,
    /// Games played by other instances that players here follow.
    remote: Mutex<HashMap<String, GameHandle>>,
    /// The open seeks of the other instances, as their lobby events said.
    remote_seeks: Mutex<BTreeMap<String, SeekView>>,
    seeks: Mutex<BTreeMap<u64, Seek>>,
    seek_seq: AtomicU64,
    online: Mutex<HashMap<String, HashMap<u64, ConnTx>>>,
    addrs: Mutex<HashMap<IpAddr, usize>>,
    login_addr: Mutex<Buckets<IpAddr>>,
    login_account: Mutex<Buckets<String>>,
    msg_addr: Mutex<Buckets<IpAddr>>,
    next_conn: AtomicU64,
    /// Lobby events (`seek`, `seek_gone`) for those following the lobby.
    pub lobby: broadcast::Sender<Arc<str>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A lobby or seek request refused.
fn seek_error(msg: impl Into<String>) -> ServerMsg {
    ServerMsg::error("seek", msg)
}

impl Hub {
    /// The hub over an opened database; brings back every unfinished game of this instance.
    /// `instance`: `None` for a lone server; a name to share a PostgreSQL with others (the
    /// bus starts).
    pub async fn start(
        db: Db,
        limits: Limits,
        site: String,
        instance: Option<String>,
    ) -> Result<Arc<Hub>, DbError> {
        let writer = Writer::start(db.clone());
        let (lobby, _) = broadcast::channel(1024);
        let bus = match &instance {
            Some(name) if db.postgres => Some(Bus::start(&db, name.clone())),
            Some(_) => {
                return Err(DbError::Url(
                    "several instances need PostgreSQL".to_string(),
                ));
            }
            None => None,
        };
        let hub = Arc::new(Hub {
            db,
            writer,
            limits: limits.clone(),
            site,
            instance: instance.unwrap_or_else(|| "main".to_string()),
            bus,
            games: Mutex::new(HashMap::new()),
            remote: Mutex::new(HashMap::new()),
            remote_seeks: Mutex::new(BTreeMap::new()),
            seeks: Mutex::new(BTreeMap::new()),
            seek_seq: AtomicU64::new(1),
            online: Mutex::new(HashMap::new()),
            addrs: Mutex::new(HashMap::new()),
            login_addr: Mutex::new(Buckets::new(
                limits.login_per_addr.0,
                limits.login_per_addr.1,
            )),
            login_account: Mutex::new(Buckets::new(
                limits.login_per_account.0,
                limits.login_per_account.1,
            )),
            msg_addr: Mutex::new(Buckets::new(limits.msg_per_addr.0, limits.msg_per_addr.1)),
            next_conn: AtomicU64::new(1),
            lobby,
        });
        if let Some(bus) = &hub.bus {
            bus.listen(&hub.db.url, Arc::downgrade(&hub)).await?;
        }
        for row in hub.db.unfinished(&hub.instance).await? {
            let moves = hub.db.moves(&row.id).await?;
            match game::rebuild(&row, &moves) {
                Ok(g) => hub.launch(row, g),
                Err(e) => eprintln!("not brought back: {e}"),
            }
        }
        Ok(hub)
    }

    /// Starts the task of a game and lists it as live.
    fn launch(self: &Arc<Hub>, row: GameRow, g: crate::rules::Game) {
        let id = row.id.clone();
        let weak = Arc::downgrade(self);
        let shared = game::Shared {
            writer: self.writer.clone(),
            bus: self.bus.clone(),
            first_move: self.limits.first_move,
            offer_for: self.limits.offer_for,
        };
        let handle = game::spawn(row, g, shared, move |id| {
            if let Some(hub) = weak.upgrade() {
                lock(&hub.games).remove(&id);
            }
        });
        lock(&self.games).insert(id, handle);
    }

    /// A live game.
    pub fn game(&self, id: &str) -> Option<GameHandle> {
        lock(&self.games).get(id).cloned()
    }

    /// A new connection id, or `None` when its address has too many open.
    pub fn open_conn(&self, addr: IpAddr) -> Option<u64> {
        let mut addrs = lock(&self.addrs);
        let n = addrs.entry(addr).or_insert(0);
        if *n >= self.limits.conns_per_addr {
            return None;
        }
        *n += 1;
        Some(self.next_conn.fetch_add(1, Ordering::Relaxed))
    }

    /// A connection closed: its seeks vanish, it is no longer online.
    pub fn close_conn(&self, conn: u64, addr: IpAddr, player: Option<&Player>) {
        {
            let mut addrs = lock(&self.addrs);
            if let Some(n) = addrs.get_mut(&addr) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    addrs.remove(&addr);
                }
            }
        }
        let gone: Vec<(u64, Seek)> = {
            let mut seeks = lock(&self.seeks);
            let ids: Vec<u64> = seeks
                .iter()
                .filter(|(_, s)| s.conn == conn)
                .map(|(k, _)| *k)
                .collect();
            ids.into_iter()
                .filter_map(|k| seeks.remove(&k).map(|s| (k, s)))
                .collect()
        };
        for (k, seek) in gone {
            if let (Some(game), Some((to, _))) = (&seek.rematch, &seek.to) {
                self.rematch_gone(to, &seek, game, "left");
            }
            self.lobby_event(ServerMsg::SeekGone { id: k.to_string() });
        }
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

    /// Removes the rematch offers `which` picks, telling both players why.
    fn withdraw_rematches(&self, which: impl Fn(&Seek) -> bool, reason: &'static str) {
        let gone: Vec<Seek> = {
            let mut seeks = lock(&self.seeks);
            let ids: Vec<u64> = seeks
                .iter()
                .filter(|(_, s)| s.rematch.is_some() && which(s))
                .map(|(k, _)| *k)
                .collect();
            ids.iter().filter_map(|k| seeks.remove(k)).collect()
        };
        for seek in gone {
            if let (Some(game), Some((to, _))) = (&seek.rematch, &seek.to) {
                self.rematch_gone(&seek.owner.key, &seek, game, reason);
                self.rematch_gone(to, &seek, game, reason);
            }
        }
    }

    /// Tells a player that the rematch offer of `game` is gone.
    fn rematch_gone(&self, key: &str, seek: &Seek, game: &str, reason: &'static str) {
        let msg: Arc<str> = ServerMsg::OfferGone {
            game: game.to_string(),
            kind: "rematch",
            reason,
            id: Some(seek.id.clone()),
        }
        .to_json()
        .into();
        self.tell(key, || Out::Text(msg.clone()));
    }

    /// Sends to every connection of a player, here and on the other instances (a full queue
    /// drops that message for that connection, which then resynchronises by `watch`).
    fn tell(&self, key: &str, out: impl Fn() -> Out) {
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
                    if let Ok(view) = super::http::stored_game(&hub, &game).await {
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
                    (game::Cmd::Snapshot, _) => super::http::stored_game(&hub, &row.id)
                        .await
                        .map(|v| Some(ServerMsg::Game(Box::new(v)).to_json().into()))
                        .map_err(|(_, m)| ServerMsg::error("no_game", m)),
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

    /// A seek id's instance (when another one's) and number.
    fn seek_number<'a>(&self, id: &'a str) -> Result<(Option<&'a str>, u64), ServerMsg> {
        let bad = || ServerMsg::error("no_seek", "no such seek");
        let (inst, num) = match id.rsplit_once('-') {
            Some((i, n)) => (Some(i), n),
            None => (None, id),
        };
        let n: u64 = num.parse().map_err(|_| bad())?;
        match inst {
            Some(i) if i != self.instance => Ok((Some(i), n)),
            _ => Ok((None, n)),
        }
    }

    fn seek_id(&self, seq: u64) -> String {
        match &self.bus {
            Some(_) => format!("{}-{seq}", self.instance),
            None => seq.to_string(),
        }
    }

    fn lobby_event(&self, msg: ServerMsg) {
        let text = msg.to_json();
        if let Some(bus) = &self.bus {
            bus.publish(&BusMsg::Lobby {
                from: self.instance.clone(),
                text: text.clone(),
            });
        }
        let _ = self.lobby.send(text.into());
    }

    /// Another instance (re)started: its old seeks are gone.
    pub fn forget_seeks_of(&self, instance: &str) {
        let prefix = format!("{instance}-");
        let gone: Vec<String> = {
            let mut remote = lock(&self.remote_seeks);
            let ids: Vec<String> = remote
                .keys()
                .filter(|k| k.starts_with(&prefix))
                .cloned()
                .collect();
            for id in &ids {
                remote.remove(id);
            }
            ids
        };
        for id in gone {
            let _ = self.lobby.send(ServerMsg::SeekGone { id }.to_json().into());
        }
    }

    /// A lobby event of another instance: kept in the mirror of its seeks, and passed to the
    /// lobby's followers here.
    pub fn lobby_here(&self, text: String) {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else {
            return;
        };
        match value["t"].as_str() {
            Some("seek") => {
                if let Ok(view) = serde_json::from_value::<SeekView>(value) {
                    let mut remote = lock(&self.remote_seeks);
                    if remote.len() < 10_000 {
                        remote.insert(view.id.clone(), view);
                    }
                }
            }
            Some("seek_gone") => {
                if let Some(id) = value["id"].as_str() {
                    lock(&self.remote_seeks).remove(id);
                }
            }
            _ => return,
        }
        let _ = self.lobby.send(text.into());
    }

    /// Whether a login or register attempt from `addr` may go ahead.
    pub fn login_allowed(&self, addr: IpAddr) -> bool {
        lock(&self.login_addr).take(&addr)
    }

    /// Whether a message from `addr` may go ahead: every connection of an address draws on
    /// one budget.
    pub fn message_allowed(&self, addr: IpAddr) -> bool {
        self.limits.msg_per_addr.0 <= 0.0 || lock(&self.msg_addr).take(&addr)
    }

    /// Whether an attempt on `account` may go ahead (counted per attempt).
    pub fn account_allowed(&self, account: &str) -> bool {
        lock(&self.login_account).take(&account.to_string())
    }

    /// The open seeks (not challenges), oldest first.
    pub fn seeks(&self) -> Vec<SeekView> {
        let mut all: Vec<SeekView> = lock(&self.seeks)
            .values()
            .filter(|s| s.to.is_none())
            .map(Seek::view)
            .collect();
        all.extend(lock(&self.remote_seeks).values().cloned());
        all
    }

    /// The open challenges addressed to a player (shown when they sign in).
    pub fn challenges_for(&self, key: &str) -> Vec<SeekView> {
        lock(&self.seeks)
            .values()
            .filter(|s| s.to.as_ref().is_some_and(|t| t.0 == key))
            .map(Seek::view)
            .collect()
    }

    /// Posts a seek or a challenge (`to`: key and name); returns its view.
    pub async fn post_seek(
        &self,
        owner: &Player,
        conn: u64,
        spec: &SeekSpec,
        to: Option<(String, String)>,
    ) -> Result<SeekView, ServerMsg> {
        let variant = variant::check(spec.variant.as_deref(), spec.variant_def.as_deref())
            .map_err(seek_error)?;
        if spec.rated && variant::is_custom(&variant) {
            return Err(seek_error(
                "a variant of your own is played casual (rated games are for built-in variants)",
            ));
        }
        let (tc, days, speed) = match (&spec.tc, spec.days) {
            (Some(_), Some(_)) => {
                return Err(seek_error(
                    "a seek has a time control or days per move, not both",
                ));
            }
            (Some(tc), None) => {
                let tc: TimeControl =
                    tc.parse()
                        .map_err(|e: crate::rules::clock::ParseTimeControlError| {
                            seek_error(e.to_string())
                        })?;
                if tc.base < Duration::from_secs(1) {
                    return Err(seek_error("the base time is at least a second"));
                }
                let speed = rating::speed(tc.base.as_secs_f64(), tc.increment.as_secs_f64());
                (Some(tc), None, speed)
            }
            (None, Some(d)) => {
                if !DAYS.contains(&d) {
                    return Err(seek_error("days per move: 1, 2, 3, 5, 7 or 14"));
                }
                (None, Some(d), "correspondence")
            }
            (None, None) => return Err(seek_error("a seek needs tc or days")),
        };
        if spec.rated && owner.guest {
            return Err(seek_error("guests play casual games only"));
        }
        let color = match spec.color.as_deref() {
            None | Some("random") => None,
            Some("white") => Some(Side::White),
            Some("black") => Some(Side::Black),
            Some(_) => return Err(seek_error("color: white, black or random")),
        };
        let rating = self
            .db
            .rating(&owner.key, &variant::pool(&variant), speed)
            .await
            .map_err(|e| ServerMsg::error("db", e.to_string()))?
            .rating
            .round() as i32;
        let seq = self.seek_seq.fetch_add(1, Ordering::Relaxed);
        let seek = Seek {
            id: self.seek_id(seq),
            owner: owner.clone(),
            conn,
            rating,
            tc,
            days,
            rated: spec.rated,
            color,
            min: spec.min,
            max: spec.max,
            variant,
            speed,
            to,
            rematch: None,
        };
        {
            let mut seeks = lock(&self.seeks);
            if seeks.values().filter(|s| s.conn == conn).count() >= self.limits.seeks_per_conn {
                return Err(seek_error("too many open seeks"));
            }
            seeks.insert(seq, seek.clone());
        }
        let view = seek.view();
        match &seek.to {
            None => self.lobby_event(ServerMsg::Seek(Box::new(view.clone()))),
            Some((key, _)) => {
                let msg: Arc<str> = ServerMsg::Challenge(Box::new(view.clone()))
                    .to_json()
                    .into();
                self.tell(key, || Out::Text(msg.clone()));
            }
        }
        Ok(view)
    }

    /// Withdraws one's seek.
    pub fn cancel_seek(&self, owner: &Player, id: &str) -> Result<(), ServerMsg> {
        let (None, seq) = self.seek_number(id)? else {
            return Err(ServerMsg::error("no_seek", "no such seek of yours here"));
        };
        let mut seeks = lock(&self.seeks);
        match seeks.get(&seq) {
            Some(s) if s.owner.key == owner.key => {
                seeks.remove(&seq);
            }
            _ => return Err(ServerMsg::error("no_seek", "no such seek of yours")),
        }
        drop(seeks);
        self.lobby_event(ServerMsg::SeekGone { id: id.to_string() });
        Ok(())
    }

    /// Declines a challenge addressed to `me`.
    pub fn decline(&self, me: &Player, id: &str) -> Result<(), ServerMsg> {
        let (None, seq) = self.seek_number(id)? else {
            return Err(ServerMsg::error(
                "no_seek",
                "decline it on the challenger's instance",
            ));
        };
        let seek = {
            let mut seeks = lock(&self.seeks);
            match seeks.get(&seq) {
                Some(s) if s.to.as_ref().is_some_and(|t| t.0 == me.key) => seeks.remove(&seq),
                _ => None,
            }
        };
        let seek = seek.ok_or_else(|| ServerMsg::error("no_seek", "no such challenge to you"))?;
        let msg: Arc<str> = ServerMsg::Declined { id: id.to_string() }.to_json().into();
        self.tell(&seek.owner.key, || Out::Text(msg.clone()));
        Ok(())
    }

    /// Accepts a seek or a challenge: the game starts. Returns its id.
    pub async fn accept(self: &Arc<Hub>, me: &Player, id: &str) -> Result<String, ServerMsg> {
        let (remote, seq) = self.seek_number(id)?;
        if let (Some(instance), Some(bus)) = (remote, &self.bus) {
            // Posted on another instance: that one starts (and plays) the game.
            bus.ask(|n| BusMsg::Accept {
                from: self.instance.clone(),
                to: instance.to_string(),
                id: n,
                seek: id.to_string(),
                player: (me.key.clone(), me.name.clone(), me.guest),
            })
            .await?;
            return Ok(String::new());
        }
        let seek = lock(&self.seeks)
            .get(&seq)
            .cloned()
            .ok_or_else(|| ServerMsg::error("no_seek", "that seek is gone"))?;
        if seek.owner.key == me.key {
            return Err(seek_error("that is your own seek"));
        }
        if let Some((key, _)) = &seek.to
            && *key != me.key
        {
            return Err(ServerMsg::error(
                "no_seek",
                "that challenge is for someone else",
            ));
        }
        if seek.rated && me.guest {
            return Err(seek_error("guests play casual games only"));
        }
        let my_rating = self
            .db
            .rating(&me.key, &variant::pool(&seek.variant), seek.speed)
            .await
            .map_err(|e| ServerMsg::error("db", e.to_string()))?
            .rating
            .round() as i32;
        if seek.min.is_some_and(|m| my_rating < m) || seek.max.is_some_and(|m| my_rating > m) {
            return Err(seek_error("your rating is outside that seek's range"));
        }
        // Taken out of the lobby under the lock: two players accepting at once get one game.
        if lock(&self.seeks).remove(&seq).is_none() {
            return Err(ServerMsg::error("no_seek", "that seek is gone"));
        }
        if seek.to.is_none() {
            self.lobby_event(ServerMsg::SeekGone { id: id.to_string() });
        }
        let owner_white = match seek.color {
            Some(Side::White) => true,
            Some(Side::Black) => false,
            None => getrandom::u32().map_or(seq.is_multiple_of(2), |r| r % 2 == 0),
        };
        let (white, black) = if owner_white {
            (seek.owner.clone(), me.clone())
        } else {
            (me.clone(), seek.owner.clone())
        };
        self.create_game(
            &white,
            &black,
            &seek.variant,
            seek.rated,
            seek.tc,
            seek.days,
        )
        .await
    }

    /// Quick pairing: the oldest open seek with this clock, casual or rated as asked, that
    /// `me` may accept (`None`: the game started); else a new seek (its view).
    pub async fn quick(
        self: &Arc<Hub>,
        me: &Player,
        conn: u64,
        tc: &str,
        rated: bool,
        variant_name: Option<&str>,
    ) -> Result<Option<SeekView>, ServerMsg> {
        let variant = variant::check(variant_name, None).map_err(seek_error)?;
        let control: TimeControl = tc
            .parse()
            .map_err(|e: crate::rules::clock::ParseTimeControlError| seek_error(e.to_string()))?;
        let candidates: Vec<u64> = lock(&self.seeks)
            .iter()
            .filter(|(_, s)| {
                s.to.is_none()
                    && s.owner.key != me.key
                    && s.tc == Some(control)
                    && s.rated == rated
                    && s.variant == variant
            })
            .map(|(k, _)| *k)
            .collect();
        for k in candidates {
            if self.accept(me, &k.to_string()).await.is_ok() {
                return Ok(None);
            }
        }
        let spec = SeekSpec {
            tc: Some(tc.to_string()),
            rated,
            variant: Some(variant),
            ..SeekSpec::default()
        };
        self.post_seek(me, conn, &spec, None).await.map(Some)
    }

    /// Creates a game between two players, tells both, and returns its id.
    pub async fn create_game(
        self: &Arc<Hub>,
        white: &Player,
        black: &Player,
        variant: &str,
        rated: bool,
        tc: Option<TimeControl>,
        days: Option<u32>,
    ) -> Result<String, ServerMsg> {
        let id = auth::random_id(8).ok_or_else(|| ServerMsg::error("busy", "no randomness"))?;
        let (variant, rules) = variant::for_game(variant).map_err(seek_error)?;
        let variant = variant.as_str();
        let game = variant::new_game(rules);
        let speed = match tc {
            Some(t) => rating::speed(t.base.as_secs_f64(), t.increment.as_secs_f64()),
            None => "correspondence",
        };
        let now = now_ms();
        let row = GameRow {
            id: id.clone(),
            variant: variant.to_string(),
            white: (white.key.clone(), white.name.clone()),
            black: (black.key.clone(), black.name.clone()),
            rated,
            tc_ms: tc.map(|t| (t.base.as_millis() as i64, t.increment.as_millis() as i64)),
            days: days.map(i64::from),
            speed: speed.to_string(),
            start: game.start_position().to_string(),
            status: "started".to_string(),
            result: None,
            reason: None,
            created_ms: now,
            ended_ms: None,
            clocks_ms: tc.map(|t| (t.base.as_millis() as i64, t.base.as_millis() as i64)),
            last_ms: now,
            owner: self.instance.clone(),
        };
        self.writer
            .write(super::db::Write::Game(Box::new(row.clone())))
            .await
            .map_err(|e| ServerMsg::error("db", e))?;
        self.launch(row, game);
        for (p, side) in [(white, Side::White), (black, Side::Black)] {
            let id = id.clone();
            self.tell(&p.key, || Out::Started(id.clone(), side));
        }
        Ok(id)
    }

    /// A rematch of a finished game: a challenge to the opponent with colours swapped, which
    /// lapses after the offer time.
    pub async fn rematch(
        self: &Arc<Hub>,
        me: &Player,
        conn: u64,
        game_id: &str,
    ) -> Result<SeekView, ServerMsg> {
        let row = self
            .db
            .game(game_id)
            .await
            .map_err(|e| ServerMsg::error("db", e.to_string()))?
            .ok_or_else(|| ServerMsg::error("no_game", "no such game"))?;
        if row.status == "started" {
            return Err(seek_error("that game is not over"));
        }
        let (opponent, my_color) = if row.white.0 == me.key {
            (row.black.clone(), "black")
        } else if row.black.0 == me.key {
            (row.white.clone(), "white")
        } else {
            return Err(ServerMsg::error(
                "not_player",
                "you did not play in that game",
            ));
        };
        let spec = SeekSpec {
            tc: row.tc_ms.map(super::game::tc_text),
            days: row.days.map(|d| d as u32),
            rated: row.rated,
            color: Some(my_color.to_string()),
            variant: (!variant::is_custom(&row.variant)).then(|| row.variant.clone()),
            variant_def: variant::def_of(&row.variant),
            ..SeekSpec::default()
        };
        let view = self.post_seek(me, conn, &spec, Some(opponent)).await?;
        let (_, seq) = self.seek_number(&view.id)?;
        if let Some(seek) = lock(&self.seeks).get_mut(&seq) {
            seek.rematch = Some(game_id.to_string());
        }
        let weak = Arc::downgrade(self);
        let wait = self.limits.offer_for;
        let id = view.id.clone();
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            if let Some(hub) = weak.upgrade() {
                hub.withdraw_rematches(|s| s.id == id, "expired");
            }
        });
        Ok(view)
    }

    /// The player's unfinished games, with whether it is their move.
    pub async fn my_games(&self, me: &Player) -> Result<Vec<GameSummary>, ServerMsg> {
        let rows = self
            .db
            .player_games(&me.key, 200)
            .await
            .map_err(|e| ServerMsg::error("db", e.to_string()))?;
        let mut out = Vec::new();
        for row in rows.into_iter().filter(|r| r.status == "started") {
            let plies = self.db.ply_count(&row.id).await.unwrap_or(0);
            let white_to_move = plies % 2 == 0;
            let my_turn = (row.white.0 == me.key) == white_to_move;
            out.push(summary(&row, plies, Some(my_turn)));
        }
        Ok(out)
    }
}

/// A game in a list.
pub fn summary(row: &GameRow, plies: i64, my_turn: Option<bool>) -> GameSummary {
    GameSummary {
        id: row.id.clone(),
        white: row.white.1.clone(),
        black: row.black.1.clone(),
        status: row.status.clone(),
        result: row.result.clone(),
        speed: row.speed.clone(),
        variant: variant::display(&row.variant),
        plies: plies.max(0) as u32,
        my_turn,
    }
}

impl Hub {
    /// Whether the player has a connection open here.
    pub fn is_online(&self, key: &str) -> bool {
        lock(&self.online).contains_key(key)
    }
}

impl Hub {
    /// The ids of the live games (the web lobby shows them).
    pub fn live_ids(&self) -> Vec<String> {
        lock(&self.games).keys().cloned().collect()
    }

    /// The keys of the players with a connection open here.
    pub fn online_keys(&self) -> Vec<String> {
        lock(&self.online).keys().cloned().collect()
    }
}
