//! The marks on the board: stars to collect, cells found, cells the stage highlights, a
//! wrong click.

use bevy::prelude::*;

use crate::game::core::board::Animating;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::cell_world;
use crate::game::core::screens::Screen;
use crate::game::core::state::ChessGame;
use crate::game::learn::Learn;
use crate::game::learn::art::LearnArt;
use crate::rules::Cell;

/// A mark on the board.
#[derive(Component)]
pub(super) struct LearnMark;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Mark {
    Star,
    StarTarget,
    Found,
    Highlight,
    Flash,
    LastMove,
}

/// Keeps the marks on the board in line with the stage: stars go when the piece lands.
pub(super) fn board_marks(
    learn: Res<Learn>,
    screen: Res<State<Screen>>,
    game: Res<ChessGame>,
    animating: Res<Animating>,
    selection: Res<crate::game::core::selection::Selection>,
    art: Option<ResMut<LearnArt>>,
    mut meshes: ResMut<Assets<Mesh>>,
    marks: Query<Entity, With<LearnMark>>,
    mut shown: Local<Vec<(Cell, Mark)>>,
    mut commands: Commands,
) {
    let Some(mut art) = art else { return };
    let mut want = Vec::new();
    if let Some(open) = learn
        .open
        .as_ref()
        .filter(|_| *screen.get() == Screen::Learn)
    {
        // While a piece glides the marks wait, so a star goes when the piece lands on it.
        if animating.0 {
            return;
        }
        let run = &open.run;
        want.extend(run.stars_left().into_iter().map(|c| (c, Mark::Star)));
        want.extend(
            (run.stars_left() & selection.targets)
                .into_iter()
                .map(|c| (c, Mark::StarTarget)),
        );
        want.extend(run.found().into_iter().map(|c| (c, Mark::Found)));
        want.extend(
            run.stage()
                .highlight
                .into_iter()
                .map(|c| (c, Mark::Highlight)),
        );
        if let Some((cell, _)) = open.flash {
            want.push((cell, Mark::Flash));
        }
        // The board's own last-move colour is missing when the turn came back without a move.
        if game.game().last_move().is_none()
            && let Some(mv) = run.last_move()
        {
            want.push((mv.from, Mark::LastMove));
            want.push((mv.to, Mark::LastMove));
        }
    }
    if *shown == want {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    for &(cell, mark) in &want {
        let at = cell_world(cell);
        let (mesh, material, translation) = match mark {
            Mark::Star => {
                commands.spawn((
                    LearnMark,
                    Mesh3d(art.star_rim_mesh.clone()),
                    MeshMaterial3d(art.rim_material.clone()),
                    Transform::from_translation(at + Vec3::Y * (TILE_TOP + 0.003)),
                    Pickable::IGNORE,
                ));
                (
                    art.star_mesh.clone(),
                    art.star_material.clone(),
                    at + Vec3::Y * (TILE_TOP + 0.004),
                )
            }
            Mark::StarTarget => (
                art.target_ring.clone(),
                art.target_material.clone(),
                at + Vec3::Y * (TILE_TOP + 0.005),
            ),
            Mark::Found => (
                art.fill(cell, &mut meshes),
                art.found.clone(),
                Vec3::Y * (TILE_TOP + 0.002),
            ),
            Mark::Flash => (
                art.fill(cell, &mut meshes),
                art.flash.clone(),
                Vec3::Y * (TILE_TOP + 0.0025),
            ),
            Mark::LastMove => (
                art.fill(cell, &mut meshes),
                art.last_move.clone(),
                Vec3::Y * (TILE_TOP + 0.0015),
            ),
            Mark::Highlight => (
                art.outline(cell, &mut meshes),
                art.highlight.clone(),
                Vec3::Y * (TILE_TOP + 0.003),
            ),
        };
        commands.spawn((
            LearnMark,
            Mesh3d(mesh),
            MeshMaterial3d(material),
            Transform::from_translation(translation),
            Pickable::IGNORE,
        ));
    }
    *shown = want;
}
