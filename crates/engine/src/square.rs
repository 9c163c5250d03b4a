//! Board geometry: the padded mailbox, square indices, directions and square names.
//!
//! `n` is the board size, `W = n + 2` the padded width, `AREA = W * W`. The square of file `f`
//! (0 = 'a') and rank `r` (0 = rank "1") is `(r + 1) * W + (f + 1)`; the outer ring is off-board.

use std::fmt;

/// Smallest board size accepted.
pub const MIN_SIZE: u8 = 5;
/// Largest board size accepted (so `AREA <= 169` and move codes fit PICO-8's integers).
pub const MAX_SIZE: u8 = 11;
/// Largest padded area (`(MAX_SIZE + 2)^2`): the size of every square-indexed array.
pub const MAX_AREA: usize = (MAX_SIZE as usize + 2) * (MAX_SIZE as usize + 2);

/// Length of the engine's internal square-indexed arrays: 256, so that an index made from a `u8`
/// is always in bounds and the hot paths carry no bounds checks (entries past `AREA` stay `OFF`).
pub(crate) const CELLS: usize = 256;

/// The square `d` steps from `sq`, as an index the compiler knows is below [`CELLS`]. The ring
/// guarantees callers never step past it, so the `u8` wrap never happens in practice.
#[inline(always)]
pub(crate) fn step(sq: usize, d: i16) -> usize {
    (sq as i16 + d) as u8 as usize
}

/// A square index into the padded mailbox (`0..AREA`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u8);

impl Square {
    /// The index as `usize`, for array access.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The geometry of one board size: width, area and the direction offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    n: u8,
}

impl Geometry {
    /// Geometry for an `n x n` board; `None` unless `MIN_SIZE <= n <= MAX_SIZE`.
    pub const fn new(n: u8) -> Option<Geometry> {
        if n >= MIN_SIZE && n <= MAX_SIZE {
            Some(Geometry { n })
        } else {
            None
        }
    }

    /// Board size `n` (squares per side).
    pub const fn size(self) -> u8 {
        self.n
    }

    /// Padded width `W = n + 2`.
    pub const fn width(self) -> u8 {
        self.n + 2
    }

    /// Padded area `W * W` (number of mailbox cells, ring included).
    pub const fn area(self) -> usize {
        (self.n as usize + 2) * (self.n as usize + 2)
    }

    /// The four direction offsets in contract order: north `+W`, east `+1`, south `-W`, west `-1`.
    pub const fn directions(self) -> [i16; 4] {
        let w = self.width() as i16;
        [w, 1, -w, -1]
    }

    /// The square of `file` (0 = 'a') and `rank` (0 = rank 1), if on the board.
    pub const fn square(self, file: u8, rank: u8) -> Option<Square> {
        if file < self.n && rank < self.n {
            Some(Square((rank + 1) * self.width() + file + 1))
        } else {
            None
        }
    }

    /// `(file, rank)` of an on-board square, `None` for ring squares or out-of-range indices.
    pub const fn file_rank(self, sq: Square) -> Option<(u8, u8)> {
        let w = self.width();
        if sq.index() >= self.area() {
            return None;
        }
        let r = sq.0 / w;
        let f = sq.0 % w;
        if r >= 1 && r <= self.n && f >= 1 && f <= self.n {
            Some((f - 1, r - 1))
        } else {
            None
        }
    }

    /// Whether `sq` is on the board (not in the padding ring).
    pub const fn on_board(self, sq: Square) -> bool {
        self.file_rank(sq).is_some()
    }

    /// Whether `sq` is an on-board square on the outermost row or column.
    pub const fn is_edge(self, sq: Square) -> bool {
        match self.file_rank(sq) {
            Some((f, r)) => f == 0 || r == 0 || f == self.n - 1 || r == self.n - 1,
            None => false,
        }
    }

    /// Whether `sq` is one of the four corner squares.
    pub const fn is_corner(self, sq: Square) -> bool {
        match self.file_rank(sq) {
            Some((f, r)) => (f == 0 || f == self.n - 1) && (r == 0 || r == self.n - 1),
            None => false,
        }
    }

    /// The centre square (the throne) when `n` is odd; `None` for even sizes.
    pub const fn centre(self) -> Option<Square> {
        if self.n % 2 == 1 {
            self.square(self.n / 2, self.n / 2)
        } else {
            None
        }
    }

    /// All on-board squares in increasing index order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.area() as u8)
            .map(Square)
            .filter(move |&s| self.on_board(s))
    }

    /// The name of a square, like `d1` (`?` for a ring square).
    pub fn name(self, sq: Square) -> SquareName {
        SquareName(self.file_rank(sq))
    }

    /// Parses a square name like `d1` or `k11`; `None` if malformed or off this board.
    pub fn parse_square(self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
            return None;
        }
        let rank: u8 = rest.parse().ok()?;
        self.square(f as u8 - b'a', rank.checked_sub(1)?)
    }
}

/// Display helper for a square name (`d1`).
#[derive(Clone, Copy, Debug)]
pub struct SquareName(Option<(u8, u8)>);

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some((file, rank)) => write!(f, "{}{}", (b'a' + file) as char, rank + 1),
            None => f.write_str("?"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contract_examples() {
        let g = Geometry::new(7).unwrap();
        assert_eq!(g.width(), 9);
        assert_eq!(g.area(), 81);
        // a1 = W + 1 per the contract.
        assert_eq!(g.square(0, 0), Some(Square(10)));
        assert_eq!(g.centre(), Some(Square(40))); // d4 = 4*9 + 4
        assert_eq!(g.directions(), [9, 1, -9, -1]);
        assert_eq!(g.parse_square("d4"), Some(Square(40)));
        assert_eq!(g.parse_square("h1"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(g.parse_square("a07"), None);
        assert_eq!(g.name(Square(10)).to_string(), "a1");
        assert_eq!(g.name(Square(0)).to_string(), "?");
        assert!(g.is_corner(Square(10)) && g.is_edge(Square(11)) && !g.is_edge(Square(20)));
        assert_eq!(g.squares().count(), 49);
        let g11 = Geometry::new(11).unwrap();
        assert_eq!(g11.area(), MAX_AREA);
        assert_eq!(g11.parse_square("k11"), Some(Square(11 * 13 + 11)));
        assert_eq!(Geometry::new(8).unwrap().centre(), None);
        assert!(Geometry::new(4).is_none() && Geometry::new(12).is_none());
    }
}
