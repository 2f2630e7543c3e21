//! What the web page draws, computed here from the rules so the page needs none: the route of
//! every move as a list of points, and the position after every move played.
//!
//! A connection asks for them in its `hello` (`"routes": true`, what the web page does). A
//! live game's task adds them once per event ([`add_game_routes`], [`route_view`]) and sends
//! the result to every follower that asked, so the broadcast to the bots and the desktop game
//! stays as small as ever; [`RouteState`] does the same for a game played on another instance.

use super::messages::{GameView, Moved, ServerMsg};
use super::variant;
use crate::rules::{Game, Move, Position, board};

pub use super::messages::RouteView;

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

/// The routes of a list of legal moves (as a message lists them) from `pos`.
fn routes_of(pos: &Position, legal: &[String]) -> Vec<RouteView> {
    legal
        .iter()
        .map(|text| match pos.parse_move(text) {
            Ok(mv) => route_view(pos, mv),
            Err(_) => straight(text).unwrap_or_default(),
        })
        .collect()
}

/// The route of move `text` from `before` (a straight line when the position is not known).
fn route_from(before: Option<&Position>, text: &str) -> RouteView {
    before
        .and_then(|pos| pos.parse_move(text).ok().map(|mv| route_view(pos, mv)))
        .or_else(|| straight(text))
        .unwrap_or_default()
}

/// The game a `game` message describes, replayed from its start and moves in its variant.
pub fn replay(view: &GameView) -> Option<Game> {
    let key = view.variant_def.as_deref().unwrap_or(&view.variant);
    let start = variant::position(key, &view.start).ok()?;
    let mut game = Game::from_position(start);
    for m in &view.moves {
        game.play_text(m).ok()?;
    }
    Some(game)
}

/// Adds to `view` of `game` the routes of its legal moves and of the moves played, and the
/// position after each move played.
pub fn add_game_routes(view: &mut GameView, game: &Game) {
    view.routes = Some(routes_of(game.position(), &view.legal));
    view.played = Some(played_routes(game));
    view.positions = Some(positions(game));
}

/// `moved` with the route of its move from `before` (the position it was played in; `None`
/// when not known: a straight line) and the routes of the legal moves after it.
fn moved_routes(moved: &Moved, before: Option<&Position>) -> Moved {
    let after = after_move(moved, before);
    Moved {
        route: Some(route_from(before, &moved.mv)),
        routes: Some(
            after
                .as_ref()
                .map(|p| routes_of(p, &moved.legal))
                .unwrap_or_default(),
        ),
        ..moved.clone()
    }
}

/// The position after `moved`, read in the variant of `before` (the default one when not
/// known).
fn after_move(moved: &Moved, before: Option<&Position>) -> Option<Position> {
    match before {
        Some(b) => Position::parse_in(&moved.position, b.variant()).ok(),
        None => moved.position.parse().ok(),
    }
}

/// `view` with the routes added, replayed from its start and moves (unchanged when they do
/// not replay: a stored game the rules of this build refuse).
pub fn with_routes(mut view: GameView) -> GameView {
    if let Some(game) = replay(&view) {
        add_game_routes(&mut view, &game);
    }
    view
}

/// What a relay of a game's events (a game played on another instance) knows of it, to give
/// each move its route: the game since the first position it saw, and the half-moves before.
#[derive(Debug, Default, Clone)]
pub struct RouteState {
    known: Option<(usize, Game)>,
}

impl RouteState {
    /// Learns the game from a `game` message read elsewhere (the database), unless what it
    /// knows is as recent.
    pub fn learn(&mut self, view: &GameView) {
        let known = self.known.as_ref().map(|(base, g)| base + g.plies().len());
        if known.is_none_or(|k| k < view.moves.len())
            && let Some(g) = replay(view)
        {
            self.known = Some((0, g));
        }
    }

    /// The position before half-move `n`, when known.
    fn before(&self, n: usize) -> Option<Position> {
        let (base, game) = self.known.as_ref()?;
        let k = n.checked_sub(*base)?;
        if k == game.plies().len() {
            return Some(game.position().clone());
        }
        let mut pos = game.start_position().clone();
        for ply in game.plies().get(..k)? {
            pos.make_move(ply.mv);
        }
        Some(pos)
    }

    /// `msg` with routes added (a `game` or `moved` message), or `None` for any other
    /// message. A `moved` whose position before is not known gets a straight route.
    pub fn routed(&mut self, msg: &ServerMsg) -> Option<ServerMsg> {
        match msg {
            ServerMsg::Game(view) => {
                self.known = replay(view).map(|g| (0, g));
                let mut view = view.clone();
                if let Some((_, game)) = &self.known {
                    add_game_routes(&mut view, game);
                }
                Some(ServerMsg::Game(view))
            }
            ServerMsg::Moved(moved) => {
                let n = moved.n as usize;
                let before = self.before(n);
                let out = moved_routes(moved, before.as_ref());
                // Follow the game: the move played on the known game, or a fresh start from
                // the position after it.
                let extends = self
                    .known
                    .as_ref()
                    .is_some_and(|(base, g)| base + g.plies().len() == n);
                let played = extends
                    && self
                        .known
                        .as_mut()
                        .is_some_and(|(_, g)| g.play_text(&moved.mv).is_ok());
                if !played && self.before(n + 1).is_none() {
                    self.known =
                        after_move(moved, before.as_ref()).map(|p| (n + 1, Game::from_position(p)));
                }
                Some(ServerMsg::Moved(Box::new(out)))
            }
            _ => None,
        }
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

    fn legal(game: &Game) -> Vec<String> {
        game.legal_moves().iter().map(|m| m.to_string()).collect()
    }

    fn view_of(game: &Game) -> GameView {
        GameView {
            id: "x".into(),
            variant: "parachess".into(),
            variant_def: None,
            white: "ann".into(),
            black: "bob".into(),
            rated: false,
            tc: None,
            days: Some(3),
            speed: "correspondence".into(),
            status: "started".into(),
            start: game.start_position().to_string(),
            moves: game.plies().iter().map(|p| p.mv.to_string()).collect(),
            texts: game.plies().iter().map(|p| p.text.clone()).collect(),
            position: game.position().to_string(),
            turn: "black".into(),
            legal: legal(game),
            clocks: None,
            deadline: None,
            result: None,
            reason: None,
            draw_offer: None,
            takeback_offer: None,
            berserk: None,
            tournament: None,
            routes: None,
            played: None,
            positions: None,
        }
    }

    fn moved_of(game: &Game, n: u32) -> Moved {
        let ply = &game.plies()[n as usize];
        Moved {
            game: "x".into(),
            n,
            mv: ply.mv.to_string(),
            text: ply.text.clone(),
            position: game.position().to_string(),
            legal: legal(game),
            clocks: None,
            deadline: None,
            route: None,
            routes: None,
        }
    }

    #[test]
    fn a_relay_adds_routes_to_game_and_moved_messages() {
        let mut game = Game::new();
        game.play_text("c4d3").unwrap();
        let snapshot = ServerMsg::Game(Box::new(view_of(&game)));
        let mut state = RouteState::default();
        let Some(ServerMsg::Game(out)) = state.routed(&snapshot) else {
            panic!("a game message stays one");
        };
        assert_eq!(out.routes.as_ref().unwrap().len(), out.legal.len());
        assert_eq!(out.played.as_ref().unwrap().len(), 1);
        assert_eq!(
            out.positions.as_ref().unwrap()[0],
            game.position().to_string()
        );
        // The next move: its route from the known position, and the new legal moves' routes.
        let before = game.position().clone();
        let leap = game
            .legal_moves()
            .iter()
            .find(|m| m.from == c("k2"))
            .unwrap()
            .to_string();
        game.play_text(&leap).unwrap();
        let moved = ServerMsg::Moved(Box::new(moved_of(&game, 1)));
        let Some(ServerMsg::Moved(out)) = state.routed(&moved) else {
            panic!("a moved message stays one");
        };
        let want = route_view(&before, before.parse_move(&leap).unwrap());
        assert_eq!(out.route.as_ref(), Some(&want));
        assert!(want.leap);
        assert_eq!(out.routes.as_ref().unwrap(), &legal_routes(game.position()));
        // And the move after that, from the position the relay followed.
        let before = game.position().clone();
        let reply = legal(&game)[0].clone();
        game.play_text(&reply).unwrap();
        let Some(ServerMsg::Moved(out)) =
            state.routed(&ServerMsg::Moved(Box::new(moved_of(&game, 2))))
        else {
            panic!("a moved message stays one");
        };
        let want = route_view(&before, before.parse_move(&reply).unwrap());
        assert_eq!(out.route, Some(want));
        // Other messages pass unchanged; an unknown position gives a straight line, until
        // the relay learns the game.
        assert!(state.routed(&ServerMsg::Pong { n: 1 }).is_none());
        let mut fresh = RouteState::default();
        let Some(ServerMsg::Moved(out)) = fresh.routed(&moved) else {
            panic!("a moved message stays one");
        };
        assert_eq!(out.route.unwrap().pts.len(), 2);
        let mut fresh = RouteState::default();
        let mut one = Game::new();
        one.play_text("c4d3").unwrap();
        fresh.learn(&view_of(&one));
        let Some(ServerMsg::Moved(out)) = fresh.routed(&moved) else {
            panic!("a moved message stays one");
        };
        assert!(out.route.unwrap().leap);
    }

    #[test]
    fn a_game_in_another_variant_replays_in_it() {
        let ka = crate::rules::Variant::named("Knights and Archers").unwrap();
        let mut game = Game::from_position(ka.start());
        let first = legal(&game)[0].clone();
        game.play_text(&first).unwrap();
        let view = GameView {
            variant: ka.name().to_string(),
            ..view_of(&game)
        };
        let routed = with_routes(view.clone());
        assert_eq!(routed.played, Some(played_routes(&game)));
        assert_eq!(routed.routes, Some(legal_routes(game.position())));
        // A relay that knows the game reads the next move's position in its variant.
        let mut state = RouteState::default();
        state.routed(&ServerMsg::Game(Box::new(view)));
        let before = game.position().clone();
        let reply = legal(&game)[0].clone();
        game.play_text(&reply).unwrap();
        let Some(ServerMsg::Moved(out)) =
            state.routed(&ServerMsg::Moved(Box::new(moved_of(&game, 1))))
        else {
            panic!("a moved message stays one");
        };
        assert_eq!(
            out.route,
            Some(route_view(&before, before.parse_move(&reply).unwrap()))
        );
        assert_eq!(out.routes, Some(legal_routes(game.position())));
    }

    #[test]
    fn routes_are_left_out_of_the_json_when_absent() {
        let mut game = Game::new();
        game.play_text("c4d3").unwrap();
        let plain = ServerMsg::Moved(Box::new(moved_of(&game, 0))).to_json();
        assert!(!plain.contains("route"), "{plain}");
        let view = with_routes(view_of(&game));
        let text = ServerMsg::Game(Box::new(view)).to_json();
        for field in ["\"routes\":[{\"pts\"", "\"played\":[", "\"positions\":["] {
            assert!(text.contains(field), "{field} in {text}");
        }
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
