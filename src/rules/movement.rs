//! How each kind of piece moves: the one place that says it. Move generation, routes, the
//! engine's tables, the show-lines aid, the piece guide, threats and lessons all ask
//! [`movement`], so they cannot disagree.

use super::board::LineKind;
use super::cell::{Cell, CellSet};
use super::piece::{PieceKind, Side};
use super::position::Position;

/// The ways a kind of piece moves (rule book §5).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Movement {
    /// Slides along edge-paths (Rook, Queen).
    pub edge_paths: bool,
    /// Slides along diagonal-paths (Bishop, Queen).
    pub diagonal_paths: bool,
    /// Slides along wave-paths (Bishop, Queen).
    pub wave_paths: bool,
    /// Makes knight and archer leaps (Sorcerer).
    pub leaps: bool,
    /// Takes one step of any kind (King).
    pub one_step: bool,
    /// Takes one forward step; captures only with a forward edgewise or diagonal step (Pawn).
    pub pawn_steps: bool,
}

const NOTHING: Movement = Movement {
    edge_paths: false,
    diagonal_paths: false,
    wave_paths: false,
    leaps: false,
    one_step: false,
    pawn_steps: false,
};

/// How `kind` moves.
#[inline]
pub const fn movement(kind: PieceKind) -> Movement {
    match kind {
        PieceKind::Pawn => Movement {
            pawn_steps: true,
            ..NOTHING
        },
        PieceKind::Sorcerer => Movement {
            leaps: true,
            ..NOTHING
        },
        PieceKind::Bishop => Movement {
            diagonal_paths: true,
            wave_paths: true,
            ..NOTHING
        },
        PieceKind::Rook => Movement {
            edge_paths: true,
            ..NOTHING
        },
        PieceKind::Queen => Movement {
            edge_paths: true,
            diagonal_paths: true,
            wave_paths: true,
            ..NOTHING
        },
        PieceKind::King => Movement {
            one_step: true,
            ..NOTHING
        },
    }
}

impl Movement {
    /// Whether the piece slides along lines of `kind`.
    #[inline]
    pub const fn slides_along(self, kind: LineKind) -> bool {
        match kind {
            LineKind::Edge => self.edge_paths,
            LineKind::Diagonal => self.diagonal_paths,
            LineKind::Wave => self.wave_paths,
        }
    }

    /// Whether it slides at all (its way can be blocked).
    pub const fn slides(self) -> bool {
        self.edge_paths || self.diagonal_paths || self.wave_paths
    }

    /// The line kinds it slides along, in the order a route prefers them (edge-paths first:
    /// the straightest way).
    pub fn line_kinds(self) -> impl Iterator<Item = LineKind> {
        LineKind::ALL
            .into_iter()
            .filter(move |&k| self.slides_along(k))
    }
}

/// One sentence on how a kind of piece moves, for messages and help.
pub fn how_it_moves(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::King => "the King takes one edgewise, diagonal or arcwise step",
        PieceKind::Queen => "the Queen slides along edge-paths, diagonal-paths and wave-paths",
        PieceKind::Rook => "the Rook slides along edge-paths",
        PieceKind::Bishop => "the Bishop slides along diagonal-paths and wave-paths",
        PieceKind::Sorcerer => "the Sorcerer makes knight and archer leaps",
        PieceKind::Pawn => "the Pawn takes one forward step",
    }
}

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
    }
}

/// What a piece can do from its cell, as a guide shows it: the cells it can move to and the
/// enemy pieces it can take. For the side to move these are its legal moves; for the other
/// side, the moves it would have if it were its turn (so a pinned piece shows as pinned).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Reach {
    /// Empty cells it can move to.
    pub moves: CellSet,
    /// Enemy pieces it can take.
    pub captures: CellSet,
}

impl Position {
    /// The reach of the piece on `cell`, whichever side it belongs to; `None` for an empty
    /// cell.
    pub fn reach_of(&self, cell: Cell) -> Option<Reach> {
        let piece = self.piece_at(cell)?;
        let targets = if piece.side == self.turn() {
            self.legal_targets(cell)
        } else {
            match self.with_turn(piece.side) {
                Ok(theirs) => theirs.legal_targets(cell),
                // Their King could be taken: every move "loses", show where it reaches.
                Err(_) => self.pseudo_targets(cell),
            }
        };
        let enemy = self.side_cells(!piece.side);
        Some(Reach {
            moves: targets & !enemy,
            captures: targets & enemy,
        })
    }

    /// The opponent's attacks on the side to move: every piece of the side to move that the
    /// opponent attacks, and those among them no own piece defends.
    pub fn threats(&self) -> Threats {
        self.threats_against(self.turn())
    }

    /// [`Position::threats`] against `side`'s pieces.
    pub fn threats_against(&self, side: Side) -> Threats {
        let occupied = self.occupied();
        let mut out = Threats::default();
        for cell in self.side_cells(side) {
            if self.attacked_by(cell, !side, occupied) {
                out.attacked.insert(cell);
                // A defender is an own piece that could take back on the cell.
                if self.attackers(cell, side, occupied).is_empty() {
                    out.undefended.insert(cell);
                }
            }
        }
        out
    }
}

/// Pieces under attack.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Threats {
    /// Attacked by the opponent.
    pub attacked: CellSet,
    /// Attacked and not defended by any own piece.
    pub undefended: CellSet,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Piece;

    fn c(n: &str) -> Cell {
        n.parse().unwrap()
    }

    #[test]
    fn every_kind_moves_in_exactly_its_ways() {
        for kind in PieceKind::ALL {
            let m = movement(kind);
            let ways = [m.slides(), m.leaps, m.one_step, m.pawn_steps];
            assert_eq!(ways.iter().filter(|&&w| w).count(), 1, "{kind}");
        }
        let queen = movement(PieceKind::Queen);
        assert_eq!(queen.line_kinds().collect::<Vec<_>>(), LineKind::ALL);
        let bishop: Vec<_> = movement(PieceKind::Bishop).line_kinds().collect();
        assert_eq!(bishop, [LineKind::Diagonal, LineKind::Wave]);
    }

    #[test]
    fn the_reach_of_either_side_is_its_moves_as_if_it_were_its_turn() {
        let pos = Position::start();
        // White to move: Black's Sorcerer's reach is Black's legal leaps from i... mirrored.
        let white = pos.reach_of(c("a2")).unwrap();
        assert_eq!(white.moves, pos.legal_targets(c("a2")));
        let black_cell = crate::rules::board().mirror_top_bottom(c("a2"));
        let black = pos.reach_of(black_cell).unwrap();
        let mirrored: CellSet = white
            .moves
            .map(|x| crate::rules::board().mirror_top_bottom(x))
            .collect();
        assert_eq!(black.moves, mirrored);
        assert!(pos.reach_of(c("e5")).is_none());
    }

    #[test]
    fn threats_match_attacks_and_defence() {
        // A White Rook attacked by a Black Rook, undefended; White to move.
        let pos: Position = "k5/4/8/5/10/6/10/5/8/4/3KRr w 0 1".parse().unwrap();
        let t = pos.threats();
        let rook = pos
            .pieces(Piece::new(Side::White, PieceKind::Rook))
            .first()
            .unwrap();
        assert_eq!(
            t.attacked.contains(rook),
            pos.attacked_by(rook, Side::Black, pos.occupied())
        );
        assert!((t.undefended & !t.attacked).is_empty());
        for cell in t.attacked {
            assert_eq!(pos.piece_at(cell).map(|p| p.side), Some(Side::White));
        }
    }
}
