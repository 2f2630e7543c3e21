pub mod movement;
pub mod moves;
pub mod position;
pub mod text;
pub mod variant;
