//! Variants by name. Every seek and game carries one; this is the one place that decides which
//! names the server plays, so real variants (armies as data) plug in here.

use crate::rules::Game;

/// The variant a seek without one gets.
pub const DEFAULT: &str = "parachess";

/// The variant's canonical name, or why it is refused.
pub fn check(name: Option<&str>) -> Result<String, String> {
    let name = name.unwrap_or(DEFAULT).trim();
    if name.len() > 40 {
        return Err("a variant name has at most 40 characters".to_string());
    }
    match name.to_ascii_lowercase().as_str() {
        "parachess" | "standard" => Ok(DEFAULT.to_string()),
        _ => Err("unknown variant (this server plays: parachess)".to_string()),
    }
}

/// A new game of a checked variant, from its start.
pub fn new_game(name: &str) -> Game {
    let _ = name;
    Game::new()
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_known_variants_pass() {
        assert_eq!(super::check(None).as_deref(), Ok("parachess"));
        assert_eq!(super::check(Some("Parachess")).as_deref(), Ok("parachess"));
        assert!(super::check(Some("<b>x</b>")).is_err());
    }
}
