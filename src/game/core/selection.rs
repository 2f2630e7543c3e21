//! What the pointer and the keyboard point at on the board: the selected piece, the hovered
//! cell, whether a press means a cell rather than a piece, a promotion being chosen, a refused
//! attempt, and the view commands a person gives.

use bevy::prelude::*;

use crate::rules::{Cell, CellSet, Piece, Reach};

/// The selected piece and its legal targets (what the board marks).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// The selected piece's cell.
    pub cell: Option<Cell>,
    /// Where it may go.
    pub targets: CellSet,
}

impl Selection {
    /// Nothing selected.
    pub fn clear(&mut self) {
        self.cell = None;
        self.targets = CellSet::EMPTY;
    }
}

/// The cell under the pointer.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hovered(pub Option<Cell>);

/// When on, a press on the board means the cell itself, not a piece to move: presses are sent
/// as [`CellClicked`] and nothing is selected (an exercise that asks for cells, or a board that
/// takes no moves right now).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellPicking(pub bool);

/// A cell pressed while [`CellPicking`] is on.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellClicked(pub Cell);

/// A move attempt the rules refused before it became a [`MoveRequest`](super::state::MoveRequest): the piece on `from`
/// cannot go to `to` (the status line says why). Lets a screen show that piece's lines.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefusedMove {
    /// The selected piece's cell.
    pub from: Cell,
    /// Where the player tried to put it.
    pub to: Cell,
}

/// A pawn move waiting for the player to choose what it becomes.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingPromotion {
    /// The pawn's cell and where it goes, while the chooser is open.
    pub cells: Option<(Cell, Cell)>,
    /// The move is a premove (chosen during the opponent's turn): the choice keeps it
    /// waiting instead of playing it.
    pub premove: bool,
}

impl PendingPromotion {
    /// The side whose pawn promotes: the pawn's own (a premove's pawn is not the side to
    /// move), so the chooser offers that side's pieces.
    pub fn side(&self, pos: &crate::rules::Position) -> crate::rules::Side {
        self.cells
            .and_then(|(from, _)| pos.piece_at(from))
            .map_or(pos.turn(), |p| p.side)
    }
}

/// Sent when a person asks to flip the board, switch views and so on: the view plugins act.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewCommand {
    /// Turn the board around.
    Flip,
    /// Switch between 2D and 3D.
    ToggleView,
    /// Show or hide cell names.
    ToggleNames,
    /// Show or hide the lines of the hovered piece permanently.
    ToggleLines,
    /// Sound on or off.
    ToggleMute,
    /// The camera back to where a game starts (turn, tilt and zoom undone).
    ResetView,
}

/// The piece whose guide is shown.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct PieceGuide {
    /// Pinned by a right-click: the cell and the piece that stood there.
    pub(crate) pinned: Option<(Cell, Piece)>,
    /// What is shown now (the pinned piece, or the one under the pointer while Shift is held).
    pub(crate) shown: Option<GuideView>,
}

/// A piece and what it can do, as shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuideView {
    /// Its cell.
    pub cell: Cell,
    /// The piece.
    pub piece: Piece,
    /// Where it can move and what it can take.
    pub reach: Reach,
}

impl PieceGuide {
    /// What is shown now, if anything.
    pub fn shown(&self) -> Option<GuideView> {
        self.shown
    }

    /// Shows the guide of `piece` on `cell`, or hides it when it is the one shown.
    pub(crate) fn toggle(&mut self, cell: Cell, piece: Piece) {
        self.pinned = match self.pinned {
            Some((c, _)) if c == cell => None,
            _ => Some((cell, piece)),
        };
    }

    /// Stops showing a guide pinned by a right-click.
    pub(crate) fn unpin(&mut self) {
        self.pinned = None;
    }
}
