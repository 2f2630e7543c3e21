//! Colours and sizes shared by the board, the pieces and the panel, chosen together.

use bevy::prelude::*;

/// Behind the board.
pub const BACKGROUND: Color = Color::srgb(0.11, 0.12, 0.14);
/// Flat cells: pale maple.
pub const FLAT: Color = Color::srgb(0.93, 0.84, 0.66);
/// Rising cells: warm honey.
pub const RISING: Color = Color::srgb(0.80, 0.60, 0.38);
/// Falling cells: walnut.
pub const FALLING: Color = Color::srgb(0.52, 0.35, 0.24);
/// The wooden frame around the hexagon (the grout between cells is the background).
pub const FRAME: Color = Color::srgb(0.23, 0.15, 0.10);
/// The last move's start and target.
pub const LAST_MOVE: Color = Color::srgb(0.98, 0.84, 0.30);
/// The selected piece's cell.
pub const SELECTED: Color = Color::srgb(0.45, 0.78, 0.45);
/// A King in check.
pub const CHECK: Color = Color::srgb(0.92, 0.25, 0.20);
/// Move dots and capture rings.
pub const TARGET: Color = Color::srgba(0.12, 0.40, 0.20, 0.75);
/// Panel background.
pub const PANEL: Color = Color::srgba(0.08, 0.085, 0.10, 0.94);
/// A dialog's card: opaque, so that its labels never sit on pieces.
pub const DIALOG: Color = Color::srgb(0.08, 0.085, 0.10);
/// What dims the screen behind a dialog.
pub const BACKDROP: Color = Color::srgba(0.0, 0.0, 0.0, 0.55);
/// Buttons at rest.
pub const BUTTON: Color = Color::srgb(0.20, 0.21, 0.25);
/// Buttons under the pointer.
pub const BUTTON_HOVER: Color = Color::srgb(0.28, 0.30, 0.36);
/// Buttons held down or switched on.
pub const BUTTON_ACTIVE: Color = Color::srgb(0.36, 0.52, 0.40);
/// Main text.
pub const TEXT: Color = Color::srgb(0.92, 0.90, 0.86);
/// Secondary text.
pub const TEXT_DIM: Color = Color::srgb(0.62, 0.62, 0.62);
/// Refusals and warnings.
pub const WARNING: Color = Color::srgb(0.98, 0.60, 0.40);
/// Accent (titles, the side to move).
pub const ACCENT: Color = Color::srgb(0.96, 0.78, 0.45);
/// Done, solved, ready: what went right.
pub const GOOD: Color = Color::srgb(0.45, 0.80, 0.50);
/// The faintest text (axis labels, small print).
pub const TEXT_FAINT: Color = Color::srgb(0.45, 0.45, 0.48);
/// A row or field set off from the panel behind it.
pub const ROW: Color = Color::srgba(1.0, 1.0, 1.0, 0.05);
/// A full-screen layer that carries text over the board (a lesson's end, waiting for a player).
pub const OVERLAY: Color = Color::srgba(0.05, 0.05, 0.06, 0.78);
/// What dims the board behind the title card.
pub const TITLE_DIM: Color = Color::srgba(0.05, 0.05, 0.06, 0.55);

/// The colour of a cell of this shape.
pub fn shape_colour(shape: crate::rules::Shape) -> Color {
    match shape {
        crate::rules::Shape::Flat => FLAT,
        crate::rules::Shape::Rising => RISING,
        crate::rules::Shape::Falling => FALLING,
    }
}
