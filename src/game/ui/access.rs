//! The window's accessibility tree (AccessKit nodes, which Bevy hands to the platform's screen
//! reader): every button, field, text, panel and dialog named in the language in force, the
//! board's cells named in the words of rule book §11 ("e5, rising cell, White Bishop"), and a
//! live node that announces moves, the game's end, refusals and the typed-move field's answers.
//!
//! The names are set here, in one place, from what the widgets already show (a button's label,
//! a dialog's title, a field's name), so no screen has to name its controls twice. Bevy's own
//! `bevy_ui` names a button once, when it is made; this runs after it every frame and keeps
//! names current when a label changes (a key added, another language).

use accesskit::{Action, Live, Node as AkNode, Role, Toggled};
use bevy::a11y::{AccessibilityNode, AccessibilitySystems, ActionRequest};
use bevy::prelude::*;
use bevy_input_focus::{FocusCause, InputFocus};

use crate::game::core::screens::Screen;
use crate::game::core::state::{ChessGame, StatusLine};
use crate::game::text::{Language, language};
use crate::game::ui::text_field::{FieldId, Fields, TextField};
use crate::game::ui::widgets::ActionButton;
use crate::rules::Cell;
use crate::rules::words::{Lang, say};
use crate::tr;

/// A text for the eye only, which the tree leaves out: the cells' names drawn over the board
/// (the Board list already names every cell, with what stands on it).
#[derive(Component, Clone, Copy, Debug)]
pub struct Unspoken;

/// A container the tree should name: a dialog, a panel. Its name is `name` when given, else the
/// first text inside it (a dialog's title).
#[derive(Component, Clone, Debug)]
pub struct Landmark {
    role: Role,
    name: Option<String>,
}

impl Landmark {
    /// A dialog named by its first text.
    pub fn dialog() -> Landmark {
        Landmark {
            role: Role::Dialog,
            name: None,
        }
    }

    /// A region (a side panel, a screen's card) with its name from the catalogue.
    pub fn region(name: impl Into<String>) -> Landmark {
        Landmark {
            role: Role::Group,
            name: Some(name.into()),
        }
    }

    /// A setting's choices (its buttons carry [`Chosen`]): a screen reader names the group
    /// when it enters it ("Sound, On, selected"), where a list of buttons said only "On".
    pub fn choices(name: impl Into<String>) -> Landmark {
        Landmark {
            role: Role::RadioGroup,
            name: Some(name.into()),
        }
    }
}

/// A button that is one choice among others (a setting's values): the tree makes it a radio
/// button, checked while it is the choice in force (which the eye sees as its outline).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen(pub bool);

/// What the live node says next: every move, the game's end, a refusal, an answer.
#[derive(Resource, Default, Debug, Clone)]
pub struct Announcements {
    /// The latest announcement.
    pub text: String,
    /// How many were made (a repeated sentence is still a new announcement).
    pub count: u64,
}

impl Announcements {
    /// Says `text` through the live node.
    pub fn say(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.count += 1;
    }
}

/// The live node (polite: it waits for the screen reader to finish what it is saying).
#[derive(Component)]
pub struct LiveNode;

/// The board as a list of its cells.
#[derive(Component)]
pub struct BoardNode;

/// One cell's node.
#[derive(Component)]
pub struct CellNode(pub Cell);

/// The words' language for the catalogue's language.
pub fn words_lang() -> Lang {
    match language() {
        Language::En => Lang::En,
        Language::De => Lang::De,
    }
}

/// A field's name, for the tree (the dialogs show it beside the field).
fn field_name(id: FieldId) -> String {
    match id {
        FieldId::Port => tr!("a11y-field-port"),
        FieldId::Address => tr!("a11y-field-address"),
        FieldId::Code => tr!("a11y-field-code"),
        FieldId::Server => tr!("a11y-field-server"),
        FieldId::Name => tr!("a11y-field-name"),
        FieldId::Password => tr!("a11y-field-password"),
        FieldId::Opponent => tr!("a11y-field-opponent"),
        FieldId::GameId => tr!("a11y-field-game-id"),
        FieldId::PlayerName => tr!("a11y-field-player-name"),
        FieldId::SaveName => tr!("a11y-field-save-name"),
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Announcements>()
        // Sent by the window's AccessKit adapter (bevy_winit); registered here too so that
        // the answer runs (and is tested) without a window.
        .add_message::<ActionRequest>()
        .add_systems(Startup, spawn_board_and_live_nodes)
        .add_systems(
            Update,
            (
                answer_requests.in_set(crate::game::core::GameSet::Input),
                (announce_moves, announce_refusals).in_set(crate::game::core::GameSet::View),
            ),
        )
        .add_systems(
            PostUpdate,
            (describe_ui, name_cells, speak)
                .after(bevy::ui::UiSystems::PostLayout)
                .before(AccessibilitySystems::Update),
        );
}

fn spawn_board_and_live_nodes(mut commands: Commands) {
    let mut live = AkNode::new(Role::Label);
    live.set_live(Live::Polite);
    live.set_label(tr!("a11y-announcements"));
    commands.spawn((LiveNode, AccessibilityNode(live)));
    let mut board = AkNode::new(Role::List);
    board.set_label(tr!("a11y-board"));
    commands
        .spawn((BoardNode, AccessibilityNode(board)))
        .with_children(|b| {
            for cell in Cell::all() {
                b.spawn((
                    CellNode(cell),
                    AccessibilityNode(AkNode::new(Role::ListItem)),
                ));
            }
        });
}

/// The live node's text follows [`Announcements`].
fn speak(said: Res<Announcements>, mut live: Query<&mut AccessibilityNode, With<LiveNode>>) {
    if !said.is_changed() {
        return;
    }
    for mut node in &mut live {
        node.set_value(said.text.clone());
        node.set_label(tr!("a11y-announcements"));
    }
}

/// Announces each move as it is played (either side's) in words, and the game's end.
fn announce_moves(
    game: Option<Res<ChessGame>>,
    mut said: ResMut<Announcements>,
    mut seen: Local<Option<(u64, usize, bool)>>,
) {
    let Some(game) = game else {
        return;
    };
    let g = game.game();
    let now = (game.id(), g.plies().len(), g.outcome().is_some());
    let before = seen.replace(now);
    let Some((id, plies, ended)) = before else {
        return;
    };
    if before == Some(now) {
        return;
    }
    let lang = words_lang();
    let mut parts = Vec::new();
    if id == now.0 && now.1 == plies + 1 {
        let before_move = {
            let mut p = g.start_position().clone();
            for ply in &g.plies()[..plies] {
                p.make_move(ply.mv);
            }
            p
        };
        if let Some(w) = crate::rules::words::last_move_words(g) {
            parts.push(say::move_words(lang, &before_move, &w));
        }
    }
    if now.2
        && (!ended || id != now.0)
        && let Some(o) = g.outcome()
    {
        parts.push(crate::game::text::outcome_text(o));
    }
    if !parts.is_empty() {
        said.say(format!("{}.", parts.join(". ")));
    }
}

/// A refusal shown on the status line is said too: a player who cannot see it must hear why.
fn announce_refusals(status: Option<Res<StatusLine>>, mut said: ResMut<Announcements>) {
    if let Some(status) = status
        && status.is_changed()
        && status.warning
        && !status.text.is_empty()
    {
        said.say(status.text.clone());
    }
}

/// Names each cell by its name, shape and what stands on it in the position shown, and hides
/// the board where no board is shown.
fn name_cells(
    game: Option<Res<ChessGame>>,
    screen: Option<Res<State<Screen>>>,
    mut board: Query<&mut AccessibilityNode, (With<BoardNode>, Without<CellNode>)>,
    mut cells: Query<(&CellNode, &mut AccessibilityNode), Without<BoardNode>>,
    mut named: Local<Option<(u64, Language)>>,
) {
    let Some(game) = game else {
        return;
    };
    let shown = screen.is_none_or(|s| s.get().shows_board());
    for mut node in &mut board {
        if node.is_hidden() == shown {
            if shown {
                node.clear_hidden();
            } else {
                node.set_hidden();
            }
        }
    }
    let key = (game.revision(), language());
    if *named == Some(key) && !cells.iter().any(|(_, n)| n.label().is_none()) {
        return;
    }
    *named = Some(key);
    let lang = words_lang();
    let pos = game.board().position();
    for mut node in &mut board {
        node.set_label(tr!("a11y-board"));
    }
    for (cell, mut node) in &mut cells {
        let name = say::cell_name(lang, pos, cell.0);
        if node.label() != Some(name.as_str()) {
            node.set_label(name);
        }
    }
}

/// What one UI node is in the tree.
#[derive(Debug, PartialEq)]
struct Described {
    role: Role,
    label: Option<String>,
    value: Option<String>,
    hidden: bool,
    /// A choice's state ([`Chosen`]).
    toggled: Option<bool>,
}

type UiItem<'a> = (
    Entity,
    &'a Node,
    Option<&'a Visibility>,
    Option<&'a Children>,
    Has<Button>,
    Option<&'a TextField>,
    Option<&'a Landmark>,
    Option<&'a Text>,
    Option<&'a Chosen>,
);

/// Gives every UI node its node in the tree: buttons and fields with their names, texts as
/// labels, dialogs and panels with theirs, and plain boxes as containers (which the platform
/// adapters leave out, keeping their contents), so a dialog's buttons sit inside the dialog.
/// Hidden boxes (`Display::None`, `Visibility::Hidden`) are hidden there too.
fn describe_ui(
    items: Query<UiItem>,
    parents: Query<&ChildOf>,
    buttons: Query<(), With<Button>>,
    unspoken: Query<(), With<Unspoken>>,
    texts: Query<(&Text, Option<&Children>)>,
    spans: Query<&TextSpan>,
    mut nodes: Query<&mut AccessibilityNode>,
    mut commands: Commands,
) {
    // The words a text shows, its spans included.
    let words_of = |e: Entity| -> Option<String> {
        let (text, children) = texts.get(e).ok()?;
        let mut s = text.0.clone();
        for c in children.into_iter().flatten() {
            if let Ok(span) = spans.get(*c) {
                s.push_str(&span.0);
            }
        }
        Some(s)
    };
    // The texts inside `e`, a few levels down, in order.
    let inner_texts = |e: Entity, items: &Query<UiItem>| -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![(e, 0u8)];
        while let Some((at, depth)) = stack.pop() {
            if at != e
                && let Some(w) = words_of(at)
                && !w.trim().is_empty()
            {
                out.push(w);
                continue;
            }
            if depth >= 6 {
                continue;
            }
            if let Ok((.., Some(children), _, _, _, _, _)) = items.get(at) {
                for c in children.iter().rev() {
                    stack.push((c, depth + 1));
                }
            }
        }
        out
    };
    let in_button = |mut e: Entity| -> bool {
        for _ in 0..4 {
            let Ok(parent) = parents.get(e) else {
                return false;
            };
            e = parent.parent();
            if buttons.contains(e) {
                return true;
            }
        }
        false
    };
    for item in &items {
        let (e, node, visibility, _, is_button, field, landmark, text, chosen) = item;
        let hidden = node.display == Display::None
            || visibility.is_some_and(|v| *v == Visibility::Hidden)
            || unspoken.contains(e);
        let want = if let Some(field) = field {
            Described {
                role: Role::TextInput,
                label: Some(field_name(field.0)),
                value: Some(inner_texts(e, &items).join(" ")),
                hidden,
                toggled: None,
            }
        } else if is_button {
            let label = inner_texts(e, &items).join(" ");
            Described {
                role: if chosen.is_some() {
                    Role::RadioButton
                } else {
                    Role::Button
                },
                label: (!label.is_empty()).then_some(label),
                value: None,
                hidden,
                toggled: chosen.map(|c| c.0),
            }
        } else if let Some(mark) = landmark {
            Described {
                role: mark.role,
                label: mark
                    .name
                    .clone()
                    .or_else(|| inner_texts(e, &items).into_iter().next()),
                value: None,
                hidden,
                toggled: None,
            }
        } else if text.is_some() {
            if in_button(e) {
                // Part of a button's name, not a node of its own.
                continue;
            }
            let words = words_of(e).unwrap_or_default();
            Described {
                role: Role::Label,
                label: None,
                hidden: hidden || words.trim().is_empty(),
                value: Some(words),
                toggled: None,
            }
        } else {
            Described {
                role: Role::GenericContainer,
                label: None,
                value: None,
                hidden,
                toggled: None,
            }
        };
        match nodes.get_mut(e) {
            Ok(mut have) => {
                if differs(&have, &want) {
                    set(&mut have, want);
                }
            }
            Err(_) => {
                let mut fresh = AkNode::new(want.role);
                set(&mut fresh, want);
                commands.entity(e).try_insert(AccessibilityNode(fresh));
            }
        }
    }
}

/// What a screen reader asks of a node: Click runs a button's action, as a press does; Focus
/// moves the keyboard focus there (a field becomes the one typed into). Without this the tree
/// could be read but not used.
fn answer_requests(
    mut requests: MessageReader<ActionRequest>,
    buttons: Query<&ActionButton>,
    fields: Query<&TextField>,
    mut focus: Option<ResMut<InputFocus>>,
    mut typed_into: Option<ResMut<Fields>>,
    mut commands: Commands,
) {
    for request in requests.read() {
        let Some(target) = Entity::try_from_bits(request.target_node.0) else {
            continue;
        };
        match request.action {
            Action::Click => {
                if let Ok(button) = buttons.get(target) {
                    let action = button.0.clone();
                    commands.queue(move |world: &mut World| action.run(world));
                }
            }
            Action::Focus => {
                if let Ok(field) = fields.get(target)
                    && let Some(f) = typed_into.as_deref_mut()
                {
                    f.focus = field.0;
                }
                if (buttons.contains(target) || fields.contains(target))
                    && let Some(focus) = focus.as_deref_mut()
                {
                    focus.set(target, FocusCause::Navigated);
                }
            }
            _ => {}
        }
    }
}

/// Whether `have` says other than `want` (compared first: the node also carries the bounds
/// `bevy_ui` keeps, and is only touched when something changed).
fn differs(have: &AkNode, want: &Described) -> bool {
    have.role() != want.role
        || have.label() != want.label.as_deref()
        || have.value() != want.value.as_deref()
        || have.is_hidden() != want.hidden
        || have.toggled() != want.toggled.map(Toggled::from)
}

fn set(node: &mut AkNode, want: Described) {
    node.set_role(want.role);
    // What [`answer_requests`] answers, so that a screen reader offers it.
    match want.role {
        Role::Button | Role::RadioButton => {
            node.add_action(Action::Click);
            node.add_action(Action::Focus);
        }
        Role::TextInput => node.add_action(Action::Focus),
        _ => {}
    }
    match want.label {
        Some(l) => node.set_label(l),
        None => node.clear_label(),
    }
    match want.value {
        Some(v) => node.set_value(v),
        None => node.clear_value(),
    }
    match want.toggled {
        Some(t) => node.set_toggled(Toggled::from(t)),
        None => node.clear_toggled(),
    }
    if want.hidden {
        node.set_hidden();
    } else {
        node.clear_hidden();
    }
}
