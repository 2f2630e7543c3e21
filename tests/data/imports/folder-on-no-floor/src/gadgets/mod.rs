pub fn gadget(_: crate::rules::Position) {}
