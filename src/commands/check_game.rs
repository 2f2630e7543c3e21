//! `parachess check-game FILE`: validates a game file as the game would load it and prints the
//! final position text, so records can be checked from scripts and editors.

use std::io::{self, Write};
use std::path::Path;

use thiserror::Error;

use crate::store::{StoreError, read_record_file};

/// Why `check-game` failed.
#[derive(Debug, Error)]
pub enum CheckGameError {
    /// The file is unreadable or not a valid game (`FILE:LINE:COLUMN: message`).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Standard output refused the answer.
    #[error("writing the position: {0}")]
    Output(#[from] io::Error),
}

/// Reads `path` and writes the final position text as one line to `out`.
pub fn run(path: &Path, out: &mut impl Write) -> Result<(), CheckGameError> {
    let record = read_record_file(path)?;
    writeln!(out, "{}", record.game.position())?;
    Ok(())
}
