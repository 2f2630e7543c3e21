//! The board editor (`Screen::Editor`): a [`Setup`] edited with the pointer — pieces dragged
//! from the palette onto cells (or a palette piece clicked, then cells), pieces dragged between cells or off the
//! board, right-clicked away — the side to move chosen, and the rules' verdict on it after
//! every change ([`Setup::check`]). Play from here and Analyse take the position only once the
//! rules call it playable.
//!
//! The setup is drawn by putting it on the board's [`ChessGame`] (moves there are off: the
//! board only takes clicks), with the play game kept aside ([`PlayStash::borrow_board`]).
//!
//! Here: the editor's state, its screen's life and the helpers every edit goes through;
//! `pointer` is dragging and clicking on the board and the palette, `actions` the buttons
//! and keys (play, analyse, copy, paste).

mod actions;
mod art;
mod pointer;
mod view;

pub(crate) use actions::act;
pub use actions::{analyse_position, paste_text};
pub(crate) use pointer::put_down;
use pointer::{on_press, on_release, track_grab};

use crate::tr;
use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::actions::{Action, ActionsExt, BackOrder};
use crate::game::core::keys::{Binding, Context, KeysExt, ctrl, key};
use crate::game::core::screens::Screen;
use crate::game::core::selection::{CellPicking, Selection};
use crate::game::core::state::{
    BoardReset, ChessGame, GameCommand, PlayStash, SeatKind, StatusLine, capitalise,
};
use crate::game::text;
use crate::rules::{Cell, Game, Piece, PieceKind, Setup, SetupCheck, Side, Variant};

/// How far (pixels) the pointer must move while pressed for a press to count as a drag.
const DRAG_THRESHOLD: f32 = 6.0;

/// The palette's kinds for `variant`, in the order it shows them: the royal kind, the army's
/// others from the most valuable down, the Pawn last.
pub fn palette_kinds(variant: &Variant) -> Vec<PieceKind> {
    let mut kinds = variant.kinds().to_vec();
    let rank = |k: PieceKind| match variant.kind(k) {
        Some(info) if info.royal => (0, 0),
        Some(info) if info.moves.pawn_steps() => (2, 0),
        _ => (1, -variant.value(k)),
    };
    kinds.sort_by_key(|&k| (rank(k), k.index()));
    kinds
}

/// The editor's buttons and keys.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EditorAction {
    /// Start again from an empty board.
    Empty,
    /// Start again from the starting position.
    Start,
    /// Start again from the play game's position.
    PlayPosition,
    /// Give the move to a side.
    Turn(Side),
    /// A game for two players at this board from the position.
    Play,
    /// A game against the computer from the position: the side to move is yours.
    PlayComputer,
    /// The analysis screen on the position.
    Analyse,
    /// The position text to the clipboard.
    Copy,
    /// Position text from the clipboard.
    Paste,
}

/// One of the palette's pieces: press it and drag it onto a cell, or click it and then cells.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaletteSlot(pub Piece);

/// Where a piece being dragged came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrabFrom {
    /// A palette piece: dropped on a cell it is put there.
    Palette(Piece),
    /// A piece on the board: dropped on a cell it moves there, off the board it is removed.
    Board(Cell),
}

/// A press on a piece, which becomes a drag once the pointer moves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grab {
    /// What was pressed.
    pub from: GrabFrom,
    /// Where the pointer was pressed (logical pixels).
    start: Vec2,
    /// Whether the pointer has moved far enough for a drag.
    pub moving: bool,
}

/// The setup on the board and what the pointer holds.
#[derive(Resource, Default)]
pub struct Editor {
    setup: Setup,
    check: SetupCheck,
    /// The palette piece that clicks on cells put down (for people who cannot drag).
    brush: Option<Piece>,
    grab: Option<Grab>,
    revision: u64,
    /// The screen was entered and the board is still to be taken: done on the first frame,
    /// since a screen the program starts on is entered before the game is set up.
    entering: bool,
    /// Analyse sent the player away: coming back finds the setup as it was left.
    resume: bool,
    /// The variant whose kinds the palette shows now (`None`: none spawned yet).
    palette_for: Option<&'static Variant>,
}

impl Editor {
    /// The setup being edited.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// What the rules say of it.
    pub fn check(&self) -> &SetupCheck {
        &self.check
    }

    /// The palette piece clicks on cells put down, if one was clicked.
    pub fn brush(&self) -> Option<Piece> {
        self.brush
    }

    /// The piece pressed or being dragged.
    pub fn grab(&self) -> Option<Grab> {
        self.grab
    }

    /// Changes with every edit (the panel redraws then).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Every problem in plain words, then the notes: what the panel lists.
    pub fn verdict(&self) -> Vec<String> {
        self.check
            .problems
            .iter()
            .map(|p| capitalise(&text::position_problem_text(p)))
            .chain(
                self.check
                    .notes
                    .iter()
                    .map(|n| capitalise(&text::setup_note_text(n))),
            )
            .collect()
    }

    /// Why Play from here and Analyse are off, or `None` when the position is playable.
    pub fn why_not_playable(&self) -> Option<String> {
        let first = self.check.problems.first()?;
        let more = self.check.problems.len() - 1;
        Some(tr!(
            "editor-not-playable",
            first = text::position_problem_text(first),
            more = more
        ))
    }
}

fn plugin(app: &mut App) {
    app.init_resource::<Editor>()
        .add_observer(on_press)
        .add_observer(on_release)
        .add_systems(OnEnter(Screen::Editor), enter)
        .add_systems(OnExit(Screen::Editor), leave)
        .add_systems(
            Update,
            (take_board, sync_palette, track_grab, keep_cell_picking)
                .chain()
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Editor)),
        );
}

fn enter(mut editor: ResMut<Editor>) {
    editor.entering = true;
    editor.palette_for = None;
}

/// On the first frame on the screen the editor takes the board, starting from the play game's
/// position.
fn take_board(world: &mut World) {
    let entering = world
        .get_resource_mut::<Editor>()
        .is_some_and(|mut e| std::mem::take(&mut e.entering));
    if !entering {
        return;
    }
    let Some(game) = world.get_resource::<ChessGame>().cloned() else {
        return;
    };
    let start = match world.get_resource_mut::<PlayStash>() {
        Some(mut stash) => {
            stash.borrow_board(&game);
            stash.play_game(&game).game().position().clone()
        }
        None => game.game().position().clone(),
    };
    let resumed = world
        .get_resource_mut::<Editor>()
        .and_then(|mut e| std::mem::take(&mut e.resume).then(|| e.setup.clone()));
    if let Some(mut selection) = world.get_resource_mut::<Selection>() {
        selection.clear();
    }
    if let Some(mut editor) = world.get_resource_mut::<Editor>() {
        editor.brush = None;
        editor.grab = None;
    }
    match resumed {
        Some(setup) => {
            replace(world, setup);
            info(world, tr!("editor-back-from-analysis"));
        }
        None => {
            replace(world, Setup::from_position(&start));
            info(world, tr!("editor-intro"));
        }
    }
}

/// The palette's logical entities (the view dresses them as pictures in the panel): the
/// setup's variant's kinds, made again when the setup changes variant.
fn sync_palette(
    mut editor: ResMut<Editor>,
    slots: Query<Entity, With<PaletteSlot>>,
    mut commands: Commands,
) {
    let variant = editor.setup.variant();
    if editor.palette_for == Some(variant) {
        return;
    }
    editor.palette_for = Some(variant);
    for slot in &slots {
        commands.entity(slot).despawn();
    }
    for side in Side::BOTH {
        for kind in palette_kinds(variant) {
            let piece = Piece::new(side, kind);
            commands.spawn((
                Name::new(format!("palette {side} {}", variant.kind_name(kind))),
                PaletteSlot(piece),
                DespawnOnExit(Screen::Editor),
            ));
        }
    }
}

/// Nothing of the editor outlives the screen but its setup; the board's input goes back to
/// normal. The next screen decides what the board shows (the play screen brings its game back).
fn leave(mut editor: ResMut<Editor>, mut picking: ResMut<CellPicking>) {
    editor.brush = None;
    editor.grab = None;
    picking.0 = false;
}

/// Presses on the board mean cells here, never moves.
fn keep_cell_picking(mut picking: ResMut<CellPicking>) {
    if !picking.0 {
        picking.0 = true;
    }
}

fn info(world: &mut World, text: impl Into<String>) {
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.info(text);
    }
}

fn warn(world: &mut World, text: impl Into<String>) {
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.warn(text);
    }
}

/// A piece in words: "White Queen".
fn named(piece: Piece) -> String {
    tr!(
        "editor-piece",
        side = crate::game::text::side_name(piece.side),
        piece = crate::game::text::piece_name(piece.kind.name())
    )
}

/// Puts `setup` in the editor, asks the rules about it and shows it on the board.
fn replace(world: &mut World, setup: Setup) {
    let board = setup.board();
    if let Some(mut editor) = world.get_resource_mut::<Editor>() {
        editor.check = setup.check();
        editor.setup = setup;
        editor.revision += 1;
    }
    let replace = GameCommand::Replace {
        game: Box::new(Game::from_position(board)),
        players: [SeatKind::Elsewhere; 2],
        notes: Vec::new(),
        clocks: None,
    };
    crate::game::core::state::apply(world, replace);
    world.write_message(BoardReset);
}

/// Applies `change` to a copy of the setup and shows the result.
fn edit(world: &mut World, change: impl FnOnce(&mut Setup)) {
    let Some(mut setup) = world.get_resource::<Editor>().map(|e| e.setup.clone()) else {
        return;
    };
    change(&mut setup);
    replace(world, setup);
}

impl Action for EditorAction {}

/// The editor's keys.
fn keys() -> Vec<Binding> {
    use EditorAction as Ed;
    use KeyCode as K;
    let editor = Context::On(Screen::Editor);
    vec![
        key(K::KeyX, Ed::Empty, editor, "empty board"),
        key(K::KeyS, Ed::Start, editor, "start position"),
        key(K::KeyY, Ed::PlayPosition, editor, "your game's position"),
        key(K::KeyW, Ed::Turn(Side::White), editor, "White to move"),
        key(K::KeyB, Ed::Turn(Side::Black), editor, "Black to move"),
        key(K::Enter, Ed::Play, editor, "play from here"),
        key(
            K::KeyP,
            Ed::PlayComputer,
            editor,
            "play the computer from here",
        ),
        key(K::KeyA, Ed::Analyse, editor, "analyse"),
        ctrl(K::KeyC, Ed::Copy, editor, "copy the position"),
        ctrl(K::KeyV, Ed::Paste, editor, "paste a position"),
    ]
}

/// The logic tests drive: the setup, the rules' verdict on it, the palette's logical entities
/// and the pointer edits; Esc puts down a piece held for placing.
pub(super) fn core_plugin(app: &mut App) {
    app.add_plugins(plugin)
        .answer(act)
        .on_back(BackOrder::Screen, put_down)
        .bind_keys(keys());
}

/// What draws: the panel, the palette's pictures, the piece under the pointer.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((art::plugin, view::plugin));
}
