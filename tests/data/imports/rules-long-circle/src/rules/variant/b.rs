use super::c::C;
pub struct B;
