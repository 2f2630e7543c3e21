//! From results to standings: a Swiss's points with its tie-breaks (Buchholz,
//! Sonneborn–Berger), an arena's points with lichess's streaks and berserk bonus.

use std::collections::HashMap;

use super::{Colour, Outcome};

/// One Swiss game as the standings see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwissGame {
    /// White's player.
    pub white: u64,
    /// Black's player.
    pub black: u64,
    /// `None` while it is played.
    pub outcome: Option<Outcome>,
}

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player.
    pub id: u64,
    /// Points (a Swiss: win 1, draw ½; an arena: its own points).
    pub score: f64,
    /// Sum of the opponents' scores (Swiss; 0 in an arena).
    pub buchholz: f64,
    /// Sum of the scores of the opponents beaten, and half those drawn (Swiss; 0 in an arena).
    pub sonneborn_berger: f64,
    /// 1 for the first; players level on everything share a rank.
    pub rank: u32,
}

/// Swiss standings: `players` in pairing-number order, every round's games and byes. A bye
/// is worth a win (A.5) and adds nothing to the tie-breaks; a round missed by a late joiner
/// is worth nothing. Ordered by score, Buchholz, Sonneborn–Berger.
pub fn swiss_standings(players: &[u64], rounds: &[(Vec<SwissGame>, Vec<u64>)]) -> Vec<Standing> {
    let mut score: HashMap<u64, u32> = players.iter().map(|&p| (p, 0)).collect();
    for (games, byes) in rounds {
        for g in games {
            if let Some(o) = g.outcome {
                *score.entry(g.white).or_default() += o.half_points(Colour::White);
                *score.entry(g.black).or_default() += o.half_points(Colour::Black);
            }
        }
        for b in byes {
            *score.entry(*b).or_default() += 2;
        }
    }
    // Tie-breaks in quarter points: opponent's half points × own half points from the game.
    let mut buchholz: HashMap<u64, u32> = HashMap::new();
    let mut sb: HashMap<u64, u32> = HashMap::new();
    for (games, _) in rounds {
        for g in games {
            let Some(o) = g.outcome else { continue };
            for (me, them, side) in [
                (g.white, g.black, Colour::White),
                (g.black, g.white, Colour::Black),
            ] {
                let theirs = score.get(&them).copied().unwrap_or(0);
                *buchholz.entry(me).or_default() += theirs;
                *sb.entry(me).or_default() += theirs * o.half_points(side);
            }
        }
    }
    let lines: Vec<(u64, u32, u32, u32)> = players
        .iter()
        .map(|&p| {
            (
                p,
                score.get(&p).copied().unwrap_or(0),
                buchholz.get(&p).copied().unwrap_or(0),
                sb.get(&p).copied().unwrap_or(0),
            )
        })
        .collect();
    rank(lines, |&(id, s, b, sbv)| Standing {
        id,
        score: f64::from(s) / 2.0,
        buchholz: f64::from(b) / 2.0,
        sonneborn_berger: f64::from(sbv) / 4.0,
        rank: 0,
    })
}

/// Sorts by the keys after the id (stable: earlier in `lines` first among equals) and numbers
/// the ranks, equal keys sharing one.
fn rank(
    mut lines: Vec<(u64, u32, u32, u32)>,
    make: impl Fn(&(u64, u32, u32, u32)) -> Standing,
) -> Vec<Standing> {
    lines.sort_by_key(|l| std::cmp::Reverse((l.1, l.2, l.3)));
    let mut out: Vec<Standing> = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let mut s = make(line);
        s.rank = match i.checked_sub(1).map(|j| &lines[j]) {
            Some(prev) if (prev.1, prev.2, prev.3) == (line.1, line.2, line.3) => out[i - 1].rank,
            _ => u32::try_from(i + 1).unwrap_or(u32::MAX),
        };
        out.push(s);
    }
    out
}

/// How one arena game ended for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaResult {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

/// One finished arena game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaGame {
    /// The result.
    pub result: ArenaResult,
    /// The player went berserk in it.
    pub berserk: bool,
    /// Moves the player made in it (a berserk win counts from 7).
    pub moves: u32,
}

/// A player's arena score: the points of each game in order, the total, and whether the
/// player is on a streak now (the next game counts double).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArenaScore {
    /// Each game's points, in the order played.
    pub points: Vec<u32>,
    /// The sum.
    pub total: u32,
    /// Two wins in a row just now: on fire.
    pub on_fire: bool,
}

/// The moves a berserk win needs to earn its extra point.
pub const BERSERK_MIN_MOVES: u32 = 7;

/// lichess's arena scoring: win 2, draw 1, loss 0; after two wins in a row every game counts
/// double until one is not won (that one still doubled: a draw on fire is 2); a berserk win of
/// at least [`BERSERK_MIN_MOVES`] moves earns one point more (not doubled).
pub fn arena_score(games: &[ArenaGame]) -> ArenaScore {
    let mut out = ArenaScore::default();
    let mut wins_in_a_row = 0u32;
    for g in games {
        let base = match g.result {
            ArenaResult::Win => 2,
            ArenaResult::Draw => 1,
            ArenaResult::Loss => 0,
        };
        let doubled = if wins_in_a_row >= 2 { base * 2 } else { base };
        let bonus =
            u32::from(g.result == ArenaResult::Win && g.berserk && g.moves >= BERSERK_MIN_MOVES);
        let points = doubled + bonus;
        out.points.push(points);
        out.total += points;
        wins_in_a_row = if g.result == ArenaResult::Win {
            wins_in_a_row + 1
        } else {
            0
        };
    }
    out.on_fire = wins_in_a_row >= 2;
    out
}

/// Arena standings: each player's score (games in order played), best first; ties keep the
/// order given (the caller lists players by rating, so the higher-rated leads a tie).
pub fn arena_standings(players: &[(u64, Vec<ArenaGame>)]) -> Vec<Standing> {
    let lines = players
        .iter()
        .map(|(id, games)| (*id, arena_score(games).total, 0, 0))
        .collect();
    rank(lines, |&(id, s, _, _)| Standing {
        id,
        score: f64::from(s),
        buchholz: 0.0,
        sonneborn_berger: 0.0,
        rank: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ArenaResult::{Draw as D, Loss as L, Win as Wn};

    fn g(result: ArenaResult) -> ArenaGame {
        ArenaGame {
            result,
            berserk: false,
            moves: 30,
        }
    }

    #[test]
    fn streaks_double_from_the_third_win_and_end_on_a_game_not_won() {
        // W W W W D W L: 2 2 4 4 2 2 0 (the draw is on fire: doubled; it ends the streak).
        let s = arena_score(&[g(Wn), g(Wn), g(Wn), g(Wn), g(D), g(Wn), g(L)]);
        assert_eq!(s.points, vec![2, 2, 4, 4, 2, 2, 0]);
        assert_eq!(s.total, 16);
        assert!(!s.on_fire);
        let s = arena_score(&[g(L), g(Wn), g(Wn)]);
        assert_eq!(s.points, vec![0, 2, 2]);
        assert!(s.on_fire);
        // A loss on fire is still nothing.
        assert_eq!(
            arena_score(&[g(Wn), g(Wn), g(L), g(Wn)]).points,
            vec![2, 2, 0, 2]
        );
    }

    #[test]
    fn a_berserk_win_earns_a_point_from_seven_moves() {
        let b = |result, moves| ArenaGame {
            result,
            berserk: true,
            moves,
        };
        assert_eq!(arena_score(&[b(Wn, 7)]).total, 3);
        assert_eq!(arena_score(&[b(Wn, 6)]).total, 2);
        assert_eq!(arena_score(&[b(D, 40)]).total, 1);
        assert_eq!(arena_score(&[b(L, 40)]).total, 0);
        // On fire: 4 + 1.
        assert_eq!(
            arena_score(&[g(Wn), g(Wn), b(Wn, 20)]).points,
            vec![2, 2, 5]
        );
    }

    #[test]
    fn arena_ranks_by_points_ties_share() {
        let s = arena_standings(&[
            (1, vec![g(D)]),
            (2, vec![g(Wn), g(Wn), g(Wn)]),
            (3, vec![g(Wn), g(L)]),
            (4, vec![]),
        ]);
        let view: Vec<(u64, f64, u32)> = s.iter().map(|s| (s.id, s.score, s.rank)).collect();
        assert_eq!(
            view,
            vec![(2, 8.0, 1), (3, 2.0, 2), (1, 1.0, 3), (4, 0.0, 4)]
        );
        let s = arena_standings(&[(1, vec![g(D)]), (2, vec![g(D)])]);
        assert_eq!((s[0].rank, s[1].rank), (1, 1));
    }

    #[test]
    fn swiss_tie_breaks_worked_by_hand() {
        // 4 players, 3 rounds (round robin):
        // R1: 1-2 1-0, 3-4 ½-½   R2: 1-3 ½-½, 4-2 0-1   R3: 4-1 0-1, 2-3 1-0
        // Scores: 1: 2.5, 2: 2, 3: 1, 4: 0.5.
        // Buchholz (opponents' scores): 1: 2+1+0.5 = 3.5; 2: 2.5+0.5+1 = 4; 3: 0.5+2.5+2 = 5;
        // 4: 1+2+2.5 = 5.5.
        // SB: 1: beat 2 (2) + drew 3 (½·1) + beat 4 (0.5) = 3; 2: beat 4 (0.5) + beat 3 (1) = 1.5;
        // 3: drew 4 (0.25) + drew 1 (1.25) = 1.5; 4: drew 3 = 0.5.
        use Outcome::*;
        let game = |white, black, o| SwissGame {
            white,
            black,
            outcome: Some(o),
        };
        let rounds = vec![
            (vec![game(1, 2, WhiteWins), game(3, 4, Draw)], vec![]),
            (vec![game(1, 3, Draw), game(4, 2, BlackWins)], vec![]),
            (vec![game(4, 1, BlackWins), game(2, 3, WhiteWins)], vec![]),
        ];
        let s = swiss_standings(&[1, 2, 3, 4], &rounds);
        let view: Vec<(u64, f64, f64, f64, u32)> = s
            .iter()
            .map(|s| (s.id, s.score, s.buchholz, s.sonneborn_berger, s.rank))
            .collect();
        assert_eq!(
            view,
            vec![
                (1, 2.5, 3.5, 3.0, 1),
                (2, 2.0, 4.0, 1.5, 2),
                (3, 1.0, 5.0, 1.5, 3),
                (4, 0.5, 5.5, 0.5, 4)
            ]
        );
    }

    #[test]
    fn swiss_bye_is_a_win_late_joiner_scores_nothing_for_missed_rounds() {
        // 3 players: R1 1-2 1-0, 3 bye. R2 (4 joins late): 3-1 ½-½, 4-2 1-0.
        use Outcome::*;
        let game = |white, black, o| SwissGame {
            white,
            black,
            outcome: Some(o),
        };
        let rounds = vec![
            (vec![game(1, 2, WhiteWins)], vec![3]),
            (vec![game(3, 1, Draw), game(4, 2, WhiteWins)], vec![]),
        ];
        let s = swiss_standings(&[1, 2, 3, 4], &rounds);
        let view: Vec<(u64, f64, f64, u32)> = s
            .iter()
            .map(|s| (s.id, s.score, s.buchholz, s.rank))
            .collect();
        // 1: 1.5 (Buchholz 0 + 1.5 = 1.5); 3: 1.5 (bye adds nothing; 1.5); 4: 1 (0); 2: 0 (1.5+1).
        // 1 and 3 tie on score and Buchholz; SB: 1 = 0 + 0.75 = 0.75, 3 = 0.75: shared rank.
        assert_eq!(
            view,
            vec![
                (1, 1.5, 1.5, 1),
                (3, 1.5, 1.5, 1),
                (4, 1.0, 0.0, 3),
                (2, 0.0, 2.5, 4)
            ]
        );
        // A game still played counts for nothing yet.
        let running = vec![(
            vec![SwissGame {
                white: 1,
                black: 2,
                outcome: None,
            }],
            vec![],
        )];
        assert!(
            swiss_standings(&[1, 2], &running)
                .iter()
                .all(|s| s.score == 0.0)
        );
    }
}
