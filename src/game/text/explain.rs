//! The rules', lessons' and puzzles' reasons in the player's language. Those modules know no
//! language: their errors are data (their `Display` is the English for logs and the command
//! line), and these functions say them from the catalogue.

use crate::lessons::{Failure, Miss, Refusal};
use crate::rules::{
    LeapKind, LineKind, MarkError, MoveTextError, MoveTextErrorKind, ParseCellError, PieceKind,
    PositionError, PositionErrorKind, SetupNote, Side, UNLIMITED, Variant,
};
use crate::study::{Answer, Explanation};

use super::{move_error_text, piece_name, side_name};

/// `white` or `black`: the catalogue's selector for adjectives that agree with the King.
fn colour(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// Why a cell name could not be read.
pub fn cell_error_text(error: &ParseCellError) -> String {
    match error {
        ParseCellError::Empty => tr!("cell-empty"),
        ParseCellError::BadRow(c) => tr!("cell-bad-row", letter = c.to_string()),
        ParseCellError::MissingNumber(row) => tr!("cell-missing-number", row = row.to_string()),
        ParseCellError::BadNumber { row, number, len } => tr!(
            "cell-bad-number",
            row = row.to_string(),
            number = number.as_str(),
            len = *len
        ),
    }
}

/// Why a move text was refused, with the text and the column.
pub fn move_text_error_text(error: &MoveTextError) -> String {
    tr!(
        "movetext-error",
        text = error.text.as_str(),
        column = error.column,
        why = move_text_kind_text(&error.kind)
    )
}

fn move_text_kind_text(kind: &MoveTextErrorKind) -> String {
    use MoveTextErrorKind as K;
    match kind {
        K::Empty => tr!("movetext-empty"),
        K::BadCell { which, error } if *which == "start" => {
            tr!("movetext-bad-start", error = cell_error_text(error))
        }
        K::BadCell { error, .. } => tr!("movetext-bad-target", error = cell_error_text(error)),
        K::BadSeparator(c) => tr!("movetext-bad-separator", found = c.to_string()),
        K::BadPromotion(written) => tr!("movetext-bad-promotion", written = written.as_str()),
        K::TrailingJunk(junk) => tr!("movetext-trailing", junk = junk.as_str()),
        K::WrongPiece {
            cell,
            written,
            actual,
        } => tr!(
            "movetext-wrong-piece",
            cell = cell.to_string(),
            written = piece_name(written.name()),
            actual = piece_name(actual.name())
        ),
        K::NotACapture(cell) => tr!("movetext-not-a-capture", cell = cell.to_string()),
        K::IsACapture(cell) => tr!("movetext-is-a-capture", cell = cell.to_string()),
        K::Illegal(e) => move_error_text(e),
        K::WrongMark { written, actual } => tr!(
            "movetext-wrong-mark",
            mark = written.to_string(),
            actual = match actual {
                MarkError::CheckNotEnd => tr!("mark-check-not-end"),
                MarkError::NeitherCheckNorEnd => tr!("mark-neither"),
                MarkError::EndsGame => tr!("mark-ends-game"),
                MarkError::NoCheck => tr!("mark-no-check"),
            }
        ),
    }
}

/// Why a position text was refused, with the column.
pub fn position_error_text(error: &PositionError) -> String {
    tr!(
        "position-error",
        column = error.column,
        why = position_problem_text(&error.kind)
    )
}

/// What is wrong with a position (the editor lists these).
pub fn position_problem_text(kind: &PositionErrorKind) -> String {
    use PositionErrorKind as K;
    match kind {
        K::Empty => tr!("position-empty"),
        K::MissingField(field) => tr!(
            "position-missing-field",
            field = match *field {
                "placement" => tr!("field-placement"),
                "side to move" => tr!("field-side-to-move"),
                "half-move clock" => tr!("field-halfmove-clock"),
                _ => tr!("field-move-number"),
            }
        ),
        K::TrailingJunk(junk) => tr!("position-trailing", junk = junk.as_str()),
        K::BadSeparator => tr!("position-bad-separator"),
        K::RowCount(n) => tr!("position-row-count", count = *n),
        K::RowTooLong { row, expected } => tr!(
            "position-row-too-long",
            row = row.to_string(),
            expected = *expected
        ),
        K::RowTooShort {
            row,
            found,
            expected,
        } => tr!(
            "position-row-too-short",
            row = row.to_string(),
            found = *found,
            expected = *expected
        ),
        K::UnknownPiece(c) => tr!("position-unknown-piece", letter = c.to_string()),
        K::BadRun => tr!("position-bad-run"),
        K::BadSide(s) => tr!("position-bad-side", found = s.as_str()),
        K::BadHalfmoveClock(s) => tr!("position-bad-halfmove", found = s.as_str()),
        K::BadMoveNumber(s) => tr!("position-bad-move-number", found = s.as_str()),
        K::MissingKing(side) => tr!("position-missing-king", side = side_name(*side)),
        K::ExtraKing(side) => tr!("position-extra-king", side = side_name(*side)),
        K::PawnOnLastRow { side, cell } => tr!(
            "position-pawn-on-last-row",
            side = side_name(*side),
            cell = cell.to_string()
        ),
        K::KingCapturable(side) => tr!("position-king-capturable", side = side_name(*side)),
    }
}

/// Something worth knowing about a playable setup.
pub fn setup_note_text(note: &SetupNote) -> String {
    match note {
        SetupNote::InCheck(side) => tr!("setup-in-check", side = side_name(*side)),
        SetupNote::Checkmated(side) => tr!("setup-checkmated", side = side_name(*side)),
        SetupNote::Stalemated(side) => tr!("setup-stalemated", side = side_name(*side)),
        SetupNote::FiftyMoves => tr!("setup-fifty-moves"),
    }
}

/// How a piece kind moves, built from its movement: for the kinds of the other armies and of a
/// player's own variants (whose description the rules write in English).
pub fn describe_movement(variant: &Variant, kind: PieceKind) -> String {
    let how = variant.movement(kind);
    let name = piece_name(variant.kind_name(kind));
    if how.pawn_steps() {
        return tr!("describe-pawn", piece = name);
    }
    let mut parts = Vec::new();
    let steps: Vec<String> = [
        (
            how.steps_of(crate::rules::StepKind::Edgewise),
            tr!("describe-step-edge"),
        ),
        (
            how.steps_of(crate::rules::StepKind::Diagonal),
            tr!("describe-step-diagonal"),
        ),
        (
            how.steps_of(crate::rules::StepKind::Arcwise(crate::rules::Turn::Left)),
            tr!("describe-step-arc"),
        ),
    ]
    .into_iter()
    .filter_map(|(yes, word)| yes.then_some(word))
    .collect();
    if !steps.is_empty() {
        parts.push(tr!("describe-steps", ways = join(&steps, true)));
    }
    let slides: Vec<String> = LineKind::ALL
        .into_iter()
        .filter(|&k| how.slides_along(k))
        .map(|k| {
            let path = match k {
                LineKind::Edge => tr!("describe-edge-paths"),
                LineKind::Diagonal => tr!("describe-diagonal-paths"),
                LineKind::Wave => tr!("describe-wave-paths"),
            };
            match how.range(k) {
                UNLIMITED => path,
                r => tr!("describe-at-most", paths = path, cells = r),
            }
        })
        .collect();
    if !slides.is_empty() {
        parts.push(tr!("describe-slides", paths = join(&slides, false)));
    }
    let knight = how.leaps_of(LeapKind::Knight);
    let archer = how.leaps_of(LeapKind::Archer);
    match (knight, archer) {
        (true, true) => parts.push(tr!("describe-leaps-both")),
        (true, false) => parts.push(tr!("describe-leaps-knight")),
        (false, true) => parts.push(tr!("describe-leaps-archer")),
        (false, false) => {}
    }
    let mut said = parts.first().cloned().unwrap_or_default();
    for part in parts.iter().skip(1) {
        said = tr!("list-clauses", first = said, next = part.as_str());
    }
    tr!("describe-piece", piece = name, moves = said)
}

/// `a`, `a or b`, `a, b or c` (with `or`), or the same with `and`.
fn join(words: &[String], or: bool) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => {
            let first = init.join(", ");
            if or {
                tr!("list-or", first = first, last = last.as_str())
            } else {
                tr!("list-and", first = first, last = last.as_str())
            }
        }
    }
}

/// Why a lesson did not accept a move or click.
pub fn refusal_text(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Illegal(e) => move_error_text(e),
        Refusal::NoProgress(kind) => tr!("lesson-no-progress", piece = piece_name(kind.name())),
        Refusal::ChecksIdleKing(side) => tr!(
            "lesson-checks-idle-king",
            colour = colour(*side),
            side = side_name(*side)
        ),
        Refusal::KingStays => tr!("lesson-king-stays"),
        Refusal::NotAsked(cell) => tr!("lesson-not-asked", cell = cell.to_string()),
        Refusal::AlreadyFound(cell) => tr!("lesson-already-found", cell = cell.to_string()),
        Refusal::OwnCell(kind) => tr!("lesson-own-cell", piece = piece_name(kind.name())),
        Refusal::ClickInstead => tr!("lesson-click-instead"),
        Refusal::MoveInstead => tr!("lesson-move-instead"),
        Refusal::AwaitingReply(side) => tr!("lesson-awaiting-reply", side = side_name(*side)),
        Refusal::NoReplyExpected => tr!("lesson-no-reply-expected"),
        Refusal::BadReply(e) => tr!("lesson-bad-reply", why = move_error_text(e)),
        Refusal::Over => tr!("lesson-over"),
    }
}

/// Why a lesson attempt failed.
pub fn failure_text(failure: &Failure) -> String {
    match failure {
        Failure::Missed(miss) => miss_text(miss),
        Failure::MateNotStalemate(side) => {
            tr!("lesson-mate-not-stalemate", side = side_name(*side))
        }
        Failure::StalemateNotMate(side) => {
            tr!("lesson-stalemate-not-mate", side = side_name(*side))
        }
        Failure::Lost(side) => tr!("lesson-lost", side = side_name(*side)),
        Failure::Drawn(outcome) => tr!("lesson-drawn", cause = super::cause_text(*outcome)),
        Failure::Stuck => tr!("lesson-stuck"),
    }
}

fn miss_text(miss: &Miss) -> String {
    match *miss {
        Miss::NoCheck(side) => tr!("lesson-miss-no-check", colour = colour(side)),
        Miss::CheckNotMate(side) => tr!("lesson-miss-check-not-mate", side = side_name(side)),
        Miss::NotMate(side) => tr!("lesson-miss-not-mate", side = side_name(side)),
        Miss::NotMatedIn(n, side) => {
            tr!("lesson-miss-not-mated-in", n = n, side = side_name(side))
        }
        Miss::StillMoves(side) => tr!("lesson-miss-still-moves", side = side_name(side)),
        Miss::StillMovesAfter(n, side) => {
            tr!(
                "lesson-miss-still-moves-after",
                n = n,
                side = side_name(side)
            )
        }
        Miss::NoDraw => tr!("lesson-miss-no-draw"),
        Miss::NotDrawnAfter(n) => tr!("lesson-miss-not-drawn-after", n = n),
    }
}

/// Why a puzzle move is not the solution.
pub fn puzzle_explanation(explanation: &Explanation) -> String {
    use Explanation as E;
    let defender = |a: &Answer| side_name(a.defender);
    match explanation {
        E::Illegal(e) => tr!("puzzle-illegal", why = move_error_text(e)),
        E::CannotPlay => tr!("puzzle-cannot-play"),
        E::NotInTime => tr!("puzzle-not-in-time"),
        E::Loses(a) => tr!(
            "puzzle-loses",
            defender = defender(a),
            answer = answer_text(a),
            solver = side_name(!a.defender)
        ),
        E::NotMate(a) => tr!(
            "puzzle-not-mate",
            defender = defender(a),
            answer = answer_text(a)
        ),
        E::LeavesAMove(a) => tr!(
            "puzzle-leaves-a-move",
            defender = defender(a),
            answer = answer_text(a)
        ),
        E::Escapes {
            answer,
            mate: true,
            moves,
        } => tr!(
            "puzzle-escapes-mate",
            defender = defender(answer),
            answer = answer_text(answer),
            moves = *moves
        ),
        E::Escapes { answer, moves, .. } => tr!(
            "puzzle-escapes-win",
            defender = defender(answer),
            answer = answer_text(answer),
            moves = *moves
        ),
        E::NotTheSolution => tr!("puzzle-not-the-solution"),
        E::LosesMaterial(a) => tr!(
            "puzzle-loses-material",
            defender = defender(a),
            answer = answer_text(a)
        ),
        E::WinsNothing(a) => tr!(
            "puzzle-wins-nothing",
            defender = defender(a),
            answer = answer_text(a)
        ),
        E::WinsLess { answer, pawns } => {
            let count: f64 = pawns.parse().unwrap_or(2.0);
            let shown = super::decimal_point(pawns.clone());
            tr!(
                "puzzle-wins-less",
                defender = defender(answer),
                answer = answer_text(answer),
                pawns = shown,
                count = count
            )
        }
    }
}

/// "`Qc6-c5`, taking your Sorcerer".
fn answer_text(answer: &Answer) -> String {
    match answer.taking {
        Some(kind) => tr!(
            "puzzle-answer-taking",
            move = answer.text.as_str(),
            piece = piece_name(kind.name())
        ),
        None => answer.text.clone(),
    }
}
