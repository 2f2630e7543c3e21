use super::V;
pub struct E;
