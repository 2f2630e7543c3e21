//! The kit every screen is built from: the palette ([`theme`]), widgets (buttons, dialogs,
//! text fields, the variant picker, the clocks and the time choice, the move list), the
//! keyboard focus, and the side panel's parts that every panel shares (whose turn, the
//! players, the status line, thinking), kept up to date here. It imports no screen.

use crate::tr;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::core::GameSet;
use crate::game::core::board::{OffscreenTarget, panel_width};
use crate::game::core::state::Thinking;
use crate::game::core::state::{ChessGame, SeatKind, StatusLine, turn_text};
use crate::rules::Side;

pub mod access;
pub mod clock;
pub mod focus;
pub mod move_list;
pub mod text_field;
pub mod theme;
pub mod variant_picker;
pub mod widgets;

use widgets::text;

/// A side panel's root node (its width follows the window).
#[derive(Component)]
pub struct Panel;

/// Whose turn it is, in words, on any screen's panel.
#[derive(Component)]
pub struct TurnText;

/// The colour swatch of the side to move.
#[derive(Component)]
pub struct TurnSwatch;

/// The status line's text on any screen that shows one.
#[derive(Component)]
pub struct StatusText;

/// Who plays White and Black, on a panel that names them.
#[derive(Component)]
pub struct PlayersText;

/// Shown while the computer thinks.
#[derive(Component)]
pub struct ThinkingText;

/// The keys and answers of the title screen and the dialogs (headless games use them too).
pub(super) fn core_plugin(app: &mut App) {
    app.add_plugins((text_field::core_plugin, move_list::plugin, access::plugin));
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        widgets::plugin,
        focus::plugin,
        variant_picker::plugin,
        text_field::view_plugin,
        clock::plugin,
    ))
    .add_systems(Startup, spawn_more_below)
    .add_systems(
        Update,
        (fit_panel, update_status, update_panel, show_more_below).in_set(GameSet::View),
    );
}

/// The strip over a side panel's foot while more of the panel lies below the window (the
/// wheel scrolls it): a panel cut at the bottom says so.
#[derive(Component)]
pub struct MoreBelow;

fn spawn_more_below(mut commands: Commands) {
    commands.spawn((
        MoreBelow,
        Node {
            position_type: PositionType::Absolute,
            right: px(0),
            bottom: px(0),
            width: px(340),
            padding: UiRect::axes(px(16), px(1)),
            justify_content: JustifyContent::Center,
            display: Display::None,
            ..default()
        },
        BackgroundColor(theme::PANEL.with_alpha(0.95)),
        // Over the panels, under the dialogs.
        GlobalZIndex(1),
        Pickable::IGNORE,
        children![(text(String::new(), 11.0, theme::ACCENT), Pickable::IGNORE)],
    ));
}

/// Shows [`MoreBelow`] under a shown panel whose content runs past its foot, until it is
/// scrolled to its end.
fn show_more_below(
    panels: Query<
        (
            &Node,
            &ComputedNode,
            Option<&ScrollPosition>,
            &InheritedVisibility,
        ),
        (With<Panel>, Without<MoreBelow>),
    >,
    mut hints: Query<(&mut Node, &Children), With<MoreBelow>>,
    mut texts: Query<&mut Text>,
) {
    let mut below = None;
    for (node, computed, scroll, visible) in &panels {
        if node.display == Display::None || !visible.get() {
            continue;
        }
        let room =
            (computed.content_size().y - computed.size().y) * computed.inverse_scale_factor();
        let at = scroll.map_or(0.0, |p| p.y);
        if room > 2.0 && at < room - 2.0 {
            below = Some(node.width);
        }
    }
    for (mut node, children) in &mut hints {
        let display = if below.is_some() {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
        let Some(width) = below else {
            continue;
        };
        if node.width != width {
            node.width = width;
        }
        let said = tr!("ui-more-below");
        for &child in children {
            if let Ok(mut t) = texts.get_mut(child)
                && t.0 != said
            {
                t.0.clone_from(&said);
            }
        }
    }
}

/// A side panel on the right, gone when the screen (or a part of one: any state) `gone_with`
/// is left.
pub fn side_panel<S: States>(
    gone_with: S,
) -> (
    Panel,
    access::Landmark,
    DespawnOnExit<S>,
    Node,
    BackgroundColor,
) {
    (
        Panel,
        access::Landmark::region(tr!("a11y-panel")),
        DespawnOnExit(gone_with),
        panel_node(),
        BackgroundColor(theme::PANEL),
    )
}

/// The side panel of a game played with someone over a network (directly or on a server):
/// the heading, whose turn, who plays whom (`who`), the clocks, the connection (`link`), the
/// opponent's draw offer and takeback request with their answers, the status line, the move
/// list, the `buttons` (a `children!` list) and the `help`. The two screens fill in their own
/// markers and actions; the order and the look are one.
pub fn network_game_panel<S: States>(
    gone_with: S,
    heading: String,
    who: impl Component,
    link: impl Component,
    draw_offer: impl Bundle,
    takeback_request: impl Bundle,
    buttons: impl Bundle,
    help: String,
) -> impl Bundle {
    (
        side_panel(gone_with),
        children![
            text(heading, 24.0, theme::ACCENT),
            turn_row(px(0)),
            (who, text("", 13.0, theme::TEXT_DIM)),
            clock::clock_row(),
            (link, text("", 13.0, theme::TEXT_DIM)),
            draw_offer,
            takeback_request,
            (StatusText, text("", 14.0, theme::TEXT)),
            text(tr!("panel-moves"), 13.0, theme::TEXT_DIM),
            move_list::move_list(),
            (button_row(), buttons),
            text(help, 11.0, theme::TEXT_DIM),
        ],
    )
}

/// The side panel's place and layout (a screen part that is a sub-state despawns its own).
/// On a low window (1024×600, or a large interface scale) its buttons and key help do not
/// fit: the panel scrolls with the wheel, once the move list inside it is at its end.
fn panel_node() -> Node {
    Node {
        position_type: PositionType::Absolute,
        right: px(0),
        top: px(0),
        bottom: px(0),
        width: px(340),
        flex_direction: FlexDirection::Column,
        padding: UiRect::all(px(16)),
        row_gap: px(10),
        overflow: Overflow::scroll_y(),
        ..default()
    }
}

/// A wrapping row of panel buttons.
pub fn button_row() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        column_gap: px(6),
        row_gap: px(6),
        ..default()
    }
}

/// Whose turn it is: a swatch of the side's colour and a line of text (filled in from the game
/// on every panel that shows one).
pub fn turn_row(margin_top: Val) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: px(8),
            margin: UiRect::top(margin_top),
            ..default()
        },
        children![
            (
                TurnSwatch,
                Node {
                    width: px(16),
                    height: px(16),
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor(Color::WHITE),
                BorderColor::all(theme::TEXT_DIM),
            ),
            (TurnText, text(tr!("turn-white"), 18.0, theme::TEXT)),
        ],
    )
}

/// The status line, wherever a screen shows one (also right after the screen appeared).
fn update_status(
    status: Res<StatusLine>,
    mut texts: Query<(&mut Text, &mut TextColor), With<StatusText>>,
    added: Query<(), Added<StatusText>>,
) {
    if !status.is_changed() && added.is_empty() {
        return;
    }
    for (mut t, mut c) in &mut texts {
        t.0 = status.text.clone();
        c.0 = if status.warning {
            theme::WARNING
        } else {
            theme::TEXT
        };
    }
}

fn fit_panel(
    windows: Query<&Window, With<PrimaryWindow>>,
    images: Res<Assets<Image>>,
    offscreen: Option<Res<OffscreenTarget>>,
    ui_scale: Option<Res<UiScale>>,
    mut panels: Query<&mut Node, With<Panel>>,
) {
    let ui_scale = ui_scale.map_or(1.0, |u| u.0).max(0.1);
    let width = if let Ok(w) = windows.single() {
        w.width()
    } else if let Some(image) = offscreen.and_then(|t| images.get(&t.0)) {
        image.size().x as f32
    } else {
        return;
    };
    // In interface units: the window as wide as the scaled interface sees it.
    let want = px(panel_width(width / ui_scale));
    for mut node in &mut panels {
        if node.width != want {
            node.width = want;
        }
    }
}

/// The move list as lines of "n. white black", headed by a note when the game began from a
/// set-up position, so an empty or short list never looks like a missing one.
pub fn move_list_text(game: &crate::rules::Game) -> String {
    move_list_text_with_notes(game, &[])
}

/// What marks a move played after a hint in the move list.
pub const HINT_MARK: &str = " (h)";

/// What the move list says above the moves of a game that did not begin at Parachess's start:
/// another army's start is named ("(Knights and Archers)"), a set-up position says so, with
/// its army when that is not Parachess.
pub fn start_note(start: &crate::rules::Position) -> Option<String> {
    if *start == crate::rules::Position::start() {
        return None;
    }
    let variant = start.variant();
    let name = crate::game::text::variant_name(variant.name());
    Some(if *start == variant.start() {
        tr!("moves-variant-start", variant = name)
    } else if variant.name() == "Parachess" {
        tr!("moves-from-set-up")
    } else {
        tr!("moves-from-set-up-in", variant = name)
    })
}

/// [`move_list_text`] with the moves played after a hint marked, and a line saying what the
/// mark means.
pub fn move_list_text_with_notes(
    game: &crate::rules::Game,
    notes: &[crate::rules::record::PlyNote],
) -> String {
    let hinted = |i: usize| notes.get(i).is_some_and(|n| n.hint);
    let any_hint = (0..game.plies().len()).any(hinted);
    let width = if any_hint { 15 } else { 11 };
    let start = game.start_position();
    let mut number = start.fullmove_number();
    let mut side = start.turn();
    let mut out = String::new();
    if let Some(note) = start_note(start) {
        out.push_str(&format!("     {note}\n"));
    }
    if game.plies().is_empty() && game.outcome().is_none() {
        out.push_str(&format!("     {}", tr!("moves-none-yet")));
        return out;
    }
    let header = out.len();
    for (i, ply) in game.plies().iter().enumerate() {
        let text = format!("{}{}", ply.text, if hinted(i) { HINT_MARK } else { "" });
        match side {
            Side::White => out.push_str(&format!("{number:>3}. {text:<width$}")),
            Side::Black => {
                if out.len() == header || out.ends_with('\n') {
                    out.push_str(&format!("{number:>3}. {:<width$}", "..."));
                }
                out.push_str(&format!("{text}\n"));
                number += 1;
            }
        }
        side = !side;
    }
    if let Some(outcome) = game.outcome() {
        if !out.ends_with('\n') && out.len() > header {
            out.push('\n');
        }
        out.push_str(&format!(
            "     {}  {}",
            outcome.result_text(),
            crate::game::text::outcome_text(outcome)
        ));
    }
    if any_hint {
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!(
            "\n    {}",
            tr!("moves-hint-note", mark = HINT_MARK.trim())
        ));
    }
    out
}

/// A seat's name in the panel: the game's own names, the name from Settings on the player's
/// own seat, else who plays it.
fn seat_name(game: &ChessGame, seat: usize, me: &str) -> String {
    if let Some(name) = &game.origin().names[seat] {
        return name.clone();
    }
    if game.own_seat() == Some(seat) && !me.is_empty() {
        return me.to_string();
    }
    player_name(game.players()[seat])
}

fn player_name(player: SeatKind) -> String {
    match player {
        SeatKind::Human => tr!("player-human"),
        SeatKind::Computer(level) => tr!(
            "player-computer",
            level = crate::game::core::prefs::level_name(level)
        ),
        SeatKind::Elsewhere => tr!("player-opponent"),
    }
}

fn update_panel(
    game: Res<ChessGame>,
    thinking: Res<Thinking>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TurnText>>,
        Query<&mut Text, With<ThinkingText>>,
        Query<&mut Text, With<PlayersText>>,
    )>,
    mut swatch: Query<&mut BackgroundColor, With<TurnSwatch>>,
    mut last_revision: Local<Option<u64>>,
    added: Query<(), Added<TurnText>>,
    me: Option<Res<crate::game::core::prefs::PlayerName>>,
) {
    let fresh = !added.is_empty() || me.as_ref().is_some_and(|m| m.is_changed());
    let me = me.as_ref().map_or("", |n| n.0.as_str());
    if thinking.is_changed() || fresh {
        for mut t in &mut texts.p1() {
            t.0 = if thinking.0 {
                tr!("panel-thinking")
            } else {
                String::new()
            };
        }
    }
    if *last_revision == Some(game.revision()) && !fresh {
        return;
    }
    *last_revision = Some(game.revision());
    let g = game.game();
    for mut t in &mut texts.p0() {
        t.0 = turn_text(g);
    }
    for mut t in &mut texts.p2() {
        t.0 = tr!(
            "panel-players",
            white = seat_name(&game, 0, me),
            black = seat_name(&game, 1, me)
        );
    }
    let side = g
        .outcome()
        .and_then(|o| o.winner())
        .unwrap_or(g.position().turn());
    for mut s in &mut swatch {
        s.0 = match side {
            Side::White => theme::SWATCH_WHITE,
            Side::Black => theme::SWATCH_BLACK,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::move_list_text;
    use crate::rules::{Game, Position};

    fn play(game: &mut Game, moves: &[&str]) {
        for text in moves {
            let mv = game.position().parse_move(text).unwrap();
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn the_move_list_numbers_moves_and_says_where_the_game_began() {
        let mut game = Game::new();
        assert_eq!(move_list_text(&game), "     No moves yet");
        play(&mut game, &["c4-d3", "i5-h3", "c3-d2"]);
        assert_eq!(
            move_list_text(&game),
            "  1. c4-d3      i5-h3\n  2. c3-d2      "
        );

        let set_up: Position = "6/3k/3Q4/5/5K4/6/10/5/8/4/6 b 0 7".parse().unwrap();
        let mut game = Game::from_position(set_up);
        assert_eq!(
            move_list_text(&game),
            "     (from a set-up position)\n     No moves yet"
        );
        let reply = game.legal_moves()[0];
        let text = game.position().move_text(reply);
        game.play(reply).unwrap();
        assert_eq!(
            move_list_text(&game),
            format!("     (from a set-up position)\n  7. ...        {text}\n")
        );
    }
}
