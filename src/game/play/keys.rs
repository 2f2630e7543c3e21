//! The play screen's keys, and finishing a promotion (from its dialog, its letter keys, or a
//! premove's chooser).

use bevy::prelude::*;

use crate::game::core::actions::{
    Action, ActionsExt, AidAction, GameAction as G, Promote, SaveRequest as Save, StudyAction,
};
use crate::game::core::keys::{BoardKeys, Context, KeysExt, ctrl, key, key_letter, move_keys};
use crate::game::core::screens::{Modal, Screen, set_modal};
use crate::game::core::selection::PendingPromotion;
use crate::game::core::state::{ChessGame, MoveRequest};
use crate::rules::Move;

pub(super) fn plugin(app: &mut App) {
    use KeyCode as K;
    let play = Context::On(Screen::Play);
    app.answer(promote)
        .bind_keys(vec![
            key(K::KeyN, G::NewGame, play, "new game"),
            key(K::KeyU, G::Undo, play, "undo"),
            key(K::Backspace, G::Undo, play, "undo"),
            ctrl(K::KeyZ, G::Undo, play, "undo"),
            key(K::KeyR, G::Redo, play, "redo"),
            ctrl(K::KeyY, G::Redo, play, "redo"),
            key(K::KeyH, AidAction::Hint, play, "hint"),
            key(
                K::KeyG,
                G::Dialog(Modal::Pieces),
                play,
                "how the pieces move",
            ),
            ctrl(K::KeyS, super::dialogs::SaveDialog::Open, play, "save"),
            ctrl(K::KeyO, Save::List, play, "load"),
            ctrl(K::KeyC, Save::Copy, play, "copy the position"),
            ctrl(K::KeyV, Save::Paste, play, "paste a position"),
        ])
        .bind_keys(move_keys(Screen::Play, "back to the game"))
        .bind_keys(vec![key(K::KeyA, StudyAction::Analyse, play, "analyse")])
        .add_systems(
            Update,
            promotion_keys
                .in_set(crate::game::core::GameSet::Input)
                .after(BoardKeys),
        );
}

/// The promotion chosen: played, or kept for the premove that asked.
fn promote(world: &mut World, Promote(kind): Promote) {
    let pending = world
        .get_resource_mut::<PendingPromotion>()
        .map(|mut p| std::mem::take(&mut *p))
        .unwrap_or_default();
    if let Some((from, to)) = pending.cells {
        let mv = Move::promoting(from, to, kind);
        if pending.premove {
            super::input::premove::keep_chosen(world, mv);
        } else {
            world.write_message(MoveRequest(mv));
        }
    }
    set_modal(world, Modal::None);
}

/// In the promotion chooser a kind's letter key chooses it (Q, R, B, S in Parachess; N and A
/// for the Knight and Archer of Knights and Archers): the keys come from the variant.
fn promotion_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    modal: Option<Res<State<Modal>>>,
    game: Option<Res<ChessGame>>,
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
            commands.queue(move |world: &mut World| Promote(kind).run(world));
            return;
        }
    }
}
