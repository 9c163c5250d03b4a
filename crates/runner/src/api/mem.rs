//! Memory API: `peek poke peek2 poke2 peek4 poke4 memcpy memset`, sprite-sheet pixels (`sget sset`),
//! the map (`mget mset`) and sprite flags (`fget fset`), all over the same RAM.

use std::cell::RefCell;
use std::rc::Rc;

use mlua::{Lua, MultiValue, Table, Value, Variadic};

use super::costs;
use crate::clock::Clock;
use crate::lua::convert::{int_or, lenient, push};
use crate::machine::Machine;
use crate::memory::{Memory, GFF};
use crate::num::Fix;

fn num(x: Fix) -> Value {
    Value::Number(push(x))
}

fn int(n: i32) -> Value {
    num(Fix::from_int(n))
}

/// Little-endian `width`-byte read as a PICO-8 number: bytes are the raw bits, the lowest byte at
/// `addr`. `peek2` is an integer, `peek4` a full 16.16 pattern.
fn read(mem: &Memory, addr: i32, width: usize) -> Fix {
    let mut v: u32 = 0;
    for i in (0..width).rev() {
        v = (v << 8) | u32::from(mem.peek(addr.wrapping_add(i as i32)));
    }
    match width {
        1 => Fix::from_int(v as i32),
        2 => Fix::from_int(i32::from(v as u16 as i16)),
        _ => Fix::from_bits(v as i32),
    }
}

fn write(mem: &mut Memory, addr: i32, width: usize, x: Fix) {
    let bits = match width {
        4 => x.bits() as u32,
        _ => x.to_int() as u32,
    };
    for i in 0..width {
        mem.poke(addr.wrapping_add(i as i32), (bits >> (8 * i)) as u8);
    }
}

type Shared = Rc<RefCell<Machine>>;

/// Registers the memory functions into `env`; `clock` takes the charges of `memcpy` and `memset`.
pub fn register(lua: &Lua, env: &Table, machine: &Shared, clock: &Rc<Clock>) -> mlua::Result<()> {
    for (name, width) in [("peek", 1usize), ("peek2", 2), ("peek4", 4)] {
        let m = Rc::clone(machine);
        env.raw_set(
            name,
            lua.create_function(move |_, (addr, n): (Value, Value)| {
                let mem = &m.borrow().mem;
                let a = lenient(&addr).to_int();
                let count = int_or(&n, 1).clamp(0, 8192);
                Ok((0..count)
                    .map(|i| num(read(mem, a + i * width as i32, width)))
                    .collect::<MultiValue>())
            })?,
        )?;
    }
    for (name, width) in [("poke", 1usize), ("poke2", 2), ("poke4", 4)] {
        let m = Rc::clone(machine);
        env.raw_set(
            name,
            lua.create_function(move |_, args: Variadic<Value>| {
                let mem = &mut m.borrow_mut().mem;
                let a = args.first().map_or(0, |v| lenient(v).to_int());
                for (i, v) in args.iter().skip(1).enumerate() {
                    write(mem, a + (i * width) as i32, width, lenient(v));
                }
                Ok(())
            })?,
        )?;
    }
    let (m, c) = (Rc::clone(machine), Rc::clone(clock));
    env.raw_set(
        "memcpy",
        lua.create_function(move |_, (dst, src, len): (Value, Value, Value)| {
            let (d, s, n) = (
                lenient(&dst).to_int(),
                lenient(&src).to_int(),
                lenient(&len).to_int(),
            );
            c.charge(costs::memcpy(n.max(0) as u64))?;
            let mem = &mut m.borrow_mut().mem;
            if n > 0 {
                // Copy through a buffer so overlapping ranges behave like memmove.
                let buf: Vec<u8> = (0..n).map(|i| mem.peek(s + i)).collect();
                for (i, b) in buf.into_iter().enumerate() {
                    mem.poke(d + i as i32, b);
                }
            }
            Ok(())
        })?,
    )?;
    let (m, c) = (Rc::clone(machine), Rc::clone(clock));
    env.raw_set(
        "memset",
        lua.create_function(move |_, (dst, val, len): (Value, Value, Value)| {
            let (d, v, n) = (
                lenient(&dst).to_int(),
                lenient(&val).to_int() as u8,
                lenient(&len).to_int(),
            );
            c.charge(costs::memset(n.max(0) as u64))?;
            let mem = &mut m.borrow_mut().mem;
            for i in 0..n.max(0) {
                mem.poke(d + i, v);
            }
            Ok(())
        })?,
    )?;
    let m = Rc::clone(machine);
    env.raw_set(
        "sget",
        lua.create_function(move |_, (x, y): (Value, Value)| {
            let mem = &m.borrow().mem;
            Ok(int(i32::from(
                mem.sprite_pixel(lenient(&x).to_int(), lenient(&y).to_int()),
            )))
        })?,
    )?;
    let m = Rc::clone(machine);
    env.raw_set(
        "sset",
        lua.create_function(move |_, (x, y, c): (Value, Value, Value)| {
            let mut machine = m.borrow_mut();
            let c = match c {
                Value::Nil => machine.mem.peek(crate::memory::PEN as i32),
                v => lenient(&v).to_int() as u8,
            };
            machine
                .mem
                .set_sprite_pixel(lenient(&x).to_int(), lenient(&y).to_int(), c & 15);
            Ok(())
        })?,
    )?;
    let m = Rc::clone(machine);
    env.raw_set(
        "mget",
        lua.create_function(move |_, (x, y): (Value, Value)| {
            let mem = &m.borrow().mem;
            let v = Memory::map_addr(lenient(&x).to_int(), lenient(&y).to_int())
                .map_or(0, |a| mem.bytes()[a]);
            Ok(int(i32::from(v)))
        })?,
    )?;
    let m = Rc::clone(machine);
    env.raw_set(
        "mset",
        lua.create_function(move |_, (x, y, v): (Value, Value, Value)| {
            let mem = &mut m.borrow_mut().mem;
            if let Some(a) = Memory::map_addr(lenient(&x).to_int(), lenient(&y).to_int()) {
                mem.bytes_mut()[a] = lenient(&v).to_int() as u8;
            }
            Ok(())
        })?,
    )?;
    let m = Rc::clone(machine);
    env.raw_set(
        "fget",
        lua.create_function(move |_, (n, f): (Value, Value)| {
            let mem = &m.borrow().mem;
            let flags = mem.peek(GFF as i32 + (lenient(&n).to_int() & 255));
            Ok(match f {
                Value::Nil => int(i32::from(flags)),
                v => Value::Boolean(flags & (1 << (lenient(&v).to_int() & 7)) != 0),
            })
        })?,
    )?;
    let m = Rc::clone(machine);
    env.raw_set(
        "fset",
        lua.create_function(move |_, (n, f, v): (Value, Value, Value)| {
            let mem = &mut m.borrow_mut().mem;
            let addr = GFF as i32 + (lenient(&n).to_int() & 255);
            let old = mem.peek(addr);
            let new = match v {
                // fset(n, flags): the whole byte.
                Value::Nil => lenient(&f).to_int() as u8,
                v => {
                    let bit = 1u8 << (lenient(&f).to_int() & 7);
                    if matches!(v, Value::Boolean(true)) {
                        old | bit
                    } else {
                        old & !bit
                    }
                }
            };
            mem.poke(addr, new);
            Ok(())
        })?,
    )?;
    Ok(())
}
