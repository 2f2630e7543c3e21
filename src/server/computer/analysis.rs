//! Analysis jobs: the one place an analysis is handed to the engine ([`submit`]: today the
//! server's own pool, at a lower priority than every computer move; a table that engine
//! workers take jobs from could stand behind the same function), and the engine's reports
//! as the protocol writes them.

use std::time::Duration;

use tokio::sync::{mpsc, oneshot};

use crate::engine::{EngineError, Limits, Report, Score, StopFlag};
use crate::rules::{Game, Position, Side};

use super::super::messages::LineView;
use super::super::refusals::Said;
use super::pool::{AnalysisJob, Pool};

/// Reports a job may hold for a slow reader before later ones are skipped.
const PROGRESS_ROOM: usize = 8;

/// An analysis asked for.
pub struct Request {
    /// The game (its history counts), analysed at its current position.
    pub game: Game,
    /// How long or deep.
    pub limits: Limits,
    /// How many best lines.
    pub multipv: usize,
    /// Whether the finished depths are wanted as they come.
    pub progress: bool,
}

/// A job queued: its place, its reports, its end, and the flag that drops it.
pub struct Submitted {
    /// Its place among the analyses waiting (1: next).
    pub place: usize,
    /// The finished depths (when asked for).
    pub progress: Option<mpsc::Receiver<Report>>,
    /// The final report and the engine time it took.
    pub done: oneshot::Receiver<(Result<Report, EngineError>, Duration)>,
    /// Raised: a queued job is skipped, a running one stops.
    pub stop: StopFlag,
}

/// Hands an analysis to the engine, or says in plain words why not (the queue is full).
pub fn submit(pool: &Pool, req: Request) -> Result<Submitted, Said> {
    let stop = StopFlag::new();
    let (reply, done) = oneshot::channel();
    let (tx, progress) = if req.progress {
        let (tx, rx) = mpsc::channel(PROGRESS_ROOM);
        (Some(tx), Some(rx))
    } else {
        (None, None)
    };
    let place = pool.submit_analysis(AnalysisJob {
        game: req.game,
        limits: req.limits,
        multipv: req.multipv,
        stop: stop.clone(),
        progress: tx,
        reply,
    })?;
    Ok(Submitted {
        place,
        progress,
        done,
        stop,
    })
}

/// A score for the side to move as the protocol writes evaluations: from White's side,
/// centipawns (`35`) or a forced mate (`#3`, `#-2`).
pub fn eval_text(score: Score, turn: Side) -> String {
    let white = if turn == Side::White { score } else { -score };
    match white {
        Score::Cp(cp) => cp.to_string(),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// The lines of a report on `pos`, best first for the side to move, with their moves in
/// move text.
pub fn lines(pos: &Position, report: &Report) -> Vec<LineView> {
    report
        .lines
        .iter()
        .map(|line| {
            let mut at = pos.clone();
            let mut texts = Vec::with_capacity(line.pv.len());
            for &mv in &line.pv {
                texts.push(at.move_text(mv));
                at.make_move(mv);
            }
            LineView {
                eval: eval_text(line.score, pos.turn()),
                depth: line.depth,
                moves: line.pv.iter().map(ToString::to_string).collect(),
                texts,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_are_written_from_whites_side() {
        assert_eq!(eval_text(Score::Cp(35), Side::White), "35");
        assert_eq!(eval_text(Score::Cp(35), Side::Black), "-35");
        assert_eq!(eval_text(Score::Mate(2), Side::Black), "#-2");
        assert_eq!(eval_text(Score::Mate(-3), Side::Black), "#3");
    }

    #[tokio::test]
    async fn a_submitted_analysis_reports_depths_and_ends() {
        let pool = Pool::start(1, 4);
        let sub = submit(
            &pool,
            Request {
                game: Game::new(),
                limits: Limits::depth(3),
                multipv: 3,
                progress: true,
            },
        )
        .unwrap();
        assert_eq!(sub.place, 1);
        let (report, _) = sub.done.await.unwrap();
        let report = report.unwrap();
        let mut progress = sub.progress.unwrap();
        assert!(progress.recv().await.is_some(), "no depth was reported");
        let shown = lines(Game::new().position(), &report);
        assert_eq!(shown.len(), 3);
        assert!(
            shown
                .iter()
                .all(|l| !l.moves.is_empty() && l.moves.len() == l.texts.len())
        );
    }
}
