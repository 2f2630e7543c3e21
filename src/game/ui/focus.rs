//! Dialogs, the title menu and the Settings screen by keyboard: Tab / Shift+Tab (and the arrows
//! where the dialog gives them no other meaning) move a visible focus ring among the buttons and
//! text fields; Enter or Space presses the focused one, as a click does.
//!
//! Built on Bevy's `bevy_input_focus`: [`TabGroup`] on each dialog card and menu, [`TabIndex`]
//! on each button and field, [`TabNavigation`] to step, [`InputFocus`] and
//! [`InputFocusVisible`] to remember where. Bevy's own Tab observer needs a window and its
//! dispatch plugin; the keys are read here instead, so the same code runs in headless tests and
//! yields Tab and Enter to a dialog that binds them (the join dialog's Tab goes to its fields).
//! Enter presses the focused button only once the player has moved the focus: until then a
//! dialog's own Enter (Start, Join…) keeps working.

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use bevy_input_focus::tab_navigation::{NavAction, TabGroup, TabIndex, TabNavigation};
use bevy_input_focus::{FocusCause, InputFocus, InputFocusVisible};

use super::theme;
use super::widgets::UiButton;
use crate::game::core::GameSet;
use crate::game::core::keys::{BoardKeys, KeyClaims, KeyMap};
use crate::game::core::screens::{Modal, Screen};

/// The ring drawn around the focused button (a child of it).
#[derive(Component)]
pub struct FocusRing;

/// Focus for dialogs and menus; part of the user interface, and usable alone in tests.
pub fn plugin(app: &mut App) {
    app.init_resource::<InputFocus>()
        .init_resource::<InputFocusVisible>()
        .init_resource::<KeyClaims>()
        .add_systems(
            Update,
            (
                mark_focusable,
                focus_keys
                    .after(crate::game::core::keys::clear_claims)
                    .in_set(BoardKeys),
            )
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(Update, show_ring.in_set(GameSet::View));
}

/// Every dialog card and menu is a tab group; every button and text field in one may take
/// the focus.
fn mark_focusable(
    mut commands: Commands,
    dialogs: Query<Entity, (Added<DespawnOnExit<Modal>>, Without<TabGroup>)>,
    screens: Query<
        (Entity, &DespawnOnExit<Screen>),
        (Added<DespawnOnExit<Screen>>, Without<ChildOf>),
    >,
    buttons: Query<Entity, (Added<UiButton>, Without<TabIndex>)>,
    fields: Query<Entity, (Added<super::text_field::TextField>, Without<TabIndex>)>,
) {
    for e in &dialogs {
        commands.entity(e).insert(TabGroup::new(0));
    }
    for (e, on) in &screens {
        if matches!(on.0, Screen::Title | Screen::Settings) {
            commands.entity(e).insert(TabGroup::new(0));
        }
    }
    for e in buttons.iter().chain(&fields) {
        commands.entity(e).insert(TabIndex(0));
    }
}

/// Whether a menu or dialog (and not the board) has the keyboard.
fn menu_open(screen: Screen, modal: Modal) -> bool {
    modal != Modal::None || matches!(screen, Screen::Title | Screen::Settings)
}

/// Tab, Shift+Tab, the arrows, Enter and Space in a dialog or menu.
fn focus_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Option<Res<State<Screen>>>,
    modal: Option<Res<State<Modal>>>,
    nav: TabNavigation,
    focusable: Query<(), With<TabIndex>>,
    nodes: Query<(&Node, Option<&ChildOf>)>,
    mut focus: ResMut<InputFocus>,
    mut visible: ResMut<InputFocusVisible>,
    mut claims: ResMut<KeyClaims>,
    map: Res<KeyMap>,
    mut commands: Commands,
) {
    let (Some(keys), Some(screen)) = (keys, screen) else {
        return;
    };
    let screen = *screen.get();
    let modal = modal.map_or(Modal::None, |m| *m.get());
    // A focus left behind by a closed dialog goes.
    if focus.get().is_some_and(|e| !focusable.contains(e)) {
        focus.clear();
        visible.0 = false;
    }
    if !menu_open(screen, modal) {
        return;
    }
    let ctrl = [KeyCode::ControlLeft, KeyCode::ControlRight];
    if keys.any_pressed(ctrl) {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    // A key the dialog binds keeps its meaning (the join dialog's Tab, the Pieces arrows).
    let bound = |key: KeyCode| {
        map.active(screen, modal)
            .any(|b| !b.listed() && !b.chord.ctrl && b.chord.key == key)
    };
    let steps = [
        (
            KeyCode::Tab,
            if shift {
                NavAction::Previous
            } else {
                NavAction::Next
            },
        ),
        (KeyCode::ArrowDown, NavAction::Next),
        (KeyCode::ArrowRight, NavAction::Next),
        (KeyCode::ArrowUp, NavAction::Previous),
        (KeyCode::ArrowLeft, NavAction::Previous),
    ];
    for (key, action) in steps {
        if !keys.just_pressed(key) || claims.claimed(key) || bound(key) {
            continue;
        }
        // Past buttons that are not shown (the title's Continue without a game to continue).
        let mut at = focus
            .get()
            .map_or_else(InputFocus::default, InputFocus::from_entity);
        let mut next = None;
        for _ in 0..64 {
            let step = match nav.navigate(&at, action) {
                Ok(e) => Some(e),
                Err(
                    bevy_input_focus::tab_navigation::TabNavigationError::NoTabGroupForCurrentFocus {
                        new_focus,
                        ..
                    },
                ) => Some(new_focus),
                Err(_) => None,
            };
            match step {
                Some(e) if hidden(e, &nodes) && Some(e) != focus.get() => {
                    at = InputFocus::from_entity(e);
                }
                other => {
                    next = other.filter(|&e| !hidden(e, &nodes));
                    break;
                }
            }
        }
        if let Some(e) = next {
            focus.set(e, FocusCause::Navigated);
            visible.0 = true;
            claims.claim(key);
        }
    }
    let Some(focused) = focus.get() else {
        return;
    };
    let enter = keys.just_pressed(KeyCode::Enter) && visible.0 && !claims.claimed(KeyCode::Enter);
    let space = keys.just_pressed(KeyCode::Space) && !claims.claimed(KeyCode::Space);
    if enter || space {
        claims.claim(if enter {
            KeyCode::Enter
        } else {
            KeyCode::Space
        });
        visible.0 = true;
        press(&mut commands, focused);
    }
}

/// Whether `entity` or a node above it is not laid out (`Display::None`).
fn hidden(mut entity: Entity, nodes: &Query<(&Node, Option<&ChildOf>)>) -> bool {
    for _ in 0..32 {
        let Ok((node, parent)) = nodes.get(entity) else {
            return false;
        };
        if node.display == Display::None {
            return true;
        }
        match parent {
            Some(p) => entity = p.parent(),
            None => return false,
        }
    }
    false
}

/// Presses `entity` as a click does: its own observers act (a button runs its action, a text
/// field takes the typing).
pub fn press(commands: &mut Commands, entity: Entity) {
    commands.trigger(Pointer::new(
        PointerId::Mouse,
        Location {
            target: NormalizedRenderTarget::None {
                width: 0,
                height: 0,
            },
            position: Vec2::ZERO,
        },
        Press {
            button: PointerButton::Primary,
            hit: HitData::new(Entity::PLACEHOLDER, 0.0, None, None),
            count: 1,
        },
        entity,
    ));
}

/// A bright ring around the focused button while the focus is shown.
fn show_ring(
    focus: Res<InputFocus>,
    visible: Res<InputFocusVisible>,
    rings: Query<(Entity, &ChildOf), With<FocusRing>>,
    mut commands: Commands,
) {
    if !focus.is_changed() && !visible.is_changed() {
        return;
    }
    let want = focus.get().filter(|_| visible.0);
    let mut present = false;
    for (ring, parent) in &rings {
        if Some(parent.parent()) == want {
            present = true;
        } else {
            commands.entity(ring).despawn();
        }
    }
    if let Some(owner) = want
        && !present
        && let Ok(mut owner) = commands.get_entity(owner)
    {
        owner.with_child((
            FocusRing,
            Node {
                position_type: PositionType::Absolute,
                left: px(-5),
                right: px(-5),
                top: px(-5),
                bottom: px(-5),
                border: UiRect::all(px(3)),
                border_radius: BorderRadius::all(px(9)),
                ..default()
            },
            BorderColor::all(theme::TEXT),
            Pickable::IGNORE,
        ));
    }
}
