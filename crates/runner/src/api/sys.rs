//! System API: `printh`, `stat`, `t`/`time`, `btn`/`btnp`, `menuitem`, `sfx`/`music` (recorded, not
//! played), `cartdata`/`dget`/`dset` (in RAM at 0x5e00, not persisted) and `flip` (a no-op headless).

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use mlua::{Lua, Table, Value, Variadic};

use super::costs;
use super::text::display_bytes;
use crate::clock::Clock;
use crate::lua::convert::{int_or, lenient, push};
use crate::machine::{Machine, MenuItem, SoundCall, MENU_LABEL_CHARS, SOUND_ARGS};
use crate::num::Fix;
use tafl8_luaheap::Meter;

/// Registry key of the table holding menu callbacks by index.
pub const MENU_CALLBACKS: &str = "tafl8_menu_callbacks";

type Shared = Rc<RefCell<Machine>>;

fn num(x: Fix) -> Value {
    Value::Number(push(x))
}

/// Registers the system functions into `env`.
///
/// Every function converts its arguments (which may call the cart: a label's `__tostring`)
/// before it borrows the machine, and calls nothing of the cart's while it holds it.
pub fn register(
    lua: &Lua,
    env: &Table,
    machine: &Shared,
    clock: &Rc<Clock>,
    meter: &Rc<Meter>,
) -> mlua::Result<()> {
    let (m, c) = (Rc::clone(machine), Rc::clone(clock));
    env.raw_set(
        "printh",
        lua.create_function(move |lua, args: Variadic<Value>| {
            let text = match args.first() {
                Some(v) => display_bytes(lua, v)?,
                None => b"[nil]".to_vec(),
            };
            c.charge(costs::PRINTH)?;
            c.work(costs::text_work(text.len() as u64))?;
            let mut machine = m.borrow_mut();
            if machine.echo_printh {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(&text);
                let _ = out.write_all(b"\n");
            }
            machine.log_printh(&text);
            Ok(())
        })?,
    )?;
    let (m, c) = (Rc::clone(machine), Rc::clone(clock));
    let meter = Rc::clone(meter);
    env.raw_set(
        "stat",
        lua.create_function(move |lua, n: Value| {
            let n = lenient(&n).to_int();
            Ok(match n {
                // The cart's live Lua memory in KiB, after a full collection (see `lua_memory`),
                // within the manual's 0..2048: bytes / 1024 in 16.16 is bytes * 64 in raw bits.
                0 => {
                    lua.gc_collect()?;
                    let bytes = meter.charged().min(crate::lua_memory::PICO8_LIMIT);
                    num(Fix::from_bits((bytes * 64) as i32))
                }
                1 | 2 => {
                    let now = crate::clock::cart_instructions(lua) + c.api_instructions();
                    num(Fix::from_f64(cpu_share(now, &m.borrow())))
                }
                7 | 8 => num(Fix::from_int(m.borrow().fps as i32)),
                _ => num(Fix::ZERO),
            })
        })?,
    )?;
    for name in ["t", "time"] {
        let m = Rc::clone(machine);
        env.raw_set(
            name,
            lua.create_function(move |_, ()| {
                let machine = m.borrow();
                let secs =
                    Fix::from_int(machine.frame as i32).div(Fix::from_int(machine.fps as i32));
                Ok(num(secs))
            })?,
        )?;
    }
    for (name, repeat) in [("btn", false), ("btnp", true)] {
        let m = Rc::clone(machine);
        env.raw_set(
            name,
            lua.create_function(move |_, (i, p): (Value, Value)| {
                let machine = m.borrow();
                let b = &machine.buttons;
                let held = |bit: usize| {
                    if repeat {
                        b.pressed(bit)
                    } else {
                        b.now & (1 << bit) != 0
                    }
                };
                if matches!(i, Value::Nil) {
                    // Bitfield: player 0 in bits 0..5, player 1 in bits 8..13.
                    let mask: i32 = (0..16).filter(|&k| held(k)).map(|k| 1 << k).sum();
                    return Ok(num(Fix::from_int(mask)));
                }
                let (i, p) = (lenient(&i).to_int(), int_or(&p, 0));
                if !(0..6).contains(&i) || !(0..2).contains(&p) {
                    return Ok(Value::Boolean(false));
                }
                Ok(Value::Boolean(held((i + 8 * p) as usize)))
            })?,
        )?;
    }
    let callbacks = lua.create_table()?;
    lua.set_named_registry_value(MENU_CALLBACKS, callbacks.clone())?;
    let m = Rc::clone(machine);
    env.raw_set(
        "menuitem",
        lua.create_function(move |lua, (i, label, f): (Value, Value, Value)| {
            let index = lenient(&i).to_int() & 0xff;
            let text = match &label {
                Value::Nil => None,
                // The manual: a label of up to 16 characters; only those are kept.
                _ => {
                    let mut bytes = display_bytes(lua, &label)?;
                    bytes.truncate(MENU_LABEL_CHARS);
                    Some(String::from_utf8_lossy(&bytes).into_owned())
                }
            };
            callbacks.raw_set(index, if text.is_some() { f } else { Value::Nil })?;
            let mut machine = m.borrow_mut();
            machine.menu.retain(|it| it.index != index);
            if let Some(label) = text {
                machine.menu.push(MenuItem { index, label });
                machine.menu.sort_by_key(|it| it.index);
            }
            Ok(())
        })?,
    )?;
    for kind in ["sfx", "music"] {
        let m = Rc::clone(machine);
        env.raw_set(
            kind,
            lua.create_function(move |_, args: Variadic<Value>| {
                let mut machine = m.borrow_mut();
                let frame = machine.frame;
                machine.log_sound(SoundCall {
                    frame,
                    kind,
                    args: args
                        .iter()
                        .take(SOUND_ARGS)
                        .map(|v| lenient(v).to_f64())
                        .collect(),
                });
                Ok(())
            })?,
        )?;
    }
    env.raw_set("cartdata", lua.create_function(|_, _: Value| Ok(false))?)?;
    let m = Rc::clone(machine);
    env.raw_set(
        "dget",
        lua.create_function(move |_, i: Value| {
            let mem = &m.borrow().mem;
            let a = 0x5e00 + 4 * (lenient(&i).to_int() & 63);
            let bits = (0..4).fold(0u32, |acc, k| acc | u32::from(mem.peek(a + k)) << (8 * k));
            Ok(num(Fix::from_bits(bits as i32)))
        })?,
    )?;
    let m = Rc::clone(machine);
    env.raw_set(
        "dset",
        lua.create_function(move |_, (i, v): (Value, Value)| {
            let mem = &mut m.borrow_mut().mem;
            let a = 0x5e00 + 4 * (lenient(&i).to_int() & 63);
            let bits = lenient(&v).bits() as u32;
            for k in 0..4 {
                mem.poke(a + k, (bits >> (8 * k)) as u8);
            }
            Ok(())
        })?,
    )?;
    env.raw_set("flip", lua.create_function(|_, ()| Ok(()))?)?;
    Ok(())
}

/// `stat(1)`: the cart's instructions so far this frame (`now` is the CPU model's count since
/// boot) as a share of the frame budget.
fn cpu_share(now: u64, machine: &Machine) -> f64 {
    let used = now as f64 - machine.cost_at_frame_start;
    used / crate::cpu::frame_budget(machine.fps) as f64
}
