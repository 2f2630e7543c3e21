//! Other armies in the game window, headless: the new-game dialog's variant choice, the board
//! editor's palette and promotion by the variant's letter keys.
#![cfg(feature = "gui")]

use crate::common;

use bevy::prelude::*;
use common::game::*;
use parachess::game::board::pieces::pieces_match_game;
use parachess::game::core::actions::Action;
use parachess::game::core::prefs::ChoiceAction;
use parachess::game::core::prefs::{NewGameChoice, VariantPick};
use parachess::game::core::screens::{Modal, Screen};
use parachess::game::core::state::GameCommand;
use parachess::game::editor::{Editor, PaletteSlot};
use parachess::game::play::dialogs::StartGame;
use parachess::rules::{Cell, Piece, Side, Variant};

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn agree(app: &mut App) {
    settle(app, 30);
    if let Err(e) = pieces_match_game(app.world_mut()) {
        panic!("entities and game disagree:\n{e}");
    }
}

fn knights_and_archers() -> &'static Variant {
    Variant::named("Knights and Archers").unwrap()
}

/// A new game in `variant`'s start, two players.
fn start_in(app: &mut App, variant: &'static Variant, text: Option<&str>) {
    let start = match text {
        Some(t) => variant.parse_position(t).unwrap(),
        None => variant.start(),
    };
    app.world_mut().write_message(GameCommand::NewGame {
        start: Some(Box::new(start)),
        players: Default::default(),
    });
    agree(app);
}

#[test]
fn the_new_game_dialog_starts_knights_and_archers_and_a_numbered_shuffle() {
    let mut app = headless_app();
    // The headless app has no dialogs; the choice they keep is what the actions read.
    app.world_mut().init_resource::<NewGameChoice>();
    let ka = knights_and_archers();
    ChoiceAction::Variant(VariantPick::Fixed(ka)).run(app.world_mut());
    StartGame.run(app.world_mut());
    agree(&mut app);
    let pos = game(&app).position().clone();
    assert_eq!(pos.variant(), ka);
    assert_eq!(pos, ka.start());
    let knight = ka.kind_of_letter('N').unwrap();
    assert_eq!(pos.pieces(Piece::new(Side::White, knight)).len(), 1);
    // Shuffle Parachess by number: 0 stepped back by one wraps to 179, then on by 18 is 17.
    ChoiceAction::ShuffleStep(-1).run(app.world_mut());
    assert_eq!(app.world().resource::<NewGameChoice>().shuffle_number, 179);
    ChoiceAction::ShuffleStep(18).run(app.world_mut());
    StartGame.run(app.world_mut());
    agree(&mut app);
    let pos = game(&app).position().clone();
    assert_eq!(pos.variant().name(), "Shuffle Parachess 17");
    assert_eq!(pos, Variant::shuffle(17).unwrap().start());
}

/// The move list names the army a game starts in, not "a set-up position".
#[test]
fn the_move_list_names_the_army_of_its_start() {
    use parachess::game::ui::move_list_text;
    let mut app = headless_app();
    start_in(&mut app, knights_and_archers(), None);
    let list = move_list_text(game(&app));
    assert!(list.contains("(Knights and Archers)"), "{list:?}");
    assert!(!list.contains("set-up"), "{list:?}");
    start_in(&mut app, Variant::parachess(), None);
    assert!(!move_list_text(game(&app)).contains('('));
}

#[test]
fn the_editor_palette_offers_the_variants_kinds_and_puts_a_knight_down() {
    let mut app = headless_app();
    let ka = knights_and_archers();
    start_in(&mut app, ka, None);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Editor);
    settle(&mut app, 10);
    assert_eq!(where_(&app).0, Screen::Editor);
    assert_eq!(app.world().resource::<Editor>().setup().variant(), ka);
    let mut kinds: Vec<_> = {
        let world = app.world_mut();
        let mut q = world.query::<&PaletteSlot>();
        q.iter(world)
            .filter(|s| s.0.side == Side::White)
            .map(|s| s.0.kind)
            .collect()
    };
    kinds.sort();
    let mut want = ka.kinds().to_vec();
    want.sort();
    assert_eq!(
        kinds, want,
        "the palette shows the army's kinds, no Sorcerer"
    );
    // Empty the board and drag a Black Knight from the palette onto it.
    parachess::game::editor::EditorAction::Empty.run(app.world_mut());
    settle(&mut app, 5);
    let knight = Piece::new(Side::Black, ka.kind_of_letter('N').unwrap());
    let slot = palette_slot(&mut app, knight);
    let target = tile(&mut app, c("e5"));
    drag_onto(&mut app, slot, target);
    settle(&mut app, 5);
    let setup = app.world().resource::<Editor>().setup().clone();
    assert_eq!(setup.piece_at(c("e5")), Some(knight));
    assert_eq!(setup.variant(), ka);
    // Its position text writes the Knight with its own letter.
    assert!(setup.board().to_string().contains('n'), "{}", setup.board());
}

#[test]
fn a_pawn_promotes_to_a_knight_by_its_letter_key() {
    let mut app = headless_app();
    let ka = knights_and_archers();
    start_in(&mut app, ka, Some("k5/1P2/8/5/10/6/10/5/8/4/5K w 0 1"));
    click_cell(&mut app, c("j2"));
    click_cell(&mut app, c("k3"));
    settle(&mut app, 3);
    assert_eq!(where_(&app).1, Modal::Promotion);
    assert!(game(&app).plies().is_empty(), "no move before the choice");
    // S is no kind of this army: nothing happens.
    tap(&mut app, KeyCode::KeyS);
    settle(&mut app, 3);
    assert!(game(&app).plies().is_empty());
    tap(&mut app, KeyCode::KeyN);
    agree(&mut app);
    let piece = game(&app).position().piece_at(c("k3")).unwrap();
    assert_eq!(
        piece,
        Piece::new(Side::White, ka.kind_of_letter('N').unwrap())
    );
    assert_eq!(game(&app).plies()[0].text, "j2-k3=N");
}

/// The Knight's and Archer's cards explain their leaps as the Sorcerer's does; the guide of a
/// piece names its army; a numbered Shuffle Parachess chosen in the dialog is named there.
#[test]
fn other_armies_explain_their_leaps_and_name_themselves() {
    use parachess::game::aids::pieces_view::card_text;
    use parachess::game::core::selection::PieceGuide;
    use parachess::game::core::state::StatusLine;
    use parachess::game::ui::variant_picker::chosen_label;
    let ka = knights_and_archers();
    let knight = ka.kind_of_letter('N').unwrap();
    let archer = ka.kind_of_letter('A').unwrap();
    let [how, more] = card_text(ka, knight);
    assert!(how.contains("knight leap is two steps in one"), "{how}");
    assert!(more.contains("Nothing can block a leap"), "{more}");
    assert!(more.contains("Pawns"), "its worth stays: {more}");
    let [how, _] = card_text(ka, archer);
    assert!(how.contains("archer leap is two steps in one"), "{how}");
    assert!(!how.contains("knight leap"), "{how}");

    // Right-clicking a Knight: the guide says which army it belongs to.
    let mut app = headless_app();
    start_in(&mut app, ka, None);
    let cell = game(&app)
        .position()
        .pieces(Piece::new(Side::White, knight))
        .first()
        .unwrap();
    right_click_cell(&mut app, cell);
    assert!(app.world().resource::<PieceGuide>().shown().is_some());
    let said = app.world().resource::<StatusLine>().text.clone();
    assert!(said.contains("(in Knights and Archers)"), "{said}");

    // Shuffle Parachess by number: the dialog's line names the arrangement chosen.
    app.world_mut().init_resource::<NewGameChoice>();
    ChoiceAction::ShuffleStep(17).run(app.world_mut());
    let label = chosen_label(app.world().resource::<NewGameChoice>());
    assert_eq!(label, "Variant: Shuffle Parachess no. 17");
    ChoiceAction::Variant(VariantPick::Fixed(ka)).run(app.world_mut());
    let label = chosen_label(app.world().resource::<NewGameChoice>());
    assert_eq!(label, "Variant: Knights and Archers");
}
