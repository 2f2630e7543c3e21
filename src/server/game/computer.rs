//! The computer's seat in a live game.

use super::Actor;
use crate::rules::Outcome;
use crate::server::computer::seat::{self, Thinking};
use crate::server::messages::ServerMsg;
use crate::server::refusals;

/// The computer's seat: its moves and its answers to the player's offers.
impl Actor {
    pub(super) fn computer_to_move(&self) -> bool {
        self.seat_to_move().is_some()
    }

    /// The computer's seat of the side to move, if it has that seat.
    fn seat_to_move(&self) -> Option<&seat::Seat> {
        let turn = self.game.position().turn();
        [&self.computer, &self.second_computer]
            .into_iter()
            .flatten()
            .find(|c| c.side == turn)
    }

    /// Asks the pool for the computer's move when it is due. Its clock stops meanwhile: it is
    /// charged the search's own time when the move comes, never the wait in the queue.
    pub(super) fn computer_think(&mut self, thinking: &mut Option<Thinking>) {
        let Some(seat) = self.seat_to_move().or(self.computer.as_ref()) else {
            return;
        };
        let now = self.now();
        let live = self.live();
        seat.think(live, &self.game, self.clocks.as_ref(), now, thinking);
        if thinking.is_some()
            && let Some(c) = &mut self.clocks
        {
            c.pause(now);
        }
    }

    /// The computer's move for half-move `ply` came: played as the player's are (its clock
    /// charged the search's time), or the computer resigns when the engine found none.
    pub(super) async fn computer_moved(&mut self, ply: usize, answer: seat::Answer) {
        let Some(side) = self.seat_to_move().map(|c| c.side) else {
            return;
        };
        if !self.live() || ply != self.game.plies().len() {
            return;
        }
        let mv = match answer.mv {
            Ok(mv) => mv,
            Err(_) => {
                if self.game.resign(side).is_ok() {
                    self.finish(Outcome::Resignation { winner: !side }).await;
                }
                return;
            }
        };
        let now = self.now();
        if ply > 0
            && let Some(c) = &mut self.clocks
        {
            c.resume(now.saturating_sub(answer.searched));
        }
        if let Err(e) = self.play(side, ply as u32, &mv).await
            && self.live()
        {
            if let Some(c) = &mut self.clocks {
                c.pause(now);
            }
            // Not saved (the database refused): the loop asks again. Refused by the rules (an
            // engine fault): asking again would loop, so the computer resigns.
            if !matches!(&e, ServerMsg::Error { code, .. } if code == "db")
                && self.game.resign(side).is_ok()
            {
                self.finish(Outcome::Resignation { winner: !side }).await;
            }
        }
    }

    /// The computer grants every takeback request and declines draw offers unless the game
    /// is a dead draw.
    pub(super) async fn computer_answers(&mut self) -> Result<(), ServerMsg> {
        let Some(side) = self.computer.as_ref().map(|c| c.side) else {
            return Ok(());
        };
        if self.takeback == Some(!side) {
            // The player's clock runs again after the takeback (stopped while the computer
            // thought), unless no move is left: then the first move is free again.
            let player = !side;
            let count = if self.game.position().turn() == player {
                2
            } else {
                1
            };
            let now = self.now();
            if self.game.plies().len() > count
                && let Some(c) = &mut self.clocks
            {
                c.resume(now);
            }
            self.take_back(player).await?;
        }
        if self.draw == Some(!side) {
            if seat::accepts_draw(&self.game) {
                self.game
                    .agree_draw()
                    .map_err(|e| refusals::play_error(&e).error("over"))?;
                self.finish(Outcome::Agreement).await;
            } else {
                self.draw = None;
                self.announce(&ServerMsg::OfferGone {
                    game: self.row.id.clone(),
                    kind: "draw".into(),
                    reason: "declined".into(),
                    id: None,
                });
            }
        }
        Ok(())
    }
}
