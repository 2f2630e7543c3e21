//! The desktop game's lessons, checked by the server for the web pages (`/learn/N/S`): the page
//! sends every input of its attempt so far (moves, or cells in click stages) and the server
//! replays them from the stage's start with the lessons' own [`StageRun`], the opponent's
//! replies included (scripted, or the engine at the stage's small depth: deterministic, so a
//! replay always reaches the same position). Nothing is kept between requests: an attempt is
//! its inputs, bounded by [`MAX_INPUTS`].

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use thiserror::Error;

use crate::lessons::{Lesson, Progress, ReplyKind, RunState, Stage, StageRun, builtin_in, solve};
use crate::rules::{Cell, CellSet, Move, PieceKind, Position};

use super::lesson_words;
use super::messages::LessonView;
use crate::lessons::Refusal;
use crate::rules::words::Lang;

/// Inputs one attempt may carry (a long reach stage needs some 20 clicks, wrong ones included).
pub const MAX_INPUTS: usize = 120;
/// The longest input read (a move with a promotion is 7 characters).
const MAX_INPUT_LEN: usize = 8;

/// Why an attempt cannot be checked.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum LessonError {
    /// No such lesson or stage.
    #[error("there is no stage {1} in lesson {0}")]
    NoStage(u32, u32),
    /// Too many inputs, or one too long.
    #[error("too many or too long inputs: start the stage again")]
    TooMany,
    /// The built-in lessons could not be read (a bug the CI's lesson check catches).
    #[error("the lessons could not be read")]
    Unreadable,
}

/// The built-in lessons, in English and German (the stages are the same; only the words
/// differ).
struct Book {
    en: Vec<Lesson>,
    de: Vec<Lesson>,
}

static BOOK: LazyLock<Option<Book>> = LazyLock::new(|| {
    Some(Book {
        en: builtin_in("en").ok()?,
        de: builtin_in("de").ok()?,
    })
});

/// The fewest moves of each stage solved so far (each is solved once, on first use).
static FEWEST: LazyLock<Mutex<HashMap<(usize, usize), u32>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// The lessons with their words in `lang` (`en`, `de`; English for any other).
pub fn lessons(lang: &str) -> Result<&'static [Lesson], LessonError> {
    let book = BOOK.as_ref().ok_or(LessonError::Unreadable)?;
    Ok(if lang == "de" { &book.de } else { &book.en })
}

/// Lesson `n`, stage `s` (both from 1) in `lang`.
pub fn stage(lang: &str, n: u32, s: u32) -> Result<(&'static Lesson, &'static Stage), LessonError> {
    let lesson = lessons(lang)?
        .get((n as usize).wrapping_sub(1))
        .ok_or(LessonError::NoStage(n, s))?;
    let stage = lesson
        .stages
        .get((s as usize).wrapping_sub(1))
        .ok_or(LessonError::NoStage(n, s))?;
    Ok((lesson, stage))
}

fn fewest(n: usize, s: usize, stage: &Stage) -> u32 {
    if let Some(&f) = FEWEST
        .lock()
        .ok()
        .and_then(|m| m.get(&(n, s)).copied())
        .as_ref()
    {
        return f;
    }
    // An unsolvable stage cannot be completed; its stars never matter.
    let f = solve(stage).map_or(u32::MAX, |sol| sol.fewest);
    if let Ok(mut m) = FEWEST.lock() {
        m.insert((n, s), f);
    }
    f
}

/// What the learner did last, to say.
enum Said {
    Nothing,
    Refused(String),
    Progress(Progress),
}

/// Replays `inputs` on lesson `n`, stage `s`, and says where the attempt stands. `t` gives
/// the page's fixed words in its language; refused moves and failures are said in `lang` too
/// (the window's sentences, [`super::lesson_words`]). Runs searches: call it off the async
/// runtime.
pub fn play(
    lang: &str,
    n: u32,
    s: u32,
    inputs: &[String],
    t: &dyn Fn(&'static str) -> &'static str,
) -> Result<LessonView, LessonError> {
    if inputs.len() > MAX_INPUTS || inputs.iter().any(|i| i.len() > MAX_INPUT_LEN) {
        return Err(LessonError::TooMany);
    }
    let (_, stage) = stage(lang, n, s)?;
    let mut run = StageRun::with_fewest(stage, fewest(n as usize, s as usize, stage));
    let words = Lang::parse(lang);
    let mut said = Said::Nothing;
    for input in inputs {
        said = match step(&mut run, input.trim(), words, t) {
            Ok(p) => Said::Progress(p),
            Err(why) => Said::Refused(why),
        };
    }
    let state = match run.state() {
        RunState::Complete(_) => "done",
        RunState::Failed(_) => "failed",
        _ => "play",
    };
    let legal = if state == "play" && !stage.wants_clicks() {
        run.position()
            .legal_moves()
            .iter()
            .map(|m| m.bare(run.position().variant()))
            .collect()
    } else {
        Vec::new()
    };
    let names = |set: CellSet| set.into_iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let said_text = match &said {
        Said::Nothing if stage.wants_clicks() => t("learn-click-cells").to_string(),
        Said::Nothing => t("learn-your-move").to_string(),
        Said::Refused(why) => capitalised(why),
        Said::Progress(p) => progress_text(p, &run, words, t),
    };
    let stars_left = match stage.goal {
        crate::lessons::Goal::Stars(_) => names(run.stars_left()),
        _ => Vec::new(),
    };
    Ok(LessonView {
        lesson: n,
        stage: s,
        position: run.position().to_string(),
        legal,
        clicks: stage.wants_clicks(),
        state: state.into(),
        accepted: !matches!(said, Said::Refused(_)),
        said: said_text,
        moves: run.moves_made(),
        fewest: run.fewest(),
        stars: run.result().map(|r| r.stars),
        best: None,
        last: run.last_move().map(|m| m.bare(run.position().variant())),
        found: names(run.found()),
        stars_left,
        highlight: names(stage.highlight),
    })
}

/// One input: a cell in a click stage, else a move; the opponent's reply follows at once.
fn step(
    run: &mut StageRun,
    input: &str,
    lang: Lang,
    t: &dyn Fn(&'static str) -> &'static str,
) -> Result<Progress, String> {
    let refused = |r: Refusal| lesson_words::refusal(lang, &r);
    if run.stage().wants_clicks() {
        let cell: Cell = input
            .parse()
            .map_err(|_| t("learn-not-a-cell").replace("{input}", input))?;
        return run.click(cell).map_err(refused);
    }
    let mv = read_move(run.position(), input)
        .ok_or_else(|| t("learn-not-a-move").replace("{input}", input))?;
    let mut progress = run.try_move(mv).map_err(refused)?;
    if progress == Progress::AwaitReply {
        let reply = match run.reply_needed() {
            Some(ReplyKind::Scripted(m)) => Some(m),
            Some(ReplyKind::Engine(request)) => request.compute(),
            None => None,
        };
        if let Some(reply) = reply {
            progress = run.apply_reply(reply).map_err(refused)?;
        }
    }
    Ok(progress)
}

/// A move's text: as the rules read it when it is legal; otherwise its two cells (and the
/// promotion), so that the lesson can say why it is refused.
fn read_move(position: &Position, text: &str) -> Option<Move> {
    if let Ok(mv) = position.parse_move(text) {
        return Some(mv);
    }
    let (from, n) = Cell::parse_prefix(text).ok()?;
    let (to, m) = Cell::parse_prefix(text.get(n..)?).ok()?;
    let rest = text.get(n + m..)?;
    let promotion = rest.chars().next().and_then(|c| {
        let variant = position.variant();
        PieceKind::ALL
            .into_iter()
            .find(|&k| variant.letter(k).eq_ignore_ascii_case(&c))
    });
    Some(match promotion {
        Some(kind) => Move::promoting(from, to, kind),
        None => Move::new(from, to),
    })
}

/// The rules' sentence as a sentence: a capital first letter, unless it starts with a cell's
/// name (`e4 is not one of the cells asked for`).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), text.chars().nth(1)) {
        (Some(first), Some(second)) if !second.is_ascii_digit() => {
            first.to_uppercase().chain(chars).collect()
        }
        _ => text.to_string(),
    }
}

fn progress_text(
    p: &Progress,
    run: &StageRun,
    lang: Lang,
    t: &dyn Fn(&'static str) -> &'static str,
) -> String {
    match p {
        Progress::Found { cell, left } => {
            format!("{} — {cell}. {left} {}", t("learn-found"), t("learn-left"))
        }
        Progress::Moved { stars_left, .. }
            if matches!(run.stage().goal, crate::lessons::Goal::Stars(_)) =>
        {
            format!("★ {stars_left} {}", t("learn-left"))
        }
        Progress::Moved { .. } | Progress::AwaitReply => t("learn-your-move").to_string(),
        Progress::Replied(mv) => format!("{}: {mv}", t("learn-answered")),
        Progress::Complete(r) => format!(
            "{}: {} {} ({} {})",
            t("learn-done"),
            r.moves,
            t("learn-moves"),
            t("learn-fewest"),
            r.fewest
        ),
        Progress::Failed(f) => format!("{}: {}", t("learn-failed"), lesson_words::failure(lang, f)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english(id: &'static str) -> &'static str {
        id
    }

    fn inputs(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_star_stage_replayed_from_its_inputs() {
        // Lesson 3 (the Rook), stage "Collect the stars".
        let lessons = lessons("en").unwrap();
        let s = lessons[2]
            .stages
            .iter()
            .position(|st| st.title == "Collect the stars")
            .unwrap() as u32
            + 1;
        let start = play("en", 3, s, &[], &english).unwrap();
        assert_eq!(start.state, "play");
        assert!(start.legal.contains(&"e1e10".to_string()));
        let refused = play("en", 3, s, &inputs(&["e1a1"]), &english).unwrap();
        assert!(!refused.accepted);
        assert_eq!(
            refused.position, start.position,
            "a refused move changes nothing"
        );
        assert!(
            refused.said.starts_with("That move does not bring"),
            "{}",
            refused.said
        );
        let german = play("de", 3, s, &inputs(&["e1a1"]), &english).unwrap();
        assert!(
            german
                .said
                .starts_with("Mit diesem Zug kommt dein Turm keinem Stern näher"),
            "the refusal in the page's language: {}",
            german.said
        );
        let done = play("en", 3, s, &inputs(&["e1e10", "e10f6", "f6k6"]), &english).unwrap();
        assert_eq!(done.state, "done");
        assert_eq!(done.stars, Some(3));
        assert!(done.legal.is_empty());
    }

    #[test]
    fn a_promotion_takes_the_piece_the_learner_chose() {
        // Lesson 12 (the Pawn), stage "Promotion": h3i4, then i4k3 promotes.
        let s = lessons("en").unwrap()[11]
            .stages
            .iter()
            .position(|st| st.title == "Promotion")
            .unwrap() as u32
            + 1;
        let before = play("en", 12, s, &inputs(&["h3i4"]), &english).unwrap();
        for kind in ["q", "r", "b", "s"] {
            assert!(
                before.legal.contains(&format!("i4k3{kind}")),
                "{kind}: {:?}",
                before.legal
            );
        }
        let rook = play("en", 12, s, &inputs(&["h3i4", "i4k3r"]), &english).unwrap();
        assert_eq!(rook.state, "done", "{}", rook.said);
        assert_eq!(rook.last.as_deref(), Some("i4k3r"));
        assert!(rook.position.contains('R') || rook.position.contains('r'));
        let bare = play("en", 12, s, &inputs(&["h3i4", "i4k3"]), &english).unwrap();
        assert!(!bare.accepted, "a promotion names its piece");
    }

    #[test]
    fn bounds_and_unknown_stages() {
        assert_eq!(
            play("en", 16, 1, &[], &english).unwrap_err(),
            LessonError::NoStage(16, 1)
        );
        assert_eq!(
            play("en", 1, 0, &[], &english).unwrap_err(),
            LessonError::NoStage(1, 0)
        );
        let many = vec!["a1".to_string(); MAX_INPUTS + 1];
        assert_eq!(
            play("en", 1, 1, &many, &english).unwrap_err(),
            LessonError::TooMany
        );
        assert_eq!(lessons("en").unwrap().len(), 15);
        let stages: usize = lessons("de").unwrap().iter().map(|l| l.stages.len()).sum();
        assert_eq!(stages, 57);
        assert_ne!(
            lessons("de").unwrap()[0].title,
            lessons("en").unwrap()[0].title
        );
    }
}
