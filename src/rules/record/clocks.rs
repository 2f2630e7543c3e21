//! A game's clocks rebuilt from its record: the time control from the `[TimeControl]` tag, each
//! side's time from its last `[%clk]`. Resuming a save and taking a move back both need it; it
//! lives here, beside the notes it reads, so the clock arithmetic ([`crate::rules::clock`])
//! knows nothing of records.

use std::time::Duration;

use crate::rules::clock::{Clocks, TimeControl};
use crate::rules::game::Game;

use super::{GameRecord, PlyNote};

/// Each side's time left (indexed by [`Side::index`](crate::rules::Side::index)) after the
/// moves of `game`: the last `[%clk]` in `notes` of that side's moves, or `control`'s base time
/// when it has none yet. Notes beyond the moves played are ignored.
pub fn remaining_after(control: TimeControl, game: &Game, notes: &[PlyNote]) -> [Duration; 2] {
    let mut remaining = [control.base; 2];
    let mut side = game.start_position().turn();
    for note in notes.iter().take(game.plies().len()) {
        if let Some(clock) = note.clock {
            remaining[side.index()] = clock;
        }
        side = !side;
    }
    remaining
}

/// The clocks as the notes left them after the moves of `game`: stopped, with the side to
/// move's clock to run. The caller starts them on its own time base.
pub fn clocks_after(control: TimeControl, game: &Game, notes: &[PlyNote]) -> Clocks {
    Clocks::with_remaining(
        control,
        remaining_after(control, game, notes),
        game.position().turn(),
    )
}

/// `notes` for a record of `plies` moves whose clocks must read back whole: the clock notes
/// kept when every move has one, all left out otherwise (a copy that lost some moves' clocks,
/// on a reconnection say, would resume with clocks that never were). Other notes are kept.
pub fn clocks_whole_or_none(notes: &[PlyNote], plies: usize) -> Vec<PlyNote> {
    let mut notes: Vec<PlyNote> = notes.iter().take(plies).cloned().collect();
    let whole = notes.len() == plies && notes.iter().all(|n| n.clock.is_some());
    if !whole {
        for note in &mut notes {
            note.clock = None;
        }
    }
    notes
}

impl GameRecord {
    /// The clocks of a saved game, to resume it ([`clocks_after`] with its `[TimeControl]`),
    /// or `None` when the game was not played with clocks.
    pub fn clocks(&self) -> Option<Clocks> {
        let control = self.tags.time_control?;
        Some(clocks_after(control, &self.game, &self.notes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_on_some_moves_only_are_left_out_and_whole_ones_kept() {
        let clocked = |secs: u64| PlyNote {
            clock: Some(Duration::from_secs(secs)),
            comment: "kept".into(),
            ..PlyNote::default()
        };
        let whole = [clocked(300), clocked(299)];
        assert_eq!(clocks_whole_or_none(&whole, 2), whole.to_vec());
        let some = [PlyNote::default(), clocked(299)];
        let out = clocks_whole_or_none(&some, 2);
        assert!(out.iter().all(|n| n.clock.is_none()), "{out:?}");
        assert_eq!(out[1].comment, "kept", "other notes stay");
        // Fewer notes than moves: some moves have no clock.
        assert!(clocks_whole_or_none(&whole[..1], 2)[0].clock.is_none());
    }

    use crate::rules::piece::Side;
    use crate::rules::record::{Tags, read_game, write_record};

    fn s(secs: f64) -> Duration {
        Duration::from_secs_f64(secs)
    }

    const W: Side = Side::White;
    const B: Side = Side::Black;

    fn clk(secs: f64) -> PlyNote {
        PlyNote {
            clock: Some(s(secs)),
            ..PlyNote::default()
        }
    }

    /// A game of `n` half-moves from the start (Pawns and Sorcerers shuffling).
    fn game_of(n: usize) -> Game {
        let mut game = Game::new();
        for text in ["c4-d3", "i5-h3", "c3-d2", "i4-h2"].iter().take(n) {
            game.play_text(text).unwrap();
        }
        game
    }

    #[test]
    fn a_saved_game_resumes_with_the_same_clocks() {
        let control: TimeControl = "300+3".parse().unwrap();
        let mut c = Clocks::new(control, W);
        let mut game = Game::new();
        let mut notes = Vec::new();
        c.resume(s(0.0));
        // Times in tenths: what a [%clk] keeps.
        for (text, at) in [("c4-d3", 4.5), ("i5-h3", 10.0), ("c3-d2", 31.2)] {
            game.play_text(text).unwrap();
            let clock = c.moved(s(at)).unwrap();
            notes.push(PlyNote {
                clock: Some(clock),
                ..PlyNote::default()
            });
        }
        let tags = Tags {
            time_control: Some(control),
            ..Tags::default()
        };
        let text = write_record(&game, &tags, &notes);
        let record = read_game(text.as_bytes()).unwrap();
        let mut resumed = record.clocks().unwrap();
        assert!(!resumed.is_running());
        c.pause(s(40.0));
        let seen = |c: &Clocks| [c.remaining(W, s(0.0)), c.remaining(B, s(0.0))];
        // Black has used 8.8 s of its move so far, which a record does not hold.
        assert_eq!(
            seen(&resumed),
            [s(300.0 - 4.5 + 3.0 - 21.2 + 3.0), s(300.0 - 5.5 + 3.0)]
        );
        assert_eq!(seen(&c)[0], seen(&resumed)[0]);
        assert_eq!(resumed.turn(), B);
        resumed.resume(s(0.0));
        assert_eq!(resumed.remaining(B, s(1.0)), s(296.5));
        // No time control: no clocks.
        let untimed = read_game(write_record(&game, &Tags::default(), &notes).as_bytes()).unwrap();
        assert_eq!(untimed.clocks(), None);
        // No [%clk] yet: the base time.
        let fresh = read_game(write_record(&game, &tags, &[]).as_bytes()).unwrap();
        assert_eq!(
            fresh.clocks().map(|c| c.reading(s(0.0)).remaining),
            Some([control.base; 2])
        );
    }

    #[test]
    fn each_side_keeps_its_last_clock_reading() {
        let control: TimeControl = "60+0".parse().unwrap();
        let game = game_of(4);
        // White's second move has no reading: White keeps its first.
        let notes = [clk(55.0), clk(50.0), PlyNote::default(), clk(41.0)];
        assert_eq!(remaining_after(control, &game, &notes), [s(55.0), s(41.0)]);
        let clocks = clocks_after(control, &game, &notes);
        assert_eq!(clocks.turn(), W);
        assert!(!clocks.is_running());
        assert_eq!(clocks.control(), control);
    }

    #[test]
    fn notes_beyond_the_moves_played_do_not_count() {
        let control: TimeControl = "60+0".parse().unwrap();
        // After a takeback the notes may still hold the move taken back.
        let notes = [clk(55.0), clk(50.0), clk(12.0)];
        assert_eq!(
            remaining_after(control, &game_of(2), &notes),
            [s(55.0), s(50.0)]
        );
        assert_eq!(
            remaining_after(control, &game_of(0), &notes),
            [s(60.0), s(60.0)]
        );
    }

    #[test]
    fn a_game_that_starts_with_black_to_move_gives_black_the_first_reading() {
        let control: TimeControl = "60+0".parse().unwrap();
        let start = "rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR b 0 1"
            .parse()
            .unwrap();
        let mut game = Game::from_position(start);
        game.play_text("i5-h3").unwrap();
        let clocks = clocks_after(control, &game, &[clk(58.0)]);
        assert_eq!(
            remaining_after(control, &game, &[clk(58.0)]),
            [s(60.0), s(58.0)]
        );
        assert_eq!(clocks.turn(), W);
        assert_eq!(clocks.remaining(B, s(0.0)), s(58.0));
    }
}
