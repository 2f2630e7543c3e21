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
            .ok_or_else(|| ServerMsg::error("hello_first", "say hello first"))
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

    async fn dispatch(&mut self, msg: ClientMsg) -> Result<(), Fatal> {
        // A kind from a newer client: ignored, so that clients may send what later versions add.
        if matches!(msg, ClientMsg::Unknown) {
            return Ok(());
        }
        if self.player.is_none() && !matches!(msg, ClientMsg::Hello { .. }) {
            return Err(Fatal::Close("the first message must be hello"));
        }
        let hub = self.hub.clone();
        match msg {
            ClientMsg::Hello { v, token, routes } => {
                if v != VERSION {
                    self.send(ServerMsg::error(
                        "version",
                        format!("this server speaks version {VERSION}"),
                    ));
                    return Err(Fatal::Close("protocol version"));
                }
                if self.player.is_some() {
                    return Err(ServerMsg::error("hello_first", "hello was already said").into());
                }
                self.routes = routes;
                let resumed = match token.as_deref() {
                    Some(t) if auth::token_shape_ok(t) => hub
                        .db
                        .session(&auth::token_hash(t))
                        .await
                        .map_err(db_err)?
                        .map(|p| (p, t.to_string())),
                    _ => None,
                };
                let (player, token) = match resumed {
                    Some(found) => found,
                    None => self.new_guest().await?,
                };
                self.sign_in(player.into(), token).await;
            }
            ClientMsg::Register { name, password } => {
                if !hub.login_allowed(self.addr) {
                    return Err(refusals::refused("rate", "rate-login-address", &[]).into());
                }
                if let Some(why) = auth::check_name(&name) {
                    return Err(why.error("name").into());
                }
                if password.len() < auth::PASSWORD_LEN.0 || password.len() > auth::PASSWORD_LEN.1 {
                    return Err(refusals::refused("auth", "auth-password-length", &[]).into());
                }
                let hash = tokio::task::spawn_blocking(move || auth::hash_password(&password))
                    .await
                    .ok()
                    .flatten()
                    .ok_or_else(|| ServerMsg::error("busy", "could not hash the password"))?;
                let row = PlayerRow {
                    key: auth::name_key(&name),
                    name,
                    guest: false,
                    password: Some(hash),
                    created_ms: now_ms(),
                };
                if !hub.db.create_player(&row).await.map_err(db_err)? {
                    return Err(refusals::refused("taken", "code-taken", &[]).into());
                }
                let token = self.new_session(&row.key).await?;
                self.adopt_lessons(&row.key).await?;
                self.switch_player(row.into(), token).await;
            }
            ClientMsg::Login { name, password } => {
                if !hub.login_allowed(self.addr) {
                    return Err(refusals::refused("rate", "rate-login-address", &[]).into());
                }
                let key = auth::name_key(&name);
                if name.len() > auth::NAME_LEN.1 || !hub.account_allowed(&key) {
                    return Err(refusals::refused("rate", "rate-login-account", &[]).into());
                }
                let row = hub.db.player(&key).await.map_err(db_err)?;
                let stored = row.as_ref().and_then(|r| r.password.clone());
                let ok = match stored {
                    Some(hash) if password.len() <= auth::PASSWORD_LEN.1 => {
                        tokio::task::spawn_blocking(move || auth::verify_password(&password, &hash))
                            .await
                            .unwrap_or(false)
                    }
                    _ => false,
                };
                let Some(row) = row.filter(|_| ok) else {
                    return Err(refusals::refused("auth", "auth-wrong", &[]).into());
                };
                let token = self.new_session(&row.key).await?;
                self.adopt_lessons(&row.key).await?;
                self.switch_player(row.into(), token).await;
            }
            ClientMsg::Seek(spec) => {
                let me = self.me()?.clone();
                let view = hub.post_seek(&me, self.id, &spec, None).await?;
                self.send(ServerMsg::Seek(Box::new(view)));
            }
            ClientMsg::CancelSeek { id } => {
                let me = self.me()?.clone();
                hub.cancel_seek(&me, &id)?;
                self.send(ServerMsg::SeekGone { id });
            }
            ClientMsg::Lobby => {
                if !self.follows.contains_key("lobby") {
                    self.follow_events("lobby".to_string(), hub.lobby.subscribe(), None)?;
                }
                self.send(ServerMsg::Seeks { seeks: hub.seeks() });
            }
            ClientMsg::Accept { id } => {
                let me = self.me()?.clone();
                hub.accept(&me, &id).await?;
            }
            ClientMsg::Decline { id } => {
                let me = self.me()?.clone();
                hub.decline(&me, &id)?;
            }
            ClientMsg::Quick { tc, rated, variant } => {
                let me = self.me()?.clone();
                if let Some(view) = hub
                    .quick(&me, self.id, &tc, rated, variant.as_deref())
                    .await?
                {
                    self.send(ServerMsg::Seek(Box::new(view)));
                }
            }
            ClientMsg::Challenge { to, spec } => {
                let me = self.me()?.clone();
                let key = auth::name_key(&to);
                if to.len() > 40 {
                    return Err(refusals::refused("name", "name-no-player", &[]).into());
                }
                if key == me.key {
                    return Err(refusals::refused("seek", "seek-yourself", &[]).into());
                }
                let target = hub
                    .db
                    .player(&key)
                    .await
                    .map_err(db_err)?
                    .ok_or_else(|| refusals::refused("name", "name-no-player", &[]))?;
                let view = hub
                    .post_seek(&me, self.id, &spec, Some((target.key, target.name)))
                    .await?;
                self.send(ServerMsg::Seek(Box::new(view)));
            }
            ClientMsg::PlayComputer {
                level,
                variant,
                tc,
                color,
            } => {
                let me = self.me()?.clone();
                let req = super::hub::ComputerRequest {
                    level,
                    variant,
                    tc,
                    color,
                };
                hub.play_computer(&me, self.addr, &req).await?;
            }
            ClientMsg::Invite(spec) => {
                let me = self.me()?.clone();
                let (code, expires) = hub.invite(&me, &spec).await?;
                self.send(ServerMsg::Invite { code, expires });
            }
            ClientMsg::JoinInvite { code } => {
                let me = self.me()?.clone();
                hub.join_invite(&me, &code).await?;
            }
            ClientMsg::Rematch { game } => {
                let me = self.me()?.clone();
                if game.len() <= 16 && hub.computer_rematch(&me, self.addr, &game).await?.is_some()
                {
                    return Ok(());
                }
                let view = hub.rematch(&me, self.id, &game).await?;
                self.send(ServerMsg::Seek(Box::new(view)));
            }
            ClientMsg::MyGames => {
                let me = self.me()?.clone();
                let games = hub.my_games(&me).await?;
                self.send(ServerMsg::Games { games });
            }
            ClientMsg::Watch { game } => self.watch(&game).await?,
            ClientMsg::Unwatch { game } => {
                if let Some(f) = self.follows.remove(&game) {
                    f.task.abort();
                }
            }
            ClientMsg::Move { game, n, mv } => {
                if mv.len() > 16 {
                    return Err(refusals::refused("illegal", "not-a-move", &[]).into());
                }
                self.game_cmd(&game, Cmd::Move { n, mv }).await?;
                // Answered once the game has committed and announced the move.
                Metrics::observe(&hub.metrics.move_ack, self.arrived.elapsed());
            }
            ClientMsg::Draw { game } => self.game_cmd(&game, Cmd::Draw).await?,
            ClientMsg::DrawNo { game } => self.game_cmd(&game, Cmd::DrawNo).await?,
            ClientMsg::Takeback { game } => self.game_cmd(&game, Cmd::Takeback).await?,
            ClientMsg::TakebackNo { game } => self.game_cmd(&game, Cmd::TakebackNo).await?,
            ClientMsg::Resign { game } => self.game_cmd(&game, Cmd::Resign).await?,
            ClientMsg::Abort { game } => self.game_cmd(&game, Cmd::Abort).await?,
            ClientMsg::Berserk { game } => self.game_cmd(&game, Cmd::Berserk).await?,
            ClientMsg::TournamentCreate(spec) => {
                let me = self.me()?.clone();
                let id = tournaments::messages::create(&hub, &me, &spec).await?;
                self.send(ServerMsg::TournamentCreated { id });
            }
            ClientMsg::TournamentJoin { id } => {
                let me = self.me()?.clone();
                tournaments::director::join(&hub, &id, &me)
                    .await
                    .map_err(tournaments::messages::error)?;
                self.send(ServerMsg::TournamentEntry { id, joined: true });
            }
            ClientMsg::TournamentWithdraw { id } => {
                let me = self.me()?.clone();
                tournaments::director::withdraw(&hub, &id, &me)
                    .await
                    .map_err(tournaments::messages::error)?;
                self.send(ServerMsg::TournamentEntry { id, joined: false });
            }
            ClientMsg::Tournaments => {
                let me = self.me().ok().cloned();
                let msg = tournaments::messages::list(&hub, me.as_ref()).await?;
                self.send(msg);
            }
            ClientMsg::PuzzleNext { id } => {
                let me = self.me()?.clone();
                let msg = super::puzzles::next(hub.puzzle_cx(), &me.key, id, self.routes).await?;
                self.send(msg);
            }
            ClientMsg::PuzzleMove { id, moves } => {
                let me = self.me()?.clone();
                let msg = super::puzzles::answer(
                    hub.puzzle_cx(),
                    &me.key,
                    id,
                    &moves,
                    self.routes,
                    self.lang,
                )
                .await?;
                self.send(msg);
            }
            ClientMsg::PuzzleSolution { id } => {
                let me = self.me()?.clone();
                let msg =
                    super::puzzles::give_up(hub.puzzle_cx(), &me.key, id, self.routes).await?;
                self.send(msg);
            }
            ClientMsg::Ask {
                game,
                q,
                lang,
                position,
                variant,
                moves,
            } => match position {
                Some(position) => {
                    if q.len() > MAX_QUESTION || game.len() > MAX_QUESTION {
                        return Err(ServerMsg::error("no_game", "the question is too long").into());
                    }
                    let lang = Lang::parse(lang.as_deref().unwrap_or("en"));
                    self.send(super::blind::answer_position(
                        &game,
                        &position,
                        variant.as_deref(),
                        &moves,
                        &q,
                        lang,
                    ));
                }
                None => self.ask(&game, &q, lang.as_deref()).await?,
            },
            ClientMsg::Analyse {
                id,
                position,
                variant,
                moves,
            } => {
                let me = self.me()?.clone();
                // The search before stops first: its time goes back to the budget.
                self.analysis = None;
                let req = BoardRequest {
                    id,
                    position,
                    variant,
                    moves,
                };
                let board = hub.analyse_board(&me, self.addr, &req, self.routes).await?;
                self.send(ServerMsg::AnalysisBoard(Box::new(board.view.clone())));
                self.analysis = board.forward(self.tx.clone(), self.kill.clone());
            }
            ClientMsg::AnalyseStop => self.analysis = None,
            ClientMsg::AnalyseGame { game } => {
                let me = self.me()?.clone();
                let followed = hub.request_game_analysis(&me, self.addr, &game).await?;
                self.game_analysis(&game, followed)?;
            }
            ClientMsg::GameAnalysis { game } => {
                let followed = hub.game_analysis(&game).await?;
                self.game_analysis(&game, followed)?;
            }
            ClientMsg::Ping { n } => self.send(ServerMsg::Pong { n }),
            ClientMsg::LessonTry {
                lesson,
                stage,
                inputs,
                lang,
            } => {
                self.lesson_try(lesson, stage, inputs, lang.as_deref())
                    .await?
            }
            ClientMsg::Lessons => {
                let lessons = self.lesson_progress().await?;
                self.send(ServerMsg::LessonProgress { lessons });
            }
            ClientMsg::Unknown => {}
        }
        Ok(())
    }

    async fn new_guest(&self) -> Result<(PlayerRow, String), Fatal> {
        for _ in 0..5 {
            let name =
                auth::guest_name().ok_or_else(|| ServerMsg::error("busy", "no randomness"))?;
            let row = PlayerRow {
                key: auth::name_key(&name),
                name,
                guest: true,
                password: None,
                created_ms: now_ms(),
            };
            if self.hub.db.create_player(&row).await.map_err(db_err)? {
                let token = self.new_session(&row.key).await?;
                return Ok((row, token));
            }
        }
        Err(ServerMsg::error("busy", "could not name a guest").into())
    }

    async fn new_session(&self, key: &str) -> Result<String, Fatal> {
        let token = auth::new_token().ok_or_else(|| ServerMsg::error("busy", "no randomness"))?;
        self.hub
            .db
            .create_session(&auth::token_hash(&token), key)
            .await
            .map_err(db_err)?;
        Ok(token)
    }

    /// Signed in (after hello): welcome, then the unfinished games.
    async fn sign_in(&mut self, player: Identity, token: String) {
        self.hub.set_online(&player.key, self.id, self.tx.clone());
        self.send(ServerMsg::Welcome {
            v: VERSION,
            name: player.name.clone(),
            token,
            guest: player.guest,
        });
        if let Ok(games) = self.hub.my_games(&player).await {
            self.send(ServerMsg::Games { games });
        }
        for challenge in self.hub.challenges_for(&player.key) {
            self.send(ServerMsg::Challenge(Box::new(challenge)));
        }
        self.player = Some(player);
    }

    /// Register or login on a connection that was somebody (a guest) before.
    async fn switch_player(&mut self, player: Identity, token: String) {
        if let Some(old) = self.player.take() {
            self.hub.set_offline(&old.key, self.id);
        }
        for (_, f) in self.follows.drain() {
            f.task.abort();
        }
        self.sign_in(player, token).await;
    }

    /// A game of ours started: say so and follow it.
    async fn started(&mut self, game: String, side: Side) {
        self.send(ServerMsg::Started {
            game: game.clone(),
            color: side_name(side),
        });
        if let Err(Fatal::Msg(m)) = self.watch(&game).await {
            self.send(m);
        }
    }

    /// Sends a game's analysis as it stands, and follows its progress while pending.
    fn game_analysis(&mut self, game: &str, (view, rx): FollowedAnalysis) -> Result<(), Fatal> {
        self.send(ServerMsg::GameAnalysis(Box::new(view)));
        let key = format!("analysis:{game}");
        if let Some(rx) = rx
            && self.follows.get(&key).is_none_or(|h| h.task.is_finished())
        {
            self.follows.remove(&key);
            self.follow_events(key, rx, None)?;
        }
        Ok(())
    }

    /// Follows a game: its state now, then its events.
    async fn watch(&mut self, id: &str) -> Result<(), Fatal> {
        if id.len() > 16 {
            return Err(refusals::refused("no_game", "no-game", &[]).into());
        }
        match self.hub.find_game(id).await {
            Some(handle) => {
                if !self.follows_game(id, &handle) {
                    self.follow_events(
                        id.to_string(),
                        handle.events.subscribe(),
                        Some(handle.clone()),
                    )?;
                }
                let snap = handle
                    .ask(
                        None,
                        Cmd::Snapshot {
                            routes: self.routes,
                        },
                    )
                    .await?;
                if let Some(text) = snap {
                    self.send_text(text);
                }
            }
            None => {
                let view = super::stored::view(&self.hub.db, id)
                    .await
                    .map_err(|e| ServerMsg::error("no_game", e.to_string()))?;
                let view = if self.routes {
                    routes::with_routes(view)
                } else {
                    view
                };
                self.send(ServerMsg::Game(Box::new(view)));
            }
        }
        Ok(())
    }

    /// Answers a blind-mode question about a game, live or stored (anyone may watch a game,
    /// so anyone may ask about it).
    async fn ask(&mut self, id: &str, q: &str, lang: Option<&str>) -> Result<(), Fatal> {
        if q.len() > MAX_QUESTION || !super::stored::id_ok(id) {
            return Err(
                ServerMsg::error("no_game", "no such game, or the question is too long").into(),
            );
        }
        let view = match self.hub.find_game(id).await {
            Some(handle) => handle.view().await,
            None => None,
        };
        let view = match view {
            Some(v) => v,
            None => super::stored::view(&self.hub.db, id)
                .await
                .map_err(|e| ServerMsg::error("no_game", e.to_string()))?,
        };
        let lang = Lang::parse(lang.unwrap_or("en"));
        self.send(super::blind::answer(&view, q, lang));
        Ok(())
    }

    /// Forwards a broadcast into this connection's queue; a lagging follower gets the whole
    /// game again instead of the events it missed.
    fn follow_events<E: Followed>(
        &mut self,
        key: String,
        mut rx: broadcast::Receiver<E>,
        handle: Option<GameHandle>,
    ) -> Result<(), Fatal> {
        if self.follows.len() >= MAX_FOLLOWED {
            return Err(refusals::refused("busy", "following-too-many", &[]).into());
        }
        let tx = self.tx.clone();
        let kill = self.kill.clone();
        let routes = self.routes;
        let game = handle.as_ref().map(|h| h.tx.clone());
        let task = tokio::spawn(async move {
            loop {
                let text = match rx.recv().await {
                    Ok(e) => e.for_follower(routes),
                    Err(broadcast::error::RecvError::Lagged(_)) => match &handle {
                        Some(h) => match h.ask(None, Cmd::Snapshot { routes }).await {
                            Ok(Some(t)) => t,
                            _ => continue,
                        },
                        None => continue,
                    },
                    Err(broadcast::error::RecvError::Closed) => break,
                };
                if tx.try_send(Out::Text(text)).is_err() {
                    kill.notify_one();
                    break;
                }
            }
        });
        self.follows.insert(
            key,
            Follow {
                task: task.abort_handle(),
                game,
            },
        );
        Ok(())
    }

    /// Whether this connection follows the game task `handle` reaches; a follow of an earlier
    /// task of the game (adjourned since, and brought back) is dropped.
    fn follows_game(&mut self, id: &str, handle: &GameHandle) -> bool {
        match self.follows.get(id) {
            Some(f) if f.game.as_ref().is_none_or(|tx| tx.same_channel(&handle.tx)) => true,
            Some(_) => {
                if let Some(f) = self.follows.remove(id) {
                    f.task.abort();
                }
                false
            }
            None => false,
        }
    }

    /// Sends a player's request to a live game (following it, so the answer is seen).
    async fn game_cmd(&mut self, id: &str, cmd: Cmd) -> Result<(), Fatal> {
        let me = self.me()?.clone();
        let handle = self
            .hub
            .find_game(id)
            .await
            .ok_or_else(|| refusals::refused("no_game", "no-live-game", &[]))?;
        let side = handle
            .side_of(&me.key)
            .ok_or_else(|| refusals::refused("not_player", "not-player", &[]))?;
        if !self.follows_game(id, &handle) {
            self.follow_events(
                id.to_string(),
                handle.events.subscribe(),
                Some(handle.clone()),
            )?;
        }
        handle.ask(Some(side), cmd).await?;
        Ok(())
    }
}

/// What a follower forwards: the lobby's events, or a game's (the same text for all, or
/// with routes for a connection that asked for them).
trait Followed: Clone + Send + 'static {
    /// The text for a connection that did or did not ask for routes.
    fn for_follower(self, routes: bool) -> Arc<str>;
}

impl Followed for Arc<str> {
    fn for_follower(self, _routes: bool) -> Arc<str> {
        self
    }
}

impl Followed for Event {
    fn for_follower(self, routes: bool) -> Arc<str> {
        self.text(routes).clone()
    }
}

/// An error to answer, or a reason to close.
/// Lesson replays running at once (each may search a little for the opponent's replies);
/// more wait their turn.
static LESSON_REPLAYS: LazyLock<tokio::sync::Semaphore> =
    LazyLock::new(|| tokio::sync::Semaphore::new(2));

impl Conn {
    /// Replays a lesson stage's attempt (off the runtime), stores the stars of a completed
    /// one, and answers with where it stands and the player's best.
    async fn lesson_try(
        &self,
        n: u32,
        s: u32,
        inputs: Vec<String>,
        lang: Option<&str>,
    ) -> Result<(), Fatal> {
        let key = self.me()?.key.clone();
        let language = lang.and_then(Lang::from_tag).unwrap_or_default();
        let refused = |e: lessons::LessonError| ServerMsg::error("lesson", e.to_string());
        let (lesson, _) = lessons::stage(language.code(), n, s).map_err(refused)?;
        let mut view = {
            let _turn = LESSON_REPLAYS
                .acquire()
                .await
                .map_err(|_| ServerMsg::error("busy", "the server is stopping"))?;
            tokio::task::spawn_blocking(move || {
                lessons::play(language.code(), n, s, &inputs, &|id| {
                    lang::text_in(language, id)
                })
            })
            .await
            .map_err(|_| ServerMsg::error("busy", "the lesson could not be checked"))?
            .map_err(refused)?
        };
        let stage_index = i64::from(s) - 1;
        if let Some(stars) = view.stars {
            self.hub
                .writer
                .write(Write::LessonStars {
                    player: key.clone(),
                    lesson: lesson.id.clone(),
                    stage: stage_index,
                    stars: i64::from(stars),
                })
                .await
                .map_err(|e| db_err(super::db::DbError::Corrupt(e)))?;
        }
        let stored = self.hub.db.lesson_stars(&key).await.map_err(db_err)?;
        view.best = stored
            .iter()
            .find(|(id, stage, _)| *id == lesson.id && *stage == stage_index)
            .and_then(|(_, _, stars)| u8::try_from(*stars).ok());
        self.send(ServerMsg::Lesson(Box::new(view)));
        Ok(())
    }

    /// A guest who registers or signs in brings its lesson stars to the account (the better
    /// of the two counts for each stage).
    async fn adopt_lessons(&self, to: &str) -> Result<(), Fatal> {
        let Some(from) = self.player.as_ref().filter(|p| p.guest && p.key != to) else {
            return Ok(());
        };
        self.hub
            .writer
            .write(Write::LessonAdopt {
                from: from.key.clone(),
                to: to.to_string(),
            })
            .await
            .map_err(|e| db_err(super::db::DbError::Corrupt(e)))?;
        Ok(())
    }

    /// The player's best stars in every lesson, 0 where a stage is not done.
    async fn lesson_progress(&self) -> Result<Vec<LessonStars>, Fatal> {
        let key = self.me()?.key.clone();
        let stored = self.hub.db.lesson_stars(&key).await.map_err(db_err)?;
        let book = lessons::lessons("en").map_err(|e| ServerMsg::error("lesson", e.to_string()))?;
        Ok(book
            .iter()
            .zip(1u32..)
            .map(|(lesson, n)| LessonStars {
                lesson: n,
                stars: (0..lesson.stages.len())
                    .map(|i| {
                        stored
                            .iter()
                            .find(|(id, stage, _)| {
                                *id == lesson.id && usize::try_from(*stage).ok() == Some(i)
                            })
                            .and_then(|(_, _, stars)| u8::try_from(*stars).ok())
                            .unwrap_or(0)
                    })
                    .collect(),
            })
            .collect())
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
