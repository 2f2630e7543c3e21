//! Board themes as data: cell, frame and highlight colours and the pieces' colourings. No Bevy
//! here, so `parachess themes` and the colour checks work in every build; the game turns these
//! into materials (`game::ui::theme::BoardTheme`).
//!
//! Every theme keeps its three cell orientations apart without relying on hue: the tests below
//! pass each cell colour through protanopia, deuteranopia and tritanopia simulations and require
//! a CIEDE2000 difference of at least [`MIN_CELL_DIFFERENCE`] between every pair, and WCAG
//! contrast for the pieces, the move markers and the panel's text.

pub mod colour;

pub use colour::{Rgb, Vision, contrast, difference};

use crate::rules::Shape;

/// A colour drawn over something else.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgba {
    /// The colour.
    pub rgb: Rgb,
    /// Its opacity, 0 to 1.
    pub alpha: f32,
}

impl Rgba {
    /// `rgb` at `alpha`.
    pub const fn new(rgb: Rgb, alpha: f32) -> Rgba {
        Rgba { rgb, alpha }
    }

    /// What it looks like over `ground`.
    pub fn over(self, ground: Rgb) -> Rgb {
        self.rgb.over(self.alpha, ground)
    }
}

/// The modelled pieces' colours (3D view).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelColours {
    /// What the player calls it.
    pub name: &'static str,
    /// White's pieces.
    pub white: Rgb,
    /// Black's pieces.
    pub black: Rgb,
}

/// The flat symbols' colours (2D view): each side's fill and the outline drawn around it, which
/// keeps a symbol readable on a cell as light (or as dark) as its fill.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SymbolColours {
    /// What the player calls it.
    pub name: &'static str,
    /// White's fill.
    pub white_fill: Rgb,
    /// White's outline.
    pub white_outline: Rgb,
    /// Black's fill.
    pub black_fill: Rgb,
    /// Black's outline.
    pub black_outline: Rgb,
}

/// A board's look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    /// Its name on the command line (`--theme NAME`): lower case, no spaces.
    pub name: &'static str,
    /// One line about it.
    pub about: &'static str,
    /// Flat cells (the horizontal rhombi).
    pub flat: Rgb,
    /// Rising cells.
    pub rising: Rgb,
    /// Falling cells.
    pub falling: Rgb,
    /// The frame around the hexagon.
    pub frame: Rgb,
    /// Behind the board (and the grout between cells).
    pub background: Rgb,
    /// Tint of the last move's start and target.
    pub last_move: Rgb,
    /// Tint of the selected piece's cell.
    pub selected: Rgb,
    /// Tint of a King in check.
    pub check: Rgb,
    /// Legal-move dots and capture rings on flat, rising and falling cells: each dark on a light
    /// cell and light on a dark one, so it keeps its contrast on all three.
    pub markers: [Rgba; 3],
    /// Two colourings of the modelled pieces; the first is the theme's own.
    pub models: [ModelColours; 2],
    /// Two colourings of the flat symbols; the first is the theme's own.
    pub symbols: [SymbolColours; 2],
}

/// How much of the highlight colours a marked cell takes (the rest is the cell's own colour).
pub mod tint {
    /// The last move's cells.
    pub const LAST_MOVE: f32 = 0.45;
    /// The selected cell.
    pub const SELECTED: f32 = 0.6;
    /// A King in check.
    pub const CHECK: f32 = 0.65;
}

/// The least CIEDE2000 difference between any two cell colours of a theme, for normal vision
/// and each simulated dichromacy: plainly different at a glance.
pub const MIN_CELL_DIFFERENCE: f64 = 10.0;

impl Theme {
    /// The colour of a cell of `shape`.
    pub fn cell(&self, shape: Shape) -> Rgb {
        match shape {
            Shape::Flat => self.flat,
            Shape::Rising => self.rising,
            Shape::Falling => self.falling,
        }
    }

    /// The move marker drawn on a cell of `shape`.
    pub fn marker(&self, shape: Shape) -> Rgba {
        self.markers[shape_index(shape)]
    }

    /// The cells' colours, flat, rising, falling.
    pub fn cells(&self) -> [Rgb; 3] {
        [self.flat, self.rising, self.falling]
    }

    /// The cell-name label's colour on a cell of `shape`: dark or light, whichever reads better.
    pub fn label(&self, shape: Shape) -> Rgba {
        let cell = self.cell(shape);
        let readable = |l: Rgba| contrast(l.over(cell), cell);
        if readable(LABEL_DARK) >= readable(LABEL_LIGHT) {
            LABEL_DARK
        } else {
            LABEL_LIGHT
        }
    }

    /// The `parachess themes` line: `NAME #flat #rising #falling`.
    pub fn line(&self) -> String {
        format!(
            "{} {} {} {}",
            self.name,
            self.flat.to_hex(),
            self.rising.to_hex(),
            self.falling.to_hex()
        )
    }
}

fn shape_index(shape: Shape) -> usize {
    match shape {
        Shape::Flat => 0,
        Shape::Rising => 1,
        Shape::Falling => 2,
    }
}

/// Cell names on light cells.
const LABEL_DARK: Rgba = Rgba::new(Rgb::new(0.18, 0.11, 0.06), 0.7);
/// Cell names on dark cells.
const LABEL_LIGHT: Rgba = Rgba::new(Rgb::new(0.96, 0.9, 0.8), 0.7);

/// Ivory and ebony, the game's first look.
pub const IVORY_EBONY: ModelColours = ModelColours {
    name: "ivory and ebony",
    white: Rgb::new(0.94, 0.91, 0.85),
    black: Rgb::new(0.15, 0.12, 0.11),
};

/// Pearl and a deep crimson lacquer.
pub const PEARL_CRIMSON: ModelColours = ModelColours {
    name: "pearl and crimson",
    white: Rgb::new(0.97, 0.96, 0.93),
    black: Rgb::new(0.42, 0.07, 0.09),
};

/// Pure white and jet: the most light and the least.
pub const SNOW_JET: ModelColours = ModelColours {
    name: "snow and jet",
    white: Rgb::hex(0xffffff),
    black: Rgb::hex(0x0d0d0d),
};

/// Gold and cobalt: told apart by lightness and by hue.
pub const GOLD_COBALT: ModelColours = ModelColours {
    name: "gold and cobalt",
    white: Rgb::hex(0xe8b93a),
    black: Rgb::hex(0x1f3f9a),
};

/// The game's first symbols: ivory with a near-black outline, ebony with a cream one.
pub const CLASSIC_SYMBOLS: SymbolColours = SymbolColours {
    name: "classic",
    // Unlit colours pass through tonemapping, which dulls them: the white symbol starts whiter
    // than the model so both read as ivory.
    white_fill: Rgb::new(1.0, 0.99, 0.95),
    white_outline: Rgb::new(0.13, 0.10, 0.08),
    black_fill: Rgb::new(0.15, 0.12, 0.11),
    black_outline: Rgb::new(0.93, 0.89, 0.80),
};

/// Pure white and black, each outlined in the other.
pub const INK_SYMBOLS: SymbolColours = SymbolColours {
    name: "ink",
    white_fill: Rgb::hex(0xffffff),
    white_outline: Rgb::hex(0x000000),
    black_fill: Rgb::hex(0x000000),
    black_outline: Rgb::hex(0xffffff),
};

/// Pearl and crimson symbols, as the models of [`PEARL_CRIMSON`].
pub const CRIMSON_SYMBOLS: SymbolColours = SymbolColours {
    name: "pearl and crimson",
    white_fill: Rgb::new(0.99, 0.98, 0.95),
    white_outline: Rgb::hex(0x1a1414),
    black_fill: Rgb::hex(0x8c1a24),
    black_outline: Rgb::hex(0xfbeeee),
};

/// Gold and cobalt symbols.
pub const GOLD_COBALT_SYMBOLS: SymbolColours = SymbolColours {
    name: "gold and cobalt",
    white_fill: Rgb::hex(0xf2c94c),
    white_outline: Rgb::hex(0x1a1a1a),
    black_fill: Rgb::hex(0x1f3f9a),
    black_outline: Rgb::hex(0xffffff),
};

/// A marker dark enough for light cells.
const fn dark_marker(rgb: u32) -> Rgba {
    Rgba::new(Rgb::hex(rgb), 0.9)
}

/// A marker light enough for dark cells.
const fn light_marker(rgb: u32) -> Rgba {
    Rgba::new(Rgb::hex(rgb), 0.9)
}

/// Maple, honey and walnut: the game's first look, and the default.
pub const WOOD: Theme = Theme {
    name: "wood",
    about: "maple, honey and walnut on a dark frame",
    flat: Rgb::new(0.93, 0.84, 0.66),
    rising: Rgb::new(0.80, 0.60, 0.38),
    falling: Rgb::new(0.52, 0.35, 0.24),
    frame: Rgb::new(0.23, 0.15, 0.10),
    background: Rgb::new(0.11, 0.12, 0.14),
    last_move: Rgb::new(0.98, 0.84, 0.30),
    selected: Rgb::new(0.45, 0.78, 0.45),
    check: Rgb::new(0.92, 0.25, 0.20),
    // Today's green, darker on the light woods and pale on walnut (one translucent green was
    // under 3:1 on every cell).
    markers: [
        dark_marker(0x0f3d1c),
        dark_marker(0x0f3d1c),
        light_marker(0xd2f2cc),
    ],
    models: [IVORY_EBONY, PEARL_CRIMSON],
    symbols: [CLASSIC_SYMBOLS, CRIMSON_SYMBOLS],
};

/// White, grey and charcoal on black: the cells told apart by lightness alone, as far apart as
/// three can be.
pub const CONTRAST: Theme = Theme {
    name: "contrast",
    about: "high contrast: white, grey and charcoal on black",
    flat: Rgb::hex(0xf4f4ee),
    rising: Rgb::hex(0x9a9a9a),
    falling: Rgb::hex(0x2e2e2e),
    frame: Rgb::hex(0x000000),
    background: Rgb::hex(0x000000),
    last_move: Rgb::hex(0xffd400),
    selected: Rgb::hex(0x00c8ff),
    check: Rgb::hex(0xff2a2a),
    markers: [
        dark_marker(0x000000),
        dark_marker(0x000000),
        light_marker(0xffffff),
    ],
    models: [SNOW_JET, GOLD_COBALT],
    symbols: [INK_SYMBOLS, GOLD_COBALT_SYMBOLS],
};

/// Pale yellow, sky blue and blue from Okabe and Ito's palette for colour-blind readers, which
/// also differ in lightness; its highlights are the palette's orange, bluish green and
/// vermilion.
pub const OKABE_ITO: Theme = Theme {
    name: "okabe-ito",
    about: "colour-blind safe: pale yellow, sky blue and blue (Okabe and Ito's palette)",
    flat: Rgb::hex(0xf5ecae),
    rising: Rgb::hex(0x6cb8e6),
    falling: Rgb::hex(0x1d5f8f),
    frame: Rgb::hex(0x2b2b33),
    background: Rgb::hex(0x15161a),
    last_move: Rgb::hex(0xe69f00),
    selected: Rgb::hex(0x009e73),
    check: Rgb::hex(0xd55e00),
    markers: [
        dark_marker(0x101010),
        dark_marker(0x101010),
        light_marker(0xffffff),
    ],
    models: [IVORY_EBONY, PEARL_CRIMSON],
    symbols: [CLASSIC_SYMBOLS, CRIMSON_SYMBOLS],
};

/// Cream and two greens, as on a club's vinyl board.
pub const TOURNAMENT: Theme = Theme {
    name: "tournament",
    about: "cream and two greens, as on a club's vinyl board",
    flat: Rgb::hex(0xeeeed2),
    rising: Rgb::hex(0x8fae6a),
    falling: Rgb::hex(0x4e7837),
    frame: Rgb::hex(0x2f3a28),
    background: Rgb::hex(0x121612),
    last_move: Rgb::hex(0xf6f669),
    selected: Rgb::hex(0x66a3d9),
    check: Rgb::hex(0xe0413a),
    markers: [
        dark_marker(0x1c2e12),
        dark_marker(0x1c2e12),
        light_marker(0xf4f4e0),
    ],
    models: [IVORY_EBONY, PEARL_CRIMSON],
    symbols: [CLASSIC_SYMBOLS, CRIMSON_SYMBOLS],
};

/// Every theme, the default first.
pub const THEMES: [&Theme; 4] = [&WOOD, &CONTRAST, &OKABE_ITO, &TOURNAMENT];

/// A theme name that is not one of [`THEMES`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme {name:?}; the themes are: {}", names().join(", "))]
pub struct UnknownTheme {
    /// What was asked for.
    pub name: String,
}

/// The themes' names, default first.
pub fn names() -> Vec<&'static str> {
    THEMES.iter().map(|t| t.name).collect()
}

/// The theme called `name` (any case, surrounding spaces ignored).
pub fn named(name: &str) -> Result<&'static Theme, UnknownTheme> {
    let wanted = name.trim();
    THEMES
        .into_iter()
        .find(|t| t.name.eq_ignore_ascii_case(wanted))
        .ok_or_else(|| UnknownTheme {
            name: name.to_string(),
        })
}

/// The panel's and dialogs' colours (the same in every theme).
pub mod panel {
    use super::{Rgb, Rgba};

    /// Panel background, drawn over the board's background.
    pub const PANEL: Rgba = Rgba::new(Rgb::new(0.08, 0.085, 0.10), 0.94);
    /// A dialog's card: opaque, so that its labels never sit on pieces.
    pub const DIALOG: Rgb = Rgb::new(0.08, 0.085, 0.10);
    /// Main text.
    pub const TEXT: Rgb = Rgb::new(0.92, 0.90, 0.86);
    /// Secondary text.
    pub const TEXT_DIM: Rgb = Rgb::new(0.62, 0.62, 0.62);
    /// The faintest text (axis labels, small print); 0.45 grey was 3.8:1 on the panel, under
    /// WCAG's 4.5.
    pub const TEXT_FAINT: Rgb = Rgb::new(0.50, 0.50, 0.53);
    /// Refusals and warnings.
    pub const WARNING: Rgb = Rgb::new(0.98, 0.60, 0.40);
    /// Accent (titles, the side to move).
    pub const ACCENT: Rgb = Rgb::new(0.96, 0.78, 0.45);
    /// Done, solved, ready.
    pub const GOOD: Rgb = Rgb::new(0.45, 0.80, 0.50);
    /// Every colour text is written in on the panel.
    pub const TEXTS: [(&str, Rgb); 6] = [
        ("text", TEXT),
        ("dim text", TEXT_DIM),
        ("faint text", TEXT_FAINT),
        ("warning", WARNING),
        ("accent", ACCENT),
        ("good", GOOD),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPES: [Shape; 3] = [Shape::Flat, Shape::Rising, Shape::Falling];

    /// The check: every pair of cell colours stays plainly different (CIEDE2000 ≥ 10)
    /// for normal vision and through each Machado (2009) dichromacy simulation, in every theme.
    #[test]
    fn every_themes_cells_stay_apart_for_every_kind_of_colour_vision() {
        let mut failures = Vec::new();
        for theme in THEMES {
            for vision in Vision::ALL {
                let seen = theme.cells().map(|c| c.seen_with(vision));
                for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                    let d = difference(seen[i], seen[j]);
                    if d < MIN_CELL_DIFFERENCE {
                        failures.push(format!(
                            "{} {vision:?}: {:?}/{:?} only {d:.1}",
                            theme.name, SHAPES[i], SHAPES[j]
                        ));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
    }

    /// Move markers (≥ 3:1, WCAG's figure for graphics) against the cell each is drawn on, as
    /// blended there; the flat symbols' edge (the better of fill and outline) against every cell
    /// and their fill against their outline; the two sides' models against each other.
    #[test]
    fn pieces_and_markers_keep_their_contrast_on_every_cell() {
        let mut failures = Vec::new();
        let mut need = |what: String, ratio: f64| {
            if ratio < 3.0 {
                failures.push(format!("{what}: {ratio:.2}"));
            }
        };
        for theme in THEMES {
            for shape in SHAPES {
                let cell = theme.cell(shape);
                let marker = theme.marker(shape).over(cell);
                need(
                    format!("{} marker on {shape:?}", theme.name),
                    contrast(marker, cell),
                );
                for s in &theme.symbols {
                    for (side, fill, outline) in [
                        ("white", s.white_fill, s.white_outline),
                        ("black", s.black_fill, s.black_outline),
                    ] {
                        need(
                            format!("{} {} {side} symbol on {shape:?}", theme.name, s.name),
                            contrast(fill, cell).max(contrast(outline, cell)),
                        );
                    }
                }
            }
            for s in &theme.symbols {
                need(
                    format!("{} {} white fill/outline", theme.name, s.name),
                    contrast(s.white_fill, s.white_outline),
                );
                need(
                    format!("{} {} black fill/outline", theme.name, s.name),
                    contrast(s.black_fill, s.black_outline),
                );
            }
            for m in &theme.models {
                need(
                    format!("{} {} white/black", theme.name, m.name),
                    contrast(m.white, m.black),
                );
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
    }

    /// Every colour of panel text on the panel (over each theme's background, which is what
    /// lies behind the translucent panel) and on a dialog's card: at least WCAG's 4.5:1.
    #[test]
    fn panel_text_reads_on_the_panel_in_every_theme() {
        let mut failures = Vec::new();
        for theme in THEMES {
            let grounds = [
                ("panel", panel::PANEL.over(theme.background)),
                ("dialog", panel::DIALOG),
            ];
            for (ground_name, ground) in grounds {
                for (name, text) in panel::TEXTS {
                    let ratio = contrast(text, ground);
                    if ratio < 4.5 {
                        failures.push(format!(
                            "{} {name} on {ground_name}: {ratio:.2}",
                            theme.name
                        ));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
    }

    #[test]
    fn cell_names_take_the_label_colour_that_reads_better() {
        assert_eq!(WOOD.label(Shape::Flat), LABEL_DARK);
        assert_eq!(WOOD.label(Shape::Falling), LABEL_LIGHT);
        assert_eq!(CONTRAST.label(Shape::Falling), LABEL_LIGHT);
    }

    #[test]
    fn themes_are_found_by_name_and_an_unknown_name_lists_them_all() {
        assert_eq!(named("wood"), Ok(&WOOD));
        assert_eq!(named(" Okabe-Ito "), Ok(&OKABE_ITO));
        let e = named("neon").unwrap_err();
        let text = e.to_string();
        assert!(text.contains("\"neon\""), "{text}");
        for t in THEMES {
            assert!(text.contains(t.name), "{text}");
        }
        let mut names = names();
        let n = names.len();
        names.dedup();
        assert_eq!(names.len(), n);
        assert!(n >= 4);
        assert_eq!(THEMES[0], &WOOD, "wood is the default, listed first");
    }

    #[test]
    fn the_wood_theme_prints_the_colours_it_always_had() {
        assert_eq!(WOOD.line(), "wood #edd6a8 #cc9961 #85593d");
    }
}
