//! Choices the player makes that more than one part reads: sound, the name shown online, and
//! the kind of game chosen last (who plays, the level, the variant), which the new-game, host
//! and find-a-game dialogs all offer. The settings keep them; the parts that use them read
//! them here.

use bevy::prelude::*;

use super::actions::{Action, ActionsExt};
use super::state::SeatKind;
use crate::engine::Level;
use crate::rules::{SHUFFLE_COUNT, Variant};
use crate::tr;

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

/// The level's name as the panel shows it.
pub fn level_name(level: Level) -> String {
    match level {
        Level::Easy => tr!("level-easy"),
        Level::Normal => tr!("level-normal"),
        Level::Hard => tr!("level-hard"),
    }
}

/// Who plays whom.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum GameMode {
    /// Two people at one computer.
    #[default]
    TwoPlayers,
    /// A person as White against the computer.
    HumanWhite,
    /// A person as Black against the computer.
    HumanBlack,
    /// The computer against itself (a demonstration).
    ComputerOnly,
}

impl GameMode {
    /// Every mode, in the order the dialog offers them.
    pub const ALL: [GameMode; 4] = [
        GameMode::TwoPlayers,
        GameMode::HumanWhite,
        GameMode::HumanBlack,
        GameMode::ComputerOnly,
    ];

    /// The mode's label in the dialog.
    pub fn label(self) -> String {
        match self {
            GameMode::TwoPlayers => tr!("mode-two-players"),
            GameMode::HumanWhite => tr!("mode-human-white"),
            GameMode::HumanBlack => tr!("mode-human-black"),
            GameMode::ComputerOnly => tr!("mode-computer-only"),
        }
    }
}

/// What the new-game dialog has chosen so far (kept for the next time it opens).
#[derive(Resource, Copy, Clone, Debug, PartialEq, Eq)]
pub struct NewGameChoice {
    /// Who plays whom.
    pub mode: GameMode,
    /// The computer's level.
    pub level: Level,
    /// The variant.
    pub variant: VariantPick,
    /// The Shuffle Parachess arrangement the number picker shows (0–179), kept while another
    /// variant is chosen.
    pub shuffle_number: usize,
}

/// The variant chosen in the new-game dialog.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VariantPick {
    /// A variant with one start: a built-in one or one of the player's own files.
    Fixed(&'static Variant),
    /// Shuffle Parachess: the arrangement the number picker shows (`false`) or one at random
    /// when the game starts (`true`).
    Shuffle { random: bool },
}

impl Default for NewGameChoice {
    fn default() -> NewGameChoice {
        NewGameChoice {
            mode: GameMode::TwoPlayers,
            level: Level::Normal,
            variant: VariantPick::Fixed(Variant::parachess()),
            shuffle_number: 0,
        }
    }
}

impl NewGameChoice {
    /// The variant the game starts in (`None`: Parachess, the board's default); Shuffle
    /// Parachess at random draws its arrangement now.
    pub fn variant(&self) -> Option<&'static Variant> {
        match self.variant {
            VariantPick::Fixed(v) if v.is_parachess() => None,
            VariantPick::Fixed(v) => Some(v),
            VariantPick::Shuffle { random: true } => Variant::named("Shuffle Parachess").ok(),
            VariantPick::Shuffle { random: false } => Variant::shuffle(self.shuffle_number).ok(),
        }
    }

    /// Moves the arrangement number by `by`, wrapping within the 180, and chooses it.
    pub fn step_shuffle(&mut self, by: i16) {
        let n = SHUFFLE_COUNT as i64;
        self.shuffle_number = (self.shuffle_number as i64 + i64::from(by)).rem_euclid(n) as usize;
        self.variant = VariantPick::Shuffle { random: false };
    }

    /// White's and Black's players for this choice.
    pub fn players(&self) -> [SeatKind; 2] {
        let c = SeatKind::Computer(self.level);
        match self.mode {
            GameMode::TwoPlayers => [SeatKind::Human, SeatKind::Human],
            GameMode::HumanWhite => [SeatKind::Human, c],
            GameMode::HumanBlack => [c, SeatKind::Human],
            GameMode::ComputerOnly => [c, c],
        }
    }
}

/// Choosing in a dialog that offers [`NewGameChoice`]'s choices.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChoiceAction {
    /// Who plays.
    Mode(GameMode),
    /// The computer's level.
    Level(Level),
    /// The variant: a built-in one, Shuffle Parachess, or one of the player's own.
    Variant(VariantPick),
    /// Shuffle Parachess's arrangement number moved by this much (wrapping within 1–180).
    ShuffleStep(i16),
}

impl Action for ChoiceAction {}

fn choose(world: &mut World, action: ChoiceAction) {
    let Some(mut c) = world.get_resource_mut::<NewGameChoice>() else {
        return;
    };
    match action {
        ChoiceAction::Mode(mode) => c.mode = mode,
        ChoiceAction::Level(level) => c.level = level,
        ChoiceAction::Variant(pick) => c.variant = pick,
        ChoiceAction::ShuffleStep(by) => c.step_shuffle(by),
    }
}

/// The choice of game and its answers.
pub fn plugin(app: &mut App) {
    app.init_resource::<NewGameChoice>().answer(choose);
}
