pub mod learn;
pub mod studio;
