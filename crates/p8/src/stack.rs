//! Recursion over syntax trees of any depth, on any thread's stack.
//!
//! The parser bounds how deep a tree can be (see [`crate::parser`]: 200 nested levels of
//! statements and subexpressions as z8lua counts them, 8,192 expression levels in all), but not
//! to what a thread's stack holds: a debug build's frames are large, and a test thread has 2 MiB.
//! Every recursive walk of the tree (the parser, the lint, the printers, the lowering and its
//! cost model, and the tree's own `Clone`, `Debug`, `PartialEq` and `Drop`) passes through
//! [`deep`] at each level, which continues on a new stack segment when the current one runs low.
//! No caller needs a thread with a big stack of its own, and the segments a walk uses are bounded
//! by the tree's depth.

/// Stack left below which a level continues on a new segment: more than the frames between two
/// calls of [`deep`] take in a debug build (a statement's lowering and its formatting calls).
const RED_ZONE: usize = 256 * 1024;

/// Size of each new segment.
const SEGMENT: usize = 4 * 1024 * 1024;

/// Runs `f` (one level of a recursive walk), on a new stack segment if this one is nearly used up.
pub(crate) fn deep<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
