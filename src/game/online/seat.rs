//! The joiner's seat token on disk ([`crate::store::seats`]), written off the frame thread.

use super::*;

/// The joiner's seat file: written and removed in order on a thread of its own, so the frame
/// never waits on the disk; dropping it finishes what was asked.
pub(super) struct SeatFile {
    /// The token last asked to be written (`None`: none yet, or forgotten).
    kept: Option<Token>,
    jobs: Option<std::sync::mpsc::Sender<Option<Token>>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SeatFile {
    /// The seat file of the game at `addr` with `code` in the data folder `dir`, and the
    /// token kept there before, if any.
    pub(super) fn open(
        dir: PathBuf,
        addr: String,
        code: String,
    ) -> (Option<SeatFile>, Option<Token>) {
        let before = seats::load_seat(&dir, &addr, &code);
        let (jobs, inbox) = std::sync::mpsc::channel::<Option<Token>>();
        let spawned = std::thread::Builder::new()
            .name("parachess seat".into())
            .spawn(move || {
                for job in inbox {
                    let done = match job {
                        Some(token) => seats::save_seat(&dir, &addr, &code, token),
                        None => seats::forget_seat(&dir, &addr, &code),
                    };
                    if let Err(e) = done {
                        warn!("cannot keep the seat in {}: {e}", dir.display());
                    }
                }
            });
        match spawned {
            Ok(thread) => (
                Some(SeatFile {
                    kept: before,
                    jobs: Some(jobs),
                    thread: Some(thread),
                }),
                before,
            ),
            Err(e) => {
                warn!("cannot keep the seat: {e}");
                (None, before)
            }
        }
    }

    /// Keeps `token` (once, and again if it changed).
    pub(super) fn keep(&mut self, token: Token) {
        if self.kept != Some(token) {
            self.kept = Some(token);
            self.send(Some(token));
        }
    }

    /// The game ended: its token is worth nothing any more.
    pub(super) fn forget(&mut self) {
        self.kept = None;
        self.send(None);
    }

    fn send(&self, job: Option<Token>) {
        if let Some(jobs) = &self.jobs
            && jobs.send(job).is_err()
        {
            warn!("the seat writer has stopped");
        }
    }
}

impl Drop for SeatFile {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
