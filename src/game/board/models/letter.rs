//! A stroke font for the letters a generic piece carries: each capital as straight strokes on a
//! grid 4 wide and 6 high, so the same strokes make the 3D plate and the 2D symbol.

use bevy::math::Vec2;

/// The bowl of B, P and R: the stem and the upper loop.
const BOWL: &[(f32, f32)] = &[
    (0., 0.),
    (0., 6.),
    (3., 6.),
    (4., 5.),
    (4., 4.),
    (3., 3.),
    (0., 3.),
];

/// The closed ring of O and Q.
const RING: &[(f32, f32)] = &[
    (1., 0.),
    (0., 1.),
    (0., 5.),
    (1., 6.),
    (3., 6.),
    (4., 5.),
    (4., 1.),
    (3., 0.),
    (1., 0.),
];

/// The strokes of `letter` (case ignored) as pairs of grid points; a letter outside A–Z gets a
/// question mark's strokes so it is still visibly a piece of its own.
pub(super) fn strokes(letter: char) -> Vec<(Vec2, Vec2)> {
    let path: &[&[(f32, f32)]] = match letter.to_ascii_uppercase() {
        'A' => &[&[(0., 0.), (2., 6.), (4., 0.)], &[(0.8, 2.3), (3.2, 2.3)]],
        'B' => &[BOWL, &[(3., 3.), (4., 2.), (4., 1.), (3., 0.), (0., 0.)]],
        'C' => &[&[(4., 6.), (1., 6.), (0., 5.), (0., 1.), (1., 0.), (4., 0.)]],
        'D' => &[&[
            (0., 0.),
            (0., 6.),
            (2.5, 6.),
            (4., 4.5),
            (4., 1.5),
            (2.5, 0.),
            (0., 0.),
        ]],
        'E' => &[
            &[(4., 6.), (0., 6.), (0., 0.), (4., 0.)],
            &[(0., 3.), (3., 3.)],
        ],
        'F' => &[&[(4., 6.), (0., 6.), (0., 0.)], &[(0., 3.), (3., 3.)]],
        'G' => &[&[
            (4., 6.),
            (1., 6.),
            (0., 5.),
            (0., 1.),
            (1., 0.),
            (4., 0.),
            (4., 3.),
            (2., 3.),
        ]],
        'H' => &[
            &[(0., 0.), (0., 6.)],
            &[(4., 0.), (4., 6.)],
            &[(0., 3.), (4., 3.)],
        ],
        'I' => &[
            &[(2., 0.), (2., 6.)],
            &[(1., 6.), (3., 6.)],
            &[(1., 0.), (3., 0.)],
        ],
        'J' => &[&[(4., 6.), (4., 1.), (3., 0.), (1., 0.), (0., 1.)]],
        'K' => &[
            &[(0., 0.), (0., 6.)],
            &[(4., 6.), (0., 2.4)],
            &[(1.4, 3.6), (4., 0.)],
        ],
        'L' => &[&[(0., 6.), (0., 0.), (4., 0.)]],
        'M' => &[&[(0., 0.), (0., 6.), (2., 2.5), (4., 6.), (4., 0.)]],
        'N' => &[&[(0., 0.), (0., 6.), (4., 0.), (4., 6.)]],
        'O' => &[RING],
        'P' => &[BOWL],
        'Q' => &[RING, &[(2.4, 1.6), (4.2, -0.3)]],
        'R' => &[BOWL, &[(2., 3.), (4., 0.)]],
        'S' => &[&[
            (4., 6.),
            (1., 6.),
            (0., 5.),
            (0., 4.),
            (1., 3.),
            (3., 3.),
            (4., 2.),
            (4., 1.),
            (3., 0.),
            (0., 0.),
        ]],
        'T' => &[&[(0., 6.), (4., 6.)], &[(2., 6.), (2., 0.)]],
        'U' => &[&[(0., 6.), (0., 1.), (1., 0.), (3., 0.), (4., 1.), (4., 6.)]],
        'V' => &[&[(0., 6.), (2., 0.), (4., 6.)]],
        'W' => &[&[(0., 6.), (1., 0.), (2., 4.), (3., 0.), (4., 6.)]],
        'X' => &[&[(0., 0.), (4., 6.)], &[(0., 6.), (4., 0.)]],
        'Y' => &[&[(0., 6.), (2., 3.), (4., 6.)], &[(2., 3.), (2., 0.)]],
        'Z' => &[&[(0., 6.), (4., 6.), (0., 0.), (4., 0.)]],
        _ => &[
            &[
                (0., 5.),
                (1., 6.),
                (3., 6.),
                (4., 5.),
                (4., 4.),
                (2., 2.5),
                (2., 1.5),
            ],
            &[(2., 0.6), (2., 0.)],
        ],
    };
    path.iter()
        .flat_map(|line| {
            line.windows(2)
                .map(|w| (Vec2::new(w[0].0, w[0].1), Vec2::new(w[1].0, w[1].1)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_capital_has_strokes_inside_its_grid_and_they_differ() {
        let mut seen = std::collections::HashSet::new();
        for c in 'A'..='Z' {
            let s = strokes(c);
            assert!(!s.is_empty(), "{c}");
            for (a, b) in &s {
                for p in [a, b] {
                    assert!(
                        (-0.5..=4.5).contains(&p.x) && (-0.5..=6.0).contains(&p.y),
                        "{c}"
                    );
                }
            }
            assert_eq!(s.len(), strokes(c.to_ascii_lowercase()).len(), "{c}");
            assert!(
                seen.insert(format!("{s:?}")),
                "{c} draws like another letter"
            );
        }
    }
}
