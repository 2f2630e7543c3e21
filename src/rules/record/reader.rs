//! Reading a game file: tags, then the moves replayed through [`Game`] one by one (so nothing is
//! accepted that the rules would refuse), then the result checked against the board.

use super::super::game::{Game, Outcome, PlayError};
use super::super::notation::MoveTextErrorKind;
use super::super::piece::Side;
use super::super::position::Position;
use super::super::text::PositionErrorKind;
use super::super::variant::Variant;
use super::cursor::{Cursor, Loc};
use super::error::{RecordError, RecordErrorKind as K};
use super::notes::{CommandError, Mark, PlyNote, read_comment};
use super::{GameRecord, KNOWN_TAGS, RESULTS, TERMINATIONS, Tags, termination_name};
use crate::rules::clock::TimeControl;

/// What the tag section said, with where, for checks that need the moves first.
#[derive(Default)]
struct Header {
    tags: Tags,
    result: Option<(String, usize)>,
    termination: Option<(String, Loc)>,
    setup: Option<(String, Loc)>,
    variant: Option<(String, Loc)>,
    variant_def: Option<(String, Loc)>,
    seen: Vec<(&'static str, usize)>,
}

fn fail<T>(kind: K, at: Loc) -> Result<T, RecordError> {
    Err(RecordError::at(kind, at))
}

/// At most 40 characters of `s`, so an error about a huge token stays one readable line.
fn clip(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &s[..end]),
        None => s.to_string(),
    }
}

fn clip_move(kind: MoveTextErrorKind) -> MoveTextErrorKind {
    use MoveTextErrorKind as M;
    match kind {
        M::TrailingJunk(s) => M::TrailingJunk(clip(&s)),
        M::BadPromotion(s) => M::BadPromotion(clip(&s)),
        other => other,
    }
}

fn clip_position(kind: PositionErrorKind) -> PositionErrorKind {
    use PositionErrorKind as P;
    match kind {
        P::TrailingJunk(s) => P::TrailingJunk(clip(&s)),
        P::BadSide(s) => P::BadSide(clip(&s)),
        P::BadHalfmoveClock(s) => P::BadHalfmoveClock(clip(&s)),
        P::BadMoveNumber(s) => P::BadMoveNumber(clip(&s)),
        other => other,
    }
}

/// Parses a whole file (already checked to be UTF-8 and within the size limit).
pub(super) fn read(text: &str) -> Result<GameRecord, RecordError> {
    let mut cur = Cursor::new(text);
    let mut header = Header::default();
    loop {
        cur.skip_space()?;
        if cur.peek() != Some('[') {
            break;
        }
        tag(&mut cur, &mut header)?;
    }
    if cur.peek().is_none() {
        let kind = if header.seen.is_empty() {
            K::Empty
        } else {
            K::MissingResult
        };
        return fail(kind, cur.here());
    }
    let variant = match (&header.variant_def, &header.variant) {
        (Some((def, at)), _) => Variant::from_inline_toml(def)
            .map_err(|e| RecordError::at(K::BadVariant(clip(&e.to_string())), *at))?,
        (None, Some((name, at))) => Variant::named(name)
            .map_err(|e| RecordError::at(K::BadVariant(clip(&e.to_string())), *at))?,
        (None, None) => Variant::parachess(),
    };
    let start = match &header.setup {
        Some((value, at)) => Position::parse_in(value, variant).map_err(|e| {
            RecordError::at(
                K::BadSetup(clip_position(e.kind)),
                (at.0, at.1 + e.column.saturating_sub(1)),
            )
        })?,
        None => variant.start(),
    };
    let mut game = Game::from_position(start);
    let mut notes = Notes::default();
    let (result, result_at) = moves(&mut cur, &mut game, &mut notes)?;
    cur.skip_space()?;
    if cur.peek().is_some() {
        return fail(K::TextAfterResult, cur.here());
    }
    if let Some((tag, tag_line)) = &header.result
        && *tag != result
    {
        return fail(
            K::ResultTagMismatch {
                token: result.to_string(),
                tag: tag.clone(),
                tag_line: *tag_line,
            },
            result_at,
        );
    }
    let timed = header.tags.time_control.is_some();
    finish(&mut game, result, result_at, header.termination, timed)?;
    if let Some(tc) = header.tags.time_control {
        check_clocks(&game, tc, &notes)?;
    }
    notes
        .notes
        .resize_with(game.plies().len(), PlyNote::default);
    Ok(GameRecord {
        tags: header.tags,
        game,
        notes: notes.notes,
    })
}

/// The notes read so far, one per move played, with where each `[%clk]` was written.
#[derive(Default)]
struct Notes {
    notes: Vec<PlyNote>,
    clock_at: Vec<Option<Loc>>,
}

impl Notes {
    /// The note of the last move played, which comments and glyphs that follow it annotate.
    fn last(&mut self, game: &Game) -> Option<(&mut PlyNote, &mut Option<Loc>)> {
        let plies = game.plies().len();
        self.notes.resize_with(plies, PlyNote::default);
        self.clock_at.resize(plies, None);
        self.notes.last_mut().zip(self.clock_at.last_mut())
    }

    /// Reads comments into the last move's note (comments before the first move are kept as
    /// nothing: they describe the game, which this format does not store).
    fn comments(&mut self, game: &Game, comments: &[(&str, Loc)]) -> Result<(), RecordError> {
        for &(body, at) in comments {
            let Some((note, clock_at)) = self.last(game) else {
                continue;
            };
            let had_clock = note.clock;
            read_comment(body, note).map_err(|e| {
                let kind = match e {
                    CommandError::Clock(v) => K::BadClock(v),
                    CommandError::Eval(v) => K::BadEval(v),
                };
                RecordError::at(kind, at)
            })?;
            if note.clock != had_clock {
                *clock_at = Some(at);
            }
        }
        Ok(())
    }
}

/// With a time control, a side's clock may only grow by its increment from one of its moves to
/// the next (it starts at the base time): a record that says otherwise was edited or is from a
/// broken program. Moves without a clock note count too (a record may carry clocks on some
/// moves only, like a copy kept from a reconnection on): the bound grows by one increment for
/// each of the side's moves since its last reading. A little slack allows for clocks written
/// in whole seconds.
fn check_clocks(game: &Game, tc: TimeControl, notes: &Notes) -> Result<(), RecordError> {
    let slack = std::time::Duration::from_secs(1);
    let mut side = game.start_position().turn();
    let mut last = [tc.base; 2];
    // Each side's moves since its last reading (or the start).
    let mut moves = [0u32; 2];
    for (i, note) in notes.notes.iter().enumerate() {
        moves[side.index()] = moves[side.index()].saturating_add(1);
        if let (Some(clock), Some(at)) = (note.clock, notes.clock_at.get(i).copied().flatten()) {
            let most = last[side.index()].saturating_add(tc.increment * moves[side.index()]);
            if clock > most + slack {
                let kind = K::ClockGained {
                    side,
                    clock: crate::rules::clock::format_clock(clock),
                    most: crate::rules::clock::format_clock(most),
                };
                return Err(RecordError::at(kind, at));
            }
            last[side.index()] = clock;
            moves[side.index()] = 0;
        }
        side = !side;
    }
    Ok(())
}

/// One `[Name "value"]` tag; the cursor is on the `[`.
fn tag(cur: &mut Cursor<'_>, header: &mut Header) -> Result<(), RecordError> {
    let open = cur.here();
    let unterminated = || RecordError::at(K::UnterminatedTag, open);
    cur.bump();
    cur.skip_blanks();
    let name_at = cur.here();
    let name = cur.name();
    match cur.peek() {
        None | Some('\n') => return Err(unterminated()),
        _ if name.is_empty() => return fail(K::BadTag("expected a tag name after '['"), name_at),
        _ => {}
    }
    cur.skip_blanks();
    match cur.peek() {
        None | Some('\n') => return Err(unterminated()),
        Some('"') => {}
        Some(_) => {
            let kind = K::BadTag("expected a quoted value after the tag name");
            return fail(kind, cur.here());
        }
    }
    cur.bump();
    let value_at = cur.here();
    let mut value = String::new();
    loop {
        match cur.bump() {
            None | Some('\n') => return Err(unterminated()),
            Some('"') => break,
            Some('\\') => match cur.peek() {
                Some(c @ ('"' | '\\')) => {
                    cur.bump();
                    value.push(c);
                }
                _ => value.push('\\'),
            },
            // A tab or other control character cannot be written back in a one-line tag.
            Some(c) if c.is_control() => value.push(' '),
            Some(c) => value.push(c),
        }
    }
    cur.skip_blanks();
    match cur.peek() {
        Some(']') => {
            cur.bump();
        }
        None | Some('\n') => return Err(unterminated()),
        Some(_) => return fail(K::BadTag("expected ']' after the tag value"), cur.here()),
    }
    let Some(&key) = KNOWN_TAGS.iter().find(|&&k| k == name) else {
        return fail(K::UnknownTag(clip(name)), name_at);
    };
    if let Some(&(_, first_line)) = header.seen.iter().find(|(k, _)| *k == key) {
        let kind = K::DuplicateTag {
            name: key.to_string(),
            first_line,
        };
        return fail(kind, name_at);
    }
    header.seen.push((key, open.0));
    let bad_value = |expected| {
        let kind = K::BadTagValue {
            tag: key,
            value: clip(&value),
            expected,
        };
        RecordError::at(kind, value_at)
    };
    let t = &mut header.tags;
    match key {
        "Event" => t.event = Some(value),
        "Site" => t.site = Some(value),
        "Date" => t.date = Some(value),
        "Round" => t.round = Some(value),
        "White" => t.white = Some(value),
        "Black" => t.black = Some(value),
        "TimeControl" if value.trim() == "-" => {}
        "TimeControl" => {
            let tc = value
                .parse::<TimeControl>()
                .map_err(|_| bad_value("seconds+increment, like 300+3, or - for no clock"))?;
            t.time_control = Some(tc);
        }
        "Result" if RESULTS.contains(&value.as_str()) => header.result = Some((value, open.0)),
        "Result" => return Err(bad_value("1-0, 0-1, 1/2-1/2 or *")),
        "Termination" if TERMINATIONS.contains(&value.as_str()) => {
            header.termination = Some((value, value_at));
        }
        "Termination" => {
            return Err(bad_value(
                "checkmate, stalemate, resignation, repetition, fifty moves, agreement or time forfeit",
            ));
        }
        "Variant" => header.variant = Some((value, value_at)),
        "VariantDef" => header.variant_def = Some((value, value_at)),
        _ => header.setup = Some((value, value_at)),
    }
    Ok(())
}

/// The move text up to and including the result token; returns the result and where it is.
fn moves(
    cur: &mut Cursor<'_>,
    game: &mut Game,
    notes: &mut Notes,
) -> Result<(&'static str, Loc), RecordError> {
    // A move number read and not yet followed by its move.
    let mut pending: Option<(String, Loc)> = None;
    let mut comments = Vec::new();
    loop {
        comments.clear();
        cur.skip_space_keeping(&mut comments)?;
        notes.comments(game, &comments)?;
        let at = cur.here();
        let Some(c) = cur.peek() else {
            return fail(K::MissingResult, at);
        };
        match c {
            '[' => return fail(K::TagAfterMoves, at),
            '(' => return fail(K::Variation, at),
            ')' | ']' | '}' | '"' => return fail(K::Unexpected(c), at),
            _ => {}
        }
        let word = cur.word();
        if let Some(&result) = RESULTS.iter().find(|&&r| r == word) {
            if let Some((number, at)) = pending {
                return fail(K::NumberWithoutMove(number), at);
            }
            return Ok((result, at));
        }
        if word.starts_with('$') && word.len() > 1 && word[1..].bytes().all(|b| b.is_ascii_digit())
        {
            // A numeric annotation glyph: $1–$6 are the move marks, others are ignored.
            let mark = word[1..].parse().ok().and_then(Mark::from_nag);
            if let (Some(mark), Some((note, _))) = (mark, notes.last(game)) {
                note.mark = Some(mark);
            }
            continue;
        }
        let mut text = word;
        let mut text_at = at;
        if word.starts_with(|c: char| c.is_ascii_digit()) {
            if let Some((number, at)) = pending.take() {
                return fail(K::NumberWithoutMove(number), at);
            }
            let (number, rest) = move_number(word, game, at)?;
            if rest.is_empty() {
                pending = Some((number, at));
                continue;
            }
            text = rest;
            text_at = (at.0, at.1 + number.chars().count());
        }
        pending = None;
        let mark = play(game, text, text_at)?;
        if let Some((note, _)) = notes.last(game) {
            note.mark = mark;
        }
    }
}

/// Checks a move number such as `12.` or `12...` against the game; returns it and any move
/// written straight after it (`12.c4-d3`).
fn move_number<'a>(word: &'a str, game: &Game, at: Loc) -> Result<(String, &'a str), RecordError> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
    let bad = || RecordError::at(K::BadMoveNumber(clip(word)), at);
    let number: u32 = word[..digits].parse().map_err(|_| bad())?;
    let side = match dots {
        1 => Side::White,
        3 => Side::Black,
        _ => return Err(bad()),
    };
    let written = word[..digits + dots].to_string();
    if let Some(outcome) = game.outcome() {
        return fail(after_end(game, written, outcome), at);
    }
    let pos = game.position();
    if number != pos.fullmove_number() || side != pos.turn() {
        let expected = match pos.turn() {
            Side::White => format!("{}.", pos.fullmove_number()),
            Side::Black => format!("{}...", pos.fullmove_number()),
        };
        let kind = K::MoveNumberOutOfSequence {
            found: written,
            expected,
        };
        return fail(kind, at);
    }
    Ok((written, &word[digits + dots..]))
}

fn after_end(game: &Game, text: String, outcome: Outcome) -> K {
    K::MoveAfterEnd {
        number: game.position().fullmove_number(),
        side: game.position().turn(),
        text,
        outcome,
    }
}

/// Plays one move written at `at`, with `!`/`?` annotations allowed after it; returns the
/// annotation when it is one of the six marks.
fn play(game: &mut Game, word: &str, at: Loc) -> Result<Option<Mark>, RecordError> {
    let text = word.trim_end_matches(['!', '?']);
    let mark = Mark::from_text(&word[text.len()..]);
    if let Some(outcome) = game.outcome() {
        return fail(after_end(game, clip(word), outcome), at);
    }
    let number = game.position().fullmove_number();
    let side = game.position().turn();
    let (reason, column) = match game.play_text(text) {
        Ok(_) => return Ok(mark),
        Err(PlayError::Text(e)) => (e.kind, e.column),
        Err(PlayError::Illegal(e)) => (MoveTextErrorKind::Illegal(e), 1),
        Err(PlayError::GameOver(outcome)) => {
            return fail(after_end(game, clip(word), outcome), at);
        }
        // Only a flag fall says this, never a move.
        Err(PlayError::NotOnTurn(_)) => (MoveTextErrorKind::Empty, 1),
    };
    let kind = K::IllegalMove {
        number,
        side,
        text: clip(word),
        reason: clip_move(reason),
    };
    fail(kind, (at.0, at.1 + column.saturating_sub(1)))
}

/// Checks the result against the board and records a declared result.
fn finish(
    game: &mut Game,
    result: &str,
    result_at: Loc,
    termination: Option<(String, Loc)>,
    timed: bool,
) -> Result<(), RecordError> {
    if let Some((tag, at)) = &termination
        && tag == termination_name(Outcome::Time { winner: None })
        && game.outcome().is_none()
        && result != "*"
    {
        return time_forfeit(game, result, result_at, *at, timed);
    }
    let outcome = match game.outcome() {
        Some(board) if board.result_text() != result => {
            let kind = K::ResultContradictsBoard {
                written: result.to_string(),
                board,
            };
            return fail(kind, result_at);
        }
        Some(board) => Some(board),
        None => {
            let declared = match result {
                "1-0" => Some(Outcome::Resignation {
                    winner: Side::White,
                }),
                "0-1" => Some(Outcome::Resignation {
                    winner: Side::Black,
                }),
                "1/2-1/2" => Some(Outcome::Agreement),
                _ => None,
            };
            if let Some(o) = declared {
                // Cannot fail: the board has not ended the game.
                let _ = game.declare(o);
            }
            declared
        }
    };
    if let Some((tag, at)) = termination {
        let matches = outcome.is_some_and(|o| termination_name(o) == tag);
        if !matches {
            let actual = match outcome {
                Some(o) if o.is_declared() => format!(
                    "is not over on the board, so {result} means {}",
                    termination_name(o)
                ),
                Some(o) => format!("ended by {}", termination_name(o)),
                None => "is unfinished (*)".to_string(),
            };
            return fail(K::TerminationMismatch { tag, actual }, at);
        }
    }
    Ok(())
}

/// A flag fall on a board that has not ended the game: the side to move ran out of time, which
/// loses unless the opponent has only its King left (a draw). The result must say which.
fn time_forfeit(
    game: &mut Game,
    result: &str,
    result_at: Loc,
    tag_at: Loc,
    timed: bool,
) -> Result<(), RecordError> {
    if !timed {
        return fail(K::TimeForfeitUntimed, tag_at);
    }
    let side = game.position().turn();
    let outcome = game
        .flag(side)
        .map_err(|_| RecordError::at(K::TimeForfeitUntimed, tag_at))?;
    let expected = outcome.result_text();
    if expected == result {
        return Ok(());
    }
    let why = match outcome.winner() {
        None => format!(
            "{side} ran out of time, but {} has only its King left",
            !side
        ),
        Some(_) if result == "1/2-1/2" => format!(
            "{side} ran out of time and {} has more than its King, so {side} lost",
            !side
        ),
        Some(_) => format!("{side} was to move, and only the side to move's clock runs"),
    };
    let kind = K::TimeForfeitResult {
        written: result.to_string(),
        expected,
        why,
    };
    fail(kind, result_at)
}
