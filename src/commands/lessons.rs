//! `parachess lessons check [DIR]`: loads every lesson (the embedded ones, or `DIR/*.ron`) and
//! proves every stage solvable with the rules engine, so a bad edit fails CI, not a player.

use std::io::{self, Write};
use std::path::Path;

use crate::lessons::{self, BUILTIN, Lesson, LessonError, check_stage};

/// What `lessons check` found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CheckReport {
    /// Lessons read.
    pub lessons: usize,
    /// Stages in them.
    pub stages: usize,
    /// Stages proved solvable.
    pub solvable: usize,
    /// Every problem as `FILE:LINE: message`.
    pub problems: Vec<String>,
}

/// Checks the lessons, writing one line per lesson and the summary line
/// `lessons <L> stages <S> solvable <K>` to `out`. Problems are collected, not printed, so the
/// caller decides where they go; the check goes on past them to report them all.
pub fn check(dir: Option<&Path>, out: &mut impl Write) -> io::Result<CheckReport> {
    let mut report = CheckReport::default();
    let loaded: Vec<Result<Lesson, LessonError>> = match dir {
        None => BUILTIN
            .iter()
            .map(|(id, text)| lessons::parse_lesson(id, &format!("assets/lessons/{id}.ron"), text))
            .collect(),
        Some(dir) => match lessons::lesson_files(dir) {
            Ok(files) => files.iter().map(|f| lessons::load_file(f)).collect(),
            Err(e) => vec![Err(e)],
        },
    };
    for lesson in loaded {
        let lesson = match lesson {
            Ok(lesson) => lesson,
            Err(e) => {
                writeln!(out, "{}: not readable", e.file)?;
                report.problems.push(e.to_string());
                continue;
            }
        };
        report.lessons += 1;
        let mut fewest = Vec::new();
        let mut bad = 0;
        for stage in &lesson.stages {
            report.stages += 1;
            match check_stage(stage) {
                Ok(solution) => {
                    report.solvable += 1;
                    fewest.push(solution.fewest.to_string());
                }
                Err(e) => {
                    bad += 1;
                    fewest.push("-".into());
                    report.problems.push(format!(
                        "{}:{}: stage {:?}: {e}",
                        lesson.file, stage.line, stage.title
                    ));
                }
            }
        }
        let verdict = if bad == 0 {
            "all solvable".to_string()
        } else {
            format!("{bad} not solvable")
        };
        writeln!(
            out,
            "{}: {} stages, {verdict} (fewest moves {})",
            lesson.id,
            lesson.stages.len(),
            fewest.join(" ")
        )?;
    }
    writeln!(
        out,
        "lessons {} stages {} solvable {}",
        report.lessons, report.stages, report.solvable
    )?;
    Ok(report)
}
