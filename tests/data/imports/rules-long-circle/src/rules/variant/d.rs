use super::e::E;
pub struct D;
