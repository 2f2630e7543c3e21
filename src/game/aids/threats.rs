//! Threats: rings on the pieces of the side to move that the opponent attacks, a stronger
//! ring on those no own piece defends. The rules compute them ([`Position::threats`]); the
//! marks follow every move, undo and new game.
//!
//! [`Position::threats`]: crate::rules::Position::threats

use crate::game::core::board::ShowThreats;
use crate::tr;
use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::board::Animating;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::cell_world;
use crate::game::core::state::{ChessGame, StatusLine};
use crate::rules::Cell;

/// A ring round an attacked piece of the side to move.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThreatMark {
    /// The piece's cell.
    pub cell: Cell,
    /// Attacked and defended by no own piece: the stronger mark.
    pub undefended: bool,
}

/// Turns the marks on or off, saying on the status line what they mean.
pub fn toggle(world: &mut World) {
    let Some(mut show) = world.get_resource_mut::<ShowThreats>() else {
        return;
    };
    show.0 = !show.0;
    let on = show.0;
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.info(if on {
            tr!("threats-on")
        } else {
            tr!("threats-off")
        });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShowThreats>()
        // After the animations have said whether anything still moves this frame.
        .add_systems(
            Update,
            update_marks
                .in_set(GameSet::View)
                .after(crate::game::board::pieces::sync_pieces),
        );
}

/// Puts a mark on every attacked piece of the side to move. While a move glides the marks
/// wait, so none is left on a cell a piece is leaving.
fn update_marks(
    show: Res<ShowThreats>,
    game: Res<ChessGame>,
    animating: Res<Animating>,
    marks: Query<Entity, With<ThreatMark>>,
    mut commands: Commands,
    mut shown: Local<Option<(u64, u64)>>,
) {
    let want = (show.0 && !animating.0).then(|| (game.id(), game.revision()));
    if *shown == want {
        return;
    }
    *shown = want;
    for e in &marks {
        commands.entity(e).despawn();
    }
    if want.is_none() {
        return;
    }
    let threats = game.board().position().threats();
    let lift = Vec3::Y * (TILE_TOP + 0.003);
    for cell in threats.attacked {
        commands.spawn((
            ThreatMark {
                cell,
                undefended: threats.undefended.contains(cell),
            },
            Transform::from_translation(cell_world(cell) + lift),
            Visibility::default(),
        ));
    }
}
