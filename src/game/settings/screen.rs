//! The Settings screen: every remembered choice as buttons, the chosen one outlined as in the
//! new-game dialog. Each press changes the game's own resource; the settings file follows.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};

use crate::game::core::ViewMode;
use crate::game::core::actions::{Action, AidAction, GameAction};
use crate::game::core::board::AnimationSpeed;
use crate::game::core::board::BoardMarks;
use crate::game::core::board::BoardTheme;
use crate::game::core::board::ShowLines;
use crate::game::core::board::ShowNames;
use crate::game::core::board::ShowThreats;
use crate::game::core::camera::CameraRig;
use crate::game::core::keys::{Context, KeyMap};
use crate::game::core::prefs::PlayerName;
use crate::game::core::prefs::{Muted, SoundVolume};
use crate::game::core::screens::{Screen, set_screen};
use crate::game::settings::AutoScale;
use crate::game::text::{Language, language, set_language};
use crate::game::ui::access;
use crate::game::ui::text_field::{FieldId, Fields, text_field};
use crate::game::ui::theme;
use crate::game::ui::widgets::{ActionButton, button, keyed_button, text, with_key};
use crate::tr;

/// The volumes offered, in percent.
pub const VOLUMES: [u8; 4] = [25, 50, 80, 100];

/// The interface scales offered, in percent.
pub const SCALES: [u16; 5] = [75, 100, 125, 150, 200];

/// The Settings screen's buttons and keys (`Action::Settings`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SettingsAction {
    /// Open the screen (title button, `S` on the title screen, `F2` on a board).
    Open,
    /// Back where the player came from (`Esc`).
    Back,
    /// Sounds on or off.
    Sound(bool),
    /// Sound volume in percent.
    Volume(u8),
    /// How fast pieces glide.
    Animation(AnimationSpeed),
    /// Legal-move dots.
    Dots(bool),
    /// The last move's tint.
    LastMove(bool),
    /// 2D or 3D.
    View(ViewMode),
    /// Cell names.
    Names(bool),
    /// The show-lines aid.
    Lines(bool),
    /// Threat marks.
    Threats(bool),
    /// Board theme (index into the themes).
    Theme(usize),
    /// Piece colouring (0 or 1).
    Pieces(usize),
    /// Interface scale in percent (0: follow the window's size).
    Scale(u16),
    /// Full screen.
    Fullscreen(bool),
    /// The language of the text (the screen is rebuilt in it at once, other screens the next
    /// time they open).
    Language(Language),
}

/// The screen the Settings screen was opened from (where Back returns).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct OpenedFrom(pub Screen);

impl Action for SettingsAction {}

impl SettingsAction {
    /// Does what the button or key means.
    pub(super) fn act(self, world: &mut World) {
        match self {
            SettingsAction::Open => {
                let from = world
                    .get_resource::<State<Screen>>()
                    .map_or(Screen::Title, |s| *s.get());
                if from != Screen::Settings {
                    world.insert_resource(OpenedFrom(from));
                }
                set_screen(world, Screen::Settings);
            }
            SettingsAction::Back => {
                let to = world
                    .get_resource::<OpenedFrom>()
                    .map_or(Screen::Title, |f| f.0);
                set_screen(world, to);
            }
            SettingsAction::Sound(on) => set(world, |m: &mut Muted| m.0 = !on),
            SettingsAction::Volume(p) => set(world, |v: &mut SoundVolume| v.0 = p.clamp(10, 100)),
            SettingsAction::Animation(a) => set(world, |s: &mut AnimationSpeed| *s = a),
            SettingsAction::Dots(on) => set(world, |m: &mut BoardMarks| m.legal_dots = on),
            SettingsAction::LastMove(on) => set(world, |m: &mut BoardMarks| m.last_move = on),
            SettingsAction::View(v) => set(world, |r: &mut CameraRig| r.view = v),
            SettingsAction::Names(on) => set(world, |r: &mut ShowNames| r.0 = on),
            SettingsAction::Lines(on) => set(world, |r: &mut ShowLines| r.0 = on),
            SettingsAction::Threats(on) => set(world, |r: &mut ShowThreats| r.0 = on),
            SettingsAction::Theme(i) => {
                if let Some(&t) = crate::theme::THEMES.get(i) {
                    set(world, |b: &mut BoardTheme| b.theme = t);
                }
            }
            SettingsAction::Pieces(i) => set(world, |b: &mut BoardTheme| b.pieces = i.min(1)),
            SettingsAction::Scale(0) => set(world, |a: &mut AutoScale| a.0 = true),
            SettingsAction::Scale(p) => {
                set(world, |a: &mut AutoScale| a.0 = false);
                set(world, |s: &mut UiScale| s.0 = f32::from(p) / 100.0);
            }
            SettingsAction::Language(l) => set_language(l),
            SettingsAction::Fullscreen(on) => {
                let mut windows = world.query_filtered::<&mut Window, With<PrimaryWindow>>();
                if let Ok(mut w) = windows.single_mut(world) {
                    w.mode = if on {
                        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
                    } else {
                        WindowMode::Windowed
                    };
                }
            }
        }
    }

    /// Whether this choice is the one in force (for the outline).
    fn chosen(self, world: &mut World) -> bool {
        fn get<R: Resource, T>(world: &World, f: impl Fn(&R) -> T) -> Option<T> {
            world.get_resource::<R>().map(f)
        }
        let on = match self {
            SettingsAction::Sound(on) => get(world, |m: &Muted| m.0 != on),
            SettingsAction::Volume(p) => get(world, |v: &SoundVolume| v.0 == p),
            SettingsAction::Animation(a) => get(world, |s: &AnimationSpeed| *s == a),
            SettingsAction::Dots(on) => get(world, |m: &BoardMarks| m.legal_dots == on),
            SettingsAction::LastMove(on) => get(world, |m: &BoardMarks| m.last_move == on),
            SettingsAction::View(v) => get(world, |r: &CameraRig| r.view == v),
            SettingsAction::Names(on) => get(world, |r: &ShowNames| r.0 == on),
            SettingsAction::Lines(on) => get(world, |r: &ShowLines| r.0 == on),
            SettingsAction::Threats(on) => get(world, |r: &ShowThreats| r.0 == on),
            SettingsAction::Theme(i) => get(world, |b: &BoardTheme| {
                crate::theme::THEMES
                    .get(i)
                    .is_some_and(|t| t.name == b.theme.name)
            }),
            SettingsAction::Pieces(i) => get(world, |b: &BoardTheme| b.pieces == i),
            SettingsAction::Scale(0) => get(world, |a: &AutoScale| a.0),
            SettingsAction::Scale(p) => {
                let auto = world.get_resource::<AutoScale>().is_some_and(|a| a.0);
                get(world, |s: &UiScale| {
                    !auto && (s.0 * 100.0).round() as u16 == p
                })
            }
            SettingsAction::Fullscreen(on) => {
                let mut windows = world.query_filtered::<&Window, With<PrimaryWindow>>();
                windows
                    .single(world)
                    .ok()
                    .map(|w| !matches!(w.mode, WindowMode::Windowed) == on)
            }
            SettingsAction::Language(l) => Some(language() == l),
            SettingsAction::Open | SettingsAction::Back => None,
        };
        on.unwrap_or(false)
    }
}

/// Changes a resource only when present (a headless app may lack the view's resources).
fn set<R: Resource + Component<Mutability = bevy::ecs::component::Mutable>>(
    world: &mut World,
    f: impl FnOnce(&mut R),
) {
    if let Some(mut r) = world.get_resource_mut::<R>() {
        f(&mut r);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpenedFrom>()
        .add_systems(OnEnter(Screen::Settings), spawn)
        .add_systems(
            Update,
            (rebuild_in_language, mark)
                .chain()
                .run_if(in_state(Screen::Settings)),
        );
}

/// The name field shows the kept name and takes the keyboard while the screen is open.
pub(super) fn name_field_in(name: Option<Res<PlayerName>>, fields: Option<ResMut<Fields>>) {
    if let Some(mut fields) = fields {
        fields.player_name = name.map(|n| n.0.clone()).unwrap_or_default();
        fields.focus = FieldId::PlayerName;
    }
}

pub(super) fn name_field_out(fields: Option<ResMut<Fields>>) {
    if let Some(mut fields) = fields
        && fields.focus == FieldId::PlayerName
    {
        fields.focus = FieldId::Address;
    }
}

/// What is typed is the name (cleaned as the file keeps it; the settings file follows).
pub(super) fn keep_name(fields: Option<Res<Fields>>, name: Option<ResMut<PlayerName>>) {
    let (Some(fields), Some(mut name)) = (fields, name) else {
        return;
    };
    if fields.is_changed() {
        let typed = crate::game::settings::file::clean_name(&fields.player_name);
        if name.0 != typed {
            name.0 = typed;
        }
    }
}

fn choice(label: impl Into<String>, action: SettingsAction) -> impl Bundle {
    button(label, action)
}

/// A column of setting lines, half the card wide.
fn settings_column() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(6),
        width: px(428),
        flex_grow: 1.0,
        ..default()
    }
}

/// One line: what the setting is, then its choices. For a screen reader the line is a group
/// of radio buttons named by the setting (its drawn name is then left out, not said twice).
fn line(label: String, choices: impl Bundle) -> impl Bundle {
    (
        row_node(),
        access::Landmark::choices(label.clone()),
        children![(row_label(label), access::Unspoken), row_rest(choices)],
    )
}

/// A line whose rest is a field (the player's name): its drawn name is the field's label.
fn field_line(label: String, field: impl Bundle) -> impl Bundle {
    (row_node(), children![row_label(label), row_rest(field)])
}

fn row_node() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        width: percent(100),
        min_height: px(36),
        column_gap: px(8),
        ..default()
    }
}

/// The label inside a box of fixed width: the text is measured against that width (measured
/// on its own, a label of two words counted as two lines and made its line taller than the
/// others).
fn row_label(label: String) -> impl Bundle {
    (
        Node {
            width: px(150),
            flex_shrink: 0.0,
            ..default()
        },
        children![text(label, 14.0, theme::TEXT)],
    )
}

/// The rest of the line: the choices wrap only when they do not fit.
fn row_rest(content: impl Bundle) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            align_items: AlignItems::Center,
            flex_grow: 1.0,
            flex_shrink: 1.0,
            column_gap: px(6),
            row_gap: px(4),
            ..default()
        },
        content,
    )
}

fn on_off(label: String, make: fn(bool) -> SettingsAction) -> impl Bundle {
    line(
        label,
        children![
            choice(tr!("settings-on"), make(true)),
            choice(tr!("settings-off"), make(false))
        ],
    )
}

/// A theme's name as the player reads it (`parachess themes` keeps the English names).
fn theme_label(name: &str) -> String {
    match name {
        "wood" => tr!("theme-wood"),
        "contrast" => tr!("theme-contrast"),
        "okabe-ito" => tr!("theme-okabe-ito"),
        "tournament" => tr!("theme-tournament"),
        other => other.to_string(),
    }
}

/// The screen's card, and the language its text is in.
#[derive(Component)]
struct SettingsRoot(Language);

/// Builds the screen again when its language is no longer the one in force.
fn rebuild_in_language(
    mut commands: Commands,
    roots: Query<(Entity, &SettingsRoot)>,
    map: Res<KeyMap>,
) {
    let stale: Vec<Entity> = roots
        .iter()
        .filter(|(_, r)| r.0 != language())
        .map(|(e, _)| e)
        .collect();
    if stale.is_empty() {
        return;
    }
    for e in stale {
        commands.entity(e).despawn();
    }
    spawn(commands, map);
}

fn spawn(mut commands: Commands, map: Res<KeyMap>) {
    // The board's key for each switch, after its name ("Sound (M)").
    let keyed = |id: String, action: GameAction| with_key(&id, map.key_for(action, Context::Board));
    use SettingsAction as S;
    let themes = crate::theme::THEMES;
    commands.spawn((
        SettingsRoot(language()),
        DespawnOnExit(Screen::Settings),
        crate::game::ui::widgets::full_screen_centre(),
        BackgroundColor(theme::OVERLAY),
        GlobalZIndex(5),
        children![(
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(6),
                width: px(940),
                max_width: percent(96),
                padding: UiRect::axes(px(28), px(16)),
                border_radius: BorderRadius::all(px(12)),
                max_height: percent(96),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            BackgroundColor(theme::DIALOG),
            children![
                text(tr!("settings-title"), 26.0, theme::ACCENT),
                // Two columns side by side where the window is wide enough (every line shows
                // at 1024×600), one above the other where it is not (the card scrolls).
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        flex_wrap: FlexWrap::Wrap,
                        column_gap: px(28),
                        row_gap: px(6),
                        ..default()
                    },
                    children![
                        (
                            settings_column(),
                            children![
                                line(
                                    tr!("settings-language"),
                                    children![
                                        choice(
                                            Language::En.native_name(),
                                            S::Language(Language::En)
                                        ),
                                        choice(
                                            Language::De.native_name(),
                                            S::Language(Language::De)
                                        )
                                    ]
                                ),
                                field_line(
                                    tr!("settings-name"),
                                    children![text_field(FieldId::PlayerName, 260.0)]
                                ),
                                on_off(
                                    keyed(tr!("settings-sound"), GameAction::ToggleMute),
                                    S::Sound
                                ),
                                line(
                                    tr!("settings-volume"),
                                    children![
                                        choice("25%", S::Volume(VOLUMES[0])),
                                        choice("50%", S::Volume(VOLUMES[1])),
                                        choice("80%", S::Volume(VOLUMES[2])),
                                        choice("100%", S::Volume(VOLUMES[3]))
                                    ]
                                ),
                                line(
                                    tr!("settings-animation"),
                                    children![
                                        choice(
                                            tr!("settings-animation-off"),
                                            S::Animation(AnimationSpeed::Off)
                                        ),
                                        choice(
                                            tr!("settings-animation-fast"),
                                            S::Animation(AnimationSpeed::Fast)
                                        ),
                                        choice(
                                            tr!("settings-animation-normal"),
                                            S::Animation(AnimationSpeed::Normal)
                                        ),
                                        choice(
                                            tr!("settings-animation-slow"),
                                            S::Animation(AnimationSpeed::Slow)
                                        )
                                    ]
                                ),
                                on_off(tr!("settings-legal-dots"), S::Dots),
                                on_off(tr!("settings-last-move"), S::LastMove),
                                line(
                                    keyed(tr!("settings-view"), GameAction::ToggleView),
                                    children![
                                        choice("2D", S::View(ViewMode::TwoD)),
                                        choice("3D", S::View(ViewMode::ThreeD))
                                    ]
                                ),
                            ],
                        ),
                        (
                            settings_column(),
                            children![
                                on_off(
                                    keyed(tr!("settings-cell-names"), GameAction::ToggleNames),
                                    S::Names
                                ),
                                on_off(
                                    keyed(tr!("settings-show-lines"), GameAction::ToggleLines),
                                    S::Lines
                                ),
                                on_off(
                                    with_key(
                                        &tr!("settings-threats"),
                                        map.key_for(AidAction::Threats, Context::Board)
                                    ),
                                    S::Threats
                                ),
                                line(
                                    tr!("settings-board-theme"),
                                    children![
                                        choice(theme_label(themes[0].name), S::Theme(0)),
                                        choice(theme_label(themes[1].name), S::Theme(1)),
                                        choice(theme_label(themes[2].name), S::Theme(2)),
                                        choice(theme_label(themes[3].name), S::Theme(3))
                                    ]
                                ),
                                line(
                                    tr!("settings-pieces"),
                                    children![
                                        choice(tr!("settings-style", n = 1), S::Pieces(0)),
                                        choice(tr!("settings-style", n = 2), S::Pieces(1))
                                    ]
                                ),
                                line(
                                    tr!("settings-interface-size"),
                                    children![
                                        choice(tr!("settings-scale-auto"), S::Scale(0)),
                                        choice("75%", S::Scale(SCALES[0])),
                                        choice("100%", S::Scale(SCALES[1])),
                                        choice("125%", S::Scale(SCALES[2])),
                                        choice("150%", S::Scale(SCALES[3])),
                                        choice("200%", S::Scale(SCALES[4]))
                                    ]
                                ),
                                on_off(tr!("settings-full-screen"), S::Fullscreen),
                            ],
                        ),
                    ],
                ),
                text(tr!("settings-saved-note"), 12.0, theme::TEXT_DIM),
                (
                    Node {
                        align_self: AlignSelf::Center,
                        ..default()
                    },
                    children![keyed_button(tr!("settings-back"), S::Back)]
                ),
            ],
        )],
    ));
}

/// Outlines the choices in force.
fn mark(world: &mut World) {
    let mut fresh = world.query_filtered::<Entity, (With<ActionButton>, Without<Outline>)>();
    let fresh: Vec<Entity> = fresh.iter(world).collect();
    for e in fresh {
        world
            .entity_mut(e)
            .insert(Outline::new(px(2), px(0), Color::NONE));
    }
    let mut buttons = world.query::<(Entity, &ActionButton)>();
    let list: Vec<(Entity, Option<SettingsAction>)> = buttons
        .iter(world)
        .map(|(e, b)| (e, b.0.get::<SettingsAction>()))
        .collect();
    for (e, action) in list {
        let Some(a) = action else {
            continue;
        };
        let chosen = a.chosen(world);
        if world.get::<access::Chosen>(e) != Some(&access::Chosen(chosen)) {
            world.entity_mut(e).insert(access::Chosen(chosen));
        }
        let colour = if chosen { theme::ACCENT } else { Color::NONE };
        if let Some(mut outline) = world.get_mut::<Outline>(e)
            && outline.color != colour
        {
            outline.color = colour;
        }
    }
}
