//! The judgement of each move where someone judged the game (the analysis screen's review):
//! every move list shows it, so the list needs no part that judges.

use bevy::prelude::*;

use crate::rules::{Game, Move, Position};
use crate::study::Label;

/// The judged game's moves from its start, each with its label; a game on the board shares
/// them as far as its moves are the same (moves played after the review start a line it did
/// not see).
#[derive(Resource, Default, Debug)]
pub struct MoveMarks {
    start: Option<Position>,
    moves: Vec<(Move, Label)>,
    /// Changes whenever the marks do (the move lists follow it).
    version: u64,
}

impl MoveMarks {
    /// The marks of a judged game: its start and its moves with their labels.
    pub fn set(&mut self, start: Position, moves: Vec<(Move, Label)>) {
        self.start = Some(start);
        self.moves = moves;
        self.version += 1;
    }

    /// No game is judged.
    pub fn clear(&mut self) {
        if self.start.is_some() {
            self.start = None;
            self.moves.clear();
            self.version += 1;
        }
    }

    /// Changes whenever the marks do.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The judged moves `game` begins with, with their labels: its moves after these start a
    /// line the judge did not see.
    pub fn judged(&self, game: &Game) -> &[(Move, Label)] {
        if self.start.as_ref() != Some(game.start_position()) {
            return &[];
        }
        let common = game
            .plies()
            .iter()
            .zip(&self.moves)
            .take_while(|(p, (m, _))| p.mv == *m)
            .count();
        &self.moves[..common]
    }

    /// The label of `game`'s half-move `index`, when it is a move of the judged game.
    pub fn label(&self, game: &Game, index: usize) -> Option<Label> {
        self.judged(game).get(index).map(|&(_, label)| label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_judged_moves_only() {
        let mut game = Game::new();
        for m in ["c4-d3", "i5-h3"] {
            game.play_text(m).unwrap();
        }
        let moves: Vec<(Move, Label)> = game
            .plies()
            .iter()
            .zip([Label::Best, Label::Blunder])
            .map(|(p, l)| (p.mv, l))
            .collect();
        let mut marks = MoveMarks::default();
        assert_eq!(marks.label(&game, 0), None);
        marks.set(Position::start(), moves);
        assert_eq!(marks.label(&game, 1), Some(Label::Blunder));
        assert_eq!(marks.label(&game, 2), None, "past the judged moves");
        let mut other = Game::new();
        for m in ["c4-d3", "i4-h3"] {
            other.play_text(m).unwrap();
        }
        assert_eq!(marks.label(&other, 0), Some(Label::Best));
        assert_eq!(
            marks.label(&other, 1),
            None,
            "a line the review did not see"
        );
        let before = marks.version();
        marks.clear();
        assert!(marks.version() > before);
        assert_eq!(marks.label(&game, 0), None);
    }
}
