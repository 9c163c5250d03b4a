//! Perft: the number of positions exactly `depth` plies ahead. Every leaf is made and unmade (no
//! bulk counting). A game that ended before `depth` is not expanded (it contributes nothing deeper,
//! as in chess perft); the generator gives no moves in a finished game. Repetition and the move
//! limit are ignored (they would make the count depend on history).

use crate::moves::{Move, MoveList};
use crate::position::{Position, Status};

/// Leaf count of `pos` at `depth` (1 at depth 0).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // One move list per ply, made once: a fresh list per node would clear ~1 KB each time.
    let mut lists = vec![MoveList::new(); depth as usize];
    perft_with(pos, depth, &mut lists)
}

fn perft_with(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    pos.gen_moves(list);
    let mut n = 0;
    if depth == 1 {
        for &m in list.iter() {
            let undo = pos.make(m);
            n += 1;
            pos.unmake(&undo);
        }
        return n;
    }
    for &m in list.iter() {
        let undo = pos.make(m);
        if pos.status() == Status::Ongoing {
            n += perft_with(pos, depth - 1, deeper);
        }
        pos.unmake(&undo);
    }
    n
}

/// Per-root-move leaf counts at `depth` (>= 1), in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.gen_moves(&mut list);
    list.iter()
        .map(|&m| {
            let undo = pos.make(m);
            let n = if depth <= 1 {
                1
            } else if pos.status() == Status::Ongoing {
                perft(pos, depth - 1)
            } else {
                0
            };
            pos.unmake(&undo);
            (m, n)
        })
        .collect()
}
