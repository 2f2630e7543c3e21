//! Premoves: in a timed game against the computer and in network games, a move made during
//! the opponent's turn (click, drag, typed or cursor) waits, drawn in the theme's premove
//! colour, and is played the moment the turn comes back if the rules still allow it, or
//! cancelled with a word why. Esc or a right click cancels it. One premove at a time.
//!
//! Which moves may be premoved is the rules' answer for the position with the turn handed
//! over ([`Position::with_turn`]); whether it is played is their answer when the turn comes.

use bevy::picking::events::{Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::{Act, Intent, decide};
use crate::game::core::board::Animating;
use crate::game::core::keys::KeyClaims;
use crate::game::core::screens::Screen;
use crate::game::core::state::{ChessGame, MoveRequest, SeatKind, StatusLine};
use crate::rules::{Cell, Game, Move, Position, Side};

/// The words this file shows (kept together for the message catalogue).
mod words {
    use crate::tr;

    /// A premove was made.
    pub fn set(text: &str) -> String {
        tr!("premove-set", text = text)
    }
    /// A piece chosen for a premove.
    pub fn chosen(piece: &str, cell: &str) -> String {
        let piece = crate::game::text::piece_name(piece);
        tr!("premove-chosen", piece = piece, cell = cell)
    }
    /// The premove no longer fits the position.
    pub fn cancelled_illegal(text: &str, why: &str) -> String {
        tr!("premove-cancelled-illegal", text = text, why = why)
    }
    /// The player cancelled it.
    pub fn cancelled() -> String {
        tr!("premove-cancelled")
    }
    /// A press during the opponent's turn on no piece of the player's own.
    pub fn wait(computer: bool) -> String {
        if computer {
            tr!("premove-wait-computer")
        } else {
            tr!("premove-wait-opponent")
        }
    }
}

/// The waiting premove.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Premove {
    /// The move, played when the turn comes back.
    pub mv: Option<Move>,
    /// The game it was made in ([`ChessGame::id`]): another game drops it.
    game: u64,
}

/// Whether moves made during the opponent's turn wait as premoves: one person against the
/// computer with clocks running, or against a network opponent.
pub fn allowed(game: &ChessGame, screen: Option<Screen>) -> bool {
    if game.game().is_over() || game.browsing() {
        return false;
    }
    let humans = game
        .players()
        .iter()
        .filter(|&&p| p == SeatKind::Human)
        .count();
    if humans != 1 {
        return false;
    }
    match game.players().iter().find(|&&p| p != SeatKind::Human) {
        Some(SeatKind::Computer(_)) => game.clocks().is_some(),
        Some(SeatKind::Elsewhere) => matches!(screen, Some(Screen::Online | Screen::Lobby)),
        _ => false,
    }
}

/// The side the person at this board plays (in a game where [`allowed`] holds).
fn own_side(game: &ChessGame) -> Side {
    if game.players()[0] == SeatKind::Human {
        Side::White
    } else {
        Side::Black
    }
}

/// The position a premove is chosen in: the game's, with the person to move, while it is the
/// opponent's turn in a game that takes premoves.
pub fn position(game: &ChessGame, screen: Option<Screen>) -> Option<Position> {
    if !allowed(game, screen) || game.human_to_move() {
        return None;
    }
    game.game().position().with_turn(own_side(game)).ok()
}

impl Act<'_> {
    /// A press on `cell` during the opponent's turn: selects a piece or makes the premove.
    pub(super) fn press_premove(&mut self, cell: Cell, pos: Position) -> bool {
        let own = pos.piece_at(cell).is_some_and(|p| p.side == pos.turn());
        if self.selection.cell.is_none() && !own {
            // Their turn, not ours: said as without premoves.
            let computer = self
                .game
                .players()
                .iter()
                .any(|p| matches!(p, SeatKind::Computer(_)));
            self.status.warn(words::wait(computer));
            return false;
        }
        let game = Game::from_position(pos.clone());
        match decide(&game, self.selection.cell, cell, true) {
            Intent::Select(c) => {
                self.selection.cell = Some(c);
                self.selection.targets = pos.legal_targets(c);
                if let Some(p) = pos.piece_at(c) {
                    self.status
                        .info(words::chosen(pos.variant().kind_name(p.kind), c.name()));
                }
                true
            }
            Intent::Play(mv) => {
                self.set_premove(mv, &pos);
                false
            }
            Intent::AskPromotion(from, to) => {
                self.ask_promotion(from, to, &pos, true);
                false
            }
            Intent::Refuse(why) => {
                self.selection.clear();
                self.status.warn(why);
                false
            }
            Intent::Deselect => {
                self.selection.clear();
                false
            }
            Intent::Nothing => false,
        }
    }

    /// Keeps `mv` (legal in `pos`, the position with the person to move) as the premove.
    pub(super) fn set_premove(&mut self, mv: Move, pos: &Position) {
        self.selection.clear();
        self.premove.mv = Some(mv);
        self.premove.game = self.game.id();
        self.status.info(words::set(&pos.move_text(mv)));
    }
}

/// The piece chosen for a premove's promotion: the premove waits, or, when the turn came back
/// while the player chose, the move is played now (the rules check it either way).
pub(crate) fn keep_chosen(world: &mut World, mv: Move) {
    let screen = world.get_resource::<State<Screen>>().map(|s| *s.get());
    let Some(game) = world.get_resource::<ChessGame>() else {
        return;
    };
    if game.human_to_move() {
        world.write_message(MoveRequest(mv));
        return;
    }
    let id = game.id();
    let Some(pos) = position(game, screen).filter(|p| p.check_move(mv).is_ok()) else {
        return;
    };
    let text = pos.move_text(mv);
    if let Some(mut premove) = world.get_resource_mut::<Premove>() {
        *premove = Premove {
            mv: Some(mv),
            game: id,
        };
    }
    if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
        status.info(words::set(&text));
    }
}

/// When the turn comes back (and the opponent's move has finished gliding), plays the premove
/// if the rules allow it, or says why not.
pub(super) fn play_premove(
    mut premove: ResMut<Premove>,
    game: Res<ChessGame>,
    animating: Res<Animating>,
    mut requests: MessageWriter<MoveRequest>,
    mut status: ResMut<StatusLine>,
) {
    let Some(mv) = premove.mv else {
        return;
    };
    if game.id() != premove.game || game.game().is_over() {
        premove.mv = None;
        return;
    }
    if animating.0 || !game.human_to_move() || game.browsing() {
        return;
    }
    premove.mv = None;
    let pos = game.game().position();
    match pos.check_move(mv) {
        Ok(()) => {
            requests.write(MoveRequest(mv));
        }
        Err(e) => status.warn(words::cancelled_illegal(
            &format!("{}-{}", mv.from, mv.to),
            &crate::game::text::move_error_text(&e),
        )),
    }
}

/// Esc cancels a waiting premove (before it means anything else).
pub(super) fn cancel_on_escape(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut claims: ResMut<KeyClaims>,
    mut premove: ResMut<Premove>,
    mut status: ResMut<StatusLine>,
) {
    if premove.mv.is_some()
        && !claims.claimed(KeyCode::Escape)
        && keys.is_some_and(|k| k.just_pressed(KeyCode::Escape))
    {
        premove.mv = None;
        status.info(words::cancelled());
        claims.claim(KeyCode::Escape);
    }
}

/// A right click anywhere cancels a waiting premove.
pub(super) fn cancel_on_right_click(
    press: On<Pointer<Press>>,
    mut premove: ResMut<Premove>,
    mut status: ResMut<StatusLine>,
) {
    if press.button == PointerButton::Secondary
        && press.entity == press.original_event_target()
        && premove.mv.is_some()
    {
        premove.mv = None;
        status.info(words::cancelled());
    }
}

/// Draws the premove's two cells in the theme's premove colour.
pub(crate) fn draw_premove(
    premove: Res<Premove>,
    theme: Option<Res<crate::game::core::board::BoardTheme>>,
    mut gizmos: Gizmos,
) {
    let Some(mv) = premove.mv else {
        return;
    };
    let theme = theme.map(|t| *t).unwrap_or_default();
    let colour = crate::game::core::board::colour(theme.theme.check);
    for cell in [mv.from, mv.to] {
        super::cursor::outline(&mut gizmos, cell, colour, 3);
    }
}
