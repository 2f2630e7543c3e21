use super::variant::V;
pub struct T;
