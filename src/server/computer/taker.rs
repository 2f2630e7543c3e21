//! Taking engine jobs from the table (PostgreSQL): what `parachess-server worker` runs, and
//! what a web instance with engine threads runs beside its games. One claim per free engine
//! thread (`FOR UPDATE SKIP LOCKED`: two takers never take the same row), the search on the
//! local pool's threads (never on the async runtime), the result written and announced.
//! New jobs are heard through `LISTEN`; a bounded poll finds the leases that ran out.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use sqlx::postgres::PgListener;
use tokio::sync::{Notify, Semaphore, mpsc, oneshot, watch};

use crate::engine::{Report, StopFlag};

use super::super::db::jobs::TakenJob;
use super::super::db::{Db, now_ms};
use super::jobs::{self, CHANNEL, Kind, Outcome, POLL, Payload};
use super::lock;
use super::pool::{AnalysisJob, Job, Pool};

/// What a taker tells of its work, one line per event (the worker prints them).
pub type Log = Arc<dyn Fn(&str) + Send + Sync>;

/// The searches running here, by job id: a `c:ID` notification stops one.
type Running = Arc<Mutex<HashMap<String, StopFlag>>>;

/// Takes jobs as `me` onto `pool`'s local threads until `stop` turns true; then gives back
/// the jobs it holds (queued again for others at once) and stops their searches.
pub async fn run(
    db: Db,
    pool: Pool,
    me: String,
    mut stop: watch::Receiver<bool>,
    log: Log,
) -> Result<(), sqlx::Error> {
    let threads = pool.threads().max(1);
    let pool = pool.local();
    let mut listener = PgListener::connect(&db.url).await?;
    listener.listen(CHANNEL).await?;
    let wake = Arc::new(Notify::new());
    let running: Running = Arc::new(Mutex::new(HashMap::new()));
    let heard = {
        let (wake, running) = (Arc::clone(&wake), Arc::clone(&running));
        tokio::spawn(async move {
            loop {
                match listener.recv().await {
                    Ok(note) => {
                        let text = note.payload();
                        if text.starts_with("n:") {
                            wake.notify_one();
                        } else if let Some(id) = text.strip_prefix("c:")
                            && let Some(flag) = lock(&running).get(id)
                        {
                            flag.stop();
                        }
                    }
                    Err(e) => {
                        tracing::warn!("engine jobs: {e}");
                        tokio::time::sleep(POLL).await;
                    }
                }
            }
        })
    };
    // What a previous run under this name held (killed before its leases ran out).
    if let Ok(n @ 1..) = db.give_back_jobs(&me).await {
        log(&format!("{n} jobs of a previous run given back"));
    }
    let slots = Arc::new(Semaphore::new(threads));
    log(&format!(
        "taking engine jobs as {me} on {threads} engine threads"
    ));
    loop {
        if *stop.borrow() {
            break;
        }
        let permit = tokio::select! {
            p = Arc::clone(&slots).acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            _ = stop.changed() => continue,
        };
        match db.claim_job(&me, now_ms()).await {
            Ok(Some(job)) => {
                let (db, pool, me, running, log) = (
                    db.clone(),
                    pool.clone(),
                    me.clone(),
                    Arc::clone(&running),
                    Arc::clone(&log),
                );
                tokio::spawn(async move {
                    take(&db, &pool, &me, job, &running, &log).await;
                    drop(permit);
                });
            }
            Ok(None) => {
                drop(permit);
                tokio::select! {
                    () = wake.notified() => {}
                    () = tokio::time::sleep(POLL) => {}
                    _ = stop.changed() => {}
                }
            }
            Err(e) => {
                drop(permit);
                tracing::warn!("engine jobs: cannot claim: {e}");
                tokio::select! {
                    () = tokio::time::sleep(POLL) => {}
                    _ = stop.changed() => {}
                }
            }
        }
    }
    heard.abort();
    // Given back before the searches stop, so that a stopped search's answer is not written.
    match db.give_back_jobs(&me).await {
        Ok(n) => log(&format!("stopping: {n} jobs given back")),
        Err(e) => tracing::error!("engine jobs: not given back (their leases run out): {e}"),
    }
    for flag in lock(&running).values() {
        flag.stop();
    }
    Ok(())
}

/// Searches one claimed job and writes its result.
async fn take(db: &Db, pool: &Pool, me: &str, job: TakenJob, running: &Running, log: &Log) {
    let started = Instant::now();
    log(&format!("took {} {}", job.kind, job.id));
    let kind = Kind::parse(&job.kind);
    let payload = serde_json::from_str::<Payload>(&job.payload).map_err(|e| e.to_string());
    let game = payload
        .as_ref()
        .map_err(Clone::clone)
        .and_then(Payload::game);
    let (payload, game, kind) = match (payload, game, kind) {
        (Ok(p), Ok(g), Some(k)) => (p, g, k),
        (p, g, _) => {
            let why = p.err().or(g.err()).unwrap_or_else(|| "unknown kind".into());
            tracing::error!("engine job {}: {why}", job.id);
            let failed = Outcome {
                error: Some(why),
                ..Outcome::default()
            };
            finish(db, me, &job.id, false, &failed, log).await;
            return;
        }
    };
    let stop = StopFlag::new();
    lock(running).insert(job.id.clone(), stop.clone());
    let outcome = match kind {
        Kind::Move | Kind::Idle => {
            let (reply, rx) = oneshot::channel();
            pool.submit(Job {
                game,
                settings: payload.settings(),
                stop: stop.clone(),
                reply,
            });
            rx.await.ok().map(|a| Outcome::of_move(&a.mv, a.searched))
        }
        Kind::Analysis => {
            let (reply, rx) = oneshot::channel();
            let progress = payload
                .progress
                .then(|| write_progress(db, me, &job.id, started));
            let job = AnalysisJob {
                game,
                limits: payload.limits(),
                multipv: payload.multipv.max(1),
                stop: stop.clone(),
                progress,
                reply,
            };
            // The local pool's own bound does not apply to jobs already claimed.
            pool.submit_analysis_claimed(job);
            rx.await
                .ok()
                .map(|(found, searched)| Outcome::of_report(&found, searched))
        }
    };
    lock(running).remove(&job.id);
    match outcome {
        Some(o) if !stop.is_stopped() => {
            finish(db, me, &job.id, o.error.is_none(), &o, log).await;
            tracing::debug!("engine job {} in {:?}", job.id, started.elapsed());
        }
        _ => log(&format!("dropped {} {}", job.kind, job.id)),
    }
}

/// Where an analysis' finished depths go: each written into the job's row and announced
/// (`p:ID`), one at a time (a depth that comes while the last is written is skipped, so a
/// fast search does not flood the database; the final lines come with the result).
fn write_progress(db: &Db, me: &str, id: &str, started: Instant) -> mpsc::Sender<Report> {
    let (tx, mut rx) = mpsc::channel::<Report>(1);
    let (db, me, id) = (db.clone(), me.to_string(), id.to_string());
    tokio::spawn(async move {
        while let Some(report) = rx.recv().await {
            let lines = Outcome::of_report(&Ok(report), started.elapsed());
            let Ok(text) = serde_json::to_string(&lines) else {
                continue;
            };
            match db.job_progress(&id, &me, &text).await {
                Ok(true) => {
                    let _ = jobs::notify(&db, 'p', &id).await;
                }
                // Not ours any more, or done: nothing more to show.
                Ok(false) => return,
                Err(e) => tracing::debug!("engine job {id}: lines not written: {e}"),
            }
        }
    });
    tx
}

/// Writes a result and announces it.
async fn finish(db: &Db, me: &str, id: &str, ok: bool, outcome: &Outcome, log: &Log) {
    let text = match serde_json::to_string(outcome) {
        Ok(t) => t,
        Err(e) => {
            tracing::error!("engine job {id}: {e}");
            return;
        }
    };
    match db.finish_job(id, me, ok, &text, now_ms()).await {
        Ok(true) => {
            if let Err(e) = jobs::notify(db, 'd', id).await {
                tracing::warn!("engine job {id} not announced (its asker polls): {e}");
            }
            log(&format!("done {id}"));
        }
        // Cancelled, or taken again after our lease ran out: the other answer counts.
        Ok(false) => log(&format!("not ours any more {id}")),
        Err(e) => tracing::error!("engine job {id}: result not written: {e}"),
    }
}
