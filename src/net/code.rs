//! Join codes: the short secret a host shows and a joiner types, so that only the invited player
//! can take the other side of the board.

use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use super::NetError;

/// Letters and digits nobody confuses when reading a code aloud or off a screen (no I, L, O, 0, 1).
pub const CODE_ALPHABET: &str = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// Length of a generated code: 31⁶ ≈ 890 million codes, against a host that answers at most
/// one wrong code per pause, whoever asks, and only until the seat is taken.
pub const CODE_LEN: usize = 6;

/// The shortest code a player may choose: [`CODE_LEN`], from the 36 letters and digits
/// (36⁶ ≈ 2.2 billion codes), so a chosen code is no easier to guess than a generated one.
pub const MIN_CODE_LEN: usize = CODE_LEN;

/// The longest code accepted.
pub const MAX_CODE_LEN: usize = 16;

/// A fresh random join code.
pub fn new_code() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // std's hasher keys come from the operating system's random source.
    let mut bits = std::collections::hash_map::RandomState::new().hash_one((
        nanos,
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
    ));
    let alphabet = CODE_ALPHABET.as_bytes();
    (0..CODE_LEN)
        .map(|_| {
            let c = alphabet[(bits % alphabet.len() as u64) as usize];
            bits /= alphabet.len() as u64;
            char::from(c)
        })
        .collect()
}

/// A code as typed (any case, surrounding spaces) in the form it is compared in: 6 to 16 ASCII
/// letters and digits, upper case.
pub fn normalize_code(text: &str) -> Result<String, NetError> {
    let code = text.trim().to_ascii_uppercase();
    if !(MIN_CODE_LEN..=MAX_CODE_LEN).contains(&code.len())
        || !code.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return Err(NetError::BadCode(text.chars().take(20).collect()));
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_short_unambiguous_and_differ() {
        let codes: Vec<String> = (0..50).map(|_| new_code()).collect();
        for code in &codes {
            assert_eq!(code.len(), CODE_LEN);
            assert!(code.chars().all(|c| CODE_ALPHABET.contains(c)), "{code}");
            assert_eq!(normalize_code(code).ok().as_ref(), Some(code));
        }
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert!(unique.len() >= 49, "{codes:?}");
    }

    #[test]
    fn typed_codes_are_normalized_or_refused() {
        assert_eq!(normalize_code(" ab3def ").ok().as_deref(), Some("AB3DEF"));
        assert_eq!(
            normalize_code("0123456789abcdef").ok().as_deref(),
            Some("0123456789ABCDEF")
        );
        for bad in [
            "",
            "abc",
            "abcd",
            "abcde",
            "ab cdef",
            "ABCDEFGHJKMNPQRST",
            "ÄBCDEF",
            "AB-DEF",
        ] {
            assert!(normalize_code(bad).is_err(), "{bad:?}");
        }
    }
}
