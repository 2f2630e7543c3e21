//! Short sounds for moves, captures, check and the end of the game, a tick when a clock runs
//! low, with a mute switch.

use crate::game::core::prefs::{Muted, SoundVolume};
use crate::tr;
use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::selection::ViewCommand;
use crate::game::core::state::MovePlayed;

#[derive(Resource)]
struct Sounds {
    movement: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    check: Handle<AudioSource>,
    end: Handle<AudioSource>,
    select: Handle<AudioSource>,
    refuse: Handle<AudioSource>,
    low_time: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Muted>()
        .init_resource::<SoundVolume>()
        .add_systems(Startup, load)
        .add_systems(
            Update,
            (volume, toggle, play, feedback, low_time)
                .chain()
                .in_set(GameSet::View),
        );
}

/// The sounds are compiled into the program, so it plays them wherever it is started from.
fn load(mut commands: Commands, sources: Option<ResMut<Assets<AudioSource>>>) {
    let Some(mut sources) = sources else { return };
    let mut add = |bytes: &'static [u8]| {
        sources.add(AudioSource {
            bytes: std::sync::Arc::from(bytes),
        })
    };
    commands.insert_resource(Sounds {
        movement: add(include_bytes!("../../assets/sounds/move.wav")),
        capture: add(include_bytes!("../../assets/sounds/capture.wav")),
        check: add(include_bytes!("../../assets/sounds/check.wav")),
        end: add(include_bytes!("../../assets/sounds/game_end.wav")),
        select: add(include_bytes!("../../assets/sounds/select.wav")),
        refuse: add(include_bytes!("../../assets/sounds/illegal.wav")),
        low_time: add(include_bytes!("../../assets/sounds/low_time.wav")),
    });
}

/// Every sound takes the global volume when it starts.
fn volume(volume: Res<SoundVolume>, global: Option<ResMut<GlobalVolume>>) {
    if let Some(mut global) = global
        && (volume.is_changed() || global.is_added())
    {
        global.volume = bevy::audio::Volume::Linear(f32::from(volume.0.min(100)) / 100.0);
    }
}

fn toggle(
    mut commands: MessageReader<ViewCommand>,
    mut muted: ResMut<Muted>,
    mut status: ResMut<crate::game::core::state::StatusLine>,
) {
    for c in commands.read() {
        if *c == ViewCommand::ToggleMute {
            muted.0 = !muted.0;
            status.info(if muted.0 {
                tr!("sound-off")
            } else {
                tr!("sound-on")
            });
        }
    }
}

/// Which sound a move makes: the end of the game over check over capture over a plain move.
fn sound_for<'a>(sounds: &'a Sounds, m: &MovePlayed) -> &'a Handle<AudioSource> {
    if m.outcome.is_some() {
        &sounds.end
    } else if m.check {
        &sounds.check
    } else if m.captured.is_some() {
        &sounds.capture
    } else {
        &sounds.movement
    }
}

fn play(
    mut played: MessageReader<MovePlayed>,
    muted: Res<Muted>,
    sounds: Option<Res<Sounds>>,
    mut commands: Commands,
) {
    let Some(sounds) = sounds else { return };
    for m in played.read() {
        if !muted.0 {
            commands.spawn((
                AudioPlayer::new(sound_for(&sounds, m).clone()),
                PlaybackSettings::DESPAWN,
            ));
        }
    }
}

/// A soft click when a piece is picked up, a muted bump when something is refused.
fn feedback(
    selection: Res<crate::game::core::selection::Selection>,
    status: Res<crate::game::core::state::StatusLine>,
    muted: Res<Muted>,
    sounds: Option<Res<Sounds>>,
    mut commands: Commands,
) {
    let Some(sounds) = sounds else { return };
    if muted.0 {
        return;
    }
    let sound = if status.is_changed() && status.warning {
        &sounds.refuse
    } else if selection.is_changed() && selection.cell.is_some() {
        &sounds.select
    } else {
        return;
    };
    commands.spawn((AudioPlayer::new(sound.clone()), PlaybackSettings::DESPAWN));
}

/// Two short high ticks when a running clock falls under ten seconds.
fn low_time(
    mut low: MessageReader<crate::game::core::state::ClockLow>,
    muted: Res<Muted>,
    sounds: Option<Res<Sounds>>,
    mut commands: Commands,
) {
    let Some(sounds) = sounds else { return };
    if low.read().count() > 0 && !muted.0 {
        commands.spawn((
            AudioPlayer::new(sounds.low_time.clone()),
            PlaybackSettings::DESPAWN,
        ));
    }
}
