//! What a person can ask for, with a key or a button, and who answers.
//!
//! An [`Action`] is a plain value. Each feature answers its own kinds ([`ActionsExt::answer`]),
//! so a button or a key on one screen can ask for something another part does without
//! importing it: the title screen names [`StudyAction::Analyse`], the analysis screen answers it.
//! The kinds several parts ask for are named here; a kind only its own screen uses lives with
//! that screen. A [`Request`] is the same for what no key can hold (a game, a file): the editor
//! asks for [`AnalyseGame`] and the analysis screen answers.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::Arc;

use bevy::prelude::*;

use super::screens::{Modal, Screen, set_modal};
use super::selection::{PendingPromotion, Selection, ViewCommand};
use super::state::GameCommand;
use crate::rules::PieceKind;

/// Something a person can ask for. Its feature says what it does ([`ActionsExt::answer`]);
/// [`Action::run`] does it now, from a key, a button or a test.
pub trait Action: Copy + PartialEq + Debug + Send + Sync + 'static {
    /// Does what the action means, now. An action no part answers (a headless app without
    /// that part) does nothing.
    fn run(self, world: &mut World) {
        match answer_to::<Self>(world) {
            Some(answer) => answer(world, self),
            None => debug!("nobody answers {self:?}"),
        }
    }

    /// Whether holding its key repeats it (stepping through the moves).
    fn repeats(self) -> bool {
        false
    }
}

/// The function that answers `T` (an action or a request), if a part registered one.
fn answer_to<T: 'static>(world: &World) -> Option<fn(&mut World, T)> {
    world
        .get_resource::<Answers>()
        .and_then(|a| a.0.get(&TypeId::of::<T>()))
        .and_then(|f| f.downcast_ref::<fn(&mut World, T)>())
        .copied()
}

/// Who answers each kind of action: one function per kind.
#[derive(Resource, Default)]
struct Answers(HashMap<TypeId, Box<dyn Any + Send + Sync>>);

/// A step of Esc: true when it dropped something.
type BackStep = fn(&mut World) -> bool;

/// The steps of Esc on a board, in order: the first that finds something to drop ends it.
#[derive(Resource, Default)]
struct BackSteps(Vec<(BackOrder, BackStep)>);

/// When a step of Esc comes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum BackOrder {
    /// Something shown over the board (a piece guide).
    Overlay,
    /// The selection.
    Selection,
    /// The screen's own way back (a lesson stage to the list, a network game's warning).
    Screen,
}

/// Opening a screen when it needs more than switching to it (Settings remembers where it was
/// opened from; Online refuses while a game is on).
#[derive(Resource, Default)]
struct Openers(HashMap<Screen, fn(&mut World)>);

/// How features say what they answer.
pub trait ActionsExt {
    /// `answer` does what each `A` means.
    fn answer<A: Action>(&mut self, answer: fn(&mut World, A)) -> &mut Self;
    /// A step of Esc on a board: returns true when it dropped something (Esc ends there).
    fn on_back(&mut self, order: BackOrder, step: BackStep) -> &mut Self;
    /// [`GameAction::Open`] of `screen` runs `open` instead of just switching to it.
    fn opens(&mut self, screen: Screen, open: fn(&mut World)) -> &mut Self;
    /// `answer` does what each request `R` asks.
    fn answer_request<R: Request>(&mut self, answer: fn(&mut World, R)) -> &mut Self;
}

impl ActionsExt for App {
    fn answer<A: Action>(&mut self, answer: fn(&mut World, A)) -> &mut Self {
        register_answer(self, answer)
    }

    fn on_back(&mut self, order: BackOrder, step: BackStep) -> &mut Self {
        self.init_resource::<BackSteps>();
        let mut steps = self.world_mut().resource_mut::<BackSteps>();
        steps.0.push((order, step));
        steps.0.sort_by_key(|(order, _)| *order);
        self
    }

    fn opens(&mut self, screen: Screen, open: fn(&mut World)) -> &mut Self {
        self.init_resource::<Openers>();
        self.world_mut()
            .resource_mut::<Openers>()
            .0
            .insert(screen, open);
        self
    }

    fn answer_request<R: Request>(&mut self, answer: fn(&mut World, R)) -> &mut Self {
        register_answer(self, answer)
    }
}

fn register_answer<T: 'static>(app: &mut App, answer: fn(&mut World, T)) -> &mut App {
    app.init_resource::<Answers>();
    app.world_mut()
        .resource_mut::<Answers>()
        .0
        .insert(TypeId::of::<T>(), Box::new(answer));
    app
}

/// Something one part asks another to do that carries data no key could hold.
pub trait Request: Debug + Send + Sync + 'static {}

/// Has `request` done now by the part that answers it (nothing happens in an app without
/// that part).
pub fn ask<R: Request>(world: &mut World, request: R) {
    match answer_to::<R>(world) {
        Some(answer) => answer(world, request),
        None => debug!("nobody answers {request:?}"),
    }
}

/// Open the analysis screen on this game (the editor's position; Esc comes back).
#[derive(Debug)]
pub struct AnalyseGame(pub crate::rules::Game);

impl Request for AnalyseGame {}

/// Open the analysis screen on the game saved in this file (the Load dialog).
#[derive(Debug)]
pub struct AnalyseFile(pub std::path::PathBuf);

impl Request for AnalyseFile {}

/// An action of any kind, as a key binding or a button holds it.
#[derive(Clone)]
pub struct AnyAction(Arc<dyn Erased>);

trait Erased: Send + Sync + Debug {
    fn run(&self, world: &mut World);
    fn repeats(&self) -> bool;
    fn as_any(&self) -> &dyn Any;
}

impl<A: Action> Erased for A {
    fn run(&self, world: &mut World) {
        Action::run(*self, world);
    }
    fn repeats(&self) -> bool {
        Action::repeats(*self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl AnyAction {
    /// Holds `action`.
    pub fn new(action: impl Action) -> AnyAction {
        AnyAction(Arc::new(action))
    }

    /// Does it, now.
    pub fn run(&self, world: &mut World) {
        self.0.run(world);
    }

    /// Whether holding its key repeats it.
    pub fn repeats(&self) -> bool {
        self.0.repeats()
    }

    /// The action, when it is an `A`.
    pub fn get<A: Action>(&self) -> Option<A> {
        self.0.as_any().downcast_ref::<A>().copied()
    }

    /// Whether it is `action`.
    pub fn is<A: Action>(&self, action: A) -> bool {
        self.get::<A>() == Some(action)
    }
}

impl PartialEq for AnyAction {
    fn eq(&self, other: &AnyAction) -> bool {
        self.0.as_any().type_id() == other.0.as_any().type_id()
            && format!("{:?}", self.0) == format!("{:?}", other.0)
    }
}

impl Debug for AnyAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// What the core answers itself, and the screens every part may open.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GameAction {
    /// Esc: drop what is shown or selected, or leave the screen (see [`ActionsExt::on_back`]).
    Back,
    /// Open the new-game dialog (on the play screen).
    NewGame,
    /// Take back a move.
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Resign.
    Resign,
    /// Agree to a draw.
    OfferDraw,
    /// Turn the board around.
    Flip,
    /// Switch between 2D and 3D.
    ToggleView,
    /// Show or hide cell names.
    ToggleNames,
    /// Show or hide the show-lines aid.
    ToggleLines,
    /// Sound on or off.
    ToggleMute,
    /// The camera back to where a game starts.
    ResetView,
    /// Full screen on or off.
    Fullscreen,
    /// Close the open dialog without doing anything.
    CloseDialog,
    /// Go to a screen (its part may do more, see [`ActionsExt::opens`]).
    Open(Screen),
    /// Open a dialog.
    Dialog(Modal),
    /// Leave the program.
    Quit,
    /// Keys the board or a menu reads itself (the cell cursor, the focus ring): listed in the
    /// help, acted on elsewhere.
    Listed,
}

impl Action for GameAction {}

/// Requests that `saves` carries out (it owns the store and the clipboard).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveRequest {
    /// List the saved games.
    List,
    /// Copy the position text.
    Copy,
    /// Start a game from the clipboard's position text.
    Paste,
    /// Continue the unfinished game.
    Continue,
}

impl Action for SaveRequest {}

/// Moving through a game's moves on the board (the board's history answers).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum HistoryAction {
    /// Show the position one move earlier.
    PreviousMove,
    /// Show the position one move later.
    NextMove,
    /// Show the start position of the game.
    FirstMove,
    /// Back to the game's last position.
    LastMove,
    /// Show the position after this many half-moves (a move of the move list).
    ShowPly(usize),
}

impl Action for HistoryAction {
    fn repeats(self) -> bool {
        matches!(self, HistoryAction::PreviousMove | HistoryAction::NextMove)
    }
}

/// Asking the engine about a game (the analysis screen answers).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum StudyAction {
    /// Open the analysis screen on the play game (at the position shown).
    Analyse,
    /// Review a game: the play game, or on the analysis screen the game there.
    Review,
    /// Analyse the position text on the clipboard.
    AnalysePaste,
    /// Search with one thread more (back to one after the most).
    Threads,
    /// Review: show the position after this many half-moves, if the review saw it.
    ShowReviewed(usize),
    /// Review: pick a worst move (its half-move index).
    SelectWorst(usize),
}

impl Action for StudyAction {}

/// The aids (the aids part answers).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AidAction {
    /// The Pieces panel: show this kind on its board.
    ShowPiece(PieceKind),
    /// The Pieces panel: the next kind.
    NextPiece,
    /// The Pieces panel: the previous kind.
    PreviousPiece,
    /// Mark the pieces of the side to move that are attacked, or stop marking them.
    Threats,
    /// Ask the engine for a move for the person to move.
    Hint,
}

impl Action for AidAction {}

/// Finish a promotion with this kind (the play part answers: it may be a premove).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Promote(pub PieceKind);

impl Action for Promote {}

/// The answers, the steps of Esc and the openers, with the core's own answers.
pub fn plugin(app: &mut App) {
    app.init_resource::<Answers>()
        .init_resource::<BackSteps>()
        .init_resource::<Openers>()
        .answer(game_action)
        .on_back(BackOrder::Selection, drop_selection);
}

fn game_action(world: &mut World, action: GameAction) {
    let idle = world
        .get_resource::<super::board::Animating>()
        .is_none_or(|a| !a.0);
    match action {
        GameAction::Back => back(world),
        GameAction::NewGame => {
            set_screen_keep(world, Screen::Play);
            set_modal(world, Modal::NewGame);
        }
        GameAction::Undo if idle => {
            world.write_message(GameCommand::Undo);
        }
        GameAction::Redo if idle => {
            world.write_message(GameCommand::Redo);
        }
        GameAction::Undo | GameAction::Redo => {}
        GameAction::Resign => {
            world.write_message(GameCommand::Resign);
        }
        GameAction::OfferDraw => {
            world.write_message(GameCommand::AgreeDraw);
        }
        GameAction::Flip => {
            world.write_message(ViewCommand::Flip);
        }
        GameAction::ToggleView => {
            world.write_message(ViewCommand::ToggleView);
        }
        GameAction::ToggleNames => {
            world.write_message(ViewCommand::ToggleNames);
        }
        GameAction::ToggleLines => {
            world.write_message(ViewCommand::ToggleLines);
        }
        GameAction::ToggleMute => {
            world.write_message(ViewCommand::ToggleMute);
        }
        GameAction::ResetView => {
            world.write_message(ViewCommand::ResetView);
        }
        GameAction::Fullscreen => toggle_fullscreen(world),
        GameAction::CloseDialog => {
            if let Some(mut p) = world.get_resource_mut::<PendingPromotion>() {
                *p = PendingPromotion::default();
            }
            set_modal(world, Modal::None);
        }
        GameAction::Open(screen) => {
            let opener = world
                .get_resource::<Openers>()
                .and_then(|o| o.0.get(&screen))
                .copied();
            match opener {
                Some(open) => open(world),
                None => super::screens::set_screen(world, screen),
            }
        }
        GameAction::Dialog(modal) => set_modal(world, modal),
        GameAction::Quit => {
            world.write_message(AppExit::Success);
        }
        GameAction::Listed => {}
    }
}

/// Full screen on the monitor the window is on, or back to a window.
fn toggle_fullscreen(world: &mut World) {
    use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
    let mut windows = world.query_filtered::<&mut Window, With<PrimaryWindow>>();
    if let Ok(mut window) = windows.single_mut(world) {
        window.mode = match window.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
}

/// Goes to `screen` without closing a dialog opened in the same breath.
pub fn set_screen_keep(world: &mut World, screen: Screen) {
    if let Some(mut next) = world.get_resource_mut::<NextState<Screen>>() {
        next.set(screen);
    }
}

/// Esc on a board: each part's step in order (a piece guide, the selection, the screen's own
/// way back); with nothing to drop, back to the title screen.
fn back(world: &mut World) {
    let steps: Vec<BackStep> = world
        .get_resource::<BackSteps>()
        .map(|s| s.0.iter().map(|(_, step)| *step).collect())
        .unwrap_or_default();
    if steps.into_iter().any(|step| step(world)) {
        return;
    }
    super::screens::set_screen(world, Screen::Title);
}

fn drop_selection(world: &mut World) -> bool {
    match world.get_resource_mut::<Selection>() {
        Some(mut s) if s.cell.is_some() => {
            s.clear();
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Copy, Clone, PartialEq, Debug)]
    struct Count(u32);
    impl Action for Count {}

    #[derive(Resource, Default)]
    struct Total(u32);

    #[test]
    fn an_action_runs_what_its_part_answers() {
        let mut app = App::new();
        app.init_resource::<Total>()
            .answer(|world: &mut World, Count(n)| world.resource_mut::<Total>().0 += n);
        Count(3).run(app.world_mut());
        AnyAction::new(Count(4)).run(app.world_mut());
        assert_eq!(app.world().resource::<Total>().0, 7);
        // Nobody answers GameAction here: nothing happens, nothing panics.
        GameAction::Flip.run(app.world_mut());
    }

    #[derive(Debug)]
    struct Named(String);
    impl Request for Named {}

    #[test]
    fn a_request_reaches_its_answer_with_its_data() {
        let mut app = App::new();
        app.init_resource::<Total>()
            .answer_request(|world: &mut World, Named(name)| {
                world.resource_mut::<Total>().0 += name.len() as u32;
            });
        ask(app.world_mut(), Named("four".into()));
        assert_eq!(app.world().resource::<Total>().0, 4);
        // Nobody answers AnalyseFile here: nothing happens, nothing panics.
        ask(app.world_mut(), AnalyseFile("x.pgn".into()));
    }

    #[test]
    fn any_action_knows_what_it_holds() {
        let a = AnyAction::new(HistoryAction::ShowPly(3));
        assert!(a.is(HistoryAction::ShowPly(3)));
        assert!(!a.is(HistoryAction::ShowPly(4)));
        assert_eq!(a.get::<GameAction>(), None);
        assert_eq!(a, AnyAction::new(HistoryAction::ShowPly(3)));
        assert_ne!(a, AnyAction::new(GameAction::Flip));
        assert!(AnyAction::new(HistoryAction::NextMove).repeats());
        assert!(!AnyAction::new(GameAction::Flip).repeats());
    }

    #[test]
    fn back_takes_the_first_step_that_drops_something() {
        #[derive(Resource, Default)]
        struct Guide(bool);
        let mut app = App::new();
        super::super::screens::add_states(&mut app, Screen::Play);
        app.init_resource::<Guide>()
            .init_resource::<Selection>()
            .add_plugins(plugin)
            .on_back(BackOrder::Overlay, |world| {
                std::mem::take(&mut world.resource_mut::<Guide>().0)
            });
        app.world_mut().resource_mut::<Guide>().0 = true;
        GameAction::Back.run(app.world_mut());
        assert!(!app.world().resource::<Guide>().0);
        app.update();
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Play,
            "the guide was dropped, the screen stays"
        );
        GameAction::Back.run(app.world_mut());
        app.update();
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Title
        );
    }
}
