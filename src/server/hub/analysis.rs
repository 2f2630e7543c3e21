//! The analysis board's side of the hub: a position and the moves played from it, each
//! checked by the rules; refused for a game the player is playing now (as lichess hides the
//! analysis of one's own game); then the engine's three best lines, streamed to the
//! connection as it deepens, within an engine-time budget per player and per address.

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use tokio::sync::Notify;
use tokio::task::AbortHandle;

use crate::engine::{Limits, StopFlag};
use crate::rules::{Game, Position};

use super::super::computer::analysis::{self as jobs, Submitted};
use super::super::limit::Buckets;
use super::super::messages::{AnalysisBoardView, ServerMsg, side_name};
use super::super::refusals::{self, Said};
use super::super::{routes, variant};
use super::{ConnTx, Hub, Identity, Limits as HubLimits, Out, lock};

/// Best lines the board shows.
const LINES: usize = 3;
/// The longest position text read.
const MAX_POSITION: usize = 512;
/// Most moves played from a position.
const MAX_MOVES: usize = 300;
/// Less engine time than this left in a budget: no analysis.
const MIN_SECONDS: f64 = 1.0;
/// An address's budget, in players' budgets.
const ADDRESS_SHARE: f64 = 4.0;

/// What `analyse` asks.
#[derive(Clone, Debug, Default)]
pub struct BoardRequest {
    /// The request's number, echoed.
    pub id: u32,
    /// A position text.
    pub position: String,
    /// A built-in variant's name.
    pub variant: Option<String>,
    /// Moves played from it.
    pub moves: Vec<String>,
}

/// The engine time left to players and addresses (seconds).
pub struct Budgets {
    players: Mutex<Buckets<String>>,
    addrs: Mutex<Buckets<IpAddr>>,
}

impl Budgets {
    /// Budgets of `rate` seconds earned per second, `burst` at most, per player; an address
    /// (which several players may share, behind one router) gets [`ADDRESS_SHARE`] times that.
    pub fn new(limits: &HubLimits) -> Budgets {
        let (rate, burst) = limits.analysis_budget;
        Budgets {
            players: Mutex::new(Buckets::new(rate, burst)),
            addrs: Mutex::new(Buckets::new(rate * ADDRESS_SHARE, burst * ADDRESS_SHARE)),
        }
    }

    /// Seconds the player may use now (the lower of their own and their address's).
    fn available(&self, key: &str, addr: IpAddr) -> f64 {
        let own = lock(&self.players).available(&key.to_string());
        own.min(lock(&self.addrs).available(&addr))
    }

    /// Spends `secs` of both (a negative amount gives back what was not used).
    fn spend(&self, key: &str, addr: IpAddr, secs: f64) {
        lock(&self.players).spend(&key.to_string(), secs);
        lock(&self.addrs).spend(&addr, secs);
    }
}

fn refuse(why: Said) -> ServerMsg {
    why.error("analysis")
}

/// An analysis running for a connection: dropped, it stops, and the engine time it did not
/// use goes back to the budget.
pub struct Running {
    stop: StopFlag,
    task: AbortHandle,
    finished: Arc<AtomicBool>,
    charge: Charge,
}

/// The engine time charged up front, and whom to give back what is not used.
#[derive(Clone)]
struct Charge {
    hub: Weak<Hub>,
    key: String,
    addr: IpAddr,
    secs: f64,
    since: Instant,
}

impl Charge {
    fn give_back(&self, used: Duration) {
        if let Some(hub) = self.hub.upgrade() {
            let unused = (self.secs - used.as_secs_f64()).max(0.0);
            hub.analysis_budgets.spend(&self.key, self.addr, -unused);
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.stop();
        self.task.abort();
        if !self.finished.swap(true, Ordering::SeqCst) {
            self.charge.give_back(self.charge.since.elapsed());
        }
    }
}

/// The board's answer: its position now, and the analysis to start (none once the game is
/// over there).
pub struct Board {
    /// `analysis_board`.
    pub view: AnalysisBoardView,
    job: Option<(Submitted, Position, Charge)>,
}

impl Board {
    /// Starts sending the engine's lines to the connection; `None` when there is nothing
    /// to analyse.
    pub fn forward(self, tx: ConnTx, kill: Arc<Notify>) -> Option<Running> {
        let (sub, pos, charge) = self.job?;
        let id = self.view.id;
        let finished = Arc::new(AtomicBool::new(false));
        let stop = sub.stop.clone();
        let send = move |msg: ServerMsg| {
            if tx.try_send(Out::Text(msg.to_json().into())).is_err() {
                kill.notify_one();
            }
        };
        let done_flag = finished.clone();
        let done_charge = charge.clone();
        let task = tokio::spawn(async move {
            let Submitted {
                place,
                mut progress,
                mut done,
                ..
            } = sub;
            if place > 1 {
                send(ServerMsg::AnalysisLines {
                    id,
                    depth: 0,
                    lines: Vec::new(),
                    done: false,
                    place: u32::try_from(place).ok(),
                });
            }
            loop {
                tokio::select! {
                    report = async {
                        match progress.as_mut() {
                            Some(rx) => rx.recv().await,
                            None => std::future::pending().await,
                        }
                    } => match report {
                        Some(r) => send(ServerMsg::AnalysisLines {
                            id,
                            depth: r.depth,
                            lines: jobs::lines(&pos, &r),
                            done: false,
                            place: None,
                        }),
                        None => progress = None,
                    },
                    end = &mut done => {
                        let (lines, depth, used) = match end {
                            Ok((Ok(r), used)) => (jobs::lines(&pos, &r), r.depth, used),
                            Ok((Err(_), used)) => (Vec::new(), 0, used),
                            Err(_) => (Vec::new(), 0, Duration::ZERO),
                        };
                        if !done_flag.swap(true, Ordering::SeqCst) {
                            done_charge.give_back(used);
                        }
                        send(ServerMsg::AnalysisLines {
                            id,
                            depth,
                            lines,
                            done: true,
                            place: None,
                        });
                        break;
                    }
                }
            }
        });
        Some(Running {
            stop,
            task: task.abort_handle(),
            finished,
            charge,
        })
    }
}

impl Hub {
    /// The analysis board of `me` (from `addr`): the position after the request's moves,
    /// and its analysis queued, or the plain words saying why not.
    pub async fn analyse_board(
        self: &Arc<Hub>,
        me: &Identity,
        addr: IpAddr,
        req: &BoardRequest,
        with_routes: bool,
    ) -> Result<Board, ServerMsg> {
        if req.position.len() > MAX_POSITION || req.moves.len() > MAX_MOVES {
            return Err(refusals::refused("analysis", "analysis-too-long", &[]));
        }
        let name = variant::check(req.variant.as_deref(), None).map_err(refuse)?;
        if variant::is_custom(&name) {
            return Err(refusals::refused("analysis", "analysis-built-in", &[]));
        }
        let rules = variant::resolve(&name).map_err(refuse)?;
        let start = Position::parse_in(req.position.trim(), rules)
            .map_err(|e| refuse(refusals::position_error(&e)))?;
        let mut game = Game::from_position(start);
        let mut texts = Vec::with_capacity(req.moves.len());
        for (i, mv) in req.moves.iter().enumerate() {
            if mv.len() > 16 {
                return Err(refusals::refused(
                    "analysis",
                    "analysis-not-a-move",
                    &[("i", &(i + 1).to_string())],
                ));
            }
            let ply = game.play_text(mv).map_err(|e| {
                let why = refusals::play_error(&e);
                let (i, mv) = ((i + 1).to_string(), mv.to_string());
                Said::each(
                    "analysis-move",
                    &[("i", &i), ("move", &mv), ("why", &why.en)],
                    &[("i", &i), ("move", &mv), ("why", &why.de)],
                )
                .error("illegal")
            })?;
            texts.push(ply.text.clone());
        }
        self.not_my_live_game(me, &game).await?;
        let pos = game.position().clone();
        let over = game.outcome();
        let legal: Vec<String> = if over.is_some() {
            Vec::new()
        } else {
            pos.legal_moves().iter().map(ToString::to_string).collect()
        };
        let view = AnalysisBoardView {
            id: req.id,
            position: pos.to_string(),
            turn: side_name(pos.turn()),
            routes: (with_routes && over.is_none()).then(|| routes::legal_routes(&pos)),
            legal,
            texts,
            result: over.map(|o| o.result_text().to_string()),
        };
        if over.is_some() {
            return Ok(Board { view, job: None });
        }
        let available = self.analysis_budgets.available(&me.key, addr);
        if available < MIN_SECONDS {
            let (rate, _) = self.limits.analysis_budget;
            return Err(refusals::refused(
                "busy",
                "analysis-time-spent",
                &[("secs", &format!("{:.0}", rate * 60.0))],
            ));
        }
        let secs = available.min(self.limits.analysis_time.as_secs_f64());
        let sub = jobs::submit(
            &self.computer.pool(),
            jobs::Request {
                game,
                limits: Limits::movetime(Duration::from_secs_f64(secs)),
                multipv: LINES,
                progress: true,
            },
        )
        .map_err(|why| why.error("busy"))?;
        self.analysis_budgets.spend(&me.key, addr, secs);
        let charge = Charge {
            hub: Arc::downgrade(self),
            key: me.key.clone(),
            addr,
            secs,
            since: Instant::now(),
        };
        Ok(Board {
            view,
            job: Some((sub, pos, charge)),
        })
    }

    /// Refuses a board that shows a position of a game `me` is playing now.
    async fn not_my_live_game(&self, me: &Identity, game: &Game) -> Result<(), ServerMsg> {
        let mine: Vec<_> = self
            .live_handles()
            .into_iter()
            .filter(|h| h.side_of(&me.key).is_some())
            .collect();
        if mine.is_empty() {
            return Ok(());
        }
        let mut seen = vec![game.start_position().hash()];
        let mut pos = game.start_position().clone();
        for ply in game.plies() {
            pos.make_move(ply.mv);
            seen.push(pos.hash());
        }
        for handle in mine {
            let Some(view) = handle.view().await else {
                continue;
            };
            if view.status != "started" {
                continue;
            }
            let key = view.variant_def.as_deref().unwrap_or(&view.variant);
            let Ok(now) = variant::position(key, &view.position) else {
                continue;
            };
            if seen.contains(&now.hash()) {
                return Err(refusals::refused("analysis", "analysis-own-game", &[]));
            }
        }
        Ok(())
    }
}
