//! `GET /api/tournament/ID`: a tournament as JSON, exactly the fields issue 42 names (and a
//! few more a page wants).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::super::db::{Db, DbError};
use super::state;
use super::store::{EntryRow, Kind, PairingRow, Status, TournamentRow};

/// The whole tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentJson {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// `created`, `running` or `finished`.
    pub status: String,
    /// Variant name.
    pub variant: String,
    /// Rated games.
    pub rated: bool,
    /// The clock as `base+increment` in seconds, or `N days`.
    pub clock: String,
    /// A Swiss: the rounds planned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds_planned: Option<i64>,
    /// The current round (a Swiss; 0 before the first).
    pub round: i64,
    /// When it starts, Unix ms.
    pub starts: i64,
    /// When it ends (or ended), Unix ms, once known.
    pub ends: Option<i64>,
    /// A Swiss with rounds at set times: ms between two rounds' starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_every: Option<i64>,
    /// A Swiss with rounds at set times: when the next round starts at the earliest, Unix ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_round: Option<i64>,
    /// The standings, best first.
    pub players: Vec<PlayerJson>,
    /// A Swiss's rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Vec<RoundJson>>,
    /// An arena's games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<Vec<ArenaGameJson>>,
}

/// A line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerJson {
    /// The name as written.
    pub name: String,
    /// Points.
    pub score: f64,
    /// Buchholz (a Swiss; 0 in an arena).
    pub buchholz: f64,
    /// Sonneborn–Berger (a Swiss; 0 in an arena).
    pub sonneborn_berger: f64,
    /// Rank, 1 first; equals share one.
    pub rank: u32,
    /// Withdrawn.
    pub withdrawn: bool,
}

/// A Swiss round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundJson {
    /// 1, 2, ...
    pub number: i64,
    /// Its games.
    pub pairings: Vec<PairingJson>,
    /// Who had the bye (by name).
    pub byes: Vec<String>,
    /// When it was paired, Unix ms.
    #[serde(default)]
    pub start: Option<i64>,
}

/// A Swiss game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairingJson {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The game's id.
    pub game: String,
    /// `1-0`, `0-1`, `1/2-1/2`; `null` while played.
    pub result: Option<String>,
}

/// An arena game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaGameJson {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The game's id.
    pub game: String,
    /// `null` while played.
    pub result: Option<String>,
    /// When it was paired, Unix ms.
    pub start: i64,
    /// When it ended, Unix ms.
    pub end: Option<i64>,
}

/// A tournament as JSON, read from the database; `None` if there is no such tournament.
pub async fn load(db: &Db, id: &str) -> Result<Option<TournamentJson>, DbError> {
    if id.is_empty() || id.len() > 32 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Ok(None);
    }
    let Some(t) = db.tournament(id).await? else {
        return Ok(None);
    };
    let entries = db.tournament_entries(id).await?;
    let pairings = db.tournament_pairings(id).await?;
    Ok(Some(view(&t, &entries, &pairings)))
}

/// The clock as the pages write it.
pub fn clock_text(t: &TournamentRow) -> String {
    match (t.tc_ms, t.days) {
        (Some((base, inc)), _) => {
            let secs = base / 1000;
            let base = if secs % 60 == 0 {
                format!("{}", secs / 60)
            } else {
                format!("{secs}s")
            };
            format!("{base}+{}", inc / 1000)
        }
        (None, Some(d)) => format!("{d} days"),
        (None, None) => "-".to_string(),
    }
}

/// Builds the JSON from the stored rows.
pub fn view(t: &TournamentRow, entries: &[EntryRow], pairings: &[PairingRow]) -> TournamentJson {
    let name_of: HashMap<&str, &str> = entries
        .iter()
        .map(|e| (e.key.as_str(), e.name.as_str()))
        .collect();
    let name = |key: &str| {
        name_of
            .get(key)
            .map_or_else(|| key.to_string(), |n| (*n).to_string())
    };
    let players = state::standings(t.kind, entries, pairings)
        .into_iter()
        .map(|(e, s)| PlayerJson {
            name: e.name.clone(),
            score: s.score,
            buchholz: s.buchholz,
            sonneborn_berger: s.sonneborn_berger,
            rank: s.rank,
            withdrawn: e.withdrawn,
        })
        .collect();
    let (rounds, games) = match t.kind {
        Kind::Swiss => {
            let mut rounds: Vec<RoundJson> = (1..=t.round)
                .map(|number| RoundJson {
                    number,
                    pairings: Vec::new(),
                    byes: Vec::new(),
                    start: None,
                })
                .collect();
            for p in pairings {
                let Some(r) = usize::try_from(p.round - 1)
                    .ok()
                    .and_then(|i| rounds.get_mut(i))
                else {
                    continue;
                };
                r.start = Some(r.start.map_or(p.start_ms, |s| s.min(p.start_ms)));
                match (&p.black, &p.game_id) {
                    (Some(black), Some(game)) => r.pairings.push(PairingJson {
                        white: name(&p.white),
                        black: name(black),
                        game: game.clone(),
                        result: p.result.map(|o| o.as_str().to_string()),
                    }),
                    _ => r.byes.push(name(&p.white)),
                }
            }
            (Some(rounds), None)
        }
        Kind::Arena => {
            let games = pairings
                .iter()
                .filter_map(|p| {
                    Some(ArenaGameJson {
                        white: name(&p.white),
                        black: name(p.black.as_deref()?),
                        game: p.game_id.clone()?,
                        result: p.result.map(|o| o.as_str().to_string()),
                        start: p.start_ms,
                        end: p.end_ms,
                    })
                })
                .collect();
            (None, Some(games))
        }
    };
    TournamentJson {
        id: t.id.clone(),
        name: t.name.clone(),
        kind: t.kind.as_str().to_string(),
        status: t.status.as_str().to_string(),
        variant: t.variant.clone(),
        rated: t.rated,
        clock: clock_text(t),
        rounds_planned: t.rounds,
        round: t.round,
        starts: t.starts_ms,
        ends: t.ends_ms,
        round_every: t.round_every_ms,
        next_round: match t.status {
            Status::Finished => None,
            _ if t.rounds.is_some_and(|r| t.round >= r) => None,
            _ => t.next_round_ms,
        },
        players,
        rounds,
        games,
    }
}

#[cfg(test)]
mod tests {
    use super::super::Outcome;
    use super::*;

    #[test]
    fn a_swiss_as_the_issue_spells_it() {
        let t = TournamentRow {
            id: "t1".to_string(),
            kind: Kind::Swiss,
            name: "Sunday".to_string(),
            variant: "parachess".to_string(),
            rated: false,
            tc_ms: Some((900_000, 10_000)),
            days: None,
            rounds: Some(5),
            length_ms: None,
            status: Status::Running,
            creator: None,
            starts_ms: 1000,
            ends_ms: None,
            round: 1,
            owner: "main".to_string(),
            created_ms: 0,
            round_every_ms: None,
            next_round_ms: None,
            lease_ms: None,
        };
        let entry = |key: &str, rating| EntryRow {
            key: key.to_string(),
            name: key.to_uppercase(),
            rating,
            joined_ms: 0,
            withdrawn: false,
        };
        let entries = [entry("a", 1600.0), entry("b", 1500.0), entry("c", 1400.0)];
        let pairing = |white: &str, black: Option<&str>, result| PairingRow {
            round: 1,
            board: 1,
            white: white.to_string(),
            black: black.map(str::to_string),
            game_id: black.map(|_| "g1".to_string()),
            result,
            white_berserk: false,
            black_berserk: false,
            plies: None,
            start_ms: 5,
            end_ms: None,
        };
        let pairings = [
            pairing("a", Some("b"), Some(Outcome::WhiteWins)),
            pairing("c", None, None),
        ];
        let json = serde_json::to_value(view(&t, &entries, &pairings)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "id": "t1", "name": "Sunday", "kind": "swiss", "status": "running",
                "variant": "parachess", "rated": false, "clock": "15+10", "rounds_planned": 5,
                "round": 1, "starts": 1000, "ends": null,
                "players": [
                    {"name": "A", "score": 1.0, "buchholz": 0.0, "sonneborn_berger": 0.0, "rank": 1, "withdrawn": false},
                    {"name": "C", "score": 1.0, "buchholz": 0.0, "sonneborn_berger": 0.0, "rank": 1, "withdrawn": false},
                    {"name": "B", "score": 0.0, "buchholz": 1.0, "sonneborn_berger": 0.0, "rank": 3, "withdrawn": false}
                ],
                "rounds": [{"number": 1, "start": 5, "pairings": [{"white": "A", "black": "B", "game": "g1", "result": "1-0"}], "byes": ["C"]}]
            })
        );
    }
}
