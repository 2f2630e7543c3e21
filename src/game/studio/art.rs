//! The palette's pictures: each piece's 2D symbol as the flat board view draws it, so the
//! panel shows the board's own pieces without a camera of its own.

use bevy::prelude::*;

use crate::game::board::symbol_picture::symbol_picture;
use crate::rules::{Piece, PieceKind, Side};

/// Picture size in pixels (shown at about 40 logical pixels; twice that stays sharp on
/// high-density screens).
const SIZE: u32 = 80;
/// Board units across the picture: a symbol is at most about 0.7 high with its outline.
const SPAN: f32 = 0.78;

/// A picture of every piece, by side and kind.
#[derive(Resource)]
pub(super) struct PaletteArt {
    pictures: [[Handle<Image>; 6]; 2],
}

impl PaletteArt {
    /// The picture of `piece`.
    pub fn picture(&self, piece: Piece) -> Handle<Image> {
        // Kinds beyond Parachess's six have no picture of their own yet: a Sorcerer's.
        let k = match piece.kind.index() {
            k if k < PieceKind::ALL.len() => k,
            _ => PieceKind::Sorcerer.index(),
        };
        self.pictures[piece.side.index()][k].clone()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_art);
}

fn make_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let mut picture =
        |side: Side| PieceKind::ALL.map(|kind| images.add(symbol_picture(kind, side, SPAN, SIZE)));
    let pictures = [picture(Side::White), picture(Side::Black)];
    commands.insert_resource(PaletteArt { pictures });
}
