//! The board editor (`Screen::Editor`): a [`Setup`] edited with the pointer — pieces dragged
//! from the palette onto cells (or a palette piece clicked, then cells), pieces dragged between cells or off the
//! board, right-clicked away — the side to move chosen, and the rules' verdict on it after
//! every change ([`Setup::check`]). Play from here and Analyse take the position only once the
//! rules call it playable.
//!
//! The setup is drawn by putting it on the board's [`ChessGame`] (moves there are off: the
//! board only takes clicks), with the play game kept aside ([`PlayStash::borrow_board`]).

mod art;
mod view;

use crate::tr;
use bevy::clipboard::Clipboard;
use bevy::picking::events::{Pointer, Press, Release};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use crate::engine::Level;
use crate::game::core::GameSet;
use crate::game::core::actions::{Action, ActionsExt, BackOrder, GameAction};
use crate::game::core::board::BoardCamera;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::{CellTile, PieceView};
use crate::game::core::keys::{Binding, Context, KeysExt, ctrl, key, key_in};
use crate::game::core::screens::{Screen, set_screen};
use crate::game::core::selection::{CellPicking, Selection};
use crate::game::core::state::{
    BoardReset, ChessGame, GameCommand, PlayStash, SeatKind, StatusLine, capitalise,
};
use crate::game::text;
use crate::rules::{Cell, Game, Piece, PieceKind, Position, Setup, SetupCheck, Side, Variant};

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

/// What a pointer event landed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Slot(Piece),
    Cell(Cell),
    /// Something else: the panel, a button, the background.
    Other,
}

/// The cell an entity stands for: a tile, a piece, or a child mesh of either.
fn target_of(
    mut entity: Entity,
    slots: &Query<&PaletteSlot>,
    tiles: &Query<&CellTile>,
    pieces: &Query<&PieceView>,
    parents: &Query<&ChildOf>,
) -> Target {
    if let Ok(slot) = slots.get(entity) {
        return Target::Slot(slot.0);
    }
    for _ in 0..4 {
        if let Ok(tile) = tiles.get(entity) {
            return Target::Cell(tile.0);
        }
        if let Ok(view) = pieces.get(entity) {
            return Target::Cell(view.cell);
        }
        match parents.get(entity) {
            Ok(parent) => entity = parent.parent(),
            Err(_) => break,
        }
    }
    Target::Other
}

fn on_press(
    press: On<Pointer<Press>>,
    screen: Option<Res<State<Screen>>>,
    slots: Query<&PaletteSlot>,
    tiles: Query<&CellTile>,
    pieces: Query<&PieceView>,
    parents: Query<&ChildOf>,
    mut commands: Commands,
) {
    // Events bubble up to parents and the window: each press is handled once, at its origin.
    if press.entity != press.original_event_target()
        || screen.is_none_or(|s| *s.get() != Screen::Editor)
    {
        return;
    }
    let target = target_of(press.entity, &slots, &tiles, &pieces, &parents);
    let (button, at) = (press.button, press.pointer_location.position);
    commands.queue(move |world: &mut World| pressed(world, target, button, at));
}

fn on_release(
    release: On<Pointer<Release>>,
    screen: Option<Res<State<Screen>>>,
    slots: Query<&PaletteSlot>,
    tiles: Query<&CellTile>,
    pieces: Query<&PieceView>,
    parents: Query<&ChildOf>,
    mut commands: Commands,
) {
    if release.entity != release.original_event_target()
        || release.button != PointerButton::Primary
        || screen.is_none_or(|s| *s.get() != Screen::Editor)
    {
        return;
    }
    let target = target_of(release.entity, &slots, &tiles, &pieces, &parents);
    let at = release.pointer_location.position;
    commands.queue(move |world: &mut World| released(world, target, at));
}

/// A press: a palette piece is taken up; on the board, the piece in hand is put down (or
/// taken away again), a piece is taken up to drag, a right-click removes a piece.
fn pressed(world: &mut World, target: Target, button: PointerButton, at: Vec2) {
    if !crate::game::core::screens::on_screen(world, Screen::Editor) {
        return;
    }
    let Some(editor) = world.get_resource::<Editor>() else {
        return;
    };
    let brush = editor.brush;
    let setup = editor.setup.clone();
    let grab = |from| Grab {
        from,
        start: at,
        moving: false,
    };
    match (target, button) {
        (Target::Slot(piece), PointerButton::Primary) => {
            set_grab(world, Some(grab(GrabFrom::Palette(piece))));
        }
        (Target::Cell(cell), PointerButton::Primary) => match (brush, setup.piece_at(cell)) {
            (Some(piece), Some(there)) if piece == there => {
                edit(world, |s| {
                    s.set(cell, None);
                });
                info(
                    world,
                    tr!(
                        "editor-taken-off",
                        piece = named(piece),
                        cell = cell.to_string()
                    ),
                );
            }
            (Some(piece), _) => {
                edit(world, |s| {
                    s.set(cell, Some(piece));
                });
                info(
                    world,
                    tr!(
                        "editor-put-on-more",
                        piece = named(piece),
                        cell = cell.to_string(),
                        key = key_in(world, GameAction::Back, Context::Board)
                    ),
                );
            }
            (None, Some(_)) => set_grab(world, Some(grab(GrabFrom::Board(cell)))),
            (None, None) => info(world, tr!("editor-drag-help")),
        },
        (Target::Cell(cell), PointerButton::Secondary) => match setup.piece_at(cell) {
            Some(piece) => {
                edit(world, |s| {
                    s.set(cell, None);
                });
                info(
                    world,
                    tr!(
                        "editor-taken-off",
                        piece = named(piece),
                        cell = cell.to_string()
                    ),
                );
            }
            None => {
                put_down(world);
            }
        },
        _ => {}
    }
}

fn set_grab(world: &mut World, grab: Option<Grab>) {
    if let Some(mut editor) = world.get_resource_mut::<Editor>() {
        editor.grab = grab;
    }
}

/// A release ends a press: over a cell the dragged piece lands there; back on its palette
/// piece without a drag it is a click (the piece is taken in hand for clicks on cells);
/// elsewhere (the panel) a board piece is removed. With a mouse, a drag released anywhere
/// but on another cell is left to [`track_grab`], which finds the cell under the pointer
/// itself: the dragged piece hides the cell beneath it, and on a slow frame the release may
/// be reported over what was under the pointer a moment before.
fn released(world: &mut World, target: Target, at: Vec2) {
    let Some(grab) = world.get_resource::<Editor>().and_then(|e| e.grab) else {
        return;
    };
    let moved = grab.moving || at.distance(grab.start) > DRAG_THRESHOLD;
    let onto_another_cell = match (grab.from, target) {
        (GrabFrom::Board(from), Target::Cell(cell)) => cell != from,
        (GrabFrom::Palette(_), Target::Cell(_)) => true,
        _ => false,
    };
    let mouse_up = world
        .get_resource::<ButtonInput<MouseButton>>()
        .is_some_and(|m| m.just_released(MouseButton::Left));
    let own_cell =
        matches!((grab.from, target), (GrabFrom::Board(from), Target::Cell(c)) if c == from);
    if moved && !onto_another_cell && (mouse_up || own_cell) {
        return;
    }
    set_grab(world, None);
    drop_grab(world, grab.from, target, moved);
}

/// Carries out the end of a press on `from` released over `target`.
fn drop_grab(world: &mut World, from: GrabFrom, target: Target, moved: bool) {
    match (from, target) {
        (GrabFrom::Palette(piece), Target::Cell(cell)) => {
            edit(world, |s| {
                s.set(cell, Some(piece));
            });
            info(
                world,
                tr!(
                    "editor-put-on",
                    piece = named(piece),
                    cell = cell.to_string()
                ),
            );
        }
        (GrabFrom::Palette(piece), Target::Slot(slot)) if slot == piece && !moved => {
            take_in_hand(world, piece)
        }
        (GrabFrom::Palette(_), _) => {}
        (GrabFrom::Board(from), Target::Cell(to)) if to != from => {
            let mut moved_piece = None;
            edit(world, |s| moved_piece = s.move_piece(from, to));
            if let Some(piece) = moved_piece {
                info(
                    world,
                    tr!(
                        "editor-moved",
                        piece = named(piece),
                        from = from.to_string(),
                        to = to.to_string()
                    ),
                );
            }
        }
        (GrabFrom::Board(_), Target::Cell(_)) => {
            info(world, tr!("editor-move-help"));
        }
        (GrabFrom::Board(from), _) if moved => {
            let mut removed = None;
            edit(world, |s| removed = s.set(from, None));
            if let Some(piece) = removed {
                info(
                    world,
                    tr!(
                        "editor-taken-off",
                        piece = named(piece),
                        cell = from.to_string()
                    ),
                );
            }
        }
        (GrabFrom::Board(_), _) => {}
    }
}

/// A click on a palette piece: clicks on cells put it down from now on (a second click on it
/// puts it away).
fn take_in_hand(world: &mut World, piece: Piece) {
    let Some(mut editor) = world.get_resource_mut::<Editor>() else {
        return;
    };
    if editor.brush == Some(piece) {
        editor.brush = None;
        info(world, tr!("editor-put-away", piece = named(piece)));
    } else {
        editor.brush = Some(piece);
        let key = key_in(world, GameAction::Back, Context::Board);
        info(
            world,
            tr!("editor-in-hand", piece = named(piece), key = key),
        );
    }
}

/// Esc or a right-click on an empty cell: the piece in hand (or a half-made drag) is put
/// away; returns whether there was one.
pub(crate) fn put_down(world: &mut World) -> bool {
    if !crate::game::core::screens::on_screen(world, Screen::Editor) {
        return false;
    }
    let Some(mut editor) = world.get_resource_mut::<Editor>() else {
        return false;
    };
    let held = editor.brush.take();
    let grabbed = editor.grab.take().is_some();
    if let Some(piece) = held {
        info(world, tr!("editor-put-away", piece = named(piece)));
    }
    held.is_some() || grabbed
}

/// Follows a press with the pointer: it becomes a drag once the pointer moves; when the button
/// comes up with no release reported over anything (off the window's pickable things) or over
/// the dragged piece itself, the cell under the pointer is found geometrically.
fn track_grab(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    windows: Query<&Window>,
    cameras: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut editor: ResMut<Editor>,
    mut commands: Commands,
) {
    let Some(grab) = editor.grab else {
        return;
    };
    let cursor = windows.iter().find_map(Window::cursor_position);
    if !grab.moving
        && let Some(at) = cursor
        && at.distance(grab.start) > DRAG_THRESHOLD
        && let Some(g) = editor.grab.as_mut()
    {
        g.moving = true;
    }
    let released = mouse.is_some_and(|m| m.just_released(MouseButton::Left));
    if !released {
        return;
    }
    let cell = cursor.and_then(|at| {
        let (camera, transform) = cameras.iter().next()?;
        // Over the panel is off the board, wherever the ray would meet the board's plane.
        if camera
            .logical_viewport_rect()
            .is_some_and(|r| !r.contains(at))
        {
            return None;
        }
        let ray = camera.viewport_to_world(transform, at).ok()?;
        let d = ray.intersect_plane(Vec3::Y * TILE_TOP, InfinitePlane3d::new(Vec3::Y))?;
        let point = ray.get_point(d);
        crate::rules::board().cell_at([point.x, -point.z])
    });
    let moving = editor.grab.is_some_and(|g| g.moving);
    editor.grab = None;
    let target = cell.map_or(Target::Other, Target::Cell);
    commands.queue(move |world: &mut World| drop_grab(world, grab.from, target, moving));
}

/// Carries out an editor button or key.
pub(crate) fn act(world: &mut World, action: EditorAction) {
    if !crate::game::core::screens::on_screen(world, Screen::Editor) {
        return;
    }
    match action {
        EditorAction::Empty => {
            let variant = current_variant(world);
            replace(world, Setup::empty_in(variant));
            info(world, tr!("editor-empty"));
        }
        EditorAction::Start => {
            let variant = current_variant(world);
            replace(world, Setup::from_position(&variant.start()));
            info(world, tr!("editor-start"));
        }
        EditorAction::PlayPosition => {
            let position = match (
                world.get_resource::<PlayStash>(),
                world.get_resource::<ChessGame>(),
            ) {
                (Some(stash), Some(game)) => stash.play_game(game).game().position().clone(),
                _ => return,
            };
            replace(world, Setup::from_position(&position));
            info(world, tr!("editor-your-game"));
        }
        EditorAction::Turn(side) => {
            edit(world, |s| s.set_turn(side));
            info(
                world,
                tr!("turn-to-move", side = crate::game::text::side_name(side)),
            );
        }
        EditorAction::Play => play_from_here(world, false),
        EditorAction::PlayComputer => play_from_here(world, true),
        EditorAction::Analyse => analyse_position(world),
        EditorAction::Copy => copy(world),
        EditorAction::Paste => paste(world),
    }
}

/// The variant the setup is in (the play game's, when the editor was entered).
fn current_variant(world: &World) -> &'static Variant {
    world
        .get_resource::<Editor>()
        .map_or(Variant::parachess(), |e| e.setup.variant())
}

/// The playable position, or `None` with the reason in the status line.
fn playable(world: &mut World) -> Option<Position> {
    let editor = world.get_resource::<Editor>()?;
    match editor.setup.position() {
        Ok(pos) => Some(pos),
        Err(_) => {
            let why = editor.why_not_playable().unwrap_or_default();
            warn(world, why);
            None
        }
    }
}

/// A new play game from the position: two players, or the side to move against the computer
/// at the level last chosen. The play game it replaces is kept by the saves as any game
/// replaced by a new one is (among the saved games, when unfinished).
fn play_from_here(world: &mut World, computer: bool) {
    let Some(pos) = playable(world) else {
        return;
    };
    let players = if computer {
        let level = world
            .get_resource::<crate::game::core::prefs::NewGameChoice>()
            .map_or(Level::Normal, |c| c.level);
        let mut players = [SeatKind::Computer(level); 2];
        players[pos.turn().index()] = SeatKind::Human;
        players
    } else {
        [SeatKind::Human; 2]
    };
    world.write_message(GameCommand::NewGame {
        start: Some(Box::new(pos)),
        players,
    });
    set_screen(world, Screen::Play);
}

/// Analyse: the analysis screen opens on the position (Esc comes back here).
pub fn analyse_position(world: &mut World) {
    let Some(pos) = playable(world) else {
        return;
    };
    if let Some(mut editor) = world.get_resource_mut::<Editor>() {
        editor.resume = true;
    }
    crate::game::core::actions::ask(
        world,
        crate::game::core::actions::AnalyseGame(Game::from_position(pos)),
    );
}

/// The position text to the clipboard (an unfinished setup too: it reads back with Paste).
fn copy(world: &mut World) {
    let Some(text) = world
        .get_resource::<Editor>()
        .map(|e| e.setup.board().to_string())
    else {
        return;
    };
    let copied = world
        .get_resource_mut::<Clipboard>()
        .map(|mut c| c.set_text(text.clone()));
    match copied {
        Some(Ok(())) => info(world, tr!("editor-copied", text = text.as_str())),
        Some(Err(e)) => warn(
            world,
            tr!(
                "editor-not-copied",
                error = e.to_string(),
                text = text.as_str()
            ),
        ),
        None => warn(world, tr!("pos-no-clipboard-text", text = text.as_str())),
    }
}

/// Position text from the clipboard.
fn paste(world: &mut World) {
    let fetched = world
        .get_resource_mut::<Clipboard>()
        .map(|mut c| c.fetch_text().poll_result());
    match fetched {
        None => warn(world, tr!("pos-no-clipboard")),
        Some(Some(Ok(text))) => paste_text(world, &text),
        Some(Some(Err(e))) => warn(world, tr!("pos-clipboard-error", error = e.to_string())),
        Some(None) => warn(world, tr!("pos-clipboard-not-ready")),
    }
}

/// Puts pasted position text on the board; text that is not position text changes nothing
/// and gets the parser's message, with its column.
pub fn paste_text(world: &mut World, text: &str) {
    match Setup::parse_in(text, current_variant(world)) {
        Ok(setup) => {
            replace(world, setup);
            info(world, tr!("editor-pasted"));
        }
        Err(e) => warn(
            world,
            tr!("pos-not-a-position", error = text::position_error_text(&e)),
        ),
    }
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
