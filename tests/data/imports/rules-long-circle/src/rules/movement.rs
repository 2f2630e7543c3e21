//! Six files on one layer that import each other round: a circle too long.
use super::moves::M;
pub struct A;
