//! The instruction clock: what the CPU model counts (the cart's own instructions, read from the
//! lowered chunk's private counter, plus the API's charges) and the runaway limit (real VM
//! instructions plus the API's work, per frame).
//!
//! The cart's counter is a local of the lowered chunk; its first line hands the runner a reader
//! of it (`__p8.cost(reader)`), kept in the Lua registry. No global holds it, so a cart can
//! neither read nor replace it, and reading it calls no code of the cart's.

use std::cell::Cell;

use mlua::{Function, Lua, Table};

/// Registry key of the reader of the cart's cost counter.
const COST_READER: &str = "tafl8_cost_reader";
/// Registry key of the reader of the cart's per-function profile.
const PROFILE_READER: &str = "tafl8_profile_reader";

/// The message of the error that stops a runaway cart (the runner turns it into
/// [`crate::vm::VmError::Runaway`]).
pub const RUNAWAY: &str = "instruction limit exceeded";

/// Counts the cart's work: the CPU model's API charges and the per-frame runaway count.
#[derive(Debug)]
pub struct Clock {
    /// Instructions the API charged since boot (published costs of API calls: PICO-8's system
    /// cycles, 2 cycles an instruction), part of the CPU model.
    api: Cell<u64>,
    /// Work this frame against the runaway limit: real Lua VM instructions (counted by the hook)
    /// plus the API's charges and its other work.
    frame_work: Cell<u64>,
    /// The runaway limit per frame.
    limit: u64,
    /// Set when the limit stopped the cart (an error raised inside a coroutine is caught by
    /// `coresume`, which checks this to stop the cart all the same).
    runaway: Cell<bool>,
}

impl Clock {
    /// A clock with `limit` units of work a frame.
    pub fn new(limit: u64) -> Clock {
        Clock {
            api: Cell::new(0),
            frame_work: Cell::new(0),
            limit,
            runaway: Cell::new(false),
        }
    }

    /// The runaway limit per frame.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Adds `units` of work to this frame's count; past the limit, stops the cart.
    pub fn work(&self, units: u64) -> mlua::Result<()> {
        let n = self.frame_work.get().saturating_add(units);
        self.frame_work.set(n);
        if n > self.limit {
            self.runaway.set(true);
            return Err(mlua::Error::runtime(RUNAWAY));
        }
        Ok(())
    }

    /// Charges an API call `instructions` in the CPU model (and the same as work against the
    /// runaway limit), before the call does its work: a call the limit stops does none of it.
    pub fn charge(&self, instructions: u64) -> mlua::Result<()> {
        self.api.set(self.api.get().saturating_add(instructions));
        self.work(instructions)
    }

    /// Instructions charged by the API since boot.
    pub fn api_instructions(&self) -> u64 {
        self.api.get()
    }

    /// This frame's work so far.
    pub fn frame_work(&self) -> u64 {
        self.frame_work.get()
    }

    /// Starts a new frame's count.
    pub fn new_frame(&self) {
        self.frame_work.set(0);
    }

    /// Whether the limit stopped the cart; reading it clears it.
    pub fn take_runaway(&self) -> bool {
        self.runaway.replace(false)
    }

    /// Whether the limit stopped the cart (not cleared).
    pub fn is_runaway(&self) -> bool {
        self.runaway.get()
    }
}

/// Adds `cost` and `profile` to the helper table: the lowered chunk calls them on its first line
/// with the readers of its counter and its profile, which go to the registry.
pub fn register_readers(lua: &Lua, helpers: &Table) -> mlua::Result<()> {
    // The keys exist before the cart's memory is counted, so handing the readers over allocates
    // nothing the cart would be charged for.
    lua.set_named_registry_value(COST_READER, false)?;
    lua.set_named_registry_value(PROFILE_READER, false)?;
    helpers.raw_set(
        "cost",
        lua.create_function(|lua, f: Function| lua.set_named_registry_value(COST_READER, f))?,
    )?;
    helpers.raw_set(
        "profile",
        lua.create_function(|lua, f: Function| lua.set_named_registry_value(PROFILE_READER, f))?,
    )
}

/// The cart's own instructions so far (its cost counter), 0 before a chunk lowered with costs
/// has started.
pub fn cart_instructions(lua: &Lua) -> u64 {
    match lua.named_registry_value::<mlua::Value>(COST_READER) {
        Ok(mlua::Value::Function(f)) => f.call::<f64>(()).map_or(0, |c| c as u64),
        _ => 0,
    }
}

/// The profile reader's two tables (instructions and calls per function), if the chunk was
/// lowered with a profile.
pub fn profile_tables(lua: &Lua) -> Option<(Table, Table)> {
    match lua.named_registry_value::<mlua::Value>(PROFILE_READER) {
        Ok(mlua::Value::Function(f)) => f.call::<(Table, Table)>(()).ok(),
        _ => None,
    }
}
