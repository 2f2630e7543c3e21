//! Geometry facts from the rule book, checked against the derived tables.

use std::collections::HashSet;

use super::*;
use crate::rules::cell::ROW_COUNT;

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn names(cells: impl IntoIterator<Item = Cell>) -> Vec<&'static str> {
    let mut v: Vec<_> = cells.into_iter().map(Cell::name).collect();
    v.sort();
    v
}

fn is_rim(cell: Cell) -> bool {
    board().cell(cell).edge.iter().any(Option::is_none)
}

#[test]
fn rows_have_the_rule_book_sizes_and_shapes() {
    let b = board();
    let mut per_row = [0usize; ROW_COUNT];
    for info in b.cells() {
        per_row[info.row as usize] += 1;
        let expected = match (info.row, info.number % 2) {
            (1 | 3 | 5 | 7 | 9, _) => Shape::Flat,
            (0 | 2 | 4, 1) | (6 | 8 | 10, 0) => Shape::Rising,
            _ => Shape::Falling,
        };
        assert_eq!(info.shape, expected, "{}", info.name);
    }
    assert_eq!(per_row.map(|n| n as u8), ROW_LENGTHS);
    assert_eq!(c("e5").name(), "e5");
    assert_eq!(
        Cell::all()
            .filter(|&x| b.cell(x).shape == Shape::Flat)
            .count(),
        24
    );
}

#[test]
fn neighbours_of_e5() {
    let e5 = board().cell(c("e5"));
    assert_eq!(
        names(e5.edge.iter().flatten().map(|s| s.to)),
        ["d3", "e4", "e6", "f3"]
    );
    assert_eq!(
        names(e5.diagonal.iter().flatten().map(|s| s.to)),
        ["c3", "g6"]
    );
    assert_eq!(
        names(e5.arc.iter().flatten().flatten().map(|s| s.to)),
        ["c4", "d2", "f4", "g5"]
    );
}

#[test]
fn neighbours_of_f3() {
    let f3 = board().cell(c("f3"));
    assert_eq!(
        names(f3.edge.iter().flatten().map(|s| s.to)),
        ["e4", "e5", "g4", "g5"]
    );
    assert_eq!(
        names(f3.diagonal.iter().flatten().map(|s| s.to)),
        ["f2", "f4"]
    );
    assert_eq!(
        names(f3.arc.iter().flatten().flatten().map(|s| s.to)),
        ["e3", "e6", "g3", "g6"]
    );
}

#[test]
fn steps_keep_or_change_colour_as_the_rules_say() {
    let b = board();
    for info in b.cells() {
        for s in info.diagonal.iter().flatten() {
            assert_eq!(
                b.cell(s.to).shape,
                info.shape,
                "diagonal {}->{}",
                info.name,
                s.to
            );
        }
        for s in info.arc.iter().flatten().flatten() {
            assert_ne!(
                b.cell(s.to).shape,
                info.shape,
                "arcwise {}->{}",
                info.name,
                s.to
            );
        }
    }
}

#[test]
fn inner_cells_have_four_of_each_step() {
    let b = board();
    for info in b.cells().iter().filter(|i| !is_rim(i.cell)) {
        assert_eq!(
            info.arc.iter().flatten().flatten().count(),
            4,
            "{}",
            info.name
        );
    }
}

#[test]
fn steps_are_symmetric() {
    let b = board();
    for info in b.cells() {
        for s in info.steps() {
            let back: Vec<Step> = b.cell(s.to).steps().filter(|t| t.to == info.cell).collect();
            assert_eq!(back.len(), 1, "{} -> {}", info.name, s.to);
            let same_kind = match (s.kind, back[0].kind) {
                (StepKind::Arcwise(a), StepKind::Arcwise(b)) => a == b.opposite(),
                (a, b) => a == b,
            };
            assert!(
                same_kind,
                "{} -> {} is {:?}, back is {:?}",
                info.name, s.to, s.kind, back[0].kind
            );
            let same_via = match (back[0].via, s.via) {
                (Via::Side(a, b), Via::Side(c, d)) => (a, b) == (c, d) || (a, b) == (d, c),
                (x, y) => x == y,
            };
            assert!(
                same_via,
                "{} -> {} crosses elsewhere going back",
                info.name, s.to
            );
        }
    }
}

#[test]
fn e5_leaps_are_as_the_rule_book_says() {
    let b = board();
    let e5 = c("e5");
    let info = b.cell(e5);
    let knights: Vec<Cell> = info
        .leaps
        .iter()
        .filter(|l| l.kind == LeapKind::Knight)
        .map(Leap::to)
        .collect();
    let archers: Vec<Cell> = info
        .leaps
        .iter()
        .filter(|l| l.kind == LeapKind::Archer)
        .map(Leap::to)
        .collect();
    assert_eq!(knights.len(), 8);
    assert_eq!(archers.len(), 8);
    let all: HashSet<Cell> = knights.iter().chain(&archers).copied().collect();
    assert_eq!(all.len(), 16, "leap targets of e5 are not all different");
    let lines = b.line_cells(e5, &LineKind::ALL);
    for &t in &all {
        assert_ne!(b.cell(t).shape, info.shape, "leap to {t} keeps the colour");
        assert!(!lines.contains(t), "leap to {t} lies on a line of e5");
    }
}

#[test]
fn every_cell_has_one_route_per_leap_target() {
    let b = board();
    for info in b.cells() {
        let targets: Vec<Cell> = info.leaps.iter().map(Leap::to).collect();
        let unique: HashSet<Cell> = targets.iter().copied().collect();
        assert_eq!(
            unique.len(),
            targets.len(),
            "{} has two routes to one target",
            info.name
        );
        assert!(!unique.contains(&info.cell));
        for leap in &info.leaps {
            assert_eq!(leap.first.from, info.cell);
            assert_eq!(leap.second.from, leap.first.to);
        }
    }
}

#[test]
fn pawns_have_four_forward_steps_two_capturing_off_the_rim() {
    let b = board();
    for info in b.cells().iter().filter(|i| !is_rim(i.cell)) {
        for side in [Side::White, Side::Black] {
            let steps = &info.pawn_steps[side.index()];
            assert_eq!(steps.len(), 4, "{} {side}", info.name);
            assert_eq!(
                steps.iter().filter(|s| s.captures).count(),
                2,
                "{} {side}",
                info.name
            );
        }
    }
}

#[test]
fn lines_are_simple_and_reversible() {
    let b = board();
    for info in b.cells() {
        assert!(info.lines.len() <= 10);
        for line in &info.lines {
            let cells = line.cells();
            let unique: HashSet<Cell> = cells.iter().copied().collect();
            assert_eq!(
                unique.len(),
                cells.len(),
                "line from {} revisits a cell",
                info.name
            );
            assert!(
                !unique.contains(&info.cell),
                "line from {} returns to it",
                info.name
            );
            // Walking back from any cell of the line retraces it: sliders attack symmetrically.
            for (k, &end) in cells.iter().enumerate() {
                let mut back: Vec<Cell> = cells[..k].iter().rev().copied().collect();
                back.push(info.cell);
                let found = b
                    .cell(end)
                    .lines
                    .iter()
                    .any(|l| l.kind == line.kind && l.cells().starts_with(&back));
                assert!(
                    found,
                    "{:?} line {} -> {} is not reversible",
                    line.kind, info.name, end
                );
            }
        }
    }
}

#[test]
fn lines_follow_their_step_rules() {
    let b = board();
    for info in b.cells() {
        for line in &info.lines {
            for pair in line.steps.windows(2) {
                let (a, n) = (pair[0], pair[1]);
                assert_eq!(a.to, n.from);
                match (line.kind, a.kind, n.kind) {
                    (LineKind::Edge, StepKind::Edgewise, StepKind::Edgewise) => {}
                    (LineKind::Diagonal, StepKind::Diagonal, StepKind::Diagonal) => {}
                    (LineKind::Wave, StepKind::Arcwise(t1), StepKind::Arcwise(t2)) => {
                        assert_eq!(t1, t2.opposite())
                    }
                    other => panic!("bad line {other:?}"),
                }
                assert_ne!(a.via, n.via, "line leaves through the way it came");
            }
        }
    }
}

#[test]
fn mirrors_are_involutions_that_keep_or_swap_shapes() {
    let b = board();
    for cell in Cell::all() {
        let lr = b.mirror_left_right(cell);
        let tb = b.mirror_top_bottom(cell);
        assert_eq!(b.mirror_left_right(lr), cell);
        assert_eq!(b.mirror_top_bottom(tb), cell);
        assert_eq!(lr.row(), cell.row());
        assert_eq!(tb.row(), ROW_COUNT - 1 - cell.row());
        let (s, s_lr) = (b.cell(cell).shape, b.cell(lr).shape);
        assert_eq!(s == Shape::Flat, s_lr == Shape::Flat);
        assert!(s == Shape::Flat || s != s_lr, "mirror keeps a sloped shape");
    }
    assert_eq!(b.mirror_left_right(c("f1")), c("f6"));
    assert_eq!(b.mirror_top_bottom(c("a4")), c("k4"));
}

#[test]
fn centre_is_shared_by_the_six_central_cells() {
    let b = board();
    let origin = Point { u: 0, v: 0 };
    let around: Vec<&str> = names(Cell::all().filter(|&x| b.cell(x).acute.contains(&origin)));
    assert_eq!(around, ["e5", "e6", "f3", "f4", "g5", "g6"]);
}

#[test]
fn every_centre_lies_in_its_own_cell() {
    let b = board();
    for info in b.cells() {
        assert_eq!(b.cell_at(info.centre()), Some(info.cell), "{}", info.name);
    }
    assert_eq!(b.cell_at([20.0, 0.0]), None);
}
