//! Driving the game without a screen (tests only; not part of the program): a headless `App` with the core plugins, and helpers that
//! send the same pointer events the mouse produces. Used by the integration and monkey tests.

use std::time::Duration;

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Pointer, Press, Release};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use parachess::game::CorePlugin;
use parachess::game::core::DataDir;
use parachess::game::core::board::Animating;
use parachess::game::core::board::{CellTile, PieceView};
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::saves::Saves;
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::state::ChessGame;
use parachess::rules::Cell;

/// A fresh, empty data folder for one test app (under Cargo's temporary folder for tests).
pub fn temp_data_dir(what: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "game-{what}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a test data folder");
    dir
}

/// A headless app with the game's core plugins (saving included, into a fresh temporary data
/// folder), on the play screen, time advancing 1/60 s per update.
pub fn headless_app() -> App {
    headless_app_with(
        temp_data_dir("app"),
        LaunchOptions {
            screen: Screen::Play,
            ..LaunchOptions::default()
        },
    )
}

/// A headless app saving into `data` and started as `options` say.
pub fn headless_app_with(data: PathBuf, options: LaunchOptions) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(options)
        .insert_resource(DataDir(data))
        .add_plugins(CorePlugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(
            1.0 / 60.0,
        )));
    app.update();
    app.update();
    app
}

/// Presses and releases a key, a frame each, as a keyboard does.
pub fn tap(app: &mut App, key: KeyCode) {
    tap_with(app, &[], key);
}

/// Holds `modifiers`, taps `key`, and lets go.
pub fn tap_with(app: &mut App, modifiers: &[KeyCode], key: KeyCode) {
    if !app.world().contains_resource::<ButtonInput<KeyCode>>() {
        app.init_resource::<ButtonInput<KeyCode>>();
    }
    for &m in modifiers {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(m);
    }
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release(key);
    for &m in modifiers {
        input.release(m);
    }
    input.clear();
    app.update();
}

/// The screen and dialog the app shows.
pub fn where_(app: &App) -> (Screen, Modal) {
    (
        *app.world().resource::<State<Screen>>().get(),
        *app.world().resource::<State<Modal>>().get(),
    )
}

/// Waits until every queued file write has reached the disk.
pub fn flush_saves(app: &App) {
    if let Some(saves) = app.world().get_resource::<Saves>() {
        assert!(
            saves.wait_idle(Duration::from_secs(10)),
            "saves never finished"
        );
    }
}

fn location() -> Location {
    location_at(Vec2::ZERO)
}

fn location_at(position: Vec2) -> Location {
    Location {
        target: NormalizedRenderTarget::None {
            width: 0,
            height: 0,
        },
        position,
    }
}

fn hit() -> HitData {
    HitData::new(Entity::PLACEHOLDER, 0.0, None, None)
}

/// Presses a pointer button on `entity`, as the picking backend reports it.
pub fn press(app: &mut App, entity: Entity, button: PointerButton) {
    app.world_mut().trigger(Pointer::new(
        PointerId::Mouse,
        location(),
        Press {
            button,
            hit: hit(),
            count: 1,
        },
        entity,
    ));
    app.update();
}

/// Releases a pointer button over `entity`, with the pointer where it was pressed.
pub fn release(app: &mut App, entity: Entity, button: PointerButton) {
    release_at(app, entity, button, Vec2::ZERO);
}

/// Releases a pointer button over `entity` with the pointer at `position` (pixels from where
/// presses happen: far enough makes it a drag).
pub fn release_at(app: &mut App, entity: Entity, button: PointerButton, position: Vec2) {
    app.world_mut().trigger(Pointer::new(
        PointerId::Mouse,
        location_at(position),
        Release { button, hit: hit() },
        entity,
    ));
    app.update();
}

/// Drags what is on `from` and drops it on `to`, as a mouse would.
pub fn drag(app: &mut App, from: Cell, to: Cell) {
    let grabbed = cell_target(app, from);
    press(app, grabbed, PointerButton::Primary);
    let target = cell_target(app, to);
    release_at(app, target, PointerButton::Primary, Vec2::new(120.0, -40.0));
}

/// A click on `entity`: press, release and the click event, like a real mouse.
pub fn click(app: &mut App, entity: Entity, button: PointerButton) {
    press(app, entity, button);
    release(app, entity, button);
    app.world_mut().trigger(Pointer::new(
        PointerId::Mouse,
        location(),
        Click {
            button,
            hit: hit(),
            duration: Duration::from_millis(80),
            count: 1,
        },
        entity,
    ));
    app.update();
}

/// The tile entity of `cell`.
pub fn tile(app: &mut App, cell: Cell) -> Entity {
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &CellTile)>();
    q.iter(world)
        .find(|(_, t)| t.0 == cell)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no tile for {cell}"))
}

/// The piece entity standing on `cell`, if any.
pub fn piece(app: &mut App, cell: Cell) -> Option<Entity> {
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &PieceView)>();
    q.iter(world).find(|(_, v)| v.cell == cell).map(|(e, _)| e)
}

/// What a click on a cell hits: the piece on it if there is one, else the tile.
pub fn cell_target(app: &mut App, cell: Cell) -> Entity {
    piece(app, cell).unwrap_or_else(|| tile(app, cell))
}

/// Clicks the cell (on its piece when it has one).
pub fn click_cell(app: &mut App, cell: Cell) {
    let target = cell_target(app, cell);
    click(app, target, PointerButton::Primary);
}

/// Runs frames until nothing moves (at most `max` frames); returns the frames run.
pub fn settle(app: &mut App, max: u32) -> u32 {
    for i in 0..max {
        app.update();
        if !app.world().resource::<Animating>().0 && i > 1 {
            return i + 1;
        }
    }
    max
}

/// The rules game inside the app.
pub fn game(app: &App) -> &parachess::rules::Game {
    app.world().resource::<ChessGame>().game()
}

/// Right-clicks the cell (on its piece when it has one): press and release, like a mouse.
pub fn right_click_cell(app: &mut App, cell: Cell) {
    let target = cell_target(app, cell);
    press(app, target, PointerButton::Secondary);
    release(app, target, PointerButton::Secondary);
}

/// Runs frames until `done` holds (at most `limit` of wall-clock time, a few milliseconds
/// apart); returns how many frames ran, or `None` if it never held.
pub fn run_until(app: &mut App, limit: Duration, done: impl Fn(&App) -> bool) -> Option<u32> {
    let started = std::time::Instant::now();
    let mut frames = 0;
    while started.elapsed() < limit {
        if done(app) {
            return Some(frames);
        }
        app.update();
        frames += 1;
        std::thread::sleep(Duration::from_millis(2));
    }
    done(app).then_some(frames)
}

/// The pointer comes over `entity`, as the picking backend reports it.
pub fn hover(app: &mut App, entity: Entity) {
    app.world_mut().trigger(Pointer::new(
        PointerId::Mouse,
        location(),
        bevy::picking::events::Over { hit: hit() },
        entity,
    ));
    app.update();
}

/// Holds `key` down (until [`let_go`]).
pub fn hold(app: &mut App, key: KeyCode) {
    if !app.world().contains_resource::<ButtonInput<KeyCode>>() {
        app.init_resource::<ButtonInput<KeyCode>>();
    }
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
}

/// Lets go of a key held with [`hold`].
pub fn let_go(app: &mut App, key: KeyCode) {
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release(key);
    input.clear();
    app.update();
}

/// A headless app on the learn screen at lesson `lesson`, stage `stage` (both counting from 1,
/// as `--lesson` does), saving into `data`.
pub fn learn_app(data: PathBuf, lesson: usize, stage: usize) -> App {
    let mut app = headless_app_with(
        data,
        LaunchOptions {
            screen: Screen::Learn,
            lesson: Some(parachess::game::core::launch::LessonStart {
                lesson: lesson - 1,
                stage: stage - 1,
            }),
            ..LaunchOptions::default()
        },
    );
    app.update();
    app
}

/// Waits until the lesson progress has been read and every write has reached the disk.
pub fn flush_lessons(app: &mut App) {
    for _ in 0..2000 {
        let busy = app
            .world()
            .resource::<parachess::game::learn::LearnProgress>()
            .busy();
        if !busy {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the lesson progress was never written");
}

/// Presses on `from` and releases over `to` with the pointer moved, as a drag with a mouse does
/// (a palette piece onto a cell, a piece off the board onto the panel).
pub fn drag_onto(app: &mut App, from: Entity, to: Entity) {
    press(app, from, PointerButton::Primary);
    release_at(app, to, PointerButton::Primary, Vec2::new(120.0, -40.0));
}

/// The board editor's palette entity for `piece`.
pub fn palette_slot(app: &mut App, piece: parachess::rules::Piece) -> Entity {
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &parachess::game::editor::PaletteSlot)>();
    q.iter(world)
        .find(|(_, s)| s.0 == piece)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no palette slot for {piece:?}"))
}

/// Waits until the puzzle record has been read and every write has reached the disk.
pub fn flush_puzzles(app: &mut App) {
    for _ in 0..2000 {
        if !app
            .world()
            .resource::<parachess::game::puzzles::PuzzleScreen>()
            .busy()
        {
            return;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the puzzle record was never written");
}

/// Waits (a few seconds at most) until a saved game asked for is read in the background and
/// handed on, then lets the screens follow.
#[allow(dead_code, reason = "only some test binaries read saved games")]
pub fn until_saved_game_read(app: &mut App) {
    let read = run_until(app, Duration::from_secs(10), |app| {
        !parachess::game::core::saves::opening_saved(app.world())
    });
    assert!(read.is_some(), "the saved game was never read");
    app.update();
    app.update();
}

/// Types `text` key by key, as a keyboard sends it.
pub fn type_text(app: &mut App, text: &str) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    for c in text.chars() {
        let key = c.to_string();
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
            logical_key: Key::Character(key.as_str().into()),
            state: ButtonState::Pressed,
            text: Some(key.as_str().into()),
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// The words of the English catalogue's message `id` (assets/i18n/en.ftl and shared/en.ftl) between its
/// placeables (`{ … }`): one more piece than placeables, whitespace runs as single spaces.
/// Panics when the catalogue has no such message, so a test naming a dropped id fails.
fn message_words(id: &str) -> Vec<String> {
    // The window's catalogue, then the sentences it shares with the server.
    const EN: &str = concat!(
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/i18n/en.ftl")),
        "\n",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/i18n/shared/en.ftl"
        ))
    );
    let mut lines = EN.lines().skip_while(|l| {
        l.split_once('=')
            .is_none_or(|(name, _)| name.trim_end() != id || name.starts_with(char::is_whitespace))
    });
    let first = lines
        .next()
        .and_then(|l| l.split_once('='))
        .unwrap_or_else(|| panic!("no message {id:?} in assets/i18n/en.ftl"))
        .1;
    let mut value = first.to_string();
    for more in lines.take_while(|l| l.starts_with(char::is_whitespace)) {
        value.push('\n');
        value.push_str(more);
    }
    let (mut pieces, mut piece, mut depth) = (Vec::new(), String::new(), 0usize);
    for c in value.chars() {
        match c {
            '{' => {
                if depth == 0 {
                    pieces.push(std::mem::take(&mut piece));
                }
                depth += 1;
            }
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => piece.push(c),
            _ => {}
        }
    }
    pieces.push(piece);
    let last = pieces.len() - 1;
    pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            // The value's own ends are not the sentence's (Fluent trims them).
            let p = if i == 0 { p.trim_start() } else { p };
            let p = if i == last { p.trim_end() } else { p };
            let words = p.split_whitespace().collect::<Vec<_>>().join(" ");
            // Spaces that touch a placeable belong to the sentence.
            let before = if i > 0 && p.starts_with(char::is_whitespace) {
                " "
            } else {
                ""
            };
            let after = if i < last && p.ends_with(char::is_whitespace) {
                " "
            } else {
                ""
            };
            if words.is_empty() {
                before.max(after).to_string()
            } else {
                format!("{before}{words}{after}")
            }
        })
        .collect()
}

/// Where the message `id`'s words occur in `text` in order, whatever its variables hold:
/// the span of the match (the first piece found at or after `from`).
fn find_message(text: &str, id: &str, anchored: bool) -> Option<(usize, usize)> {
    let pieces = message_words(id);
    let last = pieces.len() - 1;
    let start = if anchored {
        Some(0)
    } else {
        text.find(pieces[0].as_str())
    }?;
    if anchored && !text.starts_with(pieces[0].as_str()) {
        return None;
    }
    let mut at = start + pieces[0].len();
    for (i, piece) in pieces.iter().enumerate().skip(1) {
        let rest = &text[at..];
        let found = if i == last && anchored {
            rest.ends_with(piece.as_str())
                .then(|| rest.len() - piece.len())?
        } else {
            rest.find(piece.as_str())?
        };
        at += found + piece.len();
    }
    (!anchored || at == text.len()).then_some((start, at))
}

/// Whether `text` is the English catalogue's message `id`, whatever its variables hold: the
/// message's own words open, join and close it. Tests compare with the catalogue so that a
/// reworded sentence breaks none of them.
pub fn is_message(text: &str, id: &str) -> bool {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    // The status line capitalises messages that start in lower case.
    let mut chars = text.chars();
    let lowered: String = chars
        .next()
        .into_iter()
        .flat_map(char::to_lowercase)
        .chain(chars)
        .collect();
    find_message(&text, id, true).is_some() || find_message(&lowered, id, true).is_some()
}

/// Whether `text` holds the English catalogue's message `id` somewhere (see [`is_message`]):
/// for a line that joins several messages.
pub fn holds_message(text: &str, id: &str) -> bool {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    find_message(&text, id, false).is_some()
}
