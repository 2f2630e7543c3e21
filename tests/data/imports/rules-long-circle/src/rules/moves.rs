use super::position::P;
pub struct M;
