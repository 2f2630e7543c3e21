//! Derives every geometry table from the cells' corners.
//!
//! The CSV is compiled into the program, so a failure here is a programming error caught by the
//! first test that touches the board, not something a user can cause.

use std::collections::HashMap;

use super::{
    Board, CellInfo, Leap, LeapKind, Line, LineKind, MAX_LINE, Masks, PawnStep, Point, Shape, Step,
    StepKind, Turn, Via,
};
use crate::rules::cell::{CELL_COUNT, Cell, CellSet, ROW_COUNT, ROW_LENGTHS, ROW_LETTERS};
use crate::rules::piece::Side;

/// The board description every table is derived from (the rule book's `board-cells.csv`).
pub const BOARD_CSV: &str = include_str!("../board-cells.csv");

fn point(text: &str) -> Point {
    let (u, v) = text
        .split_once(':')
        .unwrap_or_else(|| panic!("bad corner {text:?} in board-cells.csv"));
    let num = |s: &str| {
        s.parse::<i32>()
            .unwrap_or_else(|_| panic!("bad coordinate {s:?} in board-cells.csv"))
    };
    Point {
        u: num(u),
        v: num(v),
    }
}

fn parse_cells() -> Vec<CellInfo> {
    let mut cells = Vec::with_capacity(CELL_COUNT);
    for line in BOARD_CSV
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("name,") && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 10, "board-cells.csv line {line:?}");
        let row = ROW_LETTERS
            .iter()
            .position(|&c| f[1] == c.to_string())
            .unwrap_or_else(|| panic!("bad row in {line:?}")) as u8;
        let number: u8 = f[2]
            .parse()
            .unwrap_or_else(|_| panic!("bad pos in {line:?}"));
        let shape = match f[3] {
            "flat" => Shape::Flat,
            "rising" => Shape::Rising,
            "falling" => Shape::Falling,
            other => panic!("bad shape {other:?}"),
        };
        let cell = Cell::new_unchecked(cells.len());
        assert_eq!(f[0], format!("{}{}", f[1], number), "name of {line:?}");
        cells.push(CellInfo {
            cell,
            name: f[0].to_string(),
            row,
            number,
            shape,
            corners: [point(f[4]), point(f[5]), point(f[6]), point(f[7])],
            acute: [point(f[8]), point(f[9])],
            edge: [None; 4],
            diagonal: [None; 2],
            arc: [[None; 2]; 2],
            lines: Vec::new(),
            leaps: Vec::new(),
            pawn_steps: [Vec::new(), Vec::new()],
        });
    }
    assert_eq!(
        cells.len(),
        CELL_COUNT,
        "board-cells.csv has {} cells",
        cells.len()
    );
    // Table order must be the rule book's order, which `Cell::at` relies on.
    let mut i = 0;
    for (row, &len) in ROW_LENGTHS.iter().enumerate() {
        for number in 1..=len {
            assert_eq!((cells[i].row, cells[i].number), (row as u8, number));
            i += 1;
        }
    }
    cells
}

fn side_key(a: Point, b: Point) -> (i32, i32, i32, i32) {
    let (p, q) = if (a.u, a.v) <= (b.u, b.v) {
        (a, b)
    } else {
        (b, a)
    };
    (p.u, p.v, q.u, q.v)
}

fn side_corners(c: &CellInfo, side: usize) -> (Point, Point) {
    (c.corners[side], c.corners[(side + 1) % 4])
}

fn other_acute(c: &CellInfo, p: Point) -> usize {
    if c.acute[0] == p { 1 } else { 0 }
}

fn acute_index(c: &CellInfo, p: Point) -> usize {
    c.acute
        .iter()
        .position(|&a| a == p)
        .unwrap_or_else(|| panic!("{p:?} is not an acute corner of {}", c.name))
}

fn side_index(c: &CellInfo, a: Point, b: Point) -> usize {
    (0..4)
        .find(|&s| {
            let (x, y) = side_corners(c, s);
            side_key(x, y) == side_key(a, b)
        })
        .unwrap_or_else(|| panic!("no such side on {}", c.name))
}

fn sub(a: Point, b: Point) -> Point {
    Point {
        u: a.u - b.u,
        v: a.v - b.v,
    }
}

fn twice(p: Point) -> Point {
    Point {
        u: 2 * p.u,
        v: 2 * p.v,
    }
}

fn link_steps(cells: &mut [CellInfo]) {
    let mut by_side: HashMap<(i32, i32, i32, i32), Vec<usize>> = HashMap::new();
    let mut by_acute: HashMap<Point, Vec<usize>> = HashMap::new();
    for (i, c) in cells.iter().enumerate() {
        for s in 0..4 {
            let (a, b) = side_corners(c, s);
            by_side.entry(side_key(a, b)).or_default().push(i);
        }
        for &p in &c.acute {
            by_acute.entry(p).or_default().push(i);
        }
    }
    for x in 0..CELL_COUNT {
        let from = cells[x].cell;
        for s in 0..4 {
            let (a, b) = side_corners(&cells[x], s);
            let others: Vec<usize> = by_side[&side_key(a, b)]
                .iter()
                .copied()
                .filter(|&y| y != x)
                .collect();
            assert!(others.len() <= 1, "side shared by three cells");
            cells[x].edge[s] = others.first().map(|&y| Step {
                from,
                to: cells[y].cell,
                kind: StepKind::Edgewise,
                via: Via::Side(a, b),
            });
        }
        let edge_nbrs: Vec<Cell> = cells[x].edge.iter().flatten().map(|s| s.to).collect();
        for k in 0..2 {
            let p = cells[x].acute[k];
            let cx = cells[x].centre2();
            let target = sub(twice(twice(p)), cx);
            let around = &by_acute[&p];
            let diagonal = around
                .iter()
                .copied()
                .find(|&y| y != x && cells[y].centre2() == target);
            cells[x].diagonal[k] = diagonal.map(|y| Step {
                from,
                to: cells[y].cell,
                kind: StepKind::Diagonal,
                via: Via::Corner(p),
            });
            let travel = sub(twice(p), cx);
            for &y in around {
                let to = cells[y].cell;
                if y == x || Some(y) == diagonal || edge_nbrs.contains(&to) {
                    continue;
                }
                let out = sub(cells[y].centre2(), twice(p));
                let cross = travel.u * out.v - travel.v * out.u;
                assert_ne!(cross, 0, "arcwise step straight on");
                let turn = if cross > 0 { Turn::Left } else { Turn::Right };
                let slot = &mut cells[x].arc[k][turn as usize];
                assert!(slot.is_none(), "two arcwise steps one way");
                *slot = Some(Step {
                    from,
                    to,
                    kind: StepKind::Arcwise(turn),
                    via: Via::Corner(p),
                });
            }
        }
    }
}

fn push_line(lines: &mut Vec<Line>, kind: LineKind, steps: Vec<Step>) {
    if steps.is_empty() {
        return;
    }
    assert!(steps.len() <= MAX_LINE, "line longer than MAX_LINE");
    let mut cells = [Cell::new_unchecked(0); MAX_LINE];
    for (slot, step) in cells.iter_mut().zip(&steps) {
        *slot = step.to;
    }
    let mask = steps.iter().map(|s| s.to).collect();
    lines.push(Line {
        kind,
        cells,
        len: steps.len() as u8,
        steps,
        mask,
    });
}

/// Follows a line: `next` gives the step out of a cell, given the step that entered it.
fn follow(
    cells: &[CellInfo],
    first: Option<Step>,
    next: impl Fn(&CellInfo, &Step) -> Option<Step>,
) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut current = first;
    while let Some(step) = current {
        assert!(steps.len() < MAX_LINE, "runaway line");
        steps.push(step);
        current = next(&cells[step.to.index()], &step);
    }
    steps
}

fn build_lines(cells: &mut [CellInfo]) {
    for x in 0..CELL_COUNT {
        let mut lines = Vec::new();
        for s in 0..4 {
            let steps = follow(cells, cells[x].edge[s], |y, step| {
                let Via::Side(a, b) = step.via else {
                    unreachable!()
                };
                y.edge[(side_index(y, a, b) + 2) % 4]
            });
            push_line(&mut lines, LineKind::Edge, steps);
        }
        for k in 0..2 {
            let steps = follow(cells, cells[x].diagonal[k], |y, step| {
                let Via::Corner(p) = step.via else {
                    unreachable!()
                };
                y.diagonal[other_acute(y, p)]
            });
            push_line(&mut lines, LineKind::Diagonal, steps);
        }
        for k in 0..2 {
            for t in [Turn::Left, Turn::Right] {
                let steps = follow(cells, cells[x].arc[k][t as usize], |y, step| {
                    let (Via::Corner(p), StepKind::Arcwise(turn)) = (step.via, step.kind) else {
                        unreachable!()
                    };
                    y.arc[other_acute(y, p)][turn.opposite() as usize]
                });
                push_line(&mut lines, LineKind::Wave, steps);
            }
        }
        cells[x].lines = lines;
    }
}

fn build_leaps(cells: &mut [CellInfo]) {
    for x in 0..CELL_COUNT {
        let mut leaps = Vec::new();
        let c = &cells[x];
        let mut add = |kind, first: Step, second: Option<Step>| {
            if let Some(second) = second {
                leaps.push(Leap {
                    kind,
                    first,
                    second,
                });
            }
        };
        // Knight (a): diagonal, then edgewise across a side meeting at the far acute corner.
        for first in c.diagonal.iter().flatten() {
            let y = &cells[first.to.index()];
            let Via::Corner(p) = first.via else {
                unreachable!()
            };
            let q = y.acute[other_acute(y, p)];
            for s in 0..4 {
                let (a, b) = side_corners(y, s);
                if a == q || b == q {
                    add(LeapKind::Knight, *first, y.edge[s]);
                }
            }
        }
        // Knight (b): edgewise across s, then diagonal through the acute corner on the opposite side.
        for first in c.edge.iter().flatten() {
            let y = &cells[first.to.index()];
            let Via::Side(a, b) = first.via else {
                unreachable!()
            };
            let (o1, o2) = side_corners(y, (side_index(y, a, b) + 2) % 4);
            let q = if y.acute.contains(&o1) { o1 } else { o2 };
            add(LeapKind::Knight, *first, y.diagonal[acute_index(y, q)]);
        }
        // Archer (a): arcwise, then diagonal through the far acute corner.
        for first in c.arc.iter().flatten().flatten() {
            let y = &cells[first.to.index()];
            let Via::Corner(p) = first.via else {
                unreachable!()
            };
            add(LeapKind::Archer, *first, y.diagonal[other_acute(y, p)]);
        }
        // Archer (b): diagonal, then arcwise (either turn) through the far acute corner.
        for first in c.diagonal.iter().flatten() {
            let y = &cells[first.to.index()];
            let Via::Corner(p) = first.via else {
                unreachable!()
            };
            for second in y.arc[other_acute(y, p)] {
                add(LeapKind::Archer, *first, second);
            }
        }
        cells[x].leaps = leaps;
    }
}

fn build_pawn_steps(cells: &mut [CellInfo]) {
    for x in 0..CELL_COUNT {
        let height = cells[x].centre2().v;
        let steps: Vec<Step> = cells[x].steps().collect();
        for side in [Side::White, Side::Black] {
            cells[x].pawn_steps[side.index()] = steps
                .iter()
                .filter(|s| {
                    let h = cells[s.to.index()].centre2().v;
                    match side {
                        Side::White => h > height,
                        Side::Black => h < height,
                    }
                })
                .map(|&step| PawnStep {
                    step,
                    captures: matches!(step.kind, StepKind::Edgewise | StepKind::Diagonal),
                })
                .collect();
        }
    }
}

fn build_masks(cells: &[CellInfo]) -> Box<Masks> {
    let mut m = Box::new(Masks {
        king: [CellSet::EMPTY; CELL_COUNT],
        sorcerer: [CellSet::EMPTY; CELL_COUNT],
        pawn_push: [[CellSet::EMPTY; CELL_COUNT]; 2],
        pawn_capture: [[CellSet::EMPTY; CELL_COUNT]; 2],
        pawn_attackers: [[CellSet::EMPTY; CELL_COUNT]; 2],
        edge_lines: [CellSet::EMPTY; CELL_COUNT],
        bishop_lines: [CellSet::EMPTY; CELL_COUNT],
        lines_of: [[CellSet::EMPTY; CELL_COUNT]; 3],
        last_row: [CellSet::EMPTY; 2],
    });
    for c in cells {
        let i = c.cell.index();
        m.king[i] = c.steps().map(|s| s.to).collect();
        m.sorcerer[i] = c.leaps.iter().map(Leap::to).collect();
        for side in 0..2 {
            for ps in &c.pawn_steps[side] {
                m.pawn_push[side][i].insert(ps.step.to);
                if ps.captures {
                    m.pawn_capture[side][i].insert(ps.step.to);
                    m.pawn_attackers[side][ps.step.to.index()].insert(c.cell);
                }
            }
        }
        for line in &c.lines {
            m.lines_of[line.kind as usize][i] |= line.mask;
            match line.kind {
                LineKind::Edge => m.edge_lines[i] |= line.mask,
                LineKind::Diagonal | LineKind::Wave => m.bishop_lines[i] |= line.mask,
            }
        }
        if c.row as usize == ROW_COUNT - 1 {
            m.last_row[Side::White.index()].insert(c.cell);
        }
        if c.row == 0 {
            m.last_row[Side::Black.index()].insert(c.cell);
        }
    }
    m
}

fn mirror(cells: &[CellInfo], f: impl Fn(Point) -> Point) -> [Cell; CELL_COUNT] {
    std::array::from_fn(|i| {
        Board::find_by_corners(cells, cells[i].corners.map(&f))
            .unwrap_or_else(|| panic!("{} has no mirror image", cells[i].name))
    })
}

/// Builds the whole board from [`BOARD_CSV`].
pub(super) fn build() -> Board {
    let mut cells = parse_cells();
    link_steps(&mut cells);
    build_lines(&mut cells);
    build_leaps(&mut cells);
    build_pawn_steps(&mut cells);
    let masks = build_masks(&cells);
    let mirror_lr = mirror(&cells, |p| Point { u: -p.u, v: p.v });
    let mirror_tb = mirror(&cells, |p| Point { u: p.u, v: -p.v });
    Board {
        cells,
        masks,
        mirror_lr,
        mirror_tb,
    }
}
