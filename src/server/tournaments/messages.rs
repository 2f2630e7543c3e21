//! The protocol's tournament messages, turned into the director's requests.

use std::sync::Arc;
use std::time::Duration;

use super::super::db::now_ms;
use super::super::hub::{Hub, Identity};
use super::super::messages::{MAX_TOURNAMENTS, ServerMsg, TournamentSpec, TournamentSummary};
use super::super::refusals::{self, Said};
use super::director::{self, NewTournament, TournamentError};
use super::store::Kind;
use crate::rules::clock::TimeControl;

/// The error a client gets (`code` `tournament`, or `db`).
pub fn error(e: TournamentError) -> ServerMsg {
    match e {
        TournamentError::Db(e) => ServerMsg::error("db", e.to_string()),
        TournamentError::Refused(said) => said.error("tournament"),
        TournamentError::Bad(msg) => ServerMsg::error("tournament", msg),
    }
}

/// The longest wait before a tournament starts: four weeks.
const MAX_START_IN: u64 = 28 * 86_400;

/// `tournament_create`: checks the terms and makes it (the creator is not entered: joining
/// is a separate choice).
pub async fn create(
    hub: &Arc<Hub>,
    me: &Identity,
    spec: &TournamentSpec,
) -> Result<String, ServerMsg> {
    let bad = |id: &'static str| Said::new(id, &[]).error("tournament");
    let kind = Kind::parse(&spec.kind).ok_or_else(|| bad("tournament-kind"))?;
    if spec.rated && me.guest {
        return Err(bad("tournament-rated-account"));
    }
    let tc = match spec.tc.as_deref() {
        Some(text) => Some(
            text.parse::<TimeControl>()
                .map_err(|e| refusals::clock_error(text, &e).error("tournament"))?,
        ),
        None => None,
    };
    if spec.days.is_some_and(|d| !(1..=14).contains(&d)) {
        return Err(bad("tournament-days"));
    }
    if spec.starts_in_secs > MAX_START_IN {
        return Err(bad("tournament-start"));
    }
    let new = NewTournament {
        kind,
        name: spec.name.clone(),
        variant: spec
            .variant
            .clone()
            .unwrap_or_else(|| "parachess".to_string()),
        rated: spec.rated,
        tc,
        days: if tc.is_some() { None } else { spec.days },
        rounds: spec.rounds.map(i64::from),
        length: spec.length_secs.map(Duration::from_secs),
        round_every: spec.round_every_secs.map(Duration::from_secs),
        starts_ms: now_ms() + (spec.starts_in_secs as i64) * 1000,
        creator: Some(me.key.clone()),
    };
    director::create(hub, new).await.map_err(error)
}

/// `tournaments`: the coming and running tournaments, soonest first, with how many play in
/// each and whether `me` is one of them (at most [`MAX_TOURNAMENTS`]).
pub async fn list(hub: &Hub, me: Option<&Identity>) -> Result<ServerMsg, ServerMsg> {
    let db_error = |e: super::super::db::DbError| ServerMsg::error("db", e.to_string());
    let rows = hub.db.open_tournaments(None).await.map_err(db_error)?;
    let mut tournaments = Vec::new();
    for t in rows.iter().take(MAX_TOURNAMENTS) {
        let entries = hub.db.tournament_entries(&t.id).await.map_err(db_error)?;
        let playing = || entries.iter().filter(|e| !e.withdrawn);
        tournaments.push(TournamentSummary {
            id: t.id.clone(),
            name: t.name.clone(),
            kind: t.kind.as_str().to_string(),
            status: t.status.as_str().to_string(),
            variant: t.variant.clone(),
            clock: super::api::clock_text(t),
            rated: t.rated,
            rounds: t.rounds.and_then(|r| u32::try_from(r).ok()),
            players: u32::try_from(playing().count()).unwrap_or(u32::MAX),
            starts: t.starts_ms,
            ends: t.ends_ms,
            joined: me.is_some_and(|me| playing().any(|e| e.key == me.key)),
        });
    }
    Ok(ServerMsg::Tournaments {
        now: now_ms(),
        tournaments,
    })
}
