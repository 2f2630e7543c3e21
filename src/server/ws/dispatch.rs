//! The answer to each message a client sends: one arm per kind, each bounded and checked
//! before it reaches a game, the hub or the database.

use super::*;

impl Conn {
    pub(super) async fn dispatch(&mut self, msg: ClientMsg) -> Result<(), Fatal> {
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
                    self.send(refusals::refused(
                        "version",
                        "version",
                        &[("v", &VERSION.to_string())],
                    ));
                    return Err(Fatal::Close("protocol version"));
                }
                if self.player.is_some() {
                    return Err(refusals::refused("hello_first", "hello-again", &[]).into());
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
                let req = crate::server::hub::ComputerRequest {
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
                let msg =
                    crate::server::puzzles::next(hub.puzzle_cx(), &me.key, id, self.routes).await?;
                self.send(msg);
            }
            ClientMsg::PuzzleMove { id, moves } => {
                let me = self.me()?.clone();
                let msg = crate::server::puzzles::answer(
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
                    crate::server::puzzles::give_up(hub.puzzle_cx(), &me.key, id, self.routes)
                        .await?;
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
                        return Err(refusals::refused("no_game", "question-too-long", &[]).into());
                    }
                    let lang = Lang::parse(lang.as_deref().unwrap_or("en"));
                    self.send(crate::server::blind::answer_position(
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
}
