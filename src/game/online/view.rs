//! The online screen's look: the host-or-join menu, the card while hosting or connecting, and
//! the panel beside the board while a network game is played.

use crate::tr;

use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::actions::GameAction;
use crate::game::core::keys::{Context, KeyMap};
use crate::game::core::screens::{Modal, Screen};
use crate::game::text::time_control_label as label;
use crate::game::ui::StatusText;
use crate::game::ui::theme;
use crate::game::ui::widgets::{button, keyed_button, row, text};
use crate::net::NetCommand;
use crate::rules::Side;

use super::{Link, Online, OnlineAction, OnlineView};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(OnlineView::Menu), spawn_menu)
        .add_systems(OnEnter(OnlineView::Waiting), spawn_waiting)
        .add_systems(OnEnter(OnlineView::Playing), spawn_panel)
        .add_systems(
            Update,
            (
                show_game.run_if(in_state(OnlineView::Playing)),
                hide_cards_under_dialogs,
            )
                .in_set(GameSet::View),
        );
}

/// A dialog's card, not quite opaque, would show the online card's text through it.
fn hide_cards_under_dialogs(
    modal: Res<State<Modal>>,
    mut cards: Query<&mut Visibility, With<OnlineCard>>,
) {
    let want = if *modal.get() == Modal::None {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut cards {
        if *v != want {
            *v = want;
        }
    }
}

/// The online screen's menu and waiting cards (hidden while a dialog is open over them).
#[derive(Component)]
struct OnlineCard;

/// A card in the middle of the screen over the dimmed board, gone with `view`.
fn overlay(view: OnlineView, children: impl Bundle) -> impl Bundle {
    (
        OnlineCard,
        DespawnOnExit(view),
        crate::game::ui::widgets::full_screen_centre(),
        BackgroundColor(theme::OVERLAY),
        GlobalZIndex(5),
        children![crate::game::ui::widgets::card(children)],
    )
}

fn spawn_menu(mut commands: Commands) {
    commands.spawn(overlay(
        OnlineView::Menu,
        children![
            text(tr!("online-title"), 26.0, theme::ACCENT),
            text(tr!("online-intro"), 13.0, theme::TEXT_DIM),
            (
                row(),
                children![
                    keyed_button(tr!("online-host-button"), OnlineAction::HostSetup),
                    keyed_button(tr!("online-join-button"), OnlineAction::JoinSetup),
                    keyed_button(tr!("online-server-button"), GameAction::Open(Screen::Lobby)),
                    keyed_button(tr!("settings-back"), GameAction::Back),
                ],
            ),
            (StatusText, text("", 14.0, theme::TEXT)),
        ],
    ));
}

fn spawn_waiting(mut commands: Commands, online: Res<Online>) {
    let Some(s) = &online.session else {
        return;
    };
    let mut lines: Vec<(String, f32, Color)> = Vec::new();
    let heading;
    if let Some((addr, code)) = s.listening() {
        heading = tr!("online-hosting");
        lines.push((tr!("online-tell-other"), 14.0, theme::TEXT_DIM));
        let addresses: Vec<String> = if s.addresses.is_empty() {
            vec![addr.to_string()]
        } else {
            s.addresses
                .iter()
                .take(4)
                .map(ToString::to_string)
                .collect()
        };
        let title = if addresses.len() > 1 {
            tr!("online-at-addresses")
        } else {
            tr!("online-at-address")
        };
        lines.push((title, 14.0, theme::TEXT_DIM));
        for a in addresses {
            lines.push((a, 20.0, theme::TEXT));
        }
        lines.push((tr!("online-with-code"), 14.0, theme::TEXT_DIM));
        lines.push((code.to_string(), 40.0, theme::ACCENT));
        let time = s
            .net
            .clocks
            .as_ref()
            .map_or(tr!("online-untimed"), |c| label(c.control()));
        lines.push((
            tr!(
                "online-you-play",
                side = crate::game::text::side_name(s.net.you),
                time = time
            ),
            14.0,
            theme::TEXT,
        ));
        lines.push((tr!("online-waiting-other"), 16.0, theme::TEXT));
    } else {
        heading = tr!("online-joining");
        lines.push((
            tr!("lobby-connecting", server = s.target.to_string()),
            18.0,
            theme::TEXT,
        ));
    }
    commands.spawn(overlay(
        OnlineView::Waiting,
        Children::spawn((
            SpawnIter(
                std::iter::once((heading.to_string(), 26.0, theme::ACCENT))
                    .chain(lines)
                    .map(|(t, size, colour)| text(t, size, colour)),
            ),
            Spawn((StatusText, text("", 14.0, theme::TEXT))),
            Spawn(keyed_button(tr!("dialog-cancel"), OnlineAction::Cancel)),
        )),
    ));
}

/// The online panel's lines that [`show_game`] fills.
#[derive(Component)]
struct WhoText;

#[derive(Component)]
struct LinkText;

/// The opponent's offer or request and the answer buttons.
#[derive(Component)]
struct OfferRow(NetCommand);

fn spawn_panel(mut commands: Commands, map: Res<KeyMap>) {
    let answer = |label: String, ask: NetCommand, yes: NetCommand, no: NetCommand| {
        crate::game::ui::widgets::offer_row(
            OfferRow(ask),
            label,
            OnlineAction::Net(yes),
            OnlineAction::Net(no),
        )
    };
    commands.spawn(crate::game::ui::network_game_panel(
        OnlineView::Playing,
        tr!("online-heading"),
        WhoText,
        LinkText,
        answer(
            tr!("online-opponent-offers-draw"),
            NetCommand::OfferDraw,
            NetCommand::AcceptDraw,
            NetCommand::DeclineDraw,
        ),
        answer(
            tr!("online-opponent-asks-takeback"),
            NetCommand::AskTakeback,
            NetCommand::AcceptTakeback,
            NetCommand::DeclineTakeback,
        ),
        children![
            button(
                tr!("online-offer-draw"),
                OnlineAction::Net(NetCommand::OfferDraw)
            ),
            button(
                tr!("online-takeback"),
                OnlineAction::Net(NetCommand::AskTakeback)
            ),
            button(tr!("panel-resign"), OnlineAction::Net(NetCommand::Resign)),
            button(tr!("panel-flip"), GameAction::Flip),
            button(tr!("panel-2d-3d"), GameAction::ToggleView),
            button(tr!("panel-names"), GameAction::ToggleNames),
            button(tr!("panel-lines"), GameAction::ToggleLines),
            button(tr!("panel-sound"), GameAction::ToggleMute),
            button(tr!("online-leave"), OnlineAction::Leave),
        ],
        tr!("online-help", keys = map.help(&[Context::Board])),
    ));
}

/// Who plays whom, the connection, and the opponent's offers.
fn show_game(
    online: Res<Online>,
    mut texts: ParamSet<(
        Query<&mut Text, With<WhoText>>,
        Query<(&mut Text, &mut TextColor), With<LinkText>>,
    )>,
    mut offers: Query<(&OfferRow, &mut Node)>,
) {
    let Some(s) = &online.session else {
        return;
    };
    let net = &s.net;
    let them = match net.opponent.as_str() {
        "" => tr!("online-your-opponent-lower"),
        name => crate::net::wire::clip(name),
    };
    let time = net
        .clocks
        .as_ref()
        .map_or(tr!("online-untimed"), |c| label(c.control()));
    let who = tr!(
        "online-who",
        side = crate::game::text::side_name(net.you),
        them = them,
        time = time
    );
    for mut t in &mut texts.p0() {
        if t.0 != who {
            t.0.clone_from(&who);
        }
    }
    let (link, warn) = match &s.link {
        Link::Waiting => (tr!("online-link-connecting"), false),
        Link::Up => match s.asked {
            Some(NetCommand::OfferDraw) => (tr!("online-link-draw-waits"), false),
            Some(NetCommand::AskTakeback) => (tr!("online-link-takeback-waits"), false),
            _ => (tr!("online-link-connected"), false),
        },
        Link::Lost(_) if s.hosting => (tr!("online-link-lost-host"), true),
        Link::Lost(_) => (tr!("online-link-lost"), true),
        Link::Closed(_) => (tr!("online-link-closed"), true),
    };
    for (mut t, mut colour) in &mut texts.p1() {
        if t.0 != link {
            t.0 = link.to_string();
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
    let from_them = |o: Option<Side>| o == Some(!net.you) && !net.game.is_over();
    for (offer, mut node) in &mut offers {
        let shown = match offer.0 {
            NetCommand::OfferDraw => from_them(net.draw_offer),
            _ => from_them(net.takeback),
        };
        let want = if shown { Display::Flex } else { Display::None };
        if node.display != want {
            node.display = want;
        }
    }
}
