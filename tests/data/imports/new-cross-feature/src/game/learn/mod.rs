//! One feature using another directly: a new debt, refused.
use super::studio::{Puzzles, self as puzzles};

pub fn open(_: &Puzzles) {
    puzzles::start();
}
