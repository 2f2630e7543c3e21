#![no_main]
//! Fuzz target: see `checks::position_text`.

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| {
    let _ = checks::position_text(data);
});
