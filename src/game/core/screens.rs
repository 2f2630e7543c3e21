//! Screens and dialogs as Bevy `States`: each screen or dialog spawns its entities `OnEnter`
//! and marks them `DespawnOnExit`, so nothing has to diff what is shown against what should be.
//!
//! A dialog ([`Modal`]) sits over a screen and owns the keyboard and the pointer while it is
//! open: only its own keys act (see [`crate::game::core::keys`]).

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

/// The screen the player is on.
#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    /// Continue, Play, Learn, Load, Quit.
    #[default]
    Title,
    /// A game against a person or the computer.
    Play,
    /// Lessons and the piece guide.
    Learn,
    /// The engine's view of a position: lines, evaluation, review of a whole game.
    Analysis,
    /// Setting up a position piece by piece.
    Editor,
    /// Tactical exercises, one at a time, with a rating.
    Puzzles,
    /// Hosting or joining a game over the network.
    Online,
    /// A game server: its lobby, and games played or watched there.
    Lobby,
    /// The remembered choices: sound, view, aids, theme, interface size.
    Settings,
}

impl Screen {
    /// Where a key acts, in words, for the keymap table in the README.
    pub fn place(self) -> &'static str {
        match self {
            Screen::Title => "title screen",
            Screen::Play => "game",
            Screen::Learn => "lessons",
            Screen::Analysis => "analysis",
            Screen::Editor => "board editor",
            Screen::Puzzles => "puzzles",
            Screen::Online => "online game",
            Screen::Lobby => "server lobby",
            Screen::Settings => "settings",
        }
    }

    /// Whether the board is the centre of this screen (board keys and clicks act).
    pub fn shows_board(self) -> bool {
        !matches!(self, Screen::Title | Screen::Settings)
    }

    /// Whether a move asked for on the board is played straight into the [`ChessGame`]
    /// (screens like Learn check moves against their own goal first and play them
    /// themselves).
    ///
    /// [`ChessGame`]: crate::game::core::state::ChessGame
    pub fn moves_go_to_game(self) -> bool {
        matches!(self, Screen::Play | Screen::Analysis)
    }
}

/// The dialog open over the screen, if any.
#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Modal {
    /// No dialog: the screen has the keyboard.
    #[default]
    None,
    /// Who plays whom, at which level.
    NewGame,
    /// The saved games.
    Load,
    /// The name to save the game under (a text field, a default filled in).
    SaveAs,
    /// What a pawn on its last row becomes.
    Promotion,
    /// How the game ended.
    GameOver,
    /// How each kind of piece moves, on a live board.
    Pieces,
    /// A lesson stage is over: completed (stars, next stage) or failed (why, retry).
    StageEnd,
    /// Hosting a network game: side, clock, port (a text field has the keyboard).
    HostGame,
    /// Joining a network game: the host's address and the code (text fields).
    JoinGame,
    /// A game server's address, and a name and password or a guest's visit (text fields).
    ServerSignIn,
    /// Finding a game on a server: clock, variant, rated; quick pairing, a seek, a challenge.
    SeekGame,
    /// Challenging a player on a server by name (a text field).
    Challenge,
    /// Watching a game on a server by its id (a text field).
    WatchGame,
}

/// Whether no dialog is open.
pub fn no_modal(modal: Option<Res<State<Modal>>>) -> bool {
    modal.is_none_or(|m| *m.get() == Modal::None)
}

/// Whether the current screen shows the board and no dialog covers it: what pointer input on
/// the board needs.
pub fn board_has_focus(
    screen: Option<Res<State<Screen>>>,
    modal: Option<Res<State<Modal>>>,
) -> bool {
    screen.is_some_and(|s| s.get().shows_board()) && no_modal(modal)
}

/// Opens (or closes, with [`Modal::None`]) a dialog.
pub fn set_modal(world: &mut World, modal: Modal) {
    if let Some(mut next) = world.get_resource_mut::<NextState<Modal>>() {
        next.set(modal);
    }
}

/// Whether `screen` is shown and no dialog covers it.
pub fn on_screen(world: &World, screen: Screen) -> bool {
    world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| *s.get() == screen)
        && world
            .get_resource::<State<Modal>>()
            .is_none_or(|m| *m.get() == Modal::None)
}

/// Goes to a screen (closing any dialog).
pub fn set_screen(world: &mut World, screen: Screen) {
    if let Some(mut next) = world.get_resource_mut::<NextState<Screen>>() {
        next.set(screen);
    }
    set_modal(world, Modal::None);
}

/// Adds the screen and dialog states, starting on `first`.
pub fn add_states(app: &mut App, first: Screen) {
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    app.insert_state(first).init_state::<Modal>();
}
