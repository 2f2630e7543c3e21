//! Direct network play in a variant: the joiner learns the host's army from the full state (a
//! player's own variant with its whole definition), through the API and through the `host` and
//! `join` commands; a host whose variant does not read is refused with the reason.

use crate::common;
use crate::net::{CODE, Who, drive, host_and_join, same_game, shared, start_host, start_join};

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::thread;
use std::time::{Duration, Instant};

use parachess::net::{JoinConfig, NetEvent, NetGame, join};
use parachess::rules::record::{Tags, read_game};
use parachess::rules::{Game, Side, Variant};

/// An army no program knows in advance: Lancers (`Z`, up to two edgewise steps or the knight
/// leap) in the Sorcerers' places.
const LANCERS: &str = r#"
name = "Net Lancers"
start = "rzqkzr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RZQKZR w 0 1"
pieces = [
  { letter = "K", name = "King", moves = "eda", royal = true },
  { letter = "Q", name = "Queen", moves = "EDW" },
  { letter = "R", name = "Rook", moves = "E" },
  { letter = "B", name = "Bishop", moves = "DW" },
  { letter = "Z", name = "Lancer", moves = "E2N" },
  { letter = "P", name = "Pawn", moves = "pawn" },
]
"#;

#[test]
fn a_players_own_variant_crosses_the_network_whole() {
    let _serial = shared();
    let variant = Variant::from_toml(LANCERS).unwrap();
    let (handle, addr) = start_host(
        Side::White,
        None,
        Some(Game::from_position(variant.start())),
    );
    let host_net = NetGame::new(Game::from_position(variant.start()), Side::White, None);
    let host_end =
        thread::spawn(move || drive(handle, host_net, Who::Random(7), Duration::from_secs(8)));
    // The joiner starts from plain Parachess: everything it knows of the army comes over the wire.
    let join_net = NetGame::new(Game::new(), Side::Black, None);
    let (join_net, _) = drive(
        start_join(addr),
        join_net,
        Who::Random(8),
        Duration::from_secs(8),
    );
    let (host_net, _) = host_end.join().unwrap();
    same_game(&host_net, &join_net);
    let theirs = join_net.game.start_position().variant();
    assert_eq!(theirs.name(), "Net Lancers");
    assert_eq!(theirs.def(), variant.def());
    assert!(
        join_net
            .game
            .plies()
            .iter()
            .any(|p| p.text.starts_with('Z') || p.text.starts_with('z')),
        "the Lancers moved: {:?}",
        join_net
            .game
            .plies()
            .iter()
            .map(|p| &p.text)
            .collect::<Vec<_>>()
    );
    // The joiner's record carries the definition, so the game opens anywhere.
    let text = join_net.record(Tags::default()).to_text();
    assert!(text.contains("[VariantDef "), "{text}");
    assert_eq!(text, host_net.record(Tags::default()).to_text());
    let back = read_game(text.as_bytes()).unwrap();
    assert_eq!(back.game.outcome(), join_net.game.outcome());
}

#[test]
fn the_host_and_join_commands_play_a_builtin_variant() {
    let _serial = shared();
    let dir = std::env::temp_dir().join(format!("parachess-netv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (host_file, join_file) = (dir.join("host.pgn"), dir.join("join.pgn"));
    let (_, join_out) = host_and_join(
        &dir,
        &["--variant", "Knights and Archers", "--player", "random"],
    );
    assert!(
        join_out.contains("variant Knights and Archers"),
        "{join_out}"
    );
    let text = std::fs::read_to_string(&join_file).unwrap();
    assert_eq!(text, std::fs::read_to_string(&host_file).unwrap());
    assert!(text.contains("[Variant \"Knights and Archers\"]"), "{text}");
    let (code, _, err) =
        common::parachess(&[std::ffi::OsStr::new("check-game"), join_file.as_os_str()]);
    assert_eq!(code, Some(0), "{err}");
    let _ = std::fs::remove_dir_all(&dir);

    // A variant that does not exist is refused before anything listens.
    let (code, out, err) = common::parachess(&[
        "host",
        "--port",
        "0",
        "--player",
        "random",
        "--variant",
        "No Such Army",
    ]);
    assert_ne!(code, Some(0));
    assert!(out.is_empty() && err.contains("--variant"), "{err}");
}

/// A host that answers the hello with `lines` as its full state; returns what the joiner said.
fn fake_host(lines: Vec<String>) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    thread::spawn(move || {
        let Ok((stream, _)) = listener.accept() else {
            return;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(3)));
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut hello = String::new();
        let _ = reader.read_line(&mut hello);
        let mut stream = stream;
        let welcome = format!(
            "welcome {} b 0123456789abcdef0123456789abcdef fake\n",
            parachess::net::wire::PROTOCOL_VERSION
        );
        let _ = stream.write_all(welcome.as_bytes());
        for line in lines {
            let _ = stream.write_all(format!("{line}\n").as_bytes());
        }
        // Hold the connection until the joiner leaves.
        let mut rest = String::new();
        while reader.read_line(&mut rest).is_ok_and(|n| n > 0) {}
    });
    addr
}

#[test]
fn a_host_whose_variant_does_not_read_is_refused_with_the_reason() {
    let _serial = shared();
    let start = "rzqkzr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RZQKZR w 0 1";
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "variant Not A Real Army".into(),
                format!("game 0 - {start}"),
                "ready".into(),
            ],
            "does not know",
        ),
        (
            vec![
                "variantdef { name = \"X\", start = \"nonsense\", pieces = [] }".into(),
                "variant X".into(),
                format!("game 0 - {start}"),
                "ready".into(),
            ],
            "variant",
        ),
        (
            vec![format!("game 0 - {start}"), "ready".into()],
            "start position",
        ),
        (
            (0..30)
                .map(|_| format!("variantdef {}", "x".repeat(400)))
                .collect(),
            "longer than",
        ),
    ];
    for (lines, reason) in cases {
        let addr = fake_host(lines.clone());
        let handle = join(JoinConfig {
            name: "guest".into(),
            timing: crate::net::timing(),
            ..JoinConfig::new(addr.to_string(), CODE.to_string())
        })
        .unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        let why = loop {
            assert!(Instant::now() < deadline, "no answer to {lines:?}");
            match handle.recv_timeout(Duration::from_millis(100)) {
                Ok(NetEvent::Stopped(why)) => break why,
                Ok(NetEvent::State(state)) => panic!("adopted {:?}", state.game.position()),
                _ => {}
            }
        };
        assert!(
            why.contains("broke the protocol") && why.contains(reason),
            "{reason}: {why}"
        );
        handle.close();
    }
}
