//! Legal move generation.
//!
//! Moves are produced as target sets per piece: a slider's lines are walked once, duplicates
//! (a Queen reaching one cell along two lines) vanish in the set, and legality comes from the
//! check and pin masks computed once per position, not from playing every move.

use thiserror::Error;

use super::board::{LineKind, Masks, board};
use super::cell::{Cell, CellSet};
use super::movement::how_it_moves;
use super::moves::{Move, MoveList};
use super::piece::{Piece, PieceKind, Side};
use super::position::Position;
use super::variant::Variant;

/// Why a move cannot be played, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Nothing to move.
    #[error("there is no piece on {0}")]
    NoPiece(Cell),
    /// The piece belongs to the side not on move.
    #[error("it is {turn}'s turn; the piece on {cell} is {owner}'s")]
    NotYourTurn {
        /// The cell chosen.
        cell: Cell,
        /// Whose piece stands there.
        owner: Side,
        /// Whose turn it is.
        turn: Side,
    },
    /// The target holds a piece of the mover's own side.
    #[error("{0} holds one of your own pieces")]
    OwnPiece(Cell),
    /// The piece does not move that way at all.
    #[error("a {kind} cannot go from {from} to {to}: {}", how_it_moves(*.kind))]
    Unreachable {
        /// The piece's kind.
        kind: PieceKind,
        /// Start cell.
        from: Cell,
        /// Target cell.
        to: Cell,
    },
    /// The way is right but a piece stands in it.
    #[error("the way from {from} to {to} is blocked by the piece on {blocker}")]
    Blocked {
        /// Start cell.
        from: Cell,
        /// Target cell.
        to: Cell,
        /// The first piece in the way.
        blocker: Cell,
    },
    /// A pawn tried to capture with an arcwise step.
    #[error("a Pawn captures only with a forward edgewise or diagonal step, not arcwise")]
    PawnCapturesArcwise,
    /// The move ignores a check.
    #[error("your King is in check, and that move does not get it out")]
    StillInCheck,
    /// The move exposes the King.
    #[error("that move leaves your King attacked")]
    LeavesKingAttacked,
    /// A pawn reached its last row without a promotion choice.
    #[error("a Pawn reaching its last row must become a Queen, Rook, Bishop or Sorcerer")]
    PromotionRequired,
    /// A promotion was given for a move that does not promote.
    #[error("only a Pawn reaching its last row is promoted")]
    PromotionNotAllowed,
    /// A pawn may not become a King or stay a Pawn.
    #[error("a Pawn cannot become a {0}; choose a Queen, Rook, Bishop or Sorcerer")]
    BadPromotion(PieceKind),
}

/// Check and pin information for the side to move, computed once per position.
struct Safety {
    king: Option<Cell>,
    /// Non-King moves must land here (all cells when not in check; empty in a double check).
    check_mask: CellSet,
    pinned: CellSet,
    pins: [(Cell, CellSet); 16],
    pin_count: usize,
}

impl Safety {
    fn pin_mask(&self, cell: Cell) -> CellSet {
        self.pins[..self.pin_count]
            .iter()
            .filter(|(c, _)| *c == cell)
            .fold(CellSet::ALL, |acc, (_, m)| acc & *m)
    }
}

/// The cells a slider on `from` reaches along the lines it moves on (each up to its range),
/// stopping at blockers.
#[inline(always)]
fn slide(from: Cell, ranges: [u8; 3], occupied: CellSet) -> CellSet {
    let mut targets = CellSet::EMPTY;
    for line in &board().cell(from).lines {
        let range = ranges[line.kind as usize] as usize;
        if range == 0 {
            continue;
        }
        let cells = line.cells();
        // A clear line within range: all of it, without walking it.
        if range >= cells.len() && (line.mask & occupied).is_empty() {
            targets |= line.mask;
            continue;
        }
        for &c in &cells[..range.min(cells.len())] {
            targets.insert(c);
            if occupied.contains(c) {
                break;
            }
        }
    }
    targets
}

/// Cells a piece on `from` could move to given the blockers, before King safety and before
/// removing its own side's cells. `enemy` matters only for pawns. Always inlined: the move
/// generator's inner loop calls it for every piece.
#[inline(always)]
fn reach(
    v: &Variant,
    m: &Masks,
    piece: Piece,
    from: Cell,
    occupied: CellSet,
    enemy: CellSet,
) -> CellSet {
    let i = from.index();
    let k = piece.kind.index();
    if k == PieceKind::Pawn.index() {
        let s = piece.side.index();
        return (m.pawn_push[s][i] & !occupied) | (m.pawn_capture[s][i] & enemy);
    }
    let how = v.moves[k];
    let jumps = v.jumps[k][i];
    if how.slides() {
        jumps | slide(from, how.ranges(), occupied)
    } else {
        jumps
    }
}

impl Position {
    /// `side`'s pieces that slide along lines of `kind` (whatever their range).
    #[inline]
    pub(crate) fn sliders(&self, side: Side, kind: LineKind) -> CellSet {
        let mut bits = self.variant().sliders[kind as usize];
        let mut out = CellSet::EMPTY;
        while bits != 0 {
            out |= self.by_kind_index(bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
        out & self.side_cells(side)
    }

    /// Where the piece on `from` could go if King safety did not matter (any side).
    pub(crate) fn pseudo_targets(&self, from: Cell) -> CellSet {
        let Some(piece) = self.piece_at(from) else {
            return CellSet::EMPTY;
        };
        let own = self.side_cells(piece.side);
        let enemy = self.side_cells(!piece.side);
        reach(
            self.variant(),
            &board().masks,
            piece,
            from,
            own | enemy,
            enemy,
        ) & !own
    }
}

impl Position {
    fn safety(&self) -> Safety {
        let us = self.turn();
        let mut safety = Safety {
            king: self.king(us),
            check_mask: CellSet::ALL,
            pinned: CellSet::EMPTY,
            pins: [(Cell::new_unchecked(0), CellSet::EMPTY); 16],
            pin_count: 0,
        };
        let Some(king) = safety.king else {
            return safety;
        };
        let b = board();
        let m = &b.masks;
        let them = !us;
        let theirs = self.side_cells(them);
        let occupied = self.occupied();
        let v = self.variant();
        let i = king.index();
        let mut jumpers =
            m.pawn_attackers[them.index()][i] & self.kind_cells(PieceKind::Pawn) & theirs;
        let mut jumping = v.jumping;
        while jumping != 0 {
            let k = jumping.trailing_zeros() as usize;
            jumping &= jumping - 1;
            jumpers |= v.jumpers[k][i] & self.by_kind_index(k) & theirs;
        }
        for c in jumpers {
            safety.check_mask &= c.set();
        }
        let along = LineKind::ALL.map(|k| self.sliders(them, k));
        if (m.lines_of[0][i] & along[0]).is_empty()
            && (m.lines_of[1][i] & along[1]).is_empty()
            && (m.lines_of[2][i] & along[2]).is_empty()
        {
            return safety;
        }
        for line in &b.cell(king).lines {
            let sliders = along[line.kind as usize];
            if (line.mask & sliders).is_empty() {
                continue;
            }
            let mut segment = CellSet::EMPTY;
            let mut shield: Option<Cell> = None;
            for (at, &c) in line.cells().iter().enumerate() {
                segment.insert(c);
                if !occupied.contains(c) {
                    continue;
                }
                let hits = |c: Cell| {
                    sliders.contains(c) && (v.unlimited || self.reaches_along(c, line.kind, at + 1))
                };
                match shield {
                    None if theirs.contains(c) => {
                        if hits(c) {
                            safety.check_mask &= segment;
                        }
                        break;
                    }
                    None => shield = Some(c),
                    Some(own) => {
                        if hits(c) && safety.pin_count < safety.pins.len() {
                            safety.pinned.insert(own);
                            safety.pins[safety.pin_count] = (own, segment);
                            safety.pin_count += 1;
                        }
                        break;
                    }
                }
            }
        }
        safety
    }

    /// Calls `emit(from, targets, promoting)` for every piece of the side to move with its legal
    /// targets inside `filter`; `promoting` is true when the targets are promotion moves.
    #[inline]
    fn for_each_legal(&self, filter: CellSet, mut emit: impl FnMut(Cell, CellSet, bool)) {
        let us = self.turn();
        let them = !us;
        let m = &board().masks;
        let v = self.variant();
        let ours = self.side_cells(us);
        let theirs = self.side_cells(them);
        let occupied = ours | theirs;
        let safety = self.safety();
        if let Some(king) = safety.king {
            let without_king = occupied ^ king.set();
            let royal = Piece::new(us, PieceKind::King);
            let targets = reach(v, m, royal, king, occupied, theirs) & !ours & filter;
            let along = LineKind::ALL.map(|k| self.sliders(them, k));
            let safe = targets
                .filter(|&t| {
                    self.attackers_along(t, them, without_king, along)
                        .is_empty()
                })
                .collect::<CellSet>();
            if !safe.is_empty() {
                emit(king, safe, false);
            }
        }
        let allowed = safety.check_mask & !ours & filter;
        if allowed.is_empty() {
            return;
        }
        let last_row = m.last_row[us.index()];
        let movers = ours & !self.kind_cells(PieceKind::King);
        for from in movers {
            let Some(piece) = self.piece_at(from) else {
                continue;
            };
            let mut targets = reach(v, m, piece, from, occupied, theirs) & allowed;
            if safety.pinned.contains(from) {
                targets &= safety.pin_mask(from);
            }
            if targets.is_empty() {
                continue;
            }
            if piece.kind == PieceKind::Pawn {
                let promoting = targets & last_row;
                if !promoting.is_empty() {
                    emit(from, promoting, true);
                }
                targets &= !last_row;
                if targets.is_empty() {
                    continue;
                }
            }
            emit(from, targets, false);
        }
    }

    /// Appends the legal moves whose target lies in `filter` (use [`CellSet::ALL`] for all
    /// moves, the opponent's cells for captures only) to `out`.
    pub fn generate_moves(&self, filter: CellSet, out: &mut MoveList) {
        let promotions = self.variant().promotions(self.turn());
        self.for_each_legal(filter, |from, targets, promoting| {
            for to in targets {
                if promoting {
                    for &kind in promotions {
                        out.push(Move::promoting(from, to, kind));
                    }
                } else {
                    out.push(Move::new(from, to));
                }
            }
        });
    }

    /// All legal moves, ordered by start cell, then target cell, then promotion choice.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(CellSet::ALL, &mut list);
        list
    }

    /// The number of legal moves, without listing them (perft's bulk count).
    pub fn count_legal_moves(&self) -> usize {
        let mut n = 0;
        let promotions = self.variant().promotions(self.turn()).len();
        self.for_each_legal(CellSet::ALL, |_, targets, promoting| {
            n += targets.len() * if promoting { promotions } else { 1 };
        });
        n
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut any = false;
        self.for_each_legal(CellSet::ALL, |_, _, _| any = true);
        any
    }

    /// Legal targets of the piece on `from` (empty if it is not the mover's): what the board
    /// marks when a piece is selected.
    pub fn legal_targets(&self, from: Cell) -> CellSet {
        let mut out = CellSet::EMPTY;
        self.for_each_legal(CellSet::ALL, |f, targets, _| {
            if f == from {
                out |= targets;
            }
        });
        out
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Whether a move from `from` to `to` promotes (a pawn of the side to move reaching its
    /// last row), so a user interface knows to ask for the choice.
    pub fn is_promotion(&self, from: Cell, to: Cell) -> bool {
        self.piece_at(from).is_some_and(|p| {
            p.kind == PieceKind::Pawn
                && p.side == self.turn()
                && board().last_row(p.side).contains(to)
        })
    }

    /// Checks `mv` and, when it is not legal, says why.
    pub fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        let piece = self.piece_at(mv.from).ok_or(MoveError::NoPiece(mv.from))?;
        let us = self.turn();
        if piece.side != us {
            return Err(MoveError::NotYourTurn {
                cell: mv.from,
                owner: piece.side,
                turn: us,
            });
        }
        if self.side_cells(us).contains(mv.to) {
            return Err(MoveError::OwnPiece(mv.to));
        }
        self.check_reach(piece, mv)?;
        match (self.is_promotion(mv.from, mv.to), mv.promotion) {
            (true, None) => return Err(MoveError::PromotionRequired),
            (true, Some(kind)) if !self.variant().is_promotion(us, kind) => {
                return Err(MoveError::BadPromotion(kind));
            }
            (false, Some(_)) => return Err(MoveError::PromotionNotAllowed),
            _ => {}
        }
        if self.legal_targets(mv.from).contains(mv.to) {
            Ok(())
        } else if self.in_check() {
            Err(MoveError::StillInCheck)
        } else {
            Err(MoveError::LeavesKingAttacked)
        }
    }

    /// Whether the piece can physically get from `mv.from` to `mv.to`, ignoring King safety.
    fn check_reach(&self, piece: Piece, mv: Move) -> Result<(), MoveError> {
        let m = &board().masks;
        let v = self.variant();
        let occupied = self.occupied();
        let theirs = self.side_cells(!piece.side);
        if reach(v, m, piece, mv.from, occupied, theirs).contains(mv.to) {
            return Ok(());
        }
        let unreachable = MoveError::Unreachable {
            kind: piece.kind,
            from: mv.from,
            to: mv.to,
        };
        match piece.kind {
            PieceKind::Pawn if m.pawn_push[piece.side.index()][mv.from.index()].contains(mv.to) => {
                Err(MoveError::PawnCapturesArcwise)
            }
            kind if v.movement(kind).slides() => {
                let how = v.movement(kind);
                board()
                    .cell(mv.from)
                    .lines
                    .iter()
                    .filter(|l| how.slides_along(l.kind))
                    .find_map(|l| {
                        let cells = l.cells();
                        let at = cells.iter().position(|&c| c == mv.to)?;
                        if at >= how.range(l.kind) as usize {
                            return None;
                        }
                        cells[..at].iter().find(|&&c| occupied.contains(c)).copied()
                    })
                    .map_or(Err(unreachable), |blocker| {
                        Err(MoveError::Blocked {
                            from: mv.from,
                            to: mv.to,
                            blocker,
                        })
                    })
            }
            _ => Err(unreachable),
        }
    }
}
