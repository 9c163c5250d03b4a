//! The console state the API functions share: RAM (which holds the draw state and the RNG), buttons,
//! the clock, and the logs a headless run reports (printh lines, sound calls, menu items).

use crate::input::Buttons;
use crate::memory::{Memory, RNG};
use crate::rng::Rng;

/// Bytes of `printh` text a run keeps for its report, each line counted with
/// [`PRINTH_LINE_OVERHEAD`] more; later lines are counted in [`Machine::printh_dropped`], not kept
/// (`--printh` streams every line as it happens).
pub const PRINTH_KEEP_BYTES: usize = 16 << 20;
/// What a kept line costs besides its text (its `String`).
pub const PRINTH_LINE_OVERHEAD: usize = 24;
/// `sfx`/`music` calls a run keeps for its report; later ones are counted, not kept.
pub const SOUNDS_KEEP: usize = 100_000;
/// Arguments kept per sound call (`sfx` takes 4, `music` 3; PICO-8 ignores more).
pub const SOUND_ARGS: usize = 4;
/// Bytes of a menu item's label kept: the manual's limit ("up to 16 characters").
pub const MENU_LABEL_CHARS: usize = 16;

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
    /// The `printh` lines, in order, up to [`PRINTH_KEEP_BYTES`].
    pub printh: Vec<String>,
    /// Bytes [`Machine::printh`] holds (text plus per-line overhead).
    pub printh_bytes: usize,
    /// `printh` lines past [`PRINTH_KEEP_BYTES`], counted but not kept.
    pub printh_dropped: u64,
    /// Echo `printh` lines to stdout as they happen.
    pub echo_printh: bool,
    /// Recorded `sfx`/`music` calls, up to [`SOUNDS_KEEP`].
    pub sounds: Vec<SoundCall>,
    /// Sound calls past [`SOUNDS_KEEP`], counted but not kept.
    pub sounds_dropped: u64,
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

    /// Keeps a `printh` line for the report while the kept lines fit [`PRINTH_KEEP_BYTES`].
    pub fn log_printh(&mut self, text: &[u8]) {
        let size = text.len() + PRINTH_LINE_OVERHEAD;
        if self.printh_dropped > 0 || self.printh_bytes + size > PRINTH_KEEP_BYTES {
            self.printh_dropped += 1;
            return;
        }
        self.printh_bytes += size;
        self.printh.push(String::from_utf8_lossy(text).into_owned());
    }

    /// Keeps a sound call for the report while fewer than [`SOUNDS_KEEP`] are kept.
    pub fn log_sound(&mut self, call: SoundCall) {
        if self.sounds.len() < SOUNDS_KEEP {
            self.sounds.push(call);
        } else {
            self.sounds_dropped += 1;
        }
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
