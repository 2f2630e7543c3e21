//! The dialogs over the board — new game, saved games, promotion, game over — each a
//! [`Modal`] state: spawned on entering it, despawned on leaving it.

use crate::tr;
use std::path::PathBuf;

use bevy::ecs::spawn::SpawnWith;
use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::theme;
use super::widgets::{ActionButton, button, button_with, dialog, row, text};
use crate::engine::Level;
use crate::game::core::screens::Modal;
use crate::game::core::state::{ChessGame, Player};
use crate::game::keymap::Action;
use crate::game::play::persistence::{SaveList, load_file};
use crate::rules::{PieceKind, SHUFFLE_COUNT, Variant};

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
    pub fn players(&self) -> [Player; 2] {
        let c = Player::Computer(self.level);
        match self.mode {
            GameMode::TwoPlayers => [Player::Human, Player::Human],
            GameMode::HumanWhite => [Player::Human, c],
            GameMode::HumanBlack => [c, Player::Human],
            GameMode::ComputerOnly => [c, c],
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameChoice>()
        .add_systems(OnEnter(Modal::NewGame), spawn_new_game)
        .add_systems(OnEnter(Modal::Load), spawn_load)
        .add_systems(OnEnter(Modal::Promotion), spawn_promotion)
        .add_systems(OnEnter(Modal::GameOver), spawn_game_over)
        .add_systems(
            Update,
            (
                mark_choices.run_if(
                    in_state(Modal::NewGame)
                        .or_else(in_state(Modal::HostGame))
                        .or_else(in_state(Modal::SeekGame)),
                ),
                fill_load_list.run_if(in_state(Modal::Load)),
            )
                .in_set(crate::game::core::GameSet::View),
        );
}

/// Opens the new-game dialog (public so tests can show it without the whole interface).
pub fn spawn_new_game(mut commands: Commands, game: Res<ChessGame>) {
    let keep_note = if !game.game().plies().is_empty() && !game.game().is_over() {
        tr!("new-game-keep-note")
    } else {
        String::new()
    };
    commands.spawn(dialog(
        Modal::NewGame,
        children![
            text(tr!("new-game-title"), 22.0, theme::ACCENT),
            text(tr!("new-game-who"), 14.0, theme::TEXT_DIM),
            (
                row(),
                Children::spawn(SpawnIter(
                    GameMode::ALL
                        .into_iter()
                        .map(|m| button(m.label(), Action::ChooseMode(m)))
                )),
            ),
            text(tr!("new-game-level"), 14.0, theme::TEXT_DIM),
            (
                row(),
                Children::spawn(SpawnIter(
                    Level::ALL
                        .into_iter()
                        .map(|l| button(level_name(l), Action::ChooseLevel(l)))
                )),
            ),
            text(tr!("new-game-clock"), 14.0, theme::TEXT_DIM),
            crate::game::versus::clock::time_choice(),
            text(tr!("new-game-variant"), 14.0, theme::TEXT_DIM),
            super::variant_picker::variant_picker(),
            text(keep_note, 12.0, theme::TEXT_DIM),
            (
                row(),
                children![
                    button(tr!("dialog-start"), Action::StartNewGame),
                    button(tr!("dialog-cancel"), Action::CloseDialog),
                ]
            ),
        ],
    ));
}

/// Outlines the chosen mode and level.
fn mark_choices(
    choice: Res<NewGameChoice>,
    versus: crate::game::versus::Choices,
    seek: Option<Res<crate::game::lobby::SeekForm>>,
    mut buttons: Query<(&ActionButton, &mut Outline)>,
    fresh: Query<Entity, (With<ActionButton>, Without<Outline>)>,
    mut commands: Commands,
) {
    for e in &fresh {
        commands
            .entity(e)
            .insert(Outline::new(px(2), px(0), Color::NONE));
    }
    for (button, mut outline) in &mut buttons {
        let on = match button.0 {
            Action::ChooseMode(m) => m == choice.mode,
            Action::ChooseLevel(l) => l == choice.level,
            Action::ChooseVariant(v) => v == choice.variant,
            Action::Versus(v) => versus.chosen(v),
            Action::Lobby(crate::game::lobby::LobbyAction::Clock(i)) => {
                seek.as_ref().is_some_and(|f| f.clock == i)
            }
            Action::Lobby(crate::game::lobby::LobbyAction::Rated(r)) => {
                seek.as_ref().is_some_and(|f| f.rated == r)
            }
            _ => false,
        };
        let colour = if on { theme::ACCENT } else { Color::NONE };
        if outline.color != colour {
            outline.color = colour;
        }
    }
}

/// The list of saved games; filled when the background read is done.
#[derive(Component)]
struct LoadListBox;

fn spawn_load(mut commands: Commands) {
    commands.spawn(dialog(
        Modal::Load,
        children![
            text(tr!("load-title"), 22.0, theme::ACCENT),
            (
                LoadListBox,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(6),
                    max_height: px(380),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                children![text(tr!("load-reading"), 14.0, theme::TEXT_DIM)],
            ),
            button(tr!("dialog-cancel"), Action::CloseDialog),
        ],
    ));
}

/// One button per saved game, once the list has been read.
fn fill_load_list(
    list: Res<SaveList>,
    boxes: Query<Entity, With<LoadListBox>>,
    mut commands: Commands,
    mut shown: Local<Option<usize>>,
    fresh: Query<(), Added<LoadListBox>>,
) {
    if !fresh.is_empty() {
        *shown = None;
    }
    if list.1 || *shown == Some(list.0.len()) {
        return;
    }
    *shown = Some(list.0.len());
    for b in &boxes {
        commands.entity(b).despawn_children();
        commands.entity(b).with_children(|c| {
            if list.0.is_empty() {
                c.spawn(text(tr!("load-none"), 14.0, theme::TEXT_DIM));
            }
            for (label, path) in list.0.iter().take(60) {
                c.spawn(save_row(label, path.clone()));
            }
        });
    }
}

/// A saved game: its name loads it to play on; Analyse beside it opens it on the analysis
/// screen instead.
fn save_row(label: &str, path: PathBuf) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            column_gap: px(6),
            ..default()
        },
        children![
            (
                Node {
                    flex_grow: 1.0,
                    flex_direction: FlexDirection::Column,
                    ..default()
                },
                children![file_button(label, path.clone(), load_file)],
            ),
            file_button(
                tr!("load-analyse"),
                path,
                crate::game::study::analysis::analyse_file
            ),
        ],
    )
}

/// A button that does `act` with a saved game's path.
fn file_button(
    label: impl Into<String>,
    path: PathBuf,
    act: fn(&mut World, PathBuf),
) -> impl Bundle {
    button_with(
        label,
        (),
        move |press: On<Pointer<Press>>, mut commands: Commands| {
            if press.button == PointerButton::Primary {
                let path = path.clone();
                commands.queue(move |world: &mut World| act(world, path));
            }
        },
    )
}

/// The promotion chooser: the variant's promotion kinds for the side to move, most valuable
/// first (Queen, Rook, Bishop, Sorcerer in Parachess), each with its letter.
fn spawn_promotion(
    mut commands: Commands,
    game: Res<ChessGame>,
    pending: Option<Res<crate::game::core::selection::PendingPromotion>>,
) {
    let pos = game.game().position();
    let side = pending.map_or(pos.turn(), |p| p.side(pos));
    let variant = pos.variant();
    let choices: Vec<(String, PieceKind)> = variant
        .promotions(side)
        .iter()
        .map(|&kind| {
            let label = format!(
                "{} ({})",
                crate::game::text::piece_name(variant.kind_name(kind)),
                variant.letter(kind)
            );
            (label, kind)
        })
        .collect();
    commands.spawn(dialog(
        Modal::Promotion,
        children![
            text(tr!("promotion-title"), 20.0, theme::TEXT),
            (
                row(),
                Children::spawn(SpawnWith(move |parent: &mut ChildSpawner| {
                    for (label, kind) in choices {
                        parent.spawn(button(label, Action::Promote(kind)));
                    }
                })),
            ),
            button(tr!("dialog-cancel"), Action::CloseDialog),
        ],
    ));
}

fn spawn_game_over(mut commands: Commands, game: Res<ChessGame>) {
    let result = game
        .game()
        .outcome()
        .map_or_else(String::new, crate::game::text::outcome_text);

    commands.spawn(dialog(
        Modal::GameOver,
        children![
            text(tr!("game-over-title"), 14.0, theme::TEXT_DIM),
            text(result, 26.0, theme::ACCENT),
            (
                row(),
                children![
                    button(tr!("game-over-new-game"), Action::NewGame),
                    button(tr!("game-over-analyse"), Action::Analyse),
                    button(tr!("game-over-review"), Action::Review),
                    button(tr!("game-over-look"), Action::CloseDialog),
                ]
            ),
        ],
    ));
}
