use super::text::T;
pub struct P;
