//! The lobby's tournament rows: name, kind, clock, variant and players, a countdown to the
//! start (or to a running arena's end), and Join or Withdraw. The rows are rebuilt when what
//! they say changes; the countdowns tick in place, so a button keeps its hover and focus.

use bevy::prelude::*;

use super::super::{LobbyAction, ServerSession};
use super::local_now;
use crate::client::Tournament;
use crate::game::core::GameSet;
use crate::game::ui::theme;
use crate::game::ui::widgets::{button, text};
use crate::tr;

/// Where the rows go (the lobby card's scrolled lists hold it).
#[derive(Component)]
pub struct TournamentRows;

/// A row's countdown: the index of its tournament in the session's list.
#[derive(Component)]
struct Countdown(usize);

/// A row's words, without the countdown.
fn words(t: &Tournament) -> String {
    let kind = match t.rounds.filter(|_| t.swiss) {
        Some(n) => tr!("lobby-tournament-swiss", rounds = n),
        None if t.swiss => tr!("lobby-tournament-swiss-any"),
        None => tr!("lobby-tournament-arena"),
    };
    let rated = if t.rated {
        tr!("lobby-rated-word")
    } else {
        tr!("lobby-casual-word")
    };
    // The server writes a correspondence clock in English ("3 days").
    let clock = match t.clock.strip_suffix(" days").map(str::parse::<u32>) {
        Some(Ok(d)) => tr!("lobby-days", n = d),
        _ => t.clock.clone(),
    };
    let line = tr!(
        "lobby-tournament-row",
        name = t.name.as_str(),
        kind = kind,
        clock = clock,
        variant = crate::game::text::variant_name(&t.variant),
        rated = rated,
        players = t.players
    );
    if t.joined {
        format!("{line} · {}", tr!("lobby-tournament-you-in"))
    } else {
        line
    }
}

/// A countdown in words: `4:09`, `1 h 05 min`, `2 d 4 h`.
fn left_words(ms: i64) -> String {
    let s = (ms.max(0) + 999) / 1000;
    let (d, h, m, sec) = (s / 86_400, s % 86_400 / 3600, s % 3600 / 60, s % 60);
    if d > 0 {
        tr!("countdown-days", d = d, h = h)
    } else if h > 0 {
        tr!("countdown-hours", h = h, m = format!("{m:02}"))
    } else {
        format!("{m}:{sec:02}")
    }
}

/// What a row's countdown says now.
fn countdown(session: &ServerSession, t: &Tournament, local: i64) -> String {
    let left = |at| session.tournaments.until(at, local);
    match (t.running, t.ends) {
        (false, _) if left(t.starts) > 0 => {
            tr!("lobby-tournament-starts", left = left_words(left(t.starts)))
        }
        (true, Some(end)) if left(end) > 0 => {
            tr!("lobby-tournament-ends", left = left_words(left(end)))
        }
        _ => tr!("lobby-tournament-running"),
    }
}

type Row = (String, LobbyAction);

fn rows(session: &ServerSession) -> (String, Vec<Row>) {
    let list = &session.tournaments.list;
    let title = match list.len() {
        0 => tr!("lobby-tournaments-none"),
        n => tr!("lobby-tournaments", n = n),
    };
    let rows = session
        .shown
        .tournaments
        .iter()
        .enumerate()
        .filter_map(|(i, id)| {
            let t = list.iter().find(|t| t.id == *id)?;
            let act = if t.joined {
                LobbyAction::WithdrawTournament(i)
            } else {
                LobbyAction::JoinTournament(i)
            };
            Some((words(t), act))
        })
        .collect();
    (title, rows)
}

fn row(i: usize, words: String, action: LobbyAction) -> impl Bundle {
    let label = if matches!(action, LobbyAction::WithdrawTournament(_)) {
        tr!("lobby-tournament-withdraw")
    } else {
        tr!("lobby-tournament-join")
    };
    (
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::SpaceBetween,
            column_gap: px(8),
            padding: UiRect::axes(px(8), px(4)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(theme::ROW),
        children![
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    flex_shrink: 1.0,
                    ..default()
                },
                children![
                    text(words, 14.0, theme::TEXT),
                    (Countdown(i), text("", 13.0, theme::TEXT_DIM)),
                ],
            ),
            (
                Node {
                    flex_shrink: 0.0,
                    ..default()
                },
                children![button(label, action)],
            ),
        ],
    )
}

/// Rebuilds the rows when what they say changes.
fn show_rows(
    session: Res<ServerSession>,
    place: Query<Entity, With<TournamentRows>>,
    mut shown: Local<Option<(String, Vec<Row>)>>,
    mut commands: Commands,
) {
    let Ok(parent) = place.single() else {
        *shown = None;
        return;
    };
    let now = rows(&session);
    if shown.as_ref() == Some(&now) {
        return;
    }
    *shown = Some(now.clone());
    let (title, rows) = now;
    commands.entity(parent).despawn_children();
    commands.entity(parent).with_children(|p| {
        p.spawn(text(title, 15.0, theme::ACCENT));
        for (i, (words, action)) in rows.into_iter().enumerate() {
            p.spawn(row(i, words, action));
        }
    });
}

/// Ticks the countdowns in place.
fn tick(session: Res<ServerSession>, mut texts: Query<(&Countdown, &mut Text)>) {
    let local = local_now();
    for (Countdown(i), mut t) in &mut texts {
        let Some(tournament) = session
            .shown
            .tournaments
            .get(*i)
            .and_then(|id| session.tournaments.list.iter().find(|t| t.id == *id))
        else {
            continue;
        };
        let said = countdown(&session, tournament, local);
        if t.0 != said {
            t.0 = said;
        }
    }
}

pub(in super::super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_rows, tick)
            .chain()
            .run_if(in_state(super::super::ServerView::Lobby))
            .in_set(GameSet::View),
    );
}
