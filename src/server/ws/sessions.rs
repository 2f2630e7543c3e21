//! Who the connection is: guests made, sessions kept, signing in and switching players.

use super::*;

impl Conn {
    pub(super) async fn new_guest(&self) -> Result<(PlayerRow, String), Fatal> {
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

    pub(super) async fn new_session(&self, key: &str) -> Result<String, Fatal> {
        let token = auth::new_token().ok_or_else(|| ServerMsg::error("busy", "no randomness"))?;
        self.hub
            .db
            .create_session(&auth::token_hash(&token), key)
            .await
            .map_err(db_err)?;
        Ok(token)
    }

    /// Signed in (after hello): welcome, then the unfinished games.
    pub(super) async fn sign_in(&mut self, player: Identity, token: String) {
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
    pub(super) async fn switch_player(&mut self, player: Identity, token: String) {
        if let Some(old) = self.player.take() {
            self.hub.set_offline(&old.key, self.id);
        }
        for (_, f) in self.follows.drain() {
            f.task.abort();
        }
        self.sign_in(player, token).await;
    }

    /// A game of ours started: say so and follow it.
    pub(super) async fn started(&mut self, game: String, side: Side) {
        self.send(ServerMsg::Started {
            game: game.clone(),
            color: side_name(side),
        });
        if let Err(Fatal::Msg(m)) = self.watch(&game).await {
            self.send(m);
        }
    }
}
