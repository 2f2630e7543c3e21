//! The director: one task per tournament this instance owns (`owner`, as games are owned). It
//! reads the tournament's rows, does the next thing due, writes it, and looks again after a
//! short tick: start at the set time, pair a Swiss round when the last one is over, pair an
//! arena's waiting players, record results, withdraw no-shows, finish.
//!
//! Everything it knows comes from the database each tick, and every write is idempotent
//! (a round is written with the round number in one transaction, a result only where none is),
//! so a server killed with `kill -9` comes back where it was: its unfinished games come back
//! with the hub, the directors with [`resume_all`], and nobody is paired or scored twice.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use super::super::db::{DbError, now_ms};
use super::super::hub::{GameSpec, Hub, Identity, new_game_id};
use super::super::rating;
use super::super::refusals::Said;
use super::super::variant;
use super::pairing::{arena, dutch};
use super::state;
use super::store::{EntryRow, Kind, PairingRow, Status, TournamentRow};
use super::{Colour, Outcome};
use crate::rules::clock::TimeControl;

/// How often a director looks at its tournament.
const TICK: Duration = Duration::from_millis(500);
/// How long an owner's lease on a tournament lasts: renewed every tick, so it runs out only
/// when the owner is down (or stalled) this long; then another instance takes over.
pub const LEASE: Duration = Duration::from_secs(6);
/// How often an instance looks for tournaments whose owner's lease ran out, and marks the
/// arena entrants connected to it for the owner.
const ORPHANS_EVERY: Duration = Duration::from_secs(2);
/// An arena entrant marked connected by another instance within this long counts as
/// connected.
const SEEN_WITHIN: Duration = Duration::from_secs(6);

/// The most rounds a Swiss may have.
pub const MAX_ROUNDS: i64 = 30;
/// The shortest and longest arena.
pub const ARENA_LENGTH: (Duration, Duration) =
    (Duration::from_secs(10), Duration::from_secs(24 * 3600));
/// The shortest and longest time between a Swiss's rounds at set times.
pub const ROUND_EVERY: (Duration, Duration) =
    (Duration::from_secs(1), Duration::from_secs(30 * 86_400));
/// Tournaments an account may make per day.
pub const PER_ACCOUNT_PER_DAY: i64 = 5;

/// Why a tournament could not be made or joined.
#[derive(Debug, Error)]
pub enum TournamentError {
    /// The database.
    #[error(transparent)]
    Db(#[from] DbError),
    /// Something asked for is not allowed (said in both languages).
    #[error("{0}")]
    Refused(Said),
    /// What no player causes (no randomness): English, for the operator.
    #[error("{0}")]
    Bad(String),
}

/// The refusal `id` of the table, with `fill` in its holes.
fn refused(id: &'static str, fill: &[(&str, &str)]) -> TournamentError {
    TournamentError::Refused(Said::new(id, fill))
}

/// A tournament to make.
#[derive(Clone, Debug)]
pub struct NewTournament {
    /// Arena or Swiss.
    pub kind: Kind,
    /// Its name.
    pub name: String,
    /// The variant.
    pub variant: String,
    /// Rated.
    pub rated: bool,
    /// A live clock (else correspondence, `days`).
    pub tc: Option<TimeControl>,
    /// Correspondence days per move.
    pub days: Option<u32>,
    /// A Swiss's rounds.
    pub rounds: Option<i64>,
    /// An arena's length.
    pub length: Option<Duration>,
    /// A Swiss whose rounds start at set times: the time between two rounds' starts (else
    /// each round starts when the one before ends).
    pub round_every: Option<Duration>,
    /// When it starts, Unix ms.
    pub starts_ms: i64,
    /// The account that makes it; `None` for the operator.
    pub creator: Option<String>,
}

/// Checks and stores a new tournament and starts its director; returns its id.
pub async fn create(hub: &Arc<Hub>, new: NewTournament) -> Result<String, TournamentError> {
    let (variant, _) = variant::for_game(&new.variant).map_err(TournamentError::Refused)?;
    match new.kind {
        Kind::Swiss => {
            if !new.rounds.is_some_and(|r| (1..=MAX_ROUNDS).contains(&r)) {
                return Err(refused(
                    "tournament-rounds",
                    &[("max", &MAX_ROUNDS.to_string())],
                ));
            }
        }
        Kind::Arena => {
            if !new
                .length
                .is_some_and(|l| (ARENA_LENGTH.0..=ARENA_LENGTH.1).contains(&l))
            {
                return Err(refused("tournament-arena-length", &[]));
            }
            if new.tc.is_none() {
                return Err(refused("tournament-arena-clock", &[]));
            }
        }
    }
    if let Some(every) = new.round_every {
        if new.kind != Kind::Swiss {
            return Err(refused("tournament-set-times-swiss", &[]));
        }
        if !(ROUND_EVERY.0..=ROUND_EVERY.1).contains(&every) {
            return Err(refused("tournament-set-times-range", &[]));
        }
    }
    if new.tc.is_none() && new.days.is_none() {
        return Err(refused("tournament-clock-or-days", &[]));
    }
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(refused("tournament-name", &[]));
    }
    let now = now_ms();
    if let Some(creator) = &new.creator {
        let made = hub
            .db
            .tournaments_made_since(creator, now - 86_400_000)
            .await?;
        if made >= PER_ACCOUNT_PER_DAY {
            return Err(refused(
                "tournament-per-day",
                &[("n", &PER_ACCOUNT_PER_DAY.to_string())],
            ));
        }
    }
    let id = new_game_id().map_err(|_| TournamentError::Bad("no randomness".to_string()))?;
    let row = TournamentRow {
        id: id.clone(),
        kind: new.kind,
        name: name.to_string(),
        variant,
        rated: new.rated,
        tc_ms: new
            .tc
            .map(|t| (t.base.as_millis() as i64, t.increment.as_millis() as i64)),
        days: new.days.map(i64::from),
        rounds: new.rounds,
        length_ms: new.length.map(|l| l.as_millis() as i64),
        status: Status::Created,
        creator: new.creator,
        starts_ms: new.starts_ms,
        ends_ms: None,
        round: 0,
        owner: hub.instance.clone(),
        created_ms: now,
        round_every_ms: new.round_every.map(|e| e.as_millis() as i64),
        // The first round starts with the tournament.
        next_round_ms: new.round_every.map(|_| new.starts_ms),
        lease_ms: Some(now + LEASE.as_millis() as i64),
    };
    hub.db.create_tournament(&row).await?;
    tracing::info!(tournament = %id, kind = row.kind.as_str(), "tournament created");
    spawn(hub, id.clone());
    Ok(id)
}

/// The speed of a tournament's games (for the rating a player enters with).
fn speed(t: &TournamentRow) -> &'static str {
    match t.tc_ms {
        Some((b, i)) => rating::speed(b as f64 / 1000.0, i as f64 / 1000.0),
        None => "correspondence",
    }
}

/// Enters a player (again after a withdrawal). A Swiss takes late joiners (zero for the
/// rounds missed); nobody joins a finished tournament.
pub async fn join(hub: &Hub, id: &str, who: &Identity) -> Result<(), TournamentError> {
    let t = hub
        .db
        .tournament(id)
        .await?
        .ok_or_else(|| refused("tournament-none", &[]))?;
    if t.status == Status::Finished {
        return Err(refused("tournament-over", &[]));
    }
    let glicko = hub
        .db
        .rating(&who.key, &variant::pool(&t.variant), speed(&t))
        .await?;
    hub.db
        .join_tournament(id, &who.key, &who.name, glicko.rating, now_ms())
        .await?;
    Ok(())
}

/// Withdraws a player: no more pairings; the games played still count.
pub async fn withdraw(hub: &Hub, id: &str, who: &Identity) -> Result<(), TournamentError> {
    if !hub.db.withdraw_from_tournament(id, &who.key).await? {
        return Err(refused("tournament-not-in", &[]));
    }
    Ok(())
}

/// Starts the directors of this instance's unfinished tournaments (after the hub brought back
/// their games).
pub async fn resume_all(hub: &Arc<Hub>) -> Result<(), DbError> {
    for t in hub.db.open_tournaments(Some(&hub.instance)).await? {
        spawn(hub, t.id);
    }
    Ok(())
}

/// Takes over, now and every few seconds, the unfinished tournaments whose owner's lease ran
/// out (an instance down: over one PostgreSQL, another runs its tournaments on; the games it
/// was playing wait for it, as any game of a stopped instance does). The takeover names the
/// old owner, so of two instances trying at once one wins; the directors' writes are
/// idempotent besides, so nothing is paired or scored twice.
pub fn adopt_orphans(hub: &Arc<Hub>) {
    let weak = Arc::downgrade(hub);
    tokio::spawn(async move {
        loop {
            let Some(hub) = weak.upgrade() else { return };
            if let Err(e) = adopt_once(&hub).await {
                tracing::warn!("tournament takeover: {e}");
            }
            drop(hub);
            tokio::time::sleep(ORPHANS_EVERY).await;
        }
    });
}

async fn adopt_once(hub: &Arc<Hub>) -> Result<(), DbError> {
    let now = now_ms();
    for t in hub.db.open_tournaments(None).await? {
        if t.owner == hub.instance {
            continue;
        }
        // An arena of another instance: its entrants connected here are connected.
        if t.kind == Kind::Arena && t.status == Status::Running {
            let entries = hub.db.tournament_entries(&t.id).await?;
            let here: Vec<&str> = entries
                .iter()
                .filter(|e| !e.withdrawn && hub.is_online(&e.key))
                .map(|e| e.key.as_str())
                .collect();
            hub.db.mark_seen(&t.id, &here, now).await?;
        }
        if t.lease_ms.unwrap_or(0) >= now {
            continue;
        }
        let until = now + LEASE.as_millis() as i64;
        if hub
            .db
            .take_tournament(&t.id, &t.owner, &hub.instance, now, until)
            .await?
        {
            tracing::info!(tournament = %t.id, from = %t.owner, "tournament taken over");
            spawn(hub, t.id);
        }
    }
    Ok(())
}

/// Runs a tournament's director until it is finished (or the hub is gone).
pub fn spawn(hub: &Arc<Hub>, id: String) {
    let weak = Arc::downgrade(hub);
    tokio::spawn(async move {
        loop {
            let Some(hub) = weak.upgrade() else { return };
            match step(&hub, &id).await {
                Ok(true) => {}
                Ok(false) => return,
                Err(e) => tracing::warn!(tournament = %id, "director: {e}"),
            }
            drop(hub);
            tokio::time::sleep(TICK).await;
        }
    });
}

/// One look: does what is due. `Ok(false)` once the tournament is over.
async fn step(hub: &Arc<Hub>, id: &str) -> Result<bool, DbError> {
    let Some(t) = hub.db.tournament(id).await? else {
        return Ok(false);
    };
    let now = now_ms();
    // Renewed every look; refused once another instance took it over (this one was away
    // longer than the lease), and this director stops.
    if t.owner != hub.instance
        || !hub
            .db
            .renew_tournament_lease(id, &hub.instance, now + LEASE.as_millis() as i64)
            .await?
    {
        return Ok(false);
    }
    match t.status {
        Status::Finished => return Ok(false),
        Status::Created => {
            if now >= t.starts_ms {
                let ends = t.length_ms.map(|l| t.starts_ms + l);
                hub.db
                    .set_tournament_status(id, Status::Running, ends)
                    .await?;
                tracing::info!(tournament = %id, "tournament started");
            }
            return Ok(true);
        }
        Status::Running => {}
    }
    let entries = hub.db.tournament_entries(id).await?;
    let mut pairings = hub.db.tournament_pairings(id).await?;
    settle(hub, &t, &entries, &mut pairings).await?;
    let entries = hub.db.tournament_entries(id).await?;
    match t.kind {
        Kind::Swiss => swiss(hub, &t, &entries, &pairings).await,
        Kind::Arena => arena_step(hub, &t, &entries, &pairings, now).await,
    }
}

/// Games paired but not yet created (a restart between the two) are created; games over are
/// scored once; a no-show is withdrawn.
async fn settle(
    hub: &Arc<Hub>,
    t: &TournamentRow,
    entries: &[EntryRow],
    pairings: &mut [PairingRow],
) -> Result<(), DbError> {
    for p in pairings.iter_mut().filter(|p| p.result.is_none()) {
        let (Some(game), Some(black)) = (p.game_id.clone(), p.black.clone()) else {
            continue;
        };
        // The database, not the live game, says whether it is over: the end is committed
        // before it is announced, and a finished game's task lingers a while.
        let Some(row) = hub.db.game(&game).await? else {
            start_game(hub, t, entries, &game, &p.white, &black).await;
            continue;
        };
        if row.status == "started" {
            continue;
        }
        let plies = hub.db.ply_count(&game).await?;
        // An aborted game (none should be: tournament games are not aborted) is lost by the
        // side to move, as a no-show.
        let outcome =
            row.result
                .as_deref()
                .and_then(state::outcome_of)
                .unwrap_or(if plies % 2 == 0 {
                    Outcome::BlackWins
                } else {
                    Outcome::WhiteWins
                });
        let ended = row.ended_ms.unwrap_or_else(now_ms);
        if hub
            .db
            .set_pairing_result(&game, outcome, plies, ended)
            .await?
        {
            tracing::info!(tournament = %t.id, game = %game, result = outcome.as_str(), "tournament game scored");
        }
        p.result = Some(outcome);
        p.plies = Some(plies);
        p.end_ms = Some(ended);
        if row.reason.as_deref() == Some(super::super::game::NO_SHOW) || row.status == "aborted" {
            let gone = if plies % 2 == 0 { &p.white } else { &black };
            if hub.db.withdraw_from_tournament(&t.id, gone).await? {
                tracing::info!(tournament = %t.id, player = %gone, "no-show withdrawn");
            }
        }
    }
    Ok(())
}

/// Creates a paired game (its id was written with the pairing).
async fn start_game(
    hub: &Arc<Hub>,
    t: &TournamentRow,
    entries: &[EntryRow],
    game: &str,
    white: &str,
    black: &str,
) {
    let who = |key: &str| Identity {
        key: key.to_string(),
        name: entries
            .iter()
            .find(|e| e.key == key)
            .map_or_else(|| key.to_string(), |e| e.name.clone()),
        guest: false,
    };
    let spec = GameSpec {
        variant: &t.variant,
        rated: t.rated,
        tc: t.tc_ms.map(|(b, i)| TimeControl {
            base: Duration::from_millis(b.max(0) as u64),
            increment: Duration::from_millis(i.max(0) as u64),
        }),
        days: t.days.and_then(|d| u32::try_from(d).ok()),
        tournament: Some(t.id.clone()),
        berserk: t.kind == Kind::Arena,
    };
    if let Err(e) = hub
        .create_game_as(game.to_string(), &who(white), &who(black), spec)
        .await
    {
        tracing::warn!(tournament = %t.id, game, "game not created: {e:?}");
    }
}

async fn finish(hub: &Hub, t: &TournamentRow) -> Result<bool, DbError> {
    hub.db
        .set_tournament_status(&t.id, Status::Finished, Some(now_ms()))
        .await?;
    tracing::info!(tournament = %t.id, "tournament finished");
    Ok(false)
}

/// A Swiss: the next round once every game of this one is over; finished after the last.
async fn swiss(
    hub: &Arc<Hub>,
    t: &TournamentRow,
    entries: &[EntryRow],
    pairings: &[PairingRow],
) -> Result<bool, DbError> {
    let open = pairings
        .iter()
        .any(|p| p.round == t.round && p.black.is_some() && p.result.is_none());
    if open {
        return Ok(true);
    }
    if t.round >= t.rounds.unwrap_or(0) {
        return finish(hub, t).await;
    }
    // Rounds at set times: not before the time written with the round before.
    if t.round_every_ms.is_some() && t.next_round_ms.is_some_and(|at| now_ms() < at) {
        return Ok(true);
    }
    let (players, keys) = state::swiss_input(entries, pairings);
    if players.len() < 2 {
        return finish(hub, t).await;
    }
    let Ok(pairing) = dutch::pair_round(&players, Colour::White) else {
        return finish(hub, t).await;
    };
    let key = |id: u64| {
        keys.get((id as usize).wrapping_sub(1))
            .cloned()
            .unwrap_or_default()
    };
    let round = t.round + 1;
    let now = now_ms();
    let mut rows = Vec::new();
    for (board, &(w, b)) in pairing.games.iter().enumerate() {
        let Ok(game) = new_game_id() else {
            return Ok(true);
        };
        rows.push(pairing_row(
            round,
            board as i64 + 1,
            key(w),
            Some(key(b)),
            Some(game),
            now,
        ));
    }
    if let Some(bye) = pairing.bye {
        rows.push(pairing_row(
            round,
            rows.len() as i64 + 1,
            key(bye),
            None,
            None,
            now,
        ));
    }
    // Round R+1 at the tournament's start plus R intervals (later only if round R runs late).
    let next_round = t
        .round_every_ms
        .map(|every| t.starts_ms.saturating_add(every.saturating_mul(round)));
    if hub.db.add_pairings(&t.id, round, &rows, next_round).await? {
        tracing::info!(tournament = %t.id, round, games = pairing.games.len(), "round paired");
        for r in &rows {
            if let (Some(game), Some(black)) = (&r.game_id, &r.black) {
                start_game(hub, t, entries, game, &r.white, black).await;
            }
        }
    }
    Ok(true)
}

fn pairing_row(
    round: i64,
    board: i64,
    white: String,
    black: Option<String>,
    game_id: Option<String>,
    now: i64,
) -> PairingRow {
    PairingRow {
        round,
        board,
        white,
        black,
        game_id,
        result: None,
        white_berserk: false,
        black_berserk: false,
        plies: None,
        start_ms: now,
        end_ms: None,
    }
}

/// An arena: pair who waits (connected, not playing) while pairing is open; finished at the
/// end once the games still running are over (they count).
async fn arena_step(
    hub: &Arc<Hub>,
    t: &TournamentRow,
    entries: &[EntryRow],
    pairings: &[PairingRow],
    now: i64,
) -> Result<bool, DbError> {
    let length = Duration::from_millis(t.length_ms.unwrap_or(0).max(0) as u64);
    let ends = t.ends_ms.unwrap_or(t.starts_ms + length.as_millis() as i64);
    let mut busy: HashSet<&str> = HashSet::new();
    for p in pairings.iter().filter(|p| p.result.is_none()) {
        busy.insert(p.white.as_str());
        if let Some(b) = &p.black {
            busy.insert(b.as_str());
        }
    }
    if now >= ends {
        return if busy.is_empty() {
            finish(hub, t).await
        } else {
            Ok(true)
        };
    }
    let elapsed = Duration::from_millis((now - t.starts_ms).max(0) as u64);
    if !arena::pairing_open(elapsed, length) {
        return Ok(true);
    }
    let scores: HashMap<&str, f64> = state::standings(Kind::Arena, entries, pairings)
        .into_iter()
        .map(|(e, s)| (e.key.as_str(), s.score))
        .collect();
    let mut history: HashMap<&str, (Option<&str>, i32, Option<Colour>)> = HashMap::new();
    for p in pairings {
        let Some(black) = p.black.as_deref() else {
            continue;
        };
        let w = history.entry(p.white.as_str()).or_insert((None, 0, None));
        *w = (Some(black), w.1 + 1, Some(Colour::White));
        let b = history.entry(black).or_insert((None, 0, None));
        *b = (Some(p.white.as_str()), b.1 - 1, Some(Colour::Black));
    }
    // Connected here, or to another instance that said so lately.
    let elsewhere: HashSet<String> = hub
        .db
        .seen_since(&t.id, now - SEEN_WITHIN.as_millis() as i64)
        .await?
        .into_iter()
        .collect();
    let waiting_entries: Vec<&EntryRow> = entries
        .iter()
        .filter(|e| !e.withdrawn && !busy.contains(e.key.as_str()))
        .collect();
    let index: HashMap<&str, u64> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| (e.key.as_str(), i as u64))
        .collect();
    let waiting: Vec<arena::Waiting> = waiting_entries
        .iter()
        .map(|e| {
            let (last, cd, colour) = history
                .get(e.key.as_str())
                .copied()
                .unwrap_or((None, 0, None));
            arena::Waiting {
                id: index.get(e.key.as_str()).copied().unwrap_or(0),
                score: scores.get(e.key.as_str()).copied().unwrap_or(0.0) as u32,
                rating: e.rating,
                last_opponent: last.and_then(|k| index.get(k).copied()),
                colour_difference: cd,
                last_colour: colour,
                connected: hub.is_online(&e.key) || elsewhere.contains(&e.key),
            }
        })
        .collect();
    let pairs = arena::pair_waiting(&waiting);
    if pairs.is_empty() {
        return Ok(true);
    }
    let next_board = pairings.iter().map(|p| p.board).max().unwrap_or(0) + 1;
    let key = |i: u64| {
        entries
            .get(i as usize)
            .map(|e| e.key.clone())
            .unwrap_or_default()
    };
    let mut rows = Vec::new();
    for (n, &(w, b)) in pairs.iter().enumerate() {
        let Ok(game) = new_game_id() else {
            return Ok(true);
        };
        rows.push(pairing_row(
            0,
            next_board + n as i64,
            key(w),
            Some(key(b)),
            Some(game),
            now,
        ));
    }
    if hub.db.add_pairings(&t.id, 0, &rows, None).await? {
        for r in &rows {
            if let (Some(game), Some(black)) = (&r.game_id, &r.black) {
                start_game(hub, t, entries, game, &r.white, black).await;
            }
        }
    }
    Ok(true)
}
