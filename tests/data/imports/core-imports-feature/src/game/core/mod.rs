//! The core must not know any feature.
pub struct Board {
    pub game: crate::game::play::ChessGame,
}
