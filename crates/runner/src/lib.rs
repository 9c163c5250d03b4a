//! The headless PICO-8 runner: exact 16.16 numbers, the PICO-8 API, frames, CPU model, screenshots.
#![warn(missing_docs)]

pub mod num;

pub use num::Fix;
