use super::super::movement::A;
pub struct B;
