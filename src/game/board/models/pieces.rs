//! The designs (Parachess's six, the inventor's Knight and Archer, a generic piece with a letter): a turned body plus details, all in piece units (base on y = 0, Y up).

use bevy::math::Vec2;

use crate::rules::Look;

use super::details::{Cross, Crown, Detail, Hat, Merlons, Plate, stroke};
use super::letter;
use super::profile::Profile;
use super::slit::Slit;

/// Everything that defines one piece, shared by the 3D model and the 2D symbol.
pub(super) struct Design {
    /// The turned body.
    pub body: Profile,
    /// Heights where the 2D symbol shows an inner line.
    pub lines: Vec<f32>,
    pub details: Vec<Detail>,
    pub slit: Option<Slit>,
}

/// A foot shared by all pieces: a flat bottom, a rounded bead, a small step and a cove leading
/// into the stem, scaled to the base radius `r`. Returns the profile and the radius and height
/// where the stem starts.
fn foot(r: f32) -> (Profile, f32, f32) {
    let s = r / 0.27;
    let profile = Profile::new()
        .corner(r, 0.0)
        .corner(r, 0.018 * s)
        .arc((r - 0.022 * s, 0.036 * s), 0.0285 * s, -39.0, 90.0, 4)
        .sharpen()
        .arc((r - 0.05 * s, 0.0748 * s), 0.0135 * s, -50.0, 90.0, 3)
        .sharpen();
    (profile, r - 0.05 * s, 0.0883 * s)
}

/// A collar (a round bead over a thin disc) at height `y` around a stem of radius `stem`;
/// leaves the profile at the neck of radius `neck`. Returns the profile and the collar's top.
fn collar(p: Profile, stem: f32, y: f32, wide: f32, neck: f32) -> (Profile, f32) {
    let (big, small) = (0.012, 0.007);
    let ledge = y + 2.0 * big;
    let small_y = ledge + 0.766 * small;
    let profile = p
        .corner(stem, y)
        .corner(wide - big, y)
        .arc((wide - big, y + big), big, -90.0, 90.0, 3)
        .sharpen()
        .arc((wide - big - 0.02, small_y), small, -50.0, 90.0, 3)
        .sharpen()
        .corner(neck, small_y + small);
    (profile, small_y + small)
}

fn pawn() -> Design {
    let (p, r, top) = foot(0.21);
    let p = p.curve((r - 0.055, top + 0.02), (0.07, 0.13), (0.066, 0.245), 5);
    let (p, neck_y) = collar(p, 0.066, 0.245, 0.112, 0.055);
    let ball = 0.092;
    let centre = 0.45 - ball;
    let from = -(0.055f32 / ball).acos().to_degrees();
    let body = p
        .corner(0.055, neck_y.max(centre + ball * from.to_radians().sin()))
        .arc((0.0, centre), ball, from, 90.0, 9);
    Design {
        body,
        lines: vec![top, 0.245],
        details: vec![],
        slit: None,
    }
}

fn rook() -> Design {
    let (p, r, top) = foot(0.26);
    let body = p
        .curve((r - 0.045, top + 0.015), (0.152, 0.12), (0.148, 0.2), 5)
        .corner(0.138, 0.40)
        .corner(0.15, 0.40)
        .arc((0.15, 0.41), 0.01, -90.0, 90.0, 4)
        .sharpen()
        .corner(0.14, 0.42)
        .curve((0.15, 0.46), (0.178, 0.47), (0.178, 0.50), 5)
        .sharpen()
        .corner(0.178, 0.545)
        .corner(0.128, 0.545)
        .corner(0.128, 0.525)
        .corner(0.0, 0.525);
    let merlons = Merlons {
        count: 6,
        radius: (0.128, 0.178),
        y: (0.545, 0.625),
        fill: 0.62,
    };
    Design {
        body,
        lines: vec![top, 0.41, 0.545],
        details: vec![Detail::Merlons(merlons)],
        slit: None,
    }
}

fn bishop() -> Design {
    let (p, r, top) = foot(0.25);
    let p = p.curve((r - 0.07, top + 0.025), (0.073, 0.19), (0.068, 0.37), 6);
    let (p, neck_y) = collar(p, 0.068, 0.37, 0.128, 0.06);
    let body = p
        .curve(
            (0.075, neck_y + 0.03),
            (0.125, neck_y + 0.04),
            (0.122, 0.53),
            6,
        )
        .curve((0.12, 0.58), (0.07, 0.63), (0.016, 0.664), 7)
        .sharpen()
        .arc((0.0, 0.688), 0.028, -55.0, 90.0, 6);
    let slit = Slit {
        origin: Vec2::new(-0.01, 0.6),
        dir: Vec2::from_angle(-0.62),
        width: 0.02,
    };
    Design {
        body,
        lines: vec![top, 0.37, neck_y],
        details: vec![],
        slit: Some(slit),
    }
}

fn sorcerer() -> Design {
    let (p, r, top) = foot(0.25);
    let head = 0.05;
    let body = p
        // A long gown flaring to the hem, a cord belt, round shoulders and a small head.
        .curve((r - 0.075, top + 0.02), (0.105, 0.17), (0.09, 0.29), 5)
        .sharpen()
        .arc((0.09, 0.297), 0.007, -90.0, 90.0, 3)
        .sharpen()
        .corner(0.086, 0.304)
        .curve((0.09, 0.35), (0.088, 0.385), (0.05, 0.403), 4)
        .sharpen()
        .arc((0.0, 0.44), head, -45.0, 30.0, 4)
        .sharpen()
        // The brim, drooping a little at the edge.
        .corner(0.075, 0.47)
        .curve((0.12, 0.468), (0.15, 0.462), (0.168, 0.452), 4)
        .arc((0.168, 0.458), 0.006, -90.0, 90.0, 3)
        .curve((0.15, 0.47), (0.11, 0.482), (0.078, 0.49), 4)
        .sharpen()
        .corner(0.0, 0.49);
    let hat = Hat {
        spine: [
            Vec2::new(0.0, 0.486),
            Vec2::new(0.0, 0.6),
            Vec2::new(0.004, 0.69),
            Vec2::new(0.075, 0.73),
        ],
        radius: 0.08,
        samples: 12,
    };
    Design {
        body,
        lines: vec![top, 0.297, 0.468],
        details: vec![Detail::Hat(hat)],
        slit: None,
    }
}

fn queen() -> Design {
    let (p, r, top) = foot(0.27);
    let p = p.curve((r - 0.075, top + 0.025), (0.08, 0.22), (0.074, 0.46), 6);
    let (p, neck_y) = collar(p, 0.074, 0.46, 0.135, 0.066);
    let body = p
        .curve((0.07, neck_y + 0.06), (0.12, 0.64), (0.142, 0.69), 5)
        .sharpen()
        .corner(0.118, 0.69)
        .curve((0.118, 0.74), (0.07, 0.785), (0.022, 0.792), 5)
        .sharpen()
        .arc((0.0, 0.815), 0.03, -47.0, 90.0, 6);
    let crown = Crown {
        points: 8,
        radius: (0.124, 0.134),
        flare: 0.027,
        base_y: 0.675,
        valley_y: 0.712,
        peak_y: 0.77,
        ball: 0.017,
    };
    Design {
        body,
        lines: vec![top, 0.46, neck_y, 0.69],
        details: vec![Detail::Crown(crown)],
        slit: None,
    }
}

fn king() -> Design {
    let (p, r, top) = foot(0.28);
    let p = p.curve((r - 0.078, top + 0.025), (0.085, 0.23), (0.078, 0.5), 6);
    let (p, neck_y) = collar(p, 0.078, 0.5, 0.14, 0.07);
    let body = p
        .curve((0.075, neck_y + 0.07), (0.125, 0.68), (0.138, 0.72), 6)
        .sharpen()
        .arc((0.128, 0.728), 0.011, -30.0, 90.0, 4)
        .sharpen()
        .corner(0.118, 0.739)
        .curve((0.11, 0.77), (0.07, 0.79), (0.04, 0.795), 5)
        .sharpen()
        .corner(0.04, 0.805)
        .corner(0.0, 0.805);
    let cross = Cross {
        y: (0.79, 0.95),
        arm_y: (0.862, 0.902),
        half_width: 0.022,
        half_span: 0.07,
        depth: 0.042,
        chamfer: 0.008,
    };
    Design {
        body,
        lines: vec![top, 0.5, neck_y, 0.733],
        details: vec![Detail::Cross(cross)],
        slit: None,
    }
}

/// A short turned pedestal for the pieces whose character is a plate on top (Knight, Archer,
/// a generic piece): foot, waist, collar and a flat top at `top_y`, base radius `r`.
fn pedestal(r: f32, top_y: f32) -> (Profile, Vec<f32>) {
    let (p, fr, top) = foot(r);
    let waist = top_y - 0.07;
    let p = p.curve((fr - 0.06, top + 0.02), (0.085, 0.16), (0.08, waist), 5);
    let (p, neck_y) = collar(p, 0.08, waist, 0.135, 0.075);
    let body = p
        .curve(
            (0.09, neck_y + 0.01),
            (0.13, top_y - 0.025),
            (0.13, top_y),
            4,
        )
        .sharpen()
        .corner(0.0, top_y);
    (body, vec![top, waist])
}

/// The inventor's Knight (knight leaps only): a horse's head, as in orthodox chess, on a pedestal.
fn knight() -> Design {
    let (body, lines) = pedestal(0.25, 0.34);
    let v = |pts: &[(f32, f32)]| {
        pts.iter()
            .map(|&(x, y)| Vec2::new(x, y))
            .collect::<Vec<_>>()
    };
    let head = Plate {
        parts: vec![
            // Neck and crest, then the muzzle, then the ear and the mane's ridge.
            v(&[
                (-0.08, 0.33),
                (0.12, 0.33),
                (0.11, 0.58),
                (-0.03, 0.65),
                (-0.08, 0.45),
            ]),
            v(&[
                (-0.08, 0.45),
                (-0.03, 0.65),
                (-0.16, 0.555),
                (-0.185, 0.485),
                (-0.15, 0.455),
            ]),
            v(&[(-0.01, 0.6), (0.07, 0.6), (0.035, 0.72)]),
            v(&[(0.11, 0.36), (0.155, 0.4), (0.15, 0.55), (0.11, 0.58)]),
        ],
        depth: 0.1,
    };
    Design {
        body,
        lines,
        details: vec![Detail::Plate(head)],
        slit: None,
    }
}

/// The inventor's Archer (archer leaps only): a drawn bow with its arrow on a pedestal.
fn archer() -> Design {
    let (body, lines) = pedestal(0.24, 0.36);
    let (centre, radius, thick) = (Vec2::new(0.07, 0.56), 0.2, 0.038);
    let at = |deg: f32| centre + Vec2::from_angle(deg.to_radians()) * radius;
    let steps = 8;
    let (from, to) = (112.0f32, 248.0f32);
    let mut parts: Vec<Vec<Vec2>> = (0..steps)
        .map(|k| {
            let a0 = from + (to - from) * k as f32 / steps as f32;
            let a1 = from + (to - from) * (k + 1) as f32 / steps as f32;
            stroke(at(a0), at(a1), thick)
        })
        .collect();
    let (top, bottom) = (at(from), at(to));
    // The string drawn back to the arrow's nock, and the arrow with its head and fletching.
    let nock = Vec2::new(0.13, centre.y);
    parts.push(stroke(top, nock, 0.016));
    parts.push(stroke(bottom, nock, 0.016));
    parts.push(stroke(nock, Vec2::new(-0.2, centre.y), 0.02));
    parts.push(vec![
        Vec2::new(-0.19, centre.y - 0.035),
        Vec2::new(-0.19, centre.y + 0.035),
        Vec2::new(-0.27, centre.y),
    ]);
    parts.push(stroke(
        Vec2::new(0.1, centre.y),
        Vec2::new(0.145, centre.y + 0.04),
        0.016,
    ));
    parts.push(stroke(
        Vec2::new(0.1, centre.y),
        Vec2::new(0.145, centre.y - 0.04),
        0.016,
    ));
    // A post from the pedestal up to the bow's grip, so the plate stands on the body.
    parts.push(stroke(Vec2::new(-0.05, 0.36), at(180.0), 0.05));
    Design {
        body,
        lines,
        details: vec![Detail::Plate(Plate { parts, depth: 0.07 })],
        slit: None,
    }
}

/// Grid units of the letter font per piece unit, and the stroke width of a letter.
const LETTER_UNIT: f32 = 0.05;
const LETTER_STROKE: f32 = 0.055;

/// Any other kind: a plain pedestal carrying its letter, large, standing on top.
fn generic(letter: char) -> Design {
    let (body, mut lines) = pedestal(0.25, 0.38);
    // An inner line where the letter stands on the pedestal, so its foot stroke reads as its own.
    lines.push(0.38);
    let base = Vec2::new(-2.0 * LETTER_UNIT, 0.38 + LETTER_STROKE / 2.0);
    let parts = letter::strokes(letter)
        .into_iter()
        .map(|(a, b)| {
            stroke(
                base + a * LETTER_UNIT,
                base + b * LETTER_UNIT,
                LETTER_STROKE,
            )
        })
        .collect();
    Design {
        body,
        lines,
        details: vec![Detail::Plate(Plate { parts, depth: 0.06 })],
        slit: None,
    }
}

/// The design of a look.
pub(super) fn design(look: Look) -> Design {
    match look {
        Look::Pawn => pawn(),
        Look::Rook => rook(),
        Look::Bishop => bishop(),
        Look::Sorcerer => sorcerer(),
        Look::Queen => queen(),
        Look::King => king(),
        Look::Knight => knight(),
        Look::Archer => archer(),
        Look::Generic(letter) => generic(letter),
    }
}
