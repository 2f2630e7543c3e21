//! The one table of keys, filled by every part of the game: each registers the keys of its own
//! screens and dialogs ([`KeysExt::bind_keys`]) and answers their actions itself
//! ([`super::actions`]). The same table drives the keyboard, the on-screen help
//! ([`KeyMap::help`]), the keys named on buttons ([`KeyMap::key_for`]) and the README's table
//! (`parachess keys`), so a key cannot be documented in one place and bound in another. Which
//! keys act depends on where the player is ([`Context`]): a dialog owns the keyboard while it
//! is open.
//!
//! Keys the board takes for itself before the table sees them (a typed move, the cell cursor,
//! a premove, a dialog's focus) are claimed in [`KeyClaims`]; a claimed key does not also run
//! its binding.

use bevy::prelude::*;

use super::GameSet;
use super::actions::{Action, AnyAction};
use super::screens::{Modal, Screen};
use crate::tr;

/// Where a key binding acts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Context {
    /// On the title screen.
    Title,
    /// On any screen that shows the board, with no dialog open.
    Board,
    /// On this screen, with no dialog open.
    On(Screen),
    /// While this dialog is open.
    Dialog(Modal),
}

impl Context {
    /// Whether the binding acts on `screen` with `modal` open.
    pub fn active(self, screen: Screen, modal: Modal) -> bool {
        match self {
            Context::Title => screen == Screen::Title && modal == Modal::None,
            Context::Board => screen.shows_board() && modal == Modal::None,
            Context::On(s) => screen == s && modal == Modal::None,
            Context::Dialog(m) => modal == m,
        }
    }

    /// Where, in words, for the README's table.
    fn place(self) -> String {
        match self {
            Context::Title => "title screen".to_string(),
            Context::Board => "any board".to_string(),
            Context::On(s) => s.place().to_string(),
            Context::Dialog(m) => format!("{m:?} dialog"),
        }
    }
}

/// A key, with or without Ctrl.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Chord {
    /// The key.
    pub key: KeyCode,
    /// Whether Ctrl must be held (and, when false, must not be).
    pub ctrl: bool,
}

/// One row of the table.
#[derive(Clone, Debug)]
pub struct Binding {
    /// The key.
    pub chord: Chord,
    /// What it does.
    pub action: AnyAction,
    /// Where.
    pub context: Context,
    /// What the help says it does, in English (the catalogue id is made of it: [`help_id`]).
    pub help: &'static str,
}

impl Binding {
    /// Whether the board or a menu reads the key itself (listed for the help only).
    pub fn listed(&self) -> bool {
        self.action.is(super::actions::GameAction::Listed)
    }
}

/// A binding of `key` alone.
pub fn key(key: KeyCode, action: impl Action, context: Context, help: &'static str) -> Binding {
    Binding {
        chord: Chord { key, ctrl: false },
        action: AnyAction::new(action),
        context,
        help,
    }
}

/// A binding of Ctrl+`key`.
pub fn ctrl(key: KeyCode, action: impl Action, context: Context, help: &'static str) -> Binding {
    Binding {
        chord: Chord { key, ctrl: true },
        action: AnyAction::new(action),
        context,
        help,
    }
}

/// Every key the game knows, in the order the parts registered them (the help's order), and
/// the notes the README prints after the table.
#[derive(Resource, Default, Debug)]
pub struct KeyMap {
    bindings: Vec<Binding>,
    notes: Vec<&'static str>,
}

impl KeyMap {
    /// Every binding.
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    /// The bindings that act on `screen` with `modal` open.
    pub fn active(&self, screen: Screen, modal: Modal) -> impl Iterator<Item = &Binding> {
        self.bindings
            .iter()
            .filter(move |b| b.context.active(screen, modal))
    }

    /// The action of a bare `key` where the player is (not one the board reads itself).
    pub fn hotkey(&self, key: KeyCode, screen: Screen, modal: Modal) -> Option<&AnyAction> {
        self.active(screen, modal)
            .find(|b| !b.chord.ctrl && b.chord.key == key && !b.listed())
            .map(|b| &b.action)
    }

    /// The name of the key that does `action` in `context` ("Esc", "Ctrl+S"), for a button's
    /// label or a sentence that names it.
    pub fn key_for(&self, action: impl Action, context: Context) -> Option<String> {
        self.bindings
            .iter()
            .find(|b| b.context == context && b.action.is(action))
            .map(|b| key_name(b.chord))
    }

    /// The name of the key that does `action` in `context`, for a sentence that names it ("?"
    /// when nothing binds it there, which a test of each such sentence rules out).
    pub fn name(&self, action: impl Action, context: Context) -> String {
        self.key_for(action, context)
            .unwrap_or_else(|| "?".to_string())
    }

    /// The name of the key that does `action` where the player is.
    pub fn key_where(&self, action: &AnyAction, screen: Screen, modal: Modal) -> Option<String> {
        self.active(screen, modal)
            .find(|b| b.action == *action)
            .map(|b| key_name(b.chord))
    }

    /// One line of help for the keys of `contexts`: "U: undo, R: redo, …". Keys with the same
    /// help are listed together ("U / Backspace / Ctrl+Z: undo").
    pub fn help(&self, contexts: &[Context]) -> String {
        self.help_where(contexts, |_| true)
    }

    /// As [`KeyMap::help`], leaving out the keys whose action `shown` refuses (one that
    /// cannot act now, like Continue with no game to continue).
    pub fn help_where(&self, contexts: &[Context], shown: impl Fn(&AnyAction) -> bool) -> String {
        let mut parts: Vec<(String, &'static str)> = Vec::new();
        for b in self
            .bindings
            .iter()
            .filter(|b| contexts.contains(&b.context) && shown(&b.action))
        {
            let name = key_name(b.chord);
            match parts.iter_mut().find(|(_, help)| *help == b.help) {
                Some((keys, _)) => {
                    keys.push_str(" / ");
                    keys.push_str(&name);
                }
                None => parts.push((name, b.help)),
            }
        }
        parts
            .iter()
            .map(|(keys, help)| format!("{keys}: {}", crate::game::text::tr(&help_id(help))))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The table as Markdown, for the README (`parachess keys`).
    pub fn markdown_table(&self) -> String {
        let mut out = String::from("| where | key | what it does |\n|---|---|---|\n");
        for b in &self.bindings {
            out.push_str(&format!(
                "| {} | `{}` | {} |\n",
                b.context.place(),
                key_name(b.chord),
                b.help
            ));
        }
        for note in &self.notes {
            out.push('\n');
            out.push_str(note);
        }
        out
    }
}

/// [`KeyMap::name`] from code that holds the world (a status line written by an action).
pub fn key_in(world: &World, action: impl Action, context: Context) -> String {
    world
        .get_resource::<KeyMap>()
        .map_or_else(|| "?".to_string(), |map| map.name(action, context))
}

/// How parts register their keys.
pub trait KeysExt {
    /// Adds `bindings` to the table, after those registered before.
    fn bind_keys(&mut self, bindings: Vec<Binding>) -> &mut Self;
    /// A paragraph the README prints after the table.
    fn key_note(&mut self, note: &'static str) -> &mut Self;
}

impl KeysExt for App {
    fn bind_keys(&mut self, bindings: Vec<Binding>) -> &mut Self {
        self.init_resource::<KeyMap>();
        self.world_mut()
            .resource_mut::<KeyMap>()
            .bindings
            .extend(bindings);
        self
    }

    fn key_note(&mut self, note: &'static str) -> &mut Self {
        self.init_resource::<KeyMap>();
        self.world_mut().resource_mut::<KeyMap>().notes.push(note);
        self
    }
}

/// The keys that step through a game's moves, for a screen that shows one (`last` is what
/// End says: "back to the game" where a game goes on).
pub fn move_keys(screen: Screen, last: &'static str) -> Vec<Binding> {
    use super::actions::HistoryAction as S;
    use KeyCode as K;
    let here = Context::On(screen);
    vec![
        key(K::ArrowLeft, S::PreviousMove, here, "previous move"),
        key(K::ArrowRight, S::NextMove, here, "next move"),
        key(K::Home, S::FirstMove, here, "first move"),
        key(K::End, S::LastMove, here, last),
    ]
}

/// A key's name as the help shows it.
pub fn key_name(chord: Chord) -> String {
    use KeyCode as K;
    let name = match chord.key {
        K::Enter => tr!("keyname-enter"),
        K::Escape => tr!("keyname-esc"),
        K::Backspace => tr!("keyname-backspace"),
        // Arrows by name: words read the same in every font.
        K::ArrowLeft => tr!("keyname-left"),
        K::ArrowRight => tr!("keyname-right"),
        K::ArrowUp => tr!("keyname-up"),
        K::ArrowDown => tr!("keyname-down"),
        K::Home => tr!("keyname-home"),
        K::End => tr!("keyname-end"),
        K::Space => tr!("keyname-space"),
        K::Tab => tr!("keyname-tab"),
        // Where the question mark is on an English keyboard: the key help's usual key.
        K::Slash => "?".to_string(),
        other => {
            let debug = format!("{other:?}");
            debug
                .strip_prefix("Key")
                .or_else(|| debug.strip_prefix("Digit"))
                .unwrap_or(&debug)
                .to_string()
        }
    };
    if chord.ctrl {
        tr!("keyname-ctrl", key = name)
    } else {
        name
    }
}

/// The catalogue id of a binding's help: `key-` and the English help, lower case, with every
/// run of other characters a `-` ("copy the position" is `key-copy-the-position`). The table
/// stays in English (the README's), and a test checks every id is in the catalogue.
pub fn help_id(help: &str) -> String {
    let mut id = String::from("key-");
    for c in help.chars() {
        if c.is_alphanumeric() {
            id.extend(c.to_lowercase());
        } else if !id.ends_with('-') {
            id.push('-');
        }
    }
    id.trim_end_matches('-').to_string()
}

/// The letter keys, A to Z (also for tests that type).
pub const LETTER_KEYS: [KeyCode; 26] = [
    KeyCode::KeyA,
    KeyCode::KeyB,
    KeyCode::KeyC,
    KeyCode::KeyD,
    KeyCode::KeyE,
    KeyCode::KeyF,
    KeyCode::KeyG,
    KeyCode::KeyH,
    KeyCode::KeyI,
    KeyCode::KeyJ,
    KeyCode::KeyK,
    KeyCode::KeyL,
    KeyCode::KeyM,
    KeyCode::KeyN,
    KeyCode::KeyO,
    KeyCode::KeyP,
    KeyCode::KeyQ,
    KeyCode::KeyR,
    KeyCode::KeyS,
    KeyCode::KeyT,
    KeyCode::KeyU,
    KeyCode::KeyV,
    KeyCode::KeyW,
    KeyCode::KeyX,
    KeyCode::KeyY,
    KeyCode::KeyZ,
];

/// The letter a key types, for the letter keys.
pub fn key_letter(key: KeyCode) -> Option<char> {
    let i = LETTER_KEYS.iter().position(|&k| k == key)?;
    Some(char::from(b'A' + i as u8))
}

/// The systems that may claim keys; the table's keys run after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardKeys;

/// Keys pressed this frame that something other than the table already handled.
#[derive(Resource, Default, Debug, Clone)]
pub struct KeyClaims(Vec<KeyCode>);

impl KeyClaims {
    /// Takes `key` for this frame.
    pub fn claim(&mut self, key: KeyCode) {
        if !self.0.contains(&key) {
            self.0.push(key);
        }
    }

    /// Whether `key` was taken this frame.
    pub fn claimed(&self, key: KeyCode) -> bool {
        self.0.contains(&key)
    }
}

/// Every frame starts with no key claimed.
pub fn clear_claims(mut claims: ResMut<KeyClaims>) {
    if !claims.0.is_empty() {
        claims.0.clear();
    }
}

/// Whether Shift is held (or was pressed this frame, for a quick hand on a slow frame).
pub fn shift_held(keys: Option<&ButtonInput<KeyCode>>) -> bool {
    let shift = [KeyCode::ShiftLeft, KeyCode::ShiftRight];
    keys.is_some_and(|k| k.any_pressed(shift) || k.any_just_pressed(shift))
}

/// Whether Ctrl, Alt or Super is held: such chords belong to the table and the system.
pub fn chord_held(keys: Option<&ButtonInput<KeyCode>>) -> bool {
    let chord = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    keys.is_some_and(|k| k.any_pressed(chord) || k.any_just_pressed(chord))
}

/// The table, the keyboard, and the keys of any board (each part adds its own).
pub fn plugin(app: &mut App) {
    use super::actions::GameAction as G;
    use KeyCode as K;
    app.bind_keys(vec![
        key(
            K::Escape,
            G::Back,
            Context::Board,
            "deselect, then back (where you came from)",
        ),
        key(K::KeyF, G::Flip, Context::Board, "flip the board"),
        key(K::KeyV, G::ToggleView, Context::Board, "2D / 3D"),
        key(K::KeyC, G::ToggleNames, Context::Board, "cell names"),
        key(K::KeyL, G::ToggleLines, Context::Board, "show lines"),
        key(K::KeyM, G::ToggleMute, Context::Board, "sound"),
        key(K::KeyO, G::ResetView, Context::Board, "default view"),
        key(K::F11, G::Fullscreen, Context::Board, "full screen"),
    ])
    .init_resource::<KeyClaims>()
    .init_resource::<KeyClaims>()
    .add_systems(
        Update,
        (clear_claims.before(BoardKeys), keyboard.after(BoardKeys)).in_set(GameSet::Input),
    );
}

/// Runs the action of every binding whose chord was just pressed and whose context is active.
fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Option<Res<State<Screen>>>,
    modal: Option<Res<State<Modal>>>,
    claims: Option<Res<KeyClaims>>,
    map: Res<KeyMap>,
    mut commands: Commands,
) {
    let (Some(keys), Some(screen)) = (keys, screen) else {
        return;
    };
    let modal = modal.map_or(Modal::None, |m| *m.get());
    // Ctrl pressed this frame counts even if already let go: on a slow frame a quick Ctrl+O
    // arrives all at once, and must not read as O.
    let ctrl_keys = [KeyCode::ControlLeft, KeyCode::ControlRight];
    let ctrl = keys.any_pressed(ctrl_keys) || keys.any_just_pressed(ctrl_keys);
    for b in map.active(*screen.get(), modal) {
        if b.chord.ctrl == ctrl
            && keys.just_pressed(b.chord.key)
            // Taken by a typed move, the cell cursor, a premove or a dialog's focus.
            && claims.as_ref().is_none_or(|c| !c.claimed(b.chord.key))
        {
            let action = b.action.clone();
            commands.queue(move |world: &mut World| action.run(world));
        }
    }
}
