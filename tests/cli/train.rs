//! `parachess train`: on a tiny data set from `parachess datagen` the loss goes down, the
//! weights file it writes loads (and the engine plays with it); bad data and arguments are
//! refused with a clear message.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use parachess::engine::EvalWeights;

fn parachess(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parachess"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parachess-train-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `epoch N loss L` lines' losses, in order.
fn losses(stdout: &str) -> Vec<f64> {
    stdout
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("epoch ")?;
            let (_, loss) = rest.split_once(" loss ")?;
            loss.trim().parse().ok()
        })
        .collect()
}

#[test]
fn training_on_a_tiny_data_set_lowers_its_loss() {
    let dir = scratch("lowers");
    let made = parachess(
        &[
            "datagen", "--games", "6", "--depth", "2", "--seed", "3", "--out", "d.bin",
        ],
        &dir,
    );
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    // Six epochs of the same settings, writing `out`.
    let train = |out: &str| {
        parachess(
            &[
                "train",
                "--data",
                "d.bin",
                "--out",
                out,
                "--epochs",
                "6",
                "--batch",
                "128",
                "--seed",
                "5",
                "--threads",
                "2",
            ],
            &dir,
        )
    };
    let out = train("w.txt");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let l = losses(&stdout);
    assert_eq!(l.len(), 7, "epoch 0 (before) and 6 more: {stdout}");
    assert!(l[6] < l[0] * 0.95, "the loss must fall: {l:?}");
    let trained = EvalWeights::load(&dir.join("w.txt")).unwrap();
    assert_ne!(trained, EvalWeights::default());
    // The same seed (and threads) gives the same weights.
    let again = train("w2.txt");
    assert!(again.status.success());
    assert_eq!(EvalWeights::load(&dir.join("w2.txt")).unwrap(), trained);
    // The engine plays with them.
    let bench = parachess(&["bench", "--depth", "3", "--eval-file", "w.txt"], &dir);
    assert!(
        bench.status.success(),
        "{}",
        String::from_utf8_lossy(&bench.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_data_and_arguments_are_refused_clearly() {
    let dir = scratch("bad");
    std::fs::write(dir.join("text.bin"), "hello").unwrap();
    std::fs::write(dir.join("empty.bin"), "PCHDATA1").unwrap();
    std::fs::write(dir.join("cut.bin"), b"PCHDATA1\x09Parachess\x05").unwrap();
    let mut wrong = b"PCHDATA1".to_vec();
    for text in ["Parachess", "not a position"] {
        wrong.push(text.len() as u8);
        wrong.extend_from_slice(text.as_bytes());
    }
    wrong.extend_from_slice(&[0, 0, 1]);
    std::fs::write(dir.join("wrong.bin"), wrong).unwrap();
    for (args, expected) in [
        (vec!["--data", "missing.bin"], "missing.bin: No such file"),
        (vec!["--data", "text.bin"], "not a Parachess data file"),
        (vec!["--data", "empty.bin"], "no usable position"),
        (vec!["--data", "cut.bin"], "truncated record"),
        (vec!["--data", "wrong.bin"], "wrong.bin: record 0: position"),
        (
            vec!["--data", "empty.bin", "--lr", "0"],
            "--lr must be above 0",
        ),
        (
            vec!["--data", "empty.bin", "--lambda", "2"],
            "--lambda must be from 0 to 1",
        ),
        (vec!["--data", "empty.bin", "--epochs", "0"], "--epochs"),
        (vec![], "--data"),
    ] {
        let mut all = vec!["train", "--out", "w.txt"];
        all.extend(args.iter().copied());
        let out = parachess(&all, &dir);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    assert!(!dir.join("w.txt").exists(), "nothing is written on failure");
    let _ = std::fs::remove_dir_all(&dir);
}
