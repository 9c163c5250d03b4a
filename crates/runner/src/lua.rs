//! The bridge between Lua values and PICO-8 numbers, and the `__p8` operator helpers.

pub mod convert;
pub mod helpers;
