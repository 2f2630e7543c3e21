//! Cell and piece entities, kept in line with the rules `Game`.
//!
//! These are the logical entities (what is where); the board and model plugins dress them with
//! meshes when the game runs with a renderer, so headless tests see the same entities.

use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::board::Animating;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::cell_world;
use crate::game::core::board::{CellTile, NeedsSync, PieceView};
use crate::game::core::state::{BoardReset, ChessGame};
use crate::rules::{Cell, Piece};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NeedsSync>()
        .add_systems(Startup, spawn_cells)
        .add_systems(
            Update,
            (
                mark_reset,
                sync_pieces
                    .run_if(|needs: Res<NeedsSync>, anim: Res<Animating>| needs.0 && !anim.0),
            )
                .chain()
                .in_set(GameSet::View),
        );
}

/// Where a piece stands on a cell, in the world.
pub fn piece_home(cell: Cell) -> Vec3 {
    cell_world(cell) + Vec3::Y * TILE_TOP
}

fn spawn_cells(mut commands: Commands) {
    for cell in Cell::all() {
        commands.spawn((
            Name::new(format!("cell {cell}")),
            CellTile(cell),
            Transform::from_translation(cell_world(cell)),
        ));
    }
}

fn mark_reset(
    mut resets: MessageReader<BoardReset>,
    mut needs: ResMut<NeedsSync>,
    mut commands: Commands,
    animating: Query<Entity, With<crate::game::board::animation::Glide>>,
) {
    if resets.read().count() > 0 {
        needs.0 = true;
        // A reset wins over any animation in flight: snap everything.
        for entity in &animating {
            commands
                .entity(entity)
                .remove::<crate::game::board::animation::Glide>();
        }
    }
}

/// Brings piece entities in line with the game: keeps matching ones (snapping them home),
/// replaces wrong ones, spawns missing ones and removes extra ones.
pub fn sync_pieces(
    mut commands: Commands,
    game: Res<ChessGame>,
    mut needs: ResMut<NeedsSync>,
    mut pieces: Query<(Entity, &PieceView, &mut Transform)>,
) {
    needs.0 = false;
    let position = game.board().position();
    let mut seen = [false; crate::rules::CELL_COUNT];
    for (entity, view, mut transform) in &mut pieces {
        let i = view.cell.index();
        if !seen[i] && position.piece_at(view.cell) == Some(view.piece) {
            seen[i] = true;
            transform.translation = piece_home(view.cell);
        } else {
            commands.entity(entity).despawn();
        }
    }
    for (cell, piece) in position.placement() {
        if !seen[cell.index()] {
            spawn_piece(&mut commands, cell, piece);
        }
    }
}

/// Spawns the logical piece entity; the model plugin adds its meshes.
pub fn spawn_piece(commands: &mut Commands, cell: Cell, piece: Piece) -> Entity {
    commands
        .spawn((
            Name::new(format!("{} {} on {cell}", piece.side, piece.kind)),
            PieceView { cell, piece },
            Transform::from_translation(piece_home(cell)),
            Visibility::default(),
        ))
        .id()
}

/// Whether the piece entities show exactly the position the board shows (for tests and debug
/// checks).
pub fn pieces_match_game(world: &mut World) -> Result<(), String> {
    let position = world.resource::<ChessGame>().board().position().clone();
    let mut query = world.query::<&PieceView>();
    let mut shown: Vec<(Cell, Piece)> = query.iter(world).map(|v| (v.cell, v.piece)).collect();
    shown.sort_by_key(|(c, _)| *c);
    let expected: Vec<(Cell, Piece)> = position.placement().collect();
    if shown == expected {
        Ok(())
    } else {
        Err(format!("entities {shown:?}\n game {expected:?}"))
    }
}
