//! The status line: one sentence for the player, and the helpers that word it.

use crate::tr;
use bevy::prelude::*;

use crate::rules::Game;

/// One line for the player: what just happened or why something was refused.
#[derive(Resource, Default, Debug, Clone)]
pub struct StatusLine {
    /// The text.
    pub text: String,
    /// Whether it reports a refusal (shown in a warning colour).
    pub warning: bool,
}

impl StatusLine {
    /// Shows a neutral message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.warning = false;
    }

    /// Shows a refusal.
    pub fn warn(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.warning = true;
    }
}

/// Capitalised "White"/"Black" to move, for the status line.
pub fn turn_text(game: &Game) -> String {
    match game.outcome() {
        Some(outcome) => crate::game::text::outcome_text(outcome),
        None => {
            let side = crate::game::text::side_name(game.position().turn());
            if game.position().in_check() {
                tr!("turn-to-move-check", side = side)
            } else {
                tr!("turn-to-move", side = side)
            }
        }
    }
}

/// Messages from the rules start in lower case; the status line starts sentences.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
