//! The computer analysis of finished games: asked for once per game (a second request
//! changes nothing), queued, worked through one engine job per position (so no job is
//! long and games' moves always come first), stored through the database writer and shown
//! to every later viewer. A game's followers see its progress; a server stopped midway
//! takes its unfinished analyses up again when it starts.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::{Notify, broadcast};

use crate::engine::{Limits, MATE, Score};
use crate::rules::record::Eval;
use crate::rules::{Game, Side};
use crate::study::review::{self, Label, Review, Searched};

use super::super::computer::analysis as jobs;
use super::super::db::Write;
use super::super::game;
use super::super::limit::Buckets;
use super::super::messages::{GameAnalysisView, ServerMsg};
use super::super::refusals;
use super::super::stored;
use super::{Hub, Identity, Limits as HubLimits, lock};

/// How long the runner waits before asking again when the engine's queue is full.
const QUEUE_FULL_WAIT: Duration = Duration::from_millis(500);

/// A game's analysis while it waits or runs.
struct Pending {
    events: broadcast::Sender<Arc<str>>,
    done: u32,
    total: u32,
}

/// The game analyses' queue, progress and limits.
pub struct GameAnalyses {
    /// Waiting or running, oldest first (the first runs).
    queue: Mutex<VecDeque<(String, String)>>,
    pending: Mutex<HashMap<String, Pending>>,
    wake: Arc<Notify>,
    per_player: Mutex<Buckets<String>>,
    per_addr: Mutex<Buckets<IpAddr>>,
}

impl GameAnalyses {
    /// Empty, with the hourly limits of `limits`.
    pub fn new(limits: &HubLimits) -> GameAnalyses {
        let (player, addr) = limits.analyses_per_hour;
        let hourly = |n: u32| (f64::from(n) / 3600.0, f64::from(n));
        let ((pr, pb), (ar, ab)) = (hourly(player), hourly(addr));
        GameAnalyses {
            queue: Mutex::new(VecDeque::new()),
            pending: Mutex::new(HashMap::new()),
            wake: Arc::new(Notify::new()),
            per_player: Mutex::new(Buckets::new(pr, pb)),
            per_addr: Mutex::new(Buckets::new(ar, ab)),
        }
    }

    /// Queues `game` (asked for by `by`), with its followers' channel.
    fn enqueue(&self, game: &str, by: &str) {
        let (events, _) = broadcast::channel(64);
        lock(&self.pending).insert(
            game.to_string(),
            Pending {
                events,
                done: 0,
                total: 0,
            },
        );
        lock(&self.queue).push_back((game.to_string(), by.to_string()));
        self.wake.notify_one();
    }

    /// The pending view of `game` and a receiver of its progress, if it waits or runs.
    fn pending_view(
        &self,
        game: &str,
    ) -> Option<(GameAnalysisView, broadcast::Receiver<Arc<str>>)> {
        let place = lock(&self.queue).iter().position(|(g, _)| g == game);
        let pending = lock(&self.pending);
        let p = pending.get(game)?;
        let view = GameAnalysisView {
            game: game.to_string(),
            status: "pending".to_string(),
            done: p.done,
            total: p.total,
            place: place.and_then(|i| u32::try_from(i + 1).ok()),
            ..GameAnalysisView::default()
        };
        Some((view, p.events.subscribe()))
    }

    /// Tells `game`'s followers (the message is also the last word when it is done).
    fn tell(&self, game: &str, view: &GameAnalysisView) {
        if let Some(p) = lock(&self.pending).get(game) {
            let _ = p.events.send(
                ServerMsg::GameAnalysis(Box::new(view.clone()))
                    .to_json()
                    .into(),
            );
        }
    }
}

fn db_error(e: impl std::fmt::Display) -> ServerMsg {
    tracing::error!("database error: {e}");
    ServerMsg::error("db", "database error")
}

/// A game's analysis as the protocol shows it, and the receiver of its progress while it
/// is pending.
pub type Followed = (GameAnalysisView, Option<broadcast::Receiver<Arc<str>>>);

impl Hub {
    /// The analysis of `game` as it stands: none, pending (and its progress to follow) or
    /// done.
    pub async fn game_analysis(&self, game: &str) -> Result<Followed, ServerMsg> {
        if !stored::id_ok(game) {
            return Err(refusals::refused("no_game", "no-game", &[]));
        }
        if let Some((view, rx)) = self.game_analyses.pending_view(game) {
            return Ok((view, Some(rx)));
        }
        let stored = self.db.analysis(game).await.map_err(db_error)?;
        let view = match stored {
            Some((status, Some(data))) if status == "done" => serde_json::from_str(&data)
                .unwrap_or_else(|e| {
                    tracing::error!("analysis of {game} unreadable: {e}");
                    none(game)
                }),
            _ => none(game),
        };
        Ok((view, None))
    }

    /// Asks for the analysis of the finished game `game` for `me` (from `addr`): queued
    /// unless it is pending or done already (then nothing changes), within the hourly
    /// limits and the queue's bound.
    pub async fn request_game_analysis(
        self: &Arc<Hub>,
        me: &Identity,
        addr: IpAddr,
        game: &str,
    ) -> Result<Followed, ServerMsg> {
        let (view, rx) = self.game_analysis(game).await?;
        if view.status != "none" {
            return Ok((view, rx));
        }
        let row = self
            .db
            .game(game)
            .await
            .map_err(db_error)?
            .ok_or_else(|| refusals::refused("no_game", "no-game", &[]))?;
        if row.status != "over" {
            return Err(refusals::refused("analysis", "analysis-not-over", &[]));
        }
        let waiting = lock(&self.game_analyses.queue).len();
        if waiting >= self.limits.game_analysis_queue {
            return Err(refusals::refused(
                "busy",
                "busy-game-analyses",
                &[
                    ("waiting", &waiting.to_string()),
                    ("max", &self.limits.game_analysis_queue.to_string()),
                ],
            ));
        }
        let (per_player, per_addr) = self.limits.analyses_per_hour;
        if !lock(&self.game_analyses.per_player).take(&me.key) {
            return Err(refusals::refused(
                "analysis",
                "analyses-per-player",
                &[("n", &per_player.to_string())],
            ));
        }
        if !lock(&self.game_analyses.per_addr).take(&addr) {
            return Err(refusals::refused(
                "analysis",
                "analyses-per-address",
                &[("n", &per_addr.to_string())],
            ));
        }
        // Checked again: another request may have queued it while the database answered.
        if let Some((view, rx)) = self.game_analyses.pending_view(game) {
            return Ok((view, Some(rx)));
        }
        self.writer
            .write(Write::Analysis {
                game: game.to_string(),
                status: "pending",
                by: me.key.clone(),
                data: None,
            })
            .await
            .map_err(db_error)?;
        tracing::info!(game, by = %me.key, "game analysis asked for");
        self.game_analyses.enqueue(game, &me.key);
        let (view, rx) = self
            .game_analyses
            .pending_view(game)
            .ok_or_else(|| ServerMsg::error("busy", "the analysis was lost"))?;
        Ok((view, Some(rx)))
    }

    /// Starts the task that works through the queue (with the analyses a stopped server
    /// left unfinished).
    pub(super) async fn start_game_analyses(self: &Arc<Hub>) -> Result<(), super::DbError> {
        for (game, by) in self.db.pending_analyses().await? {
            self.game_analyses.enqueue(&game, &by);
        }
        let weak = Arc::downgrade(self);
        tokio::spawn(run_queue(weak));
        Ok(())
    }
}

fn none(game: &str) -> GameAnalysisView {
    GameAnalysisView {
        game: game.to_string(),
        status: "none".to_string(),
        ..GameAnalysisView::default()
    }
}

/// Analyses the queued games one after the other, as long as the hub lives.
async fn run_queue(weak: Weak<Hub>) {
    loop {
        let Some(hub) = weak.upgrade() else { return };
        let next = lock(&hub.game_analyses.queue).front().cloned();
        let Some((game, by)) = next else {
            // The hub is not kept alive while the queue is empty: wait without it.
            let wake = hub.game_analyses.wake.clone();
            drop(hub);
            wake.notified().await;
            continue;
        };
        let (status, data, view) = match analyse(&hub, &game).await {
            Ok(view) => match serde_json::to_string(&view) {
                Ok(data) => ("done", Some(data), view),
                Err(e) => {
                    tracing::error!("analysis of {game} not written: {e}");
                    ("failed", None, none(&game))
                }
            },
            Err(why) => {
                tracing::error!("analysis of {game} failed: {why}");
                ("failed", None, none(&game))
            }
        };
        let write = Write::Analysis {
            game: game.clone(),
            status,
            by,
            data,
        };
        if let Err(e) = hub.writer.write(write).await {
            tracing::error!("analysis of {game} not stored: {e}");
        }
        hub.game_analyses.tell(&game, &view);
        lock(&hub.game_analyses.pending).remove(&game);
        lock(&hub.game_analyses.queue).pop_front();
    }
}

/// One game's analysis: one engine job per position, in order.
async fn analyse(hub: &Arc<Hub>, id: &str) -> Result<GameAnalysisView, String> {
    let row = hub
        .db
        .game(id)
        .await
        .map_err(|e| e.to_string())?
        .ok_or("the game is gone")?;
    let moves = hub.db.moves(id).await.map_err(|e| e.to_string())?;
    let whole = game::rebuild(&row, &moves).map_err(|e| e.to_string())?;
    let total = review::to_search(&whole);
    let mut view = GameAnalysisView {
        game: id.to_string(),
        status: "pending".to_string(),
        total: u32::try_from(total).unwrap_or(u32::MAX),
        ..GameAnalysisView::default()
    };
    set_progress(hub, id, 0, view.total);
    hub.game_analyses.tell(id, &view);
    let mut prefix = Game::from_position(whole.start_position().clone());
    let mut searched = Vec::with_capacity(total);
    for i in 0..total {
        if i > 0 {
            let mv = whole.plies()[i - 1].mv;
            prefix.play(mv).map_err(|e| e.to_string())?;
        }
        let sub = loop {
            let req = jobs::Request {
                game: prefix.clone(),
                limits: Limits::movetime(hub.limits.game_analysis_time),
                multipv: 1,
                progress: false,
            };
            match jobs::submit(&hub.computer.pool(), req) {
                Ok(sub) => break sub,
                // Board analyses fill the queue: the game waits its turn.
                Err(_) => tokio::time::sleep(QUEUE_FULL_WAIT).await,
            }
        };
        let (found, _) = sub.done.await.map_err(|_| "the engine pool is gone")?;
        let report = found.map_err(|e| format!("position {i}: {e}"))?;
        let line = report.lines.first().ok_or("the engine found no line")?;
        searched.push(Searched {
            score: value_of(line.score),
            best: report.best,
            line: line.pv.clone(),
        });
        view.done = u32::try_from(i + 1).unwrap_or(u32::MAX);
        set_progress(hub, id, view.done, view.total);
        hub.game_analyses.tell(id, &view);
    }
    let review = review::assemble(&whole, &searched).ok_or("positions were not searched")?;
    Ok(done_view(id, &whole, &review))
}

fn set_progress(hub: &Hub, game: &str, done: u32, total: u32) {
    if let Some(p) = lock(&hub.game_analyses.pending).get_mut(game) {
        p.done = done;
        p.total = total;
    }
}

/// A score as the search's value (the review's input): mates near ±MATE.
fn value_of(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => MATE - (2 * n - 1),
        Score::Mate(n) => -MATE + 2 * n.abs(),
    }
}

/// The finished analysis: evaluations from White's side, marks and better moves.
fn done_view(id: &str, game: &Game, review: &Review) -> GameAnalysisView {
    let last_turn = game.position().turn();
    let evals = review
        .evals
        .iter()
        .map(|e| match *e {
            Eval::Centipawns(cp) => cp.to_string(),
            // The side to move at the end has no move: it has lost.
            Eval::Mate(0) if last_turn == Side::Black => "#0".to_string(),
            Eval::Mate(0) => "#-0".to_string(),
            Eval::Mate(n) => format!("#{n}"),
        })
        .collect();
    let marks = review
        .moves
        .iter()
        .map(|m| {
            match m.label {
                Label::Inaccuracy => "?!",
                Label::Mistake => "?",
                Label::Blunder => "??",
                Label::Best | Label::Good => "",
            }
            .to_string()
        })
        .collect();
    let better = review
        .moves
        .iter()
        .map(|m| match (m.label.mark(), m.better) {
            (Some(_), Some(mv)) => mv.to_string(),
            _ => String::new(),
        })
        .collect();
    let total = u32::try_from(review.evals.len()).unwrap_or(u32::MAX);
    GameAnalysisView {
        game: id.to_string(),
        status: "done".to_string(),
        done: total,
        total,
        place: None,
        evals,
        marks,
        better,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::moves_to_mate;

    #[test]
    fn mate_scores_go_back_to_the_same_mates() {
        for n in [1, 2, 7, -1, -3] {
            assert_eq!(moves_to_mate(value_of(Score::Mate(n))), Some(n));
        }
        assert_eq!(value_of(Score::Cp(-40)), -40);
    }
}
