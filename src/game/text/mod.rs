//! Every word the player reads, from one catalogue per language: Fluent files
//! (`assets/i18n/LANG.ftl`) embedded in the binary. Systems look text up with [`tr!`](crate::tr) instead of holding string literals, so a
//! translation is a file, not a code change.
//!
//! The language in force is process-wide (an atomic, not a resource): text is made in helper
//! functions and `Display` impls far from any `World`, and one window shows one language. A
//! missing message or a formatting error is a bug: debug builds (the tests) panic on it, a release
//! build shows the English text (or, if that is missing too, the message id) and goes on.

use std::borrow::Cow;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU8, Ordering};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language the game is translated into.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Language {
    /// English (the source language; every other falls back to it).
    #[default]
    En,
    /// German.
    De,
}

impl Language {
    /// Every language, in the order the Settings screen offers them.
    pub const ALL: [Language; 2] = [Language::En, Language::De];

    /// The code used in `settings.ron` and on the command line (`en`, `de`).
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::De => "de",
        }
    }

    /// Reads a code (`en`, `de`, also `de_DE.UTF-8`-style locale names).
    pub fn parse(text: &str) -> Option<Language> {
        let lower = text.trim().to_ascii_lowercase();
        let primary = lower.split(['_', '-', '.', '@']).next().unwrap_or("");
        Language::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The language a system locale (`LANG`) asks for: German when it starts with `de`,
    /// English otherwise.
    pub fn from_locale(lang: Option<&str>) -> Language {
        lang.and_then(Language::parse).unwrap_or_default()
    }

    /// The language's own name for itself (what the Settings screen shows, in any language).
    pub fn native_name(self) -> &'static str {
        match self {
            Language::En => "English",
            Language::De => "Deutsch",
        }
    }

    /// The window's catalogue, followed by the sentences it shares with the server
    /// (`assets/i18n/shared/`: why a move or a lesson's input is refused).
    fn source(self) -> &'static str {
        match self {
            Language::En => concat!(
                include_str!("../../../assets/i18n/en.ftl"),
                "\n",
                include_str!("../../../assets/i18n/shared/en.ftl")
            ),
            Language::De => concat!(
                include_str!("../../../assets/i18n/de.ftl"),
                "\n",
                include_str!("../../../assets/i18n/shared/de.ftl")
            ),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The game's font: Bevy's own (Fira Mono Medium), but with Latin-1, Latin Extended-A and the
/// common punctuation (ä ö ü ß, „“, –, …) where Bevy's built-in copy has ASCII only. A subset
/// renamed as the SIL Open Font License asks of a modified font (`assets/fonts/`).
pub const FONT: &[u8] = include_bytes!("../../../assets/fonts/ParachessMono-Medium.ttf");

/// Puts [`FONT`] in place of Bevy's default font, so every text (which uses the default
/// handle) can show every language's letters. Needs Bevy's text plugin added first.
pub fn font_plugin(app: &mut bevy::app::App) {
    use bevy::asset::{AssetId, Assets};
    use bevy::text::Font;
    if let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>()
        && let Err(e) = fonts.insert(AssetId::default(), Font::from_bytes(FONT.to_vec()))
    {
        bevy::log::error!("the game's font: {e}");
    }
}

static CURRENT: AtomicU8 = AtomicU8::new(0);

/// The language text is shown in now.
pub fn language() -> Language {
    match CURRENT.load(Ordering::Relaxed) {
        1 => Language::De,
        _ => Language::En,
    }
}

/// Shows text in `language` from now on (screens made afterwards use it).
pub fn set_language(language: Language) {
    CURRENT.store(language as u8, Ordering::Relaxed);
}

type Bundle = FluentBundle<FluentResource>;

/// A catalogue built from its file, with the file's syntax errors (empty when it is sound).
struct Catalogue {
    bundle: Bundle,
    #[cfg_attr(not(test), allow(dead_code, reason = "read by the catalogue tests"))]
    errors: Vec<String>,
}

fn build(language: Language) -> Catalogue {
    let mut errors = Vec::new();
    let resource = match FluentResource::try_new(language.source().to_string()) {
        Ok(r) => r,
        Err((r, e)) => {
            errors.extend(e.iter().map(|e| format!("{e:?}")));
            r
        }
    };
    let id = match language.code().parse() {
        Ok(id) => id,
        Err(e) => {
            errors.push(format!("{e}"));
            unic_langid::LanguageIdentifier::default()
        }
    };
    let mut bundle = Bundle::new_concurrent(vec![id]);
    // No Unicode direction marks around variables: every language here is left to right, and
    // the marks would show as boxes in the game's font.
    bundle.set_use_isolating(false);
    if let Err(e) = bundle.add_resource(resource) {
        errors.extend(e.iter().map(|e| format!("{e}")));
    }
    for e in &errors {
        bevy::log::error!("{}.ftl: {e}", language.code());
    }
    Catalogue { bundle, errors }
}

static CATALOGUES: LazyLock<[Catalogue; 2]> =
    LazyLock::new(|| [build(Language::En), build(Language::De)]);

fn catalogue(language: Language) -> &'static Catalogue {
    &CATALOGUES[language.index()]
}

/// The value of a variable: text or a number (numbers choose plural forms).
pub type Arg<'a> = FluentValue<'a>;

/// Turns anything Fluent takes (`&str`, `String`, integers, floats) into a variable's value.
pub fn arg<'a>(value: impl Into<FluentValue<'a>>) -> Arg<'a> {
    value.into()
}

/// Whether the English catalogue (the source every language follows) has the message `id`.
pub fn has_message(id: &str) -> bool {
    catalogue(Language::En).bundle.has_message(id)
}

/// The message `id` in the language in force.
pub fn tr(id: &str) -> String {
    tr_args(id, &[])
}

/// The message `id` in the language in force, with its variables.
pub fn tr_args(id: &str, args: &[(&str, Arg<'_>)]) -> String {
    tr_in(language(), id, args)
}

/// The message `id` in `language` (falling back to English, then to the id itself).
pub fn tr_in(language: Language, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    match format(language, id, args) {
        Ok(text) => text,
        Err(why) => {
            debug_assert!(false, "text {id:?} in {}: {why}", language.code());
            if language != Language::En
                && let Ok(text) = format(Language::En, id, args)
            {
                return text;
            }
            id.to_string()
        }
    }
}

/// Formats one message, or says what went wrong.
fn format(language: Language, id: &str, args: &[(&str, Arg<'_>)]) -> Result<String, String> {
    let bundle = &catalogue(language).bundle;
    let message = bundle.get_message(id).ok_or("no such message")?;
    let pattern = message.value().ok_or("the message has no value")?;
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(Cow::Borrowed(*name), value.clone());
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if errors.is_empty() {
        Ok(text.into_owned())
    } else {
        Err(format!("{errors:?}"))
    }
}

/// The message `id` in the language in force: `tr!("title-play")`, or with variables
/// `tr!("saved-as", name = file)` (each value anything [`arg`] takes). Import it with
/// `use crate::tr;`; the id must be a literal, so a test can check every id the code uses.
#[macro_export]
macro_rules! tr {
    ($id:literal) => {
        $crate::game::text::tr($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::game::text::tr_args(
            $id,
            &[$((stringify!($name), $crate::game::text::arg($value))),+],
        )
    };
}

mod explain;
#[cfg(test)]
mod tests;

pub use explain::{
    cell_error_text, describe_movement, failure_text, move_text_error_text, position_error_text,
    position_problem_text, puzzle_explanation, refusal_text, setup_note_text,
};

/// A time control in the dialogs' words: `5+3` (minutes + seconds), or `90 s + 2 s` when the
/// base is not whole minutes.
pub fn time_control_label(control: crate::rules::clock::TimeControl) -> String {
    let base = control.base;
    let inc = control.increment;
    let whole = |d: std::time::Duration| d.subsec_millis() == 0;
    if base.as_secs().is_multiple_of(60) && whole(base) && whole(inc) {
        format!("{}+{}", base.as_secs() / 60, inc.as_secs())
    } else {
        format!("{} s + {} s", control.base.as_secs_f32(), inc.as_secs_f32())
    }
}

/// A number with one decimal, written as the language in force writes it (`2.5`, `2,5`).
pub fn decimal(value: f64) -> String {
    decimal_point(format!("{value:.1}"))
}

/// A number written with `.` (`2.5`), with the decimal point of the language in force.
pub fn decimal_point(text: String) -> String {
    match language() {
        Language::En => text,
        Language::De => text.replace('.', ","),
    }
}

/// A side's name (`White`, `Black`) in the language in force.
pub fn side_name(side: crate::rules::Side) -> String {
    match side {
        crate::rules::Side::White => crate::tr!("side-white"),
        crate::rules::Side::Black => crate::tr!("side-black"),
    }
}

/// A piece kind's name as its variant gives it (in English), translated where the catalogue
/// knows it; a player's own variant's names are shown as written.
pub fn piece_name(english: &str) -> String {
    match english {
        "King" => crate::tr!("piece-king"),
        "Queen" => crate::tr!("piece-queen"),
        "Rook" => crate::tr!("piece-rook"),
        "Bishop" => crate::tr!("piece-bishop"),
        "Sorcerer" => crate::tr!("piece-sorcerer"),
        "Pawn" => crate::tr!("piece-pawn"),
        "Knight" => crate::tr!("piece-knight"),
        "Archer" => crate::tr!("piece-archer"),
        "General" => crate::tr!("piece-general"),
        "Chariot" => crate::tr!("piece-chariot"),
        "Elephant" => crate::tr!("piece-elephant"),
        "piece" => crate::tr!("piece-any"),
        other => other.to_string(),
    }
}

/// A built-in variant's name translated (records keep the English name); others as written.
pub fn variant_name(english: &str) -> String {
    match english {
        "Parachess" => crate::tr!("variant-parachess"),
        "Knights and Archers" => crate::tr!("variant-knights-and-archers"),
        "Cavalry" => crate::tr!("variant-cavalry"),
        "Short Range" => crate::tr!("variant-short-range"),
        "Shuffle Parachess" => crate::tr!("variant-shuffle"),
        other => match other
            .strip_prefix("Shuffle Parachess ")
            .and_then(|n| n.parse::<usize>().ok())
        {
            // One arrangement of Shuffle Parachess, by its number.
            Some(n) => crate::tr!("variant-shuffle-number", n = n),
            None => other.to_string(),
        },
    }
}

/// The status line after a move: "White played c4-d3." or the move and how it ended the game.
/// `mover` is the side's name or, on a server, the player's.
pub fn move_played_text(mover: &str, mv: &str, outcome: Option<crate::rules::Outcome>) -> String {
    match outcome {
        Some(o) => crate::tr!("status-move-ends", move = mv, outcome = outcome_text(o)),
        None => crate::tr!("status-played", side = mover, move = mv),
    }
}

/// How a game ended, in words ("White wins by stalemate", "Draw by agreement").
pub fn outcome_text(outcome: crate::rules::Outcome) -> String {
    let cause = cause_text(outcome);
    match outcome.winner() {
        Some(side) => crate::tr!("outcome-wins", side = side_name(side), cause = cause),
        None => crate::tr!("outcome-draw", cause = cause),
    }
}

/// Why a game ended, in a few words ("stalemate", "threefold repetition").
pub fn cause_text(outcome: crate::rules::Outcome) -> String {
    use crate::rules::Outcome as O;
    match outcome {
        O::Checkmate { .. } => crate::tr!("cause-checkmate"),
        O::Stalemate { .. } => crate::tr!("cause-stalemate"),
        O::Resignation { .. } => crate::tr!("cause-resignation"),
        O::Repetition => crate::tr!("cause-repetition"),
        O::FiftyMoves => crate::tr!("cause-fifty-moves"),
        O::Agreement => crate::tr!("cause-agreement"),
        O::Time { winner: Some(_) } => crate::tr!("cause-time"),
        O::Time { winner: None } => crate::tr!("cause-time-lone-king"),
    }
}

/// How a Parachess piece kind moves, in one clause.
pub fn how_it_moves(kind: crate::rules::PieceKind) -> String {
    use crate::rules::PieceKind as K;
    match kind {
        K::King => crate::tr!("how-king"),
        K::Queen => crate::tr!("how-queen"),
        K::Rook => crate::tr!("how-rook"),
        K::Bishop => crate::tr!("how-bishop"),
        K::Sorcerer => crate::tr!("how-sorcerer"),
        K::Pawn => crate::tr!("how-pawn"),
        _ => crate::tr!("how-other"),
    }
}

/// Why the rules refuse a move, in a sentence for the status line (cells and notation as the
/// rules write them).
pub fn move_error_text(error: &crate::rules::MoveError) -> String {
    use crate::rules::MoveError as E;
    match error {
        E::NoPiece(cell) => crate::tr!("move-no-piece", cell = cell.to_string()),
        E::NotYourTurn { cell, owner, turn } => crate::tr!(
            "move-not-your-turn",
            cell = cell.to_string(),
            owner = side_name(*owner),
            turn = side_name(*turn)
        ),
        E::OwnPiece(cell) => crate::tr!("move-own-piece", cell = cell.to_string()),
        E::Unreachable { kind, from, to } => crate::tr!(
            "move-unreachable",
            piece = piece_name(kind.name()),
            from = from.to_string(),
            to = to.to_string(),
            how = how_it_moves(*kind)
        ),
        E::Blocked { from, to, blocker } => crate::tr!(
            "move-blocked",
            from = from.to_string(),
            to = to.to_string(),
            blocker = blocker.to_string()
        ),
        E::PawnCapturesArcwise => crate::tr!("move-pawn-arcwise"),
        E::StillInCheck => crate::tr!("move-still-in-check"),
        E::LeavesKingAttacked => crate::tr!("move-leaves-king-attacked"),
        E::PromotionRequired => crate::tr!("move-promotion-required"),
        E::PromotionNotAllowed => crate::tr!("move-promotion-not-allowed"),
        E::BadPromotion(kind) => crate::tr!("move-bad-promotion", piece = piece_name(kind.name())),
    }
}

/// How `kind` moves in `variant`: the catalogue's words for Parachess's own pieces; for the
/// others the variant's own sentence in English, and in other languages one built from the
/// piece's movement.
pub fn variant_how_it_moves(
    variant: &crate::rules::Variant,
    kind: crate::rules::PieceKind,
) -> String {
    let standard = variant.kind_name(kind) == kind.name()
        && kind.name() != "piece"
        && variant.movement(kind) == crate::rules::movement(kind);
    if standard {
        how_it_moves(kind)
    } else if language() == Language::En {
        variant.how_it_moves(kind).to_string()
    } else {
        describe_movement(variant, kind)
    }
}

/// Why the rules refuse to play a move or declare a result, in a sentence.
pub fn play_error_text(error: &crate::rules::PlayError) -> String {
    use crate::rules::PlayError as E;
    match error {
        E::GameOver(outcome) => crate::tr!("play-game-over", outcome = outcome_text(*outcome)),
        E::Illegal(e) => move_error_text(e),
        E::Text(e) => move_text_error_text(e),
        E::NotOnTurn(side) => crate::tr!("play-not-on-turn", side = side_name(*side)),
    }
}
