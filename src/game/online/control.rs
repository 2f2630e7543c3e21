//! Starting, stopping and asking: the host and join dialogs' setups, the sessions they start,
//! leaving, and the player's requests to the opponent (draw, takeback, resignation).

use super::*;

/// The title screen's Play online.
pub fn open(world: &mut World) {
    set_screen(world, Screen::Online);
}

/// `--online host` hosts at once; `--online join` opens the join dialog.
pub(super) fn launch_start(world: &mut World) {
    let launch = world
        .get_resource_mut::<Online>()
        .and_then(|mut o| o.launch.take());
    if world
        .get_resource::<Online>()
        .is_some_and(|o| o.session.is_none())
    {
        // What the play screen last said does not belong here.
        status(world, false, "");
    }
    // Continue: the joined game whose seat is kept, joined again.
    if let Some(there) = world.remove_resource::<crate::game::core::saves::ContinueJoined>() {
        if let Some(mut f) = world.get_resource_mut::<Fields>() {
            f.address = there.addr;
            f.code = there.code;
        }
        return start_joining(world);
    }
    match launch {
        Some(OnlineStart::Host) => start_hosting(world),
        Some(OnlineStart::Join) => join_setup(world),
        Some(OnlineStart::Menu) | None => {}
    }
}

fn busy(world: &mut World) -> bool {
    let running = world
        .get_resource::<Online>()
        .is_some_and(|o| o.session.is_some());
    if running {
        let key = key_in(world, GameAction::Back, Context::Board);
        status(world, true, tr!("online-leave-first", key = key));
    }
    running
}

/// Opens the host dialog.
pub fn host_setup(world: &mut World) {
    if busy(world) {
        return;
    }
    if let Some(mut fields) = world.get_resource_mut::<Fields>() {
        fields.focus = FieldId::Port;
    }
    status(world, false, tr!("online-host-prompt"));
    set_modal(world, Modal::HostGame);
}

/// Opens the join dialog.
pub fn join_setup(world: &mut World) {
    if busy(world) {
        return;
    }
    if let Some(mut fields) = world.get_resource_mut::<Fields>() {
        fields.focus = if fields.address.is_empty() {
            FieldId::Address
        } else {
            FieldId::Code
        };
    }
    status(world, false, tr!("online-join-prompt"));
    set_modal(world, Modal::JoinGame);
}

/// Starts listening with the host dialog's side, time control and port.
pub fn start_hosting(world: &mut World) {
    if busy(world) {
        return;
    }
    let side = world
        .get_resource::<HostForm>()
        .map_or(Side::White, |f| f.side);
    let control = world
        .get_resource::<TimeChoice>()
        .and_then(TimeChoice::control);
    let port_text = world
        .get_resource::<Fields>()
        .map(|f| f.port.trim().to_string())
        .unwrap_or_default();
    let port = if port_text.is_empty() {
        DEFAULT_PORT
    } else {
        match port_text.parse::<u16>() {
            Ok(p) => p,
            Err(_) => {
                return status(world, true, tr!("online-bad-port"));
            }
        }
    };
    let Some((timing, bind)) = world.get_resource::<Online>().map(|o| (o.timing, o.bind)) else {
        return;
    };
    // The variant last chosen in the host (or new-game) dialog; Shuffle at random draws now.
    let variant = world
        .get_resource::<NewGameChoice>()
        .and_then(NewGameChoice::variant)
        .unwrap_or(Variant::parachess());
    let config = HostConfig {
        bind,
        port,
        timing,
        ..HostConfig::in_variant(variant, side, control)
    };
    let handle = match crate::net::host(config) {
        Ok(h) => h,
        Err(e) => {
            return status(
                world,
                true,
                tr!("online-cannot-host", error = e.to_string()),
            );
        }
    };
    let listening = handle.listening().map(|(a, c)| (a, c.to_string()));
    let addresses = listening
        .as_ref()
        .map(|(a, _)| local_addresses(*a))
        .unwrap_or_default();
    let clocks = control.map(|tc| Clocks::new(tc, Side::White));
    let session = Session {
        handle: Mutex::new(handle),
        hosting: true,
        listening,
        addresses,
        target: String::new(),
        net: NetGame::new(Game::from_position(variant.start()), side, clocks),
        game_id: None,
        link: Link::Waiting,
        asked: None,
        seat: None,
    };
    if let Some(mut online) = world.get_resource_mut::<Online>() {
        online.session = Some(session);
    }
    let port = world
        .get_resource::<Online>()
        .and_then(|o| o.session.as_ref())
        .and_then(|s| s.listening.as_ref())
        .map(|(a, _)| a.port());
    set_modal(world, Modal::None);
    if let Some(port) = port {
        status(world, false, tr!("online-listening", port = port));
    }
}

/// Connects with the join dialog's address and code.
pub fn start_joining(world: &mut World) {
    if busy(world) {
        return;
    }
    let (mut addr, code) = world
        .get_resource::<Fields>()
        .map(|f| (f.address.trim().to_string(), f.code.trim().to_string()))
        .unwrap_or_default();
    if addr.is_empty() || code.is_empty() {
        let (field, why) = if addr.is_empty() {
            (FieldId::Address, tr!("online-type-address"))
        } else {
            (FieldId::Code, tr!("online-type-code"))
        };
        if let Some(mut f) = world.get_resource_mut::<Fields>() {
            f.focus = field;
        }
        return status(world, true, why);
    }
    // A bare host name or IPv4 address means the default port.
    if !addr.contains(':') {
        addr = format!("{addr}:{DEFAULT_PORT}");
    }
    let Some(timing) = world.get_resource::<Online>().map(|o| o.timing) else {
        return;
    };
    // The seat of a game joined before from this data folder and not finished (the program
    // died, or the player left the screen): presenting its token takes the seat back.
    let code = crate::net::normalize_code(&code).unwrap_or(code);
    let (seat, token) = match crate::game::core::saves::data_folder(world) {
        Some(dir) => SeatFile::open(dir, addr.clone(), code.clone()),
        None => (None, None),
    };
    let config = JoinConfig {
        timing,
        token,
        ..JoinConfig::new(addr.clone(), code)
    };
    let handle = match crate::net::join(config) {
        Ok(h) => h,
        Err(e) => return status(world, true, capitalise(&e.to_string())),
    };
    let session = Session {
        handle: Mutex::new(handle),
        hosting: false,
        listening: None,
        addresses: Vec::new(),
        target: addr.clone(),
        net: NetGame::new(Game::new(), Side::Black, None),
        game_id: None,
        link: Link::Waiting,
        asked: None,
        seat,
    };
    if let Some(mut online) = world.get_resource_mut::<Online>() {
        online.session = Some(session);
    }
    set_modal(world, Modal::None);
    status(world, false, tr!("online-waiting-host"));
}

/// Stops hosting or connecting: back to the online menu.
pub fn cancel(world: &mut World) {
    let playing = world
        .get_resource::<Online>()
        .and_then(|o| o.session.as_ref())
        .is_some_and(Session::playing);
    if playing {
        return leave(world);
    }
    let dropped = world
        .get_resource_mut::<Online>()
        .and_then(|mut o| o.session.take());
    if let Some(session) = dropped {
        let what = if session.hosting {
            tr!("online-stopped-hosting")
        } else {
            tr!("online-stopped-connecting")
        };
        drop(session);
        status(world, false, what);
    }
}

/// Leaves the network game for the title screen (leaving the screen ends the session).
pub fn leave(world: &mut World) {
    set_screen(world, Screen::Title);
}

/// Esc on the online screen: stops hosting or connecting (back to the menu), and in a game
/// asks for a second press before leaving it. Returns whether it handled the key.
pub fn back(world: &mut World) -> bool {
    let on_screen = world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| *s.get() == Screen::Online);
    let Some(online) = world.get_resource::<Online>().filter(|_| on_screen) else {
        return false;
    };
    let Some(session) = &online.session else {
        return false;
    };
    if !session.playing() {
        cancel(world);
        return true;
    }
    let unfinished = !session.net.game.is_over() && !matches!(session.link, Link::Closed(_));
    if unfinished && !online.leave_armed {
        if let Some(mut o) = world.get_resource_mut::<Online>() {
            o.leave_armed = true;
        }
        let key = key_in(world, GameAction::Back, Context::Board);
        status(world, true, tr!("online-esc-again", key = key));
        return true;
    }
    false
}

/// A request of the local player to the network opponent.
pub fn request(world: &mut World, command: NetCommand) {
    let said = match world
        .get_resource_mut::<Online>()
        .and_then(|o| o.into_inner().session.as_mut())
    {
        Some(s) if s.playing() => {
            let you = s.net.you;
            let answer = |offer: Option<Side>| offer == Some(!you);
            let text = match command {
                NetCommand::OfferDraw if answer(s.net.draw_offer) => tr!("online-accept-draw"),
                NetCommand::OfferDraw => {
                    s.asked = Some(command);
                    tr!("online-draw-offered")
                }
                NetCommand::AskTakeback => {
                    s.asked = Some(command);
                    tr!("online-takeback-asked")
                }
                NetCommand::AcceptDraw => tr!("online-accept-draw"),
                NetCommand::DeclineDraw => tr!("lobby-you-decline-draw"),
                NetCommand::AcceptTakeback => tr!("online-allow-takeback"),
                NetCommand::DeclineTakeback => tr!("lobby-you-refuse-takeback"),
                NetCommand::Resign => tr!("lobby-you-resign"),
                NetCommand::Move(_) => String::new(),
            };
            s.send(command);
            Ok(text)
        }
        _ => Err(tr!("online-no-game-to-ask")),
    };
    match said {
        Ok(text) if !text.is_empty() => status(world, false, text),
        Ok(_) => {}
        Err(why) => status(world, true, why),
    }
}
