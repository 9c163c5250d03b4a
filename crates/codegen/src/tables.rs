//! Data as PICO-8 `split"..."` strings: the cheapest way to ship a table (2 tokens for any length).
//!
//! Square tables are written for squares `1..AREA` (PICO-8's `split` numbers from 1, and square 0
//! is a ring corner that no rule ever reads), so in Lua `t[sq]` is the value of square `sq`.

use tafl8_engine::rules::KindSet;
use tafl8_engine::{Geometry, MAX_AREA};

/// Comma-separated integers, as `split` reads them back into numbers.
pub fn join<I: IntoIterator<Item = i64>>(values: I) -> String {
    let mut out = String::new();
    for (i, v) in values.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&v.to_string());
    }
    out
}

/// A per-square table for squares `1..AREA` of `g`.
pub fn square_table(g: Geometry, value: impl Fn(usize) -> i64) -> String {
    join((1..g.area()).map(value))
}

/// A 0/1 per-square table: 1 where `pred` holds.
pub fn square_flags(g: Geometry, pred: impl Fn(usize) -> bool) -> String {
    square_table(g, |s| i64::from(pred(s)))
}

/// Per kind 1..=3, a 0/1 square table of membership of that kind in each square's set; `None` when
/// no on-board square restricts any kind (every set on the board is `ALL` for `full`, or `NONE`
/// when `full` is false), so the Lua can skip the test entirely.
pub fn kind_tables(g: Geometry, sets: &[KindSet; MAX_AREA], full: bool) -> Option<[String; 3]> {
    let trivial = if full { KindSet::ALL } else { KindSet::NONE };
    if g.squares().all(|s| sets[s.index()] == trivial) {
        return None;
    }
    Some([1u8, 2, 3].map(|kind| square_flags(g, |s| sets[s].contains(kind))))
}

/// [`kind_tables`] for the `pass` table: `None` also when only corners restrict passing. A
/// corner ends both lines through it, so no ray ever passes over one: its pass rule can never
/// matter, and the cart's rays then need no pass test at all.
pub fn pass_tables(g: Geometry, sets: &[KindSet; MAX_AREA]) -> Option<[String; 3]> {
    if g.squares()
        .all(|s| g.is_corner(s) || sets[s.index()] == KindSet::ALL)
    {
        return None;
    }
    kind_tables(g, sets, true)
}

/// A 32-bit pattern as the PICO-8 16.16 literal with the same raw bits (`0x7af1.8c0d`).
pub fn fixed_literal(bits: u32) -> String {
    format!("0x{:04x}.{:04x}", bits >> 16, bits & 0xffff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_and_lists() {
        assert_eq!(fixed_literal(0x7AF1_8C0D), "0x7af1.8c0d");
        assert_eq!(fixed_literal(1), "0x0000.0001");
        assert_eq!(join([9, 1, -9, -1]), "9,1,-9,-1");
        let g = Geometry::new(5).unwrap();
        // 7x7 padded = 49 squares, the table covers 1..49 => 48 entries.
        assert_eq!(square_flags(g, |s| s == 8).split(',').count(), 48);
        assert_eq!(&square_flags(g, |s| s == 8)[..16], "0,0,0,0,0,0,0,1,");
    }
}
