//! Who plays whom: a Swiss round by the Dutch system, an arena's waiting players by rank.

pub mod arena;
pub mod dutch;
