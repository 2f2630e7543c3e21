//! One live game: a task that alone owns the game and its clocks (lila's "round"). Sockets send
//! it requests through a channel; it checks each against the rules, has the database writer
//! commit what changed, and only then answers and tells every follower (a broadcast channel).
//! A flag falls when the server's clock says so, whoever is connected.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{broadcast, mpsc, oneshot};

use super::bus::Bus;
use super::computer::seat::{self, Seat, Thinking};
use super::db::{GameRow, MoveRow, RatedEnd, Write, Writer, now_ms};
use super::messages::{ClockView, GameView, Moved, ServerMsg, side_name};
use super::routes;
use super::variant;
use crate::rules::clock::{Clocks, TimeControl};
use crate::rules::record::{PlyNote, Tags, termination_name, write_record};
use crate::rules::{Game, Outcome, Side};

/// What a player (or a follower) asks of a game.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub enum Cmd {
    /// Play move `mv` as half-move `n`.
    Move {
        /// Expected half-move number.
        n: u32,
        /// The move text.
        mv: String,
    },
    /// Offer or accept a draw.
    Draw,
    /// Decline a draw.
    DrawNo,
    /// Request or accept a takeback.
    Takeback,
    /// Decline a takeback.
    TakebackNo,
    /// Resign.
    Resign,
    /// Abort.
    Abort,
    /// The whole game now, as a `game` message (with routes, for a connection that asked).
    Snapshot {
        /// Add the routes the web page draws.
        #[serde(default)]
        routes: bool,
    },
}

/// An event of a game as its followers get it: the message, and for the `game` and `moved`
/// messages the same with routes added, computed once here for every follower that asked for
/// routes (the web pages) instead of once per follower.
#[derive(Debug, Clone)]
pub struct Event {
    /// The message as every other follower gets it.
    pub plain: Arc<str>,
    /// The message with routes, when it has any.
    pub routed: Option<Arc<str>>,
}

impl Event {
    /// An event without routes.
    pub fn plain(text: Arc<str>) -> Event {
        Event {
            plain: text,
            routed: None,
        }
    }

    /// The text for a follower that did (`routes`) or did not ask for routes.
    pub fn text(&self, routes: bool) -> &Arc<str> {
        match &self.routed {
            Some(r) if routes => r,
            _ => &self.plain,
        }
    }
}

/// A request and where its answer goes: the snapshot text for [`Cmd::Snapshot`], else `None`;
/// or the error message to send back.
pub struct Req {
    /// The side of the asker, or `None` for a follower who is not playing.
    pub side: Option<Side>,
    /// What is asked.
    pub cmd: Cmd,
    /// The answer.
    pub reply: oneshot::Sender<Result<Option<Arc<str>>, ServerMsg>>,
}

/// How to reach a live game.
#[derive(Clone, Debug)]
pub struct GameHandle {
    /// Requests.
    pub tx: mpsc::Sender<Req>,
    /// Events, as JSON text, to every follower.
    pub events: broadcast::Sender<Event>,
    /// White's player key.
    pub white: String,
    /// Black's player key.
    pub black: String,
}

impl GameHandle {
    /// The side `key` plays here, if any.
    pub fn side_of(&self, key: &str) -> Option<Side> {
        if self.white == key {
            Some(Side::White)
        } else if self.black == key {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// Requests waiting in its inbox.
    pub fn queued(&self) -> usize {
        self.tx.max_capacity() - self.tx.capacity()
    }

    /// The whole game now, as the `game` message carries it (without routes).
    pub async fn view(&self) -> Option<GameView> {
        let text = self
            .ask(None, Cmd::Snapshot { routes: false })
            .await
            .ok()??;
        match serde_json::from_str(&text) {
            Ok(ServerMsg::Game(view)) => Some(*view),
            _ => None,
        }
    }

    /// Sends a request and waits for its answer.
    pub async fn ask(&self, side: Option<Side>, cmd: Cmd) -> Result<Option<Arc<str>>, ServerMsg> {
        let (reply, rx) = oneshot::channel();
        let gone = || ServerMsg::error("no_game", "that game is no longer live");
        self.tx
            .send(Req { side, cmd, reply })
            .await
            .map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }
}

/// Why a stored game could not be read back.
#[derive(Debug, thiserror::Error)]
#[error("game {id}: {why}")]
pub struct RebuildError {
    id: String,
    why: String,
}

/// A stored clock (base and increment in milliseconds) as time-control text (`5+3`).
pub(crate) fn tc_text((base, increment): (i64, i64)) -> String {
    TimeControl {
        base: Duration::from_millis(base.max(0) as u64),
        increment: Duration::from_millis(increment.max(0) as u64),
    }
    .to_string()
}

/// The game a row and its moves describe, with the declared end (resignation, agreement,
/// time) restored from the row.
pub fn rebuild(row: &GameRow, moves: &[MoveRow]) -> Result<Game, RebuildError> {
    let fail = |why: String| RebuildError {
        id: row.id.clone(),
        why,
    };
    let start = variant::position(&row.variant, &row.start)
        .map_err(|e| fail(format!("start position: {e}")))?;
    let mut game = Game::from_position(start);
    for (i, m) in moves.iter().enumerate() {
        game.play_text(&m.mv)
            .map_err(|e| fail(format!("move {} {:?}: {e}", i + 1, m.mv)))?;
    }
    if row.status == "over" && !game.is_over() {
        let winner = match row.result.as_deref() {
            Some("1-0") => Some(Side::White),
            Some("0-1") => Some(Side::Black),
            _ => None,
        };
        let outcome = match (row.reason.as_deref(), winner) {
            (Some("resignation"), Some(w)) => Outcome::Resignation { winner: w },
            (Some("time forfeit"), w) => Outcome::Time { winner: w },
            _ => Outcome::Agreement,
        };
        game.declare(outcome).map_err(|e| fail(e.to_string()))?;
    }
    Ok(game)
}

/// The game file (`parachess check-game` reads it) of a stored game.
pub fn pgn(row: &GameRow, moves: &[MoveRow], site: &str) -> Result<String, RebuildError> {
    let game = rebuild(row, moves)?;
    let date = jiff::Timestamp::from_millisecond(row.created_ms)
        .map(|t| t.strftime("%Y.%m.%d").to_string())
        .ok();
    let tags = Tags {
        event: Some(match row.days {
            Some(d) => format!(
                "{} correspondence game, {d} days per move",
                rated_word(row.rated)
            ),
            None => format!("{} {} game", rated_word(row.rated), row.speed),
        }),
        site: Some(format!("{site}/game/{}", row.id)),
        date,
        round: None,
        white: Some(row.white.1.clone()),
        black: Some(row.black.1.clone()),
        time_control: row.tc_ms.map(|(b, i)| TimeControl {
            base: Duration::from_millis(b.max(0) as u64),
            increment: Duration::from_millis(i.max(0) as u64),
        }),
    };
    let notes: Vec<PlyNote> = moves
        .iter()
        .map(|m| PlyNote {
            clock: m.clock_ms.map(|c| Duration::from_millis(c.max(0) as u64)),
            ..PlyNote::default()
        })
        .collect();
    Ok(write_record(&game, &tags, &notes))
}

fn rated_word(rated: bool) -> &'static str {
    if rated { "Rated" } else { "Casual" }
}

/// The JSON view of a game that is not live (finished, or read from the database).
pub fn stored_view(row: &GameRow, moves: &[MoveRow]) -> Result<GameView, RebuildError> {
    let game = rebuild(row, moves)?;
    let clocks = row.clocks_ms.map(|(w, b)| ClockView {
        white: w.max(0) as u64,
        black: b.max(0) as u64,
        running: None,
    });
    Ok(view_of(row, &game, clocks, None, None, None))
}

fn view_of(
    row: &GameRow,
    game: &Game,
    clocks: Option<ClockView>,
    deadline: Option<i64>,
    draw: Option<Side>,
    takeback: Option<Side>,
) -> GameView {
    let over = row.status != "started" || game.is_over();
    GameView {
        id: row.id.clone(),
        variant: variant::display(&row.variant),
        variant_def: variant::def_of(&row.variant),
        white: row.white.1.clone(),
        black: row.black.1.clone(),
        rated: row.rated,
        tc: row.tc_ms.map(tc_text),
        days: row.days.map(|d| d as u32),
        speed: row.speed.clone(),
        status: row.status.clone(),
        start: game.start_position().to_string(),
        moves: game.plies().iter().map(|p| p.mv.to_string()).collect(),
        texts: game.plies().iter().map(|p| p.text.clone()).collect(),
        position: game.position().to_string(),
        turn: side_name(game.position().turn()),
        legal: if over {
            Vec::new()
        } else {
            game.legal_moves().iter().map(|m| m.to_string()).collect()
        },
        clocks,
        deadline: if over { None } else { deadline },
        result: row.result.clone(),
        reason: row.reason.clone(),
        draw_offer: draw.map(side_name),
        takeback_offer: takeback.map(side_name),
        routes: None,
        played: None,
        positions: None,
    }
}

/// How long a finished game's task stays to answer late requests before the database serves
/// them.
const LINGER: Duration = Duration::from_secs(20);

/// How long a live game waits for each side's first move before it is aborted, unless the
/// server is told otherwise (`--first-move-secs`).
pub const FIRST_MOVE_WITHIN: Duration = Duration::from_secs(60);

/// How long a draw offer, takeback request or rematch offer stands unanswered before it
/// lapses, unless the server is told otherwise (`--offer-secs`): an offer nobody answers
/// (a player gone, a bot that never looks) must not hang on the page for ever.
pub const OFFER_FOR: Duration = Duration::from_secs(60);

/// What every live game of a server shares.
#[derive(Clone)]
pub struct Shared {
    /// The database writer.
    pub writer: Writer,
    /// The bus to the other instances, if any.
    pub bus: Option<Bus>,
    /// The wait for each side's first move.
    pub first_move: Duration,
    /// How long an offer stands unanswered.
    pub offer_for: Duration,
    /// The computer's seat, in a game against it.
    pub computer: Option<Seat>,
}

/// The live game's task state.
struct Actor {
    row: GameRow,
    game: Game,
    clocks: Option<Clocks>,
    epoch: Instant,
    draw: Option<Side>,
    takeback: Option<Side>,
    /// When the standing draw offer and takeback request were made (on the `epoch` clock).
    draw_at: Duration,
    takeback_at: Duration,
    events: broadcast::Sender<Event>,
    writer: Writer,
    bus: Option<Bus>,
    first_move: Duration,
    offer_for: Duration,
    computer: Option<Seat>,
}

/// Starts the task of a game (new, or brought back from the database), returning its handle
/// and its task (which ends some time after the game does).
pub fn spawn(
    row: GameRow,
    game: Game,
    shared: Shared,
    on_exit: impl FnOnce(String) + Send + 'static,
) -> GameHandle {
    let (tx, rx) = mpsc::channel(64);
    let (events, _) = broadcast::channel(256);
    let handle = GameHandle {
        tx,
        events: events.clone(),
        white: row.white.0.clone(),
        black: row.black.0.clone(),
    };
    let epoch = Instant::now();
    let clocks = row.tc_ms.map(|(b, i)| {
        let control = TimeControl {
            base: Duration::from_millis(b.max(0) as u64),
            increment: Duration::from_millis(i.max(0) as u64),
        };
        let remaining = row.clocks_ms.map_or([control.base; 2], |(w, b)| {
            [w, b].map(|ms| Duration::from_millis(ms.max(0) as u64))
        });
        let mut c = Clocks::with_remaining(control, remaining, game.position().turn());
        // The clocks run from the first move on (White's first move costs nothing).
        if !game.plies().is_empty() {
            c.resume(Duration::ZERO);
        }
        c
    });
    let actor = Actor {
        row,
        game,
        clocks,
        epoch,
        draw: None,
        takeback: None,
        draw_at: Duration::ZERO,
        takeback_at: Duration::ZERO,
        events,
        writer: shared.writer,
        bus: shared.bus,
        first_move: shared.first_move,
        offer_for: shared.offer_for,
        computer: shared.computer,
    };
    tokio::spawn(async move {
        let id = actor.row.id.clone();
        actor.run(rx).await;
        on_exit(id);
    });
    handle
}

impl Actor {
    fn now(&self) -> Duration {
        self.epoch.elapsed()
    }

    fn clock_view(&self) -> Option<ClockView> {
        let now = self.now();
        self.clocks.as_ref().map(|c| {
            let r = c.reading(now);
            ClockView {
                white: r.remaining[0].as_millis() as u64,
                black: r.remaining[1].as_millis() as u64,
                running: if self.row.status == "started" {
                    r.running.map(side_name)
                } else {
                    None
                },
            }
        })
    }

    fn clocks_ms(&self) -> Option<(i64, i64)> {
        self.clock_view().map(|c| (c.white as i64, c.black as i64))
    }

    /// Correspondence: when the side to move runs out of time.
    fn deadline(&self) -> Option<i64> {
        self.row.days.map(|d| {
            self.row
                .last_ms
                .saturating_add(d.saturating_mul(86_400_000))
        })
    }

    fn view(&self) -> GameView {
        view_of(
            &self.row,
            &self.game,
            self.clock_view(),
            self.deadline(),
            self.draw,
            self.takeback,
        )
    }

    /// The whole game as a `game` message, with the routes the web page draws or without.
    fn snapshot(&self, with_routes: bool) -> Arc<str> {
        let mut view = self.view();
        if with_routes {
            routes::add_game_routes(&mut view, &self.game);
        }
        ServerMsg::Game(Box::new(view)).to_json().into()
    }

    fn announce(&self, msg: &ServerMsg) {
        self.publish(Event::plain(msg.to_json().into()));
    }

    /// To the followers here, and through the bus to those on other instances (without
    /// routes: the instance relaying them adds its own).
    fn publish(&self, event: Event) {
        if let Some(bus) = &self.bus {
            bus.event(&self.row.id, &event.plain);
        }
        let _ = self.events.send(event);
    }

    fn live(&self) -> bool {
        self.row.status == "started"
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Req>) {
        let mut thinking: Option<Thinking> = None;
        loop {
            self.computer_think(&mut thinking);
            // When the side to move runs out of time, if a clock runs.
            let flag_in = if self.live() {
                match (&self.clocks, self.deadline()) {
                    (Some(c), _) => match (c.time_to_flag(self.now()), self.abort_in()) {
                        (Some(f), Some(a)) => Some(f.min(a)),
                        (f, a) => f.or(a),
                    },
                    (None, Some(deadline)) => {
                        Some(Duration::from_millis((deadline - now_ms()).max(0) as u64))
                    }
                    _ => None,
                }
            } else {
                Some(LINGER)
            };
            let wake_in = match (flag_in, self.offer_expires_in()) {
                (Some(f), Some(o)) => Some(f.min(o)),
                (f, o) => f.or(o),
            };
            let sleep = tokio::time::sleep(wake_in.unwrap_or(Duration::from_secs(86_400)));
            tokio::select! {
                req = rx.recv() => {
                    let Some(req) = req else { return };
                    let answer = self.handle(req.side, req.cmd).await;
                    let _ = req.reply.send(answer);
                }
                (ply, answer) = seat::answer(&mut thinking) => {
                    self.computer_moved(ply, answer).await;
                }
                _ = sleep, if wake_in.is_some() => {
                    if !self.live() {
                        return;
                    }
                    if self.expire_offers() {
                        continue;
                    }
                    if self.abort_in().is_some_and(|d| d.is_zero()) {
                        let _ = self.end("aborted", "*", "aborted", None).await;
                        continue;
                    }
                    self.flag_fall().await;
                }
            }
        }
    }

    /// A live game where a side has not made its first move is aborted after
    /// the server's first-move wait without a move (as lichess does): how long until then.
    fn abort_in(&self) -> Option<Duration> {
        if self.clocks.is_none() || self.game.plies().len() >= 2 || self.computer_to_move() {
            return None;
        }
        let since = now_ms().saturating_sub(self.row.last_ms).max(0) as u64;
        Some(self.first_move.saturating_sub(Duration::from_millis(since)))
    }

    /// How long until the first standing offer lapses, in a live game.
    fn offer_expires_in(&self) -> Option<Duration> {
        if !self.live() {
            return None;
        }
        let now = self.now();
        [(self.draw, self.draw_at), (self.takeback, self.takeback_at)]
            .into_iter()
            .filter(|(by, _)| by.is_some())
            .map(|(_, at)| (at + self.offer_for).saturating_sub(now))
            .min()
    }

    /// Withdraws the offers unanswered for the offer time, telling everyone; whether any was.
    fn expire_offers(&mut self) -> bool {
        let now = self.now();
        let due = |by: Option<Side>, at: Duration| by.is_some() && at + self.offer_for <= now;
        let mut gone = Vec::new();
        if due(self.draw, self.draw_at) {
            self.draw = None;
            gone.push("draw");
        }
        if due(self.takeback, self.takeback_at) {
            self.takeback = None;
            gone.push("takeback");
        }
        let any = !gone.is_empty();
        for kind in gone {
            self.announce(&ServerMsg::OfferGone {
                game: self.row.id.clone(),
                kind: kind.into(),
                reason: "expired".into(),
                id: None,
            });
        }
        any
    }

    /// The side to move's time is up (checked again: a move may have just come in).
    async fn flag_fall(&mut self) {
        let side = self.game.position().turn();
        let fallen = match (&self.clocks, self.deadline()) {
            (Some(c), _) => c.flagged(self.now()) == Some(side),
            (None, Some(d)) => now_ms() >= d,
            _ => false,
        };
        if fallen && let Ok(outcome) = self.game.flag(side) {
            self.finish(outcome).await;
        }
    }

    async fn handle(
        &mut self,
        side: Option<Side>,
        cmd: Cmd,
    ) -> Result<Option<Arc<str>>, ServerMsg> {
        if let Cmd::Snapshot { routes } = cmd {
            return Ok(Some(self.snapshot(routes)));
        }
        let Some(side) = side else {
            return Err(ServerMsg::error(
                "not_player",
                "you do not play in this game",
            ));
        };
        if !self.live() {
            return Err(ServerMsg::error("over", "the game is over"));
        }
        match cmd {
            Cmd::Snapshot { routes } => Ok(Some(self.snapshot(routes))),
            Cmd::Move { n, mv } => self.play(side, n, &mv).await.map(|_| None),
            Cmd::Resign => {
                self.game
                    .resign(side)
                    .map_err(|e| ServerMsg::error("over", e.to_string()))?;
                self.finish(Outcome::Resignation { winner: !side }).await;
                Ok(None)
            }
            Cmd::Abort => {
                if self.game.plies().len() >= 2 {
                    return Err(ServerMsg::error(
                        "over",
                        "a game can be aborted only before both sides have moved",
                    ));
                }
                self.end("aborted", "*", "aborted", None).await?;
                Ok(None)
            }
            Cmd::Draw => {
                if self.draw == Some(!side) {
                    self.game
                        .agree_draw()
                        .map_err(|e| ServerMsg::error("over", e.to_string()))?;
                    self.finish(Outcome::Agreement).await;
                } else if self.draw.is_none() {
                    self.draw = Some(side);
                    self.draw_at = self.now();
                    self.announce(&ServerMsg::Offer {
                        game: self.row.id.clone(),
                        kind: "draw".into(),
                        by: side_name(side),
                    });
                }
                self.computer_answers().await?;
                Ok(None)
            }
            Cmd::DrawNo => {
                if self.draw == Some(!side) {
                    self.draw = None;
                    self.announce(&ServerMsg::OfferGone {
                        game: self.row.id.clone(),
                        kind: "draw".into(),
                        reason: "declined".into(),
                        id: None,
                    });
                }
                Ok(None)
            }
            Cmd::Takeback => {
                if self.takeback == Some(!side) {
                    self.take_back(!side).await?;
                } else if self.takeback.is_none() {
                    let own_moves = self.plies_by(side);
                    if own_moves == 0 {
                        return Err(ServerMsg::error("offer", "you have no move to take back"));
                    }
                    self.takeback = Some(side);
                    self.takeback_at = self.now();
                    self.announce(&ServerMsg::Offer {
                        game: self.row.id.clone(),
                        kind: "takeback".into(),
                        by: side_name(side),
                    });
                }
                self.computer_answers().await?;
                Ok(None)
            }
            Cmd::TakebackNo => {
                if self.takeback == Some(!side) {
                    self.takeback = None;
                    self.announce(&ServerMsg::OfferGone {
                        game: self.row.id.clone(),
                        kind: "takeback".into(),
                        reason: "declined".into(),
                        id: None,
                    });
                }
                Ok(None)
            }
        }
    }

    fn plies_by(&self, side: Side) -> usize {
        let first = self.game.start_position().turn();
        let n = self.game.plies().len();
        if side == first { n.div_ceil(2) } else { n / 2 }
    }

    async fn play(&mut self, side: Side, n: u32, text: &str) -> Result<(), ServerMsg> {
        let plies = self.game.plies().len();
        if (n as usize) < plies {
            // Sent again after a reconnection: already played, nothing to do.
            let first = self.game.start_position().turn();
            let mover = if n.is_multiple_of(2) { first } else { !first };
            if mover == side && self.game.plies()[n as usize].mv.to_string() == text.trim() {
                return Ok(());
            }
            return Err(ServerMsg::error(
                "stale",
                format!("half-move {n} was already played"),
            ));
        }
        if n as usize > plies {
            return Err(ServerMsg::error(
                "stale",
                format!("the next half-move is {plies}, not {n}"),
            ));
        }
        if self.game.position().turn() != side {
            return Err(ServerMsg::error("not_your_turn", "it is not your move"));
        }
        let mv = self
            .game
            .position()
            .parse_move(text)
            .map_err(|e| ServerMsg::error("illegal", e.to_string()))?;
        // The route of the move from the position it is played in, for the web followers.
        let route = routes::route_view(self.game.position(), mv);
        let now = self.now();
        let before = self.clocks.clone();
        let mut clock_ms = None;
        if let Some(c) = &mut self.clocks {
            match c.moved(now) {
                Ok(left) => clock_ms = Some(left.as_millis() as i64),
                Err(_) => {
                    self.flag_fall().await;
                    return Err(ServerMsg::error("over", "your time ran out"));
                }
            }
            c.resume(now);
        }
        let (mv_text, after_text) = match self.game.play(mv) {
            Ok(ply) => (ply.mv.to_string(), ply.text.clone()),
            Err(e) => {
                self.clocks = before;
                return Err(ServerMsg::error("illegal", e.to_string()));
            }
        };
        let at_ms = now_ms();
        let write = Write::Move {
            game: self.row.id.clone(),
            ply: plies as i64,
            mv: mv_text.clone(),
            clock_ms,
            at_ms,
            clocks_ms: self.clocks_ms(),
        };
        if let Err(e) = self.writer.write(write).await {
            self.game.undo();
            self.clocks = before;
            return Err(ServerMsg::error(
                "db",
                format!("the move could not be saved: {e}"),
            ));
        }
        self.row.last_ms = at_ms;
        self.draw = None;
        self.takeback = None;
        let over = self.game.outcome();
        let moved = Moved {
            game: self.row.id.clone(),
            n: plies as u32,
            mv: mv_text,
            text: after_text,
            position: self.game.position().to_string(),
            legal: if over.is_some() {
                Vec::new()
            } else {
                self.game
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect()
            },
            clocks: self.clock_view(),
            deadline: self.deadline(),
            route: None,
            routes: None,
        };
        let routed = Moved {
            route: Some(route),
            // In the order of `legal`, which lists the legal moves (none once it is over).
            routes: Some(if over.is_some() {
                Vec::new()
            } else {
                routes::legal_routes(self.game.position())
            }),
            ..moved.clone()
        };
        self.publish(Event {
            plain: ServerMsg::Moved(Box::new(moved)).to_json().into(),
            routed: Some(ServerMsg::Moved(Box::new(routed)).to_json().into()),
        });
        if let Some(outcome) = over {
            self.finish(outcome).await;
        }
        Ok(())
    }

    async fn take_back(&mut self, requester: Side) -> Result<(), ServerMsg> {
        let count = if self.game.position().turn() == requester {
            2
        } else {
            1
        };
        let plies = self.game.plies().len();
        if plies < count {
            return Err(ServerMsg::error("offer", "nothing to take back"));
        }
        let backup = self.game.clone();
        for _ in 0..count {
            self.game.undo();
        }
        let now = self.now();
        let before = self.clocks.clone();
        if let Some(c) = &mut self.clocks {
            c.switch_to(self.game.position().turn(), now);
        }
        let at_ms = now_ms();
        let write = Write::Takeback {
            game: self.row.id.clone(),
            from_ply: (plies - count) as i64,
            clocks_ms: self.clocks_ms(),
            at_ms,
        };
        if let Err(e) = self.writer.write(write).await {
            self.game = backup;
            self.clocks = before;
            return Err(ServerMsg::error("db", e));
        }
        self.row.last_ms = at_ms;
        self.takeback = None;
        self.draw = None;
        let view = self.view();
        let mut routed = view.clone();
        routes::add_game_routes(&mut routed, &self.game);
        self.publish(Event {
            plain: ServerMsg::Game(Box::new(view)).to_json().into(),
            routed: Some(ServerMsg::Game(Box::new(routed)).to_json().into()),
        });
        Ok(())
    }

    /// The game ended by `outcome` (already recorded in `self.game`).
    async fn finish(&mut self, outcome: Outcome) {
        let reason = termination_name(outcome);
        let _ = self
            .end("over", outcome.result_text(), reason, Some(outcome))
            .await;
    }

    async fn end(
        &mut self,
        status: &'static str,
        result: &str,
        reason: &str,
        outcome: Option<Outcome>,
    ) -> Result<(), ServerMsg> {
        if let Some(c) = &mut self.clocks {
            c.pause(self.epoch.elapsed());
        }
        let rated = (self.row.rated && status == "over").then(|| RatedEnd {
            white: self.row.white.0.clone(),
            black: self.row.black.0.clone(),
            variant: variant::pool(&self.row.variant),
            speed: self.row.speed.clone(),
            white_score: match outcome.and_then(|o| o.winner()) {
                Some(Side::White) => 1.0,
                Some(Side::Black) => 0.0,
                None => 0.5,
            },
        });
        let write = Write::End {
            game: self.row.id.clone(),
            status,
            result: result.to_string(),
            reason: reason.to_string(),
            clocks_ms: self.clocks_ms(),
            rated,
        };
        self.writer
            .write(write)
            .await
            .map_err(|e| ServerMsg::error("db", e))?;
        tracing::info!(game = %self.row.id, result, reason, "game {status}");
        self.row.status = status.to_string();
        self.row.result = Some(result.to_string());
        self.row.reason = Some(reason.to_string());
        self.announce(&ServerMsg::End {
            game: self.row.id.clone(),
            result: result.to_string(),
            reason: reason.to_string(),
        });
        Ok(())
    }
}

/// The computer's seat: its moves and its answers to the player's offers.
impl Actor {
    fn computer_to_move(&self) -> bool {
        self.computer
            .as_ref()
            .is_some_and(|c| c.side == self.game.position().turn())
    }

    /// Asks the pool for the computer's move when it is due. Its clock stops meanwhile: it is
    /// charged the search's own time when the move comes, never the wait in the queue.
    fn computer_think(&mut self, thinking: &mut Option<Thinking>) {
        let Some(seat) = &self.computer else { return };
        let now = self.now();
        let live = self.live();
        seat.think(live, &self.game, self.clocks.as_ref(), now, thinking);
        if thinking.is_some()
            && let Some(c) = &mut self.clocks
        {
            c.pause(now);
        }
    }

    /// The computer's move for half-move `ply` came: played as the player's are (its clock
    /// charged the search's time), or the computer resigns when the engine found none.
    async fn computer_moved(&mut self, ply: usize, answer: seat::Answer) {
        let Some(side) = self.computer.as_ref().map(|c| c.side) else {
            return;
        };
        if !self.live() || ply != self.game.plies().len() {
            return;
        }
        let mv = match answer.mv {
            Ok(mv) => mv,
            Err(_) => {
                if self.game.resign(side).is_ok() {
                    self.finish(Outcome::Resignation { winner: !side }).await;
                }
                return;
            }
        };
        let now = self.now();
        if ply > 0
            && let Some(c) = &mut self.clocks
        {
            c.resume(now.saturating_sub(answer.searched));
        }
        if let Err(e) = self.play(side, ply as u32, &mv).await
            && self.live()
        {
            if let Some(c) = &mut self.clocks {
                c.pause(now);
            }
            // Not saved (the database refused): the loop asks again. Refused by the rules (an
            // engine fault): asking again would loop, so the computer resigns.
            if !matches!(&e, ServerMsg::Error { code, .. } if code == "db")
                && self.game.resign(side).is_ok()
            {
                self.finish(Outcome::Resignation { winner: !side }).await;
            }
        }
    }

    /// The computer grants every takeback request and declines draw offers unless the game
    /// is a dead draw.
    async fn computer_answers(&mut self) -> Result<(), ServerMsg> {
        let Some(side) = self.computer.as_ref().map(|c| c.side) else {
            return Ok(());
        };
        if self.takeback == Some(!side) {
            // The player's clock runs again after the takeback (stopped while the computer
            // thought), unless no move is left: then the first move is free again.
            let player = !side;
            let count = if self.game.position().turn() == player {
                2
            } else {
                1
            };
            let now = self.now();
            if self.game.plies().len() > count
                && let Some(c) = &mut self.clocks
            {
                c.resume(now);
            }
            self.take_back(player).await?;
        }
        if self.draw == Some(!side) {
            if seat::accepts_draw(&self.game) {
                self.game
                    .agree_draw()
                    .map_err(|e| ServerMsg::error("over", e.to_string()))?;
                self.finish(Outcome::Agreement).await;
            } else {
                self.draw = None;
                self.announce(&ServerMsg::OfferGone {
                    game: self.row.id.clone(),
                    kind: "draw".into(),
                    reason: "declined".into(),
                    id: None,
                });
            }
        }
        Ok(())
    }
}
