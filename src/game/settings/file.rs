//! `settings.ron`: what the player chose, as plain values a person can read and edit. Reading
//! never fails on a field it does not know or one it misses (defaults), and values out of range
//! are brought back in range, so an old or hand-edited file still starts the game.

use serde::{Deserialize, Serialize};

use crate::game::core::prefs::NAME_MAX;
use crate::rules::clock::PRESETS;

/// The file's name in the data folder.
pub const FILE_NAME: &str = "settings.ron";
/// The interface scale's range.
pub const SCALE_RANGE: (f32, f32) = (0.75, 2.0);

/// The interface scale that follows the window's size (see `settings::auto_scale`).
pub const AUTO_SCALE: f32 = 0.0;

/// Every remembered choice.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct Settings {
    /// Sounds on.
    pub sound: bool,
    /// Sound volume in percent (10–100).
    pub volume: u8,
    /// How pieces glide: `off`, `fast`, `normal` or `slow`.
    pub animation: String,
    /// Dots (and rings) on the selected piece's legal targets.
    pub legal_dots: bool,
    /// The last move's two cells tinted.
    pub last_move: bool,
    /// `"3d"` or `"2d"`.
    pub view: String,
    /// Cell names shown.
    pub cell_names: bool,
    /// The show-lines aid.
    pub show_lines: bool,
    /// Threat marks.
    pub threats: bool,
    /// The board theme's name (`parachess themes`).
    pub theme: String,
    /// The piece colouring, 1 or 2.
    pub pieces: u8,
    /// The new-game dialog's mode: `two-players`, `white`, `black` or `computer`.
    pub mode: String,
    /// The computer's level: `easy`, `normal` or `hard`.
    pub level: String,
    /// The new-game dialog's built-in variant (`None`: Parachess).
    pub variant: Option<String>,
    /// The clock chosen last.
    pub clock: Clock,
    /// The player's name for online play (printable, at most [`NAME_MAX`] characters).
    pub player_name: String,
    /// The window's size in logical pixels, once known.
    pub window: Option<(u32, u32)>,
    /// The window's top-left corner on the screen in physical pixels, once known.
    pub window_position: Option<(i32, i32)>,
    /// Full screen.
    pub fullscreen: bool,
    /// Interface scale (`UiScale`), within [`SCALE_RANGE`]; [`AUTO_SCALE`] (0): follow the
    /// window's size.
    pub ui_scale: f32,
    /// The language's code (`"en"`, `"de"`); `None`: the system's (`LANG`), until one is chosen.
    pub language: Option<String>,
}

/// The time control: a preset (index into the clock presets) or a custom one.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(default)]
pub struct Clock {
    /// `Some(i)`: preset `i` (0 is untimed); `None`: the custom control below.
    pub preset: Option<usize>,
    /// Custom minutes (1–180).
    pub minutes: u32,
    /// Custom increment in seconds (0–60).
    pub increment: u32,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            preset: Some(0),
            minutes: 10,
            increment: 5,
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            sound: true,
            volume: 80,
            animation: "normal".into(),
            legal_dots: true,
            last_move: true,
            view: "3d".into(),
            cell_names: true,
            show_lines: true,
            threats: false,
            theme: crate::theme::THEMES[0].name.to_string(),
            pieces: 1,
            mode: "two-players".into(),
            level: "normal".into(),
            variant: None,
            clock: Clock::default(),
            player_name: String::new(),
            window: None,
            window_position: None,
            fullscreen: false,
            ui_scale: AUTO_SCALE,
            language: None,
        }
    }
}

/// The animation speeds, as the file names them.
pub const ANIMATIONS: [&str; 4] = ["off", "fast", "normal", "slow"];

/// Why a settings file could not be read.
#[derive(Debug, thiserror::Error)]
#[error("settings.ron is damaged: {0}")]
pub struct Damaged(String);

impl Damaged {
    /// What the parser said.
    pub fn reason(&self) -> &str {
        &self.0
    }
}

/// A name as kept: printable characters only, trimmed, at most [`NAME_MAX`] characters.
pub fn clean_name(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_control())
        .take(NAME_MAX)
        .collect::<String>()
        .trim()
        .to_string()
}

impl Settings {
    /// Reads a file's text; unknown fields are ignored, missing ones default, values clamped.
    pub fn parse(text: &str) -> Result<Settings, Damaged> {
        ron::from_str::<Settings>(text)
            .map(Settings::clamped)
            .map_err(|e| Damaged(e.to_string()))
    }

    /// The text written to the file.
    pub fn to_text(&self) -> String {
        let pretty = ron::ser::PrettyConfig::default();
        ron::ser::to_string_pretty(self, pretty).unwrap_or_default()
    }

    /// Every value brought into its range; unknown names replaced by defaults.
    pub fn clamped(mut self) -> Settings {
        let d = Settings::default();
        self.view = match self.view.to_ascii_lowercase().as_str() {
            v @ ("2d" | "3d") => v.to_string(),
            _ => d.view.clone(),
        };
        self.theme = crate::theme::named(&self.theme)
            .map(|t| t.name.to_string())
            .unwrap_or(d.theme.clone());
        self.pieces = self.pieces.clamp(1, 2);
        self.volume = self.volume.clamp(10, 100);
        if !ANIMATIONS.contains(&self.animation.as_str()) {
            self.animation = d.animation.clone();
        }
        // Far off any screen (a monitor since unplugged is the window manager's to handle).
        self.window_position = self
            .window_position
            .map(|(x, y)| (x.clamp(-16_384, 16_384), y.clamp(-16_384, 16_384)));
        if !["two-players", "white", "black", "computer"].contains(&self.mode.as_str()) {
            self.mode = d.mode.clone();
        }
        if !["easy", "normal", "hard"].contains(&self.level.as_str()) {
            self.level = d.level.clone();
        }
        self.variant = self.variant.and_then(|v| {
            crate::rules::Variant::named(&v)
                .ok()
                .map(|v| v.name().to_string())
        });
        self.clock.preset = self.clock.preset.filter(|&i| i < PRESETS.len());
        self.clock.minutes = self.clock.minutes.clamp(1, 180);
        self.clock.increment = self.clock.increment.min(60);
        self.player_name = clean_name(&self.player_name);
        self.window = self
            .window
            .map(|(w, h)| (w.clamp(640, 8192), h.clamp(480, 8192)));
        self.language = self
            .language
            .and_then(|l| crate::game::text::Language::parse(&l))
            .map(|l| l.code().to_string());
        self.ui_scale = if self.ui_scale == AUTO_SCALE {
            AUTO_SCALE
        } else if self.ui_scale.is_finite() {
            self.ui_scale.clamp(SCALE_RANGE.0, SCALE_RANGE.1)
        } else {
            AUTO_SCALE
        };
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_back_what_was_written() {
        let s = Settings {
            sound: false,
            view: "2d".into(),
            cell_names: false,
            threats: true,
            theme: crate::theme::THEMES[1].name.into(),
            pieces: 2,
            mode: "black".into(),
            level: "hard".into(),
            clock: Clock {
                preset: None,
                minutes: 7,
                increment: 3,
            },
            player_name: "Ada".into(),
            window: Some((1024, 600)),
            window_position: Some((-20, 300)),
            volume: 40,
            animation: "slow".into(),
            legal_dots: false,
            last_move: false,
            ui_scale: 1.25,
            language: Some("de".into()),
            ..Settings::default()
        };
        assert_eq!(Settings::parse(&s.to_text()).unwrap(), s);
    }

    #[test]
    fn out_of_range_values_are_clamped() {
        let s = Settings::parse(
            "(pieces: 9, ui_scale: 40.0, clock: (preset: Some(999), minutes: 0, increment: 600), \
             player_name: \"A very long name that goes on\\n\", window: Some((10, 99999)), \
             view: \"4d\", theme: \"nope\", level: \"godlike\", variant: Some(\"nope\"), \
             volume: 255, animation: \"warp\", window_position: Some((99999, -99999)), \
             language: Some(\"tlh\"))",
        )
        .unwrap();
        assert_eq!(s.pieces, 2);
        assert_eq!(s.ui_scale, SCALE_RANGE.1);
        assert_eq!(s.clock.preset, None);
        assert_eq!((s.clock.minutes, s.clock.increment), (1, 60));
        assert_eq!(s.player_name.chars().count(), NAME_MAX);
        assert_eq!(s.window, Some((640, 8192)));
        assert_eq!(s.view, "3d");
        assert_eq!(s.theme, Settings::default().theme);
        assert_eq!(s.level, "normal");
        assert_eq!(s.variant, None);
        assert_eq!(s.volume, 100);
        assert_eq!(s.animation, "normal");
        assert_eq!(s.window_position, Some((16_384, -16_384)));
        assert_eq!(s.language, None);
    }

    #[test]
    fn unknown_fields_are_ignored_and_missing_ones_default() {
        let s = Settings::parse("(sound: false, colour_of_the_sky: \"blue\")").unwrap();
        assert_eq!(
            s,
            Settings {
                sound: false,
                ..Settings::default()
            }
        );
    }

    #[test]
    fn a_damaged_file_is_an_error_not_a_panic() {
        assert!(Settings::parse("(sound: fals").is_err());
        assert!(Settings::parse("\u{0}\u{1}").is_err());
    }
}
