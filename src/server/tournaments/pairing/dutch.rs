//! One Swiss round paired by the FIDE Dutch system (C.04.3), as far as docs/TOURNAMENTS.md
//! lists: score brackets paired top-down with players moved down, S1 against S2 by
//! transpositions and then exchanges, the absolute criteria (no rematch, one bye, no two
//! players with the same absolute colour preference, the rest of the round still pairable),
//! the quality criteria on pairs, moved-down players and colours, and the colour allocation
//! rules E.1–E.5. A pure function: players in, pairs out.

use std::collections::{HashMap, HashSet};

use thiserror::Error;

use super::super::Colour;

/// What the pairing needs to know of one player before a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissPlayer {
    /// The tournament's key for this player.
    pub id: u64,
    /// Pairing number: the rank in the initial list (1 = the highest rated); a late entry
    /// gets one by rating as well (A.2 b).
    pub number: u32,
    /// Score so far in half points (win 2, draw 1, bye 2, a round missed 0).
    pub score: u32,
    /// The colour of each game played so far, oldest first; rounds without a game (a bye, a
    /// round before joining) are not in it (C.04.2 D.5: they do not count for colours).
    pub colours: Vec<Colour>,
    /// Everyone met over the board so far.
    pub opponents: Vec<u64>,
    /// Whether a pairing-allocated bye was received already (C2: once at most).
    pub had_bye: bool,
}

/// One round's pairing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// The games, (white, black), the top board first.
    pub games: Vec<(u64, u64)>,
    /// Who sits out with a bye worth a win (an odd number of players).
    pub bye: Option<u64>,
    /// True when no pairing kept criterion C3 (two players with the same absolute colour
    /// preference do not meet), so it was given up: late in a small event, colours may then
    /// differ by more than two.
    pub colour_relaxed: bool,
}

/// Why no round can be paired.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PairingError {
    /// Fewer than two players.
    #[error("a round needs at least two players")]
    TooFew,
    /// Two players share one id.
    #[error("player {0} is listed twice")]
    Duplicate(u64),
    /// Everyone has met everyone they could meet (or every possible bye is used).
    #[error("no pairing is left without a rematch or a second bye")]
    Exhausted,
}

/// How strongly a player wants a colour (A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// A colour preference: which colour, and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Preference {
    colour: Option<Colour>,
    strength: Strength,
}

/// The colour difference: games with white minus games with black.
fn colour_difference(colours: &[Colour]) -> i32 {
    colours
        .iter()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum()
}

/// A.6: absolute beyond a difference of one or after the same colour twice running; strong
/// at a difference of one; mild (alternate) at zero; none before the first game.
fn preference(colours: &[Colour]) -> Preference {
    let cd = colour_difference(colours);
    let n = colours.len();
    let twice = (n >= 2 && colours[n - 1] == colours[n - 2]).then(|| colours[n - 1]);
    let (colour, strength) = if cd > 1 {
        (Some(Colour::Black), Strength::Absolute)
    } else if cd < -1 {
        (Some(Colour::White), Strength::Absolute)
    } else if let Some(c) = twice {
        (Some(c.other()), Strength::Absolute)
    } else if cd == 1 {
        (Some(Colour::Black), Strength::Strong)
    } else if cd == -1 {
        (Some(Colour::White), Strength::Strong)
    } else if let Some(last) = colours.last() {
        (Some(last.other()), Strength::Mild)
    } else {
        (None, Strength::None)
    };
    Preference { colour, strength }
}

/// Pairs one round. `initial` is the colour the top-ranked player of the first board gets
/// when nothing else decides (E.5; drawn by lot in round one, then fixed for the event).
pub fn pair_round(players: &[SwissPlayer], initial: Colour) -> Result<Pairing, PairingError> {
    if players.len() < 2 {
        return Err(PairingError::TooFew);
    }
    let mut seen = HashSet::new();
    for p in players {
        if !seen.insert(p.id) {
            return Err(PairingError::Duplicate(p.id));
        }
    }
    if let Some(pairing) = Round::new(players, true).pair(initial) {
        return Ok(pairing);
    }
    match Round::new(players, false).pair(initial) {
        Some(pairing) => Ok(Pairing {
            colour_relaxed: true,
            ..pairing
        }),
        None => Err(PairingError::Exhausted),
    }
}

/// How many matching steps a completion check may take before it answers "don't know"
/// (it then counts as possible; the final fallback still finds a legal pairing).
const MATCHING_STEPS: u32 = 20_000;
/// How many search steps one bracket may take before it settles for the best candidate seen.
const BRACKET_STEPS: u32 = 50_000;

/// The quality of a bracket's candidate, best first when sorted: the most pairs (C5), the
/// most moved-down players paired (C6, a smaller score difference), the fewest pairs where
/// one player does not get the colour wanted (C10, C12), of those the fewest strong ones (C13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Quality {
    unpaired: usize,
    mdps_unpaired: usize,
    colour: usize,
    strong: usize,
}

/// Pairing state of one round, over indices into the players.
struct Round<'a> {
    players: &'a [SwissPlayer],
    prefs: Vec<Preference>,
    /// Position in the ranking (score, then pairing number): lower is higher.
    rank: Vec<usize>,
    met: Vec<HashSet<u64>>,
    /// Criterion C3 on.
    strict: bool,
    /// Completion checks already answered, by the (sorted) set of players left.
    feasible: HashMap<Vec<usize>, bool>,
}

/// What a matching search found.
enum Found {
    Yes(Vec<(usize, usize)>),
    No,
    Unknown,
}

impl<'a> Round<'a> {
    fn new(players: &'a [SwissPlayer], strict: bool) -> Self {
        let mut order: Vec<usize> = (0..players.len()).collect();
        order.sort_by_key(|&i| {
            (
                std::cmp::Reverse(players[i].score),
                players[i].number,
                players[i].id,
            )
        });
        let mut rank = vec![0; players.len()];
        for (pos, &i) in order.iter().enumerate() {
            rank[i] = pos;
        }
        Round {
            players,
            prefs: players.iter().map(|p| preference(&p.colours)).collect(),
            rank,
            met: players
                .iter()
                .map(|p| p.opponents.iter().copied().collect())
                .collect(),
            strict,
            feasible: HashMap::new(),
        }
    }

    /// C1 and C3: may these two meet?
    fn compatible(&self, a: usize, b: usize) -> bool {
        if self.met[a].contains(&self.players[b].id) || self.met[b].contains(&self.players[a].id) {
            return false;
        }
        let (pa, pb) = (self.prefs[a], self.prefs[b]);
        !(self.strict
            && pa.strength == Strength::Absolute
            && pb.strength == Strength::Absolute
            && pa.colour == pb.colour)
    }

    fn sorted(&self, mut set: Vec<usize>) -> Vec<usize> {
        set.sort_by_key(|&i| self.rank[i]);
        set
    }

    fn pair(mut self, initial: Colour) -> Option<Pairing> {
        let all = self.sorted((0..self.players.len()).collect());
        let mut bye = None;
        let mut rest = all.clone();
        if all.len() % 2 == 1 {
            // The bye goes to the lowest-ranked player who has had none and whose absence
            // leaves the others pairable (C2, C4; the lowest score first, as C5 asks).
            let chosen = all.iter().rev().copied().find(|&b| {
                !self.players[b].had_bye && {
                    let others: Vec<usize> = all.iter().copied().filter(|&i| i != b).collect();
                    self.completable(&others)
                }
            })?;
            bye = Some(chosen);
            rest.retain(|&i| i != chosen);
        }
        let pairs = self.pair_brackets(&rest)?;
        let mut games: Vec<(usize, usize)> = pairs
            .into_iter()
            .map(|(a, b)| self.allocate(a, b, initial))
            .collect();
        // Boards in order of the higher-ranked player of each pair.
        games.sort_by_key(|&(w, b)| self.rank[w].min(self.rank[b]));
        Some(Pairing {
            games: games
                .into_iter()
                .map(|(w, b)| (self.players[w].id, self.players[b].id))
                .collect(),
            bye: bye.map(|b| self.players[b].id),
            colour_relaxed: false,
        })
    }

    /// The brackets from the top score down; each may move players down to the next.
    fn pair_brackets(&mut self, rest: &[usize]) -> Option<Vec<(usize, usize)>> {
        let mut pairs = Vec::new();
        let mut moved_down: Vec<usize> = Vec::new();
        let mut left: Vec<usize> = rest.to_vec();
        while !left.is_empty() {
            let top = self.players[left[0]].score;
            let residents: Vec<usize> = left
                .iter()
                .copied()
                .filter(|&i| self.players[i].score == top)
                .collect();
            left.retain(|&i| self.players[i].score != top);
            match self.pair_bracket(&moved_down, &residents, &left) {
                Some((found, floaters)) => {
                    pairs.extend(found);
                    moved_down = floaters;
                }
                None => {
                    // The bracket's own search gave up: pair everything left by the plain
                    // matching, which keeps the absolute criteria.
                    let mut everyone = moved_down.clone();
                    everyone.extend(&residents);
                    everyone.extend(&left);
                    let everyone = self.sorted(everyone);
                    match self.matching(&everyone, u32::MAX) {
                        Found::Yes(found) => {
                            pairs.extend(found);
                            return Some(pairs);
                        }
                        Found::No | Found::Unknown => return None,
                    }
                }
            }
        }
        moved_down.is_empty().then_some(pairs)
    }

    /// C4 (completion): can these players all be paired among themselves?
    fn completable(&mut self, set: &[usize]) -> bool {
        if set.len() % 2 == 1 {
            return false;
        }
        let key = {
            let mut k = set.to_vec();
            k.sort_unstable();
            k
        };
        if let Some(&known) = self.feasible.get(&key) {
            return known;
        }
        let sorted = self.sorted(set.to_vec());
        let answer = !matches!(self.matching(&sorted, MATCHING_STEPS), Found::No);
        self.feasible.insert(key, answer);
        answer
    }

    /// A perfect matching of `set` (ranked order) by backtracking, the most constrained player
    /// first, partners in rank order.
    fn matching(&self, set: &[usize], steps: u32) -> Found {
        if set.len() % 2 == 1 {
            return Found::No;
        }
        let mut alive = vec![true; set.len()];
        let mut out = Vec::new();
        let mut steps = steps;
        match self.match_rec(set, &mut alive, &mut out, &mut steps) {
            Some(true) => Found::Yes(out),
            Some(false) => Found::No,
            None => Found::Unknown,
        }
    }

    fn match_rec(
        &self,
        set: &[usize],
        alive: &mut [bool],
        out: &mut Vec<(usize, usize)>,
        steps: &mut u32,
    ) -> Option<bool> {
        let mut best: Option<(usize, Vec<usize>)> = None;
        for v in (0..set.len()).filter(|&v| alive[v]) {
            let partners: Vec<usize> = (0..set.len())
                .filter(|&u| u != v && alive[u] && self.compatible(set[v], set[u]))
                .collect();
            if best.as_ref().is_none_or(|(_, b)| partners.len() < b.len()) {
                let empty = partners.is_empty();
                best = Some((v, partners));
                if empty {
                    break;
                }
            }
        }
        let Some((v, partners)) = best else {
            return Some(true);
        };
        if *steps == 0 {
            return None;
        }
        *steps -= 1;
        alive[v] = false;
        for u in partners {
            alive[u] = false;
            out.push((set[v], set[u]));
            match self.match_rec(set, alive, out, steps) {
                Some(false) => {
                    out.pop();
                    alive[u] = true;
                }
                other => {
                    if other.is_none() {
                        out.pop();
                        alive[u] = true;
                        alive[v] = true;
                    }
                    return other;
                }
            }
        }
        alive[v] = true;
        Some(false)
    }

    /// One bracket: the players moved down pair first (S1 = them, S2 = the residents, by
    /// transpositions), then the rest as a homogeneous bracket. Returns the pairs and the
    /// players moved on down, or `None` when no candidate passed the absolute criteria.
    fn pair_bracket(
        &mut self,
        moved_down: &[usize],
        residents: &[usize],
        lower: &[usize],
    ) -> Option<(Vec<(usize, usize)>, Vec<usize>)> {
        let mut search = Search {
            lower: lower.to_vec(),
            last: lower.is_empty(),
            best: None,
            leaves: BRACKET_STEPS,
            target: Quality {
                unpaired: (moved_down.len() + residents.len()) % 2,
                mdps_unpaired: 0,
                colour: 0,
                strong: 0,
            },
            done: false,
        };
        let mut pairs = Vec::new();
        let mut used = vec![false; residents.len()];
        self.mdp_phase(
            &mut search,
            moved_down,
            0,
            residents,
            &mut used,
            &mut pairs,
            &mut Vec::new(),
        );
        search.best.map(|(_, pairs, floaters)| (pairs, floaters))
    }

    /// Each moved-down player, in rank order, takes a resident (S2 in order) or none.
    fn mdp_phase(
        &mut self,
        search: &mut Search,
        mdps: &[usize],
        i: usize,
        residents: &[usize],
        used: &mut [bool],
        pairs: &mut Vec<(usize, usize)>,
        waiting: &mut Vec<usize>,
    ) {
        if search.done || search.leaves == 0 {
            return;
        }
        search.leaves -= 1;
        if i == mdps.len() {
            let mut rem: Vec<usize> = waiting.clone();
            rem.extend(
                residents
                    .iter()
                    .zip(used.iter())
                    .filter(|(_, u)| !**u)
                    .map(|(&r, _)| r),
            );
            let rem = self.sorted(rem);
            let mdps_unpaired = waiting.len();
            self.homogeneous(search, &rem, pairs, mdps, mdps_unpaired);
            return;
        }
        for (j, &r) in residents.iter().enumerate() {
            if !used[j] && self.compatible(mdps[i], r) {
                used[j] = true;
                pairs.push((mdps[i], r));
                self.mdp_phase(search, mdps, i + 1, residents, used, pairs, waiting);
                pairs.pop();
                used[j] = false;
                if search.done {
                    return;
                }
            }
        }
        waiting.push(mdps[i]);
        self.mdp_phase(search, mdps, i + 1, residents, used, pairs, waiting);
        waiting.pop();
    }

    /// A homogeneous remainder: S1 the top half, S2 the rest; transpositions of S2, then
    /// exchanges of one player between S1 and S2; then one pair fewer.
    fn homogeneous(
        &mut self,
        search: &mut Search,
        rem: &[usize],
        fixed: &[(usize, usize)],
        mdps: &[usize],
        mdps_waiting: usize,
    ) {
        for p in (0..=rem.len() / 2).rev() {
            let (s1, s2) = rem.split_at(p);
            let mut tries: Vec<(Vec<usize>, Vec<usize>)> = vec![(s1.to_vec(), s2.to_vec())];
            // Exchanges (D.2): the smallest difference of bracket numbers first, then the
            // lowest of S1 and the highest of S2.
            let mut swaps: Vec<(usize, usize)> = (0..s1.len())
                .flat_map(|a| (0..s2.len()).map(move |b| (a, b)))
                .collect();
            swaps.sort_by_key(|&(a, b)| (p + b - a, std::cmp::Reverse(a), b));
            for (a, b) in swaps {
                let mut n1 = s1.to_vec();
                let mut n2 = s2.to_vec();
                std::mem::swap(&mut n1[a], &mut n2[b]);
                tries.push((self.sorted(n1), self.sorted(n2)));
            }
            let before = search.best.as_ref().map(|(q, _, _)| q.unpaired);
            for (s1, s2) in tries {
                let mut chosen = Vec::new();
                let mut used = vec![false; s2.len()];
                self.transpose(
                    search,
                    &s1,
                    &s2,
                    &mut used,
                    &mut chosen,
                    fixed,
                    mdps,
                    mdps_waiting,
                );
                if search.done || search.leaves == 0 {
                    return;
                }
            }
            // One more unpaired only if this number of pairs found nothing.
            let after = search.best.as_ref().map(|(q, _, _)| q.unpaired);
            if after.is_some() && after != before {
                return;
            }
        }
    }

    /// S1[i] against S2 in lexicographic order of the transpositions.
    fn transpose(
        &mut self,
        search: &mut Search,
        s1: &[usize],
        s2: &[usize],
        used: &mut [bool],
        chosen: &mut Vec<usize>,
        fixed: &[(usize, usize)],
        mdps: &[usize],
        mdps_waiting: usize,
    ) {
        if search.done || search.leaves == 0 {
            return;
        }
        search.leaves -= 1;
        let i = chosen.len();
        if i == s1.len() {
            let mut pairs = fixed.to_vec();
            pairs.extend(s1.iter().copied().zip(chosen.iter().copied()));
            let floaters: Vec<usize> = s2
                .iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(&x, _)| x)
                .collect();
            // Moved-down players still unpaired are those waiting that no pair took.
            let mdps_unpaired = if mdps_waiting == 0 {
                0
            } else {
                mdps.iter().filter(|m| floaters.contains(m)).count()
            };
            self.leaf(search, pairs, floaters, mdps_unpaired);
            return;
        }
        for j in 0..s2.len() {
            if !used[j] && self.compatible(s1[i], s2[j]) {
                used[j] = true;
                chosen.push(s2[j]);
                self.transpose(search, s1, s2, used, chosen, fixed, mdps, mdps_waiting);
                chosen.pop();
                used[j] = false;
                if search.done || search.leaves == 0 {
                    return;
                }
            }
        }
    }

    fn leaf(
        &mut self,
        search: &mut Search,
        pairs: Vec<(usize, usize)>,
        floaters: Vec<usize>,
        mdps_unpaired: usize,
    ) {
        let quality = Quality {
            unpaired: floaters.len(),
            mdps_unpaired,
            colour: pairs.iter().filter(|&&(a, b)| self.clash(a, b)).count(),
            strong: pairs
                .iter()
                .filter(|&&(a, b)| {
                    self.clash(a, b)
                        && self.prefs[a].strength.min(self.prefs[b].strength) >= Strength::Strong
                })
                .count(),
        };
        if search.best.as_ref().is_some_and(|(q, _, _)| *q <= quality) {
            return;
        }
        let ok = if search.last {
            floaters.is_empty()
        } else {
            let mut rest = floaters.clone();
            rest.extend(&search.lower);
            self.completable(&rest)
        };
        if !ok {
            return;
        }
        if quality <= search.target {
            search.done = true;
        }
        search.best = Some((quality, pairs, floaters));
    }

    /// Both want the same colour: one of them will not get it.
    fn clash(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (self.prefs[a].colour, self.prefs[b].colour);
        pa.is_some() && pa == pb
    }

    /// E.1–E.5: who of the two gets white. Returns (white, black).
    fn allocate(&self, a: usize, b: usize, initial: Colour) -> (usize, usize) {
        let (pa, pb) = (self.prefs[a], self.prefs[b]);
        let give = |who: usize, colour: Colour| {
            let other = if who == a { b } else { a };
            if colour == Colour::White {
                (who, other)
            } else {
                (other, who)
            }
        };
        let higher = if self.rank[a] < self.rank[b] { a } else { b };
        // E.1: both get what they want (or one wants nothing).
        match (pa.colour, pb.colour) {
            (Some(ca), Some(cb)) if ca != cb => return give(a, ca),
            (Some(ca), None) => return give(a, ca),
            (None, Some(cb)) => return give(b, cb),
            _ => {}
        }
        if let (Some(c), Some(_)) = (pa.colour, pb.colour) {
            // E.2: the stronger preference; two absolute ones: the wider difference.
            if pa.strength != pb.strength {
                return if pa.strength > pb.strength {
                    give(a, c)
                } else {
                    give(b, c)
                };
            }
            if pa.strength == Strength::Absolute {
                let (da, db) = (
                    colour_difference(&self.players[a].colours).abs(),
                    colour_difference(&self.players[b].colours).abs(),
                );
                if da != db {
                    return if da > db { give(a, c) } else { give(b, c) };
                }
            }
            // E.3: alternate to the latest game in which they had different colours.
            let (ca, cb) = (&self.players[a].colours, &self.players[b].colours);
            for (x, y) in ca.iter().rev().zip(cb.iter().rev()) {
                if x != y {
                    return give(a, x.other());
                }
            }
            // E.4: the higher-ranked player's preference.
            return give(higher, c);
        }
        // E.5: nobody wants anything: by the higher-ranked player's pairing number.
        let c = if self.players[higher].number % 2 == 1 {
            initial
        } else {
            initial.other()
        };
        give(higher, c)
    }
}

/// A bracket's search: the best candidate so far and when to stop.
struct Search {
    lower: Vec<usize>,
    last: bool,
    best: Option<(Quality, Vec<(usize, usize)>, Vec<usize>)>,
    leaves: u32,
    /// A candidate this good is the one (the first that meets every criterion).
    target: Quality,
    done: bool,
}

#[cfg(test)]
mod tests;
