//! Dense board bitsets: square `(file, rank)` is bit `rank * n + file`, so an 11 x 11 board (121
//! squares) fits one `u128`. The padded mailbox stays the contract's representation; the
//! position keeps one bitset per piece kind beside it (updated by `make`/`unmake`), and the
//! rules and the evaluation answer board-wide questions (is every defender enclosed, where can
//! the king go) with whole-board shifts instead of square-by-square walks.
//!
//! Why dense and not padded: the padded 13 x 13 mailbox has 169 cells, more than 128 bits; the
//! price of dense is masking the east/west shifts so a ray cannot wrap onto the next rank.

use crate::square::{Geometry, CELLS};

/// A set of squares of one board, one bit per square (see the module doc for the bit order).
pub(crate) type Bits = u128;

/// One board size's bit layout: the square <-> bit maps and the masks the shifts need.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    n: u32,
    /// Every on-board square.
    pub(crate) board: Bits,
    /// The on-board squares of the outermost files and ranks.
    pub(crate) edge: Bits,
    /// The edge line facing each direction (contract order): the squares with no on-board
    /// neighbour that way.
    pub(crate) lines: [Bits; 4],
    not_first_file: Bits,
    not_last_file: Bits,
    /// The bit of each padded square (0 for ring squares and past the area).
    bit_of: [Bits; CELLS],
    /// The on-board squares among the 8 around each padded square (0 off the board).
    around: [Bits; CELLS],
    /// The on-board squares one orthogonal step from each padded square (0 off the board).
    beside: [Bits; CELLS],
    /// Per padded square, its neighbours along the edge line it stands on: those in a
    /// direction with exactly one of its two perpendicular neighbours off the board (0 for a
    /// square off the edge).
    along_edge: [Bits; CELLS],
    /// The padded square of each bit index.
    square_of: [u8; 128],
    /// The bit index of each padded square (0 for ring squares and past the area).
    index_of: [u8; CELLS],
    /// The squares of each direction's ray (contract order) from each bit index, to the edge.
    rays: [[Bits; 128]; 4],
    /// The four rays of each bit index together: its rank and file but itself.
    cross: [Bits; 128],
    /// The squares whose bit index is at least each index: what a ray going down the bits keeps
    /// up to its first stop.
    from_index: [Bits; 128],
    /// The steps between two squares of a line by the difference of their bit indices: the
    /// difference itself along a rank (below `n`), a multiple of `n` along a file.
    line_steps: [u8; 128],
}

impl Layout {
    /// The layout of `g`'s board.
    pub(crate) fn new(g: Geometry) -> Layout {
        let n = g.size() as u32;
        let mut l = Layout {
            n,
            board: 0,
            edge: 0,
            lines: [0; 4],
            not_first_file: 0,
            not_last_file: 0,
            bit_of: [0; CELLS],
            around: [0; CELLS],
            beside: [0; CELLS],
            along_edge: [0; CELLS],
            square_of: [0; 128],
            index_of: [0; CELLS],
            rays: [[0; 128]; 4],
            cross: [0; 128],
            from_index: [0; 128],
            line_steps: [0; 128],
        };
        for rank in 0..n as u8 {
            for file in 0..n as u8 {
                let i = rank as u32 * n + file as u32;
                let bit: Bits = 1 << i;
                let sq = g
                    .square(file, rank)
                    .unwrap_or_else(|| unreachable!("file and rank below n"))
                    .index();
                l.board |= bit;
                l.bit_of[sq] = bit;
                l.square_of[i as usize] = sq as u8;
                l.index_of[sq] = i as u8;
                if file != 0 {
                    l.not_first_file |= bit;
                }
                if file as u32 != n - 1 {
                    l.not_last_file |= bit;
                }
                if file == 0 || rank == 0 || file as u32 == n - 1 || rank as u32 == n - 1 {
                    l.edge |= bit;
                }
            }
        }
        for dir in 0..4 {
            l.lines[dir] = l.board & !l.shift(l.board, (dir + 2) % 4);
        }
        for sq in 0..CELLS {
            let b = l.bit_of[sq];
            let (north, south) = (l.shift(b, 0), l.shift(b, 2));
            let line = b | north | south;
            l.around[sq] = (line | l.shift(line, 1) | l.shift(line, 3)) & !b;
            l.beside[sq] = l.neighbours(b);
            for dir in 0..4 {
                let off = |d: usize| l.shift(b, d) == 0;
                if b != 0 && off((dir + 1) % 4) != off((dir + 3) % 4) {
                    l.along_edge[sq] |= l.shift(b, dir);
                }
            }
        }
        for i in 0..128 {
            l.from_index[i] = !0 << i;
            l.line_steps[i] = if i as u32 % n == 0 {
                i as u32 / n
            } else {
                i as u32
            } as u8;
            let b = l.board & (1 << i);
            for dir in 0..4 {
                l.rays[dir][i] = l.steps(b, dir, l.board);
                l.cross[i] |= l.rays[dir][i];
            }
        }
        l
    }

    /// The bit index of on-board padded square `sq`.
    #[inline(always)]
    pub(crate) fn index(&self, sq: usize) -> usize {
        self.index_of[sq & (CELLS - 1)] as usize
    }

    /// The four rays (contract order) from the square of bit index `i`, each cut after its
    /// first square outside `through`, that square kept (the whole ray when it has none): where
    /// a piece passing over `through` squares can go, before asking where it may stop. One
    /// source square needs no fill: the first stop is the lowest set bit of a ray going up the
    /// bits (north, east) and the highest of one going down.
    #[inline(always)]
    pub(crate) fn rays_until(&self, i: usize, through: Bits) -> [Bits; 4] {
        let i = i & 127;
        let up = |ray: Bits| {
            let stops = ray & !through;
            // All the bits up to and including the lowest stop (every bit when none).
            ray & (stops ^ stops.wrapping_sub(1))
        };
        let down = |ray: Bits| {
            // Bit 0 as a stop changes nothing: a ray keeps its lowest square either way.
            let stops = (ray & !through) | 1;
            ray & self.from_index[127 - stops.leading_zeros() as usize]
        };
        [
            up(self.rays[0][i]),
            up(self.rays[1][i]),
            down(self.rays[2][i]),
            down(self.rays[3][i]),
        ]
    }

    /// The steps from the square of bit index `a` to that of `b` on the same rank or file (a
    /// table read: counting a ray's bits takes a few dozen instructions without `popcnt`).
    #[inline(always)]
    pub(crate) fn line_steps(&self, a: u32, b: u32) -> u8 {
        self.line_steps[a.abs_diff(b) as usize & 127]
    }

    /// The squares of the rank and file of the square of bit index `i`, but itself: all its
    /// rays to the edge.
    #[inline(always)]
    pub(crate) fn cross(&self, i: usize) -> Bits {
        self.cross[i & 127]
    }

    /// The on-board squares among the 8 around padded square `sq` (orthogonal and diagonal).
    #[inline(always)]
    pub(crate) fn around(&self, sq: usize) -> Bits {
        self.around[sq & (CELLS - 1)]
    }

    /// The on-board squares one orthogonal step from padded square `sq`.
    #[inline(always)]
    pub(crate) fn beside(&self, sq: usize) -> Bits {
        self.beside[sq & (CELLS - 1)]
    }

    /// The neighbours of padded square `sq` along the edge line it stands on (see
    /// `along_edge`): where a shieldwall beside it may run.
    #[inline(always)]
    pub(crate) fn along_edge(&self, sq: usize) -> Bits {
        self.along_edge[sq & (CELLS - 1)]
    }

    /// The bit of padded square `sq` (0 for a ring square).
    #[inline(always)]
    pub(crate) fn bit(&self, sq: usize) -> Bits {
        self.bit_of[sq & (CELLS - 1)]
    }

    /// The padded square of bit index `i` (as `trailing_zeros` gives it).
    #[inline(always)]
    pub(crate) fn square(&self, i: u32) -> usize {
        self.square_of[i as usize & 127] as usize
    }

    /// `x` moved one step in direction `dir` (contract order: 0 north, 1 east, 2 south, 3 west);
    /// squares stepping off the board drop out.
    #[inline(always)]
    pub(crate) fn shift(&self, x: Bits, dir: usize) -> Bits {
        // Copenhagen's 11 x 11 board, the one whose speed is matched against other engines, gets
        // shifts by a constant (see `shift_n`); a branch per board size would cost more than it
        // saves (with 7 and 9 as well, Copenhagen's count went back to where it was without).
        match self.n {
            11 => self.shift_n::<11>(x, dir),
            _ => self.shift_n::<0>(x, dir),
        }
    }

    /// [`Layout::shift`] on an `N` x `N` board (`N` = 0: this layout's size, read at run time).
    /// Why a constant: a 128-bit shift by a variable amount takes several instructions more
    /// than one by a constant (both halves, and a test for amounts of 64 or more).
    #[inline(always)]
    fn shift_n<const N: u32>(&self, x: Bits, dir: usize) -> Bits {
        let n = if N == 0 { self.n } else { N };
        match dir {
            0 => (x << n) & self.board,
            1 => (x << 1) & self.not_first_file,
            2 => x >> n,
            _ => (x >> 1) & self.not_last_file,
        }
    }

    /// Every square reachable from `from` by one step or more in direction `dir` whose steps
    /// before the last all land on `through` squares: `from` and its occluded fill (Kogge-Stone:
    /// the fill doubles its reach each round, four rounds cover the 10 steps of an 11-square
    /// line; east, up the bits along a rank, one subtraction instead). A ray walks on it: one
    /// step from the fill through its passable squares.
    #[inline(always)]
    pub(crate) fn steps(&self, from: Bits, dir: usize, through: Bits) -> Bits {
        // As in `shift`: Copenhagen's size as a constant.
        match self.n {
            11 => self.steps_n::<11>(from, dir, through),
            _ => self.steps_n::<0>(from, dir, through),
        }
    }

    /// [`Layout::steps`] on an `N` x `N` board (`N` = 0: this layout's size), as
    /// [`Layout::shift_n`].
    #[inline(always)]
    fn steps_n<const N: u32>(&self, from: Bits, dir: usize, through: Bits) -> Bits {
        let n = if N == 0 { self.n } else { N };
        let (mut g, mut p) = (from, through);
        match dir {
            0 => {
                for k in [1, 2, 4, 8] {
                    g |= p & (g << (n * k));
                    p &= p << (n * k);
                }
            }
            1 => {
                // Up the bits along a rank, a borrow does it at once: subtracting a source's
                // next bit clears the first block above it and sets the bits between, so the
                // changed bits are the source's steps. The last file blocks, ending each
                // borrow on its rank; a source on it has no steps.
                let from = from & self.not_last_file;
                let blocks = !through | self.lines[1] | from;
                return blocks.wrapping_sub(from << 1) ^ blocks;
            }
            2 => {
                for k in [1, 2, 4, 8] {
                    g |= p & (g >> (n * k));
                    p &= p >> (n * k);
                }
            }
            _ => {
                p &= self.not_last_file;
                for k in [1, 2, 4, 8] {
                    g |= p & (g >> k);
                    p &= p >> k;
                }
            }
        }
        self.shift_n::<N>(g, dir)
    }

    /// The squares one orthogonal step from a square of `x`.
    #[inline(always)]
    pub(crate) fn neighbours(&self, x: Bits) -> Bits {
        self.shift(x, 0) | self.shift(x, 1) | self.shift(x, 2) | self.shift(x, 3)
    }

    /// The edge squares whose taking out of `free` may cut squares of `free` off the edge:
    /// for any seed, a fill through `free` reaches the edge exactly when it reaches it with
    /// any other edge square `t` taken out. Why: a way to the edge that needs `t` reaches it
    /// from its inside neighbour (its other neighbours on the board are edge squares
    /// themselves), which is then free and joined to an edge square around `t` only if a
    /// diagonal and its edge neighbour on that side are free too.
    #[inline(always)]
    pub(crate) fn edge_cuts(&self, free: Bits) -> Bits {
        let mut cuts = 0;
        for outward in 0..4 {
            let (a, b) = ((outward + 1) % 4, (outward + 3) % 4);
            // The squares whose inside neighbour is free.
            let inside = self.shift(free, outward);
            let round_a = self.shift(inside, b) & self.shift(free, b);
            let round_b = self.shift(inside, a) & self.shift(free, a);
            cuts |= self.lines[outward] & inside & !round_a & !round_b;
        }
        cuts
    }

    /// Everything 4-connected to `seed` through `free` squares (`seed` itself included).
    #[inline]
    pub(crate) fn fill(&self, seed: Bits, free: Bits) -> Bits {
        let mut r = seed;
        loop {
            let grown = r | (self.neighbours(r) & free);
            if grown == r {
                return r;
            }
            r = grown;
        }
    }

    /// Whether the 4-connected growth of `seed` through `free` squares touches `target` (`seed`
    /// itself included); stops as soon as it does.
    #[inline]
    pub(crate) fn fill_reaches(&self, seed: Bits, free: Bits, target: Bits) -> bool {
        let mut r = seed;
        loop {
            if r & target != 0 {
                return true;
            }
            let grown = r | (self.neighbours(r) & free);
            if grown == r {
                return false;
            }
            r = grown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Xorshift32;
    use crate::testutil::random_bits;

    #[test]
    fn shifts_stay_on_the_board() {
        // n = 7: a1 is bit 0, g1 bit 6, a2 bit 7, g7 bit 48.
        let g = Geometry::new(7).unwrap();
        let m = Layout::new(g);
        let (a1, g1, a2, g7) = (1u128, 1u128 << 6, 1u128 << 7, 1u128 << 48);
        assert_eq!(m.shift(a1, 0), a2);
        assert_eq!(m.shift(a1, 1), 1 << 1);
        assert_eq!(m.shift(a1, 2), 0);
        assert_eq!(m.shift(a1, 3), 0);
        assert_eq!(m.shift(g1, 1), 0, "east of g1 is off the board, not a2");
        assert_eq!(m.shift(a2, 3), 0, "west of a2 is off the board, not g1");
        assert_eq!(m.shift(g7, 0), 0);
        assert_eq!(m.bit(g.square(6, 6).unwrap().index()), g7);
        assert_eq!(m.bit(g.square(0, 1).unwrap().index()), a2);
        assert_eq!(m.square(48), g.square(6, 6).unwrap().index());
        assert_eq!(m.bit(0), 0, "a ring square has no bit");
        // Around a corner 3 squares, an edge square 5, an inner square 8; none around a ring square.
        let sq = |f, r| g.square(f, r).unwrap().index();
        assert_eq!(m.around(sq(0, 0)), (1 << 1) | (1 << 7) | (1 << 8));
        assert_eq!(m.around(sq(3, 0)).count_ones(), 5);
        assert_eq!(m.around(sq(6, 3)).count_ones(), 5);
        assert_eq!(m.around(sq(3, 3)).count_ones(), 8);
        assert_eq!(m.around(sq(3, 3)) & m.bit(sq(3, 3)), 0);
        assert_eq!(m.around(0), 0);
        assert_eq!(m.beside(sq(0, 0)), (1 << 1) | (1 << 7));
        assert_eq!(m.beside(sq(3, 3)).count_ones(), 4);
        assert_eq!(m.beside(sq(3, 3)) & !m.around(sq(3, 3)), 0);
        assert_eq!(m.beside(0), 0);
        // 7 x 7 has 24 edge squares (4 * 7 - 4); the line facing south is rank 1, west file a.
        assert_eq!(m.edge.count_ones(), 24);
        assert_eq!(m.lines[2], 0x7f);
        assert_eq!(m.lines[3], (0..7).map(|r| 1u128 << (r * 7)).sum::<Bits>());
        assert_eq!(m.lines.iter().fold(0, |a, &b| a | b), m.edge);
        assert_eq!(m.board.count_ones(), 49);
    }

    #[test]
    fn steps_agree_with_a_walk() {
        // Random sources and passable squares on every board size, each direction: the fills
        // (doubling, and the borrow east) must reach exactly what a step-by-step walk reaches.
        let mut rng = Xorshift32::new(0x9e37_79b9);
        for n in 5..=11 {
            let m = Layout::new(Geometry::new(n).unwrap());
            for _ in 0..300 {
                let from = random_bits(&mut rng) & random_bits(&mut rng) & random_bits(&mut rng);
                let through = random_bits(&mut rng) | random_bits(&mut rng);
                let (from, through) = (from & m.board, through & m.board);
                for dir in 0..4 {
                    let mut step = m.shift(from, dir);
                    let mut walk = step;
                    while step != 0 {
                        step = m.shift(step & through, dir);
                        walk |= step;
                    }
                    assert_eq!(m.steps(from, dir, through), walk, "n {n} dir {dir}");
                }
            }
        }
    }

    #[test]
    fn rays_until_agree_with_a_walk() {
        // Every square of every board size, random passable squares: each ray walked a square at
        // a time, up to and including its first square outside `through`.
        let mut rng = Xorshift32::new(0x6a09_e667);
        let mut cut = 0;
        for n in 5..=11 {
            let g = Geometry::new(n).unwrap();
            let m = Layout::new(g);
            for sq in g.squares() {
                let i = m.index(sq.index());
                assert_eq!(m.bit(sq.index()), 1 << i);
                for _ in 0..20 {
                    let through = m.board & (random_bits(&mut rng) | random_bits(&mut rng));
                    let rays = m.rays_until(i, through);
                    for (dir, &got) in rays.iter().enumerate() {
                        let (mut step, mut walk) = (m.shift(1 << i, dir), 0);
                        while step != 0 {
                            walk |= step;
                            if step & through == 0 {
                                cut += 1;
                                break;
                            }
                            step = m.shift(step, dir);
                        }
                        assert_eq!(got, walk, "n {n} square {i} dir {dir}");
                    }
                }
            }
        }
        assert!(cut > 10_000, "{cut}");
    }

    #[test]
    fn edge_squares_off_the_cuts_cut_nothing() {
        // Random free sets and seeds on every board size: taking an edge square that
        // `edge_cuts` leaves out from the free squares never changes whether a fill from the
        // seeds reaches the edge (the fill itself is the judge).
        let mut rng = Xorshift32::new(0x4f6c_dd1d);
        let (mut tried, mut cutting) = (0, 0);
        for n in 5..=11 {
            let m = Layout::new(Geometry::new(n).unwrap());
            for i in 0..3000 {
                // Walls on a half or a quarter of the squares, so the ways to the edge are
                // often narrow; a few seeds.
                let mut walls = random_bits(&mut rng);
                if i % 2 == 0 {
                    walls &= random_bits(&mut rng);
                }
                let free = m.board & !walls;
                let seeds =
                    free & random_bits(&mut rng) & random_bits(&mut rng) & random_bits(&mut rng);
                let cuts = m.edge_cuts(free);
                let before = m.fill_reaches(seeds, free, m.edge);
                let mut rest = m.edge & free & !seeds;
                while rest != 0 {
                    let t = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    let after = m.fill_reaches(seeds, free & !t, m.edge);
                    if t & cuts == 0 {
                        assert_eq!(before, after, "n {n} free {free:x} seeds {seeds:x} t {t:x}");
                        tried += 1;
                    } else if before != after {
                        cutting += 1;
                    }
                }
            }
        }
        // Many squares tested, and the boards had squares that did cut (all among the cuts).
        assert!(tried > 10_000 && cutting > 100, "{tried} {cutting}");
    }

    #[test]
    fn fills_by_hand() {
        // n = 5, a wall on the c-file except c5: from a1 the fill reaches the a/b files and, by
        // c5, the d/e files too; with c5 walled as well it stays west of the wall.
        let m = Layout::new(Geometry::new(5).unwrap());
        let c_file: Bits = (0..5).map(|r| 1u128 << (r * 5 + 2)).sum();
        let c5: Bits = 1 << (4 * 5 + 2);
        let open = m.board & !(c_file & !c5);
        assert_eq!(m.fill(1, open), open);
        let closed = m.board & !c_file;
        let west: Bits = (0..5).map(|r| 3u128 << (r * 5)).sum();
        assert_eq!(m.fill(1, closed), west);
        let e1: Bits = 1 << 4;
        assert!(m.fill_reaches(1, open, e1));
        assert!(!m.fill_reaches(1, closed, e1));
        assert!(m.fill_reaches(e1, 0, e1), "the seed itself counts");
    }

    #[test]
    fn neighbours_along_the_edge_by_hand() {
        // n = 5 (bit = rank * 5 + file): the corner a1 has both its neighbours on edge lines,
        // a3 its two on the a-file, c1 its two on rank 1; b2, inside, none; the ring, none.
        let g = Geometry::new(5).unwrap();
        let m = Layout::new(g);
        let at = |f: u8, r: u8| g.square(f, r).unwrap().index();
        let bit = |f: u32, r: u32| 1u128 << (r * 5 + f);
        assert_eq!(m.along_edge(at(0, 0)), bit(0, 1) | bit(1, 0));
        assert_eq!(m.along_edge(at(0, 2)), bit(0, 1) | bit(0, 3));
        assert_eq!(m.along_edge(at(2, 0)), bit(1, 0) | bit(3, 0));
        assert_eq!(m.along_edge(at(4, 4)), bit(4, 3) | bit(3, 4));
        assert_eq!(m.along_edge(at(1, 1)), 0);
        assert_eq!(m.along_edge(0), 0);
    }
}
