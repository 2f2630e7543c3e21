pub mod gadgets;
pub mod rules;
