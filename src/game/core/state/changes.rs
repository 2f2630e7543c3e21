//! How each [`GameCommand`] changes a [`ChessGame`]: [`ChessGame::apply`], with undo, redo
//! and a move played on the board.

use crate::tr;
use bevy::prelude::*;

use crate::rules::clock::Clocks;
use crate::rules::record::{GameRecord, PlyNote};
use crate::rules::{Game, Move};

use super::{
    Abandoned, Applied, ChessGame, GameCommand, MovePlayed, Origin, SeatKind, StatusLine,
    capitalise,
};

impl ChessGame {
    /// Applies `command` to this game: the one place each change of a [`ChessGame`] is made.
    /// The game on the board goes through [`GameControl::apply`](super::GameControl::apply) (or
    /// [`apply`](super::apply), or the
    /// message), which also redraws the board, glides a move played and drops a superseded
    /// play game; this is for a game of one's own.
    pub fn apply(&mut self, command: GameCommand, status: &mut StatusLine) -> Applied {
        let changed = |c: bool| {
            if c {
                Applied::Changed
            } else {
                Applied::Unchanged
            }
        };
        match command {
            GameCommand::NewGame { start, players } => {
                let start = start.map(|s| *s).unwrap_or_default();
                self.replace(Game::from_position(start), players);
                status.info(tr!("status-new-game"));
                Applied::Changed
            }
            GameCommand::Load(loaded, players, notes) => {
                self.replace_with_notes(*loaded, players, notes);
                status.info(tr!("status-game-loaded", n = self.game.plies().len()));
                Applied::Changed
            }
            GameCommand::NewTimed {
                start,
                players,
                time,
            } => {
                let start = start.map(|s| *s).unwrap_or_default();
                let turn = start.turn();
                self.replace(Game::from_position(start), players);
                self.clocks = time.map(|tc| Clocks::new(tc, turn));
                status.info(match time {
                    Some(tc) => tr!(
                        "status-new-game-clock",
                        clock = crate::game::text::time_control_label(tc)
                    ),
                    None => tr!("status-new-game"),
                });
                Applied::Changed
            }
            GameCommand::Resume(record, players) => {
                let clocks = record.clocks();
                let GameRecord { game, notes, tags } = *record;
                self.replace_with_notes(game, players, notes);
                self.clocks = clocks;
                // A game played elsewhere (a server's, a network game) keeps saying where
                // and by whom.
                if tags.site.is_some() {
                    self.origin = Origin {
                        event: tags.event,
                        site: tags.site,
                        names: [tags.white, tags.black],
                    };
                }
                status.info(tr!("status-game-loaded", n = self.game.plies().len()));
                Applied::Changed
            }
            GameCommand::Undo => {
                let undone = undo(self, status);
                self.bump_if(undone)
            }
            GameCommand::Redo => {
                let redone = redo(self, status);
                self.bump_if(redone)
            }
            GameCommand::Resign => {
                let side = self.resigning_side();
                let declared = declare(self.game.resign(side), status);
                self.bump_if(declared)
            }
            GameCommand::AgreeDraw => {
                if self.computer_declines_draw() {
                    status.warn(tr!("status-computer-declines-draw"));
                    return Applied::Unchanged;
                }
                let declared = declare(self.game.agree_draw(), status);
                self.bump_if(declared)
            }
            GameCommand::Play(mv) => match play_on_board(self, mv) {
                Ok(played) => Applied::Played(played),
                Err(why) => Applied::Refused(why),
            },
            GameCommand::Replace {
                game,
                players,
                notes,
                clocks,
            } => {
                self.replace_with_notes(*game, players, notes);
                self.clocks = clocks;
                Applied::Changed
            }
            GameCommand::Follow {
                game,
                players,
                notes,
                clocks,
                origin,
            } => {
                self.replace_with_notes(*game, players, notes);
                self.clocks = clocks;
                self.origin = origin;
                Applied::Changed
            }
            GameCommand::Mirror {
                game,
                notes,
                clocks,
            } => {
                let ours = self.game.plies();
                let theirs = game.plies();
                let same_start = self.game.start_position() == game.start_position();
                let prefix = ours.iter().zip(theirs).all(|(a, b)| a.mv == b.mv);
                let mut glided = None;
                if same_start && prefix && ours.len() + 1 == theirs.len() && !self.game.is_over() {
                    let mv = theirs[ours.len()].mv;
                    // The authority's clocks, not the board's, charge the move.
                    self.clocks = None;
                    glided = play_on_board(self, mv).ok();
                }
                self.mirror(*game, notes, clocks);
                glided.map_or(Applied::Changed, Applied::Played)
            }
            GameCommand::ShowPly(ply) => changed(self.show_ply(ply)),
            GameCommand::SetPlayers(players) => {
                let other = self.players != players;
                self.players = players;
                changed(other)
            }
            GameCommand::SetClocks(clocks) => {
                self.clocks = clocks;
                Applied::Changed
            }
            GameCommand::ClockNow(now) => {
                // Reading the time changes no move: nothing needs to know.
                self.clock_now = now;
                Applied::Unchanged
            }
            GameCommand::RunClocks(run) => {
                let now = self.clock_now;
                if let Some(c) = &mut self.clocks {
                    match (run, c.is_running()) {
                        (true, false) => c.resume(now),
                        (false, true) => c.pause(now),
                        _ => {}
                    }
                }
                match self.check_flag() {
                    Some(outcome) => {
                        status.warn(crate::game::text::outcome_text(outcome));
                        Applied::Changed
                    }
                    None => Applied::Unchanged,
                }
            }
            GameCommand::PauseClocks => {
                self.pause_clocks();
                Applied::Unchanged
            }
            GameCommand::NoteHint => {
                let next = self.game.plies().len();
                self.notes.resize_with(next + 1, PlyNote::default);
                self.notes[next].hint = true;
                Applied::Changed
            }
        }
    }

    /// Counts a change made to the game itself, if there was one.
    fn bump_if(&mut self, changed: bool) -> Applied {
        if !changed {
            return Applied::Unchanged;
        }
        self.bump();
        Applied::Changed
    }

    pub(super) fn bump(&mut self) {
        self.revision += 1;
        self.game_revision += 1;
        if self.live_browse().is_none() {
            self.browse = None;
        }
        // A move taken back loses its note; a note on a move to come lapses with any change
        // but that move.
        self.notes.truncate(self.game.plies().len());
    }
}

fn declare(result: Result<(), crate::rules::PlayError>, status: &mut StatusLine) -> bool {
    match result {
        Ok(()) => true,
        Err(e) => {
            status.warn(capitalise(&crate::game::text::play_error_text(&e)));
            false
        }
    }
}

/// Why undo and redo wait while an earlier position is shown.
fn browsing_undo() -> String {
    tr!("status-browsing-undo")
}

/// Takes back one move, or against the computer as many as needed (at most two) to give the
/// person the move again. In a timed game only two players at one board may take back (the
/// clocks go back to what they read then); against the computer the clock is the game.
pub(super) fn undo(g: &mut ChessGame, status: &mut StatusLine) -> bool {
    if g.browsing() {
        status.warn(browsing_undo());
        return false;
    }
    if !g.game.can_undo() {
        status.warn(tr!("status-nothing-to-undo"));
        return false;
    }
    if g.clocks.is_some() && !g.two_humans() {
        status.warn(tr!("status-no-takebacks"));
        return false;
    }
    let declared = g.game.outcome().is_some_and(|o| o.is_declared());
    // Undoing the first move of a line started from an earlier position brings the old line
    // back, shown where the two part.
    if !declared
        && g.abandoned
            .last()
            .is_some_and(|a| a.at + 1 == g.game.plies().len())
        && let Some(old) = g.abandoned.pop()
    {
        g.game = old.game;
        g.notes = old.notes;
        g.browse = None;
        g.show_ply(old.at);
        status.info(tr!("status-undo-old-line"));
        return true;
    }
    g.game.undo();
    if !declared && !g.two_humans() && g.player_to_move() != SeatKind::Human {
        g.game.undo();
    }
    g.rewind_clocks();
    status.info(tr!("status-undone"));
    true
}

fn redo(g: &mut ChessGame, status: &mut StatusLine) -> bool {
    if g.browsing() {
        status.warn(browsing_undo());
        return false;
    }
    if !g.game.can_redo() {
        status.warn(tr!("status-nothing-to-redo"));
        return false;
    }
    g.game.redo();
    g.clock_the_last_move();
    if !g.two_humans() && g.player_to_move() != SeatKind::Human && g.game.can_redo() {
        g.game.redo();
        g.clock_the_last_move();
    }
    status.info(tr!("status-redone"));
    true
}

/// Plays `mv` on the board's game ([`GameCommand::Play`]) and returns what the view needs to
/// show it, or the rules' reason in a sentence.
///
/// While the board shows an earlier position, a game between people goes on from there: the
/// game's own next move just steps forward, another move starts a new line (the old one is
/// kept for Undo). In other games the move is the game's (the computer's or a remote
/// player's): the board returns to the game's end first.
pub(super) fn play_on_board(game: &mut ChessGame, mv: Move) -> Result<MovePlayed, String> {
    if game.browsing() && game.view_only() {
        let end = game.game.plies().len();
        game.show_ply(end);
    }
    if !game.game.is_over()
        && let Some(side) = game.clocks.as_ref().and_then(|c| c.flagged(game.clock_now))
    {
        return Err(tr!(
            "status-too-late",
            side = crate::game::text::side_name(side)
        ));
    }
    let position = game.board().position().clone();
    let (Some(piece), Some(route)) = (position.piece_at(mv.from), position.route(mv)) else {
        return Err(match position.check_move(mv) {
            Err(e) => capitalise(&crate::game::text::move_error_text(&e)),
            Ok(()) => tr!("status-cannot-show"),
        });
    };
    let captured = position.piece_at(mv.to);
    if game.browsing() {
        if let Err(e) = position.check_move(mv) {
            return Err(capitalise(&crate::game::text::move_error_text(&e)));
        }
        let at = game.shown_ply();
        if game.game.plies()[at].mv == mv {
            let text = game.game.plies()[at].text.clone();
            game.show_ply(at + 1);
            let shown = game.board();
            return Ok(MovePlayed {
                mv,
                piece,
                captured,
                route,
                text,
                check: shown.position().in_check(),
                outcome: shown.outcome(),
            });
        }
        let line = game.board().clone();
        let old = Abandoned {
            game: std::mem::replace(&mut game.game, line),
            notes: game.notes.clone(),
            at,
        };
        game.abandoned.push(old);
        game.browse = None;
        game.notes.truncate(at);
    }
    let text = match game.game.play(mv) {
        Ok(ply) => ply.text.clone(),
        Err(e) => return Err(capitalise(&crate::game::text::play_error_text(&e))),
    };
    let check = game.game.position().in_check();
    let outcome = game.game.outcome();
    game.clock_the_last_move();
    game.bump();
    Ok(MovePlayed {
        mv,
        piece,
        captured,
        route,
        text,
        check,
        outcome,
    })
}
