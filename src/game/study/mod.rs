//! Study: stepping through a game's moves ([`navigation`]), the analysis screen with the
//! engine's lines ([`analysis`]) and game review ([`review`]). The engine always searches off
//! the frame thread; the board shows copies of the play game, which waits untouched.
//!
//! * [`core_plugin`] (no renderer): navigation, the analysis and review searches and their
//!   results, and the analysis panel with its move list, graph and lists (plain UI entities
//!   that headless tests can press).
//! * [`view_plugin`]: the evaluation bar, the banner over an earlier position, and the arrows.

pub mod analysis;
pub mod navigation;
pub mod panel;
pub mod review;
mod view;

use std::time::Duration;

use bevy::prelude::*;

use crate::engine::Limits;
use crate::rules::Game;
use crate::rules::record::PlyNote;
use crate::study::ReviewSettings;

pub use analysis::open_analysis;

/// How the analysis and the review search.
#[derive(Resource, Clone, Debug)]
pub struct StudySettings {
    /// Lines the analysis shows (MultiPV).
    pub lines: usize,
    /// The analysis engine's table, in megabytes.
    pub hash_mb: usize,
    /// How often the lines are refreshed during a long depth.
    pub refresh: Duration,
    /// When the analysis of a position ends (no limit: when the position changes).
    pub limits: Limits,
    /// The review's time per position and threads.
    pub review: ReviewSettings,
}

impl Default for StudySettings {
    fn default() -> StudySettings {
        StudySettings {
            lines: 3,
            hash_mb: 32,
            refresh: Duration::from_millis(200),
            limits: Limits::default(),
            review: ReviewSettings {
                movetime: Duration::from_millis(300),
                threads: 2,
            },
        }
    }
}

impl StudySettings {
    /// For a screenshot: searches that end, so the picture settles.
    fn offscreen() -> StudySettings {
        StudySettings {
            limits: Limits::movetime(Duration::from_millis(2500)),
            review: ReviewSettings {
                movetime: Duration::from_millis(150),
                threads: 2,
            },
            ..StudySettings::default()
        }
    }
}

/// A game to open the analysis screen on at start (`--analyse`, `--review`).
#[derive(Clone, Debug)]
pub struct AnalyseStart {
    /// The game (a position alone is a game without moves).
    pub game: Game,
    /// The notes its record kept on the moves.
    pub notes: Vec<PlyNote>,
    /// Half-moves of it to show (the end when `None`).
    pub ply: Option<usize>,
    /// Review it.
    pub review: bool,
}

/// The logic tests drive.
pub(super) fn core_plugin(app: &mut App) {
    let offscreen = app
        .world()
        .get_resource::<crate::game::LaunchOptions>()
        .is_some_and(crate::game::LaunchOptions::offscreen);
    if !app.world().contains_resource::<StudySettings>() {
        app.insert_resource(if offscreen {
            StudySettings::offscreen()
        } else {
            StudySettings::default()
        });
    }
    app.add_plugins((
        navigation::plugin,
        analysis::plugin,
        review::plugin,
        panel::plugin,
    ));
}

/// What draws.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}
