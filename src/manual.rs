//! The man pages and shell completions the packages ship (`parachess generate-docs DIR` and
//! `parachess-server generate-docs DIR`, both hidden), generated from the command line's own
//! definition so they cannot drift from it.

use std::path::{Path, PathBuf};

use clap_complete::Shell;

/// The version both binaries print: `VERSION (COMMIT)`, the commit given by build.rs.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("PARACHESS_COMMIT"),
    ")"
);

/// The shells completions are written for.
const SHELLS: [Shell; 3] = [Shell::Bash, Shell::Zsh, Shell::Fish];

/// Writes into `dir` the man pages of `cmd`, the program `name` (`man1/NAME.1`, and `man1/NAME-SUB.1` for each
/// visible subcommand) and its completions (`completions/NAME.bash`, `_NAME`, `NAME.fish`);
/// returns the files written.
pub fn generate(
    cmd: clap::Command,
    name: &'static str,
    dir: &Path,
) -> std::io::Result<Vec<PathBuf>> {
    let man = dir.join("man1");
    let completions = dir.join("completions");
    std::fs::create_dir_all(&man)?;
    std::fs::create_dir_all(&completions)?;
    // No `help` subcommand pages: `--help` is on every page.
    let cmd = cmd.disable_help_subcommand(true);
    clap_mangen::generate_to(cmd.clone(), &man)?;
    let mut written: Vec<PathBuf> = std::fs::read_dir(&man)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    // The completions offer what a user types: without the hidden subcommands, which
    // clap_complete would list.
    let mut shown = clap::Command::new(name)
        .version(VERSION)
        .disable_help_subcommand(true)
        .args(cmd.get_arguments().cloned())
        .subcommands(cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
    for shell in SHELLS {
        written.push(clap_complete::generate_to(
            shell,
            &mut shown,
            name,
            &completions,
        )?);
    }
    written.sort();
    Ok(written)
}
