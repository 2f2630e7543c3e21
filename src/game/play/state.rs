//! The rules `Game` as the one source of truth, and the only systems that change it.

use bevy::prelude::*;

use crate::engine::Level;
use crate::game::GameSet;
use crate::rules::record::PlyNote;
use crate::rules::{Cell, Game, Move, Outcome, Piece, Position, Route, Side};

/// Who plays a side.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Player {
    /// A person at this computer.
    #[default]
    Human,
    /// The engine, at a level.
    Computer(Level),
    /// Moves that come from outside the board's input: a lesson's or a puzzle's replies, a
    /// network opponent, another engine program. Nobody at this board may move for it.
    Elsewhere,
}

/// The game on the board, who plays each side, a revision number that changes with every
/// change (so tasks started on an older game can tell they are stale) and an identity that
/// changes only when another game takes the board (so saving can tell a game from its
/// successor).
#[derive(Resource, Debug, Clone)]
pub struct ChessGame {
    /// The rules' game: position, history, outcome.
    pub game: Game,
    /// White's player, then Black's.
    pub players: [Player; 2],
    revision: u64,
    id: u64,
    /// What the game record says about each move (a hint asked for, clocks, comments):
    /// `notes[i]` belongs to the i-th half-move. One note more than the moves played is the
    /// note of the move to come (a hint was shown for it). Moves taken back lose their notes.
    notes: Vec<PlyNote>,
}

impl Default for ChessGame {
    fn default() -> ChessGame {
        ChessGame {
            game: Game::new(),
            players: [Player::Human; 2],
            revision: 0,
            id: 0,
            notes: Vec::new(),
        }
    }
}

impl ChessGame {
    /// Changes whenever the game changes (move, undo, redo, new game, load).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Changes when another game takes the board (new game, load, resume), not with moves.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Puts another game on the board, with an identity no other game of this run has.
    pub fn replace(&mut self, game: Game, players: [Player; 2]) {
        self.replace_with_notes(game, players, Vec::new());
    }

    /// [`ChessGame::replace`] with the notes a game record keeps about its moves.
    pub fn replace_with_notes(&mut self, game: Game, players: [Player; 2], notes: Vec<PlyNote>) {
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        self.game = game;
        self.players = players;
        self.notes = notes;
        self.id = NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.bump();
    }

    /// The notes on the moves played (and possibly one on the move to come), for saving.
    pub fn notes(&self) -> &[PlyNote] {
        &self.notes
    }

    /// Changes the note of the move to come: kept with that move once it is played, dropped
    /// if anything else changes the game first.
    pub fn note_next_move(&mut self, change: impl FnOnce(&mut PlyNote)) {
        let next = self.game.plies().len();
        self.notes.resize_with(next + 1, PlyNote::default);
        change(&mut self.notes[next]);
    }

    /// The player whose turn it is.
    pub fn player_to_move(&self) -> Player {
        self.players[self.game.position().turn().index()]
    }

    /// Whether a person may move now (the game is on and it is a human's turn).
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.player_to_move() == Player::Human
    }

    /// Whether both sides are played by people.
    pub fn two_humans(&self) -> bool {
        self.players == [Player::Human; 2]
    }

    /// Who resigns when the button is pressed: the person playing the computer, or in other
    /// games the side to move.
    pub fn resigning_side(&self) -> Side {
        match self.players {
            [Player::Human, Player::Computer(_)] => Side::White,
            [Player::Computer(_), Player::Human] => Side::Black,
            _ => self.game.position().turn(),
        }
    }

    /// Against the computer a draw needs its consent: it declines when its evaluation of the
    /// position is clearly in its favour (more than half a pawn).
    pub fn computer_declines_draw(&self) -> bool {
        let pos = self.game.position();
        let Some(computer) = Side::BOTH
            .into_iter()
            .find(|&s| matches!(self.players[s.index()], Player::Computer(_)))
        else {
            return false;
        };
        if self
            .players
            .iter()
            .all(|p| matches!(p, Player::Computer(_)))
        {
            return false;
        }
        let for_mover = crate::engine::evaluate(pos);
        let for_computer = if pos.turn() == computer {
            for_mover
        } else {
            -for_mover
        };
        for_computer > 50
    }

    fn bump(&mut self) {
        self.revision += 1;
        // A move taken back loses its note; a note on a move to come lapses with any change
        // but that move.
        self.notes.truncate(self.game.plies().len());
    }
}

/// The play screen's game while another screen (a lesson, a puzzle) has the board.
#[derive(Resource, Debug, Default)]
pub struct PlayStash {
    /// The play game, while it is off the board.
    game: Option<ChessGame>,
    /// Whether the board holds the play game (and not a lesson's or a puzzle's).
    borrowed: bool,
}

impl PlayStash {
    /// Another screen takes the board: the play game is kept until the player comes back.
    pub fn borrow_board(&mut self, game: &ChessGame) {
        if !self.borrowed {
            self.game = Some(game.clone());
            self.borrowed = true;
        }
    }

    /// The play game: the one kept here while another screen has the board, else `board`.
    pub fn play_game<'a>(&'a self, board: &'a ChessGame) -> &'a ChessGame {
        match (&self.game, self.borrowed) {
            (Some(g), true) => g,
            _ => board,
        }
    }

    /// Whether Continue has an unfinished play game to return to (on the board or kept here).
    pub fn unfinished_game_waits(&self, world: &World) -> bool {
        let unfinished = |g: &ChessGame| !g.game.plies().is_empty() && !g.game.is_over();
        match (&self.game, self.borrowed) {
            (Some(g), true) => unfinished(g),
            _ => world.get_resource::<ChessGame>().is_some_and(unfinished),
        }
    }
}

/// Back on the play screen, the play game returns to the board.
fn return_play_game(
    mut stash: ResMut<PlayStash>,
    mut game: ResMut<ChessGame>,
    mut reset: MessageWriter<BoardReset>,
) {
    if stash.borrowed {
        stash.borrowed = false;
        if let Some(g) = stash.game.take() {
            *game = g;
        } else {
            let players = game.players;
            game.replace(Game::new(), players);
        }
        reset.write(BoardReset);
    }
}

/// A request to play a move; the rules decide whether it happens.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRequest(pub Move);

/// Requests that change the game other than by a move.
#[derive(Message, Clone, Debug)]
pub enum GameCommand {
    /// Start again, from the standard position or a given one, with these players.
    NewGame {
        /// Start position (standard when `None`).
        start: Option<Box<Position>>,
        /// White's and Black's players.
        players: [Player; 2],
    },
    /// Continue a game loaded from a file or an autosave, with the notes on its moves.
    Load(Box<Game>, [Player; 2], Vec<PlyNote>),
    /// Take back a move (two against the computer, so it is the person's turn again).
    Undo,
    /// Replay a move taken back.
    Redo,
    /// A player resigns (see [`ChessGame::resigning_side`]).
    Resign,
    /// Both players agree to a draw.
    AgreeDraw,
}

/// A move the rules accepted: everything the view needs to show it.
#[derive(Message, Clone, Debug)]
pub struct MovePlayed {
    /// The move.
    pub mv: Move,
    /// The piece that moved (before promotion).
    pub piece: Piece,
    /// The piece taken, if any.
    pub captured: Option<Piece>,
    /// Where it went, step by step, for the animation.
    pub route: Route,
    /// The move in move text.
    pub text: String,
    /// Whether it gives check.
    pub check: bool,
    /// How the game ended with it, if it did.
    pub outcome: Option<Outcome>,
}

/// The board must be redrawn from the game without animation (undo, redo, new game, load).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// One line for the player: what just happened or why something was refused.
#[derive(Resource, Default, Debug, Clone)]
pub struct StatusLine {
    /// The text.
    pub text: String,
    /// Whether it reports a refusal (shown in a warning colour).
    pub warning: bool,
}

impl StatusLine {
    /// Shows a neutral message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.warning = false;
    }

    /// Shows a refusal.
    pub fn warn(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.warning = true;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ChessGame>()
        .init_resource::<StatusLine>()
        .init_resource::<PlayStash>()
        .add_systems(
            OnEnter(crate::game::screens::Screen::Play),
            return_play_game,
        )
        .add_message::<MoveRequest>()
        .add_message::<GameCommand>()
        .add_message::<MovePlayed>()
        .add_message::<BoardReset>()
        .add_systems(Startup, start_position)
        .add_systems(
            Update,
            (
                apply_commands,
                apply_moves.run_if(|s: Res<State<crate::game::screens::Screen>>| {
                    s.get().moves_go_to_game()
                }),
            )
                .chain()
                .in_set(GameSet::Rules),
        )
        .add_systems(Update, watch_game_end.in_set(GameSet::View));
}

fn start_position(
    options: Option<Res<crate::game::LaunchOptions>>,
    mut game: ResMut<ChessGame>,
    mut reset: MessageWriter<BoardReset>,
    mut status: ResMut<StatusLine>,
) {
    if let Some(start) = options.and_then(|o| o.position.clone()) {
        game.replace(Game::from_position(start), [Player::Human; 2]);
    }
    if status.text.is_empty() {
        status.info("Two players at one board. Press New game to play the computer.");
    }
    reset.write(BoardReset);
}

/// Capitalised "White"/"Black" to move, for the status line.
pub fn turn_text(game: &Game) -> String {
    match game.outcome() {
        Some(outcome) => outcome.to_string(),
        None => {
            let side = game.position().turn();
            let check = if game.position().in_check() {
                " - check!"
            } else {
                ""
            };
            format!("{side} to move{check}")
        }
    }
}

fn apply_commands(
    mut commands: MessageReader<GameCommand>,
    mut stash: ResMut<PlayStash>,
    mut game: ResMut<ChessGame>,
    mut status: ResMut<StatusLine>,
    mut reset: MessageWriter<BoardReset>,
) {
    for command in commands.read() {
        let g = &mut *game;
        let changed = match command {
            GameCommand::NewGame { start, players } => {
                // A new play game supersedes one kept aside (saving keeps it, if unfinished).
                *stash = PlayStash::default();
                let start = start.as_deref().cloned().unwrap_or_default();
                g.replace(Game::from_position(start), *players);
                status.info("New game");
                false
            }
            GameCommand::Load(loaded, players, notes) => {
                *stash = PlayStash::default();
                g.replace_with_notes((**loaded).clone(), *players, notes.clone());
                status.info(format!("Game loaded: {} moves", g.game.plies().len()));
                false
            }
            GameCommand::Undo => undo(g, &mut status),
            GameCommand::Redo => redo(g, &mut status),
            GameCommand::Resign => {
                let side = g.resigning_side();
                declare(g.game.resign(side), &mut status)
            }
            GameCommand::AgreeDraw => match g.computer_declines_draw() {
                true => {
                    status.warn("The computer declines the draw: it likes its position");
                    false
                }
                false => declare(g.game.agree_draw(), &mut status),
            },
        };
        if changed {
            g.bump();
        }
        reset.write(BoardReset);
    }
}

fn declare(result: Result<(), crate::rules::PlayError>, status: &mut StatusLine) -> bool {
    match result {
        Ok(()) => true,
        Err(e) => {
            status.warn(e.to_string());
            false
        }
    }
}

/// Takes back one move, or against the computer as many as needed (at most two) to give the
/// person the move again.
fn undo(g: &mut ChessGame, status: &mut StatusLine) -> bool {
    if !g.game.can_undo() {
        status.warn("Nothing to take back");
        return false;
    }
    let declared = g.game.outcome().is_some_and(|o| o.is_declared());
    g.game.undo();
    if !declared && !g.two_humans() && g.player_to_move() != Player::Human {
        g.game.undo();
    }
    status.info("Move taken back");
    true
}

fn redo(g: &mut ChessGame, status: &mut StatusLine) -> bool {
    if !g.game.can_redo() {
        status.warn("Nothing to replay");
        return false;
    }
    g.game.redo();
    if !g.two_humans() && g.player_to_move() != Player::Human && g.game.can_redo() {
        g.game.redo();
    }
    status.info("Move replayed");
    true
}

fn apply_moves(
    mut requests: MessageReader<MoveRequest>,
    mut game: ResMut<ChessGame>,
    mut status: ResMut<StatusLine>,
    mut played: MessageWriter<MovePlayed>,
) {
    for &MoveRequest(mv) in requests.read() {
        match play_on_board(&mut game, mv) {
            Ok(move_played) => {
                let text = &move_played.text;
                status.info(match move_played.outcome {
                    Some(o) => format!("{text}: {o}"),
                    None => format!("{} played {text}", move_played.piece.side),
                });
                played.write(move_played);
            }
            Err(why) => status.warn(why),
        }
    }
}

/// Plays `mv` on the board's game and returns what the view needs to show it (write it as a
/// [`MovePlayed`] message so it glides), or the rules' reason in a sentence.
pub fn play_on_board(game: &mut ChessGame, mv: Move) -> Result<MovePlayed, String> {
    let position = game.game.position().clone();
    let (Some(piece), Some(route)) = (position.piece_at(mv.from), position.route(mv)) else {
        return Err(match position.check_move(mv) {
            Err(e) => capitalise(&e.to_string()),
            Ok(()) => "That move cannot be shown".to_string(),
        });
    };
    let captured = position.piece_at(mv.to);
    let text = match game.game.play(mv) {
        Ok(ply) => ply.text.clone(),
        Err(e) => return Err(capitalise(&e.to_string())),
    };
    let check = game.game.position().in_check();
    let outcome = game.game.outcome();
    game.bump();
    Ok(MovePlayed {
        mv,
        piece,
        captured,
        route,
        text,
        check,
        outcome,
    })
}

/// Messages from the rules start in lower case; the status line starts sentences.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A cell's world position on the board plane (y = 0): board x to world x, board y (toward
/// Black) to world −z, so White sits nearest a camera on the +z side.
pub fn cell_world(cell: Cell) -> Vec3 {
    let [x, y] = crate::rules::board().cell(cell).centre();
    Vec3::new(x, 0.0, -y)
}

/// A board point (cell units) on the world plane.
pub fn board_to_world(p: [f32; 2]) -> Vec3 {
    Vec3::new(p[0], 0.0, -p[1])
}

/// Opens the game-over dialog when the game on the play screen ends (or a finished game is
/// loaded), and closes it when a game goes on again (undo, new game).
fn watch_game_end(
    game: Res<ChessGame>,
    screen: Res<State<crate::game::screens::Screen>>,
    modal: Res<State<crate::game::screens::Modal>>,
    mut next: ResMut<NextState<crate::game::screens::Modal>>,
    mut seen: Local<Option<(u64, bool)>>,
) {
    let over = game.game.is_over();
    let now = (game.id(), over);
    let before = seen.replace(now);
    if *screen.get() != crate::game::screens::Screen::Play {
        return;
    }
    let newly_over = over && before != Some(now);
    if newly_over && *modal.get() == crate::game::screens::Modal::None {
        next.set(crate::game::screens::Modal::GameOver);
    } else if !over && *modal.get() == crate::game::screens::Modal::GameOver {
        next.set(crate::game::screens::Modal::None);
    }
}
