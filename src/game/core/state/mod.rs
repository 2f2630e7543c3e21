//! The rules `Game` as the one source of truth, and the one command API that changes it. The
//! `Game` inside [`ChessGame`], its players and every method that changes them are private:
//! every change (a move, undo and redo, a new, loaded or resumed game, a lesson's, a puzzle's
//! or the editor's position, showing an earlier move, the clocks, a hint's note, following
//! another authority) is a [`GameCommand`], whoever asks. A system sends it as a message
//! (applied in [`GameSet::Rules`]) or, when it needs the result in the same frame, applies it
//! through [`GameControl::apply`]; exclusive code applies it at once with [`apply`]. All of
//! them run [`ChessGame::apply`], the one implementation of each change, and then tell the view
//! the same way (a move played glides, other changes redraw where the command says so).
//!
//! Here: who plays ([`SeatKind`]), the game resource's fields and the plugin; `game` reads it,
//! `changes` makes each change, `command` and `control` are the command API, `stash` keeps the
//! play game while another screen has the board, `status` is the status line.

mod changes;
mod command;
mod control;
mod game;
mod stash;
mod status;
#[cfg(test)]
mod tests;

pub use command::{Applied, BoardReset, GameCommand, MovePlayed, MoveRequest};
pub use control::{GameControl, apply};
pub use stash::{PlayStash, ResumableSave};
pub use status::{StatusLine, capitalise, turn_text};

use bevy::prelude::*;

use std::time::Duration;

use crate::engine::Level;
use crate::game::core::GameSet;
use crate::rules::clock::Clocks;
use crate::rules::record::PlyNote;
use crate::rules::{Game, Side};

use control::{apply_commands, apply_moves};
use stash::return_play_game;

/// Who plays a side of the game on the board: a person here, the engine, or moves from elsewhere.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum SeatKind {
    /// A person at this computer.
    #[default]
    Human,
    /// The engine, at a level.
    Computer(Level),
    /// Moves that come from outside the board's input: a lesson's or a puzzle's replies, a
    /// network opponent, another engine program. Nobody at this board may move for it.
    Elsewhere,
}

/// The game on the board, who plays each side, a revision number that changes with every
/// change (so tasks started on an older game can tell they are stale) and an identity that
/// changes only when another game takes the board (so saving can tell a game from its
/// successor).
///
/// The board may show an earlier position of the game ([`GameCommand::ShowPly`]): `game` stays
/// the whole game (what is saved and played on), [`ChessGame::board`] is what the board shows.
#[derive(Resource, Debug, Clone)]
pub struct ChessGame {
    /// The rules' game: position, history, outcome. Always the whole game, also while the
    /// board shows an earlier position. Private: it changes only through the methods here.
    game: Game,
    /// White's player, then Black's.
    players: [SeatKind; 2],
    /// Where the game is played and by whom, when it is known beyond [`ChessGame::players`]
    /// (a network game: the opponent's name), for the saved game's tags.
    origin: Origin,
    revision: u64,
    /// Like `revision`, but not changed by showing another position of the same game.
    game_revision: u64,
    id: u64,
    /// The earlier position on the board, if it shows one.
    browse: Option<Browse>,
    /// Lines left by moving from an earlier position, the latest last.
    abandoned: Vec<Abandoned>,
    /// What the game record says about each move (a hint asked for, clocks, comments):
    /// `notes[i]` belongs to the i-th half-move. One note more than the moves played is the
    /// note of the move to come (a hint was shown for it). Moves taken back lose their notes.
    notes: Vec<PlyNote>,
    /// The clocks of a timed game (`None` untimed). A move charges the mover's clock and
    /// notes its `[%clk]`; `crate::game::core::clock` starts, stops and reads them.
    clocks: Option<Clocks>,
    /// The time the clocks were last told (`Time<Real>` since the start): moves are charged
    /// at it.
    clock_now: Duration,
}

/// What a saved game says about where a game was played and by whom, beyond its players'
/// kinds; reset by every new game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    /// `[Event]`, e.g. "Network game" (a game at this board when `None`).
    pub event: Option<String>,
    /// `[Site]`, e.g. the host's address.
    pub site: Option<String>,
    /// White's and Black's names, where known.
    pub names: [Option<String>; 2],
}

/// An earlier position shown on the board: the game up to `ply`.
#[derive(Debug, Clone)]
struct Browse {
    ply: usize,
    game: Game,
    /// Moves in the whole game when this was made: a view of another game is never shown.
    of: usize,
}

/// A line left behind by a move from an earlier position: undoing the new line's first move
/// brings it back.
#[derive(Debug, Clone)]
struct Abandoned {
    game: Game,
    notes: Vec<PlyNote>,
    /// The half-moves the two lines share.
    at: usize,
}

impl Default for ChessGame {
    fn default() -> ChessGame {
        ChessGame {
            game: Game::new(),
            players: [SeatKind::Human; 2],
            origin: Origin::default(),
            revision: 0,
            game_revision: 0,
            id: 0,
            browse: None,
            abandoned: Vec::new(),
            notes: Vec::new(),
            clocks: None,
            clock_now: Duration::ZERO,
        }
    }
}

/// The game resource, the status line, the stash and the messages that change them.
pub fn plugin(app: &mut App) {
    app.init_resource::<ChessGame>()
        .init_resource::<StatusLine>()
        .init_resource::<PlayStash>()
        .init_resource::<ResumableSave>()
        .add_systems(
            OnEnter(crate::game::core::screens::Screen::Play),
            return_play_game,
        )
        // The online screen puts a network game where the play game is: it must be the
        // play game that it takes the place of (and that saving keeps), not a lesson's.
        .add_systems(
            OnEnter(crate::game::core::screens::Screen::Online),
            return_play_game,
        )
        .add_systems(
            OnEnter(crate::game::core::screens::Screen::Lobby),
            return_play_game,
        )
        .add_message::<MoveRequest>()
        .add_message::<GameCommand>()
        .add_message::<MovePlayed>()
        .add_message::<BoardReset>()
        .add_systems(
            Update,
            (
                apply_commands,
                apply_moves.run_if(|s: Res<State<crate::game::core::screens::Screen>>| {
                    s.get().moves_go_to_game()
                }),
            )
                .chain()
                .in_set(GameSet::Rules),
        )
        .add_systems(Update, watch_game_end.in_set(GameSet::View));
}

/// Opens the game-over dialog when the game on the play screen ends (or a finished game is
/// loaded), and closes it when a game goes on again (undo, new game).
fn watch_game_end(
    game: Res<ChessGame>,
    screen: Res<State<crate::game::core::screens::Screen>>,
    modal: Res<State<crate::game::core::screens::Modal>>,
    mut next: ResMut<NextState<crate::game::core::screens::Modal>>,
    mut seen: Local<Option<(u64, bool)>>,
) {
    let over = game.game.is_over();
    let now = (game.id(), over);
    let before = seen.replace(now);
    use crate::game::core::screens::Screen;
    if !matches!(screen.get(), Screen::Play | Screen::Online | Screen::Lobby) {
        return;
    }
    let newly_over = over && before != Some(now);
    if newly_over && *modal.get() == crate::game::core::screens::Modal::None {
        next.set(crate::game::core::screens::Modal::GameOver);
    } else if !over && *modal.get() == crate::game::core::screens::Modal::GameOver {
        next.set(crate::game::core::screens::Modal::None);
    }
}

/// A running clock fell under ten seconds (the audio plugin ticks).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockLow(pub Side);

/// Whether the computer is thinking (the panel shows it).
#[derive(Resource, Default, Debug)]
pub struct Thinking(pub bool);
