//! Following games and the lobby: their events forwarded, blind mode's questions answered,
//! a player's commands passed to the game's task.

use super::*;

/// What a follower forwards: the lobby's events, or a game's (the same text for all, or
/// with routes for a connection that asked for them).
pub(super) trait Followed: Clone + Send + 'static {
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

impl Conn {
    /// Sends a game's analysis as it stands, and follows its progress while pending.
    pub(super) fn game_analysis(
        &mut self,
        game: &str,
        (view, rx): FollowedAnalysis,
    ) -> Result<(), Fatal> {
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
    pub(super) async fn watch(&mut self, id: &str) -> Result<(), Fatal> {
        if id.len() > 16 {
            return Err(refusals::refused("no_game", "no-game", &[]).into());
        }
        match self.hub.find_game(id).await {
            Some(handle) => {
                self.follow_game(id, &handle)?;
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
                let view = crate::server::stored::view(&self.hub.db, id)
                    .await
                    .map_err(|e| e.refusal())?;
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
    pub(super) async fn ask(&mut self, id: &str, q: &str, lang: Option<&str>) -> Result<(), Fatal> {
        if q.len() > MAX_QUESTION || !crate::server::stored::id_ok(id) {
            return Err(refusals::refused("no_game", "no-game-or-question", &[]).into());
        }
        let view = match self.hub.find_game(id).await {
            Some(handle) => handle.view().await,
            None => None,
        };
        let view = match view {
            Some(v) => v,
            None => crate::server::stored::view(&self.hub.db, id)
                .await
                .map_err(|e| e.refusal())?,
        };
        let lang = Lang::parse(lang.unwrap_or("en"));
        self.send(crate::server::blind::answer(&view, q, lang));
        Ok(())
    }

    /// Forwards a broadcast into this connection's queue; a lagging follower gets the whole
    /// game again instead of the events it missed.
    pub(super) fn follow_events<E: Followed>(
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

    /// Follows the game task `handle` reaches, unless this connection does already.
    fn follow_game(&mut self, id: &str, handle: &GameHandle) -> Result<(), Fatal> {
        if self.follows_game(id, handle) {
            return Ok(());
        }
        self.follow_events(
            id.to_string(),
            handle.events.subscribe(),
            Some(handle.clone()),
        )
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
    pub(super) async fn game_cmd(&mut self, id: &str, cmd: Cmd) -> Result<(), Fatal> {
        let me = self.me()?.clone();
        let handle = self
            .hub
            .find_game(id)
            .await
            .ok_or_else(|| refusals::refused("no_game", "no-live-game", &[]))?;
        let side = handle
            .side_of(&me.key)
            .ok_or_else(|| refusals::refused("not_player", "not-player", &[]))?;
        self.follow_game(id, &handle)?;
        handle.ask(Some(side), cmd).await?;
        Ok(())
    }
}
