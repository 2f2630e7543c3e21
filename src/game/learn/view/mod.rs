//! What the learner sees: the lesson list, the stage panel beside the board, the card at the
//! end of a stage, and the marks on the board (stars to collect, cells found, cells the stage
//! highlights, a wrong click).
//!
//! `list` is the lesson list, `panel` the stage panel, `end_card` the card, `marks` the
//! board's marks; the stage marks (pips) and plurals they share are here.

mod end_card;
mod list;
mod marks;
mod panel;

use crate::tr;
use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::screens::Modal;
use crate::game::learn::LearnView;
use crate::game::ui::theme;

use end_card::spawn_end_card;
use list::{refresh_list, spawn_list};
use marks::board_marks;
use panel::{spawn_panel, update_panel};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(LearnView::List), spawn_list)
        .add_systems(OnEnter(LearnView::Stage), spawn_panel)
        .add_systems(OnEnter(Modal::StageEnd), spawn_end_card)
        .add_systems(
            Update,
            (
                refresh_list.run_if(in_state(LearnView::List)),
                update_panel.run_if(in_state(LearnView::Stage)),
                board_marks,
            )
                .in_set(GameSet::View),
        );
}

/// The colour of a stage's mark: grey until done, gold with three stars.
fn pip_colour(stars: u8) -> Color {
    match stars {
        0 => theme::PIP_UNDONE,
        3 => theme::ACCENT,
        _ => theme::ACCENT.darker(0.25),
    }
}

/// One mark per stage: (best stars, whether it is the stage being played).
fn pip(stars: u8, current: bool) -> impl Bundle {
    (
        Node {
            width: px(16),
            height: px(7),
            border: UiRect::all(px(if current { 2.0 } else { 0.0 })),
            border_radius: BorderRadius::all(px(3)),
            ..default()
        },
        BackgroundColor(pip_colour(stars)),
        BorderColor::all(theme::TEXT),
        Pickable::IGNORE,
    )
}

/// "1 move", "3 moves" (or clicks).
fn plural(n: u32, clicks: bool) -> String {
    if clicks {
        tr!("learn-n-clicks", n = n)
    } else {
        tr!("learn-n-moves", n = n)
    }
}
