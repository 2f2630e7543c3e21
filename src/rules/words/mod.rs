//! The board's geometry in words, for players who cannot see it (rule book §11): every side and
//! acute corner of a cell named by the hour it points to on a clock face seen with White at the
//! bottom ("across the 2 o'clock side", "through the 1 o'clock corner"). This module computes
//! the facts (which cell lies where, where a piece's lines run and what ends them, a move's
//! parts); [`say`] puts them into English or German. The blind mode of the web pages and the
//! window's accessibility names both read it, so they cannot disagree.

use super::board::{LeapKind, LineKind, Point, StepKind, Turn, Via, board};
use super::cell::Cell;
use super::game::{Game, Outcome, board_outcome};
use super::moves::Move;
use super::piece::{Piece, PieceKind, Side};
use super::position::Position;

pub mod ask;
pub mod say;
#[cfg(test)]
mod tests;

pub use say::Lang;

/// The hour (1 to 12) a direction points to on a clock face with 12 up (toward Black) and 3 to
/// White's right. `d` is in lattice units (`u` counts √3/2, `v` counts 1/2).
pub fn hour_of(d: Point) -> u8 {
    let [x, y] = d.xy();
    let bearing = x.atan2(y).to_degrees().rem_euclid(360.0);
    match (bearing / 30.0).round() as u8 % 12 {
        0 => 12,
        h => h,
    }
}

/// Twice the vector from a cell's centre to `p` (an integer lattice vector).
fn from_centre(cell: Cell, p2: Point) -> Point {
    let c = board().cell(cell).centre2();
    Point {
        u: p2.u - c.u,
        v: p2.v - c.v,
    }
}

/// The hour of a cell's side `i` (joining corners `i` and `i+1`).
pub fn side_hour(cell: Cell, side: usize) -> u8 {
    let info = board().cell(cell);
    let (a, b) = (info.corners[side % 4], info.corners[(side + 1) % 4]);
    hour_of(from_centre(
        cell,
        Point {
            u: a.u + b.u,
            v: a.v + b.v,
        },
    ))
}

/// The hour of a cell's acute corner `p`.
pub fn corner_hour(cell: Cell, p: Point) -> u8 {
    hour_of(from_centre(
        cell,
        Point {
            u: 2 * p.u,
            v: 2 * p.v,
        },
    ))
}

/// Where a step leaves its cell, named by the clock.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Through {
    /// Across the side at this hour.
    Side(u8),
    /// Through the acute corner at this hour, straight on (`None`) or turning.
    Corner(u8, Option<Turn>),
}

/// How the step `from → …` crosses out of `from`.
fn through(from: Cell, kind: StepKind, via: Via) -> Through {
    match via {
        Via::Side(a, b) => Through::Side(hour_of(from_centre(
            from,
            Point {
                u: a.u + b.u,
                v: a.v + b.v,
            },
        ))),
        Via::Corner(p) => Through::Corner(
            corner_hour(from, p),
            match kind {
                StepKind::Arcwise(t) => Some(t),
                _ => None,
            },
        ),
    }
}

/// What lies across one side of a cell.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SideWords {
    /// The side's hour.
    pub hour: u8,
    /// The cell across it, `None` at the board's rim.
    pub cell: Option<Cell>,
}

/// What lies through one acute corner of a cell.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CornerWords {
    /// The corner's hour.
    pub hour: u8,
    /// The cell straight on (the diagonal step).
    pub straight: Option<Cell>,
    /// The cell turning left (counter-clockwise, seen from the cell toward the corner).
    pub left: Option<Cell>,
    /// The cell turning right.
    pub right: Option<Cell>,
}

/// A cell's surroundings: its four sides and two acute corners, clockwise from 12.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Around {
    /// The cell.
    pub cell: Cell,
    /// Its sides, by hour.
    pub sides: [SideWords; 4],
    /// Its acute corners, by hour.
    pub corners: [CornerWords; 2],
}

/// The cells across each side and through each acute corner of `cell`.
pub fn around(cell: Cell) -> Around {
    let info = board().cell(cell);
    let mut sides: [SideWords; 4] = std::array::from_fn(|i| SideWords {
        hour: side_hour(cell, i),
        cell: info.edge[i].map(|s| s.to),
    });
    sides.sort_by_key(|s| s.hour % 12);
    let mut corners: [CornerWords; 2] = std::array::from_fn(|i| CornerWords {
        hour: corner_hour(cell, info.acute[i]),
        straight: info.diagonal[i].map(|s| s.to),
        left: info.arc[i][0].map(|s| s.to),
        right: info.arc[i][1].map(|s| s.to),
    });
    corners.sort_by_key(|c| c.hour % 12);
    Around {
        cell,
        sides,
        corners,
    }
}

/// What ends a line (or stops a step or a leap).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum End {
    /// It runs to the board's rim.
    Rim,
    /// The piece's range ends before the rim.
    Range,
    /// A piece of the mover's side stands on this cell: the line stops before it.
    Own(Cell, PieceKind),
    /// An enemy piece stands on this cell: the line ends by taking it.
    Takes(Cell, PieceKind),
}

/// One way a piece moves from its cell, in order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineWords {
    /// Edge-, diagonal- or wave-path (a one-cell step is a line of range 1).
    pub kind: LineKind,
    /// Where its first step leaves the cell (a wave-path's first turn; then it alternates).
    pub start: Through,
    /// The empty cells it passes, in order (a taken piece's cell is in `end`).
    pub cells: Vec<Cell>,
    /// What ends it.
    pub end: End,
}

/// One leap.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LeapWords {
    /// Knight or archer leap.
    pub kind: LeapKind,
    /// How its first step leaves the cell.
    pub first: Through,
    /// The cell it passes over.
    pub over: Cell,
    /// Where it lands.
    pub to: Cell,
    /// What stands there (own pieces block the leap; enemies are taken).
    pub target: Option<Piece>,
}

/// The reach of a piece: its lines and steps in order, its leaps (rule book §11).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReachWords {
    /// The piece.
    pub piece: Piece,
    /// Its cell.
    pub cell: Cell,
    /// Lines (and one-cell steps, and a Pawn's forward steps), clockwise by their start.
    pub lines: Vec<LineWords>,
    /// Leaps.
    pub leaps: Vec<LeapWords>,
}

/// Clock order of a start: the hour (12 first), sides before corners at the same hour, then
/// left, straight, right.
fn start_order(t: Through) -> (u8, u8) {
    match t {
        Through::Side(h) => (h % 12, 0),
        Through::Corner(h, Some(Turn::Left)) => (h % 12, 1),
        Through::Corner(h, None) => (h % 12, 2),
        Through::Corner(h, Some(Turn::Right)) => (h % 12, 3),
    }
}

/// The lines, steps and leaps of the piece on `cell` with what ends each, ignoring whether the
/// move would leave its King attacked (that is `m`'s business): the geometry a player needs to
/// picture the piece's reach. `None` for an empty cell.
pub fn reach(pos: &Position, cell: Cell) -> Option<ReachWords> {
    let piece = pos.piece_at(cell)?;
    let how = pos.variant().movement(piece.kind);
    let info = board().cell(cell);
    let end_at = |c: Cell| -> Option<End> {
        pos.piece_at(c).map(|p| {
            if p.side == piece.side {
                End::Own(c, p.kind)
            } else {
                End::Takes(c, p.kind)
            }
        })
    };
    let mut lines = Vec::new();
    // Slides along lines, with their ranges.
    for line in &info.lines {
        let range = how.range(line.kind);
        if range == 0 {
            continue;
        }
        let Some(first) = line.steps.first() else {
            continue;
        };
        let mut cells = Vec::new();
        let mut end = End::Rim;
        for (i, &c) in line.cells().iter().enumerate() {
            if i >= range as usize {
                end = End::Range;
                break;
            }
            if let Some(e) = end_at(c) {
                end = e;
                break;
            }
            cells.push(c);
        }
        lines.push(LineWords {
            kind: line.kind,
            start: through(cell, first.kind, first.via),
            cells,
            end,
        });
    }
    // One-cell steps (the King's), as lines of range 1; a Pawn's forward steps.
    let steps: Vec<_> = if how.pawn_steps() {
        info.pawn_steps[piece.side.index()]
            .iter()
            .map(|p| p.step)
            .collect()
    } else {
        info.steps().filter(|s| how.steps_of(s.kind)).collect()
    };
    for step in steps {
        let kind = match step.kind {
            StepKind::Edgewise => LineKind::Edge,
            StepKind::Diagonal => LineKind::Diagonal,
            StepKind::Arcwise(_) => LineKind::Wave,
        };
        let (cells, end) = match end_at(step.to) {
            Some(e) => (Vec::new(), e),
            None => (vec![step.to], End::Range),
        };
        lines.push(LineWords {
            kind,
            start: through(cell, step.kind, step.via),
            cells,
            end,
        });
    }
    lines.sort_by_key(|l| start_order(l.start));
    let mut leaps: Vec<LeapWords> = info
        .leaps
        .iter()
        .filter(|l| how.leaps_of(l.kind))
        .map(|l| LeapWords {
            kind: l.kind,
            first: through(cell, l.first.kind, l.first.via),
            over: l.via(),
            to: l.to(),
            target: pos.piece_at(l.to()),
        })
        .collect();
    leaps.sort_by_key(|l| (start_order(l.first), l.to.index()));
    Some(ReachWords {
        piece,
        cell,
        lines,
        leaps,
    })
}

/// A move as it is said: "Black Sorcerer g3 takes Bishop e5, check".
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct MoveWords {
    /// The piece that moved (before a promotion).
    pub piece: Piece,
    /// From.
    pub from: Cell,
    /// To.
    pub to: Cell,
    /// The kind taken, if any.
    pub takes: Option<PieceKind>,
    /// The kind a Pawn became.
    pub promotion: Option<PieceKind>,
    /// Whether it gives check.
    pub check: bool,
    /// How the game ended with it (checkmate, stalemate, a draw by the board).
    pub ends: Option<Outcome>,
}

/// Checkmate or stalemate on the board (the rules' [`board_outcome`], without the draws that
/// need the game's history).
fn mate_or_stalemate(pos: &Position) -> Option<Outcome> {
    board_outcome(pos, &[])
        .filter(|o| matches!(o, Outcome::Checkmate { .. } | Outcome::Stalemate { .. }))
}

/// The words of `mv` played in `before`; `None` when no piece stands on its start cell.
pub fn move_words(before: &Position, mv: Move) -> Option<MoveWords> {
    let piece = before.piece_at(mv.from)?;
    let after = before.after(mv);
    let ends = mate_or_stalemate(&after);
    Some(MoveWords {
        piece,
        from: mv.from,
        to: mv.to,
        takes: before.piece_at(mv.to).map(|p| p.kind),
        promotion: mv.promotion,
        check: after.in_check(),
        ends,
    })
}

/// The words of the game's last move, with the game's own ending (repetition, 100 half-moves).
pub fn last_move_words(game: &Game) -> Option<MoveWords> {
    let plies = game.plies();
    let last = plies.last()?;
    let before = match plies.len() {
        1 => game.start_position().clone(),
        n => {
            let mut p = game.start_position().clone();
            for ply in &plies[..n - 1] {
                p.make_move(ply.mv);
            }
            p
        }
    };
    let mut words = move_words(&before, last.mv)?;
    if words.ends.is_none() {
        words.ends = game
            .outcome()
            .filter(|o| matches!(o, Outcome::Repetition | Outcome::FiftyMoves));
    }
    Some(words)
}

/// Where the pieces of `kind` stand, per side (White first), in cell order.
pub fn where_are(pos: &Position, kind: PieceKind) -> [Vec<Cell>; 2] {
    Side::BOTH.map(|side| pos.pieces(Piece::new(side, kind)).into_iter().collect())
}
