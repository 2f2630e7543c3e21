//! How the program was started: what the command line asked of the window and of each screen.
//! The command line fills it in; every part reads the bit that concerns it.

use bevy::prelude::*;

use super::board::BoardTheme;
use super::screens::Screen;
use super::{Antialias, ViewMode};
use crate::game::text::Language;
use crate::rules::Game;
use crate::rules::Position;
use crate::rules::record::PlyNote;

/// How the program was started: what the command line asked of the window.
#[derive(Resource, Clone, Debug)]
pub struct LaunchOptions {
    /// Start from this position instead of the standard one.
    pub position: Option<Position>,
    /// First view.
    pub view: ViewMode,
    /// Window (or offscreen image) size in logical pixels.
    pub size: UVec2,
    /// Render one frame to this file and exit.
    pub screenshot: Option<std::path::PathBuf>,
    /// Render this many frames of a scripted game offscreen and report frame times.
    pub bench_frames: Option<u32>,
    /// When the program started: the first frame's delay is measured from here.
    pub launched: std::time::Instant,
    /// Multisampling choice.
    pub antialias: Antialias,
    /// The screen to open on.
    pub screen: Screen,
    /// Open this lesson stage on the learn screen (`--lesson`).
    pub lesson: Option<LessonStart>,
    /// Open the analysis screen on this game (`--analyse`, `--review`).
    pub analyse: Option<AnalyseStart>,
    /// Play with clocks at this time control (`--time`).
    pub time: Option<crate::rules::clock::TimeControl>,
    /// The computer's moves come from this UCI engine program (`--engine`).
    pub engine: Option<String>,
    /// Open the online screen this way (`--online`).
    pub online: Option<OnlineStart>,
    /// Open this puzzle (index into the built-in set) on the Puzzles screen (`--puzzle`).
    pub puzzle: Option<usize>,
    /// Open the server screen on this game server (`--server http://HOST:PORT`).
    pub server: Option<String>,
    /// The board's theme and piece colouring (`--theme`, `--pieces`).
    pub theme: BoardTheme,
    /// The 3D camera's turn and tilt in radians (`--camera`; `None`: the resting view).
    pub camera: Option<(f32, f32)>,
    /// The language of the text (`--lang`; `given.language` says it was given).
    pub language: Option<Language>,
    /// The system's language (`LANG`), used when neither `--lang` nor the settings name one.
    /// English by default, so tests do not depend on the machine's locale.
    pub system_language: Language,
    /// Which of these the command line chose: used this run, not written to the settings.
    pub given: CommandLine,
}

impl Default for LaunchOptions {
    fn default() -> LaunchOptions {
        LaunchOptions {
            position: None,
            view: ViewMode::ThreeD,
            size: UVec2::new(1280, 800),
            screenshot: None,
            bench_frames: None,
            launched: std::time::Instant::now(),
            antialias: Antialias::Auto,
            screen: Screen::Title,
            lesson: None,
            analyse: None,
            time: None,
            engine: None,
            online: None,
            puzzle: None,
            server: None,
            theme: BoardTheme::default(),
            camera: None,
            language: None,
            system_language: Language::En,
            given: CommandLine::default(),
        }
    }
}

impl LaunchOptions {
    /// Whether the app renders to an image instead of a window.
    pub fn offscreen(&self) -> bool {
        self.screenshot.is_some() || self.bench_frames.is_some()
    }
}

/// A lesson and stage to open, counting from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonStart {
    /// Index into the lesson list.
    pub lesson: usize,
    /// Index into the lesson's stages.
    pub stage: usize,
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

/// What `--online` opens.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum OnlineStart {
    /// The online menu: host or join.
    #[default]
    Menu,
    /// Host at once, with the host dialog's defaults (and `--time`).
    Host,
    /// The join dialog.
    Join,
}

/// Which choices the command line made for this run (they are used, not written back).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CommandLine {
    /// `--view`.
    pub view: bool,
    /// `--theme` or `--pieces`.
    pub theme: bool,
    /// `--time`.
    pub time: bool,
    /// `--size`.
    pub size: bool,
    /// `--lang`.
    pub language: bool,
}
