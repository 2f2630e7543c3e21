//! Who a connection is: names (checked), guests, accounts with Argon2id password hashes, and
//! session tokens (128 bits from the operating system's CSPRNG; only their BLAKE2b hash is
//! stored, so a stolen database holds no usable token and a lookup by hash leaks no timing
//! about the token itself).

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use blake2::{Blake2b512, Digest};

use super::refusals::Said;

/// Shortest and longest account names.
pub const NAME_LEN: (usize, usize) = (3, 20);
/// Shortest and longest passwords (bytes).
pub const PASSWORD_LEN: (usize, usize) = (8, 200);

/// Why a name is refused, or `None` when it is fine: 3–20 ASCII letters, digits, `_` or `-`,
/// starting with a letter, and not the guests' `Guest-` prefix. Nothing a page could mistake
/// for markup or a query can pass.
pub fn check_name(name: &str) -> Option<Said> {
    let len = name.len();
    let why = if len < NAME_LEN.0 || len > NAME_LEN.1 {
        "name-length"
    } else if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        "name-characters"
    } else if !name.as_bytes()[0].is_ascii_alphabetic() {
        "name-letter"
    } else if name.to_ascii_lowercase().starts_with("guest") {
        "name-guest"
    } else {
        return None;
    };
    Some(Said::new(why, &[]))
}

/// The key a name is stored under (names are unique whatever their case).
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// `n` random bytes from the operating system, as lower-case hex.
pub fn random_hex(n: usize) -> Option<String> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A random id of `len` letters and digits (game and seek ids), from the OS CSPRNG.
pub fn random_id(len: usize) -> Option<String> {
    const ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes).ok()?;
    Some(
        bytes
            .iter()
            .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
            .collect(),
    )
}

/// A new session token: 128 random bits in hex.
pub fn new_token() -> Option<String> {
    random_hex(16)
}

/// What is stored for a token.
pub fn token_hash(token: &str) -> String {
    let digest = Blake2b512::digest(token.as_bytes());
    digest.iter().take(32).map(|b| format!("{b:02x}")).collect()
}

/// Whether a token is well-formed (32 hex digits) before it is looked up.
pub fn token_shape_ok(token: &str) -> bool {
    token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A guest's name: `Guest-` and 8 random hex digits.
pub fn guest_name() -> Option<String> {
    random_hex(4).map(|h| format!("Guest-{h}"))
}

/// The Argon2id hash of a password, as a PHC string (salt and parameters included).
pub fn hash_password(password: &str) -> Option<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .ok()
        .map(|h| h.to_string())
}

/// Whether `password` matches the stored PHC string (Argon2 compares in constant time).
pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|hash| {
            Argon2::default()
                .verify_password(password.as_bytes(), &hash)
                .is_ok()
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("alice"), None);
        assert_eq!(check_name("Bob_2-x"), None);
        for bad in [
            "ab",
            "<script>",
            "a'; DROP TABLE players;--",
            "Guest-1234",
            "9lives",
            "é_abc",
            "",
        ] {
            assert!(check_name(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn passwords_hash_and_verify() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("wrong horse", &h));
        assert!(!verify_password("x", "not a hash"));
    }

    #[test]
    fn tokens_are_128_bits_and_stored_hashed() {
        let t = new_token().unwrap();
        assert!(token_shape_ok(&t));
        assert_ne!(token_hash(&t), t);
        assert_ne!(new_token().unwrap(), t);
    }
}
