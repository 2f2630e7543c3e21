//! An arena's pairing (lichess's rules): whoever waits is paired with someone close in the
//! standings and in rating, never the opponent just played, never someone disconnected; no
//! new game near the end.

use std::time::Duration;

use super::super::Colour;

/// A player waiting for a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    /// The tournament's key for the player.
    pub id: u64,
    /// Arena points so far.
    pub score: u32,
    /// Rating (Glicko-2 value).
    pub rating: f64,
    /// The opponent of the last game, if any.
    pub last_opponent: Option<u64>,
    /// Games with white minus games with black.
    pub colour_difference: i32,
    /// The colour of the last game.
    pub last_colour: Option<Colour>,
    /// Connected now (a disconnected player is never paired).
    pub connected: bool,
}

/// How long before the end no new game starts: a minute, or the last tenth of an arena
/// shorter than ten minutes (test arenas of seconds).
pub fn closing_time(length: Duration) -> Duration {
    (length / 10).min(Duration::from_secs(60))
}

/// Whether a new pairing may still be made `elapsed` into an arena of `length`.
pub fn pairing_open(elapsed: Duration, length: Duration) -> bool {
    elapsed + closing_time(length) < length
}

/// Pairs the waiting players: in order of score, then rating, each takes the nearest one
/// below who is not the last opponent (either way); who finds nobody waits. Returns
/// (white, black): white to the one who had it less, then to the one who had black last.
pub fn pair_waiting(waiting: &[Waiting]) -> Vec<(u64, u64)> {
    let mut order: Vec<&Waiting> = waiting.iter().filter(|w| w.connected).collect();
    order.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(b.rating.total_cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    let mut taken = vec![false; order.len()];
    let mut out = Vec::new();
    for i in 0..order.len() {
        if taken[i] {
            continue;
        }
        let a = order[i];
        let partner = (i + 1..order.len()).find(|&j| {
            let b = order[j];
            !taken[j] && a.last_opponent != Some(b.id) && b.last_opponent != Some(a.id)
        });
        if let Some(j) = partner {
            taken[i] = true;
            taken[j] = true;
            out.push(colours(a, order[j]));
        }
    }
    out
}

fn colours(a: &Waiting, b: &Waiting) -> (u64, u64) {
    let a_white = match a.colour_difference.cmp(&b.colour_difference) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (a.last_colour, b.last_colour) {
            (Some(Colour::Black), Some(Colour::White)) | (Some(Colour::Black), None) => true,
            (Some(Colour::White), _) | (None, Some(Colour::Black)) => false,
            _ => a.id < b.id,
        },
    };
    if a_white { (a.id, b.id) } else { (b.id, a.id) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(id: u64, score: u32, rating: f64) -> Waiting {
        Waiting {
            id,
            score,
            rating,
            last_opponent: None,
            colour_difference: 0,
            last_colour: None,
            connected: true,
        }
    }

    #[test]
    fn neighbours_in_score_and_rating_meet() {
        let pairs = pair_waiting(&[
            w(1, 0, 1500.0),
            w(2, 6, 1400.0),
            w(3, 6, 1600.0),
            w(4, 0, 1700.0),
        ]);
        assert_eq!(pairs, vec![(2, 3), (1, 4)]);
    }

    #[test]
    fn never_the_last_opponent_nor_the_disconnected() {
        let mut a = w(1, 4, 1500.0);
        a.last_opponent = Some(2);
        let mut b = w(2, 4, 1500.0);
        b.last_opponent = Some(1);
        let mut gone = w(4, 4, 1500.0);
        gone.connected = false;
        let pairs = pair_waiting(&[a.clone(), b.clone(), w(3, 0, 1500.0), gone]);
        // 1 skips 2 (just played) and takes 3; 2 has nobody left and waits.
        assert_eq!(pairs.len(), 1);
        assert!(pairs[0] == (1, 3) || pairs[0] == (3, 1));
        // Only the two who just met: nobody is paired.
        assert!(pair_waiting(&[a, b]).is_empty());
    }

    #[test]
    fn white_to_whoever_had_it_less() {
        let mut a = w(1, 0, 1500.0);
        a.colour_difference = 1;
        a.last_colour = Some(Colour::White);
        let b = w(2, 0, 1400.0);
        assert_eq!(pair_waiting(&[a.clone(), b.clone()]), vec![(2, 1)]);
        a.colour_difference = 0;
        a.last_colour = Some(Colour::Black);
        assert_eq!(pair_waiting(&[a, b]), vec![(1, 2)]);
    }

    #[test]
    fn no_pairing_in_the_last_minute_or_tenth() {
        let hour = Duration::from_secs(3600);
        assert!(pairing_open(Duration::from_secs(3539), hour));
        assert!(!pairing_open(Duration::from_secs(3540), hour));
        let short = Duration::from_secs(240);
        assert_eq!(closing_time(short), Duration::from_secs(24));
        assert!(pairing_open(Duration::from_secs(215), short));
        assert!(!pairing_open(Duration::from_secs(216), short));
    }
}
