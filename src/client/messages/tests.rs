//! Round trips, unknown fields and kinds, and the wire names of every message.

use super::*;

fn spec() -> SeekSpec {
    SeekSpec {
        tc: Some("300+3".into()),
        days: None,
        rated: true,
        color: Some("white".into()),
        min: Some(1200),
        max: None,
        variant: Some("parachess".into()),
        variant_def: None,
    }
}

fn seek_view() -> SeekView {
    SeekView {
        id: "7".into(),
        by: "ann".into(),
        rating: 1500,
        tc: None,
        days: Some(3),
        rated: false,
        color: "random".into(),
        speed: "correspondence".into(),
        variant: "parachess".into(),
        variant_def: Some("name = \"x\"".into()),
        to: Some("bob".into()),
    }
}

fn clocks() -> Option<ClockView> {
    Some(ClockView {
        white: 1000,
        black: 2000,
        running: Some("black".into()),
    })
}

/// Every client message, each variant once.
fn client_msgs() -> Vec<ClientMsg> {
    let game = || "g1".to_string();
    vec![
        ClientMsg::Hello {
            v: VERSION,
            token: Some("tok".into()),
            routes: true,
        },
        ClientMsg::Register {
            name: "ann".into(),
            password: "long enough".into(),
        },
        ClientMsg::Login {
            name: "ann".into(),
            password: "long enough".into(),
        },
        ClientMsg::Seek(spec()),
        ClientMsg::CancelSeek { id: "1".into() },
        ClientMsg::Lobby,
        ClientMsg::Accept { id: "1".into() },
        ClientMsg::Decline { id: "1".into() },
        ClientMsg::Quick {
            tc: "60+0".into(),
            rated: true,
            variant: Some("parachess".into()),
        },
        ClientMsg::Challenge {
            to: "bob".into(),
            spec: spec(),
        },
        ClientMsg::Rematch { game: game() },
        ClientMsg::MyGames,
        ClientMsg::Watch { game: game() },
        ClientMsg::Unwatch { game: game() },
        ClientMsg::Move {
            game: game(),
            n: 3,
            mv: "a2e5".into(),
        },
        ClientMsg::Draw { game: game() },
        ClientMsg::DrawNo { game: game() },
        ClientMsg::Takeback { game: game() },
        ClientMsg::TakebackNo { game: game() },
        ClientMsg::Resign { game: game() },
        ClientMsg::Abort { game: game() },
        ClientMsg::Berserk { game: game() },
        ClientMsg::PlayComputer {
            level: "easy".into(),
            variant: Some("Shuffle Parachess 7".into()),
            tc: None,
            color: Some("random".into()),
        },
        ClientMsg::Invite(spec()),
        ClientMsg::JoinInvite {
            code: "abcdefghjkmn".into(),
        },
        ClientMsg::PuzzleNext { id: Some(3) },
        ClientMsg::PuzzleMove {
            id: 3,
            moves: vec!["a2e5".into()],
        },
        ClientMsg::PuzzleSolution { id: 3 },
        ClientMsg::Analyse {
            id: 4,
            position: "pos".into(),
            variant: Some("parachess".into()),
            moves: vec!["a2e5".into()],
        },
        ClientMsg::AnalyseStop,
        ClientMsg::AnalyseGame { game: game() },
        ClientMsg::GameAnalysis { game: game() },
        ClientMsg::Ping { n: 9 },
        ClientMsg::LessonTry {
            lesson: 3,
            stage: 3,
            inputs: vec!["e1e10".into(), "e5".into()],
            lang: Some("de".into()),
        },
        ClientMsg::Lessons,
        ClientMsg::Tournaments,
        ClientMsg::Unknown,
    ]
}

/// Every server message, each variant once.
fn server_msgs() -> Vec<ServerMsg> {
    let game = || "g1".to_string();
    vec![
        ServerMsg::Welcome {
            v: VERSION,
            name: "ann".into(),
            token: "tok".into(),
            guest: false,
        },
        ServerMsg::error("illegal", "no such move"),
        ServerMsg::Seeks {
            seeks: vec![seek_view()],
        },
        ServerMsg::Seek(Box::new(seek_view())),
        ServerMsg::SeekGone { id: "7".into() },
        ServerMsg::Challenge(Box::new(seek_view())),
        ServerMsg::Declined { id: "7".into() },
        ServerMsg::Started {
            game: game(),
            color: side_name(crate::rules::Side::Black),
        },
        ServerMsg::Game(Box::new(GameView {
            id: game(),
            variant: "parachess".into(),
            variant_def: None,
            white: "ann".into(),
            black: "bob".into(),
            rated: true,
            tc: Some("300+3".into()),
            days: None,
            speed: "blitz".into(),
            status: "started".into(),
            start: "start".into(),
            moves: vec!["a2e5".into()],
            texts: vec!["Pe5".into()],
            position: "pos".into(),
            turn: "black".into(),
            legal: vec!["j2k2q".into()],
            clocks: clocks(),
            deadline: Some(5),
            result: None,
            reason: None,
            draw_offer: Some("white".into()),
            takeback_offer: None,
            berserk: Some(vec!["black".into()]),
            tournament: Some("t1".into()),
            routes: Some(vec![RouteView {
                pts: vec![[0.5, -1.0], [0.0, 0.0], [1.5, 2.25]],
                leap: true,
            }]),
            played: Some(vec![RouteView::default()]),
            positions: Some(vec!["pos".into()]),
        })),
        ServerMsg::Moved(Box::new(Moved {
            game: game(),
            n: 0,
            mv: "a2e5".into(),
            text: "Pe5".into(),
            position: "pos".into(),
            legal: vec![],
            clocks: clocks(),
            deadline: None,
            route: None,
            routes: Some(vec![]),
        })),
        ServerMsg::Offer {
            game: game(),
            kind: "draw".into(),
            by: "white".into(),
        },
        ServerMsg::OfferGone {
            game: game(),
            kind: "takeback".into(),
            reason: "expired".into(),
            id: None,
        },
        ServerMsg::Berserk {
            game: game(),
            side: "white".into(),
            clocks: ClockView {
                white: 150_000,
                black: 300_000,
                running: None,
            },
        },
        ServerMsg::End {
            game: game(),
            result: "1-0".into(),
            reason: "checkmate".into(),
        },
        ServerMsg::Games {
            games: vec![GameSummary {
                id: game(),
                white: "ann".into(),
                black: "bob".into(),
                status: "over".into(),
                result: Some("0-1".into()),
                speed: "rapid".into(),
                variant: "parachess".into(),
                plies: 12,
                my_turn: Some(true),
            }],
        },
        ServerMsg::Invite {
            code: "abcdefghjkmn".into(),
            expires: 1_700_000_000_000,
        },
        ServerMsg::Tournaments {
            now: 1_700_000_000_000,
            tournaments: vec![TournamentSummary {
                id: "t1".into(),
                name: "Saturday Arena".into(),
                kind: "arena".into(),
                status: "created".into(),
                variant: "parachess".into(),
                clock: "5+3".into(),
                rated: true,
                rounds: None,
                players: 12,
                starts: 1_700_000_060_000,
                ends: Some(1_700_003_660_000),
                joined: true,
            }],
        },
        ServerMsg::Puzzle(Box::new(PuzzleView {
            id: 3,
            position: "pos".into(),
            side: "white".into(),
            theme: "mate".into(),
            moves: 2,
            rating: 1200,
            legal: vec!["a2e5".into()],
            routes: Some(vec![RouteView::default()]),
            player: PuzzleRatingView {
                rating: 1500,
                deviation: 350,
                played: 0,
            },
            done: false,
        })),
        ServerMsg::PuzzleStep(Box::new(PuzzleStepView {
            id: 3,
            state: "failed".into(),
            line: vec![PuzzlePly {
                mv: "a2e5".into(),
                text: "Pe5".into(),
                position: "pos".into(),
                route: Some(RouteView::default()),
            }],
            position: "pos".into(),
            legal: vec![],
            routes: None,
            reason: Some("Qc5-c6".into()),
            best: Some("Qc4-c6#".into()),
            solution: vec![],
            player: PuzzleRatingView::default(),
            change: Some(-12),
        })),
        ServerMsg::Pong { n: 9 },
        ServerMsg::Lesson(Box::new(LessonView {
            lesson: 3,
            stage: 3,
            position: "6/4/8/5/4k5/6/10/5/8/4/R4K w 0 1".into(),
            legal: vec!["a1b1".into()],
            clicks: false,
            state: "done".into(),
            accepted: true,
            said: "Stage complete".into(),
            moves: 3,
            fewest: 3,
            stars: Some(3),
            best: Some(3),
            last: Some("f6k6".into()),
            found: vec!["e5".into()],
            stars_left: Vec::new(),
            highlight: vec!["e1".into()],
        })),
        ServerMsg::LessonProgress {
            lessons: vec![LessonStars {
                lesson: 1,
                stars: vec![3, 0, 2],
            }],
        },
        ServerMsg::AnalysisBoard(Box::new(AnalysisBoardView {
            id: 4,
            position: "pos".into(),
            turn: "white".into(),
            legal: vec!["a2e5".into()],
            routes: Some(vec![RouteView::default()]),
            texts: vec!["Pe5".into()],
            result: Some("1-0".into()),
        })),
        ServerMsg::AnalysisLines {
            id: 4,
            depth: 7,
            lines: vec![LineView {
                eval: "#-2".into(),
                depth: 7,
                moves: vec!["a2e5".into()],
                texts: vec!["Pe5".into()],
            }],
            done: false,
            place: Some(2),
        },
        ServerMsg::GameAnalysis(Box::new(GameAnalysisView {
            game: game(),
            status: "done".into(),
            done: 3,
            total: 3,
            place: None,
            evals: vec!["0".into(), "35".into(), "#1".into()],
            marks: vec!["".into(), "??".into()],
            better: vec!["".into(), "a2e5".into()],
        })),
        ServerMsg::Unknown,
    ]
}

#[test]
fn every_client_message_round_trips() {
    for msg in client_msgs() {
        let text = serde_json::to_string(&msg).expect("serialises");
        let back: ClientMsg = serde_json::from_str(&text).expect(&text);
        assert_eq!(back, msg, "{text}");
    }
}

#[test]
fn every_server_message_round_trips() {
    for msg in server_msgs() {
        let text = msg.to_json();
        let back: ServerMsg = serde_json::from_str(&text).expect(&text);
        assert_eq!(back, msg, "{text}");
    }
}

#[test]
fn the_wire_names_stay() {
    let mv = ClientMsg::Move {
        game: "g".into(),
        n: 1,
        mv: "a2e5".into(),
    };
    assert_eq!(
        serde_json::to_value(&mv).expect("serialises"),
        serde_json::json!({"t": "move", "game": "g", "n": 1, "move": "a2e5"})
    );
    let gone = ServerMsg::SeekGone { id: "3".into() };
    assert_eq!(gone.to_json(), r#"{"t":"seek_gone","id":"3"}"#);
}

#[test]
fn unknown_fields_are_ignored_both_ways() {
    let c: ClientMsg =
        serde_json::from_str(r#"{"t": "ping", "n": 4, "later": {"x": [1, 2]}}"#).expect("parses");
    assert_eq!(c, ClientMsg::Ping { n: 4 });
    let s: ServerMsg = serde_json::from_str(
        r#"{"t": "offer_gone", "game": "g", "kind": "draw", "by_whom": "white", "routes": []}"#,
    )
    .expect("parses");
    assert_eq!(
        s,
        ServerMsg::OfferGone {
            game: "g".into(),
            kind: "draw".into(),
            reason: "".into(),
            id: None,
        }
    );
}

#[test]
fn unknown_kinds_parse_as_unknown_both_ways() {
    let c: ClientMsg = serde_json::from_str(r#"{"t": "teleport", "to": "mars"}"#).expect("parses");
    assert_eq!(c, ClientMsg::Unknown);
    let s: ServerMsg = serde_json::from_str(r#"{"t": "tournament", "id": 5}"#).expect("parses");
    assert_eq!(s, ServerMsg::Unknown);
    // A known kind with a missing field stays an error (not silently unknown).
    assert!(serde_json::from_str::<ClientMsg>(r#"{"t": "move", "game": "g"}"#).is_err());
}
