//! The server screen in a headless App against a real `parachess-server` on loopback: a guest
//! signs in with the keys, finds a game with quick pairing against a bot, plays it on the board
//! by clicking, resigns, and finds it among the saved games; a second run over the same data
//! folder remembers the server and comes back as the same player, watches a game between two
//! bots, and may not move in it; a refused sign-in changes nothing; a tournament a bot made
//! shows in the lobby, is joined, and its first pairing comes to the board by itself.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::prelude::*;

#[allow(
    unused_macros,
    reason = "shared with the server tests, which use more of it"
)]
#[path = "../server/server_support.rs"]
mod server_support;

use crate::common;
use common::game::*;
use parachess::client::messages::{ClientMsg, SeekSpec, ServerMsg, TournamentSpec};
use parachess::client::{Link, LinkConfig, LinkEvent};
use parachess::game::core::actions::Action;
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::state::{ChessGame, SeatKind, StatusLine};
use parachess::game::lobby::session::LinkState;
use parachess::game::lobby::{GameRequest, LobbyAction, ServerSession, ServerView};
use parachess::rules::Game;
use server_support::{Backend, Database, Server, database, free_port};

/// A `parachess-server` on a free loopback port over a fresh SQLite file (the server tests'
/// own start-up); killed at drop.
fn server() -> (Server, Database) {
    let db = database(Backend::Sqlite);
    (Server::start(&db.url), db)
}

/// A bot on the server through the same link the game uses.
struct Bot {
    link: Link,
    name: String,
    kept: Vec<ServerMsg>,
}

impl Bot {
    fn join(server: &str) -> Bot {
        let link = Link::start(LinkConfig::new(server)).expect("link");
        let started = Instant::now();
        loop {
            assert!(started.elapsed() < Duration::from_secs(20), "no welcome");
            if let Some(LinkEvent::Welcome { name, .. }) =
                link.recv_timeout(Duration::from_millis(100))
            {
                return Bot {
                    link,
                    name,
                    kept: Vec::new(),
                };
            }
        }
    }

    fn send(&self, v: ClientMsg) {
        assert!(self.link.send(v));
    }

    /// The first message `pred` accepts (within 20 s), running `app` meanwhile.
    fn wait(&mut self, app: Option<&mut App>, pred: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
        if let Some(i) = self.kept.iter().position(&pred) {
            return self.kept.remove(i);
        }
        let started = Instant::now();
        let mut app = app;
        loop {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "bot waited in vain"
            );
            if let Some(app) = app.as_deref_mut() {
                app.update();
            }
            if let Some(LinkEvent::Message(v)) = self.link.recv_timeout(Duration::from_millis(5)) {
                if pred(&v) {
                    return v;
                }
                self.kept.push(v);
            }
        }
    }
}

/// A move for the bots to send.
fn play(game: &str, n: u32, mv: &str) -> ClientMsg {
    ClientMsg::Move {
        game: game.into(),
        n,
        mv: mv.into(),
    }
}

fn session(app: &App) -> &ServerSession {
    app.world().resource::<ServerSession>()
}

fn status(app: &App) -> String {
    app.world().resource::<StatusLine>().text.clone()
}

fn view(app: &App) -> Option<ServerView> {
    app.world()
        .get_resource::<State<ServerView>>()
        .map(|v| *v.get())
}

fn lobby(app: &mut App, action: LobbyAction) {
    action.run(app.world_mut());
    app.update();
}

fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    assert!(
        run_until(app, Duration::from_secs(20), done).is_some(),
        "{what}: not within 20 s (status: {:?})",
        status(app)
    );
}

/// An app over `data`, started on the title screen, opened on the server screen as a person
/// does (O: play online, S: play on a server), connected as a guest with Enter.
fn guest_app(data: PathBuf, server: Option<&str>) -> App {
    let mut app = headless_app_with(
        data,
        LaunchOptions {
            screen: Screen::Title,
            server: server.map(str::to_string),
            ..LaunchOptions::default()
        },
    );
    tap(&mut app, KeyCode::KeyO);
    assert_eq!(where_(&app).0, Screen::Online);
    tap(&mut app, KeyCode::KeyS);
    // The screen opens, then (a frame later) its sign-in dialog.
    app.update();
    assert_eq!(where_(&app), (Screen::Lobby, Modal::ServerSignIn));
    if server.is_some() {
        // The address is given: the name field has the focus.
        let fields = app
            .world()
            .resource::<parachess::game::ui::text_field::Fields>();
        assert_eq!(fields.focus, parachess::game::ui::text_field::FieldId::Name);
    }
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app), (Screen::Lobby, Modal::None));
    until(&mut app, "welcome", |a| {
        session(a).state == LinkState::Up && session(a).identity.is_some()
    });
    app
}

fn my_name(app: &App) -> String {
    session(app)
        .identity
        .as_ref()
        .expect("signed in")
        .name
        .clone()
}

fn saves_with(dir: &Path, needle: &str) -> Vec<String> {
    std::fs::read_dir(dir.join("saves"))
        .map(|d| {
            d.filter_map(Result::ok)
                .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                .filter(|t| t.contains(needle))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_guest_finds_a_game_plays_it_on_the_board_and_keeps_it() {
    let (server, _db) = server();
    let data = temp_data_dir("server-guest");
    let mut app = guest_app(data.clone(), Some(&server.url));
    let me = my_name(&app);
    assert!(me.starts_with("Guest"), "{me}");

    // A bot posts a 5+3 seek, playing Black; it shows in the lobby.
    let mut bot = Bot::join(&server.url);
    bot.send(ClientMsg::Seek(SeekSpec {
        tc: Some("300+3".into()),
        color: Some("black".into()),
        ..SeekSpec::default()
    }));
    let bot_name = bot.name.clone();
    until(&mut app, "the seek in the lobby", |a| {
        session(a).lobby.seeks.iter().any(|s| s.by == bot_name)
    });

    // N: find a game; 5+3 is chosen at first; Enter: quick pairing takes the bot's seek.
    tap(&mut app, KeyCode::KeyN);
    assert_eq!(where_(&app).1, Modal::SeekGame);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app).1, Modal::None);
    until(&mut app, "the game on the board", |a| {
        view(a) == Some(ServerView::Playing)
    });
    let id = session(&app).current().expect("a game").id.clone();
    assert!(
        session(&app).current().is_some_and(|g| !g.tournament),
        "a lobby game can be aborted"
    );
    {
        let chess = app.world().resource::<ChessGame>();
        assert_eq!(chess.players(), [SeatKind::Human, SeatKind::Elsewhere]);
        assert_eq!(chess.origin().names[1].as_deref(), Some(bot_name.as_str()));
        assert!(chess.clocks().is_some(), "a live game shows its clocks");
    }

    // The player clicks a move; the server acknowledges it to both.
    let mv = game(&app).legal_moves()[0];
    click_cell(&mut app, mv.from);
    click_cell(&mut app, mv.to);
    let moved = bot.wait(
        Some(&mut app),
        |v| matches!(v, ServerMsg::Moved(m) if m.n == 0),
    );
    let ServerMsg::Moved(moved) = moved else {
        unreachable!()
    };
    assert_eq!(moved.mv, mv.to_string());
    until(&mut app, "the player's move acknowledged", |a| {
        session(a)
            .current()
            .is_some_and(|g| g.net.game.plies().len() == 1)
    });

    // The bot answers; the board follows.
    let reply = moved.legal.first().expect("a legal reply").clone();
    bot.send(play(&id, 1, &reply));
    until(&mut app, "the bot's move on the board", |a| {
        game(a).plies().len() == 2
    });

    // Resign (the panel's button); the game ends, the dialog says so, and it is kept.
    lobby(&mut app, LobbyAction::Game(GameRequest::Resign));
    until(&mut app, "the resignation and its dialog", |a| {
        game(a).is_over() && where_(a).1 == Modal::GameOver
    });
    flush_saves(&app);
    let kept = saves_with(&data, &format!("/game/{id}"));
    assert_eq!(kept.len(), 1, "the finished game is among the saves");
    assert!(
        kept[0].contains("[Event \"Casual game online\"]"),
        "{}",
        kept[0]
    );
    assert!(
        kept[0].contains(&format!("[White \"{me}\"]")),
        "{}",
        kept[0]
    );
    assert!(
        kept[0].contains(&format!("[Black \"{bot_name}\"]")),
        "{}",
        kept[0]
    );
    assert!(kept[0].contains("0-1"), "{}", kept[0]);
    let record = parachess::rules::record::read_game(kept[0].as_bytes()).expect("a game file");
    assert_eq!(record.game.plies().len(), 2);

    // The server and its session are remembered for the next run.
    let remembered = std::fs::read_to_string(data.join("server.ron")).unwrap_or_default();
    assert!(remembered.contains(&server.url), "{remembered}");
}

#[test]
fn the_next_run_comes_back_as_the_same_player_and_watches_a_game() {
    let (server, _db) = server();
    let data = temp_data_dir("server-again");
    let first = guest_app(data.clone(), Some(&server.url));
    let me = my_name(&first);
    let file = data.join("server.ron");
    let started = Instant::now();
    while !std::fs::read_to_string(&file).is_ok_and(|t| t.contains("token")) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "never remembered"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    drop(first);

    // No --server now: the sign-in dialog offers the remembered one; Enter resumes the player.
    let mut app = guest_app(data, None);
    assert_eq!(my_name(&app), me, "the same guest comes back");

    // A short password is refused before anything is sent; a wrong one by the server.
    tap(&mut app, KeyCode::KeyS);
    assert_eq!(where_(&app).1, Modal::ServerSignIn);
    // The address is remembered: the dialog starts in the name field.
    type_text(&mut app, "nobody");
    tap(&mut app, KeyCode::Tab);
    type_text(&mut app, "short");
    tap(&mut app, KeyCode::Enter);
    assert!(
        is_message(&status(&app), "lobby-password-short"),
        "{}",
        status(&app)
    );
    type_text(&mut app, " but wrong");
    tap(&mut app, KeyCode::Enter);
    until(&mut app, "the refusal", |a| {
        is_message(&status(a), "server-sign-in-refused")
    });
    assert_eq!(my_name(&app), me, "a refused sign-in changes nothing");
    assert!(
        app.world()
            .resource::<parachess::game::ui::text_field::Fields>()
            .password
            .is_empty(),
        "a password is not kept once sent"
    );
    tap(&mut app, KeyCode::Escape);

    // Two bots play; the player watches by the game's id.
    let mut white = Bot::join(&server.url);
    let mut black = Bot::join(&server.url);
    white.send(ClientMsg::Challenge {
        to: black.name.clone(),
        spec: SeekSpec {
            tc: Some("600+5".into()),
            color: Some("white".into()),
            ..SeekSpec::default()
        },
    });
    let ServerMsg::Challenge(challenge) =
        black.wait(None, |v| matches!(v, ServerMsg::Challenge(_)))
    else {
        unreachable!()
    };
    black.send(ClientMsg::Accept { id: challenge.id });
    let ServerMsg::Started { game: id, .. } =
        white.wait(None, |v| matches!(v, ServerMsg::Started { .. }))
    else {
        unreachable!()
    };
    let ServerMsg::Game(opening) = white.wait(None, |v| matches!(v, ServerMsg::Game(_))) else {
        unreachable!()
    };
    let mut g = Game::new();
    let first = opening.legal.first().expect("legal").clone();
    g.play_text(&first).expect("legal");
    white.send(play(&id, 0, &first));
    black.wait(None, |v| matches!(v, ServerMsg::Moved(m) if m.n == 0));

    tap(&mut app, KeyCode::KeyW);
    assert_eq!(where_(&app).1, Modal::WatchGame);
    type_text(&mut app, &id);
    tap(&mut app, KeyCode::Enter);
    until(&mut app, "the watched game on the board", |a| {
        view(a) == Some(ServerView::Playing) && game(a).plies().len() == 1
    });
    assert_eq!(session(&app).current().expect("watched").seat, None);
    assert_eq!(
        app.world().resource::<ChessGame>().players(),
        [SeatKind::Elsewhere; 2]
    );

    // A spectator's click is refused; the bots' next move arrives.
    let mv = game(&app).legal_moves()[0];
    click_cell(&mut app, mv.from);
    click_cell(&mut app, mv.to);
    assert!(
        is_message(&status(&app), "input-watching"),
        "{}",
        status(&app)
    );
    let second = g.position().legal_moves()[0].to_string();
    black.send(play(&id, 1, &second));
    until(&mut app, "the bots' move", |a| game(a).plies().len() == 2);

    // Esc: back to the lobby; the game goes on without the board.
    for _ in 0..2 {
        if view(&app) == Some(ServerView::Playing) {
            tap(&mut app, KeyCode::Escape);
        }
    }
    assert_eq!(view(&app), Some(ServerView::Lobby));
    assert!(session(&app).current().is_none());
}

/// Every file in the saves folder and the autosave that mention the server game `id`.
fn files_of(dir: &Path, id: &str) -> Vec<PathBuf> {
    let needle = format!("/game/{id}\"]");
    let saves = std::fs::read_dir(dir.join("saves"))
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    saves
        .into_iter()
        .chain([dir.join("autosave.pgn")])
        .filter(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains(&needle)))
        .collect()
}

/// A saved copy reads back, is accepted by `parachess check-game`, and has clock notes after
/// every move or none.
fn reads_back(path: &Path) -> parachess::rules::record::GameRecord {
    let text = std::fs::read_to_string(path).expect("the file");
    let record = parachess::rules::record::read_game(text.as_bytes())
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
    let (code, out, err) =
        common::parachess(&[std::ffi::OsStr::new("check-game"), path.as_os_str()]);
    assert_eq!(
        code,
        Some(0),
        "check-game {}: {out}{err}\n{text}",
        path.display()
    );
    let clocked = record.notes.iter().filter(|n| n.clock.is_some()).count();
    assert!(
        clocked == 0 || clocked == record.game.plies().len(),
        "clocks on {clocked} of {} moves:\n{text}",
        record.game.plies().len()
    );
    record
}

#[test]
fn a_server_game_through_a_server_kill_is_kept_once_and_reads_back() {
    let db = database(Backend::Sqlite);
    let listen = format!("127.0.0.1:{}", free_port());
    let mut server = Server::start_at(&db.url, &listen, &[]);
    let data = temp_data_dir("server-kill");
    let mut app = guest_app(data.clone(), Some(&server.url));
    app.world_mut().resource_mut::<ServerSession>().retry_delay = Duration::from_millis(200);
    let mut bot = Bot::join(&server.url);
    bot.send(ClientMsg::Seek(SeekSpec {
        tc: Some("300+3".into()),
        color: Some("black".into()),
        ..SeekSpec::default()
    }));
    let bot_name = bot.name.clone();
    until(&mut app, "the seek in the lobby", |a| {
        session(a).lobby.seeks.iter().any(|s| s.by == bot_name)
    });
    tap(&mut app, KeyCode::KeyN);
    tap(&mut app, KeyCode::Enter);
    until(&mut app, "the game on the board", |a| {
        view(a) == Some(ServerView::Playing)
    });
    let id = session(&app).current().expect("a game").id.clone();

    // A move each.
    let mut n = 0u32;
    // (A bot whose link came back after the move hears it in the whole game.)
    let moves = |app: &mut App, bot: &mut Bot, n: &mut u32| {
        let mv = game(app).legal_moves()[0];
        click_cell(app, mv.from);
        click_cell(app, mv.to);
        let legal = match bot.wait(Some(app), |v| match v {
            ServerMsg::Moved(m) => m.n == *n,
            ServerMsg::Game(g) => g.id == id && g.moves.len() == *n as usize + 1,
            _ => false,
        }) {
            ServerMsg::Moved(m) => m.legal,
            ServerMsg::Game(g) => g.legal,
            other => unreachable!("{other:?}"),
        };
        let reply = legal.first().expect("a reply").clone();
        bot.send(play(&id, *n + 1, &reply));
        let want = (*n + 2) as usize;
        until(app, "the bot's reply", |a| game(a).plies().len() == want);
        *n += 2;
    };
    moves(&mut app, &mut bot, &mut n);

    // Back to the lobby and to the game again, twice: one game, one file.
    for _ in 0..2 {
        lobby(&mut app, LobbyAction::ToLobby);
        until(&mut app, "the lobby's list of games", |a| {
            view(a) == Some(ServerView::Lobby) && session(a).shown.games.contains(&id)
        });
        let row = session(&app)
            .shown
            .games
            .iter()
            .position(|g| *g == id)
            .expect("the game's row");
        lobby(&mut app, LobbyAction::OpenGame(row));
        until(&mut app, "the game on the board again", |a| {
            view(a) == Some(ServerView::Playing) && game(a).plies().len() == 2
        });
    }
    moves(&mut app, &mut bot, &mut n);

    // kill -9, and the same server again on the same port and database.
    server.kill();
    until(&mut app, "the lost connection", |a| {
        matches!(session(a).state, LinkState::Connecting { .. })
    });
    let _server = Server::start_at(&db.url, &listen, &[]);
    until(&mut app, "the connection again", |a| {
        session(a).state == LinkState::Up
    });
    moves(&mut app, &mut bot, &mut n);

    // The program closes; started again, Continue goes back to the game at the server, the
    // player's seat and all.
    flush_saves(&app);
    drop(app);
    let mut app = headless_app_with(
        data.clone(),
        LaunchOptions {
            screen: Screen::Title,
            ..LaunchOptions::default()
        },
    );
    tap(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(where_(&app), (Screen::Lobby, Modal::ServerSignIn));
    tap(&mut app, KeyCode::Enter);
    until(&mut app, "the game back on the board", |a| {
        view(a) == Some(ServerView::Playing) && game(a).plies().len() == 6
    });
    assert!(session(&app).current().is_some_and(|g| g.seat.is_some()));
    app.world_mut().resource_mut::<ServerSession>().retry_delay = Duration::from_millis(200);
    moves(&mut app, &mut bot, &mut n);
    lobby(&mut app, LobbyAction::Game(GameRequest::Resign));
    until(&mut app, "the resignation", |a| game(a).is_over());
    flush_saves(&app);
    app.update();
    flush_saves(&app);

    let files = files_of(&data, &id);
    let kept: Vec<_> = files
        .iter()
        .filter(|p| p.file_name().is_some_and(|n| n != "autosave.pgn"))
        .collect();
    assert_eq!(kept.len(), 1, "one copy among the saves: {files:?}");
    for path in &files {
        let record = reads_back(path);
        assert_eq!(record.game.plies().len(), 8, "{}", path.display());
        assert_eq!(record.tags.black.as_deref(), Some(bot_name.as_str()));
    }
}

/// The lobby lists a coming tournament (name, kind, clock, players, when it starts); Join
/// enters it; a bot joins too, and when the arena starts the pairing goes straight to the
/// board as an accepted seek does; back in the lobby, Withdraw leaves it.
#[test]
fn a_tournament_in_the_lobby_is_joined_and_its_pairing_comes_to_the_board() {
    let (server, _db) = server();
    let data = temp_data_dir("server-tournament");
    let mut app = guest_app(data, Some(&server.url));
    assert!(
        session(&app).tournaments.list.is_empty(),
        "nothing coming at first"
    );

    // A bot announces an arena starting in a few seconds.
    let mut bot = Bot::join(&server.url);
    bot.send(ClientMsg::TournamentCreate(Box::new(TournamentSpec {
        kind: "arena".into(),
        name: "Evening Arena".into(),
        tc: Some("300+3".into()),
        length_secs: Some(600),
        starts_in_secs: 6,
        ..TournamentSpec::default()
    })));
    let ServerMsg::TournamentCreated { id } = bot.wait(Some(&mut app), |v| {
        matches!(v, ServerMsg::TournamentCreated { .. })
    }) else {
        unreachable!()
    };

    // R refreshes the lobby: the tournament is listed, coming, with nobody in it yet.
    tap(&mut app, KeyCode::KeyR);
    until(&mut app, "the tournament listed", |a| {
        session(a).tournaments.list.iter().any(|t| t.id == id)
    });
    {
        let s = session(&app);
        let t = &s.tournaments.list[0];
        assert_eq!(
            (t.name.as_str(), t.swiss, t.clock.as_str(), t.players),
            ("Evening Arena", false, "5+3", 0)
        );
        assert!(!t.running && !t.joined, "{t:?}");
        let left = s
            .tournaments
            .until(t.starts, parachess::game::lobby::tournaments::local_now());
        assert!((0..=6_000).contains(&left), "starts in {left} ms");
        assert_eq!(s.shown.tournaments, vec![id.clone()], "row 0 is it");
    }

    // Join (the row's button): the server enters the player; the row says so.
    lobby(&mut app, LobbyAction::JoinTournament(0));
    until(&mut app, "joined, counted by the server", |a| {
        session(a)
            .tournaments
            .list
            .first()
            .is_some_and(|t| t.joined && t.players == 1)
    });
    assert!(
        is_message(&status(&app), "lobby-tournament-joined"),
        "{}",
        status(&app)
    );

    // The bot joins; the arena starts and pairs them: the game comes to the board by itself.
    bot.send(ClientMsg::TournamentJoin { id: id.clone() });
    let ServerMsg::Started { game: paired, .. } =
        bot.wait(Some(&mut app), |v| matches!(v, ServerMsg::Started { .. }))
    else {
        unreachable!()
    };
    until(&mut app, "the pairing on the board", |a| {
        view(a) == Some(ServerView::Playing) && session(a).current().is_some_and(|g| g.id == paired)
    });
    assert!(
        session(&app).current().is_some_and(|g| g.seat.is_some()),
        "the player plays it"
    );
    // No Abort in a tournament's game (a side that never moves loses there): the panel hides
    // the button, and the request (a key, say) is answered here and never sent.
    assert!(session(&app).current().is_some_and(|g| g.tournament));
    lobby(&mut app, LobbyAction::Game(GameRequest::Abort));
    assert!(
        is_message(&status(&app), "lobby-no-abort-in-tournament"),
        "{}",
        status(&app)
    );
    assert_eq!(
        app.world()
            .resource::<ChessGame>()
            .origin()
            .names
            .iter()
            .filter(|n| n.as_deref() == Some(bot.name.as_str()))
            .count(),
        1,
        "against the bot"
    );

    // Back to the lobby (the game goes on at the server); Withdraw leaves the tournament.
    tap(&mut app, KeyCode::Escape);
    until(&mut app, "the lobby again", |a| {
        view(a) == Some(ServerView::Lobby)
    });
    lobby(&mut app, LobbyAction::WithdrawTournament(0));
    until(&mut app, "withdrawn", |a| {
        session(a)
            .tournaments
            .list
            .first()
            .is_some_and(|t| !t.joined && t.players == 1)
    });
    assert!(
        is_message(&status(&app), "lobby-tournament-withdrew"),
        "{}",
        status(&app)
    );
}
