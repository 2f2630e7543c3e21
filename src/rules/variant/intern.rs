//! Interning: every variant built once, found again by definition or by name.

use super::build::Built;
use super::builtin::builtin_defs;
use super::shuffle::{SHUFFLE_COUNT, random_below, shuffle_def};
use super::{Mutex, Variant, VariantDef, VariantError};

/// Every variant built so far, so equal definitions give the same object.
static REGISTRY: Mutex<Vec<&'static Variant>> = Mutex::new(Vec::new());

/// Normalises a name for lookup: lower case, without spaces, hyphens and underscores.
fn key(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

impl Variant {
    /// The variant called `name`: a built-in one (case, spaces and hyphens ignored;
    /// "Shuffle Parachess" alone picks an arrangement at random, "Shuffle Parachess 17" that
    /// one, "shuffle 17" too), or one already loaded from a file.
    pub fn named(name: &str) -> Result<&'static Variant, VariantError> {
        let k = key(name);
        for shuffle in ["shuffleparachess", "shuffle"] {
            if let Some(rest) = k.strip_prefix(shuffle) {
                if rest.is_empty() {
                    return Variant::shuffle(random_below(SHUFFLE_COUNT));
                }
                return match rest.parse::<usize>() {
                    Ok(n) if n < SHUFFLE_COUNT && !(rest.len() > 1 && rest.starts_with('0')) => {
                        Variant::shuffle(n)
                    }
                    _ => Err(VariantError::ShuffleNumber(rest.to_string())),
                };
            }
        }
        if let Some(v) = Variant::builtins().into_iter().find(|v| key(v.name()) == k) {
            return Ok(v);
        }
        let loaded = REGISTRY
            .lock()
            .map(|r| r.iter().rev().find(|v| key(v.name()) == k).copied())
            .unwrap_or(None);
        loaded.ok_or_else(|| {
            VariantError::Unknown(name.to_string(), Variant::builtin_names().join(", "))
        })
    }

    /// Builds (or finds) the variant a definition describes.
    pub fn from_def(def: VariantDef) -> Result<&'static Variant, VariantError> {
        let builtin = builtin_defs().contains(&def)
            || (0..SHUFFLE_COUNT).any(|n| shuffle_def(n).as_ref() == Some(&def));
        Variant::intern(def, builtin)
    }

    pub(super) fn intern(def: VariantDef, builtin: bool) -> Result<&'static Variant, VariantError> {
        let find = |def: &VariantDef| {
            REGISTRY
                .lock()
                .ok()
                .and_then(|r| r.iter().find(|v| v.def == *def).copied())
        };
        if let Some(v) = find(&def) {
            return Ok(v);
        }
        let built = Built::check(&def).map_err(|(e, _)| e)?;
        let variant: &'static Variant = Box::leak(Box::new(built.into_variant(def, builtin)));
        // The start position needs the finished tables to check (Kings in reach), so it is
        // read after building; a failed variant is never registered, and its tables are freed
        // only with the process (bounded by the distinct bad definitions tried).
        let start = variant.parse_position(&variant.def.start);
        if let Err(e) = start {
            return Err(VariantError::Start(e));
        }
        let mut registry = REGISTRY
            .lock()
            .map_err(|_| VariantError::Toml("variant registry poisoned".into()))?;
        if let Some(v) = registry.iter().find(|v| v.def == variant.def) {
            return Ok(v);
        }
        registry.push(variant);
        Ok(variant)
    }
}
