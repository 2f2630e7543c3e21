//! The thread that writes the saves: file operations in the order asked, off the frame thread,
//! each reported back for the status line; dropping it finishes what was asked first.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use crate::store::Store;
use crate::tr;

/// One file operation for the writer thread.
pub(super) enum Job {
    /// Replace the autosave with this text.
    Autosave(String),
    /// Keep the unfinished game in the autosave among the saves, then write this text there.
    KeepThenAutosave(String),
    /// A new named save.
    Save { name: String, text: String },
}

/// What the writer thread reports back for the status line.
pub(super) enum Done {
    Kept(PathBuf),
    Saved(PathBuf),
    Failed(String),
}

/// A thread that carries out file writes in the order asked, off the frame thread.
pub(super) struct SaveWriter {
    jobs: Option<Sender<Job>>,
    done: std::sync::Mutex<Receiver<Done>>,
    pending: Arc<AtomicUsize>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SaveWriter {
    pub(super) fn start(store: Store) -> std::io::Result<SaveWriter> {
        let (jobs, inbox) = channel::<Job>();
        let (report, done) = channel();
        let pending = Arc::new(AtomicUsize::new(0));
        let counter = pending.clone();
        let thread = std::thread::Builder::new()
            .name("parachess saves".into())
            .spawn(move || {
                for job in inbox {
                    let result = match job {
                        Job::Autosave(text) => write_autosave(&store, &text).map(|()| None),
                        Job::KeepThenAutosave(text) => store
                            .keep_autosave_as_unfinished()
                            .map_err(|e| tr!("save-keep-failed", error = e.to_string()))
                            .and_then(|kept| {
                                write_autosave(&store, &text)?;
                                Ok(Some(Done::Kept(kept)))
                            }),
                        Job::Save { name, text } => {
                            let path = store.save_path(&name);
                            crate::store::write_new_atomic(&path, text.as_bytes())
                                .map(|()| Some(Done::Saved(path.clone())))
                                .map_err(|e| {
                                    tr!(
                                        "save-not-saved-path",
                                        path = path.display().to_string(),
                                        error = e.to_string()
                                    )
                                })
                        }
                    };
                    let report_it = match result {
                        Ok(Some(d)) => Some(d),
                        Ok(None) => None,
                        Err(e) => Some(Done::Failed(e)),
                    };
                    if let Some(d) = report_it {
                        let _ = report.send(d);
                    }
                    counter.fetch_sub(1, Ordering::SeqCst);
                }
            })?;
        Ok(SaveWriter {
            jobs: Some(jobs),
            done: std::sync::Mutex::new(done),
            pending,
            thread: Some(thread),
        })
    }

    pub(super) fn send(&self, job: Job) -> Result<(), String> {
        self.pending.fetch_add(1, Ordering::SeqCst);
        let sent = self.jobs.as_ref().map(|j| j.send(job));
        match sent {
            Some(Ok(())) => Ok(()),
            _ => {
                self.pending.fetch_sub(1, Ordering::SeqCst);
                Err("the save writer has stopped".into())
            }
        }
    }

    pub(super) fn finished(&self) -> Vec<Done> {
        match self.done.lock() {
            Ok(rx) => rx.try_iter().collect(),
            Err(_) => Vec::new(),
        }
    }

    pub(super) fn wait_idle(&self, limit: Duration) -> bool {
        let started = Instant::now();
        while self.pending.load(Ordering::SeqCst) > 0 {
            if started.elapsed() > limit {
                return false;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        true
    }
}

impl Drop for SaveWriter {
    /// Finishes what was asked before the program ends: closing the window must not lose the
    /// last move.
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn write_autosave(store: &Store, text: &str) -> Result<(), String> {
    let path = store.autosave_path();
    crate::store::write_atomic(&path, text.as_bytes()).map_err(|e| {
        tr!(
            "save-autosave-failed-path",
            path = path.display().to_string(),
            error = e.to_string()
        )
    })
}
