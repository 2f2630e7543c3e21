//! Shared test helpers: running the `parachess` binary, random positions and a slow,
//! independent reference move generator.
#![allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]

pub mod direct;
#[cfg(feature = "gui")]
pub mod game;

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::process::Command;

use parachess::rules::{Cell, Game, LineKind, Move, Piece, PieceKind, Position, Side, board};
use proptest::prelude::*;

/// Runs the `parachess` binary built for these tests: its exit code (`None` when a signal
/// ended it), standard output and standard error.
pub fn parachess<S: AsRef<OsStr>>(args: &[S]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parachess"))
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("run parachess");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// The command line that starts this build's own engine over UCI.
pub fn our_engine() -> String {
    let path = env!("CARGO_BIN_EXE_parachess");
    format!("{} uci", shlex::try_quote(path).unwrap())
}

/// Tags naming only the two players.
pub fn players(white: &str, black: &str) -> parachess::rules::record::Tags {
    parachess::rules::record::Tags {
        white: Some(white.into()),
        black: Some(black.into()),
        ..Default::default()
    }
}

/// Parses a cell name (tests only).
pub fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

/// A move from its bare text (tests only).
pub fn mv(text: &str) -> Move {
    let from = cell(&text[..2]);
    let to = cell(&text[2..4]);
    Move::new(from, to)
}

/// Positions reached by random legal play from the start: realistic middle games.
pub fn played_position() -> impl Strategy<Value = Position> {
    (proptest::collection::vec(any::<u16>(), 0..120)).prop_map(|choices| {
        let mut game = Game::new();
        for c in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[c as usize % moves.len()];
            game.play(m).unwrap();
        }
        game.position().clone()
    })
}

/// Positions with pieces scattered at random (not always reachable, rich in pins and checks).
pub fn scattered_position() -> impl Strategy<Value = Position> {
    let piece = (0usize..2, 0usize..5).prop_map(|(s, k)| {
        let kinds = [
            PieceKind::Pawn,
            PieceKind::Sorcerer,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ];
        Piece::new(Side::BOTH[s], kinds[k])
    });
    (
        proptest::collection::vec((0usize..72, piece), 0..24),
        0usize..72,
        0usize..72,
        any::<bool>(),
    )
        .prop_filter_map("not a valid position", |(pieces, wk, bk, black)| {
            let mut rows: Vec<Vec<Option<char>>> = (0..11)
                .map(|r| vec![None; parachess::rules::cell::ROW_LENGTHS[r] as usize])
                .collect();
            let mut place = |i: usize, ch: char| {
                let c = Cell::from_index(i).unwrap();
                rows[c.row()][c.number() - 1] = Some(ch);
            };
            for (i, p) in pieces {
                place(i, p.letter());
            }
            place(wk, 'K');
            place(bk, 'k');
            let text = to_text(&rows, if black { 'b' } else { 'w' });
            text.parse::<Position>().ok()
        })
}

fn to_text(rows: &[Vec<Option<char>>], side: char) -> String {
    let mut out = String::new();
    for r in (0..11).rev() {
        let mut empty = 0;
        for c in &rows[r] {
            match c {
                Some(ch) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(*ch);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if r > 0 {
            out.push('/');
        }
    }
    format!("{out} {side} 0 1")
}

/// Targets of the piece on `from` by the rule book's definitions, walking steps one by one,
/// without any of the move generator's masks or pin logic.
pub fn reference_targets(pos: &Position, from: Cell) -> Vec<Cell> {
    let b = board();
    let Some(piece) = pos.piece_at(from) else {
        return vec![];
    };
    let info = b.cell(from);
    let free_or_enemy = |c: Cell| pos.piece_at(c).is_none_or(|p| p.side != piece.side);
    let mut out = Vec::new();
    let slide = |kinds: &[LineKind], out: &mut Vec<Cell>| {
        for line in info.lines.iter().filter(|l| kinds.contains(&l.kind)) {
            for step in &line.steps {
                match pos.piece_at(step.to) {
                    None => out.push(step.to),
                    Some(p) => {
                        if p.side != piece.side {
                            out.push(step.to);
                        }
                        break;
                    }
                }
            }
        }
    };
    if !pos.variant().is_parachess() && piece.kind != PieceKind::Pawn {
        // Other armies: straight from the atoms, step by step.
        let how = pos.variant().movement(piece.kind);
        out.extend(
            info.steps()
                .filter(|s| how.steps_of(s.kind))
                .map(|s| s.to)
                .filter(|&c| free_or_enemy(c)),
        );
        out.extend(
            info.leaps
                .iter()
                .filter(|l| how.leaps_of(l.kind))
                .map(|l| l.to())
                .filter(|&c| free_or_enemy(c)),
        );
        for line in info.lines.iter() {
            for step in line.steps.iter().take(how.range(line.kind) as usize) {
                match pos.piece_at(step.to) {
                    None => out.push(step.to),
                    Some(p) => {
                        if p.side != piece.side {
                            out.push(step.to);
                        }
                        break;
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        return out;
    }
    match piece.kind {
        PieceKind::King => out.extend(info.steps().map(|s| s.to).filter(|&c| free_or_enemy(c))),
        PieceKind::Sorcerer => out.extend(
            info.leaps
                .iter()
                .map(|l| l.to())
                .filter(|&c| free_or_enemy(c)),
        ),
        PieceKind::Rook => slide(&[LineKind::Edge], &mut out),
        PieceKind::Bishop => slide(&[LineKind::Diagonal, LineKind::Wave], &mut out),
        PieceKind::Queen => slide(&LineKind::ALL, &mut out),
        PieceKind::Pawn => {
            for ps in &info.pawn_steps[piece.side.index()] {
                match pos.piece_at(ps.step.to) {
                    None => out.push(ps.step.to),
                    Some(p) if p.side != piece.side && ps.captures => out.push(ps.step.to),
                    _ => {}
                }
            }
        }
        _ => {}
    }
    out
}

/// Whether `side`'s King could be captured by the other side in `pos` (whoever is to move).
pub fn reference_king_attacked(pos: &Position, side: Side) -> bool {
    let Some(king) = pos.king(side) else {
        return false;
    };
    Cell::all()
        .filter(|&c| pos.piece_at(c).is_some_and(|p| p.side != side))
        .any(|c| reference_targets(pos, c).contains(&king))
}

/// Legal moves by brute force: every reference target, played, keeping those that leave the
/// mover's King safe.
pub fn reference_legal_moves(pos: &Position) -> BTreeSet<(Cell, Cell, Option<PieceKind>)> {
    let mut out = BTreeSet::new();
    let us = pos.turn();
    for from in Cell::all().filter(|&c| pos.piece_at(c).is_some_and(|p| p.side == us)) {
        for to in reference_targets(pos, from) {
            let promo = pos.piece_at(from).unwrap().kind == PieceKind::Pawn
                && board().last_row(us).contains(to);
            let choices: Vec<Option<PieceKind>> = if promo {
                pos.variant()
                    .promotions(us)
                    .iter()
                    .map(|&k| Some(k))
                    .collect()
            } else {
                vec![None]
            };
            for promotion in choices {
                let m = Move {
                    from,
                    to,
                    promotion,
                };
                let after = pos.after(m);
                if !reference_king_attacked(&after, us) {
                    out.insert((from, to, promotion));
                }
            }
        }
    }
    out
}

/// The generator's legal moves in the same form.
pub fn legal_set(pos: &Position) -> BTreeSet<(Cell, Cell, Option<PieceKind>)> {
    pos.legal_moves()
        .iter()
        .map(|m| (m.from, m.to, m.promotion))
        .collect()
}

/// Runs `work` on a thread of its own and waits for its answer at most `limit`, a generous
/// bound: a `work` that never ends fails the test (naming `what`), a slow one does not.
pub fn within<T: Send + 'static>(
    limit: std::time::Duration,
    what: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (done, answer) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        // The receiver is gone only after a timeout, which has failed the test already.
        let _ = done.send(work());
    });
    match answer.recv_timeout(limit) {
        Ok(value) => value,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what}: no answer within {limit:?}")
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: the work panicked"),
    }
}
