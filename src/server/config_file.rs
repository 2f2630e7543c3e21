//! `parachess-server --config FILE`: every flag of the command line set from a TOML file
//! (`listen = "0.0.0.0:8080"`, `per-address = 50`; `per_address` works too), so a packaged
//! server keeps its settings in /etc/parachess-server/config.toml.
//!
//! Each `key = value` becomes `--key value` placed before the real arguments, and clap parses
//! as usual, with a later occurrence of a flag overriding an earlier one: the command line
//! wins. An unknown key, a section or a value clap refuses is an error that names the file and
//! the line.

use std::ffi::OsString;
use std::path::Path;

use clap::{ArgAction, CommandFactory, FromArgMatches};
use toml::de::{DeTable, DeValue};

/// Parses the process's command line into `P`, with the settings of `--config FILE` (if
/// given) placed before it. Exits like clap does on `--help`, `--version` or an error.
pub fn parse<P: CommandFactory + FromArgMatches>() -> P {
    let argv: Vec<OsString> = std::env::args_os().collect();
    match parse_from::<P>(argv) {
        Ok(p) => p,
        Err(Failure::Clap(e)) => e.exit(),
        Err(Failure::File(message)) => {
            let name = P::command().get_name().to_string();
            eprintln!("{name}: {message}");
            std::process::exit(2);
        }
    }
}

/// Why the command line was not parsed.
#[derive(Debug)]
pub enum Failure {
    /// Clap's own error (or `--help`, `--version`), printed by [`clap::Error::exit`].
    Clap(clap::Error),
    /// The configuration file: `FILE:LINE: what`.
    File(String),
}

/// [`parse`] on a given command line (its first word is the program).
pub fn parse_from<P: CommandFactory + FromArgMatches>(argv: Vec<OsString>) -> Result<P, Failure> {
    let cmd = P::command();
    let mut full = argv;
    if let Some(path) = config_path(&full) {
        let text = std::fs::read_to_string(&path)
            .map_err(|e| Failure::File(format!("--config {}: {e}", path.display())))?;
        let settings = arguments(&cmd, &text)
            .map_err(|(line, what)| Failure::File(format!("{}:{line}: {what}", path.display())))?;
        let at = full.len().min(1);
        full.splice(at..at, settings);
    }
    let matches = cmd
        .args_override_self(true)
        .try_get_matches_from(full)
        .map_err(Failure::Clap)?;
    P::from_arg_matches(&matches).map_err(Failure::Clap)
}

/// The file of `--config FILE` or `--config=FILE` (the last one given), before any `--`.
fn config_path(argv: &[OsString]) -> Option<std::path::PathBuf> {
    let mut found = None;
    let mut words = argv.iter().skip(1);
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        if word == "--config" {
            found = words.next().map(|w| Path::new(w).to_path_buf());
        } else if let Some(rest) = word.to_str().and_then(|w| w.strip_prefix("--config=")) {
            found = Some(Path::new(rest).to_path_buf());
        }
    }
    found
}

/// The file's settings as command-line words, each checked by clap on its own; an error is
/// `(line, what)`.
fn arguments(cmd: &clap::Command, text: &str) -> Result<Vec<OsString>, (usize, String)> {
    let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    let table = DeTable::parse(text).map_err(|e| {
        let line = e.span().map_or(1, |s| line_of(s.start));
        (line, e.message().to_string())
    })?;
    let mut entries: Vec<_> = table.get_ref().iter().collect();
    // In the order written, so errors come in the order a reader meets them.
    entries.sort_by_key(|(k, _)| k.span().start);
    let mut out = Vec::new();
    for (key, value) in entries {
        let line = line_of(key.span().start);
        let name = key.get_ref().replace('_', "-");
        let arg = cmd
            .get_arguments()
            .filter(|a| !matches!(a.get_id().as_str(), "help" | "version" | "config"))
            .find(|a| a.get_long() == Some(name.as_str()))
            .ok_or_else(|| {
                let known: Vec<&str> = cmd
                    .get_arguments()
                    .filter_map(|a| a.get_long())
                    .filter(|l| !matches!(*l, "help" | "version" | "config"))
                    .collect();
                (
                    line,
                    format!(
                        "unknown setting `{}` (the settings: {})",
                        key.get_ref(),
                        known.join(", ")
                    ),
                )
            })?;
        let flag = format!("--{name}");
        let words = match (value.get_ref(), arg.get_action()) {
            (DeValue::Boolean(true), ArgAction::SetTrue) => vec![flag],
            (DeValue::Boolean(false), ArgAction::SetTrue) => vec![],
            (_, ArgAction::SetTrue) => {
                return Err((line, format!("`{name}`: true or false")));
            }
            (DeValue::String(s), _) => vec![flag, s.to_string()],
            (DeValue::Integer(_) | DeValue::Float(_), _) => {
                vec![flag, text[value.span()].to_string()]
            }
            (DeValue::Boolean(b), _) => vec![flag, b.to_string()],
            _ => {
                return Err((line, format!("`{name}`: a string, a number or true/false")));
            }
        };
        // The value on its own, so a refusal names this line.
        let check = cmd.clone().no_binary_name(true).args_override_self(true);
        if let Err(e) = check.try_get_matches_from(&words) {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or_default();
            let what = first.strip_prefix("error: ").unwrap_or(first);
            return Err((line, what.to_string()));
        }
        out.extend(words.into_iter().map(OsString::from));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    #[command(name = "t")]
    struct T {
        #[arg(long)]
        config: Option<std::path::PathBuf>,
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: String,
        #[arg(long, default_value_t = 100)]
        per_address: usize,
        #[arg(long)]
        quiet: bool,
        #[command(subcommand)]
        command: Option<Sub>,
    }

    #[derive(clap::Subcommand, Debug)]
    enum Sub {
        Bots {
            #[arg(long)]
            server: String,
        },
    }

    fn file(text: &str) -> (tempdir::Dir, String) {
        let dir = tempdir::Dir::new();
        let path = dir.0.join("config.toml");
        std::fs::write(&path, text).expect("write the test file");
        let p = path.to_string_lossy().into_owned();
        (dir, p)
    }

    mod tempdir {
        /// A folder removed when dropped.
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                use std::sync::atomic::{AtomicU32, Ordering};
                static N: AtomicU32 = AtomicU32::new(0);
                let n = N.fetch_add(1, Ordering::Relaxed);
                let p = std::env::temp_dir()
                    .join(format!("parachess-config-{}-{n}", std::process::id()));
                std::fs::create_dir_all(&p).expect("make the test folder");
                Dir(p)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    fn run(args: &[&str]) -> Result<T, Failure> {
        parse_from::<T>(args.iter().map(OsString::from).collect())
    }

    #[test]
    fn settings_apply_and_the_command_line_wins() {
        let (_d, p) =
            file("# a comment\nlisten = \"0.0.0.0:9000\"\nper_address = 7\nquiet = true\n");
        let t = run(&["t", "--config", &p]).expect("parses");
        assert_eq!(t.listen, "0.0.0.0:9000");
        assert_eq!(t.per_address, 7);
        assert!(t.quiet);
        let t = run(&["t", "--per-address", "9", &format!("--config={p}")]).expect("parses");
        assert_eq!(t.per_address, 9);
        assert_eq!(t.listen, "0.0.0.0:9000");
        let t = run(&["t", "--config", &p, "bots", "--server", "http://x"]).expect("parses");
        assert!(matches!(t.command, Some(Sub::Bots { .. })));
        assert_eq!(t.per_address, 7);
    }

    #[test]
    fn unknown_keys_and_bad_values_name_the_line() {
        let (_d, p) = file("listen = \"a:1\"\n\nport = 8080\n");
        let Err(Failure::File(m)) = run(&["t", "--config", &p]) else {
            panic!("an unknown key is refused");
        };
        assert!(
            m.ends_with(":3: unknown setting `port` (the settings: listen, per-address, quiet)"),
            "{m}"
        );
        let (_d, p) = file("per-address = \"many\"\n");
        let Err(Failure::File(m)) = run(&["t", "--config", &p]) else {
            panic!("a bad value is refused");
        };
        assert!(m.contains(":1: ") && m.contains("many"), "{m}");
        let (_d, p) = file("listen = [1, 2]\n");
        assert!(matches!(run(&["t", "--config", &p]), Err(Failure::File(m)) if m.contains(":1: ")));
        let (_d, p) = file("listen = \n");
        assert!(matches!(run(&["t", "--config", &p]), Err(Failure::File(m)) if m.contains(":1: ")));
        let (_d, p) = file("config = \"other.toml\"\n");
        assert!(
            matches!(run(&["t", "--config", &p]), Err(Failure::File(m)) if m.contains("unknown setting `config`"))
        );
        assert!(matches!(
            run(&["t", "--config", "/nonexistent/x.toml"]),
            Err(Failure::File(_))
        ));
    }
}
