//! The server's refusals (`error` messages) in English and German.
//!
//! Design: the connection speaks a language (the web page opens `/ws?lang=de`, its own
//! `<html lang>`), and the server writes `msg` in it ([`in_language`], at the one place a
//! connection sends). The alternative, the page translating by `code`, was not taken: one code
//! covers many sentences (`busy`, `tournament`, `computer`), and the rules' reasons for a
//! refused move are sentences the server already says in German (the window's shared
//! catalogue, [`super::lesson_words`]), with piece names and cells to put in — the page would
//! have to carry all of that again. So every refusal is made once, here, in both languages
//! ([`Said`]); `msg` stays the English sentence it always was (for programs, the bots, the
//! desktop game, the tests), and a connection that did not ask for German gets exactly that.
//! An error made without a German text (a database failure, what no player causes) reaches
//! a German page as its code's German sentence with the English detail after it. What a
//! player typed and the rules or a reader refuse in English (a level, a clock, a variant, a
//! position) gets a German sentence of its own that names the value ([`Said::german`], and the
//! rules' reasons in German: `reasons`); a refusal relayed by another instance keeps its German
//! (`bus::BusMsg::Reply`).
//!
//! The table lives here, on the lowest layer of the server, and not with the pages' texts
//! (`web/texts.rs`): the game tasks, the engine pool and the tournament director refuse, and
//! they stand below the pages.

use std::fmt;

use super::lesson_words;
use super::messages::ServerMsg;
use crate::rules::clock::ParseTimeControlError;
use crate::rules::notation::{MoveTextError, MoveTextErrorKind};
use crate::rules::words::{Lang, say};
use crate::rules::{MoveError, PlayError, PositionError, VariantError, VariantFileError};

mod reasons;
mod table;

pub(crate) use table::REFUSALS;

/// The sentence `id` in `lang` (the id itself if the table lacks it: a bug the tests catch,
/// never a panic).
fn text(lang: Lang, id: &str) -> &'static str {
    REFUSALS
        .iter()
        .find(|(k, _, _)| *k == id)
        .map_or("", |&(_, en, de)| match lang {
            Lang::En => en,
            Lang::De => de,
        })
}

/// `text` with each `{name}` of `fill` replaced.
fn fill_in(text: &str, fill: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (name, value) in fill {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// A sentence in both languages the server speaks: what a refusal says before it is sent.
/// Its `Display` is the English one (logs, tests, programs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// English.
    pub en: String,
    /// German.
    pub de: String,
}

impl Said {
    /// The table's sentence `id`, with the same holes filled in both languages (numbers,
    /// cells, names: the same in both).
    pub fn new(id: &'static str, fill: &[(&str, &str)]) -> Said {
        Said::each(id, fill, fill)
    }

    /// The table's sentence `id`, each language's holes filled with its own words.
    pub fn each(id: &'static str, en: &[(&str, &str)], de: &[(&str, &str)]) -> Said {
        // A missing id (a bug the tests catch) says itself in both, never nothing.
        let or_id = |t: &'static str| if t.is_empty() { id } else { t };
        Said {
            en: fill_in(or_id(text(Lang::En, id)), en),
            de: fill_in(or_id(text(Lang::De, id)), de),
        }
    }

    /// The table's German sentence `id` with `fill` in its holes, beside English said
    /// elsewhere (the rules', a computer level's reader's): what programs and tests always
    /// read stays as it was, and the German names the value the player typed.
    pub fn german(id: &'static str, fill: &[(&str, &str)], en: impl Into<String>) -> Said {
        Said {
            en: en.into(),
            de: Said::new(id, fill).de,
        }
    }

    /// The error message of `code` that says this.
    pub fn error(self, code: &'static str) -> ServerMsg {
        ServerMsg::error_de(code, self.en, self.de)
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

/// The English, where a refusal ends in a log rather than before a player (a showcase game
/// that cannot start).
impl From<Said> for String {
    fn from(said: Said) -> String {
        said.en
    }
}

/// The error `code` saying the table's sentence `id` with `fill` in its holes.
pub fn refused(code: &'static str, id: &'static str, fill: &[(&str, &str)]) -> ServerMsg {
    Said::new(id, fill).error(code)
}

/// The code `code` of the table (`code-X`), as the `'static` text a [`ServerMsg`] carries; `None`
/// for a code the server never sends (what another instance relays is checked against it).
pub fn code(code: &str) -> Option<&'static str> {
    REFUSALS
        .iter()
        .find_map(|(id, _, _)| id.strip_prefix("code-").filter(|c| *c == code))
}

/// The longest typed value a refusal repeats (as the rules' clock reader does).
const MAX_TYPED: usize = 40;

/// What a player typed, shortened, for a refusal to name.
fn typed(text: &str) -> String {
    text.trim().chars().take(MAX_TYPED).collect()
}

/// A computer level that does not parse: the level reader's English (`en`), and the German
/// naming what was typed.
pub fn level_error(text: &str, en: impl Into<String>) -> Said {
    let max = crate::engine::MAX_SKILL.to_string();
    Said::german("typed-level", &[("text", &typed(text)), ("max", &max)], en)
}

/// A colour that is not `white`, `black` or `random`: `en` is what the caller always said.
pub fn colour_error(text: &str, en: &str) -> Said {
    Said::german("typed-colour", &[("text", &typed(text))], en)
}

/// A clock text that does not parse: the rules' English, and the German naming the text.
pub fn clock_error(text: &str, e: &ParseTimeControlError) -> Said {
    Said::german("typed-clock", &[("text", &typed(text))], e.to_string())
}

/// A position text the rules refuse: the rules' English reason, and the German one, each
/// with its column.
pub fn position_error(e: &PositionError) -> Said {
    Said::each(
        "typed-position",
        &[("why", &e.to_string())],
        &[("why", &reasons::position(e))],
    )
}

/// A variant the rules refuse (a name, a one-line definition): their English reason, and the
/// German one.
pub fn variant_error(e: &VariantError) -> Said {
    Said {
        en: e.to_string(),
        de: reasons::variant(e),
    }
}

/// A player's one-line variant definition the rules refuse: `variant definition: …` in both
/// languages.
pub fn variant_def_error(e: &VariantError) -> Said {
    Said::each(
        "variant-def",
        &[("why", &e.to_string())],
        &[("why", &reasons::variant(e))],
    )
}

/// A player's variant file the rules refuse: as [`variant_def_error`], its line kept in both.
pub fn variant_file_error(e: &VariantFileError) -> Said {
    Said::each(
        "variant-def",
        &[("why", &e.to_string())],
        &[("why", &reasons::variant_file(e))],
    )
}

/// A variant definition that is not TOML at all, at line `line`: the TOML reader's English
/// (`en`), and the German with the line.
pub fn variant_syntax_error(line: usize, en: impl Into<String>) -> Said {
    Said::german("typed-variant-syntax", &[("line", &line.to_string())], en)
}

/// Why the rules refuse a move: the rules' own English words, and the window's German ones.
pub fn move_error(e: &MoveError) -> Said {
    Said {
        en: e.to_string(),
        de: lesson_words::move_error(Lang::De, e),
    }
}

/// Why a move text was refused: not legal here (the rules' reason names the cells, so the
/// German says only that), or unreadable.
pub fn move_text_error(e: &MoveTextError) -> Said {
    let de = match &e.kind {
        MoveTextErrorKind::Illegal(why) => lesson_words::move_error(Lang::De, why),
        _ => fill_in(
            text(Lang::De, "move-text-unreadable"),
            &[
                ("text", &format!("„{}“", e.text)),
                ("column", &e.column.to_string()),
            ],
        ),
    };
    Said {
        en: e.to_string(),
        de,
    }
}

/// Why the game refused a move.
pub fn play_error(e: &PlayError) -> Said {
    match e {
        PlayError::Illegal(why) => move_error(why),
        PlayError::Text(why) => move_text_error(why),
        PlayError::GameOver(outcome) => Said::each(
            "game-over-by",
            &[("cause", &outcome.to_string())],
            &[("cause", say::cause(Lang::De, *outcome))],
        ),
        PlayError::NotOnTurn(_) => Said {
            en: e.to_string(),
            de: text(Lang::De, "code-illegal").to_string(),
        },
    }
}

/// The message as a connection speaking `lang` gets it: an error's `msg` in German for a
/// German one (its own German text, or else its code's German sentence with the English
/// detail after it); everything else as it is.
pub fn in_language(msg: ServerMsg, lang: Lang) -> ServerMsg {
    match (msg, lang) {
        (ServerMsg::Error { code, msg, de }, Lang::De) => {
            let german = de.unwrap_or_else(|| {
                let general = REFUSALS
                    .iter()
                    .find(|(id, _, _)| id.strip_prefix("code-") == Some(&*code))
                    .map_or("", |(_, _, de)| de);
                if general.is_empty() || msg.is_empty() {
                    msg.clone()
                } else {
                    format!("{general} ({msg})")
                }
            });
            ServerMsg::Error {
                code,
                msg: german,
                de: None,
            }
        }
        (msg, _) => msg,
    }
}

/// What the checks of this table and of the pages' table (web/lang.rs) share: a text's holes,
/// and the server's sources they scan for the ids asked for.
#[cfg(test)]
pub(crate) mod scan {
    /// The `{name}` holes of a text, sorted.
    pub(crate) fn holes(text: &str) -> Vec<&str> {
        let mut v: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|x| x.split('}').next())
            .collect();
        v.sort_unstable();
        v
    }

    /// Every file under `src/server` whose extension is one of `extensions`, with its text.
    pub(crate) fn server_sources(extensions: &[&str]) -> Vec<(std::path::PathBuf, String)> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/server");
        let mut out = Vec::new();
        let mut dirs = vec![root];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path
                    .extension()
                    .is_some_and(|e| extensions.iter().any(|x| e == *x))
                {
                    let text = std::fs::read_to_string(&path).unwrap();
                    out.push((path, text));
                }
            }
        }
        out
    }

    /// The codes `ServerMsg::Error`'s documentation lists (the protocol's promise to programs),
    /// read from its source: the backquoted words of the doc comment above `code`.
    pub(crate) fn documented_codes() -> Vec<String> {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/client/messages/mod.rs");
        let source = std::fs::read_to_string(path).unwrap();
        let error = source.split("    Error {\n").nth(1).unwrap();
        let doc = error.split("code: Cow").next().unwrap();
        doc.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }
}

#[cfg(test)]
mod tests;
