//! Choices the player makes that more than one part reads: sound, and the name shown online.
//! The settings keep them; the parts that use them read them here.

use bevy::prelude::*;

/// Whether sounds play.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Muted(pub bool);

/// How loud the sounds are, in percent (a setting; mute is separate, so unmuting restores it).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SoundVolume(pub u8);

impl Default for SoundVolume {
    fn default() -> SoundVolume {
        SoundVolume(80)
    }
}

/// The player's name for online play (kept in the settings).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerName(pub String);

/// The longest player name kept.
pub const NAME_MAX: usize = 20;
