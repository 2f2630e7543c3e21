//! Gives the binaries the commit they were built from (`--version` prints
//! `NAME VERSION (COMMIT)`): `PARACHESS_COMMIT` when set (scripts/package.sh sets it, and a
//! source tarball has no git), else `git rev-parse --short HEAD` in a git checkout, else
//! `unknown`. Cheap, and reruns only when that variable or the checked-out commit changes.

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo::rerun-if-env-changed=PARACHESS_COMMIT");
    let commit = match std::env::var("PARACHESS_COMMIT") {
        Ok(c) if !c.trim().is_empty() => c.trim().to_string(),
        _ => git_commit().unwrap_or_else(|| "unknown".to_string()),
    };
    println!("cargo::rustc-env=PARACHESS_COMMIT={commit}");
}

/// The short commit of HEAD, registering the files whose change means a new commit.
fn git_commit() -> Option<String> {
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git").args(args).output().ok()?;
        if !out.status.success() {
            return None;
        }
        let text = String::from_utf8(out.stdout).ok()?;
        Some(text.trim().to_string()).filter(|t| !t.is_empty())
    };
    let commit = git(&["rev-parse", "--short", "HEAD"])?;
    // HEAD itself (a checkout of another branch), the branch it points to (a commit) and the
    // packed refs (where a branch's commit may live); `--git-path` finds them in a worktree too.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watched.push(branch);
    }
    for name in watched {
        if let Some(path) = git(&["rev-parse", "--git-path", &name]) {
            // Relative paths are relative to the package root, as cargo expects.
            if Path::new(&path).exists() {
                println!("cargo::rerun-if-changed={path}");
            }
        }
    }
    Some(commit)
}
