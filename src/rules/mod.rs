//! The rules of Parachess, as a pure library: board geometry, positions, legal moves, game end,
//! position text and move text. No graphics, files or threads: everything else builds on this.

pub mod board;
pub mod cell;
pub mod clock;
pub mod game;
pub mod movegen;
pub mod movement;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod record;
pub mod route;
pub mod setup;
pub mod text;
pub mod variant;
pub mod words;
mod zobrist;

pub use board::{
    Board, CellInfo, Leap, LeapKind, Line, LineKind, PawnStep, Point, Shape, Step, StepKind, Turn,
    Via, board,
};
pub use cell::{CELL_COUNT, Cell, CellSet, ParseCellError};
pub use game::{Game, Outcome, PlayError, Ply, board_outcome};
pub use movegen::MoveError;
pub use movement::{AtomError, Movement, Reach, Threats, UNLIMITED, how_it_moves, movement};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::{MarkError, MoveTextError, MoveTextErrorKind};
pub use piece::{MAX_KINDS, Piece, PieceKind, Side};
pub use position::{Position, START_TEXT, Undo};
pub use route::Route;
pub use setup::{Setup, SetupCheck, SetupNote};
pub use text::{PositionError, PositionErrorKind};
pub use variant::{
    KindInfo, Look, PieceDef, SHUFFLE_COUNT, Variant, VariantDef, VariantError, VariantFileError,
};
