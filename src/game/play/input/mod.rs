//! Pointer and keyboard input: selection, click-to-move, drag-and-drop and shortcuts.
//!
//! Input never decides legality: [`decide`] asks the rules what a press means, and moves are
//! sent as [`MoveRequest`]s for the state plugin to play.

use crate::tr;
use bevy::picking::events::{Out, Over, Pointer, Press, Release};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::board::Animating;
use crate::game::core::board::{CellTile, PieceView};
use crate::game::core::selection::PieceGuide;
use crate::game::core::selection::{
    CellClicked, CellPicking, Hovered, PendingPromotion, RefusedMove, Selection, ViewCommand,
};
use crate::game::core::state::{ChessGame, MoveRequest, StatusLine, capitalise};
use crate::rules::{Cell, Game, Move, PieceKind};

pub mod cursor;
mod drag;
pub mod premove;
pub mod typed;

/// A piece being dragged with the pointer.
#[derive(Resource, Default, Debug, Clone)]
pub struct Drag {
    /// The dragged piece's cell and entity, and where on screen the press happened.
    pub from: Option<(Cell, Entity, Vec2)>,
    /// Whether the pointer has moved far enough to count as a drag.
    pub moving: bool,
    /// The piece was already selected before this press (a second click deselects it).
    was_selected: bool,
}

/// What a press on a cell means, decided from the game and the current selection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// Select the piece on this cell.
    Select(Cell),
    /// Drop the selection.
    Deselect,
    /// Play this move.
    Play(Move),
    /// A pawn reaches its last row: ask what it becomes.
    AskPromotion(Cell, Cell),
    /// Refuse, saying why, and drop the selection.
    Refuse(String),
    /// Nothing to do.
    Nothing,
}

/// Decides what pressing `cell` means. Only the rules say what is legal.
pub fn decide(game: &Game, selected: Option<Cell>, cell: Cell, human_turn: bool) -> Intent {
    let pos = game.position();
    if let Some(outcome) = game.outcome() {
        return Intent::Refuse(tr!(
            "input-game-over",
            outcome = crate::game::text::outcome_text(outcome)
        ));
    }
    let own = pos.piece_at(cell).is_some_and(|p| p.side == pos.turn());
    match selected {
        Some(from) if from == cell => Intent::Nothing,
        Some(from) => {
            if pos.legal_targets(from).contains(cell) {
                if pos.is_promotion(from, cell) {
                    Intent::AskPromotion(from, cell)
                } else {
                    Intent::Play(Move::new(from, cell))
                }
            } else if own {
                Intent::Select(cell)
            } else {
                let probe = Move {
                    from,
                    to: cell,
                    promotion: pos.is_promotion(from, cell).then_some(PieceKind::Queen),
                };
                match pos.check_move(probe) {
                    Err(e) => Intent::Refuse(capitalise(&crate::game::text::move_error_text(&e))),
                    Ok(()) => Intent::Deselect,
                }
            }
        }
        None if !human_turn => Intent::Refuse(tr!("input-computer-thinking")),
        None if own => Intent::Select(cell),
        None => match pos.piece_at(cell) {
            Some(p) => Intent::Refuse(tr!(
                "input-not-your-piece",
                side = crate::game::text::side_name(p.side),
                piece = crate::game::text::piece_name(pos.variant().kind_name(p.kind)),
                turn = crate::game::text::side_name(pos.turn())
            )),
            None => Intent::Nothing,
        },
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<Hovered>()
        .init_resource::<PendingPromotion>()
        // However the chooser closes (a choice, Esc, the game ending under it), nothing waits.
        .add_systems(
            OnExit(crate::game::core::screens::Modal::Promotion),
            |mut pending: ResMut<PendingPromotion>| *pending = PendingPromotion::default(),
        )
        .init_resource::<Drag>()
        .init_resource::<CellPicking>()
        .add_message::<ViewCommand>()
        .add_message::<CellClicked>()
        .add_message::<RefusedMove>()
        .add_observer(on_press)
        .add_observer(on_release)
        .add_observer(on_over)
        .add_observer(on_out)
        .add_systems(
            Update,
            (drag::follow_pointer, drag::finish_drag).in_set(GameSet::Input),
        )
        .add_systems(Update, clear_selection_on_change.in_set(GameSet::View));
    keyboard_plugin(app);
}

/// Playing by keyboard: typed moves, the cell cursor and premoves (their keys are claimed
/// before the keymap runs).
fn keyboard_plugin(app: &mut App) {
    use crate::game::core::actions::GameAction::Listed;
    use crate::game::core::keys::{Context::Board, KeysExt, key};
    const CURSOR: &str = "cell cursor (Left / Right move it too once shown)";
    app.bind_keys(vec![
        key(KeyCode::ArrowUp, Listed, Board, CURSOR),
        key(KeyCode::ArrowDown, Listed, Board, CURSOR),
        key(
            KeyCode::Space,
            Listed,
            Board,
            "show the cell cursor, then press the cell under it (also Enter)",
        ),
    ])
    .key_note(TYPING_NOTE)
    .init_resource::<typed::TypedMove>()
    .init_resource::<cursor::CellCursor>()
    .init_resource::<premove::Premove>()
    .add_message::<bevy::input::keyboard::KeyboardInput>()
    .add_observer(premove::cancel_on_right_click)
    .add_systems(
        Update,
        (
            typed::type_moves,
            premove::cancel_on_escape,
            cursor::cursor_keys,
            premove::play_premove,
        )
            .chain()
            .in_set(crate::game::core::keys::BoardKeys)
            .in_set(GameSet::Input),
    );
}

/// How typing a move shares the letters with the hotkeys (after the README's table).
const TYPING_NOTE: &str = "On a board where you may move, typing a move plays it \
(`c4d3`, `c4-d3`, `Sa2e5`, `j2k2q`): a field lists the legal moves the text still matches, \
Enter plays the one meant and a complete move that can mean nothing else plays at once; \
Backspace edits, Esc closes. A capital letter, or a row letter that is no hotkey, starts a \
move at once. A row letter that is also a hotkey (`A` `C` `F` `G` `H`) waits: a digit next \
makes it a cell name, anything else (or Enter, or 0.6 s) the hotkey. Where you cannot move, \
hotkeys act at once. During the opponent's turn in a timed game against the computer or an \
online game, a move (typed, clicked, dragged or with the cursor) is a premove: played the \
moment your turn comes if still legal; `Esc` or a right click cancels it.\n";

/// What the keyboard's board aids draw: the typed-move field, the cursor, the premove.
pub fn view_plugin(app: &mut App) {
    app.add_systems(Startup, typed::spawn_field).add_systems(
        Update,
        (
            typed::show_field,
            cursor::draw_cursor,
            premove::draw_premove,
        )
            .in_set(GameSet::View),
    );
}

/// The cell an entity stands for: a tile, a piece, or a child mesh of either.
fn cell_of(
    mut entity: Entity,
    tiles: &Query<&CellTile>,
    pieces: &Query<&PieceView>,
    parents: &Query<&ChildOf>,
) -> Option<(Cell, Option<Entity>)> {
    for _ in 0..4 {
        if let Ok(tile) = tiles.get(entity) {
            return Some((tile.0, None));
        }
        if let Ok(view) = pieces.get(entity) {
            return Some((view.cell, Some(entity)));
        }
        entity = parents.get(entity).ok()?.parent();
    }
    None
}

/// Everything a press or release handler needs to act on the game.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Act<'w> {
    game: Res<'w, ChessGame>,
    selection: ResMut<'w, Selection>,
    promotion: ResMut<'w, PendingPromotion>,
    status: ResMut<'w, StatusLine>,
    requests: MessageWriter<'w, MoveRequest>,
    picking: Res<'w, CellPicking>,
    clicked: MessageWriter<'w, CellClicked>,
    refused: MessageWriter<'w, RefusedMove>,
    animating: Res<'w, Animating>,
    screen: Option<Res<'w, State<crate::game::core::screens::Screen>>>,
    modal: Option<Res<'w, State<crate::game::core::screens::Modal>>>,
    next_modal: Option<ResMut<'w, NextState<crate::game::core::screens::Modal>>>,
    premove: ResMut<'w, premove::Premove>,
}

impl Act<'_> {
    /// Whether the screen shows the board and no dialog covers it.
    fn board_has_focus(&self) -> bool {
        self.screen.as_ref().is_some_and(|s| s.get().shows_board())
            && self
                .modal
                .as_ref()
                .is_none_or(|m| *m.get() == crate::game::core::screens::Modal::None)
    }

    /// Carries out what pressing `cell` means; returns whether the piece there got selected.
    pub(super) fn press(&mut self, cell: Cell) -> bool {
        if self.animating.0 || self.promotion.cells.is_some() || !self.board_has_focus() {
            return false;
        }
        if self.picking.0 {
            self.selection.clear();
            self.clicked.write(CellClicked(cell));
            return false;
        }
        if self.game.browsing() && self.game.view_only() {
            // Against the computer (or a remote player) an earlier position is only looked at.
            self.selection.clear();
            self.status.warn(tr!(
                "input-browsing",
                shown = crate::game::board::history::shown_text(&self.game)
            ));
            return false;
        }
        let screen = self.screen.as_ref().map(|s| *s.get());
        if !self.game.human_to_move()
            && let Some(pos) = premove::position(&self.game, screen)
        {
            return self.press_premove(cell, pos);
        }
        let human = self.game.human_to_move();
        let elsewhere = self.game.player_to_move() == crate::game::core::state::SeatKind::Elsewhere;
        if !human && elsewhere && self.selection.cell.is_none() && !self.game.game().is_over() {
            let watching =
                self.game.players() == [crate::game::core::state::SeatKind::Elsewhere; 2];
            self.status.warn(if watching {
                tr!("input-watching")
            } else {
                tr!("input-wait-opponent")
            });
            return false;
        }
        match decide(self.game.board(), self.selection.cell, cell, human) {
            Intent::Select(c) => {
                let pos = self.game.board().position();
                self.selection.cell = Some(c);
                self.selection.targets = pos.legal_targets(c);
                if self.selection.targets.is_empty() {
                    self.status.warn(tr!("input-no-legal-move"));
                } else if let Some(p) = pos.piece_at(c) {
                    let variant = pos.variant();
                    self.status.info(tr!(
                        "input-piece-on",
                        piece = crate::game::text::piece_name(variant.kind_name(p.kind)),
                        cell = c.to_string(),
                        how = crate::game::text::variant_how_it_moves(variant, p.kind)
                    ));
                }
                true
            }
            Intent::Deselect => {
                self.selection.clear();
                false
            }
            Intent::Play(mv) => {
                self.selection.clear();
                self.requests.write(MoveRequest(mv));
                false
            }
            Intent::AskPromotion(from, to) => {
                let pos = self.game.board().position().clone();
                self.ask_promotion(from, to, &pos, false);
                false
            }
            Intent::Refuse(why) => {
                if let Some(from) = self.selection.cell {
                    self.refused.write(RefusedMove { from, to: cell });
                }
                self.selection.clear();
                self.status.warn(why);
                false
            }
            Intent::Nothing => false,
        }
    }
}

impl Act<'_> {
    /// The screen and dialog the player is on.
    pub(super) fn place(
        &self,
    ) -> (
        crate::game::core::screens::Screen,
        crate::game::core::screens::Modal,
    ) {
        (
            self.screen
                .as_ref()
                .map_or(crate::game::core::screens::Screen::Play, |s| *s.get()),
            self.modal
                .as_ref()
                .map_or(crate::game::core::screens::Modal::None, |m| *m.get()),
        )
    }

    /// The position the player may move in now by keyboard, and whether a move there is a
    /// premove; `None` where the board takes no move from this player (then hotkeys act at
    /// once).
    pub(super) fn move_position(&self) -> Option<(crate::rules::Position, bool)> {
        use crate::game::core::screens::Screen;
        let screen = self.screen.as_ref().map(|s| *s.get());
        if !self.board_has_focus()
            || self.picking.0
            || self.promotion.cells.is_some()
            || screen == Some(Screen::Editor)
            || (self.game.browsing() && self.game.view_only())
        {
            return None;
        }
        if self.game.human_to_move() {
            return Some((self.game.board().position().clone(), false));
        }
        premove::position(&self.game, screen).map(|p| (p, true))
    }

    /// Plays `mv` (chosen from `pos`'s legal moves) as a click would: a move request on the
    /// player's turn, a premove during the opponent's.
    pub(super) fn submit(&mut self, mv: Move, pos: &crate::rules::Position) {
        if self.game.human_to_move() {
            self.selection.clear();
            self.requests.write(MoveRequest(mv));
        } else {
            self.set_premove(mv, pos);
        }
    }

    /// A pawn move whose piece is not chosen yet: the chooser opens, as after a click.
    pub(super) fn promote(
        &mut self,
        from: Cell,
        to: Cell,
        pos: &crate::rules::Position,
        premove: bool,
    ) {
        if premove {
            self.ask_promotion(from, to, pos, true);
            return;
        }
        self.selection.clear();
        self.press(from);
        self.press(to);
    }

    /// Opens the chooser for the pawn move `from`-`to` in `pos` (the position with the
    /// pawn's side to move); `premove`: the choice makes a premove.
    pub(super) fn ask_promotion(
        &mut self,
        from: Cell,
        to: Cell,
        pos: &crate::rules::Position,
        premove: bool,
    ) {
        self.selection.clear();
        *self.promotion = PendingPromotion {
            cells: Some((from, to)),
            premove,
        };
        if let Some(next) = self.next_modal.as_mut() {
            next.set(crate::game::core::screens::Modal::Promotion);
        }
        self.status.info(promotion_prompt(pos));
    }
}

fn on_press(
    press: On<Pointer<Press>>,
    tiles: Query<&CellTile>,
    pieces: Query<&PieceView>,
    piece_entities: Query<(Entity, &PieceView)>,
    parents: Query<&ChildOf>,
    mut act: Act,
    mut drag: ResMut<Drag>,
    mut guide: ResMut<PieceGuide>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
) {
    // Events bubble from meshes to their parents: handle each press once, at its origin.
    if press.entity != press.original_event_target() {
        return;
    }
    // Alt with the left button turns the camera (for a touchpad): it is not a move.
    let alt = keys.is_some_and(|k| k.any_pressed([KeyCode::AltLeft, KeyCode::AltRight]));
    if alt && press.button == PointerButton::Primary {
        return;
    }
    let Some((cell, piece)) = cell_of(press.entity, &tiles, &pieces, &parents) else {
        return;
    };
    match press.button {
        PointerButton::Primary => {
            guide.unpin();
            let was_selected = act.selection.cell == Some(cell);
            let selected = act.press(cell) || was_selected;
            *drag = Drag::default();
            if selected && act.selection.cell == Some(cell) {
                let entity = piece.or_else(|| {
                    piece_entities
                        .iter()
                        .find(|(_, v)| v.cell == cell)
                        .map(|(e, _)| e)
                });
                if let Some(entity) = entity {
                    drag.from = Some((cell, entity, press.pointer_location.position));
                    drag.was_selected = was_selected;
                }
            }
        }
        // A right-click on a piece, either side's and at any moment, shows or hides how it
        // moves without touching the game or the selection; elsewhere it drops the selection.
        PointerButton::Secondary => match act.game.board().position().piece_at(cell) {
            Some(piece) if act.board_has_focus() => guide.toggle(cell, piece),
            Some(_) => {}
            None => {
                guide.unpin();
                act.selection.clear();
                *act.promotion = PendingPromotion::default();
            }
        },
        PointerButton::Middle => {}
    }
}

fn on_release(
    release: On<Pointer<Release>>,
    tiles: Query<&CellTile>,
    pieces: Query<&PieceView>,
    parents: Query<&ChildOf>,
    mut act: Act,
    mut drag: ResMut<Drag>,
) {
    if release.entity != release.original_event_target() || release.button != PointerButton::Primary
    {
        return;
    }
    let Some((cell, _)) = cell_of(release.entity, &tiles, &pieces, &parents) else {
        return;
    };
    let Some((from, _, start)) = drag.from else {
        return;
    };
    // A drag is a press, a move of the pointer, and a release elsewhere. A release reported
    // over another cell without the pointer moving is a stale hover, not a drop.
    let moved =
        drag.moving || release.pointer_location.position.distance(start) > drag::DRAG_THRESHOLD;
    if cell != from && moved {
        act.press(cell);
        *drag = Drag::default();
    } else if !moved {
        // A plain click on the selected piece: a second click deselects it.
        if drag.was_selected && cell == from {
            act.selection.clear();
        }
        *drag = Drag::default();
    }
    // A drag released over its own piece is finished by `finish_drag`.
}

fn on_over(
    over: On<Pointer<Over>>,
    tiles: Query<&CellTile>,
    pieces: Query<&PieceView>,
    parents: Query<&ChildOf>,
    mut hovered: ResMut<Hovered>,
) {
    if over.entity != over.original_event_target() {
        return;
    }
    if let Some((cell, _)) = cell_of(over.entity, &tiles, &pieces, &parents) {
        hovered.0 = Some(cell);
    }
}

fn on_out(
    out: On<Pointer<Out>>,
    tiles: Query<&CellTile>,
    pieces: Query<&PieceView>,
    parents: Query<&ChildOf>,
    mut hovered: ResMut<Hovered>,
) {
    if out.entity != out.original_event_target() {
        return;
    }
    if let Some((cell, _)) = cell_of(out.entity, &tiles, &pieces, &parents)
        && hovered.0 == Some(cell)
    {
        hovered.0 = None;
    }
}

/// Any change to the game invalidates the selection.
fn clear_selection_on_change(
    game: Res<ChessGame>,
    mut selection: ResMut<Selection>,
    mut last: Local<u64>,
) {
    if game.revision() != *last {
        *last = game.revision();
        selection.clear();
    }
}

/// The line asking what a pawn becomes, in the variant's names and letters.
fn promotion_prompt(pos: &crate::rules::Position) -> String {
    let variant = pos.variant();
    let kinds: Vec<String> = variant
        .promotions(pos.turn())
        .iter()
        .map(|&k| {
            format!(
                "{} ({})",
                crate::game::text::piece_name(variant.kind_name(k)),
                variant.letter(k)
            )
        })
        .collect();
    tr!("input-promotion-prompt", kinds = kinds.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: &str) -> Cell {
        n.parse().unwrap()
    }

    #[test]
    fn pressing_decides_by_the_rules() {
        let game = Game::new();
        assert_eq!(decide(&game, None, c("a2"), true), Intent::Select(c("a2")));
        assert_eq!(decide(&game, None, c("e5"), true), Intent::Nothing);
        assert!(matches!(
            decide(&game, None, c("i1"), true),
            Intent::Refuse(_)
        ));
        assert!(matches!(
            decide(&game, None, c("a2"), false),
            Intent::Refuse(_)
        ));
        assert_eq!(
            decide(&game, Some(c("a2")), c("e5"), true),
            Intent::Play(Move::new(c("a2"), c("e5")))
        );
        assert_eq!(
            decide(&game, Some(c("a2")), c("a5"), true),
            Intent::Select(c("a5"))
        );
        match decide(&game, Some(c("a2")), c("f3"), true) {
            Intent::Refuse(why) => assert!(why.contains("Sorcerer"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_pawn_reaching_the_last_row_asks_for_a_choice() {
        let game = Game::from_position("k5/1P2/8/5/10/6/10/5/8/4/5K w 0 1".parse().unwrap());
        assert_eq!(
            decide(&game, Some(c("j2")), c("k3"), true),
            Intent::AskPromotion(c("j2"), c("k3"))
        );
    }
}
