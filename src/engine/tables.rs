//! Evaluation tables derived once from the board geometry, so the evaluation's inner loop reads
//! arrays instead of walking steps.

use std::sync::LazyLock;

use crate::rules::{CELL_COUNT, Cell, CellSet, LineKind, Movement, Side, UNLIMITED, board};

/// A line from a cell to the rim, compact for the evaluation's attack scans.
#[derive(Copy, Clone)]
pub(crate) struct Ray {
    /// All cells of the line.
    pub mask: CellSet,
    /// The cells in order from the origin outward.
    pub cells: [Cell; 12],
    /// How many of `cells` are used.
    pub len: u8,
    /// Edge, diagonal or wave.
    pub kind: LineKind,
}

impl Ray {
    /// The cells attacked along the ray, up to and including the first occupied one.
    #[inline]
    pub fn attacks(&self, occupied: CellSet) -> CellSet {
        if (self.mask & occupied).is_empty() {
            return self.mask;
        }
        let mut out = CellSet::EMPTY;
        for &c in &self.cells[..self.len as usize] {
            out.insert(c);
            if occupied.contains(c) {
                break;
            }
        }
        out
    }
}

/// Per-cell facts the evaluation needs.
pub(crate) struct Tables {
    /// Every cell's edge lines, then its diagonal and wave lines, end to end.
    pub rays: Vec<Ray>,
    /// Per cell: where its edge lines start in `rays`, where its other lines start, where they end.
    pub ray_bounds: [[u16; 3]; CELL_COUNT],
    /// 0 (rim corners) to 8 (the board's centre): how central a cell is.
    pub centrality: [i32; CELL_COUNT],
    /// Pawn steps still needed to promote from a cell, per side (0 on the last row).
    pub to_promote: [[u8; CELL_COUNT]; 2],
    /// Cells a pawn of the side on the cell could capture on.
    pub pawn_attacks: [[CellSet; CELL_COUNT]; 2],
    /// Where an enemy pawn blocks or can capture a pawn of the side on the cell on its way.
    pub passed_span: [[CellSet; CELL_COUNT]; 2],
    /// The cell and its King steps: where attacks on a King count.
    pub king_zone: [CellSet; CELL_COUNT],
    /// Rows between a cell and the side's own end row (0 on the home row).
    pub home_distance: [[u8; CELL_COUNT]; 2],
}

static TABLES: LazyLock<Tables> = LazyLock::new(build);

/// The tables (built on first use).
#[inline]
pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

fn build() -> Tables {
    let b = board();
    let mut t = Tables {
        rays: Vec::new(),
        ray_bounds: [[0; 3]; CELL_COUNT],
        centrality: [0; CELL_COUNT],
        to_promote: [[0; CELL_COUNT]; 2],
        pawn_attacks: [[CellSet::EMPTY; CELL_COUNT]; 2],
        passed_span: [[CellSet::EMPTY; CELL_COUNT]; 2],
        king_zone: [CellSet::EMPTY; CELL_COUNT],
        home_distance: [[0; CELL_COUNT]; 2],
    };
    let radius = Cell::all()
        .map(|c| norm(b.cell(c).centre()))
        .fold(0.0f32, f32::max);
    let mut pushes = [[CellSet::EMPTY; CELL_COUNT]; 2];
    for c in Cell::all() {
        let i = c.index();
        let info = b.cell(c);
        for (k, edge) in [true, false].into_iter().enumerate() {
            t.ray_bounds[i][k] = t.rays.len() as u16;
            for line in &info.lines {
                if (line.kind == LineKind::Edge) != edge {
                    continue;
                }
                let mut cells = [c; 12];
                let len = line.cells().len().min(12);
                cells[..len].copy_from_slice(&line.cells()[..len]);
                t.rays.push(Ray {
                    mask: line.mask,
                    cells,
                    len: len as u8,
                    kind: line.kind,
                });
            }
        }
        t.ray_bounds[i][2] = t.rays.len() as u16;
        t.centrality[i] = (8.0 * (1.0 - norm(info.centre()) / radius)).round() as i32;
        t.king_zone[i] = b.king_steps(c) | c.set();
        t.home_distance[0][i] = c.row() as u8;
        t.home_distance[1][i] = (10 - c.row()) as u8;
        for side in Side::BOTH {
            for s in &info.pawn_steps[side.index()] {
                pushes[side.index()][i].insert(s.step.to);
                if s.captures {
                    t.pawn_attacks[side.index()][i].insert(s.step.to);
                }
            }
        }
    }
    for side in Side::BOTH {
        let s = side.index();
        // Steps to promote, by relaxation from the last row backwards (at most 11 rounds).
        let last = b.last_row(side);
        let mut dist = [u8::MAX; CELL_COUNT];
        for c in last {
            dist[c.index()] = 0;
        }
        for _ in 0..CELL_COUNT {
            let mut changed = false;
            for c in Cell::all() {
                let best = pushes[s][c.index()]
                    .map(|to| dist[to.index()].saturating_add(1))
                    .min()
                    .unwrap_or(u8::MAX);
                if best < dist[c.index()] {
                    dist[c.index()] = best;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        t.to_promote[s] = dist.map(|d| d.min(12));
        // Everything a pawn could still walk over, then the enemy pawns that guard any of it.
        for c in Cell::all() {
            let mut cone = CellSet::EMPTY;
            let mut frontier = pushes[s][c.index()];
            while !frontier.is_empty() {
                cone |= frontier;
                let mut next = CellSet::EMPTY;
                for x in frontier {
                    next |= pushes[s][x.index()];
                }
                frontier = next & !cone;
            }
            let mut span = cone;
            for y in Cell::all() {
                if !(t.pawn_attacks[(!side).index()][y.index()] & cone).is_empty() {
                    span.insert(y);
                }
            }
            t.passed_span[s][c.index()] = span;
        }
    }
    t
}

impl Tables {
    /// Cells a piece moving as `how` attacks from `from` by sliding, each line up to its range
    /// and its first blocker (steps and leaps are the variant's tables).
    #[inline(always)]
    pub fn slide(&self, from: Cell, how: Movement, occupied: CellSet) -> CellSet {
        let [a, b, c] = self.ray_bounds[from.index()].map(|x| x as usize);
        let (edge, diagonal, wave) = (
            how.range(LineKind::Edge),
            how.range(LineKind::Diagonal),
            how.range(LineKind::Wave),
        );
        let mut out = CellSet::EMPTY;
        // Rays are stored edge-paths first, then diagonal- and wave-paths: Parachess's sliders
        // (to the rim, diagonal with wave) take whole slices without asking each ray its kind.
        if diagonal == wave && (edge == 0 || edge == UNLIMITED) && (wave == 0 || wave == UNLIMITED)
        {
            let lo = if edge != 0 { a } else { b };
            let hi = if diagonal != 0 { c } else { b };
            for ray in &self.rays[lo..hi] {
                out |= ray.attacks(occupied);
            }
            return out;
        }
        for ray in &self.rays[a..c] {
            match how.range(ray.kind) {
                0 => {}
                UNLIMITED => out |= ray.attacks(occupied),
                range => {
                    for &x in ray.cells[..ray.len as usize].iter().take(range as usize) {
                        out.insert(x);
                        if occupied.contains(x) {
                            break;
                        }
                    }
                }
            }
        }
        out
    }
}

fn norm([x, y]: [f32; 2]) -> f32 {
    (x * x + y * y).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn promotion_distances() {
        let t = tables();
        assert_eq!(t.to_promote[0][cell("k3").index()], 0);
        assert_eq!(t.to_promote[0][cell("j2").index()], 1);
        assert_eq!(t.to_promote[1][cell("b2").index()], 1);
        // A White pawn on its start row needs at least 4 steps (some steps cross two rows).
        let start = t.to_promote[0][cell("c4").index()];
        assert!((4..=8).contains(&start), "{start}");
        assert_eq!(start, t.to_promote[1][cell("i4").index()]);
    }

    #[test]
    fn slides_match_the_rules() {
        let pos: crate::rules::Position =
            "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7"
                .parse()
                .unwrap();
        let occ = pos.occupied();
        let kinds = ["E", "DW", "EDW", "E2", "D3W", "W2", "EW", "E3D3W3", "D2W2"];
        for c in Cell::all() {
            for atoms in kinds {
                let how = Movement::parse(atoms).unwrap();
                let expected = how.targets(board(), c, occ);
                assert_eq!(tables().slide(c, how, occ), expected, "{c} {atoms}");
            }
        }
    }

    #[test]
    fn centre_beats_rim() {
        let t = tables();
        assert!(t.centrality[cell("e5").index()] > t.centrality[cell("a1").index()]);
        assert_eq!(t.centrality[cell("f1").index()], 0);
    }

    #[test]
    fn tables_are_symmetric() {
        let t = tables();
        let b = board();
        for c in Cell::all() {
            let m = b.mirror_top_bottom(c);
            assert_eq!(t.to_promote[0][c.index()], t.to_promote[1][m.index()]);
            assert_eq!(t.centrality[c.index()], t.centrality[m.index()]);
            let mirrored: CellSet = t.passed_span[0][c.index()]
                .map(|x| b.mirror_top_bottom(x))
                .collect();
            assert_eq!(mirrored, t.passed_span[1][m.index()]);
        }
    }
}
