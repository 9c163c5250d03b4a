//! Move generation in the contract's order: squares in increasing index; for each piece of the
//! side to move, directions N, E, S, W; along each ray the nearest destination first. No sorting.
//!
//! Along a ray a piece stops at the first occupied square; an empty square is a destination if
//! its kind may stop there, and the ray ends after a square its kind may not pass.

use crate::bitboard::Bits;
use crate::moves::{Move, MoveList};
use crate::piece::{ATTACKER, DEFENDER, EMPTY, KING};
use crate::position::Position;
use crate::rules::KindSet;
use crate::square::{step, Square, CELLS};

impl Position {
    /// Fills `list` with the legal moves of the side to move (empty if the game already ended:
    /// a finished game has no moves).
    #[inline]
    pub fn gen_moves(&self, list: &mut MoveList) {
        list.clear();
        if self.status != crate::position::Status::Ongoing {
            return;
        }
        let dirs = self.geometry().directions();
        let stop = self.rules.stop_full();
        let pass = self.rules.pass_full();
        let l = self.rules.layout();
        // The pieces of the side to move from the position's bitsets: a bit's index grows with
        // the square's (rank by rank, file by file), so lowest bit first is increasing square
        // index, the contract's order, without testing every empty square on the way.
        let mut mine = if self.side.code() == ATTACKER {
            self.bits[ATTACKER as usize]
        } else {
            self.bits[DEFENDER as usize] | self.bits[KING as usize]
        };
        // The count in a local, written back once: pushing through the list stored its length
        // after every move.
        let (moves, mut n) = (&mut list.moves, 0);
        while mine != 0 {
            let sq = l.square(mine.trailing_zeros());
            mine &= mine - 1;
            n = self.piece_moves(sq, dirs, stop, pass, moves, n);
        }
        list.len = n;
    }

    /// Appends the moves of the piece on `sq` to `moves` from index `n` (N, E, S, W, nearest
    /// first); returns the new count.
    #[inline(always)]
    fn piece_moves<const N: usize>(
        &self,
        sq: usize,
        dirs: [i16; 4],
        stop: &[KindSet; CELLS],
        pass: &[KindSet; CELLS],
        moves: &mut [Move; N],
        mut n: usize,
    ) -> usize {
        // The kind's bit in the stop and pass sets (`KindSet::contains` without its range
        // test: the code of a piece is 1..=3).
        let kind = 1u8 << (self.cells[sq] & 7);
        for d in dirs {
            let mut t = step(sq, d);
            while self.cells[t] == EMPTY {
                if stop[t].0 & kind != 0 {
                    moves[n % N] = Move::new(Square(sq as u8), Square(t as u8));
                    n += 1;
                }
                if pass[t].0 & kind == 0 {
                    break;
                }
                t = step(t, d);
            }
        }
        n
    }

    /// Writes into `moves` (a room of a power of two of at least [`PIECE_MOVES`] moves) the
    /// moves of the piece on `sq` (a piece of the side to move), in generation order: the same
    /// moves as [`Position::gen_moves`] lists from `sq`. Returns their count.
    pub(crate) fn moves_from<const N: usize>(&self, sq: Square, moves: &mut [Move; N]) -> usize {
        debug_assert!(N.is_power_of_two() && N >= PIECE_MOVES);
        if self.status != crate::position::Status::Ongoing {
            return 0;
        }
        let dirs = self.geometry().directions();
        let (stop, pass) = (self.rules.stop_full(), self.rules.pass_full());
        self.piece_moves(sq.index(), dirs, stop, pass, moves, 0)
    }

    /// Fills `list` with the moves of the side to move that land on a square of `targets` (the
    /// king's: of `king_targets`), in generation order: the moves [`Position::gen_moves`] lists
    /// that pass that filter, found without walking every piece's rays.
    ///
    /// Each kind's reachable targets come from a doubling fill per direction (all its pieces at
    /// once), each target reached walked back to its piece; a lone piece (the king) takes its
    /// own four rays instead. The moves are sorted by (piece, direction, distance), the
    /// generator's order.
    pub(crate) fn gen_moves_onto(&self, targets: Bits, king_targets: Bits, list: &mut MoveList) {
        // A square is reached along each direction by one piece at most: never past the room.
        list.len = self
            .moves_onto(targets, king_targets, &mut list.moves)
            .unwrap_or_else(|| unreachable!("more moves than squares reached"));
    }

    /// [`Position::gen_moves_onto`] into `moves`, a room of a power of two of moves; returns
    /// the count, or `None` when there were more moves than room (the caller generates them
    /// again into a [`MoveList`]). So the search's few candidates need no list of
    /// [`MAX_MOVES`](crate::moves::MAX_MOVES) zeroed for them.
    pub(crate) fn moves_onto<const N: usize>(
        &self,
        targets: Bits,
        king_targets: Bits,
        moves: &mut [Move; N],
    ) -> Option<usize> {
        debug_assert!(N.is_power_of_two());
        if self.status != crate::position::Status::Ongoing {
            return Some(0);
        }
        let l = self.rules.layout();
        let dirs = self.geometry().directions();
        let occupied =
            self.bits[ATTACKER as usize] | self.bits[DEFENDER as usize] | self.bits[KING as usize];
        let empty = l.board & !occupied;
        let kinds: &[u8] = if self.side.code() == ATTACKER {
            &[ATTACKER]
        } else if king_targets != 0 {
            &[DEFENDER, KING]
        } else {
            &[DEFENDER]
        };
        let mut n = 0;
        for &kind in kinds {
            let movers = self.bits[kind as usize];
            if movers == 0 {
                continue;
            }
            let through = empty & self.rules.pass_bits(kind);
            let onto = if kind == KING { king_targets } else { targets };
            let land = empty & self.rules.stop_bits(kind) & onto;
            if land == 0 {
                continue;
            }
            if movers & (movers - 1) == 0 {
                // One piece (the king): its own four rays, no fill.
                let i = movers.trailing_zeros() as usize;
                let from = Square(l.square(i as u32) as u8);
                for (dir, &ray) in l.rays_until(i, through).iter().enumerate() {
                    let mut hits = ray & land;
                    while hits != 0 {
                        let dist = l.line_steps(i as u32, hits.trailing_zeros());
                        hits &= hits - 1;
                        n = insert_sorted(moves, n, from, dir, dist);
                    }
                }
            } else {
                // Each direction's fill by its own constant: the loop below would pick the shift
                // by a branch on a variable direction.
                let reach = [
                    l.steps(movers, 0, through),
                    l.steps(movers, 1, through),
                    l.steps(movers, 2, through),
                    l.steps(movers, 3, through),
                ];
                for (dir, (&d, &reached)) in dirs.iter().zip(&reach).enumerate() {
                    let mut hits = reached & land;
                    while hits != 0 {
                        let i = hits.trailing_zeros();
                        hits &= hits - 1;
                        // The squares between are empty: the first piece back is the mover.
                        let (mut from, mut dist) = (step(l.square(i), -d), 1);
                        while self.cells[from] == EMPTY {
                            from = step(from, -d);
                            dist += 1;
                        }
                        n = insert_sorted(moves, n, Square(from as u8), dir, dist);
                    }
                }
            }
        }
        // Past the room the moves were stored over each other (at indices wrapped into it):
        // none is read.
        for m in moves.get_mut(..n)?.iter_mut() {
            let (dir, dist) = (m.to.0 >> 4, m.to.0 & 15);
            let to = m.from.0 as i16 + dirs[dir as usize & 3] * dist as i16;
            m.to = Square(to as u8);
        }
        Some(n)
    }

    /// Whether `mv` is among the generated moves (a slow, exact legality test for `play`).
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.gen_moves(&mut list);
        list.iter().any(|&m| m == mv)
    }
}

/// The most moves one piece has: along a rank and a file of the largest board.
pub(crate) const PIECE_MOVES: usize = 2 * (crate::square::MAX_SIZE as usize - 1);

/// Inserts the move of the piece on `from` going `dist` squares in direction `dir` into the
/// first `n` of `moves`, kept sorted by its key; returns the new count. The key is the piece's
/// square, then the direction (2 bits) and the distance (4 bits: at most 10 steps on an 11 x 11
/// board), held in the two bytes of a `Move` until the list is done (the generator's order; few
/// moves, so insertion is cheap).
#[inline(always)]
fn insert_sorted<const N: usize>(
    moves: &mut [Move; N],
    n: usize,
    from: Square,
    dir: usize,
    dist: u8,
) -> usize {
    let key = |m: &Move| (m.from.0 as u16) << 8 | m.to.0 as u16;
    let found = Move::new(from, Square((dir as u8) << 4 | dist));
    // Indices modulo the room (never reached): no bounds tests.
    let mut j = n % N;
    while j > 0 && key(&moves[(j - 1) % N]) > key(&found) {
        moves[j] = moves[(j - 1) % N];
        j -= 1;
    }
    moves[j] = found;
    n + 1
}

#[cfg(test)]
mod tests {
    use crate::moves::{Move, MoveList};
    use crate::piece::KING;
    use crate::rng::Xorshift32;
    use crate::testutil::random_bits;

    #[test]
    fn targeted_generators_list_the_full_generators_moves_in_its_order() {
        // Every preset along seeded random walks: the moves onto a target set (random sets, the
        // whole board, the edge and the king's sides, none), the king's onto each of them too, and
        // the moves of each piece, against the full list filtered in its own order.
        let mut rng = Xorshift32::new(7);
        let mut onto = MoveList::new();
        let (mut checked, mut overflows) = (0usize, 0usize);
        crate::testutil::random_walks(29, 600, 150, |step, pos| {
            let l = pos.rules().layout();
            let mut r = || random_bits(&mut rng);
            let sparse = r() & r();
            // A sixteenth of the board: few landing squares, as quiescence asks for.
            let sparser = sparse & r() & r();
            let sets = [
                sparse & l.board,
                sparser & l.board,
                l.board,
                l.edge | l.neighbours(pos.bits[KING as usize]),
                0,
            ];
            for targets in sets {
                for king_targets in sets {
                    pos.gen_moves_onto(targets, king_targets, &mut onto);
                    let want: Vec<Move> = step
                        .moves
                        .iter()
                        .copied()
                        .filter(|m| {
                            let onto = if pos.cell(m.from) == KING {
                                king_targets
                            } else {
                                targets
                            };
                            l.bit(m.to.index()) & onto != 0
                        })
                        .collect();
                    assert_eq!(onto.as_slice(), want, "{} step {}", step.preset, step.index);
                    // In a small room: the same moves, or none when they do not fit.
                    let mut room = [Move::default(); 32];
                    let fits = pos.moves_onto(targets, king_targets, &mut room);
                    let want_fits = (want.len() <= room.len()).then_some(want.len());
                    assert_eq!(fits, want_fits, "{} step {}", step.preset, step.index);
                    if let Some(n) = fits {
                        assert_eq!(&room[..n], want, "{} step {}", step.preset, step.index);
                    }
                    overflows += (fits.is_none()) as usize;
                    checked += want.len();
                }
            }
            let mut from = [Move::default(); 32];
            for sq in pos.rules().geometry().squares() {
                if crate::piece::Side::of_piece(pos.cell(sq)) != Some(pos.side_to_move()) {
                    continue;
                }
                let n = pos.moves_from(sq, &mut from);
                let want: Vec<Move> = step
                    .moves
                    .iter()
                    .copied()
                    .filter(|m| m.from == sq)
                    .collect();
                assert_eq!(&from[..n], want, "{} step {}", step.preset, step.index);
            }
        });
        assert!(checked > 100_000, "{checked}");
        assert!(overflows > 100, "{overflows}");
    }
}
