//! A stored game read back: its rules state, its record and its view.

use std::time::Duration;

use crate::rules::clock::TimeControl;
use crate::rules::record::{PlyNote, Tags, write_record};
use crate::rules::{Game, Outcome, Side};
use crate::server::db::{GameRow, MoveRow};
use crate::server::messages::{ClockView, GameView, side_name};
use crate::server::variant;

/// Why a stored game could not be read back.
#[derive(Debug, thiserror::Error)]
#[error("game {id}: {why}")]
pub struct RebuildError {
    id: String,
    why: String,
}

/// A stored clock (base and increment in milliseconds) as time-control text (`5+3`).
pub(crate) fn tc_text((base, increment): (i64, i64)) -> String {
    TimeControl {
        base: Duration::from_millis(base.max(0) as u64),
        increment: Duration::from_millis(increment.max(0) as u64),
    }
    .to_string()
}

/// The game a row and its moves describe, with the declared end (resignation, agreement,
/// time) restored from the row.
pub fn rebuild(row: &GameRow, moves: &[MoveRow]) -> Result<Game, RebuildError> {
    let fail = |why: String| RebuildError {
        id: row.id.clone(),
        why,
    };
    let start = variant::position(&row.variant, &row.start)
        .map_err(|e| fail(format!("start position: {e}")))?;
    let mut game = Game::from_position(start);
    for (i, m) in moves.iter().enumerate() {
        game.play_text(&m.mv)
            .map_err(|e| fail(format!("move {} {:?}: {e}", i + 1, m.mv)))?;
    }
    if row.status == "over" && !game.is_over() {
        let winner = match row.result.as_deref() {
            Some("1-0") => Some(Side::White),
            Some("0-1") => Some(Side::Black),
            _ => None,
        };
        let outcome = match (row.reason.as_deref(), winner) {
            (Some("resignation"), Some(w)) => Outcome::Resignation { winner: w },
            (Some("time forfeit"), w) => Outcome::Time { winner: w },
            _ => Outcome::Agreement,
        };
        game.declare(outcome).map_err(|e| fail(e.to_string()))?;
    }
    Ok(game)
}

/// The game file (`parachess check-game` reads it) of a stored game.
pub fn pgn(row: &GameRow, moves: &[MoveRow], site: &str) -> Result<String, RebuildError> {
    let game = rebuild(row, moves)?;
    let date = jiff::Timestamp::from_millisecond(row.created_ms)
        .map(|t| t.strftime("%Y.%m.%d").to_string())
        .ok();
    let tags = Tags {
        event: Some(match row.days {
            Some(d) => format!(
                "{} correspondence game, {d} days per move",
                rated_word(row.rated)
            ),
            None => format!("{} {} game", rated_word(row.rated), row.speed),
        }),
        site: Some(format!("{site}/game/{}", row.id)),
        date,
        round: None,
        white: Some(row.white.1.clone()),
        black: Some(row.black.1.clone()),
        time_control: row.tc_ms.map(|(b, i)| TimeControl {
            base: Duration::from_millis(b.max(0) as u64),
            increment: Duration::from_millis(i.max(0) as u64),
        }),
    };
    let notes: Vec<PlyNote> = moves
        .iter()
        .map(|m| PlyNote {
            clock: m.clock_ms.map(|c| Duration::from_millis(c.max(0) as u64)),
            ..PlyNote::default()
        })
        .collect();
    Ok(write_record(&game, &tags, &notes))
}

fn rated_word(rated: bool) -> &'static str {
    if rated { "Rated" } else { "Casual" }
}

/// The JSON view of a game that is not live (finished, or read from the database).
pub fn stored_view(row: &GameRow, moves: &[MoveRow]) -> Result<GameView, RebuildError> {
    let game = rebuild(row, moves)?;
    let clocks = row.clocks_ms.map(|(w, b)| ClockView {
        white: w.max(0) as u64,
        black: b.max(0) as u64,
        running: None,
    });
    Ok(view_of(row, &game, clocks, None, None, None))
}

pub(super) fn view_of(
    row: &GameRow,
    game: &Game,
    clocks: Option<ClockView>,
    deadline: Option<i64>,
    draw: Option<Side>,
    takeback: Option<Side>,
) -> GameView {
    let over = row.status != "started" || game.is_over();
    GameView {
        id: row.id.clone(),
        variant: variant::display(&row.variant),
        variant_def: variant::def_of(&row.variant),
        white: row.white.1.clone(),
        black: row.black.1.clone(),
        rated: row.rated,
        tc: row.tc_ms.map(tc_text),
        days: row.days.map(|d| d as u32),
        speed: row.speed.clone(),
        status: row.status.clone(),
        start: game.start_position().to_string(),
        moves: game.plies().iter().map(|p| p.mv.to_string()).collect(),
        texts: game.plies().iter().map(|p| p.text.clone()).collect(),
        position: game.position().to_string(),
        turn: side_name(game.position().turn()),
        legal: if over {
            Vec::new()
        } else {
            game.legal_moves().iter().map(|m| m.to_string()).collect()
        },
        clocks,
        deadline: if over { None } else { deadline },
        result: row.result.clone(),
        reason: row.reason.clone(),
        draw_offer: draw.map(side_name),
        takeback_offer: takeback.map(side_name),
        berserk: row.berserk.map(|sides| {
            Side::BOTH
                .into_iter()
                .filter(|s| sides[s.index()])
                .map(side_name)
                .collect()
        }),
        tournament: row.tournament.clone(),
        routes: None,
        played: None,
        positions: None,
    }
}
