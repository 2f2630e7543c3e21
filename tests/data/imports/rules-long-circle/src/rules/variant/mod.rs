//! Six files of one folder that import each other round: a circle too long.
mod a;
mod b;
mod c;
mod d;
mod e;
pub use a::A;
pub struct V;
