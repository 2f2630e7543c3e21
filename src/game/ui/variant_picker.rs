//! The variant choice of the new-game and host dialogs: every built-in variant, Shuffle
//! Parachess at random or by number, and the player's own `variants/*.toml`, which are read off
//! the frame thread each time a dialog with the picker opens (a file that does not read is
//! listed with its line and reason, and not offered).

use crate::tr;
use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, block_on, poll_once};

use super::theme;
use super::widgets::{button, row, text};
use crate::game::core::GameSet;
use crate::game::core::prefs::ChoiceAction;
use crate::game::core::prefs::{NewGameChoice, VariantPick};
use crate::game::core::screens::Modal;
use crate::rules::Variant;

/// What one read of the player's variant folder found: the variants, and a line for each file
/// that did not read.
type Found = (Vec<&'static Variant>, Vec<String>);

/// The player's own variants as last read, and the read under way.
#[derive(Resource, Default)]
pub struct PlayerVariants {
    found: Found,
    /// Whether a read has finished since the app started.
    read: bool,
    reading: Option<Task<Found>>,
}

/// The text showing Shuffle Parachess's arrangement number.
#[derive(Component)]
struct ShuffleNumber;

/// The picker's heading, naming the variant the dialog will start (Shuffle Parachess with its
/// number).
#[derive(Component)]
struct ChosenVariant;

/// Where the player's own variants are listed, filled when the read is done.
#[derive(Component)]
struct OwnVariantsBox;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayerVariants>()
        .add_systems(OnEnter(Modal::NewGame), start_reading)
        .add_systems(OnEnter(Modal::HostGame), start_reading)
        .add_systems(OnEnter(Modal::SeekGame), start_reading)
        .add_systems(
            Update,
            (collect, fill_own, show_shuffle_number, show_chosen)
                .chain()
                .in_set(GameSet::View),
        );
}

/// The picker's rows, for a dialog's children.
pub fn variant_picker() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(6),
            ..default()
        },
        children![
            // The heading names the choice: a numbered Shuffle Parachess has no button of its
            // own to outline.
            (ChosenVariant, text("", 14.0, theme::TEXT)),
            (
                row(),
                Children::spawn(SpawnIter(Variant::builtins().into_iter().map(|v| button(
                    crate::game::text::variant_name(v.name()),
                    ChoiceAction::Variant(VariantPick::Fixed(v))
                )))),
            ),
            (
                row(),
                children![
                    button(
                        tr!("variant-shuffle-random"),
                        ChoiceAction::Variant(VariantPick::Shuffle { random: true })
                    ),
                    text(tr!("variant-by-number"), 14.0, theme::TEXT_DIM),
                ]
            ),
            (
                row(),
                children![
                    button("-10", ChoiceAction::ShuffleStep(-10)),
                    button("-1", ChoiceAction::ShuffleStep(-1)),
                    (ShuffleNumber, text("", 14.0, theme::TEXT)),
                    button("+1", ChoiceAction::ShuffleStep(1)),
                    button("+10", ChoiceAction::ShuffleStep(10)),
                ]
            ),
            (
                OwnVariantsBox,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(4),
                    ..default()
                },
            ),
        ],
    )
}

fn start_reading(mut variants: ResMut<PlayerVariants>) {
    if variants.reading.is_none() {
        variants.reading = Some(IoTaskPool::get().spawn(async { read_player_variants() }));
    }
}

/// Reads `variants/*.toml` in the data folder (on an I/O thread).
fn read_player_variants() -> Found {
    let Ok(dir) = crate::store::data_dir() else {
        return Found::default();
    };
    let mut own = Vec::new();
    let mut broken = Vec::new();
    for read in crate::store::load_player_variants(&dir) {
        match read {
            Ok(v) => own.push(v),
            Err(p) => {
                let name = p.path.file_name().map_or_else(
                    || p.path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                broken.push(if p.line > 0 {
                    tr!(
                        "variant-broken-line",
                        file = name.as_str(),
                        line = p.line,
                        reason = p.reason.to_string()
                    )
                } else {
                    tr!(
                        "variant-broken",
                        file = name.as_str(),
                        reason = p.reason.to_string()
                    )
                });
            }
        }
    }
    (own, broken)
}

/// Takes the read's result when it is done. Polling goes around change detection: only a
/// finished read is a change, which is what makes [`fill_own`] list the variants again.
fn collect(mut variants: ResMut<PlayerVariants>) {
    let waiting = variants.bypass_change_detection();
    let Some(task) = waiting.reading.as_mut() else {
        return;
    };
    if let Some(found) = block_on(poll_once(task)) {
        variants.reading = None;
        variants.found = found;
        variants.read = true;
    }
}

/// Lists the player's variants in every open picker, again whenever a read finishes.
fn fill_own(
    variants: Res<PlayerVariants>,
    boxes: Query<Entity, With<OwnVariantsBox>>,
    fresh: Query<(), Added<OwnVariantsBox>>,
    mut commands: Commands,
) {
    if fresh.is_empty() && !variants.is_changed() {
        return;
    }
    let (own, broken) = &variants.found;
    for b in &boxes {
        commands.entity(b).despawn_children();
        commands.entity(b).with_children(|c| {
            if !variants.read {
                c.spawn(text(tr!("variant-reading"), 12.0, theme::TEXT_DIM));
            }
            if !own.is_empty() {
                c.spawn((
                    row(),
                    Children::spawn(SpawnIter(own.clone().into_iter().map(|v| {
                        button(
                            tr!("variant-yours", name = v.name()),
                            ChoiceAction::Variant(VariantPick::Fixed(v)),
                        )
                    }))),
                ));
            }
            for why in broken {
                c.spawn(text(why.clone(), 12.0, theme::WARNING));
            }
        });
    }
}

fn show_shuffle_number(
    choice: Option<Res<NewGameChoice>>,
    mut numbers: Query<&mut Text, With<ShuffleNumber>>,
) {
    let Some(choice) = choice else { return };
    for mut number in &mut numbers {
        let shown = match choice.variant {
            VariantPick::Shuffle { random: true } => tr!("variant-random"),
            _ => tr!("variant-number-of", n = choice.shuffle_number),
        };
        if number.0 != shown {
            number.0 = shown;
        }
    }
}

/// The picker's heading, naming what it has chosen: "Variant: Knights and Archers",
/// "Variant: Shuffle Parachess no. 17".
pub fn chosen_label(choice: &NewGameChoice) -> String {
    let name = match choice.variant {
        VariantPick::Fixed(v) => crate::game::text::variant_name(v.name()),
        VariantPick::Shuffle { random: true } => tr!("variant-shuffle-random"),
        VariantPick::Shuffle { random: false } => {
            crate::game::text::variant_name(&format!("Shuffle Parachess {}", choice.shuffle_number))
        }
    };
    tr!("variant-chosen", variant = name)
}

/// Names the chosen variant in the picker's heading.
fn show_chosen(
    choice: Option<Res<NewGameChoice>>,
    mut lines: Query<&mut Text, With<ChosenVariant>>,
) {
    let Some(choice) = choice else { return };
    for mut line in &mut lines {
        let shown = chosen_label(&choice);
        if line.0 != shown {
            line.0 = shown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_own_variants_list_is_built_once_per_read_not_every_frame() {
        let mut app = App::new();
        app.insert_resource(PlayerVariants {
            found: (
                Vec::new(),
                vec!["broken.toml, line 2: bad (not offered)".into()],
            ),
            read: true,
            reading: None,
        })
        .add_systems(Update, (collect, fill_own).chain());
        let list = app.world_mut().spawn(OwnVariantsBox).id();
        app.update();
        let children = |app: &App| -> Vec<Entity> {
            app.world()
                .get::<Children>(list)
                .map(|c| c.to_vec())
                .unwrap_or_default()
        };
        let first = children(&app);
        assert_eq!(first.len(), 1, "the broken file's line");
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(children(&app), first, "the same entities: nothing rebuilt");
    }
}
