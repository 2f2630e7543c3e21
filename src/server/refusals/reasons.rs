//! The rules' reasons for refusing a position text or a variant definition, in German: the
//! rules say them in English only (their `thiserror` messages), and a German page is told
//! what a player typed wrong in its own words, with the same values (lines, columns,
//! letters) as the English.

use crate::rules::words::{Lang, say};
use crate::rules::{AtomError, MAX_KINDS, PositionError, PositionErrorKind, SHUFFLE_COUNT};
use crate::rules::{VariantError, VariantFileError};

/// `text` in German quotation marks.
pub(super) fn quoted(text: &str) -> String {
    format!("„{text}“")
}

/// Why a position text was refused, in German, with its column.
pub fn position(e: &PositionError) -> String {
    format!("Spalte {}: {}", e.column, position_kind(&e.kind))
}

/// What is wrong with a position text, in German.
fn position_kind(kind: &PositionErrorKind) -> String {
    use PositionErrorKind as K;
    let side = |s| say::side(Lang::De, s);
    match kind {
        K::Empty => "der Stellungstext ist leer".to_string(),
        K::MissingField(field) => {
            let field = match *field {
                "placement" => "Aufstellung",
                "side to move" => "Zugrecht",
                "half-move clock" => "Halbzugzähler",
                _ => "Zugnummer",
            };
            format!(
                "es fehlt das Feld {field} (Felder: Aufstellung, Zugrecht, Halbzugzähler, \
                 Zugnummer)"
            )
        }
        K::TrailingJunk(rest) => format!("Text nach der Zugnummer: {}", quoted(rest)),
        K::BadSeparator => "Felder werden durch einzelne Leerzeichen getrennt".to_string(),
        K::RowCount(n) => {
            format!("die Aufstellung hat {n} Reihen; sie braucht 11 (k bis a, getrennt durch „/“)")
        }
        K::RowTooLong { row, expected } => {
            format!("Reihe {row} beschreibt mehr als ihre {expected} Felder")
        }
        K::RowTooShort {
            row,
            found,
            expected,
        } => format!("Reihe {row} beschreibt {found} Felder; sie hat {expected}"),
        K::UnknownPiece(c) => format!(
            "{} ist weder ein Figurenbuchstabe dieser Partie (klein für Schwarz) noch eine Zahl",
            quoted(&c.to_string())
        ),
        K::BadRun => "leere Felder schreibt man als Zahl ab 1 ohne führende Nullen".to_string(),
        K::BadSide(s) => format!("am Zug ist „w“ oder „b“, nicht {}", quoted(s)),
        K::BadHalfmoveClock(s) => {
            format!("der Halbzugzähler ist eine ganze Zahl, nicht {}", quoted(s))
        }
        K::BadMoveNumber(s) => format!(
            "die Zugnummer ist eine ganze Zahl ab 1, nicht {}",
            quoted(s)
        ),
        K::MissingKing(s) => format!("{} hat keinen König", side(*s)),
        K::ExtraKing(s) => format!("{} hat mehr als einen König", side(*s)),
        K::PawnOnLastRow { side: s, cell } => format!(
            "ein Bauer von {} kann nicht auf {cell} stehen: er wäre umgewandelt worden",
            side(*s)
        ),
        K::KingCapturable(s) => format!(
            "{} ist am Zug und könnte den gegnerischen König schlagen: das kommt in keiner \
             Partie vor",
            side(*s)
        ),
    }
}

/// Why a variant definition was refused, in German.
pub fn variant(e: &VariantError) -> String {
    use VariantError as E;
    match e {
        E::Toml(why) => toml(why),
        E::NoName => "die Variante braucht einen Namen".to_string(),
        E::KindCount(n) => {
            format!("ein Heer hat 2 bis {MAX_KINDS} Arten von Figuren, nicht {n}")
        }
        E::BadLetter(l) => format!(
            "der Buchstabe einer Figur ist ein ASCII-Buchstabe, nicht {}",
            quoted(l)
        ),
        E::DuplicateLetter(c) => format!("zwei Arten von Figuren haben den Buchstaben {c}"),
        E::NoPieceName(c) => format!("die Figur {c} braucht einen Namen"),
        E::Moves { letter, error } => format!("die Züge von {letter}: {}", atom(error)),
        E::RoyalCount(n) => {
            format!("genau eine Art ist königlich (royal = true), nicht {n}")
        }
        E::RoyalPawn => "die königliche Figur kann kein Bauer sein".to_string(),
        E::TwoPawns => "ein Heer hat höchstens eine Art, die als „pawn“ zieht".to_string(),
        E::Start(p) => format!("die Startstellung, {}", position(p)),
        E::ShuffleNumber(n) => format!(
            "Shuffle Parachess hat die Aufstellungen 0 bis {}, nicht {}",
            SHUFFLE_COUNT - 1,
            quoted(n)
        ),
        E::Unknown(name, built_in) => format!(
            "es gibt keine Variante {} (eingebaut: {built_in})",
            quoted(name)
        ),
    }
}

/// Why a variant file was refused, in German, with its line.
pub fn variant_file(e: &VariantFileError) -> String {
    format!("Zeile {}: {}", e.line, variant(&e.error))
}

/// A TOML reader's complaint about the fields (English, from serde), in German by its kind;
/// the field's name stays as written.
fn toml(why: &str) -> String {
    let field = |prefix: &str| {
        why.strip_prefix(prefix)
            .and_then(|rest| rest.split('`').next())
            .map(quoted)
    };
    if let Some(f) = field("missing field `") {
        format!("es fehlt das Feld {f}")
    } else if let Some(f) = field("unknown field `") {
        format!("das Feld {f} gibt es in einer Variante nicht")
    } else if why.starts_with("invalid type") || why.starts_with("invalid value") {
        "ein Feld hat einen Wert der falschen Art".to_string()
    } else {
        "das sind nicht die Felder einer Variante (name, start, pieces)".to_string()
    }
}

/// Why a piece's movement atoms were refused, in German.
fn atom(e: &AtomError) -> String {
    match e {
        AtomError::Empty => {
            "die Züge sind leer; schreib Bausteine wie „eda“, „EDW“, „E2“ oder „NA“".to_string()
        }
        AtomError::Unknown(c, at) => format!(
            "{} an Stelle {at} ist kein Zugbaustein (e d a E D W N A, eine Reichweite nach E D \
             W, oder „pawn“ allein)",
            quoted(&c.to_string())
        ),
        AtomError::Twice(c) => format!("{} steht zweimal da", quoted(&c.to_string())),
        AtomError::BadRange => {
            "eine Reichweite ist eine Zahl von 1 bis 99 nach E, D oder W".to_string()
        }
        AtomError::PawnNotAlone => {
            "„pawn“ steht allein: ein Bauer zieht auf keine andere Art".to_string()
        }
    }
}
