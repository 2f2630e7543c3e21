//! The geometric route of a move: which cells, sides and corners a piece passes, so the game can
//! animate it along the board's real lines.

use super::board::{Step, board};
use super::moves::Move;
use super::position::Position;

/// How a move travels from its start to its target.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Route {
    /// The steps in order; the last one lands on the target.
    pub steps: Vec<Step>,
    /// Whether the piece leaps (a Sorcerer), passing over the intermediate cell.
    pub leap: bool,
}

impl Position {
    /// The route `mv` takes from here, or `None` when the piece on `mv.from` cannot go there.
    ///
    /// A slider follows the unobstructed line that reaches the target (a Queen prefers an
    /// edge-path, then a diagonal-path, then a wave-path when several do); a Sorcerer its one
    /// leap; a King or Pawn its single step.
    pub fn route(&self, mv: Move) -> Option<Route> {
        let piece = self.piece_at(mv.from)?;
        let info = board().cell(mv.from);
        let occupied = self.occupied();
        let how = self.variant().movement(piece.kind);
        if how.pawn_steps() {
            let step = info.pawn_steps[piece.side.index()]
                .iter()
                .find(|s| s.step.to == mv.to)?;
            return Some(Route {
                steps: vec![step.step],
                leap: false,
            });
        }
        if let Some(step) = info.steps().find(|s| s.to == mv.to && how.steps_of(s.kind)) {
            return Some(Route {
                steps: vec![step],
                leap: false,
            });
        }
        if let Some(leap) = info
            .leaps
            .iter()
            .find(|l| l.to() == mv.to && how.leaps_of(l.kind))
        {
            return Some(Route {
                steps: vec![leap.first, leap.second],
                leap: true,
            });
        }
        how.line_kinds().find_map(|kind| {
            info.lines
                .iter()
                .filter(|l| l.kind == kind)
                .find_map(|line| {
                    let at = line.cells().iter().position(|&c| c == mv.to)?;
                    if at >= how.range(kind) as usize {
                        return None;
                    }
                    let clear = line.cells()[..at].iter().all(|&c| !occupied.contains(c));
                    clear.then(|| Route {
                        steps: line.steps[..=at].to_vec(),
                        leap: false,
                    })
                })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::StepKind;
    use crate::rules::cell::Cell;

    fn c(n: &str) -> Cell {
        n.parse().unwrap()
    }

    #[test]
    fn every_legal_move_has_a_route_ending_on_its_target() {
        let mut pos = Position::start();
        for _ in 0..30 {
            let moves = pos.legal_moves();
            for &mv in moves.iter() {
                let route = pos.route(mv).unwrap();
                assert_eq!(route.steps.last().map(|s| s.to), Some(mv.to));
                assert_eq!(route.steps[0].from, mv.from);
                for pair in route.steps.windows(2) {
                    assert_eq!(pair[0].to, pair[1].from);
                }
            }
            let Some(&mv) = moves.get(moves.len() / 3) else {
                break;
            };
            pos.make_move(mv);
        }
    }

    #[test]
    fn routes_follow_the_piece_kind() {
        let pos = Position::start();
        let leap = pos.route(Move::new(c("a2"), c("e5"))).unwrap();
        assert!(leap.leap);
        assert_eq!(leap.steps.len(), 2);
        let pawn = pos.route(Move::new(c("c1"), c("e2"))).unwrap();
        assert!(matches!(pawn.steps[0].kind, StepKind::Arcwise(_)));
        assert!(pos.route(Move::new(c("a2"), c("f3"))).is_none());
        let bishop = pos.route(Move::new(c("b3"), c("b4"))).unwrap();
        assert_eq!(bishop.steps.len(), 1);
        assert_eq!(bishop.steps[0].kind, StepKind::Diagonal);
    }
}
