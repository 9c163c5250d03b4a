//! `coresume`: Lua's `coroutine.resume`, with two differences that keep the runner's guarantees
//! and its messages. A runaway or the cart's memory passing PICO-8's limit inside the coroutine
//! stops the cart (plain `resume` would hand it back as an ordinary error); and the message of
//! any other error is the one the runner reports for an error that stops the cart ([`CartErrors`]:
//! the cart file's line, the cart's operand), not Lua's for the lowered chunk (its `__lua__`
//! line, or the operator helper's own line and parameter). Resuming from Rust gives the dead
//! coroutine's traceback, which locates an error raised inside a helper.

use std::cell::RefCell;
use std::rc::Rc;

use mlua::prelude::LuaThreadStatus as ThreadStatus;
use mlua::{Error, Lua, MultiValue, Table, Value};
use tafl8_luaheap::{Exhausted, Meter};

use super::costs;
use crate::cart_errors::CartErrors;
use crate::clock::Clock;

/// Installs `coresume` into `env`.
pub fn register(
    lua: &Lua,
    env: &Table,
    clock: &Rc<Clock>,
    meter: &Rc<Meter>,
    errors: &Rc<RefCell<CartErrors>>,
) -> mlua::Result<()> {
    let (clock, meter, errors) = (Rc::clone(clock), Rc::clone(meter), Rc::clone(errors));
    env.raw_set(
        "coresume",
        lua.create_function(move |lua, (co, args): (Value, MultiValue)| {
            // What PICO-8 charges for the call (not published; see `costs::COROUTINE`),
            // before the coroutine runs, so its own `stat(1)` sees it.
            clock.charge(costs::COROUTINE)?;
            let Value::Thread(co) = co else {
                return Err(Error::runtime(
                    "bad argument #1 to 'coresume' (coroutine expected)",
                ));
            };
            // Lua 5.2's own messages for a coroutine that cannot be resumed.
            let refused = match co.status() {
                ThreadStatus::Resumable => None,
                ThreadStatus::Running | ThreadStatus::Normal => {
                    Some("cannot resume non-suspended coroutine")
                }
                ThreadStatus::Finished | ThreadStatus::Error => {
                    Some("cannot resume dead coroutine")
                }
            };
            let mut out = MultiValue::new();
            if let Some(why) = refused {
                out.push_back(Value::Boolean(false));
                out.push_back(Value::String(lua.create_string(why)?));
                return Ok(out);
            }
            match co.resume::<MultiValue>(args) {
                Ok(values) => {
                    out = values;
                    out.push_front(Value::Boolean(true));
                }
                Err(e) => {
                    if clock.is_runaway() || meter.exhausted() == Some(Exhausted::Pico8Limit) {
                        return Err(e);
                    }
                    let text = errors.borrow().text(&e);
                    out.push_back(Value::Boolean(false));
                    out.push_back(Value::String(lua.create_string(text)?));
                }
            }
            Ok(out)
        })?,
    )
}
