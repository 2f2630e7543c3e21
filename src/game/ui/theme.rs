//! Colours and sizes shared by the board, the pieces and the panel, chosen together.
//!
//! The board's colours come from the chosen [`BoardTheme`] (data in [`crate::theme`]); the
//! constants here are the default theme's, for screens that do not follow the theme yet, and
//! the panel's, which every theme shares.

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
