//! `parachess datagen` refuses bad arguments with a clear message, a non-zero exit and no file.

use crate::common::parachess;

#[test]
fn datagen_refuses_bad_input_clearly() {
    let dir = std::env::temp_dir().join(format!("parachess-datagen-args-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("d.bin");
    let out = out.to_str().unwrap();
    let missing = dir.join("no-such-dir").join("d.bin");
    let missing = missing.to_str().unwrap();
    for (args, expected) in [
        (vec!["--games", "0", "--out", out], "'--games <GAMES>'"),
        (vec!["--games", "2"], "--out <FILE>"),
        (
            vec![
                "--games", "2", "--out", out, "--depth", "3", "--nodes", "100",
            ],
            "'--depth <DEPTH>' cannot be used with '--nodes <NODES>'",
        ),
        (
            vec!["--games", "2", "--out", out, "--depth", "31"],
            "1..=30",
        ),
        (
            vec!["--games", "2", "--out", out, "--threads", "0"],
            "'--threads <THREADS>'",
        ),
        (
            vec!["--games", "2", "--out", out, "--variant", "Nope"],
            "no variant called \"Nope\"",
        ),
        (
            vec!["--games", "1", "--depth", "1", "--out", missing],
            "No such file or directory",
        ),
    ] {
        let mut all = vec!["datagen"];
        all.extend(args.iter().copied());
        let (code, stdout, stderr) = parachess(&all);
        assert!(code.is_some_and(|c| c != 0), "{args:?}: {stdout}{stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!std::path::Path::new(out).exists(), "{args:?} wrote a file");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
