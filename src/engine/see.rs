//! Static exchange evaluation: the material balance of the captures and recaptures on one cell,
//! each side taking with its cheapest piece. Used to put losing captures last and to skip them in
//! the quiescence search.

use crate::rules::{Move, PieceKind, Position, Variant};

use super::eval::VALUE;

/// The King, priced so that capturing into a defended cell with it is never worth it.
const KING_VALUE: i32 = 20_000;

#[inline]
fn value(v: &Variant, kind: PieceKind) -> i32 {
    if kind == PieceKind::King {
        KING_VALUE
    } else {
        v.value(kind)
    }
}

/// What `mv` wins (positive) or loses (negative) once all exchanges on its target are played
/// out. Pins are ignored.
pub fn see(pos: &Position, mv: Move) -> i32 {
    let Some(moving) = pos.piece_at(mv.from) else {
        return 0;
    };
    let to = mv.to;
    let v = pos.variant();
    let mut gain = [0i32; 40];
    gain[0] = pos.piece_at(to).map_or(0, |p| value(v, p.kind));
    let mut on_target = value(v, moving.kind);
    if let Some(kind) = mv.promotion {
        gain[0] += value(v, kind) - VALUE[PieceKind::Pawn.index()];
        on_target = value(v, kind);
    }
    let mut occupied = pos.occupied() ^ mv.from.set();
    let mut side = !moving.side;
    let mut depth = 0;
    loop {
        let attackers = pos.attackers(to, side, occupied);
        let Some((cell, kind)) = v
            .by_value
            .iter()
            .find_map(|&k| (attackers & pos.kind_cells(k)).first().map(|c| (c, k)))
        else {
            break;
        };
        // A King may only take when nothing defends the cell any more.
        if kind == PieceKind::King && !pos.attackers(to, !side, occupied ^ cell.set()).is_empty() {
            break;
        }
        depth += 1;
        if depth >= gain.len() {
            break;
        }
        gain[depth] = on_target - gain[depth - 1];
        if (-gain[depth - 1]).max(gain[depth]) < 0 {
            break;
        }
        on_target = value(v, kind);
        occupied ^= cell.set();
        side = !side;
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(text: &str, mv: &str) -> i32 {
        let pos: Position = text.parse().unwrap();
        see(&pos, pos.parse_move(mv).unwrap())
    }

    #[test]
    fn exchanges_are_counted_out() {
        let middle = "r1qk1r/1bb1/1p1s1ppp/1p2p/3S6/6/2P1P5/s1P2/PP1P1PPP/1BB1/R1QK1R w 0 7";
        // A pawn takes a Sorcerer and keeps the gain.
        assert_eq!(see_of(middle, "c1xd1"), 350);
        // The Queen takes a defended pawn and is lost for it.
        assert_eq!(see_of(middle, "Qa3xi8"), 100 - 600);
        // An undefended Sorcerer is simply won.
        let hanging = "rsqk1r/1bb1/pp1p1pp1/4p/5p1s2/6/5p4/1PPS1/PP1PP1PP/1B1B/RSQK1R w 1 7";
        assert_eq!(see_of(hanging, "Sd4xg8"), 350);
    }
}
