//! How each kind of piece moves: the one place that says it. A kind's movement is data, a set of
//! atoms (`eda`, `EDW`, `E2`, `NA`, `pawn`; `docs/RULES.md`), parsed here into a compact
//! [`Movement`]; move generation, routes, the engine's tables, the show-lines aid, the piece
//! guide, threats and lessons all read it, so they cannot disagree.

use std::fmt;

use thiserror::Error;

use super::board::{Board, LeapKind, LineKind, StepKind};
use super::cell::{Cell, CellSet};
use super::piece::{PieceKind, Side};
use super::position::Position;

/// A slide with this range goes on to the rim.
pub const UNLIMITED: u8 = u8::MAX;

/// The ways a kind of piece moves: one-cell steps, slides along the three kinds of line (each up
/// to a range), the two kinds of leap, or the Pawn's own rules.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Movement {
    /// One-cell steps: bit 0 edgewise (`e`), bit 1 diagonal (`d`), bit 2 arcwise (`a`). Only
    /// set for a line kind it does not also slide along (a slide's first cell is the step).
    steps: u8,
    /// Slide range per line kind (indexed by `LineKind as usize`): 0 none, [`UNLIMITED`] to the
    /// rim, otherwise at most that many cells (at least 2; a range of 1 is a step).
    ranges: [u8; 3],
    /// Leaps: bit 0 knight (`N`), bit 1 archer (`A`).
    leaps: u8,
    /// The Parachess pawn (`pawn`), which moves in no other way.
    pawn: bool,
}

/// Why an atom string is not a movement.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AtomError {
    /// Nothing written.
    #[error("the moves are empty; write atoms such as \"eda\", \"EDW\", \"E2\" or \"NA\"")]
    Empty,
    /// A character that is no atom.
    #[error(
        "'{0}' at position {1} is not a movement atom (e d a E D W N A, a range digit after E D W, \
         or \"pawn\" alone)"
    )]
    Unknown(char, usize),
    /// The same atom twice.
    #[error("'{0}' is written twice")]
    Twice(char),
    /// A range of 0, or one too long to read.
    #[error("a range must be a number from 1 to 99 after E, D or W")]
    BadRange,
    /// `pawn` combined with other atoms.
    #[error("\"pawn\" stands alone: a Pawn moves in no other way")]
    PawnNotAlone,
}

impl Movement {
    /// The Parachess pawn.
    pub const PAWN: Movement = Movement {
        steps: 0,
        ranges: [0; 3],
        leaps: 0,
        pawn: true,
    };
    /// One step of each kind (the King).
    pub const KING: Movement = Movement {
        steps: 0b111,
        ranges: [0; 3],
        leaps: 0,
        pawn: false,
    };
    /// Edge-, diagonal- and wave-paths (the Queen).
    pub const QUEEN: Movement = Movement {
        steps: 0,
        ranges: [UNLIMITED; 3],
        leaps: 0,
        pawn: false,
    };
    /// Edge-paths (the Rook).
    pub const ROOK: Movement = Movement {
        steps: 0,
        ranges: [UNLIMITED, 0, 0],
        leaps: 0,
        pawn: false,
    };
    /// Diagonal- and wave-paths (the Bishop).
    pub const BISHOP: Movement = Movement {
        steps: 0,
        ranges: [0, UNLIMITED, UNLIMITED],
        leaps: 0,
        pawn: false,
    };
    /// Knight and archer leaps (the Sorcerer).
    pub const SORCERER: Movement = Movement {
        steps: 0,
        ranges: [0; 3],
        leaps: 0b11,
        pawn: false,
    };
    /// Knight leaps (the inventor's Knight).
    pub const KNIGHT: Movement = Movement {
        steps: 0,
        ranges: [0; 3],
        leaps: 0b01,
        pawn: false,
    };
    /// Archer leaps (the inventor's Archer).
    pub const ARCHER: Movement = Movement {
        steps: 0,
        ranges: [0; 3],
        leaps: 0b10,
        pawn: false,
    };

    /// Reads an atom string (`"eda"`, `"EDW"`, `"E2W"`, `"NA"`, `"pawn"`). Spaces are ignored.
    pub fn parse(text: &str) -> Result<Movement, AtomError> {
        let text = text.trim();
        if text == "pawn" {
            return Ok(Movement::PAWN);
        }
        if text.contains("pawn") {
            return Err(AtomError::PawnNotAlone);
        }
        let chars: Vec<char> = text.chars().collect();
        let mut out = Movement::default();
        let mut seen = String::new();
        let mut any = false;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            i += 1;
            if c == ' ' {
                continue;
            }
            if seen.contains(c) {
                return Err(AtomError::Twice(c));
            }
            match c {
                'e' | 'd' | 'a' => out.steps |= 1 << "eda".find(c).unwrap_or(0),
                'N' => out.leaps |= 1,
                'A' => out.leaps |= 2,
                'E' | 'D' | 'W' => {
                    let start = i;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                    let range = if start == i {
                        UNLIMITED
                    } else {
                        let digits: String = chars[start..i].iter().collect();
                        match digits.parse::<u8>() {
                            Ok(n @ 1..=99) if !digits.starts_with('0') => n,
                            _ => return Err(AtomError::BadRange),
                        }
                    };
                    out.ranges["EDW".find(c).unwrap_or(0)] = range;
                }
                c if c.is_ascii_digit() => return Err(AtomError::Unknown(c, i)),
                c => return Err(AtomError::Unknown(c, i)),
            }
            seen.push(c);
            any = true;
        }
        if !any {
            return Err(AtomError::Empty);
        }
        Ok(out.normalised())
    }

    /// The same movement in its one spelling: a slide of range 1 is a step, and a step along a
    /// line kind the piece slides along is part of the slide. Ranges of 12 or more (the longest
    /// line) are unlimited.
    fn normalised(mut self) -> Movement {
        for k in 0..3 {
            match self.ranges[k] {
                1 => {
                    self.ranges[k] = 0;
                    self.steps |= 1 << k;
                }
                r if r >= super::board::MAX_LINE as u8 => self.ranges[k] = UNLIMITED,
                _ => {}
            }
            if self.ranges[k] != 0 {
                self.steps &= !(1 << k);
            }
        }
        self
    }

    /// Slide ranges per line kind (indexed by `LineKind as usize`).
    #[inline]
    pub(crate) const fn ranges(self) -> [u8; 3] {
        self.ranges
    }

    /// Slide range along lines of `kind`: 0 none, [`UNLIMITED`] to the rim.
    #[inline]
    pub const fn range(self, kind: LineKind) -> u8 {
        self.ranges[kind as usize]
    }

    /// Whether the piece slides along lines of `kind`.
    #[inline]
    pub const fn slides_along(self, kind: LineKind) -> bool {
        self.ranges[kind as usize] != 0
    }

    /// Whether it slides at all (its way can be blocked).
    #[inline]
    pub const fn slides(self) -> bool {
        self.ranges[0] != 0 || self.ranges[1] != 0 || self.ranges[2] != 0
    }

    /// Whether every slide goes to the rim.
    pub const fn slides_unlimited(self) -> bool {
        let mut k = 0;
        while k < 3 {
            if self.ranges[k] != 0 && self.ranges[k] != UNLIMITED {
                return false;
            }
            k += 1;
        }
        true
    }

    /// The line kinds it slides along, in the order a route prefers them (edge-paths first:
    /// the straightest way).
    pub fn line_kinds(self) -> impl Iterator<Item = LineKind> {
        LineKind::ALL
            .into_iter()
            .filter(move |&k| self.slides_along(k))
    }

    /// Whether it takes one-cell steps of this kind (arcwise steps of either turn).
    #[inline]
    pub const fn steps_of(self, kind: StepKind) -> bool {
        let bit = match kind {
            StepKind::Edgewise => 0,
            StepKind::Diagonal => 1,
            StepKind::Arcwise(_) => 2,
        };
        self.steps & (1 << bit) != 0
    }

    /// Whether it takes any one-cell step.
    #[inline]
    pub const fn steps(self) -> bool {
        self.steps != 0
    }

    /// Whether it makes leaps of this kind.
    #[inline]
    pub const fn leaps_of(self, kind: LeapKind) -> bool {
        let bit = match kind {
            LeapKind::Knight => 1,
            LeapKind::Archer => 2,
        };
        self.leaps & bit != 0
    }

    /// Whether it leaps at all.
    #[inline]
    pub const fn leaps(self) -> bool {
        self.leaps != 0
    }

    /// Whether it takes one step of every kind and nothing else: the King's way.
    #[inline]
    pub const fn one_step(self) -> bool {
        self.steps == 0b111 && !self.slides() && self.leaps == 0 && !self.pawn
    }

    /// Whether it is the Parachess pawn.
    #[inline]
    pub const fn pawn_steps(self) -> bool {
        self.pawn
    }

    /// The cells it reaches from `from` without sliding: its steps and leaps (never blocked).
    pub fn jumps(self, board: &Board, from: Cell) -> CellSet {
        let info = board.cell(from);
        let mut out = CellSet::EMPTY;
        for step in info.steps() {
            if self.steps_of(step.kind) {
                out.insert(step.to);
            }
        }
        for leap in &info.leaps {
            if self.leaps_of(leap.kind) {
                out.insert(leap.to());
            }
        }
        out
    }

    /// The cells it reaches from `from` with `occupied` as the blockers, pawns aside: steps,
    /// leaps and slides up to their ranges, each slide stopping on the first occupied cell.
    pub fn targets(self, board: &Board, from: Cell, occupied: CellSet) -> CellSet {
        let mut out = self.jumps(board, from);
        for line in &board.cell(from).lines {
            let range = self.range(line.kind) as usize;
            for &c in line.cells().iter().take(range) {
                out.insert(c);
                if occupied.contains(c) {
                    break;
                }
            }
        }
        out
    }
}

/// The atom string in its one spelling: steps, then slides, then leaps (`eda`, `EDW`, `E2`,
/// `NA`, `pawn`).
impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pawn {
            return f.write_str("pawn");
        }
        for (k, c) in "eda".chars().enumerate() {
            if self.steps & (1 << k) != 0 {
                write!(f, "{c}")?;
            }
        }
        for (k, c) in "EDW".chars().enumerate() {
            match self.ranges[k] {
                0 => {}
                UNLIMITED => write!(f, "{c}")?,
                r => write!(f, "{c}{r}")?,
            }
        }
        if self.leaps & 1 != 0 {
            f.write_str("N")?;
        }
        if self.leaps & 2 != 0 {
            f.write_str("A")?;
        }
        Ok(())
    }
}

/// How a Parachess kind moves (the variant-free answer; a game asks its
/// [`Variant`](super::variant::Variant)).
#[inline]
pub const fn movement(kind: PieceKind) -> Movement {
    match kind.index() {
        0 => Movement::PAWN,
        1 => Movement::SORCERER,
        2 => Movement::BISHOP,
        3 => Movement::ROOK,
        4 => Movement::QUEEN,
        5 => Movement::KING,
        _ => Movement {
            steps: 0,
            ranges: [0; 3],
            leaps: 0,
            pawn: false,
        },
    }
}

/// One sentence on how a piece with this movement moves, for kinds that are not Parachess's.
pub fn describe(name: &str, how: Movement) -> String {
    if how.pawn {
        return format!("the {name} takes one forward step");
    }
    let mut parts: Vec<String> = Vec::new();
    let steps: Vec<&str> = [(0, "edgewise"), (1, "diagonal"), (2, "arcwise")]
        .iter()
        .filter(|(k, _)| how.steps & (1 << k) != 0)
        .map(|&(_, w)| w)
        .collect();
    if !steps.is_empty() {
        parts.push(format!("takes one {} step", join_or(&steps)));
    }
    let slides: Vec<String> = LineKind::ALL
        .iter()
        .filter(|&&k| how.slides_along(k))
        .map(|&k| {
            let path = match k {
                LineKind::Edge => "edge-paths",
                LineKind::Diagonal => "diagonal-paths",
                LineKind::Wave => "wave-paths",
            };
            match how.range(k) {
                UNLIMITED => path.to_string(),
                r => format!("{path} (at most {r} cells)"),
            }
        })
        .collect();
    if !slides.is_empty() {
        parts.push(format!("slides along {}", slides.join(" and ")));
    }
    let leaps: Vec<&str> = [(1, "knight"), (2, "archer")]
        .iter()
        .filter(|(b, _)| how.leaps & b != 0)
        .map(|&(_, w)| w)
        .collect();
    if !leaps.is_empty() {
        parts.push(format!("makes {} leaps", leaps.join(" and ")));
    }
    format!("the {name} {}", parts.join(", and "))
}

fn join_or(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// One sentence on how a kind of piece moves, for messages and help.
pub fn how_it_moves(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::King => "the King takes one edgewise, diagonal or arcwise step",
        PieceKind::Queen => "the Queen slides along edge-paths, diagonal-paths and wave-paths",
        PieceKind::Rook => "the Rook slides along edge-paths",
        PieceKind::Bishop => "the Bishop slides along diagonal-paths and wave-paths",
        PieceKind::Sorcerer => "the Sorcerer makes knight and archer leaps",
        PieceKind::Pawn => "the Pawn takes one forward step",
        _ => "it moves as its variant says",
    }
}

/// What a piece can do from its cell, as a guide shows it: the cells it can move to and the
/// enemy pieces it can take. For the side to move these are its legal moves; for the other
/// side, the moves it would have if it were its turn (so a pinned piece shows as pinned).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Reach {
    /// Empty cells it can move to.
    pub moves: CellSet,
    /// Enemy pieces it can take.
    pub captures: CellSet,
}

impl Position {
    /// The reach of the piece on `cell`, whichever side it belongs to; `None` for an empty
    /// cell.
    pub fn reach_of(&self, cell: Cell) -> Option<Reach> {
        let piece = self.piece_at(cell)?;
        let targets = if piece.side == self.turn() {
            self.legal_targets(cell)
        } else {
            match self.with_turn(piece.side) {
                Ok(theirs) => theirs.legal_targets(cell),
                // Their King could be taken: every move "loses", show where it reaches.
                Err(_) => self.pseudo_targets(cell),
            }
        };
        let enemy = self.side_cells(!piece.side);
        Some(Reach {
            moves: targets & !enemy,
            captures: targets & enemy,
        })
    }

    /// The opponent's attacks on the side to move: every piece of the side to move that the
    /// opponent attacks, and those among them no own piece defends.
    pub fn threats(&self) -> Threats {
        self.threats_against(self.turn())
    }

    /// [`Position::threats`] against `side`'s pieces.
    pub fn threats_against(&self, side: Side) -> Threats {
        let occupied = self.occupied();
        let mut out = Threats::default();
        for cell in self.side_cells(side) {
            if self.attacked_by(cell, !side, occupied) {
                out.attacked.insert(cell);
                // A defender is an own piece that could take back on the cell.
                if self.attackers(cell, side, occupied).is_empty() {
                    out.undefended.insert(cell);
                }
            }
        }
        out
    }
}

/// Pieces under attack.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Threats {
    /// Attacked by the opponent.
    pub attacked: CellSet,
    /// Attacked and not defended by any own piece.
    pub undefended: CellSet,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::piece::Piece;

    fn c(n: &str) -> Cell {
        n.parse().unwrap()
    }

    #[test]
    fn every_kind_moves_in_exactly_its_ways() {
        for kind in PieceKind::ALL {
            let m = movement(kind);
            let ways = [m.slides(), m.leaps(), m.one_step(), m.pawn_steps()];
            assert_eq!(ways.iter().filter(|&&w| w).count(), 1, "{kind}");
        }
        let queen = movement(PieceKind::Queen);
        assert_eq!(queen.line_kinds().collect::<Vec<_>>(), LineKind::ALL);
        let bishop: Vec<_> = movement(PieceKind::Bishop).line_kinds().collect();
        assert_eq!(bishop, [LineKind::Diagonal, LineKind::Wave]);
    }

    #[test]
    fn atoms_parse_to_one_spelling() {
        let cases = [
            ("eda", "eda"),
            ("EDW", "EDW"),
            ("E", "E"),
            ("DW", "DW"),
            ("NA", "NA"),
            ("AN", "NA"),
            ("pawn", "pawn"),
            ("E1", "e"),
            ("eE", "E"),
            ("E2 D3", "E2D3"),
            ("W12", "W"),
            ("edaN", "edaN"),
        ];
        for (written, canonical) in cases {
            let m = Movement::parse(written).unwrap();
            assert_eq!(m.to_string(), canonical, "{written}");
            assert_eq!(Movement::parse(canonical), Ok(m));
        }
        assert_eq!(Movement::parse("EDW"), Ok(Movement::QUEEN));
        assert_eq!(Movement::parse("eda"), Ok(Movement::KING));
        assert_eq!(Movement::parse("N"), Ok(Movement::KNIGHT));
        assert_eq!(
            Movement::parse("E2").map(|m| m.range(LineKind::Edge)),
            Ok(2)
        );
    }

    #[test]
    fn bad_atoms_say_why() {
        assert_eq!(Movement::parse(""), Err(AtomError::Empty));
        assert_eq!(Movement::parse("  "), Err(AtomError::Empty));
        assert_eq!(Movement::parse("EX"), Err(AtomError::Unknown('X', 2)));
        assert_eq!(Movement::parse("EE"), Err(AtomError::Twice('E')));
        assert_eq!(Movement::parse("E0"), Err(AtomError::BadRange));
        assert_eq!(Movement::parse("E100"), Err(AtomError::BadRange));
        assert_eq!(Movement::parse("3"), Err(AtomError::Unknown('3', 1)));
        assert_eq!(Movement::parse("pawnE"), Err(AtomError::PawnNotAlone));
        assert!(Movement::parse("é").is_err());
    }

    #[test]
    fn the_reach_of_either_side_is_its_moves_as_if_it_were_its_turn() {
        let pos = Position::start();
        // White to move: Black's Sorcerer's reach is Black's legal leaps from i... mirrored.
        let white = pos.reach_of(c("a2")).unwrap();
        assert_eq!(white.moves, pos.legal_targets(c("a2")));
        let black_cell = crate::rules::board().mirror_top_bottom(c("a2"));
        let black = pos.reach_of(black_cell).unwrap();
        let mirrored: CellSet = white
            .moves
            .map(|x| crate::rules::board().mirror_top_bottom(x))
            .collect();
        assert_eq!(black.moves, mirrored);
        assert!(pos.reach_of(c("e5")).is_none());
    }

    #[test]
    fn threats_match_attacks_and_defence() {
        // A White Rook attacked by a Black Rook, undefended; White to move.
        let pos: Position = "k5/4/8/5/10/6/10/5/8/4/3KRr w 0 1".parse().unwrap();
        let t = pos.threats();
        let rook = pos
            .pieces(Piece::new(Side::White, PieceKind::Rook))
            .first()
            .unwrap();
        assert_eq!(
            t.attacked.contains(rook),
            pos.attacked_by(rook, Side::Black, pos.occupied())
        );
        assert!((t.undefended & !t.attacked).is_empty());
        for cell in t.attacked {
            assert_eq!(pos.piece_at(cell).map(|p| p.side), Some(Side::White));
        }
    }
}
