//! A minimal text field for the host and join dialogs (Bevy 0.19's `EditableText` needs
//! `bevy_ui_widgets`, which this build leaves out): typed characters, Backspace, paste, each
//! field with its own filter and length limit. Enter, Esc, Tab and Ctrl+V are the dialog's keys
//! in the keymap; while the dialog is open it owns the keyboard, so nothing else acts on what
//! is typed.
//!
//! The text lives in [`Fields`] (a resource, so headless tests type into it as a person would:
//! `KeyboardInput` messages); the field on screen only shows it.

use crate::tr;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::picking::events::{Pointer, Press};
use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::actions::{Action, ActionsExt};
use crate::game::core::screens::Modal;
use crate::game::core::state::StatusLine;
use crate::game::ui::theme;
use crate::game::ui::widgets::text;

/// Which field.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FieldId {
    /// The host's port (digits).
    Port,
    /// The host's address, `host:port`.
    Address,
    /// The join code (letters and digits).
    Code,
    /// A game server's address, `http://host:port`.
    Server,
    /// An account's name on a server.
    Name,
    /// An account's password (shown as dots, never kept after it is sent).
    Password,
    /// The name of a player to challenge.
    Opponent,
    /// A server game's id.
    GameId,
    /// The player's name (the Settings screen).
    PlayerName,
    /// The name a game is saved under (the Save dialog).
    SaveName,
}

impl FieldId {
    /// The most characters the field holds.
    pub fn max_len(self) -> usize {
        match self {
            FieldId::Port => 5,
            FieldId::Address => 100,
            FieldId::Code => 16,
            FieldId::Server => 200,
            FieldId::Name | FieldId::Opponent => 20,
            FieldId::Password => 200,
            FieldId::GameId => 16,
            FieldId::PlayerName => crate::game::core::prefs::NAME_MAX,
            FieldId::SaveName => crate::store::MAX_NAME_CHARS,
        }
    }

    /// Whether `c` may be typed here (as it will be stored).
    pub fn accepts(self, c: char) -> bool {
        match self {
            FieldId::Port => c.is_ascii_digit(),
            // Host names, IPv4 and bracketed IPv6 addresses, and the port.
            FieldId::Address => c.is_ascii_alphanumeric() || "-._:[]%".contains(c),
            FieldId::Code | FieldId::GameId => c.is_ascii_alphanumeric(),
            FieldId::Server => c.is_ascii_alphanumeric() || "-._:[]%/".contains(c),
            // The server's name rule: letters, digits, `_` and `-`.
            FieldId::Name | FieldId::Opponent => c.is_ascii_alphanumeric() || "_-".contains(c),
            FieldId::Password | FieldId::PlayerName => !c.is_control(),
            // What a file name keeps (the store replaces anything else with `_`).
            FieldId::SaveName => c.is_alphanumeric() || " -_.,()'+".contains(c),
        }
    }

    /// What the empty field shows.
    fn placeholder(self) -> String {
        match self {
            FieldId::Port => "47317".to_string(),
            FieldId::Address => tr!("field-address"),
            FieldId::Code => tr!("field-code"),
            FieldId::Server => tr!("field-server"),
            FieldId::Name => tr!("field-name"),
            FieldId::Password => tr!("field-password"),
            FieldId::Opponent => tr!("field-opponent"),
            FieldId::GameId => tr!("field-game-id"),
            FieldId::PlayerName => tr!("field-player-name"),
            FieldId::SaveName => tr!("field-save-name"),
        }
    }

    /// The modal whose keyboard the field uses.
    fn modal(self) -> Modal {
        match self {
            FieldId::Port => Modal::HostGame,
            FieldId::Address | FieldId::Code => Modal::JoinGame,
            FieldId::Server | FieldId::Name | FieldId::Password => Modal::ServerSignIn,
            FieldId::Opponent => Modal::Challenge,
            FieldId::GameId => Modal::WatchGame,
            // The Settings screen, where no dialog is open.
            FieldId::PlayerName => Modal::None,
            FieldId::SaveName => Modal::SaveAs,
        }
    }
}

/// The fields' text and which one has the keyboard.
#[derive(Resource, Debug, Clone)]
pub struct Fields {
    /// The port field.
    pub port: String,
    /// The address field.
    pub address: String,
    /// The code field.
    pub code: String,
    /// The server address field.
    pub server: String,
    /// The account name field.
    pub name: String,
    /// The password field.
    pub password: String,
    /// The opponent's name field.
    pub opponent: String,
    /// The game id field.
    pub game_id: String,
    /// The player's name field.
    pub player_name: String,
    /// The save name field.
    pub save_name: String,
    /// The field typing goes to.
    pub focus: FieldId,
}

impl Default for Fields {
    fn default() -> Fields {
        Fields {
            port: crate::net::DEFAULT_PORT.to_string(),
            address: String::new(),
            code: String::new(),
            server: String::new(),
            name: String::new(),
            password: String::new(),
            opponent: String::new(),
            game_id: String::new(),
            player_name: String::new(),
            save_name: String::new(),
            focus: FieldId::Address,
        }
    }
}

impl Fields {
    /// A field's text.
    pub fn get(&self, id: FieldId) -> &str {
        match id {
            FieldId::Port => &self.port,
            FieldId::Address => &self.address,
            FieldId::Code => &self.code,
            FieldId::Server => &self.server,
            FieldId::Name => &self.name,
            FieldId::Password => &self.password,
            FieldId::Opponent => &self.opponent,
            FieldId::GameId => &self.game_id,
            FieldId::PlayerName => &self.player_name,
            FieldId::SaveName => &self.save_name,
        }
    }

    fn get_mut(&mut self, id: FieldId) -> &mut String {
        match id {
            FieldId::Port => &mut self.port,
            FieldId::Address => &mut self.address,
            FieldId::Code => &mut self.code,
            FieldId::Server => &mut self.server,
            FieldId::Name => &mut self.name,
            FieldId::Password => &mut self.password,
            FieldId::Opponent => &mut self.opponent,
            FieldId::GameId => &mut self.game_id,
            FieldId::PlayerName => &mut self.player_name,
            FieldId::SaveName => &mut self.save_name,
        }
    }

    /// Adds what `typed` holds that the field accepts (codes upper-cased), up to its limit;
    /// returns whether anything was refused.
    pub fn insert(&mut self, id: FieldId, typed: &str) -> bool {
        let mut refused = false;
        let field = self.get_mut(id);
        // A password and a name keep their spaces; elsewhere pasted text is trimmed.
        let typed = if matches!(
            id,
            FieldId::Password | FieldId::PlayerName | FieldId::SaveName
        ) {
            typed
        } else {
            typed.trim()
        };
        for c in typed.chars() {
            let c = if id == FieldId::Code {
                c.to_ascii_uppercase()
            } else {
                c
            };
            if id.accepts(c) && field.chars().count() < id.max_len() {
                field.push(c);
            } else {
                refused = true;
            }
        }
        refused
    }

    /// Removes the last character of the focused field.
    pub fn backspace(&mut self) {
        let focus = self.focus;
        self.get_mut(focus).pop();
    }

    /// The next field of the open dialog takes the keyboard.
    pub fn next_field(&mut self) {
        self.focus = match self.focus {
            FieldId::Address => FieldId::Code,
            FieldId::Code => FieldId::Address,
            FieldId::Port => FieldId::Port,
            FieldId::Server => FieldId::Name,
            FieldId::Name => FieldId::Password,
            FieldId::Password => FieldId::Server,
            FieldId::Opponent => FieldId::Opponent,
            FieldId::GameId => FieldId::GameId,
            FieldId::PlayerName => FieldId::PlayerName,
            FieldId::SaveName => FieldId::SaveName,
        };
    }
}

/// A field on screen, showing [`Fields`].
#[derive(Component, Clone, Copy)]
pub struct TextField(pub FieldId);

/// The text inside a field.
#[derive(Component, Clone, Copy)]
struct FieldText(FieldId);

/// A field of `width` pixels; a press on it gives it the keyboard.
pub fn text_field(id: FieldId, width: f32) -> impl Bundle {
    (
        TextField(id),
        Button,
        Node {
            width: px(width),
            padding: UiRect::axes(px(10), px(6)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(theme::ROW),
        BorderColor::all(theme::TEXT_DIM),
        children![(FieldText(id), text("", 16.0, theme::TEXT), Pickable::IGNORE)],
    )
}

/// What the keys of a dialog with fields ask for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FieldAction {
    /// The next field takes the keyboard.
    Next,
    /// Paste the clipboard into the focused field.
    Paste,
}

impl Action for FieldAction {}

fn act(world: &mut World, action: FieldAction) {
    match action {
        FieldAction::Next => {
            if let Some(mut fields) = world.get_resource_mut::<Fields>() {
                fields.next_field();
            }
        }
        FieldAction::Paste => paste(world),
    }
}

/// Ctrl+V in a dialog with fields: the clipboard into the focused field.
fn paste(world: &mut World) {
    let fetched = world
        .get_resource_mut::<bevy::clipboard::Clipboard>()
        .map(|mut c| c.fetch_text().poll_result());
    let text = match fetched {
        None => return warn(world, tr!("pos-no-clipboard")),
        Some(Some(Ok(t))) => t,
        Some(Some(Err(e))) => {
            return warn(world, tr!("pos-clipboard-error", error = e.to_string()));
        }
        Some(None) => return warn(world, tr!("pos-clipboard-not-ready")),
    };
    let refused = world.get_resource_mut::<Fields>().map(|mut f| {
        let focus = f.focus;
        f.insert(focus, &text)
    });
    if refused == Some(true) {
        warn(world, tr!("online-paste-filtered"));
    }
}

fn warn(world: &mut World, text: String) {
    if let Some(mut s) = world.get_resource_mut::<StatusLine>() {
        s.warn(text);
    }
}

pub(super) fn core_plugin(app: &mut App) {
    app.answer(act);
    app.init_resource::<Fields>()
        .add_message::<KeyboardInput>()
        .add_systems(Update, type_into_fields.in_set(GameSet::Input));
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_observer(focus_on_press)
        .add_systems(Update, show_fields.in_set(GameSet::View));
}

/// Typing goes to the focused field of the open dialog: characters it accepts, Backspace.
/// Keys with Ctrl held are the keymap's (Ctrl+V pastes).
pub(crate) fn type_into_fields(
    mut keys: MessageReader<KeyboardInput>,
    modal: Option<Res<State<Modal>>>,
    screen: Option<Res<State<crate::game::core::screens::Screen>>>,
    held: Option<Res<ButtonInput<KeyCode>>>,
    mut fields: ResMut<Fields>,
) {
    let modal = modal.map_or(Modal::None, |m| *m.get());
    // The name field is on the Settings screen, not in a dialog.
    let on_settings =
        screen.is_some_and(|s| *s.get() == crate::game::core::screens::Screen::Settings);
    if fields.focus == FieldId::PlayerName && !on_settings {
        keys.clear();
        return;
    }
    let ctrl = held.is_some_and(|k| k.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]));
    for key in keys.read() {
        let focus = fields.focus;
        if key.state != ButtonState::Pressed || focus.modal() != modal || ctrl {
            continue;
        }
        match &key.logical_key {
            Key::Backspace => fields.backspace(),
            Key::Character(c) => {
                fields.insert(focus, c.as_str());
            }
            // A space, or a layout's text without a character key (dead keys): by its text.
            _ => {
                if let Some(t) = &key.text
                    && t.chars().all(|c| !c.is_control())
                {
                    fields.insert(focus, t.as_str());
                }
            }
        }
    }
}

fn focus_on_press(
    press: On<Pointer<Press>>,
    fields_on_screen: Query<&TextField>,
    mut fields: ResMut<Fields>,
) {
    if let Ok(field) = fields_on_screen.get(press.entity) {
        fields.focus = field.0;
    }
}

/// Each field shows its text, a caret when it has the keyboard, or its placeholder.
fn show_fields(
    fields: Res<Fields>,
    mut boxes: Query<(&TextField, &mut BorderColor)>,
    mut texts: Query<(&FieldText, &mut Text, &mut TextColor)>,
) {
    for (field, mut border) in &mut boxes {
        let want = BorderColor::all(if fields.focus == field.0 {
            theme::ACCENT
        } else {
            theme::TEXT_DIM
        });
        if *border != want {
            *border = want;
        }
    }
    for (field, mut t, mut colour) in &mut texts {
        let dots;
        let value = if field.0 == FieldId::Password {
            dots = "\u{2022}".repeat(fields.password.chars().count());
            dots.as_str()
        } else {
            fields.get(field.0)
        };
        let focused = fields.focus == field.0;
        let (want, ink) = match (value.is_empty(), focused) {
            (true, false) => (field.0.placeholder().to_string(), theme::TEXT_DIM),
            (true, true) => (format!("|   {}", field.0.placeholder()), theme::TEXT_DIM),
            (false, true) => (format!("{value}|"), theme::TEXT),
            (false, false) => (value.to_string(), theme::TEXT),
        };
        if t.0 != want {
            t.0 = want;
        }
        if colour.0 != ink {
            colour.0 = ink;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_only_what_they_accept_up_to_their_length() {
        let mut f = Fields::default();
        f.port.clear();
        assert!(f.insert(FieldId::Port, "47a317999"));
        assert_eq!(f.port, "47317");
        assert!(!f.insert(FieldId::Code, " ab12cd "));
        assert_eq!(f.code, "AB12CD");
        assert!(f.insert(FieldId::Code, "x y"));
        assert_eq!(f.code, "AB12CDXY");
        f.insert(FieldId::Address, "[::1]:47317");
        assert_eq!(f.address, "[::1]:47317");
        assert!(f.insert(FieldId::Address, "a\nb"), "no control characters");
        f.focus = FieldId::Code;
        f.backspace();
        assert_eq!(f.code, "AB12CDX");
        f.next_field();
        assert_eq!(f.focus, FieldId::Address);
    }
}
