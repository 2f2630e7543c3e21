//! What the show-lines aid marks at the end of a piece's lines, leaps and steps, told apart so
//! that nothing of the player's own reads as a target: a cell it can go to, a piece it can take,
//! and a piece of its own side it defends (or an empty cell a pawn only guards).

use crate::rules::{Cell, Position, board};

/// What a piece can do at a cell its lines, leaps or steps reach.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineMark {
    /// An empty cell it can go to (a leap's or a step's; a line's cells are its line).
    Move,
    /// A piece of the other side it can take.
    Take,
    /// A piece of its own side it defends, or an empty cell a pawn covers but cannot enter.
    Defend,
}

/// The cells the piece on `cell` reaches and what it can do there: each leap's and step's
/// end, each line's first piece in the way, a pawn's forward steps while empty and its
/// capturing steps. Empty when no piece stands there. Checks and pins are not weighed: this
/// is geometry, as the lines are.
pub fn line_marks(pos: &Position, cell: Cell) -> Vec<(Cell, LineMark)> {
    let Some(piece) = pos.piece_at(cell) else {
        return Vec::new();
    };
    let info = board().cell(cell);
    let how = pos.variant().movement(piece.kind);
    let at = |to: Cell| match pos.piece_at(to) {
        None => LineMark::Move,
        Some(p) if p.side == piece.side => LineMark::Defend,
        Some(_) => LineMark::Take,
    };
    let mut out = Vec::new();
    let mut add = |to: Cell, what: LineMark| {
        if !out.iter().any(|&(c, _)| c == to) {
            out.push((to, what));
        }
    };
    if how.pawn_steps() {
        for ps in &info.pawn_steps[piece.side.index()] {
            let to = ps.step.to;
            match (ps.captures, at(to)) {
                (false, LineMark::Move) => add(to, LineMark::Move),
                // A pawn walks only onto empty cells.
                (false, _) => {}
                (true, LineMark::Move) => add(to, LineMark::Defend),
                (true, what) => add(to, what),
            }
        }
        return out;
    }
    for line in info.lines.iter().filter(|l| how.slides_along(l.kind)) {
        let cells = &line.cells()[..line.cells().len().min(how.range(line.kind) as usize)];
        if let Some(&first) = cells.iter().find(|&&c| pos.piece_at(c).is_some()) {
            add(first, at(first));
        }
    }
    if how.leaps() {
        for leap in info.leaps.iter().filter(|l| how.leaps_of(l.kind)) {
            add(leap.to(), at(leap.to()));
        }
    }
    for step in info.steps().filter(|s| how.steps_of(s.kind)) {
        add(step.to, at(step.to));
    }
    out
}
