//! The thread that writes the saves: file operations in the order asked, off the frame thread,
//! each reported back for the status line; dropping it finishes what was asked first.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use crate::rules::Game;
use crate::rules::record::read_game;
use crate::store::Store;
use crate::tr;

/// One file operation for the writer thread.
pub(super) enum Job {
    /// Replace the autosave with this text.
    Autosave(String),
    /// Keep the unfinished game in the autosave among the saves (in `home`, the file it was
    /// loaded from, when it goes on from there), then write `text` there.
    KeepThenAutosave { text: String, home: Option<PathBuf> },
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
                        Job::KeepThenAutosave { text, home } => {
                            keep_autosave(&store, &text, home.as_deref()).and_then(|kept| {
                                write_autosave(&store, &text)?;
                                Ok(kept.map(Done::Kept))
                            })
                        }
                        Job::Save { name, text } => {
                            let path = store.save_path(&name);
                            // The file's name, not its folder: the status line stays one line.
                            let file = super::file_name(&path);
                            crate::store::write_new_atomic(&path, text.as_bytes())
                                .map(|()| Some(Done::Saved(path.clone())))
                                .map_err(|e| {
                                    if e.kind() == std::io::ErrorKind::AlreadyExists {
                                        tr!("save-name-taken", path = file)
                                    } else {
                                        tr!(
                                            "save-not-saved-path",
                                            path = file,
                                            error = e.to_string()
                                        )
                                    }
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

/// Keeps the unfinished game in the autosave before `text` replaces it, one game in one file:
/// nowhere when `text` is the same game gone on (a server game back on the board), in `home`
/// when the autosave's game goes on from the game there (a loaded game played on; unchanged,
/// nothing is written), and as a new `unfinished-…` file otherwise. Returns the file
/// written, if any.
fn keep_autosave(
    store: &Store,
    text: &str,
    home: Option<&Path>,
) -> Result<Option<PathBuf>, String> {
    let failed = |e: String| tr!("save-keep-failed", error = e);
    let path = store.autosave_path();
    let old_text = std::fs::read_to_string(&path).ok();
    let old = old_text
        .as_deref()
        .and_then(|t| read_game(t.as_bytes()).ok());
    if let (Some(old), Ok(new)) = (&old, read_game(text.as_bytes()))
        && old.tags.site.is_some()
        && old.tags.site == new.tags.site
        && goes_on(&old.game, &new.game)
    {
        return Ok(None);
    }
    if let (Some(old), Some(old_text), Some(home)) = (&old, &old_text, home)
        && let Ok(there) = store.load_game(home)
        && goes_on(&there.game, &old.game)
    {
        if goes_on(&old.game, &there.game) && old.game.outcome() == there.game.outcome() {
            // Not a move more: the file holds this game already.
            return Ok(None);
        }
        crate::store::write_atomic(home, old_text.as_bytes()).map_err(|e| failed(e.to_string()))?;
        return Ok(Some(home.to_path_buf()));
    }
    store
        .keep_autosave_as_unfinished()
        .map(Some)
        .map_err(|e| failed(e.to_string()))
}

/// Whether `later` is `earlier` gone on: the same start and every move of `earlier` first.
fn goes_on(earlier: &Game, later: &Game) -> bool {
    earlier.start_position() == later.start_position()
        && earlier.plies().len() <= later.plies().len()
        && earlier
            .plies()
            .iter()
            .zip(later.plies())
            .all(|(a, b)| a.mv == b.mv)
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
