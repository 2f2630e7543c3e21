mod builtin;
pub use builtin::B;
pub struct V;
