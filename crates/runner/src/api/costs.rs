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
