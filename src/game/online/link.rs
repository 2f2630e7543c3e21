//! The network glue: the session's events, checked by the rules, put on the board each frame;
//! the board's moves sent to the session; the view following the session; the session ended
//! with the screen.

use super::*;

/// Events taken from the session in one frame at most (the rest wait for the next).
const EVENTS_PER_FRAME: usize = 64;

/// What the saved game says of a network game: the event, where the host was (as the joiner
/// reached it, or the address it listened on), and the opponent's name when they gave one.
fn network_origin(session: &Session) -> Origin {
    let net = &session.net;
    // The name as the protocol read it: already cleaned to one printable line.
    let mut names = [None, None];
    if !net.opponent.is_empty() {
        names[(!net.you).index()] = Some(net.opponent.clone());
    }
    let site = if session.hosting {
        session
            .listening
            .as_ref()
            .map(|(addr, _)| format!("hosted at port {}", addr.port()))
    } else {
        Some(format!("joined {}", session.target))
    };
    Origin {
        event: Some("Network game".into()),
        site,
        names,
    }
}

/// Puts the session's game on the board, the local player's side at the bottom.
fn bind(board: &mut FollowBoard, session: &mut Session) {
    let origin = network_origin(session);
    session.game_id = Some(board.bind(&session.net, Some(session.net.you), origin));
}

/// Takes the session's events (at most [`EVENTS_PER_FRAME`] a frame, never waiting), checks
/// each with the rules and shows it.
pub(super) fn poll_session(
    mut online: ResMut<Online>,
    time: Res<Time<Real>>,
    mut board: FollowBoard,
) {
    let now = time.elapsed();
    let online = &mut *online;
    let Some(session) = online.session.as_mut() else {
        return;
    };
    let mut finished = false;
    for _ in 0..EVENTS_PER_FRAME {
        let Some(event) = session.handle().try_recv() else {
            break;
        };
        online.leave_armed = false;
        if let Err(e) = session.net.apply(&event, now) {
            board
                .status
                .warn(tr!("online-ignored", error = e.to_string()));
            continue;
        }
        let ours = session.game_id == Some(board.game().id());
        let you = session.net.you;
        let them = match session.net.opponent.as_str() {
            "" => tr!("online-your-opponent"),
            name => crate::net::wire::clip(name),
        };
        match event {
            NetEvent::Connected { .. } => {
                session.link = Link::Up;
                if session.hosting && session.game_id.is_none() {
                    bind(&mut board, session);
                    board
                        .status
                        .info(tr!("online-joined", them = them.as_str()));
                } else if session.hosting {
                    board
                        .status
                        .info(tr!("online-is-back", them = them.as_str()));
                }
            }
            NetEvent::State(state) => {
                session.link = Link::Up;
                session.asked = None;
                session.keep_seat();
                if session.game_id.is_none() {
                    bind(&mut board, session);
                    board.status.info(tr!(
                        "online-connected-you-play",
                        side = crate::game::text::side_name(state.you),
                        clock = state
                            .control
                            .map_or(String::new(), |tc| format!(", {}", label(tc)))
                    ));
                } else if ours {
                    board.mirror(&session.net);
                    board.status.info(tr!("online-reconnected"));
                }
            }
            NetEvent::Moved { text, side, .. } => {
                session.asked = None;
                if ours {
                    board.mirror(&session.net);
                }
                board.status.info(crate::game::text::move_played_text(
                    &crate::game::text::side_name(side),
                    &text,
                    session.net.game.outcome(),
                ));
            }
            NetEvent::Clock(_) => {
                if ours {
                    board.apply(GameCommand::SetClocks(session.net.clocks.clone()));
                }
            }
            NetEvent::DrawOffered { by } if by != you => {
                board
                    .status
                    .info(tr!("online-offers-draw", them = them.as_str()));
            }
            NetEvent::TakebackAsked { by } if by != you => {
                board
                    .status
                    .info(tr!("online-asks-takeback", them = them.as_str()));
            }
            NetEvent::DrawDeclined { .. } => {
                session.asked = None;
                board
                    .status
                    .info(tr!("online-declined-draw", them = them.as_str()));
            }
            NetEvent::TakebackDeclined { .. } => {
                session.asked = None;
                board
                    .status
                    .info(tr!("online-refused-takeback", them = them.as_str()));
            }
            NetEvent::TakenBack { .. } => {
                session.asked = None;
                if ours {
                    board.mirror(&session.net);
                }
                board.status.info(tr!("status-undone"));
            }
            NetEvent::GameOver(outcome) => {
                session.asked = None;
                session.forget_seat();
                if ours {
                    board.mirror(&session.net);
                }
                board.status.info(crate::game::text::outcome_text(outcome));
            }
            NetEvent::Refused(why) => {
                session.asked = None;
                board.status.warn(capitalise(&why));
            }
            NetEvent::Disconnected { reason, .. } => {
                session.asked = None;
                let reason = reason
                    .strip_prefix("the connection was lost: ")
                    .unwrap_or(&reason)
                    .to_string();
                if session.game_id.is_none() {
                    // A joiner refused before its first game ("refused: the host is busy,
                    // retrying"): it tries again by itself.
                    board.status.warn(capitalise(&reason));
                } else {
                    board.status.warn(if session.hosting {
                        tr!("online-lost-host", reason = reason.as_str())
                    } else {
                        tr!("online-lost-join", reason = reason.as_str())
                    });
                }
                session.link = Link::Lost(reason);
            }
            NetEvent::Stopped(reason) => {
                session.link = Link::Closed(reason.clone());
                if session.game_id.is_none() {
                    finished = true;
                    board.status.warn(capitalise(&reason));
                } else {
                    if ours {
                        board.apply(GameCommand::PauseClocks);
                    }
                    board
                        .status
                        .warn(tr!("online-ended", reason = reason.as_str()));
                }
                break;
            }
            NetEvent::DrawOffered { .. } | NetEvent::TakebackAsked { .. } => {}
        }
    }
    if finished {
        online.session = None;
    }
}

/// A move made on the board: a request to the session (the host decides).
pub(super) fn forward_moves(
    mut requests: MessageReader<MoveRequest>,
    mut online: ResMut<Online>,
    game: Res<ChessGame>,
    mut status: ResMut<StatusLine>,
) {
    for &MoveRequest(mv) in requests.read() {
        match online.session.as_mut() {
            Some(s) if s.game_id == Some(game.id()) => {
                if !s.net.my_turn() {
                    status.warn(tr!("online-not-your-turn"));
                } else if let Err(e) = s.net.game.position().check_move(mv) {
                    status.warn(capitalise(&crate::game::text::move_error_text(&e)));
                } else {
                    s.send(NetCommand::Move(mv));
                }
            }
            _ => status.warn(tr!("online-no-game")),
        }
    }
}

/// The view follows the session: none, waiting, or playing.
pub(super) fn sync_view(
    online: Res<Online>,
    view: Option<Res<State<OnlineView>>>,
    mut next: ResMut<NextState<OnlineView>>,
) {
    let want = match &online.session {
        None => OnlineView::Menu,
        Some(s) if s.playing() => OnlineView::Playing,
        Some(_) => OnlineView::Waiting,
    };
    if view.is_some_and(|v| *v.get() != want) {
        next.set(want);
    }
}

/// Leaving the online screen ends the session; its game stays (saved), for two players at
/// this board from now on.
pub(super) fn end_session(mut online: ResMut<Online>, mut board: GameControl) {
    online.leave_armed = false;
    // The online screen's prompts ("Enter starts hosting") mean nothing on the next screen.
    board.status.info("");
    let Some(session) = online.session.take() else {
        return;
    };
    if session.game_id == Some(board.game().id()) {
        board.apply(GameCommand::SetPlayers([SeatKind::Human; 2]));
        board.apply(GameCommand::PauseClocks);
        let game = board.game().game();
        if !game.is_over() && !game.plies().is_empty() {
            board.status.info(tr!("online-left"));
        }
    }
    // Dropping the handle tells the other end and returns at once.
    drop(session);
}
