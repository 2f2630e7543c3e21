//! Colours and sizes shared by the board, the pieces and the panel, chosen together.
//!
//! The board's colours come from the chosen [`BoardTheme`](crate::game::core::board::BoardTheme)
//! (data in [`crate::theme`]); the constants here are the default theme's, for screens that do
//! not follow the theme yet, the panel's, which every theme shares, and every mark the screens
//! draw over the board (lines, guides, stars, arrows), so the look is chosen in one place.

use bevy::prelude::*;

pub use crate::game::core::board::{colour, colour_a};
use crate::theme::{self as palette};

/// Behind the board (default theme).
pub const BACKGROUND: Color = colour(palette::WOOD.background);
/// Flat cells (default theme): pale maple.
pub const FLAT: Color = colour(palette::WOOD.flat);
/// Rising cells (default theme): warm honey.
pub const RISING: Color = colour(palette::WOOD.rising);
/// Falling cells (default theme): walnut.
pub const FALLING: Color = colour(palette::WOOD.falling);
/// The wooden frame around the hexagon (default theme).
pub const FRAME: Color = colour(palette::WOOD.frame);
/// The last move's start and target (default theme).
pub const LAST_MOVE: Color = colour(palette::WOOD.last_move);
/// The selected piece's cell (default theme).
pub const SELECTED: Color = colour(palette::WOOD.selected);
/// A King in check (default theme).
pub const CHECK: Color = colour(palette::WOOD.check);
/// Move dots and capture rings on light cells (default theme).
pub const TARGET: Color = colour_a(palette::WOOD.markers[0]);
/// Panel background.
pub const PANEL: Color = colour_a(palette::panel::PANEL);
/// A dialog's card: opaque, so that its labels never sit on pieces.
pub const DIALOG: Color = colour(palette::panel::DIALOG);
/// What dims the screen behind a dialog.
pub const BACKDROP: Color = Color::srgba(0.0, 0.0, 0.0, 0.55);
/// Buttons at rest.
pub const BUTTON: Color = Color::srgb(0.20, 0.21, 0.25);
/// Buttons under the pointer.
pub const BUTTON_HOVER: Color = Color::srgb(0.28, 0.30, 0.36);
/// Buttons held down or switched on.
pub const BUTTON_ACTIVE: Color = Color::srgb(0.36, 0.52, 0.40);
/// Main text.
pub const TEXT: Color = colour(palette::panel::TEXT);
/// Secondary text.
pub const TEXT_DIM: Color = colour(palette::panel::TEXT_DIM);
/// Refusals and warnings.
pub const WARNING: Color = colour(palette::panel::WARNING);
/// Accent (titles, the side to move).
pub const ACCENT: Color = colour(palette::panel::ACCENT);
/// Done, solved, ready: what went right.
pub const GOOD: Color = colour(palette::panel::GOOD);
/// The faintest text (axis labels, small print).
pub const TEXT_FAINT: Color = colour(palette::panel::TEXT_FAINT);
/// A row or field set off from the panel behind it.
pub const ROW: Color = Color::srgba(1.0, 1.0, 1.0, 0.05);
/// A full-screen layer that carries text over the board (a lesson's end, waiting for a player).
pub const OVERLAY: Color = Color::srgba(0.05, 0.05, 0.06, 0.78);
/// What dims the board behind the title card.
pub const TITLE_DIM: Color = Color::srgba(0.05, 0.05, 0.06, 0.55);

/// The colour of a cell of this shape in the default theme.
pub fn shape_colour(shape: crate::rules::Shape) -> Color {
    colour(palette::WOOD.cell(shape))
}

// The show-lines aid: one colour per kind of line.
/// Edge-paths (Rook, Queen).
pub const EDGE_PATH: Color = Color::srgb(0.35, 0.70, 1.0);
/// Diagonal-paths (Bishop, Queen).
pub const DIAGONAL_PATH: Color = Color::srgb(1.0, 0.62, 0.20);
/// Wave-paths (Bishop, Queen).
pub const WAVE_PATH: Color = Color::srgb(0.35, 0.92, 0.55);
/// Knight leaps (Sorcerer).
pub const KNIGHT_LEAP: Color = Color::srgb(0.80, 0.50, 1.0);
/// Archer leaps (Sorcerer).
pub const ARCHER_LEAP: Color = Color::srgb(1.0, 0.42, 0.70);

// The piece guide, threats and hints drawn on the board.
/// The guide's move dots: deep blue, apart from the selection's green dots.
pub const GUIDE_MOVE: Color = Color::srgba(0.16, 0.30, 0.95, 0.9);
/// The guide's capture rings.
pub const GUIDE_CAPTURE: Color = Color::srgba(0.85, 0.12, 0.10, 0.9);
/// A threatened piece's ring.
pub const THREAT: Color = Color::srgb(1.0, 0.62, 0.08);
/// An undefended threatened piece's ring.
pub const UNDEFENDED: Color = Color::srgb(0.90, 0.10, 0.12);
/// The hint's arrow.
pub const HINT: Color = Color::srgba(0.20, 0.95, 0.95, 0.95);

// The lessons' stars and cell marks.
/// Star tokens on the board: gold, unlike the small green move dots.
pub const STAR_GOLD: Color = Color::srgb(1.0, 0.80, 0.10);
/// The dark rim around a star.
pub const STAR_RIM: Color = Color::srgb(0.35, 0.20, 0.02);
/// Cells found in a click exercise.
pub const CELL_FOUND: Color = Color::srgba(0.22, 0.50, 0.98, 0.62);
/// Cells the stage marks (a piece's start, a line to follow).
pub const CELL_HIGHLIGHT: Color = Color::srgba(0.05, 0.85, 0.90, 0.95);
/// A wrong click, for a moment.
pub const CELL_WRONG: Color = Color::srgba(0.92, 0.18, 0.12, 0.60);

// The analysis arrows.
/// The engine's best move.
pub const ARROW_BEST: Color = Color::srgba(0.20, 0.85, 1.0, 0.95);
/// The better move of a reviewed mistake.
pub const ARROW_BETTER: Color = Color::srgba(0.30, 0.90, 0.35, 0.95);
/// The move played instead.
pub const ARROW_PLAYED: Color = Color::srgba(0.95, 0.25, 0.25, 0.9);

// The clock faces.
/// Dark text on a highlighted clock face.
pub const CLOCK_INK: Color = Color::srgb(0.10, 0.09, 0.08);

// The Pieces panel.
/// Behind the panel's board.
pub const MINI_BOARD: Color = Color::srgb(0.14, 0.15, 0.18);

// The review graph.
/// The dark part of a column (Black's share).
pub const GRAPH_BLACK: Color = Color::srgb(0.16, 0.16, 0.18);
/// The light part of a column, from below (White's share).
pub const GRAPH_WHITE: Color = Color::srgb(0.86, 0.85, 0.82);

// The review's verdicts on moves.
/// The colour a move's label is shown in (move lists, the worst moves).
pub fn label_colour(label: crate::study::Label) -> Color {
    use crate::study::Label;
    match label {
        Label::Best => Color::srgb(0.55, 0.85, 0.50),
        Label::Good => TEXT,
        Label::Inaccuracy => Color::srgb(0.95, 0.85, 0.35),
        Label::Mistake => Color::srgb(0.98, 0.58, 0.22),
        Label::Blunder => Color::srgb(0.95, 0.28, 0.28),
    }
}

// Lessons.
/// A lesson stage's mark before it is done.
pub const PIP_UNDONE: Color = Color::srgb(0.36, 0.37, 0.40);
/// A star not yet earned, and its rim.
pub const STAR_EMPTY: Color = Color::srgb(0.30, 0.31, 0.34);
pub const STAR_EMPTY_RIM: Color = Color::srgb(0.42, 0.43, 0.46);

// The board.
/// The cell names printed on the tiles.
pub const CELL_NAME_INK: Color = Color::srgba(0.1, 0.07, 0.05, 0.75);
/// The sun's colour, and the soft light from everywhere.
pub const SUNLIGHT: Color = Color::srgb(1.0, 0.96, 0.9);
pub const SKYLIGHT: Color = Color::srgb(0.9, 0.92, 1.0);

// Panels.
/// The swatch of the side to move.
pub const SWATCH_WHITE: Color = Color::srgb(0.95, 0.93, 0.88);
pub const SWATCH_BLACK: Color = Color::srgb(0.12, 0.11, 0.11);
/// The last move in a move list while the board shows the game's end.
pub const MOVE_AT_END: Color = Color::srgba(1.0, 1.0, 1.0, 0.10);

// The analysis screen.
/// The evaluation bar: Black's part, its edge, White's part.
pub const EVAL_BAR_BLACK: Color = Color::srgb(0.10, 0.10, 0.11);
pub const EVAL_BAR_EDGE: Color = Color::srgb(0.35, 0.35, 0.38);
pub const EVAL_BAR_WHITE: Color = Color::srgb(0.94, 0.93, 0.90);
/// The banner over an earlier position.
pub const BANNER: Color = Color::srgba(0.10, 0.09, 0.05, 0.88);
