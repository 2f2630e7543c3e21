//! A front end's copy of a network game, kept up to date from [`NetEvent`]s and checked by the
//! rules at every step: the headless commands use it, the joiner's session uses it to check the
//! host, and the game window can.

use std::time::Duration;

use thiserror::Error;

use super::{NetEvent, NetState};
use crate::rules::clock::Clocks;
use crate::rules::record::{GameRecord, PlyNote, Tags, clocks_whole_or_none, termination_name};
use crate::rules::{Game, Outcome, Side};

/// An event that does not fit the game as this end has it (a broken or hostile peer).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct MirrorError(pub String);

/// One end's view of a network game.
#[derive(Clone, Debug)]
pub struct NetGame {
    /// The game, every move checked.
    pub game: Game,
    /// The side this end plays.
    pub you: Side,
    /// The clocks, as last read from the host and running since; `None` untimed.
    pub clocks: Option<Clocks>,
    /// One note per half-move played, holding its `[%clk]` when timed.
    pub notes: Vec<PlyNote>,
    /// The opponent's name.
    pub opponent: String,
    /// A draw offer waiting for an answer, and who made it.
    pub draw_offer: Option<Side>,
    /// A takeback request waiting for an answer, and who made it.
    pub takeback: Option<Side>,
}

impl NetGame {
    /// The game at its start: `you` play in `game`, with `clocks` (stopped).
    pub fn new(game: Game, you: Side, clocks: Option<Clocks>) -> NetGame {
        NetGame {
            notes: vec![PlyNote::default(); game.plies().len()],
            game,
            you,
            clocks,
            opponent: String::new(),
            draw_offer: None,
            takeback: None,
        }
    }

    /// The game from the host's full state, at `now`.
    pub fn from_state(state: &NetState, now: Duration) -> NetGame {
        let mut net = NetGame::new(state.game.clone(), state.you, None);
        net.adopt(state, now);
        net
    }

    /// Whether this end is to move.
    pub fn my_turn(&self) -> bool {
        !self.game.is_over() && self.game.position().turn() == self.you
    }

    /// The game as a record, with `tags` (their time control set from the clocks) and a
    /// `[%clk]` after each move when timed: after every move, or (when this end missed some,
    /// joining late or reconnecting) after none.
    pub fn record(&self, mut tags: Tags) -> GameRecord {
        tags.time_control = self.clocks.as_ref().map(Clocks::control);
        GameRecord {
            tags,
            notes: clocks_whole_or_none(&self.notes, self.game.plies().len()),
            game: self.game.clone(),
        }
    }

    /// Brings the copy up to date with `event`, which happened at `now`. An event that does
    /// not fit (a move the rules refuse, a ply out of sequence, a result the board contradicts)
    /// is refused and changes nothing.
    pub fn apply(&mut self, event: &NetEvent, now: Duration) -> Result<(), MirrorError> {
        match event {
            NetEvent::State(state) => self.adopt(state, now),
            NetEvent::Moved {
                ply,
                mv,
                side,
                clock,
                ..
            } => {
                let expected = self.game.plies().len() + 1;
                if *ply != expected {
                    return Err(MirrorError(format!(
                        "half-move {ply} arrived where {expected} was expected"
                    )));
                }
                if self.game.position().turn() != *side {
                    return Err(MirrorError(format!("a move by {side} out of turn")));
                }
                self.game
                    .play(*mv)
                    .map_err(|e| MirrorError(format!("the move {mv} is refused: {e}")))?;
                let mut note = PlyNote::default();
                if let (Some(clocks), Some(reading)) = (&mut self.clocks, clock) {
                    clocks.set_reading(*reading, now);
                    note.clock = Some(reading.remaining[side.index()]);
                }
                self.notes.resize_with(*ply - 1, PlyNote::default);
                self.notes.push(note);
                self.draw_offer = None;
                self.takeback = None;
                self.settle(now);
            }
            NetEvent::Clock(reading) => {
                if let Some(clocks) = &mut self.clocks {
                    clocks.set_reading(*reading, now);
                }
            }
            NetEvent::DrawOffered { by } => self.draw_offer = Some(*by),
            NetEvent::DrawDeclined { .. } => self.draw_offer = None,
            NetEvent::TakebackAsked { by } => self.takeback = Some(*by),
            NetEvent::TakebackDeclined { .. } => self.takeback = None,
            NetEvent::TakenBack { plies, clock } => {
                if *plies > self.game.plies().len() {
                    return Err(MirrorError(format!(
                        "a takeback to {plies} half-moves, but only {} were played",
                        self.game.plies().len()
                    )));
                }
                // A takeback does not follow a result the board decided (it cannot be undone
                // move by move); only a declared one is taken back with it.
                if self.game.outcome().is_some_and(|o| !o.is_declared()) {
                    return Err(MirrorError("a takeback after the game ended".into()));
                }
                while self.game.plies().len() > *plies || self.game.is_over() {
                    if self.game.undo().is_none() && !self.game.is_over() {
                        break;
                    }
                }
                self.notes.truncate(*plies);
                if let (Some(clocks), Some(reading)) = (&mut self.clocks, clock) {
                    clocks.set_reading(*reading, now);
                }
                self.draw_offer = None;
                self.takeback = None;
            }
            NetEvent::GameOver(outcome) => {
                conclude(&mut self.game, *outcome)?;
                self.settle(now);
            }
            NetEvent::Connected { name } => self.opponent.clone_from(name),
            NetEvent::Refused(_) | NetEvent::Disconnected { .. } | NetEvent::Stopped(_) => {}
        }
        Ok(())
    }

    /// Takes the host's state: its game, and the notes of the moves both have in common.
    fn adopt(&mut self, state: &NetState, now: Duration) {
        let same = self
            .game
            .plies()
            .iter()
            .zip(state.game.plies())
            .take_while(|(a, b)| a.mv == b.mv)
            .count();
        let same = if self.game.start_position() == state.game.start_position() {
            same
        } else {
            0
        };
        self.notes.truncate(same);
        self.notes
            .resize_with(state.game.plies().len(), PlyNote::default);
        self.game = state.game.clone();
        self.you = state.you;
        self.opponent = state.opponent.clone();
        self.clocks = state.control.map(|control| {
            let mut clocks = Clocks::new(control, state.game.position().turn());
            if let Some(reading) = state.clock {
                clocks.set_reading(reading, now);
            }
            clocks
        });
        self.draw_offer = None;
        self.takeback = None;
        self.settle(now);
    }

    /// Stops the clocks once the game is over.
    fn settle(&mut self, now: Duration) {
        if self.game.is_over()
            && let Some(clocks) = &mut self.clocks
        {
            clocks.pause(now);
        }
    }
}

/// Records in `game` a result the host announced, after checking it against the board: a
/// board result must be the board's, a flag fall must be the side to move's.
pub(crate) fn conclude(game: &mut Game, outcome: Outcome) -> Result<(), MirrorError> {
    if game.outcome() == Some(outcome) {
        return Ok(());
    }
    let refused = |why: String| MirrorError(format!("the result {outcome} is refused: {why}"));
    if let Some(board) = game.outcome() {
        return Err(refused(format!("the game already ended: {board}")));
    }
    match outcome {
        Outcome::Time { .. } => {
            let turn = game.position().turn();
            let mut trial = game.clone();
            let fell = trial.flag(turn).map_err(|e| refused(e.to_string()))?;
            if fell != outcome {
                return Err(refused(format!("{turn} was to move, so it is {fell}")));
            }
            *game = trial;
        }
        Outcome::Resignation { .. } | Outcome::Agreement => {
            game.declare(outcome).map_err(|e| refused(e.to_string()))?;
        }
        _ => return Err(refused("the board has not ended the game".into())),
    }
    Ok(())
}

/// The outcome a `result` and `[Termination]` name give in `game`'s final position, checked
/// against the board (the network's `over` message carries these two).
pub fn outcome_from_result(
    game: &Game,
    result: &str,
    termination: &str,
) -> Result<Outcome, MirrorError> {
    let bad = |why: &str| MirrorError(format!("{result} by {termination}: {why}"));
    let winner = match result {
        "1-0" => Some(Side::White),
        "0-1" => Some(Side::Black),
        "1/2-1/2" => None,
        _ => return Err(bad("not a result")),
    };
    if let Some(board) = game.outcome() {
        return if board.result_text() == result && termination_name(board) == termination {
            Ok(board)
        } else {
            Err(bad(&format!("the game ended otherwise: {board}")))
        };
    }
    let declared = match (termination, winner) {
        ("resignation", Some(winner)) => Outcome::Resignation { winner },
        ("agreement", None) => Outcome::Agreement,
        ("time forfeit", winner) => Outcome::Time { winner },
        _ => return Err(bad("not a result this game can have now")),
    };
    Ok(declared)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::clock::ClockReading;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn moves_clocks_and_results_are_checked() {
        let control = "60+1".parse().unwrap();
        let mut net = NetGame::new(
            Game::new(),
            Side::Black,
            Some(Clocks::new(control, Side::White)),
        );
        assert!(!net.my_turn());
        let mv = net.game.position().parse_move("c4-d3").unwrap();
        let clock = ClockReading {
            remaining: [ms(58_000), ms(60_000)],
            running: Some(Side::Black),
        };
        let moved = |ply, side| NetEvent::Moved {
            ply,
            mv,
            text: "c4-d3".into(),
            side,
            clock: Some(clock),
        };
        assert!(
            net.apply(&moved(2, Side::White), ms(0)).is_err(),
            "ply 2 first"
        );
        assert!(
            net.apply(&moved(1, Side::Black), ms(0)).is_err(),
            "out of turn"
        );
        net.apply(&moved(1, Side::White), ms(0)).unwrap();
        assert!(net.my_turn());
        assert_eq!(net.notes[0].clock, Some(ms(58_000)));
        assert_eq!(
            net.clocks
                .as_ref()
                .map(|c| c.remaining(Side::Black, ms(500))),
            Some(ms(59_500))
        );
        assert!(
            net.apply(&moved(2, Side::White), ms(0)).is_err(),
            "illegal now"
        );
        let before = net.game.plies().len();
        assert!(
            net.apply(&NetEvent::GameOver(Outcome::FiftyMoves), ms(0))
                .is_err()
        );
        assert!(
            net.apply(
                &NetEvent::GameOver(Outcome::Time {
                    winner: Some(Side::Black)
                }),
                ms(0)
            )
            .is_err(),
            "Black is to move, so only Black can lose on time"
        );
        assert_eq!(net.game.plies().len(), before);
        assert!(!net.game.is_over());
        net.apply(
            &NetEvent::GameOver(Outcome::Time {
                winner: Some(Side::White),
            }),
            ms(1000),
        )
        .unwrap();
        assert!(net.game.is_over());
        let record = net.record(Tags::default());
        assert_eq!(record.tags.time_control, Some(control));
        let text = record.to_text();
        let back = crate::rules::record::read_game(text.as_bytes()).unwrap();
        assert_eq!(back.game.outcome(), net.game.outcome());
        assert_eq!(back.notes[0].clock, Some(ms(58_000)));
    }

    #[test]
    fn takebacks_undo_moves_and_a_declared_result() {
        let mut game = Game::new();
        for m in ["c4-d3", "i5-h3", "c3-d2"] {
            game.play_text(m).unwrap();
        }
        let mut net = NetGame::new(game, Side::White, None);
        let back = NetEvent::TakenBack {
            plies: 1,
            clock: None,
        };
        net.apply(&back, ms(0)).unwrap();
        assert_eq!(net.game.plies().len(), 1);
        assert_eq!(net.notes.len(), 1);
        let too_far = NetEvent::TakenBack {
            plies: 2,
            clock: None,
        };
        assert!(net.apply(&too_far, ms(0)).is_err());
    }

    #[test]
    fn results_are_read_against_the_board() {
        let game = Game::new();
        assert_eq!(
            outcome_from_result(&game, "0-1", "resignation"),
            Ok(Outcome::Resignation {
                winner: Side::Black
            })
        );
        assert_eq!(
            outcome_from_result(&game, "1/2-1/2", "agreement"),
            Ok(Outcome::Agreement)
        );
        for (r, t) in [
            ("1-0", "checkmate"),
            ("1/2-1/2", "resignation"),
            ("1-0", "agreement"),
            ("2-0", "resignation"),
            ("1-0", "boredom"),
        ] {
            assert!(outcome_from_result(&game, r, t).is_err(), "{r} {t}");
        }
    }
}
