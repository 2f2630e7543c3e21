//! The board as SVG, drawn from the same corner coordinates as the game
//! (`src/rules/board-cells.csv` through [`crate::rules::board`]): each cell a polygon carrying
//! `data-cell` and its centre, in the game's three cell colours; the pieces' symbols; the
//! movement diagrams of the rule page; a player's rating chart.

use std::fmt::Write as _;

use crate::rules::{Cell, CellSet, PieceKind, Position, Shape, Side, Variant, board};

use super::escape;

/// SVG units per cell side.
pub const SCALE: f32 = 40.0;

/// Half the width and height the board's picture spans, in SVG units (the board, its rim
/// labels and a margin; the board's centre is the origin).
const HALF_W: f32 = 6.0 * SCALE;
const HALF_H: f32 = 5.2 * SCALE;

/// The game's cell colours (src/game/ui/theme.rs: FLAT, RISING, FALLING), as CSS hex.
pub fn shape_colour(shape: Shape) -> &'static str {
    match shape {
        Shape::Flat => "#edd6a8",
        Shape::Rising => "#cc9961",
        Shape::Falling => "#85593d",
    }
}

fn shape_name(shape: Shape) -> &'static str {
    match shape {
        Shape::Flat => "flat",
        Shape::Rising => "rising",
        Shape::Falling => "falling",
    }
}

/// A board point in SVG coordinates (y grows downward; Black is up).
pub fn to_svg(p: [f32; 2]) -> [f32; 2] {
    [p[0] * SCALE, -p[1] * SCALE]
}

fn num(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == 0.0 {
        "0".to_string()
    } else {
        format!("{r}")
    }
}

/// The pieces' symbols (`#pc-K` ... `#pc-P`), drawn in a 100-unit box centred on the origin,
/// like the 2D view's flat symbols: a silhouette filled in the side's colour and outlined.
pub fn piece_defs() -> String {
    let base = "M-27 40 L27 40 L27 31 L19 26";
    let base_end = "L-19 26 L-27 31 Z";
    let shapes = [
        (
            'P',
            format!(
                "{base} Q9 12 10 -2 Q17 -6 12 -9 A14 14 0 1 0 -12 -9 Q-17 -6 -10 -2 Q-9 12 -19 26 L-27 31 Z"
            ),
        ),
        (
            'R',
            format!(
                "{base} L16 -14 L23 -18 L23 -38 L13 -38 L13 -29 L5 -29 L5 -38 L-5 -38 L-5 -29 \
                 L-13 -29 L-13 -38 L-23 -38 L-23 -18 L-16 -14 {base_end}"
            ),
        ),
        (
            'B',
            format!(
                "{base} Q11 10 13 0 Q24 -14 4 -36 A6 6 0 1 0 -4 -36 Q-24 -14 -13 0 Q-11 10 -19 26 L-27 31 Z \
                 M3 -26 L9 -20 L-3 -8 L-9 -14 Z"
            ),
        ),
        (
            'S',
            format!(
                "{base} L15 2 L25 -2 Q8 -10 10 -26 Q13 -40 30 -46 Q2 -48 -6 -30 Q-12 -16 -25 -2 \
                 L-15 2 {base_end}"
            ),
        ),
        (
            'Q',
            format!(
                "{base} L30 -24 L15 -8 L13 -38 L0 -12 L-13 -38 L-15 -8 L-30 -24 {base_end} \
                 M34 -24 A4.5 4.5 0 1 0 25 -24 A4.5 4.5 0 1 0 34 -24 Z \
                 M17.5 -38 A4.5 4.5 0 1 0 8.5 -38 A4.5 4.5 0 1 0 17.5 -38 Z \
                 M-8.5 -38 A4.5 4.5 0 1 0 -17.5 -38 A4.5 4.5 0 1 0 -8.5 -38 Z \
                 M-25 -24 A4.5 4.5 0 1 0 -34 -24 A4.5 4.5 0 1 0 -25 -24 Z"
            ),
        ),
        (
            'K',
            format!(
                "{base} L25 -12 Q0 -24 -25 -12 {base_end} \
                 M-4 -21 L4 -21 L4 -31 L13 -31 L13 -38 L4 -38 L4 -47 L-4 -47 L-4 -38 L-13 -38 \
                 L-13 -31 L-4 -31 Z"
            ),
        ),
    ];
    let mut out = String::from("<defs>");
    for (letter, d) in shapes {
        let _ = write!(
            out,
            "<symbol id=\"pc-{letter}\" viewBox=\"-50 -50 100 100\"><path d=\"{d}\"/></symbol>"
        );
    }
    // Any other kind (Knight, Archer, a player's own): a disc with the kind's letter on it.
    out.push_str("<symbol id=\"pc-other\" viewBox=\"-50 -50 100 100\"><circle r=\"36\"/></symbol>");
    out.push_str("</defs>");
    out
}

/// The letters with a drawn symbol of their own.
const DRAWN: [char; 6] = ['K', 'Q', 'R', 'B', 'S', 'P'];

/// The letter of a kind in the variant of a position (`K Q R B S P` in Parachess, `N` and `A`
/// in Knights and Archers, whatever a player's own variant gives it).
pub fn kind_letter(variant: &Variant, kind: PieceKind) -> char {
    variant.letter(kind)
}

/// Symbol size in SVG units (a cell's inscribed circle is 0.43 sides across).
pub const PIECE: f32 = 0.66 * SCALE;

/// One piece drawn at a cell.
pub fn piece_use(variant: &Variant, kind: PieceKind, side: Side, cell: Cell) -> String {
    let [x, y] = to_svg(board().cell(cell).centre());
    let colour = match side {
        Side::White => "white",
        Side::Black => "black",
    };
    let letter = kind_letter(variant, kind);
    let drawn = DRAWN.contains(&letter);
    let symbol = if drawn {
        letter.to_string()
    } else {
        "other".to_string()
    };
    let mut out = format!(
        "<use href=\"#pc-{symbol}\" class=\"pc {colour}\" data-kind=\"{letter}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
        num(x - PIECE / 2.0),
        num(y - PIECE / 2.0),
        num(PIECE),
        num(PIECE)
    );
    if !drawn && letter.is_ascii_alphabetic() {
        let _ = write!(
            out,
            "<text class=\"pc-letter {colour}\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" \
             dominant-baseline=\"central\" font-size=\"{}\">{letter}</text>",
            num(x),
            num(y),
            num(PIECE * 0.5)
        );
    }
    out
}

/// What to draw besides the cells.
#[derive(Default)]
pub struct BoardOptions<'a> {
    /// The `id` of the `<svg>` element.
    pub id: Option<&'a str>,
    /// Extra classes of the `<svg>`.
    pub class: &'a str,
    /// The accessible label.
    pub label: &'a str,
    /// Pieces from this position.
    pub position: Option<&'a Position>,
    /// Row letters and edge numbers on the rim.
    pub rim: bool,
    /// Each cell's name, small, in the cell (hidden unless the board has the class `names`).
    pub names: bool,
    /// The pieces' symbol definitions (once per page).
    pub defs: bool,
    /// Cells marked as move targets (dots) and captures (rings).
    pub targets: CellSet,
    /// Cells marked as captures.
    pub captures: CellSet,
    /// Polylines drawn under the marks (the lines a piece slides along), board units.
    pub lines: Vec<Vec<[f32; 2]>>,
    /// A cell outlined as the piece's own.
    pub selected: Option<Cell>,
}

/// The board as an `<svg>` element.
pub fn board_svg(o: &BoardOptions) -> String {
    let b = board();
    let mut out = String::with_capacity(16_000);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\"{} class=\"board {}\" viewBox=\"{} {} {} {}\" \
         role=\"img\" aria-label=\"{}\">",
        o.id.map(|id| format!(" id=\"{}\"", escape(id)))
            .unwrap_or_default(),
        escape(o.class),
        num(-HALF_W),
        num(-HALF_H),
        num(2.0 * HALF_W),
        num(2.0 * HALF_H),
        escape(o.label)
    );
    if o.defs {
        out.push_str(&piece_defs());
    }
    // The rotating part: cells and marks (symmetric under a half turn, so a flip turns it).
    // The wooden frame (src/game/ui/theme.rs FRAME): the board's hexagon, a little larger.
    let r = 6.0 * 3f32.sqrt() / 2.0 + 0.42;
    let frame: Vec<String> = (0..6)
        .map(|i| {
            let a = std::f32::consts::PI / 3.0 * i as f32;
            let [x, y] = to_svg([r * a.cos(), r * a.sin()]);
            format!("{},{}", num(x), num(y))
        })
        .collect();
    let _ = write!(
        out,
        "<polygon class=\"frame\" fill=\"#3b2619\" points=\"{}\"/>",
        frame.join(" ")
    );
    out.push_str("<g class=\"turn\"><g class=\"cells\">");
    for info in b.cells() {
        let pts: Vec<String> = info
            .corners_xy()
            .iter()
            .map(|&p| {
                let [x, y] = to_svg(p);
                format!("{},{}", num(x), num(y))
            })
            .collect();
        let [cx, cy] = info.centre();
        let _ = write!(
            out,
            "<polygon data-cell=\"{}\" data-cx=\"{}\" data-cy=\"{}\" class=\"cell {}\" fill=\"{}\" \
             points=\"{}\"/>",
            info.name,
            (cx * 1000.0).round() / 1000.0,
            (cy * 1000.0).round() / 1000.0,
            shape_name(info.shape),
            shape_colour(info.shape),
            pts.join(" ")
        );
    }
    out.push_str("</g><g class=\"marks\">");
    for line in &o.lines {
        let pts: Vec<String> = line
            .iter()
            .map(|&p| {
                let [x, y] = to_svg(p);
                format!("{},{}", num(x), num(y))
            })
            .collect();
        let _ = write!(
            out,
            "<polyline class=\"path\" points=\"{}\"/>",
            pts.join(" ")
        );
    }
    if let Some(cell) = o.selected {
        let [x, y] = to_svg(b.cell(cell).centre());
        let _ = write!(
            out,
            "<circle class=\"sel\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            num(x),
            num(y),
            num(0.4 * SCALE)
        );
    }
    for cell in Cell::all() {
        let [x, y] = to_svg(b.cell(cell).centre());
        if o.captures.contains(cell) {
            let _ = write!(
                out,
                "<circle class=\"ring\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                num(x),
                num(y),
                num(0.36 * SCALE)
            );
        } else if o.targets.contains(cell) {
            let _ = write!(
                out,
                "<circle class=\"dot\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                num(x),
                num(y),
                num(0.12 * SCALE)
            );
        }
    }
    out.push_str("</g></g>");
    if o.rim || o.names {
        out.push_str("<g class=\"labels\">");
        if o.rim {
            for (x, y, text) in rim_labels() {
                let [sx, sy] = to_svg([x, y]);
                let _ = write!(
                    out,
                    "<text class=\"rim\" data-x=\"{}\" data-y=\"{}\" x=\"{}\" y=\"{}\">{}</text>",
                    num(sx),
                    num(sy),
                    num(sx),
                    num(sy),
                    escape(&text)
                );
            }
        }
        if o.names {
            for info in b.cells() {
                let [sx, sy] = to_svg(info.centre());
                let sy = sy + 0.3 * SCALE;
                let _ = write!(
                    out,
                    "<text class=\"name\" data-x=\"{}\" data-y=\"{}\" x=\"{}\" y=\"{}\">{}</text>",
                    num(sx),
                    num(sy),
                    num(sx),
                    num(sy),
                    info.name
                );
            }
        }
        out.push_str("</g>");
    }
    out.push_str("<g class=\"pieces\">");
    if let Some(pos) = o.position {
        for cell in Cell::all() {
            if let Some(p) = pos.piece_at(cell) {
                out.push_str(&piece_use(pos.variant(), p.kind, p.side, cell));
            }
        }
    }
    out.push_str("</g></svg>");
    out
}

/// The rim's labels, in board units: each row's letter beside its first and last cell, and
/// the cell numbers under row `a` and over row `k`.
pub fn rim_labels() -> Vec<(f32, f32, String)> {
    let b = board();
    let mut out = Vec::new();
    for row in 0..11u8 {
        let cells: Vec<_> = b.cells().iter().filter(|c| c.row == row).collect();
        let (Some(first), Some(last)) = (
            cells.iter().min_by_key(|c| c.number),
            cells.iter().max_by_key(|c| c.number),
        ) else {
            continue;
        };
        let letter = char::from(b'a' + row).to_string();
        let left = first
            .corners_xy()
            .iter()
            .map(|p| p[0])
            .fold(f32::MAX, f32::min);
        let right = last
            .corners_xy()
            .iter()
            .map(|p| p[0])
            .fold(f32::MIN, f32::max);
        out.push((left - 0.35, first.centre()[1], letter.clone()));
        out.push((right + 0.35, last.centre()[1], letter));
    }
    for info in b.cells() {
        if info.row == 0 {
            out.push((
                info.centre()[0],
                info.centre()[1] - 0.85,
                info.number.to_string(),
            ));
        } else if info.row == 10 {
            out.push((
                info.centre()[0],
                info.centre()[1] + 0.85,
                info.number.to_string(),
            ));
        }
    }
    out
}

/// A rating history as a small line chart: one line per speed (`points`: time in Unix ms and
/// rating, oldest first).
pub fn rating_chart(series: &[(String, Vec<(i64, i32)>)]) -> String {
    const W: f32 = 600.0;
    const H: f32 = 220.0;
    const PAD: f32 = 40.0;
    let all: Vec<(i64, i32)> = series.iter().flat_map(|s| s.1.iter().copied()).collect();
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 {W} {H}\" \
         role=\"img\" aria-label=\"{}\">",
        super::lang::t("rating-history")
    );
    if all.is_empty() {
        let _ = write!(
            out,
            "<text class=\"axis\" x=\"{}\" y=\"{}\">{}</text></svg>",
            W / 2.0 - 70.0,
            H / 2.0,
            super::lang::t("no-rated-yet")
        );
        return out;
    }
    let (t0, t1) = all
        .iter()
        .fold((i64::MAX, i64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (r0, r1) = all
        .iter()
        .fold((i32::MAX, i32::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let (r0, r1) = (
        (r0 - 50).div_euclid(50) * 50,
        (r1 + 50).div_euclid(50) * 50 + 50,
    );
    let x = |t: i64| {
        if t1 == t0 {
            W / 2.0
        } else {
            PAD + (t - t0) as f32 / (t1 - t0) as f32 * (W - 2.0 * PAD)
        }
    };
    let y = |r: i32| H - PAD / 2.0 - (r - r0) as f32 / (r1 - r0) as f32 * (H - PAD);
    for r in (r0..=r1).step_by(50.max(((r1 - r0) / 4 / 50 * 50).max(50) as usize)) {
        let _ = write!(
            out,
            "<line class=\"grid\" x1=\"{PAD}\" x2=\"{}\" y1=\"{1}\" y2=\"{1}\"/>\
             <text class=\"axis\" x=\"4\" y=\"{2}\">{r}</text>",
            W - PAD / 2.0,
            num(y(r)),
            num(y(r) + 4.0)
        );
    }
    for (i, (speed, points)) in series.iter().enumerate() {
        let pts: Vec<String> = points
            .iter()
            .map(|&(t, r)| format!("{},{}", num(x(t)), num(y(r))))
            .collect();
        let _ = write!(
            out,
            "<polyline class=\"series s{i}\" points=\"{}\"/>",
            pts.join(" ")
        );
        for &(t, r) in points {
            let _ = write!(
                out,
                "<circle class=\"series s{i}\" cx=\"{}\" cy=\"{}\" r=\"3\"/>",
                num(x(t)),
                num(y(r))
            );
        }
        let _ = write!(
            out,
            "<text class=\"legend s{i}\" x=\"{}\" y=\"14\">{}</text>",
            PAD + i as f32 * 110.0,
            escape(speed)
        );
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_every_cell_once_with_its_colour_and_centre() {
        let svg = board_svg(&BoardOptions {
            rim: true,
            defs: true,
            position: Some(&Position::start()),
            ..BoardOptions::default()
        });
        for info in board().cells() {
            let needle = format!("data-cell=\"{}\"", info.name);
            assert_eq!(svg.matches(&needle).count(), 1, "{}", info.name);
        }
        assert_eq!(svg.matches("<polygon data-cell").count(), 72);
        assert_eq!(svg.matches("class=\"frame\"").count(), 1);
        assert_eq!(svg.matches("fill=\"#edd6a8\"").count(), 24);
        assert_eq!(svg.matches("fill=\"#cc9961\"").count(), 24);
        assert_eq!(svg.matches("fill=\"#85593d\"").count(), 24);
        // Every piece of the start, each side's king once.
        assert_eq!(svg.matches("class=\"pc white\"").count(), 16);
        assert_eq!(svg.matches("class=\"pc black\"").count(), 16);
        assert_eq!(svg.matches("href=\"#pc-K\"").count(), 2);
        // e5's polygon is the CSV's corners scaled: its centre is the mean of its corners.
        let e5 = board().cell("e5".parse().unwrap());
        let c = e5.corners_xy();
        let mean = [
            c.iter().map(|p| p[0]).sum::<f32>() / 4.0,
            c.iter().map(|p| p[1]).sum::<f32>() / 4.0,
        ];
        assert!((mean[0] - e5.centre()[0]).abs() < 1e-4);
        assert!((mean[1] - e5.centre()[1]).abs() < 1e-4);
        // Rim labels: 11 rows twice, 6 numbers under a and over k.
        assert_eq!(svg.matches("class=\"rim\"").count(), 22 + 12);
    }

    #[test]
    fn the_board_fits_its_view_box() {
        for info in board().cells() {
            for p in info.corners_xy() {
                let [x, y] = to_svg(p);
                assert!(x.abs() < HALF_W && y.abs() < HALF_H, "{}", info.name);
            }
        }
        for (x, y, _) in rim_labels() {
            let [x, y] = to_svg([x, y]);
            assert!(x.abs() < HALF_W && y.abs() < HALF_H);
        }
    }

    #[test]
    fn chart_escapes_and_draws_each_series() {
        let svg = rating_chart(&[
            ("blitz<".to_string(), vec![(0, 1500), (1000, 1520)]),
            ("rapid".to_string(), vec![(500, 1480)]),
        ]);
        assert!(svg.contains("blitz&lt;"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(rating_chart(&[]).contains("No rated games"));
    }
}
