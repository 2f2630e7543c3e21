//! The learner's best stars per stage: read from the data folder at start and written after
//! each improvement, both on the IO task pool so the frame loop never waits for the disk. One
//! write at a time, each of the whole progress as it stands, so the last one wins.

use crate::tr;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, block_on, poll_once};

use crate::game::core::GameSet;
use crate::game::core::saves::Saves;
use crate::game::core::state::StatusLine;
use crate::store::{LessonProgress, LoadedProgress, Store, StoreError};

/// The progress, and the reads and writes under way.
#[derive(Resource, Default)]
pub struct LearnProgress {
    progress: LessonProgress,
    /// Completions of this session, applied again over the file once it has been read.
    session: Vec<(String, usize, u8)>,
    /// The file has been read (or there is no data folder to read).
    loaded: bool,
    store: Option<Store>,
    loading: Option<Task<Result<LoadedProgress, StoreError>>>,
    writing: Option<Task<Result<PathBuf, StoreError>>>,
    /// The progress changed since the last write was started.
    dirty: bool,
}

impl LearnProgress {
    /// Best stars per stage.
    pub fn progress(&self) -> &LessonProgress {
        &self.progress
    }

    /// Whether a read or a write is still under way or waiting (tests wait for this).
    pub fn busy(&self) -> bool {
        self.loading.is_some() || self.writing.is_some() || (self.dirty && self.store.is_some())
    }

    /// Records a completion; returns whether it beat the best so far (then it gets saved).
    pub(crate) fn record(&mut self, lesson: &str, stage: usize, stars: u8) -> bool {
        self.session.push((lesson.to_string(), stage, stars));
        let better = self.progress.record(lesson, stage, stars);
        self.dirty |= better;
        better
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LearnProgress>()
        .add_systems(Startup, start_loading)
        .add_systems(Update, pump.in_set(GameSet::Input));
}

/// Reads the progress file in the background (not in offscreen runs: they have no store).
fn start_loading(saves: Option<Res<Saves>>, mut progress: ResMut<LearnProgress>) {
    let Some(store) = saves.and_then(|s| s.store().cloned()) else {
        progress.loaded = true;
        return;
    };
    let reader = store.clone();
    progress.store = Some(store);
    progress.loading = Some(IoTaskPool::get().spawn(async move { reader.load_lesson_progress() }));
}

/// Takes a finished read, finishes writes, and starts the next write when there is news.
fn pump(mut tracked: ResMut<LearnProgress>, mut status: ResMut<StatusLine>) {
    // Polling must not look like a change: the list is rebuilt when the progress changes.
    let progress = tracked.bypass_change_detection();
    let mut changed = false;
    if let Some(task) = progress.loading.as_mut()
        && let Some(result) = block_on(poll_once(task))
    {
        progress.loading = None;
        progress.loaded = true;
        match result {
            Ok(loaded) => {
                if let Some((aside, problem)) = &loaded.set_aside {
                    status.warn(tr!(
                        "learn-progress-kept",
                        problem = problem.to_string(),
                        path = aside.display().to_string()
                    ));
                }
                let mut merged = loaded.progress.clone();
                for (lesson, stage, stars) in &progress.session {
                    merged.record(lesson, *stage, *stars);
                }
                // Write when the file lacks something this session earned. (Comparing with
                // the progress in memory, which already holds those stars, lost a stage
                // finished before the read came back.)
                progress.dirty = merged != loaded.progress;
                progress.progress = merged;
                changed = true;
            }
            Err(e) => {
                // Keep what this session earns, but never overwrite a file that could not be
                // read: it may hold more.
                status.warn(tr!("learn-progress-unreadable", error = e.to_string()));
                progress.store = None;
            }
        }
    }
    if let Some(task) = progress.writing.as_mut()
        && let Some(result) = block_on(poll_once(task))
    {
        progress.writing = None;
        if let Err(e) = result {
            status.warn(tr!("learn-progress-not-saved", error = e.to_string()));
        }
    }
    if progress.loaded && progress.dirty && progress.writing.is_none() {
        progress.dirty = false;
        if let Some(store) = progress.store.clone() {
            let snapshot = progress.progress.clone();
            progress.writing =
                Some(IoTaskPool::get().spawn(async move { store.save_lesson_progress(&snapshot) }));
        }
    }
    if changed {
        tracked.set_changed();
    }
}

#[cfg(test)]
mod tests {
    use bevy::tasks::IoTaskPool;

    use super::*;

    #[test]
    fn a_stage_finished_before_the_file_is_read_is_still_saved() {
        let dir =
            std::env::temp_dir().join(format!("parachess-progress-race-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::at(&dir).expect("a data folder");
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<StatusLine>()
            .add_systems(Update, pump);
        // The read is under way (an empty folder: nothing earned yet) when a stage ends.
        let reader = store.clone();
        let mut tracked = LearnProgress {
            store: Some(store.clone()),
            loading: Some(IoTaskPool::get().spawn(async move { reader.load_lesson_progress() })),
            ..LearnProgress::default()
        };
        assert!(tracked.record("03-rook", 3, 3));
        app.insert_resource(tracked);
        for _ in 0..2000 {
            app.update();
            if !app.world().resource::<LearnProgress>().busy() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        assert!(!app.world().resource::<LearnProgress>().busy());
        let on_disk = store.load_lesson_progress().expect("the progress file");
        assert_eq!(on_disk.progress.stars("03-rook", 3), 3);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
