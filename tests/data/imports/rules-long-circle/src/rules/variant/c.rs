use super::d::D;
pub struct C;
