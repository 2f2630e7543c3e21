//! Playing anyone in the window, headless: clocks (flag falls, increments, pauses, saving and
//! resuming), two game apps playing each other over loopback through the online screen's
//! code, and another engine program as the computer (`--engine`).
#![cfg(feature = "gui")]

use crate::common;
use crate::common::direct::{self, Relay};

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::game::*;
use parachess::game::core::DataDir;
use parachess::game::core::actions::Action;
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::prefs::ChoiceAction;
use parachess::game::core::prefs::{NewGameChoice, VariantPick};
use parachess::game::core::saves::load_file;
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::state::{ChessGame, GameCommand, SeatKind, StatusLine};
use parachess::game::online::OnlineAction;
use parachess::game::online::{Link, Online};
use parachess::game::play::ai::ComputerPlayer;
use parachess::game::play::external::{EngineState, ExternalEngine};
use parachess::game::ui::text_field::Fields;
use parachess::net::NetCommand;
use parachess::rules::clock::{TimeControl, format_clock};
use parachess::rules::record::{PlyNote, Tags, write_record};
use parachess::rules::{Game, Outcome, Side, Variant};
use parachess::store::Store;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn s(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn tc(text: &str) -> TimeControl {
    text.parse().unwrap()
}

fn chess(app: &App) -> &ChessGame {
    app.world().resource::<ChessGame>()
}

fn status(app: &App) -> StatusLine {
    app.world().resource::<StatusLine>().clone()
}

/// What `side`'s clock shows now.
fn reading(app: &App, side: Side) -> Duration {
    let g = chess(app);
    g.clocks()
        .expect("a timed game")
        .remaining(side, g.clock_now())
}

/// Every frame moves the clocks on by `step`.
fn time_step(app: &mut App, step: Duration) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(step));
}

fn new_timed_game(app: &mut App, start: Option<&str>, players: [SeatKind; 2], time: &str) {
    app.world_mut().write_message(GameCommand::NewTimed {
        start: start.map(|p| Box::new(p.parse().unwrap())),
        players,
        time: Some(tc(time)),
    });
    app.update();
    assert!(chess(app).clocks().is_some(), "the game has clocks");
}

/// Two clicks playing the first legal move, and frames until it has glided.
fn click_a_move(app: &mut App) {
    let mv = game(app).legal_moves()[0];
    click_cell(app, mv.from);
    click_cell(app, mv.to);
    settle(app, 200);
}

/// Runs frames (half a second of clock time each) until the game is over; returns the
/// frames run.
fn until_over(app: &mut App, max: u32) -> u32 {
    for i in 0..max {
        if game(app).is_over() {
            return i;
        }
        app.update();
    }
    panic!("the game did not end in {max} frames");
}

#[test]
fn a_flag_fall_loses_and_the_game_over_dialog_says_so() {
    let mut app = headless_app();
    time_step(&mut app, ms(500));
    new_timed_game(&mut app, None, [SeatKind::Human; 2], "60+0");
    let started = chess(&app).clock_now();
    until_over(&mut app, 400);
    let over_at = chess(&app).clock_now() - started;
    assert_eq!(
        game(&app).outcome(),
        Some(Outcome::Time {
            winner: Some(Side::Black)
        })
    );
    assert!(
        (s(59)..=s(61)).contains(&over_at),
        "White's minute ran out after {over_at:?}"
    );
    assert_eq!(reading(&app, Side::White), Duration::ZERO);
    assert_eq!(reading(&app, Side::Black), s(60), "Black's clock never ran");
    assert!(!chess(&app).clocks().unwrap().is_running(), "stopped");
    app.update();
    assert_eq!(where_(&app), (Screen::Play, Modal::GameOver));
    assert!(
        status(&app).text.contains("time forfeit"),
        "{:?}",
        status(&app)
    );
    // No move after the flag.
    tap(&mut app, KeyCode::Escape);
    app.update();
    click_cell(&mut app, "c4".parse().unwrap());
    click_cell(&mut app, "d3".parse().unwrap());
    assert!(game(&app).plies().is_empty());
}

#[test]
fn running_out_against_a_lone_king_is_a_draw() {
    let mut app = headless_app();
    time_step(&mut app, ms(500));
    // White, to move, has its Queen; Black only its King, which could never mate.
    let lone_king = "3k2/4/8/5/10/6/10/5/8/4/2QK2 w 0 1";
    new_timed_game(&mut app, Some(lone_king), [SeatKind::Human; 2], "10+0");
    until_over(&mut app, 100);
    assert_eq!(game(&app).outcome(), Some(Outcome::Time { winner: None }));
    app.update();
    assert_eq!(where_(&app).1, Modal::GameOver);
}

#[test]
fn a_move_adds_the_increment_and_clocks_wait_off_the_play_screen() {
    let mut app = headless_app();
    time_step(&mut app, ms(500));
    new_timed_game(&mut app, None, [SeatKind::Human; 2], "60+5");
    for _ in 0..10 {
        app.update();
    }
    let white = reading(&app, Side::White);
    assert!(
        white < s(56) && white > s(50),
        "White's clock runs: {white:?}"
    );
    assert_eq!(reading(&app, Side::Black), s(60));
    // Time stands still while the move is made, so the increment shows exactly.
    time_step(&mut app, Duration::ZERO);
    click_a_move(&mut app);
    assert_eq!(game(&app).plies().len(), 1);
    assert_eq!(
        reading(&app, Side::White),
        white + s(5),
        "Fischer increment"
    );
    assert_eq!(
        chess(&app).notes()[0].clock,
        Some(white + s(5)),
        "the move's [%clk]"
    );
    let clocks = chess(&app).clocks().unwrap();
    assert!(clocks.is_running() && clocks.turn() == Side::Black);
    // Black's clock runs now.
    time_step(&mut app, ms(500));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(reading(&app, Side::White), white + s(5));
    assert_eq!(reading(&app, Side::Black), s(58));
    // On the title screen the clocks wait.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Title);
    let black = reading(&app, Side::Black);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(reading(&app, Side::Black), black, "paused off the board");
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app).0, Screen::Play);
    for _ in 0..4 {
        app.update();
    }
    assert!(reading(&app, Side::Black) < black, "running again");
}

#[test]
fn takebacks_are_for_two_players_and_give_the_clocks_back() {
    let mut app = headless_app();
    time_step(&mut app, ms(500));
    new_timed_game(&mut app, None, [SeatKind::Human; 2], "60+2");
    for _ in 0..6 {
        app.update();
    }
    click_a_move(&mut app);
    let white_clk = chess(&app).notes()[0].clock.unwrap();
    for _ in 0..10 {
        app.update();
    }
    click_a_move(&mut app);
    for _ in 0..10 {
        app.update();
    }
    tap(&mut app, KeyCode::KeyU);
    assert_eq!(game(&app).plies().len(), 1);
    assert_eq!(reading(&app, Side::White), white_clk);
    let black = reading(&app, Side::Black);
    assert!(
        black > s(59) && black <= s(60),
        "Black's clock reads as it did when its turn began (less a frame): {black:?}"
    );
    // Against the computer, the clock is the game: no takebacks.
    let mut app = headless_app();
    new_timed_game(
        &mut app,
        None,
        [
            SeatKind::Human,
            SeatKind::Computer(parachess::engine::Level::Easy),
        ],
        "60+0",
    );
    click_a_move(&mut app);
    run_until(&mut app, s(20), |a| game(a).plies().len() == 2).expect("the computer answers");
    settle(&mut app, 200);
    tap(&mut app, KeyCode::KeyU);
    assert_eq!(game(&app).plies().len(), 2);
    assert!(
        status(&app).text.contains("No takebacks"),
        "{:?}",
        status(&app)
    );
}

/// The autosave's text.
fn autosave_text(dir: &Path) -> String {
    std::fs::read_to_string(Store::at(dir).unwrap().autosave_path()).unwrap()
}

/// A clock reading as a record keeps it (tenths).
fn tenths(d: Duration) -> Duration {
    Duration::from_millis(d.as_millis() as u64 / 100 * 100)
}

#[test]
fn clocks_are_saved_and_continue_brings_them_back() {
    let dir = temp_data_dir("versus-clocks");
    let mut app = headless_app_with(
        dir.clone(),
        LaunchOptions {
            screen: Screen::Play,
            ..LaunchOptions::default()
        },
    );
    time_step(&mut app, ms(300));
    new_timed_game(&mut app, None, [SeatKind::Human; 2], "300+3");
    for round in 0..3 {
        for _ in 0..(5 + round * 3) {
            app.update();
        }
        click_a_move(&mut app);
    }
    app.update();
    flush_saves(&app);
    let text = autosave_text(&dir);
    assert!(text.contains("[TimeControl \"300+3\"]"), "{text}");
    let notes: Vec<PlyNote> = chess(&app).notes().to_vec();
    assert_eq!(notes.len(), 3);
    for note in &notes {
        let clk = format!("{{[%clk {}]}}", format_clock(note.clock.unwrap()));
        assert!(text.contains(&clk), "{clk} in {text}");
    }
    let white = tenths(notes[2].clock.unwrap());
    let black = tenths(notes[1].clock.unwrap());
    drop(app);

    // The next session: Continue.
    let mut app = headless_app_with(dir.clone(), LaunchOptions::default());
    time_step(&mut app, Duration::ZERO);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app).0, Screen::Play);
    let clocks = chess(&app).clocks().expect("clocks came back");
    assert_eq!(clocks.control(), tc("300+3"));
    assert_eq!(clocks.turn(), Side::Black);
    assert_eq!(reading(&app, Side::White), white);
    assert_eq!(reading(&app, Side::Black), black);
    time_step(&mut app, ms(500));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        reading(&app, Side::Black),
        black - s(2),
        "Black's clock runs on"
    );

    // Load brings them back as well.
    let saved = dir.join("saves").join("clocked.pgn");
    std::fs::create_dir_all(saved.parent().unwrap()).unwrap();
    std::fs::write(&saved, &text).unwrap();
    tap(&mut app, KeyCode::Escape);
    load_file(app.world_mut(), saved);
    until_saved_game_read(&mut app);
    assert_eq!(where_(&app).0, Screen::Play);
    let clocks = chess(&app).clocks().expect("clocks after Load");
    assert_eq!(clocks.remaining(Side::White, Duration::ZERO), white);
}

/// A data folder whose autosave is a game the computer (Hard, four seconds a move) is to
/// move in with two seconds left on its clock.
fn computer_short_of_time() -> PathBuf {
    let dir = temp_data_dir("versus-short");
    let mut game = Game::new();
    let mut notes = Vec::new();
    for (text, clk) in [("c4-d3", 299), ("i5-h3", 2), ("c3-d2", 298)] {
        game.play_text(text).unwrap();
        notes.push(PlyNote {
            clock: Some(s(clk)),
            ..PlyNote::default()
        });
    }
    let tags = Tags {
        white: Some("Human".into()),
        black: Some("Computer (hard)".into()),
        time_control: Some(tc("300+0")),
        ..Tags::default()
    };
    let store = Store::at(&dir).unwrap();
    std::fs::write(store.autosave_path(), write_record(&game, &tags, &notes)).unwrap();
    dir
}

#[test]
fn the_computer_takes_its_time_from_its_clock() {
    let dir = computer_short_of_time();
    let mut app = headless_app_with(dir, LaunchOptions::default());
    // Real time: the clock runs while the engine thinks.
    app.insert_resource(TimeUpdateStrategy::Automatic);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app).0, Screen::Play);
    assert!(matches!(
        chess(&app).players()[1],
        SeatKind::Computer(parachess::engine::Level::Hard)
    ));
    let left = reading(&app, Side::Black);
    assert!(left <= s(2) && left > s(1), "{left:?}");
    run_until(&mut app, s(30), |a| {
        game(a).plies().len() == 4 || game(a).is_over()
    })
    .expect("the computer moved or lost on time");
    assert_eq!(game(&app).outcome(), None, "it moved in time");
    let clk = chess(&app).notes()[3].clock.unwrap();
    assert!(clk > Duration::ZERO && clk < s(2), "{clk:?}");
    assert_eq!(
        app.world().resource::<ComputerPlayer>().last,
        Some(game(&app).plies()[3].mv)
    );
}

// ---- Network play -------------------------------------------------------------------

/// A game app for network play: loopback only, quick timing.
fn net_app() -> App {
    net_app_in(temp_data_dir("app"))
}

/// [`net_app`] over the data folder `data`.
fn net_app_in(data: PathBuf) -> App {
    let mut app = headless_app_with(
        data,
        LaunchOptions {
            screen: Screen::Play,
            ..LaunchOptions::default()
        },
    );
    {
        let mut online = app.world_mut().resource_mut::<Online>();
        online.bind = "127.0.0.1".parse().unwrap();
        online.timing = direct::timing(40);
    }
    app
}

fn act(app: &mut App, action: impl Action) {
    action.run(app.world_mut());
    app.update();
}

fn online(app: &App) -> &Online {
    app.world().resource::<Online>()
}

/// Runs both apps' frames until `done` holds (at most `limit` of wall-clock time).
fn both_until(a: &mut App, b: &mut App, limit: Duration, done: impl Fn(&App, &App) -> bool) {
    let started = Instant::now();
    while !done(a, b) {
        assert!(started.elapsed() < limit, "not within {limit:?}");
        a.update();
        b.update();
        thread::sleep(ms(2));
    }
}

/// A host app listening on a free loopback port at 5+3, playing White; returns the address
/// and code to join.
fn hosting() -> (App, SocketAddr, String) {
    hosting_in(None)
}

/// As [`hosting`], in `variant` chosen in the host dialog when given.
fn hosting_in(variant: Option<&'static Variant>) -> (App, SocketAddr, String) {
    let mut host = net_app();
    if let Some(v) = variant {
        // The headless app has no dialogs; the choice they keep is what hosting reads.
        host.world_mut().init_resource::<NewGameChoice>();
        ChoiceAction::Variant(VariantPick::Fixed(v)).run(host.world_mut());
    }
    act(
        &mut host,
        parachess::game::core::actions::GameAction::Open(Screen::Online),
    );
    assert_eq!(where_(&host).0, Screen::Online);
    act(&mut host, OnlineAction::HostSetup);
    assert_eq!(where_(&host).1, Modal::HostGame);
    {
        let world = host.world_mut();
        world.resource_mut::<Fields>().port = "0".into();
        // 5+3 is the fourth preset.
        let mut choice = world.resource_mut::<parachess::game::core::clock::TimeChoice>();
        choice.option = parachess::game::core::clock::TimeOption::Preset(3);
    }
    tap(&mut host, KeyCode::Enter);
    assert_eq!(where_(&host).1, Modal::None);
    let (addr, code) = {
        let session = online(&host).session().expect("hosting");
        let (addr, code) = session.listening().expect("listening");
        (addr, code.to_string())
    };
    assert_ne!(addr.port(), 0);
    (host, addr, code)
}

/// A joiner app that types `addr` and `code` into the join dialog and presses Enter.
fn joining(addr: &str, code: &str) -> App {
    joining_in(temp_data_dir("app"), addr, code)
}

/// [`joining`] from the data folder `data`.
fn joining_in(data: PathBuf, addr: &str, code: &str) -> App {
    let mut joiner = net_app_in(data);
    act(
        &mut joiner,
        parachess::game::core::actions::GameAction::Open(Screen::Online),
    );
    act(&mut joiner, OnlineAction::JoinSetup);
    assert_eq!(where_(&joiner).1, Modal::JoinGame);
    type_text(&mut joiner, addr);
    tap(&mut joiner, KeyCode::Tab);
    type_text(&mut joiner, &code.to_lowercase());
    tap(&mut joiner, KeyCode::Enter);
    joiner
}

fn playing(app: &App) -> bool {
    online(app).session().is_some_and(|s| s.playing()) && where_(app).0 == Screen::Online
}

fn plies(app: &App) -> usize {
    game(app).plies().len()
}

#[test]
fn two_windows_play_a_network_game_and_agree_a_draw() {
    let (mut host, addr, code) = hosting();
    let mut joiner = joining(&addr.to_string(), &code);
    assert_eq!(
        joiner.world().resource::<Fields>().code,
        code.to_uppercase(),
        "typed codes are upper-cased"
    );
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        playing(h) && playing(j)
    });
    // A move the joiner tries out of turn changes nothing.
    let mv = game(&joiner).legal_moves()[0];
    click_cell(&mut joiner, mv.from);
    assert!(
        status(&joiner).text.contains("Wait for your opponent"),
        "{:?}",
        status(&joiner)
    );
    // The host (White) moves on its board; the joiner's board follows.
    click_a_move(&mut host);
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        plies(h) == 1 && plies(j) == 1
    });
    settle(&mut joiner, 200);
    // The joiner's move reaches the host's game.
    click_a_move(&mut joiner);
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        plies(h) == 2 && plies(j) == 2
    });
    let moves = |a: &App| game(a).plies().iter().map(|p| p.mv).collect::<Vec<_>>();
    assert_eq!(moves(&host), moves(&joiner));
    // Both boards show the host's clocks: 5+3, the increment after each move.
    for app in [&host, &joiner] {
        let clocks = chess(app).clocks().expect("timed");
        assert_eq!(clocks.control(), tc("300+3"));
        let clk = chess(app).notes()[1]
            .clock
            .expect("[%clk] of the joiner's move");
        assert!(clk > s(300) && clk <= s(303), "{clk:?}");
    }
    assert_eq!(
        chess(&joiner).players(),
        [SeatKind::Elsewhere, SeatKind::Human]
    );
    // The joiner asks to take its move back; the host allows it.
    act(&mut joiner, OnlineAction::Net(NetCommand::AskTakeback));
    both_until(&mut host, &mut joiner, s(10), |h, _| {
        online(h)
            .session()
            .is_some_and(|s| s.net().takeback == Some(Side::Black))
    });
    assert!(
        status(&host).text.contains("take back"),
        "{:?}",
        status(&host)
    );
    act(&mut host, OnlineAction::Net(NetCommand::AcceptTakeback));
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        plies(h) == 1 && plies(j) == 1
    });
    assert_eq!(
        chess(&host).notes().len(),
        1,
        "the move's note went with it"
    );
    settle(&mut joiner, 200);
    click_a_move(&mut joiner);
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        plies(h) == 2 && plies(j) == 2
    });
    // The joiner offers a draw; the host accepts.
    act(&mut joiner, OnlineAction::Net(NetCommand::OfferDraw));
    both_until(&mut host, &mut joiner, s(10), |h, _| {
        online(h)
            .session()
            .is_some_and(|s| s.net().draw_offer == Some(Side::Black))
    });
    assert!(
        status(&host).text.contains("offers a draw"),
        "{:?}",
        status(&host)
    );
    act(&mut host, OnlineAction::Net(NetCommand::AcceptDraw));
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        game(h).is_over() && game(j).is_over()
    });
    for app in [&mut host, &mut joiner] {
        assert_eq!(game(app).outcome(), Some(Outcome::Agreement));
        app.update();
        assert_eq!(where_(app), (Screen::Online, Modal::GameOver));
    }
    flush_saves(&host);
    flush_saves(&joiner);
    // Each end's saved game says it was a network game, and where.
    for (app, site) in [
        (&host, format!("hosted at port {}", addr.port())),
        (&joiner, format!("joined {addr}")),
    ] {
        let dir = app.world().resource::<DataDir>().0.clone();
        let text = autosave_text(&dir);
        assert!(text.contains("[Event \"Network game\"]"), "{text}");
        assert!(text.contains(&format!("[Site \"{site}\"]")), "{text}");
    }
}

#[test]
fn a_network_game_in_knights_and_archers_reaches_the_joiners_board() {
    let ka = Variant::named("Knights and Archers").unwrap();
    let (mut host, addr, code) = hosting_in(Some(ka));
    let mut joiner = joining(&addr.to_string(), &code);
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        playing(h) && playing(j)
    });
    // Both boards hold the host's army: a Knight and an Archer where Parachess has Sorcerers.
    assert_eq!(game(&host).position(), &ka.start());
    assert_eq!(game(&joiner).position(), &ka.start());
    settle(&mut joiner, 30);
    if let Err(e) = parachess::game::board::pieces::pieces_match_game(joiner.world_mut()) {
        panic!("the joiner's pieces and game disagree:\n{e}");
    }
    click_a_move(&mut host);
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        plies(h) == 1 && plies(j) == 1
    });
    assert_eq!(game(&host).position(), game(&joiner).position());
}

#[test]
fn a_wrong_code_is_refused_and_changes_nothing() {
    let (mut host, addr, _) = hosting();
    let before = chess(&host).id();
    let mut joiner = joining(&addr.to_string(), "WRONG1");
    both_until(&mut host, &mut joiner, s(10), |_, j| {
        online(j).session().is_none() && status(j).text.contains("wrong code")
    });
    assert!(status(&joiner).warning);
    assert!(!playing(&host));
    assert_eq!(chess(&host).id(), before, "the host's board is untouched");
    // The join dialog refuses an empty code before anything goes out.
    act(&mut joiner, OnlineAction::JoinSetup);
    joiner.world_mut().resource_mut::<Fields>().code.clear();
    tap(&mut joiner, KeyCode::Enter);
    assert!(online(&joiner).session().is_none());
    assert!(status(&joiner).text.contains("join code"));
}

fn link(app: &App) -> Link {
    online(app)
        .session()
        .map_or(Link::Closed("none".into()), |s| s.link().clone())
}

#[test]
fn a_cut_connection_comes_back_by_itself_and_the_game_goes_on() {
    let (mut host, addr, code) = hosting();
    let relay = Relay::new(addr);
    let mut joiner = joining(&relay.addr.to_string(), &code);
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        playing(h) && playing(j)
    });
    click_a_move(&mut host);
    both_until(&mut host, &mut joiner, s(10), |_, j| plies(j) == 1);
    settle(&mut joiner, 200);
    let joiner_game = chess(&joiner).id();

    relay.cut();
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        matches!(link(h), Link::Lost(_)) && status(j).text.contains("connection was lost")
    });
    assert!(status(&host).warning);
    // The joiner reconnects by itself; the game goes on where it was.
    both_until(&mut host, &mut joiner, s(15), |h, j| {
        link(h) == Link::Up && link(j) == Link::Up
    });
    assert_eq!(
        chess(&joiner).id(),
        joiner_game,
        "the same game, not a new one"
    );
    assert_eq!(plies(&joiner), 1);
    settle(&mut joiner, 200);
    click_a_move(&mut joiner);
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        plies(h) == 2 && plies(j) == 2
    });
    // Leaving ends the session; the game stays, for two players at this board.
    act(&mut joiner, OnlineAction::Leave);
    app_frames(&mut joiner, 3);
    assert_eq!(where_(&joiner).0, Screen::Title);
    assert!(online(&joiner).session().is_none());
    assert_eq!(chess(&joiner).players(), [SeatKind::Human; 2]);
    assert_eq!(plies(&joiner), 2);
    both_until(&mut host, &mut joiner, s(10), |h, _| {
        matches!(link(h), Link::Lost(_))
    });
}

#[test]
fn a_joiner_whose_program_died_takes_its_seat_back_from_the_same_data_folder() {
    let (mut host, addr, code) = hosting();
    let relay = Relay::new(addr);
    let at = relay.addr.to_string();
    let data = temp_data_dir("seat-joiner");
    let mut joiner = joining_in(data.clone(), &at, &code);
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        playing(h) && playing(j)
    });
    click_a_move(&mut host);
    both_until(&mut host, &mut joiner, s(10), |_, j| plies(j) == 1);
    // The seat's token is kept in the data folder (off the frame thread).
    let seat = parachess::store::seats::seat_path(&data, &at, &code);
    both_until(&mut host, &mut joiner, s(10), |_, _| seat.exists());
    let token = parachess::store::seats::load_seat(&data, &at, &code).expect("a token");

    // The joiner's program dies: not a word more reaches the host from it.
    relay.close(true);
    relay.cut();
    drop(joiner);
    let started = Instant::now();
    while !matches!(link(&host), Link::Lost(_)) {
        assert!(started.elapsed() < s(10), "the host never noticed");
        host.update();
        thread::sleep(ms(2));
    }
    relay.close(false);

    // Started again from another data folder, it has no token: the seat is not its.
    let mut stranger = joining(&at, &code);
    for _ in 0..100 {
        host.update();
        stranger.update();
        thread::sleep(ms(5));
    }
    assert!(
        !playing(&stranger),
        "a joiner without the token took the seat"
    );
    drop(stranger);

    // Started again from the same data folder, Continue joins that game again, presents the
    // token, and plays on.
    let mut joiner = headless_app_with(data.clone(), LaunchOptions::default());
    {
        let mut online = joiner.world_mut().resource_mut::<Online>();
        online.bind = "127.0.0.1".parse().unwrap();
        online.timing = direct::timing(40);
    }
    assert_eq!(where_(&joiner).0, Screen::Title);
    tap(&mut joiner, KeyCode::Enter);
    assert_eq!(where_(&joiner).0, Screen::Online);
    both_until(&mut host, &mut joiner, s(15), |h, j| {
        link(h) == Link::Up && playing(j) && plies(j) == 1
    });
    settle(&mut joiner, 200);
    click_a_move(&mut joiner);
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        plies(h) == 2 && plies(j) == 2
    });
    assert_eq!(
        parachess::store::seats::load_seat(&data, &at, &code),
        Some(token),
        "the same seat"
    );
    // The game ends: its token goes.
    act(&mut host, OnlineAction::Net(NetCommand::Resign));
    both_until(&mut host, &mut joiner, s(10), |h, j| {
        game(h).is_over() && game(j).is_over() && !seat.exists()
    });
    // One game, one file: coming back made no copy of it.
    flush_saves(&joiner);
    let copies = std::fs::read_dir(data.join("saves"))
        .map(|d| {
            d.filter_map(Result::ok)
                .filter(|e| e.file_name().to_string_lossy().starts_with("unfinished-"))
                .count()
        })
        .unwrap_or(0);
    assert_eq!(copies, 0);
    assert_eq!(game(&joiner).plies().len(), 2);
}

fn app_frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

// ---- An external engine -------------------------------------------------------------

/// A shell script standing in for an engine program.
fn script(name: &str, body: &str) -> String {
    let dir = temp_data_dir(name);
    let path = dir.join(format!("{name}.sh"));
    let mut f = std::fs::File::create(&path).unwrap();
    writeln!(f, "#!/bin/sh\n{body}").unwrap();
    drop(f);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path.display().to_string()
}

/// A game app whose computer player is `engine`, a person (White) against it (Black, Easy:
/// half a second a move).
fn engine_app(engine: String) -> App {
    let mut app = headless_app_with(
        temp_data_dir("versus-engine"),
        LaunchOptions {
            screen: Screen::Play,
            engine: Some(engine),
            ..LaunchOptions::default()
        },
    );
    app.world_mut().write_message(GameCommand::NewGame {
        start: None,
        players: [
            SeatKind::Human,
            SeatKind::Computer(parachess::engine::Level::Easy),
        ],
    });
    app.update();
    app
}

fn engine_state(app: &App) -> EngineState {
    app.world().resource::<ExternalEngine>().state().clone()
}

/// The person moves; returns once the computer has answered.
fn move_and_wait_for_the_answer(app: &mut App) {
    click_a_move(app);
    assert_eq!(plies(app), 1);
    run_until(app, s(30), |a| plies(a) == 2).expect("the computer answered");
}

#[test]
fn our_own_binary_plays_as_an_external_engine() {
    let mut app = engine_app(format!("{} uci", env!("CARGO_BIN_EXE_parachess")));
    run_until(&mut app, s(30), |a| {
        matches!(engine_state(a), EngineState::Ready(_))
    })
    .expect("the engine greeted us");
    let EngineState::Ready(name) = engine_state(&app) else {
        unreachable!()
    };
    assert!(name.starts_with("Parachess"), "{name}");
    move_and_wait_for_the_answer(&mut app);
    let answer = game(&app).plies()[1].mv;
    assert_eq!(app.world().resource::<ExternalEngine>().last, Some(answer));
    assert_eq!(
        app.world().resource::<ComputerPlayer>().last,
        None,
        "the built-in engine did not play"
    );
    assert!(!status(&app).warning, "{:?}", status(&app));
}

#[test]
fn an_engine_that_will_not_start_leaves_the_move_to_the_built_in_engine() {
    let broken = script("garbage", "echo 'this is not UCI'\nexit 3");
    let mut app = engine_app(broken);
    run_until(&mut app, s(10), |a| {
        matches!(engine_state(a), EngineState::Failed(_))
    })
    .expect("the start failed");
    let EngineState::Failed(why) = engine_state(&app) else {
        unreachable!()
    };
    assert!(why.contains("exited"), "{why}");
    click_a_move(&mut app);
    run_until(&mut app, s(10), |a| {
        status(a).text.contains("could not be started")
    })
    .expect("the failure was reported");
    let said = status(&app);
    assert!(
        said.warning && said.text.contains("built-in engine"),
        "{said:?}"
    );
    assert_eq!(plies(&app), 1, "nothing was played for the broken engine");
    run_until(&mut app, s(30), |a| plies(a) == 2).expect("the built-in engine answered");
    assert_eq!(
        app.world().resource::<ComputerPlayer>().last,
        Some(game(&app).plies()[1].mv),
        "the built-in engine played"
    );
}

#[test]
fn an_illegal_answer_changes_nothing_and_the_built_in_engine_plays() {
    let liar = script(
        "liar",
        "while read line; do\n  case \"$line\" in\n    uci) echo 'id name Liar'; echo uciok;;\n    \
         isready) echo readyok;;\n    go*) echo 'bestmove k9k9';;\n    quit) exit 0;;\n  \
         esac\ndone",
    );
    let mut app = engine_app(liar);
    run_until(&mut app, s(10), |a| {
        engine_state(a) == EngineState::Ready("Liar".into())
    })
    .expect("the liar greeted us");
    click_a_move(&mut app);
    run_until(&mut app, s(30), |a| status(a).text.contains("illegal move"))
        .expect("the illegal answer was reported");
    assert_eq!(plies(&app), 1, "the illegal move was not played");
    let said = status(&app);
    assert!(said.warning && said.text.contains("Liar"), "{said:?}");
    run_until(&mut app, s(30), |a| plies(a) == 2).expect("the built-in engine answered");
    assert_eq!(
        app.world().resource::<ComputerPlayer>().last,
        Some(game(&app).plies()[1].mv)
    );
}
