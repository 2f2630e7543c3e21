//! Variants: every seek and game carries one. This is the one place that decides which
//! variants the server plays and how they are stored.
//!
//! A variant is stored (in a seek, and in the `variant` column of a game) as its *key*: a
//! built-in's canonical name (`Parachess`, `Knights and Archers`, `Shuffle Parachess 17`; a seek
//! may also say plain `Shuffle Parachess`, one arrangement drawn when its game starts), or a
//! player's own definition as the one-line TOML a game file's `VariantDef` tag carries (it
//! starts with `{`). Old rows hold `parachess`, which reads as Parachess.

use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

use super::refusals::{self, Said};
use crate::rules::{Game, Position, Variant};

/// The variant a seek without one gets.
pub const DEFAULT: &str = "Parachess";

/// The longest definition (TOML text) a seek may carry.
pub const MAX_DEF: usize = 4096;

/// How many distinct custom definitions one process accepts from players. Every variant the
/// rules build is interned for the life of the process (its tables are never freed), so this
/// bounds that memory (about 100 KiB each); games stored earlier are always read back.
pub const MAX_CUSTOM: usize = 256;

/// The rating pool of every Shuffle Parachess arrangement.
const SHUFFLE: &str = "Shuffle Parachess";

/// Distinct custom definitions (their canonical one-line text) seen from players so far.
static CUSTOM: Mutex<Option<HashSet<String>>> = Mutex::new(None);

/// The variant key a seek asks for (`name`: a built-in's name; `def`: a player's own TOML
/// variant), or why it is refused (in both languages: a player typed it).
pub fn check(name: Option<&str>, def: Option<&str>) -> Result<String, Said> {
    if let Some(text) = def {
        return check_def(text);
    }
    let name = name.unwrap_or(DEFAULT).trim();
    if name.len() > 40 {
        return Err(Said::new("variant-name-length", &[]));
    }
    let plain: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect();
    if plain == "standard" || plain == "parachess" {
        return Ok(DEFAULT.to_string());
    }
    if plain == "shuffle" || plain == "shuffleparachess" {
        return Ok(SHUFFLE.to_string());
    }
    match Variant::named(name) {
        Ok(v) if v.is_builtin() => Ok(v.name().to_string()),
        _ => {
            let names = Variant::builtin_names().join(", ");
            Err(Said::german(
                "typed-variant",
                &[("text", name), ("names", &names)],
                format!(
                    "unknown variant (this server plays: {names}; or send your own as variant_def)"
                ),
            ))
        }
    }
}

/// A player's own variant, from its TOML text: its key, or why it is refused.
fn check_def(text: &str) -> Result<String, Said> {
    if text.len() > MAX_DEF {
        return Err(Said::new(
            "variant-def-length",
            &[("max", &MAX_DEF.to_string())],
        ));
    }
    let inline = text.trim_start().starts_with('{');
    // Plain TOML syntax first: a malformed text never reaches the rules (nor their tables).
    let syntax = if inline {
        format!("def = {}", text.trim()).parse::<toml::Table>()
    } else {
        text.parse::<toml::Table>()
    };
    if let Err(e) = syntax {
        // The line as the player wrote it: the inline form was read on one line.
        let line = match e.span() {
            Some(at) if !inline => text[..at.start.min(text.len())].matches('\n').count() + 1,
            _ => 1,
        };
        return Err(refusals::variant_syntax_error(
            line,
            format!("variant definition: {}", e.message()),
        ));
    }
    let mut custom = CUSTOM.lock().unwrap_or_else(PoisonError::into_inner);
    let seen = custom.get_or_insert_with(HashSet::new);
    // The rules may keep the tables of a definition they built, even a refused one, so every
    // distinct well-formed text counts toward the cap.
    if !seen.contains(text) {
        if seen.len() >= MAX_CUSTOM {
            return Err(Said::new("variant-custom-full", &[]));
        }
        seen.insert(text.to_string());
    }
    drop(custom);
    let v = if inline {
        Variant::from_inline_toml(text).map_err(|e| refusals::variant_def_error(&e))?
    } else {
        Variant::from_toml(text).map_err(|e| refusals::variant_file_error(&e))?
    };
    if v.is_builtin() {
        return Ok(v.name().to_string());
    }
    Ok(v.to_inline_toml())
}

/// The variant a key names (a stored row's `variant`, or a seek's; a tournament's name as
/// its creator typed it).
pub fn resolve(key: &str) -> Result<&'static Variant, Said> {
    let key = key.trim();
    if key.starts_with('{') {
        return Variant::from_inline_toml(key).map_err(|e| refusals::variant_error(&e));
    }
    Variant::named(key).map_err(|e| refusals::variant_error(&e))
}

/// The variant a game of key `key` is played in: Shuffle Parachess without a number draws its
/// arrangement here. Returns the game's key with the variant.
pub fn for_game(key: &str) -> Result<(String, &'static Variant), Said> {
    let v = resolve(key)?;
    let key = if v.is_builtin() {
        v.name().to_string()
    } else {
        key.to_string()
    };
    Ok((key, v))
}

/// A new game of a variant, from its start.
pub fn new_game(v: &'static Variant) -> Game {
    Game::from_position(v.start())
}

/// A stored start position of a game in variant `key`.
pub fn position(key: &str, text: &str) -> Result<Position, String> {
    let v = resolve(key).map_err(|e| e.en)?;
    Position::parse_in(text, v).map_err(|e| e.to_string())
}

/// The name a key shows (lobby, game pages).
pub fn display(key: &str) -> String {
    if key.trim().starts_with('{') {
        return resolve(key).map_or_else(|_| "custom".to_string(), |v| v.name().to_string());
    }
    if key.eq_ignore_ascii_case("parachess") {
        return DEFAULT.to_string();
    }
    key.to_string()
}

/// A custom variant's definition (one-line TOML), or `None` for a built-in.
pub fn def_of(key: &str) -> Option<String> {
    key.trim().starts_with('{').then(|| key.trim().to_string())
}

/// The rating pool of a key: the variant's name, every Shuffle arrangement in one pool.
pub fn pool(key: &str) -> String {
    let name = display(key);
    if name.starts_with(SHUFFLE) {
        SHUFFLE.to_string()
    } else if name == DEFAULT {
        // Ratings stored before variants were keyed `parachess`.
        "parachess".to_string()
    } else {
        name
    }
}

/// Whether a key is a player's own variant (such games are casual: anyone could name a
/// definition after another pool).
pub fn is_custom(key: &str) -> bool {
    key.trim().starts_with('{')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_ins_pass_by_name() {
        assert_eq!(check(None, None).as_deref(), Ok("Parachess"));
        assert_eq!(check(Some("parachess"), None).as_deref(), Ok("Parachess"));
        assert_eq!(
            check(Some("knights-and-archers"), None).as_deref(),
            Ok("Knights and Archers")
        );
        assert_eq!(
            check(Some("Shuffle Parachess"), None).as_deref(),
            Ok("Shuffle Parachess")
        );
        assert_eq!(
            check(Some("shuffle 17"), None).as_deref(),
            Ok("Shuffle Parachess 17")
        );
        assert!(check(Some("<b>x</b>"), None).is_err());
        assert!(check(Some("shuffle 999"), None).is_err());
    }

    #[test]
    fn shuffle_draws_and_pools_together() {
        let (key, v) = for_game("Shuffle Parachess").unwrap();
        assert!(key.starts_with("Shuffle Parachess "), "{key}");
        assert_eq!(v.name(), key);
        assert_eq!(pool(&key), "Shuffle Parachess");
        assert_eq!(pool("Parachess"), "parachess");
        assert_eq!(pool("parachess"), "parachess");
    }

    #[test]
    fn bad_definitions_are_refused() {
        assert!(
            check(None, Some("name = "))
                .unwrap_err()
                .en
                .contains("definition")
        );
        let big = "x".repeat(MAX_DEF + 1);
        assert!(check(None, Some(&big)).unwrap_err().en.contains("at most"));
        let no_king = "name = \"Kingless\"\nstart = \"8/8\"\n[[pieces]]\nletter = \"Q\"\nname = \"Q\"\nmoves = \"E\"\n";
        assert!(check(None, Some(no_king)).is_err());
    }
}
