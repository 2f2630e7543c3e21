//! Glicko-2 ratings per variant and speed, as lichess keeps them, with the same starting values
//! and bounds as the puzzle ratings ([`crate::study::rating`]).

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::study::rating::{
    MAX_RATING, MIN_RATING, START_DEVIATION, START_RATING, START_VOLATILITY,
};

/// A Glicko-2 rating.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Glicko {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

impl Default for Glicko {
    fn default() -> Glicko {
        Glicko {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

fn to_sr(g: Glicko) -> Glicko2Rating {
    Glicko2Rating {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
    }
}

fn from_sr(g: Glicko2Rating) -> Glicko {
    Glicko {
        rating: g.rating.clamp(MIN_RATING, MAX_RATING),
        deviation: g.deviation.clamp(30.0, START_DEVIATION),
        volatility: g.volatility,
    }
}

/// Both ratings after a game White scored `white_score` in (1, ½ or 0).
pub fn update(white: Glicko, black: Glicko, white_score: f64) -> (Glicko, Glicko) {
    let outcome = if white_score > 0.75 {
        Outcomes::WIN
    } else if white_score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (w, b) = glicko2(
        &to_sr(white),
        &to_sr(black),
        &outcome,
        &Glicko2Config::new(),
    );
    (from_sr(w), from_sr(b))
}

/// The speed of a time control, by its estimated duration (base + 40 increments), with
/// lichess's bounds.
pub fn speed(base_secs: f64, increment_secs: f64) -> &'static str {
    let estimate = base_secs + 40.0 * increment_secs;
    if estimate < 180.0 {
        "bullet"
    } else if estimate < 480.0 {
        "blitz"
    } else if estimate < 1500.0 {
        "rapid"
    } else {
        "classical"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser() {
        let (w, b) = update(Glicko::default(), Glicko::default(), 1.0);
        assert!(w.rating > 1500.0 && b.rating < 1500.0);
        let (w, b) = update(Glicko::default(), Glicko::default(), 0.5);
        assert!((w.rating - 1500.0).abs() < 1.0 && (b.rating - 1500.0).abs() < 1.0);
    }

    #[test]
    fn speeds_follow_lichess() {
        assert_eq!(speed(60.0, 0.0), "bullet");
        assert_eq!(speed(180.0, 2.0), "blitz");
        assert_eq!(speed(600.0, 5.0), "rapid");
        assert_eq!(speed(1800.0, 20.0), "classical");
    }
}
