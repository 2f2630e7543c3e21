//! The evaluation's weights as data: one [`EvalWeights`] value holds every number the static
//! evaluation ([`super::eval`]) multiplies or adds, so `parachess train` can fit them and
//! `--eval-file` / the UCI option `EvalFile` can load others. The default weights are a file
//! embedded in the binary (`data/eval/default.txt`, Texel-tuned: docs/TRAINING.md), read once
//! at start; the hand-written weights they replaced are `data/eval/hand-written.txt`.
//!
//! # File format (`parachess-eval 1`)
//! UTF-8 text. The first line that is not blank or a comment (`#` to the end of a line) is the
//! magic and version, `parachess-eval 1`. Every other line is a field's name and exactly as many
//! integers as the field has (the list and the ranges are [`FIELDS`]), separated by spaces. Every
//! field appears exactly once, in any order; unknown names, wrong counts, numbers out of range
//! and missing fields are refused with the line number. Per-kind fields list Parachess's kinds
//! in slot order: Pawn, Sorcerer, Bishop, Rook, Queen (the King is priceless and scores nothing).
//! A variant's own kinds that are not Parachess's keep the values the variant derives.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, PoisonError, RwLock};

use thiserror::Error;

/// The first line of a weights file.
pub const WEIGHTS_MAGIC: &str = "parachess-eval";

/// The format version this build reads and writes.
pub const WEIGHTS_VERSION: u32 = 1;

/// Per-kind fields cover Parachess's non-royal kinds: Pawn, Sorcerer, Bishop, Rook, Queen.
pub const KINDS: usize = 5;

/// Pawn tables are indexed by the steps still needed to promote (0 to 8, more counts as 8).
pub const STEPS: usize = 9;

/// The embedded default weights (Texel-tuned; docs/TRAINING.md has the run and its match).
pub const DEFAULT_TEXT: &str = include_str!("../../data/eval/default.txt");

/// The hand-written evaluation's weights, as a file (what [`EvalWeights::hand_written`] is).
pub const HAND_WRITTEN_TEXT: &str = include_str!("../../data/eval/hand-written.txt");

/// Every weight of the static evaluation. `mg` parts count in the middle game and `eg` parts in
/// the endgame; the evaluation blends them by the non-pawn material left (the variant's values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Material per kind, middle game.
    pub material_mg: [i32; KINDS],
    /// Material per kind, endgame.
    pub material_eg: [i32; KINDS],
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Pawn advancement by steps still needed to promote.
    pub advance_mg: [i32; STEPS],
    /// Pawn advancement, endgame.
    pub advance_eg: [i32; STEPS],
    /// Extra for a passed pawn, by steps to promote.
    pub passed_mg: [i32; STEPS],
    /// Extra for a passed pawn, endgame.
    pub passed_eg: [i32; STEPS],
    /// Pawn bonus per unit of centrality (0 at the rim to 8 at the centre), mg and eg.
    pub pawn_centre: [i32; 2],
    /// Steppers' and leapers' bonus per unit of centrality, mg and eg.
    pub jumper_centre: [i32; 2],
    /// King: per own pawn next to it (at most 3), middle game.
    pub king_shield: i32,
    /// King: per row away from its home row (negative: a penalty), middle game.
    pub king_home: i32,
    /// King: per unit of centrality, endgame.
    pub king_centre: i32,
    /// Mobility per safe reachable cell, per kind, middle game.
    pub mobility_mg: [i32; KINDS],
    /// Mobility per safe reachable cell, per kind, endgame.
    pub mobility_eg: [i32; KINDS],
    /// Reachable cells that score zero mobility, per kind.
    pub mobility_zero: [i32; KINDS],
    /// How much an attacker of each kind adds to an attack on the enemy King.
    pub attack_weight: [i32; KINDS],
    /// How much each attacked cell of the King's zone adds.
    pub attack_hit: i32,
    /// King danger is `weight² × danger_scale / 100`, when at least two pieces attack.
    pub danger_scale: i32,
    /// The most King danger counts.
    pub danger_cap: i32,
}

/// One field of the file: its name, its length and the range of its numbers.
#[derive(Copy, Clone, Debug)]
pub struct Field {
    /// The name in the file.
    pub name: &'static str,
    /// How many numbers.
    pub len: usize,
    /// Smallest allowed number.
    pub min: i32,
    /// Largest allowed number.
    pub max: i32,
}

const fn field(name: &'static str, len: usize, min: i32, max: i32) -> Field {
    Field {
        name,
        len,
        min,
        max,
    }
}

/// Bound on ordinary weights: far beyond any sensible value, small enough that no sum of them
/// overflows an `i32` (the search's scores are within ±32 000 anyway).
const W: i32 = 5000;

/// The fields in file order (the order [`EvalWeights::to_vec`] flattens them in).
pub const FIELDS: [Field; 19] = [
    field("material_mg", KINDS, 0, W),
    field("material_eg", KINDS, 0, W),
    field("tempo", 1, -W, W),
    field("advance_mg", STEPS, -W, W),
    field("advance_eg", STEPS, -W, W),
    field("passed_mg", STEPS, -W, W),
    field("passed_eg", STEPS, -W, W),
    field("pawn_centre", 2, -W, W),
    field("jumper_centre", 2, -W, W),
    field("king_shield", 1, -W, W),
    field("king_home", 1, -W, W),
    field("king_centre", 1, -W, W),
    field("mobility_mg", KINDS, -500, 500),
    field("mobility_eg", KINDS, -500, 500),
    field("mobility_zero", KINDS, 0, 64),
    field("attack_weight", KINDS, 0, 100),
    field("attack_hit", 1, 0, 100),
    field("danger_scale", 1, 0, 1000),
    field("danger_cap", 1, 0, W),
];

/// How many numbers a weights value has in all.
pub const WEIGHT_COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < FIELDS.len() {
        n += FIELDS[i].len;
        i += 1;
    }
    n
};

/// Why a weights file was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum WeightsError {
    /// The file could not be read or written.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// The first line is not `parachess-eval <version>`.
    #[error(
        "not a Parachess weights file (the first line must be `{WEIGHTS_MAGIC} {WEIGHTS_VERSION}`)"
    )]
    Magic,
    /// A version this build cannot read.
    #[error("weights file version {0}: this build reads version {WEIGHTS_VERSION}")]
    Version(String),
    /// A line is malformed.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A field is absent.
    #[error("field `{0}` is missing")]
    Missing(&'static str),
}

impl WeightsError {
    /// The error with the file's name in front (for errors found in its text).
    fn in_file(self, path: &Path) -> WeightsError {
        match self {
            WeightsError::File { .. } => self,
            other => WeightsError::File {
                path: path.to_path_buf(),
                message: other.to_string(),
            },
        }
    }
}

static EMBEDDED: LazyLock<Arc<EvalWeights>> = LazyLock::new(|| {
    // The embedded file is checked by a unit test; should it ever fail to parse, the
    // hand-written numbers still play.
    Arc::new(EvalWeights::parse(DEFAULT_TEXT).unwrap_or_else(|_| EvalWeights::hand_written()))
});

/// The process's weights when `--eval-file` chose others (see [`set_process_weights`]).
static PROCESS: RwLock<Option<Arc<EvalWeights>>> = RwLock::new(None);

/// Makes `weights` what every engine made from now on evaluates with, and what [`evaluate`]
/// uses: the command line's `--eval-file`, read once at start, so every command and the game
/// window use it without each passing it down.
///
/// [`evaluate`]: super::evaluate
pub fn set_process_weights(weights: Arc<EvalWeights>) {
    *PROCESS.write().unwrap_or_else(PoisonError::into_inner) = Some(weights);
}

impl Default for EvalWeights {
    /// The embedded weights.
    fn default() -> EvalWeights {
        EvalWeights::clone(&EMBEDDED)
    }
}

impl EvalWeights {
    /// The weights new engines use: the process's ([`set_process_weights`]), else the
    /// embedded ones.
    pub fn shared_default() -> Arc<EvalWeights> {
        let chosen = PROCESS.read().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(chosen.as_ref().unwrap_or(&EMBEDDED))
    }

    /// The hand-written evaluation's numbers (what `data/eval/hand-written.txt` holds).
    pub fn hand_written() -> EvalWeights {
        EvalWeights {
            material_mg: [100, 350, 300, 300, 600],
            material_eg: [100, 350, 300, 300, 600],
            tempo: 10,
            advance_mg: [0, 40, 25, 15, 8, 4, 0, 0, 0],
            advance_eg: [0, 90, 60, 38, 22, 10, 4, 0, 0],
            passed_mg: [0, 60, 40, 25, 15, 10, 5, 5, 5],
            passed_eg: [0, 160, 110, 70, 45, 25, 15, 10, 10],
            pawn_centre: [1, 0],
            jumper_centre: [4, 3],
            king_shield: 12,
            king_home: -12,
            king_centre: 5,
            mobility_mg: [0, 4, 3, 3, 1],
            mobility_eg: [0, 4, 3, 3, 1],
            mobility_zero: [0, 6, 7, 7, 14],
            attack_weight: [0, 2, 2, 3, 5],
            attack_hit: 1,
            danger_scale: 150,
            danger_cap: 600,
        }
    }

    fn slices(&self) -> [&[i32]; 19] {
        [
            &self.material_mg,
            &self.material_eg,
            std::slice::from_ref(&self.tempo),
            &self.advance_mg,
            &self.advance_eg,
            &self.passed_mg,
            &self.passed_eg,
            &self.pawn_centre,
            &self.jumper_centre,
            std::slice::from_ref(&self.king_shield),
            std::slice::from_ref(&self.king_home),
            std::slice::from_ref(&self.king_centre),
            &self.mobility_mg,
            &self.mobility_eg,
            &self.mobility_zero,
            &self.attack_weight,
            std::slice::from_ref(&self.attack_hit),
            std::slice::from_ref(&self.danger_scale),
            std::slice::from_ref(&self.danger_cap),
        ]
    }

    fn slices_mut(&mut self) -> [&mut [i32]; 19] {
        [
            &mut self.material_mg,
            &mut self.material_eg,
            std::slice::from_mut(&mut self.tempo),
            &mut self.advance_mg,
            &mut self.advance_eg,
            &mut self.passed_mg,
            &mut self.passed_eg,
            &mut self.pawn_centre,
            &mut self.jumper_centre,
            std::slice::from_mut(&mut self.king_shield),
            std::slice::from_mut(&mut self.king_home),
            std::slice::from_mut(&mut self.king_centre),
            &mut self.mobility_mg,
            &mut self.mobility_eg,
            &mut self.mobility_zero,
            &mut self.attack_weight,
            std::slice::from_mut(&mut self.attack_hit),
            std::slice::from_mut(&mut self.danger_scale),
            std::slice::from_mut(&mut self.danger_cap),
        ]
    }

    /// All numbers, in [`FIELDS`] order.
    pub fn to_vec(&self) -> Vec<i32> {
        self.slices().concat()
    }

    /// Weights from numbers in [`FIELDS`] order, each clamped into its field's range; `None`
    /// unless there are exactly [`WEIGHT_COUNT`] of them.
    pub fn from_slice(values: &[i32]) -> Option<EvalWeights> {
        if values.len() != WEIGHT_COUNT {
            return None;
        }
        let mut w = EvalWeights::hand_written();
        let mut at = 0;
        for (slot, f) in w.slices_mut().into_iter().zip(FIELDS) {
            for (x, &v) in slot.iter_mut().zip(&values[at..at + f.len]) {
                *x = v.clamp(f.min, f.max);
            }
            at += f.len;
        }
        Some(w)
    }

    /// The smallest and largest value of every number, in [`FIELDS`] order.
    pub fn ranges() -> Vec<(i32, i32)> {
        FIELDS
            .iter()
            .flat_map(|f| std::iter::repeat_n((f.min, f.max), f.len))
            .collect()
    }

    /// The weights in the file format.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{WEIGHTS_MAGIC} {WEIGHTS_VERSION}\n# Parachess evaluation weights (centipawns); format: src/engine/weights.rs\n"
        );
        for (f, values) in FIELDS.iter().zip(self.slices()) {
            out.push_str(f.name);
            for v in values {
                let _ = write!(out, " {v}");
            }
            out.push('\n');
        }
        out
    }

    /// Reads the file format.
    pub fn parse(text: &str) -> Result<EvalWeights, WeightsError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
            .filter(|(_, l)| !l.is_empty());
        let (_, head) = lines.next().ok_or(WeightsError::Magic)?;
        match head.split_whitespace().collect::<Vec<_>>()[..] {
            [WEIGHTS_MAGIC, "1"] => {}
            [WEIGHTS_MAGIC, other] => return Err(WeightsError::Version(other.to_string())),
            _ => return Err(WeightsError::Magic),
        }
        let mut w = EvalWeights::hand_written();
        let mut seen = [false; FIELDS.len()];
        let slots = w.slices_mut();
        for (line, text) in lines {
            let bad = |message: String| WeightsError::Line { line, message };
            let mut words = text.split_whitespace();
            let name = words.next().unwrap_or_default();
            let Some(i) = FIELDS.iter().position(|f| f.name == name) else {
                return Err(bad(format!("unknown field `{name}`")));
            };
            let f = FIELDS[i];
            if std::mem::replace(&mut seen[i], true) {
                return Err(bad(format!("field `{name}` given twice")));
            }
            let numbers: Vec<&str> = words.collect();
            if numbers.len() != f.len {
                return Err(bad(format!(
                    "`{name}` takes {} number{}, not {}",
                    f.len,
                    if f.len == 1 { "" } else { "s" },
                    numbers.len()
                )));
            }
            for (slot, word) in slots[i].iter_mut().zip(numbers) {
                let v: i32 = word
                    .parse()
                    .map_err(|_| bad(format!("`{word}` in `{name}` is not a whole number")))?;
                if !(f.min..=f.max).contains(&v) {
                    return Err(bad(format!(
                        "{v} in `{name}` is outside {}..={}",
                        f.min, f.max
                    )));
                }
                *slot = v;
            }
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(WeightsError::Missing(FIELDS[i].name));
        }
        Ok(w)
    }

    /// Reads a weights file.
    pub fn load(path: &Path) -> Result<EvalWeights, WeightsError> {
        let text = std::fs::read_to_string(path).map_err(|e| WeightsError::File {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        EvalWeights::parse(&text).map_err(|e| e.in_file(path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_files_read() {
        // The hand-written file is the evaluation's former constants, number for number.
        assert_eq!(
            EvalWeights::parse(HAND_WRITTEN_TEXT),
            Ok(EvalWeights::hand_written())
        );
        assert_eq!(EvalWeights::hand_written().to_vec().len(), WEIGHT_COUNT);
        // The default is its own file, not the fallback.
        assert_eq!(EvalWeights::parse(DEFAULT_TEXT), Ok(EvalWeights::default()));
        assert_ne!(EvalWeights::default(), EvalWeights::hand_written());
    }

    #[test]
    fn written_weights_read_back_identical() {
        let mut w = EvalWeights::hand_written();
        let values: Vec<i32> = (0..WEIGHT_COUNT as i32).map(|i| i % 60).collect();
        w = EvalWeights::from_slice(&values).unwrap_or(w);
        assert_eq!(w.to_vec(), values);
        assert_eq!(EvalWeights::parse(&w.to_text()), Ok(w.clone()));
        let dir = std::env::temp_dir().join(format!("parachess-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.txt");
        std::fs::write(&path, w.to_text()).unwrap();
        assert_eq!(EvalWeights::load(&path), Ok(w));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        let good = EvalWeights::hand_written().to_text();
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "not a Parachess weights file"),
            ("hello 1\n".into(), "not a Parachess weights file"),
            (
                good.replace("parachess-eval 1", "parachess-eval 2"),
                "version 2",
            ),
            (
                good.replace("tempo 10", "tempo 10 11"),
                "`tempo` takes 1 number, not 2",
            ),
            (
                good.replace("tempo 10", "tempo ten"),
                "`ten` in `tempo` is not a whole number",
            ),
            (good.replace("tempo 10", "tempo 99999"), "outside"),
            (
                good.replace("tempo 10", "tempi 10"),
                "unknown field `tempi`",
            ),
            (good.replace("tempo 10\n", ""), "field `tempo` is missing"),
            (format!("{good}tempo 3\n"), "given twice"),
            (good.replace("danger_cap 600", "danger_cap 600 1"), "line"),
        ];
        for (text, expected) in cases {
            let e = EvalWeights::parse(&text)
                .map(|_| ())
                .unwrap_err()
                .to_string();
            assert!(e.contains(expected), "{e:?} should say {expected:?}");
        }
        let missing = EvalWeights::load(Path::new("/nonexistent/w.txt")).unwrap_err();
        assert!(
            missing.to_string().starts_with("/nonexistent/w.txt: "),
            "{missing}"
        );
    }
}
