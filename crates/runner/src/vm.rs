//! The sandboxed Lua state a cart runs in: mlua with vendored Lua 5.2, a fresh environment table that
//! holds only the PICO-8 API (no io/os/require/load/dofile/debug/package), an instruction limit (a count
//! hook) and a memory limit.

use std::cell::RefCell;
use std::rc::Rc;

use mlua::{Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, VmState};
use tafl8_luaheap::{Exhausted, Meter, Pico8Heap};

use crate::api;
use crate::cart_errors::CartErrors;
use crate::clock::{register_readers, Clock};
use crate::lua::helpers::helper_table;
use crate::machine::Machine;

/// The count hook fires every this many real Lua VM instructions.
const HOOK_EVERY: u32 = 10_000;

/// Limits that stop a runaway cart.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Real Lua VM instructions allowed per frame (including the helpers' own Lua code), checked every
    /// 10,000 instructions.
    pub instructions_per_frame: u64,
    /// Real bytes the Lua state may allocate (a safety net against a runaway runner).
    pub memory_bytes: usize,
    /// The cart's Lua memory as PICO-8 counts it ([`crate::lua_memory`]): PICO-8 stops a cart
    /// past 2 MiB. `None` lifts the limit (for experiments; carts never get more on PICO-8).
    pub lua_memory: Option<usize>,
    /// PICO-8's code limits (65,535 characters, 8,192 tokens), checked before the code is
    /// parsed. `false` lifts them, for test harnesses appended to a full cart (PICO-8 runs no
    /// cart past them).
    pub code_limits: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            // 100x PICO-8's 30 fps budget: generous for real carts, fast to reach for an infinite loop.
            instructions_per_frame: 100 * 139_810,
            memory_bytes: 256 << 20,
            lua_memory: Some(crate::lua_memory::PICO8_LIMIT),
            code_limits: true,
        }
    }
}

/// Why running Lua failed.
#[derive(Debug, thiserror::Error)]
pub enum VmError {
    /// The cart ran past the instruction limit.
    #[error("exceeded {limit} instructions in frame {frame}")]
    Runaway {
        /// The limit.
        limit: u64,
        /// The frame being run.
        frame: u32,
    },
    /// A finalizer (`__gc`) ran past the instruction limit.
    #[error("exceeded {limit} instructions in frame {frame} in a __gc finalizer (a finalizer runs under the frame's instruction limit)")]
    FinalizerRunaway {
        /// The limit.
        limit: u64,
        /// The frame being run.
        frame: u32,
    },
    /// The cart's live Lua memory passed PICO-8's limit (what PICO-8 reports as out of memory).
    #[error("out of memory in frame {frame}: the cart's live Lua memory passed {limit_kib} KiB (PICO-8's limit; stat(0) counts it)")]
    OutOfMemory {
        /// The limit in KiB.
        limit_kib: usize,
        /// The frame being run.
        frame: u32,
    },
    /// A Lua error (syntax, runtime, memory): the message names the cart line when there is one.
    #[error("{0}")]
    Lua(String),
}

/// The Lua state, its sandbox environment and the machine the API drives.
pub struct Vm {
    // Dropped before `lua`, so the state goes back to mlua's own allocator before it is closed.
    heap: Pico8Heap,
    lua: Lua,
    env: Table,
    helpers: Table,
    machine: Rc<RefCell<Machine>>,
    clock: Rc<Clock>,
    limits: Limits,
    errors: Rc<RefCell<CartErrors>>,
}

impl Vm {
    /// A fresh state with the PICO-8 API installed.
    pub fn new(limits: Limits) -> Result<Vm, VmError> {
        Self::build(limits).map_err(|e| VmError::Lua(e.to_string()))
    }

    fn build(limits: Limits) -> mlua::Result<Vm> {
        let lua = Lua::new_with(
            StdLib::TABLE | StdLib::STRING | StdLib::COROUTINE | StdLib::BIT,
            LuaOptions::default(),
        )?;
        let heap = Pico8Heap::install(&lua)?;
        heap.meter().set_real_limit(Some(limits.memory_bytes));
        let machine = Rc::new(RefCell::new(Machine::new()));
        let env = lua.create_table()?;
        let clock = Rc::new(Clock::new(limits.instructions_per_frame));
        let errors = Rc::new(RefCell::new(CartErrors::default()));
        api::register(&lua, &env, &machine, &clock, heap.meter(), &errors)?;
        let helpers = helper_table(&lua, &env, heap.meter())?;
        register_readers(&lua, &helpers)?;
        let counter = Rc::clone(&clock);
        // A global hook so coroutines created by the cart inherit it.
        lua.set_global_hook(
            HookTriggers::new().every_nth_instruction(HOOK_EVERY),
            move |_, _| {
                counter.work(u64::from(HOOK_EVERY))?;
                Ok(VmState::Continue)
            },
        )?;
        Ok(Vm {
            heap,
            lua,
            env,
            helpers,
            machine,
            clock,
            limits,
            errors,
        })
    }

    /// The Lua state.
    pub fn lua(&self) -> &Lua {
        &self.lua
    }

    /// The cart's global environment.
    pub fn env(&self) -> &Table {
        &self.env
    }

    /// The cart's Lua memory as PICO-8 counts it.
    pub fn meter(&self) -> &Rc<Meter> {
        self.heap.meter()
    }

    /// Starts charging the cart's Lua memory (right before its code is loaded) and sets the limit.
    pub fn start_memory_count(&self) {
        // The runner's own garbage goes first, or its collection later would be credited to the cart.
        let _ = self.lua.gc_collect();
        let meter = self.heap.meter();
        meter.start(crate::lua_memory::PICO8_BASELINE);
        meter.set_limit(self.limits.lua_memory);
    }

    /// The cart's live Lua memory in bytes as PICO-8 counts it: what `stat(0)` shows, in KiB.
    pub fn live_memory(&self) -> Result<usize, VmError> {
        self.lua.gc_collect().map_err(|e| self.convert(e))?;
        Ok(self.heap.meter().charged())
    }

    /// The machine state shared with the API.
    pub fn machine(&self) -> &Rc<RefCell<Machine>> {
        &self.machine
    }

    /// Starts a new frame's instruction budget.
    pub fn reset_instruction_count(&self) {
        self.clock.new_frame();
    }

    /// Work counted against the runaway limit since the last reset: real Lua VM instructions
    /// (granularity: 10,000) plus the API's charges.
    pub fn real_instructions(&self) -> u64 {
        self.clock.frame_work()
    }

    /// The instruction clock (CPU model charges, runaway count).
    pub fn clock(&self) -> &Rc<Clock> {
        &self.clock
    }

    /// The cart's instructions in the CPU model so far: its own code's (the lowered chunk's
    /// counter) plus the API's charges.
    pub fn cycles(&self) -> u64 {
        crate::clock::cart_instructions(&self.lua) + self.clock.api_instructions()
    }

    fn convert(&self, e: mlua::Error) -> VmError {
        if let Some(why) = self.heap.meter().exhausted() {
            self.heap.meter().clear_exhausted();
            if why == Exhausted::Pico8Limit {
                return VmError::OutOfMemory {
                    limit_kib: self.limits.lua_memory.unwrap_or(0) / 1024,
                    frame: self.machine.borrow().frame,
                };
            }
        }
        if self.clock.take_runaway() {
            return VmError::Runaway {
                limit: self.limits.instructions_per_frame,
                frame: self.machine.borrow().frame,
            };
        }
        VmError::Lua(self.errors.borrow().text(&e))
    }

    /// How errors name their place in the cart (the session sets the cart's line offset and
    /// operator calls).
    pub fn cart_errors(&self) -> &Rc<RefCell<CartErrors>> {
        &self.errors
    }

    /// Loads and runs a lowered chunk (the contract's form: it receives the `__p8` helpers as `...`).
    pub fn exec_lowered(&self, source: &str, chunk_name: &str) -> Result<(), VmError> {
        self.errors.borrow_mut().set_chunk(chunk_name);
        let f = self
            .lua
            .load(source)
            .set_name(format!("={chunk_name}"))
            .set_environment(self.env.clone())
            .into_function()
            .map_err(|e| self.convert(e))?;
        f.call::<()>(self.helpers.clone())
            .map_err(|e| self.convert(e))
    }

    /// Runs the finalizers (`__gc`) of the cart's objects collected so far (see `prelude.lua`:
    /// they are queued during collection and run here, under the frame's instruction limit). A
    /// Lua error comes back as the finalizer raised it.
    pub fn run_finalizers(&self) -> Result<(), VmError> {
        let f: Function = self
            .lua
            .named_registry_value(crate::api::FINALIZERS)
            .map_err(|e| VmError::Lua(e.to_string()))?;
        f.call::<()>(()).map_err(|e| match self.convert(e) {
            VmError::Runaway { limit, frame } => VmError::FinalizerRunaway { limit, frame },
            other => other,
        })
    }

    /// Calls a global function of the cart if it exists; `Ok(false)` when it does not.
    pub fn call_global(&self, name: &str) -> Result<bool, VmError> {
        match self.env.raw_get::<Value>(name) {
            Ok(Value::Function(f)) => {
                f.call::<()>(()).map_err(|e| self.convert(e))?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Calls a function value (menu callbacks).
    pub fn call(&self, f: &Function, arg: Value) -> Result<Value, VmError> {
        f.call::<Value>(arg).map_err(|e| self.convert(e))
    }

    /// True when the cart defines a global function of that name.
    pub fn has_function(&self, name: &str) -> bool {
        matches!(self.env.raw_get::<Value>(name), Ok(Value::Function(_)))
    }
}
