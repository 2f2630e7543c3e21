//! The colour science the themes are checked with, from the published formulas: sRGB
//! transfer (IEC 61966-2-1), CIE L*a*b* (D65), CIEDE2000 (Sharma, Wu and Dalal 2005), the
//! WCAG 2 contrast ratio, and colour-vision-deficiency simulation (Machado, Oliveira and
//! Fernandes 2009). Pure Rust, no Bevy: `parachess themes` and the tests use it in every build.

/// A colour as stored in sRGB, each channel 0 to 1 (what a colour picker and `#rrggbb` show).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgb {
    /// Red, 0 to 1, sRGB-encoded.
    pub r: f32,
    /// Green, 0 to 1, sRGB-encoded.
    pub g: f32,
    /// Blue, 0 to 1, sRGB-encoded.
    pub b: f32,
}

impl Rgb {
    /// From sRGB channels 0 to 1.
    pub const fn new(r: f32, g: f32, b: f32) -> Rgb {
        Rgb { r, g, b }
    }

    /// From `0xrrggbb`.
    pub const fn hex(v: u32) -> Rgb {
        Rgb {
            r: ((v >> 16) & 0xff) as f32 / 255.0,
            g: ((v >> 8) & 0xff) as f32 / 255.0,
            b: (v & 0xff) as f32 / 255.0,
        }
    }

    /// `#rrggbb`, each channel rounded to the nearest byte.
    pub fn to_hex(self) -> String {
        let byte = |c: f32| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        format!(
            "#{:02x}{:02x}{:02x}",
            byte(self.r),
            byte(self.g),
            byte(self.b)
        )
    }

    /// Linear-light RGB.
    pub fn linear(self) -> [f64; 3] {
        [self.r, self.g, self.b].map(|c| to_linear(f64::from(c)))
    }

    /// From linear-light RGB (clamped to the sRGB gamut).
    pub fn from_linear(l: [f64; 3]) -> Rgb {
        let [r, g, b] = l.map(|c| from_linear(c.clamp(0.0, 1.0)) as f32);
        Rgb { r, g, b }
    }

    /// This colour at `alpha` over `ground`, blended in linear light as the renderer does.
    pub fn over(self, alpha: f32, ground: Rgb) -> Rgb {
        let a = f64::from(alpha.clamp(0.0, 1.0));
        let (f, g) = (self.linear(), ground.linear());
        Rgb::from_linear([0, 1, 2].map(|i| a * f[i] + (1.0 - a) * g[i]))
    }

    /// WCAG 2 relative luminance (0 black to 1 white).
    pub fn luminance(self) -> f64 {
        let [r, g, b] = self.linear();
        0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    /// CIE L*a*b* under D65.
    pub fn lab(self) -> Lab {
        lab_of_linear(self.linear())
    }

    /// How someone with `vision` sees this colour.
    pub fn seen_with(self, vision: Vision) -> Rgb {
        match vision.matrix() {
            None => self,
            Some(m) => {
                let l = self.linear();
                Rgb::from_linear(
                    [0, 1, 2].map(|i| m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]),
                )
            }
        }
    }
}

/// sRGB decoding of one channel.
fn to_linear(c: f64) -> f64 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// sRGB encoding of one channel.
fn from_linear(c: f64) -> f64 {
    if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// WCAG 2 contrast ratio between two colours, 1 (same) to 21 (black on white).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (x, y) = (a.luminance(), b.luminance());
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// A CIE L*a*b* colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lab {
    /// Lightness, 0 to 100.
    pub l: f64,
    /// Green (−) to red (+).
    pub a: f64,
    /// Blue (−) to yellow (+).
    pub b: f64,
}

fn lab_of_linear([r, g, b]: [f64; 3]) -> Lab {
    // sRGB primaries to XYZ, D65 (IEC 61966-2-1).
    let x = 0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b;
    let z = 0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b;
    let f = |t: f64| {
        const E: f64 = 216.0 / 24389.0;
        const K: f64 = 24389.0 / 27.0;
        if t > E {
            t.cbrt()
        } else {
            (K * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.950_47), f(y), f(z / 1.088_83));
    Lab {
        l: 116.0 * fy - 16.0,
        a: 500.0 * (fx - fy),
        b: 200.0 * (fy - fz),
    }
}

/// The CIEDE2000 colour difference (kL = kC = kH = 1), following Sharma, Wu and Dalal (2005),
/// "The CIEDE2000 color-difference formula: implementation notes", equations (1) to (17).
/// About 1 is a just-noticeable difference; 10 is plainly different at a glance.
pub fn ciede2000(x: Lab, y: Lab) -> f64 {
    use std::f64::consts::PI;
    let deg = |r: f64| r * 180.0 / PI;
    let rad = |d: f64| d * PI / 180.0;
    let pow7 = |v: f64| v.powi(7);
    let c1 = x.a.hypot(x.b);
    let c2 = y.a.hypot(y.b);
    let c_bar = (c1 + c2) / 2.0;
    let g = 0.5 * (1.0 - (pow7(c_bar) / (pow7(c_bar) + pow7(25.0))).sqrt());
    let (a1, a2) = ((1.0 + g) * x.a, (1.0 + g) * y.a);
    let (c1p, c2p) = (a1.hypot(x.b), a2.hypot(y.b));
    let hue = |b: f64, a: f64| {
        if a == 0.0 && b == 0.0 {
            0.0
        } else {
            deg(b.atan2(a)).rem_euclid(360.0)
        }
    };
    let (h1, h2) = (hue(x.b, a1), hue(y.b, a2));
    let dl = y.l - x.l;
    let dc = c2p - c1p;
    let chroma_zero = c1p * c2p == 0.0;
    let dh = if chroma_zero {
        0.0
    } else if (h2 - h1).abs() <= 180.0 {
        h2 - h1
    } else if h2 - h1 > 180.0 {
        h2 - h1 - 360.0
    } else {
        h2 - h1 + 360.0
    };
    let d_big_h = 2.0 * (c1p * c2p).sqrt() * (rad(dh) / 2.0).sin();
    let l_bar = (x.l + y.l) / 2.0;
    let c_bar_p = (c1p + c2p) / 2.0;
    let h_bar = if chroma_zero {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let t = 1.0 - 0.17 * rad(h_bar - 30.0).cos()
        + 0.24 * rad(2.0 * h_bar).cos()
        + 0.32 * rad(3.0 * h_bar + 6.0).cos()
        - 0.20 * rad(4.0 * h_bar - 63.0).cos();
    let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let r_c = 2.0 * (pow7(c_bar_p) / (pow7(c_bar_p) + pow7(25.0))).sqrt();
    let s_l = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let s_c = 1.0 + 0.045 * c_bar_p;
    let s_h = 1.0 + 0.015 * c_bar_p * t;
    let r_t = -(rad(2.0 * d_theta)).sin() * r_c;
    let (l, c, h) = (dl / s_l, dc / s_c, d_big_h / s_h);
    (l * l + c * c + h * h + r_t * c * h).sqrt()
}

/// CIEDE2000 between two sRGB colours.
pub fn difference(a: Rgb, b: Rgb) -> f64 {
    ciede2000(a.lab(), b.lab())
}

/// Normal colour vision and the three dichromacies (full severity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vision {
    /// Trichromatic vision.
    Normal,
    /// No long-wavelength (red) cones.
    Protanopia,
    /// No medium-wavelength (green) cones: the most common.
    Deuteranopia,
    /// No short-wavelength (blue) cones.
    Tritanopia,
}

impl Vision {
    /// Every kind, normal first.
    pub const ALL: [Vision; 4] = [
        Vision::Normal,
        Vision::Protanopia,
        Vision::Deuteranopia,
        Vision::Tritanopia,
    ];

    /// Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
    fn matrix(self) -> Option<[[f64; 3]; 3]> {
        match self {
            Vision::Normal => None,
            Vision::Protanopia => Some([
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ]),
            Vision::Deuteranopia => Some([
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ]),
            Vision::Tritanopia => Some([
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lab(l: f64, a: f64, b: f64) -> Lab {
        Lab { l, a, b }
    }

    /// Sharma, Wu and Dalal (2005), Table 1: all 34 pairs, to the four decimals printed.
    #[test]
    fn ciede2000_matches_every_pair_of_sharmas_table() {
        #[rustfmt::skip]
        let table: [([f64; 3], [f64; 3], f64); 34] = [
            ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
            ([50.0, 3.1571, -77.2803], [50.0, 0.0, -82.7485], 2.8615),
            ([50.0, 2.8361, -74.0200], [50.0, 0.0, -82.7485], 3.4412),
            ([50.0, -1.3802, -84.2814], [50.0, 0.0, -82.7485], 1.0000),
            ([50.0, -1.1848, -84.8006], [50.0, 0.0, -82.7485], 1.0000),
            ([50.0, -0.9009, -85.5211], [50.0, 0.0, -82.7485], 1.0000),
            ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
            ([50.0, -1.0, 2.0], [50.0, 0.0, 0.0], 2.3669),
            ([50.0, 2.4900, -0.0010], [50.0, -2.4900, 0.0009], 7.1792),
            ([50.0, 2.4900, -0.0010], [50.0, -2.4900, 0.0010], 7.1792),
            ([50.0, 2.4900, -0.0010], [50.0, -2.4900, 0.0011], 7.2195),
            ([50.0, 2.4900, -0.0010], [50.0, -2.4900, 0.0012], 7.2195),
            ([50.0, -0.0010, 2.4900], [50.0, 0.0009, -2.4900], 4.8045),
            ([50.0, -0.0010, 2.4900], [50.0, 0.0010, -2.4900], 4.8045),
            ([50.0, -0.0010, 2.4900], [50.0, 0.0011, -2.4900], 4.7461),
            ([50.0, 2.5, 0.0], [50.0, 0.0, -2.5], 4.3065),
            ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
            ([50.0, 2.5, 0.0], [61.0, -5.0, 29.0], 22.8977),
            ([50.0, 2.5, 0.0], [56.0, -27.0, -3.0], 31.9030),
            ([50.0, 2.5, 0.0], [58.0, 24.0, 15.0], 19.4535),
            ([50.0, 2.5, 0.0], [50.0, 3.1736, 0.5854], 1.0000),
            ([50.0, 2.5, 0.0], [50.0, 3.2972, 0.0], 1.0000),
            ([50.0, 2.5, 0.0], [50.0, 1.8634, 0.5757], 1.0000),
            ([50.0, 2.5, 0.0], [50.0, 3.2592, 0.3350], 1.0000),
            ([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644),
            ([63.0109, -31.0961, -5.8663], [62.8187, -29.7946, -4.0864], 1.2630),
            ([61.2901, 3.7196, -5.3901], [61.4292, 2.2480, -4.9620], 1.8731),
            ([35.0831, -44.1164, 3.7933], [35.0232, -40.0716, 1.5901], 1.8645),
            ([22.7233, 20.0904, -46.6940], [23.0331, 14.9730, -42.5619], 2.0373),
            ([36.4612, 47.8580, 18.3852], [36.2715, 50.5065, 21.2231], 1.4146),
            ([90.8027, -2.0831, 1.4410], [91.1528, -1.6435, 0.0447], 1.4441),
            ([90.9257, -0.5406, -0.9208], [88.6381, -0.8985, -0.7239], 1.5381),
            ([6.7747, -0.2908, -2.4247], [5.8714, -0.0985, -2.2286], 0.6377),
            ([2.0776, 0.0795, -1.1350], [0.9033, -0.0636, -0.5514], 0.9082),
        ];
        for (i, (a, b, want)) in table.into_iter().enumerate() {
            let (x, y) = (lab(a[0], a[1], a[2]), lab(b[0], b[1], b[2]));
            for got in [ciede2000(x, y), ciede2000(y, x)] {
                assert!(
                    (got - want).abs() < 5e-5,
                    "pair {}: {got:.4}, table {want:.4}",
                    i + 1
                );
            }
        }
    }

    /// WCAG 2's own figures: 21:1 black on white, #767676 the lightest grey that reaches
    /// 4.5:1 on white, #777777 just short of it; and the relative luminance of sRGB red.
    #[test]
    fn wcag_contrast_matches_its_published_figures() {
        let (white, black) = (Rgb::hex(0xffffff), Rgb::hex(0x000000));
        assert!((contrast(white, black) - 21.0).abs() < 1e-9);
        assert!((contrast(black, white) - 21.0).abs() < 1e-9);
        assert!((contrast(white, white) - 1.0).abs() < 1e-9);
        let c = contrast(Rgb::hex(0x767676), white);
        assert!((c - 4.54).abs() < 0.005 && c >= 4.5, "{c}");
        assert!(contrast(Rgb::hex(0x777777), white) < 4.5);
        assert!((Rgb::hex(0xff0000).luminance() - 0.2126).abs() < 1e-9);
    }

    #[test]
    fn lab_of_the_primaries_and_white_is_as_published() {
        let white = Rgb::hex(0xffffff).lab();
        assert!((white.l - 100.0).abs() < 0.01 && white.a.abs() < 0.01 && white.b.abs() < 0.01);
        // sRGB red is L*a*b* (53.24, 80.09, 67.20) (e.g. Lindbloom's calculator).
        let red = Rgb::hex(0xff0000).lab();
        assert!((red.l - 53.24).abs() < 0.02, "{red:?}");
        assert!((red.a - 80.09).abs() < 0.05, "{red:?}");
        assert!((red.b - 67.20).abs() < 0.05, "{red:?}");
    }

    #[test]
    fn the_simulations_keep_greys_and_confuse_what_each_should() {
        // Every Machado row sums to 1: greys are seen as they are.
        for vision in Vision::ALL {
            let grey = Rgb::hex(0x808080);
            let seen = grey.seen_with(vision);
            assert!(difference(grey, seen) < 0.5, "{vision:?} {seen:?}");
        }
        // Red and green: obvious to normal vision, close for protanopes and deuteranopes.
        let (red, green) = (Rgb::hex(0xcc4444), Rgb::hex(0x6f8f2f));
        let normal = difference(red, green);
        assert!(normal > 40.0, "{normal}");
        for vision in [Vision::Protanopia, Vision::Deuteranopia] {
            let d = difference(red.seen_with(vision), green.seen_with(vision));
            assert!(d < normal / 2.0, "{vision:?}: {d}");
        }
        // Blue and green-grey in tritanopia.
        let (blue, teal) = (Rgb::hex(0x3366cc), Rgb::hex(0x2a7a80));
        let d = difference(
            blue.seen_with(Vision::Tritanopia),
            teal.seen_with(Vision::Tritanopia),
        );
        assert!(d < difference(blue, teal) / 2.0, "{d}");
    }

    #[test]
    fn hex_round_trips_and_blending_in_linear_light() {
        assert_eq!(Rgb::hex(0x12abef).to_hex(), "#12abef");
        let half = Rgb::hex(0xffffff).over(0.5, Rgb::hex(0x000000));
        // Half of white's light is sRGB 0.735 (188), not 0.5.
        assert_eq!(half.to_hex(), "#bcbcbc");
    }
}
