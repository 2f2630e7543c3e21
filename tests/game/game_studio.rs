//! The board editor and the Puzzles screen driven headless through the input layer: pieces
//! dragged from the palette, moved, removed and right-clicked away with the rules' verdict
//! after every change; Play from here keeping the unfinished play game on disk; a puzzle
//! solved with clicks (rating and streak saved), a wrong move refused with its explanation.
#![cfg(feature = "gui")]

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use common::game::*;
use parachess::game::board::pieces::pieces_match_game;
use parachess::game::core::DataDir;
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::state::{ChessGame, SeatKind, StatusLine};
use parachess::game::editor::Editor;
use parachess::game::puzzles::PuzzleScreen;
use parachess::rules::{
    Cell, Game, Piece, PieceKind, Position, PositionErrorKind, Setup, SetupNote, Side,
};
use parachess::store::Store;
use parachess::study::{Puzzle, Theme};

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn piece(side: Side, kind: PieceKind) -> Piece {
    Piece::new(side, kind)
}

/// The catalogue's "no King" verdict for `side`.
fn missing_king(side: Side) -> String {
    use parachess::game::text::{arg, side_name, tr_args};
    tr_args("position-missing-king", &[("side", arg(side_name(side)))])
}

fn status(app: &App) -> StatusLine {
    app.world().resource::<StatusLine>().clone()
}

fn editor(app: &App) -> &Editor {
    app.world().resource::<Editor>()
}

fn agree(app: &mut App) {
    settle(app, 30);
    if let Err(e) = pieces_match_game(app.world_mut()) {
        panic!("entities and game disagree:\n{e}");
    }
}

/// The editor's setup and verdict agree with the rules asked afresh, and the board shows it.
fn judged(app: &mut App) -> Vec<PositionErrorKind> {
    let setup = editor(app).setup().clone();
    assert_eq!(
        editor(app).check(),
        &setup.check(),
        "the verdict is the rules'"
    );
    assert_eq!(
        app.world().resource::<ChessGame>().game().position(),
        &setup.board(),
        "the board shows the setup"
    );
    agree(app);
    setup.check().problems
}

fn editor_app(data: PathBuf) -> App {
    let mut app = headless_app_with(
        data,
        LaunchOptions {
            screen: Screen::Editor,
            ..LaunchOptions::default()
        },
    );
    settle(&mut app, 10);
    app
}

#[test]
fn the_editor_is_driven_with_the_pointer_and_the_rules_judge_every_change() {
    let mut app = editor_app(temp_data_dir("editor"));
    assert_eq!(where_(&app), (Screen::Editor, Modal::None));
    // It starts from the play game's position: here the starting one, ready to play.
    assert_eq!(editor(&app).setup().board(), Position::start());
    assert!(judged(&mut app).is_empty());

    // X: an empty board, which has no Kings.
    tap(&mut app, KeyCode::KeyX);
    assert_eq!(
        judged(&mut app),
        [
            PositionErrorKind::MissingKing(Side::White),
            PositionErrorKind::MissingKing(Side::Black)
        ]
    );
    assert!(piece_at(&mut app, c("a4")).is_none());
    let said = editor(&app).verdict();
    assert_eq!(said, [missing_king(Side::White), missing_king(Side::Black)]);

    // A White King dragged from the palette onto a6, a Black one onto e5.
    let white_king = palette_slot(&mut app, piece(Side::White, PieceKind::King));
    let a6 = tile(&mut app, c("a6"));
    drag_onto(&mut app, white_king, a6);
    assert_eq!(
        editor(&app).setup().piece_at(c("a6")),
        Some(piece(Side::White, PieceKind::King))
    );
    assert_eq!(
        judged(&mut app),
        [PositionErrorKind::MissingKing(Side::Black)]
    );
    assert!(piece_at(&mut app, c("a6")).is_some(), "drawn on the board");
    let black_king = palette_slot(&mut app, piece(Side::Black, PieceKind::King));
    let e5 = tile(&mut app, c("e5"));
    drag_onto(&mut app, black_king, e5);
    assert!(judged(&mut app).is_empty());
    assert!(editor(&app).why_not_playable().is_none());

    // For people who cannot drag: click a palette Rook, then e1. The Black King is then in
    // its reach with White to move, which no game can reach.
    let rook = palette_slot(&mut app, piece(Side::White, PieceKind::Rook));
    click(&mut app, rook, PointerButton::Primary);
    assert_eq!(
        editor(&app).brush(),
        Some(piece(Side::White, PieceKind::Rook))
    );
    click_cell(&mut app, c("e1"));
    assert_eq!(
        judged(&mut app),
        [PositionErrorKind::KingCapturable(Side::White)]
    );
    assert!(
        editor(&app)
            .why_not_playable()
            .is_some_and(|w| holds_message(&w, "position-king-capturable")),
        "{:?}",
        editor(&app).why_not_playable()
    );
    // Not playable: Analyse refuses, saying why, and the editor stays.
    tap(&mut app, KeyCode::KeyA);
    assert_eq!(where_(&app).0, Screen::Editor);
    assert!(status(&app).warning && is_message(&status(&app).text, "editor-not-playable"));
    // Black to move (the button's key): playable, with a note that Black is in check.
    tap(&mut app, KeyCode::KeyB);
    assert!(judged(&mut app).is_empty());
    assert_eq!(
        editor(&app).check().notes,
        [SetupNote::InCheck(Side::Black)]
    );

    // Esc puts the Rook in hand away first (the screen stays).
    tap(&mut app, KeyCode::Escape);
    assert_eq!(editor(&app).brush(), None);
    assert_eq!(where_(&app).0, Screen::Editor);

    // The Rook dragged from e1 to b2 on the board: no check any more.
    drag(&mut app, c("e1"), c("b2"));
    assert_eq!(editor(&app).setup().piece_at(c("e1")), None);
    assert_eq!(
        editor(&app).setup().piece_at(c("b2")),
        Some(piece(Side::White, PieceKind::Rook))
    );
    assert!(judged(&mut app).is_empty());
    let mut expected = Setup::empty();
    expected.set(c("a6"), Some(piece(Side::White, PieceKind::King)));
    expected.set(c("e5"), Some(piece(Side::Black, PieceKind::King)));
    expected.set(c("b2"), Some(piece(Side::White, PieceKind::Rook)));
    expected.set_turn(Side::Black);
    assert_eq!(editor(&app).setup(), &expected);

    // Dragged off the board (onto the panel's palette): removed.
    let rook_on_b2 = cell_target(&mut app, c("b2"));
    let anywhere = palette_slot(&mut app, piece(Side::Black, PieceKind::Pawn));
    drag_onto(&mut app, rook_on_b2, anywhere);
    assert_eq!(editor(&app).setup().piece_at(c("b2")), None);
    assert!(judged(&mut app).is_empty());
    assert!(piece_at(&mut app, c("b2")).is_none());

    // A Pawn on its last row is refused by name; a right-click takes it away again.
    let pawn = palette_slot(&mut app, piece(Side::White, PieceKind::Pawn));
    let k2 = tile(&mut app, c("k2"));
    drag_onto(&mut app, pawn, k2);
    assert_eq!(
        judged(&mut app),
        [PositionErrorKind::PawnOnLastRow {
            side: Side::White,
            cell: c("k2")
        }]
    );
    right_click_cell(&mut app, c("k2"));
    assert_eq!(editor(&app).setup().piece_at(c("k2")), None);
    assert!(judged(&mut app).is_empty());
    // A right-click on the King: White has none any more.
    right_click_cell(&mut app, c("a6"));
    assert_eq!(
        judged(&mut app),
        [PositionErrorKind::MissingKing(Side::White)]
    );
    assert_eq!(editor(&app).verdict(), [missing_king(Side::White)]);

    // Bad position text changes nothing and says what and where; good text is taken.
    let before = editor(&app).setup().clone();
    parachess::game::editor::paste_text(app.world_mut(), "6/4/8/5/1X/6/10/5/8/4/6 w 0 1");
    app.update();
    assert_eq!(editor(&app).setup(), &before);
    let said = status(&app);
    assert!(
        said.warning
            && is_message(&said.text, "pos-not-a-position")
            && holds_message(&said.text, "position-error")
            && said.text.contains("10"),
        "{said:?}"
    );
    parachess::game::editor::paste_text(app.world_mut(), "6/4/8/5/10/6/R3k5/5/8/4/K5 b 0 1");
    app.update();
    assert!(judged(&mut app).is_empty());
    assert_eq!(
        editor(&app).check().notes,
        [SetupNote::InCheck(Side::Black)]
    );

    // Analyse: the analysis screen opens on the position, either side to move there, and Esc
    // comes back to the editor with the setup as it was.
    let setup = editor(&app).setup().clone();
    tap(&mut app, KeyCode::KeyA);
    assert_eq!(where_(&app).0, Screen::Analysis);
    let board = app.world().resource::<ChessGame>();
    assert_eq!(board.game().position(), &setup.board());
    assert!(board.game().plies().is_empty());
    assert_eq!(board.players(), [SeatKind::Human; 2]);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Editor);
    assert_eq!(editor(&app).setup(), &setup);
}

fn piece_at(app: &mut App, cell: Cell) -> Option<Entity> {
    common::game::piece(app, cell)
}

/// The saved games kept as `unfinished-…` in the saves folder.
fn kept_unfinished(dir: &Path) -> Vec<Game> {
    let store = Store::at(dir).unwrap();
    store
        .list_saves()
        .unwrap()
        .into_iter()
        .filter(|s| s.name.starts_with("unfinished-"))
        .map(|s| store.load_game(&s.path).unwrap().game)
        .collect()
}

fn autosaved(dir: &Path) -> Game {
    Store::at(dir)
        .unwrap()
        .load_autosave()
        .unwrap()
        .expect("an autosave")
        .game
}

/// Plays a legal move of the side to move through two clicks.
fn click_a_move(app: &mut App) {
    let mv = game(app).legal_moves()[0];
    click_cell(app, mv.from);
    click_cell(app, mv.to);
    settle(app, 120);
}

#[test]
fn play_from_here_starts_that_game_and_keeps_the_unfinished_one() {
    let dir = temp_data_dir("editor-play");
    let mut app = headless_app_with(dir.clone(), LaunchOptions::default());
    // A game of two moves on the play screen.
    tap(&mut app, KeyCode::KeyP);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    click_a_move(&mut app);
    click_a_move(&mut app);
    let first = game(&app).clone();
    assert_eq!(first.plies().len(), 2);
    flush_saves(&app);
    assert_eq!(autosaved(&dir).plies().len(), 2);

    // To the editor from the title screen: it starts from that game's position.
    tap(&mut app, KeyCode::Escape);
    tap(&mut app, KeyCode::KeyE);
    settle(&mut app, 10);
    assert_eq!(where_(&app).0, Screen::Editor);
    assert_eq!(&editor(&app).setup().board(), first.position());
    // The editor never writes the autosave.
    tap(&mut app, KeyCode::KeyX);
    for (cell, side) in [("a4", Side::White), ("k4", Side::Black)] {
        let king = palette_slot(&mut app, piece(side, PieceKind::King));
        let target = tile(&mut app, c(cell));
        drag_onto(&mut app, king, target);
    }
    let queen = palette_slot(&mut app, piece(Side::White, PieceKind::Queen));
    let e5 = tile(&mut app, c("e5"));
    drag_onto(&mut app, queen, e5);
    assert!(judged(&mut app).is_empty());
    let set_up = editor(&app).setup().position().unwrap();
    flush_saves(&app);
    assert_eq!(
        autosaved(&dir).plies().len(),
        2,
        "the play game is untouched"
    );

    // Enter: Play from here, two players.
    tap(&mut app, KeyCode::Enter);
    settle(&mut app, 10);
    assert_eq!(where_(&app), (Screen::Play, Modal::None));
    let g = app.world().resource::<ChessGame>().clone();
    assert_eq!(g.game().start_position(), &set_up);
    assert!(g.game().plies().is_empty());
    assert_eq!(g.players(), [SeatKind::Human; 2]);
    flush_saves(&app);
    // The first game stays in the autosave until the new one has a move...
    let on_disk = autosaved(&dir);
    assert_eq!(on_disk.plies().len(), 2);
    assert_eq!(on_disk.position(), first.position());
    // ...and then is kept among the saved games.
    click_a_move(&mut app);
    flush_saves(&app);
    let kept = kept_unfinished(&dir);
    assert_eq!(kept.len(), 1, "the first game is kept");
    assert_eq!(kept[0].position(), first.position());
    let now = autosaved(&dir);
    assert_eq!(now.start_position(), &set_up);
    assert_eq!(now.plies().len(), 1);
}

#[test]
fn play_the_computer_from_here_gives_the_side_to_move_to_the_player() {
    let mut app = editor_app(temp_data_dir("editor-computer"));
    tap(&mut app, KeyCode::KeyB);
    tap(&mut app, KeyCode::KeyP);
    settle(&mut app, 5);
    assert_eq!(where_(&app).0, Screen::Play);
    let g = app.world().resource::<ChessGame>();
    assert_eq!(g.game().start_position().turn(), Side::Black);
    assert_eq!(g.players()[Side::Black.index()], SeatKind::Human);
    assert!(matches!(
        g.players()[Side::White.index()],
        SeatKind::Computer(_)
    ));
}

/// A headless app on the Puzzles screen at `puzzle` (index into the built-in set).
fn puzzle_app(data: PathBuf, puzzle: usize) -> App {
    let mut app = headless_app_with(
        data,
        LaunchOptions {
            screen: Screen::Puzzles,
            puzzle: Some(puzzle),
            ..LaunchOptions::default()
        },
    );
    let opened = run_until(&mut app, Duration::from_secs(20), |app| {
        app.world().resource::<PuzzleScreen>().open().is_some()
    });
    assert!(opened.is_some(), "the puzzle never opened");
    settle(&mut app, 10);
    app
}

fn screen(app: &App) -> &PuzzleScreen {
    app.world().resource::<PuzzleScreen>()
}

/// The first built-in puzzle of `theme` whose solution has `plies` half-moves.
fn find_puzzle(theme: Theme, plies: usize) -> (usize, Puzzle) {
    parachess::study::builtin()
        .unwrap()
        .into_iter()
        .enumerate()
        .find(|(_, p)| p.theme == theme && p.solution.len() == plies)
        .expect("such a puzzle is built in")
}

/// Clicks a move and waits until the run has answered it (and the board is still).
fn click_and_wait(app: &mut App, from: Cell, to: Cell) {
    click_cell(app, from);
    click_cell(app, to);
    let answered = run_until(app, Duration::from_secs(60), |app| {
        screen(app).open().is_some_and(|o| !o.busy())
    });
    assert!(answered.is_some(), "no answer to {from}-{to}");
    settle(app, 120);
}

fn data_dir(app: &App) -> PathBuf {
    app.world().resource::<DataDir>().0.clone()
}

#[test]
fn a_puzzle_solved_with_clicks_raises_the_rating_and_is_saved() {
    let (index, puzzle) = find_puzzle(Theme::Mate, 3);
    let mut app = puzzle_app(temp_data_dir("puzzle-solved"), index);
    assert_eq!(where_(&app), (Screen::Puzzles, Modal::None));
    assert_eq!(game(&app).position(), &puzzle.position);
    agree(&mut app);
    let before = screen(&app).progress().clone();
    assert_eq!(before.streak, 0);

    // The first move; the defender's reply follows by itself and glides.
    click_and_wait(&mut app, puzzle.solution[0].from, puzzle.solution[0].to);
    let replied = run_until(&mut app, Duration::from_secs(10), |app| {
        game(app).plies().len() == 2
    });
    assert!(replied.is_some(), "no reply on the board");
    settle(&mut app, 120);
    agree(&mut app);
    let run_position = screen(&app).open().unwrap().run().position().clone();
    assert_eq!(
        game(&app).position(),
        &run_position,
        "the board follows the run"
    );
    // The mate, from wherever the reply went: the run's own next move.
    let mate = screen(&app).open().unwrap().run().expected().unwrap();
    click_and_wait(&mut app, mate.from, mate.to);
    let open = screen(&app).open().unwrap();
    assert!(open.solved() && !open.failed());
    assert!(game(&app).is_over());
    let change = open.counted().expect("counted");
    assert!(change.rated && change.after > change.before, "{change:?}");
    let said = status(&app);
    assert!(is_message(&said.text, "puzzles-solved-rated"), "{said:?}");
    let progress = screen(&app).progress().clone();
    assert_eq!(progress.streak, 1);
    assert!(progress.solved.contains(&puzzle.id()));
    assert_eq!(progress.rating, change.after);

    // Saved in the data folder.
    flush_puzzles(&mut app);
    let saved = parachess::store::puzzles::load_progress(&data_dir(&app)).unwrap();
    assert_eq!(saved, progress);

    // Enter: another puzzle, not the one just solved.
    tap(&mut app, KeyCode::Enter);
    settle(&mut app, 10);
    let next = screen(&app).open().unwrap().index();
    assert_ne!(next, index);
    assert_eq!(
        game(&app).position(),
        &screen(&app).puzzles()[next].position
    );
}

#[test]
fn a_wrong_move_is_refused_explained_and_counted() {
    let (index, puzzle) = find_puzzle(Theme::Mate, 1);
    let mut app = puzzle_app(temp_data_dir("puzzle-wrong"), index);
    let start = puzzle.position.clone();
    let right = puzzle.solution[0];
    // A legal move of the solver that is not the mate and does not end the game.
    let wrong = start
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            m != right && start.after(m).has_legal_move() && !start.is_promotion(m.from, m.to)
        })
        .expect("a wrong move");
    click_and_wait(&mut app, wrong.from, wrong.to);
    // The board is unchanged, the move explained with the right one named.
    assert_eq!(game(&app).position(), &start);
    assert!(game(&app).plies().is_empty());
    agree(&mut app);
    let open = screen(&app).open().unwrap();
    let refused = open.wrong().expect("explained").clone();
    assert_eq!(refused.played, wrong);
    assert_eq!(refused.solution, Some(right));
    assert_eq!(open.pointed(), Some(right), "the right move is pointed at");
    assert!(open.failed() && open.run().mistakes() == 1);
    let said = status(&app);
    assert!(said.warning, "{said:?}");
    assert!(
        said.text
            .contains(&parachess::game::text::puzzle_explanation(
                &refused.explanation
            )),
        "{said:?}"
    );
    assert!(said.text.contains(&refused.solution_text), "{said:?}");
    // It counts as not solved at once.
    let change = open.counted().expect("counted");
    assert!(change.rated && change.after < change.before, "{change:?}");
    flush_puzzles(&mut app);
    let saved = parachess::store::puzzles::load_progress(&data_dir(&app)).unwrap();
    assert!(saved.rated.contains(&puzzle.id()) && !saved.solved.contains(&puzzle.id()));
    assert_eq!(saved.streak, 0);

    // The right move still solves it, with help: the rating does not move again.
    click_and_wait(&mut app, right.from, right.to);
    let open = screen(&app).open().unwrap();
    assert!(open.solved() && open.failed());
    assert_eq!(open.counted(), Some(change));
    assert_eq!(screen(&app).progress().rating, change.after);
    assert!(
        is_message(&status(&app).text, "puzzles-solved-with-help"),
        "{:?}",
        status(&app)
    );

    // R: the same puzzle again from its start.
    tap(&mut app, KeyCode::KeyR);
    settle(&mut app, 10);
    assert_eq!(game(&app).position(), &start);
    assert_eq!(screen(&app).open().unwrap().index(), index);
    assert!(screen(&app).open().unwrap().counted().is_none());
}

#[test]
fn show_solution_plays_the_line_and_counts_as_not_solved() {
    let (index, puzzle) = find_puzzle(Theme::Mate, 3);
    let mut app = puzzle_app(temp_data_dir("puzzle-shown"), index);
    tap(&mut app, KeyCode::KeyS);
    let done = run_until(&mut app, Duration::from_secs(60), |app| {
        screen(app).open().is_some_and(|o| o.solved())
    });
    assert!(done.is_some(), "the solution never finished");
    settle(&mut app, 120);
    agree(&mut app);
    // The whole line is on the board, ending the game; the puzzle counts as not solved.
    assert_eq!(game(&app).plies().len(), puzzle.solution.len());
    assert!(game(&app).is_over());
    let open = screen(&app).open().unwrap();
    assert!(open.failed());
    let change = open.counted().expect("counted");
    assert!(change.rated && change.after < change.before);
    assert!(!screen(&app).progress().solved.contains(&puzzle.id()));
    assert!(is_message(
        &status(&app).text,
        "puzzles-that-is-the-solution"
    ));
}

#[test]
fn a_corrupt_puzzle_record_is_set_aside_and_the_player_told() {
    let dir = temp_data_dir("puzzle-corrupt");
    std::fs::write(dir.join("puzzles.ron"), "(rating: oops").unwrap();
    let (index, _) = find_puzzle(Theme::Mate, 1);
    let app = puzzle_app(dir.clone(), index);
    let notice = screen(&app).notice().unwrap_or_default().to_string();
    assert!(
        is_message(&notice, "puzzles-record-unreadable") && notice.contains("puzzles.corrupt-"),
        "{notice}"
    );
    assert_eq!(screen(&app).progress(), &Default::default());
    let kept = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("puzzles.corrupt-")
        });
    assert!(kept);
}
