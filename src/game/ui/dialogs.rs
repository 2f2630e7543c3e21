//! Overlays over the board: the promotion chooser, the game-over banner and the dialogs.

use bevy::prelude::*;

use super::{UiAction, button, text};
use crate::engine::Level;
use crate::game::play::input::PendingPromotion;
use crate::game::play::state::{ChessGame, Player};
use crate::game::ui::theme;
use crate::rules::PieceKind;

/// The level's name as the panel shows it.
pub fn level_name(level: Level) -> &'static str {
    match level {
        Level::Easy => "Easy",
        Level::Normal => "Normal",
        Level::Hard => "Hard",
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
    const ALL: [(GameMode, &'static str); 4] = [
        (GameMode::TwoPlayers, "Two players"),
        (GameMode::HumanWhite, "You (White) vs computer"),
        (GameMode::HumanBlack, "Computer vs you (Black)"),
        (GameMode::ComputerOnly, "Computer vs computer"),
    ];
}

/// What the new-game dialog has chosen so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NewGameChoice {
    /// Who plays whom.
    pub mode: GameMode,
    /// The computer's level.
    pub level: Level,
}

impl Default for NewGameChoice {
    fn default() -> NewGameChoice {
        NewGameChoice {
            mode: GameMode::TwoPlayers,
            level: Level::Normal,
        }
    }
}

impl NewGameChoice {
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

/// The dialog on screen, if any.
#[derive(Resource, Debug, Clone, PartialEq, Default)]
pub enum Dialog {
    /// None.
    #[default]
    None,
    /// Choosing players for a new game.
    NewGame(NewGameChoice),
    /// Saved games to load: (label, path).
    Load(Vec<(String, std::path::PathBuf)>),
    /// An unfinished game from last time can be resumed.
    Resume(String),
    /// The game-over banner was closed for this game revision.
    BannerClosed(u64),
}

impl Dialog {
    /// The last new-game choice, to open the dialog where it was left.
    pub fn new_game_choice(&self) -> NewGameChoice {
        match self {
            Dialog::NewGame(c) => *c,
            _ => NewGameChoice::default(),
        }
    }

    pub(super) fn set_mode(&mut self, mode: GameMode) {
        if let Dialog::NewGame(c) = self {
            c.mode = mode;
        }
    }

    pub(super) fn set_level(&mut self, level: Level) {
        if let Dialog::NewGame(c) = self {
            c.level = level;
        }
    }
}

/// The root of whatever overlay is shown.
#[derive(Component)]
pub(super) struct Overlay;

/// What the overlay shows; rebuilt only when this changes.
#[derive(Clone, PartialEq, Debug)]
pub(super) enum OverlayKind {
    None,
    Promotion,
    GameOver(String),
    Dialog(Dialog),
}

fn card(children: impl Bundle) -> impl Bundle {
    (
        Overlay,
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(0),
            bottom: px(0),
            right: px(0),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        GlobalZIndex(10),
        children![(
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(12),
                padding: UiRect::all(px(22)),
                border_radius: BorderRadius::all(px(12)),
                border: UiRect::all(px(2)),
                max_width: px(520),
                ..default()
            },
            BackgroundColor(theme::PANEL),
            BorderColor::all(theme::ACCENT),
            children
        )],
    )
}

fn row() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        column_gap: px(8),
        row_gap: px(8),
        ..default()
    }
}

fn selected(bundle: impl Bundle, on: bool) -> impl Bundle {
    (
        bundle,
        Outline::new(px(2), px(0), if on { theme::ACCENT } else { Color::NONE }),
    )
}

pub(super) fn sync_overlays(
    mut commands: Commands,
    game: Res<ChessGame>,
    dialog: Res<Dialog>,
    promotion: Res<PendingPromotion>,
    overlays: Query<Entity, With<Overlay>>,
    mut shown: Local<Option<OverlayKind>>,
) {
    let g = &game.game;
    let want = if promotion.0.is_some() {
        OverlayKind::Promotion
    } else if !matches!(*dialog, Dialog::None | Dialog::BannerClosed(_)) {
        OverlayKind::Dialog(dialog.clone())
    } else if let Some(outcome) = g.outcome()
        && *dialog != Dialog::BannerClosed(game.revision())
    {
        OverlayKind::GameOver(format!("{outcome}"))
    } else {
        OverlayKind::None
    };
    if shown.as_ref() == Some(&want) {
        return;
    }
    for e in &overlays {
        commands.entity(e).despawn();
    }
    match &want {
        OverlayKind::None => {}
        OverlayKind::Promotion => {
            commands.spawn(card(children![
                text("Promote the pawn to:", 20.0, theme::TEXT),
                (
                    row(),
                    children![
                        button("Queen (Q)", UiAction::Promote(PieceKind::Queen)),
                        button("Rook (R)", UiAction::Promote(PieceKind::Rook)),
                        button("Bishop (B)", UiAction::Promote(PieceKind::Bishop)),
                        button("Sorcerer (S)", UiAction::Promote(PieceKind::Sorcerer)),
                    ]
                ),
                button("Cancel (Esc)", UiAction::CloseDialog),
            ]));
        }
        OverlayKind::GameOver(result) => {
            commands.spawn(card(children![
                text("Game over", 14.0, theme::TEXT_DIM),
                text(result.clone(), 26.0, theme::ACCENT),
                (
                    row(),
                    children![
                        button("New game", UiAction::NewGameDialog),
                        button("Look at the board", UiAction::CloseDialog),
                    ]
                ),
            ]));
        }
        OverlayKind::Dialog(Dialog::NewGame(choice)) => {
            let mut card_entity = commands.spawn(card(children![
                text("New game", 22.0, theme::ACCENT),
                text("Who plays?", 14.0, theme::TEXT_DIM),
            ]));
            let modes: Vec<_> = GameMode::ALL.to_vec();
            let mode = choice.mode;
            let level = choice.level;
            card_entity.with_children(|_| {});
            let inner = card_entity.id();
            commands.queue(move |world: &mut World| {
                let Some(&content) = world.get::<Children>(inner).and_then(|c| c.first()) else {
                    return;
                };
                let mut content = world.entity_mut(content);
                content.with_children(|c| {
                    c.spawn(row()).with_children(|r| {
                        for (m, label) in &modes {
                            r.spawn(selected(
                                button(label, UiAction::ChooseMode(*m)),
                                *m == mode,
                            ));
                        }
                    });
                    c.spawn(text("Computer level", 14.0, theme::TEXT_DIM));
                    c.spawn(row()).with_children(|r| {
                        for l in Level::ALL {
                            r.spawn(selected(
                                button(level_name(l), UiAction::ChooseLevel(l)),
                                l == level,
                            ));
                        }
                    });
                    c.spawn(row()).with_children(|r| {
                        r.spawn(button("Start", UiAction::StartNewGame));
                        r.spawn(button("Cancel", UiAction::CloseDialog));
                    });
                });
            });
        }
        OverlayKind::Dialog(Dialog::Load(saves)) => {
            let saves = saves.clone();
            let root = commands
                .spawn(card(children![text(
                    "Load a saved game",
                    22.0,
                    theme::ACCENT
                )]))
                .id();
            commands.queue(move |world: &mut World| {
                let Some(&content) = world.get::<Children>(root).and_then(|c| c.first()) else {
                    return;
                };
                world.entity_mut(content).with_children(|c| {
                    if saves.is_empty() {
                        c.spawn(text(
                            "No saved games yet. Save one with Ctrl+S.",
                            14.0,
                            theme::TEXT_DIM,
                        ));
                    }
                    c.spawn(Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(6),
                        max_height: px(360),
                        overflow: Overflow::scroll_y(),
                        ..default()
                    })
                    .with_children(|list| {
                        for (label, path) in saves.iter().take(40) {
                            list.spawn(button(label, UiAction::Load(path.clone())));
                        }
                    });
                    c.spawn(button("Cancel", UiAction::CloseDialog));
                });
            });
        }
        OverlayKind::Dialog(Dialog::Resume(summary)) => {
            commands.spawn(card(children![
                text("Welcome back", 22.0, theme::ACCENT),
                text(summary.clone(), 14.0, theme::TEXT),
                (
                    row(),
                    children![
                        button("Resume", UiAction::Resume),
                        button("New game", UiAction::NewGameDialog),
                    ]
                ),
            ]));
        }
        OverlayKind::Dialog(_) => {}
    }
    *shown = Some(want);
}
