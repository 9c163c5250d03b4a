//! PICO-8's Lua memory: what the runner charges a cart, the limit, and what `stat(0)` shows.
//!
//! - **What is counted**: every Lua block as a 32-bit Lua 5.2 lays it out (see
//!   [`tafl8_luaheap::model`]: a table 32 bytes + 8 per array slot + 20 per hash node, a string
//!   17 + its length, a closure 16 + 4 per upvalue, a call frame 40 + 8 per stack slot), from the
//!   moment the cart's code is loaded, plus [`PICO8_BASELINE`] for PICO-8's own state. The runner's
//!   own machinery (the API, the operator helpers) is not charged. The cart's code is charged as
//!   the runner compiles it (the lowered chunk with its cost counter), which is somewhat larger than
//!   PICO-8's own compilation of the same source (see `docs/runner.md`).
//! - **The limit**: [`PICO8_LIMIT`], 2 MiB (the PICO-8 manual: "Lua RAM (2MB)", and `stat(0)`
//!   "Memory usage (0..2048)"). No block may grow while the count is past it; Lua 5.2 then collects
//!   all garbage and retries, and the cart stops ("out of memory") only if the live data alone is
//!   past it. One allocation may cross the limit (a table's new hash part exists beside the old one
//!   for a moment), as published measurements of PICO-8 show (see [`tafl8_luaheap`]). A
//!   concatenation is charged its buffer too, which PICO-8's Lua allocates beside the result.
//! - **`stat(0)`**: the live memory in KiB after a full collection (PICO-8's readings move by
//!   exactly the size of what the cart keeps between two calls, garbage never shows), at most 2048.
//! - **Automatic collection**: Lua 5.2's incremental collector with its default settings (PICO-8 is
//!   built on Lua 5.2; no other setting is documented). It only decides when garbage is freed,
//!   never what a cart computes or whether it runs out of memory.

/// PICO-8's Lua memory limit: 2 MiB.
pub const PICO8_LIMIT: usize = 2048 * 1024;

/// What PICO-8's own Lua state holds before a cart's code is loaded (its API functions, global
/// table, string table, main thread), in bytes: calibrated so that the first `stat(0)` of the
/// published `mem-string-test.p8` measurement (akd-io/pico8: 25.2646 KiB on PICO-8) reads the same
/// in the runner. The other published measurements then agree within 1% (`tests/lua_memory.rs`).
/// (It includes a few hundred bytes of the runner's own set-up that the count gives back when freed.)
pub const PICO8_BASELINE: usize = 21_721;
