//! Play on a game server (`parachess-server`): the lobby screen (`Screen::Lobby`) and the games
//! played or watched there.
//!
//! * [`session`]: the connection (a [`crate::client::Link`] on its own thread, polled each
//!   frame), who the player is, the lobby's lists, and the game on the board, every server
//!   message checked by the rules before the board follows it. The address and the session
//!   are remembered in `server.ron` in the data folder (`--server` wins for one run).
//! * [`view`]: the lobby card (challenges, open seeks, the player's games with how many wait
//!   for a move) and the side panel of a game being played or watched.
//! * [`dialogs`]: sign in (or play as a guest), find a game (clock, variant, rated; quick
//!   pairing, a seek, a challenge by name), watch a game by its id.
//! * [`tournaments`]: the coming and running tournaments, Join and Withdraw.

pub mod dialogs;
pub mod session;
pub mod tournaments;
pub mod view;

use crate::client::messages::{ClientMsg, SeekSpec};
use crate::tr;
use bevy::prelude::*;

pub use session::ServerSession;

use crate::game::core::GameSet;
use crate::game::core::actions::{Action, ActionsExt, BackOrder, GameAction};
use crate::game::core::keys::{Binding, Context, KeysExt, ctrl, key, move_keys};
use crate::game::core::screens::{Modal, Screen, set_modal, set_screen};
use crate::game::ui::text_field::{FieldAction, FieldId, Fields};
use crate::game::ui::widgets::{ActionButton, mark_chosen};
use session::Intent;

/// Which part of the server screen shows.
#[derive(SubStates, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[source(Screen = Screen::Lobby)]
pub enum ServerView {
    /// The lobby.
    #[default]
    Lobby,
    /// A game on the board, played or watched.
    Playing,
}

/// The clocks the find-a-game dialog offers: seconds and increment, or days per move.
pub const CLOCKS: [(&str, Clock); 9] = [
    ("1+0", Clock::Live(60, 0)),
    ("3+2", Clock::Live(180, 2)),
    ("5+3", Clock::Live(300, 3)),
    ("10+5", Clock::Live(600, 5)),
    ("15+10", Clock::Live(900, 10)),
    ("30+20", Clock::Live(1800, 20)),
    ("1 day", Clock::Days(1)),
    ("3 days", Clock::Days(3)),
    ("7 days", Clock::Days(7)),
];

/// A clock's label in the lobby ("5+3", "3 days").
pub fn clock_label(index: usize) -> String {
    match CLOCKS[index.min(CLOCKS.len() - 1)] {
        (_, Clock::Days(d)) => tr!("lobby-days", n = d),
        (label, _) => label.to_string(),
    }
}

/// A clock for a seek.

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Clock {
    /// A live game: base seconds and increment seconds.
    Live(u32, u32),
    /// Correspondence: days per move.
    Days(u32),
}

/// What the find-a-game dialog has chosen.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeekForm {
    /// Index into [`CLOCKS`].
    pub clock: usize,
    /// Rated (accounts only) or casual.
    pub rated: bool,
}

impl Default for SeekForm {
    fn default() -> SeekForm {
        SeekForm {
            clock: 2,
            rated: false,
        }
    }
}

/// A request about the game on the board.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GameRequest {
    /// Offer a draw, or accept the opponent's offer.
    Draw,
    /// Decline the opponent's draw offer.
    DrawNo,
    /// Ask to take back, or allow the opponent's request.
    Takeback,
    /// Refuse the opponent's request.
    TakebackNo,
    /// Resign.
    Resign,
    /// End the game without result (before both sides moved).
    Abort,
    /// Challenge the opponent again, colours swapped (after the game).
    Rematch,
}

impl GameRequest {
    fn message(self, game: String) -> ClientMsg {
        match self {
            GameRequest::Draw => ClientMsg::Draw { game },
            GameRequest::DrawNo => ClientMsg::DrawNo { game },
            GameRequest::Takeback => ClientMsg::Takeback { game },
            GameRequest::TakebackNo => ClientMsg::TakebackNo { game },
            GameRequest::Resign => ClientMsg::Resign { game },
            GameRequest::Abort => ClientMsg::Abort { game },
            GameRequest::Rematch => ClientMsg::Rematch { game },
        }
    }
}

/// What the server screen's buttons and keys ask for ([`act`] says what each does).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LobbyAction {
    /// Go to the server screen.
    Open,
    /// Open the sign-in dialog.
    SignInDialog,
    /// Connect with the sign-in dialog's address: signed in if a name is typed, else a guest.
    Connect,
    /// Create the account the sign-in dialog names.
    Register,
    /// Forget the session: the next connection is a new guest.
    SignOut,
    /// Open the find-a-game dialog.
    SeekDialog,
    /// Choose a clock (index into [`CLOCKS`]).
    Clock(usize),
    /// Rated or casual.
    Rated(bool),
    /// Quick pairing with the chosen terms.
    Quick,
    /// Post an open seek with the chosen terms.
    PostSeek,
    /// Open the challenge dialog.
    ChallengeDialog,
    /// Challenge the player the dialog names, with the chosen terms.
    SendChallenge,
    /// Accept the seek shown in this row.
    AcceptSeek(usize),
    /// Withdraw one's own seek shown in this row.
    CancelSeek(usize),
    /// Accept the challenge shown in this row.
    AcceptChallenge(usize),
    /// Decline the challenge shown in this row.
    DeclineChallenge(usize),
    /// Put the player's game shown in this row on the board.
    OpenGame(usize),
    /// Open the watch dialog.
    WatchDialog,
    /// Watch the game the dialog names.
    Watch,
    /// Ask the server for the lists again.
    Refresh,
    /// Join the tournament shown in this row.
    JoinTournament(usize),
    /// Withdraw from the tournament shown in this row.
    WithdrawTournament(usize),
    /// A request about the game on the board.
    Game(GameRequest),
    /// Back from the board to the lobby (the game goes on at the server).
    ToLobby,
}

impl Action for LobbyAction {}

fn act(world: &mut World, action: LobbyAction) {
    {
        let said = match action {
            LobbyAction::Open => {
                set_screen(world, Screen::Lobby);
                Ok(())
            }
            LobbyAction::SignInDialog => {
                sign_in_dialog(world);
                Ok(())
            }
            LobbyAction::Connect => connect(world, false),
            LobbyAction::Register => connect(world, true),
            LobbyAction::SignOut => {
                world.resource_mut::<ServerSession>().sign_out();
                status(world, false, tr!("lobby-signed-out"));
                Ok(())
            }
            LobbyAction::SeekDialog => {
                set_modal(world, Modal::SeekGame);
                Ok(())
            }
            LobbyAction::Clock(i) => {
                if i < CLOCKS.len() {
                    world.resource_mut::<SeekForm>().clock = i;
                }
                Ok(())
            }
            LobbyAction::Rated(rated) => {
                world.resource_mut::<SeekForm>().rated = rated;
                Ok(())
            }
            LobbyAction::Quick => seek(world, "quick", None),
            LobbyAction::PostSeek => seek(world, "seek", None),
            LobbyAction::ChallengeDialog => {
                if let Some(mut f) = world.get_resource_mut::<Fields>() {
                    f.focus = FieldId::Opponent;
                }
                set_modal(world, Modal::Challenge);
                Ok(())
            }
            LobbyAction::SendChallenge => {
                let to = world
                    .get_resource::<Fields>()
                    .map(|f| f.opponent.trim().to_string())
                    .unwrap_or_default();
                if to.is_empty() {
                    Err(tr!("lobby-type-name"))
                } else {
                    seek(world, "challenge", Some(to))
                }
            }
            LobbyAction::AcceptSeek(i) => by_row(world, i, |s| &s.seeks, accept),
            LobbyAction::CancelSeek(i) => {
                by_row(world, i, |s| &s.seeks, |id| ClientMsg::CancelSeek { id })
            }
            LobbyAction::AcceptChallenge(i) => by_row(world, i, |s| &s.challenges, accept),
            LobbyAction::DeclineChallenge(i) => {
                by_row(world, i, |s| &s.challenges, |id| ClientMsg::Decline { id })
            }
            LobbyAction::OpenGame(i) => {
                let id = world
                    .resource::<ServerSession>()
                    .shown
                    .games
                    .get(i)
                    .cloned();
                match id {
                    Some(id) => watch(world, id),
                    None => Err(tr!("lobby-game-gone")),
                }
            }
            LobbyAction::WatchDialog => {
                if let Some(mut f) = world.get_resource_mut::<Fields>() {
                    f.focus = FieldId::GameId;
                }
                set_modal(world, Modal::WatchGame);
                Ok(())
            }
            LobbyAction::Watch => {
                let id = world
                    .get_resource::<Fields>()
                    .map(|f| f.game_id.trim().to_string())
                    .unwrap_or_default();
                if id.is_empty() {
                    Err(tr!("lobby-type-id"))
                } else {
                    set_modal(world, Modal::None);
                    watch(world, id)
                }
            }
            LobbyAction::Refresh => {
                let s = world.resource::<ServerSession>();
                s.send(ClientMsg::Lobby)
                    .and_then(|()| s.send(ClientMsg::MyGames))
                    .and_then(|()| s.send(ClientMsg::Tournaments))
            }
            LobbyAction::JoinTournament(i) => tournaments::enter(world, i, true),
            LobbyAction::WithdrawTournament(i) => tournaments::enter(world, i, false),
            LobbyAction::Game(request) => game_request(world, request),
            LobbyAction::ToLobby => {
                session::to_lobby(world);
                Ok(())
            }
        };
        if let Err(e) = said {
            status(world, true, e);
        }
    }
}

fn status(world: &mut World, warn: bool, text: impl Into<String>) {
    if let Some(mut s) = world.get_resource_mut::<crate::game::core::state::StatusLine>() {
        if warn {
            s.warn(text);
        } else {
            s.info(text);
        }
    }
}

/// Settings' player name as an account name the server accepts: spaces become `_`, other
/// characters its rule refuses are left out, and it is cut to the field's length.
pub fn server_name(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .filter(|&c| FieldId::Name.accepts(c))
        .take(FieldId::Name.max_len())
        .collect()
}

/// Opens the sign-in dialog, the address filled in with the server last used (and the name
/// with Settings' player name).
pub fn sign_in_dialog(world: &mut World) {
    let server = world.resource::<ServerSession>().server.clone();
    let name = world
        .get_resource::<crate::game::core::prefs::PlayerName>()
        .map(|n| n.0.clone())
        .unwrap_or_default();
    if let Some(mut f) = world.get_resource_mut::<Fields>() {
        if f.server.is_empty() {
            f.server = server;
        }
        // The name from Settings, as the server accepts it ("Ada Lovelace" as Ada_Lovelace).
        if f.name.is_empty() {
            f.name = server_name(&name);
        }
        // The first field left to type: with the address given (`--server`, or the last
        // server) that is the name.
        f.focus = if f.server.is_empty() {
            FieldId::Server
        } else {
            FieldId::Name
        };
    }
    status(world, false, tr!("lobby-sign-in-help"));
    set_modal(world, Modal::ServerSignIn);
}

/// Connects as the sign-in dialog says (a new account with `register`).
fn connect(world: &mut World, register: bool) -> Result<(), String> {
    let (server, name, password) = world
        .get_resource::<Fields>()
        .map(|f| {
            (
                f.server.trim().trim_end_matches('/').to_string(),
                f.name.trim().to_string(),
                f.password.clone(),
            )
        })
        .unwrap_or_default();
    let server = if server.is_empty() {
        session::DEFAULT_SERVER.to_string()
    } else if server.contains("://") {
        server
    } else {
        format!("http://{server}")
    };
    crate::client::host_port(&server)
        .map_err(|_| tr!("lobby-bad-address", server = format!("{server:?}")))?;
    let intent = match (name.is_empty(), register) {
        (true, true) => return Err(tr!("lobby-need-name-password")),
        (true, false) => Intent::Guest,
        (false, _) if password.len() < 8 => {
            return Err(tr!("lobby-password-short"));
        }
        (false, false) => Intent::Login { name, password },
        (false, true) => Intent::Register { name, password },
    };
    let guest = intent == Intent::Guest;
    world
        .resource_mut::<ServerSession>()
        .connect(server.clone(), intent)?;
    if let Some(mut f) = world.get_resource_mut::<Fields>() {
        // A password is sent once and never kept.
        f.password.clear();
        f.server = server.clone();
    }
    if guest {
        set_modal(world, Modal::None);
    }
    status(
        world,
        false,
        tr!("lobby-connecting", server = server.as_str()),
    );
    Ok(())
}

/// Sends a seek, a quick pairing or a challenge with the dialog's terms and variant.
fn seek(world: &mut World, verb: &str, to: Option<String>) -> Result<(), String> {
    let form = *world.resource::<SeekForm>();
    let (_, clock) = CLOCKS[form.clock.min(CLOCKS.len() - 1)];
    let variant = world
        .get_resource::<crate::game::core::prefs::NewGameChoice>()
        .map(|c| c.variant)
        .unwrap_or(crate::game::core::prefs::VariantPick::Fixed(
            crate::rules::Variant::parachess(),
        ));
    let mut spec = SeekSpec {
        rated: form.rated,
        ..SeekSpec::default()
    };
    match clock {
        Clock::Live(base, inc) => spec.tc = Some(format!("{base}+{inc}")),
        Clock::Days(d) => spec.days = Some(d),
    }
    use crate::game::core::prefs::VariantPick;
    let name = match variant {
        VariantPick::Fixed(v) if !v.is_builtin() => {
            if verb == "quick" {
                return Err(tr!("lobby-quick-builtin-only"));
            }
            spec.variant_def = Some(v.to_inline_toml());
            v.name().to_string()
        }
        VariantPick::Fixed(v) => v.name().to_string(),
        VariantPick::Shuffle { random: true } => "Shuffle Parachess".to_string(),
        VariantPick::Shuffle { random: false } => world
            .get_resource::<crate::game::core::prefs::NewGameChoice>()
            .and_then(|c| c.variant())
            .map_or("Shuffle Parachess".to_string(), |v| v.name().to_string()),
    };
    if spec.variant_def.is_none() {
        spec.variant = Some(name.clone());
    }
    let m = if let Some(to) = &to {
        ClientMsg::Challenge {
            to: to.clone(),
            spec,
        }
    } else if verb == "quick"
        && let Some(tc) = spec.tc.clone()
    {
        ClientMsg::Quick {
            tc,
            rated: spec.rated,
            variant: spec.variant,
        }
    } else {
        // Quick pairing is for live clocks: a correspondence seek waits instead.
        ClientMsg::Seek(spec)
    };
    world.resource_mut::<ServerSession>().send(m)?;
    set_modal(world, Modal::None);
    let label = clock_label(form.clock);
    let rated = if form.rated {
        tr!("lobby-rated-word")
    } else {
        tr!("lobby-casual-word")
    };
    let said = match to {
        Some(to) => tr!(
            "lobby-challenge-sent",
            to = to.as_str(),
            clock = label,
            variant = crate::game::text::variant_name(&name),
            rated = rated
        ),
        None if verb == "quick" => tr!(
            "lobby-looking",
            clock = label,
            variant = crate::game::text::variant_name(&name),
            rated = rated
        ),
        None => tr!(
            "lobby-seek-posted",
            clock = label,
            variant = crate::game::text::variant_name(&name),
            rated = rated
        ),
    };
    status(world, false, said);
    Ok(())
}

/// Accepts a seek or a challenge.
fn accept(id: String) -> ClientMsg {
    ClientMsg::Accept { id }
}

/// Sends the message made with the id of the row `i` of a list the lobby shows.
fn by_row(
    world: &mut World,
    i: usize,
    list: impl Fn(&session::Shown) -> &Vec<String>,
    message: impl FnOnce(String) -> ClientMsg,
) -> Result<(), String> {
    let session = world.resource::<ServerSession>();
    let Some(id) = list(&session.shown).get(i).cloned() else {
        return Err(tr!("lobby-no-longer-listed"));
    };
    session.send(message(id))
}

/// Follows a game and puts it on the board when it arrives.
fn watch(world: &mut World, id: String) -> Result<(), String> {
    let mut session = world.resource_mut::<ServerSession>();
    session.send(ClientMsg::Watch { game: id.clone() })?;
    session.awaited = Some(id.clone());
    status(world, false, tr!("lobby-opening", id = id.as_str()));
    Ok(())
}

fn game_request(world: &mut World, request: GameRequest) -> Result<(), String> {
    let session = world.resource::<ServerSession>();
    let Some(game) = session.current() else {
        return Err(tr!("lobby-no-server-game"));
    };
    if game.seat.is_none() {
        return Err(tr!("lobby-watching"));
    }
    // The server refuses it too; said here, as the panel hides the button.
    if request == GameRequest::Abort && game.tournament {
        return Err(tr!("lobby-no-abort-in-tournament"));
    }
    let id = game.id.clone();
    session.send(request.message(id))?;
    let said = match request {
        GameRequest::Resign => tr!("lobby-you-resign"),
        GameRequest::Abort => tr!("lobby-abort-asked"),
        GameRequest::Rematch => tr!("lobby-rematch-offered"),
        GameRequest::DrawNo => tr!("lobby-you-decline-draw"),
        GameRequest::TakebackNo => tr!("lobby-you-refuse-takeback"),
        GameRequest::Draw | GameRequest::Takeback => String::new(),
    };
    if !said.is_empty() {
        status(world, false, said);
    }
    Ok(())
}

/// Esc on the server screen: from a game back to the lobby. Returns whether it handled it.
pub fn back(world: &mut World) -> bool {
    let playing = world
        .get_resource::<State<ServerView>>()
        .is_some_and(|v| *v.get() == ServerView::Playing);
    if playing {
        session::to_lobby(world);
    }
    playing
}

/// The server screen's keys, and its dialogs'.
fn keys() -> Vec<Binding> {
    use KeyCode as K;
    use LobbyAction as L;
    let here = Context::On(Screen::Lobby);
    let sign_in = Context::Dialog(Modal::ServerSignIn);
    let seek = Context::Dialog(Modal::SeekGame);
    let challenge = Context::Dialog(Modal::Challenge);
    let watch = Context::Dialog(Modal::WatchGame);
    let close = GameAction::CloseDialog;
    let mut keys = vec![
        key(K::KeyN, L::SeekDialog, here, "find a game"),
        key(K::KeyW, L::WatchDialog, here, "watch a game"),
        key(K::KeyR, L::Refresh, here, "refresh the lobby"),
        key(K::KeyS, L::SignInDialog, here, "sign in"),
    ];
    keys.extend(move_keys(Screen::Lobby, "back to the game"));
    keys.extend([
        key(K::Enter, L::Connect, sign_in, "connect"),
        key(K::Tab, FieldAction::Next, sign_in, "next field"),
        ctrl(K::KeyV, FieldAction::Paste, sign_in, "paste"),
        key(K::Escape, close, sign_in, "cancel"),
        key(K::Enter, L::Quick, seek, "quick pairing"),
        key(K::Escape, close, seek, "cancel"),
        key(K::Enter, L::SendChallenge, challenge, "challenge"),
        ctrl(K::KeyV, FieldAction::Paste, challenge, "paste"),
        key(K::Escape, close, challenge, "cancel"),
        key(K::Enter, L::Watch, watch, "watch"),
        ctrl(K::KeyV, FieldAction::Paste, watch, "paste"),
        key(K::Escape, close, watch, "cancel"),
    ]);
    keys
}

/// Outlines the clock and rating chosen in the find-a-game dialog.
fn mark_choices(form: Res<SeekForm>, mut buttons: Query<(&ActionButton, &mut Outline)>) {
    mark_chosen(&mut buttons, |a: LobbyAction| match a {
        LobbyAction::Clock(i) => form.clock == i,
        LobbyAction::Rated(r) => form.rated == r,
        _ => false,
    });
}

/// What needs no window: the connection, the lobby's state and the game on the board.
pub(super) fn core_plugin(app: &mut App) {
    app.answer(act)
        .on_back(BackOrder::Screen, back)
        .bind_keys(keys())
        .init_resource::<ServerSession>()
        .init_resource::<SeekForm>()
        .add_sub_state::<ServerView>()
        .add_systems(OnEnter(Screen::Lobby), session::enter)
        .add_systems(OnExit(Screen::Lobby), session::leave)
        .add_systems(Update, session::poll_link.in_set(GameSet::Input))
        .add_systems(
            Update,
            tournaments::refresh
                .in_set(GameSet::Input)
                .run_if(in_state(ServerView::Lobby)),
        )
        .add_systems(
            Update,
            session::forward_moves
                .in_set(GameSet::Rules)
                .run_if(in_state(Screen::Lobby)),
        );
}

/// What draws: the lobby card, the game panel, the dialogs.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, dialogs::plugin, tournaments::view::plugin))
        .add_systems(
            Update,
            mark_choices
                .run_if(in_state(Modal::SeekGame))
                .in_set(GameSet::View),
        );
}
