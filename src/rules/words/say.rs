//! The geometry's words in English and German. The rules know no language elsewhere (the
//! window's catalogue translates their errors); these sentences are built here because the
//! game server, which has no catalogue, says them too. The phrases follow rule book §11.

use std::fmt::Write as _;

use super::{Around, End, LeapWords, LineWords, MoveWords, ReachWords, Through};
use crate::rules::board::{LeapKind, LineKind, Shape, Turn, board};
use crate::rules::cell::Cell;
use crate::rules::clock::format_clock;
use crate::rules::game::Outcome;
use crate::rules::piece::{Piece, PieceKind, Side};
use crate::rules::position::Position;

/// A language the words are said in.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// German.
    De,
}

impl Lang {
    /// Reads a language code (`en`, `de`, `de-DE`); anything else is English.
    pub fn parse(code: &str) -> Lang {
        if code.trim().to_ascii_lowercase().starts_with("de") {
            Lang::De
        } else {
            Lang::En
        }
    }

    /// Picks the English or the German text.
    fn pick<'a>(self, en: &'a str, de: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::De => de,
        }
    }
}

/// "White" / "Weiß".
pub fn side(lang: Lang, side: Side) -> &'static str {
    match side {
        Side::White => lang.pick("White", "Weiß"),
        Side::Black => lang.pick("Black", "Schwarz"),
    }
}

/// The name of `kind` in `pos`'s army.
pub fn kind(lang: Lang, pos: &Position, kind: PieceKind) -> String {
    let en = pos.variant().kind_name(kind);
    if lang == Lang::En {
        return en.to_string();
    }
    let de = match en {
        "King" => "König",
        "Queen" => "Dame",
        "Rook" => "Turm",
        "Bishop" => "Läufer",
        "Sorcerer" => "Zauberer",
        "Pawn" => "Bauer",
        "Knight" => "Springer",
        "Archer" => "Bogenschütze",
        "Chariot" => "Streitwagen",
        "Elephant" => "Elefant",
        other => other,
    };
    de.to_string()
}

/// "White Bishop" / "Weiß Läufer" (the side's name before the kind, as chess books print it,
/// so German needs no declension).
pub fn piece(lang: Lang, pos: &Position, p: Piece) -> String {
    format!("{} {}", side(lang, p.side), kind(lang, pos, p.kind))
}

/// "e5 (White Bishop)", "e5 (empty)".
pub fn cell(lang: Lang, pos: &Position, c: Cell) -> String {
    match pos.piece_at(c) {
        Some(p) => format!("{c} ({})", piece(lang, pos, p)),
        None => format!("{c} ({})", lang.pick("empty", "leer")),
    }
}

/// A cell as the window's accessibility tree names it: "e5, rising cell, White Bishop",
/// "e5, steigendes Feld, leer".
pub fn cell_name(lang: Lang, pos: &Position, c: Cell) -> String {
    let on = match pos.piece_at(c) {
        Some(p) => piece(lang, pos, p),
        None => lang.pick("empty", "leer").to_string(),
    };
    format!("{c}, {}, {on}", shape(lang, c))
}

/// "rising cell" / "steigendes Feld".
pub fn shape(lang: Lang, c: Cell) -> &'static str {
    match board().cell(c).shape {
        Shape::Flat => lang.pick("flat cell", "flaches Feld"),
        Shape::Rising => lang.pick("rising cell", "steigendes Feld"),
        Shape::Falling => lang.pick("falling cell", "fallendes Feld"),
    }
}

/// "across the 2 o'clock side", "through the 1 o'clock corner, turning left".
pub fn through(lang: Lang, t: Through) -> String {
    match (lang, t) {
        (Lang::En, Through::Side(h)) => format!("across the {h} o'clock side"),
        (Lang::De, Through::Side(h)) => format!("über die {h}-Uhr-Seite"),
        (Lang::En, Through::Corner(h, None)) => format!("through the {h} o'clock corner"),
        (Lang::De, Through::Corner(h, None)) => format!("durch die {h}-Uhr-Ecke"),
        (_, Through::Corner(h, Some(turn))) => format!(
            "{}, {}",
            through(lang, Through::Corner(h, None)),
            turning(lang, turn)
        ),
    }
}

fn turning(lang: Lang, turn: Turn) -> &'static str {
    match turn {
        Turn::Left => lang.pick("turning left", "nach links"),
        Turn::Right => lang.pick("turning right", "nach rechts"),
    }
}

/// A move in words: "Black Sorcerer g3 takes Bishop e5, check".
pub fn move_words(lang: Lang, pos: &Position, m: &MoveWords) -> String {
    let mut s = format!("{} {}", piece(lang, pos, m.piece), m.from);
    match m.takes {
        Some(k) => {
            let _ = write!(
                s,
                " {} {} {}",
                lang.pick("takes", "schlägt"),
                kind(lang, pos, k),
                m.to
            );
        }
        None => {
            let _ = write!(s, " {} {}", lang.pick("to", "nach"), m.to);
        }
    }
    if let Some(k) = m.promotion {
        let _ = write!(
            s,
            ", {} {}",
            lang.pick("becomes", "wird"),
            kind(lang, pos, k)
        );
    }
    match m.ends {
        Some(o) => {
            let _ = write!(s, ", {}", cause(lang, o));
        }
        None if m.check => s.push_str(lang.pick(", check", ", Schach")),
        None => {}
    }
    s
}

/// What ended a game, in a few words.
pub fn cause(lang: Lang, o: Outcome) -> &'static str {
    match o {
        Outcome::Checkmate { .. } => lang.pick("checkmate", "Schachmatt"),
        Outcome::Stalemate { .. } => lang.pick("stalemate", "Patt"),
        Outcome::Resignation { .. } => lang.pick("resignation", "Aufgabe"),
        Outcome::Repetition => lang.pick("threefold repetition", "dreifache Wiederholung"),
        Outcome::FiftyMoves => lang.pick(
            "100 half-moves without capture or pawn move",
            "100 Halbzüge ohne Schlagen oder Bauernzug",
        ),
        Outcome::Agreement => lang.pick("agreement", "Einigung"),
        Outcome::Time { .. } => lang.pick("time", "Zeit"),
    }
}

/// Whose move, or, where the side to move has none, how the board ended the game: a text board
/// after checkmate must not invite a move.
fn standing(lang: Lang, pos: &Position) -> String {
    let Some(end) = super::mate_or_stalemate(pos) else {
        return turn(lang, pos.turn());
    };
    let winner = end.winner().map_or("", |s| side(lang, s));
    let mate = matches!(end, Outcome::Checkmate { .. });
    let how = match (mate, lang) {
        (true, Lang::En) => "Checkmate",
        (false, Lang::En) => "Stalemate",
        (true, Lang::De) => "Schachmatt",
        (false, Lang::De) => "Patt",
    };
    match lang {
        Lang::En => format!("{how}: {winner} wins"),
        Lang::De => format!("{how}: {winner} gewinnt"),
    }
}

/// "White to move" / "Weiß am Zug".
pub fn turn(lang: Lang, s: Side) -> String {
    match lang {
        Lang::En => format!("{} to move", side(lang, s)),
        Lang::De => format!("{} am Zug", side(lang, s)),
    }
}

/// A cell's surroundings, one sentence per side and corner (the `s` question).
pub fn around(lang: Lang, pos: &Position, a: &Around) -> Vec<String> {
    let mut out = vec![format!(
        "{}, {}.",
        cell(lang, pos, a.cell),
        shape(lang, a.cell)
    )];
    let named = |c: Option<Cell>| match c {
        Some(c) => cell(lang, pos, c),
        None => lang
            .pick("off the board", "außerhalb des Bretts")
            .to_string(),
    };
    for s in &a.sides {
        out.push(format!(
            "{}: {}.",
            capital(&through(lang, Through::Side(s.hour))),
            named(s.cell)
        ));
    }
    for c in &a.corners {
        out.push(format!(
            "{}: {} {}, {} {}, {} {}.",
            capital(&through(lang, Through::Corner(c.hour, None))),
            lang.pick("straight on", "geradeaus"),
            named(c.straight),
            turning(lang, Turn::Left),
            named(c.left),
            turning(lang, Turn::Right),
            named(c.right),
        ));
    }
    out
}

fn line_kind(lang: Lang, k: LineKind, one_step: bool) -> &'static str {
    match (k, one_step) {
        (LineKind::Edge, false) => lang.pick("Edge-path", "Kantenpfad"),
        (LineKind::Diagonal, false) => lang.pick("Diagonal-path", "Diagonalpfad"),
        (LineKind::Wave, false) => lang.pick("Wave-path", "Wellenpfad"),
        (LineKind::Edge, true) => lang.pick("Edgewise step", "Kantenschritt"),
        (LineKind::Diagonal, true) => lang.pick("Diagonal step", "Diagonalschritt"),
        (LineKind::Wave, true) => lang.pick("Arcwise step", "Bogenschritt"),
    }
}

fn end(lang: Lang, pos: &Position, e: End) -> String {
    match e {
        End::Rim => lang.pick("to the rim", "bis zum Rand").to_string(),
        End::Range => lang
            .pick("as far as it goes", "so weit sie reicht")
            .to_string(),
        End::Own(c, k) => format!(
            "{} {} {c}",
            lang.pick("stops before own", "endet vor eigenem"),
            kind(lang, pos, k)
        ),
        End::Takes(c, k) => format!(
            "{} {} {c}",
            lang.pick("takes", "schlägt"),
            kind(lang, pos, k)
        ),
    }
}

fn line(lang: Lang, pos: &Position, l: &LineWords, one_step: bool) -> String {
    let cells: Vec<&str> = l.cells.iter().map(|c| c.name()).collect();
    let mut s = format!(
        "{} {}: ",
        line_kind(lang, l.kind, one_step),
        through(lang, l.start)
    );
    if !cells.is_empty() {
        s.push_str(&cells.join(", "));
        s.push_str(", ");
    }
    // A step that lands on an empty cell has said all.
    if !(one_step && l.end == End::Range) {
        s.push_str(&end(lang, pos, l.end));
    } else if s.ends_with(", ") {
        s.truncate(s.len() - 2);
    }
    s.push('.');
    s
}

fn leap(lang: Lang, pos: &Position, l: &LeapWords) -> String {
    let what = match l.kind {
        LeapKind::Knight => lang.pick("Knight leap", "Springersprung"),
        LeapKind::Archer => lang.pick("Archer leap", "Bogensprung"),
    };
    let target = match l.target {
        None => lang.pick("empty", "leer").to_string(),
        Some(p) => piece(lang, pos, p),
    };
    format!(
        "{what} {}, {} {}, {} {} ({target}).",
        through(lang, l.first),
        lang.pick("over", "über"),
        l.over,
        lang.pick("to", "nach"),
        l.to
    )
}

/// The reach of a piece (the `r` question): its lines and steps in clock order with what ends
/// them, then its leaps.
pub fn reach(lang: Lang, pos: &Position, r: &ReachWords) -> Vec<String> {
    let mut out = vec![format!("{} {}:", piece(lang, pos, r.piece), r.cell)];
    let how = pos.variant().movement(r.piece.kind);
    for l in &r.lines {
        out.push(line(lang, pos, l, !how.slides_along(l.kind)));
    }
    for l in &r.leaps {
        out.push(leap(lang, pos, l));
    }
    if r.lines.is_empty() && r.leaps.is_empty() {
        out.push(
            lang.pick("It has no way to move.", "Sie kann nicht ziehen.")
                .to_string(),
        );
    }
    out
}

/// The legal moves of the piece on `c` (the `m` question); for the side not to move, the
/// moves it would have on its turn.
pub fn legal(lang: Lang, pos: &Position, c: Cell) -> String {
    let Some(p) = pos.piece_at(c) else {
        return format!("{c}: {}.", lang.pick("empty", "leer"));
    };
    let Some(reach) = pos.reach_of(c) else {
        return String::new();
    };
    let mut s = format!("{} {c}: ", piece(lang, pos, p));
    let moves: Vec<&str> = reach.moves.map(|c| c.name()).collect();
    let takes: Vec<String> = reach
        .captures
        .map(|t| {
            let k = pos.piece_at(t).map(|q| kind(lang, pos, q.kind));
            format!("{} {t}", k.unwrap_or_default())
        })
        .collect();
    if moves.is_empty() && takes.is_empty() {
        s.push_str(lang.pick("no legal move", "kein erlaubter Zug"));
    }
    if !moves.is_empty() {
        s.push_str(lang.pick("to ", "nach "));
        s.push_str(&moves.join(", "));
    }
    if !takes.is_empty() {
        if !moves.is_empty() {
            s.push_str("; ");
        }
        s.push_str(lang.pick("takes ", "schlägt "));
        s.push_str(&takes.join(", "));
    }
    s.push('.');
    s
}

/// Where the pieces of a kind stand (the `p` question).
pub fn where_are(lang: Lang, pos: &Position, k: PieceKind, cells: &[Vec<Cell>; 2]) -> String {
    let per_side: Vec<String> = Side::BOTH
        .iter()
        .map(|&s| {
            let list: Vec<&str> = cells[s.index()].iter().map(|c| c.name()).collect();
            let list = if list.is_empty() {
                lang.pick("none", "keine").to_string()
            } else {
                list.join(", ")
            };
            format!("{} {list}", side(lang, s))
        })
        .collect();
    format!("{}: {}.", kind(lang, pos, k), per_side.join("; "))
}

/// The pieces under attack of both sides (the `t` question).
pub fn threats(lang: Lang, pos: &Position) -> Vec<String> {
    Side::BOTH
        .iter()
        .map(|&s| {
            let t = pos.threats_against(s);
            let list: Vec<String> = t
                .attacked
                .map(|c| {
                    let k = pos.piece_at(c).map(|p| kind(lang, pos, p.kind));
                    let mut w = format!("{} {c}", k.unwrap_or_default());
                    if t.undefended.contains(c) {
                        w.push_str(lang.pick(" (undefended)", " (ungedeckt)"));
                    }
                    w
                })
                .collect();
            let list = if list.is_empty() {
                lang.pick("none", "keine").to_string()
            } else {
                list.join(", ")
            };
            format!(
                "{} {}: {list}.",
                side(lang, s),
                lang.pick("pieces under attack", "angegriffene Figuren")
            )
        })
        .collect()
}

/// The text board's parts: whose move, each side's pieces by kind, and the cells row by row
/// (`k` first, as White sees the board from below).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TextBoard {
    /// "White to move".
    pub turn: String,
    /// "White: King a4; Queen a3; Rooks a1, a6; …", White first.
    pub pieces: [String; 2],
    /// Per row, its heading ("Row k") and its cells' words.
    pub rows: Vec<(String, Vec<String>)>,
}

/// The text board of `pos`.
pub fn text_board(lang: Lang, pos: &Position) -> TextBoard {
    let pieces = Side::BOTH.map(|s| {
        let mut kinds: Vec<String> = Vec::new();
        // The King first, then from the most valuable down, as a player counts an army.
        for k in pos.variant().kinds().iter().rev() {
            let cells: Vec<&str> = pos.pieces(Piece::new(s, *k)).map(|c| c.name()).collect();
            if !cells.is_empty() {
                kinds.push(format!("{} {}", kind(lang, pos, *k), cells.join(", ")));
            }
        }
        format!("{}: {}", side(lang, s), kinds.join("; "))
    });
    let mut rows = Vec::new();
    for row in (0..11).rev() {
        let letter = (b'a' + row as u8) as char;
        let cells: Vec<String> = Cell::all()
            .filter(|c| c.row() == row)
            .map(|c| cell(lang, pos, c))
            .collect();
        rows.push((format!("{} {letter}", lang.pick("Row", "Reihe")), cells));
    }
    TextBoard {
        turn: standing(lang, pos),
        pieces,
        rows,
    }
}

/// Both clocks (the `c` question): milliseconds left and whose runs.
pub fn clocks(lang: Lang, white_ms: u64, black_ms: u64, running: Option<Side>) -> String {
    let t = |ms: u64| format_clock(std::time::Duration::from_millis(ms));
    let mut s = format!(
        "{} {}, {} {}",
        side(lang, Side::White),
        t(white_ms),
        side(lang, Side::Black),
        t(black_ms)
    );
    if let Some(r) = running {
        let _ = write!(s, "; {} {}", side(lang, r), lang.pick("to move", "am Zug"));
    }
    s.push('.');
    s
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
