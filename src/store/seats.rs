//! The joiner's seat tokens of direct play, kept so that a player whose program died takes
//! the seat back when it starts again.
//!
//! One small file per game in `seats/` of the data directory, named after the host's address
//! and the join code, holding those two and the token. Never inside a game record (records
//! are shared; the token is the seat). Written atomically, readable by the owner only, and
//! removed when the game ends. A file that does not read, or names another host or code, is
//! taken for no token at all: the host then treats the player as a newcomer.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::write_atomic_with;
use crate::net::wire::Token;

/// The folder of the seat files inside the data directory.
pub const SEATS_DIR: &str = "seats";

/// The largest seat file read (a few dozen bytes are written).
const MAX_SEAT_BYTES: u64 = 1024;

/// The longest host address kept in a file name; longer ones are cut and told apart by their
/// whole text inside the file.
const MAX_NAME_ADDR: usize = 80;

/// The file of the seat at `addr` (as typed: `192.168.1.20:47317`) with `code`, under `dir`
/// (the data directory). Characters a file system might refuse become `_`; the file itself
/// says which address and code it is for, so two addresses that look alike here never share
/// a token.
pub fn seat_path(dir: &Path, addr: &str, code: &str) -> PathBuf {
    let safe = |text: &str, max: usize| -> String {
        text.chars()
            .take(max)
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    let name = format!(
        "{}-{}.seat",
        safe(addr.trim(), MAX_NAME_ADDR),
        safe(&code.to_ascii_uppercase(), 16)
    );
    dir.join(SEATS_DIR).join(name)
}

/// The token kept for the seat at `addr` with `code`, if there is one that reads.
pub fn load_seat(dir: &Path, addr: &str, code: &str) -> Option<Token> {
    let file = fs::File::open(seat_path(dir, addr, code)).ok()?;
    let mut text = String::new();
    file.take(MAX_SEAT_BYTES).read_to_string(&mut text).ok()?;
    let mut lines = text.lines();
    let (host, given_code, token) = (lines.next()?, lines.next()?, lines.next()?);
    let same = host.strip_prefix("host ") == Some(addr.trim())
        && given_code
            .strip_prefix("code ")
            .is_some_and(|c| c.eq_ignore_ascii_case(code.trim()));
    if !same {
        return None;
    }
    token.strip_prefix("token ")?.parse().ok()
}

/// The most seat files looked through for [`seat_code`] (a player has a handful at most).
const MAX_SEAT_FILES: usize = 256;

/// The code of a seat kept for the host at `addr` (with a token that reads), if there is one:
/// what Continue needs to join that game again.
pub fn seat_code(dir: &Path, addr: &str) -> Option<String> {
    let entries = fs::read_dir(dir.join(SEATS_DIR)).ok()?;
    entries
        .filter_map(Result::ok)
        .take(MAX_SEAT_FILES)
        .filter(|e| e.path().extension().is_some_and(|x| x == "seat"))
        .find_map(|e| {
            let file = fs::File::open(e.path()).ok()?;
            let mut text = String::new();
            file.take(MAX_SEAT_BYTES).read_to_string(&mut text).ok()?;
            let mut lines = text.lines();
            let (host, code) = (lines.next()?, lines.next()?);
            let code = code.strip_prefix("code ")?;
            (host.strip_prefix("host ") == Some(addr.trim())
                && load_seat(dir, addr, code).is_some())
            .then(|| code.to_string())
        })
}

/// Keeps `token` for the seat at `addr` with `code`, replacing any kept before.
pub fn save_seat(dir: &Path, addr: &str, code: &str, token: Token) -> io::Result<()> {
    let path = seat_path(dir, addr, code);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    let text = format!(
        "host {}\ncode {}\ntoken {token}\n",
        addr.trim(),
        code.trim().to_ascii_uppercase()
    );
    write_atomic_with(&path, true, |file| {
        owner_only(file)?;
        io::Write::write_all(file, text.as_bytes())
    })
}

/// Forgets the seat at `addr` with `code` (the game ended); no file is no error.
pub fn forget_seat(dir: &Path, addr: &str, code: &str) -> io::Result<()> {
    match fs::remove_file(seat_path(dir, addr, code)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// The token is a secret: other users of the machine may not read it.
#[cfg(unix)]
fn owner_only(file: &fs::File) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(fs::Permissions::from_mode(0o600))
}

#[cfg(not(unix))]
fn owner_only(_file: &fs::File) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("parachess-seats-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a temporary folder");
        dir
    }

    #[test]
    fn a_seat_is_kept_per_host_and_code_and_forgotten() {
        let dir = temp_dir("keep");
        let (a, b) = (Token::random().unwrap(), Token::random().unwrap());
        assert_eq!(load_seat(&dir, "127.0.0.1:5000", "ABCDEF"), None);
        save_seat(&dir, "127.0.0.1:5000", "abcdef", a).unwrap();
        save_seat(&dir, "127.0.0.1:5001", "ABCDEF", b).unwrap();
        assert_eq!(load_seat(&dir, "127.0.0.1:5000", "ABCDEF"), Some(a));
        assert_eq!(load_seat(&dir, " 127.0.0.1:5000 ", "abcdef"), Some(a));
        assert_eq!(load_seat(&dir, "127.0.0.1:5001", "ABCDEF"), Some(b));
        assert_eq!(load_seat(&dir, "127.0.0.1:5000", "ABCDEG"), None);
        // Replaced, not added to.
        save_seat(&dir, "127.0.0.1:5000", "ABCDEF", b).unwrap();
        assert_eq!(load_seat(&dir, "127.0.0.1:5000", "ABCDEF"), Some(b));
        forget_seat(&dir, "127.0.0.1:5000", "ABCDEF").unwrap();
        forget_seat(&dir, "127.0.0.1:5000", "ABCDEF").unwrap();
        assert_eq!(load_seat(&dir, "127.0.0.1:5000", "ABCDEF"), None);
        assert_eq!(load_seat(&dir, "127.0.0.1:5001", "ABCDEF"), Some(b));
        assert_eq!(seat_code(&dir, "127.0.0.1:5001").as_deref(), Some("ABCDEF"));
        assert_eq!(seat_code(&dir, "127.0.0.1:5000"), None, "forgotten");
        let left: Vec<_> = fs::read_dir(dir.join(SEATS_DIR)).unwrap().collect();
        assert_eq!(left.len(), 1, "one file per seat, no temporary file left");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn addresses_that_share_a_file_name_never_share_a_token() {
        let dir = temp_dir("alike");
        let token = Token::random().unwrap();
        assert_eq!(
            seat_path(&dir, "[::1]:5000", "ABCDEF"),
            seat_path(&dir, "_::1_:5000", "ABCDEF")
        );
        save_seat(&dir, "[::1]:5000", "ABCDEF", token).unwrap();
        assert_eq!(load_seat(&dir, "_::1_:5000", "ABCDEF"), None);
        assert_eq!(load_seat(&dir, "[::1]:5000", "ABCDEF"), Some(token));
        // A damaged file is no token, not an error.
        fs::write(
            seat_path(&dir, "[::1]:5000", "ABCDEF"),
            "host [::1]:5000\ncode ABCDEF\ntoken zz\n",
        )
        .unwrap();
        assert_eq!(load_seat(&dir, "[::1]:5000", "ABCDEF"), None);
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn only_the_owner_reads_a_seat() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("mode");
        save_seat(&dir, "h:1", "ABCDEF", Token::random().unwrap()).unwrap();
        let mode = fs::metadata(seat_path(&dir, "h:1", "ABCDEF"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let _ = fs::remove_dir_all(&dir);
    }
}
