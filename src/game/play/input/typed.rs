//! Typing a move on the board: `c4d3`, `c4-d3`, `Sa2e5`, `j2k2q`. A small field shows what was
//! typed and the legal moves it still matches; Enter plays the one meant, and a move plays at
//! once when the text can only mean it and is complete.
//!
//! The rules alone say what is legal: candidates come from the position's legal move list, a
//! refusal from the rules' own reasons (as for a refused click), and a move chosen here goes
//! out as the same [`MoveRequest`](crate::game::core::state::MoveRequest) a click sends.
//!
//! Row letters that are also hotkeys (`c` shows cell names) wait for the next key: a digit
//! means a cell name, anything else (or Enter, or a pause) the hotkey.
//!
//! Behind `/` the field takes a question instead (`/s e5`, `/m e5`, `/p B`, `/r e5`, `/l`,
//! `/c`, `/t`, `/b`, `/h`: the blind mode's commands, answered by [`crate::rules::words::ask`]
//! as the web pages' command field is), since bare letters are hotkeys here. The answer stays
//! in the field until the next key and is said through the live node.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::Act;
use crate::game::core::keys::{KeyClaims, KeyMap, chord_held, shift_held};
use crate::game::core::screens::{Modal, Screen};
use crate::game::core::state::{ChessGame, capitalise};
use crate::game::ui::access::Announcements;
use crate::rules::{Cell, Move, PieceKind, Position, Side};

/// The words this file shows (kept together for the message catalogue).
mod words {
    use crate::tr;

    /// Field title.
    pub fn typed() -> String {
        tr!("typed-title")
    }
    /// Field title while the move waits for the opponent's.
    pub fn premove() -> String {
        tr!("typed-premove-title")
    }
    /// No legal move matches.
    pub fn no_match() -> String {
        tr!("typed-no-match")
    }
    /// How the field is used.
    pub fn help() -> String {
        tr!("typed-help")
    }
    /// After a hotkey's letter: what it does (the keymap's English help), or a cell name.
    pub fn pending(letter: char, help: &str) -> String {
        let help = crate::game::text::tr(&crate::game::core::keys::help_id(help));
        tr!("typed-pending", letter = letter.to_string(), help = help)
    }
    /// More candidates than shown.
    pub fn more(n: usize) -> String {
        tr!("typed-more", n = n)
    }
    /// Enter on text that still means several moves.
    pub fn ambiguous(typed: &str, moves: &str) -> String {
        tr!("typed-ambiguous", typed = typed, moves = moves)
    }
    /// The piece on a cell was named but not where it goes.
    pub fn where_to(piece: &str, cell: &str) -> String {
        let piece = crate::game::text::piece_name(piece);
        tr!("typed-where-to", piece = piece, cell = cell)
    }
    /// A premove typed for a piece of the opponent's.
    pub fn premove_not_own(cell: &str) -> String {
        tr!("typed-premove-not-own", cell = cell)
    }
    /// A piece with no legal move (as for a click).
    pub fn no_move() -> String {
        tr!("typed-no-move")
    }
    /// What the field answers behind `/`.
    pub fn questions() -> String {
        tr!("a11y-question-help")
    }
}

/// How long a hotkey's letter waits for a digit before it acts as the hotkey.
pub const HOTKEY_WAIT_S: f64 = 0.6;

/// The most candidates the field lists.
const SHOWN: usize = 8;

/// One legal move the typed text may still mean.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// It as the game writes it (`c4-d3`, `Sa2xe5+`).
    pub text: String,
}

/// The typed-move field.
#[derive(Resource, Default, Debug, Clone)]
pub struct TypedMove {
    /// Whether the field is open.
    pub open: bool,
    /// What was typed, as typed.
    pub text: String,
    /// A hotkey's row letter typed first, and when (seconds): it may still mean the hotkey.
    pub pending: Option<(KeyCode, f64)>,
    /// The legal moves the text still matches, as the game writes them.
    pub candidates: Vec<Candidate>,
    /// The move would be a premove (typed during the opponent's turn).
    pub premove: bool,
    /// The game revision the candidates were found for.
    revision: u64,
    /// The text changed since it was last checked for a complete move.
    dirty: bool,
    /// Enter was pressed and waits for the board to be still.
    enter: bool,
    /// The last question (`/s e5`) and its answer's lines, shown until the next key.
    pub answer: Option<(String, Vec<String>)>,
}

impl TypedMove {
    fn close(&mut self) {
        *self = TypedMove::default();
    }

    /// Whether the field holds a question (`/…`), not a move.
    pub fn asking(&self) -> bool {
        self.text.starts_with('/')
    }

    /// The field's lines: what was typed, then the candidates (or the hotkey's note).
    pub fn lines(&self, map: &KeyMap, screen: Screen, modal: Modal) -> [String; 3] {
        if !self.open
            && let Some((question, answer)) = &self.answer
        {
            return [question.clone(), answer.join("\n"), words::questions()];
        }
        if self.asking() {
            return [format!("{}_", self.text), String::new(), words::questions()];
        }
        if let Some((key, _)) = self.pending {
            let help = map
                .active(screen, modal)
                .find(|b| !b.chord.ctrl && b.chord.key == key)
                .map_or("", |b| b.help);
            let letter = self.text.chars().next().unwrap_or(' ');
            return [
                format!("{}: {}_", words::typed(), self.text),
                words::pending(letter, help),
                words::help(),
            ];
        }
        let title = if self.premove {
            words::premove()
        } else {
            words::typed()
        };
        let list = if self.candidates.is_empty() {
            words::no_match()
        } else {
            let mut shown: Vec<&str> = self
                .candidates
                .iter()
                .take(SHOWN)
                .map(|c| c.text.as_str())
                .collect();
            let more;
            if self.candidates.len() > SHOWN {
                more = words::more(self.candidates.len() - SHOWN);
                shown.push(&more);
            }
            shown.join("  ")
        };
        [
            format!("{title}: {}_", self.text),
            list,
            format!("{}  {}", words::help(), words::questions()),
        ]
    }
}

/// Text as compared: lower case, letters and digits only, without the capture mark `x`.
fn normalise(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_ascii_alphanumeric() && !c.eq_ignore_ascii_case(&'x'))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The ways a legal move may be typed, normalised: with the piece letter and without.
fn forms(pos: &Position, mv: Move, text: &str) -> [String; 2] {
    let mut bare = format!("{}{}", mv.from.name(), mv.to.name());
    if let Some(kind) = mv.promotion {
        bare.push(pos.variant().letter(kind));
    }
    [normalise(text), normalise(&bare)]
}

/// The legal moves of `pos` that `typed` may still mean (the start of one of its forms), in
/// the order the game lists them, with those it names completely.
pub fn candidates(pos: &Position, typed: &str) -> (Vec<Candidate>, Vec<Move>) {
    let t = normalise(typed);
    let mut found = Vec::new();
    let mut exact = Vec::new();
    if t.is_empty() {
        return (found, exact);
    }
    for &mv in pos.legal_moves().iter() {
        let text = pos.move_text(mv);
        let forms = forms(pos, mv, &text);
        if forms.iter().any(|f| f.starts_with(&t)) {
            if forms.contains(&t) {
                exact.push(mv);
            }
            found.push(Candidate { mv, text });
        }
    }
    found.sort_by(|a, b| a.text.cmp(&b.text));
    (found, exact)
}

/// What Enter (or a complete text) means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// Play this move.
    Play(Move),
    /// A pawn move whose piece is not named yet: ask, as a click does.
    Promote(Cell, Cell),
    /// Several moves still match: say which.
    Ambiguous(String),
    /// No move: why, in the rules' words.
    Refuse(String),
}

/// The move `typed` means in `pos`, when it means one: the only candidate, or the only one it
/// names completely.
pub fn choose(pos: &Position, typed: &str) -> Choice {
    let (found, exact) = candidates(pos, typed);
    match (found.as_slice(), exact.as_slice()) {
        ([only], _) if !is_unchosen_promotion(only.mv, pos, typed) => Choice::Play(only.mv),
        (_, [one]) => Choice::Play(*one),
        ([], _) => Choice::Refuse(refusal(pos, typed)),
        ([first, ..], _)
            if found.iter().all(|c| {
                c.mv.from == first.mv.from && c.mv.to == first.mv.to && c.mv.promotion.is_some()
            }) =>
        {
            Choice::Promote(first.mv.from, first.mv.to)
        }
        _ => Choice::Ambiguous(words::ambiguous(
            typed,
            &found
                .iter()
                .take(SHOWN)
                .map(|c| c.text.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        )),
    }
}

/// A promotion whose piece the text does not name (the only promotion choice left).
fn is_unchosen_promotion(mv: Move, pos: &Position, typed: &str) -> bool {
    mv.promotion.is_some() && !forms(pos, mv, &pos.move_text(mv)).contains(&normalise(typed))
}

/// The move `typed` means once it is complete and can mean nothing else: played at once.
pub fn complete(pos: &Position, typed: &str) -> Option<Move> {
    let (found, exact) = candidates(pos, typed);
    match (found.as_slice(), exact.as_slice()) {
        ([only], [one]) if only.mv == *one => Some(*one),
        _ => None,
    }
}

/// The cells `typed` names: an optional piece letter, the start, and where it goes.
pub fn cells(typed: &str) -> (Option<Cell>, Option<Cell>) {
    let t = normalise(typed);
    let mut rest = t.as_str();
    let mut chars = rest.chars();
    // A piece letter first: a letter followed by another letter (`sa2`, `ba2`), or one that
    // is no row letter (`q`).
    if let (Some(a), Some(b)) = (chars.next(), chars.next())
        && a.is_ascii_alphabetic()
        && (b.is_ascii_alphabetic() || !crate::rules::cell::ROW_LETTERS.contains(&a))
    {
        rest = &rest[1..];
    }
    let Ok((from, used)) = Cell::parse_prefix(rest) else {
        return (None, None);
    };
    let to = Cell::parse_prefix(&rest[used..]).ok().map(|(c, _)| c);
    (Some(from), to)
}

/// Why no legal move matches `typed`, as the rules say it (the same reasons a click gets).
pub fn refusal(pos: &Position, typed: &str) -> String {
    let t = normalise(typed);
    let mut rest = t.as_str();
    if let Some(a) = rest.chars().next()
        && a.is_ascii_alphabetic()
        && rest[1..].starts_with(|c: char| c.is_ascii_alphabetic())
    {
        rest = &rest[1..];
    }
    let (from, used) = match Cell::parse_prefix(rest) {
        Ok(x) => x,
        Err(e) => return capitalise(&crate::game::text::cell_error_text(&e)),
    };
    let after = &rest[used..];
    if after.is_empty() {
        return match pos.check_move(Move::new(from, from)) {
            Err(crate::rules::MoveError::OwnPiece(_)) => match pos.piece_at(from) {
                Some(_) if pos.legal_targets(from).is_empty() => words::no_move(),
                Some(p) => words::where_to(pos.variant().kind_name(p.kind), from.name()),
                None => words::no_move(),
            },
            Err(e) => capitalise(&crate::game::text::move_error_text(&e)),
            Ok(()) => words::no_move(),
        };
    }
    let (to, used) = match Cell::parse_prefix(after) {
        Ok(x) => x,
        Err(e) => return capitalise(&crate::game::text::cell_error_text(&e)),
    };
    let letter = after[used..].chars().next();
    let variant = pos.variant();
    let promotion = match letter {
        Some(l) => variant
            .promotions(pos.turn())
            .iter()
            .copied()
            .find(|&k| variant.letter(k).eq_ignore_ascii_case(&l))
            .or(Some(PieceKind::Queen)),
        None => pos.is_promotion(from, to).then_some(PieceKind::Queen),
    };
    let probe = Move {
        from,
        to,
        promotion,
    };
    match pos.check_move(probe) {
        Err(e) => capitalise(&crate::game::text::move_error_text(&e)),
        Ok(()) => match pos.parse_move(typed) {
            Err(e) => capitalise(&crate::game::text::move_text_error_text(&e)),
            Ok(_) => words::no_move(),
        },
    }
}

/// The answer's lines to the question `typed` (`/s e5`, the `/` included) about `game`.
pub fn answer(game: &ChessGame, typed: &str) -> Vec<String> {
    use crate::rules::words::ask::{self, ClockWords};
    let question = typed.strip_prefix('/').unwrap_or(typed);
    let now = game.clock_now();
    let clocks = game.clocks().map(|c| ClockWords {
        white_ms: c.remaining(Side::White, now).as_millis() as u64,
        black_ms: c.remaining(Side::Black, now).as_millis() as u64,
        running: c.is_running().then(|| c.turn()),
    });
    let lang = crate::game::ui::access::words_lang();
    ask::answer(game.board(), clocks, question, lang).into_lines()
}

/// The text a key adds to a question: any printable character, a space.
fn question_text(event: &KeyboardInput) -> Option<String> {
    match &event.logical_key {
        Key::Space => Some(" ".to_string()),
        Key::Character(s) if s.chars().all(|c| !c.is_control()) => Some(s.to_string()),
        _ => None,
    }
}

/// The character a key typed, when it can be part of a move.
fn typed_char(event: &KeyboardInput) -> Option<char> {
    let Key::Character(s) = &event.logical_key else {
        return None;
    };
    let mut chars = s.chars();
    let c = chars.next()?;
    (chars.next().is_none() && (c.is_ascii_alphanumeric() || c == '-' || c == '=')).then_some(c)
}

fn is_row_letter(c: char) -> bool {
    crate::rules::cell::ROW_LETTERS.contains(&c)
}

/// Reads the keys typed on a board where the player may move: opens, edits and closes the
/// field, plays the move meant, and claims the keys it used from the keymap.
pub(super) fn type_moves(
    mut events: MessageReader<KeyboardInput>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    time: Res<Time>,
    mut typed: ResMut<TypedMove>,
    mut claims: ResMut<KeyClaims>,
    map: Res<KeyMap>,
    mut act: Act,
    mut said: ResMut<Announcements>,
    mut commands: Commands,
) {
    let now = time.elapsed_secs_f64();
    let pressed: Vec<KeyboardInput> = events
        .read()
        .filter(|e| e.state == ButtonState::Pressed)
        .cloned()
        .collect();
    let place = act.place();
    let position = act.move_position();
    // Questions may be asked wherever the board is shown, moves typed only where one may move.
    if position.is_none() && !act.board_has_focus() {
        if typed.open || typed.answer.is_some() {
            typed.close();
        }
        return;
    }
    if chord_held(keys.as_deref()) {
        return;
    }
    let (pos, premove) = match &position {
        Some((p, pre)) => (Some(p), *pre),
        None => (None, false),
    };
    let shift = shift_held(keys.as_deref());
    let fire = |key: KeyCode, commands: &mut Commands| {
        if let Some(action) = map.hotkey(key, place.0, place.1).cloned() {
            commands.queue(move |world: &mut World| action.run(world));
        }
    };
    let mut changed = typed.revision != act.game.revision() || typed.premove != premove;
    for event in &pressed {
        let key = event.key_code;
        // A shown answer goes at the next key (Esc only closes it).
        if !typed.open && typed.answer.take().is_some() && event.logical_key == Key::Escape {
            claims.claim(key);
            continue;
        }
        if typed.open && typed.asking() {
            claims.claim(key);
            match &event.logical_key {
                Key::Escape => typed.close(),
                Key::Backspace => {
                    typed.text.pop();
                    if typed.text.is_empty() {
                        typed.close();
                    }
                }
                Key::Enter => {
                    let question = std::mem::take(&mut typed.text);
                    let lines = answer(&act.game, &question);
                    said.say(lines.join(" "));
                    typed.close();
                    typed.answer = Some((question, lines));
                }
                _ => {
                    if let Some(more) = question_text(event)
                        && typed.text.chars().count() < 40
                    {
                        typed.text.push_str(&more);
                    }
                }
            }
            continue;
        }
        if !typed.open && event.logical_key == Key::Character("/".into()) {
            typed.open = true;
            typed.text = "/".to_string();
            typed.pending = None;
            claims.claim(key);
            continue;
        }
        if pos.is_none() {
            // Nothing to move: the letters are the hotkeys'.
            continue;
        }
        if typed.open {
            match &event.logical_key {
                Key::Escape => {
                    typed.close();
                    claims.claim(key);
                    continue;
                }
                Key::Backspace => {
                    typed.text.pop();
                    if typed.text.is_empty() {
                        typed.close();
                    }
                    typed.pending = None;
                    changed = true;
                    claims.claim(key);
                    continue;
                }
                Key::Enter => {
                    claims.claim(key);
                    if let Some((hk, _)) = typed.pending {
                        fire(hk, &mut commands);
                        typed.close();
                    } else {
                        typed.enter = true;
                    }
                    continue;
                }
                _ => {}
            }
            let c = typed_char(event);
            match (typed.pending, c) {
                (Some(_), Some(d)) if d.is_ascii_digit() => {
                    typed.pending = None;
                    typed.text.push(d);
                    changed = true;
                    claims.claim(key);
                    continue;
                }
                (Some((hk, _)), _) => {
                    // Not a cell name: the letter was the hotkey; this key is read afresh.
                    fire(hk, &mut commands);
                    typed.close();
                }
                (None, Some(c)) => {
                    typed.text.push(c);
                    changed = true;
                    claims.claim(key);
                    continue;
                }
                (None, None) => continue,
            }
        }
        // The field is closed: a letter may open it.
        let Some(c) = typed_char(event).filter(char::is_ascii_alphabetic) else {
            continue;
        };
        let upper = c.is_ascii_uppercase() || shift;
        let hot = map.hotkey(key, place.0, place.1).is_some();
        if upper || !hot {
            typed.open = true;
            typed.text = c.to_string();
            claims.claim(key);
            changed = true;
        } else if is_row_letter(c) {
            typed.open = true;
            typed.text = c.to_string();
            typed.pending = Some((key, now));
            claims.claim(key);
            changed = true;
        }
    }
    if let Some((hk, at)) = typed.pending
        && now - at >= HOTKEY_WAIT_S
    {
        fire(hk, &mut commands);
        typed.close();
        return;
    }
    let Some(pos) = pos else {
        return;
    };
    if !typed.open || typed.asking() {
        return;
    }
    if changed {
        typed.revision = act.game.revision();
        typed.premove = premove;
        typed.candidates = candidates(pos, &typed.text).0;
        typed.dirty = true;
    }
    // A move waits while the last one glides (as a click does), then plays.
    if typed.pending.is_some() || act.animating.0 {
        return;
    }
    let dirty = std::mem::take(&mut typed.dirty);
    if std::mem::take(&mut typed.enter) {
        match choose(pos, &typed.text) {
            Choice::Play(mv) => {
                act.submit(mv, pos);
                typed.close();
            }
            Choice::Promote(from, to) => {
                act.promote(from, to, pos, premove);
                typed.close();
            }
            Choice::Ambiguous(why) => act.status.warn(why),
            Choice::Refuse(why) => {
                // A premove names a cell of the opponent's: the rules' "not your turn" would
                // be wrong (it is not), so say what a premove moves.
                let why = match cells(&typed.text) {
                    (Some(from), _)
                        if premove && pos.piece_at(from).is_some_and(|p| p.side != pos.turn()) =>
                    {
                        words::premove_not_own(from.name())
                    }
                    _ => why,
                };
                if let (Some(from), Some(to)) = cells(&typed.text) {
                    act.refused
                        .write(crate::game::core::selection::RefusedMove { from, to });
                }
                act.selection.clear();
                act.status.warn(why);
                typed.close();
            }
        }
    } else if dirty && let Some(mv) = complete(pos, &typed.text) {
        act.submit(mv, pos);
        typed.close();
    }
}

/// The field on screen: over the board's lower right, beside the panel, opaque.
#[derive(Component)]
pub struct TypedField;

/// The field's three lines.
#[derive(Component)]
pub struct TypedLine(usize);

pub fn spawn_field(mut commands: Commands) {
    use crate::game::ui::{theme, widgets::text};
    commands.spawn((
        TypedField,
        Node {
            position_type: PositionType::Absolute,
            right: px(356),
            bottom: px(16),
            flex_direction: FlexDirection::Column,
            padding: UiRect::axes(px(12), px(8)),
            row_gap: px(4),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            max_width: px(520),
            ..default()
        },
        BackgroundColor(theme::DIALOG),
        BorderColor::all(theme::ACCENT),
        crate::game::ui::access::Landmark::region(words::typed()),
        GlobalZIndex(5),
        Visibility::Hidden,
        Pickable::IGNORE,
        children![
            (TypedLine(0), text("", 20.0, theme::TEXT), Pickable::IGNORE),
            (
                TypedLine(1),
                text("", 16.0, theme::ACCENT),
                Pickable::IGNORE
            ),
            (
                TypedLine(2),
                text("", 12.0, theme::TEXT_DIM),
                Pickable::IGNORE
            ),
        ],
    ));
}

/// Shows the field while it is open, beside the panel however wide that is.
pub fn show_field(
    typed: Res<TypedMove>,
    map: Res<KeyMap>,
    screen: Option<Res<State<Screen>>>,
    modal: Option<Res<State<Modal>>>,
    windows: Query<&Window>,
    mut field: Query<(&mut Visibility, &mut Node), With<TypedField>>,
    mut lines: Query<(&TypedLine, &mut Text)>,
) {
    let Ok((mut visibility, mut node)) = field.single_mut() else {
        return;
    };
    let want = if typed.open || typed.answer.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    if *visibility != want {
        *visibility = want;
    }
    if let Some(w) = windows.iter().next() {
        let right = px(crate::game::core::board::panel_width(w.width()) + 16.0);
        if node.right != right {
            node.right = right;
        }
    }
    if !typed.is_changed() || !(typed.open || typed.answer.is_some()) {
        return;
    }
    let place = (
        screen.map_or(Screen::Play, |s| *s.get()),
        modal.map_or(Modal::None, |m| *m.get()),
    );
    let texts = typed.lines(&map, place.0, place.1);
    for (line, mut t) in &mut lines {
        if let Some(want) = texts.get(line.0)
            && t.0 != *want
        {
            t.0 = want.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: &str) -> Cell {
        n.parse().unwrap()
    }

    #[test]
    fn every_way_of_writing_a_move_finds_it() {
        let pos = Position::start();
        let c4d3 = Move::new(c("c4"), c("d3"));
        for typed in ["c4d3", "c4-d3", "C4-D3", "c4 d3"] {
            assert_eq!(choose(&pos, typed), Choice::Play(c4d3), "{typed}");
            assert_eq!(complete(&pos, typed), Some(c4d3), "{typed}");
        }
        // The Sorcerer's letter, as the game writes it.
        let leap = Move::new(c("a2"), c("e5"));
        let text = pos.move_text(leap);
        assert!(text.starts_with('S'), "{text}");
        for typed in ["Sa2e5", "sa2-e5", "a2e5", text.as_str()] {
            assert_eq!(choose(&pos, typed), Choice::Play(leap), "{typed}");
        }
    }

    #[test]
    fn a_prefix_lists_the_moves_it_may_still_mean() {
        let pos = Position::start();
        let (found, exact) = candidates(&pos, "c4");
        assert!(found.len() > 1, "{found:?}");
        assert!(exact.is_empty());
        assert!(found.iter().all(|m| m.mv.from == c("c4")), "{found:?}");
        assert!(found.iter().any(|m| m.text == "c4-d3"));
        assert!(complete(&pos, "c4").is_none());
        assert!(matches!(choose(&pos, "c4"), Choice::Ambiguous(_)));
        // A cell name that is the start of another (d1, d10) waits for Enter.
        assert!(candidates(&pos, "").0.is_empty());
    }

    #[test]
    fn refused_text_gets_the_rules_reason() {
        let pos = Position::start();
        // A piece that cannot go there: the same words as a refused click.
        let click = pos
            .check_move(Move::new(c("a2"), c("f3")))
            .map_err(|e| capitalise(&e.to_string()))
            .unwrap_err();
        assert_eq!(choose(&pos, "a2f3"), Choice::Refuse(click.clone()));
        assert!(click.contains("Sorcerer"), "{click}");
        // Black's piece on White's turn.
        match choose(&pos, "i4h3") {
            Choice::Refuse(why) => assert!(why.contains("turn"), "{why}"),
            other => panic!("{other:?}"),
        }
        // No such cell.
        match choose(&pos, "z9") {
            Choice::Refuse(why) => assert!(why.contains("row letter"), "{why}"),
            other => panic!("{other:?}"),
        }
        // An empty cell.
        match choose(&pos, "e5d4") {
            Choice::Refuse(why) => assert!(why.contains("no piece on e5"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_promotion_is_chosen_by_its_letter_or_asked() {
        let pos: Position = "k5/1P2/8/5/10/6/10/5/8/4/5K w 0 1".parse().unwrap();
        let (from, to) = (c("j2"), c("k3"));
        assert_eq!(choose(&pos, "j2k3"), Choice::Promote(from, to));
        assert_eq!(
            choose(&pos, "j2k3q"),
            Choice::Play(Move::promoting(from, to, PieceKind::Queen))
        );
        assert_eq!(
            choose(&pos, "j2-k3=R"),
            Choice::Play(Move::promoting(from, to, PieceKind::Rook))
        );
        assert!(complete(&pos, "j2k3").is_none());
        assert_eq!(
            complete(&pos, "j2k3s"),
            Some(Move::promoting(from, to, PieceKind::Sorcerer))
        );
    }

    #[test]
    fn typed_cells_are_read_past_a_piece_letter() {
        assert_eq!(cells("Sa2e5"), (Some(c("a2")), Some(c("e5"))));
        assert_eq!(cells("b2"), (Some(c("b2")), None));
        assert_eq!(cells("c4-d3"), (Some(c("c4")), Some(c("d3"))));
        assert_eq!(cells("q"), (None, None));
    }
}
