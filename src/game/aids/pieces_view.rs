//! The Pieces panel: one card per kind of piece (its name and the rule book's two sentences)
//! beside a live board that shows the chosen kind at work. That board is drawn by the game —
//! tiles from the board's geometry, the piece's reach from the rules, its lines by the same
//! code as the show-lines aid — with its own camera into an image, on a render layer of its
//! own, and exists only while the panel is open.

use crate::tr;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{RenderTarget, ScalingMode};
use bevy::light::NotShadowCaster;
use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::ui::UiGlobalTransform;
use bevy::window::PrimaryWindow;

use super::guide_text::guide_text;
use super::pieces::{Demo, PanelPiece, demo, panel_order};
use super::view::MarkArt;
use crate::game::board::camera::sun_over;
use crate::game::board::lines::draw_piece_lines;
use crate::game::board::meshes::{MeshBuilder, board_corners, convex_hull, offset_polygon};
use crate::game::board::piece_art::{ArtAssetsParam, PieceArt, symbol_transform};
use crate::game::board::tiles::{TileMaterials, tile_mesh};
use crate::game::core::GameSet;
use crate::game::core::actions::{Action, AidAction, GameAction};
use crate::game::core::board::BoardCamera;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::cell_world;
use crate::game::core::screens::Modal;
use crate::game::core::state::ChessGame;
use crate::game::ui::theme;
use crate::game::ui::widgets::{UiButton, backdrop, keyed_button, text};
use crate::rules::{Cell, LeapKind, LineKind, Movement, PieceKind, Variant, board};

/// The render layer only the panel's board camera sees.
const MINI_LAYER: usize = 5;
/// Where the panel's board lies in the world: far from the real one.
const MINI_ORIGIN: Vec3 = Vec3::new(0.0, -400.0, 0.0);
/// The area (board units) the panel's board shows: the board and its frame.
const MINI_VIEW: Vec2 = Vec2::new(11.5, 10.3);

/// Lines drawn on the panel's board (seen by its camera only).
#[derive(Default, Reflect, GizmoConfigGroup)]
pub struct PanelGizmos;

/// A card in the panel's list.
#[derive(Component, Debug, Clone, Copy)]
pub struct PieceCard(pub PieceKind);

/// A tile of the panel's board.
#[derive(Component)]
struct MiniTile(Cell);

/// A piece or mark on the panel's board (replaced when another kind is shown).
#[derive(Component, Clone)]
struct MiniContent;

#[derive(Component)]
struct LegendBox;

#[derive(Component)]
struct Caption;

/// The demo on the panel's board.
#[derive(Resource, Default)]
struct ShownDemo {
    kind: Option<PieceKind>,
    demo: Option<Demo>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_gizmo_group::<PanelGizmos>()
        .init_resource::<ShownDemo>()
        .add_systems(Startup, configure_gizmos)
        .add_observer(card_pressed)
        .add_systems(OnEnter(Modal::Pieces), spawn_panel)
        .add_systems(OnExit(Modal::Pieces), forget_demo)
        .add_systems(
            Update,
            (show_kind, draw_lines, card_in_view)
                .chain()
                .in_set(GameSet::View)
                .run_if(in_state(Modal::Pieces)),
        );
}

/// Scrolls the list of cards so that the card shown (chosen with the arrow keys, say) is in
/// view; the wheel may scroll it away again until another card is chosen.
fn card_in_view(
    panel: Res<PanelPiece>,
    mut pending: Local<Option<PieceKind>>,
    cards: Query<(&PieceCard, &ComputedNode, &UiGlobalTransform, &ChildOf)>,
    mut lists: Query<(&ComputedNode, &UiGlobalTransform, &mut ScrollPosition)>,
    fresh: Query<(), Added<PieceCard>>,
) {
    if panel.is_changed() || !fresh.is_empty() {
        *pending = Some(panel.0);
    }
    let Some(kind) = *pending else {
        return;
    };
    let Some((_, card, card_at, parent)) = cards.iter().find(|c| c.0.0 == kind) else {
        return;
    };
    let Ok((list, list_at, mut scroll)) = lists.get_mut(parent.parent()) else {
        return;
    };
    let scale = list.inverse_scale_factor();
    let list_top = (list_at.translation.y - list.size().y / 2.0) * scale;
    let list_h = list.size().y * scale;
    let top = (card_at.translation.y - card.size().y / 2.0) * scale - list_top;
    let bottom = top + card.size().y * scale;
    if list_h <= 0.0 || card.size().y <= 0.0 {
        // Not laid out yet: try again next frame.
        return;
    }
    if top < 0.0 {
        scroll.y = (scroll.y + top).max(0.0);
    } else if bottom > list_h {
        scroll.y += bottom - list_h;
    }
    *pending = None;
}

fn configure_gizmos(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<PanelGizmos>();
    config.line.width = 3.0;
    config.depth_bias = -0.05;
    config.render_layers = RenderLayers::layer(MINI_LAYER);
}

fn forget_demo(mut shown: ResMut<ShownDemo>) {
    *shown = ShownDemo::default();
}

/// Sizes in logical pixels: the card's width and the board picture's.
fn layout(window: Option<&Window>) -> (f32, Vec2) {
    let (w, h) = window.map_or((1280.0, 800.0), |w| (w.width(), w.height()));
    let card = (w * 0.96).min(1200.0);
    let mut board_w = ((card - 56.0) * 0.5).floor();
    // Room above and below the picture for the title, the legend and the buttons.
    // (A legend of three rows, as a Pawn's in Knights and Archers, needs the room at 1024×600.)
    let max_h = (h * 0.96 - 240.0).max(160.0);
    if board_w * MINI_VIEW.y / MINI_VIEW.x > max_h {
        board_w = (max_h * MINI_VIEW.x / MINI_VIEW.y).floor();
    }
    (
        card,
        Vec2::new(board_w, (board_w * MINI_VIEW.y / MINI_VIEW.x).floor()),
    )
}

fn spawn_panel(
    mut commands: Commands,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut images: ResMut<Assets<Image>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut tile_materials: ResMut<TileMaterials>,
    board_camera: Query<&Msaa, With<BoardCamera>>,
    game: Option<Res<ChessGame>>,
    mut panel: ResMut<PanelPiece>,
) {
    let variant = game
        .as_ref()
        .map_or(Variant::parachess(), |g| g.board().position().variant());
    let order = panel_order(variant);
    if !order.contains(&panel.0)
        && let Some(&first) = order.first()
    {
        panel.0 = first;
    }
    let msaa = board_camera.iter().next().copied().unwrap_or(Msaa::Off);
    let window = windows.single().ok();
    let (card_width, picture) = layout(window);
    let scale = window.map_or(1.0, Window::scale_factor);
    let image = images.add(Image::new_target_texture(
        (picture.x * scale).max(1.0) as u32,
        (picture.y * scale).max(1.0) as u32,
        TextureFormat::Rgba8UnormSrgb,
        None,
    ));
    let layer = RenderLayers::layer(MINI_LAYER);
    let part = (
        DespawnOnExit(Modal::Pieces),
        layer.clone(),
        Pickable::IGNORE,
        NotShadowCaster,
    );
    commands.spawn((
        Name::new("pieces panel camera"),
        DespawnOnExit(Modal::Pieces),
        Camera3d::default(),
        Camera {
            order: -1,
            clear_color: ClearColorConfig::Custom(theme::MINI_BOARD),
            ..default()
        },
        RenderTarget::Image(image.clone().into()),
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: MINI_VIEW.x,
                min_height: MINI_VIEW.y,
            },
            ..OrthographicProjection::default_3d()
        }),
        Transform::from_translation(MINI_ORIGIN + Vec3::Y * 30.0)
            .looking_at(MINI_ORIGIN, Vec3::NEG_Z),
        // The board camera's multisampling and tonemapping: the panel's board looks like the
        // 2D view and reuses its compiled pipelines (new ones take seconds on a software
        // renderer, and the board would show up without its lines meanwhile).
        msaa,
        layer.clone(),
    ));
    // Lit like the board in the 2D view, by the board's sun over the panel's board (lights
    // shine on the views whose layers they share).
    commands.spawn((
        DespawnOnExit(Modal::Pieces),
        sun_over(MINI_ORIGIN, false),
        layer.clone(),
    ));
    let hull = convex_hull(&board_corners());
    let mut frame = MeshBuilder::default();
    frame.prism(&offset_polygon(&hull, -0.45), -0.02, 0.0);
    commands.spawn((
        part.clone(),
        Mesh3d(meshes.add(frame.build())),
        MeshMaterial3d(tile_materials.get(theme::FRAME, &mut materials)),
        Transform::from_translation(MINI_ORIGIN),
    ));
    for cell in Cell::all() {
        let centre = cell_world(cell);
        commands.spawn((
            part.clone(),
            MiniTile(cell),
            Mesh3d(meshes.add(tile_mesh(cell))),
            MeshMaterial3d(tile_materials.get(
                theme::shape_colour(board().cell(cell).shape),
                &mut materials,
            )),
            Transform::from_translation(MINI_ORIGIN + centre),
        ));
    }
    commands.spawn(backdrop(
        Modal::Pieces,
        children![(
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(10),
                padding: UiRect::all(px(18)),
                border_radius: BorderRadius::all(px(12)),
                border: UiRect::all(px(2)),
                width: px(card_width),
                max_height: percent(98),
                ..default()
            },
            // Opaque: the side panel's text must not show through this large card.
            BackgroundColor(theme::PANEL.with_alpha(1.0)),
            BorderColor::all(theme::ACCENT),
            children![
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        align_items: AlignItems::Baseline,
                        column_gap: px(14),
                        ..default()
                    },
                    children![
                        text(
                            tr!(
                                "pieces-title-in",
                                variant = crate::game::text::variant_name(variant.name())
                            ),
                            22.0,
                            theme::ACCENT
                        ),
                        text(tr!("pieces-subtitle"), 12.0, theme::TEXT_DIM,),
                    ],
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(16),
                        min_height: px(0),
                        flex_shrink: 1.0,
                        ..default()
                    },
                    children![
                        (
                            Node {
                                flex_direction: FlexDirection::Column,
                                flex_grow: 1.0,
                                flex_basis: px(0),
                                row_gap: px(6),
                                // In a small window the cards scroll instead of spilling out.
                                overflow: Overflow::scroll_y(),
                                ..default()
                            },
                            ScrollPosition::default(),
                            Children::spawn(SpawnIter(
                                order.into_iter().map(move |k| piece_card(variant, k))
                            )),
                        ),
                        (
                            // As wide as the picture, whatever the caption says: a long
                            // caption wraps here instead of narrowing the cards beside it
                            // (which moved the chosen card out of the list's view).
                            Node {
                                flex_direction: FlexDirection::Column,
                                align_items: AlignItems::Center,
                                row_gap: px(8),
                                width: px(picture.x),
                                flex_shrink: 0.0,
                                ..default()
                            },
                            children![
                                (
                                    Node {
                                        width: px(picture.x),
                                        height: px(picture.y),
                                        border_radius: BorderRadius::all(px(8)),
                                        ..default()
                                    },
                                    ImageNode::new(image),
                                ),
                                (
                                    Caption,
                                    text("", 14.0, theme::TEXT),
                                    TextLayout::justify(Justify::Center),
                                ),
                                (
                                    LegendBox,
                                    Node {
                                        flex_direction: FlexDirection::Row,
                                        flex_wrap: FlexWrap::Wrap,
                                        justify_content: JustifyContent::Center,
                                        column_gap: px(14),
                                        row_gap: px(4),
                                        max_width: px(picture.x),
                                        ..default()
                                    },
                                ),
                            ],
                        ),
                    ],
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        align_items: AlignItems::Center,
                        justify_content: JustifyContent::SpaceBetween,
                        column_gap: px(12),
                        ..default()
                    },
                    children![
                        text(tr!("pieces-help"), 12.0, theme::TEXT_DIM),
                        (
                            Node {
                                flex_shrink: 0.0,
                                ..default()
                            },
                            children![keyed_button(tr!("pieces-close"), GameAction::CloseDialog)],
                        ),
                    ],
                ),
            ],
        )],
    ));
}

/// One kind's card: its name and the guide's two sentences; a press shows it on the board.
fn piece_card(variant: &'static Variant, kind: PieceKind) -> impl Bundle {
    let [how, remember] = card_text(variant, kind);
    (
        PieceCard(kind),
        UiButton,
        Button,
        Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(3),
            padding: UiRect::axes(px(12), px(7)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(theme::BUTTON),
        BorderColor::all(Color::NONE),
        children![
            (
                text(
                    format!(
                        "{} ({})",
                        crate::game::text::piece_name(variant.kind_name(kind)),
                        variant.letter(kind)
                    ),
                    16.0,
                    theme::ACCENT
                ),
                Pickable::IGNORE
            ),
            (text(how, 12.0, theme::TEXT), Pickable::IGNORE),
            (text(remember, 12.0, theme::TEXT_DIM), Pickable::IGNORE),
        ],
    )
}

/// A card's two sentences: Parachess's own guide for its six kinds; for another army how the
/// kind moves (from its atoms) and what the engine thinks it is worth.
pub fn card_text(variant: &Variant, kind: PieceKind) -> [String; 2] {
    let parachess = Variant::parachess();
    if parachess.kind(kind) == variant.kind(kind) {
        let [how, remember] = guide_text(kind);
        // The Pawn moves as in Parachess, but becomes only what this army has.
        let side = crate::rules::Side::White;
        if kind == PieceKind::Pawn && variant.promotions(side) != parachess.promotions(side) {
            return [how, pawn_promotions(variant)];
        }
        return [how, remember];
    }
    let pawn = variant.value(PieceKind::Pawn).max(1);
    let worth = if variant.kind(kind).is_some_and(|k| k.royal) {
        tr!("pieces-royal")
    } else {
        tr!(
            "pieces-value",
            value = crate::game::text::decimal(f64::from(variant.value(kind)) / f64::from(pawn))
        )
    };
    let how = crate::game::text::variant_how_it_moves(variant, kind);
    let movement = variant.movement(kind);
    // A leaper's card says what its leap is and that nothing blocks it, as the Sorcerer's does.
    let leap = match (
        movement.leaps_of(LeapKind::Knight),
        movement.leaps_of(LeapKind::Archer),
    ) {
        (true, true) => Some(tr!("pieces-leap-both")),
        (true, false) => Some(tr!("pieces-leap-knight")),
        (false, true) => Some(tr!("pieces-leap-archer")),
        (false, false) => None,
    };
    match leap {
        Some(leap) => [
            format!("{}. {leap}", crate::game::core::state::capitalise(&how)),
            format!("{} {worth}", tr!("pieces-leap-unblocked")),
        ],
        None => [how, worth],
    }
}

/// What a Pawn of `variant` becomes on the last row ("a Knight, Archer or Queen").
fn pawn_promotions(variant: &Variant) -> String {
    let names: Vec<String> = variant
        .promotions(crate::rules::Side::White)
        .iter()
        .map(|&k| crate::game::text::piece_name(variant.kind_name(k)))
        .collect();
    let kinds = match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => tr!("pieces-or", some = rest.join(", "), last = last.as_str()),
        None => String::new(),
    };
    tr!("pieces-pawn-becomes", kinds = kinds)
}

/// A press on a card shows its kind (on the press, like every button: see `widgets::button`).
fn card_pressed(press: On<Pointer<Press>>, cards: Query<&PieceCard>, mut commands: Commands) {
    if press.button != PointerButton::Primary {
        return;
    }
    if let Ok(&PieceCard(kind)) = cards.get(press.entity) {
        commands.queue(move |world: &mut World| AidAction::ShowPiece(kind).run(world));
    }
}

/// Puts the chosen kind's demo on the panel's board: its pieces, the marks of what the shown
/// pieces can reach (asked of the rules), the caption, the legend and the chosen card.
fn show_kind(
    panel: Res<PanelPiece>,
    mut shown: ResMut<ShownDemo>,
    art: Option<ResMut<PieceArt>>,
    marks: Option<Res<MarkArt>>,
    game: Option<Res<ChessGame>>,
    mut art_assets: ArtAssetsParam,
    content: Query<Entity, With<MiniContent>>,
    mut tiles: Query<(&MiniTile, &mut MeshMaterial3d<StandardMaterial>)>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut tile_materials: ResMut<TileMaterials>,
    mut cards: Query<(&PieceCard, &mut BorderColor)>,
    mut captions: Query<&mut Text, With<Caption>>,
    legends: Query<Entity, With<LegendBox>>,
    mut commands: Commands,
) {
    let kind = panel.0;
    // Wait for the board's tiles (spawned with the panel) before the first fill.
    if shown.kind == Some(kind) || tiles.is_empty() {
        return;
    }
    let (Some(mut art), Some(marks)) = (art, marks) else {
        return;
    };
    let variant = game
        .as_ref()
        .map_or(Variant::parachess(), |g| g.board().position().variant());
    shown.kind = Some(kind);
    shown.demo = demo(variant, kind);
    for e in &content {
        commands.entity(e).despawn();
    }
    for (card, mut border) in &mut cards {
        *border = BorderColor::all(if card.0 == kind {
            theme::ACCENT
        } else {
            Color::NONE
        });
    }
    let Some(demo) = &shown.demo else {
        return;
    };
    let pos = &demo.position;
    // Tiles of a colour share its material with the board's ([`TileMaterials`]).
    for (tile, mut material) in &mut tiles {
        let base = theme::shape_colour(board().cell(tile.0).shape);
        let colour = if demo.shown.contains(&tile.0) {
            base.mix(&theme::SELECTED, 0.55)
        } else {
            base
        };
        let want = tile_materials.get(colour, &mut materials);
        if material.0 != want {
            material.0 = want;
        }
    }
    let layer = RenderLayers::layer(MINI_LAYER);
    let part = (
        MiniContent,
        DespawnOnExit(Modal::Pieces),
        layer,
        Pickable::IGNORE,
        NotShadowCaster,
    );
    for (cell, piece) in pos.placement() {
        if demo.kings.contains(&cell) {
            continue;
        }
        let s = piece.side.index();
        let (meshes, pictures, images) = &mut art_assets;
        let look = art.look(
            pos.variant().look(piece.kind),
            (&mut **meshes, &mut **pictures, &mut **images),
        );
        let at = Transform::from_translation(MINI_ORIGIN + cell_world(cell) + Vec3::Y * TILE_TOP)
            * symbol_transform(false);
        commands.spawn((
            part.clone(),
            Mesh3d(look.symbol.clone()),
            MeshMaterial3d(look.symbol_material[s].clone()),
            at,
        ));
    }
    let mut moves = 0;
    let mut captures = 0;
    for &from in &demo.shown {
        let Some(reach) = pos.reach_of(from) else {
            continue;
        };
        moves += reach.moves.len();
        captures += reach.captures.len();
        for (cell, capture) in reach
            .moves
            .map(|c| (c, false))
            .chain(reach.captures.map(|c| (c, true)))
        {
            let (mesh, material) = if capture {
                (&marks.ring, &marks.capture_material)
            } else {
                (&marks.dot, &marks.move_material)
            };
            commands.spawn((
                part.clone(),
                Mesh3d(mesh.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(
                    MINI_ORIGIN + cell_world(cell) + Vec3::Y * (TILE_TOP + 0.006),
                ),
            ));
        }
    }
    for mut t in &mut captions {
        t.0 = caption(
            &crate::game::text::piece_name(variant.kind_name(kind)),
            demo,
            moves,
            captures,
        );
    }
    for legend in &legends {
        commands.entity(legend).despawn_children();
        commands.entity(legend).with_children(|parent| {
            for (colour, label, faint) in legend_entries(variant.movement(kind)) {
                parent.spawn(swatch(colour, label, faint));
            }
        });
    }
}

/// What the board shows, in words.
fn caption(name: &str, demo: &Demo, moves: usize, captures: usize) -> String {
    if demo.shown.len() > 1 {
        tr!(
            "pieces-caption-both",
            piece = name,
            moves = moves,
            captures = captures
        )
    } else {
        tr!(
            "pieces-caption-one",
            piece = name,
            cell = demo.shown[0].to_string(),
            moves = moves,
            captures = captures
        )
    }
}

/// The colours the board uses for `kind`, with their meaning, from how it moves.
fn legend_entries(how: Movement) -> Vec<(Color, String, bool)> {
    let mut out = Vec::new();
    if how.slides_along(LineKind::Edge) {
        out.push((theme::EDGE_PATH, tr!("legend-edge-path"), false));
    }
    if how.slides_along(LineKind::Diagonal) {
        out.push((theme::DIAGONAL_PATH, tr!("legend-diagonal-path"), false));
    }
    if how.slides_along(LineKind::Wave) {
        out.push((theme::WAVE_PATH, tr!("legend-wave-path"), false));
    }
    if how.slides() {
        out.push((theme::TEXT_FAINT, tr!("legend-faint"), false));
    }
    if how.leaps_of(LeapKind::Knight) {
        out.push((theme::KNIGHT_LEAP, tr!("legend-knight-leap"), false));
    }
    if how.leaps_of(LeapKind::Archer) {
        out.push((theme::ARCHER_LEAP, tr!("legend-archer-leap"), false));
    }
    if how.one_step() || how.pawn_steps() {
        out.push((theme::EDGE_PATH, tr!("legend-edgewise-step"), false));
        out.push((theme::DIAGONAL_PATH, tr!("legend-diagonal-step"), false));
        out.push((theme::WAVE_PATH, tr!("legend-arcwise-step"), false));
    }
    if how.pawn_steps() {
        out.push((theme::TEXT_FAINT, tr!("legend-faint-ring"), false));
    }
    out.push((
        theme::GUIDE_MOVE.with_alpha(1.0),
        tr!("legend-can-go"),
        true,
    ));
    out.push((
        theme::GUIDE_CAPTURE.with_alpha(1.0),
        tr!("legend-can-take"),
        true,
    ));
    out
}

/// A colour swatch and its meaning: a short bar for a line, a round dot for a mark.
fn swatch(colour: Color, label: String, dot: bool) -> impl Bundle {
    let (w, h) = if dot { (12.0, 12.0) } else { (22.0, 5.0) };
    (
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: px(6),
            ..default()
        },
        children![
            (
                Node {
                    width: px(w),
                    height: px(h),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor(colour),
            ),
            text(label, 12.0, theme::TEXT),
        ],
    )
}

/// The shown pieces' lines, every frame (gizmos last one frame).
fn draw_lines(shown: Res<ShownDemo>, mut gizmos: Gizmos<PanelGizmos>) {
    if let Some(demo) = &shown.demo {
        for &cell in &demo.shown {
            draw_piece_lines(&mut gizmos, &demo.position, cell, MINI_ORIGIN);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_names_exactly_the_ways_the_kind_moves() {
        let labels = |k| {
            legend_entries(crate::rules::movement(k))
                .into_iter()
                .map(|(_, l, _)| l.to_string())
                .collect::<Vec<_>>()
        };
        assert!(labels(PieceKind::Rook).contains(&"edge-path".to_string()));
        assert!(!labels(PieceKind::Rook).contains(&"wave-path".to_string()));
        assert!(labels(PieceKind::Sorcerer).contains(&"archer leap".to_string()));
        assert!(labels(PieceKind::Pawn).contains(&"arcwise step".to_string()));
        let knight = legend_entries(Movement::KNIGHT);
        assert!(knight.iter().any(|e| e.1 == "knight leap"));
        assert!(!knight.iter().any(|e| e.1 == "archer leap"));
        for k in crate::game::aids::pieces::PANEL_ORDER {
            assert!(labels(k).contains(&"can take".to_string()), "{k}");
        }
    }

    #[test]
    fn a_pawn_card_names_only_what_its_army_becomes() {
        let ka = Variant::named("Knights and Archers").expect("a built-in army");
        let [_, becomes] = card_text(ka, PieceKind::Pawn);
        assert!(
            !becomes.contains("Sorcerer") && !becomes.contains("Zauberer"),
            "{becomes}"
        );
        let [_, parachess] = card_text(Variant::parachess(), PieceKind::Pawn);
        assert_ne!(becomes, parachess);
    }

    #[test]
    fn the_picture_fits_the_window() {
        let (card, picture) = layout(None);
        assert!(picture.x * 2.0 <= card);
        assert!(picture.y <= 800.0 * 0.96 - 190.0 + 1.0);
    }
}
