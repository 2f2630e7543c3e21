//! The properties the fuzz targets check, shared with `tests/fuzz_regressions.rs`, which runs
//! them over every saved crash input and seed. Each takes arbitrary bytes, panics only when the
//! library misbehaves (a panic inside it, or a broken round trip), and says whether the input
//! was read or rejected, so the regression test can hold every seed to what it is for.

use parachess::rules::record::read_game;
use parachess::rules::{Cell, Position};

/// What became of an input.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// It was read, and every property held.
    Read,
    /// It was refused (with an error, not a panic).
    Rejected,
}

/// Position text: parsing never panics; a parsed position prints back to text that parses to the
/// same position; every legal move prints as move text that reads back as that move, and making
/// and unmaking it restores the position.
pub fn position_text(data: &[u8]) -> Verdict {
    let Ok(text) = std::str::from_utf8(data) else {
        return Verdict::Rejected;
    };
    let Ok(pos) = text.parse::<Position>() else {
        return Verdict::Rejected;
    };
    let printed = pos.to_string();
    let again: Position = printed
        .parse()
        .unwrap_or_else(|e| panic!("{printed:?} does not parse back: {e}"));
    assert_eq!(again, pos, "{printed}");
    let mut scratch = pos.clone();
    for &mv in &pos.legal_moves() {
        let written = pos.move_text(mv);
        assert_eq!(pos.parse_move(&written), Ok(mv), "{written} in {printed}");
        let undo = scratch.make_move(mv);
        let after = scratch.to_string();
        if let Err(e) = after.parse::<Position>() {
            panic!("after {written} in {printed}: {after:?} does not parse: {e}");
        }
        scratch.unmake_move(mv, undo);
        assert_eq!(scratch, pos, "unmaking {written} in {printed}");
    }
    Verdict::Read
}

/// Move text: the first line is a position text (the start position if it does not parse), the
/// rest a move. Reading never panics; a move read is legal and its own text reads back as it.
pub fn move_text(data: &[u8]) -> Verdict {
    let Ok(text) = std::str::from_utf8(data) else {
        return Verdict::Rejected;
    };
    let (pos, written) = match text.split_once('\n') {
        Some((p, m)) => (p.parse().unwrap_or_else(|_| Position::start()), m),
        None => (Position::start(), text),
    };
    let _ = written.parse::<Cell>();
    let _ = Cell::parse_prefix(written);
    let Ok(mv) = pos.parse_move(written) else {
        return Verdict::Rejected;
    };
    assert!(pos.is_legal(mv), "{written:?} read as an illegal move");
    let printed = pos.move_text(mv);
    assert_eq!(
        pos.parse_move(&printed),
        Ok(mv),
        "{written:?} printed as {printed}"
    );
    Verdict::Read
}

/// Game files: reading never panics; a game read writes back to text that reads as the same
/// game (start, moves, outcome, tags) and writes identically again.
pub fn game_file(data: &[u8]) -> Verdict {
    let Ok(record) = read_game(data) else {
        return Verdict::Rejected;
    };
    let text = record.to_text();
    let again = read_game(text.as_bytes())
        .unwrap_or_else(|e| panic!("a written record does not read back: {e}\n{text}"));
    assert_eq!(again.tags, record.tags, "{text}");
    let (a, b) = (&again.game, &record.game);
    assert_eq!(a.start_position(), b.start_position(), "{text}");
    let moves = |g: &parachess::rules::Game| g.plies().iter().map(|p| p.mv).collect::<Vec<_>>();
    assert_eq!(moves(a), moves(b), "{text}");
    assert_eq!(a.outcome(), b.outcome(), "{text}");
    assert_eq!(a.position(), b.position(), "{text}");
    assert_eq!(again.to_text(), text);
    Verdict::Read
}
