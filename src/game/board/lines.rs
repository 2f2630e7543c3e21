//! The "show lines" aid: the hovered (or selected) piece's lines and leaps drawn on the board,
//! each kind in its own colour, so a newcomer learns the geometry by looking. A piece guide
//! (right-click) draws its piece the same way, aid on or off; so does the Pieces panel. Where a
//! line, leap or step ends, a ring marks a cell the piece can go to, a red double ring a piece it
//! can take, and a small square one of its own it defends: nothing of one's own reads as a target.

use crate::game::core::board::{LinesOverride, ShowLines};
use crate::game::ui::theme;
use crate::tr;
use bevy::prelude::*;

use crate::game::core::GameSet;
use crate::game::core::board::TILE_TOP;
use crate::game::core::board::{board_to_world, cell_world};
use crate::game::core::line_marks::{LineMark, line_marks};
use crate::game::core::selection::PieceGuide;
use crate::game::core::selection::ViewCommand;
use crate::game::core::selection::{Hovered, Selection};
use crate::game::core::state::ChessGame;
use crate::rules::{Cell, LeapKind, LineKind, Position, Step, StepKind, board};

const LIFT: f32 = TILE_TOP + 0.02;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShowLines>()
        .init_resource::<LinesOverride>()
        .add_systems(Startup, configure)
        .add_systems(Update, (toggle, draw).chain().in_set(GameSet::View));
}

fn configure(mut store: ResMut<GizmoConfigStore>) {
    let (config, _) = store.config_mut::<DefaultGizmoConfigGroup>();
    config.line.width = 3.0;
    config.depth_bias = -0.05;
    // Only the board camera draws lines; the panel's 2D camera would squash them into a blot.
    config.render_layers =
        bevy::camera::visibility::RenderLayers::layer(crate::game::core::camera::BOARD_LAYER);
}

fn toggle(
    mut commands: MessageReader<ViewCommand>,
    mut lines: ResMut<ShowLines>,
    mut status: ResMut<crate::game::core::state::StatusLine>,
) {
    for c in commands.read() {
        if *c == ViewCommand::ToggleLines {
            lines.0 = !lines.0;
            status.info(if lines.0 {
                tr!("lines-on")
            } else {
                tr!("lines-off")
            });
        }
    }
}

fn colour_of(kind: StepKind) -> Color {
    match kind {
        StepKind::Edgewise => theme::EDGE_PATH,
        StepKind::Diagonal => theme::DIAGONAL_PATH,
        StepKind::Arcwise(_) => theme::WAVE_PATH,
    }
}

fn line_colour(kind: LineKind) -> Color {
    match kind {
        LineKind::Edge => theme::EDGE_PATH,
        LineKind::Diagonal => theme::DIAGONAL_PATH,
        LineKind::Wave => theme::WAVE_PATH,
    }
}

/// Points of a run of steps: centre, crossing, centre, … (`origin` moves the whole board).
fn polyline(origin: Vec3, from: Cell, steps: &[Step]) -> Vec<Vec3> {
    let lift = origin + Vec3::Y * LIFT;
    let mut points = vec![cell_world(from) + lift];
    for s in steps {
        points.push(board_to_world(s.via.xy()) + lift);
        points.push(cell_world(s.to) + lift);
    }
    points
}

/// The piece the aid draws: a piece guide's first, else (with the aid on) the hovered piece or
/// the selected one, or a piece a lesson shows after a refused move.
fn draw(
    show: Res<ShowLines>,
    overrides: Res<LinesOverride>,
    hovered: Res<Hovered>,
    selection: Res<Selection>,
    guide: Res<PieceGuide>,
    game: Res<ChessGame>,
    mut gizmos: Gizmos,
) {
    let pos = game.board().position();
    let forced = overrides.forced.map(|(cell, _)| cell);
    let aid = (show.0 && !overrides.hide_aid)
        .then(|| {
            hovered
                .0
                .filter(|&c| pos.piece_at(c).is_some())
                .or(selection.cell)
        })
        .flatten();
    let chosen = if selection.cell.is_some() {
        aid.or(forced)
    } else {
        forced.or(aid)
    };
    if let Some(cell) = guide.shown().map(|g| g.cell).or(chosen) {
        draw_piece_lines(&mut gizmos, pos, cell, Vec3::ZERO);
    }
}

/// Draws how the piece on `cell` moves: its lines (faint behind the first piece in the way),
/// its leaps as arcs, its steps; for a board whose centre is at `origin` in the world.
pub fn draw_piece_lines<G: GizmoConfigGroup>(
    gizmos: &mut Gizmos<'_, '_, G>,
    pos: &Position,
    cell: Cell,
    origin: Vec3,
) {
    let Some(piece) = pos.piece_at(cell) else {
        return;
    };
    let info = board().cell(cell);
    let occupied = pos.occupied();
    let faint = |c: Color| c.with_alpha(0.28);
    let how = pos.variant().movement(piece.kind);
    let mut blockers = Vec::new();
    for line in info.lines.iter().filter(|l| how.slides_along(l.kind)) {
        // A slide of limited range draws only as far as it goes.
        let cells = &line.cells()[..line.cells().len().min(how.range(line.kind) as usize)];
        let open = cells
            .iter()
            .position(|&c| occupied.contains(c))
            .map_or(cells.len(), |i| i + 1);
        let colour = line_colour(line.kind);
        gizmos.linestrip(polyline(origin, cell, &line.steps[..open]), colour);
        if let Some(&first) = cells.get(open.wrapping_sub(1))
            && occupied.contains(first)
        {
            blockers.push((line.kind, first));
        }
        if open < cells.len() {
            gizmos.linestrip(
                polyline(origin, cells[open - 1], &line.steps[open..]),
                faint(colour),
            );
        }
    }
    // What each reached cell holds decides its mark: a ring where the piece can go, a red
    // double ring round a piece it can take, a small square (no ring) on one it defends.
    let reached = line_marks(pos, cell);
    let mark = |gizmos: &mut Gizmos<'_, '_, G>, at: Cell, colour: Color| {
        let Some(&(_, what)) = reached.iter().find(|(c, _)| *c == at) else {
            return;
        };
        let iso = Isometry3d::new(
            origin + cell_world(at) + Vec3::Y * LIFT,
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        );
        match what {
            LineMark::Move => {
                gizmos.circle(iso, 0.22, colour);
            }
            LineMark::Take => {
                gizmos.circle(iso, 0.24, theme::GUIDE_CAPTURE.with_alpha(1.0));
                gizmos.circle(iso, 0.31, theme::GUIDE_CAPTURE.with_alpha(1.0));
            }
            LineMark::Defend => {
                gizmos.rect(iso, Vec2::splat(0.14), faint(colour));
            }
        }
    };
    if how.pawn_steps() {
        for ps in &info.pawn_steps[piece.side.index()] {
            let colour = colour_of(ps.step.kind);
            gizmos.linestrip(polyline(origin, cell, &[ps.step]), colour);
            mark(
                gizmos,
                ps.step.to,
                if ps.captures { colour } else { faint(colour) },
            );
        }
        return;
    }
    for (line, blocker) in &blockers {
        mark(gizmos, *blocker, line_colour(*line));
    }
    if how.leaps() {
        for leap in info.leaps.iter().filter(|l| how.leaps_of(l.kind)) {
            let colour = match leap.kind {
                LeapKind::Knight => theme::KNIGHT_LEAP,
                LeapKind::Archer => theme::ARCHER_LEAP,
            };
            // An arc over the route: the leap ignores what stands between.
            gizmos.linestrip(
                arc(polyline(origin, cell, &[leap.first, leap.second])),
                colour.with_alpha(0.8),
            );
            mark(gizmos, leap.to(), colour);
        }
    }
    for step in info.steps().filter(|s| how.steps_of(s.kind)) {
        gizmos.linestrip(polyline(origin, cell, &[step]), colour_of(step.kind));
        mark(gizmos, step.to, colour_of(step.kind));
    }
}

/// A leap's route lifted into an arc over the board.
pub fn arc(points: Vec<Vec3>) -> impl Iterator<Item = Vec3> {
    let n = (points.len() as f32 - 1.0).max(1.0);
    points.into_iter().enumerate().map(move |(i, p)| {
        let t = i as f32 / n;
        p + Vec3::Y * (0.5 * 4.0 * t * (1.0 - t))
    })
}
