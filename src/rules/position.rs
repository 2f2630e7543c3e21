//! Positions: where the pieces stand, whose turn it is, and the clocks.

use super::board::{LineKind, board};
use super::cell::{CELL_COUNT, Cell, CellSet};
use super::moves::Move;
use super::piece::{MAX_KINDS, Piece, PieceKind, Side};
use super::text::{PositionError, PositionErrorKind};
use super::variant::Variant;
use super::zobrist;

/// A position as a value: copying it is cheap and it never allocates. It carries its variant
/// (the army's kinds and how they move), interned, for the price of a pointer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    squares: [Option<Piece>; CELL_COUNT],
    by_side: [CellSet; 2],
    by_kind: [CellSet; MAX_KINDS],
    variant: &'static Variant,
    turn: Side,
    halfmove_clock: u32,
    fullmove_number: u32,
    hash: u64,
}

/// What [`Position::make_move`] needs to put back on [`Position::unmake_move`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Undo {
    /// The piece taken, if any.
    pub captured: Option<Piece>,
    halfmove_clock: u32,
    fullmove_number: u32,
    hash: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

/// The rule book's starting position (§7).
pub const START_TEXT: &str = "rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1";

impl Position {
    /// A board with no pieces, White to move, in `variant`. Not a legal position until Kings
    /// are placed; used by the parser and the board editor's setup.
    pub(crate) fn empty_in(variant: &'static Variant) -> Position {
        Position {
            squares: [None; CELL_COUNT],
            by_side: [CellSet::EMPTY; 2],
            by_kind: [CellSet::EMPTY; MAX_KINDS],
            variant,
            turn: Side::White,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
        }
    }

    /// The starting position.
    pub fn start() -> Position {
        // The constant is covered by tests; failing here would be a programming error.
        START_TEXT
            .parse()
            .unwrap_or_else(|e| panic!("start position: {e}"))
    }

    /// The variant this position belongs to.
    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The piece on `cell`.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.squares[cell.index()]
    }

    /// Whose turn it is.
    #[inline]
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Move number, starting at 1 and growing after each Black move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Zobrist hash of placement and side to move (not the clocks): equal positions for the
    /// repetition rule have equal hashes.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Cells holding `side`'s pieces.
    #[inline]
    pub fn side_cells(&self, side: Side) -> CellSet {
        self.by_side[side.index()]
    }

    /// Cells holding pieces of `kind`, either side.
    #[inline]
    pub fn kind_cells(&self, kind: PieceKind) -> CellSet {
        self.by_kind[kind.index()]
    }

    /// Cells holding pieces of the kind in slot `index` (below [`MAX_KINDS`]).
    #[inline]
    pub(crate) fn by_kind_index(&self, index: usize) -> CellSet {
        self.by_kind[index]
    }

    /// Cells holding `piece`.
    #[inline]
    pub fn pieces(&self, piece: Piece) -> CellSet {
        self.by_side[piece.side.index()] & self.by_kind[piece.kind.index()]
    }

    /// All occupied cells.
    #[inline]
    pub fn occupied(&self) -> CellSet {
        self.by_side[0] | self.by_side[1]
    }

    /// Where `side`'s King stands (a parsed position always has exactly one).
    #[inline]
    pub fn king(&self, side: Side) -> Option<Cell> {
        self.pieces(Piece::new(side, PieceKind::King)).first()
    }

    /// Every piece with its cell, in cell order.
    pub fn placement(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        Cell::all().filter_map(|c| self.piece_at(c).map(|p| (c, p)))
    }

    pub(crate) fn put(&mut self, cell: Cell, piece: Piece) {
        debug_assert!(self.squares[cell.index()].is_none());
        self.squares[cell.index()] = Some(piece);
        self.by_side[piece.side.index()].insert(cell);
        self.by_kind[piece.kind.index()].insert(cell);
        self.hash ^= zobrist::piece(piece, cell);
    }

    fn take(&mut self, cell: Cell) -> Option<Piece> {
        let piece = self.squares[cell.index()].take()?;
        self.by_side[piece.side.index()].remove(cell);
        self.by_kind[piece.kind.index()].remove(cell);
        self.hash ^= zobrist::piece(piece, cell);
        Some(piece)
    }

    pub(crate) fn set_turn(&mut self, side: Side) {
        if self.turn != side {
            self.hash ^= zobrist::side_to_move();
            self.turn = side;
        }
    }

    pub(crate) fn set_clocks(&mut self, halfmove_clock: u32, fullmove_number: u32) {
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number;
    }

    /// The same placement and clocks with `side` to move: how an exercise with an opponent that
    /// does not move hands the move back. Refused, like position text, when `side` could then
    /// capture the opposing King (the hand-back would make a position no game can reach).
    pub fn with_turn(&self, side: Side) -> Result<Position, PositionError> {
        if let Some(king) = self.king(!side)
            && self.attacked_by(king, side, self.occupied())
        {
            return Err(PositionError {
                kind: PositionErrorKind::KingCapturable(side),
                column: 1,
            });
        }
        let mut next = self.clone();
        next.set_turn(side);
        Ok(next)
    }

    /// Whether `mv` takes a piece.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.squares[mv.to.index()].is_some()
    }

    /// Plays `mv`, which must be legal here (from [`Position::legal_moves`] or checked with
    /// [`Position::is_legal`]), and returns what [`Position::unmake_move`] needs.
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let hash = self.hash;
        let undo = Undo {
            captured: self.take(mv.to),
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash,
        };
        let moving = self
            .take(mv.from)
            .unwrap_or_else(|| panic!("make_move: no piece on {}", mv.from));
        let placed = match mv.promotion {
            Some(kind) => Piece::new(moving.side, kind),
            None => moving,
        };
        self.put(mv.to, placed);
        if undo.captured.is_some() || moving.kind == PieceKind::Pawn {
            self.halfmove_clock = 0;
        } else {
            // Saturating: a position text may start the clocks anywhere up to u32::MAX.
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        if self.turn == Side::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.set_turn(!self.turn);
        undo
    }

    /// Takes back `mv`, which must be the last move made, with the [`Undo`] it returned.
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        self.set_turn(!self.turn);
        let placed = self
            .take(mv.to)
            .unwrap_or_else(|| panic!("unmake_move: no piece on {}", mv.to));
        let moving = if mv.promotion.is_some() {
            Piece::new(placed.side, PieceKind::Pawn)
        } else {
            placed
        };
        self.put(mv.from, moving);
        if let Some(captured) = undo.captured {
            self.put(mv.to, captured);
        }
        self.halfmove_clock = undo.halfmove_clock;
        self.fullmove_number = undo.fullmove_number;
        debug_assert_eq!(self.hash, undo.hash);
    }

    /// The position after `mv` (which must be legal), leaving `self` untouched.
    pub fn after(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.make_move(mv);
        next
    }

    /// Whether `side` attacks `cell`, with `occupied` as the blockers (so a caller can look
    /// through a piece that is about to move).
    pub fn attacked_by(&self, cell: Cell, side: Side, occupied: CellSet) -> bool {
        !self.attackers(cell, side, occupied).is_empty()
    }

    /// All of `side`'s pieces that attack `cell`, with `occupied` as the blockers.
    pub fn attackers(&self, cell: Cell, side: Side, occupied: CellSet) -> CellSet {
        let along = LineKind::ALL.map(|k| self.sliders(side, k));
        self.attackers_along(cell, side, occupied, along)
    }

    /// [`Position::attackers`] with `side`'s sliders per line kind already gathered, for
    /// callers that ask about many cells.
    #[inline]
    pub(crate) fn attackers_along(
        &self,
        cell: Cell,
        side: Side,
        occupied: CellSet,
        along: [CellSet; 3],
    ) -> CellSet {
        let b = board();
        let m = &b.masks;
        let v = self.variant;
        let i = cell.index();
        let theirs = self.by_side[side.index()] & occupied;
        let mut found = m.pawn_attackers[side.index()][i] & self.by_kind[0] & theirs;
        let mut jumping = v.jumping;
        while jumping != 0 {
            let k = jumping.trailing_zeros() as usize;
            jumping &= jumping - 1;
            found |= v.jumpers[k][i] & self.by_kind[k] & theirs;
        }
        let along = along.map(|a| a & occupied);
        if (m.lines_of[0][i] & along[0]).is_empty()
            && (m.lines_of[1][i] & along[1]).is_empty()
            && (m.lines_of[2][i] & along[2]).is_empty()
        {
            return found;
        }
        for line in &b.cell(cell).lines {
            let sliders = along[line.kind as usize];
            if (line.mask & sliders).is_empty() {
                continue;
            }
            if let Some((at, &hit)) = line
                .cells()
                .iter()
                .enumerate()
                .find(|&(_, &c)| occupied.contains(c))
                && sliders.contains(hit)
                && (v.unlimited || self.reaches_along(hit, line.kind, at + 1))
            {
                found.insert(hit);
            }
        }
        found
    }

    /// Whether the slider on `cell` slides at least `distance` cells along lines of `kind`.
    #[inline]
    pub(crate) fn reaches_along(&self, cell: Cell, kind: LineKind, distance: usize) -> bool {
        self.squares[cell.index()]
            .is_some_and(|p| self.variant.moves[p.kind.index()].range(kind) as usize >= distance)
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> CellSet {
        match self.king(self.turn) {
            Some(k) => self.attackers(k, !self.turn, self.occupied()),
            None => CellSet::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// The position seen in a left–right mirror: same side to move.
    pub fn mirror_left_right(&self) -> Position {
        self.transformed(|c| board().mirror_left_right(c), |p| p, self.turn)
    }

    /// The position seen in a top–bottom mirror with the colours swapped: the same game
    /// from the other side of the table.
    pub fn mirror_top_bottom(&self) -> Position {
        self.transformed(
            |c| board().mirror_top_bottom(c),
            |p| Piece::new(!p.side, p.kind),
            !self.turn,
        )
    }

    fn transformed(
        &self,
        cell: impl Fn(Cell) -> Cell,
        piece: impl Fn(Piece) -> Piece,
        turn: Side,
    ) -> Position {
        let mut out = Position::empty_in(self.variant);
        for (c, p) in self.placement() {
            out.put(cell(c), piece(p));
        }
        out.set_turn(turn);
        out.set_clocks(self.halfmove_clock, self.fullmove_number);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn with_turn_hands_the_move_over() {
        let start = Position::start();
        let black = start.with_turn(Side::Black).unwrap();
        assert_eq!(black.turn(), Side::Black);
        assert_eq!(black.placement().count(), start.placement().count());
        assert_ne!(black.hash(), start.hash());
        assert_eq!(black.with_turn(Side::White), Ok(start.clone()));
        assert_eq!(start.with_turn(Side::White), Ok(start));
    }

    #[test]
    fn with_turn_refuses_a_capturable_king() {
        // Black to move and in check: the white Rook on e1 attacks the black King on e5.
        let check = pos("6/4/8/5/10/6/R3k5/5/8/4/K5 b 0 1");
        assert_eq!(
            check.with_turn(Side::White).map_err(|e| e.kind),
            Err(PositionErrorKind::KingCapturable(Side::White))
        );
        assert_eq!(check.with_turn(Side::Black), Ok(check.clone()));
        // Without the check, either side may have the move.
        let quiet = pos("6/4/8/5/k9/6/R9/5/8/4/K5 b 0 1");
        let white = quiet.with_turn(Side::White).unwrap();
        assert_eq!(white.turn(), Side::White);
        assert_eq!(white.to_string(), "6/4/8/5/k9/6/R9/5/8/4/K5 w 0 1");
    }
}
