//! The palette's pictures: each piece's 2D symbol as the flat board view draws it, so the
//! panel shows the board's own pieces without a camera of its own.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;

use crate::game::board::symbol_picture::symbol_picture;
use crate::rules::{Look, Side};

/// Picture size in pixels (shown at about 40 logical pixels; twice that stays sharp on
/// high-density screens).
const SIZE: u32 = 80;
/// Board units across the picture: a symbol is at most about 0.7 high with its outline.
const SPAN: f32 = 0.78;

/// A picture of every look the palette has shown, by look and side: made the first time a
/// variant's palette needs it.
#[derive(Resource, Default)]
pub(super) struct PaletteArt {
    pictures: HashMap<(Look, Side), Handle<Image>>,
}

impl PaletteArt {
    /// The picture of a `side` piece drawn as `look`.
    pub fn picture(&mut self, look: Look, side: Side, images: &mut Assets<Image>) -> Handle<Image> {
        self.pictures
            .entry((look, side))
            .or_insert_with(|| images.add(symbol_picture(look, side, SPAN, SIZE)))
            .clone()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PaletteArt>();
}
