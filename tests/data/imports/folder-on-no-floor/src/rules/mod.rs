pub struct Position;
