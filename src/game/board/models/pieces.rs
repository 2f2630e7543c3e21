//! The six designs: a turned body plus details, all in piece units (base on y = 0, Y up).

use bevy::math::Vec2;

use crate::rules::PieceKind;

use super::details::{Cross, Crown, Detail, Hat, Merlons};
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

/// The design of a piece kind.
pub(super) fn design(kind: PieceKind) -> Design {
    match kind {
        PieceKind::Pawn => pawn(),
        PieceKind::Rook => rook(),
        PieceKind::Bishop => bishop(),
        PieceKind::Sorcerer => sorcerer(),
        PieceKind::Queen => queen(),
        PieceKind::King => king(),
        // Kinds beyond Parachess's six take a minor piece's body until they have their own.
        _ => sorcerer(),
    }
}
