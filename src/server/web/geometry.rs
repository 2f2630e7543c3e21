//! What the web page draws, computed here from the rules so the page needs none: the route of
//! every move as a list of points, and the position after every move played.

use crate::rules::{Game, Move, Position, board};

use super::super::protocol::RouteView;

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
    fn routes_are_in_the_json_of_a_move_and_a_game() {
        let pos = Position::start();
        let json = serde_json::to_string(&route_view(&pos, Move::new(c("a2"), c("e5")))).unwrap();
        assert!(json.starts_with("{\"pts\":[["), "{json}");
        assert!(json.ends_with("\"leap\":true}"), "{json}");
        let step = serde_json::to_string(&route_view(&pos, Move::new(c("c1"), c("e2")))).unwrap();
        assert!(!step.contains("leap"), "{step}");
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
