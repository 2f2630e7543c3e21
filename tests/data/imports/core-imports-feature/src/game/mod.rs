pub mod core;
pub mod play;
