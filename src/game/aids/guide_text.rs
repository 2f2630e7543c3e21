//! The piece guide's prose about the standard kinds: words for the window, not rules (the
//! rules say how a kind moves in atoms; this says it to a person).

use crate::rules::PieceKind;

/// The piece guide's two sentences about a kind: how it moves, and what to remember.
pub fn guide_text(kind: PieceKind) -> [&'static str; 2] {
    match kind {
        PieceKind::King => [
            "The King takes one step of any kind: edgewise across a side, diagonal through an \
             acute corner, or arcwise through a corner onto another colour.",
            "Lose every legal move and you lose the game, in check or not: keep your King \
             free.",
        ],
        PieceKind::Queen => [
            "The Queen slides any distance along edge-paths (blue), diagonal-paths (orange) \
             and wave-paths (green).",
            "She cannot jump: the first piece on a line stops her, and she may take it if it \
             is an enemy.",
        ],
        PieceKind::Rook => [
            "The Rook slides along edge-paths: straight on across opposite sides of each \
             rhombus (blue).",
            "Edge-paths cross cells of all three colours, so a Rook reaches every part of \
             the board.",
        ],
        PieceKind::Bishop => [
            "The Bishop slides along diagonal-paths (orange), which keep to one colour, and \
             wave-paths (green), which zig-zag through acute corners.",
            "Wave-paths change colour at every step, so a Bishop is not tied to one colour.",
        ],
        PieceKind::Sorcerer => [
            "The Sorcerer leaps two steps in one: a knight leap (diagonal then edgewise, or \
             the reverse) or an archer leap (arcwise then diagonal, or the reverse).",
            "Nothing can block a leap: the cell in between does not matter.",
        ],
        PieceKind::Pawn => [
            "The Pawn takes one forward step of any kind to an empty cell; it captures only \
             with a forward edgewise or diagonal step.",
            "On the last row it becomes a Queen, Rook, Bishop or Sorcerer. No double step, no \
             en passant.",
        ],
        _ => ["It moves as its variant says.", ""],
    }
}
