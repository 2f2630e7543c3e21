//! Every input a fuzzer crashed on (`tests/data/fuzz-regressions/<target>/`) and every seed
//! (`fuzz/seeds/<target>/`), run through the same checks the fuzz targets make.

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

#[allow(dead_code)]
#[path = "../fuzz/checks.rs"]
mod checks;

/// Runs `check` on every file under `tests/data/fuzz-regressions/<target>` and
/// `fuzz/seeds/<target>`, naming the file that fails.
fn replay(target: &str, check: fn(&[u8])) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failed = Vec::new();
    let mut count = 0;
    for dir in ["tests/data/fuzz-regressions", "fuzz/seeds"] {
        let Ok(entries) = fs::read_dir(root.join(dir).join(target)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            let bytes = fs::read(&path).unwrap();
            count += 1;
            if catch_unwind(AssertUnwindSafe(|| check(&bytes))).is_err() {
                failed.push(path.display().to_string());
            }
        }
    }
    assert!(count > 0, "no inputs for {target}");
    assert!(failed.is_empty(), "{target} fails on {failed:?}");
}

#[test]
fn position_text_inputs() {
    replay("position_text", checks::position_text);
}

#[test]
fn move_text_inputs() {
    replay("move_text", checks::move_text);
}

#[test]
fn game_file_inputs() {
    replay("game_file", checks::game_file);
}
