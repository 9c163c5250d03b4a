//! The PICO-8 API installed into the cart's sandbox environment.

mod charges;
mod coroutines;
pub mod costs;
mod gfx;
mod math;
mod mem;
pub mod sys;
pub mod text;

use std::cell::RefCell;
use std::rc::Rc;

use mlua::{Function, Lua, Table, Value};

/// Registry key of the function that runs the cart's queued finalizers (see `prelude.lua`).
pub const FINALIZERS: &str = "tafl8_run_finalizers";
use tafl8_luaheap::Meter;

use crate::cart_errors::CartErrors;
use crate::clock::Clock;
use crate::machine::Machine;

/// Installs every API function into `env` (which the cart uses as `_ENV`).
/// `clock` counts the cart's work (API charges, the runaway limit) and `meter` its Lua memory;
/// `coresume` checks both, so a runaway coroutine or one that ran out of memory stops the cart
/// instead of just failing its resume, and gives other errors the text `errors` makes.
pub fn register(
    lua: &Lua,
    env: &Table,
    machine: &Rc<RefCell<Machine>>,
    clock: &Rc<Clock>,
    meter: &Rc<Meter>,
    errors: &Rc<RefCell<CartErrors>>,
) -> mlua::Result<()> {
    math::register(lua, env, machine)?;
    text::register(lua, env)?;
    mem::register(lua, env, machine, clock)?;
    sys::register(lua, env, machine, clock, meter)?;
    gfx::register(lua, env, machine, clock)?;
    coroutines::register(lua, env, clock, meter, errors)?;
    let g = lua.globals();
    // Natives PICO-8 exposes under the same names.
    for name in [
        "pairs",
        "ipairs",
        "next",
        "select",
        "type",
        "rawget",
        "rawset",
        "rawequal",
        "rawlen",
        "setmetatable",
        "getmetatable",
        "assert",
    ] {
        env.raw_set(name, g.raw_get::<Value>(name)?)?;
    }
    let table: Table = g.raw_get("table")?;
    env.raw_set("unpack", table.raw_get::<Value>("unpack")?)?;
    let co: Table = g.raw_get("coroutine")?;
    for (p8, native) in [("cocreate", "create"), ("costatus", "status")] {
        env.raw_set(p8, co.raw_get::<Value>(native)?)?;
    }
    // The Lua-side part of the API, loaded with a private environment.
    let private = lua.create_table()?;
    for name in [
        "rawlen",
        "rawget",
        "rawset",
        "select",
        "table",
        "setmetatable",
        "type",
        "pcall",
        "error",
        "pairs",
        "ipairs",
    ] {
        private.raw_set(name, g.raw_get::<Value>(name)?)?;
    }
    private.raw_set("co_yield", co.raw_get::<Value>("yield")?)?;
    // The charges of the Lua-side built-ins (`add`, `del`, `all`, ...; see `costs`).
    let charge_clock = Rc::clone(clock);
    private.raw_set(
        "charge",
        lua.create_function(move |_, n: u64| charge_clock.charge(n))?,
    )?;
    let costs_table = lua.create_table()?;
    for (name, value) in [
        ("add", costs::ADD),
        ("all", costs::ALL),
        ("all_element", costs::ALL_ELEMENT),
        ("pairs", costs::PAIRS),
        ("pairs_element", costs::PAIRS_ELEMENT),
        ("ipairs", costs::IPAIRS),
        ("ipairs_element", costs::IPAIRS_ELEMENT),
        ("coroutine", costs::COROUTINE),
        ("del", costs::del(0)),
        ("del_moved", costs::del(1) - costs::del(0)),
        ("deli", costs::deli(0)),
        ("deli_moved", costs::deli(1) - costs::deli(0)),
        ("count", costs::count(0)),
        ("count_element", costs::count(1) - costs::count(0)),
        ("foreach", costs::foreach(0)),
        ("foreach_element", costs::foreach(1) - costs::foreach(0)),
    ] {
        costs_table.raw_set(name, value)?;
    }
    private.raw_set("costs", costs_table)?;
    private.raw_set("flr", env.raw_get::<Value>("flr")?)?;
    let (exported, internal): (Table, Table) = lua
        .load(include_str!("prelude.lua"))
        .set_name("=pico8 api")
        .set_environment(private)
        .call(())?;
    lua.set_named_registry_value(FINALIZERS, internal.raw_get::<Function>("run_finalizers")?)?;
    for pair in exported.pairs::<Value, Value>() {
        let (k, v) = pair?;
        env.raw_set(k, v)?;
    }
    charges::install(lua, env, clock)
}
