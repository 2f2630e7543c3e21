//! The study screens driven headless through keys and pointer presses: stepping through the
//! move list (the board's entities follow the position shown), branching and undo in a game
//! between people, view-only browsing against the computer, the analysis screen's lines (legal,
//! refreshed while frames run, stopped on leaving), and game review's labels, graph and worst
//! moves.
#![cfg(feature = "gui")]

use crate::common;

use std::time::{Duration, Instant};

use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use common::game::*;
use parachess::engine::Level;
use parachess::game::aids::threats::ThreatMark;
use parachess::game::analysis::review::{GraphColumn, ReviewState, WorstEntry};
use parachess::game::analysis::session::{Analyser, analyse_file};
use parachess::game::analysis::{StudySettings, open_analysis};
use parachess::game::board::pieces::pieces_match_game;
use parachess::game::core::DataDir;
use parachess::game::core::board::Animating;
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::state::{ChessGame, GameCommand, SeatKind, StatusLine, Thinking};
use parachess::game::ui::move_list::{MoveEntry, move_list};
use parachess::rules::{Cell, Game, Position};
use parachess::store::Store;
use parachess::study::{Label, ReviewSettings};

const OPENING: [&str; 6] = ["c4-d3", "i4-h3", "c3-d2", "i5-h4", "Sa2-e3", "i3-g5"];

fn agree(app: &mut App) {
    if let Err(e) = pieces_match_game(app.world_mut()) {
        panic!("entities and the position shown disagree:\n{e}");
    }
}

fn chess(app: &App) -> &ChessGame {
    app.world().resource::<ChessGame>()
}

fn status(app: &App) -> StatusLine {
    app.world().resource::<StatusLine>().clone()
}

/// Plays a move by clicking its piece and its target, and lets it land.
fn click_move(app: &mut App, text: &str) {
    let mv = chess(app)
        .board()
        .position()
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    click_cell(app, mv.from);
    click_cell(app, mv.to);
    settle(app, 200);
}

fn play_opening(app: &mut App, moves: &[&str]) {
    for m in moves {
        click_move(app, m);
    }
    assert_eq!(game(app).plies().len(), moves.len());
}

/// A headless app with quick, small searches for the study screens.
fn study_app() -> App {
    let mut app = headless_app();
    app.insert_resource(StudySettings {
        hash_mb: 8,
        refresh: Duration::from_millis(50),
        review: ReviewSettings {
            movetime: Duration::from_millis(40),
            threads: 2,
        },
        ..StudySettings::default()
    });
    app
}

/// The position after the first `ply` moves of the app's game, from the rules alone.
fn prefix_position(app: &App, ply: usize) -> Position {
    let mut g = Game::from_position(game(app).start_position().clone());
    for p in &game(app).plies()[..ply] {
        g.play(p.mv).unwrap();
    }
    g.position().clone()
}

fn entity_with<C: Component>(app: &mut App, want: impl Fn(&C) -> bool) -> Entity {
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &C)>();
    q.iter(world)
        .find(|(_, c)| want(c))
        .map(|(e, _)| e)
        .expect("no such entity")
}

#[test]
fn keys_step_through_the_game_with_the_pieces_gliding_and_the_game_kept_whole() {
    let mut app = study_app();
    play_opening(&mut app, &OPENING);
    let whole = game(&app).plies().len();

    tap(&mut app, KeyCode::ArrowLeft);
    assert_eq!(chess(&app).shown_ply(), whole - 1);
    assert!(
        app.world().resource::<Animating>().0,
        "a single step glides"
    );
    settle(&mut app, 200);
    agree(&mut app);
    assert_eq!(
        chess(&app).board().position(),
        &prefix_position(&app, whole - 1)
    );
    // The whole game is still the game.
    assert_eq!(game(&app).plies().len(), whole);

    tap(&mut app, KeyCode::ArrowLeft);
    settle(&mut app, 200);
    agree(&mut app);
    assert_eq!(chess(&app).shown_ply(), whole - 2);
    tap(&mut app, KeyCode::ArrowRight);
    settle(&mut app, 200);
    agree(&mut app);
    assert_eq!(chess(&app).shown_ply(), whole - 1);
    tap(&mut app, KeyCode::Home);
    settle(&mut app, 200);
    agree(&mut app);
    assert_eq!(chess(&app).shown_ply(), 0);
    assert_eq!(chess(&app).board().position(), &Position::start());
    // The autosave keeps the whole game while an earlier position is shown.
    flush_saves(&app);
    let dir = app.world().resource::<DataDir>().0.clone();
    let saved = Store::at(&dir).unwrap().load_autosave().unwrap().unwrap();
    assert_eq!(saved.game.plies().len(), whole);
    // Held, Right steps again and again, quickly.
    hold(&mut app, KeyCode::ArrowRight);
    assert_eq!(chess(&app).shown_ply(), 1, "the press steps once");
    // Held keys are not pressed again each frame (the input plugin clears that).
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .clear();
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(chess(&app).shown_ply(), 1, "no repeat before the delay");
    for _ in 0..40 {
        app.update();
    }
    let_go(&mut app, KeyCode::ArrowRight);
    assert!(chess(&app).shown_ply() >= 4, "{}", chess(&app).shown_ply());
    settle(&mut app, 200);
    agree(&mut app);
    tap(&mut app, KeyCode::End);
    settle(&mut app, 200);
    agree(&mut app);
    assert!(!chess(&app).browsing());
    assert_eq!(chess(&app).shown_ply(), whole);
}

#[test]
fn pressing_a_move_in_the_list_shows_its_position_and_aids_follow_it() {
    let mut app = study_app();
    play_opening(&mut app, &OPENING);
    app.world_mut().spawn(move_list());
    app.update();
    app.update();
    let third = entity_with::<MoveEntry>(&mut app, |e| e.0 == 3);
    press(&mut app, third, PointerButton::Primary);
    settle(&mut app, 200);
    agree(&mut app);
    assert_eq!(chess(&app).shown_ply(), 3);
    assert_eq!(chess(&app).board().position(), &prefix_position(&app, 3));

    // Threats mark the position shown.
    tap(&mut app, KeyCode::KeyT);
    settle(&mut app, 20);
    let mut marks: Vec<Cell> = app
        .world_mut()
        .query::<&ThreatMark>()
        .iter(app.world())
        .map(|m| m.cell)
        .collect();
    marks.sort();
    let expected: Vec<Cell> = prefix_position(&app, 3)
        .threats()
        .attacked
        .into_iter()
        .collect();
    assert_eq!(marks, expected);
    // A hint is refused with a reason, and nothing is searched.
    tap(&mut app, KeyCode::KeyH);
    let s = status(&app);
    assert!(s.warning && is_message(&s.text, "hint-browsing"), "{s:?}");
    // The list rebuilt after the move is still pressable; the end is back.
    let last = entity_with::<MoveEntry>(&mut app, |e| e.0 == OPENING.len());
    press(&mut app, last, PointerButton::Primary);
    settle(&mut app, 200);
    agree(&mut app);
    assert!(!chess(&app).browsing());
}

#[test]
fn a_move_from_an_earlier_position_starts_a_new_line_and_undo_brings_the_old_one_back() {
    let mut app = study_app();
    play_opening(&mut app, &OPENING);
    let old: Vec<_> = game(&app).plies().iter().map(|p| p.mv).collect();
    tap(&mut app, KeyCode::ArrowLeft);
    tap(&mut app, KeyCode::ArrowLeft);
    tap(&mut app, KeyCode::ArrowLeft);
    settle(&mut app, 200);
    assert_eq!(chess(&app).shown_ply(), 3);
    // Black to move at ply 3; a move other than the game's.
    click_move(&mut app, "i3-g5");
    agree(&mut app);
    assert!(!chess(&app).browsing());
    assert_eq!(game(&app).plies().len(), 4);
    assert_eq!(game(&app).plies()[3].text, "i3-g5");
    assert_eq!(chess(&app).kept_lines(), 1);
    assert!(
        is_message(&status(&app).text, "status-new-line"),
        "{:?}",
        status(&app)
    );
    // The autosave holds the new line, whole.
    flush_saves(&app);
    let dir = app.world().resource::<DataDir>().0.clone();
    let saved = Store::at(&dir).unwrap().load_autosave().unwrap().unwrap();
    assert_eq!(saved.game.plies().len(), 4);

    tap(&mut app, KeyCode::KeyU);
    settle(&mut app, 200);
    agree(&mut app);
    let back: Vec<_> = game(&app).plies().iter().map(|p| p.mv).collect();
    assert_eq!(back, old, "undo brings back the old line");
    assert_eq!(chess(&app).shown_ply(), 3, "shown where the lines part");
    tap(&mut app, KeyCode::End);
    settle(&mut app, 200);
    agree(&mut app);
    assert_eq!(chess(&app).shown_ply(), OPENING.len());

    // The game's own next move just steps forward.
    tap(&mut app, KeyCode::ArrowLeft);
    settle(&mut app, 200);
    click_move(&mut app, OPENING[5]);
    assert_eq!(game(&app).plies().len(), OPENING.len());
    assert!(!chess(&app).browsing());
    assert_eq!(chess(&app).kept_lines(), 0);
}

#[test]
fn against_the_computer_an_earlier_position_is_only_looked_at() {
    let mut app = study_app();
    app.world_mut().write_message(GameCommand::NewGame {
        start: None,
        players: [SeatKind::Human, SeatKind::Computer(Level::Easy)],
    });
    app.update();
    click_move(&mut app, "c4-d3");
    run_until(&mut app, Duration::from_secs(30), |a| {
        game(a).plies().len() == 2
    })
    .expect("the computer answers");
    settle(&mut app, 200);
    // The move, and a look back while it still glides: the computer waits.
    click_cell(&mut app, "c3".parse().unwrap());
    click_cell(&mut app, "d2".parse().unwrap());
    assert_eq!(game(&app).plies().len(), 3);
    tap(&mut app, KeyCode::ArrowLeft);
    assert!(chess(&app).browsing());
    // Once the move has glided home the computer would start at once; while browsing, no
    // frame starts its search.
    settle(&mut app, 400);
    assert!(
        !app.world().resource::<Animating>().0,
        "the move still glides"
    );
    for _ in 0..20 {
        app.update();
        assert!(
            !app.world().resource::<Thinking>().0,
            "the computer thinks while browsing"
        );
    }
    assert_eq!(
        game(&app).plies().len(),
        3,
        "the computer moved while browsing"
    );
    settle(&mut app, 200);
    agree(&mut app);
    // A board move is refused, saying why; nothing changes.
    click_cell(&mut app, "b3".parse().unwrap());
    let s = status(&app);
    assert!(s.warning && is_message(&s.text, "input-browsing"), "{s:?}");
    assert_eq!(
        app.world()
            .resource::<parachess::game::core::selection::Selection>()
            .cell,
        None
    );
    assert_eq!(game(&app).plies().len(), 3);
    // Undo waits too.
    tap(&mut app, KeyCode::KeyU);
    assert_eq!(game(&app).plies().len(), 3);
    // Back at the end the computer goes on.
    tap(&mut app, KeyCode::End);
    run_until(&mut app, Duration::from_secs(30), |a| {
        game(a).plies().len() == 4
    })
    .expect("the computer answers at the end");
    settle(&mut app, 200);
    agree(&mut app);
}

/// Runs frames until the analysis has refreshed `reports` times for the position shown,
/// checking that no frame waited on the search; returns the frames run.
fn until_refreshed(app: &mut App, reports: usize) -> u32 {
    let started = Instant::now();
    let mut seen = Vec::new();
    let mut frames = 0;
    while seen.len() < reports {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "only {} refreshes",
            seen.len()
        );
        app.update();
        frames += 1;
        if let Some(r) = app.world().resource::<Analyser>().latest()
            && seen.last() != Some(&r.nodes)
        {
            seen.push(r.nodes);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    // An infinite search on the frame thread would never have let a frame end (the loop's
    // bound catches it); a frame that waited for each depth would see each refresh in one
    // frame: each refresh was taken by a frame of its own, the frames going on meanwhile.
    assert!(
        frames as usize >= reports,
        "{frames} frames for {reports} reports"
    );
    frames
}

fn assert_lines_legal(app: &App) {
    let g = chess(app).board().clone();
    let report = app
        .world()
        .resource::<Analyser>()
        .latest()
        .cloned()
        .expect("lines");
    assert!(!report.lines.is_empty() && report.lines.len() <= 3);
    for line in &report.lines {
        let mut g = g.clone();
        for &mv in &line.pv {
            g.play(mv)
                .unwrap_or_else(|e| panic!("{mv} of {:?} is not legal: {e}", line.pv));
        }
    }
}

#[test]
fn the_analysis_follows_the_board_off_the_frame_thread_and_stops_on_leaving() {
    let mut app = study_app();
    play_opening(&mut app, &OPENING[..4]);
    let play_game: Vec<_> = game(&app).plies().iter().map(|p| p.mv).collect();
    tap(&mut app, KeyCode::KeyA);
    assert_eq!(where_(&app), (Screen::Analysis, Modal::None));
    until_refreshed(&mut app, 8);
    assert!(app.world().resource::<Analyser>().searching());
    assert_lines_legal(&app);
    // The panel shows the lines.
    let lines: Vec<String> = app
        .world_mut()
        .query::<(&Text, &parachess::game::analysis::panel::EngineLine)>()
        .iter(app.world())
        .map(|(t, _)| t.0.clone())
        .collect();
    assert!(lines.iter().any(|l| l.contains('.')), "{lines:?}");

    // Threads (the panel's button): one more, or back to one after the most; the search
    // starts again with them and its lines stay legal.
    use parachess::game::analysis::session::{StudySettings, max_threads};
    let before = app.world().resource::<StudySettings>().threads;
    use parachess::game::core::actions::{Action, StudyAction};
    StudyAction::Threads.run(app.world_mut());
    app.update();
    let after = app.world().resource::<StudySettings>().threads;
    let expected = if before >= max_threads() {
        1
    } else {
        before + 1
    };
    assert_eq!(after, expected);
    assert!(
        is_message(&status(&app).text, "analysis-threads-status"),
        "{:?}",
        status(&app)
    );
    until_refreshed(&mut app, 3);
    assert_lines_legal(&app);

    // A step back: the lines are for the new position.
    tap(&mut app, KeyCode::ArrowLeft);
    settle(&mut app, 200);
    until_refreshed(&mut app, 2);
    assert_eq!(chess(&app).shown_ply(), 3);
    assert_lines_legal(&app);

    // Either side moves here: Black (a new line), then White.
    click_move(&mut app, "i3-g5");
    assert_eq!(game(&app).plies().len(), 4);
    until_refreshed(&mut app, 2);
    assert_lines_legal(&app);
    click_move(&mut app, "Sa2-e3");
    assert_eq!(game(&app).plies().len(), 5);

    // Leaving stops the search; the play game is as it was.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Play);
    run_until(&mut app, Duration::from_secs(10), |a| {
        !a.world().resource::<Analyser>().searching()
    })
    .expect("the search stops");
    for _ in 0..30 {
        app.update();
        assert!(!app.world().resource::<Analyser>().searching());
    }
    let now: Vec<_> = game(&app).plies().iter().map(|p| p.mv).collect();
    assert_eq!(now, play_game);
    assert_eq!(chess(&app).players(), [SeatKind::Human; 2]);
    agree(&mut app);
}

#[test]
fn the_analysis_opens_on_any_game_and_says_when_it_is_over() {
    let mut app = study_app();
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Title);
    // A mated position: said so, nothing searched.
    let mut mated = Game::new();
    for m in ["Sa2-e3", "i3-g5", "Se3-i3#"] {
        mated.play_text(m).unwrap();
    }
    app.world_mut()
        .commands()
        .queue(move |world: &mut World| open_analysis(world, mated));
    app.update();
    app.update();
    assert_eq!(where_(&app).0, Screen::Analysis);
    for _ in 0..20 {
        app.update();
    }
    let analyser = app.world().resource::<Analyser>();
    assert!(!analyser.wanted() && analyser.latest().is_none());
    let info: Vec<String> = app
        .world_mut()
        .query::<(&Text, &parachess::game::analysis::panel::EngineInfo)>()
        .iter(app.world())
        .map(|(t, _)| t.0.clone())
        .collect();
    assert!(
        info.iter().any(|t| is_message(t, "analysis-game-over")),
        "{info:?}"
    );
    // One step back: the engine searches again.
    tap(&mut app, KeyCode::ArrowLeft);
    until_refreshed(&mut app, 1);
    assert_lines_legal(&app);
    // Back to where it came from.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Title);
}

#[test]
fn a_review_labels_the_moves_draws_the_graph_and_lists_the_worst_moves() {
    let mut app = study_app();
    play_opening(&mut app, &[]);
    for m in ["Sa2-e3", "i3-g5", "Se3-i3#"] {
        click_move(&mut app, m);
    }
    app.update();
    assert_eq!(where_(&app), (Screen::Play, Modal::GameOver));
    tap(&mut app, KeyCode::KeyR);
    assert_eq!(where_(&app).0, Screen::Analysis);
    assert!(app.world().resource::<ReviewState>().running());
    // While the review runs the analysis waits.
    assert!(!app.world().resource::<Analyser>().wanted());
    run_until(&mut app, Duration::from_secs(60), |a| {
        a.world().resource::<ReviewState>().review().is_some()
    })
    .expect("the review finishes");
    app.update();
    app.update();
    let review = app
        .world()
        .resource::<ReviewState>()
        .review()
        .cloned()
        .unwrap();
    // The same game reviewed directly: the plain verdicts agree.
    let direct = parachess::study::review(
        &game(&app).clone(),
        &ReviewSettings {
            movetime: Duration::from_millis(40),
            threads: 2,
        },
        &mut |_, _| {},
        &parachess::engine::StopFlag::new(),
    )
    .unwrap();
    assert_eq!(review.moves[1].label, Label::Blunder);
    assert_eq!(direct.moves[1].label, Label::Blunder);
    assert_eq!(review.moves[2].label, Label::Best);
    assert_eq!(direct.moves[2].label, Label::Best);
    // Every move of the list carries its label's mark.
    for m in &review.moves {
        let entry = entity_with::<MoveEntry>(&mut app, |e| e.0 == m.ply + 1);
        let child = app.world().get::<Children>(entry).unwrap()[0];
        let shown = app.world().get::<Text>(child).unwrap().0.clone();
        let mark = m.label.mark().map_or("", |k| k.text());
        assert_eq!(shown, format!("{}{mark}", m.text), "{m:?}");
    }
    // The graph: a column per position; pressing one shows it.
    let columns = app
        .world_mut()
        .query::<&GraphColumn>()
        .iter(app.world())
        .count();
    assert_eq!(columns, review.evals.len());
    let column = entity_with::<GraphColumn>(&mut app, |c| c.0 == 1);
    press(&mut app, column, PointerButton::Primary);
    settle(&mut app, 200);
    agree(&mut app);
    assert_eq!(chess(&app).shown_ply(), 1);
    // Black's blunder is listed; picking it shows the position before it and its better move.
    let worst = entity_with::<WorstEntry>(&mut app, |w| w.0 == 1);
    let column = entity_with::<GraphColumn>(&mut app, |c| c.0 == 3);
    press(&mut app, column, PointerButton::Primary);
    settle(&mut app, 200);
    press(&mut app, worst, PointerButton::Primary);
    settle(&mut app, 200);
    agree(&mut app);
    assert_eq!(chess(&app).shown_ply(), 1);
    assert_eq!(app.world().resource::<ReviewState>().selected(), Some(1));
    assert!(
        is_message(&status(&app).text, "review-was-a"),
        "{:?}",
        status(&app)
    );
    // Leaving ends the review's state; the play game is untouched.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Play);
    assert_eq!(game(&app).plies().len(), 3);
    assert!(app.world().resource::<ReviewState>().review().is_none());
}

#[test]
fn a_saved_game_opens_on_the_analysis_screen_and_a_bad_one_changes_nothing() {
    let mut app = study_app();
    play_opening(&mut app, &OPENING[..2]);
    let playing = game(&app).clone();
    let dir = app.world().resource::<DataDir>().0.clone();
    let store = Store::at(&dir).unwrap();
    let mut saved = Game::new();
    for m in &OPENING[..4] {
        saved.play_text(m).unwrap();
    }
    let path = store
        .save_game("four moves", &saved, &Default::default(), false)
        .unwrap();
    let broken = dir.join("saves").join("broken.pgn");
    std::fs::write(&broken, "1. c4-d3 zz9-q1 *\n").unwrap();
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Title);
    // What the Load dialog's Analyse button does with each file.
    let analyse = |app: &mut App, path: std::path::PathBuf| {
        app.world_mut()
            .commands()
            .queue(move |world: &mut World| analyse_file(world, path));
        app.update();
        until_saved_game_read(app);
    };
    analyse(&mut app, broken);
    assert_eq!(where_(&app), (Screen::Title, Modal::None));
    let said = status(&app);
    assert!(
        said.warning && is_message(&said.text, "load-cannot"),
        "{said:?}"
    );
    assert_eq!(moves(game(&app)), moves(&playing));
    // A good one opens for study, either side to move, at its end.
    analyse(&mut app, path);
    assert_eq!(where_(&app), (Screen::Analysis, Modal::None));
    assert_eq!(moves(game(&app)), moves(&saved));
    assert_eq!(chess(&app).players(), [SeatKind::Human; 2]);
    assert!(!chess(&app).browsing());
    // The play game waits untouched: Esc, then Continue (Enter), finds it.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Title);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(where_(&app).0, Screen::Play);
    assert_eq!(moves(game(&app)), moves(&playing));
}

fn moves(g: &Game) -> Vec<String> {
    g.plies().iter().map(|p| p.text.clone()).collect()
}
