//! The pages that read the server's state: the lobby, a game, a player, the archive, the
//! puzzles, the analysis board, and the lobby's list of live games (`/api/live`).

mod analysis;
mod archive;
mod game;
mod invite;
mod live;
mod lobby;
mod parts;
mod player;
mod puzzles;
mod tournament;

pub use analysis::analysis;
pub use archive::archive;
pub use game::game;
pub(crate) use game::promotion_buttons;
pub use invite::invite;
pub use live::live_api;
pub use lobby::{QUICK, lobby};
pub use player::{PlayerQuery, player};
pub use puzzles::{puzzle, puzzles};
pub use tournament::tournament;
