//! A screenshot per board theme (`--screenshot --theme NAME`, 2D): the picture is not blank, and
//! the empty cells' colours, sampled at the cells' centres, follow the theme's data: the same
//! order of lightness within a theme; between any two themes, colours that differ plainly in the
//! data (CIEDE2000 ≥ 10) differ in the picture, and each colour
//! channel that differs much moves the way the data says (the renderer's light and tonemapping
//! change every colour, but alike).
#![cfg(feature = "gui")]

use crate::screenshot::{luminance, out_dir, render, sample};
use parachess::rules::{Cell, Position, Shape, Side, board};
use parachess::theme::{Rgb, THEMES, Theme, difference};

const SHAPES: [Shape; 3] = [Shape::Flat, Shape::Rising, Shape::Falling];

/// The median of each channel.
fn median(colours: &[[f32; 3]]) -> [f32; 3] {
    [0, 1, 2].map(|i| {
        let mut v: Vec<f32> = colours.iter().map(|c| c[i]).collect();
        v.sort_by(f32::total_cmp);
        v[v.len() / 2]
    })
}

fn channels(c: Rgb) -> [f32; 3] {
    [c.r, c.g, c.b]
}

/// What a screenshot showed.
struct Shot {
    /// Median colour of the empty cells of each shape.
    cells: [[f32; 3]; 3],
    /// Median colour at the centres of Black's pieces.
    black_pieces: [f32; 3],
    /// How many distinct colours the picture holds (every seventh pixel).
    distinct: usize,
}

/// A 2D screenshot of the start position in `theme` with its `pieces` colouring (1 or 2).
fn shot(theme: &Theme, pieces: &str) -> Shot {
    let out = out_dir().join(format!("theme-{}-pieces{pieces}-2d.png", theme.name));
    let pixels = render(
        &["--view", "2d", "--theme", theme.name, "--pieces", pieces],
        &out,
    );
    let start = Position::start();
    let mut by_shape: [Vec<[f32; 3]>; 3] = Default::default();
    let mut black = Vec::new();
    for cell in Cell::all() {
        let info = board().cell(cell);
        let colour = sample(&pixels, info.centre());
        match start.piece_at(cell) {
            None => {
                let i = SHAPES.iter().position(|&s| s == info.shape).unwrap();
                by_shape[i].push(colour);
            }
            Some(p) if p.side == Side::Black => black.push(colour),
            Some(_) => {}
        }
    }
    let mut distinct: Vec<[u8; 3]> = pixels
        .iter()
        .step_by(7)
        .map(|p| p.map(|c| (c * 255.0).round() as u8))
        .collect();
    distinct.sort_unstable();
    distinct.dedup();
    eprintln!(
        "{}: {} ({} colours)",
        theme.name,
        out.display(),
        distinct.len()
    );
    Shot {
        cells: by_shape.map(|v| median(&v)),
        black_pieces: median(&black),
        distinct: distinct.len(),
    }
}

#[test]
fn each_themes_screenshot_draws_its_cells_as_its_data_says() {
    let shots: Vec<[[f32; 3]; 3]> = THEMES
        .iter()
        .map(|theme| {
            let shot = shot(theme, "1");
            let distinct = shot.distinct;
            assert!(
                distinct > 200,
                "{}: a blank picture ({distinct} colours)",
                theme.name
            );
            shot.cells
        })
        .collect();
    let mut failures = Vec::new();
    for (theme, cells) in THEMES.iter().zip(&shots) {
        // Within a theme: the cells' lightness in the picture in the data's order.
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            let (a, b) = (theme.cell(SHAPES[i]), theme.cell(SHAPES[j]));
            let want = a.luminance() - b.luminance();
            let got = luminance(cells[i]) - luminance(cells[j]);
            if want.abs() > 0.02 && (got * want.signum() as f32) < 0.01 {
                failures.push(format!(
                    "{}: {:?} vs {:?} lightness {got:+.3} drawn, {want:+.3} in the data",
                    theme.name, SHAPES[i], SHAPES[j]
                ));
            }
        }
    }
    // Between themes (and shapes): every channel that differs in the data differs the same way
    // in the picture, and the same colour is drawn the same.
    let all: Vec<(String, [f32; 3], [f32; 3])> = THEMES
        .iter()
        .zip(&shots)
        .flat_map(|(theme, cells)| {
            SHAPES.iter().zip(cells).map(|(&shape, &drawn)| {
                (
                    format!("{} {shape:?}", theme.name),
                    channels(theme.cell(shape)),
                    drawn,
                )
            })
        })
        .collect();
    for (x, (name_a, data_a, drawn_a)) in all.iter().enumerate() {
        for (name_b, data_b, drawn_b) in &all[x + 1..] {
            for ch in 0..3 {
                let want = data_a[ch] - data_b[ch];
                let got = drawn_a[ch] - drawn_b[ch];
                let wrong = want.abs() >= 0.15 && got * want.signum() < 0.01;
                if wrong {
                    failures.push(format!(
                        "{name_a} vs {name_b}, channel {ch}: {got:+.3} drawn, {want:+.3} in the data"
                    ));
                }
            }
            let rgb = |c: &[f32; 3]| Rgb::new(c[0], c[1], c[2]);
            let want = difference(rgb(data_a), rgb(data_b));
            let got = difference(rgb(drawn_a), rgb(drawn_b));
            if want >= 10.0 && got < 5.0 {
                failures.push(format!(
                    "{name_a} vs {name_b}: CIEDE2000 {got:.1} drawn, {want:.1} in the data"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}\ndrawn: {all:?}");
}

/// `--pieces 2` draws the wood theme's second colouring: Black's symbols turn from ebony to
/// crimson, as the data says, while the cells stay as they were.
#[test]
fn the_second_piece_colouring_draws_black_in_crimson() {
    let wood = THEMES[0];
    let (first, second) = (shot(wood, "1"), shot(wood, "2"));
    let want = |fill: Rgb| channels(fill);
    let (ebony, crimson) = (
        want(wood.symbols[0].black_fill),
        want(wood.symbols[1].black_fill),
    );
    assert!(crimson[0] > crimson[1] + 0.3 && ebony[0] < ebony[1] + 0.05);
    let [r1, g1, _] = first.black_pieces;
    let [r2, g2, _] = second.black_pieces;
    assert!(r1 - g1 < 0.06, "ebony drawn {:?}", first.black_pieces);
    assert!(r2 - g2 > 0.15, "crimson drawn {:?}", second.black_pieces);
    for (a, b) in first.cells.iter().zip(&second.cells) {
        let d = difference(Rgb::new(a[0], a[1], a[2]), Rgb::new(b[0], b[1], b[2]));
        assert!(d < 1.0, "the cells changed with the pieces: {a:?} {b:?}");
    }
}
