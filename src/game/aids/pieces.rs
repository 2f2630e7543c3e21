//! The Pieces panel's content: which kind it shows, and the small positions that show each
//! kind at work — the piece on e5 with a piece to take and one in its way — built from the
//! board's geometry and checked by the rules, so the panel cannot disagree with them.

use bevy::prelude::*;

use crate::game::core::state::ChessGame;
use crate::rules::cell::ROW_LENGTHS;
use crate::rules::{Cell, CellSet, LineKind, Piece, PieceKind, Position, Side, Variant, board};

/// The order the panel lists the kinds: the sliders first (the Queen combines the Rook and
/// the Bishop), then the King's steps, the Sorcerer's leaps and the Pawn.
pub const PANEL_ORDER: [PieceKind; 6] = [
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Queen,
    PieceKind::King,
    PieceKind::Sorcerer,
    PieceKind::Pawn,
];

/// The order the panel lists `variant`'s kinds: Parachess's [`PANEL_ORDER`]; for another
/// army the same idea: sliders, the royal kind, leapers, anything else, the Pawn.
pub fn panel_order(variant: &Variant) -> Vec<PieceKind> {
    if variant.is_builtin() && variant.kinds() == Variant::parachess().kinds() {
        let mut order = PANEL_ORDER.to_vec();
        order.retain(|k| variant.kinds().contains(k));
        return order;
    }
    let mut kinds = variant.kinds().to_vec();
    let rank = |k: PieceKind| match variant.kind(k) {
        Some(i) if i.moves.pawn_steps() => 4,
        Some(i) if i.royal => 1,
        Some(i) if i.moves.slides() => 0,
        Some(i) if i.moves.leaps() => 2,
        _ => 3,
    };
    kinds.sort_by_key(|&k| (rank(k), k.index()));
    kinds
}

/// The variant of the game on the board (Parachess when there is none).
pub fn board_variant(world: &World) -> &'static Variant {
    world
        .get_resource::<ChessGame>()
        .map_or(Variant::parachess(), |g| g.board().position().variant())
}

/// The kind the panel shows.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PanelPiece(pub PieceKind);

impl Default for PanelPiece {
    fn default() -> PanelPiece {
        PanelPiece(PANEL_ORDER[0])
    }
}

/// Shows `kind` in the panel.
pub fn show(world: &mut World, kind: PieceKind) {
    if let Some(mut shown) = world.get_resource_mut::<PanelPiece>() {
        shown.set_if_neq(PanelPiece(kind));
    }
}

/// Shows the kind `delta` places further in the panel's list (wrapping round).
pub fn step(world: &mut World, delta: i32) {
    let Some(now) = world.get_resource::<PanelPiece>().map(|p| p.0) else {
        return;
    };
    let order = panel_order(board_variant(world));
    let i = order.iter().position(|&k| k == now).unwrap_or(0) as i32;
    let n = order.len().max(1) as i32;
    if let Some(&kind) = order.get((i + delta).rem_euclid(n) as usize) {
        show(world, kind);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelPiece>();
}

/// A position that shows one kind at work.
#[derive(Debug, Clone)]
pub struct Demo {
    /// White to move; both Kings stand where no shown piece can see them (they are not drawn).
    pub position: Position,
    /// The pieces whose reach is shown (the White piece on e5; for Pawns, a Black one too).
    pub shown: Vec<Cell>,
    /// The cells of the Kings that are there only because the rules need them (not drawn).
    pub kings: Vec<Cell>,
}

/// Every cell a `kind` on `at` could ever reach or look along, whatever stands around it.
fn influence(variant: &Variant, kind: PieceKind, at: Cell) -> CellSet {
    let b = board();
    let how = variant.movement(kind);
    let kinds: Vec<LineKind> = how.line_kinds().collect();
    let mut all = b.line_cells(at, &kinds);
    if how.leaps() {
        all |= b.sorcerer_leaps(at);
    }
    if how.one_step() || how.pawn_steps() {
        all |= b.king_steps(at);
    }
    all.insert(at);
    all
}

/// The position showing `kind` on e5, or `None` if none could be set up (a test checks that
/// every kind has one).
pub fn demo(variant: &'static Variant, kind: PieceKind) -> Option<Demo> {
    let b = board();
    // e5: row e (the fifth), fifth cell.
    let centre = Cell::at(4, 5)?;
    let info = b.cell(centre);
    let how = variant.movement(kind);
    let white_pawn = Piece::new(Side::White, PieceKind::Pawn);
    let black_pawn = Piece::new(Side::Black, PieceKind::Pawn);
    let mut pieces = vec![(centre, Piece::new(Side::White, kind))];
    let mut shown = vec![centre];
    let free = |pieces: &[(Cell, Piece)], c: Cell| pieces.iter().all(|&(p, _)| p != c);
    if how.slides() {
        // An enemy to take on one line, a friend in the way on another (of another kind, when
        // the piece has several): what lies beyond either is out of reach.
        let lines: Vec<_> = info
            .lines
            .iter()
            .filter(|l| how.slides_along(l.kind) && l.cells().len() >= 3)
            .collect();
        let enemy_line = lines.first()?;
        pieces.push((enemy_line.cells()[1], black_pawn));
        let friend_line = lines
            .iter()
            .rev()
            .find(|l| l.kind != enemy_line.kind && free(&pieces, l.cells()[1]))
            .or_else(|| lines.iter().rev().find(|l| free(&pieces, l.cells()[1])))?;
        pieces.push((friend_line.cells()[1], white_pawn));
    } else if how.leaps() {
        // A friend on the way of one leap (the leap passes over it), an enemy on another's
        // target.
        let mine = |l: &&crate::rules::Leap| how.leaps_of(l.kind);
        let over = info.leaps.iter().find(mine)?;
        pieces.push((over.via(), white_pawn));
        let take = info
            .leaps
            .iter()
            .filter(mine)
            .rev()
            .find(|l| free(&pieces, l.to()) && l.to() != over.to())?;
        pieces.push((take.to(), black_pawn));
    } else if how.one_step() {
        // An enemy pawn to take that does not itself attack the King.
        let attacks_centre = |c: Cell| {
            b.cell(c).pawn_steps[Side::Black.index()]
                .iter()
                .any(|s| s.captures && s.step.to == centre)
        };
        let step = info
            .steps()
            .find(|s| b.cell(s.to).row > 0 && !attacks_centre(s.to))?;
        pieces.push((step.to, black_pawn));
    } else if how.pawn_steps() {
        // An enemy it may take (a forward edgewise or diagonal step) and one it may not (an
        // arcwise step), and a Black pawn, which moves the other way.
        let steps = &info.pawn_steps[Side::White.index()];
        let take = steps.iter().find(|s| s.captures)?;
        pieces.push((take.step.to, black_pawn));
        if let Some(blocked) = steps.iter().find(|s| !s.captures) {
            pieces.push((blocked.step.to, black_pawn));
        }
        let used = pieces.iter().fold(CellSet::EMPTY, |a, &(c, p)| {
            a | influence(variant, p.kind, c)
        });
        let black = Cell::all()
            .filter(|&c| b.cell(c).row >= 6 && b.cell(c).row <= 8 && !used.contains(c))
            .min_by_key(|&c| {
                let [x, y] = b.cell(c).centre();
                // Upper right, well apart from the White pawn and its neighbours.
                (((x - 2.6) * (x - 2.6) + (y - 2.2) * (y - 2.2)) * 100.0) as i32
            })?;
        pieces.push((black, black_pawn));
        shown.push(black);
    }
    place_kings(variant, &pieces, &shown)
}

/// Adds the Kings (the Black one only, when the King is shown) where no shown piece can see
/// them, and checks the whole with the rules.
fn place_kings(
    variant: &'static Variant,
    pieces: &[(Cell, Piece)],
    shown: &[Cell],
) -> Option<Demo> {
    let b = board();
    let white_king = Piece::new(Side::White, PieceKind::King);
    let mut busy = CellSet::EMPTY;
    for &(c, p) in pieces {
        busy.insert(c);
        if shown.contains(&c) {
            busy |= influence(variant, p.kind, c);
        }
    }
    let candidates: Vec<Cell> = Cell::all().filter(|&c| !busy.contains(c)).collect();
    let shown_king = pieces
        .iter()
        .find(|&&(_, p)| p == white_king)
        .map(|&(c, _)| c);
    let whites: Vec<Cell> = shown_king.map_or_else(|| candidates.clone(), |c| vec![c]);
    for &white in &whites {
        for &black in candidates.iter().rev() {
            if white == black || b.king_steps(white).contains(black) {
                continue;
            }
            let mut all = pieces.to_vec();
            if shown_king.is_none() {
                all.push((white, white_king));
            }
            all.push((black, Piece::new(Side::Black, PieceKind::King)));
            let text = format!("{} w 0 1", placement(variant, &all));
            let Ok(position) = variant.parse_position(&text) else {
                continue;
            };
            let calm = |p: &Position| !p.in_check();
            if calm(&position) && position.with_turn(Side::Black).is_ok_and(|p| calm(&p)) {
                return Some(Demo {
                    position,
                    shown: shown.to_vec(),
                    kings: if shown_king.is_some() {
                        vec![black]
                    } else {
                        vec![white, black]
                    },
                });
            }
        }
    }
    None
}

/// The placement field of the position text: rows k down to a, cells from White's left.
fn placement(variant: &Variant, pieces: &[(Cell, Piece)]) -> String {
    let mut rows = Vec::new();
    for row in (0..ROW_LENGTHS.len()).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for number in 1..=ROW_LENGTHS[row] as usize {
            let here = Cell::at(row, number)
                .and_then(|c| pieces.iter().find(|&&(p, _)| p == c))
                .map(|&(_, piece)| match piece.side {
                    Side::White => variant.letter(piece.kind).to_ascii_uppercase(),
                    Side::Black => variant.letter(piece.kind).to_ascii_lowercase(),
                });
            match here {
                Some(letter) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        rows.push(text);
    }
    rows.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn every_kind_of_every_built_in_variant_has_a_demo_in_its_own_letters() {
        for variant in Variant::builtins() {
            let order = panel_order(variant);
            assert_eq!(order.len(), variant.kinds().len(), "{variant}");
            for kind in order {
                let d = demo(variant, kind).unwrap_or_else(|| {
                    panic!("{variant}: no demo for {}", variant.kind_name(kind))
                });
                assert_eq!(d.position.variant(), variant);
                assert_eq!(d.position.piece_at(d.shown[0]).map(|p| p.kind), Some(kind));
            }
        }
    }

    #[test]
    fn every_kind_has_a_demo_on_e5_that_the_kings_do_not_disturb() {
        for kind in PANEL_ORDER {
            let demo =
                demo(Variant::parachess(), kind).unwrap_or_else(|| panic!("no demo for {kind}"));
            let pos = &demo.position;
            assert_eq!(pos.turn(), Side::White);
            assert_eq!(
                pos.piece_at(cell("e5")),
                Some(Piece::new(Side::White, kind)),
                "{kind}"
            );
            assert!(!pos.in_check(), "{kind}");
            for &shown in &demo.shown {
                let reach = pos.reach_of(shown).unwrap();
                assert!(
                    !(reach.moves | reach.captures).is_empty(),
                    "{kind} on {shown}"
                );
                let seen = influence(
                    Variant::parachess(),
                    pos.piece_at(shown).unwrap().kind,
                    shown,
                );
                for &king in &demo.kings {
                    assert!(!seen.contains(king), "{kind}: King on {king}");
                }
            }
        }
    }

    #[test]
    fn the_demos_show_a_capture_and_a_piece_in_the_way() {
        for kind in [PieceKind::Rook, PieceKind::Bishop, PieceKind::Queen] {
            let demo = demo(Variant::parachess(), kind).unwrap();
            let reach = demo.position.reach_of(cell("e5")).unwrap();
            assert_eq!(reach.captures.len(), 1, "{kind}");
            // The piece cannot reach everything its lines cross: something is in the way.
            let lines = board().line_cells(cell("e5"), &LineKind::ALL);
            assert!(reach.moves.len() + 1 < lines.len(), "{kind}");
        }
        let sorcerer = demo(Variant::parachess(), PieceKind::Sorcerer).unwrap();
        let reach = sorcerer.position.reach_of(cell("e5")).unwrap();
        assert_eq!(reach.captures.len(), 1);
        // It leaps over its own pawn: every leap target but the capture is a move.
        assert_eq!(
            reach.moves.len() + 1,
            board().sorcerer_leaps(cell("e5")).len()
        );
        let pawns = demo(Variant::parachess(), PieceKind::Pawn).unwrap();
        assert_eq!(pawns.shown.len(), 2);
        let white = pawns.position.reach_of(pawns.shown[0]).unwrap();
        assert_eq!(white.captures.len(), 1);
        let black = pawns.position.piece_at(pawns.shown[1]).unwrap();
        assert_eq!(black, Piece::new(Side::Black, PieceKind::Pawn));
    }

    #[test]
    fn the_panel_steps_round_its_list() {
        let mut world = World::new();
        world.init_resource::<PanelPiece>();
        step(&mut world, -1);
        assert_eq!(world.resource::<PanelPiece>().0, PieceKind::Pawn);
        step(&mut world, 1);
        step(&mut world, 1);
        assert_eq!(world.resource::<PanelPiece>().0, PANEL_ORDER[1]);
        show(&mut world, PieceKind::King);
        assert_eq!(world.resource::<PanelPiece>().0, PieceKind::King);
    }
}
