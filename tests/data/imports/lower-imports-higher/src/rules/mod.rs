//! The rules reach up into the engine: not allowed.
use crate::engine::Engine;

pub struct Position(Engine);
