//! The gate of the window's accessibility tree: a headless app builds the title screen, a game
//! and Settings, and every control there must have a name in the tree; a cell is named in the
//! rule book's words; a move and a typed question are said through the live node.

use accesskit::Role;
use bevy::a11y::AccessibilityNode;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use std::time::Duration;

use crate::common::game::temp_data_dir;
use parachess::game::CorePlugin;
use parachess::game::core::DataDir;
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::screens::Screen;
use parachess::game::core::state::MoveRequest;
use parachess::game::ui::access::{CellNode, LiveNode};
use parachess::rules::{Cell, Move};

/// A headless app with the title, Settings and play screens' views (their nodes, no drawing).
fn app_on(screen: Screen) -> App {
    let dir = temp_data_dir("access");
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(LaunchOptions {
            screen,
            ..LaunchOptions::default()
        })
        .insert_resource(DataDir(dir))
        .add_plugins(CorePlugin)
        .add_plugins((
            parachess::game::title::plugin,
            parachess::game::settings::view_plugin,
            parachess::game::play::panel::plugin,
        ))
        // The typed-move field (the rest of the play view draws with gizmos, which need a GPU).
        .add_systems(Startup, parachess::game::play::input::typed::spawn_field)
        .add_systems(Update, parachess::game::play::input::typed::show_field)
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            Duration::from_secs_f32(1.0 / 60.0),
        ));
    for _ in 0..3 {
        app.update();
    }
    app
}

/// What a screen reader finds: each node not hidden (nor inside a hidden one), with its role
/// and its name (its label, or a text's value). Containers the platforms leave out are left
/// out here too.
fn tree(app: &mut App) -> Vec<(Role, String)> {
    let world = app.world_mut();
    let mut nodes = world.query::<(Entity, &AccessibilityNode)>();
    let hidden = |e: Entity, world: &World| -> bool {
        let mut at = e;
        for _ in 0..64 {
            if world
                .get::<AccessibilityNode>(at)
                .is_some_and(|n| n.is_hidden())
            {
                return true;
            }
            match world.get::<ChildOf>(at) {
                Some(p) => at = p.parent(),
                None => return false,
            }
        }
        false
    };
    let mut out = Vec::new();
    for (e, node) in nodes.iter(world) {
        if node.role() == Role::GenericContainer || hidden(e, world) {
            continue;
        }
        let name = node.label().or(node.value()).unwrap_or("").to_string();
        out.push((node.role(), name));
    }
    out
}

/// Every control in the tree has a name; returns the controls' names.
fn named_controls(app: &mut App) -> Vec<String> {
    let controls = [
        Role::Button,
        Role::RadioButton,
        Role::TextInput,
        Role::Dialog,
    ];
    let found: Vec<(Role, String)> = tree(app)
        .into_iter()
        .filter(|(role, _)| controls.contains(role))
        .collect();
    for (role, name) in &found {
        assert!(
            !name.trim().is_empty(),
            "a {role:?} without a name: {found:?}"
        );
    }
    found.into_iter().map(|(_, n)| n).collect()
}

fn key(app: &mut App, logical: Key, code: KeyCode) {
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: logical,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.update();
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let logical = if c == ' ' {
            Key::Space
        } else {
            Key::Character(c.to_string().into())
        };
        key(
            app,
            logical,
            KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
        );
    }
}

fn live_text(app: &mut App) -> String {
    let world = app.world_mut();
    let mut q = world.query_filtered::<&AccessibilityNode, With<LiveNode>>();
    let node = q.single(world).expect("one live node");
    assert_eq!(node.live(), Some(accesskit::Live::Polite));
    node.value().unwrap_or("").to_string()
}

#[test]
fn the_title_screen_names_every_control() {
    let mut app = app_on(Screen::Title);
    let names = named_controls(&mut app);
    for want in ["Play", "Learn", "Puzzles", "Settings", "Quit"] {
        assert!(names.iter().any(|n| n == want), "{want}: {names:?}");
    }
    let all = tree(&mut app);
    assert!(
        all.contains(&(Role::Group, "Main menu".to_string())),
        "{all:?}"
    );
    // The board is not shown on the title screen: its cells are not in the tree.
    assert!(!all.iter().any(|(r, _)| *r == Role::ListItem), "{all:?}");
}

#[test]
fn the_settings_screen_names_every_control() {
    let mut app = app_on(Screen::Settings);
    let names = named_controls(&mut app);
    assert!(names.len() > 10, "{names:?}");
    assert!(
        names.iter().any(|n| n == "Your name"),
        "the name field: {names:?}"
    );
    assert!(names.iter().any(|n| n == "Deutsch"), "{names:?}");
}

#[test]
fn a_game_names_its_controls_and_cells_and_says_moves_and_answers() {
    let mut app = app_on(Screen::Play);
    let names = named_controls(&mut app);
    assert!(names.len() > 5, "the play panel's buttons: {names:?}");
    let all = tree(&mut app);
    assert!(
        all.contains(&(Role::Group, "Game panel".to_string())),
        "{all:?}"
    );
    assert!(all.contains(&(Role::List, "Board".to_string())), "{all:?}");
    let cells: Vec<&String> = all
        .iter()
        .filter(|(r, _)| *r == Role::ListItem)
        .map(|(_, n)| n)
        .collect();
    assert_eq!(cells.len(), Cell::all().count());
    // a2 holds White's Sorcerer at the start; e5 is empty.
    let name_of = |app: &mut App, cell: &str| -> String {
        let cell: Cell = cell.parse().expect("a cell");
        let world = app.world_mut();
        let mut q = world.query::<(&CellNode, &AccessibilityNode)>();
        q.iter(world)
            .find(|(c, _)| c.0 == cell)
            .and_then(|(_, n)| n.label().map(str::to_string))
            .unwrap_or_default()
    };
    let a2 = name_of(&mut app, "a2");
    assert!(
        a2.starts_with("a2, ") && a2.ends_with(" cell, White Sorcerer"),
        "{a2}"
    );
    assert!(name_of(&mut app, "e5").ends_with(", empty"));

    // Two players at the board, so no computer answers before the test reads the words.
    app.world_mut()
        .write_message(parachess::game::core::state::GameCommand::NewGame {
            start: None,
            players: [parachess::game::core::state::SeatKind::Human; 2],
        });
    app.update();
    // A move is said in words, and the cells follow it.
    let c4: Cell = "c4".parse().expect("a cell");
    let d3: Cell = "d3".parse().expect("a cell");
    app.world_mut()
        .write_message(MoveRequest(Move::new(c4, d3)));
    for _ in 0..3 {
        app.update();
    }
    let said = live_text(&mut app);
    assert!(
        said.starts_with("White ") && said.contains("c4 to d3"),
        "{said}"
    );
    assert!(name_of(&mut app, "c4").ends_with(", empty"));
    assert!(!name_of(&mut app, "d3").ends_with(", empty"));

    // A question behind `/` is answered in the field and through the live node.
    type_text(&mut app, "/s a2");
    key(&mut app, Key::Enter, KeyCode::Enter);
    let said = live_text(&mut app);
    assert!(said.contains("a2") && said.contains("o'clock"), "{said}");
    let typed = app
        .world()
        .resource::<parachess::game::play::input::typed::TypedMove>();
    let (question, lines) = typed.answer.clone().expect("an answer shown");
    assert_eq!(question, "/s a2");
    assert!(lines.len() > 2, "{lines:?}");
}

/// The node of the button named `name`.
fn button_named(app: &mut App, name: &str) -> Entity {
    let world = app.world_mut();
    let mut nodes = world.query::<(Entity, &AccessibilityNode)>();
    nodes
        .iter(world)
        .find(|(_, n)| n.role() == Role::Button && n.label() == Some(name))
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no button {name}"))
}

/// A screen reader's request, as the window's AccessKit adapter hands it over.
fn request(app: &mut App, action: accesskit::Action, target: Entity) {
    app.world_mut()
        .write_message(bevy::a11y::ActionRequest(accesskit::ActionRequest {
            action,
            target_tree: accesskit::TreeId::ROOT,
            target_node: accesskit::NodeId(target.to_bits()),
            data: None,
        }));
    for _ in 0..3 {
        app.update();
    }
}

#[test]
fn a_screen_reader_focuses_and_presses_a_button() {
    let mut app = app_on(Screen::Title);
    // The window's focus plugin keeps it (not in this app without drawing).
    app.init_resource::<bevy_input_focus::InputFocus>();
    let settings = button_named(&mut app, "Settings");
    let node = app.world().get::<AccessibilityNode>(settings).unwrap();
    assert!(node.supports_action(accesskit::Action::Click));
    assert!(node.supports_action(accesskit::Action::Focus));
    request(&mut app, accesskit::Action::Focus, settings);
    assert_eq!(
        app.world().resource::<bevy_input_focus::InputFocus>().get(),
        Some(settings)
    );
    // A request for a node that is no button, or gone, does nothing.
    request(&mut app, accesskit::Action::Click, Entity::PLACEHOLDER);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Title
    );
    request(&mut app, accesskit::Action::Click, settings);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Settings
    );
}

/// The radio buttons inside the group named `group`: each one's node, name and state.
fn choices_in(app: &mut App, group: &str) -> Vec<(Entity, String, Option<accesskit::Toggled>)> {
    let world = app.world_mut();
    let mut nodes = world.query::<(Entity, &AccessibilityNode)>();
    let groups: Vec<Entity> = nodes
        .iter(world)
        .filter(|(_, n)| n.role() == Role::RadioGroup && n.label() == Some(group))
        .map(|(e, _)| e)
        .collect();
    assert_eq!(groups.len(), 1, "one group named {group}");
    let inside = |mut e: Entity, world: &World| -> bool {
        for _ in 0..8 {
            match world.get::<ChildOf>(e) {
                Some(p) if p.parent() == groups[0] => return true,
                Some(p) => e = p.parent(),
                None => return false,
            }
        }
        false
    };
    let mut out = Vec::new();
    for (e, node) in nodes.iter(world) {
        if node.role() == Role::RadioButton && inside(e, world) {
            out.push((e, node.label().unwrap_or("").to_string(), node.toggled()));
        }
    }
    out
}

/// Settings' choices are radio buttons in a group named by the setting, the choice in force
/// checked: a screen reader says "Sound (M), On, checked" where it said only "On". Pressing
/// another through the tree checks that one.
#[test]
fn settings_choices_are_named_groups_with_the_choice_in_force_checked() {
    let mut app = app_on(Screen::Settings);
    let sound = choices_in(&mut app, "Sound (M)");
    let names: Vec<&str> = sound.iter().map(|(_, n, _)| n.as_str()).collect();
    assert_eq!(names.len(), 2, "{sound:?}");
    assert!(names.contains(&"On") && names.contains(&"Off"), "{sound:?}");
    let checked: Vec<&(Entity, String, Option<accesskit::Toggled>)> = sound
        .iter()
        .filter(|c| c.2 == Some(accesskit::Toggled::True))
        .collect();
    assert_eq!(checked.len(), 1, "one choice in force: {sound:?}");
    assert!(
        sound.iter().all(|c| c.2.is_some()),
        "every choice has a state: {sound:?}"
    );
    // The setting's drawn name is the group's name, not a label said again before it.
    let all = tree(&mut app);
    assert!(
        !all.iter()
            .any(|(r, n)| *r == Role::Label && n == "Sound (M)"),
        "{all:?}"
    );
    // The name field's line is no group: its label names the field.
    assert!(named_controls(&mut app).iter().any(|n| n == "Your name"));
    let other = sound
        .iter()
        .find(|c| c.2 == Some(accesskit::Toggled::False))
        .map(|c| (c.0, c.1.clone()))
        .unwrap();
    request(&mut app, accesskit::Action::Click, other.0);
    let after = choices_in(&mut app, "Sound (M)");
    let now_checked: Vec<&str> = after
        .iter()
        .filter(|c| c.2 == Some(accesskit::Toggled::True))
        .map(|c| c.1.as_str())
        .collect();
    assert_eq!(now_checked, vec![other.1.as_str()], "{after:?}");
}
