//! What the server screen shows: the lobby card over the dimmed board (who the player is,
//! challenges, open seeks, the player's games and how many wait for a move), and beside a game
//! the panel with both players, the clocks or the day's deadline, the offers and the requests.

use crate::tr;
use bevy::prelude::*;

use super::session::LinkState;
use super::{GameRequest, LobbyAction, ServerSession, ServerView};
use crate::game::core::GameSet;
use crate::game::ui::StatusText;
use crate::game::ui::theme;
use crate::game::ui::widgets::{button, card, keyed_button, keyed_button_as, offer_row, row, text};
use crate::rules::Side;

use super::session::ROWS;
use crate::game::core::actions::GameAction;
use crate::game::core::keys::{Context, KeyMap};

fn lobby(action: LobbyAction) -> LobbyAction {
    action
}

/// The lobby card's line about the connection.
#[derive(Component)]
struct WhoLine;

/// Where the lists go, rebuilt when what they show changes.
#[derive(Component)]
struct Lists;

fn spawn_lobby(mut commands: Commands) {
    commands.spawn((
        DespawnOnExit(ServerView::Lobby),
        crate::game::ui::widgets::full_screen_centre(),
        BackgroundColor(theme::OVERLAY),
        GlobalZIndex(5),
        children![card(children![
            text(tr!("lobby-title"), 26.0, theme::ACCENT),
            (WhoLine, text("", 14.0, theme::TEXT_DIM)),
            (
                row(),
                children![
                    keyed_button(tr!("lobby-find-button"), lobby(LobbyAction::SeekDialog)),
                    keyed_button(tr!("lobby-watch-button"), lobby(LobbyAction::WatchDialog)),
                    keyed_button(tr!("lobby-refresh"), lobby(LobbyAction::Refresh)),
                    keyed_button(tr!("lobby-sign-in"), lobby(LobbyAction::SignInDialog)),
                    button(tr!("lobby-sign-out"), lobby(LobbyAction::SignOut)),
                    keyed_button(tr!("settings-back"), GameAction::Back),
                ],
            ),
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(6),
                    width: percent(100),
                    // Half the window: the card fits 1024×600 with the lists scrolling.
                    max_height: Val::Vh(50.0),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                children![
                    (super::tournaments::view::TournamentRows, column()),
                    (Lists, column()),
                ],
            ),
            (StatusText, text("", 14.0, theme::TEXT)),
        ])],
    ));
}

/// A column of list lines.
fn column() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(6),
        width: percent(100),
        ..default()
    }
}

/// One line of a list: words, then buttons.
fn list_row(words: String, buttons: Vec<(String, LobbyAction)>) -> impl Bundle {
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
        Children::spawn((
            Spawn((
                Node {
                    flex_shrink: 1.0,
                    ..default()
                },
                children![text(words, 14.0, theme::TEXT)],
            )),
            Spawn((
                Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: px(6),
                    flex_shrink: 0.0,
                    ..default()
                },
                Children::spawn(SpawnIter(
                    buttons
                        .into_iter()
                        .map(|(label, action)| button(label, action)),
                )),
            )),
        )),
    )
}

/// What the lists show, as lines with their buttons: built from the session, compared with
/// what is on screen, and spawned only when different.
type Section = (String, Vec<(String, Vec<(String, LobbyAction)>)>);

fn sections(session: &ServerSession) -> Vec<Section> {
    let me = session.identity.as_ref().map_or("", |i| i.name.as_str());
    let mut out = Vec::new();
    let lobby_state = &session.lobby;
    if !lobby_state.challenges.is_empty() {
        let rows = lobby_state
            .challenges
            .iter()
            .take(ROWS)
            .enumerate()
            .map(|(i, c)| {
                let words = tr!(
                    "lobby-challenge-row",
                    by = c.by.as_str(),
                    rating = c.rating.to_string(),
                    clock = c.clock().to_string(),
                    variant = crate::game::text::variant_name(&c.variant),
                    rated = rated_word(c.rated)
                );
                (
                    words,
                    vec![
                        (tr!("offer-accept"), lobby(LobbyAction::AcceptChallenge(i))),
                        (
                            tr!("offer-decline"),
                            lobby(LobbyAction::DeclineChallenge(i)),
                        ),
                    ],
                )
            })
            .collect();
        out.push((tr!("lobby-challenges-to-you"), rows));
    }
    let waiting = lobby_state.waiting();
    let games_title = match (lobby_state.games.len(), waiting) {
        (0, _) => tr!("lobby-your-games-none"),
        (n, 0) => tr!("lobby-your-games", n = n),
        (n, w) => tr!("lobby-your-games-waiting", n = n, waiting = w),
    };
    let rows = lobby_state
        .games
        .iter()
        .take(ROWS)
        .enumerate()
        .map(|(i, g)| {
            let them = if g.white == me { &g.black } else { &g.white };
            let played = match g.plies {
                0 => tr!("lobby-not-begun"),
                n => tr!("lobby-half-moves", n = n),
            };
            let words = tr!(
                "lobby-game-row",
                them = them.as_str(),
                variant = crate::game::text::variant_name(&g.variant),
                speed = g.speed.to_string(),
                played = played,
                turn = if g.my_turn {
                    tr!("lobby-your-move")
                } else {
                    String::new()
                }
            );
            (
                words,
                vec![(tr!("title-play"), lobby(LobbyAction::OpenGame(i)))],
            )
        })
        .collect();
    out.push((games_title, rows));
    let seeks: Vec<_> = lobby_state.seeks.iter().take(ROWS).collect();
    let seeks_title = match lobby_state.seeks.len() {
        0 => tr!("lobby-seeks-none"),
        n if n > ROWS => tr!("lobby-seeks-many", n = n, shown = ROWS),
        n => tr!("lobby-seeks", n = n),
    };
    let rows = seeks
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let words = tr!(
                "lobby-seek-row",
                by = s.by.as_str(),
                rating = s.rating.to_string(),
                clock = s.clock().to_string(),
                variant = crate::game::text::variant_name(&s.variant),
                rated = rated_word(s.rated),
                colour = match s.color.as_str() {
                    "white" => tr!("lobby-plays-white"),
                    "black" => tr!("lobby-plays-black"),
                    _ => tr!("lobby-colours-random"),
                }
            );
            let act = if s.by == me {
                (tr!("lobby-cancel"), lobby(LobbyAction::CancelSeek(i)))
            } else {
                (tr!("offer-accept"), lobby(LobbyAction::AcceptSeek(i)))
            };
            (words, vec![act])
        })
        .collect();
    out.push((seeks_title, rows));
    out
}

/// Rebuilds the lists when what they would show differs from what they show.
fn show_lists(
    session: Res<ServerSession>,
    lists: Query<Entity, With<Lists>>,
    mut shown_text: Local<Vec<String>>,
    mut commands: Commands,
) {
    let Ok(parent) = lists.single() else {
        shown_text.clear();
        return;
    };
    let sections = sections(&session);
    let words: Vec<String> = sections
        .iter()
        .flat_map(|(title, rows)| {
            std::iter::once(title.clone()).chain(rows.iter().map(|r| format!("{r:?}")))
        })
        .collect();
    if *shown_text == words {
        return;
    }
    *shown_text = words;
    commands.entity(parent).despawn_children();
    commands.entity(parent).with_children(|p| {
        for (title, rows) in sections {
            p.spawn(text(title, 15.0, theme::ACCENT));
            for (words, buttons) in rows {
                p.spawn(list_row(words, buttons));
            }
        }
    });
}

fn show_who(
    session: Res<ServerSession>,
    map: Res<KeyMap>,
    mut lines: Query<&mut Text, With<WhoLine>>,
) {
    let sign_in = map.name(
        LobbyAction::SignInDialog,
        Context::On(crate::game::core::screens::Screen::Lobby),
    );
    let who = match (&session.state, &session.identity) {
        (LinkState::Up, Some(i)) if i.guest => tr!(
            "lobby-who-guest",
            server = session.server.as_str(),
            name = i.name.as_str()
        ),
        (LinkState::Up, Some(i)) => tr!(
            "server-connected",
            server = session.server.as_str(),
            who = i.name.as_str()
        ),
        (LinkState::Up, None) | (LinkState::Connecting { attempt: 0, .. }, _) => {
            tr!("lobby-connecting", server = session.server.as_str())
        }
        (LinkState::Connecting { attempt, .. }, Some(_)) => tr!(
            "lobby-who-reconnecting",
            server = session.server.as_str(),
            attempt = *attempt
        ),
        (LinkState::Connecting { attempt, .. }, None) => tr!(
            "lobby-who-retrying",
            server = session.server.as_str(),
            attempt = *attempt
        ),
        (LinkState::Stopped(why), _) => {
            tr!("lobby-who-stopped", why = why.as_str(), key = sign_in)
        }
        (LinkState::Off, _) => tr!("lobby-who-off", key = sign_in),
    };
    for mut t in &mut lines {
        if t.0 != who {
            t.0.clone_from(&who);
        }
    }
}

/// The panel's lines that [`show_game`] fills.
#[derive(Component)]
struct GameWho;

#[derive(Component)]
struct GameLink;

/// The Abort button, hidden in a tournament's game (the server refuses it there).
#[derive(Component)]
struct AbortButton;

/// An answer row for the opponent's offer (`true`: draw; `false`: takeback).
#[derive(Component)]
struct OfferRow(bool);

fn spawn_panel(mut commands: Commands, map: Res<KeyMap>) {
    let answer = |label: String, draw: bool, yes: GameRequest, no: GameRequest| {
        offer_row(
            OfferRow(draw),
            label,
            lobby(LobbyAction::Game(yes)),
            lobby(LobbyAction::Game(no)),
        )
    };
    let ask = |label: String, r: GameRequest| button(label, lobby(LobbyAction::Game(r)));
    commands.spawn(crate::game::ui::network_game_panel(
        ServerView::Playing,
        tr!("lobby-heading"),
        GameWho,
        GameLink,
        answer(
            tr!("online-opponent-offers-draw"),
            true,
            GameRequest::Draw,
            GameRequest::DrawNo,
        ),
        answer(
            tr!("online-opponent-asks-takeback"),
            false,
            GameRequest::Takeback,
            GameRequest::TakebackNo,
        ),
        children![
            ask(tr!("online-offer-draw"), GameRequest::Draw),
            ask(tr!("online-takeback"), GameRequest::Takeback),
            ask(tr!("panel-resign"), GameRequest::Resign),
            (ask(tr!("lobby-abort"), GameRequest::Abort), AbortButton),
            ask(tr!("lobby-rematch"), GameRequest::Rematch),
            keyed_button_as(tr!("lobby-lobby"), LobbyAction::ToLobby, GameAction::Back),
            button(tr!("panel-flip"), GameAction::Flip),
            button(tr!("panel-2d-3d"), GameAction::ToggleView),
            button(tr!("panel-view"), GameAction::ResetView),
            button(tr!("panel-names"), GameAction::ToggleNames),
            button(tr!("panel-sound"), GameAction::ToggleMute),
        ],
        tr!("lobby-game-help", keys = map.help(&[Context::Board])),
    ));
}

/// A correspondence deadline in words, from now (Unix milliseconds).
fn deadline_words(deadline: i64) -> String {
    let now = jiff::Timestamp::now().as_millisecond();
    let left = (deadline - now).max(0) / 1000;
    let (d, h, m) = (left / 86_400, left % 86_400 / 3600, left % 3600 / 60);
    if d > 0 {
        tr!("lobby-deadline-days", d = d, h = h)
    } else {
        tr!("lobby-deadline-hours", h = h, m = m)
    }
}

/// Who plays whom, the connection, and the opponent's offers.
fn show_game(
    session: Res<ServerSession>,
    mut texts: ParamSet<(
        Query<&mut Text, With<GameWho>>,
        Query<(&mut Text, &mut TextColor), With<GameLink>>,
    )>,
    mut offers: Query<(&OfferRow, &mut Node), Without<AbortButton>>,
    mut abort: Query<&mut Node, With<AbortButton>>,
) {
    let Some(g) = session.current() else {
        return;
    };
    let clock = crate::client::clock_words(
        g.net
            .clocks
            .as_ref()
            .map(|c| c.control().to_string())
            .as_deref(),
        g.days,
    );
    let terms = tr!(
        "lobby-terms-line",
        variant = crate::game::text::variant_name(&g.variant),
        speed = g.speed.to_string(),
        clock = clock,
        rated = rated_word(g.rated)
    );
    let mut who = match g.seat {
        Some(side) => tr!(
            "online-who",
            side = crate::game::text::side_name(side),
            them = g.opponent().to_string(),
            time = terms
        ),
        None => tr!(
            "lobby-watching-line",
            white = g.names[0].as_str(),
            black = g.names[1].as_str(),
            terms = terms
        ),
    };
    if g.aborted {
        who.push_str(&format!(". {}", tr!("lobby-aborted")));
    } else if let Some(d) = g.deadline.filter(|_| !g.is_over() && g.days.is_some()) {
        who.push_str(&format!(". {}", deadline_words(d)));
    }
    for mut t in &mut texts.p0() {
        if t.0 != who {
            t.0.clone_from(&who);
        }
    }
    let (link, warn) = match &session.state {
        LinkState::Up => (
            tr!(
                "lobby-game-on",
                id = g.id.to_string(),
                server = session.server.as_str()
            ),
            false,
        ),
        LinkState::Connecting { .. } => (tr!("online-link-lost"), true),
        LinkState::Stopped(_) | LinkState::Off => (tr!("online-link-closed"), true),
    };
    for (mut t, mut colour) in &mut texts.p1() {
        if t.0 != link {
            t.0.clone_from(&link);
        }
        let ink = if warn {
            theme::WARNING
        } else {
            theme::TEXT_DIM
        };
        if colour.0 != ink {
            colour.0 = ink;
        }
    }
    let from_them = |o: Option<Side>| g.seat.is_some_and(|me| o == Some(!me)) && !g.is_over();
    for (offer, mut node) in &mut offers {
        let shown = if offer.0 {
            from_them(g.net.draw_offer)
        } else {
            from_them(g.net.takeback)
        };
        let want = if shown { Display::Flex } else { Display::None };
        if node.display != want {
            node.display = want;
        }
    }
    let want = if g.tournament {
        Display::None
    } else {
        Display::Flex
    };
    for mut node in &mut abort {
        if node.display != want {
            node.display = want;
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(ServerView::Lobby), spawn_lobby)
        .add_systems(OnEnter(ServerView::Playing), spawn_panel)
        .add_systems(
            Update,
            (
                (show_lists, show_who).run_if(in_state(ServerView::Lobby)),
                show_game.run_if(in_state(ServerView::Playing)),
            )
                .in_set(GameSet::View),
        );
}

/// "rated" or "casual".
fn rated_word(rated: bool) -> String {
    if rated {
        tr!("lobby-rated-word")
    } else {
        tr!("lobby-casual-word")
    }
}
