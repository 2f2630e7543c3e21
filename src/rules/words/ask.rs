//! The questions a player who cannot see the board asks about a game (`s e5`, `m e5`, `p B`,
//! `r e5`, `l`, `c`, `t`, `b`, `h`) and their answers in words: one table for the web pages'
//! command field (through the server's `blind.rs`) and the window's typed-move field (behind
//! `/`), so both answer alike.

use super::{Lang, say};
use crate::rules::{Cell, Game, Side};

/// The clocks a question about them reads: milliseconds left for White and Black, and whose
/// clock runs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ClockWords {
    /// White's time left.
    pub white_ms: u64,
    /// Black's time left.
    pub black_ms: u64,
    /// Whose clock runs, if one does.
    pub running: Option<Side>,
}

/// An answer: its sentences, or for `b` (and an empty question) the text board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Answer {
    /// Sentences, one a line.
    Lines(Vec<String>),
    /// The text board.
    Board(say::TextBoard),
}

impl Answer {
    /// The answer as lines: a text board as its turn, each side's pieces, then its rows.
    pub fn into_lines(self) -> Vec<String> {
        match self {
            Answer::Lines(l) => l,
            Answer::Board(b) => {
                let mut out = vec![b.turn];
                out.extend(b.pieces);
                out.extend(
                    b.rows
                        .into_iter()
                        .map(|(heading, cells)| format!("{heading}: {}", cells.join(", "))),
                );
                out
            }
        }
    }
}

/// The commands, for `h`.
pub fn help(lang: Lang) -> Vec<String> {
    let lines: &[(&str, &str)] = &[
        (
            "A move: two cells, e.g. c4d3, Sa2e5, or j2k2q to promote.",
            "Ein Zug: zwei Felder, z. B. c4d3, Sa2e5, oder j2k2q zum Umwandeln.",
        ),
        (
            "m e5: the legal moves of the piece on e5.",
            "m e5: die erlaubten Züge der Figur auf e5.",
        ),
        (
            "p B: where the Bishops of both sides stand (K Q R B S P).",
            "p B: wo die Läufer beider Seiten stehen (K Q R B S P).",
        ),
        (
            "s e5: what stands on e5 and across each side and at each corner.",
            "s e5: was auf e5 steht und über jeder Seite und an jeder Ecke.",
        ),
        (
            "r e5: the reach of the piece on e5, each line in order and what ends it, its leaps.",
            "r e5: die Reichweite der Figur auf e5, jede Linie der Reihe nach und was sie beendet, ihre Sprünge.",
        ),
        ("l: the last move.", "l: der letzte Zug."),
        ("c: the clocks.", "c: die Uhren."),
        ("t: pieces under attack.", "t: angegriffene Figuren."),
        ("b: the text board again.", "b: das Textbrett erneut."),
        ("h: this help.", "h: diese Hilfe."),
    ];
    lines
        .iter()
        .map(|(en, de)| match lang {
            Lang::En => (*en).to_string(),
            Lang::De => (*de).to_string(),
        })
        .collect()
}

/// A cell argument, or the sentence saying why it is none.
fn cell_arg(lang: Lang, arg: &str) -> Result<Cell, String> {
    arg.parse::<Cell>().map_err(|e| match lang {
        Lang::En => format!("Which cell? {e}."),
        Lang::De => format!("Welches Feld? {e}."),
    })
}

/// Half-move `n` (from 1) of `game` in words.
fn move_at(lang: Lang, game: &Game, n: usize) -> Option<String> {
    let plies = game.plies();
    let ply = plies.get(n.checked_sub(1)?)?;
    let mut before = game.start_position().clone();
    for p in &plies[..n - 1] {
        before.make_move(p.mv);
    }
    let mut w = super::move_words(&before, ply.mv)?;
    if n == plies.len() && w.ends.is_none() {
        w = super::last_move_words(game)?;
    }
    let mover = match lang {
        Lang::En => format!("Move {}: ", n.div_ceil(2)),
        Lang::De => format!("Zug {}: ", n.div_ceil(2)),
    };
    Some(format!("{mover}{}.", say::move_words(lang, &before, &w)))
}

/// The answer to `question` about `game`: what any page with a board (a game, a puzzle, a
/// lesson, the analysis board) and the window's typed-move field answer with.
pub fn answer(game: &Game, clocks: Option<ClockWords>, question: &str, lang: Lang) -> Answer {
    let pos = game.position();
    let q = question.trim();
    let (cmd, arg) = q.split_once(' ').unwrap_or((q, ""));
    let arg = arg.trim();
    let lines = match cmd {
        "b" | "" => return Answer::Board(say::text_board(lang, pos)),
        "h" | "?" => help(lang),
        "l" => {
            let at = if arg.is_empty() {
                Some(game.plies().len())
            } else {
                arg.parse::<usize>().ok()
            };
            match at.and_then(|k| move_at(lang, game, k)) {
                Some(s) => vec![s],
                None if game.plies().is_empty() => vec![lang_pick(
                    lang,
                    "No move has been played yet.",
                    "Es wurde noch kein Zug gespielt.",
                )],
                None => vec![lang_pick(
                    lang,
                    "There is no such move.",
                    "Diesen Zug gibt es nicht.",
                )],
            }
        }
        "m" => match cell_arg(lang, arg) {
            Ok(c) => vec![say::legal(lang, pos, c)],
            Err(e) => vec![e],
        },
        "s" => match cell_arg(lang, arg) {
            Ok(c) => say::around(lang, pos, &super::around(c)),
            Err(e) => vec![e],
        },
        "r" => match cell_arg(lang, arg) {
            Ok(c) => match super::reach(pos, c) {
                Some(r) => say::reach(lang, pos, &r),
                None => vec![say::cell(lang, pos, c)],
            },
            Err(e) => vec![e],
        },
        "p" => {
            let letter = arg.chars().next().filter(|_| arg.chars().count() == 1);
            match letter.and_then(|l| pos.variant().kind_of_letter(l)) {
                Some(k) => vec![say::where_are(lang, pos, k, &super::where_are(pos, k))],
                None => vec![lang_pick(
                    lang,
                    "Which piece? Write its letter, e.g. p B.",
                    "Welche Figur? Schreib ihren Buchstaben, z. B. p B.",
                )],
            }
        }
        "t" => say::threats(lang, pos),
        "c" => vec![match clocks {
            Some(c) => say::clocks(lang, c.white_ms, c.black_ms, c.running),
            None => lang_pick(
                lang,
                "This game has no clocks.",
                "Diese Partie hat keine Uhren.",
            ),
        }],
        _ => vec![match lang {
            Lang::En => format!("Unknown command \"{q}\": h lists the commands."),
            Lang::De => format!("Unbekannter Befehl \"{q}\": h zeigt die Befehle."),
        }],
    };
    Answer::Lines(lines)
}

fn lang_pick(lang: Lang, en: &str, de: &str) -> String {
    match lang {
        Lang::En => en.to_string(),
        Lang::De => de.to_string(),
    }
}
