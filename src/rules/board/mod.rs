//! Board geometry, built once from the corner coordinates in `board-cells.csv`.
//!
//! Everything that depends on the shape of the board (steps, lines, leaps, pawn directions) is
//! derived here from the cells' corners, never written by hand, and shared by move generation,
//! highlighting and animation alike.

use std::sync::LazyLock;

use super::cell::{CELL_COUNT, Cell, CellSet, ROW_LENGTHS};
use super::piece::Side;

mod build;
#[cfg(test)]
mod tests;

pub use build::BOARD_CSV;

/// A corner of the triangular lattice: the point `(u·√3/2, v/2)` in cell-side units.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Point {
    /// Horizontal lattice coordinate (units of √3/2).
    pub u: i32,
    /// Vertical lattice coordinate (units of 1/2).
    pub v: i32,
}

impl Point {
    /// The point in Cartesian coordinates, cell side = 1, board centre at the origin, Black up.
    pub fn xy(self) -> [f32; 2] {
        [self.u as f32 * 3f32.sqrt() / 2.0, self.v as f32 / 2.0]
    }
}

/// A cell's orientation, which is also its colour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Shape {
    /// Long diagonal horizontal.
    Flat,
    /// Acute corners at lower-left and upper-right.
    Rising,
    /// Acute corners at upper-left and lower-right.
    Falling,
}

/// Which way an arcwise step turns, seen along the direction from the cell's centre to the corner.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    /// Counter-clockwise.
    Left,
    /// Clockwise.
    Right,
}

impl Turn {
    /// The other turn; wave-paths alternate.
    pub fn opposite(self) -> Turn {
        match self {
            Turn::Left => Turn::Right,
            Turn::Right => Turn::Left,
        }
    }
}

/// The kinds of one-cell step (rule book §2).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum StepKind {
    /// Across a shared side.
    Edgewise,
    /// Straight on through an acute corner along the long diagonal.
    Diagonal,
    /// Through an acute corner, turning to a cell of another colour.
    Arcwise(Turn),
}

/// Where a step crosses from one cell into the next: what the animation passes through.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Via {
    /// The side with these two corners.
    Side(Point, Point),
    /// This acute corner.
    Corner(Point),
}

impl Via {
    /// The crossing point in Cartesian coordinates: the side's midpoint or the corner.
    pub fn xy(self) -> [f32; 2] {
        match self {
            Via::Side(a, b) => {
                let (a, b) = (a.xy(), b.xy());
                [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]
            }
            Via::Corner(p) => p.xy(),
        }
    }
}

/// One step from a cell to a neighbour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Step {
    /// Where the step starts.
    pub from: Cell,
    /// Where it lands.
    pub to: Cell,
    /// Which kind of step it is.
    pub kind: StepKind,
    /// The side or corner it passes through.
    pub via: Via,
}

/// The three kinds of sliding line (rule book §3).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum LineKind {
    /// A chain of edgewise steps straight across opposite sides (Rook, Queen).
    Edge,
    /// A chain of diagonal steps along long diagonals (Bishop, Queen).
    Diagonal,
    /// A chain of arcwise steps with alternating turns (Bishop, Queen).
    Wave,
}

impl LineKind {
    /// All three kinds.
    pub const ALL: [LineKind; 3] = [LineKind::Edge, LineKind::Diagonal, LineKind::Wave];
}

/// Longest line on the board (checked when the tables are built).
pub const MAX_LINE: usize = 12;

/// A line from a cell to the rim: the cells it passes, in order, and the steps between them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    /// Edge, diagonal or wave.
    pub kind: LineKind,
    /// The steps, starting from the line's origin; `steps[i].to` is the i-th cell of the line.
    pub steps: Vec<Step>,
    /// The cells in order, for move generation (same as `steps[i].to`).
    pub(crate) cells: [Cell; MAX_LINE],
    /// How many entries of `cells` are used.
    pub(crate) len: u8,
    /// The same cells as a set, for quick rejection.
    pub mask: CellSet,
}

impl Line {
    /// The cells of the line in order, not including its origin.
    #[inline]
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.len as usize]
    }
}

/// The two kinds of two-step leap (rule book §4).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum LeapKind {
    /// Diagonal + edgewise or edgewise + diagonal.
    Knight,
    /// Arcwise + diagonal or diagonal + arcwise.
    Archer,
}

/// A two-step leap and its route.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Leap {
    /// Knight or archer.
    pub kind: LeapKind,
    /// The first step, into the intermediate cell.
    pub first: Step,
    /// The second step, from the intermediate cell to the target.
    pub second: Step,
}

impl Leap {
    /// The target cell.
    pub fn to(&self) -> Cell {
        self.second.to
    }

    /// The intermediate cell.
    pub fn via(&self) -> Cell {
        self.first.to
    }
}

/// A pawn's forward step.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PawnStep {
    /// The step itself.
    pub step: Step,
    /// Whether the pawn may capture with it (edgewise and diagonal steps only).
    pub captures: bool,
}

/// Everything known about one cell.
#[derive(Clone, Debug)]
pub struct CellInfo {
    /// The cell itself.
    pub cell: Cell,
    /// Its name, e.g. `e5`.
    pub name: String,
    /// Row index, 0 (`a`) to 10 (`k`).
    pub row: u8,
    /// Number in the row, from 1.
    pub number: u8,
    /// Orientation and colour.
    pub shape: Shape,
    /// The four corners, counter-clockwise.
    pub corners: [Point; 4],
    /// The two acute corners, the ends of the long diagonal.
    pub acute: [Point; 2],
    /// Edgewise steps, indexed by side (side `i` joins `corners[i]` and `corners[i+1]`).
    pub edge: [Option<Step>; 4],
    /// Diagonal steps, indexed like `acute`.
    pub diagonal: [Option<Step>; 2],
    /// Arcwise steps, indexed by acute corner, then `[left, right]`.
    pub arc: [[Option<Step>; 2]; 2],
    /// All lines from this cell (up to 4 edge, 2 diagonal and 4 wave lines).
    pub lines: Vec<Line>,
    /// Knight leaps, then archer leaps.
    pub leaps: Vec<Leap>,
    /// Forward steps for a White pawn and for a Black pawn.
    pub pawn_steps: [Vec<PawnStep>; 2],
}

impl CellInfo {
    /// The centre in lattice units doubled (integer; the sum of the acute corners).
    pub fn centre2(&self) -> Point {
        Point {
            u: self.acute[0].u + self.acute[1].u,
            v: self.acute[0].v + self.acute[1].v,
        }
    }

    /// The centre in Cartesian coordinates.
    pub fn centre(&self) -> [f32; 2] {
        let c = self.centre2();
        [c.u as f32 * 3f32.sqrt() / 4.0, c.v as f32 / 4.0]
    }

    /// The corners in Cartesian coordinates, counter-clockwise.
    pub fn corners_xy(&self) -> [[f32; 2]; 4] {
        self.corners.map(Point::xy)
    }

    /// Every one-cell step (edgewise, diagonal, arcwise), for the King and for drawing.
    pub fn steps(&self) -> impl Iterator<Item = Step> + '_ {
        self.edge
            .iter()
            .chain(self.diagonal.iter())
            .chain(self.arc.iter().flatten())
            .flatten()
            .copied()
    }
}

/// Precomputed sets that move generation reads in its inner loop.
#[derive(Clone, Debug)]
pub(crate) struct Masks {
    pub king: [CellSet; CELL_COUNT],
    pub sorcerer: [CellSet; CELL_COUNT],
    /// All forward steps, per side.
    pub pawn_push: [[CellSet; CELL_COUNT]; 2],
    /// Forward capturing steps, per side.
    pub pawn_capture: [[CellSet; CELL_COUNT]; 2],
    /// Cells from which a pawn of that side captures onto the cell.
    pub pawn_attackers: [[CellSet; CELL_COUNT]; 2],
    /// Union of the cell's edge lines, and of its diagonal and wave lines.
    pub edge_lines: [CellSet; CELL_COUNT],
    pub bishop_lines: [CellSet; CELL_COUNT],
    /// Union of the cell's lines of each kind (indexed by `LineKind as usize`).
    pub lines_of: [[CellSet; CELL_COUNT]; 3],
    /// Each side's promotion row.
    pub last_row: [CellSet; 2],
}

/// The board: all geometry tables, built once.
#[derive(Debug)]
pub struct Board {
    cells: Vec<CellInfo>,
    pub(crate) masks: Box<Masks>,
    mirror_lr: [Cell; CELL_COUNT],
    mirror_tb: [Cell; CELL_COUNT],
}

static BOARD: LazyLock<Board> = LazyLock::new(build::build);

/// The board's geometry tables (built on first use).
pub fn board() -> &'static Board {
    &BOARD
}

impl Board {
    /// Everything about `cell`.
    #[inline]
    pub fn cell(&self, cell: Cell) -> &CellInfo {
        &self.cells[cell.index()]
    }

    /// All cells' information, in table order.
    pub fn cells(&self) -> &[CellInfo] {
        &self.cells
    }

    /// The cell seen in a left–right mirror.
    pub fn mirror_left_right(&self, cell: Cell) -> Cell {
        self.mirror_lr[cell.index()]
    }

    /// The cell seen in a top–bottom mirror (White's end becomes Black's).
    pub fn mirror_top_bottom(&self, cell: Cell) -> Cell {
        self.mirror_tb[cell.index()]
    }

    /// The row a pawn of `side` promotes on.
    pub fn last_row(&self, side: Side) -> CellSet {
        self.masks.last_row[side.index()]
    }

    /// Cells one King step away.
    pub fn king_steps(&self, cell: Cell) -> CellSet {
        self.masks.king[cell.index()]
    }

    /// Cells a Sorcerer leaps to.
    pub fn sorcerer_leaps(&self, cell: Cell) -> CellSet {
        self.masks.sorcerer[cell.index()]
    }

    /// The cells of the given line kinds from `cell`, as one set (ignoring blockers).
    pub fn line_cells(&self, cell: Cell, kinds: &[LineKind]) -> CellSet {
        self.cell(cell)
            .lines
            .iter()
            .filter(|l| kinds.contains(&l.kind))
            .fold(CellSet::EMPTY, |acc, l| acc | l.mask)
    }

    /// The cell containing the point `p` (Cartesian, cell side = 1), if any: what the pointer
    /// is over when a piece is dropped.
    pub fn cell_at(&self, p: [f32; 2]) -> Option<Cell> {
        self.cells.iter().find_map(|info| {
            let c = info.corners_xy();
            let inside = (0..4).all(|i| {
                let (a, b) = (c[i], c[(i + 1) % 4]);
                (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0.0
            });
            inside.then_some(info.cell)
        })
    }

    /// The cell whose corners are exactly `corners` in any order: used to map mirror images.
    fn find_by_corners(cells: &[CellInfo], corners: [Point; 4]) -> Option<Cell> {
        cells
            .iter()
            .find(|c| corners.iter().all(|p| c.corners.contains(p)))
            .map(|c| c.cell)
    }
}

/// Number of cells in a row, for messages.
pub(crate) fn row_length(row: usize) -> usize {
    ROW_LENGTHS[row] as usize
}
