//! Lesson translations: one file per lesson and language (`assets/lessons/LANG/ID.ron`) holding
//! only the lesson's words, laid over the English lesson. Positions, goals and opponents stay in
//! one place, so a translation cannot change what a stage asks.
//!
//! ```ron
//! (
//!     title: "Kantenpfade und der Turm",
//!     intro: "…",
//!     stages: [
//!         (title: "…", text: "…", hint: "…"), // a hint where the English stage has one
//!     ],
//! )
//! ```

use serde::Deserialize;

use super::format::{MAX_TEXT_CHARS, builtin};
use super::{Lesson, LessonError, LessonErrorKind};

/// The translations shipped in the binary: language code, then (lesson id, file text) for every
/// built-in lesson.
pub const TRANSLATIONS: &[(&str, &[(&str, &str)])] = &[("de", embed_lessons!("de/"))];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TranslationFile {
    title: String,
    intro: String,
    stages: Vec<StageWords>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StageWords {
    title: String,
    text: String,
    /// Empty when the stage has none.
    #[serde(default)]
    hint: String,
}

/// The embedded lessons with their words in `language` (a code such as `de`); English where no
/// translation is shipped.
pub fn builtin_in(language: &str) -> Result<Vec<Lesson>, LessonError> {
    let mut lessons = builtin()?;
    let Some((_, files)) = TRANSLATIONS.iter().find(|(code, _)| *code == language) else {
        return Ok(lessons);
    };
    for lesson in &mut lessons {
        if let Some((id, text)) = files.iter().find(|(id, _)| *id == lesson.id) {
            translate(lesson, &format!("assets/lessons/{language}/{id}.ron"), text)?;
        }
    }
    Ok(lessons)
}

/// Lays the words of translation file `text` (named `file` in messages) over `lesson`; on an
/// error the lesson is unchanged.
pub fn translate(lesson: &mut Lesson, file: &str, text: &str) -> Result<(), LessonError> {
    let error = |line: usize, kind| LessonError {
        file: file.to_string(),
        line,
        kind,
    };
    let mismatch = |why: String| error(1, LessonErrorKind::Translation(why));
    let words: TranslationFile = ron::from_str(text).map_err(|e| {
        error(
            e.span.start.line.max(1),
            LessonErrorKind::Syntax(e.code.to_string()),
        )
    })?;
    if words.stages.len() != lesson.stages.len() {
        return Err(mismatch(format!(
            "{} stages, but the lesson has {}",
            words.stages.len(),
            lesson.stages.len()
        )));
    }
    for (what, value) in [
        ("lesson title", &words.title),
        ("lesson intro", &words.intro),
    ] {
        if value.trim().is_empty() {
            return Err(mismatch(format!("the {what} is empty")));
        }
    }
    for (i, (stage, said)) in lesson.stages.iter().zip(&words.stages).enumerate() {
        let n = i + 1;
        if said.title.trim().is_empty() || said.text.trim().is_empty() {
            return Err(mismatch(format!("stage {n}: a title or text is empty")));
        }
        let chars = said.text.chars().count();
        if chars > MAX_TEXT_CHARS {
            return Err(mismatch(format!(
                "stage {n}: the text has {chars} characters (at most {MAX_TEXT_CHARS})"
            )));
        }
        match (&stage.hint, said.hint.trim().is_empty()) {
            (Some(_), true) => return Err(mismatch(format!("stage {n} has no hint"))),
            (None, false) => {
                return Err(mismatch(format!(
                    "stage {n} has a hint the lesson does not"
                )));
            }
            _ => {}
        }
    }
    lesson.title = words.title;
    lesson.intro = words.intro;
    for (stage, said) in lesson.stages.iter_mut().zip(words.stages) {
        stage.title = said.title;
        stage.text = said.text;
        if stage.hint.is_some() {
            stage.hint = Some(said.hint);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::format::{BUILTIN, parse_lesson};

    /// A built-in lesson as its English file says.
    fn english(id: &str) -> Lesson {
        let (_, text) = BUILTIN.iter().find(|(i, _)| *i == id).expect("a lesson");
        parse_lesson(id, id, text).expect("it reads")
    }

    /// The cell names a text mentions (`e5`, `k1`), in order.
    fn cells(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let chars: Vec<char> = text.chars().collect();
        for i in 0..chars.len() {
            let starts = i == 0 || !chars[i - 1].is_alphanumeric();
            if starts && ('a'..='k').contains(&chars[i]) {
                let digits: String = chars[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                let ends = chars
                    .get(i + 1 + digits.len())
                    .is_none_or(|c| !c.is_alphanumeric());
                if !digits.is_empty() && ends {
                    out.push(format!("{}{digits}", chars[i]));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn every_language_translates_every_lesson_and_names_the_same_cells() {
        for (language, files) in TRANSLATIONS {
            let ids: Vec<&str> = files.iter().map(|(id, _)| *id).collect();
            let all: Vec<&str> = BUILTIN.iter().map(|(id, _)| *id).collect();
            assert_eq!(ids, all, "{language}: one translation per lesson");
            let translated = builtin_in(language).unwrap_or_else(|e| panic!("{e}"));
            for lesson in &translated {
                let source = english(&lesson.id);
                assert_ne!(lesson.title, source.title, "{}: translated", lesson.id);
                for (i, (ours, theirs)) in lesson.stages.iter().zip(&source.stages).enumerate() {
                    let at = format!("{language} {} stage {}", lesson.id, i + 1);
                    assert_ne!(ours.text, theirs.text, "{at}: translated");
                    assert_eq!(cells(&ours.text), cells(&theirs.text), "{at}: cells");
                    assert_eq!(
                        ours.hint.as_deref().map(cells),
                        theirs.hint.as_deref().map(cells),
                        "{at}: hint cells"
                    );
                    // Only words change.
                    assert_eq!(ours.start, theirs.start, "{at}");
                    assert_eq!(ours.goal, theirs.goal, "{at}");
                }
            }
        }
    }

    #[test]
    fn an_unknown_language_keeps_english() {
        let lessons = builtin_in("xx").unwrap();
        assert_eq!(lessons[0].title, english(&lessons[0].id).title);
    }

    #[test]
    fn a_translation_that_does_not_fit_is_refused_and_changes_nothing() {
        let mut lesson = english("03-rook");
        let before = (lesson.title.clone(), lesson.stages[0].text.clone());
        let words = |stages: &str| format!("(title: \"T\", intro: \"I\", stages: [{stages}])");
        let stage = "(title: \"a\", text: \"b\"),";
        let hinted = "(title: \"a\", text: \"b\", hint: \"c\"),";
        let count = lesson.stages.len();
        let cases = [
            (
                words(&stage.repeat(count - 1)),
                "stages, but the lesson has",
            ),
            (words(&stage.repeat(count)), "has no hint"),
            (
                words(&format!("{hinted}{}", hinted.repeat(count - 1))),
                "a hint the lesson does not",
            ),
            (
                words(&format!(
                    "(title: \"a\", text: \"{}\", hint: \"c\"),{}",
                    "x".repeat(MAX_TEXT_CHARS + 1),
                    stage.repeat(count - 1)
                )),
                "characters",
            ),
            (
                "(title: \"T\", intro: \"I\", stages: [], position: \"x\")".into(),
                "",
            ),
            ("(title: \"T\"".into(), ""),
        ];
        for (text, says) in cases {
            let e = translate(&mut lesson, "de/03-rook.ron", &text).unwrap_err();
            assert!(e.to_string().contains(says), "{e}");
            assert!(e.to_string().starts_with("de/03-rook.ron:"), "{e}");
            assert_eq!(
                (lesson.title.clone(), lesson.stages[0].text.clone()),
                before
            );
        }
    }
}
