//! PICO-8 numbers: the 16.16 type, its text forms and its trigonometry.

mod fix;
pub mod format;
pub mod trig;

pub use fix::Fix;
