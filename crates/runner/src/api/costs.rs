//! What API calls charge the CPU model beyond the call itself, in instructions (PICO-8's system
//! cycles / 2: the model counts 2 cycles an instruction, and the wiki's older "ticks" are
//! exactly these units, 2^22 a second).
//!
//! Source: the PICO-8 wiki's CPU page ("Functions with a system cost", revision 1547, measured by
//! its editors on PICO-8 0.1.x; the current revision gives the same figures doubled, in cycles).
//! Where the page gives no figure (`circ`, `circfill`, `oval`, `ovalfill`), the nearest published
//! one stands in, named beside it. Each charge grows with the work the runner does for the call
//! (pixels drawn, characters printed, bytes copied), so an API loop reaches the runaway limit as
//! fast as a Lua loop does (see `docs/runner.md`, "Hostile carts").

/// `cls()`: 1024 (the page: "same cost as rectfill of same size").
pub const CLS: u64 = 1024;

/// `rectfill`: `max(1, flr(n/16))` for `n` pixels drawn.
pub fn rectfill(pixels: u64) -> u64 {
    (pixels / 16).max(1)
}

/// `circfill`, `ovalfill`: not published; charged as `rectfill` of the same pixels.
pub fn fill(pixels: u64) -> u64 {
    rectfill(pixels)
}

/// `line`: `ceil(n/2)` for `n` pixels (the runner counts the points stepped through, which is
/// at least the pixels drawn).
pub fn line(points: u64) -> u64 {
    points.div_ceil(2)
}

/// `circ`, `oval`: not published; charged as `line` over the same pixels.
pub fn outline(pixels: u64) -> u64 {
    line(pixels)
}

/// `rect`: `max(1, 2*ceil(a/4)) + max(0, 2*ceil(b/2 - 1))` where `a`, `b` are the larger and the
/// smaller of `|x1-x0|` and `|y1-y0|`.
pub fn rect(w: u64, h: u64) -> u64 {
    let (a, b) = (w.max(h), w.min(h));
    (2 * a.div_ceil(4)).max(1) + 2 * b.div_ceil(2).saturating_sub(1)
}

/// `spr`, `sspr`: `n`, the pixels of the (destination) rectangle, transparent ones included.
pub fn sprite(pixels: u64) -> u64 {
    pixels
}

/// `map`: `max(1, 64 n)` for `n` cells drawn (cell 0 is never drawn).
pub fn map(cells: u64) -> u64 {
    (64 * cells).max(1)
}

/// `print`: `2 + 8 n` for `n` characters, drawn or not.
pub fn print(chars: u64) -> u64 {
    2 + 8 * chars
}

/// `memcpy`: `n + 1` for `n` bytes.
pub fn memcpy(bytes: u64) -> u64 {
    bytes + 1
}

/// `memset`: `max(1, ceil(n/2))` for `n` bytes.
pub fn memset(bytes: u64) -> u64 {
    bytes.div_ceil(2).max(1)
}

// What the built-ins charge beyond the call. The call itself (the function into a register, the
// arguments, `CALL`) is the cart's own code, counted by the lowering. Sources, by the short names
// of docs/runner.md's CPU table: "wiki 1547" (the CPU page's revision 1547, system costs in
// ticks, 2^22 a second: PICO-8 0.1.x), "wiki Lua" (the page's "Lua cycles" section, measured on
// 0.1.12c), "BBS 60180" (samhocevar, "API CPU costs", 2018-12-20, stat(1)/stat(2) deltas over
// 1,024 calls), "BBS merge sort" (samhocevar's merge sort post: `{unpack(t)}` is almost free).
// Where nothing is published, the charge is the nearest published one above it (named).

/// `add(t, v)`: 5 (wiki Lua).
pub const ADD: u64 = 5;

/// `del(t, v)`: 4, plus 3 per element moved down (wiki Lua).
pub fn del(moved: u64) -> u64 {
    4 + 3 * moved
}

/// `deli(t, i)`: not published (it came after 0.1.12c); charged as `del` moving the same
/// elements.
pub fn deli(moved: u64) -> u64 {
    del(moved)
}

/// `count(t, v)`: not published; charged as a `del` that moves every element it reads (4 + 3
/// per element): above `del`'s own scan, which the wiki leaves out.
pub fn count(elements: u64) -> u64 {
    del(elements)
}

/// `foreach(t, f)`: 2, plus 5 per element, beside the calls of `f` (whose own code counts
/// itself): the wiki's `2 + n(5 + c)` (wiki Lua).
pub fn foreach(elements: u64) -> u64 {
    2 + 5 * elements
}

/// `all(t)` in a generic `for`: not published; charged as `foreach` without the function (2 when
/// called, 5 per element it returns, beside the loop's own `TFORCALL`): `all` walks the list as
/// `foreach` does, so `foreach`'s overhead bounds it.
pub const ALL: u64 = 2;
/// `all(t)`, per element returned (see [`ALL`]).
pub const ALL_ELEMENT: u64 = 5;

/// `pairs(t)` in a generic `for`: not published; charged as `all` (2, and 5 per pair).
pub const PAIRS: u64 = ALL;
/// `pairs(t)`, per pair returned (see [`PAIRS`]).
pub const PAIRS_ELEMENT: u64 = ALL_ELEMENT;

/// `stat(n)`: 16 (wiki 1547).
pub const STAT: u64 = 16;

/// `rnd(x)`: 4 (wiki 1547).
pub const RND: u64 = 4;

/// `srand(x)`: 8 (wiki Lua).
pub const SRAND: u64 = 8;

/// `sqrt(x)`: 24, or 16 when `x` is 0 (wiki 1547; BBS 60180 measured 24 on `sqrt(i)`).
pub fn sqrt(zero: bool) -> u64 {
    if zero {
        16
    } else {
        24
    }
}

/// `sin`, `cos`, `atan2`: not published; charged as `sqrt` (24), the one published function of
/// the kind.
pub const TRIG: u64 = 24;

/// `tostr(v)`: 9 (wiki Lua).
pub const TOSTR: u64 = 9;

/// `tonum`, `sub`, `chr`, `ord`: not published; charged as `tostr` (9), the one published
/// string function.
pub const STRING: u64 = TOSTR;

/// `split(s)`: not published; charged as a `tostr` per field made (9 each).
pub fn split(fields: u64) -> u64 {
    STRING * fields.max(1)
}

/// `unpack(t)`: nothing beyond the call (BBS merge sort: copying a whole array with
/// `{unpack(t)}` is "almost free" for PICO-8's CPU).
pub const UNPACK: u64 = 0;

/// `sfx`, `music`: 16, nothing without an argument (wiki 1547).
pub fn sound(args: usize) -> u64 {
    if args == 0 {
        0
    } else {
        16
    }
}

/// `btn`, `btnp`: 4, nothing without an argument (wiki 1547).
pub fn button(args: usize) -> u64 {
    if args == 0 {
        0
    } else {
        4
    }
}

/// `cocreate`, `coresume`, `yield`: not published; charged as `sqrt` (24), the dearest fixed
/// charge published for a built-in that draws nothing (a switch saves and restores a Lua
/// thread, more work than `sqrt`'s arithmetic). The game resumes its AI once a frame, and the
/// AI yields once a frame.
pub const COROUTINE: u64 = 24;

/// `costatus`: not published; charged as `tostr` (9): it makes a string of the state.
pub const COSTATUS: u64 = STRING;

/// `time()` and `t()`: not published; charged as `stat` (16): they read the system's clock as
/// `stat` reads its counters.
pub const TIME: u64 = STAT;

/// `menuitem`: not published; charged as `tostr` (9): it keeps its label, a string. The game
/// calls it when a game starts, not while it plays.
pub const MENUITEM: u64 = STRING;

/// `pal`: not published; charged as `memset` of the palette bytes it writes: 1 for
/// `pal(c0, c1)`, 16 for a table, 32 (the draw and screen palettes) for `pal()`.
pub fn pal(bytes: u64) -> u64 {
    memset(bytes)
}

/// `ipairs(t)` in a generic `for`: not published; charged as `pairs` (2, and 5 per element).
pub const IPAIRS: u64 = PAIRS;
/// `ipairs(t)`, per element returned (see [`IPAIRS`]).
pub const IPAIRS_ELEMENT: u64 = PAIRS_ELEMENT;

/// `min`, `max`, `abs`, `mid`, `assert`: not published; nothing beyond the call. The wiki
/// gives 1 for `flr`, `band` and `peek` called as functions (the runner charges those as the
/// operator), so a call (3 or more) is above the nearest published figure; `assert` of a true
/// value only returns its arguments.
pub const PLAIN_CALL: u64 = 0;

/// `printh`: not published; nothing beyond the call. Only the differential harness and the
/// calibration cart call it, to report what they measured, after the measured code: a charge
/// would only add to the harness's own figures (the bench's instructions a node), which the
/// calibration cart's node is checked against. Its bytes count against the runaway limit
/// ([`text_work`]).
pub const PRINTH: u64 = 0;

/// `pset`, `pget`: not published; charged as a `rectfill` of one pixel (1).
pub const PIXEL: u64 = 1;

/// Work against the runaway limit (not the CPU model: no cost is published) for handling `n`
/// bytes of text in a call such as `printh`, about what the runner spends on it measured in
/// Lua instructions.
pub fn text_work(bytes: u64) -> u64 {
    bytes / 16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked examples from the wiki page's formulas, computed by hand.
    #[test]
    fn the_published_formulas() {
        // A full-screen rectfill: 16384 / 16; `cls` costs the same.
        assert_eq!(rectfill(128 * 128), CLS);
        assert_eq!(rectfill(15), 1);
        // rect(0,0,127,127): a = b = 127: 2*32 + 2*63.
        assert_eq!(rect(127, 127), 64 + 126);
        assert_eq!(rect(0, 0), 1);
        assert_eq!(line(128), 64);
        assert_eq!(line(1), 1);
        assert_eq!(print(5), 42);
        assert_eq!(map(0), 1);
        assert_eq!(map(2), 128);
        assert_eq!(memcpy(0x2000), 0x2001);
        assert_eq!(memset(3), 2);
        assert_eq!(memset(0), 1);
    }
}
