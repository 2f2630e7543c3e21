//! What the board editor looks like: the panel (where to start from, the palette, the side to
//! move, the rules' verdict, the buttons), the piece under the pointer while it is dragged,
//! and the palette piece in hand outlined.

use crate::tr;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::art::PaletteArt;
use super::{Editor, EditorAction, GrabFrom, PaletteSlot, palette_kinds};
use crate::game::core::GameSet;
use crate::game::core::actions::GameAction;
use crate::game::core::board::BoardCamera;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::{NeedsSync, PieceView};
use crate::game::core::keys::{Context, KeyMap};
use crate::game::core::screens::Screen;
use crate::game::ui::widgets::{ActionButton, button, text};
use crate::game::ui::{StatusText, button_row, side_panel, theme};
use crate::rules::Side;

/// A palette piece's square, in logical pixels.
const SLOT: f32 = 44.0;
/// How high a dragged board piece floats over the board.
const DRAG_LIFT: f32 = TILE_TOP + 0.25;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), spawn_panel)
        .add_systems(
            Update,
            (
                dress_palette,
                update_verdict,
                mark_buttons,
                mark_slots,
                drag_icon,
                follow_pointer,
            )
                .in_set(GameSet::View)
                .run_if(in_state(Screen::Editor)),
        );
}

/// One row of the palette: a side's pieces.
#[derive(Component)]
struct PaletteRow(Side);

/// The rules' verdict: rebuilt on every edit.
#[derive(Component)]
struct Verdict;

/// Why the play buttons are off.
#[derive(Component)]
struct WhyNot;

/// The position text.
#[derive(Component)]
struct PositionText;

/// The palette piece that follows the pointer while it is dragged.
#[derive(Component)]
struct DragIcon;

fn label(value: String) -> impl Bundle {
    text(value, 13.0, theme::TEXT_DIM)
}

/// The panel's rows closer together than other panels' (it has more of them), so that it fits
/// a 1024×600 window in English and German.
fn compact(mut node: Node) -> Node {
    node.row_gap = px(6);
    node
}

fn spawn_panel(mut commands: Commands, map: Res<KeyMap>) {
    let (panel, landmark, gone, node, background) = side_panel(Screen::Editor);
    commands.spawn((
        (panel, landmark, gone, compact(node), background),
        children![
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    justify_content: JustifyContent::SpaceBetween,
                    align_items: AlignItems::Center,
                    ..default()
                },
                children![
                    text(tr!("editor-title"), 18.0, theme::ACCENT),
                    button(tr!("panel-menu"), GameAction::Back),
                ],
            ),
            (
                Node {
                    align_items: AlignItems::Center,
                    ..button_row()
                },
                children![
                    label(tr!("editor-start-from")),
                    button(tr!("editor-empty-button"), EditorAction::Empty),
                    button(tr!("editor-game-start"), EditorAction::Start),
                    button(tr!("editor-your-game-button"), EditorAction::PlayPosition),
                ],
            ),
            text(tr!("editor-help"), 11.0, theme::TEXT_DIM),
            (
                PaletteRow(Side::White),
                Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: px(5),
                    ..default()
                },
            ),
            (
                PaletteRow(Side::Black),
                Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: px(5),
                    ..default()
                },
            ),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    column_gap: px(6),
                    ..default()
                },
                children![
                    label(tr!("editor-to-move")),
                    button(tr!("side-white"), EditorAction::Turn(Side::White)),
                    button(tr!("side-black"), EditorAction::Turn(Side::Black)),
                ],
            ),
            (
                Verdict,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(3),
                    padding: UiRect::all(px(8)),
                    border_radius: BorderRadius::all(px(6)),
                    ..default()
                },
                BackgroundColor(theme::ROW),
            ),
            (
                button_row(),
                children![
                    button(tr!("editor-play-here"), EditorAction::Play),
                    button(tr!("editor-play-computer"), EditorAction::PlayComputer),
                    button(tr!("panel-analyse"), EditorAction::Analyse),
                ],
            ),
            (WhyNot, text("", 12.0, theme::WARNING)),
            (
                button_row(),
                children![
                    button(tr!("editor-copy"), EditorAction::Copy),
                    button(tr!("editor-paste"), EditorAction::Paste),
                ],
            ),
            (PositionText, text("", 10.0, theme::TEXT_DIM)),
            (StatusText, text("", 13.0, theme::TEXT)),
            // The editor's own keys; the board's are named, not listed again, so the panel
            // fits a 1024×600 window.
            text(
                tr!(
                    "editor-keys",
                    keys = map.help(&[Context::On(Screen::Editor)]),
                    back = map.name(GameAction::Back, Context::Board),
                    board = [
                        map.name(GameAction::Flip, Context::Board),
                        map.name(GameAction::ToggleView, Context::Board),
                        map.name(GameAction::ToggleNames, Context::Board),
                        map.name(GameAction::ToggleLines, Context::Board),
                    ]
                    .join(", ")
                ),
                11.0,
                theme::TEXT_DIM,
            ),
        ],
    ));
}

/// The palette's logical entities (spawned by the editor's core) become pictures in the
/// panel's rows, once the pictures and the rows exist.
fn dress_palette(
    art: Option<ResMut<PaletteArt>>,
    editor: Res<Editor>,
    mut images: ResMut<Assets<Image>>,
    slots: Query<(Entity, &PaletteSlot), Without<ImageNode>>,
    rows: Query<(Entity, &PaletteRow)>,
    mut commands: Commands,
) {
    let Some(mut art) = art else { return };
    let variant = editor.setup().variant();
    let order = palette_kinds(variant);
    if slots.is_empty() || rows.is_empty() {
        return;
    }
    for (entity, slot) in &slots {
        // On a cell's colour, so both sides' pieces read as they do on the board.
        commands.entity(entity).insert((
            Button,
            // Squares that share the row, at most SLOT wide: narrow panels get smaller ones.
            Node {
                flex_grow: 1.0,
                flex_basis: px(0),
                min_width: px(0),
                max_width: px(SLOT),
                aspect_ratio: Some(1.0),
                padding: UiRect::all(px(3)),
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::all(px(6)),
                ..default()
            },
            BackgroundColor(theme::RISING),
            BorderColor::all(Color::NONE),
            ImageNode::new(art.picture(variant.look(slot.0.kind), slot.0.side, &mut images)),
        ));
    }
    for (row, side) in &rows {
        // In the palette's order: the royal kind, the army's other kinds, the Pawn.
        let mut mine: Vec<(usize, Entity)> = slots
            .iter()
            .filter(|(_, s)| s.0.side == side.0)
            .map(|(e, s)| {
                let order = order.iter().position(|&k| k == s.0.kind);
                (order.unwrap_or(usize::MAX), e)
            })
            .collect();
        mine.sort();
        let children: Vec<Entity> = mine.into_iter().map(|(_, e)| e).collect();
        commands.entity(row).add_children(&children);
    }
}

/// The verdict, the play buttons' reason and the position text, after every edit.
fn update_verdict(
    editor: Res<Editor>,
    verdict: Query<Entity, With<Verdict>>,
    fresh: Query<(), Added<Verdict>>,
    mut texts: ParamSet<(
        Query<(&mut Text, &mut Node), With<WhyNot>>,
        Query<&mut Text, With<PositionText>>,
    )>,
    mut shown: Local<Option<u64>>,
    mut commands: Commands,
) {
    if fresh.is_empty() && *shown == Some(editor.revision()) {
        return;
    }
    *shown = Some(editor.revision());
    let check = editor.check();
    for entity in &verdict {
        commands.entity(entity).despawn_children();
        commands.entity(entity).with_children(|list| {
            let (heading, colour) = if check.playable() {
                (tr!("editor-ready"), theme::GOOD)
            } else {
                (tr!("editor-not-ready"), theme::WARNING)
            };
            list.spawn(text(heading, 15.0, colour));
            let problems = check.problems.len();
            for (i, line) in editor.verdict().into_iter().enumerate() {
                let colour = if i < problems {
                    theme::WARNING
                } else {
                    theme::ACCENT
                };
                list.spawn(text(format!("- {line}"), 13.0, colour));
            }
        });
    }
    for (mut t, mut node) in &mut texts.p0() {
        let playable = editor.why_not_playable().is_none();
        t.0 = if playable {
            String::new()
        } else {
            tr!("editor-fix-problems")
        };
        node.display = if playable {
            Display::None
        } else {
            Display::Flex
        };
    }
    for mut t in &mut texts.p1() {
        t.0 = editor.setup().board().to_string();
    }
}

/// The side to move's button is outlined; the play buttons are dimmed while the position is
/// not playable.
fn mark_buttons(
    editor: Res<Editor>,
    buttons: Query<(Entity, &ActionButton, Option<&Outline>, &Children)>,
    mut colours: Query<&mut TextColor>,
    mut commands: Commands,
) {
    let playable = editor.check().playable();
    for (entity, button, outline, children) in &buttons {
        let Some(action) = button.0.get::<EditorAction>() else {
            continue;
        };
        if let EditorAction::Turn(side) = action {
            let colour = if editor.setup().turn() == side {
                theme::ACCENT
            } else {
                Color::NONE
            };
            if outline.is_none_or(|o| o.color != colour) {
                commands
                    .entity(entity)
                    .insert(Outline::new(px(2), px(0), colour));
            }
        }
        if matches!(
            action,
            EditorAction::Play | EditorAction::PlayComputer | EditorAction::Analyse
        ) {
            let want = if playable {
                theme::TEXT
            } else {
                theme::TEXT_DIM.with_alpha(0.55)
            };
            for child in children.iter() {
                if let Ok(mut c) = colours.get_mut(child)
                    && c.0 != want
                {
                    c.0 = want;
                }
            }
        }
    }
}

/// The palette piece in hand has a gold border, the one under the pointer a pale one.
fn mark_slots(
    editor: Res<Editor>,
    mut slots: Query<(&PaletteSlot, &Interaction, &mut BorderColor)>,
) {
    for (slot, interaction, mut border) in &mut slots {
        let colour = if editor.brush() == Some(slot.0) {
            theme::ACCENT
        } else if *interaction != Interaction::None {
            theme::TEXT
        } else {
            theme::FRAME
        };
        let want = BorderColor::all(colour);
        if *border != want {
            *border = want;
        }
    }
}

/// A palette piece being dragged follows the pointer as its picture.
fn drag_icon(
    editor: Res<Editor>,
    art: Option<ResMut<PaletteArt>>,
    mut images: ResMut<Assets<Image>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut icons: Query<(Entity, &mut Node), With<DragIcon>>,
    mut commands: Commands,
) {
    let dragged = editor.grab().and_then(|g| match g.from {
        GrabFrom::Palette(piece) if g.moving => Some(piece),
        _ => None,
    });
    let cursor = windows.single().ok().and_then(Window::cursor_position);
    let (Some(piece), Some(at), Some(mut art)) = (dragged, cursor, art) else {
        for (entity, _) in &icons {
            commands.entity(entity).despawn();
        }
        return;
    };
    let size = SLOT * 1.3;
    let (left, top) = (px(at.x - size / 2.0), px(at.y - size / 2.0));
    if let Some((_, mut node)) = icons.iter_mut().next() {
        node.left = left;
        node.top = top;
        return;
    }
    commands.spawn((
        DragIcon,
        DespawnOnExit(Screen::Editor),
        Node {
            position_type: PositionType::Absolute,
            left,
            top,
            width: px(size),
            height: px(size),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        // On a cell's colour, as in the palette: a dark piece stays readable over the panel.
        BackgroundColor(theme::RISING.with_alpha(0.85)),
        ImageNode::new(art.picture(
            editor.setup().variant().look(piece.kind),
            piece.side,
            &mut images,
        )),
        GlobalZIndex(20),
        Pickable::IGNORE,
    ));
}

/// A board piece being dragged floats under the pointer; when the drag ends it goes where the
/// setup says (its new cell, or back).
fn follow_pointer(
    editor: Res<Editor>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut pieces: Query<(&PieceView, &mut Transform)>,
    mut needs: ResMut<NeedsSync>,
    mut was_dragging: Local<bool>,
) {
    let from = editor.grab().and_then(|g| match g.from {
        GrabFrom::Board(cell) if g.moving => Some(cell),
        _ => None,
    });
    let Some(from) = from else {
        if *was_dragging {
            *was_dragging = false;
            needs.0 = true;
        }
        return;
    };
    *was_dragging = true;
    let point = windows
        .single()
        .ok()
        .and_then(Window::cursor_position)
        .and_then(|cursor| {
            let (camera, transform) = cameras.iter().next()?;
            let ray = camera.viewport_to_world(transform, cursor).ok()?;
            let d = ray.intersect_plane(Vec3::Y * DRAG_LIFT, InfinitePlane3d::new(Vec3::Y))?;
            Some(ray.get_point(d))
        });
    if let Some(point) = point {
        for (view, mut t) in &mut pieces {
            if view.cell == from {
                t.translation = point;
            }
        }
    }
}
