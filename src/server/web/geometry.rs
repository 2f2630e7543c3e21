//! What the web page draws, computed here from the rules so the page needs none: the route of
//! every move as a list of points, and the position after every move played.
//!
//! A connection asks for them in its `hello` (`"routes": true`, what the web page does); its
//! `game` and `moved` messages are then written out again with them ([`RouteState::augment`]),
//! so the game's broadcast stays as small as ever for the bots and the desktop game.

use serde::Serialize;
use serde_json::{Value, json};

use crate::rules::{Game, Move, Position, board};

/// The route of a move: the points it passes in board units (cell side 1, the board's centre
/// at the origin, Black up): the start cell's centre, then for each step the side midpoint or
/// acute corner it crosses and the next cell's centre.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct RouteView {
    /// The points, `[x, y]`, rounded to thousandths.
    pub pts: Vec<[f32; 2]>,
    /// A Sorcerer's leap (drawn as a hop over the middle cell).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub leap: bool,
}

/// A coordinate rounded to thousandths of a cell side (enough for any screen, short in JSON).
fn round(p: [f32; 2]) -> [f32; 2] {
    p.map(|v| {
        let r = (v * 1000.0).round() / 1000.0;
        // No "-0" in the JSON.
        if r == 0.0 { 0.0 } else { r }
    })
}

/// The route `mv` takes from `pos`: the start cell's centre, then for each step the side's
/// midpoint or the acute corner it crosses and the next cell's centre (as the desktop game's
/// animation glides). A move the rules give no route (never a legal one) goes straight.
pub fn route_view(pos: &Position, mv: Move) -> RouteView {
    let b = board();
    let mut pts = vec![round(b.cell(mv.from).centre())];
    match pos.route(mv) {
        Some(route) => {
            for step in &route.steps {
                pts.push(round(step.via.xy()));
                pts.push(round(b.cell(step.to).centre()));
            }
            RouteView {
                pts,
                leap: route.leap,
            }
        }
        None => {
            pts.push(round(b.cell(mv.to).centre()));
            RouteView { pts, leap: false }
        }
    }
}

/// The routes of the legal moves of `pos`, in the order of its legal moves.
pub fn legal_routes(pos: &Position) -> Vec<RouteView> {
    pos.legal_moves()
        .iter()
        .map(|&mv| route_view(pos, mv))
        .collect()
}

/// The route of each move played in `game`.
pub fn played_routes(game: &Game) -> Vec<RouteView> {
    let mut pos = game.start_position().clone();
    game.plies()
        .iter()
        .map(|ply| {
            let r = route_view(&pos, ply.mv);
            pos.make_move(ply.mv);
            r
        })
        .collect()
}

/// The position text after each move played in `game`.
pub fn positions(game: &Game) -> Vec<String> {
    let mut pos = game.start_position().clone();
    game.plies()
        .iter()
        .map(|ply| {
            pos.make_move(ply.mv);
            pos.to_string()
        })
        .collect()
}

/// The straight line between a move's cells (for a move whose position is not known).
fn straight(mv: &str) -> Option<RouteView> {
    let (from, rest) = crate::rules::Cell::parse_prefix(mv).ok()?;
    let (to, _) = crate::rules::Cell::parse_prefix(&mv[rest..]).ok()?;
    let b = board();
    Some(RouteView {
        pts: vec![round(b.cell(from).centre()), round(b.cell(to).centre())],
        leap: false,
    })
}

/// The routes of a list of legal moves (as the message lists them) from `pos`.
fn routes_of(pos: &Position, legal: &Value) -> Vec<RouteView> {
    legal
        .as_array()
        .map(|list| {
            list.iter()
                .map(|m| {
                    let text = m.as_str().unwrap_or_default();
                    match pos.parse_move(text) {
                        Ok(mv) => route_view(pos, mv),
                        Err(_) => straight(text).unwrap_or_default(),
                    }
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The game a `game` message describes, replayed from its start and moves.
fn replay(v: &Value, upto: Option<usize>) -> Option<Game> {
    let start: Position = v["start"].as_str()?.parse().ok()?;
    let mut game = Game::from_position(start);
    let moves = v["moves"].as_array()?;
    for m in moves.iter().take(upto.unwrap_or(usize::MAX)) {
        game.play_text(m.as_str()?).ok()?;
    }
    Some(game)
}

/// The half-move number of a `moved` message (cheaply: `None` for any other message).
pub fn moved_ply(text: &str) -> Option<usize> {
    if !text.starts_with("{\"t\":\"moved\"") {
        return None;
    }
    let v: Value = serde_json::from_str(text).ok()?;
    v["n"].as_u64().map(|n| n as usize)
}

/// What a connection that asked for routes knows of one game it follows: the position after
/// the moves seen so far, and how many.
#[derive(Debug, Default, Clone)]
pub struct RouteState {
    last: Option<(usize, Position)>,
}

impl RouteState {
    /// Whether the position before half-move `n` is known.
    pub fn knows(&self, n: usize) -> bool {
        self.last.as_ref().is_some_and(|(plies, _)| *plies == n)
    }

    /// Learns the position before half-move `n` from a `game` message (a snapshot of a game
    /// at least `n` moves long).
    pub fn seed(&mut self, game_text: &str, n: usize) {
        if let Ok(v) = serde_json::from_str::<Value>(game_text)
            && v["moves"].as_array().is_some_and(|m| m.len() >= n)
            && let Some(g) = replay(&v, Some(n))
        {
            self.last = Some((n, g.position().clone()));
        }
    }

    /// The message with routes added (`game`: `routes`, `played`, `positions`; `moved`:
    /// `routes`, `route`), or `None` when it is another message (sent unchanged).
    pub fn augment(&mut self, text: &str) -> Option<String> {
        let game = text.starts_with("{\"t\":\"game\"");
        if !game && !text.starts_with("{\"t\":\"moved\"") {
            return None;
        }
        let mut v: Value = serde_json::from_str(text).ok()?;
        if game {
            let g = replay(&v, None)?;
            let routes = routes_of(g.position(), &v["legal"]);
            v["routes"] = json!(routes);
            v["played"] = json!(played_routes(&g));
            v["positions"] = json!(positions(&g));
            self.last = Some((g.plies().len(), g.position().clone()));
        } else {
            let n = v["n"].as_u64()? as usize;
            let mv = v["move"].as_str()?.to_string();
            let route = match &self.last {
                Some((plies, pos)) if *plies == n => pos
                    .parse_move(&mv)
                    .map(|m| route_view(pos, m))
                    .ok()
                    .or_else(|| straight(&mv)),
                _ => straight(&mv),
            };
            let after: Option<Position> = v["position"].as_str().and_then(|p| p.parse().ok());
            let routes = after
                .as_ref()
                .map(|p| routes_of(p, &v["legal"]))
                .unwrap_or_default();
            v["route"] = json!(route.unwrap_or_default());
            v["routes"] = json!(routes);
            self.last = after.map(|p| (n + 1, p));
        }
        serde_json::to_string(&v).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Cell;

    fn c(n: &str) -> Cell {
        n.parse().unwrap()
    }

    fn close(a: [f32; 2], b: [f32; 2]) -> bool {
        (a[0] - b[0]).abs() < 0.002 && (a[1] - b[1]).abs() < 0.002
    }

    #[test]
    fn routes_start_and_end_on_cell_centres_through_sides_and_corners() {
        let pos = Position::start();
        let routes = legal_routes(&pos);
        assert_eq!(routes.len(), pos.legal_moves().len());
        for (mv, r) in pos.legal_moves().iter().zip(&routes) {
            assert!(close(r.pts[0], board().cell(mv.from).centre()));
            assert!(close(*r.pts.last().unwrap(), board().cell(mv.to).centre()));
            // Centre, then (crossing, centre) per step.
            assert_eq!(r.pts.len() % 2, 1);
        }
        // The Sorcerer's leap a2-e5 hops over one cell: two steps.
        let leap = route_view(&pos, Move::new(c("a2"), c("e5")));
        assert!(leap.leap);
        assert_eq!(leap.pts.len(), 5);
        // A pawn step crosses one corner or side.
        let pawn = route_view(&pos, Move::new(c("c1"), c("e2")));
        assert!(!pawn.leap);
        assert_eq!(pawn.pts.len(), 3);
    }

    #[test]
    fn routes_in_json() {
        let pos = Position::start();
        let json = serde_json::to_string(&route_view(&pos, Move::new(c("a2"), c("e5")))).unwrap();
        assert!(json.starts_with("{\"pts\":[["), "{json}");
        assert!(json.ends_with("\"leap\":true}"), "{json}");
        let step = serde_json::to_string(&route_view(&pos, Move::new(c("c1"), c("e2")))).unwrap();
        assert!(!step.contains("leap"), "{step}");
    }

    #[test]
    fn a_follower_asking_for_routes_gets_them_in_game_and_moved_messages() {
        let mut game = Game::new();
        game.play_text("c4d3").unwrap();
        let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        // As the server writes them: the tag first.
        let tagged = |t: &str, v: Value| format!("{{\"t\":\"{t}\",{}", &v.to_string()[1..]);
        let snapshot = tagged(
            "game",
            json!({"id": "x", "start": Position::start().to_string(),
            "moves": ["c4d3"], "legal": legal, "position": game.position().to_string()}),
        );
        let mut state = RouteState::default();
        let out: Value = serde_json::from_str(&state.augment(&snapshot).unwrap()).unwrap();
        assert_eq!(out["routes"].as_array().unwrap().len(), legal.len());
        assert_eq!(out["played"].as_array().unwrap().len(), 1);
        assert_eq!(out["positions"][0], game.position().to_string());
        assert!(state.knows(1));
        // The next move: its route from the known position, and the new legal moves' routes.
        let before = game.position().clone();
        let k2: crate::rules::Cell = "k2".parse().unwrap();
        let leap = game
            .legal_moves()
            .iter()
            .find(|m| m.from == k2)
            .unwrap()
            .to_string();
        game.play_text(&leap).unwrap();
        let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
        let moved = tagged(
            "moved",
            json!({"game": "x", "n": 1, "move": leap,
            "position": game.position().to_string(), "legal": legal}),
        );
        assert_eq!(moved_ply(&moved), Some(1));
        let out: Value = serde_json::from_str(&state.augment(&moved).unwrap()).unwrap();
        let want = route_view(&before, before.parse_move(&leap).unwrap());
        assert_eq!(out["route"], json!(want));
        assert_eq!(out["route"]["leap"], true);
        assert_eq!(out["routes"].as_array().unwrap().len(), legal.len());
        assert!(state.knows(2));
        // Other messages pass unchanged; an unknown position gives a straight line.
        assert!(state.augment("{\"t\":\"pong\",\"n\":1}").is_none());
        let mut fresh = RouteState::default();
        let out: Value = serde_json::from_str(&fresh.augment(&moved).unwrap()).unwrap();
        assert_eq!(out["route"]["pts"].as_array().unwrap().len(), 2);
        fresh.seed(&snapshot, 1);
        assert!(fresh.knows(1));
    }

    #[test]
    fn played_routes_and_positions_follow_the_game() {
        let mut game = Game::new();
        game.play_text("c4d3").unwrap();
        game.play_text("i4h3").unwrap();
        let routes = played_routes(&game);
        let texts = positions(&game);
        assert_eq!(routes.len(), 2);
        assert_eq!(texts.len(), 2);
        assert_eq!(texts[1], game.position().to_string());
        assert!(close(routes[0].pts[0], board().cell(c("c4")).centre()));
    }
}
