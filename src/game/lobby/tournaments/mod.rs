//! Tournaments in the server lobby (issue 42): the coming and running ones, each with its
//! countdown, Join and Withdraw. A pairing comes as the server's `started`, which puts the game
//! on the board as an accepted seek's does ([`super::session`]).
//!
//! * this file: the network glue: the server's answers taken into the session, Join and
//!   Withdraw sent, the list asked for again (it is not pushed);
//! * [`view`]: the lobby's rows and their countdowns.

pub mod view;

use std::time::Duration;

use bevy::prelude::*;

use super::ServerSession;
use super::session::{LinkState, ROWS, status};
use crate::client::messages::{ClientMsg, ServerMsg};
use crate::tr;

/// The list is asked for again this often while the lobby shows.
const REFRESH: Duration = Duration::from_secs(60);

/// After a countdown ran out (a start, an end), the list is asked for again, at most this
/// often until the server's list moves on.
const RECHECK: Duration = Duration::from_secs(10);

/// This machine's clock, Unix milliseconds.
pub fn local_now() -> i64 {
    jiff::Timestamp::now().as_millisecond()
}

/// Takes a tournament message into the session; returns whether `v` was one.
pub(super) fn message(world: &mut World, v: &ServerMsg) -> bool {
    match v {
        ServerMsg::Tournaments { .. } => {
            let mut session = world.resource_mut::<ServerSession>();
            if session.tournaments.apply(v, local_now()) {
                let ids = shown_ids(&session);
                session.shown.tournaments = ids;
            }
            true
        }
        ServerMsg::TournamentEntry { id, joined } => {
            let name = {
                let mut session = world.resource_mut::<ServerSession>();
                session.tournaments.apply(v, local_now());
                // The players' count is the server's: ask for it.
                let _ = session.send(ClientMsg::Tournaments);
                session
                    .tournaments
                    .list
                    .iter()
                    .find(|t| t.id == *id)
                    .map_or_else(|| id.clone(), |t| t.name.clone())
            };
            let said = if *joined {
                tr!("lobby-tournament-joined", name = name)
            } else {
                tr!("lobby-tournament-withdrew", name = name)
            };
            status(world, false, said);
            true
        }
        ServerMsg::TournamentCreated { .. } => {
            let _ = world
                .resource::<ServerSession>()
                .send(ClientMsg::Tournaments);
            true
        }
        _ => false,
    }
}

/// The ids of the tournaments the lobby's rows show, in order.
fn shown_ids(session: &ServerSession) -> Vec<String> {
    session
        .tournaments
        .list
        .iter()
        .take(ROWS)
        .map(|t| t.id.clone())
        .collect()
}

/// Joins (or, `join` false, withdraws from) the tournament in row `i`.
pub(super) fn enter(world: &mut World, i: usize, join: bool) -> Result<(), String> {
    let session = world.resource::<ServerSession>();
    let Some(id) = session.shown.tournaments.get(i).cloned() else {
        return Err(tr!("lobby-no-longer-listed"));
    };
    session.send(if join {
        ClientMsg::TournamentJoin { id }
    } else {
        ClientMsg::TournamentWithdraw { id }
    })
}

/// While the lobby shows: asks for the list every [`REFRESH`], and after a countdown ran
/// out (at most every [`RECHECK`]).
pub(super) fn refresh(
    time: Res<Time<Real>>,
    session: Res<ServerSession>,
    mut last: Local<Option<Duration>>,
) {
    let now = time.elapsed();
    if session.state != LinkState::Up {
        *last = None;
        return;
    }
    // Entering the lobby and the welcome ask already.
    let since = now.saturating_sub(*last.get_or_insert(now));
    let local = local_now();
    let ran_out = session.tournaments.list.iter().any(|t| {
        t.next_moment()
            .is_some_and(|at| session.tournaments.until(at, local) <= 0)
    });
    if since >= REFRESH || (ran_out && since >= RECHECK) {
        *last = Some(now);
        let _ = session.send(ClientMsg::Tournaments);
    }
}
