pub struct Puzzles;

pub fn start() {}
