//! The headless PICO-8 runner: exact 16.16 numbers, the PICO-8 API, frames, CPU model, screenshots.
#![warn(missing_docs)]

pub mod api;
pub mod cpu;
pub mod font;
pub mod gfx;
pub mod input;
pub mod lua;
pub mod machine;
pub mod memory;
pub mod num;
pub mod rng;
pub mod screenshot;
pub mod session;
pub mod vm;

pub use num::Fix;
