//! The piece guide: right-click any piece (either side's, at any moment) or hold Shift over it
//! to see where it can go — its lines and leaps in the show-lines colours, dots on the cells it
//! can move to, rings on the pieces it can take — and a sentence on how it moves.
//!
//! The rules say what the piece can do ([`Position::reach_of`]); nothing here decides it. The
//! guide never changes the game or the selection.

use crate::tr;
use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::cell_world;
use crate::game::core::screens::{Modal, Screen};
use crate::game::core::selection::{GuideView, Hovered, PieceGuide};
use crate::game::core::state::{ChessGame, StatusLine};
use crate::rules::{Cell, Variant};

/// A mark on a cell the guided piece can reach: a move (dot) or a capture (ring).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuideMark {
    /// The cell.
    pub cell: Cell,
    /// Whether an enemy piece stands there to be taken.
    pub capture: bool,
}

/// Hides a pinned guide (Esc does this first); returns whether one was shown.
pub fn hide(world: &mut World) -> bool {
    let Some(mut guide) = world.get_resource_mut::<PieceGuide>() else {
        return false;
    };
    let pinned = guide.pinned.is_some();
    guide.pinned = None;
    pinned
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PieceGuide>()
        .add_systems(Update, update_guide.in_set(GameSet::View));
}

/// Whether Shift is held (the guide then follows the pointer).
fn shift_held(keys: Option<&ButtonInput<KeyCode>>) -> bool {
    keys.is_some_and(|k| k.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]))
}

/// Decides which piece the guide shows, asks the rules what it can do, and keeps the marks
/// and the status line in step with it.
fn update_guide(
    mut guide: ResMut<PieceGuide>,
    game: Res<ChessGame>,
    hovered: Res<Hovered>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Option<Res<State<Screen>>>,
    modal: Option<Res<State<Modal>>>,
    mut status: ResMut<StatusLine>,
    marks: Query<Entity, With<GuideMark>>,
    mut commands: Commands,
    mut asked: Local<Option<(Option<Cell>, u64, u64)>>,
) {
    let pos = game.board().position();
    let on_board = screen.is_some_and(|s| s.get().shows_board());
    let focus = on_board && modal.is_none_or(|m| *m.get() == Modal::None);
    // A pinned piece that left its cell (moved, taken, another game) is no longer shown.
    if let Some((cell, piece)) = guide.pinned
        && (pos.piece_at(cell) != Some(piece) || !on_board)
    {
        guide.pinned = None;
    }
    let peek = hovered
        .0
        .filter(|_| focus && shift_held(keys.as_deref()))
        .and_then(|c| pos.piece_at(c).map(|p| (c, p)));
    let wanted = peek.or(guide.pinned);
    // The rules are asked again only when the piece or the game changes.
    let key = (wanted.map(|(c, _)| c), game.id(), game.revision());
    if *asked == Some(key) {
        return;
    }
    *asked = Some(key);
    let want = wanted.and_then(|(cell, piece)| {
        pos.reach_of(cell)
            .map(|reach| GuideView { cell, piece, reach })
    });
    if guide.shown == want {
        return;
    }
    let newly = want.filter(|w| guide.shown.is_none_or(|s| s.cell != w.cell));
    guide.shown = want;
    for e in &marks {
        commands.entity(e).despawn();
    }
    let Some(view) = want else {
        return;
    };
    let lift = Vec3::Y * (TILE_TOP + 0.006);
    let cells = view
        .reach
        .moves
        .into_iter()
        .map(|c| (c, false))
        .chain(view.reach.captures.into_iter().map(|c| (c, true)));
    for (cell, capture) in cells {
        commands.spawn((
            GuideMark { cell, capture },
            Transform::from_translation(cell_world(cell) + lift),
            Visibility::default(),
        ));
    }
    if let Some(view) = newly {
        status.info(describe(
            view,
            peek.is_none(),
            game.board().position().variant(),
        ));
    }
}

/// The status line for a guide: whose piece, how it moves, what it can do now.
pub fn describe(view: GuideView, pinned: bool, variant: &Variant) -> String {
    let GuideView { cell, piece, reach } = view;
    let (moves, captures) = (reach.moves.len(), reach.captures.len());
    let now = match (moves, captures) {
        (0, 0) => tr!("guide-cannot-move"),
        (_, 0) => tr!("guide-can-go", moves = moves),
        (0, _) => tr!("guide-can-take", captures = captures),
        _ => tr!("guide-can-go-and-take", moves = moves, captures = captures),
    };
    let side = crate::game::text::side_name(piece.side);
    let name = crate::game::text::piece_name(variant.kind_name(piece.kind));
    let how = crate::game::text::variant_how_it_moves(variant, piece.kind);
    // Another army's piece says which army it is of: its name alone may be Parachess's.
    let how = if variant.name() == "Parachess" {
        how
    } else {
        tr!(
            "guide-in-army",
            how = how,
            variant = crate::game::text::variant_name(variant.name())
        )
    };
    let cell = cell.to_string();
    if pinned {
        tr!(
            "guide-describe-pinned",
            side = side,
            piece = name,
            cell = cell,
            how = how,
            now = now,
            hide = tr!("guide-hide")
        )
    } else {
        tr!(
            "guide-describe",
            side = side,
            piece = name,
            cell = cell,
            how = how,
            now = now
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Piece, PieceKind, Position, Reach, Side};

    #[test]
    fn the_description_says_whose_piece_how_it_moves_and_what_it_can_do() {
        let pos = Position::start();
        let cell: Cell = "a2".parse().unwrap();
        let view = GuideView {
            cell,
            piece: pos.piece_at(cell).unwrap(),
            reach: pos.reach_of(cell).unwrap(),
        };
        let text = describe(view, true, Variant::parachess());
        assert!(
            text.starts_with("White's Sorcerer on a2: the Sorcerer makes"),
            "{text}"
        );
        assert!(text.contains(&format!("{} cells", view.reach.moves.len())));
        assert!(text.ends_with("again to hide."), "{text}");
        let stuck = GuideView {
            reach: Reach::default(),
            piece: Piece::new(Side::Black, PieceKind::Rook),
            ..view
        };
        assert!(describe(stuck, false, Variant::parachess()).contains("It cannot move now."));
    }
}
