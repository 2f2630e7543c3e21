//! `--bench-frames` of the game and of the bare scene (`--bare-scene`, the yardstick that
//! `scripts/frame-ratio.sh` compares the game with) render offscreen and print the lines the
//! script reads, and the game keeps pieces moving in every timed frame. Figures are printed,
//! never asserted: speed is checked by the script, not by tests.
#![cfg(feature = "gui")]

use std::process::Command;

use crate::common;

/// Runs `parachess` offscreen on software Vulkan (unless told otherwise); its standard output
/// and its standard error.
fn bench(args: &[&str]) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_parachess"))
        .args(args)
        .env(
            "WGPU_BACKEND",
            std::env::var("WGPU_BACKEND").unwrap_or_else(|_| "vulkan".into()),
        )
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("run parachess");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{args:?} failed:\n{stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr.into_owned(),
    )
}

/// The figures as the script reads them: the fourth and tenth words of the frame-time line
/// (mean and p99), and the moving frames out of the timed ones.
fn figures(out: &str) -> (f32, f32, u32, u32) {
    let line = out
        .lines()
        .find(|l| l.starts_with("frame time mean "))
        .unwrap_or_else(|| panic!("no frame-time line in {out:?}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 11, "{line:?}");
    assert_eq!(
        (words[4], words[8], words[10]),
        ("ms,", "p99", "ms"),
        "{line:?}"
    );
    let (mean, p99) = (words[3].parse().unwrap(), words[9].parse().unwrap());
    let moved = out
        .lines()
        .find_map(|l| l.strip_prefix("meshes moved in "))
        .unwrap_or_else(|| panic!("no moving-frames line in {out:?}"));
    let moved: Vec<&str> = moved.split_whitespace().collect();
    assert_eq!((moved.len(), moved[1], moved[3]), (4, "of", "frames"));
    (
        mean,
        p99,
        moved[0].parse().unwrap(),
        moved[2].parse().unwrap(),
    )
}

#[test]
fn the_game_and_the_bare_scene_print_the_same_figures_and_keep_moving() {
    let size = "320x200";
    for (view, frames) in [("3d", 5), ("2d", 20)] {
        let frames_text = frames.to_string();
        let common = [
            "--bench-frames",
            &frames_text,
            "--size",
            size,
            "--view",
            view,
        ];
        for bare in [false, true] {
            let mut args = common.to_vec();
            if bare {
                args.push("--bare-scene");
            }
            let (out, err) = bench(&args);
            println!("{args:?}:\n{out}");
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 6, "{args:?}: {out}");
            assert_eq!(lines[0], format!("frames {frames}"));
            assert_eq!(lines[1], format!("size {size}"));
            assert!(lines[2].starts_with("first frame after "), "{out}");
            assert!(lines[3].starts_with("warm-up "), "{out}");
            let (mean, p99, moving, timed) = figures(&out);
            // With so few frames the p99 is the slowest frame.
            assert!(mean > 0.0 && p99 + 0.01 >= mean, "{args:?}: {out}");
            assert_eq!(timed, frames);
            assert_eq!(
                moving, frames,
                "{args:?}: frames without motion: {out}\n{err}"
            );
        }
    }
}

#[test]
fn the_bare_scene_needs_a_frame_count() {
    let (code, out, err) = common::parachess(&["--bare-scene", "--size", "320x200"]);
    assert!(code.is_some_and(|c| c != 0), "exited {code:?}: {out}");
    assert!(err.contains("--bench-frames"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
