//! The few UI pieces every screen and dialog is built from: text, buttons that carry their own
//! observers, and the dialog card over a dimmed board.

use bevy::ecs::observer::IntoEntityObserver;
use bevy::ecs::spawn::SpawnWith;
use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::theme;
use crate::game::core::actions::{Action, AnyAction};
use crate::game::core::keys::KeyMap;
use crate::game::core::screens::{Modal, Screen};
use crate::tr;

/// A line of text.
pub fn text(value: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (
        Text::new(value),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(colour),
    )
}

/// The action a button performs: lets dialogs mark the chosen one, and tests find buttons.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct ActionButton(pub AnyAction);

/// Any button (for the hover colours).
#[derive(Component, Debug, Clone, Copy)]
pub struct UiButton;

fn button_node() -> Node {
    Node {
        // Narrow enough that the play panel's buttons take six rows, not eight, so the status
        // and the key help fit a 1024×600 window.
        padding: UiRect::axes(px(8), px(6)),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border_radius: BorderRadius::all(px(6)),
        min_width: px(56),
        ..default()
    }
}

/// A button that runs `action` when pressed.
///
/// Buttons act on the press, not the click: picking sends a click only to what was hovered in
/// the previous frame, so a quick click on a slow frame (press and release together, right
/// after the pointer arrived) would be lost, while the press always reaches the button.
pub fn button(label: impl Into<String>, action: impl Action) -> impl Bundle {
    button_with(
        label,
        ActionButton(AnyAction::new(action)),
        run_on_press(action),
    )
}

/// The observer of a button that runs `action` on a primary press.
fn run_on_press(
    action: impl Action,
) -> impl Fn(On<Pointer<Press>>, Commands) + Send + Sync + 'static {
    move |press: On<Pointer<Press>>, mut commands: Commands| {
        if press.button == PointerButton::Primary {
            commands.queue(move |world: &mut World| action.run(world));
        }
    }
}

/// A button whose label ends with the key that does the same where it is shown ("Start
/// (Enter)"), named from the table of keys, so a label cannot name a key the table does not
/// bind.
pub fn keyed_button(label: impl Into<String>, action: impl Action) -> impl Bundle {
    keyed_button_as(label, action, action)
}

/// As [`keyed_button`], naming the key of `key_of` (a button that does what Esc does by
/// another way, like Lessons during a stage).
pub fn keyed_button_as(
    label: impl Into<String>,
    action: impl Action,
    key_of: impl Action,
) -> impl Bundle {
    button_with(
        label,
        (
            ActionButton(AnyAction::new(action)),
            ShowKey(AnyAction::new(key_of)),
        ),
        run_on_press(action),
    )
}

/// The label of a button made by [`keyed_button`] gets the key of this action.
#[derive(Component, Debug, Clone)]
pub struct ShowKey(AnyAction);

/// `label` with `key` after it, as the catalogue writes it ("Sound (M)").
pub fn with_key(label: &str, key: Option<String>) -> String {
    match key {
        Some(key) => tr!("with-key", label = label, key = key),
        None => label.to_string(),
    }
}

/// Names the key on each new keyed button: the key bound to its action where the player is
/// now (the screen or dialog the button was built for).
fn name_keys(
    fresh: Query<(&ShowKey, &Children), Added<ShowKey>>,
    mut texts: Query<&mut Text>,
    map: Option<Res<KeyMap>>,
    screen: Option<Res<State<Screen>>>,
    modal: Option<Res<State<Modal>>>,
) {
    let (Some(map), Some(screen)) = (map, screen) else {
        return;
    };
    let modal = modal.map_or(Modal::None, |m| *m.get());
    for (show, children) in &fresh {
        let Some(key) = map.key_where(&show.0, *screen.get(), modal) else {
            continue;
        };
        for child in children {
            if let Ok(mut text) = texts.get_mut(*child) {
                text.0 = with_key(&text.0, Some(key.clone()));
            }
        }
    }
}

/// A button with its own observer for presses and extra components on the button entity.
pub fn button_with<M>(
    label: impl Into<String>,
    extra: impl Bundle,
    on_press: impl IntoEntityObserver<M> + Sync,
) -> impl Bundle {
    let label = label.into();
    (
        // A column, so a parent that stretches this wrapper stretches the button too.
        Node {
            flex_direction: FlexDirection::Column,
            ..default()
        },
        Children::spawn(SpawnWith(move |parent: &mut ChildSpawner| {
            parent
                .spawn((
                    UiButton,
                    Button,
                    button_node(),
                    BackgroundColor(theme::BUTTON),
                    extra,
                    children![(text(label, 14.0, theme::TEXT), Pickable::IGNORE)],
                ))
                .observe(on_press);
        })),
    )
}

/// A node over the whole window that centres what it holds (dialogs, the title card, the
/// lobby and online cards).
pub fn full_screen_centre() -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: px(0),
        top: px(0),
        bottom: px(0),
        right: px(0),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        ..default()
    }
}

/// A row asking the player to answer the opponent's offer (hidden until shown): the words,
/// Accept and Decline. `marker` lets a system find it to show or hide it.
pub fn offer_row(
    marker: impl Component,
    label: String,
    accept: impl Action,
    decline: impl Action,
) -> impl Bundle {
    (
        marker,
        Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            align_items: AlignItems::Center,
            column_gap: px(6),
            row_gap: px(4),
            display: Display::None,
            padding: UiRect::all(px(6)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(theme::ACCENT.with_alpha(0.15)),
        children![
            text(label, 14.0, theme::ACCENT),
            button(tr!("offer-accept"), accept),
            button(tr!("offer-decline"), decline),
        ],
    )
}

/// A dialog: a card in the middle of a dimmed screen, gone when `modal` closes.
pub fn dialog(modal: Modal, children: impl Bundle) -> impl Bundle {
    backdrop(
        modal,
        children![(super::access::Landmark::dialog(), card(children))],
    )
}

/// The dimmed screen behind a dialog, centring what it holds, gone when `modal` closes. It
/// takes the pointer, so the board beneath cannot be clicked while the dialog is open.
pub fn backdrop(modal: Modal, children: impl Bundle) -> impl Bundle {
    (
        DespawnOnExit(modal),
        full_screen_centre(),
        BackgroundColor(theme::BACKDROP),
        GlobalZIndex(10),
        children,
    )
}

/// The card itself: a bordered panel of rows.
pub fn card(children: impl Bundle) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(12),
            padding: UiRect::all(px(22)),
            border_radius: BorderRadius::all(px(12)),
            border: UiRect::all(px(2)),
            // A definite width: rows of buttons that wrap are then measured as they are drawn.
            width: px(580),
            max_width: percent(92),
            ..default()
        },
        BackgroundColor(theme::DIALOG),
        BorderColor::all(theme::ACCENT),
        children,
    )
}

/// A wrapping row of buttons.
pub fn row() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        column_gap: px(8),
        row_gap: px(8),
        ..default()
    }
}

/// Outlines the buttons of `A` whose choice is in force (`chosen`), and no other of `A`'s.
pub fn mark_chosen<A: Action>(
    buttons: &mut Query<(&ActionButton, &mut Outline)>,
    chosen: impl Fn(A) -> bool,
) {
    for (button, mut outline) in buttons.iter_mut() {
        let Some(action) = button.0.get::<A>() else {
            continue;
        };
        let colour = if chosen(action) {
            theme::ACCENT
        } else {
            Color::NONE
        };
        if outline.color != colour {
            outline.color = colour;
        }
    }
}

/// Every action button gets an outline, clear until a screen marks its choice with it.
fn outline_buttons(
    fresh: Query<Entity, (With<ActionButton>, Without<Outline>)>,
    mut commands: Commands,
) {
    for e in &fresh {
        commands
            .entity(e)
            .insert(Outline::new(px(2), px(0), Color::NONE));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (button_colours, outline_buttons, name_keys))
        .add_observer(scroll_with_the_wheel);
}

/// Pixels a wheel's line scrolls.
const LINE_PX: f32 = 24.0;

/// The wheel over a box that scrolls (`Overflow::scroll_y`: the Settings screen, the load
/// list, the move list) scrolls it, up to its ends; past an end, or over a box that does not
/// scroll, the wheel goes on to the box around it.
fn scroll_with_the_wheel(
    mut scroll: On<Pointer<bevy::picking::events::Scroll>>,
    mut boxes: Query<(&Node, &ComputedNode, Option<&mut ScrollPosition>)>,
    mut commands: Commands,
) {
    let Ok((node, computed, position)) = boxes.get_mut(scroll.entity) else {
        return;
    };
    if node.overflow.y != OverflowAxis::Scroll {
        return;
    }
    let lines = match scroll.unit {
        bevy::input::mouse::MouseScrollUnit::Line => LINE_PX,
        bevy::input::mouse::MouseScrollUnit::Pixel => 1.0,
    };
    let dy = -scroll.y * lines;
    let room = ((computed.content_size().y - computed.size().y) * computed.inverse_scale_factor())
        .max(0.0);
    let now = position.as_ref().map_or(0.0, |p| p.y);
    let next = (now + dy).clamp(0.0, room);
    if next == now {
        return;
    }
    match position {
        Some(mut p) => p.y = next,
        None => {
            commands
                .entity(scroll.entity)
                .insert(ScrollPosition(Vec2::new(0.0, next)));
        }
    }
    scroll.propagate(false);
}

fn button_colours(
    mut buttons: Query<
        (&Interaction, &mut BackgroundColor),
        (Changed<Interaction>, With<UiButton>),
    >,
) {
    for (interaction, mut bg) in &mut buttons {
        bg.0 = match interaction {
            Interaction::Pressed => theme::BUTTON_ACTIVE,
            Interaction::Hovered => theme::BUTTON_HOVER,
            Interaction::None => theme::BUTTON,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A keyed button names the key the table binds to its action where it is shown, in the
    /// language in force; a button whose action has no key there keeps its plain label.
    #[test]
    fn a_keyed_button_names_its_key_from_the_table() {
        use crate::game::core::actions::GameAction;
        use crate::game::core::keys::{Context, KeysExt, key};
        let mut app = App::new();
        crate::game::core::screens::add_states(&mut app, Screen::Play);
        app.bind_keys(vec![key(
            KeyCode::KeyF,
            GameAction::Flip,
            Context::Board,
            "flip the board",
        )])
        .add_systems(Update, name_keys);
        app.update();
        let flip = app
            .world_mut()
            .spawn(keyed_button("Flip", GameAction::Flip))
            .id();
        let undo = app
            .world_mut()
            .spawn(keyed_button("Undo", GameAction::Undo))
            .id();
        let plain = app.world_mut().spawn(button("Flip", GameAction::Flip)).id();
        app.update();
        let label = |app: &mut App, root: Entity| -> String {
            let mut q = app.world_mut().query::<(&Text, &ChildOf)>();
            let mut q2 = app.world_mut().query::<&ChildOf>();
            let world = app.world();
            q.iter(world)
                .find(|(_, parent)| {
                    q2.get(world, parent.parent())
                        .is_ok_and(|grand| grand.parent() == root)
                })
                .map(|(t, _)| t.0.clone())
                .unwrap_or_default()
        };
        assert_eq!(label(&mut app, flip), "Flip (F)");
        assert_eq!(label(&mut app, undo), "Undo", "nothing binds Undo here");
        assert_eq!(label(&mut app, plain), "Flip");
        app.update();
        assert_eq!(label(&mut app, flip), "Flip (F)", "named once");
    }
    use bevy::camera::NormalizedRenderTarget;
    use bevy::input::mouse::MouseScrollUnit;
    use bevy::input::touch::TouchPhase;
    use bevy::picking::backend::HitData;
    use bevy::picking::events::Scroll;
    use bevy::picking::pointer::{Location, PointerId};

    /// A box of `size` showing `content` pixels of height, at scale 1.
    fn laid_out(size: f32, content: f32) -> ComputedNode {
        ComputedNode {
            size: Vec2::new(100.0, size),
            content_size: Vec2::new(100.0, content),
            inverse_scale_factor: 1.0,
            ..default()
        }
    }

    fn scroll_box(size: f32, content: f32) -> impl Bundle {
        (
            Node {
                overflow: Overflow::scroll_y(),
                ..default()
            },
            laid_out(size, content),
        )
    }

    /// One notch of the wheel (`lines` > 0: away from the player, towards the top) over `on`.
    fn wheel(app: &mut App, on: Entity, lines: f32) {
        let location = Location {
            target: NormalizedRenderTarget::None {
                width: 0,
                height: 0,
            },
            position: Vec2::ZERO,
        };
        app.world_mut().trigger(Pointer::new(
            PointerId::Mouse,
            location,
            Scroll {
                unit: MouseScrollUnit::Line,
                x: 0.0,
                y: lines,
                hit: HitData::new(Entity::PLACEHOLDER, 0.0, None, None),
                phase: TouchPhase::Moved,
            },
            on,
        ));
        app.update();
    }

    fn offset(app: &App, e: Entity) -> f32 {
        app.world().get::<ScrollPosition>(e).map_or(0.0, |p| p.y)
    }

    #[test]
    fn the_wheel_scrolls_the_box_under_it_to_its_end_then_the_box_around_it() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_observer(scroll_with_the_wheel);
        // Pointer events find their way up through a query that names the window component:
        // unknown to the world, the query fails and nothing propagates.
        app.world_mut().register_component::<Window>();
        // A panel that scrolls 100 px, holding a list that scrolls 30 px, holding a line of
        // text (which does not scroll).
        let panel = app.world_mut().spawn(scroll_box(400.0, 500.0)).id();
        let list = app
            .world_mut()
            .spawn((scroll_box(100.0, 130.0), ChildOf(panel)))
            .id();
        let line = app
            .world_mut()
            .spawn((Node::default(), laid_out(20.0, 20.0), ChildOf(list)))
            .id();
        app.update();

        // Down one line over the text: the list under it moves, the panel stays.
        wheel(&mut app, line, -1.0);
        assert_eq!((offset(&app, list), offset(&app, panel)), (LINE_PX, 0.0));
        // Past the list's end: it stops at its end, and only then does the panel move.
        wheel(&mut app, line, -1.0);
        assert_eq!((offset(&app, list), offset(&app, panel)), (30.0, 0.0));
        wheel(&mut app, line, -1.0);
        assert_eq!((offset(&app, list), offset(&app, panel)), (30.0, LINE_PX));
        for _ in 0..10 {
            wheel(&mut app, list, -1.0);
        }
        assert_eq!(offset(&app, panel), 100.0, "the panel stops at its end");
        // Back up: the list first, from where it was.
        wheel(&mut app, line, 1.0);
        assert_eq!((offset(&app, list), offset(&app, panel)), (6.0, 100.0));
        // Over a box whose content fits, the wheel does nothing to it.
        let fits = app.world_mut().spawn(scroll_box(100.0, 50.0)).id();
        wheel(&mut app, fits, -1.0);
        assert_eq!(offset(&app, fits), 0.0);
    }
}
