//! A game that is not live here, as the database holds it: its row and moves read back into
//! the protocol's `game` view. Its own error type, so that the HTTP layer, the connections and
//! the cross-instance proxy each say it their own way (a status, a protocol error).

use thiserror::Error;

use super::db::{Db, DbError};
use super::game::{self, RebuildError};
use super::messages::{GameView, ServerMsg};
use super::refusals;

/// Why a stored game cannot be had.
#[derive(Debug, Error)]
pub enum StoredError {
    /// No game has that id (or the id is not one the server makes).
    #[error("no such game")]
    NotFound,
    /// The database failed.
    #[error(transparent)]
    Db(#[from] DbError),
    /// Its row and moves do not make a game.
    #[error(transparent)]
    Rebuild(#[from] RebuildError),
}

impl StoredError {
    /// The protocol's refusal (`no_game`): a game that is not there in both languages; a
    /// failure with its English detail, which the operator reads.
    pub fn refusal(&self) -> ServerMsg {
        match self {
            StoredError::NotFound => refusals::refused("no_game", "no-game", &[]),
            _ => ServerMsg::error("no_game", self.to_string()),
        }
    }
}

/// Whether `id` can be a game id (the server makes them alphanumeric, at most 16 long): a
/// longer or stranger one is not looked up.
pub fn id_ok(id: &str) -> bool {
    !id.is_empty() && id.len() <= 16 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The stored game `id`, as a `game` view.
pub async fn view(db: &Db, id: &str) -> Result<GameView, StoredError> {
    if !id_ok(id) {
        return Err(StoredError::NotFound);
    }
    let row = db.game(id).await?.ok_or(StoredError::NotFound)?;
    let moves = db.moves(id).await?;
    Ok(game::stored_view(&row, &moves)?)
}
