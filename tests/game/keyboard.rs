//! Playing without a mouse, driven by the key events a keyboard sends: typed moves (and the
//! hotkey letters that are also row letters), the cell cursor, dialogs by Tab and Enter, and
//! premoves against the computer.

use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::common::cell as c;
use crate::common::game::*;
use parachess::engine::Level;
use parachess::game::core::camera::CameraRig;
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::selection::ViewCommand;
use parachess::game::core::state::{ChessGame, GameCommand, MoveRequest, SeatKind, StatusLine};
use parachess::game::play::input::cursor::{CellCursor, neighbour, screen_point};
use parachess::game::play::input::premove::Premove;
use parachess::game::play::input::typed::TypedMove;
use parachess::rules::clock::TimeControl;
use parachess::rules::{Cell, Move, Position, Side};

/// The view commands sent so far (messages last two frames; this keeps them).
#[derive(Resource, Default)]
struct Seen(Vec<ViewCommand>);

fn watch_view_commands(app: &mut App) {
    app.init_resource::<Seen>().add_systems(
        Update,
        |mut read: MessageReader<ViewCommand>, mut seen: ResMut<Seen>| {
            seen.0.extend(read.read().copied());
        },
    );
}

fn names_toggled(app: &App) -> usize {
    app.world()
        .resource::<Seen>()
        .0
        .iter()
        .filter(|&&v| v == ViewCommand::ToggleNames)
        .count()
}

/// One key down and up, a frame each, as a window reports it: the key event and the pressed
/// state the keymap reads.
fn key(app: &mut App, code: KeyCode, logical: Key) {
    if !app.world().contains_resource::<ButtonInput<KeyCode>>() {
        app.init_resource::<ButtonInput<KeyCode>>();
    }
    let event = |state| KeyboardInput {
        key_code: code,
        logical_key: logical.clone(),
        state,
        text: match &logical {
            Key::Character(s) => Some(s.clone()),
            _ => None,
        },
        repeat: false,
        window: Entity::PLACEHOLDER,
    };
    app.world_mut().write_message(event(ButtonState::Pressed));
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(code);
    app.update();
    app.world_mut().write_message(event(ButtonState::Released));
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release(code);
    input.clear();
    app.update();
}

/// The key that types `ch` on a US keyboard.
fn code_of(ch: char) -> KeyCode {
    const LETTERS: [KeyCode; 26] = parachess::game::core::keys::LETTER_KEYS;
    const DIGITS: [KeyCode; 10] = [
        KeyCode::Digit0,
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    match ch {
        'a'..='z' => LETTERS[(ch as u8 - b'a') as usize],
        'A'..='Z' => LETTERS[(ch as u8 - b'A') as usize],
        '0'..='9' => DIGITS[(ch as u8 - b'0') as usize],
        '-' => KeyCode::Minus,
        '=' => KeyCode::Equal,
        _ => panic!("no key for {ch:?}"),
    }
}

/// Types `text` key by key, holding Shift for capitals.
fn type_keys(app: &mut App, text: &str) {
    for ch in text.chars() {
        let shift = ch.is_ascii_uppercase();
        if shift {
            hold(app, KeyCode::ShiftLeft);
        }
        key(
            app,
            code_of(ch),
            Key::Character(ch.to_string().as_str().into()),
        );
        if shift {
            let_go(app, KeyCode::ShiftLeft);
        }
    }
}

fn enter(app: &mut App) {
    key(app, KeyCode::Enter, Key::Enter);
}

fn typed(app: &App) -> &TypedMove {
    app.world().resource::<TypedMove>()
}

/// Whether `text` says to wait for the computer (with premoves on, it offers one).
fn computer_thinking(text: &str) -> bool {
    is_message(text, "input-computer-thinking") || is_message(text, "premove-wait-computer")
}

fn status(app: &App) -> &StatusLine {
    app.world().resource::<StatusLine>()
}

#[test]
fn typing_a_move_plays_it() {
    let mut app = headless_app();
    watch_view_commands(&mut app);
    type_keys(&mut app, "c4d3");
    settle(&mut app, 120);
    assert_eq!(game(&app).plies().len(), 1, "{}", status(&app).text);
    assert_eq!(game(&app).plies()[0].mv, Move::new(c("c4"), c("d3")));
    assert!(!typed(&app).open);
    assert_eq!(
        names_toggled(&app),
        0,
        "c began a cell name, not the hotkey"
    );
    // Black answers with a piece letter and separators, as the game writes moves.
    type_keys(&mut app, "i4-h3");
    settle(&mut app, 120);
    assert_eq!(game(&app).plies().len(), 2, "{}", status(&app).text);
    // A Sorcerer's leap with its letter (Shift+S) opens the field at once.
    let leap = Move::new(c("a2"), c("e5"));
    let text = game(&app).position().move_text(leap);
    assert!(text.starts_with('S'), "{text}");
    type_keys(&mut app, &format!("S{}{}", leap.from, leap.to));
    settle(&mut app, 120);
    assert_eq!(game(&app).last_move(), Some(leap), "{}", status(&app).text);
}

#[test]
fn an_ambiguous_prefix_shows_the_candidates_and_more_typing_picks() {
    let mut app = headless_app();
    type_keys(&mut app, "c4");
    let field = typed(&app);
    assert!(field.open);
    assert!(field.candidates.len() > 1, "{:?}", field.candidates);
    assert!(field.candidates.iter().any(|m| m.text == "c4-d3"));
    assert!(field.candidates.iter().all(|m| m.mv.from == c("c4")));
    // Enter with more than one move in view plays nothing and says which.
    enter(&mut app);
    assert!(game(&app).plies().is_empty());
    assert!(status(&app).text.contains("c4-d3"), "{}", status(&app).text);
    assert!(typed(&app).open, "the field stays for more typing");
    // Backspace edits; more typing picks the move, and Enter plays it.
    key(&mut app, KeyCode::Backspace, Key::Backspace);
    assert_eq!(typed(&app).text, "c");
    type_keys(&mut app, "4-d");
    assert!(typed(&app).open);
    assert!(game(&app).plies().is_empty());
    type_keys(&mut app, "3");
    settle(&mut app, 60);
    assert_eq!(game(&app).plies().len(), 1);
    // Esc closes the field without playing.
    type_keys(&mut app, "i4");
    assert!(typed(&app).open);
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert!(!typed(&app).open);
    assert_eq!(game(&app).plies().len(), 1);
    assert_eq!(
        where_(&app),
        (Screen::Play, Modal::None),
        "Esc only closed it"
    );
}

#[test]
fn an_illegal_typed_move_changes_nothing_and_says_why() {
    let mut app = headless_app();
    let before = game(&app).position().clone();
    type_keys(&mut app, "a2f3");
    enter(&mut app);
    assert_eq!(game(&app).position(), &before);
    let line = status(&app);
    assert!(line.warning, "{}", line.text);
    // The rules' reason, in the catalogue's words, as a refused click gets it.
    let why = parachess::game::text::move_error_text(
        &before.check_move(Move::new(c("a2"), c("f3"))).unwrap_err(),
    );
    assert!(
        line.text.to_lowercase().contains(&why.to_lowercase()),
        "{}",
        line.text
    );
    assert!(!typed(&app).open);
    // Black's piece on White's turn.
    type_keys(&mut app, "i4h3");
    enter(&mut app);
    assert!(
        holds_message(&status(&app).text, "move-not-your-turn"),
        "{}",
        status(&app).text
    );
    assert_eq!(game(&app).position(), &before);
}

#[test]
fn a_hotkey_letter_acts_after_a_pause_or_enter_but_not_before_a_digit() {
    let mut app = headless_app();
    watch_view_commands(&mut app);
    // C alone: the field offers both meanings, then the pause makes it the hotkey.
    type_keys(&mut app, "c");
    assert!(typed(&app).open && typed(&app).pending.is_some());
    assert_eq!(names_toggled(&app), 0);
    for _ in 0..45 {
        app.update();
    }
    assert_eq!(names_toggled(&app), 1, "0.6 s without a key: the hotkey");
    assert!(!typed(&app).open);
    // C then Enter: the hotkey at once.
    type_keys(&mut app, "c");
    enter(&mut app);
    assert_eq!(names_toggled(&app), 2);
    assert!(!typed(&app).open);
    // C then a digit: a cell name; the hotkey never acts.
    type_keys(&mut app, "c4");
    for _ in 0..60 {
        app.update();
    }
    assert_eq!(names_toggled(&app), 2);
    assert!(typed(&app).open);
    assert_eq!(typed(&app).text, "c4");
    key(&mut app, KeyCode::Escape, Key::Escape);
    // F then another letter: flip, then the letter read afresh (d opens a move at once).
    type_keys(&mut app, "f");
    type_keys(&mut app, "d");
    let flips = app
        .world()
        .resource::<Seen>()
        .0
        .iter()
        .filter(|&&v| v == ViewCommand::Flip)
        .count();
    assert_eq!(flips, 1);
    assert!(typed(&app).open && typed(&app).pending.is_none());
    assert_eq!(typed(&app).text, "d");
}

#[test]
fn where_the_player_cannot_move_hotkeys_act_at_once() {
    let mut app = headless_app();
    watch_view_commands(&mut app);
    // The computer against itself: nobody at this board moves.
    app.world_mut().write_message(GameCommand::NewGame {
        start: None,
        players: [SeatKind::Computer(Level::Hard); 2],
    });
    settle(&mut app, 5);
    type_keys(&mut app, "c");
    assert_eq!(names_toggled(&app), 1);
    assert!(!typed(&app).open);
}

/// The arrow keys that take the cursor from `from` to `to` on the board as `rig` shows it.
fn arrows_between(rig: &CameraRig, from: Cell, to: Cell) -> Vec<KeyCode> {
    let keys = [
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
    ];
    let mut seen = vec![None; Cell::all().len()];
    seen[from.index()] = Some((from, KeyCode::Space));
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        if at == to {
            break;
        }
        for (k, dir) in keys {
            if let Some(next) = neighbour(at, dir, |cell| screen_point(rig, cell))
                && seen[next.index()].is_none()
            {
                seen[next.index()] = Some((at, k));
                queue.push_back(next);
            }
        }
    }
    let mut path = Vec::new();
    let mut at = to;
    while at != from {
        let (prev, k) = seen[at.index()].unwrap_or_else(|| panic!("no way from {from} to {to}"));
        path.push(k);
        at = prev;
    }
    path.reverse();
    path
}

fn cursor(app: &App) -> Option<Cell> {
    app.world().resource::<CellCursor>().0
}

fn arrow(app: &mut App, code: KeyCode) {
    let logical = match code {
        KeyCode::ArrowUp => Key::ArrowUp,
        KeyCode::ArrowDown => Key::ArrowDown,
        KeyCode::ArrowLeft => Key::ArrowLeft,
        _ => Key::ArrowRight,
    };
    key(app, code, logical);
}

fn space(app: &mut App) {
    key(app, KeyCode::Space, Key::Space);
}

/// Shows the cursor, walks it to `from`, presses Space, walks to `to`, presses Space.
fn move_with_cursor(app: &mut App, rig: &CameraRig, from: Cell, to: Cell) {
    if cursor(app).is_none() {
        space(app);
    }
    let start = cursor(app).expect("Space shows the cursor");
    for k in arrows_between(rig, start, from) {
        arrow(app, k);
    }
    assert_eq!(cursor(app), Some(from));
    space(app);
    assert_eq!(
        app.world()
            .resource::<parachess::game::core::selection::Selection>()
            .cell,
        Some(from),
        "{}",
        status(app).text
    );
    for k in arrows_between(rig, from, to) {
        arrow(app, k);
    }
    assert_eq!(cursor(app), Some(to));
    space(app);
    settle(app, 120);
}

#[test]
fn the_cursor_walks_the_board_and_plays_moves_flipped_or_not() {
    let mut app = headless_app();
    // Down shows the cursor, on the King when nothing was selected or moved yet.
    arrow(&mut app, KeyCode::ArrowDown);
    let king = game(&app).position().king(Side::White);
    assert_eq!(cursor(&app), king);
    // Up moves it to the neighbour above on screen.
    let rig = CameraRig::default();
    arrow(&mut app, KeyCode::ArrowUp);
    let up = cursor(&app).unwrap();
    assert_ne!(Some(up), king);
    assert!(screen_point(&rig, up).y > screen_point(&rig, king.unwrap()).y);
    // Esc hides it; Left then steps through moves again (nothing to step through here).
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(cursor(&app), None);
    arrow(&mut app, KeyCode::ArrowLeft);
    assert_eq!(cursor(&app), None, "Left does not show the cursor");

    move_with_cursor(&mut app, &rig, c("c4"), c("d3"));
    assert_eq!(game(&app).last_move(), Some(Move::new(c("c4"), c("d3"))));

    // Black's turn on a flipped board: the arrows follow the board as drawn.
    let flipped = CameraRig {
        flipped: true,
        ..CameraRig::default()
    };
    app.insert_resource(flipped.clone());
    // The cursor starts again from the last-moved piece.
    key(&mut app, KeyCode::Escape, Key::Escape);
    space(&mut app);
    assert_eq!(cursor(&app), Some(c("d3")));
    move_with_cursor(&mut app, &flipped, c("i4"), c("h3"));
    assert_eq!(game(&app).last_move(), Some(Move::new(c("i4"), c("h3"))));
    assert_eq!(game(&app).plies().len(), 2);
}

#[test]
fn tab_moves_the_focus_in_the_new_game_dialog_and_enter_presses() {
    use bevy_input_focus::InputFocusVisible;
    use parachess::game::core::prefs::{GameMode, NewGameChoice};
    use parachess::game::play::dialogs::spawn_new_game;
    let mut app = headless_app();
    app.init_resource::<NewGameChoice>()
        .init_resource::<parachess::game::core::clock::TimeChoice>()
        .add_plugins(parachess::game::ui::focus::plugin)
        .add_systems(OnEnter(Modal::NewGame), spawn_new_game);
    tap(&mut app, KeyCode::KeyN);
    settle(&mut app, 3);
    assert_eq!(where_(&app), (Screen::Play, Modal::NewGame));
    // Tab: the first button (Two players); Tab again: the second (you as White).
    key(&mut app, KeyCode::Tab, Key::Tab);
    assert!(app.world().resource::<InputFocusVisible>().0);
    key(&mut app, KeyCode::Tab, Key::Tab);
    enter(&mut app);
    settle(&mut app, 3);
    assert_eq!(
        app.world().resource::<NewGameChoice>().mode,
        GameMode::HumanWhite
    );
    assert_eq!(
        where_(&app),
        (Screen::Play, Modal::NewGame),
        "still choosing"
    );
    // Shift+Tab goes back; Space presses too.
    hold(&mut app, KeyCode::ShiftLeft);
    key(&mut app, KeyCode::Tab, Key::Tab);
    let_go(&mut app, KeyCode::ShiftLeft);
    space(&mut app);
    settle(&mut app, 3);
    assert_eq!(
        app.world().resource::<NewGameChoice>().mode,
        GameMode::TwoPlayers
    );
    // Esc still cancels; and without a focus moved, Enter still starts the game.
    key(&mut app, KeyCode::Escape, Key::Escape);
    settle(&mut app, 3);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    tap(&mut app, KeyCode::KeyN);
    settle(&mut app, 3);
    assert_eq!(where_(&app), (Screen::Play, Modal::NewGame));
    enter(&mut app);
    settle(&mut app, 3);
    assert_eq!(where_(&app), (Screen::Play, Modal::None), "Enter: start");
}

/// A timed game, the person White against the computer (Hard: it thinks for seconds), after
/// White's first move c4-d3.
fn timed_game_against_the_computer() -> App {
    let mut app = headless_app();
    app.world_mut().write_message(GameCommand::NewTimed {
        start: None,
        players: [SeatKind::Human, SeatKind::Computer(Level::Hard)],
        time: Some(TimeControl {
            base: Duration::from_secs(300),
            increment: Duration::from_secs(2),
        }),
    });
    settle(&mut app, 5);
    type_keys(&mut app, "c4d3");
    settle(&mut app, 120);
    assert_eq!(game(&app).plies().len(), 1);
    app
}

/// White moves legal now (were it White's turn) that stay legal, or that become illegal,
/// after some reply of Black's in `pos` (Black to move): the first such pair.
fn premove_and_reply(pos: &Position, stays_legal: bool) -> (Move, Move) {
    let white = pos.with_turn(Side::White).unwrap();
    let replies = pos.legal_moves();
    for &premove in white.legal_moves().iter() {
        let legal_after = |reply: Move| pos.after(reply).check_move(premove).is_ok();
        if stays_legal {
            if replies.iter().all(|&r| legal_after(r)) {
                return (premove, replies[0]);
            }
        } else if let Some(&r) = replies.iter().find(|&&r| !legal_after(r)) {
            return (premove, r);
        }
    }
    panic!("no such premove");
}

#[test]
fn a_premove_is_played_after_the_computers_reply() {
    let mut app = timed_game_against_the_computer();
    let (premove, _) = premove_and_reply(game(&app).position(), true);
    type_keys(&mut app, &format!("{}{}", premove.from, premove.to));
    assert_eq!(
        app.world().resource::<Premove>().mv,
        Some(premove),
        "{}",
        status(&app).text
    );
    assert_eq!(game(&app).plies().len(), 1, "it waits for the reply");
    let done = run_until(&mut app, Duration::from_secs(120), |app| {
        game(app).plies().len() >= 3
    });
    assert!(done.is_some(), "{}", status(&app).text);
    assert_eq!(game(&app).plies()[2].mv, premove);
    assert_eq!(app.world().resource::<Premove>().mv, None);
}

#[test]
fn a_premove_the_reply_makes_illegal_is_cancelled_and_esc_cancels_one() {
    let mut app = timed_game_against_the_computer();
    let (premove, reply) = premove_and_reply(game(&app).position(), false);
    type_keys(&mut app, &format!("{}{}", premove.from, premove.to));
    assert_eq!(app.world().resource::<Premove>().mv, Some(premove));
    // The computer's reply (this one, for a reply that rules the premove out; the search
    // still under way is dropped as stale).
    app.world_mut().write_message(MoveRequest(reply));
    settle(&mut app, 120);
    // The premove is looked at in the frame after the reply stops gliding.
    run_until(&mut app, Duration::from_secs(10), |app| {
        app.world().resource::<Premove>().mv.is_none()
    });
    assert_eq!(game(&app).plies().len(), 2);
    assert_eq!(game(&app).plies()[1].mv, reply);
    assert_eq!(app.world().resource::<Premove>().mv, None);
    let line = status(&app);
    assert!(
        line.warning && is_message(&line.text, "premove-cancelled-illegal"),
        "{}",
        line.text
    );
    assert_eq!(
        app.world().resource::<ChessGame>().game().position().turn(),
        Side::White
    );

    // Another premove during the next reply, made with two clicks, cancelled with Esc.
    let mut app = timed_game_against_the_computer();
    let (premove, _) = premove_and_reply(game(&app).position(), true);
    click_cell(&mut app, c("i4"));
    assert!(
        computer_thinking(&status(&app).text),
        "{}",
        status(&app).text
    );
    click_cell(&mut app, premove.from);
    click_cell(&mut app, premove.to);
    assert_eq!(
        app.world().resource::<Premove>().mv,
        Some(premove),
        "{}",
        status(&app).text
    );
    key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(app.world().resource::<Premove>().mv, None);
    assert_eq!(
        where_(&app),
        (Screen::Play, Modal::None),
        "Esc only cancelled it"
    );
}

#[test]
fn an_untimed_game_against_the_computer_keeps_no_premove() {
    let mut app = headless_app();
    app.world_mut().write_message(GameCommand::NewGame {
        start: None,
        players: [SeatKind::Human, SeatKind::Computer(Level::Hard)],
    });
    settle(&mut app, 5);
    click_cell(&mut app, c("c4"));
    click_cell(&mut app, c("d3"));
    settle(&mut app, 120);
    click_cell(&mut app, c("c3"));
    assert!(
        computer_thinking(&status(&app).text),
        "{}",
        status(&app).text
    );
    assert_eq!(app.world().resource::<Premove>().mv, None);
}

/// A premove that promotes opens the chooser with the player's own pieces; the piece chosen is
/// the one played after the reply. A typed premove naming the opponent's piece says so.
#[test]
fn a_premove_promotion_asks_which_piece_and_plays_the_choice() {
    // The starting armies, Black to move, a White Pawn on j1 that can promote by capturing
    // onto the top row.
    let start: Position = "rsqksr/Pbb1/pppppppp/5/10/6/10/5/1PPPPPPP/1BB1/RSQKSR b 0 1"
        .parse()
        .unwrap();
    let white = start.with_turn(Side::White).unwrap();
    let kinds = white.variant().promotions(Side::White).to_vec();
    assert!(kinds.len() >= 2, "{kinds:?}");
    let chosen = kinds[1];
    let (premove, reply) = white
        .legal_moves()
        .iter()
        .filter(|m| m.promotion == Some(chosen))
        .find_map(|&m| {
            start
                .legal_moves()
                .iter()
                .find(|&&r| start.after(r).check_move(m).is_ok())
                .map(|&r| (m, r))
        })
        .expect("a promotion that survives some reply");

    let mut app = headless_app();
    app.world_mut().write_message(GameCommand::NewTimed {
        start: Some(Box::new(start.clone())),
        players: [SeatKind::Human, SeatKind::Computer(Level::Hard)],
        time: Some(TimeControl {
            base: Duration::from_secs(300),
            increment: Duration::from_secs(2),
        }),
    });
    settle(&mut app, 5);

    // The opponent's piece, typed as a premove: the reason is about premoves, not turns.
    let theirs = start
        .legal_moves()
        .iter()
        .copied()
        .next()
        .expect("Black has a move");
    type_keys(&mut app, &format!("{}{}", theirs.from, theirs.to));
    enter(&mut app);
    let line = status(&app);
    assert!(
        line.warning && is_message(&line.text, "typed-premove-not-own"),
        "{}",
        line.text
    );

    click_cell(&mut app, premove.from);
    click_cell(&mut app, premove.to);
    assert_eq!(where_(&app), (Screen::Play, Modal::Promotion));
    assert_eq!(app.world().resource::<Premove>().mv, None, "not chosen yet");
    let letter = white.variant().letter(chosen).to_ascii_lowercase();
    key(
        &mut app,
        code_of(letter),
        Key::Character(letter.to_string().as_str().into()),
    );
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    assert_eq!(
        app.world().resource::<Premove>().mv,
        Some(premove),
        "{}",
        status(&app).text
    );
    assert_eq!(game(&app).plies().len(), 0, "it waits for the reply");

    // The reply (the search under way is dropped as stale), then the premove with its piece.
    app.world_mut().write_message(MoveRequest(reply));
    let done = run_until(&mut app, Duration::from_secs(30), |app| {
        game(app).plies().len() >= 2
    });
    assert!(done.is_some(), "{}", status(&app).text);
    assert_eq!(game(&app).plies()[1].mv, premove);
    assert_eq!(
        game(&app).position().piece_at(premove.to).map(|p| p.kind),
        Some(chosen)
    );
}

/// The play panel's key help: one short line (so the panel fits a 1024×600 window), and every
/// key, grouped, one key away.
#[test]
fn question_mark_shows_every_key_and_f1_the_short_line_again() {
    use parachess::game::play::panel::AllKeysShown;
    let mut app = headless_app();
    settle(&mut app, 3);
    assert!(!app.world().resource::<AllKeysShown>().0);
    tap(&mut app, KeyCode::Slash);
    settle(&mut app, 2);
    assert!(
        app.world().resource::<AllKeysShown>().0,
        "? shows every key"
    );
    tap(&mut app, KeyCode::F1);
    settle(&mut app, 2);
    assert!(!app.world().resource::<AllKeysShown>().0, "F1 goes back");
}
