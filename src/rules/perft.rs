//! Perft: counting the leaves of the move tree, the standard correctness and speed yardstick
//! for move generation.

use super::moves::{Move, MoveList};
use super::position::Position;

/// Number of legal move sequences of length `depth` from `pos` (bulk-counted at the last ply).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut list = MoveList::new();
            pos.generate_moves(super::cell::CellSet::ALL, &mut list);
            let mut nodes = 0;
            for &mv in list.iter() {
                let undo = pos.make_move(mv);
                nodes += perft(pos, depth - 1);
                pos.unmake_move(mv, undo);
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the leaf count below it, in move order. At
/// depth 0 there is no first move (the tree is the root alone), so the list is empty.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut work = pos.clone();
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let undo = work.make_move(mv);
            let n = if depth <= 1 {
                1
            } else {
                perft(&mut work, depth - 1)
            };
            work.unmake_move(mv, undo);
            (mv, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fixed counts from the start position: any change is a change in the rules' behaviour.
    #[test]
    fn start_position_counts() {
        let mut pos = Position::start();
        let expected = [1, 44, 1_936, 88_638, 4_019_817];
        for (depth, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&mut pos, depth as u32), n, "depth {depth}");
        }
        assert_eq!(pos, Position::start());
        let split: u64 = divide(&pos, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(split, 88_638);
        assert!(divide(&pos, 0).is_empty(), "depth 0 has no first moves");
    }
}
