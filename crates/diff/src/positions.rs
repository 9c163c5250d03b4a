//! Seeded positions to compare at: reachable ones (random playouts from the start, the history
//! kept as moves) and free placements (random cells, then a few random moves), both from the
//! project's one PRNG so a seed names the same positions forever.

use std::sync::Arc;

use tafl8_engine::{MoveList, Rules, Side, Status, Xorshift32, ATTACKER, DEFENDER, EMPTY, KING};

use crate::case::CasePos;

/// Plays up to `plies` random legal moves from `base` (stopping when the game ends); the moves
/// are appended to `base.moves`.
pub fn playout(rules: &Arc<Rules>, mut base: CasePos, plies: u32, rng: &mut Xorshift32) -> CasePos {
    let mut p = base.position(rules);
    let mut list = MoveList::new();
    for _ in 0..plies {
        if p.status() != Status::Ongoing {
            break;
        }
        p.gen_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let m = list.as_slice()[rng.below(list.len() as u16) as usize];
        p.make(m);
        base.moves.push(m);
    }
    base
}

/// `count` positions reached from the start by random playouts of 1..=`max_plies` plies, all with
/// the game still going (so every check has moves to look at).
pub fn reachable(rules: &Arc<Rules>, seed: u32, count: usize, max_plies: u32) -> Vec<CasePos> {
    let mut rng = Xorshift32::new(seed);
    let mut out = Vec::with_capacity(count);
    let mut tries = 0;
    while out.len() < count && tries < count * 20 {
        tries += 1;
        let plies = 1 + rng.below(max_plies.clamp(1, 32767) as u16) as u32;
        let c = playout(rules, CasePos::start(rules), plies, &mut rng);
        if c.position(rules).status() == Status::Ongoing {
            out.push(c);
        }
    }
    out
}

/// A free placement: each on-board square empty, attacker or defender (about 55/27/18 in 100),
/// the king on a random square, a random side to move, then up to `plies` random moves.
pub fn placement(rules: &Arc<Rules>, rng: &mut Xorshift32, plies: u32) -> CasePos {
    let g = rules.geometry();
    let mut cells = *rules.start_cells();
    let squares: Vec<usize> = g.squares().map(|s| s.index()).collect();
    for &s in &squares {
        cells[s] = match rng.below(100) {
            0..=54 => EMPTY,
            55..=81 => ATTACKER,
            _ => DEFENDER,
        };
    }
    cells[squares[rng.below(squares.len() as u16) as usize]] = KING;
    let side = if rng.below(2) == 0 {
        Side::Attackers
    } else {
        Side::Defenders
    };
    let base = CasePos {
        cells,
        side,
        moves: Vec::new(),
    };
    playout(rules, base, plies, rng)
}
