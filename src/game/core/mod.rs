//! The floor every part of the game stands on: the game resource and the messages that change
//! it ([`state`]), the board following another authority's game ([`follow`]), what is selected
//! and hovered ([`selection`]), the board's switches and geometry ([`board`], [`camera`]), the
//! player's choices that several parts read ([`prefs`]), what the command line asked
//! ([`launch`]), the screens and dialogs ([`screens`]), the frame's phases, the view mode and
//! the data folder, the game kept on disk ([`saves`]), the clocks and the time control chosen
//! ([`clock`]), the marks given to moves ([`marks`]), what a piece's lines end on ([`line_marks`]), what a person can ask for ([`actions`])
//! and the one table of keys ([`keys`]). It imports no part of the game but the catalogue of words, so any part may
//! use it without pulling in another feature.

pub mod actions;
pub mod board;
pub mod camera;
pub mod clock;
pub mod follow;
pub mod keys;
pub mod launch;
pub mod line_marks;
pub mod marks;
pub mod prefs;
pub mod saves;
pub mod screens;
pub mod selection;
pub mod state;

use bevy::prelude::*;

/// Where the player's files live (a test or a portable install may choose another folder).
#[derive(Resource, Clone, Debug)]
pub struct DataDir(pub std::path::PathBuf);

/// Which way the board is drawn.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Reflect)]
pub enum ViewMode {
    /// Perspective, tilted, with modelled pieces.
    #[default]
    ThreeD,
    /// Top-down, flat, with piece symbols.
    TwoD,
}

impl ViewMode {
    /// Reads `2d` or `3d`.
    pub fn parse(text: &str) -> Option<ViewMode> {
        match text.to_ascii_lowercase().as_str() {
            "3d" => Some(ViewMode::ThreeD),
            "2d" => Some(ViewMode::TwoD),
            _ => None,
        }
    }
}

/// Whether the board is drawn with 4× multisampling. Software renderers (Mesa's lavapipe)
/// spend about half of every frame on it, so `auto` turns it off there and on for real GPUs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Antialias {
    /// Off on software renderers, on otherwise.
    #[default]
    Auto,
    /// Always 4× multisampling.
    On,
    /// Never.
    Off,
}

impl Antialias {
    /// The multisampling for a renderer that is (or is not) software running on the CPU.
    pub fn msaa(self, software_renderer: bool) -> Msaa {
        match self {
            Antialias::On => Msaa::Sample4,
            Antialias::Off => Msaa::Off,
            Antialias::Auto if software_renderer => Msaa::Off,
            Antialias::Auto => Msaa::Sample4,
        }
    }
}

/// Frame phases, in order: read the player, change the game, update what is shown.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Pointer and keyboard handling; produces requests.
    Input,
    /// Requests applied to the rules `Game`.
    Rules,
    /// Entities, materials and text brought in line with the game.
    View,
}

/// Set while a screen's picture is still being worked out (an analysis searching): the
/// screenshot waits.
#[derive(Resource, Debug, Default)]
pub struct CaptureWait(pub bool);
