//! How the aids look on the board: the guide's dots and rings, the threat rings and the hint's
//! arrow. The marks are logical entities made by the core plugins; this dresses them.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::guide::GuideMark;
use super::hint::Hint;
use super::threats::ThreatMark;
use crate::game::board::arrows::{HintGizmos, draw_move_arrow};
use crate::game::board::meshes::ring;
use crate::game::core::GameSet;
use crate::game::core::actions::AidAction;
use crate::game::core::board::ShowThreats;
use crate::game::core::state::ChessGame;
use crate::game::ui::theme;
use crate::game::ui::widgets::ActionButton;

/// Meshes and materials the marks share (also used by the Pieces panel's board).
#[derive(Resource, Clone)]
pub struct MarkArt {
    /// A move dot.
    pub dot: Handle<Mesh>,
    /// A capture ring.
    pub ring: Handle<Mesh>,
    /// Colour of move dots.
    pub move_material: Handle<StandardMaterial>,
    /// Colour of capture rings.
    pub capture_material: Handle<StandardMaterial>,
    threat_ring: Handle<Mesh>,
    undefended_ring: Handle<Mesh>,
    threat_material: Handle<StandardMaterial>,
    undefended_material: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_art)
        .add_observer(dress_guide_mark)
        .add_observer(dress_threat_mark)
        .add_systems(
            Update,
            (draw_hint, mark_threats_button).in_set(GameSet::View),
        );
}

fn make_art(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut flat = |colour: Color| {
        materials.add(StandardMaterial {
            base_color: colour,
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        })
    };
    commands.insert_resource(MarkArt {
        dot: meshes.add(ring(0.0, 0.12, 24)),
        ring: meshes.add(ring(0.25, 0.33, 40)),
        move_material: flat(theme::GUIDE_MOVE),
        capture_material: flat(theme::GUIDE_CAPTURE),
        threat_material: flat(theme::THREAT),
        undefended_material: flat(theme::UNDEFENDED),
        threat_ring: meshes.add(ring(0.35, 0.40, 48)),
        undefended_ring: meshes.add(ring(0.31, 0.41, 48)),
    });
}

fn dress_guide_mark(
    add: On<Add, GuideMark>,
    marks: Query<&GuideMark>,
    art: Option<Res<MarkArt>>,
    mut commands: Commands,
) {
    let (Ok(mark), Some(art)) = (marks.get(add.entity), art) else {
        return;
    };
    let (mesh, material) = if mark.capture {
        (&art.ring, &art.capture_material)
    } else {
        (&art.dot, &art.move_material)
    };
    commands.entity(add.entity).insert((
        Mesh3d(mesh.clone()),
        MeshMaterial3d(material.clone()),
        Pickable::IGNORE,
        NotShadowCaster,
    ));
}

fn dress_threat_mark(
    add: On<Add, ThreatMark>,
    marks: Query<&ThreatMark>,
    art: Option<Res<MarkArt>>,
    mut commands: Commands,
) {
    let (Ok(mark), Some(art)) = (marks.get(add.entity), art) else {
        return;
    };
    let (mesh, material) = if mark.undefended {
        (&art.undefended_ring, &art.undefended_material)
    } else {
        (&art.threat_ring, &art.threat_material)
    };
    commands.entity(add.entity).insert((
        Mesh3d(mesh.clone()),
        MeshMaterial3d(material.clone()),
        Pickable::IGNORE,
        NotShadowCaster,
    ));
}

/// The hinted move as an arrow along its route (an arc for a leap), from a ring on its start.
fn draw_hint(hint: Res<Hint>, game: Res<ChessGame>, mut gizmos: Gizmos<HintGizmos>) {
    let Some(mv) = hint.shown_for(game.revision()) else {
        return;
    };
    draw_move_arrow(&mut gizmos, game.board().position(), mv, theme::HINT);
}

/// The Threats button is outlined while the marks are on.
fn mark_threats_button(
    show: Res<ShowThreats>,
    buttons: Query<(Entity, &ActionButton, Option<&Outline>)>,
    mut commands: Commands,
) {
    let colour = if show.0 { theme::ACCENT } else { Color::NONE };
    for (entity, button, outline) in &buttons {
        if button.0.is(AidAction::Threats) && outline.is_none_or(|o| o.color != colour) {
            commands
                .entity(entity)
                .insert(Outline::new(px(2), px(0), colour));
        }
    }
}
