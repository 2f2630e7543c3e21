//! The server's shared state: the live games, the lobby's seeks and challenges (`seeks`), who
//! is online (`presence`), the limits kept per address and per account (`limits`), and the
//! stand-ins for games other instances play (`proxy`).

mod limits;
mod play_computer;
mod presence;
mod proxy;
mod seeks;

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::{broadcast, mpsc};

use super::auth;
use super::bus::Bus;
use super::computer::{self, Computer};
use super::db::{Db, DbError, GameRow, PlayerRow, Writer, now_ms};
use super::game::{self, GameHandle};
use super::limit::Buckets;
use super::messages::{GameSummary, SeekView, ServerMsg};
use super::metrics::{Levels, Metrics};
use super::rating;
use super::variant;
use crate::rules::Side;
use crate::rules::clock::TimeControl;

pub use limits::Limits;
pub use play_computer::Request as ComputerRequest;
pub use seeks::DAYS;
use seeks::{Seek, seek_error};

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
pub struct Identity {
    /// Lower-case key.
    pub key: String,
    /// Name as written.
    pub name: String,
    /// A guest.
    pub guest: bool,
}

impl From<PlayerRow> for Identity {
    fn from(p: PlayerRow) -> Identity {
        Identity {
            key: p.key,
            name: p.name,
            guest: p.guest,
        }
    }
}

/// Everything the connections share.
pub struct Hub {
    /// The database.
    pub db: Db,
    /// Its writer.
    pub writer: Writer,
    /// The vital signs (`--metrics-listen`).
    pub metrics: Metrics,
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
    remote: Mutex<HashMap<String, proxy::Remote>>,
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
    /// The engine pool and the computer games' counts.
    pub computer: Computer,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
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
        let metrics = Metrics::default();
        let writer = Writer::start(db.clone(), metrics.db_commit.clone());
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
            metrics,
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
            computer: Computer::new(limits.engine_threads, limits.engine_queue),
        });
        if let Some(bus) = &hub.bus {
            let weak = Arc::downgrade(&hub);
            let me = bus.clone();
            let deliver = move |msg| match weak.upgrade() {
                Some(hub) => {
                    hub.from_bus(&me, msg);
                    true
                }
                None => false,
            };
            bus.listen(&hub.db.url, deliver).await?;
        }
        for row in hub.db.unfinished(&hub.instance).await? {
            let moves = hub.db.moves(&row.id).await?;
            match game::rebuild(&row, &moves) {
                Ok(g) => hub.launch(row, g),
                Err(e) => tracing::error!("not brought back: {e}"),
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
            computer: computer::seat_of(&row)
                .map(|(side, level)| computer::seat::Seat::new(side, level, self.computer.pool())),
        };
        let handle = game::spawn(row, g, shared, move |id| {
            if let Some(hub) = weak.upgrade() {
                lock(&hub.games).remove(&id);
            }
        });
        lock(&self.games).insert(id, handle);
    }

    /// What the metrics' gauges show now.
    pub fn levels(&self) -> Levels {
        let games = lock(&self.games);
        Levels {
            games: games.len(),
            writer_queue: self.writer.queued(),
            game_inboxes: games.values().map(GameHandle::queued).sum(),
        }
    }

    /// A live game.
    pub fn game(&self, id: &str) -> Option<GameHandle> {
        lock(&self.games).get(id).cloned()
    }

    /// Creates a game between two players, tells both, and returns its id.
    pub async fn create_game(
        self: &Arc<Hub>,
        white: &Identity,
        black: &Identity,
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
        tracing::info!(
            game = %id, white = ?white.key, black = ?black.key, variant, speed,
            "game started"
        );
        self.start_game(row, game, &[(white, Side::White), (black, Side::Black)]);
        Ok(id)
    }

    /// Launches a game already written to the database and tells `players` it started.
    pub(crate) fn start_game(
        self: &Arc<Hub>,
        row: GameRow,
        game: crate::rules::Game,
        players: &[(&Identity, Side)],
    ) {
        let id = row.id.clone();
        self.launch(row, game);
        for &(p, side) in players {
            self.tell(&p.key, || Out::Started(id.clone(), side));
        }
    }

    /// The player's unfinished games, with whether it is their move.
    pub async fn my_games(&self, me: &Identity) -> Result<Vec<GameSummary>, ServerMsg> {
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
    /// The ids of the live games (the web lobby shows them).
    pub fn live_ids(&self) -> Vec<String> {
        lock(&self.games).keys().cloned().collect()
    }

    /// The handles of the live games here.
    pub fn live_handles(&self) -> Vec<GameHandle> {
        lock(&self.games).values().cloned().collect()
    }
}
