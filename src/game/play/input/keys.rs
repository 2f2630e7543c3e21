//! Keys the board takes for itself before the keymap sees them: a typed move, the cell cursor,
//! a premove, a dialog's focus. A claimed key does not also run its keymap binding.

use bevy::prelude::*;

/// The systems that may claim keys; the keymap runs after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardKeys;

/// Keys pressed this frame that something other than the keymap already handled.
#[derive(Resource, Default, Debug, Clone)]
pub struct KeyClaims(Vec<KeyCode>);

impl KeyClaims {
    /// Takes `key` for this frame.
    pub fn claim(&mut self, key: KeyCode) {
        if !self.0.contains(&key) {
            self.0.push(key);
        }
    }

    /// Whether `key` was taken this frame.
    pub fn claimed(&self, key: KeyCode) -> bool {
        self.0.contains(&key)
    }
}

/// Every frame starts with no key claimed.
pub(crate) fn clear_claims(mut claims: ResMut<KeyClaims>) {
    if !claims.0.is_empty() {
        claims.0.clear();
    }
}

/// Whether Shift is held (or was pressed this frame, for a quick hand on a slow frame).
pub(crate) fn shift_held(keys: Option<&ButtonInput<KeyCode>>) -> bool {
    let shift = [KeyCode::ShiftLeft, KeyCode::ShiftRight];
    keys.is_some_and(|k| k.any_pressed(shift) || k.any_just_pressed(shift))
}

/// Whether Ctrl, Alt or Super is held: such chords belong to the keymap and the system.
pub(crate) fn chord_held(keys: Option<&ButtonInput<KeyCode>>) -> bool {
    let chord = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    keys.is_some_and(|k| k.any_pressed(chord) || k.any_just_pressed(chord))
}
