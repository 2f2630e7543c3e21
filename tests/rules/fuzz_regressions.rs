//! Every input a fuzzer crashed on (`tests/data/fuzz-regressions/<target>/`) and every seed
//! (`fuzz/seeds/<target>/`), run through the same checks the fuzz targets make. Each file says by
//! its name what must become of it: names starting with `reject-` must be refused, all others
//! must be read (a seed that stops parsing no longer seeds what it was meant to).

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

#[allow(dead_code, reason = "the fuzz targets' checks; this test uses some")]
#[path = "../../fuzz/checks.rs"]
mod checks;

use checks::Verdict;

/// Runs `check` on every file under `tests/data/fuzz-regressions/<target>` and
/// `fuzz/seeds/<target>`, naming each file that panics or meets the wrong verdict.
fn replay(target: &str, check: fn(&[u8]) -> Verdict) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failed = Vec::new();
    let mut count = [0; 2];
    for dir in ["tests/data/fuzz-regressions", "fuzz/seeds"] {
        let Ok(entries) = fs::read_dir(root.join(dir).join(target)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            let bytes = fs::read(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let expected = if name.starts_with("reject-") {
                Verdict::Rejected
            } else {
                Verdict::Read
            };
            count[(expected == Verdict::Rejected) as usize] += 1;
            match catch_unwind(AssertUnwindSafe(|| check(&bytes))) {
                Err(_) => failed.push(format!("{}: panicked", path.display())),
                Ok(v) if v != expected => {
                    failed.push(format!("{}: {v:?}, expected {expected:?}", path.display()))
                }
                Ok(_) => {}
            }
        }
    }
    assert!(count[0] > 0, "no inputs for {target} that must be read");
    assert!(failed.is_empty(), "{target}:\n{}", failed.join("\n"));
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
