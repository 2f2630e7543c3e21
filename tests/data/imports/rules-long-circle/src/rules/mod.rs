pub mod variant;
