//! A tournament's state, derived from its stored rows each time (never kept apart from them,
//! so a restart sees what was committed and nothing else): pairing numbers, the next Swiss
//! round's input, the standings.

use std::collections::HashMap;

use super::pairing::dutch::SwissPlayer;
use super::scoring::{self, ArenaGame, ArenaResult, Standing, SwissGame};
use super::store::{EntryRow, Kind, PairingRow};
use super::{Colour, Outcome};

/// Entries in pairing-number order (A.2 b): rating, then who joined first, then the key.
pub fn pairing_order(entries: &[EntryRow]) -> Vec<&EntryRow> {
    let mut order: Vec<&EntryRow> = entries.iter().collect();
    order.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then(a.joined_ms.cmp(&b.joined_ms))
            .then(a.key.cmp(&b.key))
    });
    order
}

/// A game counts for colours once both sides moved (C.04.2 D.5: a game lost by a no-show was
/// not played).
fn played(p: &PairingRow) -> bool {
    p.plies.is_some_and(|n| n >= 2)
}

/// The players still in (not withdrawn), ready for the next Swiss round: ids are pairing
/// numbers; `keys[id - 1]` is the player's key.
pub fn swiss_input(
    entries: &[EntryRow],
    pairings: &[PairingRow],
) -> (Vec<SwissPlayer>, Vec<String>) {
    let order = pairing_order(entries);
    let keys: Vec<String> = order.iter().map(|e| e.key.clone()).collect();
    let id_of: HashMap<&str, u64> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| (k.as_str(), i as u64 + 1))
        .collect();
    let mut players: Vec<SwissPlayer> = order
        .iter()
        .enumerate()
        .map(|(i, _)| SwissPlayer {
            id: i as u64 + 1,
            number: i as u32 + 1,
            score: 0,
            colours: Vec::new(),
            opponents: Vec::new(),
            had_bye: false,
        })
        .collect();
    for p in pairings {
        let Some(&w) = id_of.get(p.white.as_str()) else {
            continue;
        };
        let white = (w - 1) as usize;
        match p.black.as_deref().and_then(|b| id_of.get(b)) {
            None if p.black.is_none() => {
                players[white].had_bye = true;
                players[white].score += 2;
            }
            None => {}
            Some(&b) => {
                let black = (b - 1) as usize;
                players[white].opponents.push(b);
                players[black].opponents.push(w);
                if played(p) {
                    players[white].colours.push(Colour::White);
                    players[black].colours.push(Colour::Black);
                }
                if let Some(o) = p.result {
                    players[white].score += o.half_points(Colour::White);
                    players[black].score += o.half_points(Colour::Black);
                }
            }
        }
    }
    let active: Vec<SwissPlayer> = players
        .into_iter()
        .zip(&order)
        .filter(|(_, e)| !e.withdrawn)
        .map(|(p, _)| p)
        .collect();
    (active, keys)
}

/// The standings with each line's entry, best first.
pub fn standings<'a>(
    kind: Kind,
    entries: &'a [EntryRow],
    pairings: &[PairingRow],
) -> Vec<(&'a EntryRow, Standing)> {
    let order = pairing_order(entries);
    let id_of: HashMap<&str, u64> = order
        .iter()
        .enumerate()
        .map(|(i, e)| (e.key.as_str(), i as u64))
        .collect();
    let lines = match kind {
        Kind::Swiss => {
            let mut rounds: Vec<(Vec<SwissGame>, Vec<u64>)> = Vec::new();
            for p in pairings {
                let Some(&white) = id_of.get(p.white.as_str()) else {
                    continue;
                };
                let r = usize::try_from(p.round.max(1) - 1).unwrap_or(0);
                if rounds.len() <= r {
                    rounds.resize_with(r + 1, Default::default);
                }
                match p.black.as_deref() {
                    None => rounds[r].1.push(white),
                    Some(b) => {
                        if let Some(&black) = id_of.get(b) {
                            rounds[r].0.push(SwissGame {
                                white,
                                black,
                                outcome: p.result,
                            });
                        }
                    }
                }
            }
            let ids: Vec<u64> = (0..order.len() as u64).collect();
            scoring::swiss_standings(&ids, &rounds)
        }
        Kind::Arena => {
            let mut games: Vec<Vec<ArenaGame>> = vec![Vec::new(); order.len()];
            let mut finished: Vec<&PairingRow> =
                pairings.iter().filter(|p| p.result.is_some()).collect();
            finished.sort_by_key(|p| (p.end_ms, p.board));
            for p in finished {
                let (Some(o), Some(black)) = (p.result, p.black.as_deref()) else {
                    continue;
                };
                let plies = p.plies.unwrap_or(0).max(0) as u32;
                for (key, side, berserk, moves) in [
                    (
                        p.white.as_str(),
                        Colour::White,
                        p.white_berserk,
                        plies.div_ceil(2),
                    ),
                    (black, Colour::Black, p.black_berserk, plies / 2),
                ] {
                    if let Some(&id) = id_of.get(key) {
                        let result = match o.half_points(side) {
                            2 => ArenaResult::Win,
                            1 => ArenaResult::Draw,
                            _ => ArenaResult::Loss,
                        };
                        games[id as usize].push(ArenaGame {
                            result,
                            berserk,
                            moves,
                        });
                    }
                }
            }
            let players: Vec<(u64, Vec<ArenaGame>)> = games
                .into_iter()
                .enumerate()
                .map(|(i, g)| (i as u64, g))
                .collect();
            scoring::arena_standings(&players)
        }
    };
    lines
        .into_iter()
        .filter_map(|s| order.get(s.id as usize).map(|e| (*e, s)))
        .collect()
}

/// The result of a finished game as the pairings store it, from the game's result text.
pub fn outcome_of(result: &str) -> Option<Outcome> {
    match result {
        "1-0" => Some(Outcome::WhiteWins),
        "0-1" => Some(Outcome::BlackWins),
        "1/2-1/2" => Some(Outcome::Draw),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: &str, rating: f64, joined_ms: i64, withdrawn: bool) -> EntryRow {
        EntryRow {
            key: key.to_string(),
            name: key.to_uppercase(),
            rating,
            joined_ms,
            withdrawn,
        }
    }

    fn game(
        round: i64,
        board: i64,
        white: &str,
        black: Option<&str>,
        result: Option<Outcome>,
        plies: i64,
    ) -> PairingRow {
        PairingRow {
            round,
            board,
            white: white.to_string(),
            black: black.map(str::to_string),
            game_id: black.map(|_| format!("g{round}{board}")),
            result,
            white_berserk: false,
            black_berserk: false,
            plies: Some(plies),
            start_ms: round * 100 + board,
            end_ms: Some(round * 100 + board + 50),
        }
    }

    #[test]
    fn the_next_round_sees_scores_colours_byes_and_who_withdrew() {
        let entries = [
            entry("a", 1500.0, 1, false),
            entry("b", 1700.0, 2, false),
            entry("c", 1600.0, 3, true),
            entry("d", 1500.0, 0, false),
        ];
        // Pairing numbers: b 1, c 2, d 3 (joined before a), a 4.
        let order: Vec<&str> = pairing_order(&entries)
            .iter()
            .map(|e| e.key.as_str())
            .collect();
        assert_eq!(order, ["b", "c", "d", "a"]);
        let pairings = [
            game(1, 1, "b", Some("d"), Some(Outcome::WhiteWins), 40),
            // c never moved as Black: a loss, and no colour for either.
            game(1, 2, "a", Some("c"), Some(Outcome::WhiteWins), 1),
            game(2, 1, "d", None, None, 0),
        ];
        let (players, keys) = swiss_input(&entries, &pairings);
        assert_eq!(keys, ["b", "c", "d", "a"]);
        let view: Vec<(u64, u32, Vec<Colour>, Vec<u64>, bool)> = players
            .into_iter()
            .map(|p| (p.id, p.score, p.colours, p.opponents, p.had_bye))
            .collect();
        assert_eq!(
            view,
            vec![
                (1, 2, vec![Colour::White], vec![3], false),
                (3, 2, vec![Colour::Black], vec![1], true),
                (4, 2, vec![], vec![2], false),
            ]
        );
    }

    #[test]
    fn arena_standings_count_berserk_and_streaks_in_the_order_games_ended() {
        let entries = [entry("a", 1500.0, 1, false), entry("b", 1400.0, 2, false)];
        let mut g1 = game(0, 1, "a", Some("b"), Some(Outcome::WhiteWins), 14);
        g1.white_berserk = true;
        let g2 = game(0, 2, "b", Some("a"), Some(Outcome::BlackWins), 30);
        let g3 = game(0, 3, "a", Some("b"), Some(Outcome::WhiteWins), 13);
        let running = game(0, 4, "b", Some("a"), None, 3);
        let s = standings(Kind::Arena, &entries, &[g1, g2, g3, running]);
        // a: 2 + 1 (berserk, 7 moves) + 2 + 4 (on fire) = 9; b: 0.
        let view: Vec<(&str, f64, u32)> = s
            .iter()
            .map(|(e, s)| (e.key.as_str(), s.score, s.rank))
            .collect();
        assert_eq!(view, vec![("a", 9.0, 1), ("b", 0.0, 2)]);
    }

    #[test]
    fn swiss_standings_from_rows() {
        let entries = [
            entry("a", 1500.0, 1, false),
            entry("b", 1700.0, 2, false),
            entry("c", 1600.0, 3, false),
        ];
        let pairings = [
            game(1, 1, "b", Some("a"), Some(Outcome::Draw), 40),
            game(1, 2, "c", None, None, 0),
        ];
        let s = standings(Kind::Swiss, &entries, &pairings);
        let view: Vec<(&str, f64, f64)> = s
            .iter()
            .map(|(e, s)| (e.key.as_str(), s.score, s.buchholz))
            .collect();
        assert_eq!(
            view,
            vec![("c", 1.0, 0.0), ("b", 0.5, 0.5), ("a", 0.5, 0.5)]
        );
    }
}
