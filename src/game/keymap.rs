//! Everything a person can ask for with a key or a button, and the one table of keys.
//!
//! [`KEYMAP`] drives the keyboard, the on-screen help ([`help_text`]) and the README's table
//! (`parachess keys` prints it), so a key cannot be documented in one place and bound in
//! another. Buttons name the same [`Action`]s. Which keys act depends on where the player is
//! ([`Context`]): a dialog owns the keyboard while it is open.

use bevy::prelude::*;

use crate::tr;

use super::aids;
use super::study;
use crate::engine::Level;
use crate::game::core::screens::{Modal, Screen, set_modal, set_screen};
use crate::game::core::selection::Selection;
use crate::game::core::selection::{PendingPromotion, ViewCommand};
use crate::game::core::state::{GameCommand, MoveRequest};
use crate::rules::{Move, PieceKind, Side};

/// Something a person can ask for. [`Action::run`] is the one place that says what each does.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Action {
    /// Esc: drop the selection, or leave the screen for the title screen.
    Back,
    /// Open the new-game dialog.
    NewGame,
    /// Start the game chosen in the new-game dialog.
    StartNewGame,
    /// Choose who plays in the new-game dialog.
    ChooseMode(crate::game::ui::dialogs::GameMode),
    /// Choose the computer's level in the new-game dialog.
    ChooseLevel(Level),
    /// Choose the variant in the new-game dialog: a built-in one, Shuffle Parachess, or one of
    /// the player's own.
    ChooseVariant(crate::game::ui::dialogs::VariantPick),
    /// In the new-game dialog: Shuffle Parachess's arrangement number moved by this much
    /// (wrapping within 1–180).
    ShuffleStep(i16),
    /// Take back a move.
    Undo,
    /// Replay a move taken back.
    Redo,
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
    /// Save the game under a new name.
    Save,
    /// Open the list of saved games.
    Load,
    /// Copy the position text.
    CopyPosition,
    /// Start a game from position text on the clipboard.
    PastePosition,
    /// Resign.
    Resign,
    /// Agree to a draw.
    OfferDraw,
    /// Finish a promotion.
    Promote(PieceKind),
    /// Close the open dialog without doing anything.
    CloseDialog,
    /// Title screen: continue the unfinished game.
    Continue,
    /// Title screen: choose a new game.
    Play,
    /// Title screen: the lessons.
    Learn,
    /// Leave the program.
    Quit,
    /// Open the Pieces panel: how each kind of piece moves.
    Pieces,
    /// The Pieces panel: show this kind on its board.
    ShowPiece(PieceKind),
    /// The Pieces panel: the next kind.
    NextPiece,
    /// The Pieces panel: the previous kind.
    PreviousPiece,
    /// Mark the pieces of the side to move that are attacked, or stop marking them.
    ToggleThreats,
    /// Ask the engine for a move for the person to move.
    Hint,
    /// Learn: open this lesson (index into the lesson list) at its first stage not yet done.
    OpenLesson(usize),
    /// Learn: start the suggested lesson, go on to the next stage or lesson, or retry a failed
    /// stage.
    LearnNext,
    /// Learn: start the stage again.
    RestartStage,
    /// Learn: show the stage's hint.
    StageHint,
    /// Learn: back to the lesson list.
    LessonList,
    /// Title screen: the board editor.
    OpenEditor,
    /// Title screen: the puzzles.
    OpenPuzzles,
    /// The board editor's buttons and keys.
    Editor(crate::game::studio::EditorAction),
    /// The Puzzles screen's buttons and keys.
    Puzzle(crate::game::studio::PuzzleAction),
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
    /// Open the analysis screen on the play game (at the position shown).
    Analyse,
    /// Review a game: the play game, or on the analysis screen the game there.
    Review,
    /// Analysis: analyse the position text on the clipboard.
    AnalysePaste,
    /// Review: show the position after this many half-moves, if the review saw it (a column
    /// of the evaluation graph).
    ShowReviewed(usize),
    /// Review: pick a worst move (its half-move index), showing the position before it and
    /// the better move.
    SelectWorst(usize),
    /// Clocks and online play: see [`crate::game::versus::VersusAction`].
    Versus(crate::game::versus::VersusAction),
    /// Playing on a game server: see [`crate::game::lobby::LobbyAction`].
    Lobby(crate::game::lobby::LobbyAction),
    /// The camera back to where a game starts (after turning, tilting or zooming it).
    ResetView,
    /// Full screen on or off.
    Fullscreen,
    /// Analysis: search with one thread more (back to one after the most).
    AnalysisThreads,
    /// The Settings screen: see [`crate::game::settings::SettingsAction`].
    Settings(crate::game::settings::SettingsAction),
    /// Keys the board or a menu reads itself (the cell cursor, the focus ring): listed for the
    /// help; `play::input` and `ui::focus` act on them.
    Listed,
}

impl Action {
    /// Whether holding the key repeats the action (stepping through the moves).
    pub fn repeats(self) -> bool {
        matches!(self, Action::PreviousMove | Action::NextMove)
    }
}

/// Where a key binding acts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Context {
    /// On the title screen.
    Title,
    /// On any screen that shows the board, with no dialog open.
    Board,
    /// On this screen, with no dialog open.
    On(Screen),
    /// While this dialog is open.
    Dialog(Modal),
}

impl Context {
    /// Whether the binding acts on `screen` with `modal` open.
    pub fn active(self, screen: Screen, modal: Modal) -> bool {
        match self {
            Context::Title => screen == Screen::Title && modal == Modal::None,
            Context::Board => screen.shows_board() && modal == Modal::None,
            Context::On(s) => screen == s && modal == Modal::None,
            Context::Dialog(m) => modal == m,
        }
    }
}

/// A key, with or without Ctrl.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Chord {
    /// The key.
    pub key: KeyCode,
    /// Whether Ctrl must be held (and, when false, must not be).
    pub ctrl: bool,
}

/// One row of the keymap.
#[derive(Copy, Clone, Debug)]
pub struct Binding {
    /// The key.
    pub chord: Chord,
    /// What it does.
    pub action: Action,
    /// Where.
    pub context: Context,
    /// What the help says it does.
    pub help: &'static str,
}

const fn key(key: KeyCode, action: Action, context: Context, help: &'static str) -> Binding {
    Binding {
        chord: Chord { key, ctrl: false },
        action,
        context,
        help,
    }
}

const fn ctrl(key: KeyCode, action: Action, context: Context, help: &'static str) -> Binding {
    Binding {
        chord: Chord { key, ctrl: true },
        action,
        context,
        help,
    }
}

use Context::{Board, Dialog, Title};
/// The play screen, in the table below.
const PLAY: Context = Context::On(Screen::Play);
/// The learn screen, in the table below.
const LEARN: Context = Context::On(Screen::Learn);
/// The analysis screen, in the table below.
const ANALYSIS: Context = Context::On(Screen::Analysis);
/// The online screen, in the table below.
const ONLINE: Context = Context::On(Screen::Online);
use crate::game::versus::VersusAction as V;
/// The server screen, in the table below.
const SERVER: Context = Context::On(Screen::Server);
use crate::game::lobby::LobbyAction as Lb;
/// The board editor, in the table below.
const EDITOR: Context = Context::On(Screen::Editor);
/// The Puzzles screen, in the table below.
const PUZZLES: Context = Context::On(Screen::Puzzles);
use crate::game::studio::{EditorAction as Ed, PuzzleAction as Pz};
use KeyCode as K;
/// The Settings screen, in the table below.
const SETTINGS: Context = Context::On(Screen::Settings);
use crate::game::settings::SettingsAction as St;

/// Every key the game knows, in the order the help lists them.
pub const KEYMAP: &[Binding] = &[
    key(K::Enter, Action::Continue, Title, "continue"),
    key(K::KeyP, Action::Play, Title, "play"),
    key(K::KeyL, Action::Learn, Title, "learn"),
    ctrl(K::KeyO, Action::Load, Title, "load"),
    key(K::KeyG, Action::Pieces, Title, "how the pieces move"),
    key(K::KeyA, Action::Analyse, Title, "analyse a position"),
    key(K::KeyO, Action::Versus(V::PlayOnline), Title, "play online"),
    key(K::KeyE, Action::OpenEditor, Title, "set up a position"),
    key(K::KeyZ, Action::OpenPuzzles, Title, "puzzles"),
    key(K::KeyS, Action::Settings(St::Open), Title, "settings"),
    key(K::KeyQ, Action::Quit, Title, "quit"),
    key(
        K::Tab,
        Action::Listed,
        Title,
        "focus a button (Enter: press)",
    ),
    key(K::Escape, Action::Settings(St::Back), SETTINGS, "back"),
    key(K::F2, Action::Settings(St::Open), Board, "settings"),
    key(
        K::Escape,
        Action::Back,
        Board,
        "deselect, then back (where you came from)",
    ),
    key(K::KeyN, Action::NewGame, PLAY, "new game"),
    key(K::KeyU, Action::Undo, PLAY, "undo"),
    key(K::Backspace, Action::Undo, PLAY, "undo"),
    ctrl(K::KeyZ, Action::Undo, PLAY, "undo"),
    key(K::KeyR, Action::Redo, PLAY, "redo"),
    ctrl(K::KeyY, Action::Redo, PLAY, "redo"),
    key(K::KeyF, Action::Flip, Board, "flip the board"),
    key(K::KeyV, Action::ToggleView, Board, "2D / 3D"),
    key(K::KeyC, Action::ToggleNames, Board, "cell names"),
    key(K::KeyL, Action::ToggleLines, Board, "show lines"),
    key(K::KeyM, Action::ToggleMute, Board, "sound"),
    key(K::KeyT, Action::ToggleThreats, Board, "threats"),
    key(K::KeyO, Action::ResetView, Board, "default view"),
    key(K::F11, Action::Fullscreen, Board, "full screen"),
    key(
        K::ArrowUp,
        Action::Listed,
        Board,
        "cell cursor (Left / Right move it too once shown)",
    ),
    key(
        K::ArrowDown,
        Action::Listed,
        Board,
        "cell cursor (Left / Right move it too once shown)",
    ),
    key(
        K::Space,
        Action::Listed,
        Board,
        "show the cell cursor, then press the cell under it (also Enter)",
    ),
    key(K::F11, Action::Fullscreen, Title, "full screen"),
    key(K::KeyH, Action::Hint, PLAY, "hint"),
    key(K::KeyG, Action::Pieces, PLAY, "how the pieces move"),
    ctrl(K::KeyS, Action::Save, PLAY, "save"),
    ctrl(K::KeyO, Action::Load, PLAY, "load"),
    ctrl(K::KeyC, Action::CopyPosition, PLAY, "copy the position"),
    ctrl(K::KeyV, Action::PastePosition, PLAY, "paste a position"),
    key(K::ArrowLeft, Action::PreviousMove, PLAY, "previous move"),
    key(K::ArrowRight, Action::NextMove, PLAY, "next move"),
    key(K::Home, Action::FirstMove, PLAY, "first move"),
    key(K::End, Action::LastMove, PLAY, "back to the game"),
    key(K::KeyA, Action::Analyse, PLAY, "analyse"),
    key(
        K::ArrowLeft,
        Action::PreviousMove,
        ANALYSIS,
        "previous move",
    ),
    key(K::ArrowRight, Action::NextMove, ANALYSIS, "next move"),
    key(K::Home, Action::FirstMove, ANALYSIS, "first move"),
    key(K::End, Action::LastMove, ANALYSIS, "last move"),
    key(K::KeyU, Action::Undo, ANALYSIS, "undo"),
    key(K::Backspace, Action::Undo, ANALYSIS, "undo"),
    ctrl(K::KeyZ, Action::Undo, ANALYSIS, "undo"),
    ctrl(K::KeyC, Action::CopyPosition, ANALYSIS, "copy the position"),
    ctrl(
        K::KeyV,
        Action::AnalysePaste,
        ANALYSIS,
        "analyse a pasted position",
    ),
    key(K::Enter, Action::LearnNext, LEARN, "start / next"),
    key(K::KeyR, Action::RestartStage, LEARN, "restart the stage"),
    key(K::KeyH, Action::StageHint, LEARN, "hint"),
    key(K::KeyH, Action::Versus(V::HostSetup), ONLINE, "host a game"),
    key(K::KeyJ, Action::Versus(V::JoinSetup), ONLINE, "join a game"),
    key(K::KeyS, Action::Lobby(Lb::Open), ONLINE, "play on a server"),
    key(
        K::KeyN,
        Action::Lobby(Lb::SeekDialog),
        SERVER,
        "find a game",
    ),
    key(
        K::KeyW,
        Action::Lobby(Lb::WatchDialog),
        SERVER,
        "watch a game",
    ),
    key(
        K::KeyR,
        Action::Lobby(Lb::Refresh),
        SERVER,
        "refresh the lobby",
    ),
    key(K::KeyS, Action::Lobby(Lb::SignInDialog), SERVER, "sign in"),
    key(K::ArrowLeft, Action::PreviousMove, SERVER, "previous move"),
    key(K::ArrowRight, Action::NextMove, SERVER, "next move"),
    key(K::Home, Action::FirstMove, SERVER, "first move"),
    key(K::End, Action::LastMove, SERVER, "back to the game"),
    key(
        K::Enter,
        Action::Lobby(Lb::Connect),
        Dialog(Modal::ServerSignIn),
        "connect",
    ),
    key(
        K::Tab,
        Action::Lobby(Lb::NextField),
        Dialog(Modal::ServerSignIn),
        "next field",
    ),
    ctrl(
        K::KeyV,
        Action::Versus(V::Paste),
        Dialog(Modal::ServerSignIn),
        "paste",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::ServerSignIn),
        "cancel",
    ),
    key(
        K::Enter,
        Action::Lobby(Lb::Quick),
        Dialog(Modal::SeekGame),
        "quick pairing",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::SeekGame),
        "cancel",
    ),
    key(
        K::Enter,
        Action::Lobby(Lb::SendChallenge),
        Dialog(Modal::Challenge),
        "challenge",
    ),
    ctrl(
        K::KeyV,
        Action::Versus(V::Paste),
        Dialog(Modal::Challenge),
        "paste",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::Challenge),
        "cancel",
    ),
    key(
        K::Enter,
        Action::Lobby(Lb::Watch),
        Dialog(Modal::WatchGame),
        "watch",
    ),
    ctrl(
        K::KeyV,
        Action::Versus(V::Paste),
        Dialog(Modal::WatchGame),
        "paste",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::WatchGame),
        "cancel",
    ),
    key(K::ArrowLeft, Action::PreviousMove, ONLINE, "previous move"),
    key(K::ArrowRight, Action::NextMove, ONLINE, "next move"),
    key(K::Home, Action::FirstMove, ONLINE, "first move"),
    key(K::End, Action::LastMove, ONLINE, "back to the game"),
    key(
        K::Enter,
        Action::Versus(V::StartHosting),
        Dialog(Modal::HostGame),
        "start hosting",
    ),
    ctrl(
        K::KeyV,
        Action::Versus(V::Paste),
        Dialog(Modal::HostGame),
        "paste",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::HostGame),
        "cancel",
    ),
    key(
        K::Enter,
        Action::Versus(V::Join),
        Dialog(Modal::JoinGame),
        "join",
    ),
    key(
        K::Tab,
        Action::Versus(V::NextField),
        Dialog(Modal::JoinGame),
        "next field",
    ),
    ctrl(
        K::KeyV,
        Action::Versus(V::Paste),
        Dialog(Modal::JoinGame),
        "paste",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::JoinGame),
        "cancel",
    ),
    key(K::KeyX, Action::Editor(Ed::Empty), EDITOR, "empty board"),
    key(K::KeyS, Action::Editor(Ed::Start), EDITOR, "start position"),
    key(
        K::KeyY,
        Action::Editor(Ed::PlayPosition),
        EDITOR,
        "your game's position",
    ),
    key(
        K::KeyW,
        Action::Editor(Ed::Turn(Side::White)),
        EDITOR,
        "White to move",
    ),
    key(
        K::KeyB,
        Action::Editor(Ed::Turn(Side::Black)),
        EDITOR,
        "Black to move",
    ),
    key(K::Enter, Action::Editor(Ed::Play), EDITOR, "play from here"),
    key(
        K::KeyP,
        Action::Editor(Ed::PlayComputer),
        EDITOR,
        "play the computer from here",
    ),
    key(K::KeyA, Action::Editor(Ed::Analyse), EDITOR, "analyse"),
    ctrl(
        K::KeyC,
        Action::Editor(Ed::Copy),
        EDITOR,
        "copy the position",
    ),
    ctrl(
        K::KeyV,
        Action::Editor(Ed::Paste),
        EDITOR,
        "paste a position",
    ),
    key(K::Enter, Action::Puzzle(Pz::Next), PUZZLES, "next puzzle"),
    key(K::KeyR, Action::Puzzle(Pz::Retry), PUZZLES, "retry"),
    key(
        K::KeyS,
        Action::Puzzle(Pz::Solution),
        PUZZLES,
        "show the solution",
    ),
    key(
        K::Enter,
        Action::StartNewGame,
        Dialog(Modal::NewGame),
        "start",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::NewGame),
        "cancel",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::Load),
        "cancel",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::Promotion),
        "cancel",
    ),
    key(
        K::KeyN,
        Action::NewGame,
        Dialog(Modal::GameOver),
        "new game",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::GameOver),
        "look at the board",
    ),
    key(K::KeyA, Action::Analyse, Dialog(Modal::GameOver), "analyse"),
    key(
        K::KeyR,
        Action::Review,
        Dialog(Modal::GameOver),
        "review the game",
    ),
    key(
        K::Enter,
        Action::CloseDialog,
        Dialog(Modal::GameOver),
        "look at the board",
    ),
    key(
        K::ArrowDown,
        Action::NextPiece,
        Dialog(Modal::Pieces),
        "next piece",
    ),
    key(
        K::ArrowRight,
        Action::NextPiece,
        Dialog(Modal::Pieces),
        "next piece",
    ),
    key(
        K::ArrowUp,
        Action::PreviousPiece,
        Dialog(Modal::Pieces),
        "previous piece",
    ),
    key(
        K::ArrowLeft,
        Action::PreviousPiece,
        Dialog(Modal::Pieces),
        "previous piece",
    ),
    key(
        K::Escape,
        Action::CloseDialog,
        Dialog(Modal::Pieces),
        "close",
    ),
    key(K::KeyG, Action::CloseDialog, Dialog(Modal::Pieces), "close"),
    key(
        K::Enter,
        Action::LearnNext,
        Dialog(Modal::StageEnd),
        "next / retry",
    ),
    key(
        K::KeyR,
        Action::RestartStage,
        Dialog(Modal::StageEnd),
        "retry",
    ),
    key(
        K::Escape,
        Action::LessonList,
        Dialog(Modal::StageEnd),
        "the lessons",
    ),
];

/// A key's name as the help shows it.
pub fn key_name(chord: Chord) -> String {
    let name = match chord.key {
        K::Enter => tr!("keyname-enter"),
        K::Escape => tr!("keyname-esc"),
        K::Backspace => tr!("keyname-backspace"),
        // Arrows by name: words read the same in every font.
        K::ArrowLeft => tr!("keyname-left"),
        K::ArrowRight => tr!("keyname-right"),
        K::ArrowUp => tr!("keyname-up"),
        K::ArrowDown => tr!("keyname-down"),
        K::Home => tr!("keyname-home"),
        K::End => tr!("keyname-end"),
        K::Space => tr!("keyname-space"),
        K::Tab => tr!("keyname-tab"),
        other => {
            let debug = format!("{other:?}");
            debug
                .strip_prefix("Key")
                .or_else(|| debug.strip_prefix("Digit"))
                .unwrap_or(&debug)
                .to_string()
        }
    };
    if chord.ctrl {
        tr!("keyname-ctrl", key = name)
    } else {
        name
    }
}

/// One line of help for the keys of `context`: "U: undo, R: redo, …". Keys with the same help
/// are listed together ("U / Backspace / Ctrl+Z: undo").
pub fn help_text(contexts: &[Context]) -> String {
    help_text_where(contexts, |_| true)
}

/// As [`help_text`], leaving out the keys whose action `shown` refuses (one that cannot act
/// now, like Continue with no game to continue).
pub fn help_text_where(contexts: &[Context], shown: impl Fn(&Action) -> bool) -> String {
    let mut parts: Vec<(String, &'static str)> = Vec::new();
    for b in KEYMAP
        .iter()
        .filter(|b| contexts.contains(&b.context) && shown(&b.action))
    {
        let name = key_name(b.chord);
        match parts.iter_mut().find(|(_, help)| *help == b.help) {
            Some((keys, _)) => {
                keys.push_str(" / ");
                keys.push_str(&name);
            }
            None => parts.push((name, b.help)),
        }
    }
    parts
        .iter()
        .map(|(keys, help)| format!("{keys}: {}", crate::game::text::tr(&help_id(help))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The catalogue id of a binding's help: `key-` and the English help, lower case, with every
/// run of other characters a `-` ("copy the position" is `key-copy-the-position`). The table
/// stays in English (the README's), and a test checks every id is in the catalogue.
pub fn help_id(help: &str) -> String {
    let mut id = String::from("key-");
    for c in help.chars() {
        if c.is_alphanumeric() {
            id.extend(c.to_lowercase());
        } else if !id.ends_with('-') {
            id.push('-');
        }
    }
    id.trim_end_matches('-').to_string()
}

/// The keymap as a Markdown table, for the README (`parachess keys`).
pub fn markdown_table() -> String {
    let mut out = String::from("| where | key | what it does |\n|---|---|---|\n");
    for b in KEYMAP {
        let place = match b.context {
            Context::Title => "title screen".to_string(),
            Context::Board => "any board".to_string(),
            Context::On(s) => s.place().to_string(),
            Context::Dialog(m) => format!("{m:?} dialog"),
        };
        out.push_str(&format!(
            "| {place} | `{}` | {} |\n",
            key_name(b.chord),
            b.help
        ));
    }
    out.push_str(TYPING_NOTE);
    out
}

/// How typing a move shares the letters with the hotkeys (after the table).
pub const TYPING_NOTE: &str = "\nOn a board where you may move, typing a move plays it \
(`c4d3`, `c4-d3`, `Sa2e5`, `j2k2q`): a field lists the legal moves the text still matches, \
Enter plays the one meant and a complete move that can mean nothing else plays at once; \
Backspace edits, Esc closes. A capital letter, or a row letter that is no hotkey, starts a \
move at once. A row letter that is also a hotkey (`A` `C` `F` `G` `H`) waits: a digit next \
makes it a cell name, anything else (or Enter, or 0.6 s) the hotkey. Where you cannot move, \
hotkeys act at once. During the opponent's turn in a timed game against the computer or an \
online game, a move (typed, clicked, dragged or with the cursor) is a premove: played the \
moment your turn comes if still legal; `Esc` or a right click cancels it.\n";

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (keyboard, promotion_keys)
            .in_set(crate::game::core::GameSet::Input)
            .after(crate::game::play::input::keys::BoardKeys),
    );
}

/// The letter keys, A to Z (also for tests that type).
pub const LETTER_KEYS: [KeyCode; 26] = [
    KeyCode::KeyA,
    KeyCode::KeyB,
    KeyCode::KeyC,
    KeyCode::KeyD,
    KeyCode::KeyE,
    KeyCode::KeyF,
    KeyCode::KeyG,
    KeyCode::KeyH,
    KeyCode::KeyI,
    KeyCode::KeyJ,
    KeyCode::KeyK,
    KeyCode::KeyL,
    KeyCode::KeyM,
    KeyCode::KeyN,
    KeyCode::KeyO,
    KeyCode::KeyP,
    KeyCode::KeyQ,
    KeyCode::KeyR,
    KeyCode::KeyS,
    KeyCode::KeyT,
    KeyCode::KeyU,
    KeyCode::KeyV,
    KeyCode::KeyW,
    KeyCode::KeyX,
    KeyCode::KeyY,
    KeyCode::KeyZ,
];

/// The letter a key types, for the letter keys.
fn key_letter(key: KeyCode) -> Option<char> {
    let i = LETTER_KEYS.iter().position(|&k| k == key)?;
    Some(char::from(b'A' + i as u8))
}

/// In the promotion chooser a kind's letter key chooses it (Q, R, B, S in Parachess; N and A
/// for the Knight and Archer of Knights and Archers): the keys come from the variant.
fn promotion_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    modal: Option<Res<State<Modal>>>,
    game: Option<Res<crate::game::core::state::ChessGame>>,
    pending: Option<Res<PendingPromotion>>,
    mut commands: Commands,
) {
    let (Some(keys), Some(game)) = (keys, game) else {
        return;
    };
    if modal.is_none_or(|m| *m.get() != Modal::Promotion) {
        return;
    }
    let pos = game.game().position();
    let side = pending.map_or(pos.turn(), |p| p.side(pos));
    let variant = pos.variant();
    for &key in keys.get_just_pressed() {
        let Some(letter) = key_letter(key) else {
            continue;
        };
        let chosen = variant
            .promotions(side)
            .iter()
            .copied()
            .find(|&k| variant.letter(k).eq_ignore_ascii_case(&letter));
        if let Some(kind) = chosen {
            commands.queue(move |world: &mut World| Action::Promote(kind).run(world));
            return;
        }
    }
}

/// Runs the action of every binding whose chord was just pressed and whose context is active.
fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Option<Res<State<Screen>>>,
    modal: Option<Res<State<Modal>>>,
    claims: Option<Res<crate::game::play::input::keys::KeyClaims>>,
    mut commands: Commands,
) {
    let (Some(keys), Some(screen)) = (keys, screen) else {
        return;
    };
    let modal = modal.map_or(Modal::None, |m| *m.get());
    // Ctrl pressed this frame counts even if already let go: on a slow frame a quick Ctrl+O
    // arrives all at once, and must not read as O.
    let ctrl_keys = [KeyCode::ControlLeft, KeyCode::ControlRight];
    let ctrl = keys.any_pressed(ctrl_keys) || keys.any_just_pressed(ctrl_keys);
    for b in KEYMAP {
        if b.chord.ctrl == ctrl
            && keys.just_pressed(b.chord.key)
            && b.context.active(*screen.get(), modal)
            // Taken by a typed move, the cell cursor, a premove or a dialog's focus.
            && claims.as_ref().is_none_or(|c| !c.claimed(b.chord.key))
        {
            let action = b.action;
            commands.queue(move |world: &mut World| action.run(world));
        }
    }
}

/// Requests that the persistence plugin carries out (it owns the store and the clipboard).
#[derive(Event, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveRequest {
    /// Save the game under a new name.
    Save,
    /// List the saved games.
    List,
    /// Copy the position text.
    Copy,
    /// Start a game from the clipboard's position text.
    Paste,
    /// Continue the unfinished game.
    Continue,
}

impl Action {
    /// Does what the action means, now. Buttons and keys both end here.
    pub fn run(self, world: &mut World) {
        let idle = world
            .get_resource::<crate::game::core::board::Animating>()
            .is_none_or(|a| !a.0);
        match self {
            Action::Back => back(world),
            Action::NewGame => {
                set_screen_keep(world, Screen::Play);
                set_modal(world, Modal::NewGame);
            }
            Action::StartNewGame => {
                let choice = world
                    .get_resource::<crate::game::ui::dialogs::NewGameChoice>()
                    .copied()
                    .unwrap_or_default();
                let time = world
                    .get_resource::<crate::game::versus::clock::TimeChoice>()
                    .and_then(|c| c.control());
                // The chosen variant's start (Shuffle Parachess: the chosen arrangement or
                // one at random); the game file's [Variant] tag keeps it.
                let start = choice.variant().map(|v| Box::new(v.start()));
                world.write_message(GameCommand::NewTimed {
                    start,
                    players: choice.players(),
                    time,
                });
                set_modal(world, Modal::None);
            }
            Action::ChooseMode(mode) => {
                if let Some(mut c) =
                    world.get_resource_mut::<crate::game::ui::dialogs::NewGameChoice>()
                {
                    c.mode = mode;
                }
            }
            Action::ChooseVariant(pick) => {
                if let Some(mut c) =
                    world.get_resource_mut::<crate::game::ui::dialogs::NewGameChoice>()
                {
                    c.variant = pick;
                }
            }
            Action::ShuffleStep(by) => {
                if let Some(mut c) =
                    world.get_resource_mut::<crate::game::ui::dialogs::NewGameChoice>()
                {
                    c.step_shuffle(by);
                }
            }
            Action::ChooseLevel(level) => {
                if let Some(mut c) =
                    world.get_resource_mut::<crate::game::ui::dialogs::NewGameChoice>()
                {
                    c.level = level;
                }
            }
            Action::Undo if idle => {
                world.write_message(GameCommand::Undo);
            }
            Action::Redo if idle => {
                world.write_message(GameCommand::Redo);
            }
            Action::Undo | Action::Redo => {}
            Action::Flip => {
                world.write_message(ViewCommand::Flip);
            }
            Action::ToggleView => {
                world.write_message(ViewCommand::ToggleView);
            }
            Action::ToggleNames => {
                world.write_message(ViewCommand::ToggleNames);
            }
            Action::ToggleLines => {
                world.write_message(ViewCommand::ToggleLines);
            }
            Action::ToggleMute => {
                world.write_message(ViewCommand::ToggleMute);
            }
            Action::ResetView => {
                world.write_message(ViewCommand::ResetView);
            }
            Action::Fullscreen => toggle_fullscreen(world),
            Action::Save => world.trigger(SaveRequest::Save),
            Action::Load => world.trigger(SaveRequest::List),
            Action::CopyPosition => world.trigger(SaveRequest::Copy),
            Action::PastePosition => world.trigger(SaveRequest::Paste),
            Action::Continue => world.trigger(SaveRequest::Continue),
            Action::Resign => {
                world.write_message(GameCommand::Resign);
            }
            Action::OfferDraw => {
                world.write_message(GameCommand::AgreeDraw);
            }
            Action::Promote(kind) => {
                let pending = world
                    .get_resource_mut::<PendingPromotion>()
                    .map(|mut p| std::mem::take(&mut *p))
                    .unwrap_or_default();
                if let Some((from, to)) = pending.cells {
                    let mv = Move::promoting(from, to, kind);
                    if pending.premove {
                        crate::game::play::input::premove::keep_chosen(world, mv);
                    } else {
                        world.write_message(MoveRequest(mv));
                    }
                }
                set_modal(world, Modal::None);
            }
            Action::CloseDialog => {
                if let Some(mut p) = world.get_resource_mut::<PendingPromotion>() {
                    *p = PendingPromotion::default();
                }
                set_modal(world, Modal::None);
            }
            Action::Play => {
                set_screen_keep(world, Screen::Play);
                set_modal(world, Modal::NewGame);
            }
            Action::Learn => set_screen(world, Screen::Learn),
            Action::Quit => {
                world.write_message(AppExit::Success);
            }
            Action::Pieces => set_modal(world, Modal::Pieces),
            Action::ShowPiece(kind) => aids::pieces::show(world, kind),
            Action::NextPiece => aids::pieces::step(world, 1),
            Action::PreviousPiece => aids::pieces::step(world, -1),
            Action::ToggleThreats => aids::threats::toggle(world),
            Action::Hint => aids::hint::ask(world),
            Action::OpenLesson(index) => crate::game::learn::open_lesson(world, index),
            Action::LearnNext => crate::game::learn::next(world),
            Action::RestartStage => crate::game::learn::restart(world),
            Action::StageHint => crate::game::learn::hint(world),
            Action::LessonList => crate::game::learn::to_list(world),
            Action::PreviousMove => study::navigation::step(world, -1),
            Action::NextMove => study::navigation::step(world, 1),
            Action::FirstMove => study::navigation::go_to(world, 0),
            Action::LastMove => study::navigation::go_to(world, usize::MAX),
            Action::ShowPly(ply) => study::navigation::go_to(world, ply),
            Action::Analyse => study::analysis::analyse_play_game(world),
            Action::Review => study::analysis::review_game(world),
            Action::AnalysePaste => study::analysis::paste(world),
            Action::AnalysisThreads => study::analysis::step_threads(world),
            Action::ShowReviewed(ply) => study::review::show_reviewed(world, ply),
            Action::SelectWorst(index) => study::review::select(world, index),
            Action::Versus(action) => action.run(world),
            Action::Lobby(action) => action.run(world),
            Action::Settings(action) => action.run(world),
            Action::OpenEditor => set_screen(world, Screen::Editor),
            Action::OpenPuzzles => set_screen(world, Screen::Puzzles),
            Action::Editor(action) => crate::game::studio::editor::act(world, action),
            Action::Puzzle(action) => crate::game::studio::puzzles::act(world, action),
            Action::Listed => {}
        }
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
fn set_screen_keep(world: &mut World, screen: Screen) {
    if let Some(mut next) = world.get_resource_mut::<NextState<Screen>>() {
        next.set(screen);
    }
}

/// Esc on a board: a piece guide or a selection (or a half-made drag) is dropped first; with
/// nothing shown, back to the title screen (from a lesson stage, back to the lesson list
/// first).
fn back(world: &mut World) {
    if aids::guide::hide(world) {
        return;
    }
    let selected = world
        .get_resource::<Selection>()
        .is_some_and(|s| s.cell.is_some());
    if selected {
        if let Some(mut s) = world.get_resource_mut::<Selection>() {
            s.clear();
        }
        return;
    }
    if crate::game::learn::back(world)
        || study::analysis::back(world)
        || crate::game::versus::online::back(world)
        || crate::game::lobby::back(world)
        || crate::game::studio::back(world)
    {
        return;
    }
    set_screen(world, Screen::Title);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key help is drawn from the catalogue by an id made of its English words.
    #[test]
    fn every_key_help_is_in_the_catalogue() {
        for b in KEYMAP {
            let id = help_id(b.help);
            assert!(
                crate::game::text::has_message(&id),
                "{id:?} ({:?}) is not in en.ftl",
                b.help
            );
        }
        assert_eq!(
            help_id("deselect, then back (where you came from)"),
            "key-deselect-then-back-where-you-came-from"
        );
    }

    #[test]
    fn no_key_means_two_things_in_one_place() {
        let screens = [
            Screen::Title,
            Screen::Play,
            Screen::Learn,
            Screen::Analysis,
            Screen::Online,
            Screen::Server,
            Screen::Editor,
            Screen::Puzzles,
        ];
        let modals = [
            Modal::None,
            Modal::NewGame,
            Modal::Load,
            Modal::Promotion,
            Modal::GameOver,
            Modal::Pieces,
            Modal::StageEnd,
            Modal::HostGame,
            Modal::JoinGame,
            Modal::ServerSignIn,
            Modal::SeekGame,
            Modal::Challenge,
            Modal::WatchGame,
        ];
        for screen in screens {
            for modal in modals {
                let active: Vec<_> = KEYMAP
                    .iter()
                    .filter(|b| b.context.active(screen, modal))
                    .collect();
                for (i, a) in active.iter().enumerate() {
                    for b in &active[i + 1..] {
                        assert!(
                            a.chord != b.chord || a.action == b.action,
                            "{:?} on {screen:?}/{modal:?}: {:?} and {:?}",
                            a.chord,
                            a.action,
                            b.action
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_dialog_owns_the_keyboard() {
        for modal in [
            Modal::NewGame,
            Modal::Load,
            Modal::Promotion,
            Modal::GameOver,
            Modal::Pieces,
            Modal::StageEnd,
            Modal::HostGame,
            Modal::JoinGame,
            Modal::ServerSignIn,
            Modal::SeekGame,
            Modal::Challenge,
            Modal::WatchGame,
        ] {
            for screen in [
                Screen::Play,
                Screen::Learn,
                Screen::Analysis,
                Screen::Online,
                Screen::Server,
                Screen::Editor,
                Screen::Puzzles,
            ] {
                for b in KEYMAP.iter().filter(|b| b.context.active(screen, modal)) {
                    assert_eq!(b.context, Context::Dialog(modal), "{b:?}");
                }
            }
        }
    }

    #[test]
    fn help_lists_keys_by_what_they_do() {
        let help = help_text(&[Context::On(Screen::Play)]);
        assert!(help.contains("U / Backspace / Ctrl+Z: undo"), "{help}");
        assert!(help.contains("Ctrl+S: save"), "{help}");
        assert!(!help.contains("flip"), "{help}");
        assert!(markdown_table().contains("| game | `N` | new game |"));
    }

    #[test]
    fn learn_keys_do_not_undo_or_redo() {
        let on_learn: Vec<_> = KEYMAP
            .iter()
            .filter(|b| b.context.active(Screen::Learn, Modal::None))
            .collect();
        let r = on_learn
            .iter()
            .find(|b| b.chord.key == K::KeyR && !b.chord.ctrl)
            .expect("R acts on the learn screen");
        assert_eq!(r.action, Action::RestartStage);
        assert!(
            on_learn
                .iter()
                .all(|b| b.action != Action::Redo && b.action != Action::Undo)
        );
        let help = help_text(&[Context::Board, Context::On(Screen::Learn)]);
        assert!(
            help.contains("R: restart the stage") && help.contains("H: hint"),
            "{help}"
        );
    }
}
