//! Running a cart: load its data and code, then the PICO-8 game loop frame by frame (`_init` once,
//! then `_update`/`_update60` and `_draw` each frame), with input, CPU accounting and screenshots.

use std::path::PathBuf;

use mlua::{Function, Table, Value};
use tafl8_p8::lower::{lower_with_sites, LowerOptions, Lowered};
use tafl8_p8::Cart;

use crate::cpu::{frame_budget, CpuReport};
use crate::input::InputScript;
use crate::machine::{MenuItem, SoundCall};
use crate::memory::{GFF, MAP};
use crate::operand_names::OperandNames;
use crate::screenshot::{write_png, ScreenshotError};
use crate::vm::{Limits, Vm, VmError};

/// Why a run failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The cart file could not be read or parsed.
    #[error(transparent)]
    Cart(#[from] tafl8_p8::CartError),
    /// The cart has no `__lua__` section.
    #[error("{0}: no __lua__ section: nothing to run")]
    NoCode(String),
    /// The cart's code does not parse.
    #[error("{name}:{line}:{col}: {message}")]
    Parse {
        /// The cart.
        name: String,
        /// File line.
        line: usize,
        /// Column.
        col: usize,
        /// What is wrong.
        message: String,
    },
    /// The cart failed while running (error message names the cart line), or ran away.
    #[error(transparent)]
    Vm(#[from] VmError),
    /// A screenshot could not be written.
    #[error(transparent)]
    Screenshot(#[from] ScreenshotError),
}

/// What to do in a run.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Frames to run (0: only top-level code and `_init`).
    pub frames: u32,
    /// Buttons per frame and menu selections.
    pub input: InputScript,
    /// Echo `printh` lines to stdout as they happen.
    pub echo_printh: bool,
    /// Screenshots to take: after frame N's `_draw` (N = 0: after `_init`).
    pub screenshots: Vec<(u32, PathBuf)>,
    /// The limits the session was created with (they are fixed by [`Session::from_cart`]; kept here
    /// so a caller can carry one set of options around).
    pub limits: Limits,
    /// Measure the cart's live Lua memory after boot and after every frame (a full garbage
    /// collection each time, so slower): the report's [`RunReport::memory`].
    pub measure_memory: bool,
}

/// The cart's live Lua memory as PICO-8 counts it (`stat(0)`, in bytes), sampled after boot and
/// after every frame, each time after a full collection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct MemoryReport {
    /// The largest sample.
    pub peak_bytes: usize,
    /// The frame of the largest sample (0: after boot).
    pub peak_frame: u32,
    /// The last sample.
    pub final_bytes: usize,
    /// PICO-8's limit the run was held to (`None`: none).
    pub limit_bytes: Option<usize>,
}

impl MemoryReport {
    fn sample(&mut self, frame: u32, bytes: usize) {
        if bytes > self.peak_bytes {
            self.peak_bytes = bytes;
            self.peak_frame = frame;
        }
        self.final_bytes = bytes;
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct RunReport {
    /// Frames actually run (0 for a cart without `_update`/`_draw`).
    pub frames: u32,
    /// The `printh` lines (up to [`crate::machine::PRINTH_KEEP_BYTES`]).
    pub printh: Vec<String>,
    /// `printh` lines the report does not keep (past its limit).
    pub printh_dropped: u64,
    /// Instructions per frame.
    pub cpu: CpuReport,
    /// Recorded sound calls (up to [`crate::machine::SOUNDS_KEEP`]).
    pub sounds: Vec<SoundCall>,
    /// Sound calls the report does not keep (past its limit).
    pub sounds_dropped: u64,
    /// Menu items at the end of the run.
    pub menu: Vec<MenuItem>,
    /// Screenshots written.
    pub screenshots: Vec<PathBuf>,
    /// Live Lua memory, when [`RunOptions::measure_memory`] asked for it.
    pub memory: Option<MemoryReport>,
}

/// A loaded cart, ready to run frames.
pub struct Session {
    vm: Vm,
    name: String,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// Loads a cart: sprite sheet, flags and map into RAM, code parsed and lowered (with cost
    /// annotations), nothing run yet.
    pub fn from_cart(cart: &Cart, name: &str, limits: Limits) -> Result<Session, RunError> {
        Self::from_cart_lowered(cart, name, limits, false)
    }

    /// [`Session::from_cart`], with the cart's instructions also counted per function when
    /// `profile` is set (read them with [`Session::profile`]; the counts are the same model, so
    /// profiling changes no figure).
    pub fn from_cart_lowered(
        cart: &Cart,
        name: &str,
        limits: Limits,
        profile: bool,
    ) -> Result<Session, RunError> {
        Self::from_cart_model(cart, name, limits, profile, false)
    }

    /// [`Session::from_cart_lowered`], with the comparisons used as conditions counted as free
    /// when `free_tests` is set: not the CPU model, the lower end of its uncertainty (see
    /// `tafl8_p8::LowerOptions::free_tests`).
    pub fn from_cart_model(
        cart: &Cart,
        name: &str,
        limits: Limits,
        profile: bool,
        free_tests: bool,
    ) -> Result<Session, RunError> {
        let code = cart
            .lua()
            .ok_or_else(|| RunError::NoCode(name.to_string()))?;
        let offset = cart.lua_line_offset().unwrap_or(0);
        // PICO-8 refuses to run code past its limits; checking them first also bounds what the
        // parser and the lowering are given (65,535 characters, 8,192 tokens).
        let located = |line: u32, col: u32, message: String| RunError::Parse {
            name: name.to_string(),
            line: line as usize + offset,
            col: col as usize,
            message,
        };
        let over = if limits.code_limits {
            tafl8_p8::over_limit(code)
        } else {
            Ok(None)
        };
        match over {
            Ok(Some(o)) => return Err(located(o.line, o.col, o.to_string())),
            Ok(None) => {}
            Err(e) => return Err(located(e.line, e.col, e.message)),
        }
        let lowered = compile(
            code,
            &LowerOptions {
                cost: true,
                profile,
                free_tests,
            },
        )
        .map_err(|e| located(e.pos.line, e.pos.col, e.message))?;
        let session = Session::from_lowered(&lowered.code, name, offset, limits)?;
        session
            .vm
            .cart_errors()
            .borrow_mut()
            .set_cart(offset, OperandNames::new(lowered.sites));
        {
            let mut machine = session.vm.machine().borrow_mut();
            let mem = machine.mem.bytes_mut();
            // The data sections' errors name the cart, as the code's do.
            let named = |mut e: tafl8_p8::CartError| {
                e.path.get_or_insert_with(|| name.to_string());
                e
            };
            let gfx = cart.gfx().map_err(named)?;
            for y in 0..128 {
                for x in (0..128).step_by(2) {
                    mem[y * 64 + x / 2] = gfx.get(x, y) | (gfx.get(x + 1, y) << 4);
                }
            }
            mem[GFF..GFF + 256].copy_from_slice(cart.flags().map_err(named)?.cells());
            mem[MAP..MAP + 128 * 32].copy_from_slice(cart.map().map_err(named)?.cells());
        }
        Ok(session)
    }

    /// A session over an already lowered chunk (the contract's form); `line_offset` is added to Lua
    /// line numbers in error messages.
    pub fn from_lowered(
        lowered: &str,
        name: &str,
        line_offset: usize,
        limits: Limits,
    ) -> Result<Session, RunError> {
        let vm = Vm::new(limits)?;
        vm.cart_errors()
            .borrow_mut()
            .set_cart(line_offset, OperandNames::default());
        let s = Session {
            vm,
            name: name.to_string(),
        };
        s.stash_source(lowered);
        Ok(s)
    }

    fn stash_source(&self, lowered: &str) {
        let _ = self
            .vm
            .lua()
            .set_named_registry_value("tafl8_source", lowered.to_string());
    }

    /// The VM (API state, environment).
    pub fn vm(&self) -> &Vm {
        &self.vm
    }

    /// The cart's instructions in the CPU model so far (see [`Vm::cycles`]), 0 when the chunk
    /// has no cost annotations and called no API function with a cost.
    pub fn cycles(&self) -> u64 {
        self.vm.cycles()
    }

    /// The cart's instructions per function so far (empty unless the session was loaded with
    /// `profile`): each function's own code, its callees excluded.
    pub fn profile(&self) -> std::collections::BTreeMap<String, u64> {
        self.profile_table(0)
    }

    /// How many times each function was called so far (empty unless loaded with `profile`).
    pub fn calls(&self) -> std::collections::BTreeMap<String, u64> {
        self.profile_table(1)
    }

    fn profile_table(&self, which: usize) -> std::collections::BTreeMap<String, u64> {
        let mut out = std::collections::BTreeMap::new();
        if let Some((a, b)) = crate::clock::profile_tables(self.vm.lua()) {
            let t = if which == 0 { a } else { b };
            for (k, v) in t.pairs::<String, f64>().flatten() {
                out.insert(k, v as u64);
            }
        }
        out
    }

    /// Runs the top-level code and `_init` (frame 0).
    pub fn boot(&self) -> Result<(), RunError> {
        let source: String = self
            .vm
            .lua()
            .named_registry_value("tafl8_source")
            .unwrap_or_default();
        self.vm.reset_instruction_count();
        self.vm.start_memory_count();
        self.vm
            .exec_lowered(&source, &self.name)
            .map_err(RunError::Vm)?;
        self.finalize()?;
        let fps = if self.vm.has_function("_update60") {
            60
        } else {
            30
        };
        self.vm.machine().borrow_mut().fps = fps;
        self.vm.reset_instruction_count();
        self.vm.call_global("_init").map_err(RunError::Vm)?;
        self.finalize()
    }

    /// Runs the finalizers queued while the cart's last callback ran.
    fn finalize(&self) -> Result<(), RunError> {
        self.vm.run_finalizers().map_err(|e| match e {
            VmError::Lua(msg) => {
                RunError::Vm(VmError::Lua(format!("error in __gc metamethod ({msg})")))
            }
            other => RunError::Vm(other),
        })
    }

    /// True when the cart has a game loop (`_update`, `_update60` or `_draw`).
    pub fn has_game_loop(&self) -> bool {
        ["_update", "_update60", "_draw"]
            .iter()
            .any(|f| self.vm.has_function(f))
    }

    /// Runs one frame with `held` buttons (and an optional menu selection first); returns the cart's
    /// instructions in it.
    pub fn frame(&self, number: u32, held: u16, menu: Option<i32>) -> Result<u64, RunError> {
        let start = self.cycles();
        {
            let mut machine = self.vm.machine().borrow_mut();
            machine.frame = number;
            machine.buttons.next_frame(held);
            machine.cost_at_frame_start = start as f64;
        }
        self.vm.reset_instruction_count();
        if let Some(n) = menu {
            let callbacks: Table = self
                .vm
                .lua()
                .named_registry_value(crate::api::sys::MENU_CALLBACKS)
                .map_err(|e| RunError::Vm(VmError::Lua(e.to_string())))?;
            if let Ok(f) = callbacks.raw_get::<Function>(n) {
                self.vm.call(&f, Value::Number(0.0)).map_err(RunError::Vm)?;
                self.finalize()?;
            }
        }
        let update = if self.vm.has_function("_update60") {
            "_update60"
        } else {
            "_update"
        };
        self.vm.call_global(update).map_err(RunError::Vm)?;
        self.finalize()?;
        self.vm.call_global("_draw").map_err(RunError::Vm)?;
        self.finalize()?;
        Ok(self.cycles().saturating_sub(start))
    }

    /// The cart's live Lua memory in bytes as PICO-8 counts it (`stat(0)` * 1024), after a full
    /// garbage collection.
    pub fn live_memory(&self) -> Result<usize, RunError> {
        self.vm.live_memory().map_err(RunError::Vm)
    }

    /// Writes the current screen as PNG.
    pub fn screenshot(&self, path: &std::path::Path) -> Result<(), RunError> {
        write_png(&self.vm.machine().borrow().mem, path)?;
        Ok(())
    }

    /// Boots and runs `opts.frames` frames, taking the requested screenshots.
    pub fn run(&self, opts: &RunOptions) -> Result<RunReport, RunError> {
        self.vm.machine().borrow_mut().echo_printh = opts.echo_printh;
        let before = self.cycles();
        self.boot()?;
        let fps = self.vm.machine().borrow().fps;
        let mut report = RunReport {
            cpu: CpuReport::new(fps, frame_budget(fps), self.cycles() - before),
            ..RunReport::default()
        };
        let shoot = |frame: u32, report: &mut RunReport| -> Result<(), RunError> {
            for (f, path) in &opts.screenshots {
                if *f == frame {
                    self.screenshot(path)?;
                    report.screenshots.push(path.clone());
                }
            }
            Ok(())
        };
        shoot(0, &mut report)?;
        let mut memory = opts.measure_memory.then(|| MemoryReport {
            limit_bytes: self.vm.meter().limit(),
            ..MemoryReport::default()
        });
        if let Some(m) = memory.as_mut() {
            m.sample(0, self.live_memory()?);
        }
        if self.has_game_loop() {
            for f in 1..=opts.frames {
                let used = self.frame(f, opts.input.held(f), opts.input.menu(f))?;
                report.cpu.push(used);
                report.frames = f;
                shoot(f, &mut report)?;
                if let Some(m) = memory.as_mut() {
                    m.sample(f, self.live_memory()?);
                }
            }
        }
        report.memory = memory;
        let machine = self.vm.machine().borrow();
        report.printh = machine.printh.clone();
        report.printh_dropped = machine.printh_dropped;
        report.sounds = machine.sounds.clone();
        report.sounds_dropped = machine.sounds_dropped;
        report.menu = machine.menu.clone();
        Ok(report)
    }
}

/// Parses and lowers `code`. The parser bounds the syntax tree's depth and every walk of it
/// grows its own stack as it needs (`tafl8_p8`'s `stack` module), so this runs on any thread.
fn compile(code: &str, opts: &LowerOptions) -> Result<Lowered, tafl8_p8::ParseError> {
    tafl8_p8::parse(code).map(|chunk| lower_with_sites(&chunk, opts))
}
