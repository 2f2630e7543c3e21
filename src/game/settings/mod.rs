//! Settings that stay: every choice the player makes (view, sound, aids, theme, the new-game
//! dialog, the clock, the name for online play, window and interface scale) is kept in
//! `settings.ron` in the data folder, read once at start and written again, off the frame
//! thread, whenever a choice changes. The command line wins over the file for one run and is
//! not written back unless the player then changes that choice.

pub mod file;
pub mod screen;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, block_on, poll_once};
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode, WindowPosition};

pub use file::Settings;
pub use screen::SettingsAction;

use crate::engine::Level;
use crate::game::core::ViewMode;
use crate::game::core::actions::{ActionsExt, GameAction};
use crate::game::core::board::AnimationSpeed;
use crate::game::core::board::BoardMarks;
use crate::game::core::board::BoardTheme;
use crate::game::core::board::ShowLines;
use crate::game::core::board::ShowNames;
use crate::game::core::board::ShowThreats;
use crate::game::core::camera::CameraRig;
use crate::game::core::clock::{TimeChoice, TimeOption};
use crate::game::core::keys::{Context, KeysExt, key};
use crate::game::core::launch::CommandLine;
use crate::game::core::launch::LaunchOptions;
use crate::game::core::prefs::PlayerName;
use crate::game::core::prefs::{GameMode, NewGameChoice, VariantPick};
use crate::game::core::prefs::{Muted, SoundVolume};
use crate::game::core::screens::Screen;
use crate::game::core::state::StatusLine;
use crate::game::text::{Language, language, set_language};
use crate::rules::Variant;

/// Whether the interface scale follows the window's size (the Settings screen's "Auto").
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AutoScale(pub bool);

impl Default for AutoScale {
    fn default() -> AutoScale {
        AutoScale(true)
    }
}

/// The interface scale for a window of this logical size: 1 up to 1280×800, growing with the
/// window (so a 4K screen that the system does not scale is still readable), in quarter steps
/// up to 2.
pub fn auto_scale(width: f32, height: f32) -> f32 {
    let k = (width / 1280.0).min(height / 800.0);
    ((k * 4.0).floor() / 4.0).clamp(1.0, file::SCALE_RANGE.1)
}

/// The settings file and what it holds.
#[derive(Resource, Default)]
pub struct SettingsFile {
    /// Where it is (`None`: no data folder, nothing is read or written).
    path: Option<PathBuf>,
    /// What the file holds (or is being written to hold).
    saved: Settings,
    /// The choices as they were right after start-up: a choice the command line made is
    /// written back only once it differs from this.
    baseline: Option<Settings>,
    /// The command line's choices this run.
    given: CommandLine,
    /// The write under way.
    writing: Option<Task<Result<(), String>>>,
    /// Text waiting for the write under way to finish (rapid changes coalesce into one).
    queued: Option<String>,
}

impl SettingsFile {
    /// What the file holds, as far as this run knows.
    pub fn saved(&self) -> &Settings {
        &self.saved
    }

    /// Whether every change has reached the disk.
    pub fn idle(&self) -> bool {
        self.writing.is_none() && self.queued.is_none()
    }
}

pub(crate) fn plugin(app: &mut App) {
    // The language first: the first screen is built before any start-up system runs, so the
    // language must be in force when the plugins are built (the rest of the file waits for
    // `load`, which reads it again and applies everything).
    set_language(early_language(app.world()));
    // The resources the settings stand for, also in headless apps without their views.
    app.answer(|world, action: SettingsAction| action.act(world))
        .opens(Screen::Settings, |world| SettingsAction::Open.act(world))
        .bind_keys(vec![
            key(
                KeyCode::Escape,
                SettingsAction::Back,
                Context::On(Screen::Settings),
                "back",
            ),
            key(
                KeyCode::F2,
                GameAction::Open(Screen::Settings),
                Context::Board,
                "settings",
            ),
        ])
        .init_resource::<Muted>()
        .init_resource::<SoundVolume>()
        .init_resource::<AnimationSpeed>()
        .init_resource::<BoardMarks>()
        .init_resource::<ShowNames>()
        .init_resource::<ShowLines>()
        .init_resource::<CameraRig>()
        .init_resource::<BoardTheme>()
        .init_resource::<UiScale>()
        .init_resource::<AutoScale>()
        .init_resource::<PlayerName>()
        .init_resource::<NewGameChoice>()
        .init_resource::<SettingsFile>()
        .add_systems(PostStartup, load)
        .add_systems(Last, save)
        // The name field's text and keyboard (also headless: tests type into it).
        .add_systems(OnEnter(Screen::Settings), screen::name_field_in)
        .add_systems(OnExit(Screen::Settings), screen::name_field_out)
        .add_systems(
            Update,
            (
                screen::keep_name
                    .in_set(crate::game::core::GameSet::Input)
                    .after(crate::game::ui::text_field::type_into_fields)
                    .run_if(in_state(Screen::Settings)),
                fit_scale,
            ),
        );
}

/// The Settings screen (drawn only where there is a window or an image to draw into).
pub fn view_plugin(app: &mut App) {
    app.add_plugins(screen::plugin);
}

/// The language to start in: `--lang`, else the settings file's, else the system's; offscreen
/// runs use `--lang` or English.
fn early_language(world: &World) -> Language {
    let options = world.get_resource::<LaunchOptions>();
    if let Some(o) = options {
        if o.given.language
            && let Some(l) = o.language
        {
            return l;
        }
        if o.offscreen() {
            return o.language.unwrap_or_default();
        }
    }
    let dir = world
        .get_resource::<crate::game::core::DataDir>()
        .map(|d| d.0.clone())
        .or_else(|| crate::store::data_dir().ok());
    dir.and_then(|d| std::fs::read_to_string(d.join(file::FILE_NAME)).ok())
        .and_then(|text| Settings::parse(&text).ok())
        .and_then(|s| s.language)
        .and_then(|l| Language::parse(&l))
        .or(options.map(|o| o.system_language))
        .unwrap_or_default()
}

/// Reads the file (once) and applies it, except what the command line chose.
fn load(world: &mut World) {
    let options = world.get_resource::<LaunchOptions>().cloned();
    let Some(dir) = crate::game::core::saves::data_folder(world) else {
        // No settings file (screenshots, benchmarks): the command line's language or English,
        // never the system's, so pictures do not depend on the machine that made them.
        set_language(
            options
                .as_ref()
                .and_then(|o| o.language)
                .unwrap_or_default(),
        );
        return;
    };
    let given = options.as_ref().map(|o| o.given).unwrap_or_default();
    let path = dir.join(file::FILE_NAME);
    let settings = match std::fs::read_to_string(&path) {
        Ok(text) => match Settings::parse(&text) {
            Ok(s) => s,
            Err(e) => {
                let message = match crate::store::set_aside(&path, &dir, "settings.corrupt", "ron")
                {
                    Ok(kept) => crate::tr!(
                        "settings-damaged-kept",
                        error = crate::tr!("settings-damaged", why = e.reason()),
                        path = kept.display().to_string()
                    ),
                    Err(e2) => crate::tr!(
                        "settings-damaged-not-kept",
                        error = crate::tr!("settings-damaged", why = e.reason()),
                        why = e2.to_string()
                    ),
                };
                if let Some(mut status) = world.get_resource_mut::<StatusLine>() {
                    status.text = message;
                    status.warning = true;
                }
                Settings::default()
            }
        },
        Err(_) => Settings::default(),
    };
    apply(world, &settings, given);
    // The language: the command line's, else the file's, else the system's.
    let language = options
        .as_ref()
        .and_then(|o| o.language.filter(|_| given.language))
        .or_else(|| settings.language.as_deref().and_then(Language::parse))
        .or_else(|| options.as_ref().map(|o| o.system_language))
        .unwrap_or_default();
    set_language(language);
    // The command line's own choices, also where no camera or window plugin put them in place.
    if let Some(o) = options {
        if given.view
            && let Some(mut rig) = world.get_resource_mut::<CameraRig>()
        {
            rig.view = o.view;
        }
        if given.theme
            && let Some(mut t) = world.get_resource_mut::<BoardTheme>()
            && *t != o.theme
        {
            *t = o.theme;
        }
    }
    let baseline = snapshot(world, &settings);
    let mut state = world.resource_mut::<SettingsFile>();
    state.path = Some(path);
    state.saved = settings;
    state.given = given;
    state.baseline = Some(baseline);
}

/// Sets the game's resources from `s`, leaving what the command line chose.
pub fn apply(world: &mut World, s: &Settings, given: CommandLine) {
    if let Some(mut m) = world.get_resource_mut::<Muted>() {
        m.0 = !s.sound;
    }
    if let Some(mut v) = world.get_resource_mut::<SoundVolume>() {
        v.0 = s.volume;
    }
    if let Some(mut a) = world.get_resource_mut::<AnimationSpeed>() {
        *a = AnimationSpeed::named(&s.animation);
    }
    if let Some(mut m) = world.get_resource_mut::<BoardMarks>() {
        *m = BoardMarks {
            legal_dots: s.legal_dots,
            last_move: s.last_move,
        };
    }
    if !given.view
        && let Some(mut rig) = world.get_resource_mut::<CameraRig>()
    {
        rig.view = ViewMode::parse(&s.view).unwrap_or_default();
    }
    if let Some(mut r) = world.get_resource_mut::<ShowNames>() {
        r.0 = s.cell_names;
    }
    if let Some(mut r) = world.get_resource_mut::<ShowLines>() {
        r.0 = s.show_lines;
    }
    if let Some(mut r) = world.get_resource_mut::<ShowThreats>() {
        r.0 = s.threats;
    }
    if !given.theme
        && let Some(mut t) = world.get_resource_mut::<BoardTheme>()
    {
        let theme = crate::theme::named(&s.theme).unwrap_or(crate::theme::THEMES[0]);
        let pieces = usize::from(s.pieces.clamp(1, 2) - 1);
        if t.theme.name != theme.name || t.pieces != pieces {
            *t = BoardTheme { theme, pieces };
        }
    }
    if let Some(mut c) = world.get_resource_mut::<NewGameChoice>() {
        c.mode = match s.mode.as_str() {
            "white" => GameMode::HumanWhite,
            "black" => GameMode::HumanBlack,
            "computer" => GameMode::ComputerOnly,
            _ => GameMode::TwoPlayers,
        };
        c.level = match s.level.as_str() {
            "easy" => Level::Easy,
            "hard" => Level::Hard,
            _ => Level::Normal,
        };
        if let Some(v) = s.variant.as_deref().and_then(|v| Variant::named(v).ok()) {
            c.variant = VariantPick::Fixed(v);
        }
    }
    if !given.time
        && let Some(mut t) = world.get_resource_mut::<TimeChoice>()
    {
        t.option = match s.clock.preset {
            Some(i) => TimeOption::Preset(i),
            None => TimeOption::Custom,
        };
        t.minutes = s.clock.minutes;
        t.increment = s.clock.increment;
    }
    if let Some(mut n) = world.get_resource_mut::<PlayerName>() {
        n.0 = s.player_name.clone();
    }
    let auto = s.ui_scale == file::AUTO_SCALE;
    if let Some(mut a) = world.get_resource_mut::<AutoScale>() {
        a.0 = auto;
    }
    if !auto && let Some(mut scale) = world.get_resource_mut::<UiScale>() {
        scale.0 = s.ui_scale;
    }
    let mut windows = world.query_filtered::<&mut Window, With<PrimaryWindow>>();
    if let Ok(mut window) = windows.single_mut(world) {
        if !given.size
            && let Some((w, h)) = s.window
        {
            window.resolution.set(w as f32, h as f32);
        }
        if let Some((x, y)) = s.window_position {
            window.position = WindowPosition::At(IVec2::new(x, y));
        }
        if s.fullscreen {
            window.mode = WindowMode::BorderlessFullscreen(MonitorSelection::Current);
        }
    }
}

/// The choices as the game's resources hold them now (`before` fills what no resource holds).
pub fn snapshot(world: &mut World, before: &Settings) -> Settings {
    let mut s = before.clone();
    if let Some(m) = world.get_resource::<Muted>() {
        s.sound = !m.0;
    }
    if let Some(v) = world.get_resource::<SoundVolume>() {
        s.volume = v.0;
    }
    if let Some(a) = world.get_resource::<AnimationSpeed>() {
        s.animation = a.name().into();
    }
    if let Some(m) = world.get_resource::<BoardMarks>() {
        s.legal_dots = m.legal_dots;
        s.last_move = m.last_move;
    }
    if let Some(rig) = world.get_resource::<CameraRig>() {
        s.view = match rig.view {
            ViewMode::ThreeD => "3d",
            ViewMode::TwoD => "2d",
        }
        .into();
    }
    if let Some(r) = world.get_resource::<ShowNames>() {
        s.cell_names = r.0;
    }
    if let Some(r) = world.get_resource::<ShowLines>() {
        s.show_lines = r.0;
    }
    if let Some(r) = world.get_resource::<ShowThreats>() {
        s.threats = r.0;
    }
    if let Some(t) = world.get_resource::<BoardTheme>() {
        s.theme = t.theme.name.to_string();
        s.pieces = if t.pieces == 0 { 1 } else { 2 };
    }
    if let Some(c) = world.get_resource::<NewGameChoice>() {
        s.mode = match c.mode {
            GameMode::TwoPlayers => "two-players",
            GameMode::HumanWhite => "white",
            GameMode::HumanBlack => "black",
            GameMode::ComputerOnly => "computer",
        }
        .into();
        s.level = match c.level {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
        .into();
        // Only built-in variants are remembered (a player's own file may be gone next time).
        if let VariantPick::Fixed(v) = c.variant {
            s.variant = Variant::named(v.name())
                .ok()
                .filter(|v| !v.is_parachess())
                .map(|v| v.name().to_string());
        }
    }
    if let Some(t) = world.get_resource::<TimeChoice>() {
        s.clock = file::Clock {
            preset: match t.option {
                TimeOption::Preset(i) => Some(i),
                TimeOption::Custom => None,
            },
            minutes: t.minutes,
            increment: t.increment,
        };
    }
    if let Some(n) = world.get_resource::<PlayerName>() {
        s.player_name = file::clean_name(&n.0);
    }
    if world.get_resource::<AutoScale>().is_some_and(|a| a.0) {
        s.ui_scale = file::AUTO_SCALE;
    } else if let Some(scale) = world.get_resource::<UiScale>() {
        s.ui_scale = scale.0;
    }
    s.language = Some(language().code().to_string());
    let mut windows = world.query_filtered::<&Window, With<PrimaryWindow>>();
    if let Ok(window) = windows.single(world) {
        s.fullscreen = !matches!(window.mode, WindowMode::Windowed);
        if !s.fullscreen {
            s.window = Some((
                window.resolution.width().round() as u32,
                window.resolution.height().round() as u32,
            ));
            if let WindowPosition::At(at) = window.position {
                s.window_position = Some((at.x, at.y));
            }
        }
    }
    s.clamped()
}

/// With the automatic scale, the interface grows with the window.
/// (Offscreen pictures, with no window, follow the picture's size.)
fn fit_scale(
    auto: Res<AutoScale>,
    windows: Query<&Window, With<PrimaryWindow>>,
    options: Option<Res<LaunchOptions>>,
    offscreen: Option<Res<crate::game::core::board::OffscreenTarget>>,
    scale: Option<ResMut<UiScale>>,
) {
    let (true, Some(mut scale)) = (auto.0, scale) else {
        return;
    };
    let size = match (windows.single(), &options, offscreen) {
        (Ok(window), _, _) => Vec2::new(window.resolution.width(), window.resolution.height()),
        (Err(_), Some(options), Some(_)) => options.size.as_vec2(),
        _ => return,
    };
    let want = auto_scale(size.x, size.y);
    if scale.0 != want {
        scale.0 = want;
    }
}

/// Notices changed choices and writes them, one write at a time, the newest last.
fn save(world: &mut World) {
    let Some(state) = world.get_resource::<SettingsFile>() else {
        return;
    };
    let (Some(path), Some(baseline)) = (state.path.clone(), state.baseline.clone()) else {
        return;
    };
    let saved = state.saved.clone();
    let given = state.given;
    let mut now = snapshot(world, &saved);
    // What the command line chose stays out of the file until the player changes it.
    if given.view && now.view == baseline.view {
        now.view = saved.view.clone();
    }
    if given.theme && (&now.theme, now.pieces) == (&baseline.theme, baseline.pieces) {
        now.theme = saved.theme.clone();
        now.pieces = saved.pieces;
    }
    if given.time && now.clock == baseline.clock {
        now.clock = saved.clock;
    }
    if given.size && now.window == baseline.window {
        now.window = saved.window;
    }
    // The command line's language, or the system's where the file names none, stays out of
    // the file until the player chooses one.
    if (given.language || saved.language.is_none()) && now.language == baseline.language {
        now.language = saved.language.clone();
    }
    let exiting = world
        .get_resource::<Messages<AppExit>>()
        .is_some_and(|m| !m.is_empty());
    let mut status_message = None;
    {
        let mut state = world.resource_mut::<SettingsFile>();
        if now != state.saved {
            state.queued = Some(now.to_text());
            state.saved = now;
        }
        if let Some(task) = state.writing.as_mut() {
            let done = if exiting {
                Some(block_on(task))
            } else {
                block_on(poll_once(task))
            };
            if let Some(result) = done {
                state.writing = None;
                if let Err(e) = result {
                    status_message = Some(e);
                }
            }
        }
        if state.writing.is_none()
            && let Some(text) = state.queued.take()
        {
            let to = path.clone();
            let task = IoTaskPool::get().spawn(async move {
                crate::store::write_atomic(&to, text.as_bytes()).map_err(|e| {
                    crate::tr!(
                        "settings-not-saved",
                        path = to.display().to_string(),
                        error = e.to_string()
                    )
                })
            });
            state.writing = Some(task);
        }
        if exiting
            && let Some(task) = state.writing.take()
            && let Err(e) = block_on(task)
        {
            status_message = Some(e);
        }
    }
    if let Some(text) = status_message
        && let Some(mut status) = world.get_resource_mut::<StatusLine>()
    {
        status.text = text;
        status.warning = true;
    }
}

#[cfg(test)]
mod tests {
    use super::auto_scale;

    #[test]
    fn the_automatic_scale_grows_with_the_window_in_quarter_steps() {
        assert_eq!(auto_scale(1024.0, 600.0), 1.0);
        assert_eq!(auto_scale(1280.0, 800.0), 1.0);
        assert_eq!(auto_scale(1920.0, 1080.0), 1.25);
        assert_eq!(auto_scale(2560.0, 1440.0), 1.75);
        assert_eq!(auto_scale(3840.0, 2160.0), 2.0);
        assert_eq!(auto_scale(7680.0, 4320.0), 2.0);
        // A tall narrow window is limited by its width.
        assert_eq!(auto_scale(1280.0, 2000.0), 1.0);
    }
}
