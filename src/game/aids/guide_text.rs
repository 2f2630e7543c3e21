//! The piece guide's prose about the standard kinds: words for the window, not rules (the
//! rules say how a kind moves in atoms; this says it to a person).

use crate::rules::PieceKind;
use crate::tr;

/// The piece guide's two sentences about a kind: how it moves, and what to remember.
pub fn guide_text(kind: PieceKind) -> [String; 2] {
    match kind {
        PieceKind::King => [tr!("guide-king-1"), tr!("guide-king-2")],
        PieceKind::Queen => [tr!("guide-queen-1"), tr!("guide-queen-2")],
        PieceKind::Rook => [tr!("guide-rook-1"), tr!("guide-rook-2")],
        PieceKind::Bishop => [tr!("guide-bishop-1"), tr!("guide-bishop-2")],
        PieceKind::Sorcerer => [tr!("guide-sorcerer-1"), tr!("guide-sorcerer-2")],
        PieceKind::Pawn => [tr!("guide-pawn-1"), tr!("guide-pawn-2")],
        _ => [tr!("guide-other"), String::new()],
    }
}
