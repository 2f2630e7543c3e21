//! Setting up a position piece by piece (the board editor): a placement and a side to move
//! that may break the rules while it is being made, and every reason it is not yet playable.
//!
//! The checks are the position text's own ([`PositionErrorKind`]), all of them at once rather
//! than the first, so an editor can list them; what is legal but worth knowing (the side to
//! move is in check, or has no move and so loses at once) comes as a [`SetupNote`].

use std::fmt;

use super::cell::{CELL_COUNT, Cell};
use super::game::{Game, Outcome};
use super::piece::{Piece, Side};
use super::position::Position;
use super::text::{
    PositionError, PositionErrorKind, parse_unchecked, parse_unchecked_in, problems,
};
use super::variant::Variant;

/// A placement and a side to move, playable or not.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// Whose letters and kinds the setup uses.
    variant: &'static Variant,
    squares: [Option<Piece>; CELL_COUNT],
    turn: Side,
    halfmove_clock: u32,
    fullmove_number: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

/// Something true of a playable setup that a player should know before playing it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SetupNote {
    /// The side to move is in check.
    InCheck(Side),
    /// The side to move is in check and has no legal move.
    Checkmated(Side),
    /// The side to move has no legal move, not in check (which loses in Parachess too).
    Stalemated(Side),
    /// The half-move clock has reached the limit: the game is drawn before it starts.
    FiftyMoves,
}

impl fmt::Display for SetupNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupNote::InCheck(side) => write!(f, "{side} is to move and in check"),
            SetupNote::Checkmated(side) => write!(
                f,
                "{side} is to move but has no legal move: checkmate, {side} loses at once"
            ),
            SetupNote::Stalemated(side) => write!(
                f,
                "{side} is to move but has no legal move: {side} loses at once (stalemate \
                 loses in Parachess)"
            ),
            SetupNote::FiftyMoves => {
                f.write_str("the half-move clock is at 100: the game is drawn before it starts")
            }
        }
    }
}

/// What the rules say of a setup: why it cannot be played (empty when it can), and notes.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SetupCheck {
    /// Every reason it is not a playable position.
    pub problems: Vec<PositionErrorKind>,
    /// Things worth knowing about it (only for a playable setup).
    pub notes: Vec<SetupNote>,
}

impl SetupCheck {
    /// Whether the setup can be played.
    pub fn playable(&self) -> bool {
        self.problems.is_empty()
    }
}

impl Setup {
    /// No pieces, White to move.
    pub fn empty() -> Setup {
        Setup::empty_in(Variant::parachess())
    }

    /// No pieces, White to move, in `variant`.
    pub fn empty_in(variant: &'static Variant) -> Setup {
        Setup {
            variant,
            squares: [None; CELL_COUNT],
            turn: Side::White,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The pieces, side to move and clocks of a position.
    pub fn from_position(pos: &Position) -> Setup {
        let mut setup = Setup::empty_in(pos.variant());
        for (cell, piece) in pos.placement() {
            setup.squares[cell.index()] = Some(piece);
        }
        setup.turn = pos.turn();
        setup.halfmove_clock = pos.halfmove_clock();
        setup.fullmove_number = pos.fullmove_number();
        setup
    }

    /// Reads position text as a setup: any placement the format can describe, playable or
    /// not (a text copied from an unfinished setup reads back). Text that is not position text
    /// is refused with the parser's message and column.
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        parse_unchecked(text).map(|(pos, _)| Setup::from_position(&pos))
    }

    /// [`Setup::parse`] with `variant`'s letters.
    pub fn parse_in(text: &str, variant: &'static Variant) -> Result<Setup, PositionError> {
        parse_unchecked_in(text, variant).map(|(pos, _)| Setup::from_position(&pos))
    }

    /// The variant whose kinds the setup uses.
    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    /// The piece on `cell`.
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.squares[cell.index()]
    }

    /// Puts `piece` on `cell` (or empties it with `None`); returns what stood there.
    pub fn set(&mut self, cell: Cell, piece: Option<Piece>) -> Option<Piece> {
        std::mem::replace(&mut self.squares[cell.index()], piece)
    }

    /// Moves the piece on `from` to `to`, replacing whatever stood there; returns the piece
    /// moved, or `None` (and changes nothing) when `from` is empty or is `to`.
    pub fn move_piece(&mut self, from: Cell, to: Cell) -> Option<Piece> {
        if from == to {
            return None;
        }
        let piece = self.squares[from.index()].take()?;
        self.squares[to.index()] = Some(piece);
        Some(piece)
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Gives the move to `side`.
    pub fn set_turn(&mut self, side: Side) {
        self.turn = side;
    }

    /// Every piece with its cell, in cell order.
    pub fn placement(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        Cell::all().filter_map(|c| self.piece_at(c).map(|p| (c, p)))
    }

    /// The setup as a position value, playable or not: for drawing the board and writing the
    /// position text. Play only from [`Setup::position`].
    pub fn board(&self) -> Position {
        let mut pos = Position::empty_in(self.variant);
        for (cell, piece) in self.placement() {
            pos.put(cell, piece);
        }
        pos.set_turn(self.turn);
        pos.set_clocks(self.halfmove_clock, self.fullmove_number);
        pos
    }

    /// The playable position, or every reason it is not one.
    pub fn position(&self) -> Result<Position, Vec<PositionErrorKind>> {
        let pos = self.board();
        let found = problems(&pos);
        if found.is_empty() {
            Ok(pos)
        } else {
            Err(found)
        }
    }

    /// What the rules say of the setup now.
    pub fn check(&self) -> SetupCheck {
        let pos = match self.position() {
            Ok(pos) => pos,
            Err(problems) => {
                return SetupCheck {
                    problems,
                    notes: Vec::new(),
                };
            }
        };
        let side = pos.turn();
        let mut notes = Vec::new();
        match Game::from_position(pos.clone()).outcome() {
            Some(Outcome::Checkmate { .. }) => notes.push(SetupNote::Checkmated(side)),
            Some(Outcome::Stalemate { .. }) => notes.push(SetupNote::Stalemated(side)),
            Some(Outcome::FiftyMoves) => notes.push(SetupNote::FiftyMoves),
            _ if pos.in_check() => notes.push(SetupNote::InCheck(side)),
            _ => {}
        }
        SetupCheck {
            problems: Vec::new(),
            notes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::piece::PieceKind;
    use crate::rules::position::START_TEXT;

    fn c(name: &str) -> Cell {
        name.parse().unwrap()
    }

    fn piece(letter: char) -> Piece {
        Piece::from_letter(letter).unwrap()
    }

    /// A setup from `(cell, letter)` pairs and the side to move.
    fn setup(pieces: &[(&str, char)], turn: Side) -> Setup {
        let mut s = Setup::empty();
        for &(cell, letter) in pieces {
            s.set(c(cell), Some(piece(letter)));
        }
        s.set_turn(turn);
        s
    }

    use PositionErrorKind as E;
    use Side::{Black, White};

    #[test]
    fn every_problem_of_a_setup_is_listed() {
        let table: Vec<(&str, Setup, Vec<E>, Vec<SetupNote>)> = vec![
            (
                "an empty board",
                Setup::empty(),
                vec![E::MissingKing(White), E::MissingKing(Black)],
                vec![],
            ),
            (
                "one King",
                setup(&[("a4", 'K')], White),
                vec![E::MissingKing(Black)],
                vec![],
            ),
            (
                "two White Kings",
                setup(&[("a4", 'K'), ("b2", 'K'), ("k4", 'k')], White),
                vec![E::ExtraKing(White)],
                vec![],
            ),
            (
                "Pawns on their last rows",
                setup(
                    &[
                        ("a4", 'K'),
                        ("k4", 'k'),
                        ("k1", 'P'),
                        ("k6", 'P'),
                        ("a1", 'p'),
                    ],
                    White,
                ),
                vec![
                    E::PawnOnLastRow {
                        side: White,
                        cell: c("k1"),
                    },
                    E::PawnOnLastRow {
                        side: White,
                        cell: c("k6"),
                    },
                    E::PawnOnLastRow {
                        side: Black,
                        cell: c("a1"),
                    },
                ],
                vec![],
            ),
            (
                "the side not to move in check",
                setup(&[("a6", 'K'), ("e1", 'R'), ("e5", 'k')], White),
                vec![E::KingCapturable(White)],
                vec![],
            ),
            (
                "everything wrong at once",
                setup(&[("e1", 'R'), ("e5", 'k'), ("e7", 'k'), ("k2", 'P')], White),
                vec![
                    E::MissingKing(White),
                    E::PawnOnLastRow {
                        side: White,
                        cell: c("k2"),
                    },
                    E::ExtraKing(Black),
                    E::KingCapturable(White),
                ],
                vec![],
            ),
            (
                "the start position",
                Setup::from_position(&Position::start()),
                vec![],
                vec![],
            ),
            (
                "the side to move in check",
                setup(&[("a6", 'K'), ("e1", 'R'), ("e5", 'k')], Black),
                vec![],
                vec![SetupNote::InCheck(Black)],
            ),
        ];
        for (what, s, problems, notes) in table {
            let check = s.check();
            assert_eq!(check.problems, problems, "{what}");
            assert_eq!(check.notes, notes, "{what}");
            assert_eq!(check.playable(), problems.is_empty(), "{what}");
            assert_eq!(s.position().is_ok(), problems.is_empty(), "{what}");
            // The first problem is the one position text reports.
            let parsed = s.board().to_string().parse::<Position>();
            assert_eq!(
                parsed.err().map(|e| e.kind),
                problems.first().cloned(),
                "{what}"
            );
        }
    }

    #[test]
    fn a_side_without_a_move_loses_at_once() {
        // The mate of the records tests: j2xk2=Q# after two moves.
        let mated: Position = "k1r3/1P2/8/5/10/6/10/5/8/4/3QK1 w 0 1".parse().unwrap();
        let mut game = Game::from_position(mated);
        for text in ["Qa4-d4", "Rk3-k2", "j2xk2=Q#"] {
            game.play_text(text).unwrap();
        }
        let end = game.position().clone();
        assert!(matches!(game.outcome(), Some(Outcome::Checkmate { .. })));
        let check = Setup::from_position(&end).check();
        assert!(check.playable());
        assert_eq!(check.notes, vec![SetupNote::Checkmated(end.turn())]);
        assert!(check.notes[0].to_string().contains("loses at once"));
        // A lone King boxed in, not in check: stalemate, which loses too.
        let boxed: Position = "6/4/8/5/10/6/10/5/K2Q4/4/k5 b 0 1".parse().unwrap();
        let check = Setup::from_position(&boxed).check();
        assert_eq!(check.notes, vec![SetupNote::Stalemated(Side::Black)]);
        assert!(check.notes[0].to_string().contains("loses at once"));
        // The same with White to move is a plain position.
        let mut white = Setup::from_position(&boxed);
        white.set_turn(White);
        assert_eq!(white.check(), SetupCheck::default());
    }

    #[test]
    fn any_placement_reads_back_but_malformed_text_is_refused() {
        let unfinished = setup(&[("e5", 'Q'), ("k1", 'P')], Black);
        let text = unfinished.board().to_string();
        assert_eq!(Setup::parse(&text), Ok(unfinished));
        assert_eq!(
            Setup::parse(START_TEXT),
            Ok(Setup::from_position(&Position::start()))
        );
        let bad = Setup::parse("6/4/8/5/10/6/10/5/8/4/6 w 0 1 x").unwrap_err();
        assert_eq!(bad.column, 31);
        assert!(matches!(bad.kind, E::TrailingJunk(_)));
        let bad = Setup::parse("6/4/8/5/1X/6/10/5/8/4/6 w 0 1").unwrap_err();
        assert_eq!((bad.kind, bad.column), (E::UnknownPiece('X'), 10));
    }

    #[test]
    fn editing_moves_puts_and_removes_pieces() {
        let mut s = Setup::from_position(&Position::start());
        assert_eq!(s.board(), Position::start());
        assert_eq!(s.position(), Ok(Position::start()));
        let rook = s.move_piece(c("a1"), c("e5"));
        assert_eq!(rook, Some(Piece::new(White, PieceKind::Rook)));
        assert_eq!(s.piece_at(c("a1")), None);
        assert_eq!(s.piece_at(c("e5")), rook);
        assert_eq!(s.move_piece(c("a1"), c("e6")), None, "nothing on a1");
        assert_eq!(s.move_piece(c("e5"), c("e5")), None, "nowhere to go");
        // Onto another piece: it is replaced.
        s.move_piece(c("e5"), c("i1"));
        assert_eq!(s.piece_at(c("i1")), rook);
        assert_eq!(s.placement().count(), 31);
        assert_eq!(s.set(c("i1"), None), rook);
        s.set_turn(Black);
        assert_eq!(s.board().turn(), Black);
        assert_eq!(s.placement().count(), 30);
    }

    #[test]
    fn any_placement_can_be_drawn_and_asked_about_without_panicking() {
        // Kings everywhere, Pawns on the last rows, no Kings: the rules still answer.
        let mut s = Setup::empty();
        for (i, cell) in Cell::all().enumerate() {
            let kinds = PieceKind::ALL;
            let side = if i % 3 == 0 { White } else { Black };
            s.set(cell, Some(Piece::new(side, kinds[i % kinds.len()])));
        }
        for turn in [White, Black] {
            s.set_turn(turn);
            let pos = s.board();
            let _ = Game::from_position(pos.clone()).legal_moves();
            let _ = pos.in_check();
            for cell in Cell::all() {
                let _ = pos.reach_of(cell);
                let _ = pos.legal_targets(cell);
            }
            assert!(!s.check().playable());
        }
        let s = Setup::empty();
        let _ = Game::from_position(s.board()).legal_moves();
        assert_eq!(
            s.board().to_string(),
            "6/4/8/5/10/6/10/5/8/4/6 w 0 1",
            "an empty board still writes as position text"
        );
    }
}
