//! The move list of a panel: a scrolling column of numbered rows, each move a button that
//! shows the position after it ([`HistoryAction::ShowPly`]), marked with the judgement the
//! analysis gave it ([`MoveMarks`]) and a hint's mark; the move the board shows is lit and
//! kept in view.

use crate::tr;
use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::theme;
use super::widgets::text;
use crate::game::core::GameSet;
use crate::game::core::actions::{Action, HistoryAction};
use crate::game::core::marks::MoveMarks;
use crate::game::core::state::ChessGame;
use crate::rules::Side;

/// Height of a row of the move list, in pixels (fixed, so the shown move can be scrolled to).
const ROW_HEIGHT: f32 = 21.0;

/// The move list: a scrolling column of numbered rows, each move a button.
#[derive(Component, Debug)]
pub struct MoveList;

/// A move in the move list: pressing it shows the position after the first `.0` half-moves.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveEntry(pub usize);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveMarks>().add_systems(
        Update,
        (fill_move_lists, mark_shown_move)
            .chain()
            .in_set(GameSet::View),
    );
}

/// The move list, scrolling, for a panel: its rows are filled in from the game.
pub fn move_list() -> impl Bundle {
    (
        MoveList,
        Node {
            flex_grow: 1.0,
            min_height: px(60),
            flex_direction: FlexDirection::Column,
            overflow: Overflow::scroll_y(),
            padding: UiRect::all(px(6)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(theme::ROW),
        ScrollPosition::default(),
    )
}

/// What a list shows: the game's identity and revision, and the marks'.
type ListKey = (u64, u64, u64);

/// Rebuilds the move lists when the game (or its marks) change.
fn fill_move_lists(
    game: Res<ChessGame>,
    marks: Res<MoveMarks>,
    lists: Query<(Entity, Ref<MoveList>)>,
    mut commands: Commands,
    mut shown: Local<Option<ListKey>>,
) {
    let key = (game.id(), game.game_revision(), marks.version());
    let fresh = lists.iter().any(|(_, l)| l.is_added());
    if *shown == Some(key) && !fresh {
        return;
    }
    *shown = Some(key);
    let g = game.game();
    let notes = game.notes();
    let hinted = |i: usize| notes.get(i).is_some_and(|n| n.hint);
    let any_hint = (0..g.plies().len()).any(hinted);
    let judged = marks.judged(g);
    let start = g.start_position();
    let black_first = start.turn() == Side::Black;
    for (list, _) in &lists {
        commands.entity(list).despawn_children();
        commands.entity(list).with_children(|c| {
            if let Some(note) = super::start_note(start) {
                c.spawn(text(note, 12.0, theme::TEXT_DIM));
            }
            if g.plies().is_empty() && g.outcome().is_none() {
                c.spawn(text(tr!("moves-none-yet"), 13.0, theme::TEXT_DIM));
                return;
            }
            let rows = (g.plies().len() + usize::from(black_first)).div_ceil(2);
            for row in 0..rows {
                let number = start.fullmove_number() as usize + row;
                let first = (2 * row).checked_sub(usize::from(black_first));
                let second = 2 * row + 1 - usize::from(black_first);
                c.spawn(row_node()).with_children(|r| {
                    r.spawn((
                        Node {
                            width: percent(17),
                            ..default()
                        },
                        children![text(format!("{number}."), 13.0, theme::TEXT_DIM)],
                    ));
                    for index in [first, Some(second)] {
                        match index.filter(|&i| i < g.plies().len()) {
                            Some(i) => {
                                let mark = judged.get(i).map(|&(_, label)| label);
                                let mut label = g.plies()[i].text.clone();
                                if let Some(m) = mark.and_then(|l| l.mark()) {
                                    label.push_str(m.text());
                                }
                                if hinted(i) {
                                    label.push_str(crate::game::ui::HINT_MARK);
                                }
                                let colour = mark.map_or(theme::TEXT, theme::label_colour);
                                r.spawn(entry(i + 1, label, colour)).observe(press_entry);
                            }
                            None => {
                                let filler = if index.is_none() { "..." } else { "" };
                                r.spawn((
                                    Node {
                                        width: percent(41),
                                        padding: UiRect::axes(px(5), px(1)),
                                        ..default()
                                    },
                                    children![text(filler, 13.0, theme::TEXT_DIM)],
                                ));
                            }
                        }
                    }
                });
            }
            if let Some(outcome) = g.outcome() {
                c.spawn(text(
                    format!(
                        "{}  {}",
                        outcome.result_text(),
                        crate::game::text::outcome_text(outcome)
                    ),
                    13.0,
                    theme::ACCENT,
                ));
            }
            if any_hint {
                c.spawn(text(
                    tr!("moves-hint-note", mark = crate::game::ui::HINT_MARK.trim()),
                    11.0,
                    theme::TEXT_DIM,
                ));
            }
        });
    }
}

fn row_node() -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        height: px(ROW_HEIGHT),
        flex_shrink: 0.0,
        ..default()
    }
}

/// One move of the list: pressing it shows the position after it (see [`press_entry`]).
fn entry(ply: usize, label: String, colour: Color) -> impl Bundle {
    (
        MoveEntry(ply),
        Button,
        Node {
            width: percent(41),
            padding: UiRect::axes(px(5), px(1)),
            border_radius: BorderRadius::all(px(4)),
            ..default()
        },
        BackgroundColor(Color::NONE),
        children![(text(label, 13.0, colour), Pickable::IGNORE)],
    )
}

/// A press on a move of the list shows the position after it.
fn press_entry(press: On<Pointer<Press>>, entries: Query<&MoveEntry>, mut commands: Commands) {
    if press.button != PointerButton::Primary {
        return;
    }
    if let Ok(&MoveEntry(ply)) = entries.get(press.entity) {
        commands.queue(move |world: &mut World| HistoryAction::ShowPly(ply).run(world));
    }
}

/// Highlights the move whose position the board shows and keeps it in view.
fn mark_shown_move(
    game: Res<ChessGame>,
    mut entries: Query<(&MoveEntry, &mut BackgroundColor, Ref<MoveEntry>)>,
    mut lists: Query<(&mut ScrollPosition, &ComputedNode), With<MoveList>>,
    mut shown: Local<Option<(u64, usize, u32)>>,
) {
    // Also once the rows are laid out (a scroll asked for earlier is cut to the old length).
    let laid_out = lists
        .iter()
        .map(|(_, n)| (n.content_size().y + n.size().y) as u32)
        .sum();
    let now = (game.revision(), game.shown_ply(), laid_out);
    let fresh = entries.iter().any(|(_, _, r)| r.is_added());
    if *shown == Some(now) && !fresh {
        return;
    }
    *shown = Some(now);
    let ply = game.shown_ply();
    let at_end = !game.browsing();
    for (entry, mut bg, _) in &mut entries {
        let want = if entry.0 == ply && ply > 0 {
            if at_end {
                theme::MOVE_AT_END
            } else {
                theme::BUTTON_ACTIVE
            }
        } else {
            Color::NONE
        };
        if bg.0 != want {
            bg.0 = want;
        }
    }
    let black_first = game.game().start_position().turn() == Side::Black;
    let row = (ply + usize::from(black_first)).saturating_sub(1) / 2;
    for (mut scroll, _) in &mut lists {
        // The shown move two rows from the top, so the moves before it show too.
        scroll.0.y = if at_end {
            1.0e6
        } else {
            (row as f32 * ROW_HEIGHT - 2.0 * ROW_HEIGHT).max(0.0)
        };
    }
}
