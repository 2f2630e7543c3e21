//! The server's shared state: the live games, the lobby's seeks and challenges (`seeks`), who
//! is online (`presence`), the limits kept per address and per account (`limits`), and the
//! stand-ins for games other instances play (`proxy`).

pub mod analysis;
pub mod game_analysis;
mod invites;
mod limits;
mod play_computer;
mod presence;
mod proxy;
mod seeks;
mod showcase;

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

pub use invites::{INVITE_FOR, InviteView};
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
    /// The shipped puzzles (issue 37).
    pub puzzles: super::puzzles::Puzzles,
    /// The analysis board's engine time left per player and address.
    analysis_budgets: analysis::Budgets,
    /// The finished games' analyses: queue, progress, limits.
    game_analyses: game_analysis::GameAnalyses,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Hub {
    /// What the puzzle answers read and write.
    pub fn puzzle_cx(&self) -> super::puzzles::Ctx<'_> {
        super::puzzles::Ctx {
            db: &self.db,
            writer: &self.writer,
            puzzles: &self.puzzles,
        }
    }

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
        if !db.postgres && limits.engine_threads == Some(0) {
            return Err(DbError::Url(
                "--engine-threads 0 (engine workers do every job) needs PostgreSQL".to_string(),
            ));
        }
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
            puzzles: super::puzzles::Puzzles::builtin(),
            analysis_budgets: analysis::Budgets::new(&limits),
            game_analyses: game_analysis::GameAnalyses::new(&limits),
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
        if hub.db.postgres {
            // A name of its own per run as taker; as asker, the instance's (its rows of a
            // previous run are swept).
            hub.computer.use_jobs(&hub.db, hub.instance.clone()).await?;
        }
        hub.start_game_analyses().await?;
        let now = now_ms();
        let adjourn_ms = limits.adjourn_after.as_millis() as i64;
        for mut row in hub.db.unfinished(&hub.instance).await? {
            if row.tournament.is_some() {
                row.berserk = hub.db.arena_berserk(&row.id).await?;
            }
            // Adjourned already: brought back when its player opens it.
            if game::adjournable(&row) && now.saturating_sub(row.last_ms) >= adjourn_ms {
                continue;
            }
            let moves = hub.db.moves(&row.id).await?;
            match game::rebuild(&row, &moves) {
                Ok(g) => {
                    hub.launch(row, g);
                }
                Err(e) => tracing::error!("not brought back: {e}"),
            }
        }
        Ok(hub)
    }

    /// Starts the task of a game and lists it as live; the live one, if it is already.
    fn launch(self: &Arc<Hub>, row: GameRow, g: crate::rules::Game) -> GameHandle {
        let id = row.id.clone();
        // Under the lock: two players bringing an adjourned game back start one task.
        let mut games = lock(&self.games);
        if let Some(live) = games.get(&id) {
            return live.clone();
        }
        let weak = Arc::downgrade(self);
        let (computer, second_computer) = self.seats(&row);
        let shared = game::Shared {
            writer: self.writer.clone(),
            bus: self.bus.clone(),
            first_move: self.limits.first_move,
            offer_for: self.limits.offer_for,
            computer,
            adjourn_after: self.limits.adjourn_after,
            second_computer,
        };
        let handle = game::spawn(row, g, shared, move |id| {
            if let Some(hub) = weak.upgrade() {
                lock(&hub.games).remove(&id);
            }
        });
        games.insert(id, handle.clone());
        handle
    }

    /// The computer's seats in a game: one against a player; both, searched only when no
    /// player's move waits, in a game of the computer against itself (the showcase).
    fn seats(&self, row: &GameRow) -> (Option<computer::seat::Seat>, Option<computer::seat::Seat>) {
        use computer::ComputerLevel;
        use computer::seat::Seat;
        match (
            ComputerLevel::of_key(&row.white.0),
            ComputerLevel::of_key(&row.black.0),
        ) {
            (Some(w), Some(b)) => (
                Some(Seat::idle(Side::White, w, self.computer.pool())),
                Some(Seat::idle(Side::Black, b, self.computer.pool())),
            ),
            _ => (
                computer::seat_of(row)
                    .map(|(side, level)| Seat::new(side, level, self.computer.pool())),
                None,
            ),
        }
    }

    /// Brings back an adjourned game of this instance (untimed, against the computer) when
    /// someone asks for it; `None` for any other game not live here.
    pub(super) async fn resume(self: &Arc<Hub>, row: GameRow) -> Option<GameHandle> {
        if row.status != "started" || row.owner != self.instance || !game::adjournable(&row) {
            return None;
        }
        let moves = self.db.moves(&row.id).await.ok()?;
        match game::rebuild(&row, &moves) {
            Ok(g) => {
                tracing::info!(game = %row.id, "resumed");
                Some(self.launch(row, g))
            }
            Err(e) => {
                tracing::error!("not resumed: {e}");
                None
            }
        }
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
        let id = new_game_id()?;
        let game = GameSpec {
            variant,
            rated,
            tc,
            days,
            tournament: None,
            berserk: false,
        };
        self.create_game_as(id, white, black, game).await
    }

    /// Creates a game with a given id (a tournament writes its pairings, game ids included,
    /// before it creates the games), tells both players, and returns the id.
    pub async fn create_game_as(
        self: &Arc<Hub>,
        id: String,
        white: &Identity,
        black: &Identity,
        spec: GameSpec<'_>,
    ) -> Result<String, ServerMsg> {
        let GameSpec {
            variant,
            rated,
            tc,
            days,
            tournament,
            berserk,
        } = spec;
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
            tournament,
            berserk: berserk.then_some([false; 2]),
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

/// A fresh game id.
pub fn new_game_id() -> Result<String, ServerMsg> {
    auth::random_id(8).ok_or_else(|| ServerMsg::error("busy", "no randomness"))
}

/// What a new game is: variant, rating, clock, tournament.
#[derive(Clone, Debug)]
pub struct GameSpec<'a> {
    /// The variant's name.
    pub variant: &'a str,
    /// Rated.
    pub rated: bool,
    /// A live clock.
    pub tc: Option<TimeControl>,
    /// Correspondence days per move.
    pub days: Option<u32>,
    /// The tournament it belongs to.
    pub tournament: Option<String>,
    /// An arena's game: a side may go berserk.
    pub berserk: bool,
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

    /// Whether other instances share this one's database (and its site).
    pub fn shares_site(&self) -> bool {
        self.bus.is_some()
    }

    /// The instance is stopping (SIGTERM): what it holds for the site is given up at once
    /// (its engine jobs, the showcase's lease), so the other instances need not wait for leases
    /// to run out.
    pub async fn stop(&self) {
        self.computer.stop().await;
        if self.bus.is_some()
            && let Err(e) = self
                .db
                .drop_site_lease(showcase::LEASE, &self.instance)
                .await
        {
            tracing::warn!("the showcase's lease not given up (it runs out): {e}");
        }
    }

    /// The handles of the live games here.
    pub fn live_handles(&self) -> Vec<GameHandle> {
        lock(&self.games).values().cloned().collect()
    }
}
