//! The board as every part sees it: where a cell is in the world, how high its top is, whether
//! pieces are moving, and the switches for what the board shows (cell names, marks, lines,
//! threats, animation speed), which the board draws and the settings keep.

use bevy::prelude::*;

use crate::rules::{Cell, Piece};
use crate::theme::{self as palette, Rgb, Rgba};

/// Whether anything is moving: input waits until it is false.
#[derive(Resource, Default, Debug)]
pub struct Animating(pub bool);

/// How fast pieces glide (a setting): `Off` puts them in place at once.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AnimationSpeed {
    Off,
    Fast,
    #[default]
    Normal,
    Slow,
}

impl AnimationSpeed {
    /// Every speed, as the settings file names it.
    pub const ALL: [(AnimationSpeed, &'static str); 4] = [
        (AnimationSpeed::Off, "off"),
        (AnimationSpeed::Fast, "fast"),
        (AnimationSpeed::Normal, "normal"),
        (AnimationSpeed::Slow, "slow"),
    ];

    /// The speed a settings file names (`normal` for anything else).
    pub fn named(name: &str) -> AnimationSpeed {
        AnimationSpeed::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map_or(AnimationSpeed::Normal, |(s, _)| *s)
    }

    /// The name the settings file uses.
    pub fn name(self) -> &'static str {
        AnimationSpeed::ALL
            .iter()
            .find(|(s, _)| *s == self)
            .map_or("normal", |(_, n)| n)
    }

    /// Animation seconds that pass in one second (`Off`: enough for any glide to end at once).
    pub(crate) fn rate(self) -> f32 {
        match self {
            AnimationSpeed::Off => 1.0e6,
            AnimationSpeed::Fast => 2.0,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Slow => 0.6,
        }
    }
}

/// Height of a tile's top face: pieces stand on it.
pub const TILE_TOP: f32 = 0.06;

/// Whether cell names are shown.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowNames(pub bool);

impl Default for ShowNames {
    fn default() -> ShowNames {
        ShowNames(true)
    }
}

/// Which marks the board draws (settings): the legal targets' dots and the last move's tint.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardMarks {
    pub legal_dots: bool,
    pub last_move: bool,
}

impl Default for BoardMarks {
    fn default() -> BoardMarks {
        BoardMarks {
            legal_dots: true,
            last_move: true,
        }
    }
}

/// Whether the show-lines aid is on.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowLines(pub bool);

impl Default for ShowLines {
    fn default() -> ShowLines {
        ShowLines(true)
    }
}

/// What a screen asks of the aid beyond the player's switch.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct LinesOverride {
    /// Draw this piece's lines, even with the aid off, for this many more seconds (after a
    /// refused move: the lines show why). A selected piece still wins.
    pub forced: Option<(Cell, f32)>,
    /// Draw no lines for hovered or selected pieces (an exercise that asks the player to find
    /// where a piece goes).
    pub hide_aid: bool,
}

/// Whether threats are marked (off until asked for).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowThreats(pub bool);

/// A cell's world position on the board plane (y = 0): board x to world x, board y (toward
/// Black) to world −z, so White sits nearest a camera on the +z side.
pub fn cell_world(cell: Cell) -> Vec3 {
    let [x, y] = crate::rules::board().cell(cell).centre();
    Vec3::new(x, 0.0, -y)
}

/// A board point (cell units) on the world plane.
pub fn board_to_world(p: [f32; 2]) -> Vec3 {
    Vec3::new(p[0], 0.0, -p[1])
}

/// A palette colour as Bevy's.
pub const fn colour(c: Rgb) -> Color {
    Color::srgb(c.r, c.g, c.b)
}

/// A translucent palette colour as Bevy's.
pub const fn colour_a(c: Rgba) -> Color {
    Color::srgba(c.rgb.r, c.rgb.g, c.rgb.b, c.alpha)
}

/// The board's theme and piece colourings in use. Changing it restyles the board, frame,
/// markers and pieces in place (`board::restyle`), without rebuilding the scene.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardTheme {
    /// The theme.
    pub theme: &'static palette::Theme,
    /// Which of the theme's two piece colourings (0 or 1) the models and symbols use.
    pub pieces: usize,
}

impl Default for BoardTheme {
    fn default() -> BoardTheme {
        BoardTheme {
            theme: palette::THEMES[0],
            pieces: 0,
        }
    }
}

impl BoardTheme {
    /// A cell's colour.
    pub fn cell(&self, shape: crate::rules::Shape) -> Color {
        colour(self.theme.cell(shape))
    }

    /// The modelled pieces' colours.
    pub fn models(&self) -> &'static palette::ModelColours {
        &self.theme.models[self.pieces.min(1)]
    }

    /// The flat symbols' colours.
    pub fn symbols(&self) -> &'static palette::SymbolColours {
        &self.theme.symbols[self.pieces.min(1)]
    }
}

/// One of the 72 cells (the tile entity players click on).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Reflect)]
#[reflect(opaque)]
pub struct CellTile(pub Cell);

/// A piece on the board: which piece and the cell it stands on (or is gliding to).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Reflect)]
#[reflect(opaque)]
pub struct PieceView {
    /// The cell it belongs to in the game.
    pub cell: Cell,
    /// Which piece it is.
    pub piece: Piece,
}

/// Set when the piece entities must be compared with the game once animations end.
#[derive(Resource, Default, Debug)]
pub struct NeedsSync(pub bool);

/// The camera that looks at the board (the one picking rays come from).
#[derive(Component, Debug)]
pub struct BoardCamera;

/// Where offscreen frames are rendered (screenshots and frame benchmarks).
#[derive(Resource, Debug, Clone)]
pub struct OffscreenTarget(pub Handle<Image>);

/// Width of the side panel in logical pixels for a window `window_width` wide: the board is
/// drawn to its left.
pub fn panel_width(window_width: f32) -> f32 {
    (window_width * 0.3).clamp(230.0, 340.0)
}
