//! The console state the API functions share: RAM (which holds the draw state and the RNG), buttons,
//! the clock, and the logs a headless run reports (printh lines, sound calls, menu items).

use crate::input::Buttons;
use crate::memory::{Memory, RNG};
use crate::rng::Rng;

/// A `sfx`/`music` call, recorded instead of played.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SoundCall {
    /// The frame it happened in (0 = before the first `_update`).
    pub frame: u32,
    /// `sfx` or `music`.
    pub kind: &'static str,
    /// Its arguments, as PICO-8 numbers converted to doubles.
    pub args: Vec<f64>,
}

/// A `menuitem` entry (its callback lives in the Lua registry, keyed by index).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MenuItem {
    /// Slot 1..5.
    pub index: i32,
    /// Its label.
    pub label: String,
}

/// Everything the PICO-8 API reads and writes besides Lua values.
#[derive(Default)]
pub struct Machine {
    /// RAM, including the screen and the draw state.
    pub mem: Memory,
    /// Buttons held this frame and in the previous one, plus how long each has been held.
    pub buttons: Buttons,
    /// Frames completed so far (0 while `_init` and top-level code run).
    pub frame: u32,
    /// 30 or 60: which update function the cart defines.
    pub fps: u32,
    /// Every `printh` line, in order.
    pub printh: Vec<String>,
    /// Echo `printh` lines to stdout as they happen.
    pub echo_printh: bool,
    /// Recorded `sfx`/`music` calls.
    pub sounds: Vec<SoundCall>,
    /// Current `menuitem` entries.
    pub menu: Vec<MenuItem>,
    /// Where the last `line` ended, for `line(x, y)` continuations.
    pub line_end: Option<(i32, i32)>,
    /// Cart-code cost (PICO-8 VM instructions) at the start of the current frame, for `stat(1)`.
    pub cost_at_frame_start: f64,
}

impl Machine {
    /// A powered-on machine at 30 fps with the RNG seeded as `srand(0)`.
    pub fn new() -> Machine {
        let mut m = Machine {
            fps: 30,
            ..Machine::default()
        };
        m.set_rng(Rng::default());
        m
    }

    /// The RNG state, read from RAM (carts may poke it).
    pub fn rng(&self) -> Rng {
        let b = self.mem.bytes();
        let word = |a: usize| u32::from_le_bytes([b[a], b[a + 1], b[a + 2], b[a + 3]]);
        Rng {
            hi: word(RNG),
            lo: word(RNG + 4),
        }
    }

    /// Stores the RNG state into RAM.
    pub fn set_rng(&mut self, r: Rng) {
        let b = self.mem.bytes_mut();
        b[RNG..RNG + 4].copy_from_slice(&r.hi.to_le_bytes());
        b[RNG + 4..RNG + 8].copy_from_slice(&r.lo.to_le_bytes());
    }
}
