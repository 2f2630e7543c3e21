//! Headless command-line tools, each writing its report to a caller-supplied writer so tests can
//! read what a user would see.

pub mod bench;
pub mod check_game;
pub mod datagen;
pub mod lessons;
pub mod netplay;
pub mod perft;
pub mod puzzles;
pub mod referee;
pub mod review;
pub mod selfplay;
pub mod themes;
pub mod train;

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;

use crate::rules::{Position, PositionError, Variant};

/// Reads `--position` text in `variant` (its letters), or `variant`'s start when none is given.
pub fn position_arg_in(
    text: Option<&str>,
    variant: &'static Variant,
) -> Result<Position, PositionError> {
    match text {
        Some(t) => Position::parse_in(t, variant),
        None => Ok(variant.start()),
    }
}

/// Reads `--variant`: a variant file (`*.toml`, or any path that exists) or a variant's name
/// (built in, or one of the player's own in the data folder's `variants/`). None is Parachess.
pub fn variant_arg(text: Option<&str>) -> Result<&'static Variant, String> {
    let Some(text) = text else {
        return Ok(Variant::parachess());
    };
    let path = Path::new(text);
    if text.ends_with(".toml") || path.is_file() {
        return crate::store::read_variant_file(path).map_err(|e| e.to_string());
    }
    if let Ok(dir) = crate::store::data_dir() {
        // Broken files of the player's are no concern unless one is asked for by name.
        let _ = crate::store::load_player_variants(&dir);
    }
    Variant::named(text).map_err(|e| e.to_string())
}

/// Plays games 1..=`games` on one thread per worker state, each thread taking the next number,
/// and hands every result to `take` on the calling thread as it arrives (finishing order). An
/// error from `take` stops the handing out: each thread ends after the game it is playing.
fn play_in_parallel<W: Send, T: Send, E>(
    workers: Vec<W>,
    games: u32,
    play: impl Fn(&mut W, u32) -> T + Sync,
    mut take: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E> {
    let next = AtomicU32::new(1);
    let (tx, rx) = mpsc::channel::<T>();
    std::thread::scope(|scope| {
        for mut worker in workers {
            let tx = tx.clone();
            let (next, play) = (&next, &play);
            scope.spawn(move || {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g > games || tx.send(play(&mut worker, g)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        rx.into_iter().try_for_each(&mut take)
    })
}
