//! Move ordering: keys per move (TT move, PV move, captures, killers, history) and the selection
//! that picks the next move. All keys fit PICO-8's integers.
//!
//! Selection (the cart does the same): for position `i`, find the FIRST index `j >= i` with the
//! largest key and move entry `j` to place `i`, the entries in between moving up one place
//! (moves and keys together). So the moves are tried in a stable sort of their keys, highest
//! first, ties in generation order: the cart can then produce the first few moves (the table's,
//! the PV's, the captures, the killers) without generating the rest, and walk the quiet tail
//! without searching it for a maximum each time.

use crate::bitboard::Bits;
use crate::moves::Move;
use crate::piece::{Side, ATTACKER, DEFENDER, KING};
use crate::position::Position;
use crate::rules::FLAG_EDGE;

use super::MAX_PLY;

/// Key of the transposition table's move.
pub const KEY_TT: i16 = 30000;
/// Key of the previous iteration's PV move.
pub const KEY_PV: i16 = 29000;
/// Key of a move that captures (a piece, or the king).
pub const KEY_CAPTURE: i16 = 20000;
/// Key of the first killer (the second gets one less).
pub const KEY_KILLER: i16 = 19000;
/// History counters are halved (all of them) when one would pass this.
pub const HISTORY_MAX: i16 = 16000;

/// Killer moves: two per ply, the newest first.
#[derive(Clone, Debug)]
pub struct Killers([[Option<Move>; 2]; MAX_PLY]);

impl Killers {
    /// No killers.
    pub fn new() -> Killers {
        Killers([[None; 2]; MAX_PLY])
    }
    /// Records a quiet move that caused a cutoff at `ply` (kept once, newest first).
    pub fn add(&mut self, ply: usize, m: Move) {
        let k = &mut self.0[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }
    /// The two killers at `ply`, the newest first.
    #[inline]
    pub fn pair(&self, ply: usize) -> [Option<Move>; 2] {
        self.0[ply]
    }
    /// The key of `m` at `ply` (0 when it is not a killer).
    pub fn key(&self, ply: usize, m: Move) -> i16 {
        let k = &self.0[ply];
        if k[0] == Some(m) {
            KEY_KILLER
        } else if k[1] == Some(m) {
            KEY_KILLER - 1
        } else {
            0
        }
    }
}

impl Default for Killers {
    fn default() -> Self {
        Killers::new()
    }
}

/// History counters per move (a sparse table in the cart, indexed by `from * AREA + to`).
#[derive(Clone, Debug)]
pub struct History {
    /// Indexed by [`Move::pair`] (`to * 256 + from`, both padded squares): a `u16`'s worth of
    /// entries, so the index needs no bounds test and no multiply by the board's area.
    counts: Box<[i16; 1 << 16]>,
}

impl History {
    /// Zeroed counters (for any board: `area`, its padded squares, fits the table).
    pub fn new(area: usize) -> History {
        debug_assert!(area <= 256, "the table holds 256 x 256 squares");
        History {
            counts: vec![0; 1 << 16]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("the length asked for")),
        }
    }
    /// A quiet move caused a cutoff with `depth` plies left: add `depth^2`; when the counter
    /// would pass [`HISTORY_MAX`], halve every counter first (so none ever leaves the range, and
    /// the order among them is kept).
    pub fn reward(&mut self, m: Move, depth: i32) {
        let i = History::index(m);
        let bonus = (depth.clamp(1, 100) * depth.clamp(1, 100)).min(HISTORY_MAX as i32) as i16;
        if self.counts[i] > HISTORY_MAX - bonus {
            for c in self.counts.iter_mut() {
                *c /= 2;
            }
        }
        self.counts[i] += bonus;
    }
    /// The counter of `m`.
    #[inline]
    pub fn get(&self, m: Move) -> i16 {
        self.counts[History::index(m)]
    }
    /// The table index of `m`.
    #[inline(always)]
    fn index(m: Move) -> usize {
        m.pair() as usize
    }
}

/// Whether `mv` may capture: it lands next to an enemy soldier with a hostile square beyond it,
/// or (an attacker) next to the king, or on the edge when shieldwalls are on. Cheap and without
/// making the move; the quiescence search then makes the candidates and keeps real captures.
/// (The same set as [`capture_squares`] marks, one move at a time.)
pub fn is_capture_candidate(pos: &Position, mv: Move) -> bool {
    let piece = pos.cell(mv.from);
    if piece == KING && !pos.rules().king_armed() {
        return false;
    }
    let side = pos.side_to_move();
    let enemy = if side == Side::Attackers {
        DEFENDER
    } else {
        ATTACKER
    };
    let to = mv.to.index() as i16;
    let cells = pos.cells();
    for d in pos.geometry().directions() {
        let v = (to + d) as usize;
        let c = cells[v];
        // The far square is never `from`: the mover cannot have jumped over the neighbour.
        if c == enemy && pos.hostile_to((v as i16 + d) as usize, c) {
            return true;
        }
        if c == KING && side == Side::Attackers {
            return true;
        }
    }
    pos.rules().shieldwall() && pos.rules().flags()[mv.to.index()] & FLAG_EDGE != 0
}

/// The squares a move of the side to move may capture by landing on (see
/// [`is_capture_candidate`]), found once per node from the enemy pieces instead of per move,
/// as a board bitset (see [`crate::bitboard`]): next to an enemy soldier, the empty square on
/// one side is marked when the square on the other side is hostile to it; attackers also mark
/// the king's neighbours; with shieldwalls every edge square counts. An unarmed king's moves
/// never capture: callers check the moving piece.
pub fn capture_squares(pos: &Position) -> Bits {
    let (near, edge) = capture_parts(pos);
    near | edge
}

/// [`capture_squares`] in its two parts: the squares marked for a custodial capture or
/// beside the king, and the edge squares marked for a shieldwall (0 without shieldwalls).
pub(crate) fn capture_parts(pos: &Position) -> (Bits, Bits) {
    let rules = pos.rules();
    let l = rules.layout();
    let side = pos.side_to_move();
    let enemy = if side == Side::Attackers {
        DEFENDER
    } else {
        ATTACKER
    };
    let [_, attackers, defenders, king] = pos.bits;
    let occupied = attackers | defenders | king;
    let empty = l.board & !occupied;
    // The squares `Position::hostile_to` finds hostile to an enemy soldier, all at once: the
    // empty and occupied special squares of its kind, and the pieces that capture it (the king
    // only if armed). The throne's Linnaean rule depends on the pieces around it: it is asked
    // of `hostile_to` itself.
    let capturers = if enemy == ATTACKER {
        defenders | if rules.king_armed() { king } else { 0 }
    } else {
        attackers
    };
    let mut hostile = (empty & rules.hostile_empty_bits(enemy))
        | (occupied & rules.hostile_occupied_bits(enemy))
        | capturers;
    if let Some(t) = rules.throne() {
        if pos.hostile_to(t.index(), enemy) {
            hostile |= l.bit(t.index());
        }
    }
    let soldiers = pos.bits[enemy as usize];
    let mut marks = 0;
    for dir in 0..4 {
        // Soldiers with a hostile square one step against `dir`; the landing square is the
        // one step along it, on the other side.
        let flanked = soldiers & l.shift(hostile, dir);
        marks |= l.shift(flanked, dir) & empty;
    }
    if side == Side::Attackers {
        marks |= l.neighbours(king);
    }
    (marks, if rules.shieldwall() { l.edge } else { 0 })
}

/// Moves the first of the best remaining moves into position `i` (see the module doc).
#[inline]
pub fn pick(moves: &mut [Move], keys: &mut [i16], i: usize) {
    let n = moves.len().min(keys.len());
    if i >= n {
        return;
    }
    // Two passes: the largest key (a reduction the compiler does many keys at a time), then
    // the first place holding it; a single pass carrying the index along cannot be vectorised.
    let tail = &keys[i..n];
    let best_key = tail.iter().copied().max().unwrap_or(keys[i]);
    let best = i + first_of(tail, best_key);
    if best > i {
        // The entries in between move up one place: a copy within each slice, cheaper than the
        // general rotation for a shift of one.
        let (m, k) = (moves[best], keys[best]);
        moves.copy_within(i..best, i + 1);
        keys.copy_within(i..best, i + 1);
        moves[i] = m;
        keys[i] = k;
    }
}

/// The first place of `key` in `keys` (0 if absent, as `position` would say with
/// `unwrap_or(0)`): eight keys compared at a time (a test
/// without an early exit the compiler does in one vector compare), then the place within the
/// eight that hold it.
#[inline(always)]
fn first_of(keys: &[i16], key: i16) -> usize {
    let mut chunks = keys.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        if chunk.iter().fold(false, |hit, &k| hit | (k == key)) {
            return base + chunk.iter().position(|&k| k == key).unwrap_or(0);
        }
        base += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&k| k == key)
        .map_or(0, |j| base + j)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn m(a: u8, b: u8) -> Move {
        Move::new(Square(a), Square(b))
    }

    #[test]
    fn pick_is_a_stable_sort() {
        let mut mv = [m(1, 2), m(3, 4), m(5, 6), m(7, 8), m(9, 10)];
        let mut k = [0, 5, 5, 1, 0];
        pick(&mut mv, &mut k, 0);
        assert_eq!(mv[0], m(3, 4));
        assert_eq!(mv[1], m(1, 2)); // the skipped move moved up one place, not to the hole
        for i in 1..5 {
            pick(&mut mv, &mut k, i);
        }
        // Highest key first, equal keys in their first order: 5, 5, 1, 0, 0.
        assert_eq!(mv, [m(3, 4), m(5, 6), m(7, 8), m(1, 2), m(9, 10)]);
        assert_eq!(k, [5, 5, 1, 0, 0]);
    }

    #[test]
    fn first_of_finds_the_first_place() {
        let keys: Vec<i16> = (0..40).map(|i| (i % 13) as i16).collect();
        for key in 0..13 {
            assert_eq!(first_of(&keys, key), key as usize);
            for from in 0..40 {
                let want = keys[from..].iter().position(|&k| k == key).unwrap_or(0);
                assert_eq!(first_of(&keys[from..], key), want, "{key} {from}");
            }
        }
        assert_eq!(first_of(&keys, 99), 0);
    }

    #[test]
    fn history_halves_before_overflow() {
        let mut h = History::new(81);
        let a = m(10, 12);
        let b = m(11, 13);
        h.reward(b, 10); // 100
        for _ in 0..200 {
            h.reward(a, 10);
        }
        assert!(h.get(a) <= HISTORY_MAX && h.get(a) > h.get(b));
        assert!(h.get(b) < 100, "b was halved along the way");
    }

    #[test]
    fn capture_squares_agree_with_the_per_move_test() {
        // Every preset along the seeded random walks (both sides to move, pieces thinning out,
        // special squares emptied and filled), every move: the bitset marks against the
        // per-move test that reads the board square by square.
        let mut candidates = 0;
        crate::testutil::random_walks(99, 1500, 150, |step, pos| {
            let marks = capture_squares(pos);
            let l = pos.rules().layout();
            for &m in step.moves.iter() {
                let armed = pos.cell(m.from) != KING || pos.rules().king_armed();
                let want = is_capture_candidate(pos, m);
                assert_eq!(
                    want,
                    armed && marks & l.bit(m.to.index()) != 0,
                    "{} step {}: {m:?}",
                    step.preset,
                    step.index
                );
                candidates += want as u32;
            }
        });
        assert!(candidates > 1000, "{candidates}");
    }

    #[test]
    fn killers_keep_two_newest() {
        let mut k = Killers::new();
        k.add(3, m(1, 2));
        k.add(3, m(1, 2));
        k.add(3, m(3, 4));
        assert_eq!(k.key(3, m(3, 4)), KEY_KILLER);
        assert_eq!(k.key(3, m(1, 2)), KEY_KILLER - 1);
        k.add(3, m(5, 6));
        assert_eq!(k.key(3, m(1, 2)), 0);
        assert_eq!(k.key(4, m(5, 6)), 0);
    }
}
