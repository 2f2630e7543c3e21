//! The Learn screen: a list of lessons with the stars earned, and lesson stages played on the
//! board. The lessons, their goals and their stars are `crate::lessons` (pure Rust); this
//! module only shows a [`StageRun`] and feeds it the player's moves and clicks.
//!
//! * [`core_plugin`] (no renderer): which stage is open, moves and clicks checked by the
//!   stage, the opponent's replies (engine replies on the async compute pool), the end of a
//!   stage, and progress read and written off the frame thread ([`progress`]).
//! * [`view_plugin`]: the lesson list, the stage panel, the end-of-stage card and the marks on
//!   the board (stars, cells found, highlighted cells).
//!
//! The play game is kept aside while a lesson has the board ([`PlayStash::borrow_board`]) and
//! comes back on the play screen; nothing here writes the autosave.

mod art;
pub mod progress;
mod stage;
mod view;

use crate::game::core::launch::LessonStart;
use crate::tr;
use bevy::prelude::*;

use crate::game::core::actions::{Action, ActionsExt, BackOrder};
use crate::game::core::keys::{Binding, Context, KeysExt, key};

use crate::game::core::GameSet;
use crate::game::core::board::LinesOverride;
use crate::game::core::screens::{Modal, Screen, set_modal, set_screen};
use crate::game::core::selection::{CellPicking, Selection};
use crate::game::core::state::{
    BoardReset, ChessGame, GameCommand, PlayStash, SeatKind, StatusLine,
};
use crate::game::text::{Language, language};
use crate::lessons::{Lesson, Stage, StageRun};
use crate::rules::Game;

pub use progress::LearnProgress;
pub use stage::{OpenStage, StageEnded};

/// Which part of the learn screen is shown.
#[derive(SubStates, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[source(Screen = Screen::Learn)]
pub enum LearnView {
    /// Every lesson, with its stars.
    #[default]
    List,
    /// One stage on the board.
    Stage,
}

/// Reads `--lesson N` or `--lesson N:S` (both counting from 1) against the lessons there are.
pub fn parse_lesson_arg(text: &str, lessons: &[Lesson]) -> Result<LessonStart, String> {
    let usage = || {
        format!(
            "--lesson must be a lesson number from 1 to {}, optionally with a stage (3:2), not {text:?}",
            lessons.len()
        )
    };
    let (lesson, stage) = match text.trim().split_once(':') {
        Some((l, s)) => (l, Some(s)),
        None => (text.trim(), None),
    };
    let lesson: usize = lesson.trim().parse().map_err(|_| usage())?;
    if lesson == 0 || lesson > lessons.len() {
        return Err(usage());
    }
    let found = &lessons[lesson - 1];
    let stage = match stage {
        None => 1,
        Some(s) => s.trim().parse::<usize>().map_err(|_| usage())?,
    };
    if stage == 0 || stage > found.stages.len() {
        return Err(format!(
            "--lesson {text}: lesson {lesson} ({}) has stages 1 to {}",
            found.title,
            found.stages.len()
        ));
    }
    Ok(LessonStart {
        lesson: lesson - 1,
        stage: stage - 1,
    })
}

/// The lessons and the stage being played.
#[derive(Resource)]
pub struct Learn {
    lessons: Vec<Lesson>,
    /// Why the built-in lessons could not be read (a bug in a shipped file; shown in the list).
    problem: Option<String>,
    open: Option<OpenStage>,
    /// The stage `--lesson` asked for, opened on the first frame.
    launch: Option<LessonStart>,
    /// The language the lessons' words are in.
    language: Language,
}

impl Learn {
    /// Every lesson, in teaching order.
    pub fn lessons(&self) -> &[Lesson] {
        &self.lessons
    }

    /// The stage on the board, if one is open.
    pub fn open(&self) -> Option<&OpenStage> {
        self.open.as_ref()
    }

    /// The stage's index into `lessons`, if one is open.
    fn lesson_of(&self) -> Option<&Lesson> {
        self.open.as_ref().and_then(|o| self.lessons.get(o.lesson))
    }
}

/// The learn screen's buttons and keys.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LearnAction {
    /// Open this lesson (index into the lesson list) at its first stage not yet done.
    Open(usize),
    /// Start the suggested lesson, go on to the next stage or lesson, or retry a failed stage.
    Next,
    /// Start the stage again.
    Restart,
    /// Show the stage's hint.
    Hint,
    /// Back to the lesson list.
    List,
}

impl Action for LearnAction {}

fn act(world: &mut World, action: LearnAction) {
    match action {
        LearnAction::Open(index) => open_lesson(world, index),
        LearnAction::Next => next(world),
        LearnAction::Restart => restart(world),
        LearnAction::Hint => hint(world),
        LearnAction::List => to_list(world),
    }
}

/// The learn screen's keys, and the stage-end dialog's.
fn keys() -> Vec<Binding> {
    use KeyCode as K;
    let here = Context::On(Screen::Learn);
    let end = Context::Dialog(crate::game::core::screens::Modal::StageEnd);
    vec![
        key(K::Enter, LearnAction::Next, here, "start / next"),
        key(K::KeyR, LearnAction::Restart, here, "restart the stage"),
        key(K::KeyH, LearnAction::Hint, here, "hint"),
        key(K::Enter, LearnAction::Next, end, "next / retry"),
        key(K::KeyR, LearnAction::Restart, end, "retry"),
        key(K::Escape, LearnAction::List, end, "the lessons"),
    ]
}

/// The logic tests drive: stages, moves, replies, progress.
pub(super) fn core_plugin(app: &mut App) {
    app.answer(act)
        .on_back(BackOrder::Screen, back)
        .bind_keys(keys());
    let (lessons, problem) = lessons_in(language());
    let launch = app
        .world()
        .get_resource::<crate::game::core::launch::LaunchOptions>()
        .and_then(|o| o.lesson);
    app.add_sub_state::<LearnView>()
        .insert_resource(Learn {
            lessons,
            problem,
            open: None,
            launch,
            language: language(),
        })
        .init_resource::<LinesOverride>()
        .add_systems(OnEnter(Screen::Learn), enter_learn)
        .add_systems(OnExit(Screen::Learn), leave_learn)
        .add_systems(
            Update,
            open_launch_stage
                .in_set(GameSet::Rules)
                .run_if(in_state(Screen::Learn)),
        )
        .add_plugins((stage::plugin, progress::plugin));
}

/// What draws: the list, the panel, the card and the marks.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((art::plugin, view::plugin));
}

/// The built-in lessons in `language`, or why they cannot be read (a bug in a shipped file).
fn lessons_in(language: Language) -> (Vec<Lesson>, Option<String>) {
    match crate::lessons::builtin_in(language.code()) {
        Ok(l) => (l, None),
        Err(e) => (
            Vec::new(),
            Some(tr!("learn-unreadable", error = e.to_string())),
        ),
    }
}

/// The lesson takes the board; the play game waits in the stash. The lessons are read again
/// when the player has chosen another language since.
fn enter_learn(mut stash: ResMut<PlayStash>, game: Res<ChessGame>, mut learn: ResMut<Learn>) {
    stash.borrow_board(&game);
    if learn.language != language() {
        (learn.lessons, learn.problem) = lessons_in(language());
        learn.language = language();
    }
}

/// Nothing of a lesson outlives the screen: a reply being computed is dropped, the board's
/// input and lines go back to normal.
fn leave_learn(
    mut learn: ResMut<Learn>,
    mut picking: ResMut<CellPicking>,
    mut lines: ResMut<LinesOverride>,
    mut selection: ResMut<Selection>,
) {
    learn.open = None;
    picking.0 = false;
    *lines = LinesOverride::default();
    selection.clear();
}

fn open_launch_stage(mut learn: ResMut<Learn>, mut commands: Commands) {
    if let Some(start) = learn.launch.take() {
        commands.queue(move |world: &mut World| open_stage(world, start.lesson, start.stage));
    }
}

/// White's and Black's players for a stage: the learner here, the opponent elsewhere.
fn players_for(stage: &Stage) -> [SeatKind; 2] {
    let mut players = [SeatKind::Elsewhere; 2];
    players[stage.learner().index()] = SeatKind::Human;
    players
}

/// Puts the run's position on the board, without animation.
fn show_run(world: &mut World, run: &StageRun) {
    let players = players_for(run.stage());
    let replace = GameCommand::Replace {
        game: Box::new(Game::from_position(run.position().clone())),
        players,
        notes: Vec::new(),
        clocks: None,
    };
    crate::game::core::state::apply(world, replace);
    world.write_message(BoardReset);
}

fn set_view(world: &mut World, view: LearnView) {
    if let Some(mut next) = world.get_resource_mut::<NextState<LearnView>>() {
        next.set(view);
    }
}

fn on_learn_screen(world: &World) -> bool {
    world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| *s.get() == Screen::Learn)
}

fn reset_board_aids(world: &mut World) {
    if let Some(mut lines) = world.get_resource_mut::<LinesOverride>() {
        *lines = LinesOverride::default();
    }
    if let Some(mut selection) = world.get_resource_mut::<Selection>() {
        selection.clear();
    }
}

/// Opens a stage (indices from 0) on the board.
pub(crate) fn open_stage(world: &mut World, lesson: usize, stage: usize) {
    if !on_learn_screen(world) {
        return;
    }
    let Some(found) = world
        .get_resource::<Learn>()
        .and_then(|l| l.lessons.get(lesson))
        .and_then(|l| l.stages.get(stage))
        .cloned()
    else {
        return;
    };
    let open = OpenStage::new(lesson, stage, &found);
    show_run(world, &open.run);
    if let Some(mut learn) = world.get_resource_mut::<Learn>() {
        learn.open = Some(open);
    }
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.info(if found.wants_clicks() {
            tr!("learn-status-click-cells")
        } else {
            tr!("learn-status-your-move")
        });
    }
    reset_board_aids(world);
    set_view(world, LearnView::Stage);
    set_modal(world, Modal::None);
}

/// Opens a lesson at its first stage not completed yet (the first stage when all are).
pub(crate) fn open_lesson(world: &mut World, lesson: usize) {
    let stage = match (
        world.get_resource::<Learn>(),
        world.get_resource::<LearnProgress>(),
    ) {
        (Some(learn), Some(progress)) => learn.lessons.get(lesson).map_or(0, |l| {
            (0..l.stages.len())
                .find(|&i| progress.progress().stars(&l.id, i) == 0)
                .unwrap_or(0)
        }),
        _ => 0,
    };
    open_stage(world, lesson, stage);
}

/// The lesson the list suggests: the first not yet completed, else the first.
pub fn suggested(world: &World) -> usize {
    match (
        world.get_resource::<Learn>(),
        world.get_resource::<LearnProgress>(),
    ) {
        (Some(learn), Some(progress)) => {
            crate::lessons::next_suggested(&learn.lessons, progress.progress()).unwrap_or(0)
        }
        _ => 0,
    }
}

/// Enter: on the list, the suggested lesson; after a completed stage, the next stage (or the
/// next lesson after the last one, or a real game after the last lesson); after a failed
/// stage, another try.
pub(crate) fn next(world: &mut World) {
    if !on_learn_screen(world) {
        return;
    }
    let Some(learn) = world.get_resource::<Learn>() else {
        return;
    };
    let Some(open) = learn.open.as_ref() else {
        let lesson = suggested(world);
        open_lesson(world, lesson);
        return;
    };
    let (lesson, stage) = (open.lesson, open.stage);
    let stages = learn.lessons.get(lesson).map_or(0, |l| l.stages.len());
    let lessons = learn.lessons.len();
    if !open.ended() {
        return;
    }
    if !open.completed() {
        restart(world);
    } else if stage + 1 < stages {
        open_stage(world, lesson, stage + 1);
    } else if lesson + 1 < lessons {
        open_stage(world, lesson + 1, 0);
    } else {
        // Every lesson done: time for a real game.
        set_screen(world, Screen::Play);
        set_modal(world, Modal::NewGame);
    }
}

/// R: the stage again from its start.
pub(crate) fn restart(world: &mut World) {
    if !on_learn_screen(world) {
        return;
    }
    let Some(mut learn) = world.get_resource_mut::<Learn>() else {
        return;
    };
    let Some(open) = learn.open.as_mut() else {
        return;
    };
    open.restart();
    let run = open.run.clone();
    show_run(world, &run);
    reset_board_aids(world);
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.info(tr!("learn-stage-again"));
    }
    set_modal(world, Modal::None);
}

/// H: the stage's hint; in stages answered by clicking cells, also the piece's lines for a
/// while.
pub(crate) fn hint(world: &mut World) {
    let Some(mut learn) = world.get_resource_mut::<Learn>() else {
        return;
    };
    let Some(open) = learn.open.as_mut() else {
        return;
    };
    open.hint_shown = true;
    let piece = stage::lines_piece(open.run.stage());
    if let (Some(cell), Some(mut lines)) = (piece, world.get_resource_mut::<LinesOverride>()) {
        lines.forced = Some((cell, stage::FORCED_LINES_SECONDS));
    }
}

/// Back to the lesson list (the board keeps the stage's position behind it).
pub(crate) fn to_list(world: &mut World) {
    if !on_learn_screen(world) {
        return;
    }
    if let Some(mut learn) = world.get_resource_mut::<Learn>() {
        learn.open = None;
    }
    reset_board_aids(world);
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.info("");
    }
    set_view(world, LearnView::List);
    set_modal(world, Modal::None);
}

/// Esc on the learn screen: from a stage back to the list (returns true); from the list, the
/// caller goes on to the title screen.
pub(crate) fn back(world: &mut World) -> bool {
    let in_stage = on_learn_screen(world)
        && world
            .get_resource::<Learn>()
            .is_some_and(|l| l.open.is_some());
    if in_stage {
        to_list(world);
    }
    in_stage
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lesson_arguments_count_from_one_and_are_checked() {
        let lessons = crate::lessons::builtin().unwrap();
        assert_eq!(
            parse_lesson_arg("2", &lessons),
            Ok(LessonStart {
                lesson: 1,
                stage: 0
            })
        );
        assert_eq!(
            parse_lesson_arg(" 3:4 ", &lessons),
            Ok(LessonStart {
                lesson: 2,
                stage: 3
            })
        );
        for bad in ["0", "16", "x", "", "3:", ":2", "-1", "2:x", "1:2:3"] {
            let e = parse_lesson_arg(bad, &lessons).unwrap_err();
            assert!(
                e.starts_with("--lesson must be a lesson number from 1 to 15"),
                "{bad}: {e}"
            );
        }
        assert_eq!(
            parse_lesson_arg("3:5", &lessons).unwrap_err(),
            "--lesson 3:5: lesson 3 (Edge-paths and the Rook) has stages 1 to 4"
        );
        assert!(parse_lesson_arg("3:0", &lessons).is_err());
    }

    #[test]
    fn the_learner_plays_the_side_to_move() {
        let lessons = crate::lessons::builtin().unwrap();
        for lesson in &lessons {
            for stage in &lesson.stages {
                let players = players_for(stage);
                assert_eq!(players[stage.learner().index()], SeatKind::Human);
                assert_eq!(players[(!stage.learner()).index()], SeatKind::Elsewhere);
            }
        }
    }
}
