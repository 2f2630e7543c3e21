//! The game's clocks: the time control chosen in the new-game and host dialogs (kept between
//! them and in the settings), the clocks of the game on the board run (on the play screen,
//! while the game is on) and read, and a flag fall ending the game. The faces and the dialogs'
//! choice are [`crate::game::ui::clock`].
//!
//! The clocks live in [`ChessGame`](super::state::ChessGame) (pure arithmetic, [`crate::rules::clock::Clocks`]); this
//! only tells them the time (`Time<Real>`: a chess clock follows the wall clock, not the
//! game's paced time), starts and stops them, and ends the game when a flag falls. A network
//! game's clocks are the host's: they are shown, never started, stopped or judged here.

use std::time::Duration;

use bevy::prelude::*;

use super::GameSet;
use super::actions::{Action, ActionsExt};
use super::screens::Screen;
use super::state::{ClockLow, GameCommand, GameControl};
use crate::rules::Side;
use crate::rules::clock::{PRESETS, TimeControl};

/// The clock choices of the new-game and host dialogs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ClockAction {
    /// Choose a time control.
    ChooseTime(TimeOption),
    /// Custom time control: minutes up or down.
    CustomMinutes(i32),
    /// Custom time control: increment up or down (seconds).
    CustomIncrement(i32),
}

impl Action for ClockAction {}

fn act(world: &mut World, action: ClockAction) {
    let Some(mut c) = world.get_resource_mut::<TimeChoice>() else {
        return;
    };
    match action {
        ClockAction::ChooseTime(option) => c.option = option,
        ClockAction::CustomMinutes(by) => c.step_minutes(by),
        ClockAction::CustomIncrement(by) => c.step_increment(by),
    }
}

/// A time control the dialogs offer: one of [`PRESETS`] (by index) or the custom one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeOption {
    /// `PRESETS[i]`: untimed, 1+0, 3+2, …
    Preset(usize),
    /// Minutes and increment chosen with the +/− buttons.
    Custom,
}

/// The time control chosen in the new-game and host dialogs (one choice, kept between them).
#[derive(Resource, Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeChoice {
    /// Which option.
    pub option: TimeOption,
    /// The custom control's minutes (1 to [`MAX_MINUTES`]).
    pub minutes: u32,
    /// The custom control's increment in seconds (0 to [`MAX_INCREMENT`]).
    pub increment: u32,
}

/// The longest custom base time, in minutes.
pub const MAX_MINUTES: u32 = 180;
/// The largest custom increment, in seconds.
pub const MAX_INCREMENT: u32 = 60;

impl Default for TimeChoice {
    fn default() -> TimeChoice {
        TimeChoice {
            option: TimeOption::Preset(0),
            minutes: 10,
            increment: 5,
        }
    }
}

impl TimeChoice {
    /// The choice that gives `control`: its preset if it has one, else a custom one (rounded to
    /// whole minutes and seconds within the custom limits).
    pub fn of(control: Option<TimeControl>) -> TimeChoice {
        if let Some(i) = PRESETS.iter().position(|(_, tc)| *tc == control) {
            return TimeChoice {
                option: TimeOption::Preset(i),
                ..TimeChoice::default()
            };
        }
        let Some(tc) = control else {
            return TimeChoice::default();
        };
        TimeChoice {
            option: TimeOption::Custom,
            minutes: (tc.base.as_secs().div_ceil(60) as u32).clamp(1, MAX_MINUTES),
            increment: (tc.increment.as_secs() as u32).min(MAX_INCREMENT),
        }
    }

    /// The time control chosen, `None` for an untimed game.
    pub fn control(&self) -> Option<TimeControl> {
        match self.option {
            TimeOption::Preset(i) => PRESETS.get(i).and_then(|(_, tc)| *tc),
            TimeOption::Custom => Some(TimeControl::minutes_plus_seconds(
                self.minutes.clamp(1, MAX_MINUTES),
                self.increment.min(MAX_INCREMENT),
            )),
        }
    }

    /// Changes the custom minutes by `by` (the custom control becomes the choice).
    pub fn step_minutes(&mut self, by: i32) {
        self.option = TimeOption::Custom;
        self.minutes = step(self.minutes, by, 1, MAX_MINUTES);
    }

    /// Changes the custom increment by `by` seconds (the custom control becomes the choice).
    pub fn step_increment(&mut self, by: i32) {
        self.option = TimeOption::Custom;
        self.increment = step(self.increment, by, 0, MAX_INCREMENT);
    }
}

fn step(value: u32, by: i32, low: u32, high: u32) -> u32 {
    (i64::from(value) + i64::from(by)).clamp(i64::from(low), i64::from(high)) as u32
}

/// What a clock face shows: `4:58`, `1:02:03`, and tenths under ten seconds (`0:09.3`).
pub fn face(d: Duration) -> String {
    let total = d.as_secs();
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if d < crate::rules::clock::LOW_TIME {
        format!("{m}:{s:02}.{}", d.subsec_millis() / 100)
    } else {
        format!("{m}:{s:02}")
    }
}

/// Tells the clocks the time, runs them while the play screen shows the game (stopped on any
/// other screen and once the game is over), ends the game when a flag falls, and notes a
/// clock falling under ten seconds.
fn run_clocks(
    time: Res<Time<Real>>,
    screen: Option<Res<State<Screen>>>,
    options: Option<Res<super::launch::LaunchOptions>>,
    mut board: GameControl,
    mut low: MessageWriter<ClockLow>,
    mut was_low: Local<(u64, [bool; 2])>,
) {
    let now = time.elapsed();
    board.apply(GameCommand::ClockNow(now));
    if board.game().clocks().is_none() {
        return;
    }
    let shown = screen.as_ref().map(|s| *s.get());
    // A followed game's clocks are its authority's: this end only shows them.
    if !super::follow::followed(board.game(), shown) {
        // Screenshots and benchmarks show the clocks as they are.
        let offscreen = options.is_some_and(|o| o.offscreen());
        let on_board = shown == Some(Screen::Play);
        let run = on_board && !board.game().game().is_over() && !offscreen;
        board.apply(GameCommand::RunClocks(run));
    }
    let game = board.game();
    let Some(clocks) = game.clocks() else {
        return;
    };
    if was_low.0 != game.id() {
        *was_low = (game.id(), [false; 2]);
    }
    for side in Side::BOTH {
        let is_low = clocks.is_low(side, now);
        let running = clocks.is_running() && clocks.turn() == side;
        if is_low && running && !was_low.1[side.index()] && !game.game().is_over() {
            low.write(ClockLow(side));
        }
        was_low.1[side.index()] = is_low;
    }
}

pub(crate) fn plugin(app: &mut App) {
    let launch = app
        .world()
        .get_resource::<super::launch::LaunchOptions>()
        .and_then(|o| o.time);
    app.insert_resource(match launch {
        Some(tc) => TimeChoice::of(Some(tc)),
        None => TimeChoice::default(),
    })
    .add_message::<ClockLow>()
    .add_systems(Update, run_clocks.in_set(GameSet::Input))
    .answer(act);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_faces_show_tenths_only_when_time_runs_low() {
        let s = Duration::from_secs;
        assert_eq!(face(s(298)), "4:58");
        assert_eq!(face(s(3723)), "1:02:03");
        assert_eq!(face(Duration::from_millis(9_350)), "0:09.3");
        assert_eq!(face(s(10)), "0:10");
        assert_eq!(face(Duration::ZERO), "0:00.0");
    }

    #[test]
    fn the_choice_gives_presets_and_a_custom_control_within_bounds() {
        let mut choice = TimeChoice::default();
        assert_eq!(choice.control(), None, "untimed first");
        choice.option = TimeOption::Preset(3);
        assert_eq!(
            choice
                .control()
                .map(crate::game::text::time_control_label)
                .as_deref(),
            Some("5+3")
        );
        choice.step_minutes(-100);
        assert_eq!(choice.option, TimeOption::Custom);
        assert_eq!(
            choice
                .control()
                .map(crate::game::text::time_control_label)
                .as_deref(),
            Some("1+5")
        );
        choice.step_increment(1000);
        assert_eq!(
            choice
                .control()
                .map(crate::game::text::time_control_label)
                .as_deref(),
            Some("1+60")
        );
        assert_eq!(
            TimeChoice::of(Some("300+3".parse().unwrap())).option,
            TimeOption::Preset(3)
        );
        let odd = TimeChoice::of(Some("90+2".parse().unwrap()));
        assert_eq!(
            (odd.option, odd.minutes, odd.increment),
            (TimeOption::Custom, 2, 2)
        );
        assert_eq!(
            crate::game::text::time_control_label("90+2".parse().unwrap()),
            "90 s + 2 s"
        );
    }
}
