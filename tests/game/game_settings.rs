//! Settings that stay: the app started twice over one data folder, changed the way a person
//! changes things (keys, the Settings screen's and new-game dialog's buttons through their
//! `Action`s), a damaged settings.ron, and the command line winning for one run.
#![cfg(feature = "gui")]

use crate::common;

use std::path::Path;
use std::time::Duration;

use bevy::prelude::*;
use common::game::*;
use parachess::engine::Level;
use parachess::game::core::ViewMode;
use parachess::game::core::actions::{Action, AnyAction, GameAction};
use parachess::game::core::board::AnimationSpeed;
use parachess::game::core::board::BoardMarks;
use parachess::game::core::board::BoardTheme;
use parachess::game::core::board::ShowNames;
use parachess::game::core::board::ShowThreats;
use parachess::game::core::camera::CameraRig;
use parachess::game::core::launch::LaunchOptions;
use parachess::game::core::prefs::ChoiceAction;
use parachess::game::core::prefs::{GameMode, NewGameChoice};
use parachess::game::core::prefs::{Muted, SoundVolume};
use parachess::game::core::screens::Screen;
use parachess::game::core::state::StatusLine;
use parachess::game::settings::{AutoScale, Settings, SettingsAction as S, SettingsFile};
use parachess::theme::THEMES;

fn on_board() -> LaunchOptions {
    LaunchOptions {
        screen: Screen::Play,
        ..LaunchOptions::default()
    }
}

/// Runs the action as its button does.
fn press(app: &mut App, action: impl Action) {
    action.run(app.world_mut());
    app.update();
}

/// Lets the change be noticed and waits until it is on disk.
fn flush_settings(app: &mut App) {
    app.update();
    let done = run_until(app, Duration::from_secs(10), |a| {
        a.world().resource::<SettingsFile>().idle()
    });
    assert!(done.is_some(), "the settings were never written");
}

fn file(dir: &Path) -> Settings {
    let text = std::fs::read_to_string(dir.join("settings.ron")).expect("settings.ron written");
    Settings::parse(&text).expect("settings.ron readable")
}

/// The Settings screen names each board switch's key as the table binds it ("Sound (M)"), in
/// the language in force.
#[test]
fn the_settings_screen_names_the_keys_the_table_binds() {
    let dir = temp_data_dir("settings-keys");
    let mut app = app_with_screens(&dir, LaunchOptions::default());
    GameAction::Open(Screen::Settings).run(app.world_mut());
    app.update();
    app.update();
    use parachess::game::text::{arg, tr, tr_args};
    for (id, key) in [
        ("settings-sound", "M"),
        ("settings-view", "V"),
        ("settings-cell-names", "C"),
        ("settings-show-lines", "L"),
        ("settings-threats", "T"),
    ] {
        let label = tr_args("with-key", &[("label", arg(tr(id))), ("key", arg(key))]);
        let label = label.as_str();
        assert!(
            shows(&mut app, label),
            "{label} not in {:?}",
            texts(&mut app)
        );
    }
}

#[test]
fn choices_survive_a_restart() {
    let dir = temp_data_dir("settings");
    {
        let mut app = headless_app_with(dir.clone(), on_board());
        assert!(!app.world().resource::<ShowThreats>().0);
        // The interface scale follows the window until a size is chosen.
        assert!(app.world().resource::<AutoScale>().0);
        tap(&mut app, KeyCode::KeyT);
        assert!(app.world().resource::<ShowThreats>().0);
        press(&mut app, S::View(ViewMode::TwoD));
        press(&mut app, S::Names(false));
        press(&mut app, S::Sound(false));
        press(&mut app, S::Theme(2));
        press(&mut app, S::Pieces(1));
        press(&mut app, S::Scale(125));
        press(&mut app, S::Volume(25));
        press(&mut app, S::Animation(AnimationSpeed::Off));
        press(&mut app, S::Dots(false));
        press(&mut app, S::LastMove(false));
        press(&mut app, ChoiceAction::Mode(GameMode::HumanBlack));
        press(&mut app, ChoiceAction::Level(Level::Hard));
        flush_settings(&mut app);
        let f = file(&dir);
        assert_eq!((f.view.as_str(), f.threats, f.sound), ("2d", true, false));
    }
    let app = headless_app_with(dir.clone(), on_board());
    let w = app.world();
    assert!(w.resource::<ShowThreats>().0);
    assert_eq!(w.resource::<CameraRig>().view, ViewMode::TwoD);
    assert!(!w.resource::<ShowNames>().0);
    assert!(w.resource::<Muted>().0);
    let theme = w.resource::<BoardTheme>();
    assert_eq!((theme.theme.name, theme.pieces), (THEMES[2].name, 1));
    assert_eq!(w.resource::<UiScale>().0, 1.25);
    assert!(!w.resource::<AutoScale>().0);
    assert_eq!(w.resource::<SoundVolume>().0, 25);
    assert_eq!(*w.resource::<AnimationSpeed>(), AnimationSpeed::Off);
    assert_eq!(
        *w.resource::<BoardMarks>(),
        BoardMarks {
            legal_dots: false,
            last_move: false
        }
    );
    let choice = w.resource::<NewGameChoice>();
    assert_eq!(
        (choice.mode, choice.level),
        (GameMode::HumanBlack, Level::Hard)
    );
}

#[test]
fn a_damaged_file_is_set_aside_reported_and_defaults_used() {
    let dir = temp_data_dir("settings-damaged");
    std::fs::write(dir.join("settings.ron"), "(view: \"2d\", threats: tru").unwrap();
    let app = headless_app_with(dir.clone(), on_board());
    let status = app.world().resource::<StatusLine>().clone();
    assert!(status.warning, "{status:?}");
    assert!(
        is_message(&status.text, "settings-damaged-kept")
            && holds_message(&status.text, "settings-damaged"),
        "{status:?}"
    );
    assert_eq!(app.world().resource::<CameraRig>().view, ViewMode::ThreeD);
    assert!(!app.world().resource::<ShowThreats>().0);
    assert!(!dir.join("settings.ron").exists());
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("settings.corrupt-")
        })
        .collect();
    assert_eq!(kept.len(), 1);
    let text = std::fs::read_to_string(kept[0].path()).unwrap();
    assert!(text.contains("threats: tru"));
}

#[test]
fn the_command_line_wins_for_one_run_and_is_not_written_back() {
    let dir = temp_data_dir("settings-cli");
    let stored = Settings {
        view: "3d".into(),
        theme: THEMES[1].name.into(),
        ..Settings::default()
    };
    std::fs::write(dir.join("settings.ron"), stored.to_text()).unwrap();
    let mut options = on_board();
    options.view = ViewMode::TwoD;
    options.theme = BoardTheme {
        theme: THEMES[3],
        pieces: 0,
    };
    options.given.view = true;
    options.given.theme = true;
    let mut app = headless_app_with(dir.clone(), options);
    assert_eq!(app.world().resource::<CameraRig>().view, ViewMode::TwoD);
    assert_eq!(
        app.world().resource::<BoardTheme>().theme.name,
        THEMES[3].name
    );
    // Another change is written, but not the command line's choices.
    tap(&mut app, KeyCode::KeyT);
    flush_settings(&mut app);
    let f = file(&dir);
    assert!(f.threats);
    assert_eq!((f.view.as_str(), f.theme.as_str()), ("3d", THEMES[1].name));
    // Once the player changes what the command line chose, that is remembered.
    press(&mut app, S::Theme(0));
    flush_settings(&mut app);
    assert_eq!(file(&dir).theme, THEMES[0].name);
    assert_eq!(file(&dir).view, "3d");
}

#[test]
fn the_settings_screen_opens_from_the_title_and_goes_back() {
    let mut app = headless_app_with(temp_data_dir("settings-screen"), LaunchOptions::default());
    tap(&mut app, KeyCode::KeyS);
    assert_eq!(where_(&app).0, Screen::Settings);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Title);
    let mut app = headless_app_with(temp_data_dir("settings-screen-play"), on_board());
    tap(&mut app, KeyCode::F2);
    assert_eq!(where_(&app).0, Screen::Settings);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(where_(&app).0, Screen::Play);
}

#[test]
fn with_animation_off_a_move_lands_at_once() {
    use parachess::game::board::animation::Glide;
    use parachess::rules::Cell;
    let cell = |name: &str| -> Cell { name.parse().expect("a cell name") };
    for (speed, glides) in [(AnimationSpeed::Normal, true), (AnimationSpeed::Off, false)] {
        let mut app = headless_app_with(temp_data_dir("animation"), on_board());
        press(&mut app, S::Animation(speed));
        click_cell(&mut app, cell("c4"));
        click_cell(&mut app, cell("d3"));
        app.update();
        assert_eq!(game(&app).plies().len(), 1, "the move was played");
        let mover = piece(&mut app, cell("d3")).expect("the piece on its new cell");
        assert_eq!(
            app.world().get::<Glide>(mover).is_some(),
            glides,
            "{speed:?}: still gliding a frame after the move"
        );
    }
}

#[test]
fn the_name_typed_on_the_settings_screen_stays_and_names_the_players_seat() {
    use parachess::game::core::prefs::PlayerName;
    let dir = temp_data_dir("settings-name");
    {
        let mut app = headless_app_with(dir.clone(), LaunchOptions::default());
        tap(&mut app, KeyCode::KeyS);
        assert_eq!(where_(&app).0, Screen::Settings);
        type_text(&mut app, "Ada X");
        {
            use bevy::input::ButtonState;
            use bevy::input::keyboard::{Key, KeyboardInput};
            app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::Backspace,
                logical_key: Key::Backspace,
                state: ButtonState::Pressed,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            app.update();
        }
        type_text(&mut app, "Lovelace");
        assert_eq!(app.world().resource::<PlayerName>().0, "Ada Lovelace");
        tap(&mut app, KeyCode::Escape);
        assert_eq!(where_(&app).0, Screen::Title);
        // Off the Settings screen, typing is the keys' again, not the name's.
        type_text(&mut app, "x");
        assert_eq!(app.world().resource::<PlayerName>().0, "Ada Lovelace");
        flush_settings(&mut app);
        assert_eq!(file(&dir).player_name, "Ada Lovelace");
    }
    // The next run knows it, and a game against the computer is saved under it.
    let mut app = headless_app_with(dir.clone(), on_board());
    assert_eq!(app.world().resource::<PlayerName>().0, "Ada Lovelace");
    use parachess::game::core::state::{GameCommand, SeatKind};
    app.world_mut().write_message(GameCommand::NewGame {
        start: None,
        players: [SeatKind::Human, SeatKind::Computer(Level::Easy)],
    });
    settle(&mut app, 10);
    click_cell(&mut app, "c4".parse().unwrap());
    click_cell(&mut app, "d3".parse().unwrap());
    settle(&mut app, 10);
    flush_saves(&app);
    let record = parachess::store::Store::at(dir.clone())
        .expect("the store")
        .load_autosave()
        .expect("the autosave read")
        .expect("the game was autosaved");
    assert_eq!(record.tags.white.as_deref(), Some("Ada Lovelace"));
    assert_eq!(record.tags.black.as_deref(), Some("Computer (easy)"));
}

/// A headless app that also builds the title and Settings screens (their text, no drawing).
fn app_with_screens(dir: &Path, options: LaunchOptions) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(options)
        .insert_resource(parachess::game::core::DataDir(dir.to_path_buf()))
        .add_plugins(parachess::game::CorePlugin)
        .add_plugins((
            parachess::game::title::plugin,
            parachess::game::settings::view_plugin,
        ))
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            Duration::from_secs_f32(1.0 / 60.0),
        ));
    app.update();
    app.update();
    app
}

/// Every text on screen.
fn texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&Text>();
    q.iter(app.world()).map(|t| t.0.clone()).collect()
}

fn shows(app: &mut App, words: &str) -> bool {
    texts(app).iter().any(|t| t == words)
}

/// The language is process-wide (one window shows one language), so the test that switches it
/// runs alone in a child process, where it cannot change the words other tests read.
#[test]
fn the_language_is_chosen_in_settings_applies_at_once_and_survives_a_restart() {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "game_settings::language_child",
            "--ignored",
            "--nocapture",
        ])
        .env("PARACHESS_TEST_CHILD_LANGUAGE", "1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("language_child ... ok"));
}

#[test]
#[ignore = "run in a process of its own by the test above"]
fn language_child() {
    use parachess::game::text::{Language, language};
    assert!(std::env::var_os("PARACHESS_TEST_CHILD_LANGUAGE").is_some());
    let dir = temp_data_dir("language");
    {
        let mut app = app_with_screens(&dir, LaunchOptions::default());
        // English by default (the test machine's LANG plays no part).
        assert_eq!(language(), Language::En);
        assert!(shows(&mut app, "Play"), "{:?}", texts(&mut app));
        tap(&mut app, KeyCode::KeyS);
        assert_eq!(where_(&app).0, Screen::Settings);
        assert!(shows(&mut app, "Settings"));
        press(&mut app, S::Language(Language::De));
        app.update();
        // The Settings screen is rebuilt in German at once.
        assert!(shows(&mut app, "Einstellungen"), "{:?}", texts(&mut app));
        assert!(shows(&mut app, "Sprache"));
        assert!(!shows(&mut app, "Settings"));
        // The title screen, built anew, is German too.
        tap(&mut app, KeyCode::Escape);
        assert_eq!(where_(&app).0, Screen::Title);
        for words in ["Spielen", "Lernen", "Aufgaben", "Einstellungen", "Beenden"] {
            assert!(shows(&mut app, words), "{words}: {:?}", texts(&mut app));
        }
        assert!(!shows(&mut app, "Play"));
        flush_settings(&mut app);
        assert_eq!(file(&dir).language.as_deref(), Some("de"));
    }
    // A restart keeps it.
    parachess::game::text::set_language(Language::En);
    let mut app = app_with_screens(&dir, LaunchOptions::default());
    assert_eq!(language(), Language::De);
    assert!(shows(&mut app, "Spielen"), "{:?}", texts(&mut app));
    drop(app);
    german_beyond_the_screens(&dir);
    // `--lang en` wins for one run and is not written back.
    let mut options = LaunchOptions {
        language: Some(Language::En),
        ..LaunchOptions::default()
    };
    options.given.language = true;
    let mut app = app_with_screens(&dir, options);
    assert!(shows(&mut app, "Play"), "{:?}", texts(&mut app));
    tap(&mut app, KeyCode::KeyT);
    press(&mut app, S::Sound(false));
    flush_settings(&mut app);
    assert_eq!(file(&dir).language.as_deref(), Some("de"));
    drop(app);
    // With no choice in the file, the system's language (LANG) is the default.
    let fresh = temp_data_dir("language-system");
    let options = LaunchOptions {
        system_language: Language::De,
        ..LaunchOptions::default()
    };
    let mut app = app_with_screens(&fresh, options);
    assert!(shows(&mut app, "Spielen"), "{:?}", texts(&mut app));
}

/// In German (the language in force): the lessons' own words and their refusals, and the
/// rules', puzzles' and other armies' sentences, which come from modules that know no language.
fn german_beyond_the_screens(dir: &Path) {
    use parachess::game::learn::Learn;
    use parachess::game::text;
    use parachess::lessons::{Failure, Miss};
    use parachess::rules::{PieceKind, Position, Side, Variant};
    use parachess::study::{Answer, Explanation};

    let mut app = headless_app_with(dir.to_path_buf(), LaunchOptions::default());
    tap(&mut app, KeyCode::KeyL);
    assert_eq!(where_(&app).0, Screen::Learn);
    let lessons = app.world().resource::<Learn>().lessons();
    assert_eq!(lessons[0].title, "Das Brett");
    assert!(lessons[0].stages[0].text.starts_with("Es gibt elf Reihen"));
    tap(&mut app, KeyCode::Enter);
    click_cell(&mut app, "e4".parse().unwrap());
    let said = app.world().resource::<StatusLine>().clone();
    assert!(said.warning);
    assert_eq!(
        said.text,
        text::tr_in(
            text::Language::De,
            "lesson-not-asked",
            &[("cell", text::arg("e4"))]
        )
    );
    drop(app);

    assert_eq!(
        text::failure_text(&Failure::Missed(Miss::NoCheck(Side::Black))),
        "dieser Zug setzt den schwarzen König nicht ins Schach"
    );
    let answer = Answer {
        defender: Side::Black,
        text: "Qc6-c5".into(),
        taking: Some(PieceKind::Sorcerer),
    };
    assert_eq!(
        text::puzzle_explanation(&Explanation::WinsLess {
            answer,
            pawns: "2.5".into()
        }),
        "Das gewinnt nur 2,5 Bauern: Schwarz antwortet Qc6-c5 und schlägt deinen Zauberer, \
         und die Lösung gewinnt mehr."
    );
    let start = Position::start();
    let typed = start.parse_move("a2/e5").unwrap_err();
    assert!(
        text::move_text_error_text(&typed).starts_with("Zug „a2/e5“, Zeichen"),
        "{}",
        text::move_text_error_text(&typed)
    );
    let bad_cell = "z9".parse::<parachess::rules::Cell>().unwrap_err();
    assert_eq!(
        text::cell_error_text(&bad_cell),
        "„z“ ist kein Reihenbuchstabe (die Reihen heißen a bis k)"
    );
    let short = Variant::named("Short Range").unwrap();
    let general = short.kind_of_letter('G').unwrap();
    assert_eq!(
        text::variant_how_it_moves(short, general),
        "der General gleitet entlang Kantenpfaden (höchstens 3 Felder), Diagonalpfaden \
         (höchstens 3 Felder) und Wellenpfaden (höchstens 3 Felder)"
    );
    let cavalry = Variant::named("Cavalry").unwrap();
    let knight = cavalry.kind_of_letter('N').unwrap();
    assert_eq!(
        text::variant_how_it_moves(cavalry, knight),
        "der Springer macht Springersprünge"
    );
}

/// The action of the button that has the keyboard focus, if a button has it.
fn focused(app: &App) -> Option<AnyAction> {
    let e = app
        .world()
        .resource::<bevy_input_focus::InputFocus>()
        .get()?;
    app.world()
        .get::<parachess::game::ui::widgets::ActionButton>(e)
        .map(|b| b.0.clone())
}

/// `action`, as a button holds it.
fn any(action: impl Action) -> Option<AnyAction> {
    Some(AnyAction::new(action))
}

#[test]
fn the_title_menu_and_the_settings_screen_work_with_tab_arrows_and_enter() {
    let dir = temp_data_dir("title-keys");
    let mut app = app_with_screens(&dir, LaunchOptions::default());
    app.add_plugins(parachess::game::ui::focus::plugin);
    app.update();
    assert_eq!(where_(&app).0, Screen::Title);
    // Tab: the first button shown (Continue is hidden without a game to continue).
    tap(&mut app, KeyCode::Tab);
    assert_eq!(focused(&app), any(GameAction::NewGame));
    tap(&mut app, KeyCode::ArrowDown);
    assert_eq!(focused(&app), any(GameAction::Open(Screen::Learn)));
    hold(&mut app, KeyCode::ShiftLeft);
    tap(&mut app, KeyCode::Tab);
    let_go(&mut app, KeyCode::ShiftLeft);
    assert_eq!(focused(&app), any(GameAction::NewGame));
    // Up from the first goes round to the last, Quit; once more, Settings; Enter opens it.
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(focused(&app), any(GameAction::Quit));
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(focused(&app), any(GameAction::Open(Screen::Settings)));
    tap(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(where_(&app).0, Screen::Settings);

    // On the Settings screen Tab walks the choices in reading order; Enter presses one.
    assert!(!app.world().resource::<Muted>().0);
    tap(&mut app, KeyCode::Tab);
    assert_eq!(
        focused(&app),
        any(S::Language(parachess::game::text::Language::En))
    );
    let mut steps = 0;
    while focused(&app) != any(S::Sound(false)) {
        tap(&mut app, KeyCode::Tab);
        steps += 1;
        assert!(steps < 10, "Sound: Off never took the focus");
    }
    tap(&mut app, KeyCode::Enter);
    app.update();
    assert!(app.world().resource::<Muted>().0, "Enter pressed Off");
    assert_eq!(where_(&app).0, Screen::Settings, "and stayed");
}

/// The server's sign-in fills the account name from Settings, made a name the server takes.
#[test]
fn the_sign_in_dialog_fills_the_name_from_settings() {
    use parachess::game::core::prefs::PlayerName;
    use parachess::game::lobby::{server_name, sign_in_dialog};
    use parachess::game::ui::text_field::Fields;
    assert_eq!(server_name("Ada Lovelace"), "Ada_Lovelace");
    assert_eq!(server_name(" Ada!  "), "Ada");
    assert_eq!(
        server_name("A very long name that goes on"),
        "A_very_long_name_tha"
    );
    let mut app = headless_app_with(temp_data_dir("sign-in-name"), LaunchOptions::default());
    app.world_mut()
        .insert_resource(PlayerName("Ada Lovelace".into()));
    sign_in_dialog(app.world_mut());
    settle(&mut app, 3);
    assert_eq!(app.world().resource::<Fields>().name, "Ada_Lovelace");
}
