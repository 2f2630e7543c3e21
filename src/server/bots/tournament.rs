//! `bots --tournament KIND:LENGTH:CLOCK --players N`: a guest makes a casual tournament, N
//! guest bots join it and play every game they are paired in until it is over (coming back
//! with their tokens after a `kill -9` of the server, as the game bots do), and the last line
//! sums it up: `tournament ID kind K players N rounds R games G finished F lost L`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::super::client::{ClientError, http_get};
use super::super::messages::{ClientMsg, ServerMsg, TournamentSpec};
use super::super::tournaments::api::TournamentJson;
use super::{BotOptions, PairResult, bot, connect, lost_moves};

/// What `--tournament` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentHook {
    /// `arena` or `swiss`.
    pub kind: String,
    /// A Swiss's rounds, an arena's minutes.
    pub length: u32,
    /// The clock, `seconds+increment`.
    pub tc: String,
}

impl std::str::FromStr for TournamentHook {
    type Err = String;

    /// `swiss:5:30+0` (five rounds), `arena:4:20+0` (four minutes).
    fn from_str(text: &str) -> Result<TournamentHook, String> {
        let bad =
            || format!("--tournament {text:?}: KIND:LENGTH:CLOCK, as swiss:5:30+0 or arena:4:20+0");
        let mut parts = text.splitn(3, ':');
        let (Some(kind), Some(length), Some(tc)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        if kind != "swiss" && kind != "arena" {
            return Err(bad());
        }
        let length: u32 = length.parse().map_err(|_| bad())?;
        if length == 0 || tc.parse::<crate::rules::clock::TimeControl>().is_err() {
            return Err(bad());
        }
        Ok(TournamentHook {
            kind: kind.to_string(),
            length,
            tc: tc.to_string(),
        })
    }
}

/// What the tournament bots saw.
#[derive(Clone, Debug, Default)]
pub struct TournamentReport {
    /// The tournament (empty if it could not be made).
    pub id: String,
    /// `arena` or `swiss`.
    pub kind: String,
    /// Players who joined.
    pub players: usize,
    /// Rounds paired (a Swiss; 0 for an arena).
    pub rounds: i64,
    /// Games paired.
    pub games: usize,
    /// Games with a result.
    pub finished: usize,
    /// Acknowledged moves missing from the stored games.
    pub lost: usize,
}

impl TournamentReport {
    /// The last line.
    pub fn summary(&self) -> String {
        format!(
            "tournament {} kind {} players {} rounds {} games {} finished {} lost {}",
            self.id, self.kind, self.players, self.rounds, self.games, self.finished, self.lost
        )
    }
}

async fn state(server: &str, id: &str) -> Option<TournamentJson> {
    let (status, body) = http_get(server, &format!("/api/tournament/{id}"))
        .await
        .ok()?;
    if status != 200 {
        return None;
    }
    serde_json::from_str(&body).ok()
}

/// Makes the tournament, has `players` bots join and play it to its end (or the timeout).
pub async fn run(
    opts: BotOptions,
    hook: TournamentHook,
    players: usize,
    on_line: impl Fn(&str) + Send + Sync + 'static,
) -> TournamentReport {
    let deadline = Instant::now() + opts.timeout;
    let mut report = TournamentReport {
        kind: hook.kind.clone(),
        ..TournamentReport::default()
    };
    let Ok(mut host) = connect(&opts.server, None, deadline).await else {
        return report;
    };
    let spec = TournamentSpec {
        kind: hook.kind.clone(),
        name: format!("Bots {}", hook.kind),
        variant: opts.variant.clone(),
        tc: Some(hook.tc.clone()),
        rounds: (hook.kind == "swiss").then_some(hook.length),
        length_secs: (hook.kind == "arena").then_some(u64::from(hook.length) * 60),
        // Time for everyone to join before round one.
        starts_in_secs: 3 + players as u64 / 20,
        ..TournamentSpec::default()
    };
    if host
        .say(&ClientMsg::TournamentCreate(Box::new(spec)))
        .await
        .is_err()
    {
        return report;
    }
    let Ok(ServerMsg::TournamentCreated { id }) = host
        .wait_for_msg("tournament_created", Duration::from_secs(30), |m| {
            matches!(
                m,
                ServerMsg::TournamentCreated { .. } | ServerMsg::Error { .. }
            )
        })
        .await
    else {
        return report;
    };
    report.id = id.clone();
    on_line(&format!("tournament {id} created"));
    let over = Arc::new(AtomicBool::new(false));
    let on_line = Arc::new(on_line);
    let mut tasks = Vec::new();
    for _ in 0..players {
        let (opts, id, over, on_line) = (opts.clone(), id.clone(), over.clone(), on_line.clone());
        tasks.push(tokio::spawn(async move {
            player(opts, id, over, deadline, on_line).await
        }));
    }
    // Watches the tournament until it is over.
    let mut last = None;
    while Instant::now() < deadline {
        if let Some(t) = state(&opts.server, &id).await {
            let done = t.status == "finished";
            last = Some(t);
            if done {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    over.store(true, Ordering::Relaxed);
    let mut played = Vec::new();
    for t in tasks {
        if let Ok((joined, games)) = t.await {
            report.players += usize::from(joined);
            played.extend(games);
        }
    }
    if let Some(t) = last {
        report.rounds = if t.kind == "swiss" { t.round } else { 0 };
        let games: Vec<Option<String>> = match (&t.rounds, &t.games) {
            (Some(rounds), _) => rounds
                .iter()
                .flat_map(|r| r.pairings.iter().map(|p| p.result.clone()))
                .collect(),
            (None, Some(games)) => games.iter().map(|g| g.result.clone()).collect(),
            _ => Vec::new(),
        };
        report.games = games.len();
        report.finished = games.iter().filter(|r| r.is_some()).count();
    }
    for r in &played {
        if let Some(game) = &r.game {
            report.lost += lost_moves(&opts.server, game, &r.acked, deadline).await;
        }
    }
    report
}

/// One bot: joins, then plays each game it is paired in (told by `started`, or listed in
/// `games` after coming back), until the tournament is over. Returns whether it joined and
/// what it saw of each game.
async fn player(
    opts: BotOptions,
    id: String,
    over: Arc<AtomicBool>,
    deadline: Instant,
    on_line: Arc<impl Fn(&str) + Send + Sync + 'static>,
) -> (bool, Vec<PairResult>) {
    let mut results = Vec::new();
    let Ok(mut c) = connect(&opts.server, None, deadline).await else {
        return (false, results);
    };
    if c.say(&ClientMsg::TournamentJoin { id: id.clone() })
        .await
        .is_err()
    {
        return (false, results);
    }
    let mut played: Vec<String> = Vec::new();
    while !over.load(Ordering::Relaxed) && Instant::now() < deadline {
        let (game, listed) = match c.next_msg(Duration::from_millis(500)).await {
            Ok(ServerMsg::Started { game, .. }) => (Some(game), false),
            Ok(ServerMsg::Games { games }) => (
                games
                    .into_iter()
                    .find(|g| g.status == "started")
                    .map(|g| g.id),
                true,
            ),
            Ok(_) | Err(ClientError::Timeout(_)) => (None, false),
            Err(_) => {
                // The server went away: back with the same token (its `games` list follows).
                let token = c.token.clone();
                match connect(&opts.server, Some(&token), deadline).await {
                    Ok(again) => c = again,
                    Err(_) => break,
                }
                (None, false)
            }
        };
        let Some(game) = game else { continue };
        if played.contains(&game) {
            continue;
        }
        played.push(game.clone());
        let shared = Arc::new(Mutex::new(PairResult {
            game: Some(game.clone()),
            result: None,
            acked: Vec::new(),
            rtts: Vec::new(),
        }));
        let token = c.token.clone();
        // A game of the list is not followed yet (a `started` one is, and its `game` comes).
        if listed {
            let _ = c.say(&ClientMsg::Watch { game: game.clone() }).await;
        }
        c = match bot(opts.clone(), c, game.clone(), deadline, shared.clone()).await {
            Some(c) => c,
            None => match connect(&opts.server, Some(&token), deadline).await {
                Ok(c) => c,
                Err(_) => break,
            },
        };
        let r = super::take(&shared);
        if let Some(result) = &r.result {
            on_line(&format!("game {game} {result} {}", r.acked.len()));
        }
        results.push(r);
    }
    (true, results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hook_reads_as_the_issue_writes_it() {
        let h: TournamentHook = "swiss:5:30+0".parse().unwrap();
        assert_eq!(
            h,
            TournamentHook {
                kind: "swiss".into(),
                length: 5,
                tc: "30+0".into()
            }
        );
        let h: TournamentHook = "arena:4:20+0".parse().unwrap();
        assert_eq!((h.kind.as_str(), h.length), ("arena", 4));
        for bad in [
            "swiss:0:30+0",
            "league:5:30+0",
            "swiss:5",
            "swiss:x:30+0",
            "arena:4:soon",
        ] {
            assert!(bad.parse::<TournamentHook>().is_err(), "{bad}");
        }
        let r = TournamentReport {
            id: "t1".into(),
            kind: "swiss".into(),
            players: 4,
            rounds: 2,
            games: 4,
            finished: 4,
            lost: 0,
        };
        assert_eq!(
            r.summary(),
            "tournament t1 kind swiss players 4 rounds 2 games 4 finished 4 lost 0"
        );
    }
}
