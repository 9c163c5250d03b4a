//! The headless PICO-8 runner: exact 16.16 numbers, the PICO-8 API, frames, CPU model, screenshots.
//!
//! A cart's `__lua__` is parsed and lowered by `tafl8-p8` to Lua 5.2 in which every arithmetic,
//! bitwise, concatenation and peek operator is a call of a `__p8_*` helper (locals of the chunk the
//! cart cannot name); this crate runs that chunk in mlua's vendored Lua 5.2 inside a sandbox
//! environment holding only the PICO-8 API. What it guarantees against carts written to break it
//! (time, memory, no escape) is in `docs/runner.md`, "Hostile carts".
//!
//! - [`num`]: [`Fix`], PICO-8's 16.16 number, bit-exact with z8lua (checked by a generated
//!   conformance suite of 11,040 expressions), its decimal/hex text forms and trigonometry.
//! - [`lua`]: value conversion and the `__p8` helpers (Lua fast paths for the common exact cases,
//!   falling back to the Rust operators on [`Fix`]).
//! - [`vm`]: the sandbox, the runaway (instruction) and memory limits ([`lua_memory`]: PICO-8's
//!   Lua memory); [`session`]: loading a cart and the game loop; [`cart_errors`]: how an error
//!   names its line in the cart file; [`machine`], [`memory`], [`gfx`], [`font`], [`rng`],
//!   [`input`], [`cpu`], [`screenshot`]: the console state and its parts.
//!
//! Fidelity notes (where the runner deliberately differs from z8lua or from PICO-8):
//! - `sin`/`cos` at exact quarter turns: z8lua reads past its table (`sin(0.25)` = -0x1.9ee8); the
//!   runner gives PICO-8's ±1 (see [`num::trig`]). Everywhere else trig matches z8lua bit for bit.
//! - The RNG starts as after `srand(0)` (PICO-8 seeds randomly at boot) so runs are reproducible.
//! - `t()` is `frame / fps` in 16.16; `flip()` does nothing; `cartdata` is not persisted (`dget`/`dset`
//!   work on RAM 0x5e00); `sfx`/`music` are recorded, not played; menu callbacks receive 0.
//! - The font is PICO-8's for printable ASCII and the button glyphs ([`font`]); the other glyphs
//!   (control characters, and from 128 up all but the buttons) draw as boxes; `print` does not
//!   scroll; the screen palette's secret colours show as the base 16.
//! - Lua memory is counted as PICO-8 counts it and held to its 2 MiB ([`lua_memory`]).
//! - Not supported: arithmetic metamethods on tables (`__add` and friends, e.g. a vector class):
//!   the operator helpers accept numbers and numeric strings only.
//! - The CPU model counts the cart's own instructions through the lowering's cost annotations
//!   (within 0.2% of z8lua on the test workloads) plus what each built-in charges beyond its
//!   call, as published measurements give it ([`api::costs`]; [`clock`]); the runaway limit
//!   counts real VM instructions plus the API's work.
//! - Finalizers (`__gc`) run after the cart's callback in which their object was collected, under
//!   the frame's instruction limit (Lua 5.2 runs them with hooks off); objects alive at the end of
//!   a run are not finalized.
#![warn(missing_docs)]

pub mod api;
pub mod bench;
pub mod cart_errors;
pub mod clock;
pub mod cpu;
pub mod cpu_plot;
pub mod font;
pub mod gfx;
pub mod input;
pub mod lua;
pub mod lua_memory;
pub mod machine;
pub mod memory;
pub mod num;
pub mod operand_names;
pub mod rng;
pub mod screenshot;
pub mod session;
pub mod vm;

pub use num::Fix;
