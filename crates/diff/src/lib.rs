//! tafl8's differential harness driver: runs the engine code of a built cart (the exact Lua that
//! ships) beside the Lua half of the harness (`tests/harness/harness.lua`, a line protocol over
//! `printh`) in the headless runner or in z8lua, computes the same answers with the Rust engine,
//! and reports every line that differs with a command that reproduces it.
//!
//! Modules: `case` (what is compared, and its request line), `positions` (seeded random
//! positions), `oracle` (the Rust engine's answers), `target` (a cart built for a variant and a
//! search configuration, optionally with a planted bug), `backend` (the Lua side: runner or
//! z8lua), `driver` (batches, comparison, report), `bench` (the cart's CPU per search depth),
//! `bench_game` (the cart's think time over a whole game).
#![warn(missing_docs)]

pub mod backend;
pub mod bench;
pub mod bench_game;
pub mod calibration;
pub mod cart_player;
pub mod case;
pub mod driver;
mod error;
pub mod oracle;
pub mod plan;
pub mod positions;
pub mod target;

pub use backend::{Backend, Runner, Z8lua};
pub use case::{Case, CasePos, Check};
pub use driver::{compare, Mismatch, Report};
pub use error::DiffError;
pub use plan::{cases, Plan};
pub use target::Target;

/// The Lua half of the harness, embedded so the CLI works from any directory.
pub const HARNESS: &str = include_str!("../../../tests/harness/harness.lua");
