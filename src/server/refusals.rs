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

/// The refusals: id, English, German. `{name}` marks a hole. An id `code-X` is code X's
/// general sentence (what a German connection gets for an error without a German text).
pub(crate) const REFUSALS: &[(&str, &str, &str)] = &[
    // Each code's general sentence.
    (
        "code-bad_json",
        "that message could not be read",
        "diese Nachricht war nicht lesbar",
    ),
    (
        "code-version",
        "another protocol version",
        "eine andere Protokollversion",
    ),
    ("code-hello_first", "say hello first", "zuerst hello sagen"),
    (
        "code-rate",
        "too many requests: slow down",
        "zu viele Anfragen: langsamer, bitte",
    ),
    (
        "code-auth",
        "the sign-in was refused",
        "die Anmeldung wurde abgelehnt",
    ),
    (
        "code-name",
        "that name cannot be used",
        "dieser Name geht nicht",
    ),
    (
        "code-taken",
        "that name is taken",
        "dieser Name ist schon vergeben",
    ),
    ("code-no_game", "no such game", "diese Partie gibt es nicht"),
    (
        "code-not_player",
        "you do not play in this game",
        "du spielst in dieser Partie nicht mit",
    ),
    (
        "code-not_your_turn",
        "it is not your move",
        "du bist nicht am Zug",
    ),
    (
        "code-stale",
        "the game has moved on",
        "die Partie ist schon weiter",
    ),
    (
        "code-illegal",
        "that move is not legal",
        "dieser Zug ist nicht erlaubt",
    ),
    ("code-over", "the game is over", "die Partie ist vorbei"),
    (
        "code-no_seek",
        "that seek is gone",
        "dieses Angebot ist nicht mehr da",
    ),
    (
        "code-seek",
        "the seek was refused",
        "das Angebot wurde abgelehnt",
    ),
    (
        "code-offer",
        "that offer cannot be made",
        "dieses Angebot geht nicht",
    ),
    (
        "code-db",
        "database error: try again",
        "Datenbankfehler: versuche es noch einmal",
    ),
    (
        "code-busy",
        "the server is busy: try again later",
        "der Server ist beschäftigt: versuche es später noch einmal",
    ),
    (
        "code-computer",
        "the computer game was refused",
        "die Partie gegen den Computer wurde abgelehnt",
    ),
    (
        "code-lesson",
        "the lesson could not be checked",
        "die Lektion konnte nicht geprüft werden",
    ),
    (
        "code-no_puzzle",
        "no such puzzle",
        "diese Aufgabe gibt es nicht",
    ),
    (
        "code-analysis",
        "the analysis was refused",
        "die Analyse wurde abgelehnt",
    ),
    (
        "code-tournament",
        "the tournament refused that",
        "das Turnier hat das abgelehnt",
    ),
    (
        "code-invite",
        "the invitation was refused",
        "die Einladung wurde abgelehnt",
    ),
    (
        "code-berserk",
        "berserk was refused",
        "Berserk wurde abgelehnt",
    ),
    ("code-not_found", "not found", "nicht gefunden"),
    (
        "code-too_long",
        "the address is too long",
        "die Adresse ist zu lang",
    ),
    // The message rate and sign-in attempts.
    (
        "rate-conn",
        "too many messages: slow down",
        "zu viele Nachrichten: langsamer, bitte",
    ),
    (
        "rate-address",
        "too many messages from your address: slow down",
        "zu viele Nachrichten von deiner Adresse: langsamer, bitte",
    ),
    (
        "rate-login-address",
        "too many attempts from your address: wait a minute",
        "zu viele Versuche von deiner Adresse: warte eine Minute",
    ),
    (
        "rate-login-account",
        "too many attempts for that account: wait a minute",
        "zu viele Versuche für dieses Konto: warte eine Minute",
    ),
    (
        "rate-puzzles",
        "too many puzzle requests: slow down",
        "zu viele Aufgaben auf einmal: langsamer, bitte",
    ),
    // Signing in and names.
    (
        "auth-wrong",
        "wrong name or password",
        "falscher Name oder falsches Passwort",
    ),
    (
        "auth-password-length",
        "a password has 8 to 200 characters",
        "ein Passwort hat 8 bis 200 Zeichen",
    ),
    (
        "name-length",
        "a name has 3 to 20 characters",
        "ein Name hat 3 bis 20 Zeichen",
    ),
    (
        "name-characters",
        "a name has only letters, digits, '_' and '-'",
        "ein Name hat nur Buchstaben, Ziffern, „_“ und „-“",
    ),
    (
        "name-letter",
        "a name starts with a letter",
        "ein Name beginnt mit einem Buchstaben",
    ),
    (
        "name-guest",
        "names starting with 'guest' are for guests",
        "Namen, die mit „guest“ beginnen, sind für Gäste",
    ),
    (
        "name-no-player",
        "no such player",
        "diesen Spieler gibt es nicht",
    ),
    (
        "seek-yourself",
        "you cannot challenge yourself",
        "du kannst dich nicht selbst herausfordern",
    ),
    (
        "seek-gone",
        "that seek is gone",
        "dieses Angebot ist nicht mehr da",
    ),
    // A game's moves and requests.
    ("not-a-move", "that is not a move", "das ist kein Zug"),
    (
        "not-your-move",
        "it is not your move",
        "du bist nicht am Zug",
    ),
    (
        "not-player",
        "you do not play in this game",
        "du spielst in dieser Partie nicht mit",
    ),
    (
        "not-player-then",
        "you did not play in that game",
        "du hast in dieser Partie nicht mitgespielt",
    ),
    ("game-over", "the game is over", "die Partie ist vorbei"),
    (
        "game-over-by",
        "the game is over: {cause}",
        "die Partie ist vorbei: {cause}",
    ),
    (
        "time-ran-out",
        "your time ran out",
        "deine Zeit ist abgelaufen",
    ),
    (
        "stale-played",
        "half-move {n} was already played",
        "Halbzug {n} wurde schon gespielt",
    ),
    (
        "stale-next",
        "the next half-move is {next}, not {n}",
        "der nächste Halbzug ist {next}, nicht {n}",
    ),
    (
        "move-text-unreadable",
        "move {text}, column {column}: that move text cannot be read",
        "{text} ist kein lesbarer Zug (Spalte {column})",
    ),
    (
        "abort-tournament",
        "a tournament game is never aborted: the side that does not move loses",
        "eine Turnierpartie wird nie abgebrochen: wer nicht zieht, verliert",
    ),
    (
        "abort-late",
        "a game can be aborted only before both sides have moved",
        "eine Partie kann nur abgebrochen werden, bevor beide Seiten gezogen haben",
    ),
    (
        "takeback-none",
        "you have no move to take back",
        "du hast keinen Zug, den du zurücknehmen könntest",
    ),
    (
        "takeback-nothing",
        "nothing to take back",
        "es gibt nichts zurückzunehmen",
    ),
    (
        "game-gone",
        "that game is no longer live",
        "diese Partie läuft nicht mehr",
    ),
    ("no-game", "no such game", "diese Partie gibt es nicht"),
    (
        "no-live-game",
        "no such live game",
        "diese laufende Partie gibt es nicht",
    ),
    (
        "following-too-many",
        "following too many games",
        "du folgst zu vielen Partien",
    ),
    (
        "berserk-arena",
        "berserk is only for arena tournament games",
        "Berserk gibt es nur in Partien eines Arena-Turniers",
    ),
    (
        "berserk-first-move",
        "berserk only before your first move",
        "Berserk nur vor deinem ersten Zug",
    ),
    (
        "berserk-clock",
        "berserk needs a clock",
        "Berserk braucht eine Uhr",
    ),
    // The computer.
    (
        "computer-per-player",
        "you are playing the computer {n} times already (at most {max} at once): finish a \
         game first",
        "du spielst schon {n}-mal gegen den Computer (höchstens {max} gleichzeitig): beende \
         zuerst eine Partie",
    ),
    (
        "computer-per-address",
        "your address plays the computer {n} times already (at most {max} at once): finish a \
         game first",
        "deine Adresse spielt schon {n}-mal gegen den Computer (höchstens {max} \
         gleichzeitig): beende zuerst eine Partie",
    ),
    (
        "computer-not-over",
        "that game is not over",
        "diese Partie ist noch nicht vorbei",
    ),
    (
        "busy-moves",
        "the computer is busy: {queued} moves are waiting for it (at most {max}) and {running} \
         are being searched; try again in a minute",
        "der Computer ist beschäftigt: {queued} Züge warten auf ihn (höchstens {max}), und \
         {running} werden gerade berechnet; versuche es in einer Minute noch einmal",
    ),
    (
        "busy-analyses",
        "the computer is busy: {waiting} analyses are waiting for it (at most {max}); try again \
         in a minute",
        "der Computer ist beschäftigt: {waiting} Analysen warten auf ihn (höchstens {max}); \
         versuche es in einer Minute noch einmal",
    ),
    // Analyses.
    (
        "busy-game-analyses",
        "{waiting} games are waiting for their analysis (at most {max}): try again in a few \
         minutes",
        "{waiting} Partien warten auf ihre Analyse (höchstens {max}): versuche es in ein paar \
         Minuten noch einmal",
    ),
    (
        "analyses-per-player",
        "you have asked for {n} game analyses in the last hour (the most there may be): try \
         again later",
        "du hast in der letzten Stunde {n} Partieanalysen angefordert (mehr gehen nicht): \
         versuche es später noch einmal",
    ),
    (
        "analyses-per-address",
        "your address has asked for {n} game analyses in the last hour (the most there may \
         be): try again later",
        "deine Adresse hat in der letzten Stunde {n} Partieanalysen angefordert (mehr gehen \
         nicht): versuche es später noch einmal",
    ),
    (
        "analysis-not-over",
        "only a finished game can be analysed",
        "nur eine beendete Partie kann analysiert werden",
    ),
    (
        "analysis-time-spent",
        "you have used the engine time the analysis board gives you for now; it comes back at \
         {secs} seconds a minute",
        "du hast die Rechenzeit des Analysebretts vorerst verbraucht; sie kommt mit {secs} \
         Sekunden pro Minute zurück",
    ),
    (
        "analysis-own-game",
        "that is the position of a game you are playing now: analyse it once the game is over",
        "das ist die Stellung einer Partie, die du gerade spielst: analysiere sie, wenn die \
         Partie vorbei ist",
    ),
    (
        "analysis-too-long",
        "that position or list of moves is too long",
        "diese Stellung oder Zugliste ist zu lang",
    ),
    (
        "analysis-not-a-move",
        "move {i} is not a move",
        "Zug {i} ist kein Zug",
    ),
    (
        "analysis-move",
        "move {i} ({move}): {why}",
        "Zug {i} ({move}): {why}",
    ),
    // Invitations.
    (
        "invite-too-many",
        "you have {open} open invitations already (at most {max}): wait for a friend to join \
         one, or for one to expire",
        "du hast schon {open} offene Einladungen (höchstens {max}): warte, bis ein Freund \
         einer folgt oder eine abläuft",
    ),
    (
        "invite-busy",
        "too many invitations: try later",
        "zu viele Einladungen: versuche es später noch einmal",
    ),
    (
        "invite-gone",
        "no such invitation: it expired, or the link is mistyped",
        "diese Einladung gibt es nicht: sie ist abgelaufen, oder der Link ist falsch",
    ),
    (
        "invite-own",
        "that is your own invitation: send its link to a friend",
        "das ist deine eigene Einladung: schick ihren Link einem Freund",
    ),
    (
        "invite-guest-rated",
        "guests play casual games only",
        "Gäste spielen nur ungewertete Partien",
    ),
    (
        "invite-used",
        "that invitation has been used: its seat is taken",
        "diese Einladung wurde schon angenommen: ihr Platz ist vergeben",
    ),
    // Tournaments.
    (
        "tournament-none",
        "no such tournament",
        "dieses Turnier gibt es nicht",
    ),
    (
        "tournament-over",
        "that tournament is over",
        "dieses Turnier ist vorbei",
    ),
    (
        "tournament-not-in",
        "not in that tournament",
        "du bist nicht in diesem Turnier",
    ),
    (
        "tournament-per-day",
        "at most {n} tournaments a day",
        "höchstens {n} Turniere am Tag",
    ),
    (
        "tournament-rated-account",
        "a rated tournament needs an account",
        "ein gewertetes Turnier braucht ein Konto",
    ),
    (
        "tournament-kind",
        "kind is arena or swiss",
        "die Art ist arena oder swiss",
    ),
    (
        "tournament-days",
        "1 to 14 days per move",
        "1 bis 14 Tage pro Zug",
    ),
    (
        "tournament-start",
        "it must start within four weeks",
        "es muss innerhalb von vier Wochen beginnen",
    ),
    (
        "tournament-rounds",
        "a Swiss has 1 to {max} rounds",
        "ein Turnier im Schweizer System hat 1 bis {max} Runden",
    ),
    (
        "tournament-arena-length",
        "an arena lasts from 10 seconds to a day",
        "eine Arena dauert 10 Sekunden bis einen Tag",
    ),
    (
        "tournament-arena-clock",
        "an arena needs a live clock",
        "eine Arena braucht eine laufende Uhr",
    ),
    (
        "tournament-set-times-swiss",
        "rounds at set times are for a Swiss",
        "Runden zu festen Zeiten gibt es nur im Schweizer System",
    ),
    (
        "tournament-set-times-range",
        "rounds at set times are 1 second to 30 days apart",
        "Runden zu festen Zeiten liegen 1 Sekunde bis 30 Tage auseinander",
    ),
    (
        "tournament-clock-or-days",
        "a clock or days per move, please",
        "bitte eine Uhr oder Tage pro Zug",
    ),
    (
        "tournament-name",
        "a name of 1 to 60 characters, please",
        "bitte einen Namen mit 1 bis 60 Zeichen",
    ),
    // The protocol's greeting and questions.
    (
        "version",
        "this server speaks version {v}",
        "dieser Server spricht Version {v}",
    ),
    (
        "hello-again",
        "hello was already said",
        "hello wurde schon gesagt",
    ),
    (
        "question-too-long",
        "the question is too long",
        "die Frage ist zu lang",
    ),
    (
        "no-game-or-question",
        "no such game, or the question is too long",
        "diese Partie gibt es nicht, oder die Frage ist zu lang",
    ),
    (
        "ask-built-in",
        "only the built-in variants can be asked about by position",
        "nach einer Stellung fragen geht nur in den eingebauten Varianten",
    ),
    (
        "busy-instance",
        "the instance playing that game does not answer",
        "der Server, der diese Partie spielt, antwortet nicht",
    ),
    // What a player typed: the English is the reader's own (the rules', the computer's
    // levels'), the table's English says the same for reference; the German names the value.
    (
        "typed-level",
        "\"{text}\" is not a level: easy, normal, hard, or a skill level 0 to {max}",
        "„{text}“ ist keine Stufe: easy, normal, hard oder eine Spielstärke von 0 bis {max}",
    ),
    (
        "typed-colour",
        "\"{text}\" is not a colour: white, black or random",
        "„{text}“ ist keine Farbe: white, black oder random",
    ),
    (
        "typed-clock",
        "\"{text}\" is not a time control: seconds+increment, like 300+3 or 10+0.1 (a base \
         time above zero and up to a day, an increment up to an hour)",
        "„{text}“ ist keine Bedenkzeit: Sekunden+Zuschlag wie 300+3 oder 10+0.1 (eine Grundzeit \
         über null bis zu einem Tag, ein Zuschlag bis zu einer Stunde)",
    ),
    (
        "typed-variant",
        "\"{text}\" is not a variant here (this server plays: {names}; or send your own as \
         variant_def)",
        "„{text}“ ist keine Variante dieses Servers (er spielt: {names}; oder schick deine \
         eigene als variant_def)",
    ),
    (
        "typed-variant-syntax",
        "variant definition, line {line}: that is not TOML",
        "Variantendefinition, Zeile {line}: das ist kein lesbares TOML",
    ),
    (
        "typed-position",
        "that is not a position: {why}",
        "das ist keine Stellung: {why}",
    ),
    // Variants.
    (
        "variant-name-length",
        "a variant name has at most 40 characters",
        "ein Variantenname hat höchstens 40 Zeichen",
    ),
    (
        "variant-def-length",
        "a variant definition has at most {max} bytes",
        "eine Variantendefinition hat höchstens {max} Bytes",
    ),
    (
        "variant-def",
        "variant definition: {why}",
        "Variantendefinition: {why}",
    ),
    (
        "variant-custom-full",
        "this server holds as many custom variants as it takes; play a built-in one or one \
         already played here",
        "dieser Server hat so viele eigene Varianten, wie er aufnimmt; spiel eine eingebaute \
         oder eine, die hier schon gespielt wurde",
    ),
    // Seeks, challenges and rematches.
    (
        "seek-own-variant-casual",
        "a variant of your own is played casual (rated games are for built-in variants)",
        "eine eigene Variante wird ungewertet gespielt (gewertete Partien gibt es nur in den \
         eingebauten Varianten)",
    ),
    (
        "seek-tc-and-days",
        "a seek has a time control or days per move, not both",
        "ein Angebot hat eine Bedenkzeit oder Tage pro Zug, nicht beides",
    ),
    (
        "seek-base-second",
        "the base time is at least a second",
        "die Grundzeit ist mindestens eine Sekunde",
    ),
    (
        "seek-days",
        "days per move: 1, 2, 3, 5, 7 or 14",
        "Tage pro Zug: 1, 2, 3, 5, 7 oder 14",
    ),
    (
        "seek-tc-or-days",
        "a seek needs tc or days",
        "ein Angebot braucht eine Bedenkzeit oder Tage pro Zug",
    ),
    ("seek-none", "no such seek", "dieses Angebot gibt es nicht"),
    (
        "seek-too-many",
        "too many open seeks",
        "zu viele offene Angebote",
    ),
    (
        "seek-not-yours-here",
        "no such seek of yours here",
        "so ein Angebot von dir gibt es hier nicht",
    ),
    (
        "seek-not-yours",
        "no such seek of yours",
        "so ein Angebot von dir gibt es nicht",
    ),
    (
        "seek-own",
        "that is your own seek",
        "das ist dein eigenes Angebot",
    ),
    (
        "seek-range",
        "your rating is outside that seek's range",
        "deine Wertung liegt außerhalb des Bereichs dieses Angebots",
    ),
    (
        "challenge-decline-there",
        "decline it on the challenger's instance",
        "lehne sie auf dem Server des Herausforderers ab",
    ),
    (
        "challenge-none",
        "no such challenge to you",
        "so eine Herausforderung an dich gibt es nicht",
    ),
    (
        "challenge-other",
        "that challenge is for someone else",
        "diese Herausforderung gilt jemand anderem",
    ),
    (
        "rematch-not-over",
        "that game is not over",
        "diese Partie ist noch nicht vorbei",
    ),
    // The computer and the analysis board.
    (
        "computer-too-long",
        "that is not a level or a clock",
        "das ist weder eine Stufe noch eine Bedenkzeit",
    ),
    (
        "computer-built-in",
        "the computer plays the built-in variants only",
        "der Computer spielt nur die eingebauten Varianten",
    ),
    (
        "analysis-built-in",
        "the analysis board knows the built-in variants only",
        "das Analysebrett kennt nur die eingebauten Varianten",
    ),
    // Berserk and lessons.
    ("berserk-already", "already berserk", "schon Berserk"),
    (
        "berserk-time",
        "too little time left to go berserk",
        "zu wenig Zeit übrig für Berserk",
    ),
    (
        "lesson-no-stage",
        "there is no stage {s} in lesson {n}",
        "Lektion {n} hat keine Stufe {s}",
    ),
    (
        "lesson-too-many",
        "too many or too long inputs: start the stage again",
        "zu viele oder zu lange Eingaben: beginne die Stufe noch einmal",
    ),
    (
        "lesson-unreadable",
        "the lessons could not be read",
        "die Lektionen konnten nicht gelesen werden",
    ),
    // Puzzles.
    (
        "puzzle-none",
        "no such puzzle",
        "diese Aufgabe gibt es nicht",
    ),
    (
        "puzzle-none-here",
        "this server has no puzzles",
        "dieser Server hat keine Aufgaben",
    ),
];

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
mod tests {
    use super::scan::{holes, server_sources};
    use super::*;

    /// The first quoted word after each `call` in `source`.
    fn quoted_after<'a>(source: &'a str, call: &str) -> Vec<&'a str> {
        source
            .split(call)
            .skip(1)
            .filter_map(|rest| rest.trim_start().strip_prefix('"')?.split('"').next())
            .collect()
    }

    #[test]
    fn every_refusal_has_both_languages_and_the_same_holes() {
        let mut ids = std::collections::HashSet::new();
        for (id, en, de) in REFUSALS {
            assert!(ids.insert(id), "{id} twice");
            assert!(!en.is_empty() && !de.is_empty(), "{id}");
            assert_eq!(holes(en), holes(de), "{id}: the same holes in both");
            assert_ne!(en, de, "{id} is not translated");
        }
    }

    /// Every code the server's sources send (`ServerMsg::error("X"`, `refusals::refused("X"`,
    /// `.error("X"` of a [`Said`], and the codes the protocol documents) has its general sentence in
    /// English and German, and every sentence a source asks for (`refusals::refused(_, "id"`,
    /// `Said::new("id"`, `Said::each("id"`) is in the table: a German page never shows a bare
    /// code, nor a key. (The sources call [`refused`] by its module's name, for this scan.)
    #[test]
    fn every_error_code_the_server_sends_has_english_and_german_text() {
        let known: std::collections::HashSet<&str> =
            REFUSALS.iter().map(|(id, _, _)| *id).collect();
        let mut codes = std::collections::BTreeSet::new();
        let mut asked = Vec::new();
        for (path, source) in server_sources(&["rs"]) {
            if path.ends_with("refusals.rs") {
                continue;
            }
            for call in [
                "ServerMsg::error(",
                "ServerMsg::error_de(",
                "refusals::refused(",
                ".error(",
            ] {
                codes.extend(quoted_after(&source, call).into_iter().map(str::to_string));
            }
            for call in ["Said::new(", "Said::each(", "Said::german("] {
                asked.extend(quoted_after(&source, call).into_iter().map(str::to_string));
            }
            // `refused("code", "id", …)`: the id is the second word.
            for rest in source.split("refusals::refused(").skip(1) {
                let id = rest
                    .trim_start()
                    .strip_prefix('"')
                    .and_then(|r| r.split_once('"'))
                    .and_then(|(_, r)| r.trim_start().strip_prefix(','))
                    .and_then(|r| r.trim_start().strip_prefix('"'))
                    .and_then(|r| r.split('"').next());
                asked.extend(id.map(str::to_string));
            }
        }
        // The codes the protocol promises (the bus relays each of them: [`code`]).
        codes.extend(super::scan::documented_codes());
        // The HTTP API's codes (made with a code in a variable).
        codes.extend(["not_found", "too_long"].map(str::to_string));
        assert!(codes.len() > 20, "only {codes:?}: the scan is broken");
        assert!(
            asked.len() > 40,
            "only {} sentences found: the scan is broken",
            asked.len()
        );
        for code in &codes {
            let id = format!("code-{code}");
            assert!(
                known.contains(id.as_str()),
                "no English and German text for code {code}"
            );
            assert!(!text(Lang::En, &id).is_empty() && !text(Lang::De, &id).is_empty());
        }
        for id in &asked {
            assert!(known.contains(id.as_str()), "no refusal {id}");
        }
    }

    #[test]
    fn a_german_connection_gets_german_and_an_english_one_what_it_always_got() {
        let e = refused(
            "busy",
            "busy-game-analyses",
            &[("waiting", "3"), ("max", "3")],
        );
        let ServerMsg::Error { msg, .. } = in_language(e.clone(), Lang::En) else {
            panic!()
        };
        assert_eq!(
            msg,
            "3 games are waiting for their analysis (at most 3): try again in a few minutes"
        );
        assert!(
            !e.to_json().contains("Partien"),
            "the German text is no field of its own"
        );
        let ServerMsg::Error { msg, .. } = in_language(e, Lang::De) else {
            panic!()
        };
        assert!(msg.starts_with("3 Partien warten"), "{msg}");
        // Without a German text: the code's sentence, the detail after it.
        let ServerMsg::Error { msg, .. } =
            in_language(ServerMsg::error("db", "disk full"), Lang::De)
        else {
            panic!()
        };
        assert_eq!(msg, "Datenbankfehler: versuche es noch einmal (disk full)");
        // The rules' reason, in the window's German words.
        let pos = crate::rules::Position::default();
        let e = pos.parse_move("e5e6").unwrap_err();
        let said = move_text_error(&e);
        assert_eq!(said.en, e.to_string());
        assert_eq!(said.de, "Auf e5 steht keine Figur");
        let e = pos.parse_move("e5?").unwrap_err();
        let said = move_text_error(&e);
        assert_eq!(said.en, e.to_string());
        assert!(
            said.de.starts_with("„e5?“ ist kein lesbarer Zug (Spalte "),
            "{}",
            said.de
        );
    }

    /// The German of `said`, checked to carry no English: none of the English's words of four
    /// letters or more stands as a word in it (values such as a typed text or a variant's
    /// name aside).
    fn german_only(said: &Said, values: &[&str]) -> String {
        let mut de = said.de.clone();
        for v in values {
            de = de.replace(v, "");
        }
        let words = |t: &str| {
            t.split(|c: char| !c.is_alphabetic())
                .filter(|w| w.chars().count() >= 4)
                .map(str::to_string)
                .collect::<std::collections::HashSet<_>>()
        };
        let english = words(&said.en);
        for word in words(&de) {
            assert!(
                !english.contains(&word),
                "English {word:?} in {:?} ({:?})",
                said.de,
                said.en
            );
        }
        said.de.clone()
    }

    /// A level, a colour, a clock, a variant name and a bad variant file, each as a player
    /// typed it: the German names the value, in German only; the English stays the reader's.
    #[test]
    fn what_a_player_typed_is_refused_in_german() {
        // The computer's level reader's words (it stands above this table: the server test
        // reads them from it).
        let en = "unknown level: easy, normal, hard, or a skill level 0 to 20".to_string();
        let said = level_error("superb", en.clone());
        assert_eq!(said.en, en);
        let de = german_only(&said, &["superb", "easy", "normal", "hard"]);
        assert!(de.starts_with("„superb“ ist keine Stufe"), "{de}");
        assert!(de.contains("0 bis 20"), "{de}");

        let said = colour_error("purple", "a colour is white, black or random");
        let de = german_only(&said, &["purple", "white", "black", "random"]);
        assert_eq!(de, "„purple“ ist keine Farbe: white, black oder random");

        let e = "fast"
            .parse::<crate::rules::clock::TimeControl>()
            .unwrap_err();
        let said = clock_error("fast", &e);
        assert_eq!(said.en, e.to_string());
        let de = german_only(&said, &["fast"]);
        assert!(de.starts_with("„fast“ ist keine Bedenkzeit: "), "{de}");

        let said = crate::server::variant::check(Some("Chaturanga"), None).unwrap_err();
        assert!(said.en.starts_with("unknown variant"), "{}", said.en);
        let names = crate::rules::Variant::builtin_names().join(", ");
        let de = german_only(&said, &["Chaturanga", &names, "variant_def"]);
        assert!(de.starts_with("„Chaturanga“ ist keine Variante"), "{de}");

        // A variant file the rules refuse, at line 2 (it has no King): the line in both.
        let file = "name = \"Kingless\"\nstart = \"8/8\"\n[[pieces]]\nletter = \"Q\"\nname = \"Q\"\nmoves = \"E\"\n";
        let said = crate::server::variant::check(None, Some(file)).unwrap_err();
        assert!(
            said.en.starts_with("variant definition: line "),
            "{}",
            said.en
        );
        let de = german_only(&said, &[]);
        assert!(de.starts_with("Variantendefinition: Zeile "), "{de}");
        let line = |t: &str| {
            t.split("line ")
                .nth(1)
                .map(|r| r.split(':').next().map(str::to_string))
        };
        let zeile = |t: &str| {
            t.split("Zeile ")
                .nth(1)
                .map(|r| r.split(':').next().map(str::to_string))
        };
        assert_eq!(line(&said.en), zeile(&de), "{} / {de}", said.en);

        // Not TOML at all, on line 3.
        let said =
            crate::server::variant::check(None, Some("name = \"X\"\n\nstart = \n")).unwrap_err();
        assert!(said.en.starts_with("variant definition: "), "{}", said.en);
        assert_eq!(
            german_only(&said, &[]),
            "Variantendefinition, Zeile 3: das ist kein lesbares TOML"
        );

        // A bad movement and a bad start, in a one-line definition.
        let e = crate::rules::Variant::from_inline_toml(
            "{ name = \"Odd\", start = \"8/8\", pieces = [{ letter = \"K\", name = \"K\", moves = \"EE\", royal = true }, { letter = \"Q\", name = \"Q\", moves = \"E\" }] }",
        )
        .unwrap_err();
        let said = variant_def_error(&e);
        german_only(&said, &["Odd", "EE"]);
    }

    /// A position text the rules refuse is said in German with its column.
    #[test]
    fn a_position_is_refused_in_german() {
        let e = "x".parse::<crate::rules::Position>().unwrap_err();
        let said = position_error(&e);
        assert!(
            said.en.starts_with("that is not a position: "),
            "{}",
            said.en
        );
        let de = german_only(&said, &[]);
        assert!(de.starts_with("das ist keine Stellung: Spalte "), "{de}");
    }

    /// A reply's code is one the table knows, as its `'static` text; others are none.
    #[test]
    fn codes_are_the_tables() {
        assert_eq!(code("tournament"), Some("tournament"));
        assert_eq!(code("berserk"), Some("berserk"));
        assert_eq!(code("nonsense"), None);
    }
}
