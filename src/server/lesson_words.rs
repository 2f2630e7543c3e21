//! Why a lesson refuses a move or click, and why an attempt failed, in the page's language:
//! the sentences the window says (`assets/i18n/shared/LANG.ftl`, which the window's catalogue
//! includes), read here without the window. The names they take (sides, pieces, what ended a
//! game) come from the rules' own words ([`crate::rules::words::say`]), as the blind mode's do.

use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::lessons::{Failure, Miss, Refusal};
use crate::rules::words::{Lang, say};
use crate::rules::{MoveError, PieceKind, Position, Side};

type Bundle = FluentBundle<FluentResource>;

/// The shared catalogue of `lang`; a file that does not parse leaves the bundle without the
/// broken messages (the tests catch it), and [`text`] falls back to English.
fn build(lang: Lang) -> Bundle {
    let source = match lang {
        Lang::En => include_str!("../../assets/i18n/shared/en.ftl"),
        Lang::De => include_str!("../../assets/i18n/shared/de.ftl"),
    };
    let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, _)| r);
    let id: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // No Unicode direction marks around the values: both languages run left to right.
    bundle.set_use_isolating(false);
    // A message defined twice keeps its first definition; the tests forbid that anyway.
    let _ = bundle.add_resource(resource);
    bundle
}

static BUNDLES: LazyLock<[Bundle; 2]> = LazyLock::new(|| [build(Lang::En), build(Lang::De)]);

fn bundle(lang: Lang) -> &'static Bundle {
    &BUNDLES[usize::from(lang == Lang::De)]
}

/// The message `id` in `lang` with `args` (English when the German one is missing, the id
/// when both are: never a panic).
fn text(lang: Lang, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let format = |lang: Lang| -> Option<String> {
        let bundle = bundle(lang);
        let pattern = bundle.get_message(id)?.value()?;
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent_args.set(Cow::Borrowed(*name), value.clone());
        }
        let mut errors = Vec::new();
        let out = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        errors.is_empty().then(|| out.into_owned())
    };
    format(lang)
        .or_else(|| format(Lang::En))
        .unwrap_or_else(|| id.to_string())
}

fn s(value: impl Into<String>) -> FluentValue<'static> {
    FluentValue::from(value.into())
}

fn side(lang: Lang, side: Side) -> FluentValue<'static> {
    s(say::side(lang, side))
}

/// `white` / `black`: the selector the sentences decline the colour by.
fn colour(side: Side) -> FluentValue<'static> {
    s(match side {
        Side::White => "white",
        Side::Black => "black",
    })
}

/// A piece kind's name (the lessons are all Parachess).
fn piece(lang: Lang, kind: PieceKind) -> FluentValue<'static> {
    s(say::kind(lang, &Position::start(), kind))
}

/// How a piece of Parachess moves, in one clause ("der König macht einen Schritt …"): the
/// rule book's diagrams caption each piece with it, as a refused move explains itself.
pub fn how_it_moves(lang: Lang, kind: PieceKind) -> String {
    let id = match kind {
        PieceKind::King => "how-king",
        PieceKind::Queen => "how-queen",
        PieceKind::Rook => "how-rook",
        PieceKind::Bishop => "how-bishop",
        PieceKind::Sorcerer => "how-sorcerer",
        PieceKind::Pawn => "how-pawn",
        _ => "how-other",
    };
    text(lang, id, &[])
}

/// Why the rules refuse a move.
pub fn move_error(lang: Lang, error: &MoveError) -> String {
    use MoveError as E;
    match error {
        E::NoPiece(cell) => text(lang, "move-no-piece", &[("cell", s(cell.to_string()))]),
        E::NotYourTurn { cell, owner, turn } => text(
            lang,
            "move-not-your-turn",
            &[
                ("cell", s(cell.to_string())),
                ("owner", side(lang, *owner)),
                ("turn", side(lang, *turn)),
            ],
        ),
        E::OwnPiece(cell) => text(lang, "move-own-piece", &[("cell", s(cell.to_string()))]),
        E::Unreachable { kind, from, to } => text(
            lang,
            "move-unreachable",
            &[
                ("piece", piece(lang, *kind)),
                ("from", s(from.to_string())),
                ("to", s(to.to_string())),
                ("how", s(how_it_moves(lang, *kind))),
            ],
        ),
        E::Blocked { from, to, blocker } => text(
            lang,
            "move-blocked",
            &[
                ("from", s(from.to_string())),
                ("to", s(to.to_string())),
                ("blocker", s(blocker.to_string())),
            ],
        ),
        E::PawnCapturesArcwise => text(lang, "move-pawn-arcwise", &[]),
        E::StillInCheck => text(lang, "move-still-in-check", &[]),
        E::LeavesKingAttacked => text(lang, "move-leaves-king-attacked", &[]),
        E::PromotionRequired => text(lang, "move-promotion-required", &[]),
        E::PromotionNotAllowed => text(lang, "move-promotion-not-allowed", &[]),
        E::BadPromotion(kind) => text(lang, "move-bad-promotion", &[("piece", piece(lang, *kind))]),
    }
}

/// Why a lesson did not take a move or click.
pub fn refusal(lang: Lang, refusal: &Refusal) -> String {
    let cell = |c: &crate::rules::Cell| [("cell", s(c.to_string()))];
    match refusal {
        Refusal::Illegal(e) => move_error(lang, e),
        Refusal::NoProgress(kind) => {
            text(lang, "lesson-no-progress", &[("piece", piece(lang, *kind))])
        }
        Refusal::ChecksIdleKing(who) => text(
            lang,
            "lesson-checks-idle-king",
            &[("colour", colour(*who)), ("side", side(lang, *who))],
        ),
        Refusal::KingStays => text(lang, "lesson-king-stays", &[]),
        Refusal::NotAsked(c) => text(lang, "lesson-not-asked", &cell(c)),
        Refusal::AlreadyFound(c) => text(lang, "lesson-already-found", &cell(c)),
        Refusal::OwnCell(kind) => text(lang, "lesson-own-cell", &[("piece", piece(lang, *kind))]),
        Refusal::ClickInstead => text(lang, "lesson-click-instead", &[]),
        Refusal::MoveInstead => text(lang, "lesson-move-instead", &[]),
        Refusal::AwaitingReply(who) => {
            text(lang, "lesson-awaiting-reply", &[("side", side(lang, *who))])
        }
        Refusal::NoReplyExpected => text(lang, "lesson-no-reply-expected", &[]),
        Refusal::BadReply(e) => text(lang, "lesson-bad-reply", &[("why", s(move_error(lang, e)))]),
        Refusal::Over => text(lang, "lesson-over", &[]),
    }
}

/// Why a lesson attempt failed.
pub fn failure(lang: Lang, failure: &Failure) -> String {
    let who = |id: &str, x: Side| text(lang, id, &[("side", side(lang, x))]);
    match failure {
        Failure::Missed(miss) => self::miss(lang, miss),
        Failure::MateNotStalemate(x) => who("lesson-mate-not-stalemate", *x),
        Failure::StalemateNotMate(x) => who("lesson-stalemate-not-mate", *x),
        Failure::Lost(x) => who("lesson-lost", *x),
        Failure::Drawn(outcome) => text(
            lang,
            "lesson-drawn",
            &[("cause", s(say::cause(lang, *outcome)))],
        ),
        Failure::Stuck => text(lang, "lesson-stuck", &[]),
    }
}

fn miss(lang: Lang, miss: &Miss) -> String {
    let who = |id: &str, x: Side| text(lang, id, &[("side", side(lang, x))]);
    let after = |id: &str, n: u32, x: Side| {
        text(
            lang,
            id,
            &[("n", FluentValue::from(n)), ("side", side(lang, x))],
        )
    };
    match *miss {
        Miss::NoCheck(x) => text(lang, "lesson-miss-no-check", &[("colour", colour(x))]),
        Miss::CheckNotMate(x) => who("lesson-miss-check-not-mate", x),
        Miss::NotMate(x) => who("lesson-miss-not-mate", x),
        Miss::NotMatedIn(n, x) => after("lesson-miss-not-mated-in", n, x),
        Miss::StillMoves(x) => who("lesson-miss-still-moves", x),
        Miss::StillMovesAfter(n, x) => after("lesson-miss-still-moves-after", n, x),
        Miss::NoDraw => text(lang, "lesson-miss-no-draw", &[]),
        Miss::NotDrawnAfter(n) => text(
            lang,
            "lesson-miss-not-drawn-after",
            &[("n", FluentValue::from(n))],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Cell;

    #[test]
    fn both_catalogues_have_every_sentence() {
        let e5: Cell = "e5".parse().unwrap();
        let refusals = [
            Refusal::Illegal(MoveError::Unreachable {
                kind: PieceKind::Rook,
                from: e5,
                to: e5,
            }),
            Refusal::Illegal(MoveError::NotYourTurn {
                cell: e5,
                owner: Side::Black,
                turn: Side::White,
            }),
            Refusal::NoProgress(PieceKind::Queen),
            Refusal::ChecksIdleKing(Side::Black),
            Refusal::KingStays,
            Refusal::NotAsked(e5),
            Refusal::AlreadyFound(e5),
            Refusal::OwnCell(PieceKind::Rook),
            Refusal::ClickInstead,
            Refusal::MoveInstead,
            Refusal::AwaitingReply(Side::Black),
            Refusal::NoReplyExpected,
            Refusal::BadReply(MoveError::StillInCheck),
            Refusal::Over,
        ];
        for r in &refusals {
            let (en, de) = (refusal(Lang::En, r), refusal(Lang::De, r));
            assert!(
                !en.starts_with("lesson-") && !en.starts_with("move-"),
                "{en}"
            );
            assert_ne!(en, de, "{r:?} has its German");
        }
        let failures = [
            Failure::Missed(Miss::NotMatedIn(2, Side::Black)),
            Failure::Missed(Miss::NoCheck(Side::White)),
            Failure::MateNotStalemate(Side::Black),
            Failure::Stuck,
        ];
        for f in &failures {
            assert_ne!(failure(Lang::En, f), failure(Lang::De, f), "{f:?}");
        }
        // The sentences decline by the values given: the German of the Queen and the colour.
        assert_eq!(
            refusal(Lang::De, &Refusal::NoProgress(PieceKind::Queen)),
            "mit diesem Zug kommt deine Dame keinem Stern näher: zieh auf einen Stern oder \
             auf einen zu"
        );
        assert!(
            refusal(Lang::De, &Refusal::ChecksIdleKing(Side::Black)).contains("schwarzen König"),
            "{}",
            refusal(Lang::De, &Refusal::ChecksIdleKing(Side::Black))
        );
        assert_eq!(
            refusal(Lang::En, &Refusal::NotAsked(e5)),
            "e5 is not one of the cells asked for"
        );
    }
}
