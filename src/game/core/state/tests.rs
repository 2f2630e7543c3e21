//! The game resource's and the command API's tests.

use super::changes::{play_on_board, undo};
use super::*;
use crate::rules::clock::TimeControl;
use crate::rules::{Move, Outcome};

fn played(moves: &[&str]) -> ChessGame {
    let mut g = ChessGame::default();
    for m in moves {
        g.game.play_text(m).unwrap();
    }
    g
}

#[test]
fn an_earlier_position_is_shown_without_changing_the_game() {
    let moves = ["c4-d3", "i4-h3", "c3-d2", "i5-h4", "Sa2-e3"];
    let mut g = played(&moves);
    let (revision, saved) = (g.revision(), g.game_revision());
    for ply in [3, 1, 4, 0, 2, 5, 1] {
        let mut expected = Game::new();
        for m in &moves[..ply] {
            expected.play_text(m).unwrap();
        }
        g.show_ply(ply);
        assert_eq!(g.shown_ply(), ply);
        assert_eq!(g.board().position(), expected.position());
        assert_eq!(g.board().plies().len(), ply);
        assert_eq!(g.browsing(), ply < moves.len());
        assert_eq!(g.game.plies().len(), moves.len());
    }
    assert!(g.revision() > revision, "the view changed");
    assert_eq!(g.game_revision(), saved, "the game did not");
    assert!(!g.show_ply(1), "already shown");
    g.replace(Game::new(), [SeatKind::Human; 2]);
    assert!(!g.browsing());
}

#[test]
fn a_move_from_an_earlier_position_branches_and_undo_restores_the_line() {
    let mut g = played(&["c4-d3", "i4-h3", "c3-d2", "i5-h4"]);
    let mut status = StatusLine::default();
    g.show_ply(2);
    // The game's own move steps forward.
    let own = g.game.plies()[2].mv;
    play_on_board(&mut g, own).unwrap();
    assert_eq!((g.shown_ply(), g.kept_lines()), (3, 0));
    assert!(g.browsing());
    // Undo waits while an earlier position is shown.
    assert!(!undo(&mut g, &mut status) && status.warning);
    let other = g.board().position().parse_move("i3-g5").unwrap();
    play_on_board(&mut g, other).unwrap();
    assert_eq!(g.game.plies().len(), 4);
    assert_eq!(g.kept_lines(), 1);
    assert!(!g.browsing());
    assert!(undo(&mut g, &mut status));
    assert_eq!(g.game.plies()[3].text, "i5-h4");
    assert_eq!(g.shown_ply(), 3);
    assert_eq!(g.kept_lines(), 0);
    // Against the computer a move for the game returns to its end first.
    let mut g = played(&["c4-d3", "i4-h3", "c3-d2"]);
    g.players = [SeatKind::Human, SeatKind::Computer(Level::Easy)];
    g.show_ply(1);
    let reply = g.game.position().parse_move("i5-h4").unwrap();
    play_on_board(&mut g, reply).unwrap();
    assert_eq!(g.game.plies().len(), 4);
    assert!(!g.browsing());
}

fn mv(g: &ChessGame, text: &str) -> Move {
    g.board().position().parse_move(text).unwrap()
}

fn replace(game: Game, players: [SeatKind; 2], clocks: Option<Clocks>) -> GameCommand {
    GameCommand::Replace {
        game: Box::new(game),
        players,
        notes: Vec::new(),
        clocks,
    }
}

#[test]
fn replace_puts_another_game_on_the_board_with_a_new_identity() {
    let mut g = played(&["c4-d3", "i4-h3"]);
    let mut status = StatusLine::default();
    g.apply(GameCommand::ShowPly(1), &mut status);
    let (id, revision) = (g.id(), g.game_revision());
    let mut other = Game::new();
    other.play_text("c3-d2").unwrap();
    let note = PlyNote {
        hint: true,
        ..PlyNote::default()
    };
    let clocks = Clocks::new(TimeControl::minutes_plus_seconds(5, 3), Side::Black);
    let command = GameCommand::Replace {
        game: Box::new(other.clone()),
        players: [SeatKind::Human, SeatKind::Elsewhere],
        notes: vec![note.clone()],
        clocks: Some(clocks.clone()),
    };
    assert!(g.apply(command, &mut status).changed());
    assert_eq!(g.game().plies().len(), 1);
    assert_eq!(g.game().position(), other.position());
    assert_eq!(g.players(), [SeatKind::Human, SeatKind::Elsewhere]);
    assert_eq!(g.notes(), &[note]);
    assert_eq!(g.clocks(), Some(&clocks));
    assert!(!g.browsing() && g.id() != id && g.game_revision() > revision);
    assert!(
        status.text.is_empty(),
        "no word of it: whoever asks says why"
    );
}

#[test]
fn show_ply_changes_only_the_position_shown() {
    let mut g = played(&["c4-d3", "i4-h3", "c3-d2"]);
    let mut status = StatusLine::default();
    let (revision, saved) = (g.revision(), g.game_revision());
    // Past the end at the end: nothing changes.
    assert!(matches!(
        g.apply(GameCommand::ShowPly(99), &mut status),
        Applied::Unchanged
    ));
    assert_eq!((g.revision(), g.shown_ply()), (revision, 3));
    assert!(g.apply(GameCommand::ShowPly(1), &mut status).changed());
    assert_eq!((g.shown_ply(), g.board().plies().len()), (1, 1));
    assert!(matches!(
        g.apply(GameCommand::ShowPly(1), &mut status),
        Applied::Unchanged
    ));
    // Past the end from an earlier position: the end.
    assert!(g.apply(GameCommand::ShowPly(99), &mut status).changed());
    assert!(!g.browsing());
    assert_eq!(g.game_revision(), saved, "the game itself never changed");
    assert_eq!(g.game().plies().len(), 3);
}

#[test]
fn play_plays_a_legal_move_and_refuses_another_without_a_change() {
    let mut g = ChessGame::default();
    let mut status = StatusLine::default();
    let good = mv(&g, "c4-d3");
    let Applied::Played(m) = g.apply(GameCommand::Play(good), &mut status) else {
        panic!("a legal move is played");
    };
    assert_eq!((m.mv, m.text.as_str()), (good, "c4-d3"));
    assert_eq!(g.game().plies().len(), 1);
    let revision = g.revision();
    // White's move again, on Black's turn.
    assert!(matches!(
        g.apply(GameCommand::Play(good), &mut status),
        Applied::Refused(_)
    ));
    assert_eq!((g.revision(), g.game().plies().len()), (revision, 1));
}

#[test]
fn set_players_changes_who_plays_and_nothing_else() {
    let mut g = played(&["c4-d3"]);
    let mut status = StatusLine::default();
    let (id, saved) = (g.id(), g.game_revision());
    let same = g.players();
    assert!(
        !g.apply(GameCommand::SetPlayers(same), &mut status)
            .changed()
    );
    let other = [SeatKind::Human, SeatKind::Computer(Level::Easy)];
    assert!(
        g.apply(GameCommand::SetPlayers(other), &mut status)
            .changed()
    );
    assert_eq!(g.players(), other);
    assert_eq!((g.id(), g.game_revision()), (id, saved));
    assert_eq!(g.game().plies().len(), 1);
}

#[test]
fn the_clocks_are_given_told_the_time_run_and_flag() {
    let mut g = ChessGame::default();
    let mut status = StatusLine::default();
    let tc = TimeControl::minutes_plus_seconds(1, 0);
    // Without clocks, running them does nothing.
    assert!(!g.apply(GameCommand::RunClocks(true), &mut status).changed());
    let clocks = Some(Clocks::new(tc, Side::White));
    g.apply(GameCommand::SetClocks(clocks), &mut status);
    let second = Duration::from_secs(1);
    assert!(
        !g.apply(GameCommand::ClockNow(second), &mut status)
            .changed()
    );
    assert_eq!(g.clock_now(), second);
    assert!(!g.apply(GameCommand::RunClocks(true), &mut status).changed());
    assert!(g.clocks().is_some_and(Clocks::is_running));
    g.apply(GameCommand::PauseClocks, &mut status);
    assert!(g.clocks().is_some_and(|c| !c.is_running()));
    // Stopped, no flag falls however late it is.
    g.apply(GameCommand::ClockNow(second * 200), &mut status);
    assert!(!g.game().is_over());
    // Running from then on, White's minute runs out.
    g.apply(GameCommand::RunClocks(true), &mut status);
    g.apply(GameCommand::ClockNow(second * 300), &mut status);
    let revision = g.game_revision();
    assert!(g.apply(GameCommand::RunClocks(true), &mut status).changed());
    assert!(matches!(g.game().outcome(), Some(Outcome::Time { .. })));
    assert!(status.warning && g.game_revision() > revision);
    assert!(g.clocks().is_some_and(|c| !c.is_running()));
    // Taken away.
    g.apply(GameCommand::SetClocks(None), &mut status);
    assert!(g.clocks().is_none());
}

#[test]
fn a_hint_is_noted_on_the_move_to_come_and_kept_with_it() {
    let mut g = ChessGame::default();
    let mut status = StatusLine::default();
    let revision = g.revision();
    g.apply(GameCommand::NoteHint, &mut status);
    assert_eq!(g.revision(), revision, "a note changes no position");
    assert!(g.notes()[0].hint);
    let first = mv(&g, "c4-d3");
    g.apply(GameCommand::Play(first), &mut status);
    assert!(g.notes()[0].hint);
    // A note on the move to come lapses with another change.
    g.apply(GameCommand::NoteHint, &mut status);
    assert_eq!(g.notes().len(), 2);
    g.apply(GameCommand::ShowPly(0), &mut status);
    assert_eq!(g.notes().len(), 1);
}

#[test]
fn follow_binds_a_game_and_mirror_keeps_its_identity() {
    let mut g = played(&["c4-d3"]);
    let mut status = StatusLine::default();
    let mut theirs = Game::new();
    theirs.play_text("c4-d3").unwrap();
    let origin = Origin {
        event: Some("Network game".into()),
        ..Origin::default()
    };
    let old = g.id();
    g.apply(
        GameCommand::Follow {
            game: Box::new(theirs.clone()),
            players: [SeatKind::Human, SeatKind::Elsewhere],
            notes: Vec::new(),
            clocks: None,
            origin: origin.clone(),
        },
        &mut status,
    );
    let id = g.id();
    assert_ne!(id, old);
    assert_eq!(g.origin(), &origin);
    assert_eq!(g.players(), [SeatKind::Human, SeatKind::Elsewhere]);
    // One new move of theirs glides.
    theirs.play_text("i4-h3").unwrap();
    let mirror = |game: &Game| GameCommand::Mirror {
        game: Box::new(game.clone()),
        notes: Vec::new(),
        clocks: None,
    };
    let Applied::Played(m) = g.apply(mirror(&theirs), &mut status) else {
        panic!("a single new move glides");
    };
    assert_eq!(m.text, "i4-h3");
    assert_eq!(g.game().plies().len(), 2);
    // A takeback redraws: changed, no move played.
    theirs.undo();
    theirs.undo();
    let applied = g.apply(mirror(&theirs), &mut status);
    assert!(matches!(applied, Applied::Changed));
    assert!(g.game().plies().is_empty());
    assert_eq!((g.id(), g.origin()), (id, &origin), "still the same game");
}

/// A world with the game's resources and messages, as the plugin makes it.
fn world() -> World {
    let mut world = World::new();
    world.init_resource::<ChessGame>();
    world.init_resource::<PlayStash>();
    world.init_resource::<StatusLine>();
    world.init_resource::<Messages<MovePlayed>>();
    world.init_resource::<Messages<BoardReset>>();
    world
}

#[test]
fn apply_changes_the_board_at_once_and_tells_the_view() {
    let mut world = world();
    let resets = |w: &World| w.resource::<Messages<BoardReset>>().len();
    let glides = |w: &World| w.resource::<Messages<MovePlayed>>().len();
    // Another screen has the board: a new game supersedes the play game kept aside.
    let kept = played(&["c4-d3"]);
    world.resource_mut::<PlayStash>().borrow_board(&kept);
    let new_game = GameCommand::NewGame {
        start: None,
        players: [SeatKind::Human; 2],
    };
    assert!(apply(&mut world, new_game).changed());
    assert!(!world.resource::<PlayStash>().board_borrowed());
    assert_eq!((resets(&world), glides(&world)), (1, 0));
    assert!(!world.resource::<StatusLine>().text.is_empty());
    // A move glides, no redraw.
    let first = mv(world.resource::<ChessGame>(), "c4-d3");
    assert!(matches!(
        apply(&mut world, GameCommand::Play(first)),
        Applied::Played(_)
    ));
    assert_eq!((resets(&world), glides(&world)), (1, 1));
    // A lesson's position: the play game kept aside stays, whoever asks redraws.
    world.resource_mut::<PlayStash>().borrow_board(&kept);
    let lesson = replace(Game::new(), [SeatKind::Human, SeatKind::Elsewhere], None);
    assert!(apply(&mut world, lesson).changed());
    assert!(world.resource::<PlayStash>().board_borrowed());
    assert_eq!((resets(&world), glides(&world)), (1, 1));
    assert!(world.resource::<ChessGame>().game().plies().is_empty());
    // Refused: nothing changes.
    let revision = world.resource::<ChessGame>().revision();
    let refused = apply(&mut world, GameCommand::ShowPly(5));
    assert!(!refused.changed());
    assert_eq!(world.resource::<ChessGame>().revision(), revision);
}

#[test]
fn apply_without_the_game_does_nothing() {
    let mut world = World::new();
    assert!(matches!(
        apply(&mut world, GameCommand::Undo),
        Applied::Unchanged
    ));
}
