//! Berserk, an arena's rule: before its first move a side may give up half its base time and
//! its increment for one more point should it win in at least 7 moves (the tournament's
//! scoring counts that point from the pairing, which the write marks).

use super::Actor;
use crate::rules::Side;
use crate::rules::clock::BerserkError;
use crate::server::db::Write;
use crate::server::messages::{ServerMsg, side_name};
use crate::server::refusals;

impl Actor {
    /// `side` goes berserk: refused with a reason outside an arena game, without a clock,
    /// after its first move or a second time; else committed, then told to everyone.
    pub(super) async fn berserk(&mut self, side: Side) -> Result<(), ServerMsg> {
        let refuse = |why: &'static str| Err(refusals::refused("berserk", why, &[]));
        let Some(mut sides) = self.row.berserk else {
            return refuse("berserk-arena");
        };
        if self.plies_by(side) > 0 {
            return refuse("berserk-first-move");
        }
        let now = self.now();
        let before = self.clocks.clone();
        let Some(clocks) = &mut self.clocks else {
            return refuse("berserk-clock");
        };
        if let Err(e) = clocks.berserk(side, now) {
            return refuse(match e {
                BerserkError::Already => "berserk-already",
                BerserkError::TooLittleTime => "berserk-time",
            });
        }
        let write = Write::Berserk {
            game: self.row.id.clone(),
            white: side == Side::White,
            clocks_ms: self.clocks_ms(),
        };
        if let Err(e) = self.writer.write(write).await {
            self.clocks = before;
            return Err(ServerMsg::error(
                "db",
                format!("berserk could not be saved: {e}"),
            ));
        }
        sides[side.index()] = true;
        self.row.berserk = Some(sides);
        tracing::info!(game = %self.row.id, side = ?side, "berserk");
        if let Some(clocks) = self.clock_view() {
            self.announce(&ServerMsg::Berserk {
                game: self.row.id.clone(),
                side: side_name(side),
                clocks,
            });
        }
        Ok(())
    }
}
