pub mod db;
pub mod hub;
